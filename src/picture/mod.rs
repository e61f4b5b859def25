//! Pictures without Graphviz: the DOT that `dot` writes, laid out in-process by layout-rs and
//! drawn as SVG (`dot G to "g.svg"`, and wherever a notebook wants the picture), and any SVG,
//! a plot's too, rasterised to PNG with a bundled font. Pure: text in, text or bytes out.

mod canvas;
mod graph;
mod raster;

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

pub use raster::png;

/// Why a picture could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureError(pub String);

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PictureError {}

/// Edges of a graph whose crossings are untangled (layout-rs's optimiser). Its time grows
/// fast with the edges: 0.2 to 0.3 s for about 200 (the first 60 games of kayles(40)), 1 s
/// for 420 (kayles(8)), 30 s for the 300 games and 1100 edges that `dot` draws at most.
/// Placed without it, those 300 games take 0.2 s, with more crossings.
const UNTANGLED_EDGES: usize = 200;

/// The graph that DOT text describes (a game's DAG, a Hackenbush picture), laid out and
/// drawn as SVG; the DOT's `//` comments are its caption.
pub fn svg(dot: &str) -> Result<String, PictureError> {
    let (mut graph, edges) = graph::read(dot).map_err(|e| PictureError(format!("not DOT: {e}")))?;
    let untangle = edges <= UNTANGLED_EDGES;
    let caption: Vec<String> = dot
        .lines()
        .filter_map(|line| line.trim().strip_prefix("//"))
        .map(|text| text.trim().to_owned())
        .collect();
    let mut canvas = canvas::Canvas::default();
    // layout-rs asserts its invariants: a graph it cannot place is a diagnostic, not a crash.
    catch_unwind(AssertUnwindSafe(|| {
        graph.do_it(false, !untangle, false, &mut canvas);
    }))
    .map_err(|panic| {
        let reason = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "the layout gave up".into());
        PictureError(format!("the layout failed: {reason}"))
    })?;
    Ok(canvas.finish(&caption))
}

/// What a picture written to a file answers: `dot G to "g.svg"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// What was drawn, as written: `kayles(6)`.
    pub subject: String,
    /// The picture as SVG, whatever the file holds.
    pub svg: String,
    pub file: String,
}

impl fmt::Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "picture of {} written to {}", self.subject, self.file)
    }
}

/// The kinds of file a picture is written as, by the ending of its name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// The format a file's name asks for: `.svg` or `.png`, in any case.
    pub fn of_file(name: &str) -> Option<Format> {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".svg") {
            Some(Format::Svg)
        } else if lower.ends_with(".png") {
            Some(Format::Png)
        } else {
            None
        }
    }

    /// The bytes of the file for an SVG picture.
    pub fn encode(self, svg: &str) -> Result<Vec<u8>, PictureError> {
        match self {
            Format::Svg => Ok(svg.as_bytes().to_vec()),
            Format::Png => png(svg),
        }
    }
}

/// Text made safe inside SVG or HTML, in an element or a quoted attribute.
pub fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}
