//! Operators and built-ins on small values, each answering as the tree-walker's does for
//! the same values (src/eval/expr/ops.rs, collections.rs, builtins/functions.rs), and
//! stopping the run wherever that one would report something.

use super::data::{ROW, Row, Small, members};
use super::frame::{Frame, Run, Stop, bail, held};
use super::lower::{Builtin, Element};
use crate::eval::Session;
use crate::eval::expr::ops::{floor_div, floor_rem};
use crate::eval::values::Value;
use crate::game::GameId;
use crate::source::Span;
use crate::syntax::ast::BinOp;

/// The most values a `sum` of a generator adds here.
const SUMMED: usize = 32;

impl Session {
    /// `sum(e for ...)`: the integers added, or the games summed (the integer 0 a game too),
    /// as the built-in sums the list the generator makes.
    pub(super) fn small_sum(
        &mut self,
        element: &Element,
        span: Span,
        frame: &mut Frame,
    ) -> Run<Small> {
        // The games, 0 for the zero game; the integers' total, `None` past the largest.
        let mut parts = [GameId::from_raw(0); SUMMED];
        let (mut count, mut total, mut games, mut nonzero) = (0, Some(0i64), false, false);
        let zero = self.arena.zero();
        self.small_each(element, frame, &mut |session, frame| {
            let part = match session.small_op(&element.expr, frame)? {
                Small::Game(id) => {
                    games = true;
                    id
                }
                Small::Int(n) => {
                    total = total.and_then(|t| t.checked_add(n));
                    nonzero |= n != 0;
                    zero
                }
                _ => return bail(),
            };
            let Some(slot) = parts.get_mut(count) else {
                return bail();
            };
            *slot = part;
            count += 1;
            Ok(true)
        })?;
        self.pass_over(count, span)?;
        match (games, nonzero, total) {
            // A game and an integer other than 0: the tree-walker's to report.
            (true, true, _) => bail(),
            (true, false, _) => match self.arena.sum(&parts[..count]) {
                Ok(id) => Ok(Small::Game(id)),
                Err(_) => bail(),
            },
            (false, _, Some(total)) => Ok(Small::Int(total)),
            (false, _, None) => bail(),
        }
    }

    pub(super) fn small_index(
        &mut self,
        target: Small,
        index: i64,
        frame: &mut Frame,
    ) -> Run<Small> {
        Ok(match target {
            Small::List(_) | Small::Str(_) => element(&target, index)?,
            Small::Held(held_at) => {
                let value = frame.held.get(held_at);
                let Value::List(items) = value else {
                    return bail();
                };
                let item = &items[position(items.len(), index)?];
                match Small::of_small_kind(item) {
                    Some(small) => small,
                    None => {
                        let item = item.clone();
                        held(&item, frame)?
                    }
                }
            }
            _ => return bail(),
        })
    }

