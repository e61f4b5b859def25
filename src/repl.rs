//! The REPL: rustyline with history, completion, multi-line input and `:commands`.
//! Every error is printed and the session goes on with its definitions intact.

use std::borrow::Cow;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter, MatchingBracketHighlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Config, Context, Editor, Helper};

use crate::cli::run_text;
use crate::eval::{BUILTINS, Session};
use crate::output::Format;
use crate::syntax;

const PROMPT: &str = "grundy> ";
const COMMANDS: &[&str] = &["help", "load", "quit"];
const KEYWORDS: &[&str] = &[
    "let", "assert", "if", "then", "else", "for", "in", "is", "and", "or", "not", "losing",
    "winning", "why", "moves", "options", "tree", "dot", "full", "all",
];

/// Runs the REPL until `:quit` or Ctrl-D; returns the exit code.
pub fn run(session: &mut Session, format: Format) -> u8 {
    let config = Config::builder().auto_add_history(false).build();
    let mut editor = match Editor::<ReplHelper, DefaultHistory>::with_config(config) {
        Ok(editor) => editor,
        Err(error) => {
            eprintln!("error: can't start the REPL: {error}");
            return 2;
        }
    };
    editor.set_helper(Some(ReplHelper::default()));
    // Ctrl-C while a statement runs stops it; at the prompt rustyline reads it as a key.
    let interrupt = session.interrupt_flag();
    if let Err(error) =
        ctrlc::set_handler(move || interrupt.store(true, std::sync::atomic::Ordering::Relaxed))
    {
        eprintln!("warning: Ctrl-C will not stop long computations: {error}");
    }
    println!(
        "grundy {} — impartial games. Type :help for help, :quit to leave.",
        env!("CARGO_PKG_VERSION")
    );
    loop {
        let input = match editor.readline(PROMPT) {
            Ok(input) => input,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(error) => {
                eprintln!("error: {error}");
                return 2;
            }
        };
        if input.trim().is_empty() {
            continue;
        }
        let _ = editor.add_history_entry(input.as_str());
        if let Some(command) = input.trim().strip_prefix(':') {
            if command_is_quit(command) {
                break;
            }
            run_command(session, command, format);
        } else {
            run_text(session, "<repl>", &input, format);
        }
        if let Some(helper) = editor.helper_mut() {
            helper.names = session.defined_names().map(str::to_owned).collect();
        }
    }
    0
}

/// The command a (possibly shortened) name stands for: `:q` is `:quit`.
fn expand_command(name: &str) -> Option<&'static str> {
    let mut matches = COMMANDS.iter().filter(|c| c.starts_with(name));
    match (matches.next(), matches.next()) {
        (Some(command), None) if !name.is_empty() => Some(command),
        _ => None,
    }
}

fn command_is_quit(command: &str) -> bool {
    let name = command.split_whitespace().next().unwrap_or("");
    expand_command(name) == Some("quit")
}

fn run_command(session: &mut Session, command: &str, format: Format) {
    let (name, argument) = command
        .trim()
        .split_once(char::is_whitespace)
        .unwrap_or((command.trim(), ""));
    match expand_command(name) {
        Some("help") => print!("{}", crate::help::text()),
        Some("load") if argument.trim().is_empty() => {
            eprintln!("error: `:load` needs a file: `:load examples/seeds.game`")
        }
        Some("load") => {
            let path = argument.trim();
            match std::fs::read_to_string(path) {
                Ok(text) => {
                    let summary = run_text(session, path, &text, format);
                    if summary.ok() {
                        println!("loaded {path}");
                    }
                }
                Err(error) => eprintln!("error: can't read {path}: {error}"),
            }
        }
        _ => eprintln!(
            "error: unknown command `:{name}`; the commands are :{}",
            COMMANDS.join(", :")
        ),
    }
}

#[derive(Default)]
struct ReplHelper {
    names: Vec<String>,
    files: FilenameCompleter,
    brackets: MatchingBracketHighlighter,
    hinter: HistoryHinter,
}

impl Helper for ReplHelper {}

impl Validator for ReplHelper {
    /// An input that merely stopped early (an open bracket, a trailing operator) gets
    /// another line instead of an error.
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        let input = ctx.input();
        if !input.trim_start().starts_with(':') && syntax::is_incomplete(input) {
            Ok(ValidationResult::Incomplete)
        } else {
            Ok(ValidationResult::Valid(None))
        }
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        if line.trim_start().starts_with(":load ") {
            return self.files.complete(line, pos, ctx);
        }
        let start = line[..pos]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let candidates: Vec<String> = if let Some(command) = word.strip_prefix(':') {
            COMMANDS
                .iter()
                .filter(|c| c.starts_with(command))
                .map(|c| format!(":{c}"))
                .collect()
        } else {
            let names = self.names.iter().map(String::as_str);
            let builtins = BUILTINS.iter().map(|b| b.name);
            let mut all: Vec<String> = names
                .chain(builtins)
                .chain(KEYWORDS.iter().copied())
                .filter(|n| n.starts_with(word))
                .map(str::to_owned)
                .collect();
            all.sort();
            all.dedup();
            all
        };
        Ok((
            start,
            candidates
                .into_iter()
                .map(|c| Pair {
                    display: c.clone(),
                    replacement: c,
                })
                .collect(),
        ))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        self.hinter.hint(line, pos, ctx)
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        self.brackets.highlight(line, pos)
    }

    fn highlight_char(&self, line: &str, pos: usize, kind: CmdKind) -> bool {
        self.brackets.highlight_char(line, pos, kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_may_be_shortened_to_a_unique_prefix() {
        assert_eq!(expand_command("q"), Some("quit"));
        assert_eq!(expand_command("he"), Some("help"));
        assert_eq!(expand_command("load"), Some("load"));
        assert_eq!(expand_command("x"), None);
        assert_eq!(expand_command(""), None);
    }
}
