//! Evaluation: a [`Session`] holds the definitions, the game DAG and the sources, and runs
//! programs one statement at a time, telling an injected sink what each statement printed.
//! The REPL, scripts, `eval` and the tests all go through [`Session::run`].

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

use indexmap::IndexMap;
use rustc_hash::FxHashMap;

pub use builtins::BUILTINS;
pub use builtins::digraph::DigraphTable;
pub use claims::play::{parse_play, play_word};
pub use files::plot::PROMPT_PLOT_FILE;
pub use report::answer::{Answer, Diagnosis, Event, FailedAssert, Summary, Verdict};
pub use report::error::{EvalError, Warning};
pub use values::tables::{PeriodReport, Table};
pub use values::{Function, Value};

use crate::game::misere::Play;
use crate::game::{Arena, GameId};
use crate::source::{Sources, Span};
use crate::syntax::ast::Expr;
use calls::CallState;

/// A name bound at the top level.
#[derive(Clone, Debug)]
enum Global {
    Value(Value),
    Function(Arc<Function>),
    /// Its definition failed (and was reported); uses of it fail quietly.
    Failed,
}

pub struct Session {
    pub arena: Arena,
    /// What games are called in explanations: `let` names and family calls like `S(5)`.
    names: names::GameNames,
    pub sources: Sources,
    /// Set through [`Session::set_limit`], which keeps the arena's copy in step.
    limits: Limits,
    /// How much of a proof `why` shows (`why full` shows everything).
    pub fold: crate::explain::Fold,
    /// Hashed with FxHash: every call of a family looks its name up here.
    globals: IndexMap<Arc<str>, Global, rustc_hash::FxBuildHasher>,
    function_count: u32,
    /// Results of family calls, per argument tuple.
    memo: calls::memo::Memo,
    /// What is charged to the `memory` limit beside the game DAG.
    held: limits::memory::Held,
    /// Names a loop variable or parameter gives a value, innermost last.
    locals: Vec<(Arc<str>, Value)>,
    /// How far the stack may grow before evaluation moves to a fresh segment.
    stack: expr::StackRoom,
    calls: CallState,
    /// A buffer for the parts of a sum being evaluated.
    sum_parts: Vec<GameId>,
    steps: u64,
    /// Set from outside (Ctrl-C) to stop the running statement.
    interrupt: Arc<AtomicBool>,
    /// Names the running program defines further down, with where.
    defined_later: FxHashMap<Arc<str>, Span>,
    /// Noting how a body writes its options, for explanations.
    recording: names::written::Recording,
    /// Family bodies run compiled ([`compile`]); off, they are only walked as written (the
    /// reference the compiled form is tested against).
    compile_bodies: bool,
    /// Family bodies compiled on their first call, by function id (`None` for one left to
    /// the tree-walker); forgotten at every definition, which may change what a call in
    /// them calls.
    compiled: rustc_hash::FxHashMap<u32, Option<Arc<calls::compile::Code>>>,
    /// What `let` names of games were defined as, where that may call a family of the
    /// user's own: explanations of the name speak of the calls.
    definitions: FxHashMap<Arc<str>, Expr>,
    /// Run from the REPL: a limit is raised with `:set limit`, not `--limit`.
    at_prompt: bool,
    /// `plot ... to "file.svg"` may write its file: not where the text is anybody's (fuzzing).
    writes_files: bool,
    /// The library's families defined so far, each file's on the first use of one of them.
    library: FxHashMap<Arc<str>, Arc<Function>>,
    /// A library family's body is being evaluated: names are looked up in the library.
    in_library: bool,
    /// The case that decided the last `all` or `any`, for a failed assert to name.
    case: Option<claims::quantifiers::Case>,
    /// Where the loop variables of the case `why` is explaining are written, with their
    /// values: its proof speaks of `K(3)`, not of `K(n)`.
    spelled: Vec<names::spelled::Spelling>,
    /// The families the running statement is about, whose calls its answer may name games
    /// by (equal games of two families are one node).
    families: Option<rustc_hash::FxHashSet<Arc<str>>>,
    /// The values of answers, while a host (the Python module) asks for them.
    kept: Option<run::host::Kept>,
    /// The play convention of the statements to come (`:set play misere`, `--misere`).
    session_play: Play,
    /// The play convention of what is being evaluated: the session's, or the one a
    /// `misere`/`normal` prefix around it says (see [`play`]).
    current_play: Play,
    /// The running statement asked a question in misère play, so its answer says so.
    misere_used: bool,
    /// What the session holds, as the allocator measures it.
    measured: limits::memory::Measured,
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
        Session {
            arena,
            names: Default::default(),
            sources: Sources::default(),
            limits,
            fold: crate::explain::Fold::SCREEN,
            globals: IndexMap::default(),
            function_count: 0,
            memo: calls::memo::Memo::default(),
            held: limits::memory::Held::default(),
            locals: Vec::new(),
            stack: Default::default(),
            calls: CallState::default(),
            sum_parts: Vec::new(),
            steps: 0,
            interrupt,
            defined_later: FxHashMap::default(),
            recording: names::written::Recording::Off,
            compile_bodies: true,
            compiled: Default::default(),
            definitions: FxHashMap::default(),
            at_prompt: false,
            writes_files: true,
            library: FxHashMap::default(),
            in_library: false,
            case: None,
            spelled: Vec::new(),
            families: None,
            kept: None,
            session_play: Play::Normal,
            current_play: Play::Normal,
            misere_used: false,
            measured: Default::default(),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Sets a limit from `name=value`, e.g. `heap=200000000`, for the statements to come.
    /// Whether family bodies run compiled (the default) or only walked as written: the
    /// tests compare the two, and the benchmarks time them.
    pub fn compile_bodies(&mut self, on: bool) {
        self.compile_bodies = on;
    }

    pub fn set_limit(&mut self, setting: &str) -> std::result::Result<(), String> {
        self.limits.set(setting)?;
        self.arena.limits = self.limits.game;
        self.set_room();
        Ok(())
    }

    /// Diagnostics from now on advise as the REPL's prompt would: `:set limit heap=N`.
    pub fn advise_at_the_prompt(&mut self) {
        self.at_prompt = true;
    }

    /// Whether `plot` may write files (it may, unless told otherwise): a session running text
    /// from anywhere, as a fuzzer's, should not.
    pub fn allow_writing_files(&mut self, allowed: bool) {
        self.writes_files = allowed;
    }

    /// Setting this flag stops the statement being evaluated, with a "cancelled" error.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// The value bound to a name at the top level, if it is a value (not a family).
    pub fn value_of(&self, name: &str) -> Option<Value> {
        match self.globals.get(name)? {
            Global::Value(value) => Some(value.clone()),
            _ => None,
        }
    }

    /// The names defined so far, in the order they were defined.
    pub fn defined_names(&self) -> impl Iterator<Item = &str> {
        self.globals.keys().map(|name| &**name)
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
