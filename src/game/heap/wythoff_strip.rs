//! Wythoff's game on a long thin strip: the squares (a, b) with a below a few rows and b
//! up to any size, where the square table would need all of b² squares.
//!
//! The queen's values are symmetric, g(a, b) = g(b, a), so a strip of `rows` rows answers
//! every square whose smaller coordinate is below `rows`. It is filled column by column, and
//! each row of Wythoff's values is *additively periodic* (Dress, Flammenkamp & Pink 1999;
//! Landman 2002): g(a, b + p) = g(a, b) + p from some b on. The fill proves such a period
//! from the values it computed, never by guessing, and then answers any column.
//!
//! # Why a repeated state proves the period
//!
//! The options of (i, c) are (i', c) for i' < i up the column, (i, c') for c' < c along
//! the row, and (i - k, c - k) for 1 ≤ k ≤ min(i, c) down the diagonal. Before column c is
//! filled, let Sᵢ be the set of values in row i so far, mᵢ its least absent value and
//! Fᵢ = Sᵢ ∩ [mᵢ, ∞), a finite set. The *state* at column c (for c ≥ rows - 1, so every
//! diagonal is whole) is, relative to c: each mᵢ - c, each Fᵢ - c, and the values of the
//! last rows - 1 columns minus c.
//!
//! Suppose the state at c + p equals that at c, and the column c + p has been filled up to
//! row i - 1 with g(i', c + p) = g(i', c) + p. The options of (i, c + p) are then
//! Sᵢ(c + p) ∪ (X + p), where X are the column and diagonal options of (i, c), and
//! Sᵢ(c + p) = [0, mᵢ + p) ∪ (Fᵢ + p) with Sᵢ(c) = [0, mᵢ) ∪ Fᵢ. Both mexes lie at or
//! above the row's mᵢ, and above it v + p is taken at c + p exactly when v is taken at c:
//! so g(i, c + p) = g(i, c) + p. Adding g(i, c) ≥ mᵢ to row i at c and g(i, c) + p at
//! c + p moves both least absent values alike, and the new column joins both windows
//! shifted by p: the states at c + 1 and c + p + 1 are equal again. By induction,
//! g(i, c' + p) = g(i, c') + p for every c' ≥ c and every row i < rows.
//!
//! The state at c + 1 is thus a function of the state at c alone, so Brent's cycle finding
//! (one saved state, saved again at powers of two) finds the repeat without keeping the
//! states in between.

use std::collections::VecDeque;

use super::{HeapError, HeapLimits};

/// A proved additive period: g(a, b + period) = g(a, b) + period for every b ≥ start and
/// every row a of the strip.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StripPeriod {
    pub start: u64,
    pub period: u64,
}

/// The nimbers of the squares (a, b) with a < rows and b < columns, and past them by the
/// period, once it is proved.
pub struct WythoffStrip {
    rows: usize,
    /// g(a, b) at `b * rows + a`: a column's values side by side.
    values: Vec<u32>,
    period: Option<StripPeriod>,
    /// Options looked at while filling: what the `search` limit counts.
    work: u64,
}

/// Row i's values so far: all below `least_absent`, and the bits of `bits` from `base` (a
/// multiple of 64, at most `least_absent`) on.
#[derive(Clone, Default)]
struct RowSet {
    least_absent: u64,
    base: u64,
    bits: VecDeque<u64>,
}

impl RowSet {
    fn has(&self, value: u64) -> bool {
        if value < self.least_absent {
            return true;
        }
        let at = value - self.base;
        self.bits
            .get((at / 64) as usize)
            .is_some_and(|word| word >> (at % 64) & 1 == 1)
    }

    fn insert(&mut self, value: u64) {
        let at = value - self.base;
        let word = (at / 64) as usize;
        if word >= self.bits.len() {
            self.bits.resize(word + 1, 0);
        }
        self.bits[word] |= 1 << (at % 64);
        while self.has(self.least_absent) {
            self.least_absent += 1;
        }
        // Words wholly below the least absent value are all ones: not kept.
        while self.base + 64 <= self.least_absent {
            self.bits.pop_front();
            self.base += 64;
        }
    }

