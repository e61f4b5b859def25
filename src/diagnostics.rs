//! Diagnostics rendered for people: miette's graphical report, with or without colour,
//! at a fixed width so that output (and snapshots) never depend on the terminal.

use miette::{GraphicalReportHandler, GraphicalTheme, NarratableReportHandler, Report};

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

/// A report as text, ending with a newline.
pub fn render(report: &Report, style: Style) -> String {
    if style.narrated {
        let mut out = String::new();
        if NarratableReportHandler::new()
            .render_report(&mut out, report.as_ref())
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
    if handler.render_report(&mut out, report.as_ref()).is_err() {
        out = format!("{report}\n");
    }
    out
}
