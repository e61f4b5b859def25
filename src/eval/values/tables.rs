//! The values `seq` and `period` make: a family's table of values, and a period proved (or
//! how far the search looked); and what a game graph (`digraph`) prints. How they print is the report room's (`report::tables`).

use crate::game::loopy::LoopyValue;

/// `seq(F, R)`: the value of F(n) for each n in R.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    pub family: String,
    /// Each n with the value of F(n): a nimber, or ∞K for a loopy family's game that can go
    /// on for ever.
    pub entries: Vec<(i64, LoopyValue)>,
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
