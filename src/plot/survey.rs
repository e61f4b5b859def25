//! A survey drawn: each game a cell of a grid (see [`super::grid`]) coloured by its status,
//! periodic games shaded by the size of their period, each cell's record in its tooltip.
//! Written as SVG directly, not with plotters: a cell's tooltip is an SVG `<title>`, which
//! plotters does not write.

use std::fmt::Write;

use super::grid::{Grid, Labels, Place};
use crate::picture::escape_markup as escape;
use crate::survey::{Record, Status, Stop, SurveyTable};

/// Room around the picture, and between its parts.
const MARGIN: f64 = 16.0;
const TITLE_SIZE: f64 = 18.0;
const TEXT_SIZE: f64 = 13.0;
/// A character's width, in font sizes: a sans-serif's average.
const CHAR_WIDTH: f64 = 0.55;
/// The width a grid is made to fit, about a page's.
const GRID_WIDTH: f64 = 1100.0;
/// A table's cells are square, this many pixels at most and at least.
const LARGEST_CELL: usize = 24;
const SMALLEST_CELL: usize = 8;
/// The gap between blocks of 8 rows or columns.
const GAP: usize = 4;
/// In the order asked, a cell holds its code in this size.
const CODE_SIZE: f64 = 11.0;
const CODE_CELL_HEIGHT: usize = 22;
/// The legend's swatches.
const SWATCH: f64 = 14.0;
/// The picture is at least this wide, for the legend's sake.
const LEAST_WIDTH: f64 = 560.0;
/// Characters of the codes asked for that the title shows, at most: a list of hundreds is
/// cut short.
const TITLE_CODES: usize = 80;

/// Periodic games, from a period of 1 (light) to the longest period of the survey (dark),
/// shaded on a log scale.
const SHORT_PERIOD: Rgb = Rgb(198, 219, 239);
const LONG_PERIOD: Rgb = Rgb(8, 48, 107);
/// Open: no period among the values computed.
const OPEN: Rgb = Rgb(230, 159, 0);
/// Values only: the periodicity theorem does not apply.
const VALUES_ONLY: Rgb = Rgb(158, 158, 158);
/// A value that differs from the plain mex loop's: a bug, loud.
const MISMATCH: Rgb = Rgb(255, 0, 51);
/// A place with no game: a code with no moves, or one not surveyed.
const EMPTY: Rgb = Rgb(255, 255, 255);
const EMPTY_EDGE: Rgb = Rgb(208, 208, 208);
const INK: Rgb = Rgb(0, 0, 0);
const PAPER: Rgb = Rgb(255, 255, 255);

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Rgb(u8, u8, u8);

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

impl Rgb {
    /// Part `t` (0 to 1) of the way to `other`.
    fn towards(self, other: Rgb, t: f64) -> Rgb {
        let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(
            mix(self.0, other.0),
            mix(self.1, other.1),
            mix(self.2, other.2),
        )
    }

    fn is_dark(self) -> bool {
        0.299 * f64::from(self.0) + 0.587 * f64::from(self.1) + 0.114 * f64::from(self.2) < 128.0
    }
}

/// How a cell looks: its class (`periodic`, `open`, `values-only`, `mismatch`, `empty`) and
/// its colour.
fn look(record: Option<&Record>, longest: u64) -> (&'static str, Rgb) {
    match record.map(|r| &r.status) {
        Some(Status::Proved { period, .. }) => ("periodic", period_shade(*period, longest)),
        Some(Status::Open { .. }) => ("open", OPEN),
        Some(Status::NoTheorem { .. }) => ("values-only", VALUES_ONLY),
        Some(Status::Mismatch { .. }) => ("mismatch", MISMATCH),
        None => ("empty", EMPTY),
    }
}

/// A period's shade: how far it is from 1 to the longest period, on a log scale.
fn period_shade(period: u64, longest: u64) -> Rgb {
    let t = match longest {
        0 | 1 => 0.0,
        _ => (period.max(1) as f64).ln() / (longest as f64).ln(),
    };
    SHORT_PERIOD.towards(LONG_PERIOD, t.clamp(0.0, 1.0))
}

fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * CHAR_WIDTH
}

