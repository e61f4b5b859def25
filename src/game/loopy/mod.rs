//! Games that can go on for ever: game graphs with cycles and families that come back to a
//! position, valued by the generalized Sprague–Grundy function ([`LoopyValue`]: a nimber, or
//! ∞ with the finite values among the options) and the labelling that finds it ([`label`]).
//!
//! A call of a loopy family is a placeholder node ([`Node::Loopy`]) until its body has been
//! evaluated; then it stands for the game its body made. When a value is asked for, the
//! positions reachable from it whose values are not known yet (the region: placeholders, option
//! lists, sums with a loopy part, the latter played as the product of their parts' graphs) are
//! labelled together; games outside the region take part by their values.

pub mod label;
mod value;

pub use value::{LoopyValue, Outcome};

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Arena, GameError, GameId, Node, UNKNOWN, Watch};

/// The marker in the arena's nimbers of a game worth ∞ (its K is kept in [`Store`]).
pub(super) const INFINITE: u64 = u64::MAX - 1;

/// What the arena knows of loopy games.
#[derive(Default)]
pub(super) struct Store {
    /// The game each loopy call stands for, once its body is evaluated, by call number.
    meanings: Vec<Option<GameId>>,
    /// K of each game worth ∞.
    infinite: FxHashMap<GameId, Box<[u64]>>,
    /// The step at which a game valued by the labelling got its nimber (see
    /// [`label::Labelled::steps`]), or `u64::MAX` for ∞: every game valued by the labelling
    /// is here.
    steps: FxHashMap<GameId, u64>,
    /// Steps given so far, across every labelling.
    next_step: u64,
    /// Games found not to reach a loopy one ([`Arena::reaches_loopy`]).
    loop_free: FxHashSet<GameId>,
}

/// Where a game stands when a region is gathered.
enum Place {
    /// Its value is known.
    Known(GameId),
    /// It belongs to the region (after the placeholders it stood behind).
    Member(GameId),
}

impl Arena {
    /// A new call of a loopy family, whose game its body will give ([`Arena::define_loopy`]).
    pub fn loopy_call(&mut self) -> Result<GameId, GameError> {
        let call = self.loopy.meanings.len() as u32;
        let id = self.intern(Node::Loopy { call })?;
        self.loopy.meanings.push(None);
        Ok(id)
    }

    /// The loopy call `placeholder` stands for `game`.
    pub fn define_loopy(&mut self, placeholder: GameId, game: GameId) {
        if let Node::Loopy { call } = *self.node(placeholder) {
            self.loopy.meanings[call as usize] = Some(game);
        }
    }

    /// The game a loopy call stands for, once its body is evaluated.
    pub fn loopy_meaning(&self, id: GameId) -> Option<GameId> {
        match *self.node(id) {
            Node::Loopy { call } => self.loopy.meanings[call as usize],
            _ => None,
        }
    }

    /// The game a loopy call stands for, past calls that stand for calls.
    pub fn loopy_target(&self, id: GameId) -> Result<GameId, GameError> {
        let mut at = id;
        for _ in 0..=self.loopy.meanings.len() {
            match *self.node(at) {
                Node::Loopy { call } => match self.loopy.meanings[call as usize] {
                    Some(meaning) => at = meaning,
                    None => return Err(GameError::LoopyUnfinished),
                },
                _ => return Ok(at),
            }
        }
        Err(GameError::LoopyWithoutMoves)
    }

    /// A loopy call whose body is still to be evaluated.
    pub fn loopy_pending(&self, id: GameId) -> bool {
        matches!(self.node(id), Node::Loopy { .. }) && self.loopy_meaning(id).is_none()
    }

    /// Whether the game was valued by the labelling of games that can come back to a position
    /// (a game graph with a cycle, a loopy family, a game worth ∞), so that its value is not the
    /// mex of its options' and an explanation must not walk its options down.
    pub fn is_loopy(&self, id: GameId) -> bool {
        self.loopy.steps.contains_key(&id)
            || self.nimbers[id.index()] == INFINITE
            || matches!(self.node(id), Node::Loopy { .. })
    }

    /// Whether the game is where play can come back: a loopy call, or a vertex of a graph
    /// with a cycle. Every game that can go on for ever reaches one.
    pub fn loops(&self, id: GameId) -> bool {
        match *self.node(id) {
            Node::Loopy { .. } => true,
            Node::Vertex { graph, .. } => self.digraph_of(graph).is_loopy(),
            _ => false,
        }
    }

