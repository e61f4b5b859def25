//! The check scan: g(n) with most pairs checked, not marked.
//!
//! Marking a pair's value in the set of seen values is a store, and those stores are the
//! whole cost of the marking scan. Here a [`Sample`] of the blocks is marked (one in four or
//! eight for a plain scan, spread over the splits), which sees the common values; then every block
//! is only *checked*, 32 pairs at a time, against a [`Window`] of the smallest values not
//! seen yet: a table lookup in registers, no store. A pair is looked at alone only when its
//! value is wanted, and a found value leaves the window, so that happens about once for
//! each value the sample missed.
//!
//! The scan goes round the blocks cyclically until the smallest wanted value has been
//! checked against every block since it entered the window: every smaller value has been
//! seen, so that value is g(n), exactly the mex of all the options. With sparse space the
//! caller knows a value that is absent, the limit: the scan stops as soon as every value
//! below it is found.
//!
//! The kernel needs AVX2 (`pulp` checks the CPU once and makes the instructions safe to
//! call); without it [`Checker::detect`] finds nothing and the marking scan runs.

use std::ops::Range;

use super::seen::Seen;
use super::window::{MAX_BASE, Window};

/// Pairs in a block.
pub(super) const BLOCK: usize = 32;
/// Rounds of the blocks after which the scan marks every pair instead: 0.007 takes about 1.7
/// rounds a heap, and no heap up to 10^5 takes more than 6 (with 3, 4 423 heaps would).
const ROUNDS_BEFORE_MARKING: u64 = 6;
/// Which blocks are marked before the check: one in `every`, spread over the splits. A
/// spread sample misses half as many values as a prefix of the same size (measured on
/// 0.007), and every value it misses costs a hit.
#[derive(Copy, Clone, Debug)]
pub(super) struct Sample {
    every: usize,
}

impl Sample {
    /// One block in `every`, a power of two: the kernel asks [`Sample::has`] of every
    /// block, and a division there cost about a tenth of its time.
    pub const fn one_in(every: usize) -> Sample {
        assert!(every.is_power_of_two());
        Sample { every }
    }

    /// Whether block `index` of a run is in the sample: every value in it is seen.
    #[inline(always)]
    fn has(self, index: usize) -> bool {
        index & (self.every - 1) == 0
    }

    /// The first block after `index` in the sample.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    fn next_after(self, index: usize) -> usize {
        (index | (self.every - 1)) + 1
    }
}

/// The splits (a, sum - a) for a run of consecutive a: their smaller parts and their larger
/// parts, pair by pair; both as long, a whole number of blocks.
#[derive(Copy, Clone)]
pub(super) struct Run<'a> {
    pub smaller: &'a [u16],
    pub larger: &'a [u16],
}

impl Run<'_> {
    fn blocks(&self) -> u64 {
        (self.smaller.len() / BLOCK) as u64
    }

    fn value(&self, pair: usize) -> u16 {
        self.smaller[pair] ^ self.larger[pair]
    }
}

/// Checks blocks of pairs against a window.
pub(super) trait Kernel {
    /// Checks the blocks `blocks` of `run` in order, skipping the sampled ones; a wanted
    /// value met is taken out of `window`. Stops early, after the block that made it so,
    /// once the window should slide. Returns the blocks done, sampled ones included.
    fn check(&self, run: Run, blocks: Range<usize>, sample: Sample, window: &mut Window) -> usize;
}

/// The least value that is neither in `seen` nor the value of a pair of `runs`, or `limit`
/// if that is smaller; and the pairs looked at (a sampled block counts again each time the
/// scan passes it).
pub(super) fn mex(
    kernel: &impl Kernel,
    runs: &[Run],
    seen: &mut Seen,
    limit: u32,
    sample: Sample,
) -> (u32, u64) {
    let total: u64 = runs.iter().map(Run::blocks).sum();
    let sampled = mark_sample(runs, sample, seen);
    let smallest = seen.next_absent(0);
    if smallest >= limit {
        return (limit, sampled);
    }
    if total == 0 || smallest > MAX_BASE {
        let (value, marked) = mark_all(runs, seen);
        return (value.min(limit), sampled + marked);
    }
    let mut window = Window::new(seen, smallest, limit, 0);
    let mut now = 0;
    loop {
        let looked_at = sampled + now * BLOCK as u64;
        // Values near u16::MAX, which the window cannot hold, or values that keep entering
        // the window late (each slide may cost up to a round): marking everything bounds
        // the work.
        let give_up = now > ROUNDS_BEFORE_MARKING * total;
        if give_up || window.should_slide() && !window.slide(seen, now) {
            let (value, marked) = mark_all(runs, seen);
            return (value.min(limit), looked_at + marked);
        }
        // Every value below the limit is seen or found.
        let Some(smallest) = window.smallest() else {
            return (limit, looked_at);
        };
        let left = total - (now - window.entered(smallest));
        if left == 0 {
            return (smallest, looked_at);
        }
        now += check_cyclically(kernel, runs, now % total, left, sample, &mut window);
    }
}

