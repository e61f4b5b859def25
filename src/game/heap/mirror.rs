//! The values in reverse, so that the larger heaps of a run of splits (a, sum - a) lie
//! forwards in memory beside the smaller ones, and a kernel loads both without shuffling.

/// g(position) at `reversed[capacity - 1 - position]`.
pub(super) struct Mirror {
    reversed: Vec<u16>,
}

impl Mirror {
    /// The mirror of g(0), ..., g(n - 1), with room to grow by half.
    pub fn of(values: &[u16]) -> Mirror {
        let capacity = (values.len() + values.len() / 2).max(1024);
        let mut reversed = vec![0; capacity];
        reversed[capacity - values.len()..].copy_from_slice(values);
        reversed[capacity - values.len()..].reverse();
        Mirror { reversed }
    }

    /// Notes g(position) = value; positions come in order.
    pub fn record(&mut self, position: usize, value: u16) {
        let capacity = self.reversed.len();
        if position >= capacity {
            // Growing by half keeps the copy near the table's size.
            let grown = (capacity + capacity / 2).max(position + 1).max(1024);
            let mut reversed = vec![0; grown];
            reversed[grown - capacity..].copy_from_slice(&self.reversed);
            self.reversed = reversed;
        }
        let capacity = self.reversed.len();
        self.reversed[capacity - 1 - position] = value;
    }

    /// g(sum - first), g(sum - first - 1), ...: `len` values, the larger heaps of the splits
    /// (first, sum - first), (first + 1, sum - first - 1), ...
    pub fn larger_parts(&self, sum: usize, first: usize, len: usize) -> &[u16] {
        let start = self.reversed.len() - 1 - (sum - first);
        &self.reversed[start..start + len]
    }

    pub fn memory_bytes(&self) -> usize {
        self.reversed.capacity() * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn larger_parts_run_downwards_across_growth() {
        let g = |i: usize| (i * 7 % 1000) as u16;
        let first: Vec<u16> = (0..700).map(g).collect();
        let mut mirror = Mirror::of(&first);
        for position in 700..3000 {
            mirror.record(position, g(position));
        }
        let parts = mirror.larger_parts(2999, 5, 100);
        assert_eq!(parts, (0..100).map(|i| g(2999 - 5 - i)).collect::<Vec<_>>());
        assert_eq!(mirror.larger_parts(10, 1, 10)[9], g(0));
    }
}
