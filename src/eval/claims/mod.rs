//! **Claims**: the truth of what a program asks (`G == H` and `is winning` in either play
//! convention, `all`, `any`, `count`), and why a failed assert failed. A claim speaks of games
//! the expression room made; it never makes values of its own kinds.

pub(in crate::eval) mod misere;
pub(in crate::eval) mod play;
pub(in crate::eval) mod quantifiers;
pub(in crate::eval) mod reasons;
