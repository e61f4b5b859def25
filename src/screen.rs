//! What grundy shows of text it was given (a program, a file name, a string), made safe for
//! a terminal. Control characters could move the cursor, clear the screen or retitle the
//! window, and the invisible marks that reorder a line (bidi overrides) could make a line
//! read as something else: both are shown as escapes (`\x1b`, `\0`, `\u{202e}`), so that a
//! shared `.game` file can neither hide nor forge its own errors.
//!
//! Diagnostics show an escaped copy of the program; [`Screened`] moves their labels onto it.
//! What a message quotes from the program (a name, a string, a number) is shortened (see
//! [`shorten`]), so that one diagnostic stays a few lines however long the name.

use std::borrow::Cow;
use std::fmt;

use miette::{Diagnostic, LabeledSpan, MietteError, SourceCode, SourceSpan, SpanContents};

use crate::source::{ClippedSource, Source, fit_label};

/// Whether a character is shown as an escape. Tabs and line feeds are text; a carriage
/// return is text only before a line feed (see [`escape`]).
pub fn is_hidden(c: char) -> bool {
    matches!(c,
        '\0'..='\x08' | '\x0b' | '\x0c' | '\x0e'..='\x1f'
        // DEL and the C1 controls (U+009B is a CSI to some terminals).
        | '\x7f'..='\u{9f}'
        // Marks, embeddings, overrides and isolates that reorder text, and the Unicode
        // line and paragraph separators.
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        | '\u{2028}' | '\u{2029}'
    )
}

