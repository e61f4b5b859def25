//! A set of `u16` values emptied in O(1), for collecting the option values of one heap;
//! or of up to [`LANES`] heaps at once, one lane each.

use super::kernel::{Avx2Work, Checker};

/// Heaps whose sets are kept side by side (see [`Seen::insert_lanes`]).
pub(super) const LANES: usize = 4;

/// Values seen while computing one heap: a value is in the set when its stamp in the lane in
/// use is that lane's current stamp, or, when the caller promised values below 64, when its
/// bit is set.
pub(super) struct Seen {
    /// The lanes' stamps, indexed by a lane and a `u16`, so that a lookup checks only the
    /// lane. Lanes lie a little more than 256 KiB apart: at exactly that distance, stores to four
    /// lanes at once (see [`Seen::insert_lanes`]) alias at 4 KiB and ran at half the speed.
    stamps: Box<[u32; LANES * LANE_LEN]>,
    current: [u32; LANES],
    /// The lane the set's other methods read and write.
    lane: usize,
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

/// A lane's stamps: one a `u16` value.
type Lane = [u32; LANE_LEN];
/// Stamps from one lane to the next: a lane and 64 bytes more.
const LANE_LEN: usize = (1 << 16) + 16;

/// Pairs xored at once before they are inserted.
const XOR_CHUNK: usize = 1024;

impl Seen {
    pub fn new() -> Seen {
        Seen {
            // One zeroed allocation (no table on the stack), so untouched lanes stay unmapped.
            stamps: vec![0; LANES * LANE_LEN]
                .into_boxed_slice()
                .try_into()
                .expect("the vector has a stamp table a lane"),
            // Lanes other than 0 start at stamp 0, which an emptied lane never has again: a
            // lane still at 0 was never used, and its zeroed pages were never touched.
            current: std::array::from_fn(|lane| u32::from(lane == 0)),
            lane: 0,
            bits: None,
            xors: Box::new([0; XOR_CHUNK]),
            vector: Checker::detect(),
        }
    }

    /// Empties the set (lane 0, which is then in use).
    pub fn clear(&mut self) {
        self.bits = None;
        self.lane = 0;
        self.empty_lane(0);
    }

    /// Empties lanes 0 to `count - 1` for [`Seen::insert_lanes`]; the lane in use stays.
    pub fn clear_lanes(&mut self, count: usize) {
        (0..count).for_each(|lane| self.empty_lane(lane));
    }

    /// Uses lane `lane` from now on, as it was left (stamped, not bits).
    pub fn use_lane(&mut self, lane: usize) {
        self.bits = None;
        self.lane = lane;
    }

    fn empty_lane(&mut self, lane: usize) {
        self.current[lane] = self.current[lane].wrapping_add(1);
        if self.current[lane] == 0 {
            self.lanes_mut()[lane].fill(0);
            self.current[lane] = 1;
        }
    }

    /// The table as its lanes.
    #[inline(always)]
    fn lanes(&self) -> &[Lane; LANES] {
        let (lanes, _) = self.stamps.as_chunks::<LANE_LEN>();
        lanes.try_into().expect("LANES lanes")
    }

    #[inline(always)]
    fn lanes_mut(&mut self) -> &mut [Lane; LANES] {
        let (lanes, _) = self.stamps.as_chunks_mut::<LANE_LEN>();
        lanes.try_into().expect("LANES lanes")
    }

    /// Inserts value `i` of each array into lane `i`. All four lanes are written, also those a
    /// pass of two or three heaps does not use: such a lane is emptied before any heap reads
    /// it.
    #[inline]
    pub fn insert_lanes(&mut self, values: impl Iterator<Item = [u16; LANES]>) {
        debug_assert!(self.bits.is_none(), "lanes are stamped");
        let current = self.current;
        let [first, second, third, fourth] = self.lanes_mut();
        for [a, b, c, d] in values {
            first[usize::from(a)] = current[0];
            second[usize::from(b)] = current[1];
            third[usize::from(c)] = current[2];
            fourth[usize::from(d)] = current[3];
        }
    }

