//! A set of `u16` values emptied in O(1), for collecting the option values of one heap.

use super::check::Checker;

/// Values seen while computing one heap: a value is in the set when its stamp is current,
/// or, when the caller promised values below 64, when its bit is set.
pub(super) struct Seen {
    /// Indexed by a `u16`, so lookups need no bounds check.
    stamps: Box<[u32; 1 << 16]>,
    current: u32,
    /// The set as bits while every value is below 64 (see [`Seen::clear_below`]): an
    /// insert is then an `or` in a register, not a store. Games like 0.106 and 0.16, whose
    /// values stay small, spend most of each heap inserting a few dozen values.
    bits: Option<u64>,
    /// Room for a chunk of xored pairs (see [`Seen::insert_xors`]), kept so that it is not
    /// zeroed again for every chunk.
    xors: Box<[u16; XOR_CHUNK]>,
    /// AVX2, when the CPU has it: there the small set's fold shifts a vector of values at
    /// once (plain x86-64 has no variable vector shift), which made 0.16 and 0.106 a third and
    /// a seventh faster.
    vector: Option<Checker>,
}

/// Pairs xored at once before they are inserted.
const XOR_CHUNK: usize = 1024;

impl Seen {
    pub fn new() -> Seen {
        let stamps = vec![0u32; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("the vector has 2^16 stamps");
        Seen {
            stamps,
            current: 1,
            bits: None,
            xors: Box::new([0; XOR_CHUNK]),
            vector: Checker::detect(),
        }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.bits = None;
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamps.fill(0);
            self.current = 1;
        }
    }

    /// Empties the set, for values that are all below `bound` until the next clear (the
    /// caller's promise: a value at or above it must not be inserted).
    pub fn clear_below(&mut self, bound: u32) {
        if bound <= 64 {
            self.bits = Some(0);
        } else {
            self.clear();
        }
    }

    #[inline]
    pub fn insert(&mut self, value: u16) {
        match &mut self.bits {
            Some(bits) => {
                promised_small(value);
                *bits |= bit(value);
            }
            None => self.stamps[usize::from(value)] = self.current,
        }
    }

    /// Inserts every value of `values`.
    #[inline]
    pub fn insert_all(&mut self, values: impl Iterator<Item = u16>) {
        match &mut self.bits {
            Some(bits) => add_small(bits, fold_bits(values)),
            None => values.for_each(|value| self.stamps[usize::from(value)] = self.current),
        }
    }

