//! Binary operators: integer arithmetic (checked), the sum of games, equivalence of games,
//! and type errors whose help says what was probably meant.

use std::cmp::Ordering;

use crate::eval::report::error::EvalError;
use crate::eval::report::words::chips;
use crate::eval::values::Value;
use crate::eval::values::range_len;
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{BinOp, Expr, ExprKind, PrefixOp};

/// One side of a binary operator: its value, where it is and, when it is a single
/// expression, the expression (to tell `*2 * 3` from `*(2 * 3)` in a help line).
#[derive(Copy, Clone)]
pub(in crate::eval) struct Operand<'a> {
    pub value: &'a Value,
    pub span: Span,
    pub expr: Option<&'a Expr>,
}

impl<'a> Operand<'a> {
    pub fn of(value: &'a Value, expr: &'a Expr) -> Self {
        Operand {
            value,
            span: expr.span,
            expr: Some(expr),
        }
    }

    /// A value from the code at `span`, not read by any diagnostic.
    pub fn at(value: &'a Value, span: Span) -> Self {
        Operand {
            value,
            span,
            expr: None,
        }
    }
}

impl Session {
    pub(in crate::eval) fn binary(
        &mut self,
        op: BinOp,
        op_span: Span,
        lhs: Operand,
        rhs: Operand,
    ) -> Result<Value> {
        use Value::{Bool, Game, Int};
        let span = lhs.span.to(rhs.span);
        let overflow = || EvalError::Overflow {
            span,
            op: op.symbol().to_owned(),
        };
        if let Some(value) = self.collection_op(op, lhs, rhs) {
            return value;
        }
        let value = match (op, lhs.value, rhs.value) {
            (BinOp::Eq | BinOp::Ne, _, _) => {
                Bool(self.equal(op, op_span, lhs, rhs)? == (op == BinOp::Eq))
            }
            (BinOp::In, _, _) => Bool(self.contains(lhs, rhs)?),
            (BinOp::NotIn, _, _) => Bool(!self.contains(lhs, rhs)?),
            (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, Value::Str(_), Value::Str(_))
            | (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, Value::List(_), Value::List(_)) => {
                let order = lhs.value.cmp(rhs.value);
                Bool(match op {
                    BinOp::Lt => order.is_lt(),
                    BinOp::Le => order.is_le(),
                    BinOp::Gt => order.is_gt(),
                    _ => order.is_ge(),
                })
            }
            (BinOp::BitOr, Int(a), Int(b)) => Int(a | b),
            (BinOp::BitAnd, Int(a), Int(b)) => Int(a & b),
            (BinOp::And, Bool(a), Bool(b)) => Bool(*a && *b),
            (BinOp::Or, Bool(a), Bool(b)) => Bool(*a || *b),
            (BinOp::Lt, Int(a), Int(b)) => Bool(a < b),
            (BinOp::Le, Int(a), Int(b)) => Bool(a <= b),
            (BinOp::Gt, Int(a), Int(b)) => Bool(a > b),
            (BinOp::Ge, Int(a), Int(b)) => Bool(a >= b),
            (BinOp::Range, Int(a), Int(b)) => Value::range(*a, i128::from(*b)),
            (BinOp::RangeIncl, Int(a), Int(b)) => Value::range(*a, i128::from(*b) + 1),
            (BinOp::Add, Int(a), Int(b)) => Int(a.checked_add(*b).ok_or_else(overflow)?),
            (BinOp::Add, Game(_), Game(_) | Int(0)) | (BinOp::Add, Int(0), Game(_)) => {
                let parts = [
                    self.game_value(lhs.value, lhs.span)?,
                    self.game_value(rhs.value, rhs.span)?,
                ];
                Game(
                    self.arena
                        .sum(&parts)
                        .map_err(|e| self.game_error(e, span))?,
                )
            }
            (BinOp::Sub, Int(a), Int(b)) => Int(a.checked_sub(*b).ok_or_else(overflow)?),
            (BinOp::Mul, Int(a), Int(b)) => Int(a.checked_mul(*b).ok_or_else(overflow)?),
            (BinOp::Div | BinOp::Rem, Int(_), Int(0)) => {
                let error = EvalError::invalid(rhs.span, "division by zero", "this is 0");
                return Err(error
                    .with_help("`a / b` and `a % b` need b other than 0")
                    .into());
            }
            (BinOp::Div, Int(a), Int(b)) => Int(floor_div(*a, *b).ok_or_else(overflow)?),
            (BinOp::Rem, Int(a), Int(b)) => Int(floor_rem(*a, *b).ok_or_else(overflow)?),
            (BinOp::Pow, Int(_), Int(b)) if *b < 0 => {
                return Err(EvalError::invalid(
                    rhs.span,
                    "negative exponent",
                    "integers have no fractions",
                )
                .with_help("`a ** b` needs b >= 0")
                .into());
            }
            (BinOp::Pow, Int(a), Int(b)) => Int(power(*a, *b).ok_or_else(overflow)?),
            (BinOp::Xor, Int(a), Int(b)) => Int(a ^ b),
            // `0` is the zero game beside a game, as in a sum.
            (BinOp::NimMul, Int(_), Int(_))
            | (BinOp::NimMul, Game(_), Game(_) | Int(0))
            | (BinOp::NimMul, Int(0), Game(_)) => {
                return self.nim_product(lhs, rhs, span);
            }
            _ => return Err(self.mismatch(op, op_span, lhs, rhs).into()),
        };
        Ok(value)
    }

