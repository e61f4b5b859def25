//! Periodicity, proved and never guessed, by the octal periodicity theorem (Guy and Smith):
//! for a code whose moves leave at most two heaps and whose last non-zero digit is d_t, if
//! g(n + p) = g(n) for every n with n0 <= n < 2·n0 + p + t, then g(n + p) = g(n) for ever.
//! The last comparison reads g(2·n0 + 2p + t - 1): the values g(0), ..., g(len - 1) can prove
//! a period p from n0 only if len >= 2·n0 + 2p + t.
//!
//! The proof's induction pairs a split (a, b) of n + p with the split (a, b - p) of n, so
//! b - p must be a heap: it needs n0 >= 1. A claimed preperiod of 0 is therefore proved from
//! n0 = 1, plus the direct check g(p) = g(0).
//!
//! Every period the values could prove is searched. For a shift p, let r(p) count the last
//! values that equal the value p before them; p is then a period from len - p - r(p), and the
//! theorem proves it once len >= 2·(len - r(p)) + t: the shift with the longest agreement is
//! the one proved soonest. At checkpoints spaced by a factor 3/2, the Z-function of the last
//! [`WINDOW`] values, reversed, gives r(p) for every short shift at once; for longer shifts, a
//! rolling hash finds where the last values occur earlier, and each place found is verified
//! value by value. The best shift is then watched value by value, and proved once every
//! value of its range has been computed and compared.

use std::ops::RangeInclusive;

/// g(n + period) = g(n) for every n >= preperiod, proved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The least n0 from which g has period `period`.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// The hypothesis g(n + p) = g(n) was checked for every n below this,
    /// 2·max(n0, 1) + p + t, from n0 up.
    pub checked_to: u64,
    /// The index of the code's last non-zero digit.
    pub t: u64,
}