    /// Whether `value` is in the set; values above `u16::MAX` never are.
    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        match self.bits {
            Some(bits) => value < 64 && bits >> value & 1 == 1,
            None => u16::try_from(value).is_ok_and(|v| self.stamps[usize::from(v)] == self.current),
        }
    }

    /// The least value at or above `from` that is not in the set.
    pub fn next_absent(&self, mut from: u32) -> u32 {
        if let Some(bits) = self.bits {
            return if from < 64 {
                from + (bits >> from).trailing_ones()
            } else {
                from
            };
        }
        while self.contains(from) {
            from += 1;
        }
        from
    }

    /// Inserts a ^ b for every pair of `smaller` and `larger` (as long as each other): into
    /// the bits of a small set, or xored a chunk at a time on vectors, then one store a pair.
    pub fn insert_xors(&mut self, smaller: &[u16], larger: &[u16]) {
        debug_assert_eq!(smaller.len(), larger.len());
        if let Some(bits) = &mut self.bits {
            let folded = match self.vector {
                Some(vector) => vector.fold_small(smaller, larger),
                None => fold_small(smaller, larger),
            };
            add_small(bits, folded);
            return;
        }
        let chunks = smaller.chunks(XOR_CHUNK).zip(larger.chunks(XOR_CHUNK));
        for (smaller, larger) in chunks {
            self.buffer_xors(0, smaller, larger);
            self.insert_buffered(smaller.len());
        }
    }

    /// Inserts a ^ b for every pair of every block (pairs of equally long slices, at most
    /// 1 024 pairs each): the blocks are xored into one buffer, which is then inserted in
    /// one tight loop; for blocks too short to make a loop of their own.
    pub fn insert_xor_blocks<'a>(&mut self, blocks: impl Iterator<Item = (&'a [u16], &'a [u16])>) {
        if self.bits.is_some() {
            blocks.for_each(|(smaller, larger)| self.insert_xors(smaller, larger));
            return;
        }
        let mut filled = 0;
        for (smaller, larger) in blocks {
            debug_assert_eq!(smaller.len(), larger.len());
            debug_assert!(smaller.len() <= XOR_CHUNK, "a block fits the buffer");
            if filled + smaller.len() > XOR_CHUNK {
                self.insert_buffered(filled);
                filled = 0;
            }
            self.buffer_xors(filled, smaller, larger);
            filled += smaller.len();
        }
        self.insert_buffered(filled);
    }

    /// Puts a ^ b for the pairs of `smaller` and `larger` in the buffer from `at` on.
    fn buffer_xors(&mut self, at: usize, smaller: &[u16], larger: &[u16]) {
        let xors = &mut self.xors[at..at + smaller.len()];
        for ((xor, &a), &b) in xors.iter_mut().zip(smaller).zip(larger) {
            *xor = a ^ b;
        }
    }

    fn insert_buffered(&mut self, count: usize) {
        for &value in &self.xors[..count] {
            self.stamps[usize::from(value)] = self.current;
        }
    }

    /// The values `from`, ..., `from + 63` not in the set, as bits (values above `u16::MAX`
    /// are never in it).
    pub fn absent_of_64(&self, from: u32) -> u64 {
        if let Some(bits) = self.bits {
            return if from < 64 { !(bits >> from) } else { u64::MAX };
        }
        let start = (from as usize).min(1 << 16);
        let stamps = &self.stamps[start..(start + 64).min(1 << 16)];
        let present = stamps.iter().enumerate().fold(0u64, |bits, (i, &stamp)| {
            bits | u64::from(stamp == self.current) << i
        });
        !present
    }

    pub const BYTES: usize = (4 << 16) + 2 * XOR_CHUNK;
}

/// The values a ^ b of the pairs as bits of a set of values below 64, and all of them or-ed
/// together (for [`promised_small`]).
#[inline(always)]
pub(super) fn fold_small(smaller: &[u16], larger: &[u16]) -> (u64, u16) {
    fold_bits(smaller.iter().zip(larger).map(|(&a, &b)| a ^ b))
}

/// The values as bits of a set of values below 64, and all of them or-ed together.
#[inline(always)]
fn fold_bits(values: impl Iterator<Item = u16>) -> (u64, u16) {
    values.fold((0, 0), |(found, all), v| (found | bit(v), all | v))
}

/// Adds the bits of a fold to a small set, once its values are checked against the promise.
#[inline(always)]
fn add_small(bits: &mut u64, (found, all): (u64, u16)) {
    promised_small(all);
    *bits |= found;
}

/// `value` as a bit of a set of values below 64 (a larger value would wrap the shift:
/// [`promised_small`] checks the values, or all of them or-ed together, first).
#[inline(always)]
fn bit(value: u16) -> u64 {
    1 << (value & 63)
}

