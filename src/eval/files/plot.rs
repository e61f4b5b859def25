//! `plot seq(F, 0..n)`: a table of values drawn as SVG (see [`crate::plot`]); `plot
//! survey("0.???", n)`: a survey's games as a grid coloured by status. Printed, or written to
//! a file (see `drawing`): the one named by `to "file.svg"` (or `.png`), or at the REPL's
//! prompt, where SVG text would fill the screen, `plot.svg` in the current folder.

use std::sync::Arc;

use crate::eval::files::drawing::Drawing;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::values::tables::{Cell, Grid, Table};
use crate::eval::{Result, Session};
use crate::game::loopy::LoopyValue;
use crate::plot::{Marks, Plot, Sequence};
use crate::source::Span;
use crate::survey::SurveyTable;
use crate::syntax::ast::Expr;

/// Where a plot made at the REPL's prompt goes, unless it says `to "file.svg"`.
pub const PROMPT_PLOT_FILE: &str = "plot.svg";

/// Bytes of SVG a survey's game takes, about 200 (a cell with its tooltip), in a string that
/// grows by doubling.
const SVG_BYTES_A_GAME: u64 = 400;

impl Session {
    /// `plot seq(kayles, 0..1000)`, `plot seq(kayles, 0..1000) to "kayles.svg"`,
    /// `plot survey("0.???", 10000)`
    pub(in crate::eval) fn plot(&mut self, target: &Expr, to: Option<&Expr>) -> Result<Plot> {
        // The file first: one that can't be written is refused before the values are computed.
        let file = match to {
            Some(to) => Some((self.picture_file(to, Drawing::Plot)?, to.span)),
            None if self.program.at_prompt => Some((PROMPT_PLOT_FILE.to_owned(), target.span)),
            None => None,
        };
        let (svg, family, values, marks) = match self.eval_root(target)? {
            Value::Table(table) => {
                let svg = self.draw_table(&table, target.span)?;
                (
                    svg,
                    table.family.clone(),
                    table.entries.len(),
                    Marks::Values,
                )
            }
            Value::Survey(survey) => {
                let svg = self.draw_survey(&survey, target.span)?;
                let title = crate::plot::survey_title(&survey);
                (svg, title, survey.records.len(), Marks::Games)
            }
            other => return Err(self.not_a_table(&other, target.span).into()),
        };
        if let Some((file, span)) = &file {
            self.write_picture(file, *span, &svg, Drawing::Plot)?;
        }
        Ok(Plot {
            family,
            values,
            marks,
            svg,
            file: file.map(|(file, _)| file),
        })
    }

    /// A table of values as a scatter plot.
    fn draw_table(&mut self, table: &Arc<Table>, span: Span) -> Result<String> {
        if table.entries.is_empty() {
            return Err(EvalError::invalid(
                span,
                "there is nothing to plot",
                "this table has no values",
            )
            .with_help("tabulate a range that holds some n: `plot seq(kayles, 0..100)`")
            .into());
        }
        // Each value is looked at a few times, as a builtin goes through elements (64 a
        // step); a plot of 10^7 values takes seconds, on a thread that Ctrl-C leaves.
        self.work(table.entries.len() as u64 / 64, span)?;
        if let Some((n, value)) = (table.entries.iter()).find_map(|(n, cell)| match cell {
            Cell::Int(value) if *value < 0 => Some((n, value)),
            _ => None,
        }) {
            let error = EvalError::invalid(
                span,
                "a plot draws values from 0 up",
                format!("the entry for n = {n} is {value}"),
            );
            return Err(error
                .with_help("`seq` prints the table; plot the values from 0 up")
                .into());
        }
        let drawn = table.clone();
        self.render_apart(span, move || {
            // Values up the axis; games worth ∞ (a loopy family's) on a row of their own.
            let (mut entries, mut infinite) = (Vec::new(), Vec::new());
            for (n, value) in &drawn.entries {
                match value {
                    Cell::Game(LoopyValue::Finite(nimber)) => entries.push((*n, *nimber)),
                    Cell::Int(value) => entries.push((*n, value.unsigned_abs())),
                    Cell::Game(LoopyValue::Infinite(_)) => infinite.push(*n),
                }
            }
            crate::plot::render(&Sequence {
                family: &drawn.family,
                entries: &entries,
                infinite: &infinite,
                period: drawn.period,
                integers: (drawn.entries.iter()).any(|(_, cell)| matches!(cell, Cell::Int(_))),
            })
        })
    }

