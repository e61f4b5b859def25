//! Families as values: `seq(F, 0..100)` tabulates a family's values, `period(F)` proves
//! where they repeat. A family is a user's one-argument definition or a built-in heap game.

use std::fmt;
use std::sync::Arc;

use super::value::Family;
use super::{EvalError, Result, Session, Value};
use crate::game::heap::{HeapGame, PeriodStatus};
use crate::game::subtraction::Period;
use crate::game::{HeapGameId, Node, PERIOD_SEARCH, heap_call, heap_family, periodicity_proof};
use crate::source::Span;

/// `seq(F, R)`: the value of F(n) for each n in R.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    pub family: String,
    pub entries: Vec<(i64, u64)>,
    /// (preperiod, period), when proved: rows are then a period long.
    pub period: Option<(u64, u64)>,
    /// Printed whole (`full seq(...)`), not folded after a screenful of rows.
    pub full: bool,
}

/// `period(F)`: where a heap game's values repeat for ever, and why, or how far it looked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PeriodReport {
    pub family: String,
    pub found: Option<Found>,
    /// Values computed in the search.
    pub computed: u64,
    /// Where `period(F, n)` would search next, when the search was bounded.
    pub search_further: Option<u64>,
    /// The search stopped at the `search` limit, this many pairs of heaps.
    pub out_of_work: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Found {
    pub preperiod: u64,
    pub period: u64,
    /// The argument that makes it a proof, in words.
    pub proof: String,
}

/// Table rows are never longer than this, even for a longer period.
const ROW: u64 = 36;

/// Values of a heap game `seq` computes in search of a period to lay its table out by.
const TABLE_PERIOD_SEARCH: u64 = 1 << 14;

impl Session {
    /// What `F` denotes when a family is expected.
    pub(super) fn family(&self, value: &Value, span: Span) -> Result<Family> {
        match value {
            Value::Family(family) => Ok(family.clone()),
            other => Err(EvalError::type_error(span, "expected a family of games", format!("this is {}", other.kind()))
                .with_help("a family is a name defined with one parameter (`let S(n) = ...`) or a heap game such as `sub({1, 3, 4})`")
                .into()),
        }
    }

