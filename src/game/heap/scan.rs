//! The engine for games whose moves leave at most two heaps: Grundy's game and octal codes.
//!
//! g(n) is found candidate by candidate, smallest first. Splits are scanned in chunks, pair
//! values are xored in a tight loop the compiler vectorises, and every value met is marked
//! seen; the scan of a split sum stops as soon as the candidate is seen and resumes from
//! there for the next candidate, so a heap never scans a pair twice. Only the true g(n)
//! needs a scan to the end.
//!
//! On machines with AVX2, large heaps without a classifier take the [`check`]
//! scan instead, which marks a sample of the pairs and checks the rest.
//!
//! With a [`Classifier`] (sparse space), the values that need a rare heap are all marked
//! first by a loop over the rare positions; such a candidate is then decided without any
//! scan, and the full scan is left to the rare positions, which are few. That loop serves
//! up to four heaps at once where none of them needs another's value (0.007's heaps n to
//! n + 3), each into its own lane of the seen set: one load of four neighbouring values
//! gives the four heaps' partners of a rare heap. On machines with
//! AVX2, a large heap whose search would mark more than [`SEARCH_BUDGET`] pairs goes over to
//! the check scan, with the first value decided absent as its limit; once searches keep
//! running over, heaps go there without searching (see [`OVER_BUDGET_STREAK`]).

use super::check;
use super::classify::Classifier;
use super::kernel::{BLOCK, Checker, Run, Sample};
use super::mirror::Mirror;
use super::rules::Rules;
use super::seen::{LANES, Seen};
use super::window::NO_LIMIT;

/// The largest chunk of pairs a search marks at once.
const MAX_CHUNK: usize = 1024;
/// The first chunk of a scan: small, because the candidate is usually among the first pairs.
const FIRST_CHUNK: usize = 16;
/// Heaps with fewer pairs than this take the marking scan: the check scan pays from here on
/// (small in tests, so that the cross-checks against the naive loop cover it).
pub(super) const CHECK_FROM_PAIRS: usize = if cfg!(test) { 40 } else { 2048 };
/// The check scan marks one block in 8 first (one in 4 below `DENSER_SAMPLE_BELOW` pairs,
/// where a value the sample misses costs more than marking more blocks would: 0.007 to
/// 10^4 spends more time on hits than on checking); with sparse space, whose values that
/// need no rare heap are common, one in 32 is enough to see them.
const PLAIN_SAMPLE: Sample = Sample::one_in(8);
const DENSER_SAMPLE: Sample = Sample::one_in(4);
const DENSER_SAMPLE_BELOW: usize = if cfg!(test) { 200 } else { 16_384 };
const SPARSE_SAMPLE: Sample = Sample::one_in(32);
/// Pairs a sparse-space heap marks, searching value by value, before the check scan takes
/// over (small in tests, so that the cross-checks cover the hand-over).
const SEARCH_BUDGET: u64 = if cfg!(test) { 1000 } else { 8192 };
/// Searches in a row that ran over the budget, after which the heaps that follow skip the
/// search and go straight to the check scan (0.007's searches past 262 144 run over in nine
/// heaps in ten, and searching was 5–7% of its time there; Grundy's game's in one in 40, 0.106's
/// and 0.16's hardly ever).
const OVER_BUDGET_STREAK: u32 = 8;
/// While searches are skipped, one heap in this many still searches, so that a game whose
/// searches start to succeed again gets them back.
const PROBE_EVERY: u32 = 32;

pub(super) struct ScanEngine {
    classifier: Option<Classifier>,
    /// Rare positions (all >= 1), ascending, and their values.
    rare: Vec<u32>,
    rare_values: Vec<u16>,
    seen: Seen,
    cursors: Vec<Cursor>,
    /// AVX2, when the CPU has it.
    checker: Option<Checker>,
    /// The values in reverse, so that both parts of a run of splits read forwards. Without
    /// sparse space, large heaps take the check scan: the mirror is kept from the start.
    /// With it, the mirror is built for the first heap that takes the check scan, so that a
    /// game whose searches always succeed, like 0.106, holds two bytes a heap, not four.
    mirror: Option<Mirror>,
    /// See [`SEARCH_BUDGET`].
    search_budget: u64,
    /// The largest value recorded (g(0) = 0 is never an option, nor recorded).
    largest: u16,
    /// Heaps whose rare splits are already marked, each in its own lane of `seen`.
    ahead: Option<Ahead>,
    /// Whether the next heap searches before the check scan.
    skips: Skips,
}

/// When heaps skip the search: after [`OVER_BUDGET_STREAK`] searches in a row ran over the
/// budget, all heaps but one in [`PROBE_EVERY`] go straight to the check scan.
#[derive(Default)]
struct Skips {
    /// Searches in a row that ran over the budget.
    over_budget: u32,
    /// Heaps left to skip before the next one searches.
    left: u32,
    /// Heaps that skipped the search.
    #[cfg(test)]
    skipped: u64,
}