/// The survey as an SVG grid of its games, a table of the codes of its pattern (`0.???`: 8
/// rows by the first digit, 64 columns by the last two) or its codes in the order asked, with
/// a title, the counts and a legend.
pub fn render_survey(survey: &SurveyTable) -> String {
    let longest = survey
        .records
        .iter()
        .filter_map(|r| match r.status {
            Status::Proved { period, .. } => Some(period),
            _ => None,
        })
        .max();
    let code_width = survey
        .records
        .iter()
        .map(|r| text_width(&r.game, CODE_SIZE))
        .fold(0.0, f64::max)
        .ceil() as usize
        + 10;
    // In the order asked, rows of a multiple of 8 codes where they fit, as octal digits go.
    let across = match GRID_WIDTH as usize / code_width {
        fit @ 8.. => fit / 8 * 8,
        fit => fit.max(1),
    };
    let grid = Grid::of(&survey.asked, &survey.records, across);
    let shape = Shape::of(&grid, code_width);

    let mut body = String::new();
    let mut y = MARGIN + TITLE_SIZE;
    let title = title(survey);
    text(&mut body, MARGIN, y, TITLE_SIZE, "", &title);
    y += TEXT_SIZE + 8.0;
    let counts = counts_line(survey);
    text(&mut body, MARGIN, y, TEXT_SIZE, "", &counts);
    let mut width = text_width(&title, TITLE_SIZE).max(text_width(&counts, TEXT_SIZE));
    y += 12.0;

    let (left, top) = (MARGIN + shape.row_labels, y + shape.column_labels);
    if let Some(labels) = &grid.labels {
        draw_labels(&mut body, labels, &shape, left, top);
    }
    body.push_str("<g class=\"cells\">\n");
    let written = grid.labels.is_none();
    for place in &grid.places {
        draw_cell(
            &mut body,
            place,
            &shape,
            (left, top),
            longest.unwrap_or(1),
            written,
        );
    }
    body.push_str("</g>\n");
    width = width.max(shape.row_labels + shape.width as f64);
    y = top + shape.height as f64 + 20.0;

    let width = width.max(LEAST_WIDTH);
    let legend_height = draw_legend(&mut body, survey, &grid, longest, y, width);
    let width = (width + 2.0 * MARGIN).ceil();
    let height = (y + legend_height + MARGIN).ceil();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"{PAPER}\"/>\n\
         {body}</svg>\n"
    )
}

/// The picture's title: `survey of 0.??? to n = 10000`, a long list of codes cut short.
pub fn title(survey: &SurveyTable) -> String {
    let asked = &survey.asked;
    match asked.char_indices().nth(TITLE_CODES) {
        Some((end, _)) => format!("survey of {}… to n = {}", &asked[..end], survey.to),
        None => format!("survey of {asked} to n = {}", survey.to),
    }
}

/// "511 games: 282 periodic, 229 open", as the survey's table says it.
fn counts_line(survey: &SurveyTable) -> String {
    let [periodic, open, values, mismatched] = survey.counts();
    let games = survey.records.len();
    let mut line = format!(
        "{games} game{}: {periodic} periodic, {open} open",
        if games == 1 { "" } else { "s" }
    );
    if values > 0 {
        write!(line, ", {values} values only").unwrap();
    }
    if mismatched > 0 {
        write!(line, ", {mismatched} MISMATCHED (a bug: please report it)").unwrap();
    }
    line
}

/// The sizes of a grid drawn: its cells' and its labels'.
struct Shape {
    /// A cell's width and height, pixels, gaps aside.
    cell: (usize, usize),
    row_block: usize,
    column_block: usize,
    /// The grid's width and height, gaps included.
    width: usize,
    height: usize,
    /// Room for the row labels (left of the grid) and column labels (above it).
    row_labels: f64,
    column_labels: f64,
    label_size: f64,
    /// Column labels are written upwards when they are wider than a column.
    upright: bool,
}

impl Shape {
    fn of(grid: &Grid, code_width: usize) -> Shape {
        let (cell, blocks) = match &grid.labels {
            Some(labels) => {
                let side = (GRID_WIDTH as usize / grid.columns).clamp(SMALLEST_CELL, LARGEST_CELL);
                ((side, side), (labels.row_block, labels.column_block))
            }
            None => ((code_width, CODE_CELL_HEIGHT), (1, 1)),
        };
        let extent = |count: usize, side: usize, block: usize| {
            count * side + GAP * (count.saturating_sub(1) / block.max(1)) * usize::from(block > 1)
        };
        let label_size = (cell.1 as f64 - 1.0).min(10.0);
        let widest = |texts: &[String]| {
            texts
                .iter()
                .map(|t| text_width(t, label_size))
                .fold(0.0, f64::max)
        };
        let (row_labels, column_labels, upright) = match &grid.labels {
            Some(labels) => {
                let columns = widest(&labels.columns);
                let upright = columns > cell.0 as f64 - 1.0;
                let above = if upright { columns } else { label_size } + 4.0;
                (widest(&labels.rows) + 6.0, above, upright)
            }
            None => (0.0, 0.0, false),
        };
        Shape {
            cell,
            row_block: blocks.0,
            column_block: blocks.1,
            width: extent(grid.columns, cell.0, blocks.1),
            height: extent(grid.rows, cell.1, blocks.0),
            row_labels,
            column_labels,
            label_size,
            upright,
        }
    }

