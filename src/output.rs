//! How events leave the program: text for people (answers on stdout, diagnostics on
//! stderr), or with `--json` one JSON object per statement on stdout, for other tools.

use std::fmt::Display;
use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::loopy::{LoopyValue, Outcome};
use serde_json::{Value, json};

use crate::diagnostics::{self, Style};
use crate::eval::{Answer, Cell, Diagnosis, Event, FailedAssert, Session, Summary, Verdict};
use crate::explain::Explanation;
use crate::game::misere::Play;
use crate::game::show_nimber;
use crate::screen;

/// Text or JSON.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Text(Style),
    Json,
}

/// Prints one event; `file` names the program it came from. An answer stops being printed
/// once `interrupt` is set (Ctrl-C), which the program then reports.
pub fn print_event(event: Event, format: Format, file: &str, interrupt: &AtomicBool) {
    match (format, event) {
        (Format::Text(_), Event::Answer { answer, .. }) if answer.is_silent() => {}
        // SVG is for files and programs: not escaped, wrapped or made ASCII.
        (
            Format::Text(_),
            Event::Answer {
                answer: Answer::Plot(plot),
                ..
            },
        ) if plot.file.is_none() => print_verbatim(plot.svg.trim_end()),
        (Format::Text(style), Event::Answer { answer, .. }) => {
            let text = answer.to_string();
            // Pictures and tables are laid out in columns: wrapping would break them.
            let laid_out = matches!(
                answer,
                Answer::Table(_)
                    | Answer::Grid(_)
                    | Answer::Explanation(Explanation::Tree(_) | Explanation::Dot(_))
            );
            print_text_until(&text, style, !laid_out, interrupt)
        }
        (Format::Text(style), Event::Error(diagnosis) | Event::Warning(diagnosis)) => {
            print_diagnostic(diagnostics::render(&diagnosis, style))
        }
        (Format::Json, event) => print_json(&event_json(&event, file)),
    }
}

/// Prints text for people on standard output: in ASCII if asked, and wrapped to the
/// terminal (when `wrap` and the style fits the terminal).
pub fn print_text(text: &str, style: Style, wrap: bool) {
    print_text_until(text, style, wrap, &AtomicBool::new(false));
}

/// [`print_text`], stopping once `interrupt` is set.
fn print_text_until(text: &str, style: Style, wrap: bool, interrupt: &AtomicBool) {
    // A string prints as it is typed, whatever it holds: its control characters are
    // escaped here, at the terminal, as everything printed of a program's text is.
    let text = screen::escape(text);
    let text = if style.unicode {
        text.into_owned()
    } else {
        ascii(&text)
    };
    let width = textwrap::termwidth();
    if wrap
        && style.fit
        && text
            .lines()
            .any(|line| textwrap::core::display_width(line) > width)
    {
        print_until(&fit(&text, width), interrupt);
    } else {
        print_until(&text, interrupt);
    }
}

/// Bytes written between two looks at the interrupt flag.
const CHUNK: usize = 1 << 16;

/// Prints a line on standard output a piece at a time, stopping once `interrupt` is set: a
/// table of a million rows keeps a terminal busy for seconds after it is computed.
fn print_until(text: &str, interrupt: &AtomicBool) {
    let mut out = std::io::stdout().lock();
    let mut rest = text.as_bytes();
    let mut line_ended = true;
    while !rest.is_empty() {
        if interrupt.load(Ordering::Relaxed) {
            // What was printed ends its line; the diagnostic on standard error follows.
            if !line_ended {
                leave_if_unwritable(out.write_all(b"\n"), "standard output");
            }
            return;
        }
        let end = if rest.len() <= CHUNK {
            rest.len()
        } else {
            // Whole lines when there are any; else a whole character.
            match rest[..CHUNK].iter().rposition(|&b| b == b'\n') {
                Some(newline) => newline + 1,
                None => (1..=CHUNK)
                    .rev()
                    .find(|&i| rest[i] & 0xC0 != 0x80)
                    .unwrap_or(CHUNK),
            }
        };
        leave_if_unwritable(out.write_all(&rest[..end]), "standard output");
        line_ended = rest[end - 1] == b'\n';
        rest = &rest[end..];
    }
    leave_if_unwritable(out.write_all(b"\n"), "standard output");
}

