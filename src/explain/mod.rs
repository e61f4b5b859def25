//! Explanations in the vocabulary of the course notes: proofs of claims and of values
//! (`why`), winning moves (`moves`), options (`options`), and pictures (`tree`, `dot`).
//!
//! Everything here reads the game DAG; nothing evaluates source. Explanations are data
//! ([`Explanation`]) that render as text, and the edge may also render them as JSON.

mod counter;
mod derive;
mod hackenbush;
mod listing;
mod misere;
mod picture;
mod proof;
mod why;
mod wythoff;

use std::fmt;

use rustc_hash::FxHashSet;

pub use listing::{MoveLine, MoveList, OptionLine, OptionList};
pub use misere::{MisereMoves, MisereSummary, bouton_rule, misere_facts, misere_summary};
pub use proof::{Folded, Proof, Rule, Step, binary_columns, values_text};
pub use why::Claim;

use crate::game::misere::Play;
use crate::game::moves::Move;
use crate::game::{Arena, GameError, GameId, NameOf, Node, show_nimber};

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
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Proof(proof) => write!(f, "{proof}"),
            Explanation::Moves(moves) => write!(f, "{moves}"),
            Explanation::Options(options) => write!(f, "{options}"),
            Explanation::Tree(text) | Explanation::Dot(text) => write!(f, "{}", text.trim_end()),
            Explanation::MisereMoves(moves) => write!(f, "{moves}"),
        }
    }
}

/// How the user wrote a game of their own (`rook(2, 2)` for `let rook(i, j) = ...`): its
/// options as its body writes them, in order and with repeats, each named by the call that
/// makes it (`rook(0, 2)`), though equal games are one node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Written {
    /// The call as typed: `rook(2, 2)`.
    pub name: String,
    pub options: Vec<(String, GameId)>,
    /// What each option's move does, in the words its body gave it (`as "take 2"`).
    pub words: Vec<Option<std::sync::Arc<str>>>,
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
    /// Games whose value was derived already in this explanation.
    shown: FxHashSet<GameId>,
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
    /// The games asked about, as the user wrote them, if they are games of their own.
    written: Vec<(GameId, Written)>,
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
            shown: FxHashSet::default(),
            folded: false,
            root: None,
            room: None,
            built: 0,
            read: 0,
            derived: 0,
            written: Vec::new(),
            play: Play::Normal,
        }
    }

    /// Answers in this play convention (misère: the last move loses).
    pub fn play(mut self, play: Play) -> Self {
        self.play = play;
        self
    }

    /// A game as the user would call it: its name, or how it would be typed.
    pub fn name(&self, id: GameId) -> String {
        match &self.root {
            Some((root, typed)) if *root == id => typed.clone(),
            _ => match self.written_of(id) {
                Some(written) => written.name.clone(),
                None => self.arena.describe_named(id, self.names),
            },
        }
    }

    /// Calls `id` as the user typed it, for the game an explanation is about.
    pub fn typed(mut self, id: GameId, text: &str) -> Self {
        self.root = Some((id, text.to_owned()));
        self
    }

    /// Explains these games in the words they were written in.
    pub fn written(mut self, written: Vec<(GameId, Written)>) -> Self {
        self.written.extend(written);
        self
    }

    /// How the user wrote `id`, if it is a game asked about and one of their own.
    fn written_of(&self, id: GameId) -> Option<&Written> {
        self.written
            .iter()
            .find(|(root, _)| *root == id)
            .map(|(_, w)| w)
    }

    /// Whether a game, or a part of it, is one the user wrote.
    fn has_written(&self, game: GameId) -> bool {
        match self.arena.node(game) {
            Node::Sum(parts) => parts.iter().any(|&p| self.written_of(p).is_some()),
            _ => self.written_of(game).is_some(),
        }
    }

    /// The first `count` moves of a game: as written, or as the arena lists them.
    fn first_moves(&mut self, game: GameId, count: usize) -> Result<Vec<(Move, GameId)>> {
        self.moves_where(game, count, None)
    }

    /// The moves to a losing game: as written, or as the arena finds them.
    fn winning_moves(&mut self, game: GameId) -> Result<Vec<(Move, GameId)>> {
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
        if let Some(written) = self.written_of(game) {
            let mut found = Vec::new();
            let words = written.words.clone();
            for (index, (name, id)) in written.options.clone().into_iter().enumerate() {
                if found.len() == count {
                    break;
                }
                if value.is_none_or(|v| v == self.arena.nimber(id).unwrap_or(u64::MAX)) {
                    let told = words.get(index).cloned().flatten();
                    found.push((Move::Named(name.as_str().into(), told), id));
                }
            }
            return Ok(found);
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
            for (inner, to) in self.moves_where(part, count - found.len(), wanted)? {
                found.push(self.arena.in_part(&parts, index, inner, to)?);
            }
            if found.len() == count {
                break;
            }
        }
        Ok(found)
    }

    /// How many moves a game has: as written, or as the arena counts them.
    fn move_count(&self, game: GameId) -> u64 {
        match (self.written_of(game), self.arena.node(game)) {
            (Some(written), _) => written.options.len() as u64,
            (None, Node::Sum(parts)) => parts
                .iter()
                .map(|&p| self.move_count(p))
                .fold(0, u64::saturating_add),
            (None, _) => self.arena.option_count(game),
        }
    }

    /// The game a move from `from` leads to, as the move names it: a move in a part of a
    /// sum names the other parts as before.
    fn reached(&self, from: GameId, how: &Move, to: GameId) -> String {
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
                let names: Vec<String> = parts
                    .iter()
                    .enumerate()
                    .map(|(i, &part)| match i == *index {
                        true => self.reached(part, inner, *moved),
                        false => self.name(part),
                    })
                    .collect();
                names.join(" + ")
            }
            _ => self.name(to),
        }
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
