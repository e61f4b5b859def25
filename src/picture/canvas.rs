//! The SVG that a placed graph draws itself on: layout-rs's drawing calls written as compact,
//! deterministic SVG (fixed order, one decimal), text in the viewer's sans-serif, and the
//! DOT's comments as a caption above the graph.

use std::fmt::Write;

use layout::core::format::{ClipHandle, RenderBackend};
use layout::core::geometry::Point;
use layout::core::style::StyleAttr;

use super::escape_markup as escape;
use super::graph::LABEL;
use super::strokes::{Bar, Path, beside, on, spread_feet};

/// Room around the drawing, in pixels.
const MARGIN: f64 = 10.0;
const CAPTION_SIZE: f64 = 13.0;
/// A character's width, in font sizes: a sans-serif's average.
const CHAR_WIDTH: f64 = 0.55;
/// The caption is wrapped to the drawing's width, but not narrower than this, in pixels.
const CAPTION_WIDTH: f64 = 240.0;
const FONT: &str = "sans-serif";

#[derive(Default)]
pub(super) struct Canvas {
    body: String,
    clips: String,
    clip_count: usize,
    /// The drawing's extent so far: least x and y, greatest x and y.
    low: Option<(f64, f64)>,
    high: (f64, f64),
    arrowheads: bool,
    /// A Hackenbush picture's ground, how it looks, and the lines that stand on it: drawn
    /// once all are known (see [`spread_feet`]).
    ground: Option<(Bar, StyleAttr)>,
    grounded: Vec<Stroke>,
    /// Where the lines' labels are, so that the next one goes where none is; and the labels,
    /// drawn last, over the lines.
    labels: Vec<(Point, Point)>,
    label_text: String,
}

/// A line to draw, with how it looks.
struct Stroke {
    path: Path,
    dashed: bool,
    head: (bool, bool),
    look: StyleAttr,
    properties: String,
    label: Option<String>,
}

impl Canvas {
    fn cover(&mut self, at: Point, size: Point) {
        let (low_x, low_y) = self.low.unwrap_or((at.x, at.y));
        self.low = Some((low_x.min(at.x), low_y.min(at.y)));
        self.high = (
            self.high.0.max(at.x + size.x),
            self.high.1.max(at.y + size.y),
        );
    }

