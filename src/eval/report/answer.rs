//! What running a program hands to its sink: answers, errors, and a summary.

use std::fmt;

use crate::eval::values::ShowSet;
use crate::eval::values::tables::{Grid, PeriodReport, Table};
use crate::explain::{Explanation, MisereSummary};
use crate::game::misere::Play;
use crate::source::{Source, Span};

/// What running a statement produced.
#[derive(Debug)]
pub enum Event {
    /// What a statement printed (maybe nothing: see [`Answer::is_silent`]).
    Answer {
        span: Span,
        /// The line it starts on, from 1.
        line: usize,
        /// The column it starts at, from 1, in characters.
        column: usize,
        /// The statement as written.
        source: String,
        answer: Answer,
    },
    /// A warning: legal, probably not meant; the program ran anyway.
    Warning(Diagnosis),
    /// An error, a failed assert among them.
    Error(Diagnosis),
}

/// A warning or an error: the report people read, and what tools read beside it.
#[derive(Debug)]
pub struct Diagnosis {
    /// The diagnostic with its source attached, ready to be rendered.
    pub report: miette::Report,
    /// The program the report points into: maybe an earlier one than the program running,
    /// as when a family defined in one file fails when called from another.
    pub source: Source,
    /// Where in `source` it is.
    pub span: Span,
    /// For a failed assert: the statement, and what its sides were.
    pub assert: Option<Box<FailedAssert>>,
}

/// An `assert` whose claim is false.
#[derive(Debug)]
pub struct FailedAssert {
    /// The whole statement, `assert` included.
    pub statement: Span,
    pub verdict: Verdict,
}

/// What an `assert` found: the form of its claim, whether it holds, and the values of the
/// sides, so that a grader can read them (`--json`).
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub holds: bool,
    /// `==`, `!=`, `<`, `<=`, `>`, `>=`, `is losing`, `is winning`, or `is true` for any
    /// other claim (`assert 2 in S and ...`).
    pub claim: &'static str,
    /// The left side; the game of `G is losing`; the whole claim's truth for `is true`.
    pub left: Answer,
    /// The right side of a comparison.
    pub right: Option<Answer>,
    /// The convention the claim was decided in (`assert misere G is losing`).
    pub play: Play,
}

/// A printed value: a game is shown by its value and who wins.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Game {
        nimber: u64,
    },
    /// A game that can go on for ever and has no nimber: worth ∞K.
    Loopy {
        value: crate::game::loopy::LoopyValue,
    },
    Int(i64),
    Bool(bool),
    /// A game in misère play (`misere kayles(7)`, or any game under `:set play misere`): its
    /// outcome, genus and simplest form.
    Misere(MisereSummary),
    /// A claim decided in misère play: `misere *1 + *1 is winning`.
    MisereTruth(bool),
    /// A set; `full`: printed whole, not folded after a screenful of members.
    Set {
        members: Vec<i64>,
        full: bool,
    },
    /// The integers from `start` up to `end`, excluded (`end` may be 2^63: `0..=i64::MAX`).
    Range {
        start: i64,
        end: i128,
    },
    Str(String),
    /// A list, or a set with members other than integers: each member as it would be
    /// typed (games by name). `full`: printed whole.
    Collection {
        set: bool,
        members: Vec<String>,
        full: bool,
    },
    /// A map: its keys and values as typed, in order of key.
    Map {
        entries: Vec<(String, String)>,
        full: bool,
    },
    /// What `why`, `moves`, `options`, `tree` and `dot` print.
    Explanation(Explanation),
    /// A family of games, by its name, with how one of its games is written.
    Family {
        name: String,
        example: String,
        /// How many arguments it takes.
        params: usize,
        /// A built-in passed as a value: its signature and what it computes.
        builtin: Option<(&'static str, &'static str)>,
    },
    /// What `seq` prints.
    Table(Table),
    /// What `seq(F, rows, columns)` prints.
    Grid(Grid),
    /// What `period` prints.
    Period(PeriodReport),
    /// What `survey` prints.
    Survey(crate::survey::SurveyTable),
    /// What `plot` prints: the SVG, or the file it was written to.
    Plot(crate::plot::Plot),
    /// `dot G to "g.svg"`: the picture laid out and written to a file.
    Picture(crate::picture::Picture),
    /// What a game graph prints: its vertices' values.
    Digraph(crate::eval::values::tables::DigraphTable),
    /// `let` bound a name; nothing is printed.
    Defined {
        name: String,
        family: bool,
    },
    /// An `assert` held; nothing is printed.
    Assert(Box<Verdict>),
}

impl Answer {
    /// Whether the REPL and scripts print nothing for it.
    pub fn is_silent(&self) -> bool {
        matches!(self, Answer::Defined { .. } | Answer::Assert(_))
    }

