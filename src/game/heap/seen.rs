//! A set of `u16` values emptied in O(1), for collecting the option values of one heap.

/// Values seen while computing one heap: a value is in the set when its stamp is current.
pub(super) struct Seen {
    /// Indexed by a `u16`, so lookups need no bounds check.
    stamps: Box<[u32; 1 << 16]>,
    current: u32,
    /// Room for a chunk of xored pairs (see [`Seen::insert_xors`]), kept so that it is not
    /// zeroed again for every chunk.
    xors: Box<[u16; XOR_CHUNK]>,
}

/// Pairs xored at once before they are inserted.
const XOR_CHUNK: usize = 1024;

impl Seen {
    pub fn new() -> Seen {
        let stamps = vec![0u32; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("the vector has 2^16 stamps");
        Seen {
            stamps,
            current: 1,
            xors: Box::new([0; XOR_CHUNK]),
        }
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

    /// Inserts a ^ b for every pair of `smaller` and `larger` (as long as each other): xored
    /// a chunk at a time, on vectors, then one store a pair.
    pub fn insert_xors(&mut self, smaller: &[u16], larger: &[u16]) {
        debug_assert_eq!(smaller.len(), larger.len());
        let chunks = smaller.chunks(XOR_CHUNK).zip(larger.chunks(XOR_CHUNK));
        for (smaller, larger) in chunks {
            let xors = &mut self.xors[..smaller.len()];
            for ((xor, &a), &b) in xors.iter_mut().zip(smaller).zip(larger) {
                *xor = a ^ b;
            }
            for &value in xors.iter() {
                self.stamps[usize::from(value)] = self.current;
            }
        }
    }

    /// Inserts a ^ b for every pair of every block (pairs of equally long slices, at most
    /// 1 024 pairs each): the blocks are xored into one buffer, which is then inserted in
    /// one tight loop; for blocks too short to make a loop of their own.
    pub fn insert_xor_blocks<'a>(&mut self, blocks: impl Iterator<Item = (&'a [u16], &'a [u16])>) {
        let mut filled = 0;
        for (smaller, larger) in blocks {
            debug_assert_eq!(smaller.len(), larger.len());
            if filled + smaller.len() > XOR_CHUNK {
                self.insert_buffered(filled);
                filled = 0;
            }
            let xors = &mut self.xors[filled..filled + smaller.len()];
            for ((xor, &a), &b) in xors.iter_mut().zip(smaller).zip(larger) {
                *xor = a ^ b;
            }
            filled += smaller.len();
        }
        self.insert_buffered(filled);
    }

    fn insert_buffered(&mut self, count: usize) {
        for &value in &self.xors[..count] {
            self.stamps[usize::from(value)] = self.current;
        }
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

    pub const BYTES: usize = (4 << 16) + 2 * XOR_CHUNK;
}