    /// Empties the set, for values that are all below `bound` until the next clear (the
    /// caller's promise: a value at or above it must not be inserted).
    pub fn clear_below(&mut self, bound: u32) {
        if bound <= Seen::SMALL_BOUND {
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
            None => {
                let (lane, current) = (self.lane, self.current[self.lane]);
                self.lanes_mut()[lane][usize::from(value)] = current;
            }
        }
    }

    /// Inserts every value of `values`.
    #[inline]
    pub fn insert_all(&mut self, values: impl Iterator<Item = u16>) {
        match &mut self.bits {
            Some(bits) => add_small(bits, fold_bits(values)),
            None => {
                let (lane, current) = (self.lane, self.current[self.lane]);
                let stamps = &mut self.lanes_mut()[lane];
                values.for_each(|value| stamps[usize::from(value)] = current);
            }
        }
    }

    /// Whether `value` is in the set; values above `u16::MAX` never are.
    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        match self.bits {
            Some(bits) => value < 64 && bits >> value & 1 == 1,
            None => u16::try_from(value)
                .is_ok_and(|v| self.lanes()[self.lane][usize::from(v)] == self.current[self.lane]),
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
        self.insert_pairs::<false>(smaller, larger);
    }

    /// Inserts a ^ b for the splits (a, sum - a) of a run straight from the table of values:
    /// `smaller` read forwards, `larger` backwards (`smaller[i]` with `larger[len - 1 - i]`).
    pub fn insert_splits(&mut self, smaller: &[u16], larger: &[u16]) {
        self.insert_pairs::<true>(smaller, larger);
    }

    fn insert_pairs<const BACKWARDS: bool>(&mut self, smaller: &[u16], larger: &[u16]) {
        debug_assert_eq!(smaller.len(), larger.len());
        if let Some(bits) = &mut self.bits {
            let folded = match self.vector {
                Some(vector) => vector.vectorize(FoldSmall::<BACKWARDS> { smaller, larger }),
                None => fold_small::<BACKWARDS>(smaller, larger),
            };
            add_small(bits, folded);
            return;
        }
        for (index, smaller) in smaller.chunks(XOR_CHUNK).enumerate() {
            let at = index * XOR_CHUNK;
            let xors = &mut self.xors[..smaller.len()];
            if BACKWARDS {
                let larger = &larger[larger.len() - at - smaller.len()..larger.len() - at];
                let pairs = smaller.iter().zip(larger.iter().rev());
                xors.iter_mut()
                    .zip(pairs)
                    .for_each(|(xor, (a, b))| *xor = a ^ b);
            } else {
                let pairs = smaller.iter().zip(&larger[at..at + smaller.len()]);
                xors.iter_mut()
                    .zip(pairs)
                    .for_each(|(xor, (a, b))| *xor = a ^ b);
            }
            self.insert_buffered(smaller.len());
        }
    }

    /// Inserts a ^ b for every pair of every block of `LEN` pairs (at most 1 024): the
    /// blocks are xored into one buffer, which is then inserted in one tight loop; for blocks
    /// too short to make a loop of their own. A block is an array made whole, so that its
    /// xor is always compiled to vector instructions: as a slice, unrelated changes elsewhere
    /// turned it into a loop or into 32 scalar xors, and the check scan ran 5% to 20% slower.
    pub fn insert_xor_blocks<'a, const LEN: usize>(
        &mut self,
        blocks: impl Iterator<Item = (&'a [u16; LEN], &'a [u16; LEN])>,
    ) {
        const { assert!(LEN <= XOR_CHUNK, "a block fits the buffer") };
        if self.bits.is_some() {
            blocks.for_each(|(smaller, larger)| self.insert_xors(smaller, larger));
            return;
        }
        let mut filled = 0;
        for (smaller, larger) in blocks {
            if filled + LEN > XOR_CHUNK {
                self.insert_buffered(filled);
                filled = 0;
            }
            let xors: &mut [u16; LEN] = (&mut self.xors[filled..filled + LEN])
                .try_into()
                .expect("LEN values");
            *xors = std::array::from_fn(|i| smaller[i] ^ larger[i]);
            filled += LEN;
        }
        self.insert_buffered(filled);
    }

