//! Products of games, `G ⊗ H` (Conway, ONAG ch. 6; Winning Ways ch. 14): the options of
//! G ⊗ H are G' ⊗ H + G ⊗ H' + G' ⊗ H' for each option G' of G and H' of H.
//!
//! Its value is the nim product of theirs, g ⊗ h, for any impartial G and H: by induction the
//! option (G', H') is worth g'⊗h ⊕ g⊗h' ⊕ g'⊗h', which is g⊗h ⊕ (g ⊕ g')⊗(h ⊕ h'); as an
//! option's value is never its game's (g' ≠ g, h' ≠ h) and the field has no zero divisors,
//! no option is worth g ⊗ h, and those with g' < g, h' < h reach every value below it (the
//! mex definition of ⊗). So a product is valued without listing its options, as a sum is.
//!
//! A two-dimensional coin-turning game whose moves are the products of two rows' moves (a
//! tartan game, Ferguson §5.4) is this product of the rows' heads: a head at (x, y) is
//! head(x) ⊗ head(y) — the Tartan theorem, g(x, y) = g1(x) ⊗ g2(y).

use super::moves::Move;
use super::nimber::{nim_div, nim_mul};
use super::{Arena, GameError, GameId, Node};

impl Arena {
    /// `G ⊗ H`. The zero game times any game is the zero game, and `*1 ⊗ H` is H (its
    /// options are `*1 ⊗ H'`, each H' by induction), so neither is kept as a product. The
    /// factors stay in the order written, as a sum's parts do.
    pub fn product(&mut self, left: GameId, right: GameId) -> Result<GameId, GameError> {
        if self.reaches_loopy(left) || self.reaches_loopy(right) {
            return Err(GameError::LoopyProduct);
        }
        let is = |arena: &Arena, id: GameId, chips: u64| matches!(arena.node(id), Node::Nim(n) if *n == chips);
        if is(self, left, 0) || is(self, right, 0) {
            return Ok(self.zero());
        }
        if is(self, left, 1) {
            return Ok(right);
        }
        if is(self, right, 1) {
            return Ok(left);
        }
        self.intern(Node::Product { left, right })
    }

    /// The value of a product from its factors' values: [`GameError::NimberTooLarge`] when it
    /// is one of the two numbers the arena keeps as marks.
    pub(super) fn product_value(left: u64, right: u64) -> Result<u64, GameError> {
        match nim_mul(left, right) {
            value if value >= super::loopy::INFINITE => Err(GameError::NimberTooLarge),
            value => Ok(value),
        }
    }

    /// The option of `left ⊗ right` reached by moving `left` to `left_to` and `right` to
    /// `right_to` together.
    pub fn product_option(
        &mut self,
        (left, right): (GameId, GameId),
        (left_to, right_to): (GameId, GameId),
    ) -> Result<GameId, GameError> {
        let parts = [
            self.product(left_to, right)?,
            self.product(left, right_to)?,
            self.product(left_to, right_to)?,
        ];
        // A factor moved to 0 makes its products 0: parts no move can be made in.
        let parts: Vec<GameId> = (parts.into_iter())
            .filter(|&part| !matches!(self.node(part), Node::Nim(0)))
            .collect();
        self.sum(&parts)
    }

    /// Every move of `left ⊗ right`: a move in each factor at once.
    pub(super) fn product_moves(
        &mut self,
        left: GameId,
        right: GameId,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let right_moves = self.moves(right)?;
        let mut all = Vec::new();
        for (left_move, left_to) in self.moves(left)? {
            for (right_move, right_to) in &right_moves {
                let to = self.product_option((left, right), (left_to, *right_to))?;
                all.push((product_move(&left_move, left_to, right_move, *right_to), to));
            }
        }
        Ok(all)
    }

    /// The first `count` moves of `left ⊗ right`, in the order [`Arena::moves`] lists
    /// them, however many the factors have.
    pub(super) fn product_first_moves(
        &mut self,
        left: GameId,
        right: GameId,
        count: usize,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let left_moves = self.first_moves(left, count)?;
        let right_moves = self.first_moves(right, count)?;
        let mut first = Vec::new();
        for (left_move, left_to) in &left_moves {
            for (right_move, right_to) in &right_moves {
                if first.len() == count {
                    return Ok(first);
                }
                let to = self.product_option((left, right), (*left_to, *right_to))?;
                first.push((product_move(left_move, *left_to, right_move, *right_to), to));
            }
        }
        Ok(first)
    }