/// The text with each hidden character, and each carriage return not followed by a line
/// feed (it would return to the start of the line and overwrite it), written as an escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.char_indices().any(|(at, c)| hides(text, at, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (at, c) in text.char_indices() {
        if hides(text, at, c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The longest run of text without spaces a message shows whole: grundy's own words are
/// shorter, a name or number quoted from a program may be megabytes.
const RUN: usize = 60;

/// The most characters one message, label or help shows.
const TEXT: usize = 1000;

/// A message, label or help with each run of more than [`RUN`] characters other than spaces
/// and backquotes cut to its first [`RUN`] and `…`, and then the whole cut to [`TEXT`]
/// characters and a count of the rest.
pub fn shorten(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| c.is_whitespace() || c == '`';
    let long_run = text.split(breaks).any(|run| run.chars().nth(RUN).is_some());
    if !long_run && text.chars().nth(TEXT).is_none() {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    let mut run = 0;
    for c in text.chars() {
        run = if breaks(c) { 0 } else { run + 1 };
        if run <= RUN {
            out.push(c);
        } else if run == RUN + 1 {
            out.push('…');
        }
    }
    if let Some((cut, _)) = out.char_indices().nth(TEXT) {
        let rest = out[cut..].chars().count();
        out.truncate(cut);
        out.push_str(&format!("… ({rest} more characters)"));
    }
    Cow::Owned(out)
}

/// A message, label or help as diagnostics show it: shortened, then escaped.
pub fn screened(text: &str) -> String {
    escape(&shorten(text)).into_owned()
}

/// Whether the character `c` at `at` in `text` is shown as an escape.
fn hides(text: &str, at: usize, c: char) -> bool {
    is_hidden(c) || (c == '\r' && !text[at + 1..].starts_with('\n'))
}

/// How a hidden character is shown: `\0`, `\r`, `\x1b`, `\u{202e}`.
fn escaped(c: char) -> String {
    match c {
        '\0' => "\\0".to_owned(),
        '\r' => "\\r".to_owned(),
        '\0'..='\x7f' => format!("\\x{:02x}", c as u32),
        _ => format!("\\u{{{:x}}}", c as u32),
    }
}

/// A JSON text with the hidden characters that serde_json leaves as they are (DEL, the C1
/// controls, the bidi marks) written as `\u` escapes: the same JSON, read back. They can only
/// be inside strings, where such an escape means the character itself.
pub fn escape_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(is_hidden) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_hidden(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A program as diagnostics show it, when it has something to escape: the escaped copy, and
/// where each escape is, so that a span into the program can be moved onto the copy.
#[derive(Debug)]
pub struct ShownSource {
    shown: ClippedSource,
    escapes: Vec<Escape>,
}

/// One escaped character: at `at` (`len` bytes) in the program, at `shown_at` (`shown_len`
/// bytes) in the copy.
#[derive(Copy, Clone, Debug)]
struct Escape {
    at: usize,
    len: usize,
    shown_at: usize,
    shown_len: usize,
}

impl ShownSource {
    /// The copy of a program named `name`, or `None` if neither needs an escape.
    pub fn of(name: &str, text: &str, lines_before: usize) -> Option<ShownSource> {
        let name = escape(name);
        if matches!(name, Cow::Borrowed(_)) && matches!(escape(text), Cow::Borrowed(_)) {
            return None;
        }
        let mut shown = String::with_capacity(text.len() + 16);
        let mut escapes = Vec::new();
        for (at, c) in text.char_indices() {
            if hides(text, at, c) {
                let escape = escaped(c);
                escapes.push(Escape {
                    at,
                    len: c.len_utf8(),
                    shown_at: shown.len(),
                    shown_len: escape.len(),
                });
                shown.push_str(&escape);
            } else {
                shown.push(c);
            }
        }
        Some(ShownSource {
            shown: ClippedSource::new(&name, &shown, lines_before),
            escapes,
        })
    }

    /// Where the byte at `offset` of the program is in the copy (inside an escaped
    /// character: where its escape starts).
    fn shown_offset(&self, offset: usize) -> usize {
        let before = self.escapes.partition_point(|e| e.at < offset);
        match before.checked_sub(1).map(|i| self.escapes[i]) {
            None => offset,
            Some(e) if offset >= e.at + e.len => e.shown_at + e.shown_len + (offset - e.at - e.len),
            Some(e) => e.shown_at,
        }
    }

    /// Where the byte at `shown` of the copy comes from in the program.
    fn original_offset(&self, shown: usize) -> usize {
        let before = self.escapes.partition_point(|e| e.shown_at < shown);
        match before.checked_sub(1).map(|i| self.escapes[i]) {
            None => shown,
            Some(e) if shown >= e.shown_at + e.shown_len => {
                e.at + e.len + (shown - e.shown_at - e.shown_len)
            }
            Some(e) => e.at,
        }
    }

    /// A span of the program, moved onto the copy.
    fn shown_span(&self, span: &SourceSpan) -> SourceSpan {
        let start = self.shown_offset(span.offset());
        let end = self.shown_offset(span.offset() + span.len());
        SourceSpan::new(start.into(), end - start)
    }
}

/// The copy as miette reads it, with columns counted in the program (as editors and the
/// JSON output count them), not in the copy, whose escapes are wider.
struct ShownCode<'a> {
    shown: &'a ShownSource,
    program: &'a Source,
}

impl SourceCode for ShownCode<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let contents = self.shown.shown.read_span(span, before, after)?;
        let start = self.shown.original_offset(contents.span().offset());
        let column = self.program.line_column(start).1 - 1;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            contents.name().unwrap_or_default().to_owned(),
            contents.data(),
            *contents.span(),
            contents.line(),
            column,
            contents.line_count(),
        )))
    }
}

/// A diagnostic as it is shown: its message, help and labels escaped and, if its program has
/// something to escape, its labels moved onto the program's escaped copy.
pub struct Screened<'a> {
    inner: &'a dyn Diagnostic,
    message: String,
    help: Option<String>,
    labels: Option<Vec<LabeledSpan>>,
    code: Option<ShownCode<'a>>,
    related: Vec<Screened<'a>>,
    cause: Option<Box<Screened<'a>>>,
}

