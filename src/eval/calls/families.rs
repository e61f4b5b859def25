//! Families as values: `seq(F, 0..100)` tabulates a family's values, `period(F)` proves
//! where they repeat. A family is a user's one-argument definition or a built-in heap game.

use std::sync::Arc;

use crate::eval::report::error::EvalError;
use crate::eval::values::Family;
use crate::eval::values::Value;
use crate::eval::values::tables::{Found, PeriodReport, Stopped, Table};
use crate::eval::{Result, Session};
use crate::game::heap::{HeapGame, PeriodStatus};
use crate::game::subtraction::Period;
use crate::game::{HeapGameId, Node, SearchStop, heap_call, heap_family, periodicity_proof};
use crate::source::Span;

/// The last value of a heap game `seq` computes in search of a period to lay its table out by.
const TABLE_PERIOD_SEARCH: u64 = (1 << 14) - 1;

impl Session {
    /// What `F` denotes when a family is expected.
    pub(in crate::eval) fn family(&self, value: &Value, span: Span) -> Result<Family> {
        match value {
            Value::Family(family) => Ok(family.clone()),
            other => Err(EvalError::type_error(span, "expected a family of games", format!("this is {}", other.kind()))
                .with_help("a family is a name defined with one parameter (`let S(n) = ...`) or a heap game such as `sub({1, 3, 4})`")
                .into()),
        }
    }

