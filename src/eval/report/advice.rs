//! Advice to raise a limit, in the words of where grundy runs: `--limit heap=N` on the
//! command line, `:set limit heap=N` at the REPL's prompt.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, Severity, SourceCode};

/// How a limit is raised: the words the errors are written with, and the REPL's.
const COMMAND_LINE: &str = "run grundy with `--limit ";
const REPL: &str = "type `:set limit ";

/// How to raise a limit to `value`, where the advice is read.
pub(in crate::eval) fn raise_at(at_prompt: bool, name: &str, value: u64) -> String {
    let how = if at_prompt { REPL } else { COMMAND_LINE };
    format!("{how}{name}={}`", asked(name, value))
}

/// A diagnostic whose help is said for the REPL.
#[derive(Debug)]
pub(in crate::eval) struct AtThePrompt<E> {
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

/// The limits counted in bytes, which may be given in units: `memory=2GiB`.
pub(in crate::eval) const IN_BYTES: [&str; 2] = ["memory", "source"];

/// The help line of a limit that was reached: how to raise it.
pub fn raise(name: &str, current: u64) -> String {
    raise_to(name, current, current.saturating_mul(10))
}

/// The help line of the `memory` limit missed by a known amount: raised to the whole MiB
/// (below 1 GiB) or GiB above what is needed, not tenfold (the machine may not have ten
/// times as much).
pub fn raise_memory(current: u64, needed: u64) -> String {
    let unit: u64 = if needed < 1 << 30 { 1 << 20 } else { 1 << 30 };
    let bigger = needed.div_ceil(unit).saturating_mul(unit).max(current + 1);
    raise_limit("memory", current, bigger)
}

/// Advice to raise a limit to `bigger`, said where it is read: at the REPL's prompt,
/// `:set limit name=N`.
pub fn raise_here(at_prompt: bool, name: &str, current: u64, bigger: u64) -> String {
    let how = raise_at(at_prompt, name, bigger);
    format!(
        "this is the `{name}` limit ({}); to allow more, {how}",
        shown(name, current)
    )
}

/// The same, for a limit that was missed by a known amount: `needed` is what would do.
pub fn raise_to(name: &str, current: u64, needed: u64) -> String {
    raise_limit(name, current, needed.max(current.saturating_mul(10)))
}

/// The same for a count that may pass every limit: the `2^64` integers of
/// `(-9223372036854775807 - 1)..=9223372036854775807`.
pub fn raise_to_count(name: &str, current: u64, needed: u128) -> String {
    match u64::try_from(needed) {
        Ok(needed) => raise_to(name, current, needed),
        Err(_) => format!(
            "this is the `{name}` limit ({current}); no limit allows {needed}: ask for fewer"
        ),
    }
}

fn raise_limit(name: &str, current: u64, bigger: u64) -> String {
    format!(
        "this is the `{name}` limit ({}); to allow more, run grundy with `--limit {name}={}`",
        shown(name, current),
        asked(name, bigger)
    )
}

/// A limit's value as a diagnostic shows it: bytes in GiB or MiB when it is a whole number
/// of them (`2 GiB`), else as it is.
pub fn shown(name: &str, value: u64) -> String {
    match whole_unit(name, value) {
        Some((count, unit)) => format!("{count} {unit}"),
        None => value.to_string(),
    }
}

/// A limit's value as it would be typed: `memory=2GiB` when a whole number of GiB or MiB.
pub fn typed(name: &str, value: u64) -> String {
    match whole_unit(name, value) {
        Some((count, unit)) => format!("{count}{unit}"),
        None => value.to_string(),
    }
}

/// A value advice asks a limit to be set to, as it is typed: bytes from 1 MiB on rounded up
/// to a whole MiB, in GiB when they are whole (`--limit memory=39MiB`, `memory=5GiB`).
pub fn asked(name: &str, value: u64) -> String {
    if !IN_BYTES.contains(&name) || value < 1 << 20 {
        return value.to_string();
    }
    let mebibytes = value.div_ceil(1 << 20);
    match mebibytes % 1024 {
        0 => format!("{}GiB", mebibytes / 1024),
        _ => format!("{mebibytes}MiB"),
    }
}

/// A limit in bytes that is a whole number of GiB or MiB (from 1 MiB), as that number.
fn whole_unit(name: &str, value: u64) -> Option<(u64, &'static str)> {
    if !IN_BYTES.contains(&name) || value < 1 << 20 {
        return None;
    }
    [(1u64 << 30, "GiB"), (1 << 20, "MiB")]
        .into_iter()
        .find(|(unit, _)| value.is_multiple_of(*unit))
        .map(|(unit, name)| (value / unit, name))
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