/// Each line longer than `width` broken between words, its further lines indented four
/// more than its first (a hanging indent), so that steps and lists stay readable.
pub fn fit(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if textwrap::core::display_width(line) <= width {
            out.push_str(line);
            continue;
        }
        let words = line.trim_start_matches(' ');
        let indent = &line[..line.len() - words.len()];
        let hanging = match second_column(line) {
            // A table's row goes on under its second column.
            Some(column) if column <= width / 2 => " ".repeat(column),
            _ => format!("{indent}    "),
        };
        let options = textwrap::Options::new(width)
            .initial_indent(indent)
            .subsequent_indent(&hanging)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            .word_splitter(textwrap::WordSplitter::NoHyphenation)
            .break_words(false);
        out.push_str(&textwrap::fill(words, options));
    }
    out
}

/// Where the second column of a table's row starts: after a gap of three spaces or more
/// that follows the first column.
fn second_column(line: &str) -> Option<usize> {
    let text = line.trim_start_matches(' ');
    let gap = line.len() - text.len() + text.find("   ")?;
    let after = line[gap..].trim_start_matches(' ');
    Some(textwrap::core::display_width(
        &line[..line.len() - after.len()],
    ))
}

/// Prints a line on standard output, its control characters escaped (see [`screen`]).
pub fn print_line(text: impl Display) {
    let text = text.to_string();
    let written = writeln!(std::io::stdout().lock(), "{}", screen::escape(&text));
    leave_if_unwritable(written, "standard output");
}

/// Prints text grundy wrote itself (a completion script) as it is.
pub fn print_verbatim(text: &str) {
    let written = writeln!(std::io::stdout().lock(), "{text}");
    leave_if_unwritable(written, "standard output");
}

/// Prints a JSON object on its line of standard output.
pub fn print_json(object: &Value) {
    let text = object.to_string();
    let written = writeln!(std::io::stdout().lock(), "{}", screen::escape_json(&text));
    leave_if_unwritable(written, "standard output");
}

/// Prints a line on standard error, its control characters escaped.
pub fn print_error_line(text: impl Display) {
    print_diagnostic(format!("{}\n", screen::escape(&text.to_string())));
}

/// Prints a rendered diagnostic (screened as it was rendered) on standard error.
fn print_diagnostic(text: String) {
    let written = std::io::stderr().lock().write_all(text.as_bytes());
    leave_if_unwritable(written, "standard error");
}

/// Standard output was closed when grundy started: Rust's runtime put /dev/null in its place.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Says that standard output was closed at the start (`>&-`): printing an answer then fails
/// as writing to a closed file does, instead of vanishing with exit code 0.
pub fn standard_output_was_closed() {
    STDOUT_CLOSED.store(true, Ordering::Relaxed);
}

/// A reader that has gone away (`grundy ... | head`) ends the program quietly, as it does
/// other Unix tools, where `println!` would panic; but not with 0, since what came after was
/// never run or never seen (an assert that would fail): with the I/O error's 2, as a tool
/// ended by the broken pipe is not 0 either. Any other failure to write is said too.
fn leave_if_unwritable(written: std::io::Result<()>, stream: &str) {
    if stream == "standard output" && STDOUT_CLOSED.load(Ordering::Relaxed) {
        let _ = writeln!(
            std::io::stderr(),
            "error: can't write to standard output: it is closed"
        );
        std::process::exit(2);
    }
    let Err(error) = written else { return };
    if error.kind() == ErrorKind::BrokenPipe {
        std::process::exit(2);
    }
    let _ = writeln!(std::io::stderr(), "error: can't write to {stream}: {error}");
    std::process::exit(2);
}

/// The text with its mathematical signs and box drawing spelt in ASCII, for terminals and
/// readers without them (`:set unicode off`).
pub fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '≡' => out.push_str("=="),
            '≢' => out.push_str("!="),
            '⊕' => out.push_str("xor"),
            '→' => out.push_str("->"),
            '←' => out.push_str("<-"),
            '—' => out.push_str("--"),
            '…' => out.push_str("..."),
            '·' => out.push('*'),
            '≤' => out.push_str("<="),
            '≥' => out.push_str(">="),
            '⌊' | '⌋' => {}
            'φ' => out.push_str("phi"),
            '─' | '┬' | '┴' => out.push('-'),
            '│' => out.push('|'),
            '├' | '└' | '┌' | '┐' | '┘' | '┼' => out.push('+'),
            '–' => out.push('-'),
            c => out.push(c),
        }
    }
    out
}