impl<'a> Screened<'a> {
    /// `inner`, whose labels point into `program`. Related diagnostics and causes are
    /// taken to point into the same program.
    pub fn new(inner: &'a dyn Diagnostic, program: &'a Source) -> Screened<'a> {
        let shown = program.shown();
        let labels = inner.labels().map(|labels| {
            labels
                .map(|label| {
                    let span = match shown {
                        Some(shown) => {
                            fit_label(shown.shown.text(), shown.shown_span(label.inner()))
                        }
                        None => fit_label(&program.text, *label.inner()),
                    };
                    let text = label.label().map(screened);
                    if label.primary() {
                        LabeledSpan::new_primary_with_span(text, span)
                    } else {
                        LabeledSpan::new_with_span(text, span)
                    }
                })
                .collect()
        });
        Screened {
            inner,
            message: screened(&inner.to_string()),
            help: inner.help().map(|help| screened(&help.to_string())),
            labels,
            code: shown.map(|shown| ShownCode { shown, program }),
            related: inner
                .related()
                .into_iter()
                .flatten()
                .map(|related| Screened::new(related, program))
                .collect(),
            cause: inner
                .diagnostic_source()
                .map(|cause| Box::new(Screened::new(cause, program))),
        }
    }
}

impl fmt::Debug for Screened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Screened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// grundy's diagnostics have no plain causes (`#[source]`): what they have is shown above.
impl std::error::Error for Screened<'_> {}

impl Diagnostic for Screened<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }
    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.url()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        match &self.code {
            Some(code) => Some(code),
            None => self.inner.source_code(),
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.labels.as_ref()?;
        Some(Box::new(labels.iter().cloned()))
    }
    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(
            self.related
                .iter()
                .map(|related| related as &dyn Diagnostic),
        ))
    }
    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.cause.as_deref().map(|cause| cause as &dyn Diagnostic)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_text_is_not() {
        assert_eq!(escape("*1 + *2\n\tx ≡ y\r\n"), "*1 + *2\n\tx ≡ y\r\n");
        assert_eq!(
            escape("\x1b]0;PWNED\x07\x1b[2J\0\x7f"),
            "\\x1b]0;PWNED\\x07\\x1b[2J\\0\\x7f"
        );
        assert_eq!(escape("a\rb\u{9b}\u{202e}c"), "a\\rb\\u{9b}\\u{202e}c");
    }

    #[test]
    fn long_runs_and_long_texts_are_shortened() {
        let text = "define it first, e.g. `let xyz(n) = ...`";
        assert_eq!(shorten(text), text);
        let name = "x".repeat(3_000_000);
        let long = format!("define it first, e.g. `let {name}(n) = ...`");
        let expected = format!("define it first, e.g. `let {}… = ...`", "x".repeat(RUN));
        assert_eq!(shorten(&long), expected);
        let words = "ab ".repeat(1000);
        let short = shorten(&words);
        assert!(short.starts_with(&words[..TEXT]), "{short}");
        assert!(short.ends_with("… (2000 more characters)"), "{short}");
    }

    #[test]
    fn json_escapes_read_back_as_the_same_string() {
        let text = "\x7f\u{85}\u{202e}é\x1b\n";
        let json = serde_json::json!({ "s": text }).to_string();
        let escaped = escape_json(&json);
        assert!(!escaped.chars().any(is_hidden), "{escaped}");
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["s"], text);
    }

    /// Every offset of the program lands on the same character in the copy, and back.
    #[test]
    fn offsets_move_onto_the_copy_and_back() {
        let text = "a\x1bb\0\r\n\u{202e}≡\rc";
        let shown = ShownSource::of("t", text, 0).unwrap();
        let copy = escape(text);
        for (at, c) in text.char_indices() {
            let moved = shown.shown_offset(at);
            let expected = if hides(text, at, c) {
                escaped(c)
            } else {
                c.to_string()
            };
            assert!(copy[moved..].starts_with(&expected), "{at}");
            assert_eq!(shown.original_offset(moved), at);
        }
        assert_eq!(shown.shown_offset(text.len()), copy.len());
        assert!(ShownSource::of("t", "*1 + *2\r\n\t", 0).is_none());
        assert!(ShownSource::of("\x1b.game", "*1", 0).is_some());
    }
}
