//! Misère simplest forms (Conway, *On Numbers and Games* ch. 12): a table of games in
//! simplest form, each kept once, so two games are misère-equivalent exactly when they have
//! the same entry.
//!
//! An option G′ of G is *reversible* when it has an option G″ equal to G itself. Deleting
//! every reversible option leaves a game K whose options are some of G's, and every deleted
//! option has K as an option; G = K then, with one proviso: when K has no options (K = 0),
//! G must also be a misère N-position, that is some option of G must be a P-position.
//! A game with no reversible option, whose options are all in simplest form, is in simplest
//! form, and two simplest forms are equal only if they are the same game (Conway).
//!
//! Entries are built from their options, options first, so an entry's options always have
//! smaller ids; ids are indices into the table, and 0 is the game with no options.

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};

/// A game in misère simplest form: an index into [`Canon`].
pub type CanonId = u32;

/// The game with no options.
pub const ZERO: CanonId = 0;
/// *1, the game whose one option is 0: always the second entry.
pub const STAR: CanonId = 1;

/// One game in simplest form.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The options, in simplest form, sorted by (birthday, id), without repeats.
    pub options: Box<[CanonId]>,
    /// The day the game is born: one more than its options' latest.
    pub birthday: u32,
    /// The misère Grundy value G⁻: 1 for the game with no options, else the mex of the
    /// options'. The player to move loses exactly when it is 0.
    pub misere: u64,
    /// The normal-play Grundy value G⁺ (the nimber).
    pub normal: u64,
}

/// Why a set of options is not itself in simplest form: which options were reversible,
/// and the game they reverse through (which the whole is equal to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The options that were deleted.
    pub reversible: Vec<CanonId>,
    /// The game each of them has as an option, and which the whole equals.
    pub through: CanonId,
}

/// The table of simplest forms, and what has been worked out about them.
pub struct Canon {
    entries: Vec<Entry>,
    /// Each entry's id, found by its list of options (which only the entry keeps).
    index: HashTable<CanonId>,
    sums: FxHashMap<(CanonId, CanonId), CanonId>,
    mates: FxHashMap<CanonId, CanonId>,
    /// `nims[n]` is the entry of the nim heap *n.
    nims: Vec<CanonId>,
    /// Genera and classes worked out so far (see [`super::genus`]).
    pub(super) genera: FxHashMap<CanonId, super::genus::Genus>,
    pub(super) classes: FxHashMap<CanonId, super::genus::Class>,
    /// Games told apart and linked so far (see [`super::distinguish`]): Conway's
    /// construction asks for the same pairs again and again.
    pub(super) told_apart: FxHashMap<(CanonId, CanonId), CanonId>,
    pub(super) told_pn: FxHashMap<(CanonId, CanonId), CanonId>,
    pub(super) linked: FxHashMap<(CanonId, CanonId), Option<CanonId>>,
    /// What the entries' lists of options take on the heap, and the genera's lists of γ.
    lists_bytes: u64,
    pub(super) gammas_bytes: u64,
}

/// How far the table had grown: [`Canon::rollback`] forgets what was found after.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CanonMark {
    entries: usize,
    nims: usize,
}

impl Default for Canon {
    fn default() -> Self {
        let mut canon = Canon {
            entries: Vec::new(),
            index: HashTable::new(),
            sums: FxHashMap::default(),
            mates: FxHashMap::default(),
            nims: vec![ZERO, STAR],
            genera: FxHashMap::default(),
            classes: FxHashMap::default(),
            told_apart: FxHashMap::default(),
            told_pn: FxHashMap::default(),
            linked: FxHashMap::default(),
            lists_bytes: 0,
            gammas_bytes: 0,
        };
        canon.push(Vec::new());
        canon.push(vec![ZERO]);
        canon
    }
}

impl Canon {
    pub fn entry(&self, id: CanonId) -> &Entry {
        &self.entries[id as usize]
    }

