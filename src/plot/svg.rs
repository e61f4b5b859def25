//! The picture itself, drawn with plotters' SVG backend: no fonts are read (SVG text is only
//! text, sized by plotters' estimate), nothing is written but the string returned.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::Sequence;
use super::marks::Pixels;
use super::rare::{Rare, rare_values};

const WIDTH: u32 = 800;
const HEIGHT: u32 = 480;
const VALUES: RGBColor = RGBColor(31, 95, 170);
const PERIOD: RGBColor = RGBColor(200, 60, 40);
const PREPERIOD: RGBColor = RGBColor(236, 236, 236);
/// Rare values: orange against the blue, and drawn larger, over the common ones.
const RARE: RGBColor = RGBColor(230, 110, 0);
/// Values worth ∞ (no nimber): purple crosses on a row of their own.
const INFINITE: RGBColor = RGBColor(130, 50, 170);
/// The line between the values and the band of ∞, and the band.
const SEPARATOR: RGBColor = RGBColor(190, 190, 190);
const INFINITE_BAND: RGBColor = RGBColor(249, 246, 251);
/// Period boundaries drawn, at most: past it only the first is, lest the plot be all lines.
const BOUNDARIES: u64 = 60;
const FONT: &str = "sans-serif";

/// The sequence as an SVG scatter plot: n across, the Grundy value up, the family's name
/// above, the preperiod shaded and where each period starts marked when the period is proved,
/// rare values (see [`super::rare`]) set apart in their own colour and shape, values worth ∞
/// as crosses on a row labelled ∞ above the others.
pub fn render(sequence: &Sequence) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, sequence).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type Drawn = Result<(), DrawingAreaErrorKind<<SVGBackend<'static> as DrawingBackend>::ErrorType>>;