impl Skips {
    /// Whether the next heap searches; if not, it is counted as skipped.
    fn searches(&mut self) -> bool {
        if self.left == 0 {
            return true;
        }
        self.left -= 1;
        #[cfg(test)]
        {
            self.skipped += 1;
        }
        false
    }

    /// A search ran over the budget.
    fn ran_over(&mut self) {
        self.over_budget = self.over_budget.saturating_add(1);
        if self.over_budget >= OVER_BUDGET_STREAK {
            self.left = PROBE_EVERY - 1;
        }
    }

    /// A search ended within the budget.
    fn finished(&mut self) {
        self.over_budget = 0;
    }
}

/// Heaps `next` to `first + lanes - 1`, whose rare splits were marked in one pass: heap
/// `first + i` in lane i.
#[derive(Copy, Clone)]
struct Ahead {
    first: usize,
    lanes: usize,
    next: usize,
}

/// How a search for one value ended.
enum Search {
    Found,
    /// No split has the value.
    Absent,
    /// The budget ran out first.
    OverBudget,
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
            checker: Checker::detect(),
            mirror: None,
            search_budget: SEARCH_BUDGET,
            largest: 0,
            ahead: None,
            skips: Skips::default(),
        };
        for (position, &value) in values.iter().enumerate().skip(1) {
            engine.record(position, value);
        }
        if engine.checker.is_some() && engine.classifier.is_none() {
            engine.mirror = Some(Mirror::of(values));
        }
        engine
    }

    /// The same engine handing sparse-space heaps over to the check scan after `budget`
    /// pairs.
    #[cfg(test)]
    pub fn with_search_budget(mut self, budget: u64) -> ScanEngine {
        self.search_budget = budget;
        self
    }

    /// The same engine on the marking scan alone, to check one scan against the other.
    #[cfg(test)]
    pub fn without_check(mut self) -> ScanEngine {
        self.checker = None;
        self
    }

    /// Whether the last heap's rare splits were marked in a pass over several heaps.
    #[cfg(test)]
    pub fn marks_ahead(&self) -> bool {
        self.ahead.is_some()
    }

    /// Whether the values are mirrored.
    #[cfg(test)]
    pub fn mirrors(&self) -> bool {
        self.mirror.is_some()
    }

    /// Heaps that skipped the search, their searches having kept running over budget.
    #[cfg(test)]
    pub fn skipped_searches(&self) -> u64 {
        self.skips.skipped
    }

    pub fn classifier(&self) -> Option<Classifier> {
        self.classifier
    }

    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    pub fn memory_bytes(&self) -> usize {
        let mirror = self.mirror.as_ref().map_or(0, Mirror::memory_bytes);
        self.seen.memory_bytes() + self.rare.capacity() * 6 + mirror
    }

    /// Notes g(position) = value, once computed.
    pub fn record(&mut self, position: usize, value: u16) {
        if let Some(mirror) = &mut self.mirror {
            mirror.record(position, value);
        }
        self.largest = self.largest.max(value);
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
        // Every option's value is 0, a value so far, or the xor of two: below this.
        let bound = (u32::from(self.largest) + 1).next_power_of_two();
        let rare_marked = self.mark_rare_splits_ahead(rules, values, bound, work);
        if !rare_marked {
            self.seen.clear_below(bound);
        }
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
            if self.classifier.is_some() && !rare_marked {
                *work += self.mark_rare_splits(sum, rules.unequal, values);
            }
        }
        let checker = self.checker.filter(|_| self.pairs() >= CHECK_FROM_PAIRS);
        if let Some(checker) = checker
            && self.classifier.is_none()
        {
            return self.next_checked(checker, values, work);
        }
        // With sparse space, most values are found within a few chunks; a heap that needs
        // more goes over to the check scan.
        let searching = checker.is_none() || self.skips.searches();
        let mut budget = match checker {
            None => u64::MAX,
            Some(_) if searching => self.search_budget,
            Some(_) => 0,
        };
        let mut candidate = 0;
        loop {
            candidate = self.seen.next_absent(candidate);
            let Ok(value) = u16::try_from(candidate) else {
                return candidate;
            };
            match self.search(value, values, work, &mut budget) {
                Search::Found => candidate += 1,
                Search::Absent => {
                    if searching {
                        self.skips.finished();
                    }
                    return candidate;
                }
                Search::OverBudget => {
                    let checker = checker.expect("only the check scan sets a budget");
                    if searching {
                        self.skips.ran_over();
                    }
                    return self.next_checked(checker, values, work);
                }
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
        // With sparse space, the first unseen value that needs a rare heap in every split
        // is absent: the rare loop marked all of those.
        let (limit, sample) = match self.classifier {
            Some(classifier) => {
                let sums: Vec<usize> = self.cursors.iter().map(|c| c.sum).collect();
                let decided = |v: u32| {
                    !self.seen.contains(v)
                        && sums.iter().all(|&sum| classifier.needs_rare(sum, v as u16))
                };
                // Usually a value a little above the values seen so far.
                let limit = (0..NO_LIMIT).find(|&v| decided(v)).unwrap_or(NO_LIMIT);
                (limit, SPARSE_SAMPLE)
            }
            None if self.pairs() < DENSER_SAMPLE_BELOW => (NO_LIMIT, DENSER_SAMPLE),
            None => (NO_LIMIT, PLAIN_SAMPLE),
        };
        let mirror = self.mirror.get_or_insert_with(|| Mirror::of(values));
        let runs: Vec<Run> = checked
            .into_iter()
            .map(|(sum, first, len)| Run {
                smaller: &values[first..first + len],
                larger: mirror.larger_parts(sum, first, len),
            })
            .collect();
        let (value, pairs) = check::mex(&checker, &runs, &mut self.seen, limit, sample);
        *work += pairs;
        value
    }

    /// Marks the values of the splits (a, sum - a) for a in first..end.
    fn mark_range(&mut self, values: &[u16], sum: usize, first: usize, end: usize) {
        let smaller = &values[first..end];
        match &self.mirror {
            Some(mirror) => {
                let larger = mirror.larger_parts(sum, first, end - first);
                self.seen.insert_xors(smaller, larger);
            }
            None => self
                .seen
                .insert_splits(smaller, &values[sum + 1 - end..=sum - first]),
        }
    }

    /// With sparse space, puts heap n = `values.len()` in a lane of the seen set where its
    /// rare splits are marked: marked before, with those of the heaps just before it, or now,
    /// with those of the next heaps that need no value from n on. False when the rare splits
    /// are left to [`ScanEngine::mark_rare_splits`], and the set is still to be cleared.
    fn mark_rare_splits_ahead(
        &mut self,
        rules: &Rules,
        values: &[u16],
        bound: u32,
        work: &mut u64,
    ) -> bool {
        let n = values.len();
        if let Some(ahead) = &mut self.ahead
            && n == ahead.next
            && n < ahead.first + ahead.lanes
        {
            ahead.next += 1;
            self.seen.use_lane(n - ahead.first);
            return true;
        }
        self.ahead = None;
        // Lanes are stamped: while values are below 64 they are collected in bits instead.
        let stamped = bound > Seen::SMALL_BOUND;
        let Some(lanes) = lanes_ahead(rules, n).filter(|_| self.classifier.is_some() && stamped)
        else {
            return false;
        };
        self.seen.clear_lanes(lanes);
        self.seen.use_lane(0);
        for &k in &rules.two_heaps {
            *work += self.mark_lanes(n - k, lanes, values);
        }
        self.ahead = Some(Ahead {
            first: n,
            lanes,
            next: n + 1,
        });
        true
    }

    /// Marks the value of every split of `sum + i` with a rare heap into lane i, for each
    /// lane i below `lanes`; returns how many it marked.
    fn mark_lanes(&mut self, sum: usize, lanes: usize, values: &[u16]) -> u64 {
        let below = |end: usize| {
            self.rare
                .partition_point(|&position| (position as usize) < end)
        };
        // Rare positions below `sum` split every lane's sum; four lanes' partners are one load
        // where the table holds four values from the first lane's partner on.
        let every_lane = below(sum);
        let first_loaded = below((sum + LANES).saturating_sub(values.len())).min(every_lane);
        let rare = (
            &self.rare[first_loaded..every_lane],
            &self.rare_values[first_loaded..every_lane],
        );
        mark_loaded(&mut self.seen, rare, values, sum);
        // The rest lane by lane: positions whose partners lie too near the table's end for
        // one load, and positions from `sum` on, which split only the larger sums.
        let mut marked = 0;
        for lane in 0..lanes {
            let lane_sum = sum + lane;
            let own = below(lane_sum);
            self.seen.use_lane(lane);
            for range in [0..first_loaded, every_lane..own] {
                let rare = (&self.rare[range.clone()], &self.rare_values[range]);
                mark_one(&mut self.seen, rare, values, lane_sum, false);
            }
            marked += own as u64;
        }
        self.seen.use_lane(0);
        marked
    }

    /// Marks the value of every split of `sum` with a rare heap; returns how many it marked.
    fn mark_rare_splits(&mut self, sum: usize, unequal: bool, values: &[u16]) -> u64 {
        // Usually every rare position is below the sum.
        let count = match self.rare.last() {
            Some(&last) if (last as usize) < sum => self.rare.len(),
            _ => self
                .rare
                .partition_point(|&position| (position as usize) < sum),
        };
        let rare = (&self.rare[..count], &self.rare_values[..count]);
        mark_one(&mut self.seen, rare, values, sum, unequal);
        count as u64
    }

    /// Scans splits until `value` is seen, spending at most `budget` pairs.
    fn search(&mut self, value: u16, values: &[u16], work: &mut u64, budget: &mut u64) -> Search {
        for index in 0..self.cursors.len() {
            let Cursor { sum, last, .. } = self.cursors[index];
            if self.classifier.is_some_and(|c| c.needs_rare(sum, value)) {
                // Every split of this sum with that value was marked by the rare loop.
                continue;
            }
            while self.cursors[index].next <= last {
                let Cursor { next, chunk, .. } = self.cursors[index];
                let end = (last + 1).min(next + chunk);
                let pairs = (end - next) as u64;
                if pairs > *budget {
                    return Search::OverBudget;
                }
                *budget -= pairs;
                *work += pairs;
                self.mark_range(values, sum, next, end);
                let cursor = &mut self.cursors[index];
                cursor.next = end;
                cursor.chunk = (chunk * 2).min(MAX_CHUNK);
                if self.seen.contains(u32::from(value)) {
                    return Search::Found;
                }
            }
        }
        Search::Absent
    }
}

