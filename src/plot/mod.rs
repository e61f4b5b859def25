//! Plots of sequences: a family's Grundy values against n, drawn as an SVG scatter plot
//! (`plot seq(kayles, 0..1000)`), its period marked when proved, values worth ∞ (a loopy
//! family's) on a row of their own; and of surveys, a grid of codes coloured by status
//! (`plot survey("0.???", 10000)`). Pure: values in, SVG text out; where the SVG goes is the
//! evaluator's and the command line's business.

mod grid;
mod marks;
mod rare;
mod survey;
mod svg;

use std::fmt;

pub use rare::{Rare, rare_values};
pub use survey::{render_survey, title as survey_title};
pub use svg::render;

/// What to draw: the values of a family at some n, and its period when proved.
#[derive(Copy, Clone, Debug)]
pub struct Sequence<'a> {
    /// The family's name, the plot's title: `kayles`, `sub({1, 3, 4})`.
    pub family: &'a str,
    /// (n, Grundy value of the family's game n), n increasing, for the games with a nimber.
    pub entries: &'a [(i64, u64)],
    /// The n whose game has no nimber (a loopy family's, worth ∞), increasing: drawn as
    /// crosses on a row of their own, above the values.
    pub infinite: &'a [i64],
    /// (preperiod, period), when proved.
    pub period: Option<(u64, u64)>,
    /// The values are integers a function gave (`seq(nim_sqrt, 0..64)`), not Grundy values:
    /// the axis says so, and no rare values are looked for.
    pub integers: bool,
}

/// What a plot's marks stand for: a family's values, or a survey's games.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Marks {
    Values,
    Games,
}

/// What `plot` answers: the SVG, and the file it was written to, if it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plot {
    /// The plot's title: the family (`kayles`), or the survey (`survey of 0.??? to n = 1000`).
    pub family: String,
    /// How many values (or a survey's games) were plotted.
    pub values: usize,
    pub marks: Marks,
    pub svg: String,
    /// The file the SVG went to (at the REPL's prompt, or `plot ... to "file.svg"`); when
    /// `None`, the SVG itself is printed.
    pub file: Option<String>,
}

impl fmt::Display for Plot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => {
                let (the, mark) = match self.marks {
                    Marks::Values => ("", "value"),
                    Marks::Games => ("the ", "game"),
                };
                let plural = if self.values == 1 { "" } else { "s" };
                write!(
                    f,
                    "plot of {the}{} ({} {mark}{plural}) written to {file}",
                    self.family, self.values
                )
            }
            None => f.write_str(self.svg.trim_end()),
        }
    }
}
