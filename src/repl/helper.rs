//! What rustyline asks of the REPL: whether an input is complete, completions, hints from
//! history, and highlighting (colours only, so the line never changes width).

use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Cmd, ConditionalEventHandler, Context, Event, EventContext, Helper, RepeatCount};

use super::commands::COMMANDS;
use crate::eval::BUILTINS;
use crate::syntax;
use crate::syntax::ast::Kind;

pub const KEYWORDS: &[&str] = &[
    "let", "assert", "if", "then", "else", "for", "in", "is", "and", "or", "not", "losing",
    "winning", "draw", "loopy", "why", "moves", "options", "tree", "dot", "plot", "to", "full",
    "all", "true", "false", "misere", "normal", "where",
];

pub struct ReplHelper {
    /// Names the session defines, for completion.
    pub names: Vec<String>,
    pub color: bool,
    /// Set by Ctrl-D in an unfinished entry: the entry ends as it is.
    pub end_entry: Arc<AtomicBool>,
    files: FilenameCompleter,
    hinter: HistoryHinter,
}

impl ReplHelper {
    pub fn new(color: bool) -> ReplHelper {
        ReplHelper {
            names: Vec::new(),
            color,
            end_entry: Arc::new(AtomicBool::new(false)),
            files: FilenameCompleter::new(),
            hinter: HistoryHinter::new(),
        }
    }
}

impl Helper for ReplHelper {}

/// Shown at the start of each further line of an unfinished input. rustyline has no
/// continuation prompt, so this is text in the line itself, taken out again by
/// [`without_continuation`] before the input is run. No bracket in it, so that bracket
/// matching never pairs with it.
pub const CONTINUATION: &str = "    ... ";

/// The input as typed, without the continuation prompts: a line starting with `...` can't
/// be grundy (a line never starts with an operator), so that is always a prompt.
pub fn without_continuation(input: &str) -> String {
    let lines: Vec<&str> = input
        .split('\n')
        .enumerate()
        .map(|(i, line)| {
            let rest = line.trim_start_matches(' ');
            match rest.strip_prefix("...") {
                Some(typed) if i > 0 => typed.strip_prefix(' ').unwrap_or(typed),
                _ => line,
            }
        })
        .collect();
    lines.join("\n")
}

/// Whether the input merely stopped early (an open bracket, a trailing operator).
fn unfinished(input: &str) -> bool {
    !input.trim_start().starts_with(':') && syntax::is_incomplete(&without_continuation(input))
}

/// Enter at the end of an unfinished input: a new line with the continuation prompt.
pub struct ContinueLine;

impl ConditionalEventHandler for ContinueLine {
    fn handle(
        &self,
        _event: &Event,
        _count: RepeatCount,
        _positive: bool,
        ctx: &EventContext<'_>,
    ) -> Option<Cmd> {
        let at_end = ctx.pos() == ctx.line().len();
        (at_end && unfinished(ctx.line())).then(|| Cmd::Insert(1, format!("\n{CONTINUATION}")))
    }
}

impl Validator for ReplHelper {
    /// An input that merely stopped early (an open bracket, a trailing operator) gets
    /// another line instead of an error (Enter in the middle of the line: [`ContinueLine`]
    /// handles the end).
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        if self.end_entry.swap(false, Ordering::Relaxed) {
            return Ok(ValidationResult::Valid(None));
        }
        if unfinished(ctx.input()) {
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
        let command = line.trim_start();
        if command.starts_with(":l") && command.contains(' ') {
            return self.files.complete(line, pos, ctx);
        }
        let start = line[..pos]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let candidates = completions(word, &self.names);
        let pairs = candidates
            .into_iter()
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((start, pairs))
    }
}

/// The words a prefix may complete to: `:commands`, defined names, built-ins, the library's
/// names, keywords.
pub fn completions(word: &str, names: &[String]) -> Vec<String> {
    if let Some(command) = word.strip_prefix(':') {
        return COMMANDS
            .iter()
            .filter(|c| c.starts_with(command))
            .map(|c| format!(":{c}"))
            .collect();
    }
    let builtins = BUILTINS.iter().map(|b| b.name);
    let mut all: Vec<String> = names
        .iter()
        .map(String::as_str)
        .chain(builtins)
        .chain(crate::library::names().iter().copied())
        .chain(KEYWORDS.iter().copied())
        .filter(|n| n.starts_with(word))
        .map(str::to_owned)
        .collect();
    all.sort();
    all.dedup();
    all
}