    pub fn options(&self, id: CanonId) -> &[CanonId] {
        &self.entries[id as usize].options
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether the player to move loses `id` in misère play.
    pub fn is_p(&self, id: CanonId) -> bool {
        self.entry(id).misere == 0
    }

    fn key(&self, id: CanonId) -> (u32, CanonId) {
        (self.entry(id).birthday, id)
    }

    /// The entry with exactly these options (sorted as entries keep them), if there is one.
    fn find(&self, options: &[CanonId]) -> Option<CanonId> {
        let entries = &self.entries;
        (self.index)
            .find(hash_options(options), |&id| {
                *entries[id as usize].options == *options
            })
            .copied()
    }

    /// Whether `game` has `option` among its options.
    pub fn has_option(&self, game: CanonId, option: CanonId) -> bool {
        let key = self.key(option);
        self.options(game)
            .binary_search_by_key(&key, |&o| self.key(o))
            .is_ok()
    }

    /// The options sorted by (birthday, id), without repeats: the order entries keep.
    fn sorted(&self, mut options: Vec<CanonId>) -> Vec<CanonId> {
        options.sort_unstable_by_key(|&o| self.key(o));
        options.dedup();
        options
    }

    /// The game with these options (each in simplest form), in simplest form.
    pub fn make(&mut self, options: Vec<CanonId>) -> CanonId {
        let options = self.sorted(options);
        self.make_sorted(&options)
    }

    /// [`Canon::make`] of options sorted as entries keep them, without repeats.
    pub(super) fn make_sorted(&mut self, options: &[CanonId]) -> CanonId {
        match self.find(options) {
            Some(id) => id,
            None => match self.reduction_of_sorted(options) {
                Some(reduction) => reduction.through,
                None => self.push(options.to_vec()),
            },
        }
    }

    /// Sorts games as entries keep their options: by birthday, then id.
    pub(super) fn sort(&self, games: &mut [CanonId]) {
        games.sort_unstable_by_key(|&g| self.key(g));
    }

    /// Whether the game with these options (each in simplest form) has reversible options,
    /// and if so, the simplest form they reverse through.
    pub fn reduction(&self, options: Vec<CanonId>) -> Option<Reduction> {
        let options = self.sorted(options);
        if self.find(&options).is_some() {
            return None;
        }
        self.reduction_of_sorted(&options)
    }

    fn reduction_of_sorted(&self, options: &[CanonId]) -> Option<Reduction> {
        // Through 0, with the proviso: every option has 0 as an option, and one of them is
        // a P-position (so the whole is an N-position, as 0 is).
        if !options.is_empty()
            && options.iter().all(|&o| self.has_option(o, ZERO))
            && options.iter().any(|&o| self.is_p(o))
        {
            return Some(Reduction {
                reversible: options.to_vec(),
                through: ZERO,
            });
        }
        // Through K ≠ 0: K keeps the options born before a gap of two days or more (the
        // deleted ones have K as an option, so they are born at least two days after K's
        // options), and K must already be an entry (an option of a kept option is).
        for split in 1..options.len() {
            let before = self.entry(options[split - 1]).birthday;
            if self.entry(options[split]).birthday <= before + 1 {
                continue;
            }
            let Some(kept) = self.find(&options[..split]) else {
                continue;
            };
            if options[split..].iter().all(|&o| self.has_option(o, kept)) {
                return Some(Reduction {
                    reversible: options[split..].to_vec(),
                    through: kept,
                });
            }
        }
        None
    }

    fn push(&mut self, options: Vec<CanonId>) -> CanonId {
        let id = self.entries.len() as CanonId;
        let birthday = options
            .iter()
            .map(|&o| self.entry(o).birthday + 1)
            .max()
            .unwrap_or(0);
        let misere = if options.is_empty() {
            1
        } else {
            crate::game::reduce::mex(options.iter().map(|&o| self.entry(o).misere))
        };
        let normal = crate::game::reduce::mex(options.iter().map(|&o| self.entry(o).normal));
        self.lists_bytes += allocation(4 * options.len());
        let options: Box<[CanonId]> = options.into();
        let entries = &self.entries;
        (self.index).insert_unique(hash_options(&options), id, |&other| {
            hash_options(&entries[other as usize].options)
        });
        self.entries.push(Entry {
            options,
            birthday,
            misere,
            normal,
        });
        id
    }

    /// The nim heap *n, and every smaller one.
    pub fn nim(&mut self, n: usize) -> CanonId {
        while self.nims.len() <= n {
            let heaps = self.nims.clone();
            let next = self.make(heaps);
            self.nims.push(next);
        }
        self.nims[n]
    }

    /// The size of the nim heap `id` is, if it is one.
    pub fn as_nim(&self, id: CanonId) -> Option<usize> {
        // *n's options are *0 … *(n−1), born on days 0 … n−1, so in that order; and each
        // *k among them has the k before it as its options.
        let options = self.options(id);
        let heaps = options
            .iter()
            .enumerate()
            .all(|(k, &option)| *self.options(option) == options[..k]);
        heaps.then_some(options.len())
    }

    /// The sum a + b in simplest form. Worked out with a stack of its own, never Rust
    /// recursion: a sum of long games is as deep as their birthdays added.
    pub fn add(
        &mut self,
        a: CanonId,
        b: CanonId,
        tick: &mut dyn FnMut(&Canon) -> bool,
    ) -> Option<CanonId> {
        let mut stack = vec![ordered(a, b)];
        let mut missing = Vec::new();
        while let Some(&(x, y)) = stack.last() {
            if x == ZERO || self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            missing.clear();
            let pairs = self.options(x).iter().map(|&xo| ordered(xo, y));
            let pairs = pairs.chain(self.options(y).iter().map(|&yo| ordered(x, yo)));
            for pair in pairs {
                if pair.0 != ZERO && !self.sums.contains_key(&pair) {
                    missing.push(pair);
                }
            }
            if !missing.is_empty() {
                stack.append(&mut missing);
                continue;
            }
            let sum_of = |s: &Canon, (p, q): (CanonId, CanonId)| {
                if p == ZERO { q } else { s.sums[&(p, q)] }
            };
            let options: Vec<CanonId> = self
                .options(x)
                .iter()
                .map(|&xo| sum_of(self, ordered(xo, y)))
                .chain(
                    self.options(y)
                        .iter()
                        .map(|&yo| sum_of(self, ordered(x, yo))),
                )
                .collect();
            let sum = self.make(options);
            self.sums.insert((x, y), sum);
            stack.pop();
            if !tick(self) {
                return None;
            }
        }
        let (x, y) = ordered(a, b);
        Some(if x == ZERO { y } else { self.sums[&(x, y)] })
    }

    /// Conway's mate of G: 0 and *1 swapped, and every other game the game of its options'
    /// mates. G + mate(G) is always a misère P-position (answer each move by its mirror).
    pub fn mate(&mut self, id: CanonId) -> CanonId {
        let mut stack = vec![id];
        while let Some(&top) = stack.last() {
            if top <= 1 || self.mates.contains_key(&top) {
                stack.pop();
                continue;
            }
            let waiting: Vec<CanonId> = self
                .options(top)
                .iter()
                .copied()
                .filter(|&o| o > 1 && !self.mates.contains_key(&o))
                .collect();
            if !waiting.is_empty() {
                stack.extend(waiting);
                continue;
            }
            let options = self
                .options(top)
                .iter()
                .map(|&o| self.mate_known(o))
                .collect();
            let mate = self.make(options);
            self.mates.insert(top, mate);
            stack.pop();
        }
        self.mate_known(id)
    }

    fn mate_known(&self, id: CanonId) -> CanonId {
        match id {
            ZERO => STAR,
            STAR => ZERO,
            _ => self.mates[&id],
        }
    }
}

impl Canon {
    /// About what the table takes in memory: its entries, index and the maps of what was
    /// worked out, as allocated (capacity, not only what is used), for the `memory` limit.
    pub fn heap_bytes(&self) -> u64 {
        use std::mem::size_of;
        let pair = size_of::<(CanonId, CanonId)>();
        let id = size_of::<CanonId>();
        let maps = [
            table_bytes(self.index.capacity(), id),
            table_bytes(self.sums.capacity(), pair + id),
            table_bytes(self.mates.capacity(), 2 * id),
            table_bytes(self.genera.capacity(), id + size_of::<super::Genus>()),
            table_bytes(self.classes.capacity(), id + size_of::<super::Class>()),
            table_bytes(self.told_apart.capacity(), pair + id),
            table_bytes(self.told_pn.capacity(), pair + id),
            table_bytes(self.linked.capacity(), pair + size_of::<Option<CanonId>>()),
        ];
        let vectors = self.entries.capacity() * size_of::<Entry>() + self.nims.capacity() * id;
        (maps.iter().sum::<u64>())
            .saturating_add(vectors as u64)
            .saturating_add(self.lists_bytes)
            .saturating_add(self.gammas_bytes)
    }

