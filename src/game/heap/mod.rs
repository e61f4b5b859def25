//! Heap games at research scale: take-and-break codes such as Kayles (`0.77`), Grundy's
//! game, and Wythoff's game.
//!
//! - [`Code`] parses codes; [`HeapGame`] is a code or Grundy's game.
//! - [`naive_values`] is the plain mex loop, the reference every engine is checked against.
//! - [`Sequence`] computes g(0), g(1), ... on demand with the fastest engine that fits
//!   (sparse space, scan, or three-heap splits), proves periodicity with the octal
//!   periodicity theorem when it can ([`Period`]), and then answers any heap in O(1).
//! - [`moves()`] lists the moves from a heap in the game's own terms.
//! - [`wythoff`] computes Wythoff's game.

mod check;
mod classify;
mod code;
mod error;
mod kernel;
mod mirror;
mod moves;
mod naive;
mod period;
mod rules;
mod scan;
mod seen;
mod sequence;
mod triple;
mod window;
pub mod wythoff;
pub mod wythoff_strip;

#[cfg(test)]
mod tests;

pub use classify::Classifier;
pub use code::{Code, CodeError};
pub use error::HeapError;
pub use moves::{HeapMove, Visit, move_count, move_values, moves, visit_moves};
pub use naive::naive_values;
pub use period::{Period, longest_provable};
pub use rules::HeapGame;
pub use sequence::{EngineKind, HeapLimits, PeriodStatus, Sequence};
