//! The engine for games whose moves leave at most two heaps: Grundy's game and octal codes.
//!
//! g(n) is found candidate by candidate, smallest first. Splits are scanned in chunks, pair
//! values are xored in a tight loop the compiler vectorises, and every value met is marked
//! seen; the scan of a split sum stops as soon as the candidate is seen and resumes from
//! there for the next candidate, so a heap never scans a pair twice. Only the true g(n)
//! needs a scan to the end.
//!
//! On machines with AVX2, large heaps without a classifier take the [`check`](super::check)
//! scan instead, which marks a prefix of the pairs and checks the rest.
//!
//! With a [`Classifier`] (sparse space), the values that need a rare heap are all marked
//! first by a loop over the rare positions; such a candidate is then decided without any
//! scan, and the full scan is left to the rare positions, which are few.

use super::check::{self, BLOCK, Checker, Run};
use super::classify::Classifier;
use super::mirror::Mirror;
use super::rules::Rules;
use super::seen::Seen;

/// The largest chunk of pairs xored at once.
const MAX_CHUNK: usize = 1024;
/// The first chunk of a scan: small, because the candidate is usually among the first pairs.
const FIRST_CHUNK: usize = 16;
/// Heaps with fewer pairs than this take the marking scan: the check scan pays from here on
/// (small in tests, so that the cross-checks against the naive loop cover it).
pub(super) const CHECK_FROM_PAIRS: usize = if cfg!(test) { 40 } else { 2048 };

pub(super) struct ScanEngine {
    classifier: Option<Classifier>,
    /// Rare positions (all >= 1), ascending, and their values.
    rare: Vec<u32>,
    rare_values: Vec<u16>,
    seen: Seen,
    cursors: Vec<Cursor>,
    chunk: Box<[u16; MAX_CHUNK]>,
    /// AVX2, when the CPU has it and there is no classifier.
    checker: Option<Checker>,
    /// The values in reverse, for the check scan.
    mirror: Mirror,
}

/// How far the pairs (a, sum - a) of one split sum have been scanned for the current heap.
#[derive(Copy, Clone)]
struct Cursor {
    sum: usize,
    /// The next smaller part a to scan.
    next: usize,
    /// The largest smaller part.
    last: usize,
    chunk: usize,
}

impl ScanEngine {
    /// An engine continuing after `values`; with a classifier, its rare positions are listed.
    pub fn new(classifier: Option<Classifier>, values: &[u16]) -> ScanEngine {
        let mut engine = ScanEngine {
            classifier,
            rare: Vec::new(),
            rare_values: Vec::new(),
            seen: Seen::new(),
            cursors: Vec::new(),
            chunk: Box::new([0; MAX_CHUNK]),
            checker: Checker::detect().filter(|_| classifier.is_none()),
            mirror: Mirror::new(),
        };
        for (position, &value) in values.iter().enumerate().skip(1) {
            engine.record(position, value);
        }
        engine
    }

    /// The same engine on the marking scan alone, to check one scan against the other.
    #[cfg(test)]
    pub fn without_check(mut self) -> ScanEngine {
        self.checker = None;
        self
    }

    pub fn classifier(&self) -> Option<Classifier> {
        self.classifier
    }

    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    pub fn memory_bytes(&self) -> usize {
        Seen::BYTES + self.rare.capacity() * 6 + 2 * MAX_CHUNK + self.mirror.memory_bytes()
    }

    /// Notes g(position) = value, once computed.
    pub fn record(&mut self, position: usize, value: u16) {
        if self.checker.is_some() {
            self.mirror.record(position, value);
        }
        if self
            .classifier
            .is_some_and(|c| position > 0 && c.is_rare(position, value))
        {
            self.rare.push(position as u32);
            self.rare_values.push(value);
        }
    }

