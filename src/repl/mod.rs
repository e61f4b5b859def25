//! The REPL: rustyline with persistent history, completion, hints, highlighting, multi-line
//! input and `:commands`. Every error is printed and the session goes on with its
//! definitions intact; Ctrl-C stops a long computation, or clears the line at the prompt.

mod commands;
mod helper;
mod history;
mod piped;

pub use commands::COMMANDS;
pub use helper::completions;
pub use history::{history_file, standard_history_file};
pub use piped::run_piped;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustyline::error::ReadlineError;
use rustyline::history::{DefaultHistory, History};
use rustyline::{CompletionType, Config, Editor, EventHandler, KeyCode, KeyEvent, Modifiers};

use crate::eval::Session;
use crate::output::run_text;
use crate::output::{Format, print_error_line, print_line};
use helper::{ContinueLine, EmptyLineInterrupt, EndEntry, ReplHelper, without_continuation};

const PROMPT: &str = "grundy> ";
/// Entries kept in the history file.
const HISTORY_SIZE: usize = 1000;

/// What the REPL shows, changed with `:set`.
pub struct Settings {
    pub format: Format,
    /// The file `:load` ran last, for `:reload`.
    pub loaded: Option<String>,
    /// Where the history is kept, if anywhere (`:set` says).
    pub history: Option<PathBuf>,
    /// The worst exit code a command has come to (a failed `:load`, an unknown command):
    /// piped input exits with it.
    pub code: u8,
    /// A `:load` was stopped by Ctrl-C: piped input stops there.
    pub cancelled: bool,
}

/// Runs the REPL until `:quit`, `exit` or Ctrl-D; returns the exit code. `history` has been
/// checked by [`history_file`].
pub fn run(session: &mut Session, format: Format, history: Option<PathBuf>) -> u8 {
    let config = editor_config().unwrap_or_default();
    let mut editor = match Editor::<ReplHelper, DefaultHistory>::with_config(config) {
        Ok(editor) => editor,
        Err(error) => {
            print_error_line(format!("error: can't start the REPL: {error}"));
            return 2;
        }
    };
    let color = matches!(format, Format::Text(style) if style.color);
    let helper = ReplHelper::new(color);
    let end_entry = helper.end_entry.clone();
    editor.set_helper(Some(helper));
    editor.bind_sequence(
        KeyEvent(KeyCode::Char('d'), Modifiers::CTRL),
        EventHandler::Conditional(Box::new(EndEntry(end_entry))),
    );
    let empty_interrupt = Arc::new(AtomicBool::new(false));
    // Enter, and Ctrl-J (a bare line feed, as some terminals and pipes send it).
    for enter in [
        KeyEvent(KeyCode::Enter, Modifiers::NONE),
        KeyEvent(KeyCode::Char('J'), Modifiers::CTRL),
    ] {
        editor.bind_sequence(enter, EventHandler::Conditional(Box::new(ContinueLine)));
    }
    editor.bind_sequence(
        KeyEvent(KeyCode::Char('c'), Modifiers::CTRL),
        EventHandler::Conditional(Box::new(EmptyLineInterrupt(empty_interrupt.clone()))),
    );
    // Checked by [`history_file`]: a history, an empty file, or none yet (a first run).
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    print_line(format!(
        "grundy {} — impartial games. Type :help for help, :quit to leave.",
        env!("CARGO_PKG_VERSION")
    ));
    let mut settings = Settings {
        format,
        loaded: None,
        history: history.clone(),
        code: 0,
        cancelled: false,
    };
    let mut interrupted_on_empty = false;
    loop {
        let input = match editor.readline(PROMPT) {
            Ok(input) => input,
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C on an empty line twice in a row leaves, as in python.
                if empty_interrupt.swap(false, Ordering::Relaxed) {
                    if interrupted_on_empty {
                        break;
                    }
                    interrupted_on_empty = true;
                    print_line("(Ctrl-C again, Ctrl-D or :quit to leave)");
                } else {
                    interrupted_on_empty = false;
                }
                continue;
            }
            Err(ReadlineError::Eof) => break,
            Err(error) => {
                print_error_line(format!("error: {error}"));
                return 2;
            }
        };
        interrupted_on_empty = false;
        if input.trim().is_empty() {
            continue;
        }
        // A new request: a Ctrl-C that came after the last one had ended is not for this one.
        session.interrupt_flag().store(false, Ordering::Relaxed);
        let _ = editor.add_history_entry(input.as_str());
        if let Some(path) = &history
            && let Err(error) = editor.history_mut().save(path)
        {
            print_error_line(format!(
                "warning: can't save the history to {}: {error}",
                path.display()
            ));
        }
        let trimmed = input.trim();
        if trimmed == "exit" || trimmed == "quit" {
            break;
        }
        if let Some(command) = trimmed.strip_prefix(':') {
            if commands::run(session, command, &mut settings) == commands::Flow::Quit {
                break;
            }
            if let Some(helper) = editor.helper_mut() {
                helper.color = matches!(settings.format, Format::Text(style) if style.color);
            }
        } else {
            run_text(
                session,
                "<repl>",
                &without_continuation(&input),
                settings.format,
            );
        }
        if let Some(helper) = editor.helper_mut() {
            helper.names = session.defined_names().map(str::to_owned).collect();
        }
    }
    0
}

/// The exit code of two things that ran, as for several files: the first of 3 (syntax or
/// name errors), 4 (a runtime error), 2 (usage or I/O), 1 (a failed assert) that either gave.
pub fn worse(a: u8, b: u8) -> u8 {
    let rank = |code: u8| match code {
        3 => 4,
        4 => 3,
        code => code.min(2),
    };
    if rank(a) >= rank(b) { a } else { b }
}

fn editor_config() -> rustyline::Result<Config> {
    Ok(Config::builder()
        // As bash, ghci and python do: Tab completes as far as the candidates agree, and a
        // second Tab lists them (rustyline's default cycles through them in place).
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .max_history_size(HISTORY_SIZE)?
        .history_ignore_dups(true)?
        .build())
}