/// One event as a JSON object (docs/json.md says what each holds).
pub fn event_json(event: &Event, file: &str) -> Value {
    match event {
        Event::Answer {
            line,
            column,
            source,
            answer,
            ..
        } => {
            let mut object = answer_json(answer);
            object["source"] = json!(source);
            located(object, Some(file), Some((*line, *column)))
        }
        Event::Warning(diagnosis) => diagnosis_json(diagnosis, "warning"),
        Event::Error(diagnosis) => match &diagnosis.assert {
            Some(failed) => failed_assert_json(diagnosis, failed),
            None => diagnosis_json(diagnosis, "error"),
        },
    }
}

/// The object with the fields every object has: where it comes from, or null.
fn located(mut object: Value, file: Option<&str>, place: Option<(usize, usize)>) -> Value {
    object["file"] = json!(file);
    object["line"] = json!(place.map(|(line, _)| line));
    object["column"] = json!(place.map(|(_, column)| column));
    object
}

/// A warning or an error, placed where it points.
fn diagnosis_json(diagnosis: &Diagnosis, kind: &str) -> Value {
    let mut object = json!({ "kind": kind });
    add_report(&mut object, diagnosis);
    let place = diagnosis.source.line_column(diagnosis.span.start as usize);
    located(object, Some(&diagnosis.source.name), Some(place))
}

/// A failed assert: the same object as a held one, with its diagnostic.
fn failed_assert_json(diagnosis: &Diagnosis, failed: &FailedAssert) -> Value {
    let text = &diagnosis.source.text;
    let statement = failed.statement;
    let mut object = verdict_json(&failed.verdict);
    object["source"] = json!(text[statement.start as usize..statement.end as usize]);
    add_report(&mut object, diagnosis);
    let place = diagnosis.source.line_column(statement.start as usize);
    located(object, Some(&diagnosis.source.name), Some(place))
}

/// The diagnostic's code, message, help and labels, each label placed by line and column.
fn add_report(object: &mut Value, diagnosis: &Diagnosis) {
    let report = &diagnosis.report;
    let labels: Vec<Value> = report
        .labels()
        .into_iter()
        .flatten()
        .map(|label| {
            let (start, end) = (label.offset(), label.offset() + label.len());
            let (line, column) = diagnosis.source.line_column(start);
            let (end_line, end_column) = diagnosis.source.line_column(end);
            json!({
                "label": label.label().map(screen::shorten), "line": line, "column": column, "end_line": end_line,
                "end_column": end_column, "offset": start, "length": label.len(),
            })
        })
        .collect();
    object["code"] = json!(report.code().map(|c| c.to_string()));
    object["message"] = json!(screen::shorten(&report.to_string()));
    object["help"] = json!(
        report
            .help()
            .map(|h| screen::shorten(&h.to_string()).into_owned())
    );
    object["labels"] = json!(labels);
}

/// An assert, held or failed; a failed one gets its diagnostic's fields filled in after.
fn verdict_json(verdict: &Verdict) -> Value {
    json!({
        "kind": "assert", "holds": verdict.holds, "claim": verdict.claim, "play": play_name(verdict.play),
        "left": answer_json(&verdict.left), "right": verdict.right.as_ref().map(answer_json),
        "code": null, "message": null, "help": null, "labels": [],
    })
}

/// How a program went, in a line for people: `seeds.game: 104 asserts held`.
pub fn summary_text(summary: &Summary) -> String {
    let count = |n: usize, what: &str| {
        if n == 1 {
            format!("1 {what}")
        } else {
            format!("{n} {what}s")
        }
    };
    let mut parts = Vec::new();
    if summary.syntax_errors + summary.name_errors > 0 {
        let errors = if summary.syntax_errors > 0 {
            count(summary.syntax_errors, "syntax error")
        } else {
            count(summary.name_errors, "name error")
        };
        parts.push(format!("{errors}, so nothing ran"));
    } else if summary.failed_asserts > 0 {
        let asserts = count(summary.asserts(), "assert");
        parts.push(format!("{} of {asserts} failed", summary.failed_asserts));
    } else if summary.held_asserts > 0 {
        parts.push(format!("{} held", count(summary.held_asserts, "assert")));
    } else if summary.statements > 0 {
        parts.push(format!(
            "{} ran, no asserts",
            count(summary.statements, "statement")
        ));
    } else if summary.runtime_errors + summary.warnings == 0 {
        parts.push("nothing to run".to_owned());
    }
    if summary.runtime_errors > 0 {
        parts.push(count(summary.runtime_errors, "runtime error"));
    }
    if summary.warnings > 0 {
        parts.push(count(summary.warnings, "warning"));
    }
    if summary.cancelled {
        parts.push("cancelled".to_owned());
    }
    parts.join("; ")
}

