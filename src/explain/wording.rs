//! Games explained in the words the user wrote them in. Equal games are one node, so the
//! node `*2` may be `rook(0, 2)`, `rook(2, 0)` or a heap typed `*2`; and `rook(1, 2) +
//! rook(2, 1)` is one node twice. A game is named here by where it stands: the game asked
//! about by its text, a part of a sum by its own call, an option by the call that made it.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::{Explainer, Result};
use crate::game::moves::Move;
use crate::game::reduce::mex;
use crate::game::{GameId, Node};

/// How the user wrote a game of their own (`rook(2, 2)` for `let rook(i, j) = ...`): its
/// options as its body writes them, in order and with repeats, each named by the call that
/// makes it (`rook(0, 2)`), though equal games are one node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Written {
    /// The call as typed: `rook(2, 2)`.
    pub name: String,
    pub options: Vec<(String, GameId)>,
    /// What each option's move does, in the words its body gave it (`as "take 2"`).
    pub words: Vec<Option<Arc<str>>>,
}

impl Written {
    /// Distinct games among the options.
    pub fn distinct(&self) -> usize {
        let mut ids: Vec<GameId> = self.options.iter().map(|&(_, id)| id).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len()
    }
}

/// How the user wrote the games an explanation is about, and those below them.
#[derive(Clone, Debug, Default)]
pub struct Wording {
    /// The games asked about that are calls of families of the user's own (a part of a sum
    /// among them), by node: the first written wins.
    games: Vec<(GameId, Arc<Written>)>,
    /// Sums, part by part (`None` for a part that is no call of the user's own): equal parts
    /// may be written differently.
    sums: FxHashMap<GameId, Vec<Option<Arc<Written>>>>,
    /// Games met below those, made by calls, each call's options as its body writes them.
    below: FxHashMap<GameId, Vec<Arc<Written>>>,
}

/// A game where it stands in an explanation: how it is called there, and its options as
/// written there (if the call that made it writes them).
#[derive(Clone, Debug)]
pub(super) struct Place {
    id: GameId,
    name: String,
    written: Option<Arc<Written>>,
    /// A game asked about (a part of a sum asked about): derived even if it is a heap.
    asked: bool,
}

impl Wording {
    /// A game asked about, as written.
    pub fn asked(&mut self, id: GameId, written: Arc<Written>) {
        self.games.push((id, written));
    }

    /// A sum, part by part as written (unless it was told already).
    pub fn sum(&mut self, id: GameId, parts: Vec<Option<Arc<Written>>>) {
        self.sums.entry(id).or_insert(parts);
    }

    /// Whether the sum `id` was told part by part.
    pub fn has_sum(&self, id: GameId) -> bool {
        self.sums.contains_key(&id)
    }

    /// A game met below those asked about, as the call that made it writes it.
    pub fn below(&mut self, id: GameId, written: Arc<Written>) {
        self.below.entry(id).or_default().push(written);
    }

    pub fn extend(&mut self, other: Wording) {
        self.games.extend(other.games);
        for (id, parts) in other.sums {
            self.sum(id, parts);
        }
        for (id, written) in other.below {
            self.below.entry(id).or_default().extend(written);
        }
    }

    /// How the game asked about `id` was written.
    fn game(&self, id: GameId) -> Option<&Arc<Written>> {
        self.games
            .iter()
            .find(|(game, _)| *game == id)
            .map(|(_, w)| w)
    }

    /// How the call `name` that made `id` writes its options, if it was worked out.
    fn called(&self, id: GameId, name: &str) -> Option<&Arc<Written>> {
        let below = self.below.get(&id).into_iter().flatten();
        let games = self.games.iter().filter(|(game, _)| *game == id);
        below
            .chain(games.map(|(_, written)| written))
            .find(|written| written.name == name)
    }
}

