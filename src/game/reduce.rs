//! Options of a node and the mex reduction to its nimber (Sprague–Grundy).
//!
//! Nimbers are computed with an explicit work stack, never Rust recursion, so a chain of a
//! million games reduces without touching the call stack. A sum's nimber is the nim-sum of
//! its parts' nimbers, so a sum is never expanded to be reduced.

use super::loopy::INFINITE;
use super::{Arena, GameError, GameId, Node, UNKNOWN};

/// mex: the least natural number not among `values`.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    mex_with(values.len(), values, &mut Vec::new())
}

/// mex of at most `len` values, in time linear in them: the mex of n values is at most n,
/// so only those up to n are marked, in `seen` (a buffer kept by the caller).
pub(crate) fn mex_with(
    len: usize,
    values: impl IntoIterator<Item = u64>,
    seen: &mut Vec<bool>,
) -> u64 {
    seen.clear();
    seen.resize(len + 1, false);
    for value in values {
        if value <= len as u64 {
            seen[value as usize] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(len) as u64
}

/// A new node's nimber when it follows at once from what is known: the mex of its options'
/// nimbers when they are all known (a family's options are made before it, and valued so
/// in turn), a heap's size; else [`UNKNOWN`], for [`Arena::nimber`] to work out when asked.
/// Valued here, a node's options are read once, while they are in the cache, rather than
/// walked again later.
pub(super) fn value_if_known(node: &Node, nimbers: &[u64], seen: &mut Vec<bool>) -> u64 {
    let value = |id: &GameId| nimbers[id.index()];
    // A game worth ∞ among them is valued by the generalized mex, when asked.
    let all_known = |ids: &[GameId]| ids.iter().all(|id| value(id) < INFINITE);
    match node {
        Node::Nim(chips) => *chips,
        Node::Options(options) if all_known(options) => {
            mex_with(options.len(), options.iter().map(value), seen)
        }
        Node::Sum(parts) if all_known(parts) => parts.iter().map(value).fold(0, |a, v| a ^ v),
        Node::Product { left, right } if all_known(&[*left, *right]) => {
            // A product past the marks is left for `settle`, which says so.
            Arena::product_value(value(left), value(right)).unwrap_or(UNKNOWN)
        }
        Node::WithSums { ids, games } if all_known(ids) => {
            let (plain, sums) = super::options::split(ids, *games);
            let sums = sums.map(|[a, b]| value(&a) ^ value(&b));
            let count = plain.len() + (ids.len() - plain.len()) / 2;
            mex_with(count, plain.iter().map(value).chain(sums), seen)
        }
        _ => UNKNOWN,
    }
}

impl Arena {
    /// The nimber of a game: mex of its options' nimbers, memoized per node. A game worth ∞
    /// (it can go on for ever) has none: [`GameError::Infinite`].
    pub fn nimber(&mut self, id: GameId) -> Result<u64, GameError> {
        match self.settle(id)? {
            INFINITE => Err(GameError::Infinite {
                value: self.known_value(id).expect("settled"),
            }),
            value => Ok(value),
        }
    }

    /// Works out the game's value, kept in `nimbers`.
    pub(super) fn settle(&mut self, id: GameId) -> Result<u64, GameError> {
        let mut stack = vec![id];
        let mut reduced = 0u32;
        while let Some(&top) = stack.last() {
            if self.nimbers[top.index()] != UNKNOWN {
                stack.pop();
                continue;
            }
            reduced = reduced.wrapping_add(1);
            if reduced.is_multiple_of(1 << 12) {
                self.watch.check()?;
            }
            let value = match self.node(top) {
                Node::Nim(chips) => *chips,
                // Up and left are two nim heaps of `row` and `column` chips.
                Node::Rook { row, column } => row ^ column,
                &Node::Subtraction { pile, set } => {
                    let limits = self.table_limits();
                    self.subtraction_games[set.0 as usize]
                        .value(pile, limits, &mut self.watch)?
                        .into()
                }
                &Node::Heap { game, size } => self.heap_value(game, size)?,
                &Node::Wythoff { row, column } => self.wythoff_value(row, column)?,
                &Node::Hackenbush(picture) => self.picture_value(picture)?,
                &Node::Vertex { graph, vertex } => {
                    let value = self.digraph_of(graph).value(vertex).clone();
                    self.keep_value(top, &value);
                    stack.pop();
                    continue;
                }
                Node::Loopy { .. } => {
                    self.solve_loopy(top)?;
                    stack.pop();
                    continue;
                }
                Node::Options(children) | Node::Sum(children) => {
                    let waiting = stack.len();
                    let unknown = children
                        .iter()
                        .filter(|c| self.nimbers[c.index()] == UNKNOWN);
                    stack.extend(unknown);
                    if stack.len() > waiting {
                        continue;
                    }
                    if children.iter().any(|c| self.nimbers[c.index()] == INFINITE) {
                        self.value_above_loopy(top)?;
                        stack.pop();
                        continue;
                    }
                    let values = children.iter().map(|c| self.nimbers[c.index()]);
                    match self.node(top) {
                        Node::Sum(_) => values.fold(0, |acc, v| acc ^ v),
                        _ => mex(values),
                    }
                }
                &Node::Product { left, right } => {
                    let waiting = stack.len();
                    let unknown = [left, right]
                        .into_iter()
                        .filter(|c| self.nimbers[c.index()] == UNKNOWN);
                    stack.extend(unknown);
                    if stack.len() > waiting {
                        continue;
                    }
                    let (left, right) = (self.nimbers[left.index()], self.nimbers[right.index()]);
                    Arena::product_value(left, right)?
                }
                // A sum kept as its parts is worth the nim-sum of theirs.
                Node::WithSums { ids, games } => {
                    let waiting = stack.len();
                    let unknown = ids.iter().filter(|c| self.nimbers[c.index()] == UNKNOWN);
                    stack.extend(unknown);
                    if stack.len() > waiting {
                        continue;
                    }
                    if ids.iter().any(|c| self.nimbers[c.index()] == INFINITE) {
                        self.value_above_loopy(top)?;
                        stack.pop();
                        continue;
                    }
                    let value = |id: &GameId| self.nimbers[id.index()];
                    let (games, sums) = super::options::split(ids, *games);
                    let sums = sums.map(|[a, b]| value(&a) ^ value(&b));
                    mex(games.iter().map(value).chain(sums))
                }
            };
            self.nimbers[top.index()] = value;
            stack.pop();
        }
        Ok(self.nimbers[id.index()])
    }

    /// Every option of a game (for a sum: a move in one part, the other parts kept).
    pub fn options(&mut self, id: GameId) -> Result<Vec<GameId>, GameError> {
        Ok(self.moves(id)?.into_iter().map(|(_, to)| to).collect())
    }

    /// How many options `options` would list, without listing them.
    pub fn option_count(&self, id: GameId) -> u64 {
        match self.node(id) {
            Node::Options(options) => options.len() as u64,
            Node::WithSums { ids, games } => {
                (*games as usize + (ids.len() - *games as usize) / 2) as u64
            }
            Node::Nim(chips) => *chips,
            Node::Rook { row, column } => row.saturating_add(*column),
            Node::Subtraction { pile, set } => self
                .subtraction_moves(*set)
                .iter()
                .take_while(|&&s| s <= *pile)
                .count() as u64,
            &Node::Heap { game, size } => self.heap_move_count(game, size),
            Node::Wythoff { row, column } => {
                row.saturating_add(*column).saturating_add(*row.min(column))
            }
            &Node::Hackenbush(picture) => self.picture_of(picture).distinct_edges() as u64,
            &Node::Vertex { graph, vertex } => {
                self.digraph_of(graph).successors(vertex).len() as u64
            }
            Node::Loopy { .. } => match self.loopy_target(id) {
                Ok(game) => self.option_count(game),
                Err(_) => 0,
            },
            Node::Sum(parts) => parts
                .iter()
                .map(|&p| self.option_count(p))
                .fold(0, u64::saturating_add),
            &Node::Product { left, right } => self
                .option_count(left)
                .saturating_mul(self.option_count(right)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_the_seeds() {
        assert_eq!(mex([0, 1, 2, 5, 15, 25]), 3);
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 1, 3]), 2);
    }

    proptest::proptest! {
        /// The least natural number not among the values, by the definition.
        #[test]
        fn mex_is_the_least_natural_missing(values in proptest::collection::vec(0u64..40, 0..40)) {
            let least = (0..).find(|k| !values.contains(k)).unwrap();
            proptest::prop_assert_eq!(mex(values), least);
        }
    }

    #[test]
    fn a_long_chain_reduces_without_recursion() {
        let mut arena = Arena::default();
        let mut game = arena.zero();
        for _ in 0..1_000_000 {
            let extra = arena.nim(2).unwrap();
            game = arena.with_options(vec![game, extra]).unwrap();
        }
        // <G, *2>: mex{g, 2} alternates 0 (g = 1), 1 (g = 0)...
        assert_eq!(arena.nimber(game).unwrap(), 0);
    }

    #[test]
    fn sums_reduce_by_nim_sum_and_list_their_options() {
        let mut arena = Arena::default();
        let parts = [arena.nim(11).unwrap(), arena.nim(13).unwrap()];
        let sum = arena.sum(&parts).unwrap();
        assert_eq!(arena.nimber(sum).unwrap(), 6);
        let options = arena.options(sum).unwrap();
        assert_eq!(options.len(), 24);
        let values: Vec<u64> = options.iter().map(|&o| arena.nimber(o).unwrap()).collect();
        assert_eq!(mex(values), 6, "the mex rule agrees with the nim-sum rule");
    }

    #[test]
    fn subtraction_options_remove_one_two_or_three() {
        let mut arena = Arena::default();
        let game = arena.subtraction(7, &[1, 2, 3]).unwrap();
        assert_eq!(arena.nimber(game).unwrap(), 3);
        let options = arena.options(game).unwrap();
        let piles: Vec<Node> = options.iter().map(|&o| arena.node(o).clone()).collect();
        let set = match arena.node(game) {
            Node::Subtraction { set, .. } => *set,
            _ => unreachable!(),
        };
        assert_eq!(piles, [6, 5, 4].map(|pile| Node::Subtraction { pile, set }));
    }

    #[test]
    fn huge_heaps_cost_nothing_until_listed() {
        let mut arena = Arena::default();
        let heap = arena.nim(1_000_000_000).unwrap();
        assert_eq!(arena.nimber(heap).unwrap(), 1_000_000_000);
        assert!(matches!(
            arena.options(heap),
            Err(GameError::TooManyOptions { .. })
        ));
    }
}
