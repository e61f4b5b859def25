//! [`Sequence`]: the Grundy values of one heap game, computed bottom-up on demand into a
//! `u16` table, handed to the engine that suits the game, and answered from a proved period
//! once there is one.
//!
//! Engines: codes with three-heap moves use the three-heap engine. Every other game starts
//! on the plain scan; every time the table doubles from 4096 heaps on, the values so far
//! choose the sparse-space classifier with the fewest rare positions, and the sparse engine
//! runs while its estimated cost (see [`sparse_pays`]) is below the plain scan's. Which
//! engine runs changes only the speed, never a value.

use std::fmt;

use super::classify::{self, Choice, Classifier};
use super::kernel::Checker;
use super::period::{Period, PeriodSearch, longest_provable};
use super::rules::Rules;
use super::scan::{CHECK_FROM_PAIRS, ScanEngine};
use super::triple::TripleEngine;
use super::{HeapError, HeapGame};

/// Bounds on one sequence, so that a request cannot take the whole machine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HeapLimits {
    /// Values computed one by one (a proved period answers beyond them).
    pub max_computed: u64,
    /// Bytes of tables, including a table of values handed out by [`Sequence::values_to`].
    pub max_bytes: u64,
    /// Work (pairs of heaps looked at) the sequence may have done in all before a
    /// computation stops: a bound on time that depends neither on the machine nor on how
    /// the values were asked for.
    pub max_work: u64,
}

impl Default for HeapLimits {
    fn default() -> Self {
        HeapLimits {
            max_computed: 100_000_000,
            max_bytes: 1 << 30,
            max_work: u64::MAX,
        }
    }
}

/// Which engine is computing the values now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// Every split scanned, candidate by candidate.
    Scan,
    /// Sparse space: values needing a rare heap come from a loop over the rare positions.
    Sparse { classifier: Classifier, rare: usize },
    /// Codes with moves that leave three heaps.
    ThreeHeaps,
    /// Nothing left to compute: the values come from a proved period.
    Periodic,
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineKind::Scan => f.write_str("scan"),
            EngineKind::Sparse { classifier, rare } => {
                let space = if classifier.by_position {
                    "domain"
                } else {
                    "range"
                };
                write!(
                    f,
                    "sparse space in the {space} (mask {:#06x}, {rare} rare positions)",
                    classifier.mask
                )
            }
            EngineKind::ThreeHeaps => f.write_str("three-heap splits"),
            EngineKind::Periodic => f.write_str("periodic"),
        }
    }
}

/// What is known about the period of the sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PeriodStatus {
    /// g is periodic, with this certificate.
    Proved(Period),
    /// The first `computed` values prove no period: every period they could prove (at most
    /// `longest_period`, from any n0) was searched, and none satisfies the hypothesis.
    NotFound { computed: u64, longest_period: u64 },
    /// The periodicity theorem does not apply to this game.
    NotApplicable,
}

enum Engine {
    Scan(ScanEngine),
    ThreeHeaps(TripleEngine),
    Finished,
}

/// Heaps between calls of the progress callback (and memory checks); few, because a heap
/// can take milliseconds.
const PROGRESS_EVERY: usize = 64;
/// The first table size at which the values choose an engine (small in tests, so that the
/// cross-checks against the naive loop cover every switch).
const FIRST_REVIEW: usize = if cfg!(test) { 256 } else { 4096 };

/// The Grundy values of a heap game, g(0), g(1), ..., extended on demand.
pub struct Sequence {
    game: HeapGame,
    rules: Rules,
    limits: HeapLimits,
    values: Vec<u16>,
    engine: Engine,
    /// `None` when the periodicity theorem does not apply.
    period: Option<PeriodSearch>,
    next_review: usize,
    /// Pairs of heaps looked at so far.
    work: u64,
}

impl Sequence {
    /// A sequence with the default limits; nothing is computed until asked.
    pub fn new(game: HeapGame) -> Sequence {
        Sequence::with_limits(game, HeapLimits::default())
    }

    /// A sequence whose computations fail cleanly past `limits`.
    pub fn with_limits(game: HeapGame, limits: HeapLimits) -> Sequence {
        let rules = Rules::of(&game);
        let engine = if rules.three_heaps.is_empty() {
            Engine::Scan(ScanEngine::new(None, &[]))
        } else {
            Engine::ThreeHeaps(TripleEngine::new())
        };
        Sequence {
            period: game.periodicity_t().map(PeriodSearch::new),
            game,
            rules,
            limits,
            values: Vec::new(),
            engine,
            next_review: FIRST_REVIEW,
            work: 0,
        }
    }

