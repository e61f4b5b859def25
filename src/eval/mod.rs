//! Evaluation: a [`Session`] holds the definitions, the game DAG and the sources, and runs
//! programs one statement at a time, telling an injected sink what each statement printed.
//! The REPL, scripts, `eval` and the tests all go through [`Session::run`].
//!
//! Its rooms, from the top down (each `mod.rs` says its purpose; imports run downwards):
//!
//! | room | what it does | what goes there |
//! |---|---|---|
//! | `run/` | a program's statements in order, `:commands`, name resolution, the library, the host | a new statement or command (its syntax in `crate::syntax`) |
//! | `claims/` | `==`, `is winning`, `all`/`any`/`count`, why an assert failed | a new kind of claim |
//! | `calls/` | families' calls: memo, bodies compiled (integers) or run on small values (lists, sets, strings), `seq`/`period`, `require` | faster family evaluation |
//! | `expr/` | the tree-walker: names, literals, operators, subscripts, comprehensions | a new operator or expression form |
//! | `builtins/` | the table of built-in functions and each one's evaluation | a new built-in: a row of [`BUILTINS`] and its arm |
//! | `files/` | built-ins that write files (`plot`, `dot ... to`) | a new picture or file format |
//! | [`limits`]/ | steps, depth, games, memory, and their diagnostics' advice | a new limit, or counting new work |
//! | `names/` | what answers and proofs call games | how a game is named |
//! | `report/` | answers, errors and warnings as data | a new kind of answer or diagnostic |
//! | [`values`]/ | what a program computes with | a new kind of value (a variant of [`Value`]) |
//!
//! The session is their composition: each room keeps its state in a struct of its own (the
//! field of the room's name below) and adds its evaluation as `impl Session` blocks, so that
//! evaluation anywhere can call any room (a built-in evaluates its arguments, a claim makes
//! games); what a room may *touch* is its own field and the others' methods.

mod builtins;
mod calls;
mod claims;
mod expr;
mod files;
pub mod limits;
mod report;

pub use limits::Limits;
mod names;
mod run;
pub mod values;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use builtins::BUILTINS;
pub use claims::play::{parse_play, play_word};
pub use files::plot::PROMPT_PLOT_FILE;
pub use report::answer::{Answer, Diagnosis, Event, FailedAssert, Summary, Verdict};
pub use report::error::{EvalError, Warning};
pub use values::tables::{Cell, DigraphTable, Grid, PeriodReport, Table};
pub use values::{Function, Value};

use crate::game::Arena;
use crate::source::Sources;

/// A name bound at the top level.
#[derive(Clone, Debug)]
enum Global {
    Value(Value),
    Function(Arc<Function>),
    /// Its definition failed (and was reported); uses of it fail quietly.
    Failed,
}

/// A session: what a program's statements share, room by room. Each room's evaluation is
/// `impl Session` in the room; its own state is the field of its name, which other rooms
/// read through its methods.
pub struct Session {
    pub arena: Arena,
    pub sources: Sources,
    /// How much of a proof `why` shows (`why full` shows everything).
    pub fold: crate::explain::Fold,
    /// Set from outside (Ctrl-C) to stop the running statement.
    interrupt: Arc<AtomicBool>,
    /// The program's definitions, the library's, and where it runs ([`run`]).
    program: run::Program,
    /// Families' remembered calls and the calls being evaluated ([`calls`]).
    calls: calls::Calls,
    /// The tree-walker's locals and stack ([`expr`]).
    frame: expr::Frame,
    /// What games are called in answers ([`names`]).
    naming: names::Naming,
    /// The limits, and the work and memory counted against them ([`limits`]).
    meter: limits::Meter,
    /// The play convention and what the last quantifier found ([`claims`]).
    claims: claims::Claims,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Limits::default())
    }
}

impl Session {
    pub fn new(limits: Limits) -> Self {
        let interrupt = Arc::new(AtomicBool::new(false));
        let mut arena = Arena::new(limits.game);
        arena.watch = crate::game::Watch::new(interrupt.clone());
        arena.watch.work_limit = limits.steps;
        Session {
            arena,
            sources: Sources::default(),
            fold: crate::explain::Fold::SCREEN,
            interrupt,
            program: Default::default(),
            calls: Default::default(),
            frame: Default::default(),
            naming: Default::default(),
            meter: limits::Meter::new(limits),
            claims: Default::default(),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.meter.limits
    }

    /// Whether family bodies run compiled (the default) or only walked as written: the
    /// tests compare the two, and the benchmarks time them.
    pub fn compile_bodies(&mut self, on: bool) {
        self.calls.compile_bodies = on;
    }

    /// Sets a limit from `name=value`, e.g. `heap=200000000`, for the statements to come.
    pub fn set_limit(&mut self, setting: &str) -> std::result::Result<(), String> {
        self.meter.limits.set(setting)?;
        self.arena.limits = self.meter.limits.game;
        self.arena.watch.work_limit = self.meter.limits.steps;
        self.set_room();
        Ok(())
    }

    /// Diagnostics from now on advise as the REPL's prompt would: `:set limit heap=N`.
    pub fn advise_at_the_prompt(&mut self) {
        self.program.at_prompt = true;
    }

    /// Whether `plot` may write files (it may, unless told otherwise): a session running text
    /// from anywhere, as a fuzzer's, should not.
    pub fn allow_writing_files(&mut self, allowed: bool) {
        self.program.writes_files = allowed;
    }

    /// Setting this flag stops the statement being evaluated, with a "cancelled" error.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// The value bound to a name at the top level, if it is a value (not a family).
    pub fn value_of(&self, name: &str) -> Option<Value> {
        match self.program.globals.get(name)? {
            Global::Value(value) => Some(value.clone()),
            _ => None,
        }
    }

    /// The names defined so far, in the order they were defined.
    pub fn defined_names(&self) -> impl Iterator<Item = &str> {
        self.program.globals.keys().map(|name| &**name)
    }
}

/// Internal control flow of evaluation.
#[derive(Debug)]
enum Flow {
    Error(Box<EvalError>),
    /// A family call went too deep for the Rust stack: compute it first, then retry.
    Suspend(calls::Pending),
}

impl From<EvalError> for Flow {
    fn from(error: EvalError) -> Self {
        Flow::Error(Box::new(error))
    }
}

type Result<T, E = Flow> = std::result::Result<T, E>;