    /// g(n) for n = `values.len()`; above `u16::MAX` if it does not fit. Adds the pairs of
    /// heaps it looked at to `work`.
    pub fn next(&mut self, rules: &Rules, values: &[u16], work: &mut u64) -> u32 {
        let n = values.len();
        self.seen.clear();
        if rules.remove_all.contains(&n) {
            self.seen.insert(0);
        }
        for &k in rules.one_heap.iter().filter(|&&k| k < n) {
            self.seen.insert(values[n - k]);
        }
        self.cursors.clear();
        for sum in rules.two_heap_sums(n) {
            self.cursors.push(Cursor {
                sum,
                next: 1,
                last: rules.largest_smaller_part(sum),
                chunk: FIRST_CHUNK,
            });
            if self.classifier.is_some() {
                *work += self.mark_rare_splits(sum, rules.unequal, values);
            }
        }
        if let Some(checker) = self.checker
            && self.pairs() >= CHECK_FROM_PAIRS
        {
            return self.next_checked(checker, values, work);
        }
        let mut candidate = 0;
        loop {
            candidate = self.seen.next_absent(candidate);
            match u16::try_from(candidate) {
                Ok(value) if self.search(value, values, work) => candidate += 1,
                _ => return candidate,
            }
        }
    }

    /// Pairs of heaps left to scan.
    fn pairs(&self) -> usize {
        self.cursors.iter().map(|c| c.last + 1 - c.next).sum()
    }

    /// g(n) by the check scan: the odd pairs at the end of each run of splits marked, the
    /// whole blocks before them left to the check scan.
    fn next_checked(&mut self, checker: Checker, values: &[u16], work: &mut u64) -> u32 {
        let mut checked = Vec::with_capacity(self.cursors.len());
        for index in 0..self.cursors.len() {
            let Cursor {
                sum, next, last, ..
            } = self.cursors[index];
            let len = (last + 1 - next) / BLOCK * BLOCK;
            self.mark_range(values, sum, next + len, last + 1);
            *work += (last + 1 - next - len) as u64;
            checked.push((sum, next, len));
        }
        let runs: Vec<Run> = checked
            .into_iter()
            .map(|(sum, first, len)| Run {
                smaller: &values[first..first + len],
                larger: self.mirror.larger_parts(sum, first, len),
            })
            .collect();
        let (value, pairs) = check::mex(&checker, &runs, &mut self.seen);
        *work += pairs;
        value
    }

    /// Marks the values of the splits (a, sum - a) for a in first..end.
    fn mark_range(&mut self, values: &[u16], sum: usize, first: usize, end: usize) {
        for start in (first..end).step_by(MAX_CHUNK) {
            let last = (start + MAX_CHUNK).min(end) - 1;
            mark_splits(values, sum, start, last, &mut self.chunk, &mut self.seen);
        }
    }

    /// Marks the value of every split of `sum` with a rare heap; returns how many it marked.
    fn mark_rare_splits(&mut self, sum: usize, unequal: bool, values: &[u16]) -> u64 {
        let mut marked = 0;
        for (&position, &value) in self.rare.iter().zip(&self.rare_values) {
            let position = position as usize;
            if position >= sum {
                break;
            }
            if !(unequal && 2 * position == sum) {
                self.seen.insert(value ^ values[sum - position]);
            }
            marked += 1;
        }
        marked
    }

    /// Scans splits until `value` is seen; false if no split has it.
    fn search(&mut self, value: u16, values: &[u16], work: &mut u64) -> bool {
        for cursor in &mut self.cursors {
            if self
                .classifier
                .is_some_and(|c| c.needs_rare(cursor.sum, value))
            {
                // Every split of this sum with that value was marked by the rare loop.
                continue;
            }
            while cursor.next <= cursor.last {
                let last = cursor.last.min(cursor.next + cursor.chunk - 1);
                mark_splits(
                    values,
                    cursor.sum,
                    cursor.next,
                    last,
                    &mut self.chunk,
                    &mut self.seen,
                );
                *work += (last + 1 - cursor.next) as u64;
                cursor.next = last + 1;
                cursor.chunk = (cursor.chunk * 2).min(MAX_CHUNK);
                if self.seen.contains(u32::from(value)) {
                    return true;
                }
            }
        }
        false
    }
}

/// Marks g(a) ^ g(sum - a) for a in first..=last: first xor, then mark, so the xor loop
/// runs on vectors and the marking loop is one store a pair.
fn mark_splits(
    values: &[u16],
    sum: usize,
    first: usize,
    last: usize,
    chunk: &mut [u16; MAX_CHUNK],
    seen: &mut Seen,
) {
    let len = last + 1 - first;
    let smaller = &values[first..=last];
    let larger = &values[sum - last..=sum - first];
    for ((out, &a), &b) in chunk.iter_mut().zip(smaller).zip(larger.iter().rev()) {
        *out = a ^ b;
    }
    for &value in &chunk[..len] {
        seen.insert(value);
    }
}