    /// The answer as a picture, SVG text, when it is one: a plot, or a game's DAG or a
    /// Hackenbush picture (`dot`) laid out; `None` for other answers, and for a `dot` whose
    /// layout failed (its DOT text is still the answer).
    pub fn svg(&self) -> Option<String> {
        match self {
            Answer::Plot(plot) => Some(plot.svg.clone()),
            Answer::Picture(picture) => Some(picture.svg.clone()),
            Answer::Explanation(Explanation::Dot(dot)) => crate::picture::svg(dot).ok(),
            _ => None,
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Game { nimber: 0 } => write!(f, "0 — the player to move loses"),
            Answer::Game { nimber } => write!(f, "*{nimber} — the player to move wins"),
            Answer::Loopy { value } => match value.outcome() {
                crate::game::loopy::Outcome::Draw => write!(
                    f,
                    "{value} — a draw: neither player can force a win, play goes on for ever"
                ),
                _ => write!(f, "{value} — the player to move wins, by moving to a 0"),
            },
            Answer::Int(n) => write!(f, "{n}"),
            Answer::Bool(b) => write!(f, "{b}"),
            Answer::Misere(summary) => write!(f, "{summary}"),
            Answer::MisereTruth(b) => write!(f, "{b} (misère play)"),
            Answer::Set { members, full } if *full || members.len() <= SET_MEMBERS => {
                write!(f, "{}", ShowSet(members))
            }
            Answer::Set { members, .. } => write!(
                f,
                "{} … {} more members}} (`full ...` shows them all)",
                ShowSet(&members[..SET_MEMBERS])
                    .to_string()
                    .trim_end_matches('}'),
                members.len() - SET_MEMBERS
            ),
            Answer::Range { start, end } => {
                write!(f, "{}", crate::eval::values::show_range(*start, *end))
            }
            Answer::Str(text) => f.write_str(&crate::eval::values::show_str(text)),
            Answer::Collection { set, members, full } => {
                let (open, close) = if *set { ('{', '}') } else { ('[', ']') };
                let shown = if *full {
                    members.len()
                } else {
                    members.len().min(SET_MEMBERS)
                };
                write!(f, "{open}{}", members[..shown].join(", "))?;
                if shown < members.len() {
                    let more = members.len() - shown;
                    write!(f, " … {more} more{close} (`full ...` shows them all)")
                } else {
                    write!(f, "{close}")
                }
            }
            Answer::Map { entries, .. } if entries.is_empty() => f.write_str("{:}"),
            Answer::Map { entries, full } => {
                let shown = if *full {
                    entries.len()
                } else {
                    entries.len().min(SET_MEMBERS)
                };
                let written: Vec<String> = (entries[..shown].iter())
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect();
                write!(f, "{{{}", written.join(", "))?;
                if shown < entries.len() {
                    let more = entries.len() - shown;
                    write!(f, " … {more} more}} (`full ...` shows them all)")
                } else {
                    f.write_str("}")
                }
            }
            Answer::Explanation(explanation) => write!(f, "{explanation}"),
            Answer::Family {
                name,
                builtin: Some((signature, summary)),
                ..
            } => write!(f, "{name}: the built-in function {signature}: {summary}"),
            Answer::Family {
                name,
                example,
                params: 2,
                ..
            } => write!(
                f,
                "{name}: a family of games; `{example}` is one of them, `seq({name}, 0..8, 0..8)` tabulates their values"
            ),
            Answer::Family { name, example, .. } => write!(
                f,
                "{name}: a family of games; `{example}` is one of them, `seq({name}, 0..20)` tabulates their values"
            ),
            Answer::Table(table) => write!(f, "{table}"),
            Answer::Grid(grid) => write!(f, "{grid}"),
            Answer::Period(report) => write!(f, "{report}"),
            Answer::Survey(survey) => write!(f, "{survey}"),
            Answer::Digraph(table) => write!(f, "{table}"),
            Answer::Plot(plot) => write!(f, "{plot}"),
            Answer::Picture(picture) => write!(f, "{picture}"),
            Answer::Defined { .. } | Answer::Assert(_) => Ok(()),
        }
    }
}

/// Members of a set printed before the rest are counted.
const SET_MEMBERS: usize = 1000;

/// How a program went.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub statements: usize,
    pub held_asserts: usize,
    pub failed_asserts: usize,
    pub syntax_errors: usize,
    pub name_errors: usize,
    pub runtime_errors: usize,
    pub warnings: usize,
    /// Stopped by Ctrl-C (counted among the runtime errors too): nothing after it ran, and
    /// the programs after it in the same request should not run either.
    pub cancelled: bool,
}

impl Summary {
    pub fn ok(&self) -> bool {
        self.failed_asserts + self.syntax_errors + self.name_errors + self.runtime_errors == 0
    }

    /// 0 success, 1 a failed assert, 3 syntax or name errors, 4 runtime errors.
    pub fn exit_code(&self) -> i32 {
        if self.syntax_errors + self.name_errors > 0 {
            3
        } else if self.runtime_errors > 0 {
            4
        } else if self.failed_asserts > 0 {
            1
        } else {
            0
        }
    }

    /// Asserts that came to a verdict: an assert whose claim could not be evaluated is a
    /// runtime error instead.
    pub fn asserts(&self) -> usize {
        self.held_asserts + self.failed_asserts
    }

    pub fn add(&mut self, other: Summary) {
        self.statements += other.statements;
        self.held_asserts += other.held_asserts;
        self.failed_asserts += other.failed_asserts;
        self.syntax_errors += other.syntax_errors;
        self.name_errors += other.name_errors;
        self.runtime_errors += other.runtime_errors;
        self.warnings += other.warnings;
        self.cancelled |= other.cancelled;
    }
}
