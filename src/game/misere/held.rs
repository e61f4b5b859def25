//! What the misère tables hold, for the `memory` limit, and giving it back: the simplest
//! forms a statement found are kept for the statements after it, but a statement that fails
//! leaves nothing behind ([`Arena::misere_rollback`]), and the tables can be dropped whole
//! ([`Arena::misere_clear`]) to make room: they are a cache, found again when asked for.

use std::hash::BuildHasherDefault;
use std::mem::size_of;

use indexmap::IndexMap;
use rustc_hash::FxHasher;

use super::canonical::{CanonMark, table_bytes};
use super::{Arena, CanonId, GameId, MisereTables};

pub(super) type FxIndexMap<K, V> = IndexMap<K, V, BuildHasherDefault<FxHasher>>;

/// How far the misère tables had grown when a statement began.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MisereMark {
    canon: CanonMark,
    forms: usize,
    played: usize,
    /// What the tables held then, in bytes.
    pub held: u64,
    /// Simplest forms known then.
    pub forms_known: usize,
}

impl MisereTables {
    /// About what the tables take in memory, as allocated.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes_beside_canon()
            .saturating_add(self.canon.heap_bytes())
    }

    /// What the maps from the DAG's games take (they change only between sums).
    pub(super) fn bytes_beside_canon(&self) -> u64 {
        let index = |capacity: usize| table_bytes(capacity, size_of::<usize>());
        let forms = self.forms.capacity() * size_of::<(u64, GameId, CanonId)>();
        let played = self.played.capacity() * size_of::<(u64, Box<[GameId]>, bool)>();
        let pending = table_bytes(self.pending.capacity(), size_of::<(GameId, Vec<GameId>)>());
        (forms + played) as u64
            + index(self.forms.capacity())
            + index(self.played.capacity())
            + pending
            + self.played_bytes
    }
}

impl Arena {
    /// What the misère tables took when last measured (each misère computation measures
    /// them as it goes and when it ends).
    pub fn misere_bytes(&self) -> u64 {
        self.misere.held
    }

    /// How far the misère tables have grown, for [`Arena::misere_rollback`].
    pub fn misere_mark(&self) -> MisereMark {
        MisereMark {
            canon: self.misere.canon.mark(),
            forms: self.misere.forms.len(),
            played: self.misere.played.len(),
            held: self.misere.held,
            forms_known: self.misere.canon.len(),
        }
    }

    /// Forgets what the misère tables learned since `mark` (the simplest forms found, the
    /// positions played out, which games of the DAG have which form) and gives its memory
    /// back: what a statement that failed had built. The session calls it when a statement
    /// fails, before the DAG's own games of that statement are dropped.
    pub fn misere_rollback(&mut self, mark: MisereMark) {
        if self.misere_mark() == mark && self.misere.pending.is_empty() {
            return;
        }
        let tables = &mut self.misere;
        tables.canon.rollback(mark.canon);
        // The room is given back (a rehash) when the statement had grown a map by a quarter.
        let grown = |now: usize, then: usize| (now - then) * 4 >= then;
        let shrink_forms = grown(tables.forms.len(), mark.forms);
        tables.forms.truncate(mark.forms);
        if shrink_forms {
            tables.forms.shrink_to_fit();
        }
        let shrink_played = grown(tables.played.len(), mark.played);
        for (position, _) in tables.played.drain(mark.played..) {
            tables.played_bytes -= super::canonical::allocation(4 * position.len());
        }
        if shrink_played {
            tables.played.shrink_to_fit();
        }
        tables.pending = Default::default();
        tables.held = tables.bytes();
    }

    /// Drops the misère tables whole, to give their room to new work.
    pub fn misere_clear(&mut self) {
        self.misere = MisereTables::default();
    }
}
