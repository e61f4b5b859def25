//! Calls of loopy families (`let loopy f(n) = ...`), whose calls may come back to one another.
//!
//! The first call outside an exploration starts one: the call becomes a placeholder game (see
//! [`crate::game::loopy`]), remembered at once, and its body is evaluated; a call of a loopy
//! family met in a body is a placeholder too, its body evaluated in turn, until every call
//! reached has been. A call met again is its placeholder, so a body may name a call being
//! explored (the cycle a plain family reports as a loop). Values are worked out when asked,
//! by the labelling of the positions reached. An exploration that fails forgets its calls.

use std::sync::Arc;

use crate::eval::calls::CallKey;
use crate::eval::report::error::EvalError;
use crate::eval::values::{Function, Value};
use crate::eval::{Flow, Result, Session};
use crate::game::{GameId, Watch};
use crate::source::Span;

/// Calls explored before a limit, past which the positions are said not to end.
const UNENDING: usize = 10_000;

/// A call whose body is still to be evaluated.
#[derive(Debug)]
pub(in crate::eval) struct Unexplored {
    function: Arc<Function>,
    key: CallKey,
    game: GameId,
    span: Span,
}

/// The exploration under way, if one is.
#[derive(Debug, Default)]
pub(in crate::eval) struct Exploration {
    active: bool,
    queue: Vec<Unexplored>,
    /// Bodies evaluated so far.
    explored: usize,
    /// The call whose body failed.
    last: Option<Unexplored>,
}

impl Session {
    /// A call of a loopy family not remembered yet: its placeholder, the family explored from
    /// it unless an exploration is under way (which will evaluate its body).
    pub(in crate::eval) fn call_loopy(
        &mut self,
        function: &Arc<Function>,
        key: CallKey,
        span: Span,
    ) -> Result<Value> {
        let game = self
            .arena
            .loopy_call()
            .map_err(|e| self.game_error(e, span))?;
        let call = self.show_call(&function.name.name, &key);
        self.room_to_name(span)?;
        self.naming.names.give(game, call.into());
        let value = Value::Game(game);
        let bytes = self.calls.memo.insert_bytes(&key, &value);
        let name = &function.name.name;
        self.memo_grows(name, bytes, |s| s.show_call(name, &key), span)?;
        self.calls.memo.insert(&key, value.clone());
        self.calls.exploration.queue.push(Unexplored {
            function: function.clone(),
            key,
            game,
            span,
        });
        if self.calls.exploration.active {
            return Ok(value);
        }
        self.calls.exploration.active = true;
        let explored = self
            .explore()
            .map_err(|error| self.unending(error, function, span));
        self.calls.exploration.active = false;
        if explored.is_err() {
            self.calls.exploration.queue.clear();
            // Placeholders left half explored would be taken for games: forgotten, with
            // whatever was remembered since (asked again, they are explored anew).
            let freed = self.calls.memo.forget_games_from(game);
            self.memo_freed(freed);
        }
        explored.map(|()| value)
    }

    /// A limit met while exploring: most likely the positions do not end, which is said, with
    /// the last call reached.
    fn unending(&mut self, error: Flow, function: &Function, span: Span) -> Flow {
        let Flow::Error(boxed) = &error else {
            return error;
        };
        let limit = matches!(
            **boxed,
            EvalError::TooLarge { .. } | EvalError::TooManySteps { .. }
        );
        let explored = self.calls.exploration.explored;
        if !limit || explored < UNENDING {
            return error;
        }
        let last = match &self.calls.exploration.last {
            Some(call) => self.show_call(&call.function.name.name, &call.key),
            None => return error,
        };
        EvalError::invalid(
            span,
            format!(
                "the positions `{}` reaches seem not to end: {explored} calls explored, up to \
                 `{last}`, before a limit stopped it",
                function.name.name
            ),
            "explored from here",
        )
        .with_help(
            "a loopy game must reach finitely many positions: bound the arguments its calls \
             take (`f(n + 1) if n < 10`); a game that is finite but larger needs a \
             larger `nodes`, `memory` or `steps` limit (`--limit`)",
        )
        .into()
    }

    /// Evaluates the body of every call reached, in turn.
    fn explore(&mut self) -> Result<()> {
        self.calls.exploration.explored = 0;
        let mut explored = 0usize;
        while let Some(call) = self.calls.exploration.queue.pop() {
            explored += 1;
            self.calls.exploration.explored = explored;
            if Watch::due(explored) {
                self.arena
                    .watch
                    .tick("loopy: positions explored", explored as u64, 0)
                    .map_err(|e| self.game_error(e, call.span))?;
            }
            match self.loopy_body(&call) {
                Ok(game) => self.arena.define_loopy(call.game, game),
                Err(error) => {
                    self.calls.exploration.last = Some(call);
                    return Err(error);
                }
            }
        }
        Ok(())
    }

    /// The game a loopy call's body gives, walked as written.
    fn loopy_body(&mut self, call: &Unexplored) -> Result<GameId> {
        let function = &call.function;
        let caller_locals =
            std::mem::replace(&mut self.frame.locals, function.locals(&call.key.args));
        self.calls.chain.insert(call.key.clone());
        let caller_in_library = std::mem::replace(&mut self.program.in_library, function.library);
        let caller_case = self.claims.case.take();
        self.step(call.span)?;
        let result = self.in_session_play(|session| session.eval(&function.body));
        self.claims.case = caller_case;
        self.program.in_library = caller_in_library;
        self.calls.chain.pop();
        self.frame.locals = caller_locals;
        let value = result?;
        self.game_value(&value, function.body.span)
    }
}