    /// Changes the limits for computations from now on.
    pub fn set_limits(&mut self, limits: HeapLimits) {
        self.limits = limits;
    }

    /// The game whose values these are.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The values computed one by one so far: g(0), ..., g(computed - 1).
    pub fn computed_values(&self) -> &[u16] {
        &self.values
    }

    /// The proved period, if there is one yet.
    pub fn period(&self) -> Option<Period> {
        self.period.as_ref().and_then(PeriodSearch::proved)
    }

    /// The period if proved; otherwise an exact statement of what the computed values rule
    /// out (this may run one more search over them).
    pub fn period_status(&mut self) -> PeriodStatus {
        let Some(search) = &mut self.period else {
            return PeriodStatus::NotApplicable;
        };
        if search.proved().is_none() && search.searched() < self.values.len() {
            search.search(&self.values);
        }
        match search.proved() {
            Some(period) => {
                self.engine = Engine::Finished;
                PeriodStatus::Proved(period)
            }
            None => PeriodStatus::NotFound {
                computed: self.values.len() as u64,
                longest_period: longest_provable(self.values.len() as u64, search.t()),
            },
        }
    }

    /// The engine computing the next values.
    pub fn engine(&self) -> EngineKind {
        match &self.engine {
            Engine::Scan(scan) => match scan.classifier() {
                Some(classifier) => EngineKind::Sparse {
                    classifier,
                    rare: scan.rare_count(),
                },
                None => EngineKind::Scan,
            },
            Engine::ThreeHeaps(_) => EngineKind::ThreeHeaps,
            Engine::Finished => EngineKind::Periodic,
        }
    }

    /// Pairs of heaps looked at so far, over all computations.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Bytes held by the table and the engine.
    pub fn memory_bytes(&self) -> u64 {
        let engine = match &self.engine {
            Engine::Scan(scan) => scan.memory_bytes(),
            Engine::ThreeHeaps(triple) => triple.memory_bytes(),
            Engine::Finished => 0,
        };
        (self.values.capacity() * 2 + engine) as u64
    }

    /// g(n).
    pub fn value(&mut self, n: u64) -> Result<u16, HeapError> {
        self.value_with_progress(n, &mut |_, _| true)
    }

