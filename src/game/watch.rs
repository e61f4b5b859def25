//! Long computations (a heap game's table, far out) report how far they are and stop when
//! asked (Ctrl-C). The library only calls a [`Progress`]; drawing a bar is the edge's business.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::GameError;

/// Told how a long computation goes, every few thousand steps.
pub trait Progress: Send {
    /// `done` of `total` steps of `what`.
    fn report(&mut self, what: &str, done: u64, total: u64);
    /// The computation is over (finished, failed or cancelled).
    fn finish(&mut self);
}

/// What a long computation checks in with.
pub struct Watch {
    interrupt: Arc<AtomicBool>,
    progress: Option<Box<dyn Progress>>,
    reporting: bool,
}

impl Default for Watch {
    fn default() -> Self {
        Watch {
            interrupt: Arc::new(AtomicBool::new(false)),
            progress: None,
            reporting: false,
        }
    }
}

impl Watch {
    /// Steps between two check-ins.
    pub const EVERY: u64 = 1 << 16;

    /// Whether a computation that has done `count` steps should check in now.
    pub fn due(count: usize) -> bool {
        count > 0 && (count as u64).is_multiple_of(Self::EVERY)
    }

    pub fn new(interrupt: Arc<AtomicBool>) -> Self {
        Watch {
            interrupt,
            ..Watch::default()
        }
    }

    pub fn set_progress(&mut self, progress: Option<Box<dyn Progress>>) {
        self.progress = progress;
    }

    /// Stops with [`GameError::Cancelled`] once interrupted; reports progress otherwise.
    pub fn tick(&mut self, what: &str, done: u64, total: u64) -> Result<(), GameError> {
        if self.interrupt.load(Ordering::Relaxed) {
            self.finish();
            return Err(GameError::Cancelled);
        }
        if let Some(progress) = &mut self.progress {
            progress.report(what, done, total);
            self.reporting = true;
        }
        Ok(())
    }

    /// Ends the report of a computation, if one was being reported.
    pub fn finish(&mut self) {
        if self.reporting
            && let Some(progress) = &mut self.progress
        {
            progress.finish();
        }
        self.reporting = false;
    }
}
