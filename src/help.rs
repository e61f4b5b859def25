//! The text of `:help`.

use crate::eval::BUILTINS;

pub fn text() -> String {
    let mut out = String::from(HELP);
    out.push_str("\nBuilt-in functions:\n");
    for builtin in BUILTINS {
        out.push_str(&format!(
            "  {:<24} {}\n",
            builtin.signature, builtin.summary
        ));
    }
    out.push_str(COMMANDS);
    out
}

const HELP: &str = "\
grundy: impartial games under normal play (whoever cannot move loses).

Games:
  *5                 a nim heap of 5 chips; `*` alone is *1; `*(n + 1)` takes any integer
  #7                 the subtraction game: one pile of 7, remove 1, 2 or 3 chips
  <*0, *1, *1>       the game whose options are *0, *1 and *1; `<>` and `0` are the zero game
  *5 + #7            the sum: a move is a move in one of the parts

Claims:
  *1 + *2 == *3      equivalence (also `!=`, `≡`, `≢`): true or false
  *5 + *5 is losing  outcome: `is losing` / `is P`, `is winning` / `is N`
  assert CLAIM       in a script, a false claim is reported and the script fails

Explanations:
  why CLAIM          a proof in the notes' terms (`why full ...` unfolds it); `why G` its value
  moves G            the winning moves; `moves all G` every move with its value
  options G          the options and their values
  tree G, dot G      the game tree in the terminal; Graphviz DOT of the game DAG

Definitions:
  let G = <*0, *1>
  let S(n) = < S(n - k) for k in 1..=3 if k <= n >     a family, recursive and memoized

Integers: + - * / % ** (power), ^ (nim-sum, xor), comparisons, `a..b`, `a..=b`,
  sets `{1, 3, 4}`, `if c then x else y`, `and`, `or`, `not`, `1e18`.
  Prefix `*` binds tightest: `*2 * 3` is `(*2) * 3`; the heap of 6 chips is `*(2 * 3)`.
";

const COMMANDS: &str = "
Commands:
  :help              this text
  :load FILE         run a .game file in this session
  :quit              leave (also Ctrl-D)
";
