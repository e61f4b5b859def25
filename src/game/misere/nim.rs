//! Misère Nim, by Bouton's rule: play as in normal Nim, except that a move which would leave
//! only heaps of size 0 or 1 must leave an odd number of heaps of size 1.
//!
//! So the player to move loses exactly when every heap has at most one chip and an odd
//! number of heaps have one, or some heap has two or more and the nim-sum is 0.

/// A position of misère Nim: its heaps (empty ones left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bouton {
    pub heaps: Vec<u64>,
}

/// A winning move of misère Nim, and the part of Bouton's rule it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimMove {
    /// Which heap (of [`Bouton::heaps`], from 0), from how many chips to how many.
    pub heap: usize,
    pub from: u64,
    pub to: u64,
    /// True when the move leaves only heaps of 0 or 1 chips (an odd number of ones);
    /// false when it plays as in normal Nim, to a nim-sum of 0 with a large heap left.
    pub endgame: bool,
}

impl Bouton {
    pub fn new(heaps: Vec<u64>) -> Self {
        Bouton {
            heaps: heaps.into_iter().filter(|&h| h > 0).collect(),
        }
    }

    pub fn nim_sum(&self) -> u64 {
        self.heaps.iter().fold(0, |x, h| x ^ h)
    }

    /// Whether some heap has two chips or more.
    pub fn has_large_heap(&self) -> bool {
        self.heaps.iter().any(|&h| h >= 2)
    }

    pub fn ones(&self) -> usize {
        self.heaps.iter().filter(|&&h| h == 1).count()
    }

    /// The nim heap the position is equal to in misère play, if it is one: with at most one
    /// heap of two chips or more, `*n + *1 = *(n ⊕ 1)` and `*1 + *1 = 0` (their simplest
    /// forms are the same), so the heaps add to their nim-sum.
    pub fn as_heap(&self) -> Option<u64> {
        let large = self.heaps.iter().filter(|&&h| h >= 2).count();
        (large <= 1).then(|| self.nim_sum())
    }

    /// Whether the player to move loses.
    pub fn losing(&self) -> bool {
        if self.has_large_heap() {
            self.nim_sum() == 0
        } else {
            self.ones() % 2 == 1
        }
    }

    /// Every winning move, by Bouton's rule.
    pub fn winning_moves(&self) -> Vec<NimMove> {
        let large = self.heaps.iter().filter(|&&h| h >= 2).count();
        let mut moves = Vec::new();
        for (heap, &from) in self.heaps.iter().enumerate() {
            let endgame = large == 0 || (large == 1 && from >= 2);
            if endgame {
                // What is left besides this heap are ones; leave an odd number of them.
                let others = self.ones() - usize::from(from == 1);
                let targets: &[u64] = if others.is_multiple_of(2) { &[1] } else { &[0] };
                moves.extend(targets.iter().filter(|&&to| to < from).map(|&to| NimMove {
                    heap,
                    from,
                    to,
                    endgame,
                }));
            } else {
                let to = from ^ self.nim_sum();
                if to < from {
                    moves.push(NimMove {
                        heap,
                        from,
                        to,
                        endgame,
                    });
                }
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcome by playing every move, no rule.
    fn by_play(heaps: &mut Vec<u64>) -> bool {
        let mut any_move = false;
        for i in 0..heaps.len() {
            for to in 0..heaps[i] {
                any_move = true;
                let from = std::mem::replace(&mut heaps[i], to);
                let next_losing = by_play(heaps);
                heaps[i] = from;
                if next_losing {
                    return false;
                }
            }
        }
        any_move
    }

    #[test]
    fn the_texts_positions() {
        assert!(Bouton::new(vec![1, 1, 1]).losing());
        assert!(Bouton::new(vec![2, 2]).losing());
        assert!(!Bouton::new(vec![3, 4, 5]).losing());
        assert!(Bouton::new(vec![1, 2, 3]).losing());
        assert!(
            !Bouton::new(vec![]).losing(),
            "no move left: the player to move wins"
        );
        assert!(Bouton::new(vec![1]).losing());
    }

    #[test]
    fn the_rule_and_its_moves_agree_with_play() {
        for a in 0..5u64 {
            for b in 0..5 {
                for c in 0..4 {
                    let mut heaps = vec![a, b, c];
                    let losing = by_play(&mut heaps);
                    let bouton = Bouton::new(heaps.clone());
                    assert_eq!(bouton.losing(), losing, "{heaps:?}");
                    let moves = bouton.winning_moves();
                    // With no chips left there is no move, and the player to move has won.
                    let over = bouton.heaps.is_empty();
                    assert_eq!(moves.is_empty(), losing || over, "{heaps:?}");
                    for heap in 0..bouton.heaps.len() {
                        for to in 0..bouton.heaps[heap] {
                            let mut after = bouton.heaps.clone();
                            after[heap] = to;
                            let listed = moves.iter().any(|m| m.heap == heap && m.to == to);
                            assert_eq!(by_play(&mut after), listed, "{heaps:?} -> {after:?}");
                        }
                    }
                }
            }
        }
    }
}