impl Period {
    /// The index into the values table that holds g(n), for n >= preperiod.
    pub fn fold(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// The longest period that `len` values can prove: len >= 2·max(n0, 1) + 2p + t.
pub fn longest_provable(len: u64, t: u64) -> u64 {
    len.saturating_sub(t + 2) / 2
}

/// Values whose reversed Z-function is taken at once (12 bytes each, for the search only):
/// shifts up to half of it get their agreement from it, longer ones from the rolling hash
/// (which the engine's own tests therefore try on the periods of real games, such as 0.16's).
const WINDOW: usize = if cfg!(test) { 1 << 10 } else { 1 << 21 };

/// A shift p under which the recent values repeat, waiting for its hypothesis range.
#[derive(Copy, Clone, Debug)]
struct Candidate {
    start: usize,
    period: usize,
    /// Values needed: the comparisons g(n + p) = g(n) for n < end - p.
    end: usize,
}

pub(super) struct PeriodSearch {
    t: usize,
    window: usize,
    /// Comparisons per value the search for long candidates may spend.
    verify: usize,
    next_checkpoint: usize,
    candidate: Option<Candidate>,
    proved: Option<Period>,
    /// Number of values when every candidate was last looked for.
    searched: usize,
}

impl PeriodSearch {
    pub fn new(t: u64) -> PeriodSearch {
        PeriodSearch::with_window(t, WINDOW, 1)
    }

    /// A search whose Z-function covers `window` values, and whose search for long
    /// candidates spends `verify` comparisons per value (small in tests, so that the
    /// rolling hash and the exact search after it are tried on short sequences).
    fn with_window(t: u64, window: usize, verify: usize) -> PeriodSearch {
        PeriodSearch {
            t: t as usize,
            window: window.max(2),
            verify,
            next_checkpoint: 16,
            candidate: None,
            proved: None,
            searched: 0,
        }
    }

    pub fn proved(&self) -> Option<Period> {
        self.proved
    }

    /// The index of the code's last non-zero digit.
    pub fn t(&self) -> u64 {
        self.t as u64
    }

    /// How many values the last full search looked at.
    pub fn searched(&self) -> usize {
        self.searched
    }

    /// Called after each new value.
    pub fn observe(&mut self, values: &[u16]) -> Option<Period> {
        if self.proved.is_some() {
            return self.proved;
        }
        let len = values.len();
        if let Some(c) = self.candidate {
            let newest = len - 1;
            if newest >= c.start + c.period && values[newest] != values[newest - c.period] {
                self.candidate = None;
            } else if len >= c.end {
                return self.prove(values, c);
            }
        }
        if self.candidate.is_none() && len >= self.next_checkpoint {
            self.search(values);
        }
        self.proved
    }

    /// Looks at every shift now, and proves the best if the values already suffice: after
    /// this, no period is proved only if no period these values could prove holds.
    pub fn search(&mut self, values: &[u16]) -> Option<Period> {
        let len = values.len();
        self.searched = len;
        self.next_checkpoint = len + len / 2 + 1;
        if let Some(best) = best_candidate(values, self.t, self.window, self.verify) {
            if best.end <= len {
                return self.prove(values, best);
            }
            if self.candidate.is_none_or(|c| best.end < c.end) {
                self.candidate = Some(best);
            }
        }
        None
    }

    /// Turns a verified candidate into the certificate with the least period and preperiod.
    fn prove(&mut self, values: &[u16], proved: Candidate) -> Option<Period> {
        let Candidate { start, period, end } = proved;
        let len = values.len();
        assert!(
            end <= len
                && values[start..]
                    .iter()
                    .zip(&values[start + period..])
                    .all(|(a, b)| a == b),
            "a candidate is verified on every value before it is proved"
        );
        // The theorem makes g `period`-periodic from `start`, so this is g(n) for every n.
        let value = |n: usize| {
            values[if n < start {
                n
            } else {
                start + (n - start) % period
            }]
        };
        let is_period = |d: usize| (start..start + period).all(|n| value(n) == value(n + d));
        // The least period divides every period: take out prime factors while one remains.
        let mut least = period;
        for prime in prime_factors(period) {
            while least % prime == 0 && is_period(least / prime) {
                least /= prime;
            }
        }
        let mut preperiod = start;
        while preperiod > 0 && value(preperiod - 1) == value(preperiod - 1 + least) {
            preperiod -= 1;
        }
        let from = preperiod.max(1);
        let checked_to = 2 * from + least + self.t;
        // The theorem's hypothesis for the reported pair, on the values computed.
        assert!(
            checked_to + least <= len
                && (preperiod..checked_to).all(|n| values[n] == values[n + least]),
            "a proved period satisfies its own hypothesis"
        );
        self.proved = Some(Period {
            preperiod: preperiod as u64,
            period: least as u64,
            checked_to: checked_to as u64,
            t: self.t as u64,
        });
        self.candidate = None;
        self.proved
    }
}

/// The distinct prime factors of n.
fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut primes = Vec::new();
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            primes.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        primes.push(n);
    }
    primes
}

/// The shift whose theorem hypothesis would be satisfied soonest, among every shift up to the
/// longest period the values could prove (and a few shorter ones beyond it).
fn best_candidate(values: &[u16], t: usize, window: usize, verify: usize) -> Option<Candidate> {
    let len = values.len();
    let longest = longest_provable(len as u64, t as u64) as usize;
    let mut best = Best::new(len, t);
    let window = len.min(window);
    short_shifts(values, window, &mut best);
    let first = window / 2 + 1;
    if first <= longest {
        // Shifts agreeing on the last eighth of the values at least: the period proved
        // soonest agrees on more than a sixth of them at the last checkpoint before its proof
        // (checkpoints are 3/2 apart), and is watched from there. The comparisons are bounded.
        let budget = len.saturating_mul(verify);
        let pattern = (len / 8).max(1);
        let unseen = long_shifts(values, pattern, first..=longest, &mut best, budget);
        if let Some(mut first) = unseen.filter(|_| !best.provable()) {
            // Only an agreement on (len + t) / 2 values is provable now, and the first shift
            // found agreeing so rules out every later one: it settles the rest.
            let pattern = (len + t).div_ceil(2);
            while let Some(unseen) =
                long_shifts(values, pattern, first..=longest, &mut best, usize::MAX)
            {
                first = unseen;
            }
        }
    }
    best.candidate
}

