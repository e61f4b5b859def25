//! The moves from one heap in the game's own terms, for explanations such as "knock down 2
//! pins, leaving rows of 3 and 4".

use super::rules::Rules;
use super::{HeapError, HeapGame, Sequence};

/// Remove `removed` tokens and leave the heaps `leaves` (ascending, none empty).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapMove {
    pub removed: u64,
    pub leaves: Vec<u64>,
}

/// Every move from a heap of `n`, ordered by tokens removed and then by the heaps left;
/// an error if there are more than `limit`.
pub fn moves(game: &HeapGame, n: u64, limit: u64) -> Result<Vec<HeapMove>, HeapError> {
    let rules = Rules::of(game);
    let count = count_moves(&rules, n);
    if count > u128::from(limit) {
        return Err(HeapError::TooManyMoves { heap: n, limit });
    }
    let mut moves = Vec::with_capacity(count as usize);
    each_move(&rules, n, &mut |m| {
        moves.push(m);
        Visit::Next
    });
    Ok(moves)
}

/// What to do after visiting a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Visit {
    Next,
    /// Go on with the next group: the moves removing the next number of tokens, or leaving
    /// a different number of heaps.
    SkipGroup,
    Stop,
}

/// The moves from a heap of `n` in the order [`moves`] lists them, one at a time, as `visit`
/// directs: a heap of 10^18 has too many moves to list, but its first ones are cheap.
pub fn visit_moves(game: &HeapGame, n: u64, visit: &mut dyn FnMut(HeapMove) -> Visit) {
    each_move(&Rules::of(game), n, visit);
}

/// How many moves a heap of `n` has, without listing them (saturating).
pub fn move_count(game: &HeapGame, n: u64) -> u64 {
    u64::try_from(count_moves(&Rules::of(game), n)).unwrap_or(u64::MAX)
}

fn each_move(rules: &Rules, n: u64, visit: &mut dyn FnMut(HeapMove) -> Visit) {
    let max_k = [
        &rules.remove_all,
        &rules.one_heap,
        &rules.two_heaps,
        &rules.three_heaps,
    ]
    .iter()
    .flat_map(|ks| ks.iter().copied())
    .max();
    for k in (0..=max_k.unwrap_or(0) as u64).take_while(|&k| k <= n) {
        let rest = n - k;
        let has = |ks: &Vec<usize>| ks.contains(&(k as usize));
        let removed = k;
        if has(&rules.remove_all)
            && rest == 0
            && visit(HeapMove {
                removed,
                leaves: vec![],
            }) == Visit::Stop
        {
            return;
        }
        if has(&rules.one_heap)
            && rest >= 1
            && visit(HeapMove {
                removed,
                leaves: vec![rest],
            }) == Visit::Stop
        {
            return;
        }
        if has(&rules.two_heaps) && rest >= 2 {
            let last = if rules.unequal {
                (rest - 1) / 2
            } else {
                rest / 2
            };
            for a in 1..=last {
                match visit(HeapMove {
                    removed,
                    leaves: vec![a, rest - a],
                }) {
                    Visit::Next => {}
                    Visit::SkipGroup => break,
                    Visit::Stop => return,
                }
            }
        }
        if has(&rules.three_heaps) {
            'group: for a in (1..).take_while(|&a| 3 * a <= rest) {
                for b in (a..).take_while(|&b| b <= (rest - a) / 2) {
                    match visit(HeapMove {
                        removed,
                        leaves: vec![a, b, rest - a - b],
                    }) {
                        Visit::Next => {}
                        Visit::SkipGroup => break 'group,
                        Visit::Stop => return,
                    }
                }
            }
        }
    }
}

/// Every move from a heap of `n` with the value of the position it leaves.
pub fn move_values(
    sequence: &mut Sequence,
    n: u64,
    limit: u64,
) -> Result<Vec<(HeapMove, u16)>, HeapError> {
    let game = sequence.game().clone();
    moves(&game, n, limit)?
        .into_iter()
        .map(|m| {
            let mut value = 0;
            for &heap in &m.leaves {
                value ^= sequence.value(heap)?;
            }
            Ok((m, value))
        })
        .collect()
}

/// How many moves a heap of `n` has, without listing them.
fn count_moves(rules: &Rules, n: u64) -> u128 {
    let mut count = 0u128;
    let n = u128::from(n);
    let offsets = |ks: &Vec<usize>| {
        ks.iter()
            .map(|&k| k as u128)
            .filter(|&k| k <= n)
            .collect::<Vec<_>>()
    };
    count += offsets(&rules.remove_all)
        .iter()
        .filter(|&&k| k == n)
        .count() as u128;
    count += offsets(&rules.one_heap).iter().filter(|&&k| k < n).count() as u128;
    for rest in offsets(&rules.two_heaps).iter().map(|k| n - k) {
        count += if rules.unequal {
            rest.saturating_sub(1) / 2
        } else {
            rest / 2
        };
    }
    for rest in offsets(&rules.three_heaps).iter().map(|k| n - k) {
        // Partitions of rest into three positive parts: the integer nearest rest^2 / 12.
        count += (rest * rest + 6) / 12;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::heap::Code;

    fn game(code: &str) -> HeapGame {
        Code::parse(code).unwrap().into()
    }

    fn leaves(moves: &[HeapMove]) -> Vec<(u64, Vec<u64>)> {
        moves
            .iter()
            .map(|m| (m.removed, m.leaves.clone()))
            .collect()
    }

    #[test]
    fn kayles_moves_from_a_row_of_four() {
        let found = moves(&HeapGame::kayles(), 4, 100).unwrap();
        let expected = vec![(1, vec![3]), (1, vec![1, 2]), (2, vec![2]), (2, vec![1, 1])];
        assert_eq!(leaves(&found), expected);
    }

    #[test]
    fn grundy_splits_unequally() {
        let found = moves(&HeapGame::Grundy, 6, 100).unwrap();
        assert_eq!(leaves(&found), vec![(0, vec![1, 5]), (0, vec![2, 4])]);
    }

    #[test]
    fn taking_the_whole_heap() {
        let found = moves(&game("0.1"), 1, 100).unwrap();
        assert_eq!(leaves(&found), vec![(1, vec![])]);
        assert!(moves(&game("0.1"), 2, 100).unwrap().is_empty());
    }

    #[test]
    fn counts_match_the_lists() {
        for code in ["0.77", "0.8F", "C.1", "4.37", "0.F0F"] {
            let rules = Rules::of(&game(code));
            for n in 0..40 {
                let listed = moves(&game(code), n, 100_000).unwrap().len() as u128;
                assert_eq!(count_moves(&rules, n), listed, "{code} at {n}");
            }
        }
        assert_eq!(count_moves(&Rules::of(&HeapGame::Grundy), 7), 3);
    }

    #[test]
    fn too_many_moves_is_an_error() {
        assert_eq!(
            moves(&game("0.8"), 1_000_000, 1000),
            Err(HeapError::TooManyMoves {
                heap: 1_000_000,
                limit: 1000
            })
        );
    }

    #[test]
    fn move_values_are_nim_sums() {
        let mut kayles = Sequence::new(HeapGame::kayles());
        let found = move_values(&mut kayles, 5, 100).unwrap();
        // g(1..4) = 1 2 3 1; the moves leave 4, 1+3, 2+2, 3, 1+2.
        let values: Vec<u16> = found.iter().map(|(_, v)| *v).collect();
        assert_eq!(values, [1, 1 ^ 3, 2 ^ 2, 3, 1 ^ 2]);
    }
}
