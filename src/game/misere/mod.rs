//! Misère play: the player who makes the last move loses.
//!
//! The mex rule does not decide misère games, so they are worked out from Conway's theory:
//! - a sum of nim heaps by Bouton's rule for misère Nim ([`nim`]);
//! - a sum of tame games by their genera, which add as misère Nim heaps do ([`genus`]);
//! - anything else from its simplest form ([`canonical`]), sums added in simplest form.
//!
//! A game of the DAG is turned into its simplest form once and remembered. A play convention
//! is passed down by the evaluator ([`Play`]); nothing else in the arena depends on it.

pub mod canonical;
mod days;
mod distinguish;
pub mod genus;
mod genus_of;
mod held;
pub mod nim;
mod play;
mod show;

use rustc_hash::FxHashMap;

pub use canonical::{Canon, CanonId, Reduction};
pub use genus::{Class, Genus};
pub use held::MisereMark;
pub use nim::Bouton;
pub use show::Spelled;

use super::{Arena, GameError, GameId, Node};

/// Who wins when no move is left.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses (the last move wins).
    #[default]
    Normal,
    /// The player who cannot move wins (the last move loses).
    Misere,
}

impl Play {
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        }
    }
}

/// What the arena knows of misère play: the simplest forms, and which game of the DAG has
/// which.
#[derive(Default)]
pub struct MisereTables {
    pub canon: Canon,
    /// In the order found, so that a failed statement's are forgotten (see [`held`]).
    forms: held::FxIndexMap<GameId, CanonId>,
    /// Options listed for a game whose own options are still being worked out.
    pending: FxHashMap<GameId, Vec<GameId>>,
    /// Outcomes found by play (see [`Arena::misere_losing_by_play`]), in the order found.
    played: held::FxIndexMap<Box<[GameId]>, bool>,
    /// What the positions played out hold on the heap.
    played_bytes: u64,
    /// What the tables took when last measured: the DAG's growth is checked against the
    /// `memory` limit with it (measuring at every node would cost more than the node).
    held: u64,
}

/// Which part of the theory decides a misère outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Every part is a nim heap: misère Nim, by Bouton's rule.
    Nim(Bouton),
    /// Every part is tame: their genera add as nim heaps do.
    Tame {
        parts: Vec<(GameId, Genus)>,
        sum: Genus,
    },
    /// From the simplest form of the whole (`form`): its misère Grundy value.
    Simplest { form: CanonId },
}

impl Rule {
    /// Whether the player to move loses.
    pub fn losing(&self, canon: &Canon) -> bool {
        match self {
            Rule::Nim(bouton) => bouton.losing(),
            Rule::Tame { sum, .. } => sum.misere() == 0,
            Rule::Simplest { form } => canon.is_p(*form),
        }
    }
}

/// Steps a sum of simplest forms counts for (see [`Watch::spend`]): it sorts and looks up
/// its options' sums, as long as a few calls of a family take.
const SUM_STEPS: u64 = 8;

impl Arena {
    pub fn misere(&self) -> &MisereTables {
        &self.misere
    }

    /// The table of simplest forms, to read genera and reductions from.
    pub fn misere_canon(&mut self) -> &mut Canon {
        &mut self.misere.canon
    }

    /// The parts of a game: a sum's, or the game alone.
    pub fn parts(&self, id: GameId) -> Vec<GameId> {
        match self.node(id) {
            Node::Sum(parts) => parts.to_vec(),
            _ => vec![id],
        }
    }

    /// Which rule decides the misère outcome of a game.
    pub fn misere_rule(&mut self, id: GameId) -> Result<Rule, GameError> {
        let parts = self.parts(id);
        let heaps: Option<Vec<u64>> = (parts.iter())
            .map(|&p| match self.node(p) {
                Node::Nim(chips) => Some(*chips),
                _ => None,
            })
            .collect();
        if let Some(heaps) = heaps {
            return Ok(Rule::Nim(Bouton::new(heaps)));
        }
        if parts.len() > 1 {
            let mut tame = Vec::new();
            for &part in &parts {
                // A nim heap's genus is known without its simplest form (which for a heap
                // of a million chips would not fit).
                if let Node::Nim(chips) = *self.node(part) {
                    tame.push((part, genus::nim_heap(chips)));
                    continue;
                }
                let form = self.misere_form(part)?;
                if !self.misere.canon.class(form).is_tame() {
                    break;
                }
                tame.push((part, self.misere.canon.genus(form)));
            }
            if tame.len() == parts.len() {
                let genera: Vec<Genus> = tame.iter().map(|(_, g)| g.clone()).collect();
                let sum = genus::tame_sum(&genera);
                return Ok(Rule::Tame { parts: tame, sum });
            }
        }
        Ok(Rule::Simplest {
            form: self.misere_form(id)?,
        })
    }

