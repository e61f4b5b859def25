//! The plain scan on machines with AVX-512: most pairs are checked, not marked.
//!
//! Marking every pair's value costs a store a pair, and that store is the whole cost of the
//! scan. Here a sample of the pairs (every eighth block) is marked first; that finds the
//! common values. The rest of the pairs are only checked against a [`Window`] of the
//! smallest values still unseen, 32 pairs at a time with one table lookup; a pair is looked
//! at alone only when its value is wanted, which is rare. Every pair is still looked at, so
//! g(n) is exactly the mex of all options.
//!
//! `pulp` checks the CPU once and makes the instructions safe to call; without AVX-512
//! (or off x86-64) [`Wide::detect`] finds nothing and the marking scan runs.

use super::seen::Seen;

/// Pairs in a block of the sample pattern.
const BLOCK: usize = 64;
/// One block in this many is marked; the others are checked.
const SAMPLE_EVERY: usize = 8;
/// Heaps with fewer pairs than this take the marking scan: the wide one pays from here on
/// (small in tests, so that the cross-checks against the naive loop cover it).
pub(super) const WIDE_FROM_PAIRS: usize = if cfg!(test) { 40 } else { 8192 };
/// Window values: enough for the values the sample misses below g(n), mostly.
pub(super) const WINDOW_VALUES: u32 = 64;

/// Wanted values: a bit for each of the 1024 values from `base`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Window {
    base: u16,
    bits: [u16; 64],
}

impl Window {
    /// The `limit` smallest absent values that lie within 1024 of the smallest one, where
    /// `absent(block)` gives the absent values among the 16 from `16 * block` as bits;
    /// `None` when no `u16` is absent.
    #[inline(always)]
    fn build(limit: u32, absent: impl Fn(usize) -> u16) -> Option<Window> {
        const BLOCKS: usize = 1 << 12;
        let first_block = (0..BLOCKS).find(|&block| absent(block) != 0)?;
        let mut bits = [0u16; 64];
        let mut room = limit;
        for (word, block) in bits.iter_mut().zip(first_block..BLOCKS) {
            let mut absent = absent(block);
            while absent != 0 && room > 0 {
                let lowest = absent & absent.wrapping_neg();
                *word |= lowest;
                absent ^= lowest;
                room -= 1;
            }
            if room == 0 {
                break;
            }
        }
        Some(Window {
            base: (first_block * 16) as u16,
            bits,
        })
    }

    /// The smallest value still wanted.
    pub fn smallest(&self) -> Option<u32> {
        let (index, word) = self.bits.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(u32::from(self.base) + 16 * index as u32 + word.trailing_zeros())
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }
}

pub(super) use kernel::Wide;

#[cfg(target_arch = "x86_64")]
mod kernel {
    use std::arch::x86_64::__m512i;

    use pulp::NullaryFnOnce;
    use pulp::bytemuck::cast;
    use pulp::x86::V4;

    use super::{BLOCK, SAMPLE_EVERY, Seen, Window};

    /// Proof that this CPU has AVX-512 (F and BW).
    #[derive(Copy, Clone, Debug)]
    pub(in crate::game::heap) struct Wide(V4);

    impl Wide {
        pub fn detect() -> Option<Wide> {
            V4::try_new().map(Wide)
        }

        /// The `limit` smallest values not in `seen` that lie within 1024 of the smallest one;
        /// `None` when every `u16` is seen.
        pub fn window(self, seen: &Seen, limit: u32) -> Option<Window> {
            let simd = self.0;
            self.0.vectorize(OfAbsent { simd, seen, limit })
        }

        /// Marks the values of the sampled pairs (a, sum - a), first <= a <= last; returns
        /// how many.
        pub fn mark_sample(
            self,
            values: &[u16],
            (sum, first, last): (usize, usize, usize),
            seen: &mut Seen,
        ) -> u64 {
            let simd = self.0;
            self.0.vectorize(MarkSample {
                simd,
                values,
                sum,
                first,
                last,
                seen,
            })
        }

        /// Checks the pairs (a, sum - a), first <= a <= last, outside the sample; marks the
        /// wanted values met and takes them out of `window`. Returns the pairs checked.
        pub fn check_unsampled(
            self,
            values: &[u16],
            (sum, first, last): (usize, usize, usize),
            window: &mut Window,
            seen: &mut Seen,
        ) -> u64 {
            let check = Check {
                simd: self.0,
                values,
                sum,
                first,
                last,
                window,
                seen,
            };
            self.0.vectorize(check)
        }
    }

