//! Options of a game literal `<...>` written as a sum of two games, `K(a) + K(n - a - k)`:
//! kept as their two parts, not made into a sum node (see `crate::game::options`), whether
//! the tree-walker or a compiled body lists them. A comprehension lists such sums by the
//! million.

use crate::eval::expr::ChainOperands;
use crate::eval::expr::ops::Operand;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::game::GameId;
use crate::syntax::ast::BinOp;

/// Whether a chain is a sum of two terms, `G + H`.
pub(in crate::eval) fn is_two_part_sum(chain: &impl ChainOperands) -> bool {
    chain.len() == 1 && chain.op(0).0 == BinOp::Add
}

impl Session {
    /// An option written `G + H` (a chain [`is_two_part_sum`] accepts): its two games when
    /// both terms are games (`0` is the zero game), for [`Session::push_option_sum`]; else
    /// the value [`Session::fold_chain`] gives the chain (an error, mostly).
    pub(in crate::eval) fn option_sum_parts(
        &mut self,
        chain: &impl ChainOperands,
    ) -> Result<std::result::Result<[GameId; 2], Value>> {
        let left = chain.first(self)?;
        let right = chain.operand(self, 0)?;
        let (op, op_span, right_span) = chain.op(0);
        if let Value::Game(game) = left
            && matches!(right, Value::Game(_) | Value::Int(0))
        {
            return Ok(Ok([game, self.game_value(&right, right_span)?]));
        }
        let lhs = Operand {
            value: &left,
            span: chain.first_span(),
            expr: chain.first_expr(),
        };
        self.binary(op, op_span, lhs, Operand::at(&right, right_span))
            .map(Err)
    }
}
