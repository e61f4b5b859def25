//! One game of a survey: its values computed to a bound, or until its period is proved, and
//! what came of it as a [`Record`]. A job holds nothing of a session: it runs on any thread
//! (or, from Python, in any process), under its own limits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::game::heap::{
    EngineKind, HeapError, HeapGame, HeapLimits, PeriodStatus, Sequence, naive_values,
};

/// A game to survey: its values g(0), ..., g(to) at most.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub game: HeapGame,
    pub to: u64,
    /// Bytes its tables may take.
    pub bytes: u64,
    /// Pairs of heaps it may look at (a bound on time that does not depend on the machine).
    pub work: u64,
}

/// How a survey's game came out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// The game's code, `0.137` (`Grundy's game` for Grundy's game).
    pub game: String,
    /// The bound it was surveyed to.
    pub to: u64,
    pub status: Status,
    /// Values computed, g(0) to g(computed - 1).
    pub computed: u64,
    /// The largest of them.
    pub largest: u16,
    /// The engine at the end: `scan`, `sparse space ...`, `three-heap splits`, `periodic`.
    pub engine: String,
    /// Rare positions, when the sparse-space engine ran.
    pub rare: Option<u64>,
    /// The first values, checked against the plain mex loop.
    pub rechecked: u64,
    /// Milliseconds it took.
    pub millis: u64,
    /// Bytes its tables held at the end.
    pub bytes: u64,
}

/// What a survey found of one game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Periodic from `preperiod` with `period`: g(n + p) = g(n) checked for every n below
    /// `checked_to` = 2·max(n0, 1) + p + t, which proves it (the octal periodicity theorem).
    Proved {
        preperiod: u64,
        period: u64,
        checked_to: u64,
    },
    /// No period among the values computed (none up to `longest_period` from any n0), and
    /// what stopped the computation.
    Open { longest_period: u64, stopped: Stop },
    /// The periodicity theorem does not apply (Grundy's game, codes leaving three heaps):
    /// values only.
    NoTheorem { stopped: Stop },
    /// A value of the fast engine differs from the plain mex loop's, at this heap: a bug,
    /// reported rather than tabulated.
    Mismatch { heap: u64 },
}

/// A status taken apart, as the survey's file and `--json` give it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct StatusFields {
    /// `periodic`, `open`, `values only` or `mismatch`.
    pub word: &'static str,
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
    pub checked_to: Option<u64>,
    pub longest_period: Option<u64>,
    pub stopped: Option<Stop>,
    pub mismatch_at: Option<u64>,
}

impl Status {
    pub fn fields(&self) -> StatusFields {
        match *self {
            Status::Proved {
                preperiod,
                period,
                checked_to,
            } => StatusFields {
                word: "periodic",
                preperiod: Some(preperiod),
                period: Some(period),
                checked_to: Some(checked_to),
                ..StatusFields::default()
            },
            Status::Open {
                longest_period,
                stopped,
            } => StatusFields {
                word: "open",
                longest_period: Some(longest_period),
                stopped: Some(stopped),
                ..StatusFields::default()
            },
            Status::NoTheorem { stopped } => StatusFields {
                word: "values only",
                stopped: Some(stopped),
                ..StatusFields::default()
            },
            Status::Mismatch { heap } => StatusFields {
                word: "mismatch",
                mismatch_at: Some(heap),
                ..StatusFields::default()
            },
        }
    }
}

/// What ended a computation short of a period.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The survey's bound.
    Bound,
    /// The work allowed (pairs of heaps).
    Work,
    /// The memory allowed.
    Memory,
    /// A value past 65535, which the tables do not hold.
    LargeValue,
    /// Ctrl-C.
    Cancelled,
}

impl Stop {
    pub fn word(self) -> &'static str {
        match self {
            Stop::Bound => "bound",
            Stop::Work => "work",
            Stop::Memory => "memory",
            Stop::LargeValue => "large value",
            Stop::Cancelled => "cancelled",
        }
    }

    pub fn from_word(word: &str) -> Option<Stop> {
        [
            Stop::Bound,
            Stop::Work,
            Stop::Memory,
            Stop::LargeValue,
            Stop::Cancelled,
        ]
        .into_iter()
        .find(|stop| stop.word() == word)
    }
}

/// Values checked against the plain mex loop: O(n²) for codes leaving two heaps, O(n³) for
/// three, so a few milliseconds a game either way.
const RECHECK_TWO_HEAPS: u64 = 2000;
const RECHECK_THREE_HEAPS: u64 = 200;

