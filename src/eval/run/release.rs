//! A failed statement releases what it built (the games of a session that was full, what
//! families remember when memory was), so that the statements after it find the session as
//! it was; and a statement crowded out by caches kept from earlier ones runs again with their
//! room.

use crate::eval::limits::memory::Full;
use crate::eval::report::answer::Answer;
use crate::eval::report::error::EvalError;
use crate::eval::{Flow, Result, Session};
use crate::game::{Arena, Checkpoint};
use crate::syntax::ast::Stmt;

/// Caches kept from earlier statements make room for a statement stopped because the
/// session was full when they took at least this part of it (1/16): less could hardly have
/// made the difference, and the statement is not run twice for it.
const ROOM_SHARE: u64 = 16;

/// Whether a statement failed, other than by an assert found false (whose work is sound).
fn failed(result: &Result<Answer>) -> bool {
    matches!(result, Err(Flow::Error(error)) if !matches!(**error, EvalError::AssertFailed { .. }))
}

impl Session {
    /// Runs a statement; if it fails (an assert aside), releases what it built (see
    /// [`Session::release_since`]). If it stopped because the session was full while caches
    /// kept from earlier statements took a good share of the room (what families remember,
    /// misère play's simplest forms), they are dropped (they are found again when asked) and
    /// the statement runs once more with their room.
    pub(in crate::eval) fn exec_releasing(&mut self, stmt: &Stmt) -> Result<Answer> {
        let checkpoint = self.arena.checkpoint();
        let cached = self
            .memo_charged()
            .saturating_add(self.arena.misere_bytes());
        let result = self.exec(stmt);
        if !failed(&result) {
            return result;
        }
        let full = self.found_full();
        self.release_since(checkpoint);
        let forms_known = Arena::misere_at(checkpoint).forms_known as u64;
        let limits = self.meter.limits.game;
        let crowded = full.is_some()
            && (cached.saturating_mul(ROOM_SHARE) >= limits.memory
                || forms_known.saturating_mul(ROOM_SHARE) >= limits.nodes as u64);
        if !crowded {
            return result;
        }
        self.calls.memo.clear();
        self.memo_forgotten();
        self.arena.misere_clear();
        let checkpoint = self.arena.checkpoint();
        let again = self.exec(stmt);
        if failed(&again) {
            self.release_since(checkpoint);
        }
        again
    }

    /// A statement failed. What misère play's tables learned in it is forgotten. If it was
    /// stopped because the session was full, what it built is released too, so that the
    /// next one finds the session as it was before: the games it made, the calls remembered
    /// that hold them, and their names (what it learned of older games is kept: it is true,
    /// and paid for). Memory full, what families remember goes too, and all simplest forms:
    /// they are worked out again when asked, and without that, every statement after would
    /// stop at the limit too.
    ///
    /// A statement that failed otherwise (a wrong type, the `steps` limit, Ctrl-C) keeps the
    /// games it made and the calls it remembered: they fit, and asking again goes on from
    /// there.
    pub(in crate::eval) fn release_since(&mut self, checkpoint: Checkpoint) {
        let filled = self.found_full();
        self.lists_gone();
        self.claims.case = None;
        self.value_begins();
        let Some(full) = filled else {
            self.arena.misere_rollback(Arena::misere_at(checkpoint));
            return;
        };
        let first = Arena::first_after(checkpoint);
        let made_games = self.arena.len() > first.index();
        self.arena.rollback(checkpoint);
        if full == Full::Memory {
            self.calls.memo.clear();
            self.memo_forgotten();
            self.arena.misere_clear();
        } else if made_games {
            let freed = self.calls.memo.forget_games_from(first);
            self.memo_freed(freed);
        }
        if made_games {
            self.naming.names.forget_games_from(first);
        }
    }
}