/// Marks `value ^ g(sum - position)` for every rare position and value (but equal halves
/// where they are not a move). Not inlined, for the reason [`mark_loaded`] gives: Grundy's
/// game to 4·10^5 ran in 0.73 of the time.
#[inline(never)]
fn mark_one(
    seen: &mut Seen,
    (positions, rare_values): (&[u32], &[u16]),
    values: &[u16],
    sum: usize,
    unequal: bool,
) {
    let splits = positions.iter().zip(rare_values);
    let marked = splits
        .filter(|&(&position, _)| !(unequal && 2 * position as usize == sum))
        .map(|(&position, &value)| value ^ values[sum - position as usize]);
    seen.insert_all(marked);
}

/// Marks `value ^ g(sum + i - position)` into lane i for every rare position and value and
/// every lane, the four partners read as one. A function of its own so that the loop keeps
/// its pointers and stamps in registers: inlined into [`ScanEngine::next`], it reloaded
/// them from the stack for every position.
#[inline(never)]
fn mark_loaded(
    seen: &mut Seen,
    (positions, rare_values): (&[u32], &[u16]),
    values: &[u16],
    sum: usize,
) {
    let loaded = positions
        .iter()
        .zip(rare_values)
        .map(|(&position, &value)| {
            let at = sum - position as usize;
            let partners: [u16; LANES] = values[at..at + LANES].try_into().expect("four values");
            partners.map(|partner| partner ^ value)
        });
    seen.insert_lanes(loaded);
}

