//! How events leave the program: text for people (answers on stdout, diagnostics on
//! stderr), or with `--json` one JSON object per statement on stdout, for other tools.

use std::fmt::Display;
use std::io::{ErrorKind, Write};

use miette::JSONReportHandler;
use serde_json::{Value, json};

use crate::diagnostics::{self, Style};
use crate::eval::{Answer, Event};
use crate::explain::Explanation;
use crate::game::show_nimber;

/// Text or JSON.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Text(Style),
    Json,
}

/// Prints one event; `file` names the program it came from.
pub fn print_event(event: Event, format: Format, file: &str) {
    match (format, event) {
        (Format::Text(_), Event::Answer { answer, .. }) if answer.is_silent() => {}
        (Format::Text(style), Event::Answer { answer, .. }) if !style.unicode => {
            print_line(ascii(&answer.to_string()))
        }
        (Format::Text(_), Event::Answer { answer, .. }) => print_line(answer),
        (Format::Text(style), Event::Error(report) | Event::Warning(report)) => {
            print_diagnostic(diagnostics::render(&report, style))
        }
        (Format::Json, event) => print_line(event_json(&event, file)),
    }
}

/// Prints a line on standard output.
pub fn print_line(text: impl Display) {
    let written = writeln!(std::io::stdout().lock(), "{text}");
    leave_if_unwritable(written, "standard output");
}

/// Prints a rendered diagnostic on standard error.
fn print_diagnostic(text: String) {
    let written = std::io::stderr().lock().write_all(text.as_bytes());
    leave_if_unwritable(written, "standard error");
}

/// A reader that has gone away (`grundy ... | head`) ends the program quietly, as it does
/// other Unix tools, where `println!` would panic; any other failure to write is an I/O error.
fn leave_if_unwritable(written: std::io::Result<()>, stream: &str) {
    let Err(error) = written else { return };
    if error.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
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

/// One event as a JSON object.
pub fn event_json(event: &Event, file: &str) -> Value {
    match event {
        Event::Answer {
            line,
            source,
            answer,
            ..
        } => {
            let mut object = answer_json(answer);
            object["file"] = json!(file);
            object["line"] = json!(line);
            object["source"] = json!(source);
            object
        }
        Event::Error(report) | Event::Warning(report) => {
            let kind = if matches!(event, Event::Warning(_)) {
                "warning"
            } else {
                "error"
            };
            let mut rendered = String::new();
            let diagnostic =
                match JSONReportHandler::new().render_report(&mut rendered, report.as_ref()) {
                    Ok(()) => serde_json::from_str(&rendered).unwrap_or(Value::String(rendered)),
                    Err(_) => json!({ "message": report.to_string() }),
                };
            let code = report.code().map(|c| c.to_string());
            json!({ "kind": kind, "file": file, "code": code, "error": diagnostic })
        }
    }
}

fn outcome(nimber: u64) -> &'static str {
    if nimber == 0 { "losing" } else { "winning" }
}

fn answer_json(answer: &Answer) -> Value {
    match answer {
        Answer::Game { nimber } => json!({
            "kind": "game", "value": show_nimber(*nimber), "nimber": nimber, "outcome": outcome(*nimber),
        }),
        Answer::Int(n) => json!({ "kind": "integer", "value": n }),
        Answer::Bool(b) => json!({ "kind": "truth", "value": b }),
        Answer::Set(members) => json!({ "kind": "set", "value": members }),
        Answer::Range { start, end } => json!({ "kind": "range", "start": start, "end": end }),
        Answer::Str(text) => json!({ "kind": "string", "value": text }),
        Answer::Defined { name, family } => {
            json!({ "kind": "definition", "name": name, "family": family })
        }
        Answer::AssertHeld => json!({ "kind": "assert", "holds": true }),
        Answer::Family { name, example } => {
            json!({ "kind": "family", "name": name, "example": example })
        }
        Answer::Table(table) => {
            let values: Vec<Value> = table
                .entries
                .iter()
                .map(|(n, v)| json!({ "n": n, "nimber": v }))
                .collect();
            let period = table
                .period
                .map(|(preperiod, period)| json!({ "preperiod": preperiod, "period": period }));
            json!({ "kind": "sequence", "family": table.family, "values": values, "period": period })
        }
        Answer::Period(report) => match &report.found {
            Some(found) => json!({
                "kind": "period", "family": report.family, "proved": true, "preperiod": found.preperiod,
                "period": found.period, "computed": report.computed, "proof": found.proof,
            }),
            None => json!({
                "kind": "period", "family": report.family, "proved": false, "computed": report.computed,
                "longest_period": report.longest_period, "stopped_by": report.stopped_by.map(|stopped| stopped.limit),
            }),
        },
        Answer::Explanation(explanation) => explanation_json(explanation),
    }
}

fn explanation_json(explanation: &Explanation) -> Value {
    match explanation {
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
                "all": list.all, "total": list.total, "moves": moves, "hidden": list.hidden,
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
                "options": options, "hidden": list.hidden,
            })
        }
        Explanation::Tree(text) => json!({ "kind": "tree", "text": text }),
        Explanation::Dot(text) => json!({ "kind": "dot", "text": text }),
    }
}