    /// The top left corner of a place, from the grid's.
    fn at(&self, row: usize, column: usize) -> (usize, usize) {
        let gaps = |index: usize, block: usize| if block > 1 { GAP * (index / block) } else { 0 };
        (
            column * self.cell.0 + gaps(column, self.column_block),
            row * self.cell.1 + gaps(row, self.row_block),
        )
    }
}

fn draw_labels(out: &mut String, labels: &Labels, shape: &Shape, left: f64, top: f64) {
    let size = shape.label_size;
    out.push_str("<g class=\"labels\" fill=\"#404040\">\n");
    for (row, label) in labels.rows.iter().enumerate() {
        let (_, y) = shape.at(row, 0);
        let baseline = top + y as f64 + shape.cell.1 as f64 / 2.0 + size * 0.35;
        text(out, left - 4.0, baseline, size, "end", label);
    }
    for (column, label) in labels.columns.iter().enumerate() {
        let (x, _) = shape.at(0, column);
        let middle = left + x as f64 + shape.cell.0 as f64 / 2.0;
        if shape.upright {
            let (x, y) = (middle + size * 0.35, top - 3.0);
            writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\" \
                 transform=\"rotate(-90 {x:.1} {y:.1})\">{}</text>",
                escape(label)
            )
            .unwrap();
        } else {
            text(out, middle, top - 3.0, size, "middle", label);
        }
    }
    out.push_str("</g>\n");
}

/// A place's cell at its place from the grid's `corner`, its code `written` in it or not.
fn draw_cell(
    out: &mut String,
    place: &Place,
    shape: &Shape,
    corner: (f64, f64),
    longest: u64,
    written: bool,
) {
    let (class, fill) = look(place.record, longest);
    let (x, y) = shape.at(place.row, place.column);
    let (x, y) = (corner.0 + x as f64, corner.1 + y as f64);
    // A pixel between neighbours, so that cells of one colour are still cells.
    let (w, h) = (shape.cell.0 - 1, shape.cell.1 - 1);
    let edge = match class {
        "empty" => format!(" stroke=\"{EMPTY_EDGE}\""),
        "mismatch" => format!(" stroke=\"{INK}\""),
        _ => String::new(),
    };
    writeln!(
        out,
        "<rect class=\"cell {class}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w}\" height=\"{h}\" \
         fill=\"{fill}\"{edge}><title>{}</title></rect>",
        escape(&tooltip(place))
    )
    .unwrap();
    // In the order asked, the cell shows its code (the tooltip stays the rectangle's).
    if written {
        let ink = if fill.is_dark() { PAPER } else { INK };
        writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{CODE_SIZE}\" text-anchor=\"middle\" \
             fill=\"{ink}\" pointer-events=\"none\">{}</text>",
            x + w as f64 / 2.0,
            y + h as f64 / 2.0 + CODE_SIZE * 0.35,
            escape(&place.code)
        )
        .unwrap();
    }
}

/// A cell's tooltip: its code and record, as the survey's table would say it.
fn tooltip(place: &Place) -> String {
    let Some(record) = place.record else {
        let why = match has_no_moves(&place.code) {
            true => "no moves",
            false => "not surveyed",
        };
        return format!("{}: {why}", place.code);
    };
    let code = &record.game;
    let values = format!(
        "largest value {}, {} values computed",
        record.largest, record.computed
    );
    match &record.status {
        Status::Proved {
            preperiod, period, ..
        } => format!("{code}: periodic, period {period} from n = {preperiod}; {values}"),
        Status::Open {
            longest_period,
            stopped,
        } => format!(
            "{code}: open, no period up to {longest_period} ({}); {values}",
            stopped_by(*stopped, record.to)
        ),
        Status::NoTheorem { stopped } => format!(
            "{code}: values only, no periodicity theorem ({}); {values}",
            stopped_by(*stopped, record.to)
        ),
        Status::Mismatch { heap } => format!(
            "{code}: MISMATCH with the plain mex loop at n = {heap} (a bug: please report it)"
        ),
    }
}