    /// Whether the player to move loses the game in misère play (a misère P-position).
    pub fn misere_losing(&mut self, id: GameId) -> Result<bool, GameError> {
        let rule = self.misere_rule(id)?;
        Ok(rule.losing(&self.misere.canon))
    }

    /// Whether two games are equal in misère play: the same in every sum, that is of the
    /// same simplest form.
    pub fn misere_equal(&mut self, a: GameId, b: GameId) -> Result<bool, GameError> {
        // Nim heaps are in simplest form already, and differ from each other: no need to
        // build *100000's simplest form to see it is *100000.
        match (self.node(a), self.node(b)) {
            _ if a == b => return Ok(true),
            (Node::Nim(n), Node::Nim(m)) => return Ok(n == m),
            _ => {}
        }
        Ok(self.misere_form(a)? == self.misere_form(b)?)
    }

    /// The genus of a game, and what it says of the game in words.
    pub fn misere_genus(&mut self, id: GameId) -> Result<(Genus, Class), GameError> {
        let form = self.misere_form(id)?;
        let canon = &mut self.misere.canon;
        Ok((canon.genus(form), canon.class(form)))
    }

    /// The misère simplest form of a game, from the simplest forms of its options (a sum's
    /// from its parts', added in simplest form). Worked out with a stack of its own.
    pub fn misere_form(&mut self, id: GameId) -> Result<CanonId, GameError> {
        if let Some(&form) = self.misere.forms.get(&id) {
            return Ok(form);
        }
        let mut stack = vec![id];
        let mut steps = 0usize;
        while let Some(&top) = stack.last() {
            if self.misere.forms.contains_key(&top) {
                stack.pop();
                continue;
            }
            steps += 1;
            if steps.is_multiple_of(1 << 12) {
                self.watch.spend(1 << 12)?;
                let found = self.misere.canon.len() as u64;
                self.watch.tick("misère simplest forms found", found, 0)?;
                self.check_misere_memory()?;
            }
            if self.loops(top) {
                return Err(GameError::LoopyMisere);
            }
            let form = match self.node(top).clone() {
                Node::Nim(chips) => self.misere_nim(chips)?,
                Node::Sum(parts) => {
                    if self.push_unknown(&parts, &mut stack) {
                        continue;
                    }
                    let mut sum = canonical::ZERO;
                    for part in parts.iter() {
                        let form = self.misere.forms[part];
                        sum = self.misere_add(sum, form)?;
                    }
                    sum
                }
                _ => {
                    let options = match self.misere.pending.get(&top) {
                        Some(options) => options.clone(),
                        None => {
                            let options = self.options(top)?;
                            self.misere.pending.insert(top, options.clone());
                            options
                        }
                    };
                    if self.push_unknown(&options, &mut stack) {
                        continue;
                    }
                    self.misere.pending.remove(&top);
                    let forms = options.iter().map(|o| self.misere.forms[o]).collect();
                    let form = self.misere.canon.make(forms);
                    self.check_misere_memory()?;
                    form
                }
            };
            self.misere.forms.insert(top, form);
            stack.pop();
        }
        self.watch.finish();
        self.check_misere_memory()?;
        Ok(self.misere.forms[&id])
    }

    /// Pushes the games whose simplest form is not known yet; whether there were any.
    fn push_unknown(&self, games: &[GameId], stack: &mut Vec<GameId>) -> bool {
        let waiting = stack.len();
        stack.extend(games.iter().filter(|&g| !self.misere.forms.contains_key(g)));
        stack.len() > waiting
    }

    /// *n in simplest form: every smaller heap too, one by one within the limits.
    fn misere_nim(&mut self, chips: u64) -> Result<CanonId, GameError> {
        if chips > self.limits.options {
            return Err(GameError::TooManyOptions {
                count: chips,
                limit: self.limits.options,
            });
        }
        for heap in 0..=chips as usize {
            self.misere.canon.nim(heap);
            if heap.is_multiple_of(64) {
                // The heap's simplest form lists every smaller one.
                self.watch.spend(heap as u64)?;
                self.watch
                    .tick("misère nim heaps in simplest form", heap as u64, chips)?;
                self.check_misere_memory()?;
            }
        }
        self.watch.finish();
        self.check_misere_memory()?;
        Ok(self.misere.canon.nim(chips as usize))
    }

    /// a + b in simplest form, within the limits and stopping on Ctrl-C.
    pub fn misere_add(&mut self, a: CanonId, b: CanonId) -> Result<CanonId, GameError> {
        self.within_budget("misère sums added", |canon, budget| {
            canon.add(a, b, budget)
        })
    }

