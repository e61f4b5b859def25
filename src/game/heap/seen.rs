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

    /// The stamps of the 16 values from `block * 16`, and the stamp that means "in the set":
    /// for checking many values at once.
    pub fn block(&self, block: usize) -> ([u32; 16], u32) {
        let stamps = self.stamps[block * 16..block * 16 + 16].try_into();
        (stamps.expect("16 stamps"), self.current)
    }

    pub const BYTES: usize = 4 << 16;
}
