//! Pictures without Graphviz: the DOT that `dot` writes, laid out in-process by layout-rs and
//! drawn as SVG (`dot G to "g.svg"`, and wherever a notebook wants the picture), and any SVG,
//! a plot's too, rasterised to PNG with a bundled font. Pure: text in, text or bytes out.

mod canvas;
mod graph;
mod order;
mod raster;
mod strokes;

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

pub use raster::{Image, png, raster};

/// Why a picture could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureError(pub String);

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PictureError {}

/// Elements (see [`MAX_ELEMENTS`]) of a graph whose crossings are untangled (layout-rs's
/// optimiser), whose time grows fast with them: 0.3 s for rook(5, 5) (276), 0.5 s for `*14`
/// (470), 1.9 s for `*17` (834). Placed without it, a graph takes far less (kayles(9), 237
/// games and 526 elements: 0.04 s), with more crossings.
const UNTANGLED_ELEMENTS: usize = 400;

/// Elements a picture may have to be laid out: its games (or a picture's vertices) and a
/// connector for each level a move passes on its way down, which is where layout-rs spends
/// its time, about as the square of their number: `dot #(100000)`, 300 games and 1192
/// elements, 0.2 s; `*22` (1794) 1 s, `*25` (2626) 3 s; `nim(2, 3, 4, 5)` (2230) 1.8 s
/// (release build, two cores shared with other builds). So the 300 games `dot` draws at most
/// are refused when their moves pass too many levels: `*40`, 41 games, needs 10 701.
pub const MAX_ELEMENTS: usize = 2000;

/// The graph that DOT text describes, read and sized, not yet laid out.
pub struct Layout {
    graph: graph::Graph,
    caption: Vec<String>,
}

/// What a layout places.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Size {
    /// Games (or a Hackenbush picture's vertices, the ground one), and moves (edges).
    pub nodes: usize,
    pub edges: usize,
    /// The nodes and the connectors edges pass through: what [`MAX_ELEMENTS`] bounds.
    pub elements: usize,
}

/// Reads DOT text (a game's DAG, a Hackenbush picture), in time linear in it; its `//`
/// comments become the caption.
pub fn plan(dot: &str) -> Result<Layout, PictureError> {
    let graph = graph::read(dot).map_err(|e| PictureError(format!("not DOT: {e}")))?;
    let caption = dot
        .lines()
        .filter_map(|line| line.trim().strip_prefix("//"))
        .map(|text| text.trim().to_owned())
        .collect();
    Ok(Layout { graph, caption })
}

impl Layout {
    pub fn size(&self) -> Size {
        Size {
            nodes: self.graph.nodes,
            edges: self.graph.edges,
            elements: self.graph.elements,
        }
    }

    /// The graph laid out and drawn as SVG, on a thread of its own so that setting `stop`
    /// (Ctrl-C) returns `None` at once; the thread is left to finish on its own, which a
    /// layout within [`MAX_ELEMENTS`] does in a bounded time.
    pub fn draw(self, stop: &AtomicBool) -> Option<Result<String, PictureError>> {
        on_a_thread(stop, move || self.draw_here())
            .map(|drawn| drawn.unwrap_or_else(|| Err(PictureError("the layout gave up".into()))))
    }

    fn draw_here(self) -> Result<String, PictureError> {
        let Layout { mut graph, caption } = self;
        let untangle = graph.elements <= UNTANGLED_ELEMENTS;
        let mut canvas = canvas::Canvas::default();
        // layout-rs asserts its invariants: a graph it cannot place is a diagnostic, not a crash.
        catch_unwind(AssertUnwindSafe(|| {
            graph.visual.do_it(false, !untangle, false, &mut canvas);
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
}

/// Runs `work` on a thread of its own and waits for it, or returns `None` as soon as `stop`
/// is set (Ctrl-C), leaving the thread to finish on its own: for drawing in a library that
/// can't be told to stop, whose work is bounded. `Some(None)` if the work panicked.
pub fn on_a_thread<T: Send + 'static>(
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<Option<T>> {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    loop {
        match receiver.recv_timeout(Duration::from_millis(20)) {
            Ok(done) => {
                // The thread's memory (a C library arena of its own) goes back to the system
                // with it, not kept beside what the session holds next.
                grundy_alloc::give_back();
                return Some(Some(done));
            }
            Err(RecvTimeoutError::Disconnected) => return Some(None),
            Err(RecvTimeoutError::Timeout) if stop.load(Ordering::Relaxed) => return None,
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}

/// The graph that DOT text describes (a game's DAG, a Hackenbush picture), laid out and
/// drawn as SVG, the DOT's `//` comments its caption; refused past [`MAX_ELEMENTS`].
pub fn svg(dot: &str) -> Result<String, PictureError> {
    let layout = plan(dot)?;
    let size = layout.size();
    if size.elements > MAX_ELEMENTS {
        return Err(PictureError(format!(
            "{} games and {} moves are too many to lay out ({} places with the levels the \
             moves pass, past {MAX_ELEMENTS})",
            size.nodes, size.edges, size.elements
        )));
    }
    layout.draw_here()
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

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    /// Work that would take seconds is left at once when told to stop; work that ends is
    /// waited for.
    #[test]
    fn work_on_a_thread_is_left_when_told_to_stop() {
        let stop = AtomicBool::new(true);
        let started = Instant::now();
        let left = on_a_thread(&stop, || std::thread::sleep(Duration::from_secs(5)));
        assert!(left.is_none());
        assert!(started.elapsed() < Duration::from_secs(4));
        let go_on = AtomicBool::new(false);
        assert_eq!(on_a_thread(&go_on, || 6 * 7), Some(Some(42)));
        assert_eq!(
            on_a_thread(&go_on, || panic!("in the library")),
            Some(None::<()>)
        );
    }
}