    pub(super) fn small_builtin(
        &mut self,
        builtin: Builtin,
        value: Small,
        span: Span,
        frame: &mut Frame,
    ) -> Run<Small> {
        Ok(match (builtin, value) {
            (Builtin::Abs, Small::Int(n)) => match n.checked_abs() {
                Some(n) => Small::Int(n),
                None => return bail(),
            },
            (Builtin::Len, Small::List(row)) => Small::Int(row.len() as i64),
            (Builtin::Len, Small::Str(row)) => {
                self.pass_over(row.len(), span)?;
                Small::Int(row.len() as i64)
            }
            (Builtin::Len, Small::Bits(bits)) => Small::Int(i64::from(bits.count_ones())),
            (Builtin::Len, Small::Range(from, to)) => Small::Int(to.saturating_sub(from).max(0)),
            (Builtin::Len, Small::Held(at)) => match frame.held.get(at) {
                Value::List(items) | Value::SetOf(items) => Small::Int(items.len() as i64),
                Value::Set(members) => Small::Int(members.len() as i64),
                _ => return bail(),
            },
            (Builtin::Sort, Small::List(row)) => {
                self.pass_over(row.len(), span)?;
                let mut bytes = [0u8; ROW];
                let bytes = &mut bytes[..row.len()];
                bytes.copy_from_slice(row.bytes());
                bytes.sort_unstable();
                Small::List(Row::from_bytes(bytes).expect("as long"))
            }
            (Builtin::Sort, Small::Bits(bits)) => {
                self.pass_over(bits.count_ones() as usize, span)?;
                let mut row = Row::EMPTY;
                for m in members(bits) {
                    if row.push(m as u8).is_none() {
                        return bail();
                    }
                }
                Small::List(row)
            }
            (Builtin::Sum, Small::List(row)) => {
                self.pass_over(row.len(), span)?;
                Small::Int(row.bytes().iter().map(|&b| i64::from(b)).sum())
            }
            (Builtin::Sum, Small::Bits(bits)) => {
                self.pass_over(bits.count_ones() as usize, span)?;
                Small::Int(members(bits).sum())
            }
            (Builtin::Min | Builtin::Max, Small::List(row)) if row.len() > 0 => {
                self.pass_over(row.len(), span)?;
                let bytes = row.bytes().iter();
                let extreme = if builtin == Builtin::Min {
                    bytes.min()
                } else {
                    bytes.max()
                };
                Small::Int(i64::from(*extreme.expect("not empty")))
            }
            (Builtin::Min | Builtin::Max, Small::Bits(bits)) if bits != 0 => {
                self.pass_over(bits.count_ones() as usize, span)?;
                Small::Int(i64::from(if builtin == Builtin::Min {
                    bits.trailing_zeros()
                } else {
                    63 - bits.leading_zeros()
                }))
            }
            _ => return bail(),
        })
    }

    /// `lhs op rhs`, the operands written at `lhs_span` and `rhs_span`.
    pub(super) fn small_binary(
        &mut self,
        op: BinOp,
        lhs: Small,
        rhs: Small,
        lhs_span: Span,
        rhs_span: Span,
    ) -> Run<Small> {
        use Small::{Bits, Bool, Int, List, Str};
        Ok(match (op, lhs, rhs) {
            (BinOp::And, Bool(a), Bool(b)) => Bool(a && b),
            (BinOp::Or, Bool(a), Bool(b)) => Bool(a || b),
            (BinOp::Eq | BinOp::Ne, a, b) => Bool(equal(a, b)? == (op == BinOp::Eq)),
            (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, a, b) => {
                let order = order(a, b)?;
                Bool(match op {
                    BinOp::Lt => order.is_lt(),
                    BinOp::Le => order.is_le(),
                    BinOp::Gt => order.is_gt(),
                    _ => order.is_ge(),
                })
            }
            (BinOp::In | BinOp::NotIn, item, collection) => {
                Bool(self.small_contains(item, collection, rhs_span)? == (op == BinOp::In))
            }
            (BinOp::Add, Int(a), Int(b)) => Int(checked(a.checked_add(b))?),
            (BinOp::Sub, Int(a), Int(b)) => Int(checked(a.checked_sub(b))?),
            (BinOp::Mul, Int(a), Int(b)) => Int(checked(a.checked_mul(b))?),
            (BinOp::Div, Int(a), Int(b)) if b != 0 => Int(checked(floor_div(a, b))?),
            (BinOp::Rem, Int(a), Int(b)) if b != 0 => Int(checked(floor_rem(a, b))?),
            (BinOp::Xor, Int(a), Int(b)) => Int(a ^ b),
            (BinOp::NimMul, Int(a), Int(b)) if a >= 0 && b >= 0 => {
                let product = crate::game::nimber::nim_mul(a as u64, b as u64);
                Int(checked(i64::try_from(product).ok())?)
            }
            (BinOp::BitOr, Int(a), Int(b)) => Int(a | b),
            (BinOp::BitAnd, Int(a), Int(b)) => Int(a & b),
            (BinOp::Add, List(a), List(b)) | (BinOp::Add, Str(a), Str(b)) => {
                let Some(row) = a.concat(&b) else {
                    return bail();
                };
                self.pass_over(2 * row.len(), lhs_span)?;
                if matches!(lhs, List(_)) {
                    List(row)
                } else {
                    Str(row)
                }
            }
            (BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::Xor, Bits(a), Bits(b)) => {
                let bits = match op {
                    BinOp::BitOr => a | b,
                    BinOp::BitAnd => a & b,
                    BinOp::Sub => a & !b,
                    _ => a ^ b,
                };
                let gone_through = a.count_ones() + b.count_ones() + bits.count_ones();
                self.pass_over(gone_through as usize, lhs_span)?;
                Bits(bits)
            }
            _ => return bail(),
        })
    }

