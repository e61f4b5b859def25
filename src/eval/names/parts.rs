//! The pieces of how a user wrote a game, shared by noting it as a body is evaluated again
//! ([`super::written`]) and walking what an explanation speaks of ([`super::wording`]): the
//! parts of a sum, the call that made a game, and the options a body writes.

use std::sync::Arc;

use crate::eval::values::{Function, Value};
use crate::explain::Written;
use crate::game::GameId;
use crate::syntax::ast::{Expr, ExprKind};

/// How many names and calls deep `written` follows definitions (`let G = H`, a family whose
/// body calls another): far enough for any worksheet, bounded for a chain of many names.
pub(in crate::eval) const FOLLOW: usize = 32;

/// How a walk over what an expression writes stands: `follow` more names and calls may be
/// followed; `in_sum`: a part's place in a sum counts; `own`: the text is the user's (a
/// body's is told by its values: `S(n - 1)` is `S(4)`).
#[derive(Copy, Clone, Debug)]
pub(in crate::eval) struct Walk {
    pub follow: usize,
    pub in_sum: bool,
    pub own: bool,
}

/// A part of what an expression writes, read as a sum (a game that is no sum is one part).
pub(in crate::eval) enum Leaf {
    /// A call of a family of the user's own, as its body writes its options.
    Written(GameId, Found),
    /// Any other game.
    Plain(GameId),
    /// A part not evaluated again: not needed, or not a game.
    Unknown,
}

/// What a body's options are written as.
pub(in crate::eval) enum Forwarded {
    /// Its own option list, each option named by the call that made it (if one did), with
    /// the words its move was given.
    Options(Found),
    /// Those of what it forwards to: a call, a name, a sum.
    Parts(Vec<Leaf>),
}

/// What a move does, in the words an option gave it: `as "take 2"`.
pub(in crate::eval) type Words = Arc<str>;

/// A call of a family that made a game: evaluated once more to explain that game's options.
#[derive(Clone, Debug)]
pub(in crate::eval) struct Made {
    pub function: Arc<Function>,
    pub args: Vec<Value>,
    pub id: GameId,
}

/// How an option was made: by a call, or, for a sum (`lasker(1) + lasker(2)`), part by part.
#[derive(Clone, Debug, Default)]
pub(in crate::eval) enum Maker {
    #[default]
    Unknown,
    Call(Made),
    Parts(Vec<Option<Made>>),
}

/// A game of the user's own as its body writes it, and how each of its options was made.
#[derive(Clone, Debug)]
pub(in crate::eval) struct Found {
    pub written: Arc<Written>,
    pub makers: Vec<Maker>,
}

/// A call, a name or a sum: the game is made by what it refers to, which says how the game
/// is written.
pub(in crate::eval) fn made_elsewhere(expr: &Expr) -> bool {
    matches!(
        expr.unparen().kind,
        ExprKind::Call { .. } | ExprKind::Name(_) | ExprKind::Chain { .. }
    )
}

/// The parts, with the game `id` among them called `name`.
pub(in crate::eval) fn named(mut parts: Vec<Leaf>, id: GameId, name: &str) -> Vec<Leaf> {
    for part in &mut parts {
        if let Leaf::Written(part, found) = part
            && *part == id
        {
            Arc::make_mut(&mut found.written).name = name.to_owned();
        }
    }
    parts
}
