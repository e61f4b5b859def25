//! Source texts and spans into them.
//!
//! Every program a session reads (a script, a REPL line, an `eval` argument) is kept, so a
//! diagnostic raised later inside a function defined earlier can still show its source.

use std::borrow::Cow;
use std::sync::Arc;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use crate::screen::{escape, escaped, hides};

/// Which source text a span belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SourceId(pub u32);

/// A byte range in one source text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub source: SourceId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(source: SourceId, start: usize, end: usize) -> Self {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Span {
            source,
            start: clamp(start),
            end: clamp(end),
        }
    }

    /// The smallest span covering both (same source assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            source: self.source,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

impl From<Span> for SourceSpan {
    fn from(span: Span) -> Self {
        (span.start as usize, span.len()).into()
    }
}

/// One source text with the name shown in diagnostics (a file name, `<repl>`, `<eval>`).
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: Arc<str>,
    lines: Arc<Lines>,
    /// Lines of its input that came before it: a part of piped input run on its own (see
    /// [`crate::repl::piped`]) is counted in the lines of the whole.
    lines_before: usize,
    /// The escaped copy diagnostics show, if the name or text has control characters.
    shown: Option<Arc<ShownSource>>,
}

impl Source {
    /// The escaped copy of a program that has control characters: see [`crate::screen`].
    pub fn shown(&self) -> Option<&ShownSource> {
        self.shown.as_deref()
    }

    /// The line (from 1) that the byte at `offset` is on.
    pub fn line_of(&self, offset: usize) -> usize {
        self.lines_before + self.lines.line_of(offset) + 1
    }

    /// The line and column (both from 1, columns in characters) of the byte at `offset`,
    /// found through the line index: see [`line_column`].
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char(&self.text, offset);
        let line = self.lines.line_of(offset);
        (
            self.lines_before + line + 1,
            self.lines.column(&self.text, offset) + 1,
        )
    }
}

/// Where each line of a text starts, so that finding the line of an offset is a binary
/// search and not a count of the line breaks before it (a script of 10^5 statements asked
/// that 10^5 times); and how many characters come before each block of it, so that a column
/// is not a count from the start of its line (10^5 statements on one line).
#[derive(Debug)]
pub struct Lines {
    /// The offset just after each `\n`, after the 0 of the first line.
    starts: Vec<usize>,
    /// A `\r` not followed by `\n`: miette counts it as a line break and this index does not.
    lone_cr: bool,
    /// Characters before byte `i * BLOCK`, for each block.
    chars: Vec<usize>,
    /// The text's length.
    len: usize,
}

/// Bytes of text between two entries of [`Lines::chars`].
const BLOCK: usize = 4096;

/// Characters that start in these bytes (UTF-8: every byte but a continuation byte).
fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let lone_cr = text
            .match_indices('\r')
            .any(|(i, _)| !text[i + 1..].starts_with('\n'));
        let mut chars = vec![0];
        for block in text.as_bytes().chunks(BLOCK) {
            chars.push(chars[chars.len() - 1] + chars_in(block));
        }
        Lines {
            starts,
            lone_cr,
            chars,
            len: text.len(),
        }
    }

    /// Characters in `text` (the text indexed) before byte `offset`.
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let block = offset / BLOCK;
        self.chars[block] + chars_in(&text.as_bytes()[block * BLOCK..offset])
    }

    /// The column (from 0, in characters) of the byte at `offset` of `text`, the text indexed.
    pub fn column(&self, text: &str, offset: usize) -> usize {
        let start = self.start(self.line_of(offset));
        self.chars_before(text, offset) - self.chars_before(text, start)
    }

    /// Where the line holding `offset` ends: at its `\n`, or at the end of the text.
    pub fn end_of_line(&self, offset: usize) -> usize {
        self.next_start(offset).map_or(self.len, |next| next - 1)
    }

    /// The line (from 0) that the byte at `offset` is on.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset) - 1
    }

    /// Where the line after the one holding `offset` starts, if there is one.
    pub fn next_start(&self, offset: usize) -> Option<usize> {
        self.starts.get(self.line_of(offset) + 1).copied()
    }

    /// Where line `line` (from 0) starts.
    pub fn start(&self, line: usize) -> usize {
        self.starts[line.min(self.starts.len() - 1)]
    }
}

/// All source texts a session has read.
#[derive(Default, Debug)]
pub struct Sources {
    sources: Vec<Source>,
}