/// The summary of one program as a JSON object.
pub fn summary_json(file: &str, summary: &Summary) -> Value {
    let object = json!({
        "kind": "summary", "ok": summary.ok(), "exit_code": summary.exit_code(),
        "statements": summary.statements, "asserts": summary.asserts(),
        "held": summary.held_asserts, "failed": summary.failed_asserts,
        "syntax_errors": summary.syntax_errors, "name_errors": summary.name_errors,
        "runtime_errors": summary.runtime_errors, "warnings": summary.warnings,
        "cancelled": summary.cancelled,
        "message": format!("{file}: {}", summary_text(summary)),
    });
    located(object, Some(file), None)
}

/// Says how a program went: a line on standard error, or a JSON object on standard output.
pub fn print_summary(file: &str, summary: &Summary, format: Format) {
    match format {
        Format::Text(_) => print_error_line(format!("{file}: {}", summary_text(summary))),
        Format::Json => print_json(&summary_json(file, summary)),
    }
}

/// An error outside any program: a file that can't be read, a command line that can't be
/// understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// `grundy::io::read`, `grundy::usage`, ...
    pub code: &'static str,
    /// The file it is about, if any.
    pub file: Option<String>,
    /// Where in the file, if anywhere: (line, column).
    pub place: Option<(usize, usize)>,
    pub message: String,
    pub help: Option<String>,
}

/// Prints a failure: `error: ...` on standard error, or an `error` object on standard output.
pub fn print_failure(failure: &Failure, format: Format) {
    match format {
        Format::Text(_) => {
            let mut text = format!("error: {}", failure.message);
            if let Some(help) = &failure.help {
                text.push_str(&format!("\n  help: {help}"));
            }
            print_error_line(text)
        }
        Format::Json => print_json(&failure_json(failure)),
    }
}

pub fn failure_json(failure: &Failure) -> Value {
    let object = json!({
        "kind": "error", "code": failure.code, "message": failure.message, "help": failure.help,
        "labels": [],
    });
    located(object, failure.file.as_deref(), failure.place)
}

/// A play convention as JSON writes it.
fn play_name(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}

fn outcome(nimber: u64) -> &'static str {
    if nimber == 0 { "losing" } else { "winning" }
}

/// A game's generalized value as two fields, one of them null: `nimber`, or for a game worth
/// ∞K, `infinity`: K (the finite values among its options).
fn worth(value: &LoopyValue) -> (Value, Value) {
    match value {
        LoopyValue::Finite(n) => (json!(n), Value::Null),
        LoopyValue::Infinite(k) => (Value::Null, json!(k)),
    }
}

/// An entry of a grid as a number: an integer as it is, a game by its nimber; null for a
/// game worth ∞.
fn cell_number(cell: &Cell) -> Value {
    match cell {
        Cell::Int(n) => json!(n),
        Cell::Game(LoopyValue::Finite(nimber)) => json!(nimber),
        Cell::Game(LoopyValue::Infinite(_)) => Value::Null,
    }
}

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Winning => "winning",
        Outcome::Losing => "losing",
        Outcome::Draw => "draw",
    }
}

