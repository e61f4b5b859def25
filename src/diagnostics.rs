//! Diagnostics rendered for people: miette's graphical report, with or without colour,
//! at a fixed width so that output (and snapshots) never depend on the terminal. What comes
//! from the program (its lines, names and strings in messages) is shown escaped: see
//! [`crate::screen`].

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NarratableReportHandler};

use crate::eval::Diagnosis;
use crate::screen::Screened;

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
