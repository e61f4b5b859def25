//! How many misère-inequivalent games are born by each day: every set of games born by the
//! day before, put in simplest form, counted once per form. Conway's counts (*On Numbers and
//! Games*, ch. 12) are 1, 2, 3, 5, 22 and 4 171 780 for days 0 to 5.

use super::canonical::{CanonId, ZERO};
use super::{Arena, GameError};

/// The last day whose games can be listed: day 6 would have 2^4171780 sets of options.
pub const LAST_DAY: u32 = 5;

impl Arena {
    /// The simplest forms of the games born by `day`, in the order first found.
    pub fn misere_born_by(&mut self, day: u32) -> Result<Vec<CanonId>, GameError> {
        let mut born = vec![ZERO];
        let mut options = Vec::new();
        for _ in 0..day.min(LAST_DAY) {
            // Sorted as entries keep their options, so that every subset comes out sorted.
            self.misere.canon.sort(&mut born);
            let mut next = Vec::new();
            let mut seen = rustc_hash::FxHashSet::default();
            let count = born.len();
            for subset in 0u64..(1u64 << count) {
                if subset.is_multiple_of(1 << 12) {
                    self.watch.tick("games born by a day", subset, 1 << count)?;
                    self.check_misere_memory()?;
                }
                options.clear();
                options.extend((0..count).filter(|i| subset >> i & 1 == 1).map(|i| born[i]));
                let form = self.misere.canon.make_sorted(&options);
                if seen.insert(form) {
                    next.push(form);
                }
            }
            self.watch.finish();
            born = next;
        }
        self.check_misere_memory()?;
        Ok(born)
    }
}
