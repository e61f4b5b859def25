//! Where each game of a survey goes in its picture. A survey of one pattern is laid out as
//! the octal tables are: the codes of `0.???` in 8 rows by their first digit and 64 columns
//! by their last two, a row's label and a column's read together spelling the code (`0.1` and
//! `37`: 0.137). Any other survey (a list of codes) is drawn in the order asked, wrapped.

use rustc_hash::FxHashMap;

use crate::game::heap::{Code, HeapGame};
use crate::survey::Record;

/// Wild digits of a pattern laid out as a table: 8^5 codes, as many as `survey` takes.
const MOST_WILD: usize = 5;
/// Wild digits that go across, at most: the rest go down, so that a table of 0.???? is 64
/// by 64 and one of 0.????? 512 rows by 64, never wider than a page.
const MOST_ACROSS: usize = 2;

/// The places of a survey's picture, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Grid<'a> {
    pub rows: usize,
    pub columns: usize,
    /// Each row's label and each column's, for a table of a pattern; none in the order asked,
    /// where each cell shows its code.
    pub labels: Option<Labels>,
    pub places: Vec<Place<'a>>,
}

/// A table's labels: a row's and a column's read together spell the code where they meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Labels {
    pub rows: Vec<String>,
    pub columns: Vec<String>,
    /// Rows, and columns, in blocks of this many set apart by a gap: the codes that share all
    /// digits but the last (1 where there is one digit).
    pub row_block: usize,
    pub column_block: usize,
}

/// A place of the grid and the game there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Place<'a> {
    pub row: usize,
    pub column: usize,
    /// The code as the survey's table names it (`0.1`, for `0.100` in a table of `0.???`).
    pub code: String,
    /// Its record; none for a code with no moves (`0.000`), which a survey leaves out, or one
    /// not surveyed.
    pub record: Option<&'a Record>,
}

impl<'a> Grid<'a> {
    /// The grid of a survey that asked for `asked` (`0.???`, or `0.77, 0.137` for a list):
    /// a table when it is one pattern holding every record, else the records in order, in
    /// rows of `across` at most.
    pub fn of(asked: &str, records: &'a [Record], across: usize) -> Grid<'a> {
        table(asked, records).unwrap_or_else(|| in_order(records, across))
    }
}

/// The table of a pattern (`0.???`), if the survey is of that pattern alone: every record
/// has its place in it.
fn table<'a>(pattern: &str, records: &'a [Record]) -> Option<Grid<'a>> {
    let wild: Vec<usize> = pattern.match_indices('?').map(|(at, _)| at).collect();
    if wild.is_empty() || wild.len() > MOST_WILD {
        return None;
    }
    // Half the digits across, the later half: 0.?? is 8 by 8, 0.??? 8 by 64.
    let across = wild.len().div_ceil(2).min(MOST_ACROSS);
    let down = wild.len() - across;
    // The text before this byte labels rows, the rest columns.
    let split = match down {
        0 => wild[0],
        _ => wild[down - 1] + 1,
    };
    let by_name: FxHashMap<&str, &Record> = records.iter().map(|r| (r.game.as_str(), r)).collect();
    let (rows, columns) = (8usize.pow(down as u32), 8usize.pow(across as u32));
    let mut places = Vec::with_capacity(rows * columns);
    let mut placed = 0;
    for index in 0..rows * columns {
        let text = fill(pattern, index, wild.len());
        // A pattern's codes parse (`survey` checked them); one that does not has no record.
        let code = match Code::parse(&text) {
            Ok(code) => HeapGame::TakeBreak(code).to_string(),
            Err(_) => text.clone(),
        };
        let record = by_name.get(code.as_str()).copied();
        placed += usize::from(record.is_some());
        places.push(Place {
            row: index / columns,
            column: index % columns,
            code: if record.is_some() { code } else { text },
            record,
        });
    }
    if placed != records.len() {
        return None;
    }
    let labels = Labels {
        rows: (0..rows)
            .map(|row| fill(&pattern[..split], row, down))
            .collect(),
        columns: (0..columns)
            .map(|column| fill(&pattern[split..], column, across))
            .collect(),
        row_block: if down > 1 { 8 } else { 1 },
        column_block: if across > 1 { 8 } else { 1 },
    };
    Some(Grid {
        rows,
        columns,
        labels: Some(labels),
        places,
    })
}

/// `text` with its `wild` question marks filled by the octal digits of `index`, the first
/// the most significant: `fill("0.1??", 10, 2)` is `0.112`.
fn fill(text: &str, index: usize, wild: usize) -> String {
    let mut shift = 3 * wild;
    text.chars()
        .map(|c| match c {
            '?' => {
                shift -= 3;
                char::from_digit(((index >> shift) & 7) as u32, 8).expect("an octal digit")
            }
            other => other,
        })
        .collect()
}

