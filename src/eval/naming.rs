//! The names games are given (`let G = ...`, a family call `S(5)`), and their forgetting as
//! definitions change, in time proportional to what is forgotten: a script of 10^5 `let`s
//! must not look through every name at each one.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::game::{GameId, Names};

#[derive(Default)]
pub(super) struct GameNames {
    /// What each named game is called, as explanations read it.
    pub by_game: Names,
    /// The games given each `let` name (a game keeps the first name it was given).
    by_name: FxHashMap<Arc<str>, Vec<GameId>>,
    /// The games named by a family call, whose names a changed definition may make wrong
    /// (forgotten all together, so not kept by name: a million calls make a million names).
    calls: Vec<GameId>,
}

impl GameNames {
    /// Names a game, unless it has a name already.
    pub fn give(&mut self, id: GameId, name: Arc<str>) {
        if self.by_game.contains_key(&id) {
            return;
        }
        if is_call(&name) {
            self.calls.push(id);
        } else {
            self.by_name.entry(name.clone()).or_default().push(id);
        }
        self.by_game.insert(id, name);
    }

    /// Takes a name away from every game that has it.
    pub fn forget(&mut self, name: &str) {
        for id in self.by_name.remove(name).into_iter().flatten() {
            if self.by_game.get(&id).is_some_and(|given| **given == *name) {
                self.by_game.remove(&id);
            }
        }
    }

    /// Takes the names of family calls (`S(5)`) away.
    pub fn forget_calls(&mut self) {
        for id in std::mem::take(&mut self.calls) {
            if self.by_game.get(&id).is_some_and(|name| is_call(name)) {
                self.by_game.remove(&id);
            }
        }
    }
}

/// `S(5)`, not `G`.
fn is_call(name: &str) -> bool {
    name.contains('(')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;

    #[test]
    fn names_are_forgotten_one_by_one_and_calls_together() {
        let mut arena = Arena::default();
        let [a, b, c] = [1, 2, 3].map(|n| arena.nim(n).unwrap());
        let mut names = GameNames::default();
        names.give(a, "G".into());
        names.give(a, "H".into());
        names.give(b, "S(5)".into());
        names.give(c, "T(1, 2)".into());
        assert_eq!(names.by_game.get(&a).map(|n| &**n), Some("G"));
        names.forget("H");
        assert_eq!(names.by_game.len(), 3);
        names.forget_calls();
        assert_eq!(names.by_game.len(), 1);
        names.forget("G");
        assert!(names.by_game.is_empty());
        names.give(b, "S(5)".into());
        assert_eq!(names.by_game.get(&b).map(|n| &**n), Some("S(5)"));
    }
}
