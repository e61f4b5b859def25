//! Heap games in the arena. A Kayles row or a Grundy's-game heap is one node named by its
//! game and size; its value comes from the engines in [`super::heap`], never from expanding
//! the DAG. An option of a heap is the sum of the heaps a move leaves. (Wythoff's queen is
//! in [`super::wythoff`].)

use super::heap::{
    HeapError, HeapGame, HeapLimits, HeapMove, Period, PeriodStatus, Sequence, Visit, move_count,
    visit_moves,
};
use super::moves::Move;
use super::{Arena, GameError, GameId, Node, heap_family};

/// Which heap game, among those the arena has seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapGameId(pub(super) u32);

/// What stopped a period search before the values it was asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchStop {
    /// The `search` limit: the sequence had looked at this many pairs of heaps in all.
    Work(u64),
    /// The `heap` limit: the table holds this many values.
    Table(u64),
}

/// How a period search ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PeriodSearched {
    pub status: PeriodStatus,
    /// What stopped it short of the values it was asked for, if anything did.
    pub stopped: Option<SearchStop>,
}

/// Moves of each group scanned for winning ones in a heap too large to list all its moves.
const SCAN_BUDGET: u64 = 100_000;

/// Winning moves collected from such a heap.
const FIRST_FOUND: usize = 30;

impl Arena {
    /// A heap of `size` in a take-and-break game or Grundy's game.
    pub fn heap(&mut self, game: &HeapGame, size: u64) -> Result<GameId, GameError> {
        let (index, new) = self.heap_games.insert_full(game.clone());
        if new {
            self.heap_sequences.push(Sequence::new(game.clone()));
        }
        let game = HeapGameId(index as u32);
        self.intern(Node::Heap { game, size })
    }

    pub fn heap_game(&self, game: HeapGameId) -> &HeapGame {
        &self.heap_games[game.0 as usize]
    }

    pub fn heap_sequence(&self, game: HeapGameId) -> &Sequence {
        &self.heap_sequences[game.0 as usize]
    }

    /// g(size), from the table, or from the period for a heap beyond it: the same search
    /// as `period(F)`'s, within the `search` and `heap` limits, must prove one.
    pub(super) fn heap_value(&mut self, game: HeapGameId, size: u64) -> Result<u64, GameError> {
        let computed = self.heap_sequence(game).computed_values();
        // Found in the table: nothing to compute, nor to show progress for.
        if let Some(&value) = usize::try_from(size).ok().and_then(|i| computed.get(i)) {
            return Ok(u64::from(value));
        }
        let computed = computed.len() as u64;
        // A table computed further before the `heap` limit was lowered still answers.
        if size >= self.limits.heap_table as u64 && size >= computed {
            let searched = self.heap_period(game, None)?;
            match searched.status {
                PeriodStatus::Proved(_) => {}
                PeriodStatus::NotFound { computed, .. } => {
                    return Err(GameError::NoPeriod {
                        family: heap_family(self.heap_game(game)),
                        needed: size,
                        computed,
                        stopped: searched.stopped,
                    });
                }
                // No theorem proves a period: only the table could answer, and it is full.
                PeriodStatus::NotApplicable => {
                    return Err(GameError::HeapTooLarge {
                        family: format!("heap of {}", heap_family(self.heap_game(game))),
                        needed: size,
                        limit: self.limits.heap_table as u64,
                    });
                }
            }
        }
        let limits = self.heap_limits(self.limits.heap_table as u64);
        let (sequence, watch) = (&mut self.heap_sequences[game.0 as usize], &mut self.watch);
        sequence.set_limits(limits);
        let what = sequence.game().to_string();
        let mut cancelled = false;
        let value = sequence.value_with_progress(size, &mut |done, total| {
            cancelled = watch.tick(&what, done, total).is_err();
            !cancelled
        });
        watch.finish();
        value
            .map(u64::from)
            .map_err(|error| self.heap_error(game, error))
    }

    /// Computes a heap game's values until its period is proved, or g(last) is computed; with
    /// no `last`, until the sequence has done the `search` limit's work. Never past the `heap`
    /// limit. Says which happened.
    pub fn heap_period(
        &mut self,
        game: HeapGameId,
        last: Option<u64>,
    ) -> Result<PeriodSearched, GameError> {
        let table = self.limits.heap_table as u64;
        let mut limits = self.heap_limits(table);
        let wanted = match last {
            Some(last) => last.saturating_add(1),
            None => {
                limits.max_work = self.limits.search;
                u64::MAX
            }
        };
        let (sequence, watch) = (&mut self.heap_sequences[game.0 as usize], &mut self.watch);
        if sequence.game().periodicity_t().is_none() {
            return Ok(PeriodSearched {
                status: PeriodStatus::NotApplicable,
                stopped: None,
            });
        }
        sequence.set_limits(limits);
        let what = format!("period of {}", sequence.game());
        let count = wanted.min(table);
        let result = if (sequence.computed_values().len() as u64) < count {
            sequence.compute_to(count - 1, &mut |done, total| {
                watch.tick(&what, done, total).is_ok()
            })
        } else {
            Ok(())
        };
        watch.finish();
        let stopped = match result {
            Ok(()) => (wanted > table).then_some(SearchStop::Table(table)),
            Err(HeapError::WorkLimit { work, .. }) => Some(SearchStop::Work(work)),
            Err(error) => return Err(self.heap_error(game, error)),
        };
        let status = self.heap_sequences[game.0 as usize].period_status();
        let stopped = stopped.filter(|_| !matches!(status, PeriodStatus::Proved(_)));
        Ok(PeriodSearched { status, stopped })
    }

