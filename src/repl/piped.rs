//! Standard input piped to `grundy`: run as the REPL would, without a prompt. A line that
//! starts with `:` is the REPL's command (`:vars`, `:set limit steps=1000`, `:load f.game`),
//! run where it stands; a line `exit` or `quit` ends the input; the statements between them
//! run as a script does (a statement may go on over lines), their lines counted in the
//! whole input's.

use std::path::Path;

use super::Settings;
use super::commands::{self, Flow};
use crate::eval::Session;
use crate::input::{Reader, read_source};
use crate::output::{Format, print_event, print_failure};

/// A piece of piped input.
#[derive(Debug, PartialEq, Eq)]
enum Part<'a> {
    /// Statements, after this many lines of the input.
    Statements(&'a str, usize),
    /// A command, without its `:`.
    Command(&'a str),
    /// `exit` or `quit`.
    Quit,
}

/// Runs standard input; returns the exit code: the worst of its statements' and commands'.
pub fn run_piped(session: &mut Session, format: Format) -> u8 {
    let limit = session.limits().source;
    let (name, text) = match read_source(Path::new("-"), limit, Reader::CommandLine) {
        Ok(read) => read,
        Err(failure) => {
            print_failure(&failure, format);
            return 2;
        }
    };
    let mut settings = Settings {
        format,
        loaded: None,
        history: None,
        code: 0,
        cancelled: false,
    };
    for part in parts(&text) {
        match part {
            Part::Statements(statements, lines_before) => {
                let interrupt = session.interrupt_flag();
                let summary = session.run_after(&name, statements, lines_before, &mut |event| {
                    print_event(event, format, &name, &interrupt)
                });
                settings.code = super::worse(settings.code, summary.exit_code() as u8);
                settings.cancelled |= summary.cancelled;
            }
            Part::Command(command) => {
                if commands::run(session, command, &mut settings) == Flow::Quit {
                    break;
                }
            }
            Part::Quit => break,
        }
        // Ctrl-C stops the whole input, as it stops the rest of a script.
        if settings.cancelled {
            break;
        }
    }
    settings.code
}

/// The input cut at its command lines, blank stretches left out.
fn parts(text: &str) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    let (mut start, mut start_line) = (0, 0);
    let mut at = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim();
        let part = if let Some(command) = trimmed.strip_prefix(':') {
            Some(Part::Command(command))
        } else if trimmed == "exit" || trimmed == "quit" {
            Some(Part::Quit)
        } else {
            None
        };
        if let Some(part) = part {
            if !text[start..at].trim().is_empty() {
                parts.push(Part::Statements(&text[start..at], start_line));
            }
            parts.push(part);
            (start, start_line) = (at + line.len(), number + 1);
        }
        at += line.len();
    }
    if !text[start..].trim().is_empty() {
        parts.push(Part::Statements(&text[start..], start_line));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_cut_the_statements_and_keep_their_lines() {
        let text = "let G = <*0,\n  *1>\n:vars\n\n  :set limit steps=1000\nG + *1\nquit\n*2\n";
        assert_eq!(
            parts(text),
            [
                Part::Statements("let G = <*0,\n  *1>\n", 0),
                Part::Command("vars"),
                Part::Command("set limit steps=1000"),
                Part::Statements("G + *1\n", 5),
                Part::Quit,
                Part::Statements("*2\n", 7),
            ]
        );
        assert_eq!(parts("*1\n*2"), [Part::Statements("*1\n*2", 0)]);
        assert_eq!(parts(":vars"), [Part::Command("vars")]);
        assert!(parts("\n  \n").is_empty());
    }

    #[test]
    fn the_exit_code_is_the_first_of_3_4_2_1() {
        use super::super::worse;
        assert_eq!(worse(4, 3), 3);
        assert_eq!(worse(3, 4), 3);
        assert_eq!(worse(2, 4), 4);
        assert_eq!(worse(2, 1), 2);
        assert_eq!(worse(0, 1), 1);
    }
}
