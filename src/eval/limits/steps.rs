//! Steps: the work one statement does, counted as it is done — a call, a pass of a `for`, an
//! edge of a picture drawn, or 64 elements a built-in goes through — and held to the `steps`
//! limit; every 1024th step also listens for Ctrl-C, checks the memory measured and reports
//! progress.

use crate::eval::{Result, Session};

use crate::eval::report::error::EvalError;

use crate::eval::values::Value;
use crate::source::Span;

/// Elements of a list, set or string a builtin goes through for one step: about as long as
/// a call or a loop pass takes.
pub(in crate::eval) const ELEMENTS_A_STEP: usize = 64;

/// Calls nested this deep are named in the progress counter.
const DEEP: usize = 10_000;

impl Session {
    /// Counts one step of work, and stops when the limit is passed or Ctrl-C was pressed.
    #[inline]
    pub(in crate::eval) fn step(&mut self, span: Span) -> Result<()> {
        self.meter.steps += 1;
        if self.meter.steps <= self.meter.limits.steps && !self.meter.steps.is_multiple_of(1024) {
            return Ok(());
        }
        self.steps_checked(span, true)
    }

    /// Counts a builtin's pass over a list, set or string of `elements` as a step for every
    /// [`ELEMENTS_A_STEP`] of them, so that a loop repeating it is bounded by the work done,
    /// not by the number of passes alone.
    pub(in crate::eval) fn pass_over(&mut self, elements: usize, span: Span) -> Result<()> {
        self.work(elements.div_ceil(ELEMENTS_A_STEP) as u64, span)
    }

    /// Counts `units` steps of work at once: drawing a picture costs one an edge.
    pub(in crate::eval) fn work(&mut self, units: u64, span: Span) -> Result<()> {
        let before = self.meter.steps;
        self.meter.steps = self.meter.steps.saturating_add(units);
        self.steps_checked(span, before / 1024 != self.meter.steps / 1024)
    }

    /// Stops past the `steps` limit; at every 1024th step, also on Ctrl-C.
    #[cold]
    fn steps_checked(&mut self, span: Span, tick: bool) -> Result<()> {
        if self.meter.steps > self.meter.limits.steps {
            return Err(EvalError::TooManySteps {
                span,
                limit: self.meter.limits.steps,
            }
            .into());
        }
        if tick {
            let what = self.deep_calls_words();
            let what = what.as_deref().unwrap_or("calls and loop passes");
            if let Err(error) = self.arena.watch.tick(what, self.meter.steps, 0) {
                return Err(self.game_error(error, span));
            }
        }
        Ok(())
    }

    /// What the progress counter says of calls nested very deep, the innermost below 0:
    /// most likely a family with no base case for the arguments it goes down through
    /// (`calls 300000 deep, now S(-299995): a base case never reached?`).
    fn deep_calls_words(&self) -> Option<String> {
        let depth = self.calls.depth();
        if depth < DEEP {
            return None;
        }
        let key = self.calls.innermost()?;
        let negative = key
            .args
            .iter()
            .any(|arg| matches!(arg, Value::Int(n) if *n < 0));
        let call = self.show_call(self.function_name(key.function), key);
        Some(match negative {
            true => format!("calls {depth} deep, now {call}: a base case never reached?"),
            false => format!("calls {depth} deep, now {call}"),
        })
    }
}
