//! `grundy.Table` (what `seq` computes), `grundy.Grid` (what `seq(F, rows, columns)`
//! computes), `grundy.Period` and `grundy.Plot`.

use grundy::eval::{Cell, PeriodReport};
use grundy::game::loopy::LoopyValue;
use pyo3::exceptions::{PyIndexError, PyKeyError};
use pyo3::prelude::*;

use crate::html;
use crate::infinity::value_object;

/// A family's values: a list of `(n, value)`.
#[pyclass(module = "grundy", frozen, sequence)]
pub struct Table {
    table: grundy::eval::Table,
}

impl Table {
    pub fn new(table: grundy::eval::Table) -> Table {
        Table { table }
    }
}

#[pymethods]
impl Table {
    #[getter]
    fn family(&self) -> String {
        self.table.family.clone()
    }

    /// The values, in the order of n: nimbers (or a function's integers) as `int`s, a loopy
    /// family's games worth ∞ as `Infinity`.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        (self.table.entries.iter())
            .map(|(_, cell)| cell_object(py, cell))
            .collect()
    }

    /// The n tabulated.
    #[getter]
    fn ns(&self) -> Vec<i64> {
        self.table.entries.iter().map(|(n, _)| *n).collect()
    }

    /// `(preperiod, period)` when proved.
    #[getter]
    fn period(&self) -> Option<(u64, u64)> {
        self.table.period
    }

    fn __len__(&self) -> usize {
        self.table.entries.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<(i64, Py<PyAny>)> {
        let len = self.table.entries.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err("table index out of range"));
        }
        let (n, cell) = &self.table.entries[at as usize];
        Ok((*n, cell_object(py, cell)?))
    }

    fn __str__(&self) -> String {
        self.table.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Table of {}: {} values>",
            self.table.family,
            self.table.entries.len()
        )
    }

    fn _repr_html_(&self) -> String {
        let mut out = format!(
            "<table class=\"grundy-table\"><caption>{}</caption><tr><th>n</th><th>value</th></tr>",
            html::escape(&self.table.family)
        );
        const SHOWN: usize = 200;
        for (n, cell) in self.table.entries.iter().take(SHOWN) {
            let v = cell_text(cell);
            out.push_str(&format!("<tr><td>{n}</td><td>{v}</td></tr>"));
        }
        out.push_str("</table>");
        if self.table.entries.len() > SHOWN {
            let more = self.table.entries.len() - SHOWN;
            out.push_str(&format!("<div>… {more} more rows</div>"));
        }
        out
    }
}

/// A function of two arguments tabulated: `grid[i]` is row i, F(`rows[i]`, y) for each
/// y of `columns`; `grid.at(x, y)` is F(x, y).
#[pyclass(module = "grundy", frozen, sequence)]
pub struct Grid {
    grid: grundy::eval::Grid,
}

impl Grid {
    pub fn new(grid: grundy::eval::Grid) -> Grid {
        Grid { grid }
    }
}

/// An entry as Python's: an `int` (an integer as it is, a game by its nimber), or
/// `Infinity` for a game worth ∞.
pub fn cell_object(py: Python<'_>, cell: &Cell) -> PyResult<Py<PyAny>> {
    match cell {
        Cell::Int(n) => Ok(n.into_pyobject(py)?.into_any().unbind()),
        Cell::Game(value) => value_object(py, value),
    }
}

/// An entry as `seq` prints it.
fn cell_text(cell: &Cell) -> String {
    match cell {
        Cell::Int(n) => n.to_string(),
        Cell::Game(LoopyValue::Finite(nimber)) => nimber.to_string(),
        Cell::Game(infinite) => infinite.to_string(),
    }
}

#[pymethods]
impl Grid {
    #[getter]
    fn family(&self) -> String {
        self.grid.family.clone()
    }

    /// The first arguments, one for each row.
    #[getter]
    fn rows(&self) -> Vec<i64> {
        self.grid.rows.clone()
    }

    /// The second arguments, one for each column.
    #[getter]
    fn columns(&self) -> Vec<i64> {
        self.grid.columns.clone()
    }

