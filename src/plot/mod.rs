//! Plots of sequences: a family's Grundy values against n, drawn as an SVG scatter plot
//! (`plot seq(kayles, 0..1000)`), its period marked when proved, values worth ∞ (a loopy
//! family's) on a row of their own. Pure: values in, SVG text out; where the SVG goes is the
//! evaluator's and the command line's business.

mod marks;
mod rare;
mod svg;

use std::fmt;

pub use rare::{Rare, rare_values};
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
}

/// What `plot` answers: the SVG, and the file it was written to, if it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plot {
    pub family: String,
    /// How many values were plotted.
    pub values: usize,
    pub svg: String,
    /// The file the SVG went to (at the REPL's prompt, or `plot ... to "file.svg"`); when
    /// `None`, the SVG itself is printed.
    pub file: Option<String>,
}

impl fmt::Display for Plot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => {
                let plural = if self.values == 1 { "" } else { "s" };
                write!(
                    f,
                    "plot of {} ({} value{plural}) written to {file}",
                    self.family, self.values
                )
            }
            None => f.write_str(self.svg.trim_end()),
        }
    }
}