/// The best shift found so far, and what its agreement rules out.
struct Best {
    len: usize,
    t: usize,
    candidate: Option<Candidate>,
    /// Its agreement r(p).
    agree: usize,
    /// The longest agreement r(q) of a shift q looked at. If q < p <= r(q), then
    /// r(p) <= r(q): with n = len - r(q) - 1, g(n) = g(n + p) = g(n + p - q) = g(n - q)
    /// otherwise, whereas g(n) != g(n - q). Such a p is never better than q.
    reach: usize,
}

impl Best {
    fn new(len: usize, t: usize) -> Best {
        Best {
            len,
            t,
            candidate: None,
            agree: 0,
            reach: 0,
        }
    }

    /// Shift `period` has agreement `agree`, exactly.
    fn consider(&mut self, period: usize, agree: usize) {
        self.reach = self.reach.max(agree);
        let start = self.len - period - agree;
        let end = 2 * start.max(1) + 2 * period + self.t;
        if self.candidate.is_none_or(|b| end < b.end) {
            self.candidate = Some(Candidate { start, period, end });
            self.agree = agree;
        }
    }

    fn provable(&self) -> bool {
        self.candidate.is_some_and(|c| c.end <= self.len)
    }

    /// Whether the shift `period` may agree longer than the best one (a single comparison;
    /// `true` when unsure).
    fn may_beat(&self, values: &[u16], period: usize) -> bool {
        if self.candidate.is_none() {
            return true;
        }
        // To beat it, the shift must agree at the last place the best one does not.
        match (self.len - self.agree).checked_sub(1) {
            Some(n) if n >= period => values[n] == values[n - period],
            _ => false,
        }
    }
}

/// r(p) for every p up to half the window, from the Z-function of its values reversed.
fn short_shifts(values: &[u16], window: usize, best: &mut Best) {
    let len = values.len();
    let reversed: Vec<u16> = values[len - window..].iter().rev().copied().collect();
    let z = z_function(&reversed);
    for period in 1..=window / 2 {
        if period <= best.reach {
            continue;
        }
        // The last z[p] values equal the ones p before them.
        let mut agree = z[period] as usize;
        if agree == window - period {
            // The agreement reaches the window's start: follow it further back directly.
            // At most one shift does so, since its agreement reaches past half the window.
            agree += values[..len - window]
                .iter()
                .rev()
                .zip(values[..len - window + period].iter().rev())
                .take_while(|(a, b)| a == b)
                .count();
        }
        best.consider(period, agree);
    }
}

/// Shifts in `shifts` under which the last `pattern` values recur, found by a rolling hash
/// (a collision costs time, never a wrong answer) and each verified value by value. Stops
/// once `budget` comparisons are spent, and then returns the first shift not looked at.
fn long_shifts(
    values: &[u16],
    pattern: usize,
    shifts: RangeInclusive<usize>,
    best: &mut Best,
    mut budget: usize,
) -> Option<usize> {
    let len = values.len();
    let (first, last) = (*shifts.start(), (*shifts.end()).min(len - pattern));
    if first > last {
        return None;
    }
    let (found, cut) = recurrences(values, pattern, first, last);
    for period in found {
        if period <= best.reach {
            continue;
        }
        budget = budget.saturating_sub(1);
        if best.may_beat(values, period) {
            let agree = values[period..]
                .iter()
                .rev()
                .zip(values[..len - period].iter().rev())
                .take_while(|(a, b)| a == b)
                .count();
            budget = budget.saturating_sub(agree);
            best.consider(period, agree);
        }
        if budget == 0 && period < last {
            return Some(period + 1);
        }
    }
    // Shifts up to the longest agreement are no better than the shift that has it.
    cut.filter(|_| best.reach < last)
}

