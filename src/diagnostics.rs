//! Diagnostics rendered for people: miette's graphical report, with or without colour,
//! at a fixed width so that output (and snapshots) never depend on the terminal. What comes
//! from the program (its lines, names and strings in messages) is shown escaped: see
//! [`crate::screen`].

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    NarratableReportHandler, SourceCode, SourceSpan, SpanContents,
};

use crate::eval::Diagnosis;
use crate::screen::screened;
use crate::source::{ShownSource, Source, fit_label};

/// How reports are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    pub unicode: bool,
    pub width: usize,
    /// Diagnostics as sentences for screen readers (`NO_GRAPHICS`), not drawn.
    pub narrated: bool,
    /// Answers and help wrapped to the terminal's width (standard output is a terminal);
    /// otherwise each line is printed whole, for files and other programs.
    pub fit: bool,
}

impl Style {
    /// Plain text, no colour, the width snapshots use.
    pub const PLAIN: Style = Style {
        color: false,
        unicode: true,
        width: 100,
        narrated: false,
        fit: false,
    };
}

/// A diagnosis as text, ending with a newline.
pub fn render(diagnosis: &Diagnosis, style: Style) -> String {
    let report = Screened::new(diagnosis.report.as_ref(), &diagnosis.source);
    let report: &dyn Diagnostic = &report;
    if style.narrated {
        let mut out = String::new();
        if NarratableReportHandler::new()
            .render_report(&mut out, report)
            .is_err()
        {
            out = format!("{report}\n");
        }
        return out;
    }
    let theme = match (style.unicode, style.color) {
        (true, true) => GraphicalTheme::unicode(),
        (true, false) => GraphicalTheme::unicode_nocolor(),
        (false, true) => GraphicalTheme::ascii(),
        (false, false) => GraphicalTheme::none(),
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width);
    let mut out = String::new();
    if handler.render_report(&mut out, report).is_err() {
        out = format!("{report}\n");
    }
    out
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
