//! Wythoff's game on a long thin strip: the squares (a, b) with a below a few rows and b
//! up to millions, where the square table would need all of b² squares.
//!
//! The queen's values are symmetric, g(a, b) = g(b, a), so a strip of `rows` rows answers
//! every square whose smaller coordinate is below `rows`. It is filled column by column:
//! each row keeps a bitset of the values already in it, as the square table does, but a
//! column or a diagonal holds fewer values than there are rows, so they are read straight
//! from the table.

use super::wythoff::{check_bytes, zeroed};
use super::{HeapError, HeapLimits};

/// The nimbers of the squares (a, b) with a < rows and b < columns.
pub struct WythoffStrip {
    rows: usize,
    columns: usize,
    /// g(a, b) at `b * rows + a`: a column's values side by side.
    values: Vec<u32>,
}

impl WythoffStrip {
    /// Fills the strip; an error if its values and bitsets would pass `limits.max_bytes`.
    /// `progress(columns done, columns)` is told every few thousand columns, and stops the
    /// filling by returning false.
    pub fn new(
        rows: usize,
        columns: usize,
        limits: HeapLimits,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<WythoffStrip, HeapError> {
        // A square's mex is below its number of options, a + b + min(a, b) < columns + 2·rows;
        // one word to spare, so a row's least absent value always has a bit.
        let words = (columns as u64)
            .saturating_add(2 * rows as u64)
            .div_ceil(64)
            .saturating_add(1);
        let cells = (rows as u64).checked_mul(columns as u64);
        let bytes = cells.and_then(|cells| {
            let table = cells.checked_mul(4)?;
            table.checked_add((rows as u64).checked_mul(words)?.checked_mul(8)?)
        });
        let bytes = bytes
            .filter(|&b| usize::try_from(b).is_ok())
            .unwrap_or(u64::MAX);
        check_bytes(bytes, columns as u64, limits)?;
        let words = words as usize;
        let mut values: Vec<u32> = zeroed(rows * columns, bytes)?;
        let mut in_rows: Vec<u64> = zeroed(rows * words, bytes)?;
        let mut first_absent: Vec<usize> = zeroed(rows, bytes)?;
        for b in 0..columns {
            if b % 4096 == 0 && !progress(b as u64, columns as u64) {
                return Err(HeapError::Cancelled { computed: b as u64 });
            }
            for a in 0..rows {
                let row = &in_rows[a * words..(a + 1) * words];
                let has = |v: usize| row[v / 64] >> (v % 64) & 1 == 1;
                // Up the column, and down the diagonal towards (0, b - a).
                let column = &values[b * rows..b * rows + a];
                let diagonal = (1..=a.min(b)).map(|k| values[(b - k) * rows + a - k]);
                let mut value = first_absent[a];
                loop {
                    while has(value) {
                        value += 1;
                    }
                    let taken = column.contains(&(value as u32))
                        || diagonal.clone().any(|v| v == value as u32);
                    if !taken {
                        break;
                    }
                    value += 1;
                }
                values[b * rows + a] = value as u32;
                in_rows[a * words + value / 64] |= 1 << (value % 64);
                let row = &in_rows[a * words..(a + 1) * words];
                let first = &mut first_absent[a];
                while row[*first / 64] >> (*first % 64) & 1 == 1 {
                    *first += 1;
                }
            }
        }
        Ok(WythoffStrip {
            rows,
            columns,
            values,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The nimber of (a, b), either way round, if the strip holds the square.
    pub fn value(&self, a: u64, b: u64) -> Option<u32> {
        let (low, high) = (a.min(b), a.max(b));
        let (low, high) = (usize::try_from(low).ok()?, usize::try_from(high).ok()?);
        (low < self.rows && high < self.columns).then(|| self.values[high * self.rows + low])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::heap::wythoff::WythoffTable;

    #[test]
    fn strips_agree_with_the_square_table() {
        let square = WythoffTable::new(200, HeapLimits::default(), &mut |_, _| true).unwrap();
        for rows in [1, 2, 3, 7, 64, 65] {
            let strip =
                WythoffStrip::new(rows, 200, HeapLimits::default(), &mut |_, _| true).unwrap();
            for a in 0..200u64 {
                for b in 0..200u64 {
                    let expected = (a.min(b) < rows as u64).then(|| square.value(a, b).unwrap());
                    assert_eq!(strip.value(a, b), expected, "({a}, {b}) in {rows} rows");
                }
            }
        }
    }

    #[test]
    fn a_long_strip_is_cheap_and_its_zeros_are_wythoffs_pairs() {
        // (⌊kφ⌋, ⌊kφ²⌋) for the first k: (0, 0), (1, 2), (3, 5), (4, 7).
        let strip =
            WythoffStrip::new(5, 1_000_000, HeapLimits::default(), &mut |_, _| true).unwrap();
        let zeros: Vec<(u64, u64)> = (0..5u64)
            .flat_map(|a| (a..1_000_000).map(move |b| (a, b)))
            .filter(|&(a, b)| strip.value(a, b) == Some(0))
            .collect();
        assert_eq!(zeros, [(0, 0), (1, 2), (3, 5), (4, 7)]);
        // Row 0 is a nim heap: g(0, b) = b.
        assert_eq!(strip.value(0, 999_999), Some(999_999));
        assert_eq!(strip.value(999_999, 0), Some(999_999));
        assert_eq!(strip.value(5, 10), None);
    }

    #[test]
    fn a_strip_past_the_limit_is_refused() {
        let small = HeapLimits {
            max_bytes: 1 << 20,
            ..HeapLimits::default()
        };
        assert!(matches!(
            WythoffStrip::new(4, 1_000_000, small, &mut |_, _| true),
            Err(HeapError::MemoryLimit { .. })
        ));
        let unlimited = HeapLimits {
            max_bytes: u64::MAX,
            ..HeapLimits::default()
        };
        assert!(matches!(
            WythoffStrip::new(1 << 40, 1 << 40, unlimited, &mut |_, _| true),
            Err(HeapError::MemoryLimit {
                bytes: u64::MAX,
                ..
            })
        ));
    }
}