/// Runs a job to its end: a period, the bound, a limit, or `cancel` set. `progress` is told
/// the values computed so far, every few dozen heaps.
pub fn run_job(job: &Job, cancel: &AtomicBool, progress: &mut dyn FnMut(u64)) -> Record {
    let started = Instant::now();
    let limits = HeapLimits {
        max_computed: job.to.saturating_add(1),
        max_bytes: job.bytes,
        max_work: job.work,
    };
    let mut sequence = Sequence::with_limits(job.game.clone(), limits);
    let result = sequence.compute_to(job.to, &mut |done, _| {
        progress(done);
        !cancel.load(Ordering::Relaxed)
    });
    let stopped = match result {
        Ok(()) => Stop::Bound,
        Err(HeapError::WorkLimit { .. }) => Stop::Work,
        Err(HeapError::MemoryLimit { .. } | HeapError::AllocationFailed { .. }) => Stop::Memory,
        Err(HeapError::ValueOverflow { .. }) => Stop::LargeValue,
        Err(HeapError::Cancelled { .. }) => Stop::Cancelled,
        Err(HeapError::TableLimit { .. } | HeapError::TooManyMoves { .. }) => Stop::Bound,
    };
    let status = match sequence.period_status() {
        PeriodStatus::Proved(period) => Status::Proved {
            preperiod: period.preperiod,
            period: period.period,
            checked_to: period.checked_to,
        },
        PeriodStatus::NotFound { longest_period, .. } => Status::Open {
            longest_period,
            stopped,
        },
        PeriodStatus::NotApplicable => Status::NoTheorem { stopped },
    };
    let values = sequence.computed_values();
    let engine = sequence.engine();
    let rare = match engine {
        EngineKind::Sparse { rare, .. } => Some(rare as u64),
        _ => None,
    };
    let mut record = Record {
        game: job.game.to_string(),
        to: job.to,
        status,
        computed: values.len() as u64,
        largest: values.iter().copied().max().unwrap_or(0),
        engine: engine.to_string(),
        rare,
        rechecked: 0,
        millis: 0,
        bytes: sequence.memory_bytes(),
    };
    let prefix = match job.game.code().and_then(|code| code.three_heap_digit()) {
        Some(_) => RECHECK_THREE_HEAPS,
        None => RECHECK_TWO_HEAPS,
    }
    .min(values.len() as u64);
    if prefix > 0
        && let Ok(naive) = naive_values(&job.game, prefix - 1)
    {
        record.rechecked = prefix;
        if let Some(heap) = (0..prefix as usize).find(|&i| naive[i] != values[i]) {
            record.status = Status::Mismatch { heap: heap as u64 };
        }
    }
    record.millis = started.elapsed().as_millis() as u64;
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::heap::Code;

    fn job(code: &str, to: u64) -> Job {
        Job {
            game: HeapGame::TakeBreak(Code::parse(code).unwrap()),
            to,
            bytes: 1 << 28,
            work: u64::MAX,
        }
    }

    fn run(job: &Job) -> Record {
        run_job(job, &AtomicBool::new(false), &mut |_| {})
    }

    #[test]
    fn kayles_is_proved_periodic_with_period_12() {
        let record = run(&job("0.77", 100_000));
        assert_eq!(record.game, "0.77");
        assert!(
            matches!(
                record.status,
                Status::Proved {
                    preperiod: 71,
                    period: 12,
                    ..
                }
            ),
            "{record:?}"
        );
        assert_eq!(record.largest, 8);
        assert!(record.rechecked > 0);
    }

    #[test]
    fn an_open_game_stops_at_the_bound() {
        // 0.007 (Treblecross, unsolved) has no period among its first values.
        let record = run(&job("0.007", 3000));
        assert_eq!(record.computed, 3001);
        assert!(
            matches!(
                record.status,
                Status::Open {
                    stopped: Stop::Bound,
                    ..
                }
            ),
            "{record:?}"
        );
    }

    #[test]
    fn cancelling_stops_a_job() {
        let record = run_job(
            &job("0.007", 1_000_000),
            &AtomicBool::new(true),
            &mut |_| {},
        );
        assert!(
            matches!(
                record.status,
                Status::Open {
                    stopped: Stop::Cancelled,
                    ..
                }
            ),
            "{record:?}"
        );
    }
}