impl Sources {
    pub fn add(&mut self, name: &str, text: &str) -> SourceId {
        self.add_after(name, text, 0)
    }

    /// A text that is part of a longer input, after `lines_before` lines of it: its lines
    /// are counted as the input's.
    pub fn add_after(&mut self, name: &str, text: &str, lines_before: usize) -> SourceId {
        self.sources.push(Source {
            name: name.to_owned(),
            text: text.into(),
            lines: Arc::new(Lines::new(text)),
            lines_before,
            shown: ShownSource::of(name, text, lines_before).map(Arc::new),
        });
        SourceId((self.sources.len() - 1) as u32)
    }

    pub fn get(&self, id: SourceId) -> &Source {
        &self.sources[id.0 as usize]
    }

    /// The line (from 1) a span starts on.
    pub fn line_of(&self, span: Span) -> usize {
        self.get(span.source).line_of(span.start as usize)
    }

    /// The text a span covers.
    pub fn text(&self, span: Span) -> &str {
        &self.get(span.source).text[span.start as usize..span.end as usize]
    }

    /// The source as miette wants it for rendering.
    pub fn named(&self, id: SourceId) -> ClippedSource {
        let source = self.get(id);
        ClippedSource {
            name: source.name.clone(),
            text: source.text.clone(),
            lines: source.lines.clone(),
            lines_before: source.lines_before,
        }
    }
}

/// A program as diagnostics show it, when it has something to escape: the escaped copy, and
/// where each escape is, so that a span into the program can be moved onto the copy.
#[derive(Debug)]
pub struct ShownSource {
    pub(crate) shown: ClippedSource,
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
    pub(crate) fn original_offset(&self, shown: usize) -> usize {
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
    pub(crate) fn shown_span(&self, span: &SourceSpan) -> SourceSpan {
        let start = self.shown_offset(span.offset());
        let end = self.shown_offset(span.offset() + span.len());
        SourceSpan::new(start.into(), end - start)
    }
}

/// Characters of a long line shown on each side of a label.
const CLIP_CONTEXT: usize = 60;
/// Lines longer than this are shown clipped around the label.
const LONG_LINE: usize = 200;

/// A source for miette that shows a very long line (a 1 MB one-liner) only around the
/// spot a diagnostic points at, so the report stays readable and its padding small. It
/// hands miette only the lines from a little before the spot on, so that a report far down
/// a long file does not cost a scan of the file from its start.
#[derive(Clone, Debug)]
pub struct ClippedSource {
    name: String,
    text: Arc<str>,
    lines: Arc<Lines>,
    /// Added to the lines shown (see [`Source`]).
    lines_before: usize,
}

impl SourceCode for ClippedSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let text = &*self.text;
        let offset = span.offset().min(text.len());
        // Through the index: a scan along a line of 10^5 statements, for each of their
        // diagnostics, took minutes.
        let line_start = self.lines.start(self.lines.line_of(offset));
        let line_end = self.lines.end_of_line(offset);
        let contents = if line_end - line_start <= LONG_LINE {
            self.read_lines(span, before, after)?
        } else {
            // miette asks with no context for the place shown in the header: start there.
            let wanted = if before == 0 && after == 0 {
                offset
            } else {
                offset.saturating_sub(CLIP_CONTEXT).max(line_start)
            };
            let shown = span.len().clamp(1, CLIP_CONTEXT);
            let end = (offset + shown + CLIP_CONTEXT).min(line_end);
            let (start, end) = (floor_char(text, wanted), floor_char(text, end.max(wanted)));
            let line = self.lines.line_of(start);
            let column = self.lines.column(text, start);
            let data = &text.as_bytes()[start..end];
            Box::new(MietteSpanContents::new(
                data,
                (start, end - start).into(),
                line,
                column,
                1,
            ))
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            *contents.span(),
            contents.line() + self.lines_before,
            contents.column(),
            contents.line_count(),
        )))
    }
}

impl ClippedSource {
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text, after `lines_before` lines of its input (see [`Source`]).
    pub fn new(name: &str, text: &str, lines_before: usize) -> ClippedSource {
        ClippedSource {
            name: name.to_owned(),
            text: text.into(),
            lines: Arc::new(Lines::new(text)),
            lines_before,
        }
    }

