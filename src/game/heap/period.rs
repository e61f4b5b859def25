//! Periodicity, proved and never guessed, by the octal periodicity theorem (Guy and Smith):
//! for a code whose moves leave at most two heaps and whose last non-zero digit is d_t, if
//! g(n + p) = g(n) for every n with n0 <= n < 2·n0 + p + t, then g(n + p) = g(n) for ever.
//!
//! The proof's induction pairs a split (a, b) of n + p with the split (a, b - p) of n, so
//! b - p must be a heap: it needs n0 >= 1. A claimed preperiod of 0 is therefore proved from
//! n0 = 1, plus the direct check g(p) = g(0).
//!
//! Candidates are found cheaply: at checkpoints spaced by a factor 3/2, the Z-function of the
//! reversed values gives, for every shift p at once, how far back g(n + p) = g(n) has held.
//! The candidate whose hypothesis range ends first is then watched value by value, and
//! proved once every value of its range has been computed and compared.

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

/// Searched suffix of the values: periods up to half of it can be found.
const WINDOW: usize = 1 << 21;
/// The longest period the search can find.
pub const LONGEST_PERIOD: u64 = (WINDOW / 2) as u64;

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
    next_checkpoint: usize,
    candidate: Option<Candidate>,
    proved: Option<Period>,
    /// Number of values when every candidate was last looked for.
    searched: usize,
}

impl PeriodSearch {
    pub fn new(t: u64) -> PeriodSearch {
        PeriodSearch {
            t: t as usize,
            next_checkpoint: 16,
            candidate: None,
            proved: None,
            searched: 0,
        }
    }

    pub fn proved(&self) -> Option<Period> {
        self.proved
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

    /// Looks for every candidate now, and proves one if the values already suffice.
    pub fn search(&mut self, values: &[u16]) -> Option<Period> {
        let len = values.len();
        self.searched = len;
        self.next_checkpoint = len + len / 2 + 1;
        if let Some(best) = best_candidate(values, self.t) {
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
        let Candidate { start, period, .. } = proved;
        // g is `period`-periodic from `start`, so this is g(n) for every n.
        let value = |n: usize| {
            values[if n < start {
                n
            } else {
                start + (n - start) % period
            }]
        };
        let least = (1..=period)
            .filter(|d| period % d == 0)
            .find(|&d| (start..start + period).all(|n| value(n) == value(n + d)))
            .expect("the period itself qualifies");
        let mut preperiod = start;
        while preperiod > 0 && value(preperiod - 1) == value(preperiod - 1 + least) {
            preperiod -= 1;
        }
        let from = preperiod.max(1);
        let checked_to = 2 * from + least + self.t;
        // The theorem's hypothesis for the reported pair, on values that are now all known.
        assert!(
            (preperiod..checked_to).all(|n| value(n) == value(n + least)),
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

/// The shift whose theorem hypothesis would be satisfied soonest, among those under which
/// the recent values already repeat at least twice.
fn best_candidate(values: &[u16], t: usize) -> Option<Candidate> {
    let len = values.len();
    let window = len.min(WINDOW);
    let reversed: Vec<u16> = values[len - window..].iter().rev().copied().collect();
    let z = z_function(&reversed);
    let mut best: Option<Candidate> = None;
    for period in 1..=window / 2 {
        // The last z[p] values equal the ones p before them.
        let agree = z[period] as usize;
        if agree < period {
            continue;
        }
        let mut start = len - period - agree;
        if agree == window - period {
            // The agreement reaches the window's start: follow it further back directly.
            while start > 0 && values[start - 1] == values[start - 1 + period] {
                start -= 1;
            }
        }
        let end = 2 * start.max(1) + 2 * period + t;
        if best.is_none_or(|b| end < b.end) {
            best = Some(Candidate { start, period, end });
        }
    }
    best
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

    fn prove(values: &[u16], t: u64) -> Option<Period> {
        let mut search = PeriodSearch::new(t);
        for len in 1..=values.len() {
            if let Some(period) = search.observe(&values[..len]) {
                return Some(period);
            }
        }
        search.search(values)
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
}
