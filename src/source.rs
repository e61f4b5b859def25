//! Source texts and spans into them.
//!
//! Every program a session reads (a script, a REPL line, an `eval` argument) is kept, so a
//! diagnostic raised later inside a function defined earlier can still show its source.

use std::sync::Arc;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

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
}

/// All source texts a session has read.
#[derive(Default, Debug)]
pub struct Sources {
    sources: Vec<Source>,
}

impl Sources {
    pub fn add(&mut self, name: &str, text: &str) -> SourceId {
        self.sources.push(Source {
            name: name.to_owned(),
            text: text.into(),
        });
        SourceId((self.sources.len() - 1) as u32)
    }

    pub fn get(&self, id: SourceId) -> &Source {
        &self.sources[id.0 as usize]
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
        }
    }
}

/// Characters of a long line shown on each side of a label.
const CLIP_CONTEXT: usize = 60;
/// Lines longer than this are shown clipped around the label.
const LONG_LINE: usize = 200;

/// A source for miette that shows a very long line (a 1 MB one-liner) only around the
/// spot a diagnostic points at, so the report stays readable and its padding small.
#[derive(Clone, Debug)]
pub struct ClippedSource {
    name: String,
    text: Arc<str>,
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
        let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        let contents = if line_end - line_start <= LONG_LINE {
            text.read_span(span, before, after)?
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
            let line = text[..start].matches('\n').count();
            let column = text[line_start..start].chars().count();
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
            contents.line(),
            contents.column(),
            contents.line_count(),
        )))
    }
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
/// characters (a tab or a `≡` is one), which is what editors and tools expect.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..floor_char(text, offset)];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::line_column;

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
}
