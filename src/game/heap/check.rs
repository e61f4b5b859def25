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
//! The blocks are checked by a [`Kernel`] (in `kernel.rs`, AVX2 or, for the tests, pair by
//! pair); the values the window wants come from the [`Seen`] set.

use super::kernel::{BLOCK, Kernel, Run, Sample};
use super::seen::Seen;
use super::window::{MAX_BASE, SeenValues, Window};

/// Rounds of the blocks after which the scan marks every pair instead: 0.007 takes about 1.7
/// rounds a heap, and no heap up to 10^5 takes more than 6 (with 3, 4 423 heaps would).
const ROUNDS_BEFORE_MARKING: u64 = 6;

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
        let sampled = blocks.step_by(sample.every());
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

/// The window asks the set of seen values, the one that the sample marked.
impl SeenValues for Seen {
    #[inline]
    fn contains(&self, value: u32) -> bool {
        Seen::contains(self, value)
    }

    #[inline]
    fn absent_of_64(&self, from: u32) -> u64 {
        Seen::absent_of_64(self, from)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::game::heap::kernel::tests::runs;
    use crate::game::heap::kernel::{Checker, ScalarKernel};
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