/// The options a proof lists of a game with these option values, by index, in the order it
/// lists them: by value; past `width` options, one of each value below the mex (or of each
/// value when the mex is 0), at most `width` of them.
pub fn listed_options(values: &[u64], width: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by_key(|&i| values[i]);
    if order.len() <= width {
        return order;
    }
    let value = mex(values.iter().copied());
    let mut listed: Vec<usize> = Vec::new();
    for i in order {
        let fresh = listed.last().is_none_or(|&last| values[last] != values[i]);
        if (values[i] < value || value == 0) && fresh && listed.len() < width {
            listed.push(i);
        }
    }
    listed
}

impl<'a> Explainer<'a> {
    /// A game as the user would call it: its name, or how it would be typed; where it
    /// stands, as it is called there.
    pub fn name(&self, id: GameId) -> String {
        if let Some((root, typed)) = &self.root
            && *root == id
        {
            return typed.clone();
        }
        if let Some(place) = self.place(id) {
            return place.name.clone();
        }
        // The zero game is one position however it was made (`Z(3)`, a sum of zero games):
        // the call that happened to make it first would misname it.
        let written = self.written_of(id).filter(|_| id != self.arena.zero());
        match (written, self.sum_wording(id)) {
            (Some(written), _) => written.name.clone(),
            (None, Some(parts)) => {
                let names = (0..parts.len()).map(|i| self.part_name(id, i));
                names.collect::<Vec<_>>().join(" + ")
            }
            (None, None) => self.plain_name(id),
        }
    }

    /// A game by the names the session gives games, or as grundy writes it.
    fn plain_name(&self, id: GameId) -> String {
        self.arena.describe_named(id, self.names)
    }

    /// Calls `id` as the user typed it, for the game an explanation is about.
    pub fn typed(mut self, id: GameId, text: &str) -> Self {
        self.root = Some((id, text.to_owned()));
        self
    }

    /// Explains the games asked about in the words they were written in.
    pub fn written(mut self, wording: Wording) -> Self {
        self.wording.extend(wording);
        self
    }

    /// Where `id` stands, if it is the game being explained at the place last entered.
    fn place(&self, id: GameId) -> Option<&Place> {
        self.focus.last().filter(|place| place.id == id)
    }

    /// How the user wrote `id`, if it is a game asked about and one of their own: as the
    /// part of a sum being explained, if it is that part.
    pub(super) fn written_of(&self, id: GameId) -> Option<&Arc<Written>> {
        if let Some(place) = self.place(id) {
            return place.written.as_ref().filter(|_| place.asked);
        }
        self.wording.game(id)
    }

    /// The options of `id` as written where it stands: of a game asked about, or of an
    /// option of one, as the call that made it writes them.
    pub(super) fn options_of(&self, id: GameId) -> Option<&Arc<Written>> {
        match self.place(id) {
            Some(place) => place.written.as_ref(),
            None => self.written_of(id),
        }
    }

    /// How the sum `sum` was written part by part, if it was.
    fn sum_wording(&self, sum: GameId) -> Option<&[Option<Arc<Written>>]> {
        let Node::Sum(parts) = self.arena.node(sum) else {
            return None;
        };
        let written = self.wording.sums.get(&sum)?;
        (written.len() == parts.len()).then_some(written)
    }

    /// How part `index` of the sum `sum` was written, if it is a game of the user's own.
    pub(super) fn part_written(&self, sum: GameId, index: usize) -> Option<&Arc<Written>> {
        match self.sum_wording(sum) {
            Some(parts) => parts[index].as_ref(),
            None => match self.arena.node(sum) {
                Node::Sum(parts) => self.written_of(parts[index]),
                _ => None,
            },
        }
    }

    /// Whether part `index` of the sum `sum` is a game asked about, written by the user
    /// (not a part of a sum met below one): such a part is derived even if it is a heap.
    pub(super) fn part_asked(&self, sum: GameId, index: usize) -> bool {
        let Node::Sum(parts) = self.arena.node(sum) else {
            return false;
        };
        let asked = self.wording.game(parts[index]);
        self.part_written(sum, index)
            .zip(asked)
            .is_some_and(|(written, asked)| written.name == asked.name)
    }

