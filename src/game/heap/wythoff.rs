//! Wythoff's game: a queen at (a, b) moves any number of squares left, down or diagonally
//! towards (0, 0); whoever cannot move loses. (The rook's version is just *a + *b.)
//!
//! Nimbers come from a table filled row by row. Each column and each diagonal keeps a bitset
//! of the values already in it, and the row keeps one for the current row, so the mex of a
//! square is the first zero of three ORed bitsets, 64 values a word. Each set also knows its
//! least absent value, and the search starts at the largest of the three.

use super::{HeapError, HeapLimits};

/// The nimbers of every square (a, b) with a, b < size.
pub struct WythoffTable {
    size: usize,
    values: Vec<u32>,
}

impl WythoffTable {
    /// Fills the table; an error if its bitsets and values would pass `limits.max_bytes`.
    /// `progress(rows done, rows)` is told row by row, and stops the filling by returning
    /// false.
    pub fn new(
        size: usize,
        limits: HeapLimits,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<WythoffTable, HeapError> {
        // A square has a + b + min(a, b) < 3·size options, so its mex is below that.
        // One word to spare, so a set's least absent value always has a bit.
        // Saturating: a side of 2^40 must be refused, not overflow.
        let size64 = size as u64;
        let words = size64.saturating_mul(3).div_ceil(64) + 1;
        let sets = size64.saturating_mul(3).saturating_add(1);
        let bytes = sets
            .saturating_mul(words)
            .saturating_mul(8)
            .saturating_add(size64.saturating_mul(size64).saturating_mul(4));
        // A table that can't be addressed is refused whatever the limit.
        let addressable = size64.checked_mul(size64).is_some() && usize::try_from(bytes).is_ok();
        let bytes = if addressable { bytes } else { u64::MAX };
        check_bytes(bytes, size as u64, limits)?;
        let words = words as usize;
        let mut values: Vec<u32> = zeroed(size * size, bytes)?;
        // Each set, and its first absent value: the mex of a square is at least the largest
        // of its three sets' first absent values, so the search starts there.
        let sets = |count: usize| -> Result<Vec<BitSet>, HeapError> {
            let mut sets = Vec::new();
            sets.try_reserve_exact(count)
                .map_err(|_| HeapError::AllocationFailed { bytes })?;
            for _ in 0..count {
                sets.push(BitSet::new(words, bytes)?);
            }
            Ok(sets)
        };
        // Columns, and diagonals a - b shifted by size to be an index.
        let (columns, diagonals) = (sets(size)?, sets(2 * size)?);
        let row = BitSet::new(words, bytes)?;
        fill(&mut values, size, [columns, diagonals], row, progress)?;
        Ok(WythoffTable { size, values })
    }

    /// Squares a side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The nimber of (a, b), if the square is in the table.
    pub fn value(&self, a: u64, b: u64) -> Option<u32> {
        let (a, b) = (usize::try_from(a).ok()?, usize::try_from(b).ok()?);
        (a < self.size && b < self.size).then(|| self.values[a * self.size + b])
    }
}

/// Fills the table row by row, with empty sets for the columns, the diagonals and a row.
/// Not inlined: among the error paths of [`WythoffTable::new`] it ran a quarter slower.
#[inline(never)]
fn fill(
    values: &mut [u32],
    size: usize,
    [mut columns, mut diagonals]: [Vec<BitSet>; 2],
    mut row: BitSet,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<(), HeapError> {
    let words = row.bits.len();
    for a in 0..size {
        if !progress(a as u64, size as u64) {
            return Err(HeapError::Cancelled { computed: a as u64 });
        }
        row.bits.fill(0);
        row.first_absent = 0;
        for b in 0..size {
            let (column, diagonal) = (&mut columns[b], &mut diagonals[a + size - b]);
            let from = row
                .first_absent
                .max(column.first_absent)
                .max(diagonal.first_absent);
            let value = (from / 64..words)
                .find_map(|word| {
                    // Values below `from` are all in one of the sets.
                    let below = if word == from / 64 {
                        (1u64 << (from % 64)) - 1
                    } else {
                        0
                    };
                    let taken = row.bits[word] | column.bits[word] | diagonal.bits[word] | below;
                    (taken != u64::MAX).then(|| word * 64 + taken.trailing_ones() as usize)
                })
                .expect("the mex is below 3·size");
            row.insert(value);
            column.insert(value);
            diagonal.insert(value);
            values[a * size + b] = value as u32;
        }
    }
    Ok(())
}

/// An error if a table of `bytes` passes the limit, or can't be addressed (`u64::MAX`),
/// whatever the limit.
pub(super) fn check_bytes(bytes: u64, needed: u64, limits: HeapLimits) -> Result<(), HeapError> {
    if bytes > limits.max_bytes || bytes == u64::MAX {
        return Err(HeapError::MemoryLimit {
            needed,
            bytes,
            limit: limits.max_bytes,
        });
    }
    Ok(())
}

/// `len` zeros, or an error if the machine would not give them: the limits were checked,
/// but a raised `memory` limit can ask for more than there is.
pub(super) fn zeroed<T: Copy + Default>(len: usize, bytes: u64) -> Result<Vec<T>, HeapError> {
    let mut values = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| HeapError::AllocationFailed { bytes })?;
    values.resize(len, T::default());
    Ok(values)
}

/// A set of small values, with its least absent value.
struct BitSet {
    bits: Vec<u64>,
    first_absent: usize,
}

impl BitSet {
    fn new(words: usize, bytes: u64) -> Result<BitSet, HeapError> {
        Ok(BitSet {
            bits: zeroed(words, bytes)?,
            first_absent: 0,
        })
    }

