//! Where the canvas moves what layout-rs places: each edge standing on a Hackenbush ground
//! gets a foot of its own on the bar (layout-rs brings them all to its middle), and an edge's
//! label is set beside its line, not on it.

use layout::core::geometry::Point;

/// A line as layout-rs gives it: the start and the first control point, then for each piece
/// of the curve its second control point and its end (SVG's `C`, then `S`).
pub(super) type Path = Vec<(Point, Point)>;

/// A box: its top-left corner and its size.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Bar {
    pub at: Point,
    pub size: Point,
}

impl Bar {
    /// Whether a line's end lies on the bar (layout-rs ends a line at a box's side).
    fn holds(&self, point: Point) -> bool {
        const NEAR: f64 = 3.0;
        (self.at.x - NEAR..=self.at.x + self.size.x + NEAR).contains(&point.x)
            && (self.at.y - NEAR..=self.at.y + self.size.y + NEAR).contains(&point.y)
    }
}

fn start(path: &Path) -> Point {
    path[0].0
}

fn end(path: &Path) -> Point {
    path[path.len() - 1].1
}

/// Whether the line stands on the bar at one end or both.
pub(super) fn on(bar: &Bar, path: &Path) -> bool {
    bar.holds(start(path)) || bar.holds(end(path))
}

/// Room between two feet, and from the outer feet to the bar's ends, in pixels.
const FOOT_GAP: f64 = 20.0;
/// How far a loop on the ground reaches to each side and up, in pixels.
const LOOP_SIZE: f64 = 18.0;

/// Gives each line that stands on the bar a foot of its own: as straight below where it
/// comes from as the feet beside it allow, in the same order (so that they do not cross),
/// and widens the bar to hold them all. A loop with both ends on the bar is drawn standing
/// on one foot.
pub(super) fn spread_feet(bar: &mut Bar, paths: &mut [Path]) {
    let one_end = |path: &Path| bar.holds(start(path)) != bar.holds(end(path));
    let wanted = |path: &Path| match (bar.holds(start(path)), bar.holds(end(path))) {
        (true, false) => end(path).x,
        (false, true) => start(path).x,
        _ => start(path).x,
    };
    let mut order: Vec<usize> = (0..paths.len()).collect();
    order.sort_by(|&a, &b| wanted(&paths[a]).total_cmp(&wanted(&paths[b])));
    let mut feet = vec![0.0; paths.len()];
    let mut next = f64::NEG_INFINITY;
    for &index in &order {
        feet[index] = wanted(&paths[index]).max(next);
        next = feet[index] + FOOT_GAP;
    }
    let top = bar.at.y;
    for (path, &foot) in paths.iter_mut().zip(&feet) {
        if !one_end(path) {
            let (left, right) = (foot - LOOP_SIZE, foot + LOOP_SIZE);
            let up = top - 2.0 * LOOP_SIZE;
            let on_ground = Point::new(foot, top);
            *path = vec![
                (on_ground, Point::new(left, up)),
                (Point::new(right, up), on_ground),
            ];
            continue;
        }
        // The end on the ground moves, with the control point beside it.
        let (i, x) = match bar.holds(start(path)) {
            true => (0, start(path).x),
            false => (path.len() - 1, end(path).x),
        };
        path[i].0.x += foot - x;
        path[i].1.x += foot - x;
        if path.len() == 2 {
            // One piece: straight to its foot, not bent towards where the end was.
            let (from, to) = (start(path), end(path));
            let third =
                |k: f64| Point::new(from.x + (to.x - from.x) * k, from.y + (to.y - from.y) * k);
            (path[0].1, path[1].0) = (third(1.0 / 3.0), third(2.0 / 3.0));
        }
    }
    let (low, high) = feet.iter().fold(
        (bar.at.x + FOOT_GAP, bar.at.x + bar.size.x - FOOT_GAP),
        |(low, high), &x| (low.min(x), high.max(x)),
    );
    bar.at.x = low - FOOT_GAP;
    bar.size.x = high - low + 2.0 * FOOT_GAP;
}