    /// `==`: equivalence of games (equal nimbers, or in misère play equal simplest forms),
    /// equality of everything else.
    fn equal(&mut self, op: BinOp, op_span: Span, lhs: Operand, rhs: Operand) -> Result<bool> {
        use Value::{Game, Int};
        Ok(match (lhs.value, rhs.value) {
            (Game(_), Game(_) | Int(0)) | (Int(0), Game(_)) => {
                let left = self.game_value(lhs.value, lhs.span)?;
                let right = self.game_value(rhs.value, rhs.span)?;
                self.games_equal((left, lhs.span), (right, rhs.span))?
            }
            (Value::Set(_) | Value::Range { .. }, Value::Set(_) | Value::Range { .. }) => {
                same_members(lhs.value, rhs.value, self.meter.limits.game.options)
            }
            // Sets are kept in one form: one with a member other than an integer is no set
            // of integers (nor a range).
            (Value::SetOf(_), Value::Set(_) | Value::Range { .. })
            | (Value::Set(_) | Value::Range { .. }, Value::SetOf(_)) => false,
            (Value::List(a), Value::List(b)) => self.same_positions(a, b, op_span)?,
            (a, b) if std::mem::discriminant(a) == std::mem::discriminant(b) => a == b,
            // Data of two kinds is unequal, as a position holding a list is never one holding
            // an integer; a game and an integer other than 0 stay an error (`*3 == 3` means
            // `nimber(*3) == 3`), and so do families, tables and graphs.
            (a, b)
                if is_data(a) && is_data(b) && !matches!((a, b), (Game(_), _) | (_, Game(_))) =>
            {
                false
            }
            _ => return Err(self.mismatch(op, op_span, lhs, rhs).into()),
        })
    }