/// Stops with a message if a value (or several or-ed together) breaks the promise of
/// [`Seen::clear_below`]: a wrong set would be a wrong Grundy value.
#[inline(always)]
fn promised_small(values: u16) {
    assert!(
        values < 64,
        "a value of {values} or more in a set promised values below 64"
    );
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The same inserts into a set promised small values and into a stamped one.
    fn both(fill: impl Fn(&mut Seen)) -> (Seen, Seen) {
        let (mut small, mut stamped) = (Seen::new(), Seen::new());
        small.clear_below(64);
        stamped.clear_below(65);
        assert!(small.bits.is_some() && stamped.bits.is_none());
        fill(&mut small);
        fill(&mut stamped);
        (small, stamped)
    }

    proptest! {
        #[test]
        fn small_sets_answer_like_stamped_ones(
            singles in prop::collection::vec(0u16..64, 0..20),
            pairs in prop::collection::vec((0u16..64, 0u16..64), 0..100),
        ) {
            let (smaller, larger): (Vec<u16>, Vec<u16>) = pairs.into_iter().unzip();
            let (small, stamped) = both(|seen| {
                singles.iter().take(5).for_each(|&v| seen.insert(v));
                seen.insert_all(singles.iter().skip(5).copied());
                let half = smaller.len() / 2;
                seen.insert_xors(&smaller[..half], &larger[..half]);
                let blocks = smaller[half..].chunks(7).zip(larger[half..].chunks(7));
                seen.insert_xor_blocks(blocks);
            });
            for value in 0..200 {
                prop_assert_eq!(small.contains(value), stamped.contains(value), "{}", value);
                prop_assert_eq!(small.next_absent(value), stamped.next_absent(value));
                prop_assert_eq!(small.absent_of_64(value), stamped.absent_of_64(value));
            }
        }
    }

    proptest! {
        #[test]
        fn the_small_fold_is_its_definition_with_or_without_avx2(
            pairs in prop::collection::vec((0u16..64, 0u16..128), 0..300),
        ) {
            let (smaller, larger): (Vec<u16>, Vec<u16>) = pairs.iter().copied().unzip();
            let xors = || pairs.iter().map(|(a, b)| a ^ b);
            let expected = (
                xors().fold(0u64, |bits, v| bits | 1 << (v % 64)),
                xors().fold(0, |all, v| all | v),
            );
            prop_assert_eq!(fold_small(&smaller, &larger), expected);
            if let Some(vector) = Checker::detect() {
                prop_assert_eq!(vector.fold_small(&smaller, &larger), expected);
            }
        }
    }

    #[test]
    fn a_full_small_set_has_64_next() {
        let (small, stamped) = both(|seen| seen.insert_all(0..64));
        for from in [0, 10, 63, 64, 70] {
            assert_eq!(small.next_absent(from), from.max(64));
            assert_eq!(stamped.next_absent(from), from.max(64));
        }
        let (small, _) = both(|seen| seen.insert(63));
        assert_eq!((small.next_absent(63), small.next_absent(62)), (64, 62));
        assert_eq!(small.absent_of_64(0), !(1 << 63));
    }

    #[test]
    fn many_short_blocks_go_through_the_buffer_in_turns() {
        // 40 blocks of 32 pairs: more than one buffer's worth.
        let smaller: Vec<u16> = (0..1280u16).map(|i| i.wrapping_mul(7919) % 5000).collect();
        let larger: Vec<u16> = (0..1280u16).map(|i| i % 97).collect();
        let mut seen = Seen::new();
        seen.clear();
        seen.insert_xor_blocks(smaller.chunks(32).zip(larger.chunks(32)));
        let mut present = vec![false; 1 << 13];
        for (a, b) in smaller.iter().zip(&larger) {
            present[usize::from(a ^ b)] = true;
        }
        for (value, &expected) in present.iter().enumerate() {
            assert_eq!(seen.contains(value as u32), expected, "{value}");
        }
    }

    #[test]
    #[should_panic(expected = "promised values below 64")]
    fn a_broken_promise_stops() {
        let mut seen = Seen::new();
        seen.clear_below(64);
        seen.insert_xors(&[1, 2], &[0, 64]);
    }

    #[test]
    fn a_clear_empties_either_kind() {
        let mut seen = Seen::new();
        seen.clear_below(32);
        seen.insert(5);
        seen.clear();
        assert!(!seen.contains(5) && seen.bits.is_none());
        seen.insert(5);
        seen.clear_below(8);
        assert!(!seen.contains(5));
        assert_eq!(seen.next_absent(0), 0);
        assert_eq!(seen.absent_of_64(60), u64::MAX);
    }
}
