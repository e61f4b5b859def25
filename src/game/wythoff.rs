//! Wythoff's queen in the arena: one node named by its square, its value from the square
//! table of [`super::heap::wythoff`] or, on a thin strip, from the rows of
//! [`super::heap::wythoff_strip`] and their proved additive period.

use super::heap::wythoff::WythoffTable;
use super::heap::wythoff_strip::{StripPeriod, WythoffStrip};
use super::heap::{HeapError, HeapLimits};
use super::moves::Move;
use super::{Arena, GameError, GameId, Node};

/// What stopped the fill of a thin strip short of its square, with no period proved.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StripStop {
    /// The `search` limit: this many options had been looked at.
    Work(u64),
    /// The `memory` limit: the values filled took this many bytes.
    Memory(u64),
}

impl Arena {
    /// Wythoff's game: a queen at (row, column) moving up, left or diagonally up-left.
    pub fn wythoff(&mut self, row: u64, column: u64) -> Result<GameId, GameError> {
        self.intern(Node::Wythoff { row, column })
    }

    /// The queen's value. A square much longer than wide (a thin strip) comes from the
    /// strip of its smaller coordinate's rows, which proves their period and so answers any
    /// length (`wythoff(10**18, 3)` fills a few hundred columns of four rows); any other
    /// from a square table grown by doubling to cover the square.
    pub(super) fn wythoff_value(&mut self, row: u64, column: u64) -> Result<u64, GameError> {
        // With one pile empty the queen moves along the other only: a nim heap, whatever
        // its size, and no table.
        if row.min(column) == 0 {
            return Ok(row.max(column));
        }
        if let Some(value) = self.wythoff_known(row, column) {
            return Ok(value);
        }
        let (low, needed) = (row.min(column), row.max(column).saturating_add(1));
        // A strip looks up its column and diagonal as long as the rows are many: past a
        // width of 1/64 of the length, the square is as cheap.
        if low.saturating_add(1).saturating_mul(64) < needed {
            self.fill_strip(low, needed)?;
        } else {
            self.fill_square(needed)?;
        }
        // Unreachable: a strip's values past 2^64 need a square past the 64-bit integers.
        self.wythoff_known(row, column)
            .ok_or(GameError::OutOfMemory {
                bytes: u64::MAX,
                limit: self.limits.memory,
            })
    }

    fn wythoff_known(&self, row: u64, column: u64) -> Option<u64> {
        let square = self
            .wythoff_table
            .as_ref()
            .and_then(|t| t.value(row, column));
        square
            .map(u64::from)
            .or_else(|| self.wythoff_strip.as_ref()?.value(row, column))
    }

    /// The proved period of the strip that answers (row, column) by it, if one does, with
    /// the strip's rows (the period holds for all of them).
    pub fn wythoff_period(&self, row: u64, column: u64) -> Option<(StripPeriod, u64)> {
        let strip = self.wythoff_strip.as_ref()?;
        let (period, rows) = (strip.period()?, strip.rows() as u64);
        (row.min(column) < rows && row.max(column) >= strip.columns()).then_some((period, rows))
    }

    /// A square table covering column `needed - 1`, doubled when that fits.
    fn fill_square(&mut self, needed: u64) -> Result<(), GameError> {
        let limits = self.heap_limits(u64::MAX);
        let covered = self.wythoff_table.as_ref().map_or(0, |t| t.size() as u64);
        let size = needed.next_power_of_two().max(64).max(covered * 2);
        let size = usize::try_from(size).unwrap_or(usize::MAX);
        let watch = &mut self.watch;
        let mut progress = |done, total| watch.tick("Wythoff's table", done, total).is_ok();
        let square = match WythoffTable::new(size, limits, &mut progress) {
            // Just enough, when the doubled table would not fit.
            Err(HeapError::MemoryLimit { .. } | HeapError::AllocationFailed { .. }) => {
                let needed = usize::try_from(needed).unwrap_or(usize::MAX);
                WythoffTable::new(needed, limits, &mut progress)
            }
            other => other,
        };
        self.watch.finish();
        match square {
            Ok(table) => self.wythoff_table = Some(table),
            Err(HeapError::Cancelled { .. }) => return Err(GameError::Cancelled),
            Err(error) => return Err(self.table_error(error)),
        }
        Ok(())
    }

    /// A strip of rows 0..=low filled to column `needed - 1` or to its period, within the
    /// `search` limit (options looked at) and the `memory` limit (its values).
    fn fill_strip(&mut self, low: u64, needed: u64) -> Result<(), GameError> {
        let (rows, columns) = self
            .wythoff_strip
            .as_ref()
            .map_or((0, 0), |s| (s.rows() as u64, s.columns()));
        let rows = rows.max(low + 1);
        // Twice as far as the last strip, which ended with no period.
        let columns = needed.max(columns.saturating_mul(2));
        let limits = HeapLimits {
            max_work: self.limits.search,
            ..self.heap_limits(u64::MAX)
        };
        let stopped = |computed, stop| GameError::WythoffNoPeriod {
            rows,
            needed: needed - 1,
            computed,
            stopped: stop,
        };
        // More rows than memory can address: the memory check of the first column fails.
        let rows_usize = usize::try_from(rows).unwrap_or(usize::MAX / 8);
        let watch = &mut self.watch;
        let mut progress = |done, total| watch.tick("Wythoff's rows", done, total).is_ok();
        let strip = WythoffStrip::new(rows_usize, columns, limits, &mut progress);
        self.watch.finish();
        let strip = match strip {
            Ok(strip) => strip,
            Err(HeapError::Cancelled { .. }) => return Err(GameError::Cancelled),
            Err(HeapError::WorkLimit { computed, work }) => {
                return Err(stopped(computed, StripStop::Work(work)));
            }
            Err(HeapError::MemoryLimit {
                needed: computed,
                bytes,
                ..
            }) => return Err(stopped(computed, StripStop::Memory(bytes))),
            Err(error) => return Err(self.table_error(error)),
        };
        self.wythoff_strip = Some(strip);
        Ok(())
    }

    /// The queen's moves: up, then left, then diagonally, nearest first.
    pub(super) fn wythoff_moves(
        &mut self,
        row: u64,
        column: u64,
        count: usize,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let up = (1..=row).map(|k| (k, 0));
        let left = (1..=column).map(|k| (0, k));
        let diagonal = (1..=row.min(column)).map(|k| (k, k));
        up.chain(left)
            .chain(diagonal)
            .take(count)
            .map(|(up, left)| {
                let to = self.wythoff(row - up, column - left)?;
                Ok((Move::Slide { up, left }, to))
            })
            .collect()
    }
}
