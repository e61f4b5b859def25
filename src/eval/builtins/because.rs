//! `because("reason", G)`: G, with the reason it is the sum or product it is made as, for
//! `why` to cite. A ruleset states its theorem where it uses it: a coin-turning row is made
//! as the sum of its heads `because("a coin-turning position is the sum of its single
//! heads, Ferguson §5.1", ...)`, and `why` of a row says so before adding the heads up.

use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::Expr;

impl Session {
    pub(in crate::eval) fn because(&mut self, args: &[Expr], span: Span) -> Result<Value> {
        let [reason, game] = args else {
            let expected = "2 arguments".to_owned();
            return Err(crate::eval::builtins::wrong_arity("because", args, span, expected).into());
        };
        let reason = match self.eval(reason)? {
            Value::Str(text) => text,
            other => {
                let error = EvalError::type_error(
                    reason.span,
                    "`because` takes its reason as a string",
                    format!("this is {}", other.kind()),
                );
                return Err(error
                    .with_help("write the theorem in words: `because(\"a row is the sum of its heads\", G)`")
                    .into());
            }
        };
        let value = self.eval(game)?;
        // `0` is the zero game, here as in a sum; it is no sum, so it needs no reason.
        if value == Value::Int(0) {
            return Ok(value);
        }
        let Value::Game(id) = value else {
            let error = EvalError::type_error(
                game.span,
                "`because` gives a reason for a game",
                format!("this is {}", value.kind()),
            );
            return Err(error
                .with_help("the second argument is the game the reason is about: `because(\"...\", G + H)`")
                .into());
        };
        self.naming.names.give_reason(id, reason.to_string().into());
        Ok(value)
    }
}