    /// Whether play in the game may reach a position that can come back ([`Arena::loops`]):
    /// then its explanations are the labelling's, not the mex rule's.
    pub fn reaches_loopy(&mut self, id: GameId) -> bool {
        if self.loopy.meanings.is_empty() && !self.digraphs.iter().any(|g| g.is_loopy()) {
            return false;
        }
        let mut seen: FxHashSet<GameId> = FxHashSet::default();
        let mut stack = vec![id];
        while let Some(game) = stack.pop() {
            if self.loopy.loop_free.contains(&game) || !seen.insert(game) {
                continue;
            }
            if self.loops(game) {
                return true;
            }
            match self.node(game) {
                Node::Options(ids) | Node::Sum(ids) | Node::WithSums { ids, .. } => {
                    stack.extend(ids.iter().copied())
                }
                &Node::Product { left, right } => stack.extend([left, right]),
                _ => {}
            }
        }
        // Found loop-free, every game gone through is.
        self.loopy.loop_free.extend(seen);
        false
    }

    /// The step of the labelling at which the game got its nimber (smaller: settled earlier).
    pub fn loopy_step(&self, id: GameId) -> Option<u64> {
        self.loopy
            .steps
            .get(&id)
            .copied()
            .filter(|&s| s != u64::MAX)
    }

    /// The game's generalized Sprague–Grundy value.
    pub fn value(&mut self, id: GameId) -> Result<LoopyValue, GameError> {
        self.settle(id)?;
        Ok(self.known_value(id).expect("settled"))
    }

    /// The value already worked out, if it is.
    pub fn known_value(&self, id: GameId) -> Option<LoopyValue> {
        match self.nimbers[id.index()] {
            UNKNOWN => None,
            INFINITE => Some(LoopyValue::Infinite(self.loopy.infinite[&id].clone())),
            n => Some(LoopyValue::Finite(n)),
        }
    }

    /// Keeps the game's value.
    pub(super) fn keep_value(&mut self, id: GameId, value: &LoopyValue) {
        self.nimbers[id.index()] = match value {
            LoopyValue::Finite(n) => *n,
            LoopyValue::Infinite(k) => {
                self.loopy.infinite.insert(id, k.clone());
                INFINITE
            }
        };
    }

    /// A vertex of a graph with a cycle, labelled at `step` of its graph's labelling (u32::MAX:
    /// worth ∞); steps of a graph are compared only with the same graph's.
    pub(super) fn loopy_mark(&mut self, id: GameId, step: u32) {
        let step = match step {
            u32::MAX => u64::MAX,
            step => u64::from(step),
        };
        self.loopy.steps.insert(id, step);
    }

    /// Keeps a value the labelling found, with its step.
    fn keep_labelled(&mut self, id: GameId, value: &LoopyValue, step: u64) {
        self.keep_value(id, value);
        self.loopy.steps.insert(id, step);
    }

    /// Values a game at least one of whose options or parts is worth ∞ (none coming back to
    /// it): the generalized mex, or sum.
    pub(super) fn value_above_loopy(&mut self, id: GameId) -> Result<(), GameError> {
        let value = match self.node(id).clone() {
            Node::Sum(parts) => parts
                .iter()
                .map(|&p| self.known_value(p).expect("parts valued"))
                .fold(LoopyValue::Finite(0), |a, b| a.plus(&b)),
            _ => {
                let options = self.options(id)?;
                let values: Vec<LoopyValue> = options
                    .iter()
                    .map(|&o| self.value(o))
                    .collect::<Result<_, _>>()?;
                LoopyValue::mex_of(&values)
            }
        };
        self.keep_value(id, &value);
        Ok(())
    }

    /// Forgets what was learned of games from `first` on (see [`Arena::rollback`]).
    pub(super) fn loopy_rollback(&mut self, first: GameId) {
        self.loopy.infinite.retain(|id, _| *id < first);
        self.loopy.steps.retain(|id, _| *id < first);
        self.loopy.loop_free.retain(|id| *id < first);
    }