/// Checks at most `count` blocks from block `start` (counting across the runs, cyclically),
/// stopping early when the window should slide; returns the blocks checked.
fn check_cyclically(
    kernel: &impl Kernel,
    runs: &[Run],
    start: u64,
    count: u64,
    sample: Sample,
    window: &mut Window,
) -> u64 {
    let mut checked = 0;
    let mut skip = start;
    for run in runs.iter().cycle() {
        let blocks = run.blocks();
        if skip >= blocks {
            skip -= blocks;
            continue;
        }
        let (from, to) = (skip as usize, (skip + count - checked).min(blocks) as usize);
        skip = 0;
        let done = kernel.check(*run, from..to, sample, window);
        checked += done as u64;
        if done < to - from || checked == count {
            break;
        }
    }
    checked
}

/// Marks the sampled blocks; returns the pairs marked.
fn mark_sample(runs: &[Run], sample: Sample, seen: &mut Seen) -> u64 {
    let mut marked = 0;
    for run in runs {
        let smaller = run.smaller.as_chunks::<BLOCK>().0;
        let blocks = smaller.iter().zip(run.larger.as_chunks::<BLOCK>().0);
        // Blocks 0, every, 2·every, ...: those `Sample::has` names.
        let sampled = blocks.step_by(sample.every);
        marked += (sampled.len() * BLOCK) as u64;
        seen.insert_xor_blocks(sampled);
    }
    marked
}

/// Marks every pair; returns the mex and the pairs marked.
fn mark_all(runs: &[Run], seen: &mut Seen) -> (u32, u64) {
    let mut marked = 0;
    for run in runs {
        seen.insert_xors(run.smaller, run.larger);
        marked += run.smaller.len() as u64;
    }
    (seen.next_absent(0), marked)
}

/// The kernel pair by pair: the reference the vector kernel is checked against.
#[cfg(test)]
pub(super) struct ScalarKernel;

#[cfg(test)]
impl Kernel for ScalarKernel {
    fn check(&self, run: Run, blocks: Range<usize>, sample: Sample, window: &mut Window) -> usize {
        let start = blocks.start;
        for block in blocks.clone().filter(|&block| !sample.has(block)) {
            let pairs = block * BLOCK..(block + 1) * BLOCK;
            let found = pairs.filter(|&pair| window.take(u32::from(run.value(pair))));
            if found.count() > 0 && window.should_slide() {
                return block + 1 - start;
            }
        }
        blocks.len()
    }
}

pub(super) use kernel::Checker;

#[cfg(target_arch = "x86_64")]
mod kernel {
    use std::arch::x86_64::__m256i;

    use pulp::NullaryFnOnce;
    use pulp::bytemuck::cast;
    use pulp::x86::V3;

    use super::{BLOCK, Kernel, Range, Run, Sample, Window};

    /// Proof that this CPU has AVX2.
    #[derive(Copy, Clone, Debug)]
    pub(in crate::game::heap) struct Checker(V3);

    impl Checker {
        pub fn detect() -> Option<Checker> {
            V3::try_new().map(Checker)
        }

        /// [`fold_small`](crate::game::heap::seen::fold_small) compiled for AVX2.
        pub fn fold_small<const BACKWARDS: bool>(
            &self,
            smaller: &[u16],
            larger: &[u16],
        ) -> (u64, u16) {
            self.0.vectorize(FoldSmall::<BACKWARDS> { smaller, larger })
        }
    }

