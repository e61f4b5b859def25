//! Explanations in the vocabulary of the course notes: proofs of claims and of values
//! (`why`), winning moves (`moves`), options (`options`), and pictures (`tree`, `dot`).
//!
//! Everything here reads the game DAG; nothing evaluates source. Explanations are data
//! ([`Explanation`]) that render as text, and the edge may also render them as JSON.

mod counter;
mod derive;
mod hackenbush;
mod listing;
mod picture;
mod proof;
mod why;

use std::fmt;

use rustc_hash::FxHashSet;

pub use listing::{MoveLine, MoveList, OptionLine, OptionList};
pub use proof::{Folded, Proof, Rule, Step, binary_columns};
pub use why::Claim;

use crate::game::{Arena, GameError, GameId, Names, show_nimber};

/// How much an explanation shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    /// Levels of sub-derivations shown under a step.
    pub depth: usize,
    /// Options listed for one game before the rest are summarized.
    pub width: usize,
    /// Lines of a proof: deeper steps are folded until it fits.
    pub lines: usize,
}

impl Fold {
    /// A screenful.
    pub const SCREEN: Fold = Fold {
        depth: 3,
        width: 8,
        lines: 40,
    };
    /// Everything, within reason.
    pub const FULL: Fold = Fold {
        depth: 64,
        width: 1000,
        lines: 20_000,
    };
}

/// What `why`, `moves`, `options`, `tree` and `dot` produce.
#[derive(Clone, Debug, PartialEq)]
pub enum Explanation {
    Proof(Proof),
    Moves(MoveList),
    Options(OptionList),
    Tree(String),
    Dot(String),
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Proof(proof) => write!(f, "{proof}"),
            Explanation::Moves(moves) => write!(f, "{moves}"),
            Explanation::Options(options) => write!(f, "{options}"),
            Explanation::Tree(text) | Explanation::Dot(text) => write!(f, "{}", text.trim_end()),
        }
    }
}

/// Builds explanations over the arena, calling games by the names they were given.
pub struct Explainer<'a> {
    pub arena: &'a mut Arena,
    names: &'a Names,
    fold: Fold,
    /// Games whose value was derived already in this explanation.
    shown: FxHashSet<GameId>,
    /// Whether some step was left out.
    folded: bool,
    /// The game asked about, and how it was typed.
    root: Option<(GameId, String)>,
}

type Result<T> = std::result::Result<T, GameError>;

impl<'a> Explainer<'a> {
    pub fn new(arena: &'a mut Arena, names: &'a Names, fold: Fold) -> Self {
        Explainer {
            arena,
            names,
            fold,
            shown: FxHashSet::default(),
            folded: false,
            root: None,
        }
    }

    /// A game as the user would call it: its name, or how it would be typed.
    pub fn name(&self, id: GameId) -> String {
        match &self.root {
            Some((root, typed)) if *root == id => typed.clone(),
            _ => self.arena.describe_named(id, self.names),
        }
    }

    /// Calls `id` as the user typed it, for the game an explanation is about.
    pub fn typed(mut self, id: GameId, text: &str) -> Self {
        self.root = Some((id, text.to_owned()));
        self
    }

    /// `*3`, or `0`.
    fn value(&mut self, id: GameId) -> Result<String> {
        Ok(show_nimber(self.arena.nimber(id)?))
    }

    /// Starts a new explanation with nothing shown yet.
    fn reset(&mut self, fold: Fold) {
        self.fold = fold;
        self.shown.clear();
        self.folded = false;
    }
}
