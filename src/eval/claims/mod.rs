//! **Claims**: the truth of what a program asks (`G == H` and `is winning` in either play
//! convention, `all`, `any`, `count`), and why a failed assert failed. A claim speaks of games
//! the expression room made; it never makes values of its own kinds.

pub(in crate::eval) mod misere;
pub(in crate::eval) mod play;
pub(in crate::eval) mod quantifiers;
pub(in crate::eval) mod reasons;

use crate::game::misere::Play;

/// The play convention, and what the last quantifier found.
#[derive(Default)]
pub(in crate::eval) struct Claims {
    /// The case that decided the last `all` or `any`, for a failed assert to name.
    pub(in crate::eval) case: Option<quantifiers::Case>,
    /// The play convention of the statements to come (`:set play misere`, `--misere`).
    pub(in crate::eval) session_play: Play,
    /// The play convention of what is being evaluated: the session's, or the one a
    /// `misere`/`normal` prefix around it says (see [`play`]).
    pub(in crate::eval) current_play: Play,
    /// The running statement asked a question in misère play, so its answer says so.
    pub(in crate::eval) misere_used: bool,
}
