//! The engine for codes with moves that leave three heaps (hexadecimal digits 8 to F).
//!
//! For every size x it keeps T(x), the distinct values of splitting x into two non-empty
//! heaps. The two-heap options of a sum s are then T(s), and the three-heap options are
//! g(a) ^ T(s - a) over the first heap a: O(n · |T|) a heap instead of O(n^2).

use super::rules::Rules;
use super::seen::Seen;

pub(super) struct TripleEngine {
    /// T(x) is `pair_values[starts[x]..starts[x + 1]]`.
    starts: Vec<usize>,
    pair_values: Vec<u16>,
    seen: Seen,
}

impl TripleEngine {
    pub fn new() -> TripleEngine {
        TripleEngine {
            starts: vec![0],
            pair_values: Vec::new(),
            seen: Seen::new(),
        }
    }

    pub fn memory_bytes(&self) -> usize {
        self.seen.memory_bytes() + self.starts.capacity() * 8 + self.pair_values.capacity() * 2
    }

    /// g(n) for n = `values.len()`; above `u16::MAX` if it does not fit. Adds the values it
    /// combined to `work`.
    pub fn next(&mut self, rules: &Rules, values: &[u16], work: &mut u64) -> u32 {
        let n = values.len();
        // T(x) needs g(1..x), so T(n) is known now.
        while self.starts.len() <= n + 1 {
            self.push_pair_values(values);
        }
        self.seen.clear();
        if rules.remove_all.contains(&n) {
            self.seen.insert(0);
        }
        for &k in rules.one_heap.iter().filter(|&&k| k < n) {
            self.seen.insert(values[n - k]);
        }
        for sum in rules.two_heap_sums(n) {
            let (start, end) = (self.starts[sum], self.starts[sum + 1]);
            *work += (end - start) as u64;
            for &value in &self.pair_values[start..end] {
                self.seen.insert(value);
            }
        }
        for &k in rules.three_heaps.iter().filter(|&&k| n >= k + 3) {
            let sum = n - k;
            for (first, &value) in values.iter().enumerate().take(sum - 1).skip(1) {
                let (start, end) = (self.starts[sum - first], self.starts[sum - first + 1]);
                *work += (end - start) as u64;
                for &pair in &self.pair_values[start..end] {
                    self.seen.insert(value ^ pair);
                }
            }
        }
        self.seen.next_absent(0)
    }

    /// Appends T(x) for the next x.
    fn push_pair_values(&mut self, values: &[u16]) {
        let x = self.starts.len() - 1;
        self.seen.clear();
        for a in 1..=x / 2 {
            let value = values[a] ^ values[x - a];
            if !self.seen.contains(u32::from(value)) {
                self.seen.insert(value);
                self.pair_values.push(value);
            }
        }
        self.starts.push(self.pair_values.len());
    }
}
