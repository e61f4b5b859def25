//! Moves in a game's own terms: how many chips leave which pile, which part of a sum moves.
//! Explanations print them; the winning moves of a sum are found part by part.

use super::{Arena, GameError, GameId, Node};

/// How a move goes, in the terms of the game it is made in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// To one of the options written in `<...>`.
    Option,
    /// To an option of a game of the user's own, named as its body writes it: `rook(0, 2)`,
    /// with the words the body gave the move (`as "take 2"`), if any.
    Named(std::sync::Arc<str>, Option<std::sync::Arc<str>>),
    /// In a nim heap: from `from` chips down to `to`.
    Take { from: u64, to: u64 },
    /// In a subtraction game: `amount` chips off a pile of `pile`.
    Subtract { pile: u64, amount: u64 },
    /// A piece moving `up` rows and `left` columns towards the corner.
    Slide { up: u64, left: u64 },
    /// In a heap game: `removed` tokens off a heap of `heap`, leaving the heaps `leaves`.
    Break {
        heap: u64,
        removed: u64,
        leaves: Vec<u64>,
    },
    /// In a product `G ⊗ H`: a move in each factor at once, G to `left_to` and H to
    /// `right_to`, to G' ⊗ H + G ⊗ H' + G' ⊗ H'.
    Product {
        left: Box<Move>,
        left_to: GameId,
        right: Box<Move>,
        right_to: GameId,
    },
    /// In a Hackenbush picture: the edge cut, as `a-b`.
    Cut { edge: String },
    /// In part `index` (from 0) of a sum, which becomes `moved` (itself a sum, perhaps,
    /// when a heap breaks in two).
    Part {
        index: usize,
        inner: Box<Move>,
        moved: GameId,
    },
}

impl Arena {
    /// Every move from a game, with the game it leads to.
    pub fn moves(&mut self, id: GameId) -> Result<Vec<(Move, GameId)>, GameError> {
        let count = self.option_count(id);
        if count > self.limits.options {
            return Err(GameError::TooManyOptions {
                count,
                limit: self.limits.options,
            });
        }
        match self.node(id).clone() {
            Node::Options(options) => Ok(self
                .reading_order(&options)
                .into_iter()
                .map(|o| (Move::Option, o))
                .collect()),
            // Each sum kept as its parts becomes a game now: a move leads to it.
            Node::WithSums { ids, games } => self
                .options_with_sums(&ids, games)
                .into_iter()
                .map(|option| Ok((Move::Option, self.option_game(option)?)))
                .collect(),
            Node::Nim(chips) => (0..chips)
                .map(|to| Ok((Move::Take { from: chips, to }, self.nim(to)?)))
                .collect(),
            Node::Subtraction { pile, set } => {
                let moves = self.subtraction_moves(set).to_vec();
                moves
                    .iter()
                    .take_while(|&&s| s <= pile)
                    .map(|&amount| {
                        Ok((
                            Move::Subtract { pile, amount },
                            self.subtraction(pile - amount, &moves)?,
                        ))
                    })
                    .collect()
            }
            Node::Rook { row, column } => {
                let mut all = Vec::new();
                for up in 1..=row {
                    all.push((Move::Slide { up, left: 0 }, self.rook(row - up, column)?));
                }
                for left in 1..=column {
                    all.push((Move::Slide { up: 0, left }, self.rook(row, column - left)?));
                }
                Ok(all)
            }
            Node::Heap { game, size } => self.heap_moves(game, size),
            Node::Wythoff { row, column } => self.wythoff_moves(row, column, usize::MAX),
            Node::Hackenbush(picture) => self.picture_first_moves(picture, usize::MAX),
            Node::Vertex { graph, vertex } => self.vertex_moves(graph, vertex),
            // A loopy call moves as the game it stands for.
            Node::Loopy { .. } => {
                let game = self.loopy_target(id)?;
                self.moves(game)
            }
            Node::Sum(parts) => {
                let mut all = Vec::new();
                for (index, &part) in parts.iter().enumerate() {
                    for (inner, to) in self.moves(part)? {
                        all.push(self.in_part(&parts, index, inner, to)?);
                    }
                }
                Ok(all)
            }
            Node::Product { left, right } => self.product_moves(left, right),
        }
    }