    struct FoldSmall<'a, const BACKWARDS: bool> {
        smaller: &'a [u16],
        larger: &'a [u16],
    }

    impl<const BACKWARDS: bool> NullaryFnOnce for FoldSmall<'_, BACKWARDS> {
        type Output = (u64, u16);

        #[inline(always)]
        fn call(self) -> (u64, u16) {
            crate::game::heap::seen::fold_small::<BACKWARDS>(self.smaller, self.larger)
        }
    }

    impl Kernel for Checker {
        fn check(
            &self,
            run: Run,
            blocks: Range<usize>,
            sample: Sample,
            window: &mut Window,
        ) -> usize {
            let simd = self.0;
            self.0.vectorize(Check {
                simd,
                run,
                blocks,
                sample,
                window,
            })
        }
    }

    struct Check<'a> {
        simd: V3,
        run: Run<'a>,
        blocks: Range<usize>,
        sample: Sample,
        window: &'a mut Window,
    }

    impl NullaryFnOnce for Check<'_> {
        type Output = usize;

        // Inlined into pulp's AVX2 function, so that the instructions are compiled for it.
        #[inline(always)]
        fn call(self) -> usize {
            let Check {
                simd,
                run,
                blocks,
                sample,
                window,
            } = self;
            let (avx, avx2) = (simd.avx, simd.avx2);
            let mut table: __m256i = cast([window.table(); 2]);
            let byte_index: __m256i = cast([std::array::from_fn::<u8, 16, _>(|i| i as u8); 2]);
            let base = avx._mm256_set1_epi16(window.base() as i16);
            let seven = avx._mm256_set1_epi8(7);
            let low_half = avx._mm256_set1_epi8(0x0f);
            let bits: __m256i = cast([[1u8, 2, 4, 8, 16, 32, 64, 128]; 4]);
            let start = blocks.start;
            let mut stretch = start;
            while stretch < blocks.end {
                // The blocks up to the next sampled one, in a loop with nothing else to test
                // (a test of the sample in every block was a third of its instructions).
                let first = stretch + usize::from(sample.has(stretch));
                let end = sample.next_after(stretch).min(blocks.end);
                stretch = end;
                if first >= end {
                    continue;
                }
                let pairs = first * BLOCK..end * BLOCK;
                let smaller = run.smaller[pairs.clone()].chunks_exact(BLOCK);
                let in_blocks = smaller.zip(run.larger[pairs].chunks_exact(BLOCK));
                for (index, (smaller, larger)) in (end - in_blocks.len()..).zip(in_blocks) {
                    let smaller: [__m256i; 2] =
                        cast(<[u16; BLOCK]>::try_from(smaller).expect("a block"));
                    let larger: [__m256i; 2] =
                        cast(<[u16; BLOCK]>::try_from(larger).expect("a block"));
                    let offset = |i: usize| {
                        let value = avx2._mm256_xor_si256(smaller[i], larger[i]);
                        avx2._mm256_sub_epi16(value, base)
                    };
                    // Offsets as bytes, saturated: values below the base, and those 32 768 or
                    // more above it, become 0 (an offset only wanted from base 0, where every
                    // hit is checked again below); values from 128 to 32 767 above it get the
                    // top bit, which makes a lookup give 0.
                    let offsets = avx2._mm256_packus_epi16(offset(0), offset(1));
                    let byte = avx2._mm256_shuffle_epi8(table, offsets);
                    let row = avx2._mm256_and_si256(avx2._mm256_srli_epi16::<4>(offsets), seven);
                    let wanted = avx2._mm256_and_si256(byte, avx2._mm256_shuffle_epi8(bits, row));
                    if avx._mm256_testz_si256(wanted, wanted) == 0 {
                        let zero = avx2._mm256_cmpeq_epi8(wanted, avx._mm256_setzero_si256());
                        let lanes = !(avx2._mm256_movemask_epi8(zero) as u32);
                        let offsets: [u8; 32] = cast(offsets);
                        for lane in BitLanes(lanes) {
                            let offset = offsets[lane];
                            // Offset 0 is wanted only from base 0, where values of 32 768 and
                            // more land on it too.
                            if offset == 0 && run.value(index * BLOCK + pair_of_lane(lane)) != 0 {
                                continue;
                            }
                            // Found: out of the table (a value met twice is cleared twice).
                            let byte = avx._mm256_set1_epi8((offset % 16) as i8);
                            let bit = avx._mm256_set1_epi8((1u8 << (offset / 16)) as i8);
                            let clear = avx2
                                ._mm256_and_si256(avx2._mm256_cmpeq_epi8(byte_index, byte), bit);
                            table = avx2._mm256_andnot_si256(clear, table);
                        }
                        // The low half of the span, offsets 0 to 63, is the low four bits.
                        if avx._mm256_testz_si256(table, low_half) != 0 {
                            window.keep_only(low_table(table));
                            return index + 1 - start;
                        }
                    }
                }
            }
            window.keep_only(low_table(table));
            blocks.len()
        }
    }

    /// The table of a window, from either half of a register holding it twice.
    #[inline(always)]
    fn low_table(table: __m256i) -> [u8; 16] {
        let [low, _]: [[u8; 16]; 2] = cast(table);
        low
    }

    /// The pair of a block behind a byte of packed offsets: each 128-bit half holds 8 bytes
    /// from the first 16 pairs, then 8 from the last 16.
    #[inline(always)]
    fn pair_of_lane(lane: usize) -> usize {
        let within = lane % 16;
        (within / 8) * 16 + (lane / 16) * 8 + within % 8
    }

    /// The indices of the set bits.
    struct BitLanes(u32);

    impl Iterator for BitLanes {
        type Item = usize;

        #[inline(always)]
        fn next(&mut self) -> Option<usize> {
            (self.0 != 0).then(|| {
                let lane = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                lane
            })
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod kernel {
    use super::{Kernel, Range, Run, Sample, Window};

    /// AVX2 is an x86-64 extension: elsewhere there is nothing to detect.
    #[derive(Copy, Clone, Debug)]
    pub(in crate::game::heap) enum Checker {}

    impl Checker {
        pub fn detect() -> Option<Checker> {
            None
        }

        pub fn fold_small<const BACKWARDS: bool>(&self, _: &[u16], _: &[u16]) -> (u64, u16) {
            match *self {}
        }
    }

    impl Kernel for Checker {
        fn check(&self, _: Run, _: Range<usize>, _: Sample, _: &mut Window) -> usize {
            match *self {}
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::game::heap::window::NO_LIMIT;

    /// The mex of `seen` and every pair's value, straight from the definition.
    fn brute_mex(pairs: &[(Vec<u16>, Vec<u16>)], seen: &[u16]) -> u32 {
        let mut present = vec![false; 1 << 16];
        seen.iter().for_each(|&v| present[usize::from(v)] = true);
        for (smaller, larger) in pairs {
            for (a, b) in smaller.iter().zip(larger) {
                present[usize::from(a ^ b)] = true;
            }
        }
        present.iter().position(|p| !p).unwrap_or(1 << 16) as u32
    }

    fn check_both(pairs: &[(Vec<u16>, Vec<u16>)], seen_values: &[u16]) {
        check_all(pairs, seen_values, NO_LIMIT, Sample::one_in(8));
    }

    fn check_all(pairs: &[(Vec<u16>, Vec<u16>)], seen_values: &[u16], limit: u32, sample: Sample) {
        let expected = brute_mex(pairs, seen_values).min(limit);
        let runs: Vec<Run> = pairs
            .iter()
            .map(|(smaller, larger)| Run { smaller, larger })
            .collect();
        let blocks: u64 = runs.iter().map(Run::blocks).sum();
        let mex_with = |kernel: &dyn Fn(&mut Seen) -> (u32, u64)| {
            let mut seen = Seen::new();
            seen.clear();
            seen_values.iter().for_each(|&v| seen.insert(v));
            kernel(&mut seen)
        };
        let scalar = |seen: &mut Seen| mex(&ScalarKernel, &runs, seen, limit, sample);
        let mut found = vec![(mex_with(&scalar), "scalar")];
        if let Some(checker) = Checker::detect() {
            let vector = |seen: &mut Seen| mex(&checker, &runs, seen, limit, sample);
            found.push((mex_with(&vector), "AVX2"));
        }
        for ((value, work), kernel) in found {
            assert_eq!(value, expected, "{kernel} kernel");
            // The sample, at most a few rounds and a bit, then maybe marking everything.
            let bound = (ROUNDS_BEFORE_MARKING + 3) * (blocks + 1) * BLOCK as u64;
            assert!(work <= bound, "{kernel}: {work} pairs");
        }
    }

    /// Runs whose values are `low + (random below spread)`, so that values crowd together
    /// or spread out, near 0 or near `u16::MAX`.
    fn runs() -> impl Strategy<Value = Vec<(Vec<u16>, Vec<u16>)>> {
        let low = prop::sample::select(vec![0u16, 1, 300, 65_000, 65_200, 65_400]);
        let spread = prop::sample::select(vec![2u16, 40, 300, 2000]);
        let lengths = prop::collection::vec(0usize..40, 1..4);
        (low, spread, lengths, any::<u64>()).prop_map(|(low, spread, lengths, seed)| {
            let mut state = seed | 1;
            let mut next = move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                low.saturating_add((state % u64::from(spread)) as u16)
            };
            lengths
                .into_iter()
                .map(|blocks| {
                    let pairs = blocks * BLOCK;
                    let smaller = (0..pairs).map(|_| next()).collect();
                    let larger = (0..pairs).map(|_| next() & 0xff).collect();
                    (smaller, larger)
                })
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn the_check_scan_finds_the_mex(
            pairs in runs(),
            seen in prop::collection::vec(0u16..400, 0..300),
            limit in prop::sample::select(vec![0u32, 5, 100, 300, NO_LIMIT]),
            every in prop::sample::select(vec![1usize, 2, 8, 64]),
        ) {
            check_all(&pairs, &seen, limit, Sample::one_in(every));
        }

        /// One call of each kernel from the same window: the same blocks done (the vector
        /// kernel stops early exactly when the scalar one does) and the same window after.
        #[test]
        fn the_vector_kernel_does_what_the_scalar_one_does(
            pairs in runs(),
            seen_values in prop::collection::vec(0u16..400, 0..300),
            every in prop::sample::select(vec![1usize, 2, 8]),
            start in 0usize..8,
        ) {
            let Some(checker) = Checker::detect() else {
                return Ok(());
            };
            let mut seen = Seen::new();
            seen.clear();
            seen_values.iter().for_each(|&v| seen.insert(v));
            let smallest = seen.next_absent(0);
            prop_assume!(smallest <= MAX_BASE);
            let sample = Sample::one_in(every);
            for (smaller, larger) in &pairs {
                let run = Run { smaller, larger };
                let blocks = start.min(smaller.len() / BLOCK)..smaller.len() / BLOCK;
                let mut scalar = Window::new(&seen, smallest, NO_LIMIT, 0);
                let mut vector = scalar.clone();
                let scalar_done = ScalarKernel.check(run, blocks.clone(), sample, &mut scalar);
                let vector_done = checker.check(run, blocks, sample, &mut vector);
                prop_assert_eq!(scalar_done, vector_done);
                prop_assert_eq!(scalar, vector);
            }
        }
    }

    #[test]
    fn from_base_0_large_values_are_not_taken_for_0() {
        // 32 768 and more saturate to offset 0, where 0 itself is wanted.
        let smaller: Vec<u16> = (0..3 * BLOCK as u16).map(|i| 32_768 + 9 * i).collect();
        let larger = vec![0u16; smaller.len()];
        check_both(&[(smaller.clone(), larger.clone())], &[]);
        check_both(&[(smaller, larger)], &[1, 2, 3]);
        let mut with_zero: Vec<u16> = (0..3 * BLOCK as u16).map(|i| 40_000 + i).collect();
        with_zero[70] = 0;
        check_both(&[(with_zero, vec![0; 3 * BLOCK])], &[1, 2]);
    }

    #[test]
    fn values_near_the_top_fall_back_to_marking() {
        // Every value below 65 300 is seen: the window cannot start.
        let seen: Vec<u16> = (0..65_300).collect();
        let smaller: Vec<u16> = (0..64).map(|i| 65_300 + i).collect();
        let larger = vec![0u16; 64];
        check_both(&[(smaller, larger)], &seen);
        // The window starts at 65 000, finds 65 000..65 063 (blocks 1 and 2, out of the
        // sample), and would then have to slide past its last safe base to 65 291.
        let seen: Vec<u16> = (0..65_000).chain(65_064..65_291).collect();
        let mut smaller = vec![0u16; 4 * BLOCK];
        for (pair, value) in (BLOCK..3 * BLOCK).zip(65_000..) {
            smaller[pair] = value;
        }
        check_both(&[(smaller, vec![0u16; 4 * BLOCK])], &seen);
    }

    #[test]
    fn values_that_keep_entering_late_are_marked_after_a_few_rounds() {
        // The smallest values lie in the last blocks, the next ones just before them, and so
        // on: the values a slide brings in were passed over a moment ago, so every slide
        // costs a round, and after a few rounds the scan marks instead.
        let blocks: Vec<usize> = (1..64).rev().filter(|b| b % 8 != 0).collect();
        let mut smaller = vec![0u16; 64 * BLOCK];
        for (value, block) in (1u16..).zip(blocks.iter().flat_map(|&b| [b; BLOCK])) {
            let free = smaller[block * BLOCK..(block + 1) * BLOCK]
                .iter()
                .position(|&v| v == 0);
            smaller[block * BLOCK + free.expect("room in the block")] = value;
        }
        check_both(&[(smaller, vec![0u16; 64 * BLOCK])], &[0]);
    }

    #[test]
    fn a_value_found_late_leaves_the_next_one() {
        // 300 blocks of value 7; one pair of value 5 at the very end: g = 6.
        let mut smaller = vec![7u16; 300 * BLOCK];
        let last = smaller.len() - 1;
        smaller[last] = 5;
        let larger = vec![0u16; 300 * BLOCK];
        let seen: Vec<u16> = (0..5).collect();
        check_both(&[(smaller, larger)], &seen);
    }

    #[test]
    fn no_blocks_means_the_seen_values_decide() {
        check_both(&[(vec![], vec![])], &[0, 1, 2, 4]);
    }
}
