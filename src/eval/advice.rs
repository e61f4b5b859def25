//! Advice to raise a limit, in the words of where grundy runs: `--limit heap=N` on the
//! command line, `:set limit heap=N` at the REPL's prompt.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, Severity, SourceCode};

/// How a limit is raised: the words the errors are written with, and the REPL's.
const COMMAND_LINE: &str = "run grundy with `--limit ";
const REPL: &str = "type `:set limit ";

/// How to raise a limit to `value`, where the advice is read.
pub(super) fn raise(at_prompt: bool, name: &str, value: u64) -> String {
    let how = if at_prompt { REPL } else { COMMAND_LINE };
    format!("{how}{name}={}`", super::limits::asked(name, value))
}

/// A diagnostic whose help is said for the REPL.
#[derive(Debug)]
pub(super) struct AtThePrompt<E> {
    pub inner: E,
}

impl<E: Diagnostic> AtThePrompt<E> {
    fn help_text(&self) -> Option<String> {
        let help = self.inner.help()?.to_string();
        Some(help.replace(COMMAND_LINE, REPL))
    }
}

impl<E: fmt::Display> fmt::Display for AtThePrompt<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.fmt(f)
    }
}

impl<E: std::error::Error> std::error::Error for AtThePrompt<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.inner.source()
    }
}

impl<E: Diagnostic> Diagnostic for AtThePrompt<E> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<Severity> {
        self.inner.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help_text()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }
    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.url()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.inner.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.inner.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.inner.related()
    }
    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.inner.diagnostic_source()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Diagnostic, thiserror::Error)]
    #[error("too large")]
    #[diagnostic(help(
        "this is the `heap` limit (10); to allow more, run grundy with `--limit heap=100`"
    ))]
    struct Limited;

    #[test]
    fn the_prompt_is_told_to_set_the_limit() {
        let help = AtThePrompt { inner: Limited }.help().unwrap().to_string();
        assert_eq!(
            help,
            "this is the `heap` limit (10); to allow more, type `:set limit heap=100`"
        );
    }
}
