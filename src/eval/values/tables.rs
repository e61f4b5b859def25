//! The values `seq` and `period` make: a family's table of values (of one argument, or a grid
//! of two), and a period proved (or how far the search looked); and what a game graph
//! (`digraph`) prints. How they print is the report room's (`report::tables`,
//! `report::grids`).

use crate::game::loopy::LoopyValue;

/// `seq(F, R)`: the value of F(n) for each n in R.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    pub family: String,
    /// Each n with F(n): a game's value (a nimber, or ∞K for a loopy family's game that can
    /// go on for ever), or an integer (`seq(nim_sqrt, 0..16)`).
    pub entries: Vec<(i64, Cell)>,
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
    /// Values computed in the search: g(0), ..., g(computed - 1).
    pub computed: u64,
    /// Without a proof: the longest period those values could prove (a period p from n0
    /// needs g up to 2·n0 + 2p + t - 1); every period up to it was searched.
    pub longest_period: Option<u64>,
    /// Without a proof: `period(F, n)` with this n would search further, after raising the
    /// `heap` limit to n + 1 when it is below.
    pub search_further: Option<(u64, Option<u64>)>,
    /// The limit that stopped the search.
    pub stopped_by: Option<Stopped>,
    /// Asked at the REPL's prompt, where limits are raised with `:set limit`.
    pub at_prompt: bool,
}

/// The limit that stopped a period search, and how far to raise it to go further.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stopped {
    /// `search` or `heap`.
    pub limit: &'static str,
    pub value: u64,
    pub raise_to: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Found {
    pub preperiod: u64,
    pub period: u64,
    /// The argument that makes it a proof, in words.
    pub proof: String,
}

/// What a game graph prints: each vertex's value, and the losing ones.
#[derive(Clone, Debug, PartialEq)]
pub struct DigraphTable {
    /// Each vertex with its nimber, in the order first written (by number when every vertex
    /// is named by one).
    pub vertices: Vec<(String, LoopyValue)>,
    pub moves: usize,
    /// Printed whole (`full G`), not folded after a thousand vertices.
    pub full: bool,
}

/// `seq(F, rows, columns)`: the value of F(x, y) for each row x and column y, as the texts
/// print a two-dimensional game's values (Ferguson's Table 5.2, the nim products).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub family: String,
    /// The names of F's two parameters: rows go through the first, columns the second.
    pub params: [String; 2],
    /// The first arguments, one for each row, in order.
    pub rows: Vec<i64>,
    /// The second arguments, one for each column, in order.
    pub columns: Vec<i64>,
    /// Row after row: F(rows[i], columns[j]) at `i * columns.len() + j`.
    pub cells: Vec<Cell>,
    /// Printed whole (`full seq(...)`), not folded after a screenful.
    pub full: bool,
}

impl Grid {
    /// Row `i`'s cells, one for each column.
    pub fn row(&self, i: usize) -> &[Cell] {
        let width = self.columns.len();
        &self.cells[i * width..(i + 1) * width]
    }
}

/// What F(n) is in a table, or F(x, y) in a grid: an integer (`nim_mul(x, y)`), or a game's
/// value (a nimber, or ∞K for a loopy family's game that can go on for ever).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Int(i64),
    Game(LoopyValue),
}
