//! One node for each position, however a sum was written: `*11 + *13`, `*13 + *11` and
//! `*11 + *13 + 0` are one position. Sets of games and `in` compare games this way, so
//! that `*13 in options(*11 + *13)` holds (taking the whole pile of 11 leaves `*0 + *13`).

use super::{Arena, GameError, GameId, Node};

impl Arena {
    /// The node of this position with its sum's parts (if a sum) in one order and without
    /// zero parts.
    pub fn canonical(&mut self, id: GameId) -> Result<GameId, GameError> {
        let Node::Sum(parts) = self.node(id) else {
            return Ok(id);
        };
        // Zero parts are known by their node, not by interning `0`, which a full arena
        // would refuse.
        let mut parts: Vec<GameId> = parts
            .iter()
            .copied()
            .filter(|&p| !matches!(self.node(p), Node::Nim(0)))
            .collect();
        parts.sort_unstable();
        self.sum(&parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_in_any_order_and_with_zeros_are_one_position() {
        let mut arena = Arena::default();
        let [zero, a, b] = [0, 11, 13].map(|n| arena.nim(n).unwrap());
        let written = arena.sum(&[b, a, zero]).unwrap();
        let other = arena.sum(&[a, b]).unwrap();
        assert_ne!(written, other);
        assert_eq!(
            arena.canonical(written).unwrap(),
            arena.canonical(other).unwrap()
        );
        let left = arena.sum(&[zero, b]).unwrap();
        assert_eq!(arena.canonical(left).unwrap(), b);
    }
}