fn draw(root: &Area, sequence: &Sequence) -> Drawn {
    root.fill(&WHITE)?;
    let (entries, infinite) = (sequence.entries, sequence.infinite);
    // Each list is in order of n: the ends are among their ends.
    let ends = [entries.first(), entries.last()].map(|e| e.map(|e| e.0));
    let ns = || {
        ends.into_iter()
            .chain([infinite.first(), infinite.last()].map(|n| n.copied()))
    };
    let first = ns().flatten().min().unwrap_or(0) as f64;
    let last = ns().flatten().max().unwrap_or(0) as f64;
    let highest = entries.iter().map(|e| e.1).max().unwrap_or(0) as f64;
    // Halfway between whole numbers, where no nimber is drawn, with a line below it.
    let infinity_row = (!infinite.is_empty()).then_some(highest + 1.5);
    let top = infinity_row.unwrap_or(highest);
    let x_pad = ((last - first) * 0.02).max(0.5);
    let rare = if sequence.integers {
        None
    } else {
        rare_values(entries)
    };
    let legend_shown = sequence.period.is_some() || rare.is_some() || infinity_row.is_some();
    // Room above the highest value for the legend, when there is one: a fifth of the height.
    let headroom = if legend_shown { 0.25 } else { 0.05 };
    let y_range = (-0.5 - top * 0.03)..(top + 0.5 + (top + 1.0) * headroom);
    let x_range = (first - x_pad)..(last + x_pad);
    let mut chart = ChartBuilder::on(root)
        .caption(sequence.family, (FONT, 22))
        .margin(14)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(x_range.clone(), y_range.clone())?;
    // As many ticks as there are whole numbers, at most ten: no tick at n = 0.5.
    let x_ticks = ((last - first) as usize + 1).min(10);
    let y_ticks = (top.ceil() as usize + 1).min(10);
    chart
        .configure_mesh()
        .x_desc("n")
        .y_desc(if sequence.integers {
            "value"
        } else {
            "Grundy value"
        })
        .x_labels(x_ticks)
        .y_labels(y_ticks)
        .x_label_formatter(&whole)
        // No number beside the row of ∞.
        .y_label_formatter(&|y| match infinity_row {
            Some(_) if *y > highest + 0.5 => String::new(),
            _ => whole(y),
        })
        .axis_desc_style((FONT, 16))
        .max_light_lines(0)
        .bold_line_style(RGBColor(225, 225, 225))
        .draw()?;

    if let Some((preperiod, period)) = sequence.period {
        let start = preperiod as f64 - 0.5;
        if start > x_range.start {
            chart.draw_series(std::iter::once(Rectangle::new(
                [
                    (x_range.start, y_range.start),
                    (start.min(x_range.end), y_range.end),
                ],
                PREPERIOD.filled(),
            )))?;
        }
        let boundaries = boundaries(preperiod, period, x_range.start, x_range.end);
        let line = PERIOD.stroke_width(1);
        chart
            .draw_series(
                boundaries
                    .into_iter()
                    .map(|n| PathElement::new(vec![(n, y_range.start), (n, y_range.end)], line)),
            )?
            .label(format!("period {period} from n = {preperiod}"))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], line));
        if preperiod > 0 {
            chart
                .draw_series(std::iter::empty::<Rectangle<(f64, f64)>>())?
                .label(format!("preperiod, n < {preperiod}"))
                .legend(|(x, y)| Rectangle::new([(x, y - 6), (x + 20, y + 6)], PREPERIOD.filled()));
        }
    }

    let is_rare = |&&(n, value): &&(i64, u64)| rare.is_some_and(|rare| rare.is_rare(n, value));
    if let Some(row) = infinity_row {
        let below = row - 0.75;
        // A band of its own, over the mesh's lines for values no game has.
        chart.draw_series(std::iter::once(Rectangle::new(
            [(x_range.start, below), (x_range.end, y_range.end)],
            INFINITE_BAND.filled(),
        )))?;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(x_range.start, below), (x_range.end, below)],
            SEPARATOR.stroke_width(1),
        )))?;
        // Where the axis's numbers are, as if it were one of them.
        let (x, y) = chart.backend_coord(&(x_range.start, row));
        root.draw(&Text::new(
            "∞",
            (x - 20, y - 9),
            (FONT, 18).into_font().color(&INFINITE),
        ))?;
    }
    let values = entries.len() + infinite.len();
    let (columns, _) = chart.plotting_area().get_pixel_range();
    let spacing = f64::from(columns.end - columns.start) / values.max(1) as f64;
    // The legend shows rare values as they are drawn: triangles, or squares in a long plot.
    let triangles = spacing >= 3.0;
    if triangles {
        // Few enough for a circle each, and a triangle for each rare value.
        let radius = if spacing >= 6.0 { 3 } else { 2 };
        let style = VALUES.filled();
        chart.draw_series(
            entries
                .iter()
                .filter(|entry| !is_rare(entry))
                .map(|&(n, value)| Circle::new((n as f64, value as f64), radius, style)),
        )?;
        chart.draw_series(entries.iter().filter(is_rare).map(|&(n, value)| {
            TriangleMarker::new((n as f64, value as f64), radius + 2, RARE.filled())
        }))?;
        if let Some(row) = infinity_row {
            let style = INFINITE.stroke_width(2);
            chart.draw_series(
                (infinite.iter()).map(|&n| Cross::new((n as f64, row), radius + 1, style)),
            )?;
        }
    } else {
        // One mark per pixel column and row, neighbours in a row joined: see `marks`. Rare
        // values are drawn after, larger, so that a lone one is seen over the common ones.
        let pixels = |rare_ones: bool| {
            let mut area = Pixels::new(WIDTH as usize, HEIGHT as usize);
            for &(n, value) in entries.iter().filter(|entry| is_rare(entry) == rare_ones) {
                let (column, row) = chart.backend_coord(&(n as f64, value as f64));
                area.mark(column, row);
            }
            area
        };
        for run in pixels(false).runs() {
            // A pixel wider each side, so that a lone value is seen.
            let corners = [(run.first - 1, run.row - 1), (run.last + 2, run.row + 2)];
            root.draw(&Rectangle::new(corners, VALUES.filled()))?;
        }
        for run in pixels(true).runs() {
            let corners = [(run.first - 2, run.row - 2), (run.last + 3, run.row + 3)];
            root.draw(&Rectangle::new(corners, RARE.filled()))?;
        }
        if let Some(row) = infinity_row {
            let mut area = Pixels::new(WIDTH as usize, HEIGHT as usize);
            for &n in infinite {
                let (column, row) = chart.backend_coord(&(n as f64, row));
                area.mark(column, row);
            }
            for run in area.runs() {
                let corners = [(run.first - 1, run.row - 3), (run.last + 2, run.row + 4)];
                root.draw(&Rectangle::new(corners, INFINITE.filled()))?;
            }
        }
    }
    if let Some(rare) = rare {
        let legend = chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
            .label(rare_legend(&rare, entries.len()));
        if triangles {
            legend.legend(|(x, y)| TriangleMarker::new((x + 10, y), 5, RARE.filled()));
        } else {
            legend
                .legend(|(x, y)| Rectangle::new([(x + 6, y - 4), (x + 14, y + 4)], RARE.filled()));
        }
    }
    if infinity_row.is_some() {
        let legend = chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
            .label(format!("∞, no nimber ({} of {values})", infinite.len()));
        if triangles {
            legend.legend(|(x, y)| Cross::new((x + 10, y), 4, INFINITE.stroke_width(2)));
        } else {
            legend.legend(|(x, y)| {
                Rectangle::new([(x + 8, y - 4), (x + 12, y + 4)], INFINITE.filled())
            });
        }
    }
    if legend_shown {
        // Last, over the values.
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(160, 160, 160))
            .label_font((FONT, 14))
            .draw()?;
    }
    Ok(())
}