    /// Whether two lists hold the same values, a game in them as one position however its
    /// sum was written (as a set holds it, and as `in` finds it): `[*2 + *1] == [*1 + *2]`.
    fn same_positions(&mut self, a: &[Value], b: &[Value], span: Span) -> Result<bool> {
        if a.len() != b.len() {
            return Ok(false);
        }
        for (x, y) in a.iter().zip(b) {
            let same = match (x, y) {
                (Value::Game(x), Value::Game(y)) if x != y => {
                    let x = self.canonical(Value::Game(*x), span)?;
                    x == self.canonical(Value::Game(*y), span)?
                }
                // `0` beside a game is the zero game.
                (Value::Game(g), Value::Int(0)) | (Value::Int(0), Value::Game(g)) => {
                    *g == self.arena.zero()
                }
                (Value::List(x), Value::List(y)) => self.same_positions(x, y, span)?,
                (x, y) => x == y,
            };
            if !same {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn mismatch(&self, op: BinOp, op_span: Span, lhs: Operand, rhs: Operand) -> EvalError {
        for side in [lhs, rhs] {
            if let Value::Family(family) = side.value {
                return self.family_not_game(family, side.span);
            }
        }
        let symbol = op.symbol();
        let is_game = |o: &Operand| matches!(o.value, Value::Game(_));
        // A game graph beside a game: one of its vertices was meant.
        let graph = [lhs, rhs].into_iter().find_map(|side| match side.value {
            Value::Digraph(graph) => Some((side, *graph)),
            _ => None,
        });
        if let Some((side, graph)) = graph
            && (is_game(&lhs) || is_game(&rhs))
        {
            return EvalError::type_error(
                side.span,
                format!("`{symbol}` needs a game here, not a game graph"),
                "this is a game graph",
            )
            .with_help(self.vertex_hint(graph, side.span));
        }
        // A game beside an integer: the classic `*3 + 2`.
        if let Some((game, int, n)) = match (lhs.value, rhs.value) {
            (Value::Game(_), Value::Int(n)) => Some((lhs, rhs, *n)),
            (Value::Int(n), Value::Game(_)) => Some((rhs, lhs, *n)),
            _ => None,
        } {
            let message = match op {
                BinOp::Add => {
                    "`+` adds two games or two integers, not a game and an integer".to_owned()
                }
                BinOp::Eq | BinOp::Ne => format!(
                    "`{symbol}` compares two games or two integers, not a game and an integer"
                ),
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    format!("games are not ordered: `{symbol}` compares integers")
                }
                BinOp::NimMul => {
                    "`⊗` multiplies two games or two integers, not a game and an integer".to_owned()
                }
                _ => format!("`{symbol}` works on integers, not on games"),
            };
            let error =
                EvalError::type_error(int.span, message, format!("this is the integer {n}"));
            return error.with_help(self.heap_help(op, game, lhs, rhs, n));
        }
        if is_game(&lhs) && is_game(&rhs) {
            let help = match op {
                BinOp::Xor => {
                    "`G + H` is the game whose value is the nim-sum; for the nim-sum of values write `nimber(G) ^ nimber(H)`"
                }
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    "compare their values instead: `nimber(G) < nimber(H)`"
                }
                _ => "to compute with the values of games, use `nimber(G)`",
            };
            let message = match op {
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    format!("games are not ordered: `{symbol}` compares integers")
                }
                _ => format!("`{symbol}` works on integers; games can only be added"),
            };
            let (left, right) = (self.sources.text(lhs.span), self.sources.text(rhs.span));
            let help = help
                .replace("nimber(G)", &format!("nimber({left})"))
                .replace("nimber(H)", &format!("nimber({right})"));
            return EvalError::type_error(op_span, message, "games on both sides").with_help(help);
        }
        let data = [lhs, rhs]
            .iter()
            .any(|o| matches!(o.value, Value::List(_) | Value::Str(_) | Value::SetOf(_)));
        let wanted = match op {
            BinOp::And | BinOp::Or => "true or false",
            BinOp::Eq | BinOp::Ne => "values of one kind",
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge if data => {
                "two integers, two strings or two lists"
            }
            BinOp::Add if data => "two integers, games, lists or strings",
            BinOp::Mul if data => "integers, or a list or string and a number of copies",
            BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::Xor if data => {
                "two integers or two sets"
            }
            _ => "integers",
        };
        let odd = match op {
            BinOp::And | BinOp::Or => [lhs, rhs]
                .into_iter()
                .find(|o| !matches!(o.value, Value::Bool(_))),
            BinOp::Eq | BinOp::Ne => Some(rhs),
            _ => [lhs, rhs]
                .into_iter()
                .find(|o| !matches!(o.value, Value::Int(_))),
        }
        .unwrap_or(rhs);
        let compares = matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge);
        let help = match op {
            BinOp::And | BinOp::Or => format!(
                "`{symbol}` joins true-or-false answers, such as `G is losing {symbol} H == *1`"
            ),
            BinOp::Eq | BinOp::Ne => "compare games with games, integers with integers, sets \
                                      with sets; for a game's value write `nimber(G)`"
                .to_owned(),
            _ if compares && matches!(lhs.value, Value::Bool(_)) => {
                format!("comparisons don't chain: write `a {symbol} b and b {symbol} c`")
            }
            _ if data && compares => {
                "lists and strings are ordered among their own kind: `[1, 2] < [1, 3]`, `\"ab\" < \"b\"`"
                    .to_owned()
            }
            BinOp::Mul if data => "`[0] * 3` is `[0, 0, 0]`, `\"x\" * 3` is `\"xxx\"`".to_owned(),
            BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::Xor if data => {
                let texts = (self.sources.text(lhs.span), self.sources.text(rhs.span));
                set_operator_help(op, (&lhs, &rhs), texts)
            }
            BinOp::Add => "`+` adds integers (`3 + 4`) or games (`*1 + *2`), and joins lists \
                           (`[1] + [2, 3]`) or strings"
                .to_owned(),
            _ => format!("`{symbol}` works on integers, as in `7 {symbol} 2`"),
        };
        EvalError::type_error(
            odd.span,
            format!(
                "`{symbol}` needs {wanted}, not {} and {}",
                lhs.value.kind(),
                rhs.value.kind()
            ),
            format!("this is {}", odd.value.kind()),
        )
        .with_help(help)
    }

    /// What was probably meant when a game met an integer.
    fn heap_help(&self, op: BinOp, game: Operand, lhs: Operand, rhs: Operand, n: i64) -> String {
        let symbol = op.symbol();
        let arithmetic = !matches!(
            op,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        );
        // `*2 * 3` reads `(*2) * 3`: the prefix took only the 2 (no heap has -3 chips).
        if arithmetic
            && n >= 0
            && std::ptr::eq(game.value, lhs.value)
            && let Some(Expr {
                kind:
                    ExprKind::Prefix {
                        op: PrefixOp::Heap,
                        operand,
                        ..
                    },
                ..
            }) = lhs.expr
        {
            let inner = self.sources.text(operand.span);
            let right = self.sources.text(rhs.span);
            let reading = format!(
                "prefix `*` binds tightest, so this reads `(*{inner}) {symbol} {right}`; \
                 the heap of {inner} {symbol} {right} chips is `*({inner} {symbol} {right})`"
            );
            return match op {
                BinOp::Add => format!(
                    "for the sum with a heap of {right} chips write `*{inner} + *{right}`; {reading}"
                ),
                _ => reading,
            };
        }
        match op {
            BinOp::Add | BinOp::NimMul => crate::eval::report::words::heap_help(n),
            BinOp::Eq | BinOp::Ne => format!(
                "for the nim heap of {} write `*{n}`; to compare the game's value with {n}, \
                 write `nimber({}) {symbol} {n}`",
                chips(n),
                self.sources.text(game.span)
            ),
            _ => "a game's value as an integer is `nimber(G)`".to_owned(),
        }
    }
}