    /// F(n) as a game.
    pub(in crate::eval) fn family_member(
        &mut self,
        family: &Family,
        n: i64,
        span: Span,
    ) -> Result<Value> {
        match family {
            // A family that refuses n says so of the call made for it: `rugs(0)`.
            Family::User(function) => {
                let args = [Value::Int(n)];
                (self.call_function(function, &args, span))
                    .map_err(|flow| self.place_refusal(flow, function, &args, &[], span))
            }
            Family::Subtraction(moves) => {
                let pile = crate::eval::builtins::pile(n, span)?;
                let id = self
                    .arena
                    .subtraction(pile, moves)
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
            Family::Heap(game) => {
                let size = crate::eval::builtins::pile(n, span)?;
                let id = self
                    .arena
                    .heap(game, size)
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
        }
    }

    pub(in crate::eval) fn family_name(&self, family: &Family) -> String {
        match family {
            Family::User(function) => function.name.name.to_string(),
            Family::Subtraction(moves) => {
                let moves: Vec<String> = moves.iter().map(u64::to_string).collect();
                format!("sub({{{}}})", moves.join(", "))
            }
            Family::Heap(game) => heap_family(game),
        }
    }

    /// A family as it was defined: `f(k)` for `let f(k) = ...`, `sub(n, {1, 3, 4})`.
    pub(in crate::eval) fn family_as_defined(&self, family: &Family) -> String {
        match family {
            Family::User(function) => {
                let params: Vec<&str> = function.params.iter().map(|p| &*p.name).collect();
                format!("{}({})", function.name.name, params.join(", "))
            }
            _ => self.family_example(family, "n"),
        }
    }

    /// How one game of a family is written, for the number `n`: `S(n)`, `sub(n, {1, 3, 4})`.
    pub(in crate::eval) fn family_example(&self, family: &Family, n: &str) -> String {
        match family {
            Family::User(function) if function.params.len() != 1 => self.family_as_defined(family),
            Family::User(function) => format!("{}({n})", function.name.name),
            Family::Subtraction(moves) => {
                let moves: Vec<String> = moves.iter().map(u64::to_string).collect();
                format!("sub({n}, {{{}}})", moves.join(", "))
            }
            Family::Heap(game) => heap_call(game, n),
        }
    }

    /// `seq(F, 0..100)`
    pub(in crate::eval) fn seq(
        &mut self,
        family: &Family,
        members: &Value,
        span: Span,
    ) -> Result<Value> {
        if let Family::User(function) = family
            && function.params.len() != 1
        {
            let error = EvalError::type_error(
                span,
                "`seq` needs a family of one argument",
                format!("`{}` takes {}", function.name.name, function.params.len()),
            );
            let help = match function.params.len() {
                2 => format!(
                    "a function of two arguments is tabulated over rows and columns: `seq({}, 0..8, 0..8)`",
                    function.name.name
                ),
                _ => {
                    "tabulate it through one of its own: `let T(n) = S(n, 3)`, then `seq(T, 0..20)`"
                        .to_owned()
                }
            };
            return Err(error.with_help(help).into());
        }
        let numbers = match members.members(self.meter.limits.game.options) {
            Some(Ok(numbers)) => numbers,
            Some(Err(count)) => {
                let error = EvalError::TooLarge {
                    span,
                    what: "this table".into(),
                    label: format!("{count} entries"),
                    help: Some(format!(
                        "a table lists at most {} entries (the `options` limit); ask for a shorter \
                         range, or one value at a time",
                        self.meter.limits.game.options
                    )),
                };
                return Err(error.into());
            }
            None => {
                return Err(EvalError::type_error(
                    span,
                    "`seq` goes through a range or a set",
                    format!("this is {}", members.kind()),
                )
                .with_help("write `seq(F, 0..100)`")
                .into());
            }
        };
        self.table_grows(numbers.len(), span)?;
        // A heap game's table is computed once to the last heap, under one progress bar.
        if let (Family::Heap(_) | Family::Subtraction(_), Some(&last)) =
            (family, numbers.iter().max())
        {
            let game = self.family_member(family, last, span)?;
            let id = self.game_value(&game, span)?;
            self.nimber(id, span)?;
        }
        let mut entries = Vec::with_capacity(numbers.len());
        let name = self.family_name(family);
        let count = numbers.len() as u64;
        for (done, n) in numbers.iter().copied().enumerate() {
            self.step(span)?;
            if done % 256 == 0 {
                let what = format!("seq({name}, …)");
                self.arena
                    .watch
                    .tick(&what, done as u64, count)
                    .map_err(|e| self.game_error(e, span))?;
            }
            let member = self.family_member(family, n, span)?;
            let call = || format!("{name}({n})");
            entries.push(self.cell(member, call, span)?);
        }
        let call = |i: usize| format!("{name}({})", numbers[i]);
        super::grids::one_kind(&mut entries, call, span)?;
        let entries = numbers.iter().copied().zip(entries).collect();
        let period = match family {
            Family::Subtraction(moves) => self
                .subtraction_period(moves)?
                .map(|p| (p.preperiod, p.length)),
            Family::Heap(game) => {
                // A short search, so that a periodic game's table shows its period's rows.
                let id = self.heap_game_id(game)?;
                match self.arena.heap_period(id, Some(TABLE_PERIOD_SEARCH)) {
                    Ok(searched) => match searched.status {
                        PeriodStatus::Proved(p) => Some((p.preperiod, p.period)),
                        _ => None,
                    },
                    Err(error) => return Err(self.game_error(error, span)),
                }
            }
            Family::User(_) => None,
        };
        Ok(Value::Table(Arc::new(Table {
            family: self.family_name(family),
            entries,
            period,
            full: false,
        })))
    }

    /// `period(F)`, and `period(F, last)`
    pub(in crate::eval) fn period(
        &mut self,
        family: &Family,
        span: Span,
        last: Option<u64>,
    ) -> Result<Value> {
        let name = self.family_name(family);
        let report = match family {
            Family::User(function) => {
                let error = EvalError::type_error(
                    span,
                    "periods are proved for heap games only",
                    format!("`{}` is a family of your own", function.name.name),
                );
                return Err(error
                    .with_help("grundy proves periods of subtraction games and octal games, whose rules it knows; `seq` shows a family's values")
                    .into());
            }
            Family::Heap(game) => self.heap_period(game, name, last, span)?,
            Family::Subtraction(moves) => {
                let found = self.subtraction_period(moves)?;
                let computed = self.subtraction_computed(moves)?;
                let window = moves.last().copied().unwrap_or(0);
                PeriodReport {
                    family: name,
                    found: found.map(|p| Found {
                        preperiod: p.preperiod,
                        period: p.length,
                        proof: p.proof(window),
                    }),
                    computed,
                    longest_period: None,
                    search_further: None,
                    stopped_by: None,
                    at_prompt: self.program.at_prompt,
                }
            }
        };
        Ok(Value::Period(Arc::new(report)))
    }

    /// `period(kayles)`: the octal periodicity theorem's certificate, or how far it looked.
    /// `period(F, n)` uses g(0), ..., g(n) however long they take; `period(F)` goes on while
    /// the `search` limit allows.
    fn heap_period(
        &mut self,
        game: &HeapGame,
        family: String,
        last: Option<u64>,
        span: Span,
    ) -> Result<PeriodReport> {
        let id = self.heap_game_id(game)?;
        let searched = self
            .arena
            .heap_period(id, last)
            .map_err(|e| self.game_error(e, span))?;
        let computed = self.arena.heap_sequence(id).computed_values().len() as u64;
        let (found, longest_period) = match searched.status {
            PeriodStatus::Proved(p) => {
                let found = Found {
                    preperiod: p.preperiod,
                    period: p.period,
                    proof: periodicity_proof(game, &p),
                };
                (Some(found), None)
            }
            PeriodStatus::NotFound { longest_period, .. } => (None, Some(longest_period)),
            PeriodStatus::NotApplicable => {
                let (label, help) = outside_the_theorem(game);
                // Not a type error: the family is a heap game, only not one the theorem reaches.
                let error =
                    EvalError::invalid(span, "no periodicity theorem covers this game", label);
                return Err(error.with_help(help).into());
            }
        };
        let stopped_by = searched.stopped.map(|stop| {
            let (limit, value) = match stop {
                SearchStop::Work(_) => ("search", self.meter.limits.game.search),
                SearchStop::Table(values) => ("heap", values),
            };
            // Just enough for the values asked for, or else ten times as far.
            let raise_to = match (stop, last) {
                (SearchStop::Table(_), Some(last)) => last.saturating_add(1),
                _ => value.saturating_mul(10),
            };
            Stopped {
                limit,
                value,
                raise_to,
            }
        });
        // Ten times as far as asked, or the next power of ten past the values computed.
        let past = 10u64.saturating_pow(computed.checked_ilog10().unwrap_or(0) + 1);
        let further = match (last, searched.stopped) {
            (Some(last), None) => last.saturating_mul(10).max(past),
            _ => past,
        };
        let table = self.meter.limits.game.heap_table as u64;
        let raise = (further >= table).then_some(further.saturating_add(1));
        let search_further = found.is_none().then_some((further, raise));
        Ok(PeriodReport {
            family,
            found,
            computed,
            longest_period,
            search_further,
            stopped_by,
            at_prompt: self.program.at_prompt,
        })
    }

    /// The heap game as the arena knows it.
    fn heap_game_id(&mut self, game: &HeapGame) -> Result<HeapGameId> {
        let id = self
            .arena
            .heap(game, 0)
            .map_err(|e| self.game_error(e, Span::default()))?;
        match self.arena.node(id) {
            Node::Heap { game, .. } => Ok(*game),
            _ => unreachable!("a heap is a heap node"),
        }
    }

    /// Extends a subtraction game's table until its period is found (or the table is full).
    fn subtraction_period(&mut self, moves: &[u64]) -> Result<Option<Period>> {
        let id = self
            .arena
            .subtraction(0, moves)
            .map_err(|e| self.game_error(e, Span::default()))?;
        self.arena
            .find_period(id)
            .map_err(|e| self.game_error(e, Span::default()))
    }

    fn subtraction_computed(&mut self, moves: &[u64]) -> Result<u64> {
        let id = self
            .arena
            .subtraction(0, moves)
            .map_err(|e| self.game_error(e, Span::default()))?;
        Ok(self.arena.computed(id))
    }
}

/// Why the octal periodicity theorem does not reach a game, at its name, and what to do.
fn outside_the_theorem(game: &HeapGame) -> (String, String) {
    let seq = "`seq` shows its values all the same";
    match game {
        HeapGame::TakeBreak(code) => {
            let k = code.three_heap_digit().unwrap_or(0);
            let move_ = match k {
                0 => "a heap may be split into three heaps".to_owned(),
                1 => "removing 1 token may leave three heaps".to_owned(),
                k => format!("removing {k} tokens may leave three heaps"),
            };
            (
                format!("d{k} = {:X}: {move_}", code.digit(k)),
                format!(
                    "the octal periodicity theorem needs a code whose moves leave at most two \
                     heaps (every digit below 8); {seq}"
                ),
            )
        }
        HeapGame::Grundy => (
            "Grundy's game forbids splitting a heap into two equal heaps".to_owned(),
            format!(
                "the octal periodicity theorem pairs each split of n + p with one of n, which \
                 that rule breaks; {seq}"
            ),
        ),
    }
}
