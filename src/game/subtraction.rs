//! Subtraction games: one pile, a move removes s chips for some s in a finite set S.
//!
//! The Grundy values g(0), g(1), ... are computed bottom-up into an array. Each value depends
//! only on the previous max(S) values, so once a window of max(S) values repeats the sequence
//! is periodic for ever: that repeat is the proof, and after it any pile answers in O(1).
//! Repeats are found with Brent's cycle search over windows, compared by rolling hash.

use super::{GameError, Watch};

/// `g(n + length) = g(n)` for every `n >= preperiod`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Period {
    pub preperiod: u64,
    pub length: u64,
    /// The two equal windows of max(S) values that prove it start here and `length` later.
    pub window_start: u64,
}

impl Period {
    /// The proof that a subtraction game's values repeat: one window of max(S) values repeats,
    /// and below it the values were compared one by one.
    pub fn proof(&self, window: u64) -> String {
        let (start, length) = (self.window_start, self.length);
        let mut proof = format!(
            "the {window} values from n = {start} come back {length} later (g({start}..{}) = g({}..{})); \
             each value depends only on the {window} before it (max S = {window}), so from n = {start} on \
             everything repeats",
            start + window,
            start + length,
            start + length + window
        );
        if self.preperiod < start {
            proof.push_str(&format!(
                "; below that, g(n) = g(n + {length}) was checked for {} ≤ n < {start}",
                self.preperiod
            ));
        }
        proof
    }
}

/// How far a table may grow: a number of values, and bytes (four a value).
#[derive(Copy, Clone, Debug)]
pub struct TableLimits {
    pub values: usize,
    pub bytes: u64,
}

impl TableLimits {
    /// Values the `bytes` hold.
    fn values_in_bytes(self) -> usize {
        usize::try_from(self.bytes / 4).unwrap_or(usize::MAX)
    }

    /// The values both limits allow.
    fn most_values(self) -> usize {
        self.values.min(self.values_in_bytes())
    }
}

#[derive(Debug)]
pub struct SubtractionSequence {
    /// The subtraction set, ascending, every member positive.
    moves: Box<[u64]>,
    values: Vec<u32>,
    period: Option<Period>,
    search: Option<CycleSearch>,
}

/// Brent's cycle search, one window at a time.
#[derive(Debug)]
struct CycleSearch {
    window: usize,
    /// B^(window - 1), to drop the oldest value from a rolling hash.
    top_power: u64,
    tortoise: usize,
    tortoise_hash: u64,
    power: usize,
    hare_hash: u64,
}

const HASH_BASE: u64 = 0x100_0000_01b3;