/// Places kept in one pass; past them, the search goes on from the first one not kept (few in
/// tests, so that the proptests go through that path).
const PLACES: usize = if cfg!(test) { 3 } else { 1 << 16 };

/// The shifts p in first..=last, in order, whose `pattern` values ending at len - p hash as
/// the last `pattern` values do; and, if there were too many to keep, the first one not kept.
fn recurrences(
    values: &[u16],
    pattern: usize,
    first: usize,
    last: usize,
) -> (Vec<usize>, Option<usize>) {
    let len = values.len();
    let target = hash(&values[len - pattern..]);
    let top = BASE.wrapping_pow(pattern as u32 - 1);
    let end = len - first;
    let mut window = hash(&values[end - pattern..end]);
    let mut places = Vec::new();
    if window == target {
        places.push(first);
    }
    // From shift p - 1 to p: values[len - p] leaves the window, values[len - p - pattern] joins.
    let leaving = values[len - last..len - first].iter().rev();
    let joining = values[len - last - pattern..len - first - pattern]
        .iter()
        .rev();
    for (period, (&out, &into)) in (first + 1..).zip(leaving.zip(joining)) {
        window = window
            .wrapping_sub(u64::from(out))
            .wrapping_mul(BASE_INVERSE)
            .wrapping_add(u64::from(into).wrapping_mul(top));
        if window == target {
            if places.len() == PLACES {
                return (places, Some(period));
            }
            places.push(period);
        }
    }
    (places, None)
}

/// Polynomial hashing modulo 2^64, the cheapest to roll (a few nanoseconds a shift). Its
/// collisions, frequent only on values built for it (Thue–Morse words), cost comparisons.
const BASE: u64 = 0x9e37_79b9_7f4a_7c15;
/// BASE · BASE_INVERSE = 1 modulo 2^64 (BASE is odd).
const BASE_INVERSE: u64 = inverse(BASE);

/// The inverse of an odd number modulo 2^64, by Newton's iteration (each step doubles the
/// bits that are right, from the 3 of x · x = 1 modulo 8).
const fn inverse(odd: u64) -> u64 {
    let mut x = odd;
    let mut step = 0;
    while step < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x)));
        step += 1;
    }
    x
}

/// Σ values[i]·BASE^(len - 1 - i), modulo 2^64.
fn hash(values: &[u16]) -> u64 {
    values.iter().fold(0, |h: u64, &v| {
        h.wrapping_mul(BASE).wrapping_add(u64::from(v))
    })
}

