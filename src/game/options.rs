//! Options that are sums of two games, kept as their two parts. A comprehension such as
//! `< K(a) + K(n - a - k) for k in 1..=2 for a in 0..=n - k >` lists such sums by the
//! million, each of them only ever an option: making and interning a node for each was most
//! of the work. So an option set keeps them as pairs of parts ([`Node::WithSums`]), the
//! option's nimber is the nim-sum of its parts', and its sum node is made only when asked
//! for as a game of its own (its moves, an explanation).

use super::intern::View;
use super::{Arena, GameError, GameId, Node, ZERO};

/// The options of a game being built: games, and sums of two games as their parts (in the
/// order written, as [`Arena::sum`] keeps them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionList {
    pub games: Vec<GameId>,
    pub sums: Vec<[GameId; 2]>,
}

impl OptionList {
    pub fn len(&self) -> usize {
        self.games.len() + self.sums.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An option of a [`Node::WithSums`]: a game, or a sum of two kept as its parts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionRef {
    Game(GameId),
    Sum(GameId, GameId),
}

/// The options of a [`Node::WithSums`] list: the games, then the sums' parts two by two.
pub(super) fn split(ids: &[GameId], games: u32) -> (&[GameId], impl Iterator<Item = [GameId; 2]>) {
    let (games, parts) = ids.split_at(games as usize);
    let sums = parts.chunks_exact(2).map(|pair| [pair[0], pair[1]]);
    (games, sums)
}

impl Arena {
    /// The game whose options are `list`'s. One node for one set of options, however its
    /// sums were made: a sum of two games made before as a node is kept as its parts too,
    /// and a part that is itself a sum makes a sum of three or more parts, kept as a node.
    pub fn with_option_list(&mut self, list: OptionList) -> Result<GameId, GameError> {
        let OptionList {
            mut games,
            mut sums,
        } = list;
        // One position, one option: a sum's zero parts are left out and its parts put in
        // order (see [`Arena::canonical`]), so `<*1 + *2>`, `<*2 + *1>` and `<*2 + *1 + 0>`
        // are one game, as a set of them has one member.
        if sums.iter().any(|&[a, b]| a == ZERO || b == ZERO || b < a) {
            let mut pairs = Vec::with_capacity(sums.len());
            for [a, b] in sums {
                match (a == ZERO, b == ZERO) {
                    (true, _) => games.push(b),
                    (false, true) => games.push(a),
                    (false, false) => pairs.push([a.min(b), a.max(b)]),
                }
            }
            sums = pairs;
        }
        let is_sum = |arena: &Arena, id: GameId| matches!(arena.node(id), Node::Sum(_));
        if games.iter().any(|&game| is_sum(self, game)) {
            for game in &mut games {
                if is_sum(self, *game) {
                    *game = self.canonical(*game)?;
                }
            }
        }
        // No two-part sum node made yet (the usual case): none among the games to look for.
        if self.nodes.pairs_made() > 0 && games.iter().any(|&g| self.two_parts(g).is_some()) {
            games.retain(|&game| match self.two_parts(game) {
                Some(parts) => {
                    sums.push(parts);
                    false
                }
                None => true,
            });
        }
        if sums
            .iter()
            .any(|&[a, b]| is_sum(self, a) || is_sum(self, b))
        {
            let mut pairs = Vec::with_capacity(sums.len());
            for parts in sums {
                match parts.iter().any(|&part| is_sum(self, part)) {
                    true => {
                        let sum = self.sum(&parts)?;
                        games.push(self.canonical(sum)?);
                    }
                    false => pairs.push(parts),
                }
            }
            sums = pairs;
        }
        if sums.is_empty() {
            return self.with_games(games);
        }
        // In runs, as in `Arena::with_games`.
        games.sort();
        games.dedup();
        sums.sort();
        sums.dedup();
        let count = u32::try_from(games.len()).expect("fewer than 2^32 options");
        games.extend(sums.iter().flatten());
        let view = View::WithSums {
            ids: &games,
            games: count,
        };
        // A new node keeps the list itself, not a copy.
        match self.nodes.find(view) {
            (Some(id), _) => Ok(id),
            (None, hashed) => self.add_node(hashed, || Node::WithSums {
                ids: games.into_boxed_slice(),
                games: count,
            }),
        }
    }

    /// The parts of a sum of two games.
    fn two_parts(&self, id: GameId) -> Option<[GameId; 2]> {
        match self.node(id) {
            Node::Sum(parts) => <[GameId; 2]>::try_from(&parts[..]).ok(),
            _ => None,
        }
    }

    /// The options of a [`Node::WithSums`] in the order they read best, as
    /// [`Arena::reading_order`] puts games: heaps by size, then the rest in the order they
    /// were made, a sum by its node if it has been made, else last, by its parts.
    pub fn options_with_sums(&self, ids: &[GameId], games: u32) -> Vec<OptionRef> {
        let (plain, sums) = split(ids, games);
        let mut options: Vec<(OptionRef, (u8, u64, u64))> = plain
            .iter()
            .map(|&id| match self.node(id) {
                Node::Nim(chips) => (OptionRef::Game(id), (0, *chips, 0)),
                _ => (OptionRef::Game(id), (1, id.raw().into(), 0)),
            })
            .collect();
        options.extend(sums.map(|[a, b]| {
            let key = match self.nodes.find_pair(a, b) {
                Some(made) => (1, made.raw().into(), 0),
                None => (2, a.raw().into(), b.raw().into()),
            };
            (OptionRef::Sum(a, b), key)
        }));
        options.sort_by_key(|&(_, key)| key);
        options.into_iter().map(|(option, _)| option).collect()
    }

    /// An option as a game: a sum kept as its parts is made now.
    pub fn option_game(&mut self, option: OptionRef) -> Result<GameId, GameError> {
        match option {
            OptionRef::Game(id) => Ok(id),
            OptionRef::Sum(a, b) => self.sum(&[a, b]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(games: &[GameId], sums: &[[GameId; 2]]) -> OptionList {
        OptionList {
            games: games.to_vec(),
            sums: sums.to_vec(),
        }
    }

    #[test]
    fn sums_as_parts_make_no_sum_node_and_add_up_their_nimbers() {
        let mut arena = Arena::default();
        let [one, two] = [1, 2].map(|n| arena.nim(n).unwrap());
        let before = arena.len();
        let game = arena
            .with_option_list(list(&[], &[[one, two], [two, two]]))
            .unwrap();
        assert_eq!(arena.len(), before + 1, "only the option set is a new node");
        // Options worth 3 and 0: mex 1.
        assert_eq!(arena.nimber(game).unwrap(), 1);
        assert_eq!(arena.option_count(game), 2);
        let options = arena.options(game).unwrap();
        let sums = [
            arena.sum(&[one, two]).unwrap(),
            arena.sum(&[two, two]).unwrap(),
        ];
        assert_eq!(options, sums);
    }

    #[test]
    fn one_node_however_the_sums_were_made() {
        let mut arena = Arena::default();
        let [zero, one, two] = [0, 1, 2].map(|n| arena.nim(n).unwrap());
        let lazy = arena
            .with_option_list(list(&[two], &[[one, two], [zero, one], [one, two]]))
            .unwrap();
        let made = [
            arena.sum(&[zero, one]).unwrap(),
            arena.sum(&[one, two]).unwrap(),
        ];
        let by_hand = arena.with_options(vec![made[1], two, made[0]]).unwrap();
        assert_eq!(lazy, by_hand);
        let mixed = arena
            .with_option_list(list(&[made[0], two], &[[one, two]]))
            .unwrap();
        assert_eq!(lazy, mixed);
        // `*0 + *1` is *1 (its zero part left out), and `*1 + *2` one option however often
        // it is written.
        assert_eq!(
            arena.node(lazy),
            &Node::WithSums {
                ids: vec![one, two, one, two].into(),
                games: 2
            }
        );
    }

    #[test]
    fn a_part_that_is_a_sum_makes_a_node_of_three_parts() {
        let mut arena = Arena::default();
        let [one, two, three] = [1, 2, 3].map(|n| arena.nim(n).unwrap());
        let inner = arena.sum(&[one, two]).unwrap();
        let game = arena
            .with_option_list(list(&[], &[[inner, three]]))
            .unwrap();
        let all = arena.sum(&[one, two, three]).unwrap();
        assert_eq!(arena.node(game), &Node::Options(vec![all].into()));
        assert_eq!(arena.nimber(game).unwrap(), 1, "*1 + *2 + *3 is 0");
    }

    #[test]
    fn a_set_without_sums_left_is_a_plain_node_or_a_heap() {
        let mut arena = Arena::default();
        let [zero, one] = [0, 1].map(|n| arena.nim(n).unwrap());
        let game = arena.with_option_list(list(&[one, zero], &[])).unwrap();
        assert_eq!(game, arena.nim(2).unwrap());
    }

    #[test]
    fn sums_as_parts_are_charged_and_bounded() {
        let mut arena = Arena::default();
        let heaps: Vec<GameId> = (0..100).map(|n| arena.nim(n).unwrap()).collect();
        let pairs: Vec<[GameId; 2]> = heaps.windows(2).map(|w| [w[0], w[1]]).collect();
        let before = arena.dag_bytes();
        let game = arena.with_option_list(list(&[], &pairs)).unwrap();
        let node = arena.node(game).clone();
        assert_eq!(arena.dag_bytes() - before, super::super::node_bytes(&node));
        assert!(super::super::node_bytes(&node) >= 99 * 8);
        arena.limits.memory = arena.dag_bytes() + 10;
        let limit = arena.limits.memory;
        let more = arena.with_option_list(list(&[], &pairs[1..]));
        assert_eq!(more, Err(GameError::DagOutOfMemory { limit }));
        arena.limits.nodes = arena.len();
        let more = arena.with_option_list(list(&[], &pairs[2..]));
        assert_eq!(more, Err(GameError::TooManyNodes { limit: arena.len() }));
    }

    #[test]
    fn listing_a_large_set_of_sums_is_bounded_by_the_options_limit() {
        let mut arena = Arena::default();
        let heaps: Vec<GameId> = (0..50).map(|n| arena.nim(n).unwrap()).collect();
        // Sums of two heaps, none of them 0 (a sum with a zero part is the other part).
        let pairs: Vec<[GameId; 2]> = heaps[1..].windows(2).map(|w| [w[0], w[1]]).collect();
        let game = arena.with_option_list(list(&heaps[..3], &pairs)).unwrap();
        assert_eq!(arena.option_count(game), 51);
        arena.limits.options = 50;
        let listed = arena.moves(game);
        assert!(matches!(
            listed,
            Err(GameError::TooManyOptions { count: 51, .. })
        ));
        let before = arena.len();
        assert_eq!(arena.first_moves(game, 5).unwrap().len(), 0);
        assert_eq!(
            arena.len(),
            before,
            "no sum node made for a listing refused"
        );
    }
}