    /// F(n) as a game.
    pub(super) fn family_member(&mut self, family: &Family, n: i64, span: Span) -> Result<Value> {
        match family {
            Family::User(function) => self.call_function(function, vec![Value::Int(n)], span),
            Family::Subtraction(moves) => {
                let pile = super::expr::chips(n, span)?;
                let id = self
                    .arena
                    .subtraction(pile, moves)
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
            Family::Heap(game) => {
                let size = super::expr::chips(n, span)?;
                let id = self
                    .arena
                    .heap(game, size)
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
        }
    }

    pub(super) fn family_name(&self, family: &Family) -> String {
        match family {
            Family::User(function) => function.name.name.to_string(),
            Family::Subtraction(moves) => {
                let moves: Vec<String> = moves.iter().map(u64::to_string).collect();
                format!("sub({{{}}})", moves.join(", "))
            }
            Family::Heap(game) => heap_family(game),
        }
    }

    /// How one game of a family is written, for the number `n`: `S(n)`, `sub(n, {1, 3, 4})`.
    pub(super) fn family_example(&self, family: &Family, n: &str) -> String {
        match family {
            Family::User(function) if function.params.len() != 1 => {
                let params: Vec<&str> = function.params.iter().map(|p| &*p.name).collect();
                format!("{}({})", function.name.name, params.join(", "))
            }
            Family::User(function) => format!("{}({n})", function.name.name),
            Family::Subtraction(moves) => {
                let moves: Vec<String> = moves.iter().map(u64::to_string).collect();
                format!("sub({n}, {{{}}})", moves.join(", "))
            }
            Family::Heap(game) => heap_call(game, n),
        }
    }

    /// `seq(F, 0..100)`
    pub(super) fn seq(&mut self, family: &Family, members: &Value, span: Span) -> Result<Value> {
        if let Family::User(function) = family
            && function.params.len() != 1
        {
            let error = EvalError::type_error(
                span,
                "`seq` needs a family of one argument",
                format!("`{}` takes {}", function.name.name, function.params.len()),
            );
            return Err(error.with_help("tabulate it through one of its own: `let T(n) = S(n, 3)`, then `seq(T, 0..20)`").into());
        }
        let numbers = match members.members(self.limits.game.options) {
            Some(Ok(numbers)) => numbers,
            Some(Err(count)) => {
                let error = EvalError::TooLarge {
                    span,
                    what: "this table".into(),
                    label: format!("{count} entries"),
                    help: Some(format!(
                        "a table lists at most {} entries (the `options` limit); ask for a shorter \
                         range, or one value at a time",
                        self.limits.game.options
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
        // A heap game's table is computed once to the last heap, under one progress bar.
        if let (Family::Heap(_) | Family::Subtraction(_), Some(&last)) =
            (family, numbers.iter().max())
        {
            let game = self.family_member(family, last, span)?;
            let id = self.game_value(&game, span)?;
            self.nimber(id, span)?;
        }
        let mut entries = Vec::with_capacity(numbers.len());
        let count = numbers.len() as u64;
        for (done, n) in numbers.into_iter().enumerate() {
            self.step(span)?;
            if done % 256 == 0 {
                let what = format!("seq({}, …)", self.family_name(family));
                self.arena
                    .watch
                    .tick(&what, done as u64, count)
                    .map_err(|e| self.game_error(e, span))?;
            }
            let game = self.family_member(family, n, span)?;
            let id = self.game_value(&game, span)?;
            entries.push((n, self.nimber(id, span)?));
        }
        let period = match family {
            Family::Subtraction(moves) => self
                .subtraction_period(moves)?
                .map(|p| (p.preperiod, p.length)),
            Family::Heap(game) => {
                // A short search, so that a periodic game's table shows its period's rows.
                let id = self.heap_game_id(game)?;
                match self.arena.heap_period(id, TABLE_PERIOD_SEARCH, true) {
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

    /// `period(F)`
    pub(super) fn period(
        &mut self,
        family: &Family,
        span: Span,
        search_to: Option<u64>,
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
            Family::Heap(game) => self.heap_period(game, name, search_to, span)?,
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
                    search_further: None,
                    out_of_work: None,
                }
            }
        };
        Ok(Value::Period(Arc::new(report)))
    }

    /// `period(kayles)`: the octal periodicity theorem's certificate, or how far it looked.
    fn heap_period(
        &mut self,
        game: &HeapGame,
        family: String,
        search_to: Option<u64>,
        span: Span,
    ) -> Result<PeriodReport> {
        let id = self.heap_game_id(game)?;
        // `period(F)` works within the `search` limit; `period(F, n)` goes to n regardless.
        let budgeted = search_to.is_none();
        let search_to = search_to.unwrap_or(PERIOD_SEARCH);
        let searched = self
            .arena
            .heap_period(id, search_to, budgeted)
            .map_err(|e| self.game_error(e, span))?;
        let computed = self.arena.heap_sequence(id).computed_values().len() as u64;
        let search_further = if searched.out_of_work {
            10u64.saturating_pow(computed.checked_ilog10().unwrap_or(0) + 1)
        } else {
            search_to.saturating_mul(10)
        };
        let found = match searched.status {
            PeriodStatus::Proved(p) => Some(Found {
                preperiod: p.preperiod,
                period: p.period,
                proof: periodicity_proof(game, &p),
            }),
            PeriodStatus::NotFound { .. } => None,
            PeriodStatus::NotApplicable => {
                let error = EvalError::type_error(
                    span,
                    "no periodicity theorem covers this game",
                    format!("{} splits heaps without taking", game),
                );
                return Err(error
                    .with_help("the octal periodicity theorem needs a code whose moves leave at most two heaps; `seq` shows the values")
                    .into());
            }
        };
        Ok(PeriodReport {
            family,
            found,
            computed,
            search_further: Some(search_further),
            out_of_work: searched.out_of_work.then_some(self.limits.game.search),
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

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let contiguous = self.entries.windows(2).all(|w| w[1].0 == w[0].0 + 1);
        match self.period {
            Some((preperiod, period)) => write!(
                f,
                "{}: values, period {period} from n = {preperiod}",
                self.family
            )?,
            None => write!(f, "{}: values", self.family)?,
        }
        if !contiguous || self.entries.is_empty() {
            let shown = if self.full { usize::MAX } else { ROWS };
            for (n, value) in self.entries.iter().take(shown) {
                write!(f, "\n  {n}: {value}")?;
            }
            return self.fold_note(f, self.entries.len().saturating_sub(shown), "value");
        }
        let row = match self.period {
            Some((_, period)) if period <= ROW => period,
            _ => 10,
        };
        let wide = self
            .entries
            .iter()
            .map(|(_, v)| v.to_string().len())
            .max()
            .unwrap_or(1);
        let label = self.entries.last().map_or(1, |(n, _)| n.to_string().len());
        let first = self.entries[0].0;
        let mut column = first.rem_euclid(row as i64) as usize;
        write!(f, "\n{:>label$}:", first - column as i64)?;
        write!(f, "{}", " ".repeat(column * (wide + 1)))?;
        let mut rows = 1;
        for (i, (n, value)) in self.entries.iter().enumerate() {
            if column == row as usize {
                if rows == ROWS && !self.full {
                    return self.fold_note(f, self.entries.len() - i, "value");
                }
                write!(f, "\n{n:>label$}:")?;
                column = 0;
                rows += 1;
            }
            write!(f, " {value:>wide$}")?;
            column += 1;
        }
        Ok(())
    }
}

/// Rows of a table shown before the rest is counted (`full seq(...)` shows them all).
const ROWS: usize = 30;

impl Table {
    /// `… 166 310 more values (`full seq(kayles, 0..2000000)` shows them all)`.
    fn fold_note(&self, f: &mut fmt::Formatter<'_>, hidden: usize, what: &str) -> fmt::Result {
        if hidden == 0 {
            return Ok(());
        }
        let plural = if hidden == 1 { "" } else { "s" };
        write!(
            f,
            "\n… {hidden} more {what}{plural} (`full seq(…)` shows them all; --json gives them to programs)"
        )
    }
}

impl fmt::Display for PeriodReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.found {
            Some(found) => write!(
                f,
                "{}: period {} from n = {} (values computed up to n = {}).\n  proof: {}.",
                self.family,
                found.period,
                found.preperiod,
                self.computed.saturating_sub(1),
                found.proof
            ),
            None => {
                write!(
                    f,
                    "{}: no period up to n = {}.",
                    self.family,
                    self.computed.saturating_sub(1)
                )?;
                if let Some(work) = self.out_of_work {
                    write!(
                        f,
                        "\n  (the search stopped after {work} pairs of heaps, the `search` limit)"
                    )?;
                }
                match self.search_further {
                    Some(n) => write!(
                        f,
                        "\n  (no proof either way; search further with `period({}, {n})`)",
                        self.family
                    ),
                    None => Ok(()),
                }
            }
        }
    }
}