/// Past this many bytes, a line is no longer redrawn whole at each key typed, to recolour it
/// or show a hint: typed or pasted without bracketed paste, each key would redraw all of it
/// (a 3 KB line printed 13 MB and took a terminal a minute). Its colours catch up when it is
/// redrawn anyway (a wrap, a cursor move, Enter).
const LIVE: usize = 256;

impl Hinter for ReplHelper {
    type Hint = String;

    /// A hint is drawn after the line, which is then redrawn at each key: only where the
    /// line and its hint are short.
    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        if line.len() > LIVE {
            return None;
        }
        self.hinter
            .hint(line, pos, ctx)
            .filter(|hint| line.len() + hint.len() <= LIVE)
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        if !self.color {
            return Cow::Borrowed(line);
        }
        Cow::Owned(highlight(line, pos))
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }

    /// Whether the line is redrawn with its colours after a key (rustyline otherwise just
    /// prints the character typed): for a short line always, for a long one when the cursor
    /// moved or a redraw is asked for.
    fn highlight_char(&self, line: &str, _pos: usize, kind: CmdKind) -> bool {
        self.color && (line.len() <= LIVE || kind != CmdKind::Other)
    }
}

const KEYWORD: &str = "\x1b[35m";
const NUMBER: &str = "\x1b[36m";
const STRING: &str = "\x1b[32m";
const COMMENT: &str = "\x1b[2m";
const BRACKET: &str = "\x1b[1;4m";
const RESET: &str = "\x1b[0m";

/// The line with colours added around keywords, numbers, strings, comments and the bracket
/// matching the one at the cursor; only escape codes are added, never visible characters.
pub fn highlight(line: &str, pos: usize) -> String {
    let matching = matching_bracket(line, pos);
    let mut out = String::with_capacity(line.len() * 2);
    let mut chars = line.char_indices().peekable();
    // The word before this one: a kind (`list`) is a keyword right after `is`.
    let mut after_is = false;
    while let Some((i, c)) = chars.next() {
        if Some(i) == matching {
            out.push_str(&format!("{BRACKET}{c}{RESET}"));
        } else if c == '/' && line[i..].starts_with("//") {
            out.push_str(&format!("{COMMENT}{}{RESET}", &line[i..]));
            break;
        } else if c == '"' {
            let end = line[i + 1..]
                .find('"')
                .map_or(line.len(), |e| i + 1 + e + 1);
            out.push_str(&format!("{STRING}{}{RESET}", &line[i..end]));
            while chars.next_if(|&(j, _)| j < end).is_some() {}
        } else if c.is_ascii_digit() {
            let end = word_end(line, i);
            out.push_str(&format!("{NUMBER}{}{RESET}", &line[i..end]));
            while chars.next_if(|&(j, _)| j < end).is_some() {}
        } else if c.is_alphabetic() || c == '_' {
            let end = word_end(line, i);
            let word = &line[i..end];
            let kind = after_is && Kind::ALL.iter().any(|(written, _)| *written == word);
            after_is = word == "is";
            if KEYWORDS.contains(&word) || kind {
                out.push_str(&format!("{KEYWORD}{word}{RESET}"));
            } else {
                out.push_str(word);
            }
            while chars.next_if(|&(j, _)| j < end).is_some() {}
        } else {
            out.push(c);
        }
    }
    out
}

fn word_end(line: &str, start: usize) -> usize {
    line[start..]
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\''))
        .map_or(line.len(), |e| start + e)
}

/// The bracket matching the one under (or just before) the cursor.
fn matching_bracket(line: &str, pos: usize) -> Option<usize> {
    let bytes = line.as_bytes();
    let at = [pos, pos.wrapping_sub(1)]
        .into_iter()
        .find(|&p| p < bytes.len() && b"()[]{}<>".contains(&bytes[p]))?;
    let (open, close, forward) = match bytes[at] {
        b'(' => (b'(', b')', true),
        b')' => (b'(', b')', false),
        b'{' => (b'{', b'}', true),
        b'}' => (b'{', b'}', false),
        b'[' => (b'[', b']', true),
        b']' => (b'[', b']', false),
        b'<' => (b'<', b'>', true),
        _ => (b'<', b'>', false),
    };
    let mut depth = 0i32;
    let indices: Box<dyn Iterator<Item = usize>> = if forward {
        Box::new(at..bytes.len())
    } else {
        Box::new((0..=at).rev())
    };
    for i in indices {
        if bytes[i] == open {
            depth += if forward { 1 } else { -1 };
        } else if bytes[i] == close {
            depth += if forward { -1 } else { 1 };
        }
        if depth == 0 {
            return (i != at).then_some(i);
        }
    }
    None
}

