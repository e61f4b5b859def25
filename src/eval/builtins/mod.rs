//! **Built-in functions**: their table (names, signatures, summaries for `:help` and
//! completion) and each one's evaluation, by kind: games and heap games, functions on data,
//! boards, game graphs, Hackenbush pictures, misère play. A new built-in goes here.
//!
//! Built-in functions: `nimber`, `mex`, `nim`, `sub`, `rook`, the heap games, `seq`, `period`.

pub(in crate::eval) mod because;
pub(in crate::eval) mod boards;
pub(in crate::eval) mod digraph;
pub(in crate::eval) mod functions;
pub(in crate::eval) mod maps;
pub(in crate::eval) mod misere;
pub(in crate::eval) mod nim_arithmetic;
pub(in crate::eval) mod pictures;
pub(in crate::eval) mod sequences;
pub(in crate::eval) mod survey;

use crate::eval::report::error::EvalError;
use crate::eval::values::Family;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::game::heap::{Code, CodeError, HeapGame};
use crate::game::heap_call;
use crate::game::reduce::mex;
use crate::source::Span;
use crate::syntax::ast::{Expr, Ident};

/// A built-in, as `:help` and completion show it.
pub struct Builtin {
    pub name: &'static str,
    pub signature: &'static str,
    pub summary: &'static str,
}

pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "nimber",
        signature: "nimber(G)",
        summary: "the nimber of G: the n with G ≡ *n",
    },
    Builtin {
        name: "genus",
        signature: "genus(G)",
        summary: "the misère genus of G in Conway's notation, as a string: genus(*1) == \"1^031\"",
    },
    Builtin {
        name: "simplest",
        signature: "simplest(G)",
        summary: "the simplest game equal to G in misère play (its misère simplest form)",
    },
    Builtin {
        name: "born_by",
        signature: "born_by(n)",
        summary: "the set of misère-inequivalent games born by day n, for n from 0 to 5 (1, 2, 3, 5, 22, 4171780 games)",
    },
    Builtin {
        name: "mex",
        signature: "mex(S), mex{0, 1, 3}",
        summary: "the least natural number not in the set S",
    },
    Builtin {
        name: "nim_mul",
        signature: "nim_mul(a, b), a ⊗ b",
        summary: "the nim product of a and b (natural numbers, or nimbers *a and *b): nim_mul(2, 2) == 3",
    },
    Builtin {
        name: "nim_inv",
        signature: "nim_inv(a)",
        summary: "the inverse of a ≠ 0 in nim multiplication: a ⊗ nim_inv(a) == 1 (a natural number, or a nimber *a)",
    },
    Builtin {
        name: "nim_div",
        signature: "nim_div(a, b)",
        summary: "a divided by b ≠ 0 in the field of nimbers: nim_div(a, b) ⊗ b == a",
    },
    Builtin {
        name: "nim_pow",
        signature: "nim_pow(a, n)",
        summary: "a ⊗ a ⊗ … ⊗ a, n times (a negative n: powers of the inverse)",
    },
    Builtin {
        name: "nim_sqrt",
        signature: "nim_sqrt(a)",
        summary: "the square root in nim multiplication: nim_sqrt(a) ⊗ nim_sqrt(a) == a (every nimber has one)",
    },
    Builtin {
        name: "nim",
        signature: "nim(a, b, ...)",
        summary: "Nim with piles of a, b, ... chips: *a + *b + ...",
    },
    Builtin {
        name: "rook",
        signature: "rook(i, j)",
        summary: "the rook game: a rook at (i, j) moves any number of squares up or left",
    },
    Builtin {
        name: "sub",
        signature: "sub(n, S), sub(S)",
        summary: "one pile of n chips; a move removes s chips for some s in the set S (sub(S): the family)",
    },
    Builtin {
        name: "kayles",
        signature: "kayles(n)",
        summary: "Kayles (octal 0.77): a row of n pins; knock down one pin or two adjacent ones",
    },
    Builtin {
        name: "dawson",
        signature: "dawson(n)",
        summary: "Dawson's Kayles (octal 0.07): a row of n pins; knock down two adjacent ones",
    },
    Builtin {
        name: "octal",
        signature: "octal(\"0.137\", n), octal(\"0.137\")",
        summary: "the take-and-break game with this octal code, on a heap of n (`hex` takes digits up to F)",
    },
    Builtin {
        name: "hex",
        signature: "hex(\"0.8F\", n), hex(\"0.8F\")",
        summary: "the take-and-break game with this hexadecimal code (digits up to F: moves may leave three heaps)",
    },
    Builtin {
        name: "grundy_game",
        signature: "grundy_game(n)",
        summary: "Grundy's game: split one heap into two heaps of different sizes",
    },
    Builtin {
        name: "wythoff",
        signature: "wythoff(i, j)",
        summary: "Wythoff's game: a queen at (i, j) moves up, left or diagonally towards the corner",
    },
    Builtin {
        name: "hackenbush",
        signature: "hackenbush(\"g-a a-b a-c b-c\")",
        summary: "a green Hackenbush picture: its edges, the ground being `g`; a move cuts one edge",
    },
    Builtin {
        name: "stalk",
        signature: "stalk(n)",
        summary: "a stalk (snake) of n edges standing on the ground: the Hackenbush picture of *n",
    },
    Builtin {
        name: "options",
        signature: "options(G)",
        summary: "the set of options of the game G (the command `options G` lists them with their values)",
    },
    Builtin {
        name: "len",
        signature: "len(p)",
        summary: "how many elements a list, set, range or string has",
    },
    Builtin {
        name: "sum",
        signature: "sum(p), sum(K(x) for x in p)",
        summary: "the sum of integers, or of games (their disjunctive sum); 0 when empty",
    },
    Builtin {
        name: "min",
        signature: "min(p), min(a, b, ...)",
        summary: "the least of integers, strings or lists",
    },
    Builtin {
        name: "max",
        signature: "max(p), max(a, b, ...)",
        summary: "the greatest of integers, strings or lists",
    },
    Builtin {
        name: "sort",
        signature: "sort(p)",
        summary: "the elements of a list (or the members of a set) as a list, in order",
    },
    Builtin {
        name: "str",
        signature: "str(x)",
        summary: "x as text, as it would be typed: str(5) == \"5\", for the words of a move",
    },
    Builtin {
        name: "indices",
        signature: "indices(p, x)",
        summary: "where x is in the list p, or where the string x starts in the string p, as a list: indices(\"x..x.\", \".\") == [1, 2, 4]",
    },
    Builtin {
        name: "keys",
        signature: "keys(m)",
        summary: "the keys of the map m, in order, as a list: keys({\"b\": 1, \"a\": 2}) == [\"a\", \"b\"]",
    },
    Builtin {
        name: "values",
        signature: "values(m)",
        summary: "the values of the map m, in order of their keys, as a list",
    },
    Builtin {
        name: "items",
        signature: "items(m)",
        summary: "the entries of the map m as [key, value] pairs, in order of key: for [k, v] in items(m)",
    },
    Builtin {
        name: "join",
        signature: "join(p, sep), join(p)",
        summary: "the strings of p one after another, sep between each two: join([\"a\", \"b\"], \"-\") == \"a-b\"",
    },
    Builtin {
        name: "split",
        signature: "split(s, sep), split(s)",
        summary: "the parts of the string s between the separators, as a list (split(s): its words)",
    },
    Builtin {
        name: "replace",
        signature: "replace(s, old, new)",
        summary: "the string s with every old in it replaced by new: replace(\"HHT\", \"H\", \"T\") == \"TTT\"",
    },
    Builtin {
        name: "reverse",
        signature: "reverse(p)",
        summary: "a list or a string, last first",
    },
    Builtin {
        name: "list",
        signature: "list(x)",
        summary: "a string's characters, a set's members in order or a range's integers, as a list",
    },
    Builtin {
        name: "set",
        signature: "set(x)",
        summary: "the elements of a list, a string's characters or a range's integers, as a set",
    },
    Builtin {
        name: "enumerate",
        signature: "enumerate(p)",
        summary: "each element with its index: enumerate(\"ab\") == [[0, \"a\"], [1, \"b\"]]",
    },
    Builtin {
        name: "zip",
        signature: "zip(p, q)",
        summary: "the elements of p and q in pairs, as far as the shorter goes: [[p[0], q[0]], ...]",
    },
    Builtin {
        name: "transpose",
        signature: "transpose(\"../#.\")",
        summary: "a board's columns as its rows: transpose(\"../#.\") == \".#/..\"",
    },
    Builtin {
        name: "regions",
        signature: "regions(\"../#./..\")",
        summary: "the parts of a board (rows between `/`, `#` no square) that do not touch, each cropped to its rectangle, as a list",
    },
    Builtin {
        name: "shape",
        signature: "shape(\"../#.\")",
        summary: "the least of a board's rotations and reflections, as a string: the same for all eight",
    },
    Builtin {
        name: "abs",
        signature: "abs(n)",
        summary: "the absolute value of an integer",
    },
    Builtin {
        name: "all",
        signature: "all(c for x in R)",
        summary: "whether the claim c holds for every x in R; an assert names the first counterexample",
    },
    Builtin {
        name: "any",
        signature: "any(c for x in R)",
        summary: "whether the claim c holds for some x in R",
    },
    Builtin {
        name: "count",
        signature: "count(c for x in R)",
        summary: "for how many x in R the claim c holds",
    },
    Builtin {
        name: "digraph",
        signature: "digraph(\"a>b a>c b>c c>d\"), digraph(\"a>b a>c\", \"b>c c>d\")",
        summary: "a game graph: its moves a>b; `G(\"a\")` is the game at vertex a, a vertex with no moves being 0",
    },
    Builtin {
        name: "vertices",
        signature: "vertices(G)",
        summary: "the names of the vertices of the game graph G, as a list: all(... for v in vertices(G))",
    },
    Builtin {
        name: "require",
        signature: "require(condition, \"help\", value)",
        summary: "value, if the condition holds; otherwise an error at the call of the family, with this help",
    },
    Builtin {
        name: "because",
        signature: "because(\"reason\", G)",
        summary: "G, with the reason it is the sum or product it is made as: `why` cites it (a theorem of the ruleset)",
    },
    Builtin {
        name: "seq",
        signature: "seq(F, 0..100), seq(F, rows, columns)",
        summary: "the values of the family F (a heap game, or `let S(n) = ...`), as a table; of a function of two arguments, F(x, y) for each row x and column y",
    },
    Builtin {
        name: "survey",
        signature: "survey(\"0.??\", n), survey([\"0.77\", \"0.137\"], n, \"file.csv\")",
        summary: "heap games computed to n at most on every core, each until its period is proved: a table of periods, the records kept in the file",
    },
    Builtin {
        name: "period",
        signature: "period(F), period(F, n)",
        summary: "where a heap game's values repeat for ever, with the proof (from g(0), ..., g(n))",
    },
];

