//! Source texts and spans into them.
//!
//! Every program a session reads (a script, a REPL line, an `eval` argument) is kept, so a
//! diagnostic raised later inside a function defined earlier can still show its source.

use std::sync::Arc;

use miette::{NamedSource, SourceSpan};

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
    pub fn named(&self, id: SourceId) -> NamedSource<Arc<str>> {
        let source = self.get(id);
        NamedSource::new(source.name.clone(), source.text.clone())
    }
}
