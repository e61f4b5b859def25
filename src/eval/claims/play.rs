//! The play convention the evaluator passes down: normal play (the last move wins) or misère
//! play (the last move loses). It is a field of the session, not a second evaluator: a
//! `misere E` prefix sets it while `E` is evaluated, and `G is losing` and `G == H` between
//! games read it. `nimber(G)` always means the normal-play value.
//!
//! A family's body is its own expression: it runs in the session's convention (or the one
//! its own text says), not in the one around the call, so that each call is computed once
//! and remembered whatever asks for it.

use crate::eval::{Flow, Result, Session};
use crate::game::loopy::{LoopyValue, Outcome as LoopyOutcome};

use crate::eval::report::error::EvalError;
use crate::game::misere::Play;
use crate::game::{GameError, GameId};
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind};

/// A play convention as `:set play` names it: `normal`, `misere` or `misère`.
pub fn parse_play(word: &str) -> std::result::Result<Play, String> {
    match word {
        "normal" => Ok(Play::Normal),
        "misere" | "misère" => Ok(Play::Misere),
        other => Err(format!(
            "there is no play convention `{other}`: say `normal` (the last move wins) or \
             `misere` (the last move loses)"
        )),
    }
}

/// A play convention as `:set play` shows it.
pub fn play_word(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}

impl Session {
    /// The play convention of the statements to come.
    pub fn play(&self) -> Play {
        self.claims.session_play
    }

    /// Sets the play convention of the statements to come (`:set play misere`). Family
    /// values computed in the other convention are forgotten, since a body may ask who wins.
    pub fn set_play(&mut self, play: Play) {
        if play != self.claims.session_play {
            self.calls.memo = Default::default();
            self.memo_forgotten();
            self.naming.names.forget_calls();
        }
        self.claims.session_play = play;
        self.claims.current_play = play;
    }

    /// Evaluates with `play` as the convention, the one before it restored after (errors
    /// and suspended calls included).
    pub(in crate::eval) fn in_play<T>(
        &mut self,
        play: Play,
        f: impl FnOnce(&mut Session) -> T,
    ) -> T {
        let outer = std::mem::replace(&mut self.claims.current_play, play);
        let result = f(self);
        self.claims.current_play = outer;
        result
    }

    /// A family's body runs in the session's convention (see the module's comment).
    pub(in crate::eval) fn in_session_play<T>(&mut self, f: impl FnOnce(&mut Session) -> T) -> T {
        self.in_play(self.claims.session_play, f)
    }

    /// Who wins `id` in the current convention (a draw only for a loopy game).
    pub(in crate::eval) fn outcome_of(&mut self, id: GameId, span: Span) -> Result<LoopyOutcome> {
        match self.claims.current_play {
            Play::Normal => Ok(self.loopy_value(id, span)?.outcome()),
            Play::Misere => Ok(match self.losing(id, span)? {
                true => LoopyOutcome::Losing,
                false => LoopyOutcome::Winning,
            }),
        }
    }

    /// Whether the player to move loses `id` in the current convention.
    pub(in crate::eval) fn losing(&mut self, id: GameId, span: Span) -> Result<bool> {
        match self.claims.current_play {
            Play::Normal => Ok(self.loopy_value(id, span)? == LoopyValue::Finite(0)),
            Play::Misere => {
                self.claims.misere_used = true;
                self.arena
                    .misere_losing(id)
                    .map_err(|e| self.misere_error(e, span))
            }
        }
    }

    /// Whether two games are equivalent in the current convention: the same in every sum.
    pub(in crate::eval) fn games_equal(
        &mut self,
        (a, a_span): (GameId, Span),
        (b, b_span): (GameId, Span),
    ) -> Result<bool> {
        match self.claims.current_play {
            // Loopy games too: equal generalized values play alike in every sum.
            Play::Normal => Ok(self.loopy_value(a, a_span)? == self.loopy_value(b, b_span)?),
            Play::Misere => {
                self.claims.misere_used = true;
                self.arena
                    .misere_equal(a, b)
                    .map_err(|e| self.misere_error(e, a_span.to(b_span)))
            }
        }
    }

    /// A game's error from a misère computation: as any game's, its help saying that the
    /// simplest forms are kept too when a size limit was reached.
    pub(in crate::eval) fn misere_error(&self, error: GameError, span: Span) -> Flow {
        let size = matches!(
            error,
            GameError::TooManyNodes { .. } | GameError::DagOutOfMemory { .. }
        );
        let mut flow = self.game_error(error, span);
        if size
            && let Flow::Error(error) = &mut flow
            && let EvalError::TooLarge {
                help: Some(help), ..
            } = &mut **error
        {
            help.insert_str(
                0,
                "misère play keeps the simplest form of every game it meets beside the game, \
                 and a sum's may be far larger than its parts'; ",
            );
        }
        flow
    }

    /// The expression inside its parentheses and `misere`/`normal` prefixes, with the
    /// convention they give it (the current one if none).
    pub(in crate::eval) fn unplay<'e>(&self, expr: &'e Expr) -> (Play, &'e Expr) {
        let mut play = self.claims.current_play;
        let mut expr = expr;
        loop {
            match &expr.kind {
                ExprKind::Paren(inner) => expr = inner,
                ExprKind::Play {
                    play: said,
                    expr: inner,
                    ..
                } => {
                    play = *said;
                    expr = inner;
                }
                _ => return (play, expr),
            }
        }
    }
}

/// Whether the expression says its convention: `misere ...`, maybe in parentheses.
pub(in crate::eval) fn says_play(expr: &Expr) -> bool {
    matches!(expr.unparen().kind, ExprKind::Play { .. })
}

/// The outcome a claim (`is losing`, `is winning`, `is draw`) says.
pub(in crate::eval) fn claimed(outcome: crate::syntax::ast::Outcome) -> LoopyOutcome {
    use crate::syntax::ast::Outcome;
    match outcome {
        Outcome::Losing => LoopyOutcome::Losing,
        Outcome::Winning => LoopyOutcome::Winning,
        Outcome::Draw => LoopyOutcome::Draw,
    }
}

/// How a claim reads: `is losing`.
pub(in crate::eval) fn claim_words(outcome: crate::syntax::ast::Outcome) -> &'static str {
    use crate::syntax::ast::Outcome;
    match outcome {
        Outcome::Losing => "is losing",
        Outcome::Winning => "is winning",
        Outcome::Draw => "is draw",
    }
}