pub fn is_builtin(name: &str) -> bool {
    static NAMES: std::sync::LazyLock<rustc_hash::FxHashSet<&str>> =
        std::sync::LazyLock::new(|| BUILTINS.iter().map(|b| b.name).collect());
    NAMES.contains(name)
}

/// The heap game a bare built-in name stands for: `kayles` is a family, like `sub({1, 2})`.
pub fn heap_family(name: &str) -> Option<HeapGame> {
    match name {
        "kayles" => Some(HeapGame::kayles()),
        "dawson" => Some(HeapGame::dawson()),
        "grundy_game" => Some(HeapGame::Grundy),
        _ => None,
    }
}

pub fn signature(name: &str) -> &'static str {
    BUILTINS
        .iter()
        .find(|b| b.name == name)
        .map_or("", |b| b.signature)
}

/// The parameters of a built-in that takes a fixed list of them, as its signature names
/// them (`nim_mul(a, b), a ⊗ b`: `a` and `b`; one written as an example, `shape("../#.")`,
/// by place: `x`); `None` for one whose arguments may be more or fewer (`min(a, b, ...)`,
/// `sub(S)` beside `sub(n, S)`) and for `require`, whose refusal belongs to the family that
/// calls it. Such a built-in is a function value where a value is wanted (`seq(nim_mul, ...)`).
pub fn fixed_params(name: &str) -> Option<Vec<String>> {
    if name == "require" {
        return None;
    }
    let calls: Vec<Vec<&str>> = top_level(signature(name), ',')
        .into_iter()
        .filter_map(|form| {
            let inner = form.trim().strip_prefix(name)?.strip_prefix('(')?;
            Some(top_level(inner.strip_suffix(')')?, ','))
        })
        .collect();
    let first = calls.first()?;
    let fixed = calls
        .iter()
        .all(|args| args.len() == first.len() && !args.iter().any(|arg| arg.contains("...")));
    if !fixed {
        return None;
    }
    let is_name = |arg: &&str| {
        let arg = arg.trim();
        arg.starts_with(|c: char| c.is_ascii_alphabetic())
            && arg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let named = calls.iter().find(|args| args.iter().all(is_name));
    Some(match named {
        Some(args) => args.iter().map(|arg| arg.trim().to_owned()).collect(),
        None if first.len() <= 3 => ["x", "y", "z"][..first.len()]
            .iter()
            .map(|p| p.to_string())
            .collect(),
        None => (1..=first.len()).map(|i| format!("x{i}")).collect(),
    })
}

/// The parts of `text` between the separators outside brackets and quotes.
fn top_level(text: &str, separator: char) -> Vec<&str> {
    let (mut parts, mut depth, mut quoted, mut start) = (Vec::new(), 0i32, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            c if c == separator && depth == 0 && !quoted => {
                parts.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.retain(|part| !part.trim().is_empty());
    parts
}

/// A built-in called with the wrong number of arguments: what it takes and how to write it.
pub(in crate::eval) fn wrong_arity(
    name: &str,
    args: &[Expr],
    at: Span,
    expected: String,
) -> EvalError {
    EvalError::Arity {
        span: args
            .first()
            .zip(args.last())
            .map_or(at, |(a, b)| a.span.to(b.span)),
        name: name.to_owned(),
        expected,
        found: args.len().to_string(),
        help: Some(format!("write `{}`", signature(name))),
    }
}

impl Session {
    pub(in crate::eval) fn call_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        if crate::eval::builtins::functions::is_data_builtin(name) {
            return self.call_data_builtin(callee, args, span);
        }
        if maps::is_map_builtin(name) {
            return self.call_map_builtin(callee, args, span);
        }
        if crate::eval::builtins::sequences::is_sequence_builtin(name) {
            return self.call_sequence_builtin(callee, args, span);
        }
        if crate::eval::builtins::boards::is_board_builtin(name) {
            return self.call_board_builtin(callee, args, span);
        }
        if crate::eval::builtins::misere::is_misere_builtin(name) {
            return self.call_misere_builtin(callee, args, span);
        }
        if nim_arithmetic::is_nim_builtin(name) {
            return self.call_nim_builtin(callee, args, span);
        }
        if name == "require" {
            return self.require(args, span);
        }
        if name == "because" {
            return self.because(args, span);
        }
        let (fewest, most) = match name {
            "nim" => (0, usize::MAX),
            "digraph" => (1, usize::MAX),
            "sub" | "octal" | "hex" | "period" => (1, 2),
            "seq" | "survey" => (2, 3),
            "rook" | "wythoff" => (2, 2),
            _ => (1, 1),
        };
        if !(fewest..=most).contains(&args.len()) {
            let expected = match (fewest, most) {
                (1, 2) => "1 or 2 arguments".to_owned(),
                (2, 3) => "2 or 3 arguments".to_owned(),
                (1, usize::MAX) => "1 argument or more".to_owned(),
                (n, _) => crate::eval::report::words::plural(n, "argument"),
            };
            return Err(wrong_arity(name, args, span, expected).into());
        }
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push((self.eval(arg)?, arg.span));
        }
        match name {
            "nimber" => {
                let (value, at) = &values[0];
                let id = self.game_value(value, *at)?;
                let nimber = self.nimber(id, *at)?;
                Ok(Value::Int(i64::try_from(nimber).map_err(|_| {
                    EvalError::Overflow {
                        span,
                        op: "nimber".into(),
                    }
                })?))
            }
            "mex" => {
                let members = self.naturals(&values[0], "mex takes a set of natural numbers")?;
                Ok(Value::Int(mex(members) as i64))
            }
            "nim" => {
                let mut heaps = Vec::with_capacity(values.len());
                for (value, at) in &values {
                    let n = self.int(value, *at, "`nim` takes the number of chips in each pile")?;
                    heaps.push(
                        self.arena
                            .nim(pile(n, *at)?)
                            .map_err(|e| self.game_error(e, span))?,
                    );
                }
                Ok(Value::Game(
                    self.arena
                        .sum(&heaps)
                        .map_err(|e| self.game_error(e, span))?,
                ))
            }
            "sub" if values.len() == 1 && matches!(values[0].0, Value::Int(_)) => {
                let n = self.describe_value(&values[0].0);
                Err(EvalError::Arity {
                    span: values[0].1,
                    name: "sub".into(),
                    expected: "a pile and a subtraction set".into(),
                    found: "only a pile".into(),
                    help: Some(format!(
                        "write `sub({n}, {{1, 3, 4}})`, or `#{n}` for the set {{1, 2, 3}}; `sub(S)` with a set alone is the family"
                    )),
                }
                .into())
            }
            "sub" if values.len() == 1 => {
                let moves = self.subtraction_set(&values[0])?;
                Ok(Value::Family(Family::Subtraction(moves.into())))
            }
            "seq" if values.len() == 3 => self.seq_grid(&values[0], &values[1], &values[2]),
            "seq" => {
                let family = self.family(&values[0].0, values[0].1)?;
                self.seq(&family, &values[1].0, values[1].1)
            }
            "survey" => self.survey(&values, span),
            "period" => {
                let family = self.family(&values[0].0, values[0].1)?;
                let last = match values.get(1) {
                    Some((value, at)) => {
                        let n = self.int(value, *at, "`period(F, n)` uses g(0), …, g(n)")?;
                        Some(u64::try_from(n).map_err(|_| {
                            EvalError::invalid(
                                *at,
                                "`period(F, n)` uses g(0), …, g(n)",
                                "this is negative",
                            )
                            .with_help("n is the last heap whose value the search uses, 0 or more: `period(F, 1000)`")
                        })?)
                    }
                    None => None,
                };
                self.period(&family, values[0].1, last)
            }
            "hackenbush" => self.hackenbush(&values[0], span),
            "stalk" => self.stalk(&values[0], span),
            "digraph" => self.digraph(&values, span),
            "vertices" => self.vertices(&values[0]),
            "kayles" | "dawson" | "grundy_game" => {
                let game = heap_family(name).expect("a heap game");
                self.heap_of(&game, &values[0], span, heap_call(&game, "n"))
            }
            "octal" | "hex" => {
                let game = HeapGame::TakeBreak(self.take_break_code(&values[0], name == "hex")?);
                match values.get(1) {
                    // As written: `octal("0.07", n)`, though 0.07 is `dawson(n)`.
                    Some(size) => {
                        let call = format!("{name}({}, n)", self.describe_value(&values[0].0));
                        self.heap_of(&game, size, span, call)
                    }
                    None => Ok(Value::Family(Family::Heap(game))),
                }
            }
            "sub" => {
                let (chips, at) = &values[0];
                let pile = pile(
                    self.int(chips, *at, "`sub(n, S)` takes a number of chips first")?,
                    *at,
                )?;
                let moves = self.subtraction_set(&values[1])?;
                let id = self
                    .arena
                    .subtraction(pile, &moves)
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
            "rook" | "wythoff" => {
                let piece = if name == "rook" { "rook" } else { "queen" };
                let mut place = [0; 2];
                for (slot, (value, at)) in place.iter_mut().zip(&values) {
                    let message = format!("`{name}(i, j)` takes a row and a column");
                    let n = self.int(value, *at, &message)?;
                    *slot = u64::try_from(n).map_err(|_| {
                        EvalError::invalid(
                            *at,
                            format!("a {piece} stands on the board"),
                            format!("this is {n}"),
                        )
                        .with_help(format!(
                            "rows and columns count from 0, towards which the {piece} moves"
                        ))
                    })?;
                }
                let id = if name == "rook" {
                    self.arena.rook(place[0], place[1])
                } else {
                    self.arena.wythoff(place[0], place[1])
                };
                Ok(Value::Game(id.map_err(|e| self.game_error(e, span))?))
            }
            _ => unreachable!("not a builtin: {name}"),
        }
    }

    /// A heap of the game, of the size given; `call` is the call as the user wrote it.
    fn heap_of(
        &mut self,
        game: &HeapGame,
        (size, at): &(Value, Span),
        span: Span,
        call: String,
    ) -> Result<Value> {
        let message = format!("`{call}` takes a heap size");
        let size = self.int(size, *at, &message)?;
        let size = u64::try_from(size).map_err(|_| {
            EvalError::invalid(*at, "a heap can't be negative", format!("this is {size}"))
                .with_help("a heap holds 0 tokens or more")
        })?;
        let id = self
            .arena
            .heap(game, size)
            .map_err(|e| self.game_error(e, span))?;
        Ok(Value::Game(id))
    }

    /// An octal (or, for `hex`, hexadecimal) code, checked digit by digit.
    fn take_break_code(&self, (value, at): &(Value, Span), hex: bool) -> Result<Code> {
        let name = if hex { "hex" } else { "octal" };
        let Value::Str(text) = value else {
            return Err(EvalError::type_error(
                *at,
                format!("`{name}` takes its code as a string"),
                format!("this is {}", value.kind()),
            )
            .with_help(format!(
                "write the code in quotes: `{name}(\"0.77\", 10)`; a number would lose its zeros"
            ))
            .into());
        };
        // The parser reads hexadecimal digits; an octal code's are 0-7.
        let not_octal = text
            .char_indices()
            .find(|(_, c)| *c != '.' && c.to_digit(8).is_none());
        let parsed = match not_octal {
            Some((offset, digit)) if !hex => Err(CodeError {
                offset,
                message: if digit.is_ascii_hexdigit() {
                    format!(
                        "`{digit}` is not an octal digit (for a hexadecimal code, write `hex(\"{text}\", n)`)"
                    )
                } else {
                    format!("`{digit}` is not a code digit (digits are 0-7)")
                },
            }),
            _ => Code::parse(text),
        };
        parsed.map_err(|error| {
            // Point at the offending character inside the quotes, when the code is
            // written right there without escapes.
            let literal = (at.end - at.start) as usize == text.len() + 2;
            let place = if literal {
                let start = at.start as usize + 1 + error.offset;
                let width = text[error.offset..].chars().next().map_or(1, char::len_utf8);
                Span::new(at.source, start, start + width)
            } else {
                *at
            };
            EvalError::invalid(
                place,
                if hex {
                    "this is not a hexadecimal game code"
                } else {
                    "this is not an octal game code"
                },
                error.message,
            )
            .with_help("a code is `0.` and digits 0-7 (0-F with `hex`), e.g. \"0.77\" for Kayles, \"4.07\"")
            .into()
        })
    }

    /// A subtraction set: positive numbers.
    fn subtraction_set(&self, set: &(Value, Span)) -> Result<Vec<u64>> {
        let moves = self.naturals(set, "the subtraction set holds positive numbers")?;
        if moves.contains(&0) {
            let error = EvalError::invalid(
                set.1,
                "a move must remove at least one chip",
                "this set holds 0",
            );
            return Err(error
                .with_help("a game must end: remove 0 from the set")
                .into());
        }
        Ok(moves)
    }

    pub(in crate::eval) fn int(&self, value: &Value, span: Span, message: &str) -> Result<i64> {
        match value {
            Value::Int(n) => Ok(*n),
            other => Err(
                EvalError::type_error(span, message, format!("this is {}", other.kind()))
                    .with_help(match other {
                        Value::Str(text) if text.trim().parse::<i64>().is_ok() => {
                            format!("write the number without quotes: {}", text.trim())
                        }
                        Value::Game(_) => {
                            "a game is not a number; for its value write `nimber(G)`".to_owned()
                        }
                        _ => "write a whole number, such as 5".to_owned(),
                    })
                    .into(),
            ),
        }
    }

    /// The members of a set or range, all of them natural numbers.
    fn naturals(&self, (value, span): &(Value, Span), message: &str) -> Result<Vec<u64>> {
        let members = match value.members(self.meter.limits.game.options) {
            Some(Ok(members)) => members,
            Some(Err(count)) => {
                return Err(EvalError::TooLarge {
                    span: *span,
                    what: "this range".into(),
                    label: format!("it holds {count} integers"),
                    help: Some(crate::eval::limits::raise_to_count(
                        "options",
                        self.meter.limits.game.options,
                        count,
                    )),
                }
                .into());
            }
            None => {
                return Err(EvalError::type_error(
                    *span,
                    message,
                    format!("this is {}", value.kind()),
                )
                .with_help("write a set such as `{1, 3, 4}` or a range such as `1..=3`")
                .into());
            }
        };
        members
            .into_iter()
            .map(|n| {
                u64::try_from(n).map_err(|_| {
                    EvalError::invalid(*span, message, format!("this holds {n}"))
                        .with_help("natural numbers are 0, 1, 2, ...")
                        .into()
                })
            })
            .collect()
    }
}

/// A number of chips: not negative.
pub(in crate::eval) fn pile(n: i64, span: Span) -> Result<u64> {
    u64::try_from(n).map_err(|_| {
        EvalError::invalid(
            span,
            format!("a pile can't hold {n} chips"),
            "this is negative",
        )
        .with_help("a pile holds 0 chips or more")
        .into()
    })
}

/// Where the arguments of a call are, for an arity error.
pub(in crate::eval) fn args_span(args: &[Expr], call: Span, callee: &Ident) -> Span {
    match (args.first(), args.last()) {
        (Some(first), Some(last)) => first.span.to(last.span),
        _ => Span {
            start: callee.span.end,
            ..call
        },
    }
}