    /// Where a game stands for the region: known, or a member, after the placeholders in
    /// front of it (noted in `behind`, to be given its value).
    fn place(
        &mut self,
        id: GameId,
        behind: &mut Vec<(GameId, GameId)>,
    ) -> Result<Place, GameError> {
        let mut at = id;
        let mut hops = 0usize;
        loop {
            if self.nimbers[at.index()] != UNKNOWN {
                break;
            }
            match self.node(at) {
                Node::Loopy { call } => {
                    let Some(meaning) = self.loopy.meanings[*call as usize] else {
                        return Err(GameError::LoopyUnfinished);
                    };
                    hops += 1;
                    if hops > self.loopy.meanings.len() {
                        return Err(GameError::LoopyWithoutMoves);
                    }
                    at = meaning;
                }
                Node::Options(_) | Node::WithSums { .. } => return self.member(id, at, behind),
                Node::Sum(parts) => {
                    let parts = parts.clone();
                    match parts.iter().all(|&p| self.nimbers[p.index()] != UNKNOWN) {
                        true => {
                            self.value_above_loopy(at)?;
                            break;
                        }
                        false => return self.member(id, at, behind),
                    }
                }
                _ => {
                    self.settle(at)?;
                    break;
                }
            }
        }
        if at != id {
            behind.push((id, at));
        }
        Ok(Place::Known(at))
    }

    fn member(
        &mut self,
        id: GameId,
        at: GameId,
        behind: &mut Vec<(GameId, GameId)>,
    ) -> Result<Place, GameError> {
        if at != id {
            behind.push((id, at));
        }
        Ok(Place::Member(at))
    }

    /// Values every position reachable from `start` whose value is not known, together.
    pub(super) fn solve_loopy(&mut self, start: GameId) -> Result<(), GameError> {
        let mut behind = Vec::new();
        let root = match self.place(start, &mut behind)? {
            Place::Known(_) => {
                return {
                    self.give_behind(&behind);
                    Ok(())
                };
            }
            Place::Member(root) => root,
        };
        let mut members = vec![root];
        let mut index: FxHashMap<GameId, u32> = FxHashMap::default();
        index.insert(root, 0);
        let mut fixed_index: FxHashMap<GameId, u32> = FxHashMap::default();
        let mut fixed = Vec::new();
        let mut offsets = vec![0u32];
        let mut targets: Vec<u32> = Vec::new();
        let mut at = 0;
        // Targets are numbered members first; a known game's number is its place among the
        // known, marked by the top bit until the members are counted.
        const KNOWN: u32 = 1 << 31;
        while at < members.len() {
            if Watch::due(at) {
                self.watch.tick("loopy: positions gathered", at as u64, 0)?;
            }
            let options = match self.node(members[at]) {
                Node::Options(list) => list.to_vec(),
                _ => self.options(members[at])?,
            };
            let mut seen: FxHashSet<u32> = FxHashSet::default();
            for option in options {
                let target = match self.place(option, &mut behind)? {
                    Place::Member(game) => *index.entry(game).or_insert_with(|| {
                        members.push(game);
                        (members.len() - 1) as u32
                    }),
                    Place::Known(game) => {
                        KNOWN
                            | *fixed_index.entry(game).or_insert_with(|| {
                                fixed.push(game);
                                (fixed.len() - 1) as u32
                            })
                    }
                };
                if seen.insert(target) {
                    targets.push(target);
                }
            }
            offsets.push(targets.len() as u32);
            at += 1;
        }
        let count = members.len() as u32;
        for target in &mut targets {
            if *target & KNOWN != 0 {
                *target = count + (*target & !KNOWN);
            }
        }
        let fixed: Vec<LoopyValue> = fixed
            .iter()
            .map(|&game| self.known_value(game).expect("known"))
            .collect();
        let graph = label::Graph {
            offsets: &offsets,
            targets: &targets,
            fixed: &fixed,
        };
        let labelled = label::label(&graph, &mut self.watch)?;
        let first = self.loopy.next_step;
        for (i, value) in labelled.values.iter().enumerate() {
            let step = match labelled.steps[i] {
                u32::MAX => u64::MAX,
                step => first + u64::from(step),
            };
            self.keep_labelled(members[i], value, step);
        }
        self.loopy.next_step = first + u64::from(count);
        self.give_behind(&behind);
        Ok(())
    }

    /// Placeholders are worth what they stand for.
    fn give_behind(&mut self, behind: &[(GameId, GameId)]) {
        for &(placeholder, game) in behind.iter().rev() {
            let value = self.known_value(game).expect("valued");
            self.keep_value(placeholder, &value);
            if let Some(&step) = self.loopy.steps.get(&game) {
                self.loopy.steps.insert(placeholder, step);
            }
        }
    }
}