    /// The moves of `left ⊗ right` to games worth `value`, by Ferguson's method for tartan
    /// games: a move to H' (worth h') in one factor goes with the moves of the other to the
    /// one value g' with g'⊗h ⊕ g⊗h' ⊕ g'⊗h' = value, that is
    /// g' = (value ⊕ g⊗h') ⊘ (h ⊕ h') (h' ≠ h: no option is worth its game). So the moves of
    /// the factor with fewer are gone through, and the other's moves to one value found as
    /// they are for it alone: `*1000000000 ⊗ *5` answers at once.
    pub(super) fn product_moves_to_value(
        &mut self,
        left: GameId,
        right: GameId,
        value: u64,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let (g, h) = (self.nimber(left)?, self.nimber(right)?);
        let through_right = self.option_count(right) <= self.option_count(left);
        let (outer, inner, outer_value, inner_value) = match through_right {
            true => (right, left, h, g),
            false => (left, right, g, h),
        };
        let mut found = Vec::new();
        for (outer_move, outer_to) in self.moves(outer)? {
            let moved = self.nimber(outer_to)?;
            let needed = nim_div(value ^ nim_mul(inner_value, moved), outer_value ^ moved)
                .expect("an option is never worth its game");
            for (inner_move, inner_to) in self.moves_to_value(inner, needed)? {
                let ((left_move, left_to), (right_move, right_to)) = match through_right {
                    true => ((inner_move, inner_to), (outer_move.clone(), outer_to)),
                    false => ((outer_move.clone(), outer_to), (inner_move, inner_to)),
                };
                let to = self.product_option((left, right), (left_to, right_to))?;
                found.push((product_move(&left_move, left_to, &right_move, right_to), to));
            }
        }
        Ok(found)
    }
}

pub fn product_move(left: &Move, left_to: GameId, right: &Move, right_to: GameId) -> Move {
    Move::Product {
        left: Box::new(left.clone()),
        left_to,
        right: Box::new(right.clone()),
        right_to,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::reduce::mex;

    /// The nim products a ⊗ b for a, b < n by their definition,
    /// a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}.
    fn by_mex(n: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut values = Vec::new();
                for a1 in 0..a {
                    for b1 in 0..b {
                        values.push(table[a1][b] ^ table[a][b1] ^ table[a1][b1]);
                    }
                }
                table[a][b] = mex(values);
            }
        }
        table
    }

    #[test]
    fn a_product_of_heaps_is_worth_their_nim_product_by_its_options() {
        let mut arena = Arena::default();
        let table = by_mex(6);
        for a in 0..6 {
            for b in 0..6 {
                let (x, y) = (arena.nim(a).unwrap(), arena.nim(b).unwrap());
                let game = arena.product(x, y).unwrap();
                let expected = table[a as usize][b as usize];
                assert_eq!(arena.nimber(game).unwrap(), expected, "*{a} ⊗ *{b}");
                let options = arena.options(game).unwrap();
                let values: Vec<u64> = options.iter().map(|&o| arena.nimber(o).unwrap()).collect();
                assert_eq!(mex(values), expected, "the mex of *{a} ⊗ *{b}'s options");
            }
        }
    }

    #[test]
    fn zero_and_one_are_not_kept_as_products() {
        let mut arena = Arena::default();
        let (zero, one, five) = (
            arena.nim(0).unwrap(),
            arena.nim(1).unwrap(),
            arena.nim(5).unwrap(),
        );
        assert_eq!(arena.product(zero, five).unwrap(), zero);
        assert_eq!(arena.product(five, one).unwrap(), five);
        let three = arena.nim(3).unwrap();
        let (a, b) = (
            arena.product(three, five).unwrap(),
            arena.product(five, three).unwrap(),
        );
        assert_eq!(arena.nimber(a), arena.nimber(b));
    }

    #[test]
    fn a_product_worth_a_mark_is_refused() {
        let mut arena = Arena::default();
        let mark = u64::MAX - 1;
        let (a, b) = (3..)
            .map(|a| (a, crate::game::nimber::nim_div(mark, a).unwrap()))
            .find(|&(_, b)| b < mark)
            .unwrap();
        let (x, y) = (arena.nim(a).unwrap(), arena.nim(b).unwrap());
        let game = arena.product(x, y).unwrap();
        assert_eq!(arena.nimber(game), Err(GameError::NimberTooLarge));
    }

    #[test]
    fn the_moves_to_a_value_are_those_the_options_list() {
        let mut arena = Arena::default();
        let (four, six) = (arena.nim(4).unwrap(), arena.nim(6).unwrap());
        let sum = arena.sum(&[four, six]).unwrap();
        let seven = arena.nim(7).unwrap();
        // Through the factor with fewer options, either way round.
        for game in [
            arena.product(sum, seven).unwrap(),
            arena.product(seven, sum).unwrap(),
        ] {
            moves_to_each_value(&mut arena, game);
        }
    }

    fn moves_to_each_value(arena: &mut Arena, game: GameId) {
        let all = arena.moves(game).unwrap();
        for value in 0..16 {
            let fast = arena.moves_to_value(game, value).unwrap();
            let slow: Vec<_> = all
                .iter()
                .filter(|(_, to)| arena.nimber(*to).unwrap() == value)
                .cloned()
                .collect();
            assert_eq!(fast.len(), slow.len(), "moves to *{value}");
            assert!(fast.iter().all(|m| slow.contains(m)), "moves to *{value}");
        }
    }
}