    /// The values above the least absent one, in order.
    fn above(&self) -> impl Iterator<Item = u64> + '_ {
        self.bits.iter().enumerate().flat_map(move |(w, &word)| {
            let base = self.base + 64 * w as u64;
            (0..64)
                .filter(move |bit| word >> bit & 1 == 1)
                .map(move |bit| base + bit)
                .filter(move |&value| value > self.least_absent)
        })
    }

    /// Whether the two sets are the same relative to their columns, `shift` apart.
    fn same_shifted(&self, earlier: &RowSet, shift: u64) -> bool {
        self.least_absent == earlier.least_absent + shift
            && self.above().eq(earlier.above().map(|value| value + shift))
    }
}

impl WythoffStrip {
    /// Fills `rows` rows until column `columns - 1` is computed or a period is proved,
    /// whichever comes first. Errors: `MemoryLimit` when the values pass `limits.max_bytes`,
    /// `WorkLimit` when the options looked at would pass `limits.max_work` (both with the
    /// columns filled). `progress(columns done, columns)` is told every few thousand columns,
    /// and stops the filling by returning false.
    pub fn new(
        rows: usize,
        columns: u64,
        limits: HeapLimits,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<WythoffStrip, HeapError> {
        // Each row's set, before anything else: rows past the memory are refused here.
        let set_bytes = (rows as u64).saturating_mul(size_of::<RowSet>() as u64 + 4);
        if set_bytes > limits.max_bytes {
            return Err(HeapError::MemoryLimit {
                needed: 0,
                bytes: set_bytes,
                limit: limits.max_bytes,
            });
        }
        let mut strip = WythoffStrip {
            rows,
            values: Vec::new(),
            period: None,
            work: 0,
        };
        let mut sets = vec![RowSet::default(); rows];
        // Brent: the saved column and its sets, and the power of two it waits for.
        let mut saved: Option<(u64, Vec<RowSet>)> = None;
        let mut power = 1;
        let (mut options, mut taken) = (Vec::new(), Vec::new());
        let mut done = 0u64;
        // Told every few thousand columns, and every 2^22 options looked at.
        let mut checked = 0;
        while done < columns {
            if done.is_multiple_of(4096) || strip.work - checked > 1 << 22 {
                checked = strip.work;
                if !progress(done, columns) {
                    return Err(HeapError::Cancelled { computed: done });
                }
            }
            strip.fill_column(done, &mut sets, &mut options, &mut taken, limits)?;
            done += 1;
            if done + 1 < rows as u64 {
                continue;
            }
            let Some((start, at_start)) = &saved else {
                saved = Some((done, sets.clone()));
                continue;
            };
            let lag = done - start;
            if strip.same_state(*start, at_start, done, &sets) {
                strip.period = Some(StripPeriod {
                    start: *start,
                    period: lag,
                });
                break;
            }
            if lag == power {
                saved = Some((done, sets.clone()));
                power *= 2;
            }
        }
        strip.values.shrink_to_fit();
        Ok(strip)
    }

    /// Computes column `column`, row by row.
    fn fill_column(
        &mut self,
        column: u64,
        sets: &mut [RowSet],
        options: &mut Vec<u64>,
        taken: &mut Vec<u64>,
        limits: HeapLimits,
    ) -> Result<(), HeapError> {
        let rows = self.rows;
        // Every square looks at its column and its diagonal at least: refused before, as a
        // column of many rows is long.
        let c = column as usize;
        let at_least = (0..rows as u64).map(|i| 1 + i + i.min(column)).sum::<u64>();
        if self.work.saturating_add(at_least) > limits.max_work {
            return Err(HeapError::WorkLimit {
                computed: column,
                work: self.work,
            });
        }
        // The values are u32 and the mex of a square is below a + 2·b + 1.
        let len = self.values.len();
        let bytes = (len as u64 + rows as u64) * 4;
        let addressable = column.saturating_add(2 * rows as u64) < u64::from(u32::MAX);
        if bytes > limits.max_bytes || !addressable {
            return Err(HeapError::MemoryLimit {
                needed: column,
                bytes: if addressable { bytes } else { u64::MAX },
                limit: limits.max_bytes,
            });
        }
        if len + rows > self.values.capacity() {
            let most = (limits.max_bytes / 4) as usize;
            let grown = (len * 2).max(rows * 1024).min(most).max(len + rows);
            self.values.try_reserve_exact(grown - len).map_err(|_| {
                HeapError::AllocationFailed {
                    bytes: grown as u64 * 4,
                }
            })?;
        }
        for (i, set) in sets.iter_mut().enumerate() {
            // Up the column and down the diagonal: marked in `taken`, word for word with the
            // row's bits. Values below the row's least absent one are in the row already.
            let up = self.values[len..len + i].iter();
            let diagonal = (1..=i.min(c)).map(|k| &self.values[(c - k) * rows + i - k]);
            options.clear();
            options.extend(
                up.chain(diagonal)
                    .map(|&v| u64::from(v))
                    .filter(|&v| v >= set.least_absent)
                    .map(|v| v - set.base),
            );
            let words = set
                .bits
                .len()
                .max(1 + options.iter().max().map_or(0, |&v| v / 64) as usize)
                + 1;
            if taken.len() < words {
                taken.resize(words, 0);
            }
            for &at in options.iter() {
                taken[(at / 64) as usize] |= 1 << (at % 64);
            }
            let from = set.least_absent - set.base;
            let mut word = (from / 64) as usize;
            let value = loop {
                let mut bits = taken[word] | set.bits.get(word).copied().unwrap_or(0);
                if word == (from / 64) as usize {
                    bits |= (1 << (from % 64)) - 1;
                }
                if bits != u64::MAX {
                    break set.base + 64 * word as u64 + u64::from(bits.trailing_ones());
                }
                word += 1;
            };
            // Every option looked at, and every word searched.
            self.work += (i + i.min(c) + word + 1 - (from / 64) as usize) as u64;
            for &at in options.iter() {
                taken[(at / 64) as usize] = 0;
            }
            set.insert(value);
            self.values.push(value as u32);
        }
        Ok(())
    }

    /// Whether the states before columns `start` and `now` are equal (see the module doc).
    fn same_state(&self, start: u64, at_start: &[RowSet], now: u64, sets: &[RowSet]) -> bool {
        let shift = now - start;
        let window = (self.rows - 1) * self.rows;
        let (start, now) = (start as usize * self.rows, now as usize * self.rows);
        sets.iter()
            .zip(at_start)
            .all(|(set, earlier)| set.same_shifted(earlier, shift))
            && self.values[now - window..now]
                .iter()
                .zip(&self.values[start - window..start])
                .all(|(&v, &w)| u64::from(v) == u64::from(w) + shift)
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns computed.
    pub fn columns(&self) -> u64 {
        (self.values.len() / self.rows.max(1)) as u64
    }

    pub fn period(&self) -> Option<StripPeriod> {
        self.period
    }

    /// Options looked at while filling.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Bytes the values take.
    pub fn bytes(&self) -> u64 {
        self.values.capacity() as u64 * 4
    }

    /// The nimber of (a, b), either way round, if the strip holds the square or its period
    /// reaches it (and the value fits in 64 bits).
    pub fn value(&self, a: u64, b: u64) -> Option<u64> {
        let (low, high) = (a.min(b), a.max(b));
        if low >= self.rows as u64 {
            return None;
        }
        let (column, shift) = match self.period {
            _ if high < self.columns() => (high, 0),
            Some(StripPeriod { start, period }) => {
                let column = start + (high - start) % period;
                (column, high - column)
            }
            None => return None,
        };
        let value = self.values[column as usize * self.rows + low as usize];
        u64::from(value).checked_add(shift)
    }
}

#[cfg(test)]
#[path = "wythoff_strip_tests.rs"]
mod tests;