/// Ctrl-D in an unfinished entry (`let Z = <` and a continuation line): the entry ends as
/// it is, and is run (so its diagnostic says what was missing); at an empty prompt Ctrl-D
/// leaves, as rustyline has it.
pub struct EndEntry(pub Arc<AtomicBool>);

impl ConditionalEventHandler for EndEntry {
    fn handle(
        &self,
        _event: &Event,
        _count: RepeatCount,
        _positive: bool,
        ctx: &EventContext<'_>,
    ) -> Option<Cmd> {
        let at_end = ctx.pos() == ctx.line().len();
        if at_end && !ctx.line().is_empty() && unfinished(ctx.line()) {
            self.0.store(true, Ordering::Relaxed);
            return Some(Cmd::AcceptLine);
        }
        None
    }
}

/// Ctrl-C at the prompt: rustyline's interrupt, noting whether the line was empty (twice in
/// a row on an empty line leaves the REPL).
pub struct EmptyLineInterrupt(pub Arc<AtomicBool>);

impl ConditionalEventHandler for EmptyLineInterrupt {
    fn handle(
        &self,
        _event: &Event,
        _count: RepeatCount,
        _positive: bool,
        ctx: &EventContext<'_>,
    ) -> Option<Cmd> {
        self.0.store(ctx.line().is_empty(), Ordering::Relaxed);
        Some(Cmd::Interrupt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn visible(text: &str) -> String {
        let mut out = String::new();
        let mut escape = false;
        for c in text.chars() {
            match (escape, c) {
                (_, '\x1b') => escape = true,
                (true, 'm') => escape = false,
                (true, _) => {}
                (false, c) => out.push(c),
            }
        }
        out
    }

    #[test]
    fn highlighting_never_changes_what_is_seen() {
        for line in [
            "let S(n) = < S(n - k) for k in 1..=3 if k <= n >",
            "octal(\"0.77\", 10) // Kayles",
            "why *3 == *4",
            "\"unclosed",
            "((( ",
            "é ⊕ ≡ <*0, *1>",
        ] {
            for pos in 0..=line.len() {
                if line.is_char_boundary(pos) {
                    assert_eq!(visible(&highlight(line, pos)), line, "{line:?} at {pos}");
                }
            }
        }
        assert!(highlight("let G = 5", 0).contains("\x1b[35mlet"));
        // A kind is a keyword right after `is`, and a name elsewhere.
        let shown = highlight("k where k = p is list", 0);
        assert!(shown.contains("\x1b[35mwhere") && shown.contains("\x1b[35mlist"));
        assert!(!highlight("list(3)", 0).contains("\x1b[35mlist"));
        // A loopy family's mark and the third outcome, but not a name that starts alike.
        let shown = highlight("let loopy f(n) = <f(n)>; f(1) is draw", 0);
        assert!(shown.contains("\x1b[35mloopy") && shown.contains("\x1b[35mdraw"));
        assert!(!highlight("loopy_sub(3, {1}, {1}, 5)", 0).contains("\x1b[35m"));
    }

    #[test]
    fn continuation_prompts_are_taken_out_before_running() {
        let typed = format!("let G = <*0,\n{CONTINUATION}*2,\n  ... *3>\n...*1");
        assert_eq!(without_continuation(&typed), "let G = <*0,\n*2,\n*3>\n*1");
        // Only at the start of a further line: the first line is the user's own.
        assert_eq!(without_continuation("... 1"), "... 1");
        assert!(unfinished(&format!("let G = <*0,\n{CONTINUATION}*2,")));
        assert!(!unfinished(&format!("let G = <*0,\n{CONTINUATION}*2>")));
        assert!(!unfinished(":load examples/"));
    }

    #[test]
    fn the_matching_bracket_is_found() {
        let line = "<*0, (1 + 2), <*1>>";
        assert_eq!(matching_bracket(line, 0), Some(line.len() - 1));
        assert_eq!(matching_bracket(line, line.len()), Some(0));
        assert_eq!(matching_bracket(line, 5), Some(11));
        assert_eq!(matching_bracket("(", 0), None);
    }

    #[test]
    fn completion_knows_names_builtins_keywords_and_commands() {
        let names = vec!["kite".to_owned()];
        assert_eq!(completions("ka", &names), ["kayles"]);
        assert_eq!(completions("ki", &names), ["kite"]);
        assert_eq!(completions("wh", &names), ["where", "why"]);
        assert_eq!(completions("lask", &names), ["lasker"]);
        assert_eq!(completions("dra", &names), ["draw"]);
        assert_eq!(completions("loopy", &names)[0], "loopy");
        assert_eq!(completions(":re", &names), [":reload"]);
        assert!(completions(":", &names).contains(&":vars".to_owned()));
    }
}
