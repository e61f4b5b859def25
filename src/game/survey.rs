//! The options of a game by value, for the mex rule's explanation: how many there are,
//! which values they take, and a few of them as games. A heap's options are valued from its
//! table, so only the options shown become games in the DAG (a heap of 200 000 has 100 000
//! options; a proof shows a handful).

use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::heap::{HeapMove, Visit, visit_moves};
use super::reduce::mex;
use super::{Arena, GameError, GameId, HeapGameId, Node};

/// The options of a game, by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Survey {
    /// Distinct options (games) in all.
    pub count: u64,
    /// The values they take, ascending, each once.
    pub values: Vec<u64>,
    /// The options shown, by value (ties in the order of the moves): every option when
    /// there are at most `width`; otherwise one of each value below the mex (at most
    /// `width` of them), or the first `width` when the mex is 0.
    pub shown: Vec<(GameId, u64)>,
    /// How the options shown are named, when not by their games (a game of the user's own
    /// names them as its body writes them); empty otherwise.
    pub names: Vec<String>,
}

impl Survey {
    /// The mex of the options' values: the game's value.
    pub fn mex(&self) -> u64 {
        mex(self.values.iter().copied())
    }
}

impl Arena {
    /// The options of `id` by value, showing at most `width` of them (see [`Survey`]).
    pub fn survey(&mut self, id: GameId, width: usize) -> Result<Survey, GameError> {
        let count = self.option_count(id);
        if count > self.limits.options {
            return Err(GameError::TooManyOptions {
                count,
                limit: self.limits.options,
            });
        }
        if let Node::Heap { game, size } = *self.node(id) {
            return self.heap_survey(game, size, width);
        }
        let mut options: Vec<(GameId, u64)> = Vec::new();
        for (_, to) in self.moves(id)? {
            if !options.iter().any(|&(seen, _)| seen == to) {
                options.push((to, self.nimber(to)?));
            }
        }
        options.sort_by_key(|&(_, v)| v);
        let mut values: Vec<u64> = options.iter().map(|&(_, v)| v).collect();
        values.dedup();
        let value = mex(values.iter().copied());
        let shown = if options.len() <= width {
            options.clone()
        } else {
            witnesses(&options, value, width)
        };
        Ok(Survey {
            count: options.len() as u64,
            values,
            shown,
            names: Vec::new(),
        })
    }

    /// A heap's options valued from the table; only the ones shown become games.
    fn heap_survey(
        &mut self,
        game: HeapGameId,
        size: u64,
        width: usize,
    ) -> Result<Survey, GameError> {
        let rules = self.heap_game(game).clone();
        // The `width` options of least value (ties by move order), largest on top.
        let mut least: BinaryHeap<(u64, u64, HeapMove)> = BinaryHeap::new();
        let mut first_of: FxHashMap<u64, HeapMove> = FxHashMap::default();
        let (mut count, mut failure) = (0u64, None);
        visit_moves(&rules, size, &mut |m| {
            count += 1;
            if count.is_multiple_of(1 << 12)
                && let Err(error) = self.watch.check()
            {
                failure = Some(error);
                return Visit::Stop;
            }
            let mut value = 0;
            for &heap in &m.leaves {
                match self.heap_value(game, heap) {
                    Ok(v) => value ^= v,
                    Err(error) => {
                        failure = Some(error);
                        return Visit::Stop;
                    }
                }
            }
            if least.len() < width {
                least.push((value, count, m.clone()));
            } else if least
                .peek()
                .is_some_and(|top| (value, count) < (top.0, top.1))
            {
                least.pop();
                least.push((value, count, m.clone()));
            }
            first_of.entry(value).or_insert(m);
            Visit::Next
        });
        if let Some(error) = failure {
            return Err(error);
        }
        let mut values: Vec<u64> = first_of.keys().copied().collect();
        values.sort_unstable();
        let value = mex(values.iter().copied());
        let chosen: Vec<(HeapMove, u64)> = if count <= width as u64 || value == 0 {
            let mut least = least.into_vec();
            least.sort_unstable_by_key(|&(v, index, _)| (v, index));
            least.into_iter().map(|(v, _, m)| (m, v)).collect()
        } else {
            (0..value.min(width as u64))
                .map(|v| (first_of[&v].clone(), v))
                .collect()
        };
        let mut shown = Vec::with_capacity(chosen.len());
        for (m, v) in chosen {
            let (_, to) = self.heap_option(game, size, m)?;
            shown.push((to, v));
        }
        shown.sort_by_key(|&(_, v)| v);
        Ok(Survey {
            count,
            values,
            shown,
            names: Vec::new(),
        })
    }
}

/// One option of each value below the mex, which is what the mex rule needs (or, for a mex
/// of 0, the first few), at most `width`.
fn witnesses(options: &[(GameId, u64)], value: u64, width: usize) -> Vec<(GameId, u64)> {
    if value == 0 {
        // The mex rule needs no witness here; show the first few all the same.
        return options[..width].to_vec();
    }
    let mut listed: Vec<(GameId, u64)> = Vec::new();
    for &(option, v) in options {
        if v < value && listed.last().is_none_or(|&(_, last)| last != v) && listed.len() < width {
            listed.push((option, v));
        }
    }
    listed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::heap::HeapGame;

    /// The survey of a heap, valued from its table, agrees with the one made from every
    /// option as a game.
    #[test]
    fn a_heap_survey_agrees_with_its_options() {
        for game in [HeapGame::kayles(), HeapGame::dawson(), HeapGame::Grundy] {
            for size in [0, 1, 5, 13, 40] {
                for width in [0, 3, 8, 1000] {
                    let mut arena = Arena::default();
                    let heap = arena.heap(&game, size).unwrap();
                    let fast = arena.survey(heap, width).unwrap();
                    let mut options: Vec<(GameId, u64)> = Vec::new();
                    for (_, to) in arena.moves(heap).unwrap() {
                        options.push((to, arena.nimber(to).unwrap()));
                    }
                    options.sort_by_key(|&(_, v)| v);
                    let mut values: Vec<u64> = options.iter().map(|&(_, v)| v).collect();
                    values.dedup();
                    assert_eq!(fast.count, options.len() as u64, "{game} {size}");
                    assert_eq!(fast.values, values, "{game} {size}");
                    assert_eq!(fast.mex(), arena.nimber(heap).unwrap(), "{game} {size}");
                    let expected = if options.len() <= width {
                        options.clone()
                    } else {
                        witnesses(&options, fast.mex(), width)
                    };
                    assert_eq!(fast.shown, expected, "{game} {size} width {width}");
                }
            }
        }
    }
}
