//! Helpers shared by the integration tests: run a program the way the CLI does and collect
//! what it printed.
#![allow(dead_code)]

use grundy::diagnostics::{Style, render};
use grundy::eval::{Event, Session, Summary};

/// What a program printed: its answers, its rendered diagnostics, and how it went.
pub struct Output {
    pub answers: Vec<String>,
    pub errors: Vec<String>,
    pub summary: Summary,
    /// Answers and errors in the order they came, each answer beside its statement.
    pub transcript: String,
}

pub fn run(source: &str) -> Output {
    run_in(&mut Session::default(), "test.game", source)
}

pub fn run_in(session: &mut Session, name: &str, source: &str) -> Output {
    let mut answers = Vec::new();
    let mut errors = Vec::new();
    let mut transcript = String::new();
    let mut events = Vec::new();
    let summary = session.run(name, source, &mut |event| events.push(event));
    for event in events {
        match event {
            Event::Answer { answer, .. } if answer.is_silent() => {}
            Event::Answer { span, answer, .. } => {
                let statement = session.sources.text(span);
                transcript.push_str(&format!("{statement}\n  ⇒ {answer}\n"));
                answers.push(answer.to_string());
            }
            Event::Error(diagnosis) | Event::Warning(diagnosis) => {
                let text = render(&diagnosis, Style::PLAIN);
                transcript.push_str(&text);
                errors.push(text);
            }
        }
    }
    Output {
        answers,
        errors,
        summary,
        transcript,
    }
}

/// The one answer of a program that must succeed.
pub fn eval(source: &str) -> String {
    let output = run(source);
    assert!(
        output.errors.is_empty(),
        "{source}\n{}",
        output.errors.join("\n")
    );
    output.answers.join("\n")
}

/// Each program's one answer, as printed.
pub fn table(cases: &[(&str, &str)]) {
    for (source, printed) in cases {
        assert_eq!(eval(source), *printed, "{source}");
    }
}

/// The rendered errors of a program that must fail.
pub fn errors(source: &str) -> String {
    let output = run(source);
    assert!(
        !output.errors.is_empty(),
        "{source} should fail, printed {:?}",
        output.answers
    );
    output.errors.join("\n")
}

/// `VmHWM` of a running process: the most it has been resident, in bytes (0 off Linux).
pub fn high_water_mark(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kib| kib.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kib| kib * 1024)
}