/// The records in order, `across` a row at most.
fn in_order(records: &[Record], across: usize) -> Grid<'_> {
    let columns = across.clamp(1, records.len().max(1));
    let places = records
        .iter()
        .enumerate()
        .map(|(i, record)| Place {
            row: i / columns,
            column: i % columns,
            code: record.game.clone(),
            record: Some(record),
        })
        .collect();
    Grid {
        rows: records.len().div_ceil(columns),
        columns,
        labels: None,
        places,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::survey::Status;

    fn record(game: &str) -> Record {
        Record {
            game: game.into(),
            to: 100,
            status: Status::Proved {
                preperiod: 0,
                period: 1,
                checked_to: 2,
            },
            computed: 10,
            largest: 1,
            engine: "periodic".into(),
            rare: None,
            rechecked: 10,
            millis: 0,
            bytes: 0,
        }
    }

    fn surveyed(pattern: &str) -> Vec<Record> {
        crate::survey::expand(pattern)
            .unwrap()
            .iter()
            .map(|game| record(&game.to_string()))
            .collect()
    }

    #[test]
    fn three_digits_are_8_rows_by_64_columns() {
        let records = surveyed("0.???");
        let grid = Grid::of("0.???", &records, 16);
        assert_eq!((grid.rows, grid.columns), (8, 64));
        let labels = grid.labels.as_ref().unwrap();
        assert_eq!(labels.rows[1], "0.1");
        assert_eq!(labels.columns[0o37], "37");
        assert_eq!((labels.row_block, labels.column_block), (1, 8));
        let at = |row: usize, column: usize| &grid.places[row * 64 + column];
        assert_eq!(at(1, 0o37).code, "0.137");
        assert_eq!(at(1, 0o37).record.unwrap().game, "0.137");
        // 0.100 is 0.1, and 0.000 has no moves: no record.
        assert_eq!(at(1, 0).record.unwrap().game, "0.1");
        assert_eq!((at(0, 0).code.as_str(), at(0, 0).record), ("0.000", None));
        assert_eq!(
            grid.places.iter().filter(|p| p.record.is_some()).count(),
            511
        );
    }

    #[test]
    fn fixed_digits_stay_in_the_labels() {
        let records = surveyed("0.?7?");
        let grid = Grid::of("0.?7?", &records, 16);
        assert_eq!((grid.rows, grid.columns), (8, 8));
        let labels = grid.labels.as_ref().unwrap();
        assert_eq!(
            (labels.rows[2].as_str(), labels.columns[5].as_str()),
            ("0.2", "75")
        );
        assert_eq!(grid.places[2 * 8 + 5].code, "0.275");

        let records = surveyed("0.1?");
        let grid = Grid::of("0.1?", &records, 16);
        assert_eq!((grid.rows, grid.columns), (1, 8));
        let labels = grid.labels.as_ref().unwrap();
        assert_eq!(
            (labels.rows[0].as_str(), labels.columns[3].as_str()),
            ("0.1", "3")
        );

        let records = surveyed("4.0????");
        let grid = Grid::of("4.0????", &records, 16);
        assert_eq!((grid.rows, grid.columns), (64, 64));
        let labels = grid.labels.as_ref().unwrap();
        assert_eq!(
            (labels.rows[9].as_str(), labels.columns[9].as_str()),
            ("4.011", "11")
        );
        assert_eq!(labels.row_block, 8);
    }

    #[test]
    fn a_list_is_drawn_in_order() {
        let records: Vec<Record> = ["0.77", "0.07", "0.007", "4.1", "0.1"].map(record).to_vec();
        let grid = Grid::of("0.77, 0.07, 0.007, 4.1, 0.1", &records, 2);
        assert_eq!((grid.rows, grid.columns, grid.labels), (3, 2, None));
        let place = &grid.places[4];
        assert_eq!(
            (place.row, place.column, place.code.as_str()),
            (2, 0, "0.1")
        );
    }

    /// A pattern some of whose records are not in it (read back from elsewhere) is drawn in
    /// order, so that every record is drawn.
    #[test]
    fn records_outside_the_pattern_are_drawn_in_order() {
        let mut records = surveyed("0.?");
        records.push(record("0.77"));
        let grid = Grid::of("0.?", &records, 4);
        assert_eq!(grid.labels, None);
        assert_eq!(grid.places.len(), 8);
    }
}