/// Whether a code's digits are all 0 (`0.000`): a survey leaves such a code out.
fn has_no_moves(code: &str) -> bool {
    code.chars().filter(|c| *c != '.').all(|c| c == '0')
}

fn stopped_by(stop: Stop, to: u64) -> String {
    match stop {
        Stop::Bound => format!("stopped at n = {to}"),
        Stop::LargeValue => "stopped by a value past 65535".to_owned(),
        Stop::Cancelled => "stopped by Ctrl-C".to_owned(),
        Stop::Work | Stop::Memory => format!("stopped by the {} limit", stop.word()),
    }
}

/// The legend below the grid, from `top`, wrapped to `width`; its height.
fn draw_legend(
    out: &mut String,
    survey: &SurveyTable,
    grid: &Grid,
    longest: Option<u64>,
    top: f64,
    width: f64,
) -> f64 {
    out.push_str("<g class=\"legend\">\n");
    let mut y = top;
    if let Some(longest) = longest {
        let [periodic, ..] = survey.counts();
        let label = format!("periodic ({periodic}), shaded by period:");
        text(out, MARGIN, y + SWATCH - 2.0, TEXT_SIZE, "", &label);
        let mut x = MARGIN + text_width(&label, TEXT_SIZE) + 8.0;
        for period in ramp(longest) {
            let fill = period_shade(period, longest);
            swatch(out, x, y, "periodic", fill, &format!("period {period}"));
            text(
                out,
                x + SWATCH / 2.0,
                y + SWATCH + 11.0,
                9.0,
                "middle",
                &period.to_string(),
            );
            x += SWATCH + 12.0;
        }
        y += SWATCH + 22.0;
    }
    let [_, open, values, mismatched] = survey.counts();
    let mut entries = vec![];
    if open > 0 {
        entries.push(("open", OPEN, format!("open: no period found ({open})")));
    }
    if values > 0 {
        let text = format!("values only: no periodicity theorem ({values})");
        entries.push(("values-only", VALUES_ONLY, text));
    }
    if mismatched > 0 {
        let text = format!("MISMATCH with the plain mex loop ({mismatched})");
        entries.push(("mismatch", MISMATCH, text));
    }
    let empty: Vec<&Place> = grid.places.iter().filter(|p| p.record.is_none()).collect();
    if !empty.is_empty() {
        let no_moves = empty.iter().filter(|p| has_no_moves(&p.code)).count();
        let text = match (no_moves, empty.len() - no_moves) {
            (no_moves, 0) => format!("no moves ({no_moves})"),
            (0, missing) => format!("not surveyed ({missing})"),
            (_, missing) => format!("no moves, or not surveyed ({missing})"),
        };
        entries.push(("empty", EMPTY, text));
    }
    let mut x = MARGIN;
    for (class, fill, label) in &entries {
        let wide = SWATCH + 6.0 + text_width(label, TEXT_SIZE) + 18.0;
        if x > MARGIN && x + wide > MARGIN + width {
            (x, y) = (MARGIN, y + SWATCH + 8.0);
        }
        swatch(out, x, y, class, *fill, label);
        text(
            out,
            x + SWATCH + 6.0,
            y + SWATCH - 2.0,
            TEXT_SIZE,
            "",
            label,
        );
        x += wide;
    }
    if !entries.is_empty() {
        y += SWATCH;
    }
    out.push_str("</g>\n");
    y - top
}

/// The periods the legend shows: powers of 2 (of 10, past 256) up to the longest, and it.
fn ramp(longest: u64) -> Vec<u64> {
    let base = if longest <= 256 { 2 } else { 10 };
    let mut periods: Vec<u64> = std::iter::successors(Some(1u64), |p| p.checked_mul(base))
        .take_while(|&p| p < longest)
        .collect();
    periods.push(longest.max(1));
    periods
}

fn swatch(out: &mut String, x: f64, y: f64, class: &str, fill: Rgb, title: &str) {
    let edge = match class {
        "empty" => format!(" stroke=\"{EMPTY_EDGE}\""),
        "mismatch" => format!(" stroke=\"{INK}\""),
        _ => String::new(),
    };
    writeln!(
        out,
        "<rect class=\"swatch {class}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{SWATCH}\" \
         height=\"{SWATCH}\" fill=\"{fill}\"{edge}><title>{}</title></rect>",
        escape(title)
    )
    .unwrap();
}

fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, content: &str) {
    let anchor = match anchor {
        "" => String::new(),
        anchor => format!(" text-anchor=\"{anchor}\""),
    };
    writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\"{anchor}>{}</text>",
        escape(content)
    )
    .unwrap();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: &str, status: Status) -> Record {
        Record {
            game: game.into(),
            to: 1000,
            status,
            computed: 200,
            largest: 9,
            engine: "periodic".into(),
            rare: None,
            rechecked: 200,
            millis: 0,
            bytes: 0,
        }
    }

    fn proved(period: u64) -> Status {
        Status::Proved {
            preperiod: 3,
            period,
            checked_to: 2 * 3 + period + 2,
        }
    }

    fn survey(records: Vec<Record>) -> SurveyTable {
        SurveyTable {
            asked: records
                .iter()
                .map(|r| r.game.clone())
                .collect::<Vec<_>>()
                .join(", "),
            to: 1000,
            records,
            resumed: 0,
            missing: 0,
            file: None,
            threads: 1,
            millis: 0,
            full: false,
        }
    }

    /// The `(class, fill, tooltip)` of each cell, in the order drawn.
    fn cells(svg: &str) -> Vec<(String, String, String)> {
        let document = roxmltree::Document::parse(svg).unwrap();
        document
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("cell ")))
            .map(|n| {
                let class = n.attribute("class").unwrap()["cell ".len()..].to_owned();
                let title = n.first_element_child().unwrap().text().unwrap().to_owned();
                (class, n.attribute("fill").unwrap().to_owned(), title)
            })
            .collect()
    }

    /// Every status has its class and colour, a mismatch the loud one no other cell has, and
    /// the legend names each status there is.
    #[test]
    fn each_status_has_its_look() {
        let records = vec![
            record("0.77", proved(12)),
            record(
                "0.007",
                Status::Open {
                    longest_period: 500,
                    stopped: Stop::Bound,
                },
            ),
            record(
                "0.16",
                Status::Open {
                    longest_period: 90,
                    stopped: Stop::Work,
                },
            ),
            record(
                "0.8",
                Status::NoTheorem {
                    stopped: Stop::Bound,
                },
            ),
            record("0.6", Status::Mismatch { heap: 17 }),
        ];
        let svg = render_survey(&survey(records));
        let cells = cells(&svg);
        let classes: Vec<&str> = cells.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(
            classes,
            ["periodic", "open", "open", "values-only", "mismatch"]
        );
        assert_eq!(cells[1].1, cells[2].1);
        assert_eq!(cells[4].1, MISMATCH.to_string());
        assert_eq!(cells.iter().filter(|c| c.1 == cells[4].1).count(), 1);
        assert_eq!(
            cells[0].2,
            "0.77: periodic, period 12 from n = 3; largest value 9, 200 values computed"
        );
        assert!(
            cells[1]
                .2
                .contains("no period up to 500 (stopped at n = 1000)")
        );
        assert!(
            cells[2].2.contains("(stopped by the work limit)"),
            "{}",
            cells[2].2
        );
        assert!(
            cells[4]
                .2
                .starts_with("0.6: MISMATCH with the plain mex loop at n = 17")
        );
        for legend in [
            "periodic (1), shaded by period:",
            "open: no period found (2)",
            "values only: no periodicity theorem (1)",
            "MISMATCH with the plain mex loop (1)",
            "5 games: 1 periodic, 2 open, 1 values only, 1 MISMATCHED (a bug: please report it)",
        ] {
            assert!(svg.contains(&format!(">{legend}</text>")), "no {legend:?}");
        }
        // In the order asked, each cell shows its code.
        assert!(svg.contains(">0.007</text>"));
    }

    /// A longer period is a darker shade, from the lightest at 1 to the darkest at the
    /// survey's longest.
    #[test]
    fn longer_periods_are_darker() {
        let brightness = |c: Rgb| u32::from(c.0) + u32::from(c.1) + u32::from(c.2);
        let shades: Vec<Rgb> = [1, 2, 12, 34, 148].map(|p| period_shade(p, 148)).to_vec();
        assert_eq!(shades[0], SHORT_PERIOD);
        assert_eq!(shades[4], LONG_PERIOD);
        for pair in shades.windows(2) {
            assert!(brightness(pair[0]) > brightness(pair[1]), "{pair:?}");
        }
        assert_eq!(period_shade(1, 1), SHORT_PERIOD);
    }

    #[test]
    fn the_legend_shows_periods_on_a_log_scale() {
        assert_eq!(ramp(1), [1]);
        assert_eq!(ramp(12), [1, 2, 4, 8, 12]);
        assert_eq!(ramp(16), [1, 2, 4, 8, 16]);
        assert_eq!(ramp(149_459), [1, 10, 100, 1000, 10_000, 100_000, 149_459]);
    }
}