/// `z[i]` = the length of the longest common prefix of `s` and `s[i..]` (`z[0] = s.len()`).
fn z_function(s: &[u16]) -> Vec<u32> {
    let n = s.len();
    let mut z = vec![0u32; n];
    if n == 0 {
        return z;
    }
    z[0] = n as u32;
    let (mut left, mut right) = (0, 0);
    for i in 1..n {
        let mut k = if i < right {
            (z[i - left] as usize).min(right - i)
        } else {
            0
        };
        while i + k < n && s[k] == s[i + k] {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > right {
            (left, right) = (i, i + k);
        }
    }
    z
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn z_function_matches_its_definition() {
        let s = [1u16, 2, 1, 2, 1, 3, 1, 2];
        let z = z_function(&s);
        for i in 1..s.len() {
            let lcp = s.iter().zip(&s[i..]).take_while(|(a, b)| a == b).count();
            assert_eq!(z[i] as usize, lcp, "at {i}");
        }
    }

    #[test]
    fn the_rolling_hash_is_a_polynomial_hash() {
        assert_eq!(BASE.wrapping_mul(BASE_INVERSE), 1);
        let values = [3u16, 0, 7, 7, 1, 2, 9];
        let b = BASE;
        assert_eq!(hash(&values[1..4]), 7u64.wrapping_mul(b).wrapping_add(7));
        // The places found are where the last values hash again, window by window.
        let values = [5u16, 1, 2, 9, 1, 2, 4, 1, 2];
        let (places, cut) = recurrences(&values, 2, 1, 7);
        assert_eq!((places, cut), (vec![3, 6], None));
    }

    #[test]
    fn prime_factors_are_distinct_primes() {
        assert_eq!(prime_factors(1), Vec::<usize>::new());
        assert_eq!(prime_factors(12), [2, 3]);
        assert_eq!(prime_factors(60_620_715), [3, 5, 1_347_127]);
        assert_eq!(prime_factors(149_459), [149_459]);
    }

    /// The period `values` prove, with a search whose Z-function covers `window` values:
    /// value by value as the engine sees them, then once more over all of them.
    fn prove_with(values: &[u16], t: u64, window: usize) -> Option<Period> {
        let mut search = PeriodSearch::with_window(t, window, 1);
        for len in 1..=values.len() {
            if let Some(period) = search.observe(&values[..len]) {
                return Some(period);
            }
        }
        search.search(values)
    }

    fn prove(values: &[u16], t: u64) -> Option<Period> {
        prove_with(values, t, WINDOW)
    }

    #[test]
    fn a_pure_period_is_proved_from_zero() {
        let values: Vec<u16> = (0..40).map(|n| n % 3).collect();
        let period = prove(&values, 1).unwrap();
        assert_eq!((period.preperiod, period.period), (0, 3));
        assert_eq!(period.checked_to, 2 + 3 + 1);
    }

    #[test]
    fn the_least_period_and_preperiod_are_reported() {
        // Four exceptions, then period 2.
        let mut values = vec![5u16, 6, 7, 8];
        values.extend((0..60).map(|n| n % 2));
        let period = prove(&values, 2).unwrap();
        assert_eq!((period.preperiod, period.period), (4, 2));
        assert_eq!(period.checked_to, 2 * 4 + 2 + 2);
    }

    #[test]
    fn too_few_values_prove_nothing() {
        // Period 2 from 4 needs g up to 2·4 + 2·2 + t - 1 = 13 with t = 2.
        let mut values = vec![5u16, 6, 7, 8];
        values.extend((0..9).map(|n| n % 2));
        assert_eq!(prove(&values, 2), None);
        values.push(1);
        assert!(prove(&values, 2).is_some());
    }

    #[test]
    fn a_preperiod_of_zero_is_proved_from_one() {
        // With n0 = 0, p = 1, t = 1 the bare hypothesis covers only n = 0, 1, which these
        // values satisfy; 0.4 continues 0, 0, 0, 1. From n0 = 1 it needs five values.
        assert_eq!(prove(&[0, 0, 0], 1), None);
        assert_eq!(prove(&[0, 0, 0, 0], 1), None);
        let period = prove(&[0, 0, 0, 0, 0], 1).unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.checked_to),
            (0, 1, 4)
        );
    }

    #[test]
    fn folding_maps_into_the_table() {
        let period = Period {
            preperiod: 71,
            period: 12,
            checked_to: 156,
            t: 2,
        };
        assert_eq!(period.fold(70), 70);
        assert_eq!(period.fold(71 + 12 * 1000 + 5), 76);
        assert_eq!(period.fold(u64::MAX), 71 + (u64::MAX - 71) % 12);
    }

    /// A period longer than half the window is found by the rolling hash, at the very
    /// value that proves it.
    #[test]
    fn a_period_longer_than_the_window_is_found() {
        let pattern: Vec<u16> = (0..300u64)
            .map(|n| ((n * 2_654_435_761) >> 16) as u16 % 5)
            .collect();
        let mut values: Vec<u16> = (0..150u16).map(|n| n + 20).collect();
        let needed = 2 * 150 + 2 * 300 + 3;
        while values.len() < needed {
            values.push(pattern[(values.len() - 150) % 300]);
        }
        let period = prove_with(&values, 3, 64).unwrap();
        assert_eq!((period.preperiod, period.period), (150, 300));
        assert_eq!(prove_with(&values[..needed - 1], 3, 64), None);
    }

    /// A period made of one block repeated, but for its second copy: the last values recur at
    /// many multiples of the block, more often than a stretch of shifts keeps (three in
    /// tests), and the period itself comes after them.
    #[test]
    fn the_search_goes_on_past_the_places_kept() {
        let block = [3u16, 1, 4, 1, 5];
        let mut period = block.to_vec();
        period.extend([9, 1, 4, 1, 5]);
        for _ in 0..18 {
            period.extend(block);
        }
        let mut values = vec![100u16, 101, 102];
        while values.len() < 2 * 3 + 2 * 100 + 2 {
            values.push(period[(values.len() - 3) % 100]);
        }
        assert_eq!(brute_force(&values, 2), Some((3, 100)));
        for verify in [0, 1, 1000] {
            let mut search = PeriodSearch::with_window(2, 2, verify);
            let found = search.search(&values).map(|p| (p.preperiod, p.period));
            assert_eq!(found, Some((3, 100)), "verify = {verify}");
        }
    }

    /// The brute force: the least p among those whose hypothesis holds within the values,
    /// with the least n0 from which it holds.
    fn brute_force(values: &[u16], t: usize) -> Option<(u64, u64)> {
        let len = values.len();
        (1..=len / 2).find_map(|p| {
            let mut start = len - p;
            while start > 0 && values[start - 1] == values[start - 1 + p] {
                start -= 1;
            }
            (2 * start.max(1) + 2 * p + t <= len).then_some((start as u64, p as u64))
        })
    }

    /// Eventually periodic sequences over a few values, whose period is a block repeated with
    /// a change or two, so that shorter shifts agree for a while and then fail.
    fn eventually_periodic() -> impl Strategy<Value = Vec<u16>> {
        let repeated = || {
            (
                prop::collection::vec(0u16..3, 1..12),
                1usize..8,
                prop::collection::vec((any::<prop::sample::Index>(), 0u16..4), 0..3),
            )
                .prop_map(|(block, times, changes)| {
                    let mut values = block.repeat(times);
                    for (at, value) in changes {
                        let at = at.index(values.len());
                        values[at] = value;
                    }
                    values
                })
        };
        (repeated(), repeated(), 0usize..400).prop_map(|(preperiod, period, extra)| {
            let len = preperiod.len() + 2 * period.len() + extra;
            let mut values = preperiod.clone();
            while values.len() < len {
                values.push(period[(values.len() - preperiod.len()) % period.len()]);
            }
            values
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Whatever the window, one search over the values finds exactly the period a brute
        /// force over every shift finds; value by value, a period found earlier is the brute
        /// force's on the values seen then.
        #[test]
        fn the_search_finds_what_brute_force_finds(
            values in eventually_periodic(),
            t in 0usize..4,
            window in prop::sample::select(vec![2usize, 8, 32, WINDOW]),
            verify in 0usize..2,
        ) {
            let expected = brute_force(&values, t);
            let mut search = PeriodSearch::with_window(t as u64, window, verify);
            prop_assert_eq!(
                search.search(&values).map(|p| (p.preperiod, p.period)),
                expected
            );
            let mut search = PeriodSearch::with_window(t as u64, window, verify);
            for len in 1..=values.len() {
                if let Some(p) = search.observe(&values[..len]) {
                    prop_assert_eq!(Some((p.preperiod, p.period)), brute_force(&values[..len], t));
                    prop_assert_eq!(p.checked_to, 2 * p.preperiod.max(1) + p.period + t as u64);
                    break;
                }
            }
        }
    }
}