/// Where a label goes beside a line: a little off the middle of the curve, to its right
/// (above it when the line runs across), or to the other side when `other_side`; and how it
/// is anchored there (`start`, `middle` or `end` of the text).
pub(super) fn beside(path: &Path, font_size: f64, other_side: bool) -> (Point, &'static str) {
    let (from, c1, c2, to) = middle_piece(path);
    // The point of the cubic at t = 1/2, and its direction there.
    let middle = Point::new(
        (from.x + 3.0 * c1.x + 3.0 * c2.x + to.x) / 8.0,
        (from.y + 3.0 * c1.y + 3.0 * c2.y + to.y) / 8.0,
    );
    let along = Point::new(to.x + c2.x - c1.x - from.x, to.y + c2.y - c1.y - from.y);
    let length = along.length().max(f64::EPSILON);
    // A normal pointing right, or up where the line runs across.
    let mut normal = Point::new(-along.y / length, along.x / length);
    if normal.x < -0.3 || (normal.x.abs() <= 0.3 && normal.y > 0.0) {
        normal = normal.neg();
    }
    if other_side {
        normal = normal.neg();
    }
    let gap = font_size * 0.6;
    let spot = middle.add(normal.scale(gap));
    if normal.x > 0.3 {
        // Right of the line, its middle level with the spot.
        (Point::new(spot.x, spot.y + font_size * 0.35), "start")
    } else if normal.x < -0.3 {
        (Point::new(spot.x, spot.y + font_size * 0.35), "end")
    } else if normal.y < 0.0 {
        // Above a line that runs across: the text's baseline at the spot.
        (spot, "middle")
    } else {
        (Point::new(spot.x, spot.y + font_size * 0.8), "middle")
    }
}

/// The piece of the curve in the middle of the line: its end points and control points.
fn middle_piece(path: &Path) -> (Point, Point, Point, Point) {
    if path.len() < 2 {
        let point = path.first().map_or(Point::zero(), |p| p.0);
        return (point, point, point, point);
    }
    // Piece k runs from the end of piece k - 1 to path[k].1; its first control point is
    // path[0].1 for the first piece, the mirror of the last one's second after that (`S`).
    let k = path.len() / 2;
    let from = if k == 1 { path[0].0 } else { path[k - 1].1 };
    let c1 = if k == 1 {
        path[0].1
    } else {
        let before = path[k - 1].0;
        Point::new(2.0 * from.x - before.x, 2.0 * from.y - before.y)
    };
    (from, c1, path[k].0, path[k].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(from: (f64, f64), to: (f64, f64)) -> Path {
        let (a, b) = (Point::new(from.0, from.1), Point::new(to.0, to.1));
        vec![(a, a), (b, b)]
    }

    /// Three lines meeting the middle of a bar get three feet, below where they come from
    /// as far as there is room, in that order; a loop stands on a foot of its own.
    #[test]
    fn each_line_on_the_ground_gets_a_foot_of_its_own() {
        let mut bar = Bar {
            at: Point::new(60.0, 100.0),
            size: Point::new(40.0, 6.0),
        };
        let mut paths = vec![
            line((150.0, 20.0), (80.0, 100.0)),
            line((10.0, 20.0), (80.0, 100.0)),
            // Standing the other way round: its start on the ground; close to the first.
            line((80.0, 100.0), (15.0, 20.0)),
            line((80.0, 100.0), (80.0, 100.0)),
        ];
        assert!(paths.iter().all(|path| on(&bar, path)));
        spread_feet(&mut bar, &mut paths);
        assert_eq!(end(&paths[1]).x, 10.0);
        assert_eq!(start(&paths[2]).x, 10.0 + FOOT_GAP);
        assert_eq!(start(&paths[3]), Point::new(80.0, 100.0));
        assert_eq!(end(&paths[3]), Point::new(80.0, 100.0));
        assert!(paths[3][0].1.y < 100.0, "the loop stands up");
        assert_eq!(end(&paths[0]).x, 150.0);
        // The other ends stay where they were.
        assert_eq!(start(&paths[0]).x, 150.0);
        assert_eq!(end(&paths[2]).x, 15.0);
        // The bar holds every foot.
        assert_eq!(bar.at.x, 10.0 - FOOT_GAP);
        assert_eq!(bar.at.x + bar.size.x, 150.0 + FOOT_GAP);
        assert!(!on(&bar, &line((0.0, 0.0), (50.0, 50.0))));
    }

    #[test]
    fn a_label_is_set_off_its_line() {
        // Down the page: to the right of the line, anchored at the text's start; or left.
        let down = line((50.0, 0.0), (50.0, 100.0));
        let (spot, anchor) = beside(&down, 10.0, false);
        assert_eq!(anchor, "start");
        assert!(spot.x > 52.0, "{spot:?}");
        let (spot, anchor) = beside(&down, 10.0, true);
        assert_eq!(anchor, "end");
        assert!(spot.x < 48.0, "{spot:?}");
        // Across the page: above it, centred; or below.
        let across = line((0.0, 50.0), (100.0, 50.0));
        let (spot, anchor) = beside(&across, 10.0, false);
        assert_eq!(anchor, "middle");
        assert!(spot.y < 48.0 && (spot.x - 50.0).abs() < 1.0, "{spot:?}");
        let (spot, _) = beside(&across, 10.0, true);
        assert!(spot.y > 52.0, "{spot:?}");
    }
}
