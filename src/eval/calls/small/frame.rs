//! What a run on small values carries: its frame (slots, held values, the steps its calls
//! counted, what a call gave last) and how it stops ([`Stop`]), shared by the files that run
//! operations ([`super::run`]), calls ([`super::calls`]) and operators ([`super::ops`]).

use super::data::{Held, Small};
use crate::eval::Flow;
use crate::eval::values::Value;

/// Why a run stopped before its value.
pub(super) enum Stop {
    /// Something the tree-walker answers: evaluate the call as before.
    Bail,
    /// An error or a suspension the call itself would give (a limit, Ctrl-C, a refusal
    /// from a call it makes), passed on as it is (boxed: every operation returns a `Stop`).
    Flow(Box<Flow>),
}

impl From<Flow> for Stop {
    fn from(flow: Flow) -> Stop {
        Stop::Flow(Box::new(flow))
    }
}

pub(super) type Run<T> = std::result::Result<T, Stop>;

/// A frame: the slots of parameters and loop variables, the values held for them, and
/// the steps the calls it made counted but for finding them in the memo (those stay counted
/// if the run stops: the calls are remembered, and the call evaluated again finds them,
/// counting their finding again).
pub(super) struct Frame {
    pub slots: Vec<Small>,
    pub held: Held,
    pub kept_steps: u64,
    /// The list, set or string a call gave last: a body that gives it on (`if ... then
    /// trim(p[:-1]) else p`) gives the value itself, one shared copy in the memo rather than
    /// one for each call that gave it.
    pub last_given: Option<Given>,
}

pub(super) fn bail<T>() -> Run<T> {
    Err(Stop::Bail)
}

/// A list, set or string a call gave, as it runs here, and where its value is.
pub(super) enum Given {
    /// Found in the memo by these packed words (found again at the end, if given on).
    Found {
        small: Small,
        function: u32,
        len: u8,
        words: [u64; GIVEN_WORDS],
    },
    /// Made by a call evaluated.
    Made { small: Small, value: Value },
}

/// The most words of a call found whose value is kept track of.
pub(super) const GIVEN_WORDS: usize = 4;

/// A value of an argument, a call or an element: small if it can be, else held.
pub(super) fn held(value: &Value, frame: &mut Frame) -> Run<Small> {
    Small::of(value, &mut frame.held).ok_or(Stop::Bail)
}