/// Whether two sets or ranges hold the same integers.
fn same_members(a: &Value, b: &Value, limit: u64) -> bool {
    match (a, b) {
        (&Value::Range { start: s1, end: e1 }, &Value::Range { start: s2, end: e2 }) => {
            let (n1, n2) = (range_len(s1, e1), range_len(s2, e2));
            n1 == n2 && (n1 == 0 || s1 == s2)
        }
        _ => match (a.members(limit), b.members(limit)) {
            (Some(Ok(x)), Some(Ok(y))) => x.cmp(&y) == Ordering::Equal,
            _ => false,
        },
    }
}

/// `a / b` rounded down (towards minus infinity): `7 / -2 == -4`; `None` on overflow.
pub(in crate::eval) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let quotient = a.checked_div(b)?;
    let inexact = a % b != 0;
    Some(match inexact && (a < 0) != (b < 0) {
        true => quotient - 1,
        false => quotient,
    })
}

/// What `a / b` leaves, with the sign of b: `a == (a / b) * b + a % b`, so `7 % -2 == -1`.
pub(in crate::eval) fn floor_rem(a: i64, b: i64) -> Option<i64> {
    // i64::MIN % -1 is 0, though i64::MIN / -1 does not fit.
    let rest = if b == -1 { 0 } else { a.checked_rem(b)? };
    Some(match rest != 0 && (rest < 0) != (b < 0) {
        true => rest + b,
        false => rest,
    })
}