    /// `item in collection`, as [`Session::contains`] answers it for small values.
    fn small_contains(&mut self, item: Small, collection: Small, span: Span) -> Run<bool> {
        Ok(match (item, collection) {
            (Small::Int(n), Small::Bits(bits)) => (0..64).contains(&n) && bits >> n & 1 == 1,
            (Small::Int(n), Small::List(row)) => {
                self.pass_over(row.len(), span)?;
                (0..256).contains(&n) && row.bytes().contains(&(n as u8))
            }
            (Small::Str(part), Small::Str(text)) => {
                self.pass_over(text.len(), span)?;
                let (part, text) = (part.bytes(), text.bytes());
                part.is_empty() || text.windows(part.len()).any(|w| w == part)
            }
            (Small::Int(n), Small::Range(from, to)) => n >= from && n < to,
            _ => return bail(),
        })
    }
}

/// Element `index` of a list or a string (`p[i]`), read where the row is.
#[inline(always)]
pub(super) fn element(target: &Small, index: i64) -> Run<Small> {
    match target {
        Small::List(row) => Ok(Small::Int(i64::from(
            row.bytes()[position(row.len(), index)?],
        ))),
        Small::Str(row) => Ok(Small::char(row.bytes()[position(row.len(), index)?])),
        _ => bail(),
    }
}

/// `a op b` of integers, for the usual operators, when it has a value, answered as
/// [`Session::small_binary`] answers it (which decides the rest).
#[inline(always)]
pub(super) fn integers(op: BinOp, a: i64, b: i64) -> Option<Small> {
    Some(match op {
        BinOp::Add => Small::Int(a.checked_add(b)?),
        BinOp::Sub => Small::Int(a.checked_sub(b)?),
        BinOp::Lt => Small::Bool(a < b),
        BinOp::Le => Small::Bool(a <= b),
        BinOp::Gt => Small::Bool(a > b),
        BinOp::Ge => Small::Bool(a >= b),
        BinOp::Eq => Small::Bool(a == b),
        BinOp::Ne => Small::Bool(a != b),
        _ => return None,
    })
}

fn checked(n: Option<i64>) -> Run<i64> {
    n.ok_or(Stop::Bail)
}

/// Where `p[index]` is: from the end when negative.
pub(super) fn position(len: usize, index: i64) -> Run<usize> {
    let at = if index < 0 {
        i128::from(index) + len as i128
    } else {
        i128::from(index)
    };
    if (0..len as i128).contains(&at) {
        Ok(at as usize)
    } else {
        bail()
    }
}

/// Equality of two values of one small kind.
fn equal(a: Small, b: Small) -> Run<bool> {
    use Small::{Bits, Bool, Int, List, Str};
    Ok(match (a, b) {
        (Int(a), Int(b)) => a == b,
        (Bool(a), Bool(b)) => a == b,
        (Bits(a), Bits(b)) => a == b,
        (List(a), List(b)) | (Str(a), Str(b)) => a == b,
        // Data of two kinds is unequal (see `Session::equal`); a range may equal a set.
        (
            Int(_) | Bool(_) | Bits(_) | List(_) | Str(_),
            Int(_) | Bool(_) | Bits(_) | List(_) | Str(_),
        ) => false,
        _ => return bail(),
    })
}

/// The order of two integers, two lists or two strings.
pub(super) fn order(a: Small, b: Small) -> Run<std::cmp::Ordering> {
    use Small::{Int, List, Str};
    Ok(match (a, b) {
        (Int(a), Int(b)) => a.cmp(&b),
        (List(a), List(b)) | (Str(a), Str(b)) => a.bytes().cmp(b.bytes()),
        _ => return bail(),
    })
}
