//! The values a check scan still wants: the values not seen yet among the 127 above a base,
//! each with the moment it began to be checked.
//!
//! A value is proved absent once it has been checked against every pair, so the scan goes
//! round the pairs cyclically and remembers, for each value, how many blocks had been
//! scanned when it entered the window. Values enter in increasing order (the window only
//! slides up), so a short list of epochs holds those moments.
//!
//! The window learns which values are seen through [`SeenValues`], which the set of seen
//! values answers (the check scan ties the two together).

#[cfg(test)]
use std::collections::BTreeSet;

/// A limit above every value.
pub(super) const NO_LIMIT: u32 = 1 << 16;
/// Offsets from the base a window covers: 0 to 127, so that an offset fits in a byte whose
/// top bit is clear (the kernel's table lookup gives 0 for bytes with the top bit set).
pub(super) const SPAN: u32 = 128;
/// The largest base, with room to spare: the window stays within `u16` (base + 127 at most
/// 65 535), and a value below the base is never within `SPAN` above it modulo 2^16 (that
/// would need a base above 65 408).
pub(super) const MAX_BASE: u32 = (1 << 16) - 1 - 2 * SPAN;

/// What a window asks of the values seen so far.
pub(super) trait SeenValues {
    /// Whether `value` is seen; values above `u16::MAX` never are.
    fn contains(&self, value: u32) -> bool;

    /// The values `from`, ..., `from + 63` not seen, as bits.
    fn absent_of_64(&self, from: u32) -> u64;
}

/// The tests' set of seen values.
#[cfg(test)]
impl SeenValues for BTreeSet<u16> {
    fn contains(&self, value: u32) -> bool {
        u16::try_from(value).is_ok_and(|value| BTreeSet::contains(self, &value))
    }

