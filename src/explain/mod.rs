//! Explanations in the vocabulary of the course notes: proofs of claims and of values
//! (`why`), winning moves (`moves`), options (`options`), and pictures (`tree`, `dot`).
//!
//! Everything here reads the game DAG; nothing evaluates source. Explanations are data
//! ([`Explanation`]) that render as text, and the edge may also render them as JSON.

mod counter;
mod derive;
mod hackenbush;
mod listing;
mod loopy;
mod misere;
mod picture;
mod product;
mod proof;
mod why;
mod wording;
mod wythoff;

use std::fmt;

use rustc_hash::FxHashMap;

pub use listing::{MoveLine, MoveList, OptionLine, OptionList};
pub use loopy::{LoopyMove, LoopyMoves};
pub use misere::{MisereMoves, MisereSummary, bouton_rule, misere_facts, misere_summary};
pub use picture::TREE_WIDTH;
pub use product::nim_product_steps;
pub use proof::{Folded, Proof, Rule, Step, binary_columns, values_text};
pub use why::Claim;
pub use wording::{Wording, Written, listed_options};

use crate::game::misere::Play;
use crate::game::{Arena, GameError, GameId, NameOf, show_nimber};

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
    /// `moves misere G`: moves in misère play.
    MisereMoves(MisereMoves),
    /// `moves G` of a game that may go on for ever.
    LoopyMoves(LoopyMoves),
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Proof(proof) => write!(f, "{proof}"),
            Explanation::Moves(moves) => write!(f, "{moves}"),
            Explanation::Options(options) => write!(f, "{options}"),
            Explanation::Tree(text) | Explanation::Dot(text) => write!(f, "{}", text.trim_end()),
            Explanation::MisereMoves(moves) => write!(f, "{moves}"),
            Explanation::LoopyMoves(moves) => write!(f, "{moves}"),
        }
    }
}

/// Options an attempt at a proof may go through for each line it has room for, and at
/// least in all: each is valued from a table or the DAG in well under a microsecond, so an
/// attempt takes a few seconds at most.
const OPTIONS_A_LINE: u64 = 1000;
const LEAST_READ: u64 = 10_000_000;

/// Builds explanations over the arena, calling games by the names they were given.
pub struct Explainer<'a> {
    pub arena: &'a mut Arena,
    names: &'a dyn NameOf,
    fold: Fold,
    /// Games whose value was derived already in this explanation, and what they were called.
    shown: FxHashMap<GameId, String>,
    /// Whether some step was left out.
    folded: bool,
    /// The game asked about, and how it was typed.
    root: Option<(GameId, String)>,
    /// Lines the proof being built may take before it is given up, to be folded more.
    room: Option<u64>,
    /// Lines of proof built so far.
    built: u64,
    /// Options gone through so far, to value them for the mex rule.
    read: u64,
    /// Games derived so far, for the progress bar.
    derived: u64,
    /// How the user wrote the games asked about, and those below them.
    wording: Wording,
    /// The games being explained where they stand (a part of a sum, an option listed under
    /// a name), innermost last.
    focus: Vec<wording::Place>,
    /// Who wins when no move is left: every answer is in this convention.
    play: Play,
}

type Result<T> = std::result::Result<T, GameError>;

impl<'a> Explainer<'a> {
    pub fn new(arena: &'a mut Arena, names: &'a dyn NameOf, fold: Fold) -> Self {
        Explainer {
            arena,
            names,
            fold,
            shown: FxHashMap::default(),
            folded: false,
            root: None,
            room: None,
            built: 0,
            read: 0,
            derived: 0,
            wording: Wording::default(),
            focus: Vec::new(),
            play: Play::Normal,
        }
    }

    /// Answers in this play convention (misère: the last move loses).
    pub fn play(mut self, play: Play) -> Self {
        self.play = play;
        self
    }

    /// `*3`, or `0`.
    fn value(&mut self, id: GameId) -> Result<String> {
        Ok(show_nimber(self.arena.nimber(id)?))
    }

    /// Starts a new explanation with nothing shown yet, given up once it passes `room` lines.
    fn reset(&mut self, fold: Fold, room: Option<u64>) {
        self.fold = fold;
        self.shown.clear();
        self.folded = false;
        self.room = room;
        self.built = 0;
        self.read = 0;
    }

    /// Counts lines of proof just built: past the room, the attempt is given up (its depth
    /// will be folded), so a proof too large to show is never built whole.
    fn built(&mut self, lines: u64) -> Result<()> {
        self.built += lines;
        match self.room {
            Some(room) if self.built > room => Err(GameError::TooLong {
                lines: room,
                games: self.shown.len() as u64,
                depth: self.fold.depth as u64,
            }),
            _ => Ok(()),
        }
    }

    /// Counts options gone through to value a game's options. A proof of a few lines can
    /// take the options of games of 100 000 options each: past what its room of lines
    /// allows (see [`OPTIONS_A_LINE`]), the attempt is given up as if it passed its lines,
    /// so that `why full` of such a game folds deeper rather than works for hours.
    fn read_options(&mut self, count: u64) -> Result<()> {
        self.read = self.read.saturating_add(count);
        match self.room {
            Some(room) if self.read > (room * OPTIONS_A_LINE).max(LEAST_READ) => {
                Err(GameError::TooLong {
                    lines: room,
                    games: self.shown.len() as u64,
                    depth: self.fold.depth as u64,
                })
            }
            _ => Ok(()),
        }
    }

    /// Ticks the progress bar (and stops on Ctrl-C) every few games derived or drawn.
    fn progress(&mut self, what: &str) -> Result<()> {
        self.derived += 1;
        if self.derived.is_multiple_of(64) {
            self.arena.watch.tick(what, self.derived, 0)?;
        }
        Ok(())
    }
}
