//! Built-in functions: `nimber`, `mex`, `nim`, `sub`.

use super::expr::chips;
use super::value::Family;
use super::{EvalError, Result, Session, Value};
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
        name: "mex",
        signature: "mex(S), mex{0, 1, 3}",
        summary: "the least natural number not in the set S",
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
        name: "seq",
        signature: "seq(F, 0..100)",
        summary: "the values of the family F (a heap game, or `let S(n) = ...`), as a table",
    },
    Builtin {
        name: "period",
        signature: "period(F)",
        summary: "where a heap game's values repeat for ever, with the proof",
    },
];

pub fn is_builtin(name: &str) -> bool {
    BUILTINS.iter().any(|b| b.name == name)
}

pub fn signature(name: &str) -> &'static str {
    BUILTINS
        .iter()
        .find(|b| b.name == name)
        .map_or("", |b| b.signature)
}

impl Session {
    pub(super) fn call_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        let (fewest, most) = match name {
            "nim" => (0, usize::MAX),
            "sub" => (1, 2),
            "rook" | "seq" => (2, 2),
            _ => (1, 1),
        };
        if !(fewest..=most).contains(&args.len()) {
            let expected = match (fewest, most) {
                (1, 2) => "1 or 2 arguments".to_owned(),
                (n, _) => super::expr::plural(n, "argument"),
            };
            return Err(EvalError::Arity {
                span: args
                    .first()
                    .zip(args.last())
                    .map_or(span, |(a, b)| a.span.to(b.span)),
                name: name.to_owned(),
                expected,
                found: args.len().to_string(),
                help: Some(format!("write `{}`", signature(name))),
            }
            .into());
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
                            .nim(chips(n, *at)?)
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
            "seq" => {
                let family = self.family(&values[0].0, values[0].1)?;
                self.seq(&family, &values[1].0, values[1].1)
            }
            "period" => {
                let family = self.family(&values[0].0, values[0].1)?;
                self.period(&family, values[0].1)
            }
            "sub" => {
                let (pile, at) = &values[0];
                let pile = chips(
                    self.int(pile, *at, "`sub(n, S)` takes a number of chips first")?,
                    *at,
                )?;
                let moves = self.subtraction_set(&values[1])?;
                let id = self
                    .arena
                    .subtraction(pile, &moves)
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
            "rook" => {
                let mut place = [0; 2];
                for (slot, (value, at)) in place.iter_mut().zip(&values) {
                    let n = self.int(value, *at, "`rook(i, j)` takes a row and a column")?;
                    *slot = u64::try_from(n).map_err(|_| {
                        EvalError::invalid(
                            *at,
                            "a rook stands on the board",
                            format!("this is {n}"),
                        )
                        .with_help("rows and columns count from 0, towards which the rook moves")
                    })?;
                }
                let id = self
                    .arena
                    .rook(place[0], place[1])
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
            _ => unreachable!("not a builtin: {name}"),
        }
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

    fn int(&self, value: &Value, span: Span, message: &str) -> Result<i64> {
        match value {
            Value::Int(n) => Ok(*n),
            other => Err(
                EvalError::type_error(span, message, format!("this is {}", other.kind())).into(),
            ),
        }
    }

    /// The members of a set or range, all of them natural numbers.
    fn naturals(&self, (value, span): &(Value, Span), message: &str) -> Result<Vec<u64>> {
        let members = match value.members(self.limits.game.options) {
            Some(Ok(members)) => members,
            Some(Err(count)) => {
                return Err(EvalError::TooLarge {
                    span: *span,
                    what: "this range".into(),
                    label: format!("it holds {count} integers"),
                    help: None,
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