    /// What miette's own `read_span` on the whole text gives, read from the start of the
    /// first context line: the same contents, with its lines counted from the text's start.
    fn read_lines<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        if self.lines.lone_cr {
            return self.text.read_span(span, before, after);
        }
        let line = self.lines.line_of(span.offset());
        // One line more than the context: miette looks at the byte before an empty span.
        let first = line.saturating_sub(before + 1);
        let start = self.lines.start(first);
        let tail = &self.text.as_bytes()[start..];
        let moved = SourceSpan::new((span.offset() - start).into(), span.len());
        let contents = tail.read_span(&moved, before, after)?;
        Ok(Box::new(MietteSpanContents::new(
            contents.data(),
            (contents.span().offset() + start, contents.span().len()).into(),
            contents.line() + first,
            contents.column(),
            contents.line_count() + first,
        )))
    }
}

/// A label as it can be drawn on a clipped line: a label on one line longer than
/// [`LONG_LINE`] is shown clipped to its first characters, since miette draws no label whose
/// end lies past the part of the line it was given (a `+` of 300 terms lost its label).
pub fn fit_label(text: &str, span: SourceSpan) -> SourceSpan {
    let (start, end) = (span.offset().min(text.len()), span.offset() + span.len());
    let end = end.min(text.len());
    if end - start <= CLIP_CONTEXT || text[start..end].contains('\n') {
        return span;
    }
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    if line_end - line_start <= LONG_LINE {
        return span;
    }
    let clipped = floor_char(text, start + CLIP_CONTEXT).max(start + 1);
    SourceSpan::new(start.into(), clipped - start)
}

/// The char boundary at or before `at`.
fn floor_char(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The line and column of a byte offset, both from 1. Lines end at `\n`; columns count
/// characters (a tab or a `≡` is one), which is what editors and tools expect. This scans
/// from the start: a kept [`Source`] answers through its line index instead.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..floor_char(text, offset)];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_from_one() {
        let text = "let G = <*0>\nassert G ≡ *1 + x\r\n\tG";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, text.find('x').unwrap()), (2, 17));
        assert_eq!(line_column(text, text.rfind('G').unwrap()), (3, 2));
        assert_eq!(line_column(text, text.len()), (3, 3));
        // Inside a character: the character it is in.
        assert_eq!(line_column(text, text.find('≡').unwrap() + 1), (2, 10));
    }

    #[test]
    fn the_index_places_offsets_as_a_scan_does() {
        let text = "let G = <*0>\nassert G ≡ *1 + x\r\n\tG\n";
        let mut sources = Sources::default();
        let id = sources.add("t", text);
        let source = sources.get(id).clone();
        for offset in 0..=text.len() {
            assert_eq!(
                source.line_column(offset),
                line_column(text, offset),
                "{offset}"
            );
        }
    }

    /// Columns and line ends come from the index as a scan finds them, across blocks.
    #[test]
    fn columns_come_from_the_index_as_a_scan_counts_them() {
        let text = format!("{}\n{}x\n", "≡ab".repeat(1500), "é".repeat(2500));
        let lines = Lines::new(&text);
        for offset in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
            let scanned = line_column(&text, offset).1 - 1;
            assert_eq!(lines.column(&text, offset), scanned, "{offset}");
            let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
            assert_eq!(lines.end_of_line(offset), end, "{offset}");
        }
    }

    #[test]
    fn lines_are_found_by_search() {
        let lines = Lines::new("a\nbc\n\nd");
        let found: Vec<usize> = (0..8).map(|at| lines.line_of(at)).collect();
        assert_eq!(found, [0, 0, 1, 1, 1, 2, 3, 3]);
        assert_eq!(lines.start(3), 6);
    }

    /// Reading from the first context line gives miette exactly what the whole text gives.
    #[test]
    fn contents_match_miettes_own_reading() {
        let text = "let a = 1\n\n  *1 + *2\r\nassert a == 1 // note\nwhy *3\n\n\nx";
        let mut sources = Sources::default();
        let id = sources.add("t", text);
        let named = sources.named(id);
        for offset in 0..text.len() {
            for len in [0, 1, 5, 30] {
                let span = SourceSpan::new(offset.into(), len.min(text.len() - offset));
                for (before, after) in [(0, 0), (1, 1), (2, 3), (5, 0)] {
                    let ours = named.read_lines(&span, before, after).unwrap();
                    let theirs = text.read_span(&span, before, after).unwrap();
                    let both = [&ours, &theirs].map(|c| {
                        (
                            c.data().to_vec(),
                            *c.span(),
                            c.line(),
                            c.column(),
                            c.line_count(),
                        )
                    });
                    assert_eq!(both[0], both[1], "at {offset}+{len}, {before}/{after}");
                }
            }
        }
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
