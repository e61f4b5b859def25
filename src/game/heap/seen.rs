//! A set of `u16` values emptied in O(1), for collecting the option values of one heap.

/// Values seen while computing one heap: a value is in the set when its stamp is current.
pub(super) struct Seen {
    /// Indexed by a `u16`, so lookups need no bounds check.
    stamps: Box<[u32; 1 << 16]>,
    current: u32,
}

impl Seen {
    pub fn new() -> Seen {
        let stamps = vec![0u32; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("the vector has 2^16 stamps");
        Seen { stamps, current: 1 }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamps.fill(0);
            self.current = 1;
        }
    }

    #[inline]
    pub fn insert(&mut self, value: u16) {
        self.stamps[usize::from(value)] = self.current;
    }

    /// Whether `value` is in the set; values above `u16::MAX` never are.
    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        u16::try_from(value).is_ok_and(|v| self.stamps[usize::from(v)] == self.current)
    }

    /// The least value at or above `from` that is not in the set.
    pub fn next_absent(&self, mut from: u32) -> u32 {
        while self.contains(from) {
            from += 1;
        }
        from
    }

    /// The values `from`, ..., `from + 63` not in the set, as bits (values above `u16::MAX`
    /// are never in it).
    pub fn absent_of_64(&self, from: u32) -> u64 {
        let start = (from as usize).min(1 << 16);
        let stamps = &self.stamps[start..(start + 64).min(1 << 16)];
        let present = stamps.iter().enumerate().fold(0u64, |bits, (i, &stamp)| {
            bits | u64::from(stamp == self.current) << i
        });
        !present
    }

    pub const BYTES: usize = 4 << 16;
}