    /// A survey as a grid of its games.
    fn draw_survey(&mut self, survey: &Arc<SurveyTable>, span: Span) -> Result<String> {
        if survey.records.is_empty() {
            return Err(EvalError::invalid(
                span,
                "there is nothing to plot",
                "this survey has no games",
            )
            .with_help("survey some codes: `plot survey(\"0.??\", 1000)`")
            .into());
        }
        // A cell per code of the pattern's table: 8^5 at most, as `survey` takes.
        let games = survey.records.len() as u64;
        self.work(games / 64, span)?;
        self.room_for(games * SVG_BYTES_A_GAME, span)?;
        let drawn = survey.clone();
        self.render_apart(span, move || Ok(crate::plot::render_survey(&drawn)))
    }

    /// Draws on a thread that Ctrl-C leaves behind.
    fn render_apart(
        &self,
        span: Span,
        render: impl FnOnce() -> std::result::Result<String, String> + Send + 'static,
    ) -> Result<String> {
        let not_drawn = |reason: String| {
            EvalError::invalid(span, "this plot could not be drawn", reason).with_help(
                "this is a bug in grundy; `seq` and `survey` print the same values as a table",
            )
        };
        match crate::picture::on_a_thread(&self.interrupt, render) {
            None => Err(EvalError::Cancelled { span }.into()),
            Some(None) => Err(not_drawn("drawing it failed".into()).into()),
            Some(Some(svg)) => Ok(svg.map_err(not_drawn)?),
        }
    }

    /// Why `plot` wants a table or a survey, and how to make one of what was given.
    fn not_a_table(&self, value: &Value, span: Span) -> EvalError {
        let help = match value {
            Value::Family(family) => {
                let name = self.family_name(family);
                format!("plot the family's values over a range: `plot seq({name}, 0..100)`")
            }
            Value::Str(codes) if crate::survey::expand(codes).is_ok() => format!(
                "to draw these codes by status, survey them: `plot survey(\"{codes}\", 1000)`"
            ),
            Value::Game(_) => "a game has one value; `plot` draws a family's values against n: \
                               `plot seq(kayles, 0..100)`"
                .to_owned(),
            Value::Grid(grid) => grid_help(grid),
            _ => "`plot` draws a family's values against n, as `seq` tabulates them: \
                  `plot seq(kayles, 0..100)`, or a survey's codes by status: \
                  `plot survey(\"0.??\", 1000)`"
                .to_owned(),
        };
        EvalError::type_error(
            span,
            "`plot` draws a table of values or a survey",
            format!("this is {}", value.kind()),
        )
        .with_help(help)
    }
}

/// How to plot one row of a two-way table: its first argument fixed, as a family of one
/// argument (whose values are games: an integer entry is made the heap of that size).
fn grid_help(grid: &Grid) -> String {
    // The last row: the first is often all 0 (x ⊗ 0, a board with no coin turned).
    let x = grid.rows.last().copied().unwrap_or(0);
    let ints = grid.cells.iter().all(|cell| matches!(cell, Cell::Int(_)));
    let columns = match (grid.columns.first(), grid.columns.last()) {
        (Some(first), Some(last)) => format!("{first}..{}", last.saturating_add(1)),
        _ => "0..16".to_owned(),
    };
    let inline = grid.family.starts_with('(');
    let name = if inline { "f" } else { &grid.family };
    let call = format!("{name}({x}, n)");
    let value = if ints { format!("*{call}") } else { call };
    let named = match inline {
        true => format!("name the function (`let f = {}`), then ", grid.family),
        false => String::new(),
    };
    format!(
        "`plot` draws a family of one argument against n; to draw one row of this table, fix \
         its first argument: {named}`plot seq(n => {value}, {columns})`"
    )
}