    /// What the table's next entry may add to the memory at once: a map that is full is
    /// rehashed into one twice its size beside it. Checked before the entry is made, so
    /// that the `memory` limit stops the work before the doubling rather than after it.
    pub fn next_growth(&self) -> u64 {
        use std::mem::size_of;
        let pair = size_of::<(CanonId, CanonId)>();
        let id = size_of::<CanonId>();
        let doubling = |len: usize, capacity: usize, slot: usize| match len < capacity {
            true => 0,
            false => table_bytes(2 * capacity.max(4), slot),
        };
        [
            doubling(self.index.len(), self.index.capacity(), id),
            doubling(self.sums.len(), self.sums.capacity(), pair + id),
            doubling(self.mates.len(), self.mates.capacity(), 2 * id),
            doubling(self.told_apart.len(), self.told_apart.capacity(), pair + id),
            doubling(self.linked.len(), self.linked.capacity(), pair + 2 * id),
        ]
        .into_iter()
        .sum()
    }

    pub fn mark(&self) -> CanonMark {
        CanonMark {
            entries: self.entries.len(),
            nims: self.nims.len(),
        }
    }

    /// Forgets every game found after `mark`, and what was worked out about them, giving the
    /// memory back: what a statement that failed had built.
    pub fn rollback(&mut self, mark: CanonMark) {
        let kept = mark.entries as CanonId;
        // Giving the room back rehashes every map: worth it when the statement had grown the
        // table by a quarter or more (what a failure past a limit leaves).
        let shrink = (self.entries.len() - mark.entries) * 4 >= mark.entries;
        for entry in self.entries.drain(mark.entries..) {
            self.lists_bytes -= allocation(4 * entry.options.len());
        }
        self.index.retain(|&mut id| id < kept);
        // Heaps listed after the mark may be games new since: they go (the others are found
        // again when asked for).
        self.nims.truncate(mark.nims);
        self.sums
            .retain(|&(a, b), &mut sum| a < kept && b < kept && sum < kept);
        self.mates
            .retain(|&game, &mut mate| game < kept && mate < kept);
        self.genera.retain(|&game, _| game < kept);
        self.gammas_bytes = (self.genera.values())
            .map(|genus| allocation(8 * genus.gammas.capacity()))
            .sum();
        self.classes.retain(|&game, _| game < kept);
        for told in [&mut self.told_apart, &mut self.told_pn] {
            told.retain(|&(a, b), &mut game| a < kept && b < kept && game < kept);
        }
        (self.linked).retain(|&(a, b), game| a < kept && b < kept && game.is_none_or(|g| g < kept));
        if !shrink {
            return;
        }
        self.entries.shrink_to_fit();
        let entries = &self.entries;
        (self.index).shrink_to_fit(|&id| hash_options(&entries[id as usize].options));
        self.sums.shrink_to_fit();
        self.mates.shrink_to_fit();
        self.genera.shrink_to_fit();
        self.classes.shrink_to_fit();
        self.told_apart.shrink_to_fit();
        self.told_pn.shrink_to_fit();
        self.linked.shrink_to_fit();
    }
}

fn hash_options(options: &[CanonId]) -> u64 {
    let mut hasher = FxHasher::default();
    options.hash(&mut hasher);
    hasher.finish()
}

/// Bytes a hash table of `capacity` slots of `slot` bytes takes: its buckets (an eighth more
/// than it holds, a power of two) and a control byte each.
pub(super) fn table_bytes(capacity: usize, slot: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity * 8 / 7).next_power_of_two();
    (buckets * (slot + 1) + 16) as u64
}

/// Bytes the allocator gives for `bytes` on the heap: a header, rounded to 16.
pub(super) fn allocation(bytes: usize) -> u64 {
    if bytes == 0 {
        return 0;
    }
    ((bytes + 8).div_ceil(16) * 16).max(32) as u64
}

/// A pair in the order its sum is remembered under.
pub(super) fn ordered(a: CanonId, b: CanonId) -> (CanonId, CanonId) {
    (a.min(b), a.max(b))
}
