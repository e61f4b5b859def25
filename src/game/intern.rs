//! Hash-consing: the arena's nodes in order of creation, and an index that finds a node from
//! a borrowed view of it, so that looking a game up allocates nothing (a family's call that
//! makes a game seen before costs a hash and a comparison).

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::FxHasher;

use super::{GameId, Node};

/// A node as it is looked up: its option list or parts borrowed, not yet boxed.
#[derive(Copy, Clone)]
pub(super) enum View<'a> {
    Options(&'a [GameId]),
    Sum(&'a [GameId]),
    WithSums {
        ids: &'a [GameId],
        games: u32,
    },
    /// Any other node (no list to borrow).
    Other(&'a Node),
}

impl View<'_> {
    pub(super) fn of(node: &Node) -> View<'_> {
        match node {
            Node::Options(options) => View::Options(options),
            Node::Sum(parts) => View::Sum(parts),
            &Node::WithSums { ref ids, games } => View::WithSums { ids, games },
            other => View::Other(other),
        }
    }

    fn hash(self) -> u64 {
        let mut hasher = MixHasher::default();
        match self {
            View::Options(options) => (0u8, options).hash(&mut hasher),
            View::Sum(parts) => (1u8, parts).hash(&mut hasher),
            View::Other(node) => (2u8, node).hash(&mut hasher),
            View::WithSums { ids, games } => (3u8, games, ids).hash(&mut hasher),
        }
        hasher.finish()
    }

    fn is(self, node: &Node) -> bool {
        match (self, node) {
            (View::Options(a), Node::Options(b)) | (View::Sum(a), Node::Sum(b)) => same_ids(a, b),
            (View::WithSums { ids, games }, Node::WithSums { ids: b, games: c }) => {
                games == *c && same_ids(ids, b)
            }
            (View::Other(a), b) => a == b,
            _ => false,
        }
    }

    pub(super) fn to_node(self) -> Node {
        match self {
            View::Options(options) => Node::Options(options.into()),
            View::Sum(parts) => Node::Sum(parts.into()),
            View::WithSums { ids, games } => Node::WithSums {
                ids: ids.into(),
                games,
            },
            View::Other(node) => node.clone(),
        }
    }
}

/// Two lists of ids compared as plain integers (a slice of a newtype is compared element by
/// element, not as memory).
fn same_ids(a: &[GameId], b: &[GameId]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.0 == y.0)
}

/// FxHash, with a finish that mixes every bit into the low ones (the table's bucket) and the
/// high ones (its tag): Fx alone leaves ids and small integers in regular patterns that
/// crowd a table's probes.
#[derive(Default)]
pub struct MixHasher(FxHasher);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }
    fn write_u8(&mut self, i: u8) {
        self.0.write_u8(i);
    }
    fn write_u32(&mut self, i: u32) {
        self.0.write_u32(i);
    }
    fn write_u64(&mut self, i: u64) {
        self.0.write_u64(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.0.write_usize(i);
    }
    fn finish(&self) -> u64 {
        mix(self.0.finish())
    }
}

/// The finalizer of MurmurHash3: every input bit flips about half the output bits.
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// A slot of the index: the node's id and the high half of its hash, from which the table's
/// hash is remade when it grows (no node is hashed again) and which most mismatches fail on
/// without reading the node.
#[derive(Copy, Clone)]
struct Slot {
    id: u32,
    tag: u32,
}