    fn absent_of_64(&self, from: u32) -> u64 {
        let absent = (0..64).filter(|&i| !SeenValues::contains(self, from + i));
        absent.fold(0, |bits, i| bits | 1 << i)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Window {
    base: u32,
    /// Bit `offset` is set when `base + offset` is wanted (neither seen nor found). Offset
    /// 0 is wanted only when the base is 0: any other base is one below the smallest value
    /// wanted, so that the kernel may send every value it cannot place to offset 0.
    wanted: [u64; 2],
    /// `(top, blocks)`: the values up to `top` entered when `blocks` blocks had been
    /// scanned; tops increase.
    epochs: Vec<(u32, u64)>,
    /// Values from here on are never wanted: the answer is known to be at most this.
    limit: u32,
}

impl Window {
    /// The values from `smallest` up to the top of the span and below `limit` that are not
    /// in `seen`, entering now; `smallest` is not in `seen` and is at most [`MAX_BASE`].
    pub fn new(seen: &impl SeenValues, smallest: u32, limit: u32, now: u64) -> Window {
        let mut window = Window {
            base: smallest.saturating_sub(1),
            wanted: [0; 2],
            epochs: Vec::new(),
            limit,
        };
        window.bring_in(seen, smallest - window.base, now);
        window
    }

    pub fn base(&self) -> u32 {
        self.base
    }

    /// The smallest wanted value.
    pub fn smallest(&self) -> Option<u32> {
        let (word, bits) = self.wanted.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(self.base + 64 * word as u32 + bits.trailing_zeros())
    }

    #[cfg(test)]
    pub fn contains(&self, value: u32) -> bool {
        let offset = value.wrapping_sub(self.base);
        offset < SPAN && self.wanted[offset as usize / 64] >> (offset % 64) & 1 == 1
    }

    /// Blocks scanned when `value` (a value of the window) entered it.
    pub fn entered(&self, value: u32) -> u64 {
        let epoch = self.epochs.iter().find(|(top, _)| *top >= value);
        epoch.expect("every value of the window has an epoch").1
    }

    /// Takes a value out, it having been found; false if it was not wanted. The scalar
    /// kernel's way: the vector kernel clears its own copy of the table, then
    /// [`Window::keep_only`].
    #[cfg(test)]
    pub fn take(&mut self, value: u32) -> bool {
        if !self.contains(value) {
            return false;
        }
        let offset = value - self.base;
        self.wanted[offset as usize / 64] &= !(1 << (offset % 64));
        true
    }

    /// Takes out every value whose bit is clear in `table` (the kernel's copy of
    /// [`Window::table`], with the values it found cleared).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub fn keep_only(&mut self, table: [u8; 16]) {
        // Row k (bit k of every byte) is offsets 16k to 16k + 15; a multiplication
        // gathers bit 0 of eight bytes into one byte.
        let halves = [0, 8].map(|at| u64::from_le_bytes(table[at..at + 8].try_into().unwrap()));
        let gather = |half: u64, row: u32| {
            (half >> row & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
        };
        let mut wanted = [0u64; 2];
        for row in 0..8 {
            let offsets = gather(halves[0], row) | gather(halves[1], row) << 8;
            wanted[row as usize / 4] |= offsets << (16 * (row % 4));
        }
        debug_assert!(
            wanted
                .iter()
                .zip(self.wanted)
                .all(|(new, old)| new & !old == 0),
            "the kernel only clears bits"
        );
        self.wanted = wanted;
    }

    /// Whether the window should slide up before scanning on: the lower half of its span
    /// is all found, so the values above its top should start being checked.
    #[inline]
    pub fn should_slide(&self) -> bool {
        self.wanted[0] == 0
    }

    /// Moves the window up to just below its smallest wanted value (or the smallest unseen
    /// value above it, when none is left) and brings in the unseen values above the old
    /// top, entering now. An empty window stays empty when no unseen value is left below
    /// the limit. Returns false, leaving the window as it was, when the base would pass
    /// [`MAX_BASE`].
    pub fn slide(&mut self, seen: &impl SeenValues, now: u64) -> bool {
        let old_top = self.base + SPAN - 1;
        let smallest = match self.smallest() {
            Some(smallest) => smallest,
            None => match (old_top + 1..self.limit.min(1 << 16)).find(|&v| !seen.contains(v)) {
                Some(unseen) => unseen,
                None => return true,
            },
        };
        let base = smallest.saturating_sub(1);
        if base > MAX_BASE {
            return false;
        }
        self.wanted = shift_down(self.wanted, base - self.base);
        self.base = base;
        // Epochs wholly below the window are spent.
        self.epochs.retain(|(top, _)| *top > base);
        let first_new = (old_top + 1).max(smallest) - base;
        self.bring_in(seen, first_new, now);
        true
    }

    /// Wants the unseen values from offset `first` to the top of the span, entering now.
    fn bring_in(&mut self, seen: &impl SeenValues, first: u32, now: u64) {
        debug_assert!(self.base <= MAX_BASE, "the span stays within u16");
        if first < SPAN {
            let end = SPAN.min(self.limit.saturating_sub(self.base));
            for (word, wanted) in self.wanted.iter_mut().enumerate() {
                let start = 64 * word as u32;
                let offsets = bits_between(first.saturating_sub(start), end.saturating_sub(start));
                *wanted |= seen.absent_of_64(self.base + start) & offsets;
            }
            self.epochs.push((self.base + SPAN - 1, now));
        }
    }

    /// The wanted values as the kernel looks them up: bit k of byte j is offset j + 16k.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub fn table(&self) -> [u8; 16] {
        table_of(self.wanted)
    }
}

/// The kernel's layout of a set of offsets: row k (offsets 16k to 16k + 15) becomes bit k
/// of the sixteen bytes, eight bytes at a time through [`SPREAD`].
fn table_of(wanted: [u64; 2]) -> [u8; 16] {
    let mut halves = [0u64; 2];
    for row in 0..8 {
        let offsets = (wanted[row / 4] >> (16 * (row % 4))) as u16;
        halves[0] |= SPREAD[usize::from(offsets as u8)] << row;
        halves[1] |= SPREAD[usize::from(offsets >> 8)] << row;
    }
    let mut table = [0u8; 16];
    table[..8].copy_from_slice(&halves[0].to_le_bytes());
    table[8..].copy_from_slice(&halves[1].to_le_bytes());
    table
}

/// Bit i of the index as bit 0 of byte i.
const SPREAD: [u64; 256] = {
    let mut spread = [0u64; 256];
    let mut index = 0;
    while index < 256 {
        let mut bit = 0;
        while bit < 8 {
            spread[index] |= ((index as u64 >> bit) & 1) << (8 * bit);
            bit += 1;
        }
        index += 1;
    }
    spread
};

/// The bits from `from` up to (not including) `to`, within 64.
fn bits_between(from: u32, to: u32) -> u64 {
    let below = |n: u32| if n >= 64 { u64::MAX } else { (1 << n) - 1 };
    below(to) & !below(from)
}

/// The 128-bit set `bits` with every member lowered by `shift` (members below 0 dropped).
fn shift_down(bits: [u64; 2], shift: u32) -> [u64; 2] {
    let (words, within) = ((shift / 64) as usize, shift % 64);
    std::array::from_fn(|i| {
        let low = bits.get(i + words).copied().unwrap_or(0);
        let high = bits.get(i + words + 1).copied().unwrap_or(0);
        if within == 0 {
            low
        } else {
            low >> within | high << (64 - within)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(values: impl IntoIterator<Item = u16>) -> BTreeSet<u16> {
        values.into_iter().collect()
    }

    #[test]
    fn a_window_wants_the_unseen_values_of_its_span() {
        let seen = seen([0, 1, 2, 4, 100]);
        let window = Window::new(&seen, 3, NO_LIMIT, 7);
        assert_eq!((window.base(), window.smallest()), (2, Some(3)));
        assert!(window.contains(3) && !window.contains(4) && window.contains(5));
        assert!(!window.contains(100), "seen");
        assert!(window.contains(2 + 127) && !window.contains(2 + 128));
        assert!(!window.contains(2), "the base itself is never wanted");
        assert_eq!(window.entered(129), 7);
    }

    #[test]
    fn from_zero_the_base_is_wanted() {
        let window = Window::new(&seen([1]), 0, NO_LIMIT, 0);
        assert_eq!((window.base(), window.smallest()), (0, Some(0)));
        assert!(window.contains(0) && !window.contains(1) && window.contains(127));
    }

    #[test]
    fn taking_values_moves_the_smallest() {
        let mut window = Window::new(&seen([]), 10, NO_LIMIT, 0);
        assert_eq!(window.base(), 9);
        assert!(window.take(10) && window.take(11));
        assert!(!window.take(9) && !window.take(11), "not wanted");
        assert_eq!(window.smallest(), Some(12));
        assert!(!window.should_slide());
        (12..72).for_each(|v| assert!(window.take(v)));
        assert!(!window.should_slide(), "offset 63 is still wanted");
        assert!(window.take(72));
        assert!(window.should_slide());
    }

    #[test]
    fn sliding_brings_in_higher_values_with_a_later_epoch() {
        let mut seen = seen([]);
        let mut window = Window::new(&seen, 0, NO_LIMIT, 0);
        for v in 0..100 {
            assert!(window.take(v));
            seen.insert(v as u16);
        }
        seen.insert(160);
        assert!(window.slide(&seen, 42));
        assert_eq!((window.base(), window.smallest()), (99, Some(100)));
        assert_eq!(window.entered(127), 0, "in the first span");
        assert_eq!(window.entered(128), 42);
        assert!(window.contains(99 + 127) && !window.contains(99 + 128));
        assert!(!window.contains(160), "seen values do not come in");
        assert!(window.contains(127) && window.contains(100));
    }

    #[test]
    fn an_empty_window_slides_to_the_next_unseen_value() {
        let seen = seen((1..=400).filter(|&v| v != 390));
        let mut window = Window::new(&seen, 0, NO_LIMIT, 0);
        assert!(window.take(0));
        assert_eq!(window.smallest(), None);
        assert!(window.slide(&seen, 5));
        assert_eq!((window.base(), window.smallest()), (389, Some(390)));
        assert_eq!(window.entered(390), 5);
    }

    #[test]
    fn no_slide_past_the_last_safe_base() {
        let seen = seen((0..=u16::MAX).filter(|&v| v != 5 && v != 65_500));
        let mut window = Window::new(&seen, 5, NO_LIMIT, 0);
        assert!(window.take(5));
        let before = window.clone();
        assert!(
            !window.slide(&seen, 1),
            "65 500 is beyond the last safe base"
        );
        assert_eq!(window, before);
    }

    #[test]
    fn with_every_value_seen_the_window_stays_empty() {
        let seen = seen((0..=u16::MAX).filter(|&v| v != 5));
        let mut window = Window::new(&seen, 5, NO_LIMIT, 0);
        assert!(window.take(5));
        assert!(window.slide(&seen, 1));
        assert_eq!(window.smallest(), None);
    }

    #[test]
    fn the_table_holds_offsets_in_the_kernels_layout() {
        let wanted = [1001, 1017, 1127, 1100];
        let unseen = |v: &u16| !wanted.contains(v);
        let mut window = Window::new(&seen((0..2000).filter(unseen)), 1001, NO_LIMIT, 0);
        let table = window.table();
        assert_eq!(table[1], 1 | 2, "offsets 1 and 17 = 1 + 16");
        assert_eq!(table[15], 0x80, "offset 127 = 15 + 16·7");
        assert_eq!(table[4], 0x40, "offset 100 = 4 + 16·6");
        window.take(1017);
        assert_eq!(window.table()[1], 1, "taken out of the table too");
        assert_eq!(
            window.table().iter().map(|b| b.count_ones()).sum::<u32>(),
            3
        );
    }

    #[test]
    fn a_table_cleared_by_the_kernel_takes_its_values_out() {
        let mut window = Window::new(&seen([3, 50, 64, 90]), 0, NO_LIMIT, 0);
        let mut expected = window.clone();
        for value in [0, 1, 17, 63, 65, 100, 127] {
            assert!(expected.take(value));
        }
        let mut table = window.table();
        for offset in [0, 1, 17, 63, 65, 100, 127] {
            table[offset % 16] &= !(1 << (offset / 16));
        }
        window.keep_only(table);
        assert_eq!(window, expected);
        assert_eq!(window.smallest(), Some(2));
        assert!(window.contains(126) && !window.contains(127) && !window.contains(63));
    }

    #[test]
    fn values_from_the_limit_on_are_not_wanted() {
        let mut seen = seen([1, 2]);
        let mut window = Window::new(&seen, 0, 100, 0);
        assert!(window.contains(99) && !window.contains(100) && !window.contains(127));
        (0..100).for_each(|v| {
            window.take(v);
            seen.insert(v as u16);
        });
        assert!(window.slide(&seen, 3));
        assert_eq!(window.smallest(), None, "nothing left below the limit");
    }

    /// 200 sets of offsets, from a xorshift generator.
    fn random_sets(seed: u64) -> impl Iterator<Item = [u64; 2]> {
        let mut state = seed;
        std::iter::repeat_with(move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            [state, state.rotate_left(17) & 0xffff_0000_ffff]
        })
        .take(200)
    }

    #[test]
    fn a_table_given_back_is_the_wanted_set() {
        for wanted in random_sets(0x2545_f491_4f6c_dd1d) {
            let mut window = Window::new(&seen([]), 0, NO_LIMIT, 0);
            window.keep_only(table_of(wanted));
            assert_eq!(window.wanted, wanted);
        }
    }

    #[test]
    fn the_table_layout_matches_its_definition() {
        for wanted in random_sets(0x9e37_79b9_7f4a_7c15) {
            let mut table = [0u8; 16];
            for offset in 0..128 {
                if wanted[offset / 64] >> (offset % 64) & 1 == 1 {
                    table[offset % 16] |= 1 << (offset / 16);
                }
            }
            assert_eq!(table_of(wanted), table);
        }
        assert_eq!(table_of([0, 0]), [0; 16]);
        assert_eq!(table_of([u64::MAX; 2]), [0xff; 16]);
    }

    #[test]
    fn bit_ranges() {
        assert_eq!(bits_between(0, 64), u64::MAX);
        assert_eq!(bits_between(3, 5), 0b11000);
        assert_eq!(bits_between(64, 200), 0);
        assert_eq!(bits_between(0, 63), u64::MAX >> 1);
    }

    #[test]
    fn shifting_a_set_down() {
        let bits = [1 << 63 | 1, 1 << 5];
        assert_eq!(shift_down(bits, 0), bits);
        assert_eq!(shift_down(bits, 1), [1 << 62, 1 << 4]);
        assert_eq!(shift_down(bits, 64), [1 << 5, 0]);
        assert_eq!(shift_down(bits, 69), [1, 0]);
        assert_eq!(shift_down(bits, 130), [0, 0]);
    }
}