    /// Part `index` of the sum `sum`, named as it was written.
    pub(super) fn part_name(&self, sum: GameId, index: usize) -> String {
        let Node::Sum(parts) = self.arena.node(sum) else {
            return self.name(sum);
        };
        match (self.sum_wording(sum), self.part_written(sum, index)) {
            (_, Some(written)) => written.name.clone(),
            (Some(_), None) => self.plain_name(parts[index]),
            (None, None) => self.name(parts[index]),
        }
    }

    /// Runs `explain` with part `index` of `sum` named and listed as that part was written,
    /// though an equal part elsewhere was written otherwise.
    pub(super) fn in_part<T>(
        &mut self,
        sum: GameId,
        index: usize,
        explain: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let Node::Sum(parts) = self.arena.node(sum) else {
            return explain(self);
        };
        let place = Place {
            id: parts[index],
            name: self.part_name(sum, index),
            written: self.part_written(sum, index).cloned(),
            asked: self.part_asked(sum, index),
        };
        self.entered(place, explain)
    }

    /// Runs `explain` with the game `id` called `name`, as an option listed so, and its
    /// options as the call of that name writes them (if it is one met below a game asked
    /// about): an equal game elsewhere may be another call.
    pub(super) fn at<T>(
        &mut self,
        id: GameId,
        name: &str,
        explain: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let place = Place {
            id,
            name: name.to_owned(),
            written: self.wording.called(id, name).cloned(),
            asked: false,
        };
        self.entered(place, explain)
    }

    fn entered<T>(&mut self, place: Place, explain: impl FnOnce(&mut Self) -> T) -> T {
        self.focus.push(place);
        let result = explain(self);
        self.focus.pop();
        result
    }

    /// Whether a game, or a part of it, is one the user wrote.
    pub(super) fn has_written(&self, game: GameId) -> bool {
        match self.arena.node(game) {
            Node::Sum(parts) => (0..parts.len()).any(|i| self.part_written(game, i).is_some()),
            &Node::Product { left, right } => self.has_written(left) || self.has_written(right),
            _ => self.options_of(game).is_some(),
        }
    }

    /// The first `count` moves of a game: as written, or as the arena lists them.
    pub(super) fn first_moves(
        &mut self,
        game: GameId,
        count: usize,
    ) -> Result<Vec<(Move, GameId)>> {
        self.moves_where(game, count, None)
    }

    /// The moves to a losing game: as written, or as the arena finds them.
    pub(super) fn winning_moves(&mut self, game: GameId) -> Result<Vec<(Move, GameId)>> {
        if !self.has_written(game) {
            return self.arena.winning_moves(game);
        }
        self.moves_where(game, usize::MAX, Some(0))
    }

    /// The first `count` moves of a game (to games worth `value`, if given), with the
    /// options of a game the user wrote, or of such a part of a sum, as written.
    fn moves_where(
        &mut self,
        game: GameId,
        count: usize,
        value: Option<u64>,
    ) -> Result<Vec<(Move, GameId)>> {
        if let Some(written) = self.options_of(game) {
            let written = written.clone();
            return self.written_moves(&written, count, value);
        }
        // A product of factors written by the user, within the `options` limit: its moves
        // named by theirs (a larger one is listed by the arena, which never lists it whole).
        if let Node::Product { left, right } = *self.arena.node(game)
            && (self.has_written(left) || self.has_written(right))
            && self.arena.option_count(game) <= self.arena.limits.options
        {
            return self.product_moves_where((left, right), count, value);
        }
        let parts = match self.arena.node(game) {
            Node::Sum(parts) if self.has_written(game) => parts.clone(),
            _ => {
                return match value {
                    None => self.arena.first_moves(game, count),
                    Some(value) => self.arena.moves_to_value(game, value),
                };
            }
        };
        let total = self.arena.nimber(game)?;
        let mut found = Vec::new();
        for (index, &part) in parts.iter().enumerate() {
            // A move in part i must take it from g(i) to g(i) ⊕ g(sum) ⊕ value.
            let wanted = match value {
                Some(value) => Some(self.arena.nimber(part)? ^ total ^ value),
                None => None,
            };
            let left = count - found.len();
            let inner = match self.part_written(game, index).cloned() {
                Some(written) => self.written_moves(&written, left, wanted)?,
                None => match wanted {
                    None => self.arena.first_moves(part, left)?,
                    Some(wanted) => self.arena.moves_to_value(part, wanted)?,
                },
            };
            for (inner, to) in inner {
                let (how, moved) = self.arena.in_part(&parts, index, inner, to)?;
                self.moved_in_part(game, &how, moved);
                found.push((how, moved));
            }
            if found.len() == count {
                break;
            }
        }
        Ok(found)
    }

