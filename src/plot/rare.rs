//! Rare values: in a sparse game (octal 0.16, 0.56, 4.7, Kayles too past its first values)
//! the Grundy values fall into two classes by a bit mask m (Gangolli and Plambeck's sparse
//! space): the class of the value g at n is the parity of the 1 bits of g & m, plus the
//! parity of n in Flammenkamp's "sparse in the domain" (0.106), and one class is rare.
//! The rare class is the even one as often as the odd one (Kayles' common values have odd
//! weight), so both are tried. The engine's own classifier (src/game/heap/classify.rs)
//! chooses the same way for speed; this one only describes a sequence, any family's.
//!
//! Every mask over the bits that occur is counted at once, by a Walsh–Hadamard transform of
//! the histogram of values (one for even n, one for odd n).

/// A sequence's rare values: those at n whose class (see the module) is `odd`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rare {
    pub mask: u64,
    /// Whether n's parity is part of the class.
    pub by_position: bool,
    /// Whether the rare class is the odd one.
    pub odd: bool,
    /// Rare values among those counted (n = 0 is not: heap 0 is never part of a move).
    pub count: usize,
}

impl Rare {
    pub fn is_rare(&self, n: i64, value: u64) -> bool {
        n != 0 && class(self.mask, self.by_position, n, value) == self.odd
    }
}

fn class(mask: u64, by_position: bool, n: i64, value: u64) -> bool {
    ((value & mask).count_ones() % 2 == 1) ^ (by_position && n % 2 != 0)
}

/// Values needed before any are called rare: in a short sequence, one value met once is
/// only a value not met again yet.
pub const MIN_VALUES: usize = 100;
/// The rare class's share of the values, at most, in per cent. In sparse games the rare
/// values are a few per cent early on and fewer as n grows (0.16: 41 of 1000, 52 of 10^5;
/// Kayles: 9, all before n = 71; Grundy's game: 1.3% at 10^5); where no class is rare, the
/// least class keeps more than 5% (Dawson's Kayles, subtraction games), a margin that tells
/// the two apart with room either side. Found by computing the values of those games.
pub const MAX_SHARE_PERCENT: usize = 5;
/// The lowest bits that occur searched for a mask, at most: 2^16 masks, counted in a few
/// milliseconds in two tables of 512 KiB, the most a plot holds beside its values. Sparse
/// games' values fit in far fewer (0.16's rare values are told by `value & 30`).
const MAX_BITS: usize = 16;

/// The class that holds the fewest values (the least mask among equals, then without n's
/// parity, then even), when it holds some and few; `None` when no class is rare: the
/// sequence is not sparse, or too short to say. `entries` are (n, value).
pub fn rare_values(entries: &[(i64, u64)]) -> Option<Rare> {
    // Counted where they are, not copied: a plot of 10^7 values holds no second table.
    let counted = || entries.iter().filter(|e| e.0 != 0);
    if counted().count() < MIN_VALUES {
        return None;
    }
    let occurring = counted().fold(0, |all, &(_, value)| all | value);
    let bits: Vec<u32> = (0..64)
        .filter(|bit| occurring >> bit & 1 == 1)
        .take(MAX_BITS)
        .collect();
    // For even and odd n: per mask (as a pattern of the searched bits), the values of odd
    // weight under it.
    let odd_weight = |odd_n: bool| {
        let mut counts = vec![0i64; 1 << bits.len()];
        let mut total = 0;
        for &(n, value) in counted() {
            if (n % 2 != 0) == odd_n {
                let slot = bits
                    .iter()
                    .enumerate()
                    .fold(0, |slot, (i, bit)| slot | ((value >> bit & 1) << i));
                counts[slot as usize] += 1;
                total += 1;
            }
        }
        walsh_hadamard(&mut counts);
        // Slot m holds (even weight) - (odd weight); made the odd weight in place.
        for slot in &mut counts {
            *slot = (total - *slot) / 2;
        }
        counts
    };
    let (odd_at_even_n, odd_at_odd_n) = (odd_weight(false), odd_weight(true));
    let odd_n_total = counted().filter(|e| e.0 % 2 != 0).count();
    let total = counted().count();
    let mut best: Option<(usize, u64, bool, bool)> = None;
    for (slot, (&even_n, &odd_n)) in odd_at_even_n.iter().zip(&odd_at_odd_n).enumerate() {
        let (even_n, odd_n) = (even_n as usize, odd_n as usize);
        let mask = bits
            .iter()
            .enumerate()
            .filter(|(i, _)| slot >> i & 1 == 1)
            .fold(0u64, |mask, (_, bit)| mask | 1 << bit);
        for by_position in [false, true] {
            if slot == 0 && !by_position {
                continue;
            }
            // Values of class 1 (odd): with n's parity added, odd n's weights count flipped.
            let odd = if by_position {
                even_n + (odd_n_total - odd_n)
            } else {
                even_n + odd_n
            };
            for (rare_odd, count) in [(false, total - odd), (true, odd)] {
                let candidate = (count, mask, by_position, rare_odd);
                if count > 0 && best.is_none_or(|b| candidate < b) {
                    best = Some(candidate);
                }
            }
        }
    }
    let (count, mask, by_position, odd) = best?;
    (count * 100 <= total * MAX_SHARE_PERCENT).then_some(Rare {
        mask,
        by_position,
        odd,
        count,
    })
}