fn answer_json(answer: &Answer) -> Value {
    match answer {
        Answer::Loopy { value } => {
            let (nimber, infinity) = worth(value);
            json!({
                "kind": "game", "value": value.to_string(), "nimber": nimber, "infinity": infinity,
                "outcome": outcome_word(value.outcome()),
            })
        }
        Answer::Game { nimber } => json!({
            "kind": "game", "value": show_nimber(*nimber), "nimber": nimber, "infinity": null,
            "outcome": outcome(*nimber),
        }),
        Answer::Int(n) => json!({ "kind": "integer", "value": n }),
        Answer::Bool(b) => json!({ "kind": "truth", "value": b, "play": "normal" }),
        Answer::MisereTruth(b) => json!({ "kind": "truth", "value": b, "play": "misere" }),
        Answer::Misere(summary) => json!({
            "kind": "misere game", "value": summary.simplest, "outcome": if summary.losing { "losing" } else { "winning" },
            "genus": summary.genus.to_string(), "class": summary.class.word(),
        }),
        // A set of integers as integers; of anything else, as grundy writes its members.
        Answer::Set { members, .. } => json!({ "kind": "set", "value": members, "members": null }),
        Answer::Range { start, end } => json!({ "kind": "range", "start": start, "end": end }),
        Answer::Str(text) => json!({ "kind": "string", "value": text }),
        Answer::Collection {
            set: true, members, ..
        } => {
            json!({ "kind": "set", "value": null, "members": members })
        }
        Answer::Collection { members, .. } => json!({ "kind": "list", "members": members }),
        Answer::Map { entries, .. } => json!({ "kind": "map", "entries": entries }),
        Answer::Defined { name, family } => {
            json!({ "kind": "definition", "name": name, "family": family })
        }
        Answer::Assert(verdict) => verdict_json(verdict),
        Answer::Family { name, example, .. } => {
            json!({ "kind": "family", "name": name, "example": example })
        }
        Answer::Table(table) => {
            let values: Vec<Value> = table
                .entries
                .iter()
                .map(|(n, cell)| match cell {
                    Cell::Int(value) => {
                        json!({ "n": n, "nimber": null, "infinity": null, "integer": value })
                    }
                    Cell::Game(value) => {
                        let (nimber, infinity) = worth(value);
                        json!({ "n": n, "nimber": nimber, "infinity": infinity, "integer": null })
                    }
                })
                .collect();
            let period = table
                .period
                .map(|(preperiod, period)| json!({ "preperiod": preperiod, "period": period }));
            json!({ "kind": "sequence", "family": table.family, "values": values, "period": period })
        }
        Answer::Grid(grid) => {
            // Numbers, row by row, so that a program reads entry (i, j) as values[i][j];
            // the few games worth ∞ (a loopy family's) are null there and listed apart.
            let width = grid.columns.len().max(1);
            let values: Vec<Vec<Value>> = (0..grid.rows.len())
                .map(|i| grid.row(i).iter().map(cell_number).collect())
                .collect();
            let infinite: Vec<Value> = (grid.cells.iter().enumerate())
                .filter_map(|(at, cell)| match cell {
                    Cell::Game(LoopyValue::Infinite(k)) => Some(json!({
                        "row": grid.rows[at / width], "column": grid.columns[at % width],
                        "infinity": k,
                    })),
                    _ => None,
                })
                .collect();
            json!({
                "kind": "grid", "family": grid.family, "rows": grid.rows,
                "columns": grid.columns, "values": values, "infinity": infinite,
            })
        }
        Answer::Survey(survey) => {
            let records: Vec<Value> = survey.records.iter().map(survey_record_json).collect();
            json!({
                "kind": "survey", "asked": survey.asked, "to": survey.to, "records": records,
                "resumed": survey.resumed, "missing": survey.missing, "file": survey.file,
                "threads": survey.threads, "seconds": survey.millis as f64 / 1000.0,
            })
        }
        Answer::Period(report) => match &report.found {
            Some(found) => json!({
                "kind": "period", "family": report.family, "proved": true, "preperiod": found.preperiod,
                "period": found.period, "computed": report.computed, "proof": found.proof,
                "longest_period": null, "stopped_by": null,
            }),
            None => json!({
                "kind": "period", "family": report.family, "proved": false, "preperiod": null,
                "period": null, "computed": report.computed, "proof": null,
                "longest_period": report.longest_period,
                "stopped_by": report.stopped_by.map(|stopped| stopped.limit),
            }),
        },
        Answer::Digraph(table) => {
            let vertices: Vec<Value> = table
                .vertices
                .iter()
                .map(|(name, v)| {
                    let (nimber, infinity) = worth(v);
                    json!({ "name": name, "value": v.to_string(), "nimber": nimber,
                            "infinity": infinity, "outcome": outcome_word(v.outcome()) })
                })
                .collect();
            json!({ "kind": "digraph", "vertices": vertices, "moves": table.moves })
        }
        Answer::Explanation(explanation) => explanation_json(explanation),
        Answer::Picture(picture) => json!({
            "kind": "picture", "subject": picture.subject, "svg": picture.svg, "path": picture.file,
        }),
        Answer::Plot(plot) => json!({
            "kind": "plot", "family": plot.family, "values": plot.values, "svg": plot.svg,
            "path": plot.file,
        }),
    }
}