    /// The sum `moved` that a move `how` in a part of the sum `sum` leads to, written part by
    /// part as `sum` is, the part moved in as the move names it, when all of that is known.
    fn moved_in_part(&mut self, sum: GameId, how: &Move, moved: GameId) {
        let Move::Part {
            index,
            inner,
            moved: to,
        } = how
        else {
            return;
        };
        let (Some(before), None) = (self.sum_wording(sum), self.sum_wording(moved)) else {
            return;
        };
        let now = match (self.arena.node(*to), &**inner) {
            (Node::Sum(_), _) => match self.sum_wording(*to) {
                Some(parts) => parts.to_vec(),
                None => return,
            },
            (_, Move::Named(name, _)) => match self.wording.called(*to, name) {
                Some(written) => vec![Some(written.clone())],
                None => return,
            },
            _ => vec![None],
        };
        let mut parts = before[..*index].to_vec();
        parts.extend(now);
        parts.extend_from_slice(&before[index + 1..]);
        if matches!(self.arena.node(moved), Node::Sum(made) if made.len() == parts.len()) {
            self.wording.sum(moved, parts);
        }
    }

    /// The first `count` options as written (those worth `value`, if given).
    pub(super) fn written_moves(
        &mut self,
        written: &Written,
        count: usize,
        value: Option<u64>,
    ) -> Result<Vec<(Move, GameId)>> {
        let mut found = Vec::new();
        for (index, (name, id)) in written.options.iter().enumerate() {
            if found.len() == count {
                break;
            }
            if value.is_none_or(|v| v == self.arena.nimber(*id).unwrap_or(u64::MAX)) {
                let told = written.words.get(index).cloned().flatten();
                found.push((Move::Named(name.as_str().into(), told), *id));
            }
        }
        Ok(found)
    }

    /// How many moves a game has: as written, or as the arena counts them.
    pub(super) fn move_count(&self, game: GameId) -> u64 {
        if let Some(written) = self.options_of(game) {
            return written.options.len() as u64;
        }
        match self.arena.node(game) {
            Node::Sum(parts) => (0..parts.len())
                .map(|i| match self.part_written(game, i) {
                    Some(written) => written.options.len() as u64,
                    None => self.arena.option_count(parts[i]),
                })
                .fold(0, u64::saturating_add),
            _ => self.arena.option_count(game),
        }
    }

    /// The game a move from `from` leads to, as the move names it: a move in a part of a
    /// sum names the other parts as they were written.
    pub(super) fn reached(&self, from: GameId, how: &Move, to: GameId) -> String {
        match (how, self.arena.node(from)) {
            (Move::Named(name, _), _) => name.to_string(),
            (
                Move::Part {
                    index,
                    inner,
                    moved,
                },
                Node::Sum(parts),
            ) if self.has_written(from) => {
                let names: Vec<String> = (0..parts.len())
                    .map(|i| match i == *index {
                        true => self.reached(parts[i], inner, *moved),
                        false => self.part_name(from, i),
                    })
                    .collect();
                names.join(" + ")
            }
            _ => self.name(to),
        }
    }
}
