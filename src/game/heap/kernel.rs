//! The instructions of the check scan: blocks of pairs checked against a [`Window`] of wanted
//! values, 32 pairs at a time on AVX2 ([`Checker`]), or pair by pair for the tests.
//!
//! The kernel needs AVX2 (`pulp` checks the CPU once and makes the instructions safe to
//! call); without it [`Checker::detect`] finds nothing and the marking scan runs. A
//! [`Checker`] also compiles other work for AVX2 ([`Checker::vectorize`]): the set of seen
//! values folds small values with it.

use std::ops::Range;

use super::window::Window;

/// Pairs in a block.
pub(super) const BLOCK: usize = 32;

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

    /// The sample's blocks are 0, `every`, 2·`every`, ...
    pub fn every(self) -> usize {
        self.every
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
    pub fn blocks(&self) -> u64 {
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

/// Work that [`Checker::vectorize`] compiles for AVX2: `call` must be `#[inline(always)]`,
/// so that it is compiled inside the function that may use the instructions.
pub(super) trait Avx2Work {
    type Output;

    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn call(self) -> Self::Output;
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

pub(super) use avx2::Checker;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::__m256i;

    use pulp::NullaryFnOnce;
    use pulp::bytemuck::cast;
    use pulp::x86::V3;

    use super::{Avx2Work, BLOCK, Kernel, Range, Run, Sample, Window};

    /// Proof that this CPU has AVX2.
    #[derive(Copy, Clone, Debug)]
    pub(in crate::game::heap) struct Checker(V3);

    impl Checker {
        pub fn detect() -> Option<Checker> {
            V3::try_new().map(Checker)
        }

        /// Does `work`, compiled for AVX2.
        #[inline(always)]
        pub fn vectorize<Work: Avx2Work>(&self, work: Work) -> Work::Output {
            self.0.vectorize(Pulp(work))
        }
    }

    /// [`Avx2Work`] as `pulp` takes it.
    struct Pulp<Work>(Work);

    impl<Work: Avx2Work> NullaryFnOnce for Pulp<Work> {
        type Output = Work::Output;

        #[inline(always)]
        fn call(self) -> Work::Output {
            self.0.call()
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
mod avx2 {
    use super::{Avx2Work, Kernel, Range, Run, Sample, Window};

    /// AVX2 is an x86-64 extension: elsewhere there is nothing to detect.
    #[derive(Copy, Clone, Debug)]
    pub(in crate::game::heap) enum Checker {}

    impl Checker {
        pub fn detect() -> Option<Checker> {
            None
        }

        pub fn vectorize<Work: Avx2Work>(&self, _: Work) -> Work::Output {
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
pub(super) mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;
    use crate::game::heap::window::{MAX_BASE, NO_LIMIT};

    /// Runs whose values are `low + (random below spread)`, so that values crowd together
    /// or spread out, near 0 or near `u16::MAX`.
    pub(in crate::game::heap) fn runs() -> impl Strategy<Value = Vec<(Vec<u16>, Vec<u16>)>> {
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
            let seen: BTreeSet<u16> = seen_values.into_iter().collect();
            let smallest = (0..).find(|v| !seen.contains(v)).expect("at most 300 seen");
            prop_assume!(u32::from(smallest) <= MAX_BASE);
            let sample = Sample::one_in(every);
            for (smaller, larger) in &pairs {
                let run = Run { smaller, larger };
                let blocks = start.min(smaller.len() / BLOCK)..smaller.len() / BLOCK;
                let mut scalar = Window::new(&seen, u32::from(smallest), NO_LIMIT, 0);
                let mut vector = scalar.clone();
                let scalar_done = ScalarKernel.check(run, blocks.clone(), sample, &mut scalar);
                let vector_done = checker.check(run, blocks, sample, &mut vector);
                prop_assert_eq!(scalar_done, vector_done);
                prop_assert_eq!(scalar, vector);
            }
        }
    }
}