    pub(super) fn heap_limits(&self, max_computed: u64) -> HeapLimits {
        HeapLimits {
            max_computed,
            max_bytes: self.limits.memory,
            max_work: u64::MAX,
        }
    }

    fn heap_error(&self, game: HeapGameId, error: HeapError) -> GameError {
        let family = self.heap_game(game).to_string();
        match error {
            HeapError::Cancelled { .. } => GameError::Cancelled,
            HeapError::TableLimit { needed, limit } => GameError::HeapTooLarge {
                family: format!("heap of {}", heap_family(self.heap_game(game))),
                needed,
                limit,
            },
            HeapError::MemoryLimit { .. } | HeapError::AllocationFailed { .. } => {
                self.table_error(error)
            }
            HeapError::TooManyMoves { .. } => GameError::TooManyOptions {
                count: u64::MAX,
                limit: self.limits.options,
            },
            HeapError::ValueOverflow { heap } => GameError::ValueTooLarge { family, heap },
            HeapError::WorkLimit { computed, work } => GameError::NoPeriod {
                family: heap_family(self.heap_game(game)),
                needed: computed,
                computed,
                stopped: Some(SearchStop::Work(work)),
            },
        }
    }

    pub(super) fn heap_move_count(&self, game: HeapGameId, size: u64) -> u64 {
        move_count(self.heap_game(game), size)
    }

    /// A move in a heap game, with the sum of the heaps it leaves.
    pub(super) fn heap_option(
        &mut self,
        game: HeapGameId,
        size: u64,
        taken: HeapMove,
    ) -> Result<(Move, GameId), GameError> {
        let rules = self.heap_game(game).clone();
        let mut parts = Vec::with_capacity(taken.leaves.len());
        for &left in &taken.leaves {
            parts.push(self.heap(&rules, left)?);
        }
        let to = self.sum(&parts)?;
        let how = Move::Break {
            heap: size,
            removed: taken.removed,
            leaves: taken.leaves,
        };
        Ok((how, to))
    }

    /// The first `count` moves from a heap, in order, however many it has.
    pub(super) fn heap_first_moves(
        &mut self,
        game: HeapGameId,
        size: u64,
        count: usize,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let mut taken = Vec::new();
        visit_moves(self.heap_game(game), size, &mut |m| {
            taken.push(m);
            if taken.len() < count {
                Visit::Next
            } else {
                Visit::Stop
            }
        });
        taken
            .into_iter()
            .map(|m| self.heap_option(game, size, m))
            .collect()
    }

    /// The moves from a heap to positions worth `value`. A heap with more moves than the
    /// `options` limit is scanned group by group (removing 1 and leaving two heaps, ...),
    /// a bounded stretch of each, and the first few found are returned.
    pub(super) fn heap_moves_to_value(
        &mut self,
        game: HeapGameId,
        size: u64,
        value: u64,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let all = self.heap_move_count(game, size) <= self.limits.options;
        let (budget, wanted) = if all {
            (u64::MAX, usize::MAX)
        } else {
            (SCAN_BUDGET, FIRST_FOUND)
        };
        let rules = self.heap_game(game).clone();
        let mut found = Vec::new();
        let (mut scanned, mut visited, mut group) = (0, 0u64, (u64::MAX, 0));
        let mut failure = None;
        visit_moves(&rules, size, &mut |m| {
            if (m.removed, m.leaves.len()) != group {
                group = (m.removed, m.leaves.len());
                scanned = 0;
            }
            scanned += 1;
            visited += 1;
            if visited.is_multiple_of(1 << 12)
                && let Err(error) = self.watch.tick("winning moves", visited, 0)
            {
                failure = Some(error);
                return Visit::Stop;
            }
            let mut left = 0;
            for &heap in &m.leaves {
                match self.heap_value(game, heap) {
                    Ok(v) => left ^= v,
                    Err(error) => {
                        failure = Some(error);
                        return Visit::Stop;
                    }
                }
            }
            if left == value {
                found.push(m);
            }
            if found.len() >= wanted {
                Visit::Stop
            } else if scanned >= budget {
                Visit::SkipGroup
            } else {
                Visit::Next
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        found
            .into_iter()
            .map(|m| self.heap_option(game, size, m))
            .collect()
    }

    /// Every move from a heap.
    pub(super) fn heap_moves(
        &mut self,
        game: HeapGameId,
        size: u64,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        self.heap_first_moves(game, size, usize::MAX)
    }

    /// A table that would not fit: past the `memory` limit, or more than the machine gives.
    pub(super) fn table_error(&self, error: HeapError) -> GameError {
        match error {
            HeapError::MemoryLimit { bytes, limit, .. } => GameError::OutOfMemory { bytes, limit },
            HeapError::AllocationFailed { bytes } => GameError::MachineOutOfMemory { bytes },
            _ => GameError::OutOfMemory {
                bytes: u64::MAX,
                limit: self.limits.memory,
            },
        }
    }
}

/// The octal periodicity theorem's hypothesis, as checked, in words.
pub fn periodicity_proof(game: &HeapGame, period: &Period) -> String {
    let Period {
        preperiod,
        period,
        checked_to,
        t,
    } = *period;
    let start = preperiod.max(1);
    let mut proof = format!(
        "g(n + {period}) = g(n) for every n with {start} ≤ n < {checked_to} = 2·{start} + {period} + {t} \
         (t = {t}, the place of the last non-zero digit of {game}); by the octal periodicity \
         theorem (Guy–Smith) it holds for every n ≥ {start}"
    );
    if preperiod == 0 {
        proof.push_str(&format!(", and g({period}) = g(0) was checked"));
    }
    proof
}
