//! What a survey answers: a record per game, printed as a table of statuses with the counts
//! above it, folded after a screenful of rows.

use std::fmt;

use super::job::{Record, Status, Stop};

/// A survey's records and how it ran.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SurveyTable {
    /// The games asked for, as written: `0.??`, or the codes listed.
    pub asked: String,
    pub to: u64,
    /// Every game's record, in the order asked (those read from the file among them).
    pub records: Vec<Record>,
    /// Records read back from the survey's file rather than computed.
    pub resumed: usize,
    /// Games not surveyed: Ctrl-C came first.
    pub missing: usize,
    pub file: Option<String>,
    pub threads: usize,
    pub millis: u64,
    /// Printed whole, not folded.
    pub full: bool,
}

/// Rows shown before the rest are counted.
const ROWS: usize = 30;

impl SurveyTable {
    /// How many games came out each way: periodic, open, values only, mismatched.
    pub fn counts(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        for record in &self.records {
            counts[match record.status {
                Status::Proved { .. } => 0,
                Status::Open { .. } => 1,
                Status::NoTheorem { .. } => 2,
                Status::Mismatch { .. } => 3,
            }] += 1;
        }
        counts
    }
}

impl fmt::Display for SurveyTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [periodic, open, values, mismatched] = self.counts();
        write!(
            f,
            "survey of {} to n = {}: {} game{}, {periodic} periodic, {open} open",
            self.asked,
            self.to,
            self.records.len(),
            if self.records.len() == 1 { "" } else { "s" },
        )?;
        if values > 0 {
            write!(f, ", {values} with values only (no periodicity theorem)")?;
        }
        if mismatched > 0 {
            write!(
                f,
                ", {mismatched} MISMATCHED with the plain mex loop (a bug: please report it)"
            )?;
        }
        write!(
            f,
            "\n  {:.1} s on {} thread{}",
            self.millis as f64 / 1000.0,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )?;
        if let Some(file) = &self.file {
            write!(f, "; records in {file}")?;
            if self.resumed > 0 {
                write!(f, " ({} read back from it)", self.resumed)?;
            }
        }
        if self.missing > 0 {
            write!(
                f,
                "\n  stopped: {} games not surveyed (run it again on the same file to go on)",
                self.missing
            )?;
        }
        let rows: Vec<[String; 8]> = self.records.iter().map(cells).collect();
        let header = [
            "game", "status", "from n0", "period", "largest", "computed", "rare", "seconds",
        ]
        .map(str::to_owned);
        let mut widths = header.clone().map(|h| h.chars().count());
        for row in &rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let line = |f: &mut fmt::Formatter<'_>, row: &[String; 8]| -> fmt::Result {
            write!(f, "\n  {:<w$}", row[0], w = widths[0])?;
            write!(f, "  {:<w$}", row[1], w = widths[1])?;
            for (cell, width) in row[2..].iter().zip(&widths[2..]) {
                write!(f, "  {cell:>width$}")?;
            }
            Ok(())
        };
        line(f, &header)?;
        let shown = if self.full { usize::MAX } else { ROWS };
        for row in rows.iter().take(shown) {
            line(f, row)?;
        }
        if rows.len() > shown {
            write!(
                f,
                "\n  … {} more games (`full survey(...)` shows them all)",
                rows.len() - shown
            )?;
        }
        Ok(())
    }
}

/// A record's cells: game, status, preperiod, period, largest value, values computed, rare
/// positions (when the sparse-space engine ran), seconds. (The terminal's table and Python's
/// HTML table both show these.)
pub fn cells(record: &Record) -> [String; 8] {
    let (status, preperiod, period) = match &record.status {
        Status::Proved {
            preperiod, period, ..
        } => (
            "periodic".to_owned(),
            preperiod.to_string(),
            period.to_string(),
        ),
        Status::Open {
            stopped: Stop::Bound,
            ..
        } => ("open".to_owned(), String::new(), String::new()),
        Status::Open { stopped, .. } => (
            format!("open ({} limit)", stopped.word()),
            String::new(),
            String::new(),
        ),
        Status::NoTheorem { .. } => ("values only".to_owned(), String::new(), String::new()),
        Status::Mismatch { heap } => (format!("MISMATCH at {heap}"), String::new(), String::new()),
    };
    [
        record.game.clone(),
        status,
        preperiod,
        period,
        record.largest.to_string(),
        record.computed.to_string(),
        record.rare.map_or(String::new(), |rare| rare.to_string()),
        format!("{:.1}", record.millis as f64 / 1000.0),
    ]
}
