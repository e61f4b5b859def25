//! What the session holds by measure: every byte a program allocates and does not free,
//! counted by the allocator ([`grundy_alloc`]) on the thread that runs it, whatever builds it
//! (a list, a string, a game, a picture, a table, the text of an answer).
//!
//! A program stops once the session would hold more than the `memory` limit: checked with
//! every new game and every 1024 steps (by the arena's watch), and before any allocation
//! large enough to pass the limit at once ([`Session::room_for`]). On the command line the
//! limit bounds the whole process, as `top` shows it: the program's own pages count too, and
//! near the limit the process's resident memory is read and held to it as well (see
//! [`crate::game::Watch::measure_from`]).
//!
//! When the measure passes the limit, the diagnostic names what the charges (see the parent
//! module) say grew most: a list being built, what families remember, the game DAG.

use grundy_alloc::Counts;

use super::Growing;
use crate::eval::report::error::EvalError;
use crate::eval::report::words::in_mib;
use crate::eval::{Result, Session};
use crate::game::GameError;
use crate::source::Span;

/// What the session holds by measure: what every program run so far allocated and did not
/// free, and where the running one began.
#[derive(Default, Debug)]
pub(in crate::eval) struct Measured {
    retained: i64,
    since: Option<Counts>,
    /// Whether the program's own pages count too: when the session is the whole process
    /// (the command line), whose memory the limit bounds as `top` shows it.
    whole_process: bool,
    /// The program's own resident pages (its code and libraries), read as a run begins.
    program: i64,
    /// Where the running statement began: what the program had grown by then, and the DAG's
    /// size. (What the statement grew by is told from the growth at the failure, not from
    /// what is held when the diagnostic is written: the work's own values are gone then.)
    statement: i64,
    dag_at_statement: u64,
    /// What the thread had freed when freed pages were last handed back to the system.
    freed_at_give_back: u64,
    /// For the whole process: what its address space may hold (`ulimit -v`), read as a run
    /// begins, when that is less than the `memory` limit allows.
    address_space: Option<u64>,
}

impl Measured {
    /// Bytes the session holds now, measured.
    fn now(&self) -> u64 {
        let running = self.since.map_or(0, Counts::held_since);
        (self.retained.saturating_add(self.program))
            .saturating_add(running)
            .max(0) as u64
    }

    /// The program's own pages, when they count.
    pub(super) fn program(&self) -> u64 {
        self.program.max(0) as u64
    }
}

/// Address space kept free beside what the measure counts: the stacks evaluation grows on
/// (4 MiB segments, two of them) and the parser's.
const STACKS: u64 = 8 << 20;

impl Session {
    /// The bytes the session may hold: the `memory` limit, or less where the system allows
    /// the process less address space.
    pub(in crate::eval) fn memory_allowed(&self) -> u64 {
        let limit = self.meter.limits.game.memory;
        self.meter
            .measured
            .address_space
            .map_or(limit, |room| room.min(limit))
    }

    /// Runs `work` measured: what it allocates and frees is checked against the `memory`
    /// limit while it runs, and what it leaves allocated is the session's after it. (Inside
    /// a measured run, as `:clear` in a program is, it is part of that run's measure.)
    pub(in crate::eval) fn measured<T>(&mut self, work: impl FnOnce(&mut Self) -> T) -> T {
        if self.meter.measured.since.is_some() {
            return work(self);
        }
        if self.meter.measured.whole_process {
            self.meter.measured.program = crate::system::program_bytes().unwrap_or(0) as i64;
            // What the session holds by the count, and what the address space may still
            // map beside the stacks: past that the system would refuse memory.
            let held = self.meter.measured.now();
            self.meter.measured.address_space = crate::system::address_space_left()
                .map(|left| left.saturating_sub(STACKS).saturating_add(held))
                .filter(|&allowed| allowed < self.meter.limits.game.memory);
        }
        self.hold_outside();
        let since = Counts::now();
        self.meter.measured.since = Some(since);
        self.set_room();
        let result = work(self);
        self.meter.measured.since = None;
        self.meter.measured.retained = (self.meter.measured.retained)
            .saturating_add(Counts::held_since(since))
            .max(0);
        self.arena.watch.unmeasured();
        result
    }

    /// A statement begins: what it builds is told apart from what was held before it, for
    /// the diagnostic that names what grew.
    pub(in crate::eval) fn statement_measured(&mut self) {
        // After statements that freed much, what the C library kept of it goes back to the
        // system: the whole process is held to the limit as `top` shows it.
        let freed = Counts::now().freed;
        let much = self.meter.limits.game.memory / 8;
        if self.meter.measured.whole_process
            && freed.wrapping_sub(self.meter.measured.freed_at_give_back) >= much
        {
            grundy_alloc::give_back();
            self.meter.measured.freed_at_give_back = freed;
        }
        self.meter.measured.statement = self.meter.measured.since.map_or(0, Counts::held_since);
        self.meter.measured.dag_at_statement = self.arena.dag_bytes();
        self.meter.held.memo_at_start = self.meter.held.memo;
        self.meter.held.names_at_start = self.meter.held.names_total;
    }