    /// The finished SVG, the caption's lines above the drawing, wrapped to its width.
    pub(super) fn finish(mut self, caption: &[String]) -> String {
        if let Some((mut ground, look)) = self.ground.take() {
            let mut strokes = std::mem::take(&mut self.grounded);
            let mut paths: Vec<Path> = strokes
                .iter_mut()
                .map(|stroke| std::mem::take(&mut stroke.path))
                .collect();
            spread_feet(&mut ground, &mut paths);
            let properties = Some(super::graph::GROUND.to_owned());
            self.rect(ground.at, ground.size, &look, properties, None);
            for (mut stroke, path) in strokes.into_iter().zip(paths) {
                stroke.path = path;
                self.stroke(stroke);
            }
        }
        let (low_x, low_y) = self.low.unwrap_or((0.0, 0.0));
        let drawing_width = self.high.0 - low_x;
        let columns = (drawing_width.max(CAPTION_WIDTH) / (CAPTION_SIZE * CHAR_WIDTH)) as usize;
        let caption: Vec<String> = caption
            .iter()
            .flat_map(|text| {
                // Broken between words only: `g-g` is one edge, not a word to hyphenate.
                let options = textwrap::Options::new(columns.max(1))
                    .word_splitter(textwrap::WordSplitter::NoHyphenation);
                textwrap::wrap(text, options)
            })
            .map(|line| line.into_owned())
            .collect();
        let line = CAPTION_SIZE * 1.4;
        let caption_height = caption.len() as f64 * line;
        let caption_width = caption
            .iter()
            .map(|text| text.chars().count() as f64 * CAPTION_SIZE * CHAR_WIDTH)
            .fold(0.0, f64::max);
        let left = low_x - MARGIN;
        let top = low_y - MARGIN - caption_height;
        let width = (self.high.0 - low_x).max(caption_width) + 2.0 * MARGIN;
        let height = self.high.1 - top + MARGIN;
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\" font-family=\"{FONT}\">",
            px(width),
            px(height),
            px(left),
            px(top),
            px(width),
            px(height)
        );
        if self.arrowheads {
            svg.push_str("<defs><marker id=\"head\" markerWidth=\"10\" markerHeight=\"7\" refX=\"10\" refY=\"3.5\" orient=\"auto\"><polygon points=\"0 0, 10 3.5, 0 7\" fill=\"#333333\"/></marker></defs>\n");
        }
        svg.push_str(&self.clips);
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"white\"/>",
            px(left),
            px(top),
            px(width),
            px(height)
        );
        for (i, text) in caption.iter().enumerate() {
            let _ = writeln!(
                svg,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{CAPTION_SIZE}\" fill=\"#444444\">{}</text>",
                px(low_x),
                px(top + MARGIN + (i as f64 + 0.75) * line),
                escape(text)
            );
        }
        svg.push_str(&self.body);
        svg.push_str(&self.label_text);
        svg.push_str("</svg>\n");
        svg
    }

    /// Draws a box.
    fn rect(
        &mut self,
        xy: Point,
        size: Point,
        look: &StyleAttr,
        properties: Option<String>,
        clip: Option<ClipHandle>,
    ) {
        self.cover(xy, size);
        let clip = clip.map_or(String::new(), |id| format!(" clip-path=\"url(#clip{id})\""));
        let _ = writeln!(
            self.body,
            "<rect {} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{clip}/>",
            properties.unwrap_or_default(),
            px(xy.x),
            px(xy.y),
            px(size.x),
            px(size.y),
            look.rounded,
            fill(look),
            rgb(look.line_color.to_web_color()),
            look.line_width
        );
    }

    /// Draws a line, and its label beside it.
    fn stroke(&mut self, stroke: Stroke) {
        let Stroke {
            path,
            dashed,
            head,
            look,
            properties,
            label,
        } = stroke;
        for (point, control) in &path {
            self.cover(*point, Point::zero());
            self.cover(*control, Point::zero());
        }
        // Cubic Bézier pieces, as layout-rs gives them: the first point leaves along its
        // vector, each later one is entered along its own.
        let mut d = format!(
            "M {} {} C {} {}, {} {}, {} {}",
            px(path[0].0.x),
            px(path[0].0.y),
            px(path[0].1.x),
            px(path[0].1.y),
            px(path[1].0.x),
            px(path[1].0.y),
            px(path[1].1.x),
            px(path[1].1.y)
        );
        for (point, control) in &path[2..] {
            let _ = write!(
                d,
                " S {} {}, {} {}",
                px(point.x),
                px(point.y),
                px(control.x),
                px(control.y)
            );
        }
        let dash = if dashed {
            " stroke-dasharray=\"5,4\""
        } else {
            ""
        };
        let mut heads = String::new();
        if head.0 {
            heads.push_str(" marker-start=\"url(#head)\"");
        }
        if head.1 {
            heads.push_str(" marker-end=\"url(#head)\"");
        }
        self.arrowheads |= head.0 || head.1;
        let _ = writeln!(
            self.body,
            "<path {properties} d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{dash}{heads}/>",
            rgb(look.line_color.to_web_color()),
            look.line_width
        );
        if let Some(label) = label {
            self.label(&path, &label, look.font_size);
        }
    }

    /// Sets a line's label beside it: on its right, or its left where the right is taken by
    /// another label; white around the letters, so that a line under them leaves them legible.
    fn label(&mut self, path: &Path, label: &str, font_size: usize) {
        let size = font_size as f64;
        let width = label.chars().count() as f64 * size * CHAR_WIDTH;
        let place = |other_side| {
            let (spot, anchor) = beside(path, size, other_side);
            let left = match anchor {
                "start" => spot.x,
                "end" => spot.x - width,
                _ => spot.x - width / 2.0,
            };
            let area = (
                Point::new(left, spot.y - size),
                Point::new(width, size * 1.3),
            );
            (spot, anchor, area)
        };
        let overlaps = |(at, size): (Point, Point)| {
            self.labels.iter().any(|(other, other_size)| {
                at.x < other.x + other_size.x
                    && other.x < at.x + size.x
                    && at.y < other.y + other_size.y
                    && other.y < at.y + size.y
            })
        };
        let right = place(false);
        let (spot, anchor, area) = match overlaps(right.2) {
            true => Some(place(true))
                .filter(|left| !overlaps(left.2))
                .unwrap_or(right),
            false => right,
        };
        self.labels.push(area);
        self.cover(area.0, area.1);
        let _ = writeln!(
            self.label_text,
            "<text x=\"{}\" y=\"{}\" font-size=\"{font_size}\" text-anchor=\"{anchor}\" \
             stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{label}</text>",
            px(spot.x),
            px(spot.y)
        );
    }
}

