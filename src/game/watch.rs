//! Long computations (a heap game's table, a proof, a family called a million times) report
//! how far they are and stop when asked (Ctrl-C). The library only calls a [`Progress`];
//! drawing a bar is the edge's business.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy_alloc::Counts;

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
    /// What the running program may hold, measured from where it began (see
    /// [`Watch::measure_from`]).
    budget: Option<Budget>,
    /// The work of the game room in the running statement, in the evaluator's steps, and
    /// the `steps` limit it is held to (see [`Watch::spend`]).
    work: u64,
    pub work_limit: u64,
}

/// Room for what a program holds: at most `room` bytes more than at `since`, on this thread.
#[derive(Clone, Debug)]
struct Budget {
    since: Counts,
    room: i64,
    limit: u64,
    /// For the whole process (see [`Watch::measure_from`]): how many bytes the program will
    /// have allocated (freed or not) when the process's resident memory is read next.
    resident_at: Option<Cell<u64>>,
}

/// Once a program holds half its room, the process's resident memory is read every time it
/// has allocated this share of the limit more (what it frees too: the allocator's slack,
/// which no count sees, grows with what is allocated and freed).
const EVERY: u64 = 32;

impl Default for Watch {
    fn default() -> Self {
        Watch {
            interrupt: Arc::new(AtomicBool::new(false)),
            progress: None,
            reporting: false,
            budget: None,
            work: 0,
            work_limit: u64::MAX,
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
        self.work = 0;
        self.finish();
        if let Some(progress) = &mut self.progress {
            progress.begin();
        }
    }

    /// From here on, [`Watch::check`] also fails once this thread holds more than `room`
    /// bytes beyond what it held at `since` (`limit` being the `memory` limit the room is
    /// left of). For the `whole_process`, the process's resident memory is checked against
    /// the limit too, once the program is near it: it holds the allocator's slack, which no
    /// count sees.
    pub fn measure_from(&mut self, since: Counts, room: i64, limit: u64, whole_process: bool) {
        self.budget = Some(Budget {
            since,
            room,
            limit,
            resident_at: whole_process.then(|| Cell::new(since.allocated)),
        });
    }

    /// What is held is not measured any more (the program is over).
    pub fn unmeasured(&mut self) {
        self.budget = None;
    }

    /// [`GameError::Cancelled`] once interrupted, [`GameError::HeldTooMuch`] past the room
    /// measured: cheap enough to ask for every new game.
    pub fn check(&self) -> Result<(), GameError> {
        if self.interrupt.load(Ordering::Relaxed) {
            return Err(GameError::Cancelled);
        }
        if let Some(budget) = &self.budget {
            budget.check()?;
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

    /// Counts `units` steps of work done here (a step is about what the evaluator does for
    /// a call or a loop pass: 64 edges of a picture cut, a simplest form looked up): held to
    /// the `steps` limit, so that no computation the language can ask for runs unbounded.
    pub fn spend(&mut self, units: u64) -> Result<(), GameError> {
        self.work = self.work.saturating_add(units);
        if self.work > self.work_limit {
            self.finish();
            return Err(GameError::TooMuchWork {
                limit: self.work_limit,
            });
        }
        Ok(())
    }

    /// Whether `bytes` more fit in the room measured (see [`Watch::measure_from`]): asked
    /// before an allocation large enough to pass the limit at once.
    pub fn room_for(&self, bytes: u64) -> Result<(), GameError> {
        match &self.budget {
            Some(budget) => budget.room_for(bytes),
            None => Ok(()),
        }
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

impl Budget {
    fn room_for(&self, bytes: u64) -> Result<(), GameError> {
        let held = Counts::held_since(self.since);
        if held.saturating_add(bytes.min(i64::MAX as u64) as i64) > self.room {
            return Err(GameError::HeldTooMuch {
                more: held.max(0) as u64,
                asked: bytes,
                limit: self.limit,
            });
        }
        Ok(())
    }

    fn check(&self) -> Result<(), GameError> {
        let held = Counts::held_since(self.since);
        let too_much = || GameError::HeldTooMuch {
            more: held.max(0) as u64,
            asked: 0,
            limit: self.limit,
        };
        if held > self.room {
            return Err(too_much());
        }
        if let Some(resident_at) = &self.resident_at
            && held >= self.room / 2
        {
            let allocated = Counts::now().allocated;
            if allocated >= resident_at.get() {
                if crate::system::resident_bytes().is_some_and(|resident| resident > self.limit) {
                    return Err(too_much());
                }
                resident_at.set(allocated.saturating_add((self.limit / EVERY).max(1 << 18)));
            }
        }
        Ok(())
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
