//! Long computations (a heap game's table, a proof, a family called a million times) report
//! how far they are and stop when asked (Ctrl-C). The library only calls a [`Progress`];
//! drawing a bar is the edge's business.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::GameError;

/// Told how a long computation goes, every few thousand steps.
pub trait Progress: Send {
    /// A statement starts: the time it has taken is counted from here, whichever of its
    /// computations reports.
    fn begin(&mut self) {}
    /// `done` of `total` steps of `what`; a `total` of 0 means it is not known in advance.
    fn report(&mut self, what: &str, done: u64, total: u64);
    /// The computation that reported is over (finished, failed or cancelled).
    fn finish(&mut self);
    /// The statement is over: nothing of it is reported any more.
    fn end(&mut self) {
        self.finish();
    }
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

    /// A statement starts (see [`Progress::begin`]).
    pub fn begin(&mut self) {
        self.finish();
        if let Some(progress) = &mut self.progress {
            progress.begin();
        }
    }

    /// [`GameError::Cancelled`] once interrupted: cheap enough to ask for every new game.
    pub fn check(&self) -> Result<(), GameError> {
        if self.interrupt.load(Ordering::Relaxed) {
            return Err(GameError::Cancelled);
        }
        Ok(())
    }

    /// Stops with [`GameError::Cancelled`] once interrupted; reports progress otherwise
    /// (`total` 0: not known in advance).
    pub fn tick(&mut self, what: &str, done: u64, total: u64) -> Result<(), GameError> {
        if let Err(cancelled) = self.check() {
            self.finish();
            return Err(cancelled);
        }
        if let Some(progress) = &mut self.progress {
            progress.report(what, done, total);
            self.reporting = true;
        }
        Ok(())
    }

    /// The statement is over: its reports end, whichever computation made them.
    pub fn end(&mut self) {
        if self.reporting
            && let Some(progress) = &mut self.progress
        {
            progress.end();
        }
        self.reporting = false;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Records what it is told.
    #[derive(Clone, Default)]
    struct Log(Arc<Mutex<Vec<String>>>);

    impl Progress for Log {
        fn begin(&mut self) {
            self.0.lock().unwrap().push("begin".into());
        }
        fn report(&mut self, what: &str, done: u64, total: u64) {
            self.0
                .lock()
                .unwrap()
                .push(format!("{what} {done}/{total}"));
        }
        fn finish(&mut self) {
            self.0.lock().unwrap().push("finish".into());
        }
    }

    #[test]
    fn a_tick_reports_until_interrupted() {
        let flag = Arc::new(AtomicBool::new(false));
        let log = Log::default();
        let mut watch = Watch::new(flag.clone());
        watch.set_progress(Some(Box::new(log.clone())));
        watch.begin();
        assert_eq!(watch.tick("why", 5, 0), Ok(()));
        assert_eq!(watch.check(), Ok(()));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(watch.check(), Err(GameError::Cancelled));
        assert_eq!(watch.tick("why", 6, 0), Err(GameError::Cancelled));
        assert_eq!(*log.0.lock().unwrap(), ["begin", "why 5/0", "finish"]);
    }
}
