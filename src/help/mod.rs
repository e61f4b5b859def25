//! The REPL's `:help`: an overview, and a page for every built-in, statement and topic, each
//! with an example that the tests run.

mod topics;

pub use topics::{TOPICS, Topic};

use crate::eval::BUILTINS;

/// `:help` alone.
pub fn text() -> String {
    let mut out = String::from(HELP);
    out.push_str("\nBuilt-in functions (`:help NAME` for more):\n");
    for builtin in BUILTINS {
        out.push_str(&format!(
            "  {:<24} {}\n",
            builtin.signature, builtin.summary
        ));
    }
    out.push_str(COMMANDS);
    let names: Vec<&str> = TOPICS.iter().map(|t| t.name).collect();
    out.push_str(&format!("\nTopics: {}.\n", names.join(", ")));
    out
}

/// `:help TOPIC`: the page of a topic or built-in, or `None` if there is none by that name
/// (a unique prefix will do).
pub fn page(name: &str) -> Option<String> {
    let name = name.trim().trim_start_matches(':');
    // Pages that cover more than their name.
    let name = match name {
        "dot" => "tree",
        "is" | "==" | "!=" | "losing" | "winning" => "claims",
        "full" | "all" => "why",
        "#" | "*" | "+" | "<>" => "games",
        "^" | "xor" | "range" | "sets" => "numbers",
        other => other,
    };
    let exact = TOPICS.iter().find(|t| t.name == name);
    let topic = exact.or_else(|| {
        let mut found = TOPICS.iter().filter(|t| t.name.starts_with(name));
        match (found.next(), found.next()) {
            (Some(topic), None) => Some(topic),
            _ => None,
        }
    })?;
    let mut out = format!("{}\n\n{}\n", topic.title, topic.text.trim_end());
    if !topic.example.is_empty() {
        out.push_str("\nExample:\n");
        for line in topic.example.lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    Some(out)
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
Commands (each may be shortened to a unique prefix):
  :help [TOPIC]      this text, or a topic's page (`:help kayles`, `:help tour`)
  :load FILE         run a .game file in this session; :reload runs it again
  :vars              what is defined, with values
  :type EXPR         the kind of value EXPR has
  :set [NAME VALUE]  display settings: depth, lines, color, unicode; `:set limit heap=2e8`
  :clear             forget every definition (Ctrl-L clears the screen)
  :quit              leave (also `exit`, Ctrl-D, or Ctrl-C twice on an empty line)
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Session;

    #[test]
    fn every_example_runs_clean() {
        for topic in TOPICS.iter().filter(|t| !t.example.is_empty()) {
            let mut errors = Vec::new();
            let summary = Session::default().run(topic.name, topic.example, &mut |event| {
                if let crate::eval::Event::Error(diagnosis) = event {
                    errors.push(diagnosis.report.to_string());
                }
            });
            assert!(summary.ok(), "`:help {}`: {errors:?}", topic.name);
            assert!(summary.statements > 0, "{}", topic.name);
        }
    }

    #[test]
    fn every_builtin_and_command_word_has_a_page() {
        for builtin in BUILTINS {
            assert!(page(builtin.name).is_some(), "no `:help {}`", builtin.name);
        }
        for word in [
            "let", "assert", "why", "moves", "options", "tree", "dot", "tour", "limits", "set",
        ] {
            assert!(page(word).is_some(), "no `:help {word}`");
        }
        assert!(page("kay").unwrap().starts_with("kayles(n): Kayles"));
        assert!(page("nonsense").is_none());
        assert!(text().contains("Topics: tour, games"));
    }
}
