//! Misère outcomes found by playing every move, no theory: a position is a P-position when
//! it has a move and every move leads to an N-position. Positions are sums kept as sorted
//! lists of their parts, games with no move left out, and remembered.
//!
//! This is how a distinguishing game is checked before it is shown, and how `why` shows
//! the search when the mex rule does not decide.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::{Arena, GameError, GameId};

/// A position: the parts of a sum, sorted, none of them without options.
type Position = Box<[GameId]>;

impl Arena {
    /// Whether the player to move loses, by playing every move (remembered per position).
    pub fn misere_losing_by_play(&mut self, id: GameId) -> Result<bool, GameError> {
        // Each part's options, listed once for the whole search (a part is met in many
        // positions).
        let mut options: FxHashMap<GameId, Rc<[GameId]>> = FxHashMap::default();
        let start = self.position_of(&[id], &mut options)?;
        let mut stack = vec![start.clone()];
        let mut next: FxHashMap<Position, Vec<Position>> = Default::default();
        let mut steps = 0usize;
        while let Some(top) = stack.last().cloned() {
            if self.misere.played.contains_key(&top) {
                stack.pop();
                continue;
            }
            steps += 1;
            if steps.is_multiple_of(1 << 12) {
                self.watch.spend(1 << 12)?;
                let played = self.misere.played.len() as u64;
                self.watch.tick("misère positions played out", played, 0)?;
                self.check_misere_memory()?;
            }
            if self.misere.played.len() >= self.limits.nodes {
                return Err(GameError::TooManyNodes {
                    limit: self.limits.nodes,
                });
            }
            if !next.contains_key(&top) {
                let moves = self.positions_after(&top, &mut options)?;
                next.insert(top.clone(), moves);
            }
            let moves = &next[&top];
            let waiting: Vec<Position> = (moves.iter())
                .filter(|m| !self.misere.played.contains_key(*m))
                .cloned()
                .collect();
            if !waiting.is_empty() {
                stack.extend(waiting);
                continue;
            }
            let losing = !moves.is_empty() && moves.iter().all(|m| !self.misere.played[m]);
            next.remove(&top);
            self.misere.played_bytes += super::canonical::allocation(4 * top.len());
            self.misere.played.insert(top, losing);
            stack.pop();
        }
        self.watch.finish();
        self.check_misere_memory()?;
        Ok(self.misere.played[&start])
    }

    /// The position of a sum of these games: their parts, flattened, sorted, those without
    /// options left out.
    fn position_of(
        &mut self,
        games: &[GameId],
        options: &mut FxHashMap<GameId, Rc<[GameId]>>,
    ) -> Result<Position, GameError> {
        let mut parts = Vec::new();
        for &game in games {
            for part in self.parts(game) {
                if !self.options_of(part, options)?.is_empty() {
                    parts.push(part);
                }
            }
        }
        parts.sort_unstable();
        Ok(parts.into())
    }

    fn options_of(
        &mut self,
        part: GameId,
        options: &mut FxHashMap<GameId, Rc<[GameId]>>,
    ) -> Result<Rc<[GameId]>, GameError> {
        if let Some(list) = options.get(&part) {
            return Ok(list.clone());
        }
        let list: Rc<[GameId]> = self.options(part)?.into();
        options.insert(part, list.clone());
        Ok(list)
    }

    /// Every position one move away.
    fn positions_after(
        &mut self,
        position: &[GameId],
        options: &mut FxHashMap<GameId, Rc<[GameId]>>,
    ) -> Result<Vec<Position>, GameError> {
        let mut after = Vec::new();
        for (i, &part) in position.iter().enumerate() {
            for &option in self.options_of(part, options)?.iter() {
                let mut games: Vec<GameId> = position.to_vec();
                games[i] = option;
                after.push(self.position_of(&games, options)?);
            }
        }
        Ok(after)
    }
}
