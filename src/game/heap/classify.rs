//! Sparse space: splitting heap positions into a few *rare* ones and many *common* ones so
//! that most option values can be found by looping over the rare positions alone.
//!
//! For a mask m, the parity of a value v is popcount(v & m) mod 2. Parities add under xor,
//! so the value of a split into heaps a and b (a + b = s) has parity
//! parity(g(a)) + parity(g(b)). Give every position the class
//! `parity(g(a)) + e·(a mod 2) + f`, where e ("by position", Flammenkamp's sparse space in
//! the domain) and f are fixed bits. Two heaps of the same class then always give a value of
//! parity e·(s mod 2), so a value of the other parity needs one heap of each class: the rare
//! class (class 0) enumerates all of them. This holds for every mask; the mask only decides
//! how few positions are rare, and so how fast the engine is.

use super::rules::Rules;

/// A choice of mask m, e and f; see the module documentation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Classifier {
    /// The bits of a value whose parity is taken; bits above the values seen so far are set.
    pub mask: u16,
    /// e: the class also counts the parity of the position.
    pub by_position: bool,
    /// f: flips every class, so that the small class is called rare.
    pub flip: bool,
}

impl Classifier {
    fn parity(self, value: u16) -> bool {
        (value & self.mask).count_ones() % 2 == 1
    }

    /// Whether the heap of size `position`, whose value is `value`, is rare.
    pub fn is_rare(self, position: usize, value: u16) -> bool {
        let odd_position = self.by_position && position % 2 == 1;
        !(self.parity(value) ^ odd_position ^ self.flip)
    }

    /// Whether a split into two heaps summing to `sum` can have value `value` only if one of
    /// the heaps is rare.
    pub fn needs_rare(self, sum: usize, value: u16) -> bool {
        self.parity(value) != (self.by_position && sum % 2 == 1)
    }
}

/// The classifier that makes the fewest positions rare.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Choice {
    pub classifier: Classifier,
    /// Rare positions among 1..n.
    pub rare: usize,
    /// Rare positions among n/2..n, to see whether rare positions are dying out.
    pub recent_rare: usize,
}

/// Masks are searched over this many low bits; higher bits are always in the mask.
const MASK_BITS: u32 = 10;

/// Picks the best classifier for the values so far, or `None` without split moves.
pub(super) fn choose(values: &[u16], rules: &Rules) -> Option<Choice> {
    let first_split = *rules.two_heaps.first()?;
    let n = values.len();
    let max = values.iter().copied().max().unwrap_or(0);
    let bits = (16 - max.leading_zeros()).clamp(1, MASK_BITS);
    // Position 0 is never part of a split, so it is left out of the counts.
    let mut counts = vec![[[0usize; 2]; 2]; usize::from(max) + 1];
    for (position, &value) in values.iter().enumerate().skip(1) {
        let recent = usize::from(position >= n / 2);
        counts[usize::from(value)][position % 2][recent] += 1;
    }
    let present: Vec<(u16, [[usize; 2]; 2])> = counts
        .iter()
        .enumerate()
        .filter(|(_, c)| c.iter().flatten().any(|&k| k > 0))
        .map(|(v, c)| (v as u16, *c))
        .collect();
    let high = !((1u32 << bits) - 1) as u16;
    let mut best: Option<Choice> = None;
    for by_position in [false, true] {
        // With f so chosen, g(n) needs a full search exactly when n is rare.
        let flip = by_position && first_split % 2 == 1;
        for low in 1..1u16 << bits {
            let classifier = Classifier {
                mask: low | high,
                by_position,
                flip,
            };
            let (mut rare, mut recent_rare) = (0, 0);
            for (value, count) in &present {
                for (parity, by_recency) in count.iter().enumerate() {
                    if classifier.is_rare(parity, *value) {
                        rare += by_recency[0] + by_recency[1];
                        recent_rare += by_recency[1];
                    }
                }
            }
            if best.is_none_or(|b| rare < b.rare) {
                best = Some(Choice {
                    classifier,
                    rare,
                    recent_rare,
                });
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::heap::{Code, HeapGame, naive_values};

    fn choice(game: HeapGame, n: u64) -> Choice {
        let values = naive_values(&game, n).unwrap();
        choose(&values, &Rules::of(&game)).unwrap()
    }

    #[test]
    fn kayles_has_nine_rare_positions() {
        // The known exceptions of Kayles' sparse space: all rare values are small.
        let found = choice(HeapGame::kayles(), 2000);
        assert_eq!(found.rare, 9);
        assert_eq!(found.recent_rare, 0);
        assert!(!found.classifier.by_position);
    }

    #[test]
    fn code_0_106_is_sparse_in_the_domain() {
        let found = choice(Code::parse("0.106").unwrap().into(), 3000);
        assert!(found.classifier.by_position);
        assert_eq!(found.recent_rare, 0);
        assert!(found.rare < 20, "{found:?}");
    }

    #[test]
    fn zero_is_rare_in_the_range() {
        let classifier = Classifier {
            mask: 0xFFFE,
            by_position: false,
            flip: false,
        };
        assert!(classifier.is_rare(7, 0));
        assert!(classifier.is_rare(8, 1), "bit 0 is not in the mask");
        assert!(!classifier.is_rare(8, 2));
        assert!(classifier.needs_rare(10, 2));
        assert!(!classifier.needs_rare(10, 6));
    }
}