/// A survey's record: the fields of its file's row, numbers as numbers.
fn survey_record_json(record: &crate::survey::Record) -> Value {
    let fields = record.status.fields();
    json!({
        "game": record.game, "to": record.to, "status": fields.word,
        "preperiod": fields.preperiod, "period": fields.period, "checked_to": fields.checked_to,
        "longest_period": fields.longest_period, "stopped": fields.stopped.map(|s| s.word()),
        "mismatch_at": fields.mismatch_at, "computed": record.computed,
        "largest": record.largest, "engine": record.engine, "rare": record.rare,
        "rechecked": record.rechecked, "seconds": record.millis as f64 / 1000.0,
        "bytes": record.bytes,
    })
}

fn explanation_json(explanation: &Explanation) -> Value {
    match explanation {
        Explanation::LoopyMoves(list) => {
            let moves: Vec<Value> = list
                .moves
                .iter()
                .map(|m| {
                    let (nimber, infinity) = worth(&m.value);
                    json!({ "result": m.to, "value": m.value.to_string(), "nimber": nimber,
                            "infinity": infinity, "outcome": outcome_word(m.value.outcome()),
                            "earliest": m.earliest })
                })
                .collect();
            let (nimber, infinity) = worth(&list.value);
            json!({
                "kind": "loopy moves", "game": list.game, "value": list.value.to_string(),
                "nimber": nimber, "infinity": infinity, "outcome": outcome_word(list.value.outcome()),
                "all": list.all, "moves": moves, "hidden": list.hidden,
            })
        }
        Explanation::Proof(proof) => json!({
            "kind": "why", "holds": proof.holds, "headline": proof.headline, "proof": proof.lines(),
        }),
        Explanation::Moves(list) => {
            let moves: Vec<Value> = list
                .moves
                .iter()
                .map(|m| json!({ "move": m.description, "result": m.result, "nimber": m.value, "wins": m.value == 0 }))
                .collect();
            json!({
                "kind": "moves", "game": list.game, "nimber": list.value, "outcome": outcome(list.value),
                "all": list.all, "full": list.full, "total": list.total, "moves": moves,
                "winning": list.winning, "hidden": list.hidden,
            })
        }
        Explanation::Options(list) => {
            let options: Vec<Value> = list
                .options
                .iter()
                .map(|o| json!({ "option": o.option, "nimber": o.value }))
                .collect();
            json!({
                "kind": "options", "game": list.game, "nimber": list.value, "total": list.total,
                "distinct": list.distinct, "options": options, "hidden": list.hidden, "full": list.full,
            })
        }
        Explanation::Tree(text) => json!({ "kind": "tree", "text": text }),
        Explanation::Dot(text) => json!({ "kind": "dot", "text": text }),
        Explanation::MisereMoves(list) => {
            let moves: Vec<Value> = list
                .moves
                .iter()
                .map(|m| json!({ "move": m.description, "result": m.result, "wins": m.to_losing, "reason": m.reason }))
                .collect();
            json!({
                "kind": "misere moves", "game": list.game,
                "outcome": if list.losing { "losing" } else { "winning" }, "all": list.all,
                "total": list.total, "moves": moves, "hidden": list.hidden, "rule": list.rule,
            })
        }
    }
}

/// Runs one program, printing what it prints in the chosen format.
pub fn run_text(session: &mut Session, name: &str, text: &str, format: Format) -> Summary {
    let interrupt = session.interrupt_flag();
    session.run(name, text, &mut |event| {
        print_event(event, format, name, &interrupt)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_break_between_words_with_a_hanging_indent() {
        let text = "short\n    its options: kayles(1) + kayles(10) ≡ *3, kayles(2) + kayles(9) ≡ 0";
        assert_eq!(
            fit(text, 40),
            "short\n    its options: kayles(1) + kayles(10)\n        ≡ *3, kayles(2) + kayles(9) ≡ 0"
        );
        // A word longer than the line stays whole.
        assert_eq!(
            fit("a hackenbush(\"g-a-b-c-d\")", 8),
            "a\n    hackenbush(\"g-a-b-c-d\")"
        );
        for line in fit(text, 40).lines() {
            assert!(line.chars().count() <= 40, "{line}");
        }
    }

    /// A table's row goes on under its second column, not under its first.
    #[test]
    fn table_rows_hang_under_their_second_column() {
        let row = "  moves G   the winning moves (`moves all G`: every move)";
        assert_eq!(
            fit(row, 40),
            "  moves G   the winning moves (`moves\n            all G`: every move)"
        );
    }
}