    /// The rows, each a list of its entries: `int`s, and `Infinity` for a loopy family's
    /// games worth ∞.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Vec<Vec<Py<PyAny>>>> {
        (0..self.grid.rows.len()).map(|i| self.row(py, i)).collect()
    }

    /// F(x, y), for x among the rows and y among the columns.
    fn at(&self, py: Python<'_>, x: i64, y: i64) -> PyResult<Py<PyAny>> {
        let i = self.grid.rows.iter().position(|&r| r == x);
        let j = self.grid.columns.iter().position(|&c| c == y);
        match (i, j) {
            (Some(i), Some(j)) => cell_object(py, &self.grid.row(i)[j]),
            (None, _) => Err(PyKeyError::new_err(format!("{x} is not among the rows"))),
            (_, None) => Err(PyKeyError::new_err(format!("{y} is not among the columns"))),
        }
    }

    fn __len__(&self) -> usize {
        self.grid.rows.len()
    }

    /// Row `index` (counted from 0, or from the end if negative), a list.
    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Vec<Py<PyAny>>> {
        let len = self.grid.rows.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err("grid row out of range"));
        }
        self.row(py, at as usize)
    }

    fn __str__(&self) -> String {
        self.grid.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Grid of {}: {} rows, {} columns>",
            self.grid.family,
            self.grid.rows.len(),
            self.grid.columns.len()
        )
    }

    fn _repr_html_(&self) -> String {
        let [first, second] = &self.grid.params;
        let mut out = format!(
            "<table class=\"grundy-grid\"><caption>{}: rows {}, columns {}</caption><tr><th></th>",
            html::escape(&self.grid.family),
            html::escape(first),
            html::escape(second)
        );
        const SHOWN: usize = 100;
        for y in self.grid.columns.iter().take(SHOWN) {
            out.push_str(&format!("<th>{y}</th>"));
        }
        out.push_str("</tr>");
        for (i, x) in self.grid.rows.iter().enumerate().take(SHOWN) {
            out.push_str(&format!("<tr><th>{x}</th>"));
            for cell in self.grid.row(i).iter().take(SHOWN) {
                out.push_str(&format!("<td>{}</td>", html::escape(&cell_text(cell))));
            }
            out.push_str("</tr>");
        }
        out.push_str("</table>");
        let (rows, columns) = (self.grid.rows.len(), self.grid.columns.len());
        if rows > SHOWN || columns > SHOWN {
            let more = |n: usize, what: &str| match n.saturating_sub(SHOWN) {
                0 => None,
                1 => Some(format!("1 more {what}")),
                n => Some(format!("{n} more {what}s")),
            };
            let hidden: Vec<String> = [more(rows, "row"), more(columns, "column")]
                .into_iter()
                .flatten()
                .collect();
            out.push_str(&format!("<div>… {}</div>", hidden.join(" and ")));
        }
        out
    }
}

impl Grid {
    fn row(&self, py: Python<'_>, i: usize) -> PyResult<Vec<Py<PyAny>>> {
        (self.grid.row(i).iter())
            .map(|cell| cell_object(py, cell))
            .collect()
    }
}

/// A proved period: the values repeat with period `length` from `preperiod` on.
#[pyclass(module = "grundy", frozen)]
pub struct Period {
    report: PeriodReport,
}

impl Period {
    pub fn new(report: PeriodReport) -> Period {
        Period { report }
    }
}

#[pymethods]
impl Period {
    #[getter]
    fn family(&self) -> String {
        self.report.family.clone()
    }

    #[getter]
    fn preperiod(&self) -> Option<u64> {
        self.report.found.as_ref().map(|found| found.preperiod)
    }

    #[getter]
    fn length(&self) -> Option<u64> {
        self.report.found.as_ref().map(|found| found.period)
    }

    /// Values computed in the search.
    #[getter]
    fn computed(&self) -> u64 {
        self.report.computed
    }

    /// What `period` prints, the proof's argument among it.
    fn __str__(&self) -> String {
        self.report.to_string()
    }

    fn __repr__(&self) -> String {
        match (self.preperiod(), self.length()) {
            (Some(preperiod), Some(length)) => format!(
                "<Period of {}: preperiod {preperiod}, length {length}>",
                self.report.family
            ),
            _ => format!("<Period of {}: none found>", self.report.family),
        }
    }

    fn _repr_html_(&self) -> String {
        html::pre(&self.report.to_string())
    }
}

/// A family's values drawn as SVG.
#[pyclass(module = "grundy", frozen)]
pub struct Plot {
    plot: grundy::plot::Plot,
}

impl Plot {
    pub fn new(plot: grundy::plot::Plot) -> Plot {
        Plot { plot }
    }
}

#[pymethods]
impl Plot {
    #[getter]
    fn family(&self) -> String {
        self.plot.family.clone()
    }

    #[getter]
    fn svg(&self) -> String {
        self.plot.svg.clone()
    }

    /// The file it was written to (`plot ... to "f.svg"`), if any.
    #[getter]
    fn file(&self) -> Option<String> {
        self.plot.file.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Plot of {}: {} values>",
            self.plot.family, self.plot.values
        )
    }

    fn _repr_svg_(&self) -> String {
        self.plot.svg.clone()
    }

    /// Saves the SVG to a file.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(path, &self.plot.svg)?;
        Ok(())
    }
}
