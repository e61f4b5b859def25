//! How a two-way table (`seq(F, rows, columns)`) prints, as the texts print the values of a
//! two-dimensional game: a header of column numbers, each row led by its number, entries
//! right-aligned in columns as wide as the widest; folded after a screenful of rows and a
//! line's width of columns.
//!
//! ```text
//! nim_mul: values, rows a (its first argument), columns b (its second)
//!    0 1 2 3
//! 0: 0 0 0 0
//! 1: 0 1 2 3
//! 2: 0 2 3 1
//! 3: 0 3 1 2
//! ```

use std::fmt;

use crate::eval::report::tables::{ROWS, entry};
use crate::eval::values::tables::Grid;

/// Lines of a folded grid are no longer than this many characters (a table of 0..32 × 0..32
/// nim products fits; `seq` rows of 36 values run as long).
const LINE: usize = 120;

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [first, second] = &self.params;
        write!(
            f,
            "{}: values, rows {first} (its first argument), columns {second} (its second)",
            self.family
        )?;
        // Characters, not bytes: `∞` is one.
        let width = |text: &str| text.chars().count();
        let cells = self.cells.iter().map(|cell| width(&entry(cell)));
        let numbers = self.columns.iter().map(|y| width(&y.to_string()));
        let wide = cells.chain(numbers).max().unwrap_or(1);
        let label = (self.rows.iter())
            .map(|x| width(&x.to_string()))
            .max()
            .unwrap_or(0);
        let (rows, columns) = match self.full {
            true => (self.rows.len(), self.columns.len()),
            false => {
                let fit = LINE.saturating_sub(label + 1) / (wide + 1);
                (
                    self.rows.len().min(ROWS),
                    self.columns.len().min(fit.max(1)),
                )
            }
        };
        if columns > 0 {
            write!(f, "\n{:label$} ", "")?;
            for y in &self.columns[..columns] {
                write!(f, " {y:>wide$}")?;
            }
        }
        for (i, x) in self.rows[..rows].iter().enumerate() {
            write!(f, "\n{x:>label$}:")?;
            for cell in &self.row(i)[..columns] {
                write!(f, " {:>wide$}", entry(cell))?;
            }
        }
        let hidden = [
            (self.rows.len() - rows, "row"),
            (self.columns.len() - columns, "column"),
        ];
        let hidden: Vec<String> = (hidden.iter())
            .filter(|(count, _)| *count > 0)
            .map(|(count, what)| match count {
                1 => format!("1 more {what}"),
                n => format!("{n} more {what}s"),
            })
            .collect();
        if !hidden.is_empty() {
            write!(
                f,
                "\n… {} (`full seq(…)` shows them all; --json gives them to programs)",
                hidden.join(" and ")
            )?;
        }
        Ok(())
    }
}
