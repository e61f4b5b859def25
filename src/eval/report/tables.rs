//! How the values `seq` and `period` make print: a table folded after a screenful of rows
//! and laid out by its period, a period with its proof (or how far the search looked and how
//! to look further); a game graph's vertices and their values.

use std::fmt;

use crate::eval::values::tables::{Cell, DigraphTable, PeriodReport, Stopped, Table};
use crate::game::loopy::{LoopyValue, Outcome};

/// Table rows are never longer than this, even for a longer period.
const ROW: u64 = 36;

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
                write!(f, "\n  {n}: {}", entry(value))?;
            }
            return self.fold_note(f, self.entries.len().saturating_sub(shown), "value");
        }
        let row = match self.period {
            Some((_, period)) if period <= ROW => period,
            _ => 10,
        };
        // Characters, not bytes: `∞` is one.
        let wide = self
            .entries
            .iter()
            .map(|(_, v)| entry(v).chars().count())
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
            write!(f, " {:>wide$}", entry(value))?;
            column += 1;
        }
        Ok(())
    }
}

/// An entry of a table or grid: an integer, or a game's value as the Grundy sequence is
/// written, the nimber's number (`3`), or `∞{0,2}` for a game that can go on for ever.
pub(super) fn entry(cell: &Cell) -> String {
    match cell {
        Cell::Int(n) => n.to_string(),
        Cell::Game(LoopyValue::Finite(n)) => n.to_string(),
        Cell::Game(infinite) => infinite.to_string(),
    }
}

/// Rows of a table shown before the rest is counted (`full seq(...)` shows them all).
pub(super) const ROWS: usize = 30;

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

impl PeriodReport {
    /// How to raise a limit, where the report is read.
    fn raise(&self, limit: &str, to: u64) -> String {
        crate::eval::report::advice::raise_at(self.at_prompt, limit, to)
    }
}

impl fmt::Display for PeriodReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.computed.saturating_sub(1);
        let Some(found) = &self.found else {
            write!(f, "{}: no period up to n = {last}.", self.family)?;
            if let Some(longest) = self.longest_period {
                write!(
                    f,
                    "\n  (every period g(0), …, g({last}) could prove was searched: at most {longest}, \
                     from any n0; a longer one needs more values)"
                )?;
            }
            match self.stopped_by {
                Some(Stopped {
                    limit: "search",
                    value,
                    ..
                }) => write!(
                    f,
                    "\n  (the search stopped after {value} pairs of heaps, the `search` limit)"
                )?,
                Some(Stopped {
                    limit,
                    value,
                    raise_to,
                }) => write!(
                    f,
                    "\n  (the search stopped at the `{limit}` limit, {value} values; to search \
                     further, {})",
                    self.raise(limit, raise_to)
                )?,
                None => {}
            }
            return match self.search_further {
                Some((n, None)) => write!(
                    f,
                    "\n  (no proof either way; search further with `period({}, {n})`)",
                    self.family
                ),
                Some((n, Some(heap))) if self.stopped_by.is_none_or(|s| s.limit == "search") => {
                    write!(
                        f,
                        "\n  (no proof either way; search further with `period({}, {n})`, after \
                         raising the `heap` limit: {})",
                        self.family,
                        self.raise("heap", heap)
                    )
                }
                _ => Ok(()),
            };
        };
        write!(
            f,
            "{}: period {} from n = {} (values computed up to n = {last}).\n  proof: {}.",
            self.family, found.period, found.preperiod, found.proof
        )
    }
}

/// Vertices listed before the rest are counted, unless printed `full`.
const LISTED: usize = 1000;

impl fmt::Display for DigraphTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.vertices.len();
        let plural = |n: usize, what: &str| match n {
            1 => format!("1 {what}"),
            n => format!("{n} {what}s"),
        };
        writeln!(
            f,
            "a game graph: {}, {}",
            plural(count, "vertex").replace("vertexs", "vertices"),
            plural(self.moves, "move")
        )?;
        let shown = if self.full { count } else { count.min(LISTED) };
        let more = |f: &mut fmt::Formatter<'_>, hidden: usize| match hidden {
            0 => Ok(()),
            n => write!(f, ", … {n} more (`full ...` shows them all)"),
        };
        write!(f, "values: ")?;
        for (i, (name, value)) in self.vertices[..shown].iter().enumerate() {
            let comma = if i > 0 { ", " } else { "" };
            write!(f, "{comma}{name}: {value}")?;
        }
        more(f, count - shown)?;
        let with = |outcome: Outcome| -> Vec<&str> {
            self.vertices
                .iter()
                .filter(|(_, value)| value.outcome() == outcome)
                .map(|(name, _)| name.as_str())
                .collect()
        };
        let losing = with(Outcome::Losing);
        let shown = if self.full {
            losing.len()
        } else {
            losing.len().min(LISTED)
        };
        match losing.is_empty() {
            true => write!(f, "\nlosing (P-positions): none")?,
            false => write!(f, "\nlosing (P-positions): {}", losing[..shown].join(", "))?,
        }
        more(f, losing.len() - shown)?;
        let draws = with(Outcome::Draw);
        if !draws.is_empty() {
            let shown = if self.full {
                draws.len()
            } else {
                draws.len().min(LISTED)
            };
            write!(
                f,
                "\ndraws (play goes on for ever): {}",
                draws[..shown].join(", ")
            )?;
            more(f, draws.len() - shown)?;
        }
        Ok(())
    }
}