    /// The first `count` moves (in the order [`Arena::moves`] lists them), however many
    /// the game has: enough to show a few options of `*1000000000`.
    pub fn first_moves(
        &mut self,
        id: GameId,
        count: usize,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        if let Node::Hackenbush(picture) = *self.node(id) {
            return self.picture_first_moves(picture, count);
        }
        let listed_lazily = matches!(
            self.node(id),
            Node::Rook { .. }
                | Node::Nim(_)
                | Node::Sum(_)
                | Node::Heap { .. }
                | Node::Wythoff { .. }
                | Node::Product { .. }
        );
        // Only what is shown becomes a game: `moves all kayles(10**7)` shows 30 moves.
        if !listed_lazily || self.option_count(id) <= count as u64 {
            if self.option_count(id) > self.limits.options {
                return Ok(Vec::new());
            }
            let mut all = self.moves(id)?;
            all.truncate(count);
            return Ok(all);
        }
        match self.node(id).clone() {
            Node::Rook { row, column } => {
                let up = (1..=row).map(|up| (up, 0));
                let left = (1..=column).map(|left| (0, left));
                up.chain(left)
                    .take(count)
                    .map(|(up, left)| {
                        let to = self.rook(row - up, column - left)?;
                        Ok((Move::Slide { up, left }, to))
                    })
                    .collect()
            }
            Node::Nim(chips) => (0..chips.min(count as u64))
                .map(|to| Ok((Move::Take { from: chips, to }, self.nim(to)?)))
                .collect(),
            Node::Sum(parts) => {
                let mut first = Vec::new();
                for (index, &part) in parts.iter().enumerate() {
                    for (inner, to) in self.first_moves(part, count - first.len())? {
                        first.push(self.in_part(&parts, index, inner, to)?);
                    }
                    if first.len() == count {
                        break;
                    }
                }
                Ok(first)
            }
            Node::Heap { game, size } => self.heap_first_moves(game, size, count),
            Node::Wythoff { row, column } => self.wythoff_moves(row, column, count),
            Node::Product { left, right } => self.product_first_moves(left, right, count),
            _ => unreachable!("listed lazily"),
        }
    }

    /// The moves to games worth exactly `value`.
    pub fn moves_to_value(
        &mut self,
        id: GameId,
        value: u64,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        Ok(self.first_moves_to_value(id, value, usize::MAX)?.0)
    }

    /// How many moves lead to games worth exactly `value`, and the first `shown` of them.
    /// For a sum only the parts are searched: a move in part i must take it from g(i) to
    /// g(i) ⊕ g(sum) ⊕ value.
    pub fn first_moves_to_value(
        &mut self,
        id: GameId,
        value: u64,
        shown: usize,
    ) -> Result<(Vec<(Move, GameId)>, u64), GameError> {
        match self.node(id).clone() {
            Node::Hackenbush(picture) => return self.picture_moves_to_value(picture, value, shown),
            Node::Sum(parts) => {
                let total = self.nimber(id)?;
                let (mut found, mut count) = (Vec::new(), 0);
                for (index, &part) in parts.iter().enumerate() {
                    let wanted = self.nimber(part)? ^ total ^ value;
                    let left = shown - found.len();
                    let (first, more) = self.first_moves_to_value(part, wanted, left)?;
                    for (inner, to) in first {
                        found.push(self.in_part(&parts, index, inner, to)?);
                    }
                    count += more;
                }
                return Ok((found, count));
            }
            _ => {}
        }
        let mut found = self.all_moves_to_value(id, value)?;
        let count = found.len() as u64;
        found.truncate(shown);
        Ok((found, count))
    }

