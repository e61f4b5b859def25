//! A game literal `<...>`: its options gathered and made into a game. An option written as
//! a sum of two games, `K(a) + K(n - a - k)`, is kept as its two parts, not made into a
//! sum node (see `crate::game::options`): a comprehension lists such sums by the million.

use super::ops::Operand;
use super::{Result, Session, Value};
use crate::game::{GameId, OptionList};
use crate::source::Span;
use crate::syntax::ast::{BinOp, Element, Expr, ExprKind};

/// `G + H`, written as one sum of two terms: its terms and the `+` between them.
pub(super) type TwoTerms<'a> = (&'a Expr, Span, &'a Expr);

/// The terms of `expr` if it is a sum of two terms.
pub(super) fn two_part_sum(expr: &Expr) -> Option<TwoTerms<'_>> {
    match &expr.unparen().kind {
        ExprKind::Chain { first, rest } => match &rest[..] {
            [(BinOp::Add, op_span, second)] => Some((first, *op_span, second)),
            _ => None,
        },
        _ => None,
    }
}

impl Session {
    /// `<...>`: the game whose options are those listed.
    pub(super) fn game_literal(&mut self, elements: &[Element], span: Span) -> Result<Value> {
        let noted = self.option_list_starts();
        let mut list = self.elements(elements, span, true)?;
        let mut options = OptionList {
            games: Vec::with_capacity(list.items.len()),
            sums: std::mem::take(&mut list.sums),
        };
        for (value, span) in &list.items {
            options.games.push(self.game_value(value, *span)?);
        }
        // A noted list has its sums as games (see `elements`), in the order written.
        self.option_list_ends(noted, &options.games);
        let id = self.arena.with_option_list(options);
        self.elements_done(&list);
        Ok(Value::Game(id.map_err(|e| self.game_error(e, span))?))
    }

    /// An option `G + H`: the two games, when both terms are games (`0` is the zero game),
    /// else the value the sum has, as [`Session::eval`] gives it (an error, mostly).
    pub(super) fn option_sum_parts(
        &mut self,
        (first, op_span, second): TwoTerms,
    ) -> Result<std::result::Result<[GameId; 2], Value>> {
        let left = self.eval(first)?;
        let right = self.eval(second)?;
        if let Value::Game(game) = left
            && matches!(right, Value::Game(_) | Value::Int(0))
        {
            return Ok(Ok([game, self.game_value(&right, second.span)?]));
        }
        let lhs = Operand {
            value: &left,
            span: first.span,
            expr: Some(first),
        };
        let rhs = Operand::of(&right, second);
        self.binary(BinOp::Add, op_span, lhs, rhs).map(Err)
    }
}