/// In place: slot m becomes the sum over slots x of (-1)^(weight of x & m) times slot x.
fn walsh_hadamard(counts: &mut [i64]) {
    let mut half = 1;
    while half < counts.len() {
        for block in counts.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Every mask up to the values' bit length, with and without n's parity, each class
    /// counted one by one.
    fn brute_force(entries: &[(i64, u64)]) -> Option<Rare> {
        let counted: Vec<(i64, u64)> = entries.iter().copied().filter(|e| e.0 != 0).collect();
        if counted.len() < MIN_VALUES {
            return None;
        }
        let highest = counted.iter().map(|e| e.1).max().unwrap_or(0);
        let width = 64 - highest.leading_zeros();
        let mut best: Option<(usize, u64, bool, bool)> = None;
        for mask in 0..1u64 << width {
            for by_position in [false, true] {
                if mask == 0 && !by_position {
                    continue;
                }
                for odd in [false, true] {
                    let count = counted
                        .iter()
                        .filter(|&&(n, value)| class(mask, by_position, n, value) == odd)
                        .count();
                    let candidate = (count, mask, by_position, odd);
                    if count > 0 && best.is_none_or(|b| candidate < b) {
                        best = Some(candidate);
                    }
                }
            }
        }
        let (count, mask, by_position, odd) = best?;
        (count * 100 <= counted.len() * MAX_SHARE_PERCENT).then_some(Rare {
            mask,
            by_position,
            odd,
            count,
        })
    }

    /// Values mostly of one class under a random mask, a few of the other, as a sparse
    /// game's are; or anything at all.
    fn sequences() -> impl Strategy<Value = Vec<(i64, u64)>> {
        let sparse = (
            1u64..64,
            any::<bool>(),
            proptest::collection::vec((0u64..64, 0u32..100), 100..300),
        )
            .prop_map(|(mask, by_position, draws)| {
                draws
                    .into_iter()
                    .enumerate()
                    .map(|(n, (value, roll))| {
                        let n = n as i64;
                        // Mostly class 0: one of class 1 is kept 1 time in 50.
                        let moved = class(mask, by_position, n, value) && roll >= 2;
                        let value = if moved {
                            value ^ (1 << mask.trailing_zeros())
                        } else {
                            value
                        };
                        (n, value)
                    })
                    .collect()
            });
        let any = proptest::collection::vec(0u64..64, 0..300)
            .prop_map(|values| (0..).zip(values).collect());
        prop_oneof![sparse, any]
    }

    proptest! {
        #[test]
        fn the_class_found_is_the_least_of_all(entries in sequences()) {
            let found = rare_values(&entries);
            prop_assert_eq!(found, brute_force(&entries));
            if let Some(rare) = found {
                let counted = entries.iter().filter(|&&(n, v)| rare.is_rare(n, v)).count();
                prop_assert_eq!(counted, rare.count);
            }
        }
    }

    #[test]
    fn rare_values_are_few_and_some() {
        // 1, 2 and 3 all along, and one 4: the mask 4 sets it apart, alone.
        let mut entries: Vec<(i64, u64)> = (0..300).map(|n| (n, n as u64 % 3 + 1)).collect();
        entries[150].1 = 4;
        let rare = rare_values(&entries).unwrap();
        assert_eq!(rare.count, 1);
        assert!(rare.is_rare(150, 4));
        assert!(!rare.is_rare(151, 1) && !rare.is_rare(152, 2) && !rare.is_rare(0, 4));
        // No class rare, or too few values to tell.
        let even_odd: Vec<(i64, u64)> = (0..400).map(|n| (n, n as u64 % 4)).collect();
        assert_eq!(rare_values(&even_odd), None);
        assert_eq!(rare_values(&entries[100..180]), None);
    }
}
