//! Integer arithmetic and comparisons run on `i64`s and `bool`s, without making a [`Value`]
//! of each step: `n - a - k`, `a < i`, the arguments of `rook(a, j)`, the bounds of
//! `for a in 0..i`. Which expressions these are is known when the body is compiled, but not
//! what a parameter holds: each form reads its slots and gives up (`None`) when one holds
//! anything but an integer, or when the arithmetic has no integer answer (an overflow, a
//! division by zero). The expression's general [`super::Code`] then answers, with the same
//! value or diagnostic as the tree-walker; evaluating twice is harmless, as an integer
//! expression has no effect but its value.

use std::sync::Arc;

use crate::eval::values::Value;
use crate::syntax::ast::{BinOp, Expr, ExprKind, PrefixOp};

/// An integer expression over the slots of the locals.
#[derive(Debug)]
pub(in crate::eval) enum IntCode {
    Const(i64),
    Slot(usize),
    Neg(Box<IntCode>),
    Op(IntOp, Box<IntCode>, Box<IntCode>),
}

#[derive(Debug, Clone, Copy)]
pub(in crate::eval) enum IntOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    Xor,
    BitAnd,
    BitOr,
}

/// A condition over integers.
#[derive(Debug)]
pub(in crate::eval) enum BoolCode {
    Const(bool),
    Compare(CompareOp, IntCode, IntCode),
    Not(Box<BoolCode>),
    And(Box<BoolCode>, Box<BoolCode>),
    Or(Box<BoolCode>, Box<BoolCode>),
}

#[derive(Debug, Clone, Copy)]
pub(in crate::eval) enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

type Locals = [(Arc<str>, Value)];

impl IntCode {
    /// The value, if every slot read holds an integer and the arithmetic has one.
    #[inline(always)]
    pub fn eval(&self, locals: &Locals) -> Option<i64> {
        match self {
            IntCode::Const(n) => Some(*n),
            IntCode::Slot(slot) => match locals[*slot].1 {
                Value::Int(n) => Some(n),
                _ => None,
            },
            // Arithmetic is called, so that the usual slot or constant costs no call.
            operation => operation.eval_operation(locals),
        }
    }

    #[inline(never)]
    fn eval_operation(&self, locals: &Locals) -> Option<i64> {
        match self {
            IntCode::Neg(operand) => operand.eval(locals)?.checked_neg(),
            IntCode::Op(op, lhs, rhs) => op.apply(lhs.eval(locals)?, rhs.eval(locals)?),
            leaf => leaf.eval(locals),
        }
    }
}

impl IntOp {
    fn of(op: BinOp) -> Option<IntOp> {
        Some(match op {
            BinOp::Add => IntOp::Add,
            BinOp::Sub => IntOp::Sub,
            BinOp::Mul => IntOp::Mul,
            BinOp::Div => IntOp::Div,
            BinOp::Rem => IntOp::Rem,
            BinOp::Pow => IntOp::Pow,
            BinOp::Xor => IntOp::Xor,
            BinOp::BitAnd => IntOp::BitAnd,
            BinOp::BitOr => IntOp::BitOr,
            _ => return None,
        })
    }

    /// As [`crate::eval::Session::binary`] computes it on two integers; `None` where that
    /// reports an error.
    #[inline]
    fn apply(self, a: i64, b: i64) -> Option<i64> {
        match self {
            IntOp::Add => a.checked_add(b),
            IntOp::Sub => a.checked_sub(b),
            IntOp::Mul => a.checked_mul(b),
            IntOp::Div => crate::eval::expr::ops::floor_div(a, b),
            IntOp::Rem => crate::eval::expr::ops::floor_rem(a, b),
            IntOp::Pow if b < 0 => None,
            IntOp::Pow => crate::eval::expr::ops::power(a, b),
            IntOp::Xor => Some(a ^ b),
            IntOp::BitAnd => Some(a & b),
            IntOp::BitOr => Some(a | b),
        }
    }
}

impl BoolCode {
    /// The truth, if every integer in it has a value (see [`IntCode::eval`]).
    #[inline]
    pub fn eval(&self, locals: &Locals) -> Option<bool> {
        match self {
            BoolCode::Const(b) => Some(*b),
            BoolCode::Compare(op, lhs, rhs) => {
                let (a, b) = (lhs.eval(locals)?, rhs.eval(locals)?);
                Some(match op {
                    CompareOp::Eq => a == b,
                    CompareOp::Ne => a != b,
                    CompareOp::Lt => a < b,
                    CompareOp::Le => a <= b,
                    CompareOp::Gt => a > b,
                    CompareOp::Ge => a >= b,
                })
            }
            BoolCode::Not(operand) => Some(!operand.eval(locals)?),
            // Short-circuited as the tree-walker does: the right side is not evaluated.
            BoolCode::And(lhs, rhs) => match lhs.eval(locals)? {
                false => Some(false),
                true => rhs.eval(locals),
            },
            BoolCode::Or(lhs, rhs) => match lhs.eval(locals)? {
                true => Some(true),
                false => rhs.eval(locals),
            },
        }
    }
}