fn spread(tag: u32) -> u64 {
    u64::from(tag).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[derive(Default)]
pub(super) struct Interner {
    nodes: Vec<Node>,
    index: HashTable<Slot>,
    /// Sums of two parts (`K(a) + K(b)`, made by the million), by their parts, so that finding
    /// one reads its slot and not the node and its list: `[first, second, id]`.
    pairs: HashTable<[u32; 3]>,
}

/// A view's hash, kept between looking it up and adding it.
#[derive(Copy, Clone)]
pub(super) enum Hashed {
    Tag(u32),
    Pair(u64),
}

fn pair_hash(first: GameId, second: GameId) -> u64 {
    mix(u64::from(first.0) << 32 | u64::from(second.0))
}

impl Interner {
    pub fn node(&self, id: GameId) -> &Node {
        &self.nodes[id.index()]
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// How many sums of two parts have been made.
    pub fn pairs_made(&self) -> usize {
        self.pairs.len()
    }

    /// The node equal to `view`, if there is one, and the view's hash for [`Interner::add`].
    pub fn find(&self, view: View) -> (Option<GameId>, Hashed) {
        if let View::Sum(&[first, second]) = view {
            let hash = pair_hash(first, second);
            let found = self
                .pairs
                .find(hash, |&[a, b, _]| a == first.0 && b == second.0);
            return (found.map(|&[.., id]| GameId(id)), Hashed::Pair(hash));
        }
        let tag = (view.hash() >> 32) as u32;
        let found = self.index.find(spread(tag), |slot| {
            slot.tag == tag && view.is(&self.nodes[slot.id as usize])
        });
        (found.map(|slot| GameId(slot.id)), Hashed::Tag(tag))
    }

    /// The sum of two parts `first + second`, if it has been made.
    pub fn find_pair(&self, first: GameId, second: GameId) -> Option<GameId> {
        self.find(View::Sum(&[first, second])).0
    }

    /// What adding the next node may allocate at once: a full list of nodes, index or table
    /// of pairs is moved into one twice its size, beside the old until it is copied.
    pub fn next_growth(&self) -> u64 {
        let doubling = |len: usize, capacity: usize, slot: usize| match len < capacity {
            true => 0,
            false => (2 * capacity.max(4) * (slot + 1)) as u64,
        };
        let node = std::mem::size_of::<Node>();
        doubling(self.nodes.len(), self.nodes.capacity(), node - 1)
            + doubling(
                self.index.len(),
                self.index.capacity(),
                std::mem::size_of::<Slot>(),
            )
            + doubling(self.pairs.len(), self.pairs.capacity(), 12)
    }

    /// Forgets the nodes from the `len`-th on (a failed statement's), and their places in the
    /// index: a look through the whole index, paid only when a statement fails.
    pub fn truncate(&mut self, len: usize) {
        if self.nodes.len() <= len {
            return;
        }
        self.nodes.truncate(len);
        self.nodes.shrink_to(len.max(self.nodes.capacity() / 2));
        let kept = len as u32;
        self.index.retain(|slot| slot.id < kept);
        self.pairs.retain(|&mut [.., id]| id < kept);
        self.index.shrink_to(0, |slot| spread(slot.tag));
        self.pairs
            .shrink_to(0, |&[a, b, _]| pair_hash(GameId(a), GameId(b)));
    }

    /// Adds a node not in the arena (as [`Interner::find`] said), hashed as it said.
    pub fn add(&mut self, node: Node, hashed: Hashed) -> GameId {
        let id = u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes");
        match (hashed, &node) {
            (Hashed::Pair(hash), Node::Sum(parts)) => {
                let entry = [parts[0].0, parts[1].0, id];
                self.pairs
                    .insert_unique(hash, entry, |&[a, b, _]| pair_hash(GameId(a), GameId(b)));
            }
            (Hashed::Tag(tag), _) => {
                let slot = Slot { id, tag };
                self.index
                    .insert_unique(spread(tag), slot, |slot| spread(slot.tag));
            }
            _ => unreachable!("a pair's hash is for a sum of two parts"),
        }
        self.nodes.push(node);
        GameId(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index finds exactly the nodes added, by value, whichever way they are viewed.
    #[test]
    fn views_find_equal_nodes_only() {
        let mut interner = Interner::default();
        let ids = |v: &[u32]| v.iter().map(|&i| GameId(i)).collect::<Vec<_>>();
        let nodes = [
            Node::Nim(3),
            Node::Options(ids(&[0, 1]).into()),
            Node::Sum(ids(&[0, 1]).into()),
            Node::Options(ids(&[0, 2]).into()),
            Node::Rook { row: 1, column: 2 },
            Node::Rook { row: 2, column: 1 },
        ];
        for node in &nodes {
            let (found, hashed) = interner.find(View::of(node));
            assert!(found.is_none());
            interner.add(node.clone(), hashed);
        }
        for (i, node) in nodes.iter().enumerate() {
            assert_eq!(interner.find(View::of(node)).0, Some(GameId(i as u32)));
        }
        assert!(interner.find(View::Options(&ids(&[1, 0]))).0.is_none());
        assert!(interner.find(View::Sum(&ids(&[0, 2]))).0.is_none());
    }

    use crate::game::Arena;
    use proptest::prelude::*;

    /// The naive arena: every node made the obvious way and found by looking at each.
    #[derive(Default)]
    struct Naive(Vec<Node>);

    impl Naive {
        fn intern(&mut self, node: Node) -> GameId {
            let found = self.0.iter().position(|n| *n == node);
            GameId(found.unwrap_or_else(|| {
                self.0.push(node);
                self.0.len() - 1
            }) as u32)
        }
        fn options(&mut self, options: Vec<GameId>) -> GameId {
            // An option that is a sum is one position whatever the order of its parts.
            let mut options: Vec<GameId> = options
                .into_iter()
                .map(|id| match &self.0[id.index()] {
                    Node::Sum(parts) => {
                        let mut parts = parts.to_vec();
                        parts.sort();
                        self.sum(&parts)
                    }
                    _ => id,
                })
                .collect();
            options.sort();
            options.dedup();
            let k = options.len() as u64;
            let heaps: Vec<Node> = (0..k).map(Node::Nim).collect();
            let as_nodes: Vec<&Node> = options.iter().map(|id| &self.0[id.index()]).collect();
            if heaps.iter().all(|h| as_nodes.contains(&h)) {
                return self.intern(Node::Nim(k));
            }
            self.intern(Node::Options(options.into()))
        }
        fn sum(&mut self, parts: &[GameId]) -> GameId {
            let mut flat = Vec::new();
            for part in parts {
                match &self.0[part.index()] {
                    Node::Sum(inner) => flat.extend(inner.iter().copied()),
                    // No move is made in a zero part: the sum is the others'.
                    Node::Nim(0) => {}
                    _ => flat.push(*part),
                }
            }
            match flat[..] {
                [] => self.intern(Node::Nim(0)),
                [one] => one,
                _ => self.intern(Node::Sum(flat.into())),
            }
        }
    }

    proptest! {
        /// Games made by the arena (its index, borrowed views, sums taken as they are) are
        /// the ones the naive arena makes, id for id.
        #[test]
        fn the_arena_agrees_with_the_naive_one(
            steps in prop::collection::vec((0u8..3, 0u64..6, prop::collection::vec(any::<prop::sample::Index>(), 0..5)), 1..200)
        ) {
            let mut arena = Arena::default();
            // The arena is made with the zero game in it.
            let mut naive = Naive(vec![Node::Nim(0)]);
            for (kind, chips, picks) in steps {
                let made = arena.len();
                let picked: Vec<GameId> = picks.iter().filter(|_| made > 0).map(|i| GameId(i.index(made) as u32)).collect();
                let (fast, slow) = match kind {
                    0 => (arena.nim(chips).unwrap(), naive.intern(Node::Nim(chips))),
                    1 => (arena.with_options(picked.clone()).unwrap(), naive.options(picked)),
                    _ => (arena.sum(&picked).unwrap(), naive.sum(&picked)),
                };
                prop_assert_eq!(fast, slow);
                prop_assert_eq!(arena.len(), naive.0.len());
            }
        }
    }
}