/// Where each period starts, from the preperiod on, as x coordinates between two n, or only
/// the first when there would be too many lines.
fn boundaries(preperiod: u64, period: u64, from: f64, to: f64) -> Vec<f64> {
    let period = period.max(1);
    let first = preperiod as f64 - 0.5;
    // The first start at `from` or after it, without walking there.
    let skipped = if first < from {
        ((from - first) / period as f64).ceil() as u64
    } else {
        0
    };
    let mut starts = Vec::new();
    for k in skipped.. {
        let at = first + (k as f64) * period as f64;
        if at > to {
            break;
        }
        if starts.len() as u64 == BOUNDARIES {
            starts.truncate(1);
            break;
        }
        starts.push(at);
    }
    starts
}

/// What the rare values are, in the legend: "rare (52 of 100000): value & 30 of even weight".
fn rare_legend(rare: &Rare, values: usize) -> String {
    let parity = if rare.odd { "odd" } else { "even" };
    let position = if rare.by_position { ", plus n," } else { "" };
    format!(
        "rare ({} of {values}): value & {}{position} of {parity} weight",
        rare.count, rare.mask
    )
}

/// A tick's label: whole numbers only, since n and Grundy values are.
fn whole(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Among 10^5 values thinned to bars, one rare value alone is still drawn, in orange.
    #[test]
    fn a_lone_rare_value_survives_the_thinning() {
        let mut entries: Vec<(i64, u64)> = (0..100_000).map(|n| (n, 1 + n as u64 % 2)).collect();
        entries[54_321].1 = 6;
        let sequence = Sequence {
            family: "test",
            entries: &entries,
            infinite: &[],
            period: None,
            integers: false,
        };
        let svg = render(&sequence).unwrap();
        // The mark, and the legend's.
        assert_eq!(rare_shapes(&svg).len(), 2, "{svg}");
        assert!(svg.contains("rare (1 of 100000)"));
    }

    /// The SVG elements drawn in the colour of rare values: `rect`, `polygon`, ...
    fn rare_shapes(svg: &str) -> Vec<&str> {
        let orange = format!("fill=\"#{:02X}{:02X}{:02X}\"", RARE.0, RARE.1, RARE.2);
        svg.split('<')
            .filter(|element| element.contains(&orange))
            .filter_map(|element| element.split_whitespace().next())
            .collect()
    }

    /// The legend shows rare values in the shape they are drawn in: triangles among a few
    /// values, squares where a long plot is thinned to bars.
    #[test]
    fn the_legend_draws_rare_values_as_the_plot_does() {
        for (length, shape) in [(150, "polygon"), (5000, "rect")] {
            let mut entries: Vec<(i64, u64)> = (0..length).map(|n| (n, 1 + n as u64 % 2)).collect();
            entries[100].1 = 6;
            let sequence = Sequence {
                family: "test",
                entries: &entries,
                infinite: &[],
                period: None,
                integers: false,
            };
            let svg = render(&sequence).unwrap();
            let shapes = rare_shapes(&svg);
            assert_eq!(shapes, [shape, shape], "{length} values");
        }
    }

    /// The SVG elements drawn in the colour of values worth ∞, stroked (a cross's lines) or
    /// filled (a long plot's bars).
    fn infinite_shapes(svg: &str) -> Vec<&str> {
        let purple = format!(
            "\"#{:02X}{:02X}{:02X}\"",
            INFINITE.0, INFINITE.1, INFINITE.2
        );
        svg.split('<')
            .filter(|element| {
                element.contains(&format!("stroke={purple}"))
                    || element.contains(&format!("fill={purple}"))
            })
            .filter_map(|element| element.split_whitespace().next())
            .collect()
    }

    /// Values worth ∞ are crosses (two lines each), one more in the legend, and the row is
    /// labelled; among bars, one bar of the ∞ row per run of neighbouring columns.
    #[test]
    fn values_worth_infinity_are_crosses_on_their_own_row() {
        let entries: Vec<(i64, u64)> = (0..20)
            .filter(|n| n % 4 != 1)
            .map(|n| (n, n as u64 % 3))
            .collect();
        let infinite: Vec<i64> = (0..20).filter(|n| n % 4 == 1).collect();
        let sequence = Sequence {
            family: "test",
            entries: &entries,
            infinite: &infinite,
            period: None,
            integers: false,
        };
        let svg = render(&sequence).unwrap();
        let shapes = infinite_shapes(&svg);
        // The crosses and the legend's; the row's label, in the same colour.
        assert_eq!(
            shapes.iter().filter(|s| **s == "line").count(),
            2 * (5 + 1),
            "{svg}"
        );
        assert_eq!(shapes.iter().filter(|s| **s == "text").count(), 1, "{svg}");
        assert!(svg.contains("\n∞\n</text>"), "{svg}");
        assert!(svg.contains("∞, no nimber (5 of 20)"), "{svg}");

        let infinite: Vec<i64> = (5000..6000).collect();
        let entries: Vec<(i64, u64)> = (0..5000).map(|n| (n, n as u64 % 3)).collect();
        let sequence = Sequence {
            family: "test",
            entries: &entries,
            infinite: &infinite,
            period: None,
            integers: false,
        };
        let svg = render(&sequence).unwrap();
        // One bar for the thousand neighbouring values, and the legend's.
        let bars = infinite_shapes(&svg)
            .iter()
            .filter(|s| **s == "rect")
            .count();
        assert_eq!(bars, 2, "{svg}");
    }

    #[test]
    fn period_lines_start_at_the_preperiod_and_stop_when_too_many() {
        assert_eq!(boundaries(70, 12, -0.5, 100.5), vec![69.5, 81.5, 93.5]);
        assert_eq!(boundaries(0, 4, 10.0, 20.0), vec![11.5, 15.5, 19.5]);
        assert_eq!(boundaries(70, 12, -0.5, 100_000.0), vec![69.5]);
    }
}