/// How many heaps from n on can have their rare splits marked in one pass: heap n + i
/// splits n + i - k into parts below n when i <= k, for every k of a split move, so that
/// no heap of the pass needs another's value. None for fewer than two (Grundy's game splits
/// n itself: k = 0), while some heap of the pass has a sum too small to split, and for rules
/// without equal halves, which each lane would have to leave out at its own sum (only
/// Grundy's game has such rules today).
fn lanes_ahead(rules: &Rules, n: usize) -> Option<usize> {
    let nearest = *rules.two_heaps.iter().min()?;
    let farthest = *rules.two_heaps.iter().max()?;
    let lanes = (nearest + 1).min(LANES);
    (lanes >= 2 && !rules.unequal && n >= farthest + 2).then_some(lanes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `count` heaps, each of whose searches runs over; returns which searched.
    fn over_budget(skips: &mut Skips, count: u32) -> Vec<bool> {
        (0..count)
            .map(|_| {
                let searches = skips.searches();
                if searches {
                    skips.ran_over();
                }
                searches
            })
            .collect()
    }

    #[test]
    fn eight_searches_over_budget_in_a_row_start_the_skipping() {
        let mut skips = Skips::default();
        assert_eq!(over_budget(&mut skips, 7), [true; 7]);
        // A search within the budget breaks the streak.
        assert!(skips.searches());
        skips.finished();
        assert_eq!(over_budget(&mut skips, 8), [true; 8]);
        // Then 31 heaps skip and the 32nd searches, over and over while it runs over.
        let probes = [vec![false; 31], vec![true]].concat();
        assert_eq!(over_budget(&mut skips, 64), probes.repeat(2));
        assert_eq!(skips.skipped, 62);
        // A probe that finishes within the budget brings the search back to every heap.
        assert_eq!(over_budget(&mut skips, 31), [false; 31]);
        assert!(skips.searches());
        skips.finished();
        assert_eq!(
            (0..5).map(|_| skips.searches()).collect::<Vec<_>>(),
            [true; 5]
        );
        assert_eq!(skips.skipped, 93);
    }
}
