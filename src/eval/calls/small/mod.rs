//! Family bodies run on small values: a position as a list of small naturals, a set of
//! integers below 64 or a short ASCII string is held in at most four words on the stack, not
//! as a tree of [`Value`]s, so a body that takes a list apart and builds its options' lists
//! allocates nothing, and finds each option in the memo by the packed words it makes
//! ([`data`]). The body is lowered once, on the family's first call ([`lower`]), and run
//! by [`run`], its calls and options by [`calls`], its operators and built-ins by [`ops`].
//!
//! It is a fast path, never a second meaning: a run stops the moment anything falls outside
//! it (a value too large to be small, an error the tree-walker would report, a form not
//! lowered), and the call is then evaluated as before, by the compiled body or the
//! tree-walker, from the start. So every value, move and diagnostic is what it was, and
//! steps are counted to the step as the tree-walker counts them (tests/small.rs); only the
//! time changes, and the memory held on the way, which is less (so the `memory` limit is
//! reached later, if at all). A family whose runs keep stopping is no longer tried.

mod calls;
mod data;
mod frame;
mod lower;
mod ops;
mod run;

use std::sync::Arc;

use frame::{Frame, Given, Stop};
use lower::{Body, Names};

use crate::eval::values::{Function, Value};
use crate::eval::{Result, Session};

/// A family is no longer run here once this many runs stopped early ...
const STOPS_TOLERATED: u32 = 16;
/// ... and they are more than a quarter of its runs.
const STOPPED_SHARE: u32 = 4;

/// A family's lowered body, if it has one, and how its runs went.
#[derive(Debug, Default)]
pub(in crate::eval) struct Lowered {
    body: Option<Arc<Body>>,
    ran: u32,
    stopped: u32,
}

impl Session {
    /// The value of a call run on small values; `None` when the call is to be evaluated as
    /// before (the body is not lowered, an argument is of no kind it runs on, or the run
    /// stopped).
    pub(in crate::eval) fn run_small(
        &mut self,
        function: &Function,
        args: &[Value],
    ) -> Option<Result<Value>> {
        // Families of integers alone run faster compiled (`compile`), where their calls
        // are found without making a value of them.
        if args.iter().all(|arg| matches!(arg, Value::Int(_))) {
            return None;
        }
        let body = self.lowered_body(function)?;
        let mut frame = Frame {
            slots: Vec::with_capacity(body.slots),
            held: data::Held::default(),
            kept_steps: 0,
            last_given: None,
        };
        for arg in args {
            let small = data::Small::of(arg, &mut frame.held)?;
            frame.slots.push(small);
        }
        frame.slots.resize(body.slots, data::Small::Int(0));
        let steps = self.meter.steps;
        let result = self.run_body(&body, &mut frame);
        let lowered = self.calls.lowered.entry(function.id).or_default();
        lowered.ran += 1;
        match result {
            Ok(small) => Some(Ok(self.shared(small, args, &frame))),
            Err(Stop::Flow(flow)) => Some(Err(*flow)),
            Err(Stop::Bail) => {
                lowered.stopped += 1;
                // The call is evaluated again from the start, and counted again, but for the
                // calls it made: those are remembered now.
                self.meter.steps = steps + frame.kept_steps;
                None
            }
        }
    }

    /// The family's lowered body, lowered on its first call; `None` when it has none, when
    /// its runs keep stopping, or when an explanation is noting how the body writes its
    /// options (which the tree-walker does).
    fn lowered_body(&mut self, function: &Function) -> Option<Arc<Body>> {
        if !self.calls.compile_bodies || !self.recording_off() {
            return None;
        }
        if let Some(lowered) = self.calls.lowered.get(&function.id) {
            if lowered.stopped > STOPS_TOLERATED && lowered.stopped * STOPPED_SHARE > lowered.ran {
                return None;
            }
            return lowered.body.clone();
        }
        let body = lower::lower(function, &mut SessionNames(self));
        let body = body.map(Arc::new);
        self.calls.lowered.insert(
            function.id,
            Lowered {
                body: body.clone(),
                ..Lowered::default()
            },
        );
        body
    }
}

/// Names as the tree-walker finds them from the body being lowered.
struct SessionNames<'a>(&'a mut Session);

impl Names for SessionNames<'_> {
    fn family(&mut self, name: &str) -> Option<Arc<Function>> {
        if crate::eval::builtins::is_builtin(name) && self.0.global(name).is_none() {
            return None;
        }
        self.0.family_called(name)
    }

    fn builtin(&mut self, name: &str) -> bool {
        crate::eval::builtins::is_builtin(name) && self.0.global(name).is_none()
    }
}

impl Session {
    /// The value a run gave: an argument or what a call gave, if it is one of those (shared,
    /// not copied), else made.
    fn shared(&self, small: data::Small, args: &[Value], frame: &Frame) -> Value {
        use data::Small::{Bits, List, Str};
        if let List(_) | Str(_) | Bits(_) = small {
            if let Some(at) = frame.slots[..args.len()]
                .iter()
                .position(|&arg| arg == small)
            {
                return args[at].clone();
            }
            match &frame.last_given {
                Some(Given::Made {
                    small: given,
                    value,
                }) if *given == small => {
                    return value.clone();
                }
                Some(Given::Found {
                    small: given,
                    function,
                    len,
                    words,
                }) if *given == small => {
                    let words = &words[..usize::from(*len)];
                    if let Some(value) = self.calls.memo.find_packed(*function, words) {
                        return value.clone();
                    }
                }
                _ => {}
            }
        }
        small.value(&frame.held)
    }
}
