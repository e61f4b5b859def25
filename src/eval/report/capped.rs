//! A program with thousands of syntax or name errors (a file of random bytes, a wrong file)
//! shows the first few: the rest would be megabytes that say the same, and the summary
//! counts them all.

use miette::Diagnostic;
use thiserror::Error;

use crate::source::Span;

/// How many syntax errors, or name errors, of one program are shown.
pub const SHOWN_ERRORS: usize = 50;

/// Stands for the errors past [`SHOWN_ERRORS`], pointing at the first of them.
#[derive(Debug, Clone, Error, Diagnostic)]
#[error("… and {more} more {what}")]
#[diagnostic(
    code(grundy::errors::more),
    help("only the first {SHOWN_ERRORS} are shown; fix them and run it again to see the rest")
)]
pub struct MoreErrors {
    #[label("the next is here")]
    pub span: Span,
    pub more: usize,
    /// `syntax errors`, `name error`, …
    pub what: String,
}

impl MoreErrors {
    /// The errors past the first [`SHOWN_ERRORS`] of `count`, the first of them at `span`;
    /// `kind` is `syntax` or `name`.
    pub fn new(span: Span, count: usize, kind: &str) -> MoreErrors {
        let more = count - SHOWN_ERRORS;
        let plural = if more == 1 { "" } else { "s" };
        MoreErrors {
            span,
            more,
            what: format!("{kind} error{plural}"),
        }
    }
}