/// `a ** b` for b >= 0, `None` on overflow: 0, 1 and -1 have every power, however large b.
pub(in crate::eval) fn power(a: i64, b: i64) -> Option<i64> {
    match (a, u32::try_from(b)) {
        (_, Ok(exponent)) => a.checked_pow(exponent),
        (0, Err(_)) => Some(0),
        (1, Err(_)) => Some(1),
        (-1, Err(_)) => Some(if b % 2 == 0 { 1 } else { -1 }),
        _ => None,
    }
}

/// Values that positions are made of: integers, truth values, strings, lists, sets, ranges
/// and games.
fn is_data(value: &Value) -> bool {
    matches!(
        value,
        Value::Int(_)
            | Value::Bool(_)
            | Value::Str(_)
            | Value::List(_)
            | Value::Set(_)
            | Value::SetOf(_)
            | Value::Map(_)
            | Value::Range { .. }
            | Value::Game(_)
    )
}

/// What `|`, `&`, `-` or `^` does, and what to write instead on lists and strings (written
/// `left` and `right`).
fn set_operator_help(
    op: BinOp,
    (lhs, rhs): (&Operand, &Operand),
    (left, right): (&str, &str),
) -> String {
    let does = match op {
        BinOp::BitOr => {
            "`|` is the bitwise or of integers and the union of sets: `{1} | {2} == {1, 2}`"
        }
        BinOp::BitAnd => {
            "`&` is the bitwise and of integers and the intersection of sets: `{1, 2} & {2, 3} == {2}`"
        }
        BinOp::Sub => {
            "`-` subtracts integers, and of two sets keeps the members of the first that are not \
             in the second: `{1, 2} - {2} == {1}`"
        }
        _ => "`^` is the nim-sum (xor) of integers and the symmetric difference of sets",
    };
    let sequence = |v: &Value| matches!(v, Value::Str(_) | Value::List(_));
    let instead = match (op, lhs.value, rhs.value) {
        (BinOp::Sub, Value::Str(_), Value::Str(_)) => {
            format!("; to take a part out of a string write `replace({left}, {right}, \"\")`")
        }
        (BinOp::Sub, Value::List(_), Value::List(_)) => {
            format!(
                "; to take elements out of a list write `[x for x in {left} if x not in {right}]`"
            )
        }
        (BinOp::Sub, Value::List(_), _) => {
            format!(
                "; to take an element out of a list write `[x for x in {left} if x != {right}]`"
            )
        }
        (BinOp::BitOr, a, b) if sequence(a) || sequence(b) => {
            "; lists and strings are joined with `+`".to_owned()
        }
        (BinOp::BitAnd, a, b) if sequence(a) && sequence(b) => {
            format!(
                "; the elements of the first that are in the second are `[x for x in {left} if x in {right}]`"
            )
        }
        (_, a, b) if sequence(a) && sequence(b) => {
            format!(
                "; for their elements as sets write `set({left}) {} set({right})`",
                op.symbol()
            )
        }
        _ => String::new(),
    };
    format!("{does}{instead}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Floor division and its remainder against their definition over every sign.
    #[test]
    fn division_rounds_down() {
        for a in -20i64..=20 {
            for b in (-7i64..=7).filter(|&b| b != 0) {
                let q = floor_div(a, b).unwrap();
                let r = floor_rem(a, b).unwrap();
                let exact = (a as f64 / b as f64).floor() as i64;
                assert_eq!(q, exact, "{a} / {b}");
                assert_eq!(a, q * b + r, "{a} % {b}");
                assert!(r == 0 || (r < 0) == (b < 0), "{a} % {b} = {r}");
                assert!(r.abs() < b.abs());
            }
        }
        assert_eq!(floor_div(i64::MIN, -1), None);
        assert_eq!(floor_rem(i64::MIN, -1), Some(0));
        assert_eq!(floor_div(i64::MIN, 1), Some(i64::MIN));
    }

    #[test]
    fn powers_of_zero_and_one_never_overflow() {
        let huge = 1i64 << 32;
        assert_eq!(power(1, huge), Some(1));
        assert_eq!(power(-1, huge), Some(1));
        assert_eq!(power(-1, huge + 1), Some(-1));
        assert_eq!(power(0, huge), Some(0));
        assert_eq!(power(0, 0), Some(1));
        assert_eq!(power(2, huge), None);
        assert_eq!(power(3, 4), Some(81));
    }
}