    /// How much the game DAG grew in the running statement.
    pub(super) fn dag_growth(&self) -> u64 {
        (self.arena.dag_bytes()).saturating_sub(self.meter.measured.dag_at_statement)
    }

    /// Tells the arena's watch how much more the running program may hold (again after the
    /// `memory` limit changes).
    pub(in crate::eval) fn set_room(&mut self) {
        let Some(since) = self.meter.measured.since else {
            return;
        };
        let limit = self.memory_allowed();
        let held = self
            .meter
            .measured
            .retained
            .saturating_add(self.meter.measured.program);
        let room = (limit.min(i64::MAX as u64) as i64).saturating_sub(held);
        (self.arena.watch).measure_from(since, room, limit, self.meter.measured.whole_process);
    }

    /// Stops before an allocation of `bytes` that would take the session past the `memory`
    /// limit: a list or string made whole at once (`[0] * n`, `sort`, `indices`) is checked
    /// before it is made, not after.
    pub(in crate::eval) fn room_for(&self, bytes: u64, span: Span) -> Result<()> {
        let limit = self.memory_allowed();
        if self.meter.measured.now().saturating_add(bytes) > limit {
            let more = self
                .meter
                .measured
                .since
                .map_or(0, Counts::held_since)
                .max(0) as u64;
            let error = GameError::HeldTooMuch {
                more,
                asked: bytes,
                limit,
            };
            return Err(self.game_error(error, span));
        }
        Ok(())
    }

    /// Whether what the limit bounds is the whole process (the command line, where the
    /// session is all it holds), the program's own pages with it, or the session alone (a
    /// library, tests, Python, where other work shares the process).
    pub fn limit_the_whole_process(&mut self, whole: bool) {
        self.meter.measured.whole_process = whole;
        if !whole {
            self.meter.measured.program = 0;
        }
    }

    /// The diagnostic of a program that passed the `memory` limit by measure, holding `more`
    /// bytes beyond what was held before it: it names what grew most, as the charges tell.
    pub(in crate::eval) fn held_too_much(
        &self,
        more: u64,
        asked: u64,
        limit: u64,
        span: Span,
    ) -> EvalError {
        self.mark_full(super::Full::Memory);
        // `more` is the program's growth; the statement's own is told from where it began.
        let before_run = self
            .meter
            .measured
            .retained
            .saturating_add(self.meter.measured.program);
        let held = (before_run.max(0) as u64).saturating_add(more);
        let grew = more
            .saturating_sub(self.meter.measured.statement.max(0) as u64)
            .min(held);
        let before = held - grew;
        let total = held.saturating_add(asked);
        let dag = (self.arena.dag_bytes()).saturating_sub(self.meter.measured.dag_at_statement);
        let memo = (self.meter.held.memo).saturating_sub(self.meter.held.memo_at_start);
        let names = (self.meter.held.names_total).saturating_sub(self.meter.held.names_at_start);
        let lists = self.meter.held.lists;
        // What grew most, if it explains a good part of the growth.
        let most = dag.max(memo).max(lists).max(names);
        let growing = match () {
            _ if most < grew / 4 => None,
            _ if lists == most => self.meter.held.largest.map(|largest| {
                let growing = Growing::Elements {
                    kind: largest.kind,
                    count: largest.count,
                    bytes: largest.bytes,
                };
                (growing, largest.span)
            }),
            _ if memo == most => self.meter.held.last_call.as_deref().map(|call| {
                let entries = self.calls.memo.len();
                (Growing::Family { call, entries }, span)
            }),
            _ if names == most => None,
            _ => Some((Growing::Dag { bytes: dag }, span)),
        };
        let needed = total;
        let more = grew;
        let label = match asked {
            0 => format!("it holds {} more so far", in_mib(more)),
            _ => format!(
                "it holds {} more so far, and would take {} more at once",
                in_mib(more),
                in_mib(asked)
            ),
        };
        if let Some(allowed) = self.meter.measured.address_space.filter(|&a| a == limit) {
            return EvalError::TooLarge {
                span,
                what: "what this statement builds".to_owned(),
                label: label.clone(),
                help: Some(format!(
                    "the system lets this process have {} of memory in all (its address \
                     space, `ulimit -v`), less than the `memory` limit ({}): grundy stops \
                     there rather than fail to get memory; ask for less, or run it where \
                     `ulimit -v` is higher",
                    in_mib(allowed),
                    in_mib(self.meter.limits.game.memory)
                )),
            };
        }
        if let Some((growing, at)) = growing {
            return self.too_large(growing, needed, at);
        }
        EvalError::TooLarge {
            span,
            what: "what this statement builds".to_owned(),
            label: format!("it holds {} more so far", in_mib(more)),
            help: Some(format!(
                "everything a statement makes while it runs (lists, strings, sets, games, \
                 tables, the text of an answer) counts against the `memory` limit, with what \
                 was held before it ({}){}; {}",
                in_mib(before),
                self.held_words(),
                crate::eval::limits::raise_memory(limit, needed.saturating_mul(2))
            )),
        }
    }
}