    struct OfAbsent<'a> {
        simd: V4,
        seen: &'a Seen,
        limit: u32,
    }

    impl NullaryFnOnce for OfAbsent<'_> {
        type Output = Option<Window>;

        #[inline(always)]
        fn call(self) -> Option<Window> {
            let OfAbsent { simd, seen, limit } = self;
            let f = simd.avx512f;
            Window::build(limit, |block| {
                let (stamps, current) = seen.block(block);
                f._mm512_cmpneq_epi32_mask(cast(stamps), f._mm512_set1_epi32(current as i32))
            })
        }
    }

    struct MarkSample<'a> {
        simd: V4,
        values: &'a [u16],
        sum: usize,
        first: usize,
        last: usize,
        seen: &'a mut Seen,
    }

    impl NullaryFnOnce for MarkSample<'_> {
        type Output = u64;

        #[inline(always)]
        fn call(self) -> u64 {
            let MarkSample {
                simd,
                values,
                sum,
                first,
                last,
                seen,
            } = self;
            let mut marked = 0;
            for start in (first..=last).step_by(BLOCK * SAMPLE_EVERY) {
                let (xors, lanes) = block_xors(simd, values, sum, start, last);
                for (xor, lanes) in xors.into_iter().zip(lanes) {
                    let xor: [u16; 32] = cast(xor);
                    let count = lanes.count_ones() as usize;
                    xor[..count].iter().for_each(|&value| seen.insert(value));
                    marked += count as u64;
                }
            }
            marked
        }
    }

    struct Check<'a> {
        simd: V4,
        values: &'a [u16],
        sum: usize,
        first: usize,
        last: usize,
        window: &'a mut Window,
        seen: &'a mut Seen,
    }

    impl NullaryFnOnce for Check<'_> {
        type Output = u64;

        // Inlined into pulp's AVX-512 function, so that the instructions are compiled for it.
        #[inline(always)]
        fn call(self) -> u64 {
            let Check {
                simd,
                values,
                sum,
                first,
                last,
                window,
                seen,
            } = self;
            let mut wanted = Wanted::new(simd, window);
            let mut checked = 0;
            for (index, start) in (first..=last).step_by(BLOCK).enumerate() {
                if index % SAMPLE_EVERY == 0 {
                    continue;
                }
                let (xors, lanes) = block_xors(simd, values, sum, start, last);
                checked += u64::from(lanes[0].count_ones() + lanes[1].count_ones());
                if wanted.take(xors[0], lanes[0], seen) || wanted.take(xors[1], lanes[1], seen) {
                    break;
                }
            }
            window.bits = wanted.bits();
            checked
        }
    }

    /// The values g(a) ^ g(sum - a) of the block of pairs from `start` (at most `last`), in
    /// two vectors, with the lanes that hold a pair.
    #[inline(always)]
    fn block_xors(
        simd: V4,
        values: &[u16],
        sum: usize,
        start: usize,
        last: usize,
    ) -> ([__m512i; 2], [u32; 2]) {
        let bw = simd.avx512bw;
        if start + BLOCK - 1 <= last {
            let smaller: &[u16; BLOCK] = values[start..start + BLOCK].try_into().expect("a block");
            let larger: &[u16; BLOCK] = values[sum + 1 - start - BLOCK..=sum - start]
                .try_into()
                .expect("a block");
            let [smaller_low, smaller_high]: [[u16; 32]; 2] = cast(*smaller);
            let [larger_low, larger_high]: [[u16; 32]; 2] = cast(*larger);
            let reverse: __m512i = cast(std::array::from_fn::<u16, 32, _>(|i| 31 - i as u16));
            let xor = |smaller: [u16; 32], larger: [u16; 32]| {
                let larger = bw._mm512_permutexvar_epi16(reverse, cast(larger));
                simd.avx512f._mm512_xor_si512(cast(smaller), larger)
            };
            // The larger heaps run downwards: the block's first pairs take its last values.
            let xors = [xor(smaller_low, larger_high), xor(smaller_high, larger_low)];
            return (xors, [u32::MAX; 2]);
        }
        let count = last + 1 - start;
        let lanes: [u16; BLOCK] = std::array::from_fn(|i| {
            if i < count {
                values[start + i] ^ values[sum - start - i]
            } else {
                0
            }
        });
        let [low, high]: [[u16; 32]; 2] = cast(lanes);
        let mask = |from: usize| u32::try_from((1u64 << count.saturating_sub(from).min(32)) - 1);
        let masks = [mask(0), mask(32)].map(|m| m.expect("at most 32 lanes"));
        ([cast(low), cast(high)], masks)
    }

    /// The window's bits in two registers, 32 words each.
    struct Wanted {
        simd: V4,
        base: u16,
        low: __m512i,
        high: __m512i,
    }

    impl Wanted {
        #[inline(always)]
        fn new(simd: V4, window: &Window) -> Wanted {
            let [low, high]: [[u16; 32]; 2] = cast(window.bits);
            Wanted {
                simd,
                base: window.base,
                low: cast(low),
                high: cast(high),
            }
        }

        /// Marks the values of `xor` (in the lanes set in `lanes`) that are wanted, and takes
        /// them out of the window; true once the window is empty.
        #[inline(always)]
        fn take(&mut self, xor: __m512i, lanes: u32, seen: &mut Seen) -> bool {
            let (f, bw) = (self.simd.avx512f, self.simd.avx512bw);
            let offset = bw._mm512_sub_epi16(xor, f._mm512_set1_epi16(self.base as i16));
            let inside = bw._mm512_cmple_epu16_mask(offset, f._mm512_set1_epi16(1023)) & lanes;
            let word = bw._mm512_permutex2var_epi16(
                self.low,
                bw._mm512_srli_epi16::<4>(offset),
                self.high,
            );
            let bit =
                bw._mm512_srlv_epi16(word, f._mm512_and_si512(offset, f._mm512_set1_epi16(15)));
            let mut hits = bw._mm512_mask_test_epi16_mask(inside, bit, f._mm512_set1_epi16(1));
            if hits == 0 {
                return false;
            }
            let offsets: [u16; 32] = cast(offset);
            while hits != 0 {
                let value = offsets[hits.trailing_zeros() as usize];
                seen.insert(value.wrapping_add(self.base));
                let words = 1u64 << (value >> 4);
                let bit = f._mm512_set1_epi16((1u16 << (value & 15)) as i16);
                let low = bw._mm512_maskz_mov_epi16(words as u32, bit);
                let high = bw._mm512_maskz_mov_epi16((words >> 32) as u32, bit);
                self.low = f._mm512_andnot_si512(low, self.low);
                self.high = f._mm512_andnot_si512(high, self.high);
                hits &= hits - 1;
            }
            let left = f._mm512_or_si512(self.low, self.high);
            f._mm512_test_epi64_mask(left, left) == 0
        }

        #[inline(always)]
        fn bits(&self) -> [u16; 64] {
            cast([cast::<_, [u16; 32]>(self.low), cast(self.high)])
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod kernel {
    use super::{Seen, Window};

    /// AVX-512 is an x86-64 extension: elsewhere there is nothing to detect.
    #[derive(Copy, Clone, Debug)]
    pub(in crate::game::heap) enum Wide {}

    impl Wide {
        pub fn detect() -> Option<Wide> {
            None
        }

        pub fn window(self, _: &Seen, _: u32) -> Option<Window> {
            match self {}
        }

        pub fn mark_sample(self, _: &[u16], _: (usize, usize, usize), _: &mut Seen) -> u64 {
            match self {}
        }

        pub fn check_unsampled(
            self,
            _: &[u16],
            _: (usize, usize, usize),
            _: &mut Window,
            _: &mut Seen,
        ) -> u64 {
            match self {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Window;

    /// Absent values: 33 and 35, then everything from 48 on.
    fn absent(block: usize) -> u16 {
        match block {
            0 | 1 => 0,
            2 => 0b1010,
            _ => u16::MAX,
        }
    }

    #[test]
    fn a_window_holds_the_smallest_absent_values() {
        let window = Window::build(5, absent).unwrap();
        assert_eq!(window.base, 32);
        assert_eq!(window.bits[..3], [0b1010, 0b111, 0]);
        assert_eq!(window.smallest(), Some(33));
    }

    #[test]
    fn a_window_spans_1024_values_at_most() {
        let window = Window::build(5000, absent).unwrap();
        assert_eq!(
            window.bits.iter().map(|w| w.count_ones()).sum::<u32>(),
            2 + 16 * 63
        );
        assert_eq!(window.bits[63], u16::MAX, "value 32 + 1023 is in");
    }

    #[test]
    fn without_absent_values_there_is_no_window() {
        assert_eq!(Window::build(64, |_| 0), None);
        let last = Window::build(64, |block| u16::from(block == 4095) << 15).unwrap();
        assert_eq!(last.smallest(), Some(u32::from(u16::MAX)));
    }

    #[test]
    fn a_window_empties_as_values_are_taken() {
        let mut window = Window::build(3, absent).unwrap();
        assert!(!window.is_empty());
        window.bits = [0; 64];
        assert!(window.is_empty());
        assert_eq!(window.smallest(), None);
    }
}