    /// Runs a computation on the simplest forms that asks, step by step, whether to go on:
    /// it is stopped at the limits and on Ctrl-C, with their error.
    fn within_budget<T>(
        &mut self,
        what: &str,
        run: impl FnOnce(&mut Canon, &mut dyn FnMut(&Canon) -> bool) -> Option<T>,
    ) -> Result<T, GameError> {
        let Arena {
            misere,
            watch,
            limits,
            dag_bytes,
            held_outside,
            ..
        } = self;
        let mut failed = None;
        let beside = misere.bytes_beside_canon();
        let result = {
            let mut count = 0u64;
            let mut budget = |canon: &Canon| {
                count += 1;
                // A full map is rehashed at the next entry: room for it is made sure of first.
                let growth = canon.next_growth();
                if growth > 0
                    && let Err(error) = watch.room_for(growth)
                {
                    failed = Some(error);
                    return false;
                }
                // Measuring the tables costs a few map lookups: every 64 steps, each of
                // which adds a few entries at most.
                if !count.is_multiple_of(64) {
                    return true;
                }
                let held = beside.saturating_add(canon.heap_bytes());
                if let Err(error) =
                    memory_left(held, canon.len(), *limits, *dag_bytes, *held_outside)
                {
                    failed = Some(error);
                } else if let Err(error) = watch.spend(64 * SUM_STEPS) {
                    failed = Some(error);
                } else if count.is_multiple_of(1 << 10)
                    && let Err(error) = watch.tick(what, count, 0)
                {
                    failed = Some(error);
                }
                failed.is_none()
            };
            run(&mut misere.canon, &mut budget)
        };
        watch.finish();
        // Measured again whatever happened: a diagnostic says what the tables hold.
        if let Err(error) = self.check_misere_memory() {
            failed.get_or_insert(error);
        }
        match (result, failed) {
            (Some(result), _) => Ok(result),
            (None, Some(error)) => Err(error),
            (None, None) => Err(GameError::Cancelled),
        }
    }

    /// Measures the tables, and whether they still fit beside the DAG.
    pub(super) fn check_misere_memory(&mut self) -> Result<(), GameError> {
        // What the process holds by measure (the forms' transient lists too), and Ctrl-C.
        self.watch.check()?;
        self.misere.held = self.misere.bytes();
        memory_left(
            self.misere.held,
            self.misere.canon.len(),
            self.limits,
            self.dag_bytes,
            self.held_outside,
        )
    }

    /// A simplest form as a game of the DAG (a nim heap where it is one).
    pub fn misere_game(&mut self, form: CanonId) -> Result<GameId, GameError> {
        Ok(self.misere_games(&[form])?[0])
    }

    /// Simplest forms as games of the DAG, the games they share made once.
    pub fn misere_games(&mut self, forms: &[CanonId]) -> Result<Vec<GameId>, GameError> {
        let mut made: FxHashMap<CanonId, GameId> = FxHashMap::default();
        let mut games = Vec::with_capacity(forms.len());
        for (done, &form) in forms.iter().enumerate() {
            if done.is_multiple_of(1 << 12) {
                self.watch
                    .tick("simplest forms made games", done as u64, forms.len() as u64)?;
            }
            games.push(self.misere_game_with(form, &mut made)?);
        }
        self.watch.finish();
        self.check_misere_memory()?;
        Ok(games)
    }

    fn misere_game_with(
        &mut self,
        form: CanonId,
        made: &mut FxHashMap<CanonId, GameId>,
    ) -> Result<GameId, GameError> {
        let mut stack = vec![form];
        while let Some(&top) = stack.last() {
            if made.contains_key(&top) {
                stack.pop();
                continue;
            }
            if let Some(chips) = self.misere.canon.as_nim(top) {
                made.insert(top, self.nim(chips as u64)?);
                stack.pop();
                continue;
            }
            let options = self.misere.canon.options(top);
            let waiting: Vec<CanonId> = (options.iter().copied())
                .filter(|o| !made.contains_key(o))
                .collect();
            if !waiting.is_empty() {
                stack.extend(waiting);
                continue;
            }
            let options = options.iter().map(|o| made[o]).collect();
            let game = self.with_options(options)?;
            self.misere.forms.insert(game, top);
            made.insert(top, game);
            stack.pop();
        }
        Ok(made[&form])
    }
}

/// Whether tables of `held` bytes and `forms` simplest forms still fit in the `memory` limit
/// beside the DAG, and in the `nodes` limit.
fn memory_left(
    held: u64,
    forms: usize,
    limits: super::GameLimits,
    dag_bytes: u64,
    held_outside: u64,
) -> Result<(), GameError> {
    let total = dag_bytes.saturating_add(held_outside).saturating_add(held);
    if total > limits.memory {
        return Err(GameError::DagOutOfMemory {
            limit: limits.memory,
        });
    }
    if forms > limits.nodes {
        return Err(GameError::TooManyNodes {
            limit: limits.nodes,
        });
    }
    Ok(())
}