    fn insert(&mut self, value: usize) {
        self.bits[value / 64] |= 1 << (value % 64);
        while self.bits[self.first_absent / 64] & (1 << (self.first_absent % 64)) != 0 {
            self.first_absent += 1;
        }
    }
}

/// Every square the queen at (a, b) can move to: left, then down, then diagonally, nearest
/// first; an error if there are more than `limit`.
pub fn wythoff_moves(a: u64, b: u64, limit: u64) -> Result<Vec<(u64, u64)>, HeapError> {
    let count = u128::from(a) + u128::from(b) + u128::from(a.min(b));
    if count > u128::from(limit) {
        return Err(HeapError::TooManyMoves {
            heap: a.max(b),
            limit,
        });
    }
    let left = (1..=a).map(|k| (a - k, b));
    let down = (1..=b).map(|k| (a, b - k));
    let diagonal = (1..=a.min(b)).map(|k| (a - k, b - k));
    Ok(left.chain(down).chain(diagonal).collect())
}

/// Whether (a, b) is a P-position (nimber 0): by Wythoff's theorem, exactly when it is
/// (⌊kφ⌋, ⌊kφ⌋ + k) or its mirror image, for k = |a - b|. Exact integer arithmetic.
pub fn wythoff_p_position(a: u64, b: u64) -> bool {
    let (low, high) = (a.min(b), a.max(b));
    low == floor_k_phi(high - low)
}

/// ⌊kφ⌋ = ⌊(k + k√5) / 2⌋ = ⌊(k + ⌊k√5⌋) / 2⌋, as k√5 is never an integer for k > 0.
pub fn floor_k_phi(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn table(size: usize) -> WythoffTable {
        WythoffTable::new(size, HeapLimits::default(), &mut |_, _| true).unwrap()
    }

    #[test]
    fn memory_the_machine_would_not_give_is_an_error() {
        // More than any allocation may be: refused at once, whatever the machine.
        let refused = zeroed::<u64>(usize::MAX / 4, 1234);
        assert_eq!(refused, Err(HeapError::AllocationFailed { bytes: 1234 }));
        let unlimited = HeapLimits {
            max_bytes: u64::MAX,
            ..HeapLimits::default()
        };
        assert!(matches!(
            WythoffTable::new(1 << 33, unlimited, &mut |_, _| true),
            Err(HeapError::MemoryLimit {
                bytes: u64::MAX,
                ..
            })
        ));
    }

    /// The mex over the move list, straight from the definition.
    pub(in crate::game::heap) fn naive(size: usize) -> Vec<Vec<u32>> {
        let mut values = vec![vec![0u32; size]; size];
        for a in 0..size {
            for b in 0..size {
                let options: Vec<u32> = wythoff_moves(a as u64, b as u64, u64::MAX)
                    .unwrap()
                    .into_iter()
                    .map(|(x, y)| values[x as usize][y as usize])
                    .collect();
                values[a][b] = (0..).find(|v| !options.contains(v)).unwrap();
            }
        }
        values
    }

    #[test]
    fn the_table_agrees_with_the_definition() {
        let fast = table(60);
        for (a, row) in naive(60).iter().enumerate() {
            for (b, &value) in row.iter().enumerate() {
                assert_eq!(fast.value(a as u64, b as u64), Some(value), "({a}, {b})");
            }
        }
        assert_eq!(fast.value(60, 0), None);
    }

    #[test]
    fn first_row_and_small_squares() {
        let t = table(8);
        assert_eq!(t.value(0, 5), Some(5));
        assert_eq!(t.value(1, 1), Some(2));
        assert_eq!(t.value(1, 2), Some(0));
        assert_eq!(t.value(2, 1), Some(0));
    }

    #[test]
    fn p_positions_are_the_beatty_pairs() {
        let size = 800;
        let t = table(size);
        let mut expected = Vec::new();
        for k in 0u64.. {
            let a = floor_k_phi(k);
            if a as usize >= size {
                break;
            }
            let b = a + k;
            // ⌊kφ²⌋ = ⌊kφ⌋ + k, since φ² = φ + 1.
            assert_eq!(
                b,
                (k as f64 * 2.618_033_988_749_895).floor() as u64,
                "k = {k}"
            );
            if (b as usize) < size {
                expected.push((a, b));
                expected.push((b, a));
            }
        }
        expected.sort_unstable();
        expected.dedup();
        let mut zeros = Vec::new();
        for a in 0..size as u64 {
            for b in 0..size as u64 {
                if t.value(a, b) == Some(0) {
                    zeros.push((a, b));
                }
                assert_eq!(
                    wythoff_p_position(a, b),
                    t.value(a, b) == Some(0),
                    "({a}, {b})"
                );
            }
        }
        assert_eq!(zeros, expected);
    }

    #[test]
    fn floor_k_phi_is_exact_for_large_k() {
        assert_eq!(floor_k_phi(1), 1);
        assert_eq!(floor_k_phi(2), 3);
        assert_eq!(floor_k_phi(10), 16);
        // φ·10^9 = 1618033988.749...
        assert_eq!(floor_k_phi(1_000_000_000), 1_618_033_988);
    }

    #[test]
    fn moves_and_limits() {
        assert_eq!(
            wythoff_moves(1, 2, 10).unwrap(),
            [(0, 2), (1, 1), (1, 0), (0, 1)]
        );
        assert!(wythoff_moves(u64::MAX, u64::MAX, 1_000_000).is_err());
        assert!(WythoffTable::new(1 << 20, HeapLimits::default(), &mut |_, _| true).is_err());
    }
}