/// An edge's properties without its label, and the label (already escaped for SVG).
fn take_label(properties: &str) -> (String, Option<String>) {
    let Some((before, rest)) = properties.split_once(LABEL) else {
        return (properties.to_owned(), None);
    };
    let rest = rest.strip_prefix('"').unwrap_or(rest);
    let (label, after) = rest.split_once('"').unwrap_or((rest, ""));
    let kept = format!("{}{}", before.trim_end(), after);
    (kept, Some(label.to_owned()))
}

impl RenderBackend for Canvas {
    fn draw_rect(
        &mut self,
        xy: Point,
        size: Point,
        look: &StyleAttr,
        properties: Option<String>,
        clip: Option<ClipHandle>,
    ) {
        if properties.as_deref() == Some(super::graph::GROUND) {
            // Drawn when its feet are known, as wide as they need.
            self.ground = Some((Bar { at: xy, size }, look.clone()));
            return;
        }
        self.rect(xy, size, look, properties, clip);
    }

    fn draw_line(
        &mut self,
        start: Point,
        stop: Point,
        look: &StyleAttr,
        properties: Option<String>,
    ) {
        self.cover(start, Point::zero());
        self.cover(stop, Point::zero());
        let _ = writeln!(
            self.body,
            "<line {} x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            properties.unwrap_or_default(),
            px(start.x),
            px(start.y),
            px(stop.x),
            px(stop.y),
            rgb(look.line_color.to_web_color()),
            look.line_width
        );
    }

    fn draw_circle(
        &mut self,
        xy: Point,
        size: Point,
        look: &StyleAttr,
        properties: Option<String>,
    ) {
        self.cover(Point::new(xy.x - size.x / 2.0, xy.y - size.y / 2.0), size);
        let _ = writeln!(
            self.body,
            "<ellipse {} cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            properties.unwrap_or_default(),
            px(xy.x),
            px(xy.y),
            px(size.x / 2.0),
            px(size.y / 2.0),
            fill(look),
            rgb(look.line_color.to_web_color()),
            look.line_width
        );
    }

    fn draw_text(&mut self, xy: Point, text: &str, look: &StyleAttr) {
        if text.is_empty() {
            return;
        }
        let size = look.font_size as f64;
        let lines = text.lines().count().max(1) as f64;
        // The block of lines centred on the point, each line on its own baseline.
        let first = xy.y - (lines - 1.0) * size * 0.6 + size * 0.35;
        let _ = write!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\">",
            px(xy.x),
            px(first),
            look.font_size
        );
        for (i, line) in text.lines().enumerate() {
            let dy = if i == 0 { 0.0 } else { 1.2 };
            let _ = write!(
                self.body,
                "<tspan x=\"{}\" dy=\"{dy}em\">{}</tspan>",
                px(xy.x),
                escape(line)
            );
        }
        self.body.push_str("</text>\n");
    }

    fn draw_arrow(
        &mut self,
        path: &[(Point, Point)],
        dashed: bool,
        head: (bool, bool),
        look: &StyleAttr,
        properties: Option<String>,
        text: &str,
    ) {
        if path.len() < 2 {
            return;
        }
        let (properties, label) = take_label(&properties.unwrap_or_default());
        // Labels come in the properties (see `graph`); layout-rs's own text, if any, too.
        let label = label.or_else(|| (!text.is_empty()).then(|| escape(text)));
        let stroke = Stroke {
            path: path.to_vec(),
            dashed,
            head,
            look: look.clone(),
            properties,
            label,
        };
        match &self.ground {
            Some((ground, _)) if on(ground, &stroke.path) => self.grounded.push(stroke),
            _ => self.stroke(stroke),
        }
    }

    fn create_clip(&mut self, xy: Point, size: Point, rounded_px: usize) -> ClipHandle {
        let id = self.clip_count;
        self.clip_count += 1;
        let _ = writeln!(
            self.clips,
            "<clipPath id=\"clip{id}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{rounded_px}\"/></clipPath>",
            px(xy.x),
            px(xy.y),
            px(size.x),
            px(size.y)
        );
        id
    }
}

fn fill(look: &StyleAttr) -> String {
    match look.fill_color {
        Some(colour) => rgb(colour.to_web_color()),
        None => "none".into(),
    }
}

/// `#rrggbbaa` as `#rrggbb` (every viewer reads it), or `none` when transparent.
fn rgb(web: String) -> String {
    match web.strip_suffix("ff") {
        Some(opaque) if web.len() == 9 => opaque.to_owned(),
        _ if web.ends_with("00") => "none".into(),
        _ => web,
    }
}

/// A coordinate to one decimal, without a trailing `.0`.
fn px(x: f64) -> String {
    let rounded = (x * 10.0).round() / 10.0;
    if rounded == rounded.trunc() {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}