impl CompareOp {
    fn of(op: BinOp) -> Option<CompareOp> {
        Some(match op {
            BinOp::Eq => CompareOp::Eq,
            BinOp::Ne => CompareOp::Ne,
            BinOp::Lt => CompareOp::Lt,
            BinOp::Le => CompareOp::Le,
            BinOp::Gt => CompareOp::Gt,
            BinOp::Ge => CompareOp::Ge,
            _ => return None,
        })
    }
}

/// Forms nest at most this deep, so that evaluating one never runs short of stack (it does
/// not check, as the general code does); anything deeper is left to the general code.
const DEEPEST: usize = 48;

type Slots<'a> = dyn Fn(&str) -> Option<usize> + 'a;

/// The integer form of `expr`, if it is integer arithmetic on literals and the locals that
/// `slot` finds.
pub(super) fn int_code(expr: &Expr, slot: &Slots) -> Option<IntCode> {
    int_code_within(expr, slot, DEEPEST)
}

fn int_code_within(expr: &Expr, slot: &Slots, depth: usize) -> Option<IntCode> {
    let depth = depth.checked_sub(1)?;
    let int_code = |expr: &Expr, slot: &Slots| int_code_within(expr, slot, depth);
    Some(match &expr.kind {
        ExprKind::Int(n) => IntCode::Const(*n),
        ExprKind::Name(ident) => IntCode::Slot(slot(&ident.name)?),
        ExprKind::Paren(inner) => int_code(inner, slot)?,
        ExprKind::Prefix {
            op: PrefixOp::Neg,
            operand,
            ..
        } => IntCode::Neg(Box::new(int_code(operand, slot)?)),
        ExprKind::Chain { first, rest } => {
            // Folded to the left: the chain's length is the depth.
            let depth = depth.checked_sub(rest.len())?;
            let mut code = int_code_within(first, slot, depth)?;
            for (op, _, rhs) in rest {
                let rhs = int_code_within(rhs, slot, depth)?;
                code = IntCode::Op(IntOp::of(*op)?, Box::new(code), Box::new(rhs));
            }
            code
        }
        ExprKind::Binary { op, lhs, rhs, .. } => IntCode::Op(
            IntOp::of(*op)?,
            Box::new(int_code(lhs, slot)?),
            Box::new(int_code(rhs, slot)?),
        ),
        _ => return None,
    })
}

/// The condition form of `expr`, if it compares integer arithmetic (see [`int_code`]) and
/// joins such comparisons with `and`, `or` and `not`.
pub(super) fn bool_code(expr: &Expr, slot: &Slots) -> Option<BoolCode> {
    bool_code_within(expr, slot, DEEPEST)
}

fn bool_code_within(expr: &Expr, slot: &Slots, depth: usize) -> Option<BoolCode> {
    let depth = depth.checked_sub(1)?;
    let bool_code = |expr: &Expr, slot: &Slots| bool_code_within(expr, slot, depth);
    let int_code = |expr: &Expr, slot: &Slots| int_code_within(expr, slot, depth);
    Some(match &expr.kind {
        ExprKind::Bool(b) => BoolCode::Const(*b),
        ExprKind::Paren(inner) => bool_code(inner, slot)?,
        ExprKind::Prefix {
            op: PrefixOp::Not,
            operand,
            ..
        } => BoolCode::Not(Box::new(bool_code(operand, slot)?)),
        ExprKind::Chain { first, rest } => match rest[0].0 {
            BinOp::And | BinOp::Or => {
                let depth = depth.checked_sub(rest.len())?;
                let mut code = bool_code_within(first, slot, depth)?;
                for (op, _, rhs) in rest {
                    let rhs = bool_code_within(rhs, slot, depth)?;
                    let (lhs, rhs) = (Box::new(code), Box::new(rhs));
                    code = match op {
                        BinOp::And => BoolCode::And(lhs, rhs),
                        BinOp::Or => BoolCode::Or(lhs, rhs),
                        _ => return None,
                    };
                }
                code
            }
            // One comparison: `a < b < c` compares a truth with an integer, an error the
            // general code reports.
            op => match &rest[..] {
                [(_, _, rhs)] => BoolCode::Compare(
                    CompareOp::of(op)?,
                    int_code(first, slot)?,
                    int_code(rhs, slot)?,
                ),
                _ => return None,
            },
        },
        _ => return None,
    })
}