    fn all_moves_to_value(
        &mut self,
        id: GameId,
        value: u64,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        match self.node(id).clone() {
            Node::Nim(chips) if value < chips => Ok(vec![(
                Move::Take {
                    from: chips,
                    to: value,
                },
                self.nim(value)?,
            )]),
            Node::Nim(_) => Ok(Vec::new()),
            // Like two heaps: row ⊕ column must become `value` by changing one of them.
            Node::Rook { row, column } => {
                let mut found = Vec::new();
                let new_row = column ^ value;
                if new_row < row {
                    let up = row - new_row;
                    found.push((Move::Slide { up, left: 0 }, self.rook(new_row, column)?));
                }
                let new_column = row ^ value;
                if new_column < column {
                    let left = column - new_column;
                    found.push((Move::Slide { up: 0, left }, self.rook(row, new_column)?));
                }
                Ok(found)
            }
            Node::Heap { game, size } => self.heap_moves_to_value(game, size, value),
            Node::Product { left, right } => self.product_moves_to_value(left, right, value),
            _ => {
                let mut found = Vec::new();
                for (how, to) in self.moves(id)? {
                    if self.nimber(to)? == value {
                        found.push((how, to));
                    }
                }
                Ok(found)
            }
        }
    }

    /// The moves that leave the opponent a losing game.
    pub fn winning_moves(&mut self, id: GameId) -> Result<Vec<(Move, GameId)>, GameError> {
        self.moves_to_value(id, 0)
    }

    /// How many moves win, and the first `shown` of them.
    pub fn first_winning_moves(
        &mut self,
        id: GameId,
        shown: usize,
    ) -> Result<(Vec<(Move, GameId)>, u64), GameError> {
        self.first_moves_to_value(id, 0, shown)
    }

    /// A move in one part of a sum, as a move of the whole sum.
    pub fn in_part(
        &mut self,
        parts: &[GameId],
        index: usize,
        inner: Move,
        to: GameId,
    ) -> Result<(Move, GameId), GameError> {
        let mut moved = parts.to_vec();
        moved[index] = to;
        Ok((
            Move::Part {
                index,
                inner: Box::new(inner),
                moved: to,
            },
            self.sum(&moved)?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lecture_5_winning_moves() {
        let mut arena = Arena::default();
        let parts = [
            arena.nim(25).unwrap(),
            arena.nim(21).unwrap(),
            arena.nim(11).unwrap(),
        ];
        let game = arena.sum(&parts).unwrap();
        let winning = arena.winning_moves(game).unwrap();
        assert_eq!(winning.len(), 1);
        let (how, to) = &winning[0];
        let inner = Box::new(Move::Take { from: 21, to: 18 });
        let moved = arena.nim(18).unwrap();
        assert_eq!(
            how,
            &Move::Part {
                index: 1,
                inner,
                moved
            }
        );
        assert_eq!(arena.nimber(*to).unwrap(), 0);
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_zero() {
        let mut arena = Arena::default();
        let heap = arena.nim(3).unwrap();
        let seven = arena.subtraction(7, &[1, 2, 3]).unwrap();
        let small = arena.nim(1).unwrap();
        let explicit = arena.with_options(vec![small, seven]).unwrap();
        for game in [
            arena.sum(&[heap, seven]).unwrap(),
            arena.sum(&[explicit, heap, small]).unwrap(),
        ] {
            let fast = arena.winning_moves(game).unwrap();
            let all = arena.moves(game).unwrap();
            let slow: Vec<_> = all
                .into_iter()
                .filter(|(_, to)| arena.nimber(*to).unwrap() == 0)
                .collect();
            assert_eq!(fast, slow);
        }
    }

    #[test]
    fn a_losing_game_has_no_winning_move() {
        let mut arena = Arena::default();
        let five = arena.nim(5).unwrap();
        let game = arena.sum(&[five, five]).unwrap();
        assert!(arena.winning_moves(game).unwrap().is_empty());
        assert_eq!(arena.moves(game).unwrap().len(), 10);
    }
}