/// base^exponent mod 2^64; `u64::wrapping_pow` takes a `u32`, and a window can be longer.
fn wrapping_power(mut base: u64, mut exponent: u64) -> u64 {
    let mut power = 1u64;
    while exponent > 0 {
        if exponent & 1 == 1 {
            power = power.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exponent >>= 1;
    }
    power
}

/// Moves looked at between two check-ins with the watch (Ctrl-C, the progress bar).
const CHECK_EVERY: u64 = 1 << 18;

impl SubtractionSequence {
    pub fn new(moves: &[u64]) -> Self {
        let window = moves.last().copied().unwrap_or(0);
        let mut sequence = SubtractionSequence {
            moves: moves.into(),
            values: Vec::new(),
            period: None,
            search: None,
        };
        if window == 0 {
            // No moves at all: every pile is 0.
            sequence.values.push(0);
            sequence.period = Some(Period {
                preperiod: 0,
                length: 1,
                window_start: 0,
            });
        } else if let Ok(window) = usize::try_from(window) {
            sequence.search = Some(CycleSearch {
                window,
                top_power: wrapping_power(HASH_BASE, window as u64 - 1),
                tortoise: 0,
                tortoise_hash: 0,
                power: 1,
                hare_hash: 0,
            });
        }
        sequence
    }

    pub fn moves(&self) -> &[u64] {
        &self.moves
    }

    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// How many values have been computed so far.
    pub fn computed(&self) -> usize {
        self.values.len()
    }

    /// g(n), computing as far as needed, but never past the limits.
    pub fn value(
        &mut self,
        n: u64,
        limits: TableLimits,
        watch: &mut Watch,
    ) -> Result<u32, GameError> {
        let value = self.compute(n, limits, watch);
        watch.finish();
        value
    }

    fn compute(
        &mut self,
        n: u64,
        limits: TableLimits,
        watch: &mut Watch,
    ) -> Result<u32, GameError> {
        let limit = limits.values;
        let mut since_check = 0;
        loop {
            if let Some(period) = self.period
                && n >= period.preperiod
            {
                let index = period.preperiod + (n - period.preperiod) % period.length;
                return Ok(self.values[index as usize]);
            }
            if let Some(&value) = usize::try_from(n).ok().and_then(|n| self.values.get(n)) {
                return Ok(value);
            }
            if self.values.len() >= limit {
                return Err(GameError::HeapTooLarge {
                    family: "subtraction game".into(),
                    needed: n,
                    limit: limit as u64,
                });
            }
            if self.values.len() >= limits.values_in_bytes() {
                return Err(GameError::OutOfMemory {
                    bytes: n.saturating_add(1).saturating_mul(4),
                    limit: limits.bytes,
                });
            }
            if self.due(&mut since_check) {
                let target = n.min(limit as u64);
                watch.tick("subtraction game", self.values.len() as u64, target)?;
            }
            self.extend()?;
        }
    }

    /// g(0), ..., g(n) as one table: computed until the period is proved, then repeated.
    pub fn values_to(
        &mut self,
        n: u64,
        limits: TableLimits,
        watch: &mut Watch,
    ) -> Result<Vec<u32>, GameError> {
        self.value(n, limits, watch)?;
        let count = usize::try_from(n).map_or(usize::MAX, |n| n.saturating_add(1));
        let Some(period) = self.period else {
            return Ok(self.values[..count].to_vec());
        };
        let (start, end) = (
            period.preperiod as usize,
            (period.preperiod + period.length) as usize,
        );
        let mut out = Vec::with_capacity(count);
        out.extend_from_slice(&self.values[..count.min(end)]);
        while out.len() < count {
            let take = (count - out.len()).min(end - start);
            out.extend_from_slice(&self.values[start..start + take]);
        }
        Ok(out)
    }

    /// Computes values until the period is proved, or as many as the limits allow.
    pub fn find_period(
        &mut self,
        limits: TableLimits,
        watch: &mut Watch,
    ) -> Result<Option<Period>, GameError> {
        let limit = limits.most_values();
        let mut result = Ok(None);
        let mut since_check = 0;
        while self.period.is_none() && self.search.is_some() && self.values.len() < limit {
            if self.due(&mut since_check)
                && let Err(error) = watch.tick(
                    "period of a subtraction game",
                    self.values.len() as u64,
                    limit as u64,
                )
            {
                result = Err(error);
                break;
            }
            if let Err(error) = self.extend() {
                result = Err(error);
                break;
            }
        }
        watch.finish();
        result.map(|_: Option<Period>| self.period)
    }

    /// Whether to check in with the watch before the next value: `since` counts the moves
    /// looked at since the last time. Counting values alone, a set of 5·10^5 moves went
    /// 3·10^10 of them (10 s) between two looks at Ctrl-C.
    fn due(&self, since: &mut u64) -> bool {
        *since += self.moves.len() as u64 + 1;
        let due = *since >= CHECK_EVERY;
        if due {
            *since = 0;
        }
        due
    }

    /// Computes the next value and takes one step of the cycle search; an error if the
    /// machine would not give the table room to grow.
    fn extend(&mut self) -> Result<(), GameError> {
        if self.values.len() == self.values.capacity() {
            let more = self.values.len().max(64);
            self.values
                .try_reserve_exact(more)
                .map_err(|_| GameError::MachineOutOfMemory {
                    bytes: (4 * (self.values.len() + more)) as u64,
                })?;
        }
        let n = self.values.len() as u64;
        let mut seen = 0u128;
        let mut seen_large = Vec::new();
        for &s in self.moves.iter().take_while(|&&s| s <= n) {
            let value = self.values[(n - s) as usize];
            if value < 128 {
                seen |= 1 << value;
            } else {
                seen_large.push(value);
            }
        }
        let mut mex = seen.trailing_ones();
        if mex == 128 {
            seen_large.sort_unstable();
            for value in seen_large {
                if value == mex {
                    mex += 1;
                }
            }
        }
        self.values.push(mex);
        self.search_step();
        Ok(())
    }

    fn search_step(&mut self) {
        let Some(search) = &mut self.search else {
            return;
        };
        let len = self.values.len();
        let newest = u64::from(self.values[len - 1]) + 1;
        if len <= search.window {
            // Still filling window 0.
            search.hare_hash = search
                .hare_hash
                .wrapping_mul(HASH_BASE)
                .wrapping_add(newest);
            if len == search.window {
                search.tortoise_hash = search.hare_hash;
            }
            return;
        }
        let oldest = u64::from(self.values[len - 1 - search.window]) + 1;
        search.hare_hash = search
            .hare_hash
            .wrapping_sub(oldest.wrapping_mul(search.top_power))
            .wrapping_mul(HASH_BASE)
            .wrapping_add(newest);
        let hare = len - search.window;
        let window = search.window;
        let same = search.hare_hash == search.tortoise_hash
            && self.values[search.tortoise..search.tortoise + window]
                == self.values[hare..hare + window];
        if same {
            let length = hare - search.tortoise;
            // Values agree from the tortoise on; walk back to where they start agreeing.
            let mut preperiod = search.tortoise;
            while preperiod > 0 && self.values[preperiod - 1] == self.values[preperiod - 1 + length]
            {
                preperiod -= 1;
            }
            self.period = Some(Period {
                preperiod: preperiod as u64,
                length: length as u64,
                window_start: search.tortoise as u64,
            });
            self.search = None;
        } else if hare - search.tortoise == search.power {
            search.tortoise = hare;
            search.tortoise_hash = search.hare_hash;
            search.power *= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At most `values` values, however many bytes they take.
    fn up_to(values: usize) -> TableLimits {
        TableLimits {
            values,
            bytes: u64::MAX,
        }
    }

    fn naive(moves: &[u64], n: usize) -> Vec<u32> {
        let mut values = Vec::new();
        for i in 0..n as u64 {
            let options: Vec<u32> = moves
                .iter()
                .filter(|&&s| s <= i)
                .map(|&s| values[(i - s) as usize])
                .collect();
            values.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        values
    }

    #[test]
    fn a_move_longer_than_u32_leaves_small_piles_to_the_short_moves() {
        assert_eq!(wrapping_power(HASH_BASE, 5), HASH_BASE.wrapping_pow(5));
        let mut game = SubtractionSequence::new(&[1, 16, 1 << 40]);
        let expected = naive(&[1, 16], 40);
        for (n, value) in expected.iter().enumerate() {
            assert_eq!(
                game.value(n as u64, up_to(1000), &mut Watch::default())
                    .unwrap(),
                *value
            );
        }
    }

    #[test]
    fn one_two_three_is_n_mod_4() {
        let mut game = SubtractionSequence::new(&[1, 2, 3]);
        for n in 0..100 {
            assert_eq!(
                game.value(n, up_to(1000), &mut Watch::default()).unwrap() as u64,
                n % 4
            );
        }
        assert_eq!(
            game.period(),
            Some(Period {
                preperiod: 0,
                length: 4,
                window_start: 3
            })
        );
        assert_eq!(
            game.value(10u64.pow(18), up_to(1000), &mut Watch::default())
                .unwrap(),
            0
        );
    }

    #[test]
    fn one_three_four_has_period_seven() {
        let mut game = SubtractionSequence::new(&[1, 3, 4]);
        let expected = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2];
        for (n, value) in expected.iter().enumerate() {
            assert_eq!(
                game.value(n as u64, up_to(1000), &mut Watch::default())
                    .unwrap(),
                *value
            );
        }
        game.value(100, up_to(1000), &mut Watch::default()).unwrap();
        let period = game.period().unwrap();
        assert_eq!((period.preperiod, period.length), (0, 7));
    }

    #[test]
    fn agrees_with_the_naive_loop_past_the_period() {
        for moves in [
            &[2, 5, 7][..],
            &[1, 4],
            &[3, 4, 9, 11],
            &[5],
            &[2, 3, 7, 19, 20],
        ] {
            let mut game = SubtractionSequence::new(moves);
            let reference = naive(moves, 3000);
            for (n, value) in reference.iter().enumerate() {
                assert_eq!(
                    game.value(n as u64, up_to(1 << 20), &mut Watch::default())
                        .unwrap(),
                    *value,
                    "{moves:?} at {n}"
                );
            }
            let period = game.period().expect("a period is found within 3000");
            let (start, length) = (period.preperiod as usize, period.length as usize);
            assert!((start..2000).all(|n| reference[n] == reference[n + length]));
            assert!(start == 0 || reference[start - 1] != reference[start - 1 + length]);
        }
    }

    #[test]
    fn a_table_repeats_the_period() {
        let mut game = SubtractionSequence::new(&[2, 5, 7]);
        let table = game
            .values_to(5000, up_to(1 << 20), &mut Watch::default())
            .unwrap();
        assert_eq!(table, naive(&[2, 5, 7], 5001));
        assert!(
            game.computed() < 200,
            "stops computing once the period is proved"
        );
    }

    /// Records how far the table was at each check-in, and interrupts at the first.
    struct Interrupt(std::sync::Arc<std::sync::atomic::AtomicBool>);

    impl super::super::Progress for Interrupt {
        fn report(&mut self, _what: &str, _done: u64, _total: u64) {
            self.0.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        fn finish(&mut self) {}
    }

    /// With 10^5 moves a value, the watch hears within a few values, not 2^16 of them.
    #[test]
    fn many_moves_check_in_within_a_few_values() {
        let moves: Vec<u64> = (1..=100_000).collect();
        let mut game = SubtractionSequence::new(&moves);
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut watch = Watch::new(flag.clone());
        watch.set_progress(Some(Box::new(Interrupt(flag))));
        let value = game.value(1_000_000, up_to(1 << 22), &mut watch);
        assert_eq!(value, Err(GameError::Cancelled));
        assert!(game.computed() <= 8, "{} values", game.computed());
        let found = game.find_period(up_to(1 << 22), &mut watch);
        assert_eq!(found, Err(GameError::Cancelled));
    }

    #[test]
    fn empty_set_is_always_zero() {
        let mut game = SubtractionSequence::new(&[]);
        assert_eq!(
            game.value(12345, up_to(10), &mut Watch::default()).unwrap(),
            0
        );
    }

    #[test]
    fn the_limits_are_clean_errors() {
        let mut game = SubtractionSequence::new(&[1_000_000]);
        assert!(matches!(
            game.value(5_000_000, up_to(1000), &mut Watch::default()),
            Err(GameError::HeapTooLarge { .. })
        ));
        // 4 000 bytes hold 1 000 values; g(4 999 999) would need 20 MB.
        let bytes = TableLimits {
            values: usize::MAX,
            bytes: 4000,
        };
        assert_eq!(
            game.value(4_999_999, bytes, &mut Watch::default()),
            Err(GameError::OutOfMemory {
                bytes: 20_000_000,
                limit: 4000
            })
        );
        assert_eq!(game.computed(), 1000);
        // A period search stops at the bytes too, with no period.
        let mut game = SubtractionSequence::new(&[5000]);
        assert_eq!(game.find_period(bytes, &mut Watch::default()), Ok(None));
        assert_eq!(game.computed(), 1000);
    }
}