    /// g(n); `progress(done, target)` is called every few thousand heaps and stops the
    /// computation by returning false.
    pub fn value_with_progress(
        &mut self,
        n: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<u16, HeapError> {
        self.compute_to(n, progress)?;
        let index = self.period().map_or(n, |period| period.fold(n));
        Ok(self.values[index as usize])
    }

    /// g(0), ..., g(n) as one table, filled from the period beyond the computed values.
    pub fn values_to(
        &mut self,
        n: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<Vec<u16>, HeapError> {
        let bytes = n.saturating_add(1).saturating_mul(2);
        if bytes.saturating_add(self.memory_bytes()) > self.limits.max_bytes {
            return Err(HeapError::MemoryLimit {
                needed: n,
                bytes,
                limit: self.limits.max_bytes,
            });
        }
        self.compute_to(n, progress)?;
        let count = n as usize + 1;
        let Some(period) = self.period() else {
            return Ok(self.values[..count].to_vec());
        };
        let (start, end) = (
            period.preperiod as usize,
            (period.preperiod + period.period) as usize,
        );
        let mut out = Vec::with_capacity(count);
        out.extend_from_slice(&self.values[..count.min(end)]);
        // Index `end` folds to `start`, so whole cycles follow.
        while out.len() < count {
            let take = (count - out.len()).min(end - start);
            out.extend_from_slice(&self.values[start..start + take]);
        }
        Ok(out)
    }

    /// Computes until g(n) is known: directly, or from a proved period. `progress(done,
    /// total)` counts values, `total` being where the computation will end (as far as the
    /// work done so far tells, under a work limit).
    pub fn compute_to(
        &mut self,
        n: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(), HeapError> {
        while self.period().is_none() && self.values.len() as u64 <= n {
            let len = self.values.len();
            if self.work > self.limits.max_work {
                return Err(HeapError::WorkLimit {
                    computed: len as u64,
                    work: self.work,
                });
            }
            if len as u64 >= self.limits.max_computed {
                // One more search, so that the error's "no period" covers every value.
                if let PeriodStatus::Proved(_) = self.period_status() {
                    break;
                }
                return Err(HeapError::TableLimit {
                    needed: n,
                    limit: self.limits.max_computed,
                });
            }
            if len == self.values.capacity() {
                self.grow_table(n)?;
            }
            if len.is_multiple_of(PROGRESS_EVERY) {
                if !progress(len as u64, self.expected_end(n)) {
                    return Err(HeapError::Cancelled {
                        computed: len as u64,
                    });
                }
                self.check_memory(n)?;
            }
            self.step()?;
        }
        Ok(())
    }

    /// How many values the computation of g(n) will have computed: n + 1, or fewer under
    /// the limits (the work limit's reach estimated from the work per value so far).
    fn expected_end(&self, n: u64) -> u64 {
        let len = self.values.len() as u64;
        let mut end = n.saturating_add(1).min(self.limits.max_computed);
        if self.limits.max_work != u64::MAX && self.work > 0 {
            let reach = u128::from(len) * u128::from(self.limits.max_work) / u128::from(self.work);
            end = end.min(u64::try_from(reach).unwrap_or(u64::MAX));
        }
        end.max(len)
    }

    /// Makes room for more values: twice as many, but never past g(n), so that a table
    /// computed to 10^7 holds 10^7 values, not 2^24.
    /// An error if the machine would not give the memory (the limits are checked apart).
    fn grow_table(&mut self, n: u64) -> Result<(), HeapError> {
        let len = self.values.len();
        let last = usize::try_from(n).unwrap_or(usize::MAX);
        let wanted = (len * 2).max(PROGRESS_EVERY).min(last.saturating_add(1));
        let wanted = wanted.min(self.limits.max_computed as usize);
        self.values
            .try_reserve_exact(wanted - len)
            .map_err(|_| HeapError::AllocationFailed {
                bytes: 2 * wanted as u64,
            })
    }

    /// The room the table has for values.
    #[cfg(test)]
    pub(super) fn table_capacity(&self) -> usize {
        self.values.capacity()
    }

    fn check_memory(&mut self, n: u64) -> Result<(), HeapError> {
        let bytes = self.memory_bytes();
        if bytes > self.limits.max_bytes {
            return Err(HeapError::MemoryLimit {
                needed: n,
                bytes,
                limit: self.limits.max_bytes,
            });
        }
        Ok(())
    }

    /// Computes the next value.
    fn step(&mut self) -> Result<(), HeapError> {
        let len = self.values.len();
        self.work += 1;
        let value = match &mut self.engine {
            Engine::Scan(scan) => scan.next(&self.rules, &self.values, &mut self.work),
            Engine::ThreeHeaps(triple) => triple.next(&self.rules, &self.values, &mut self.work),
            Engine::Finished => unreachable!("nothing is computed once a period is proved"),
        };
        let value =
            u16::try_from(value).map_err(|_| HeapError::ValueOverflow { heap: len as u64 })?;
        self.values.push(value);
        if let Engine::Scan(scan) = &mut self.engine {
            scan.record(len, value);
        }
        if let Some(search) = &mut self.period
            && search.observe(&self.values).is_some()
        {
            self.engine = Engine::Finished;
        }
        if self.values.len() == self.next_review {
            self.next_review *= 2;
            self.review_engine();
        }
        Ok(())
    }

    /// Whether the plain scan would check (not mark) most pairs of the heaps to come.
    fn check_scan_runs(&self) -> bool {
        Checker::detect().is_some() && self.values.len() / 2 >= CHECK_FROM_PAIRS
    }

    /// Lets the values so far choose between the plain scan and sparse space.
    fn review_engine(&mut self) {
        let Engine::Scan(scan) = &self.engine else {
            return;
        };
        let checks = self.check_scan_runs();
        let wanted = classify::choose(&self.values, &self.rules)
            .filter(|choice| sparse_pays(choice, self.values.len(), checks))
            .map(|choice| choice.classifier);
        if wanted != scan.classifier() {
            self.engine = Engine::Scan(ScanEngine::new(wanted, &self.values));
        }
    }
}

/// Whether the sparse engine's estimated work per heap is below the plain scan's, counted in
/// pairs marked: a full scan is `len / 2` pairs, and costs about 0.6 of that on the check
/// scan (0.007 to 10^5: about 0.6 s against 1.2 s marking); the sparse engine loops over the
/// rare positions (a random access each, about two pairs' worth), scans fully at the rate
/// rare positions recently appeared, and spends about a fifth of a full scan finding the
/// values of two common heaps (measured on 0.007 between n = 50 000 and 400 000, searching;
/// skipping the search where it keeps running over, which 0.007 does, leaves the switch
/// where it was: sparse space from 131 072 was still slower to 262 000).
fn sparse_pays(choice: &Choice, len: usize, checks: bool) -> bool {
    let half = (len / 2) as f64;
    let scan = if checks { 0.6 * half } else { half };
    let recent_rate = choice.recent_rare as f64 / (len - len / 2) as f64;
    let sparse = 2.0 * choice.rare as f64 + recent_rate * half + 0.2 * half;
    sparse < scan
}