    fn insert_buffered(&mut self, count: usize) {
        let (lane, current) = (self.lane, self.current[self.lane]);
        let (lanes, _) = self.stamps.as_chunks_mut::<LANE_LEN>();
        let stamps = &mut lanes[lane];
        for &value in &self.xors[..count] {
            stamps[usize::from(value)] = current;
        }
    }

    /// The values `from`, ..., `from + 63` not in the set, as bits (values above `u16::MAX`
    /// are never in it).
    pub fn absent_of_64(&self, from: u32) -> u64 {
        if let Some(bits) = self.bits {
            return if from < 64 { !(bits >> from) } else { u64::MAX };
        }
        let start = (from as usize).min(1 << 16);
        let stamps = &self.lanes()[self.lane][start..(start + 64).min(1 << 16)];
        let current = self.current[self.lane];
        let present = stamps.iter().enumerate().fold(0u64, |bits, (i, &stamp)| {
            bits | u64::from(stamp == current) << i
        });
        !present
    }

    /// Bounds up to this make [`Seen::clear_below`] collect values in bits.
    pub const SMALL_BOUND: u32 = 64;

    /// Bytes in use: lanes other than 0 count once a pass has used them.
    pub fn memory_bytes(&self) -> usize {
        let lanes = if self.current[1] == 0 { 1 } else { LANES };
        4 * LANE_LEN * lanes + 2 * XOR_CHUNK
    }
}

/// The values a ^ b of the pairs as bits of a set of values below 64, and all of them or-ed
/// together (for [`promised_small`]); `larger` read backwards if `BACKWARDS`.
#[inline(always)]
fn fold_small<const BACKWARDS: bool>(smaller: &[u16], larger: &[u16]) -> (u64, u16) {
    if BACKWARDS {
        fold_bits(
            smaller
                .iter()
                .zip(larger.iter().rev())
                .map(|(&a, &b)| a ^ b),
        )
    } else {
        fold_bits(smaller.iter().zip(larger).map(|(&a, &b)| a ^ b))
    }
}

/// [`fold_small`] as work for AVX2.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct FoldSmall<'a, const BACKWARDS: bool> {
    smaller: &'a [u16],
    larger: &'a [u16],
}

impl<const BACKWARDS: bool> Avx2Work for FoldSmall<'_, BACKWARDS> {
    type Output = (u64, u16);

    #[inline(always)]
    fn call(self) -> (u64, u16) {
        fold_small::<BACKWARDS>(self.smaller, self.larger)
    }
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
                let (smaller_blocks, smaller_rest) = smaller[half..].as_chunks::<7>();
                let (larger_blocks, larger_rest) = larger[half..].as_chunks::<7>();
                seen.insert_xor_blocks(smaller_blocks.iter().zip(larger_blocks));
                seen.insert_xors(smaller_rest, larger_rest);
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
            let backwards: Vec<u16> = larger.iter().rev().copied().collect();
            prop_assert_eq!(fold_small::<false>(&smaller, &larger), expected);
            prop_assert_eq!(fold_small::<true>(&smaller, &backwards), expected);
            if let Some(vector) = Checker::detect() {
                let forwards = FoldSmall::<false> { smaller: &smaller, larger: &larger };
                let backwards = FoldSmall::<true> { smaller: &smaller, larger: &backwards };
                prop_assert_eq!(vector.vectorize(forwards), expected);
                prop_assert_eq!(vector.vectorize(backwards), expected);
            }
        }
    }

    proptest! {
        /// Splits read with their larger parts backwards, across the buffer's chunks: the
        /// same set as the pairs read forwards.
        #[test]
        fn splits_read_backwards_are_the_same_pairs(
            pairs in prop::collection::vec((0u16..3000, 0u16..3000), 0..2500),
            small in any::<bool>(),
        ) {
            let pairs: Vec<(u16, u16)> = if small {
                pairs.iter().map(|(a, b)| (a % 64, b % 64)).collect()
            } else {
                pairs
            };
            let (smaller, larger): (Vec<u16>, Vec<u16>) = pairs.iter().copied().unzip();
            let backwards: Vec<u16> = larger.iter().rev().copied().collect();
            let bound = if small { 64 } else { 1 << 12 };
            let (mut forwards_set, mut backwards_set) = (Seen::new(), Seen::new());
            forwards_set.clear_below(bound);
            backwards_set.clear_below(bound);
            forwards_set.insert_xors(&smaller, &larger);
            backwards_set.insert_splits(&smaller, &backwards);
            for value in 0..bound {
                let expected = pairs.iter().any(|(a, b)| u32::from(a ^ b) == value);
                prop_assert_eq!(backwards_set.contains(value), expected, "{}", value);
                prop_assert_eq!(forwards_set.contains(value), expected, "{}", value);
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
        seen.insert_xor_blocks(smaller.as_chunks::<32>().0.iter().zip(larger.as_chunks().0));
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
    fn lanes_are_separate_sets() {
        let mut seen = Seen::new();
        let one_lane = seen.memory_bytes();
        seen.insert(3);
        seen.clear_lanes(LANES);
        // Lanes other than 0 count as memory once a pass has asked for them.
        assert_eq!(seen.memory_bytes() - one_lane, (LANES - 1) * 4 * LANE_LEN);
        seen.insert_lanes([[1, 2, 3, 4], [10, 20, 30, 40]].into_iter());
        seen.use_lane(2);
        seen.insert(7);
        let lane_of = |seen: &mut Seen, lane| {
            seen.use_lane(lane);
            (0..50).filter(|&v| seen.contains(v)).collect::<Vec<u32>>()
        };
        assert_eq!(lane_of(&mut seen, 0), [1, 10]);
        assert_eq!(lane_of(&mut seen, 1), [2, 20]);
        assert_eq!(lane_of(&mut seen, 2), [3, 7, 30]);
        assert_eq!(lane_of(&mut seen, 3), [4, 40]);
        // The lane in use takes the plain inserts; emptying two lanes leaves the others.
        seen.use_lane(3);
        seen.insert(5);
        assert_eq!(seen.next_absent(4), 6);
        seen.clear_lanes(2);
        assert_eq!(lane_of(&mut seen, 0), Vec::<u32>::new());
        assert_eq!(lane_of(&mut seen, 1), Vec::<u32>::new());
        assert_eq!(lane_of(&mut seen, 2), [3, 7, 30]);
        assert_eq!(lane_of(&mut seen, 3), [4, 5, 40]);
        // A clear is lane 0's, and puts it in use.
        seen.use_lane(0);
        seen.insert(9);
        seen.use_lane(2);
        seen.clear();
        assert!(!seen.contains(9) && !seen.contains(3));
        seen.use_lane(2);
        assert!(seen.contains(3));
    }

    #[test]
    fn a_lane_whose_stamp_wraps_is_emptied_for_real() {
        let mut seen = Seen::new();
        seen.clear_lanes(2);
        seen.use_lane(1);
        seen.current[1] = u32::MAX;
        seen.insert(12);
        assert!(seen.contains(12));
        seen.clear_lanes(2);
        assert_eq!(seen.current[1], 1);
        assert!(!seen.contains(12));
        seen.current[1] = u32::MAX;
        assert!(!seen.contains(12), "the old stamp is gone");
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
