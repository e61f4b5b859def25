//! `plot`: a family's values drawn as SVG, as a user gets them from `grundy eval`, read back
//! with an XML parser and compared with the values `seq` gives.

use std::process::{Command, Output};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// What `grundy eval` printed, after checking it succeeded.
fn eval(source: &str) -> String {
    let output = grundy(&["eval", source]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{source}: {stderr}");
    String::from_utf8(output.stdout).unwrap()
}

/// `seq`'s values and proved period, as `--json` gives them.
fn seq(source: &str) -> (Vec<u64>, Option<(u64, u64)>) {
    let output = grundy(&["--json", "eval", source]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let last = stdout.lines().last().unwrap();
    let object: Value = serde_json::from_str(last).unwrap();
    let values = object["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["nimber"].as_u64().unwrap())
        .collect();
    let period = object["period"].as_object().map(|p| {
        (
            p["preperiod"].as_u64().unwrap(),
            p["period"].as_u64().unwrap(),
        )
    });
    (values, period)
}

/// The SVG's texts, and its circles' centres from left to right.
fn read(svg: &str) -> (Vec<String>, Vec<(f64, f64)>) {
    let svg = svg.trim_end();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
    let document = roxmltree::Document::parse(svg).unwrap();
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let texts = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text())
        .map(|text| text.trim().to_owned())
        .collect();
    let number = |node: &roxmltree::Node, name| node.attribute(name).unwrap().parse().unwrap();
    let mut circles: Vec<(f64, f64)> = document
        .descendants()
        .filter(|node| node.has_tag_name("circle"))
        .map(|node| (number(&node, "cx"), number(&node, "cy")))
        .collect();
    circles.sort_by(|a, b| a.0.total_cmp(&b.0));
    (texts, circles)
}

/// Each value is a circle, left to right in order of n, higher for a higher value and at the
/// same height for the same value.
fn assert_drawn(values: &[u64], circles: &[(f64, f64)]) {
    assert_eq!(circles.len(), values.len());
    for (i, pair) in circles.windows(2).enumerate() {
        assert!(
            pair[0].0 < pair[1].0,
            "n = {i} and {} share a column",
            i + 1
        );
    }
    for (a, &(_, a_y)) in values.iter().zip(circles) {
        for (b, &(_, b_y)) in values.iter().zip(circles) {
            // SVG's y grows downwards.
            assert_eq!(a.cmp(b), b_y.total_cmp(&a_y), "values {a} and {b}");
        }
    }
}

#[test]
fn a_plot_of_kayles_shows_its_values_axes_and_period() {
    let svg = eval("plot seq(kayles, 0..100)");
    let (texts, circles) = read(&svg);
    let (values, period) = seq("seq(kayles, 0..100)");
    assert_drawn(&values, &circles);
    for label in ["kayles", "n", "Grundy value"] {
        assert!(
            texts.iter().any(|t| t == label),
            "no {label:?} in {texts:?}"
        );
    }
    let (preperiod, period) = period.expect("Kayles' period is proved");
    let legend = format!("period {period} from n = {preperiod}");
    assert!(texts.contains(&legend), "no {legend:?} in {texts:?}");
}

#[test]
fn a_family_of_ones_own_is_plotted_without_a_period() {
    let family = "let S(n) = < S(n - k) for k in {1, 3, 4} if k <= n >";
    let svg = eval(&format!("{family}; plot seq(S, 0..40)"));
    let (texts, circles) = read(&svg);
    let (values, period) = seq(&format!("{family}; seq(S, 0..40)"));
    assert_eq!(period, None);
    assert_drawn(&values, &circles);
    assert!(texts.iter().any(|t| t == "S"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.starts_with("period")), "{texts:?}");
}

/// A function's integers are drawn as they are, against an axis that says "value"; one
/// below 0 is refused.
#[test]
fn a_table_of_integers_is_plotted_as_values() {
    let svg = eval("plot seq(nim_sqrt, 0..32)");
    let (texts, circles) = read(&svg);
    let output = grundy(&["--json", "eval", "seq(nim_sqrt, 0..32)"]);
    let object: Value = serde_json::from_slice(&output.stdout).unwrap();
    let values: Vec<u64> = (object["values"].as_array().unwrap().iter())
        .map(|entry| entry["integer"].as_u64().unwrap())
        .collect();
    assert_drawn(&values, &circles);
    assert!(texts.iter().any(|t| t == "value"), "{texts:?}");
    assert!(!texts.iter().any(|t| t == "Grundy value"), "{texts:?}");
    let output = grundy(&["eval", "plot seq(n => 3 - n, 0..6)"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("a plot draws values from 0 up") && stderr.contains("n = 4 is -1"),
        "{stderr}"
    );
}

/// 10^5 values are thinned to marks per pixel, not drawn one by one.
#[test]
fn a_plot_of_many_values_stays_small() {
    let svg = eval("plot seq(kayles, 0..100000)");
    let (texts, circles) = read(&svg);
    assert!(svg.len() < 500_000, "{} bytes", svg.len());
    assert!(circles.is_empty());
    assert!(texts.iter().any(|t| t == "kayles"));
    // A bar per value that recurs all along, and few others.
    let document = roxmltree::Document::parse(&svg).unwrap();
    let rects = document
        .descendants()
        .filter(|node| node.has_tag_name("rect"))
        .count();
    assert!(rects < 1000, "{rects} rectangles");
}

#[test]
fn to_writes_the_plot_to_a_file() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dawson.svg");
    let _ = std::fs::remove_file(&file);
    let source = format!("plot seq(dawson, 0..60) to \"{}\"", file.display());
    let printed = eval(&source);
    assert_eq!(
        printed,
        format!("plot of dawson (60 values) written to {}\n", file.display())
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    let (values, _) = seq("seq(dawson, 0..60)");
    assert_drawn(&values, &read(&svg).1);
    // The SVG is in the JSON object as well, beside the file's name.
    let output = grundy(&["--json", "eval", &source]);
    let object: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(object["kind"], "plot");
    assert_eq!(object["path"], file.display().to_string());
    assert_eq!(object["svg"], svg);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A session told to write no files refuses `to`, and writes nothing.
#[test]
fn a_session_that_writes_no_files_refuses_to() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kayles.svg");
    let mut session = grundy::eval::Session::default();
    session.allow_writing_files(false);
    let mut errors = Vec::new();
    let source = format!("plot seq(kayles, 0..10) to \"{}\"", file.display());
    session.run("refused.game", &source, &mut |event| {
        if let grundy::eval::Event::Error(diagnosis) = event {
            errors.push(format!("{:?}", diagnosis.report));
        }
    });
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].contains("this session writes no files"),
        "{}",
        errors[0]
    );
    assert!(!file.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The issue's own example: 200 000 values of a sparse octal game, SVG on standard output.
#[test]
fn a_long_plot_goes_to_standard_output_as_svg() {
    let svg = eval(r#"plot seq(octal("0.16"), 0..200000)"#);
    let (texts, _) = read(&svg);
    assert!(svg.len() < 500_000, "{} bytes", svg.len());
    assert!(texts.iter().any(|t| t.contains("0.16")), "{texts:?}");
}

/// (n, value) of a table, as `--json` gives them.
fn entries(source: &str) -> Vec<(i64, u64)> {
    let output = grundy(&["--json", "eval", source]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let object: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    object["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["n"].as_i64().unwrap(), e["nimber"].as_u64().unwrap()))
        .collect()
}

/// The rare values of 0.16, checked by their definition: the class of the value at n is the
/// parity of the 1 bits of value & mask (plus n's parity if so), and no mask and parity make
/// a smaller class, of at most 5% of the values.
#[test]
fn a_sparse_games_rare_values_are_found_by_their_definition() {
    let entries = entries(r#"full seq(octal("0.16"), 0..3000)"#);
    let rare = grundy::plot::rare_values(&entries).expect("0.16 is sparse");
    let class = |mask: u64, by_position: bool, (n, value): (i64, u64)| {
        ((value & mask).count_ones() % 2 == 1) ^ (by_position && n % 2 == 1)
    };
    let counted: Vec<(i64, u64)> = entries.iter().copied().filter(|e| e.0 != 0).collect();
    let count = |mask, by_position, odd| {
        counted
            .iter()
            .filter(|&&entry| class(mask, by_position, entry) == odd)
            .count()
    };
    assert_eq!(count(rare.mask, rare.by_position, rare.odd), rare.count);
    assert!(
        rare.count > 0 && rare.count * 20 <= counted.len(),
        "{rare:?}"
    );
    let highest = counted.iter().map(|e| e.1).max().unwrap();
    for mask in 0..(highest + 1).next_power_of_two() {
        for by_position in [false, true] {
            for odd in [false, true] {
                let others = count(mask, by_position, odd);
                assert!(
                    others == 0 || others >= rare.count,
                    "{mask} {by_position} {odd}"
                );
            }
        }
    }
}

/// Rare values are drawn apart, a triangle each among the circles, an orange mark among
/// the bars of a long plot, and named in the legend; a game with no rare class has none.
#[test]
fn rare_values_are_set_apart_in_the_plot() {
    let polygons = |svg: &str| {
        let document = roxmltree::Document::parse(svg.trim_end()).unwrap();
        document
            .descendants()
            .filter(|node| node.has_tag_name("polygon"))
            .count()
    };
    let source = r#"seq(octal("0.16"), 0..200)"#;
    let rare = grundy::plot::rare_values(&entries(source)).expect("0.16 is sparse");
    let svg = eval(&format!("plot {source}"));
    let (texts, circles) = read(&svg);
    // One triangle per rare value, and one in the legend.
    assert_eq!(polygons(&svg), rare.count + 1);
    assert_eq!(circles.len(), 200 - rare.count);
    let legend = format!("rare ({} of 200)", rare.count);
    assert!(texts.iter().any(|t| t.starts_with(&legend)), "{texts:?}");

    let svg = eval(r#"plot seq(octal("0.16"), 0..50000)"#);
    let orange = svg.matches("fill=\"#E66E00\"").count();
    assert!(orange > 1, "no rare marks");
    let svg = eval("plot seq(dawson, 0..2000)");
    assert_eq!(svg.matches("fill=\"#E66E00\"").count(), 0);
    assert!(!svg.contains("rare ("));
}

/// The errors of a program run in `session`, rendered, and how many answers it gave.
fn run_in(session: &mut grundy::eval::Session, source: &str) -> (usize, Vec<String>) {
    let (mut answers, mut errors) = (0, Vec::new());
    session.run("test.game", source, &mut |event| match event {
        grundy::eval::Event::Answer { .. } => answers += 1,
        grundy::eval::Event::Error(diagnosis) => errors.push(grundy::diagnostics::render(
            &diagnosis,
            grundy::diagnostics::Style::PLAIN,
        )),
        grundy::eval::Event::Warning(_) => {}
    });
    (answers, errors)
}

/// Drawing a long plot is work like any other: it counts against `steps` (one per 64 values,
/// as a builtin's elements do).
#[test]
fn a_long_plot_counts_as_steps() {
    let mut session = grundy::eval::Session::default();
    let (answers, errors) = run_in(&mut session, "let T = seq(kayles, 0..300000)");
    assert_eq!((answers, errors.len()), (1, 0), "{errors:?}");
    session.set_limit("steps=1000").unwrap();
    let (answers, errors) = run_in(&mut session, "plot T");
    assert_eq!(answers, 0);
    assert!(errors[0].contains("the `steps` limit (1000)"), "{errors:?}");
    session.set_limit("steps=10000").unwrap();
    let (answers, errors) = run_in(&mut session, "plot T");
    assert_eq!((answers, errors.len()), (1, 0), "{errors:?}");
}

/// A loopy family's games worth ∞ have no nimber to draw: each is a cross on a row of its
/// own above every value, labelled ∞, and counted in the legend; the others are circles.
#[test]
fn values_worth_infinity_are_crosses_above_the_values() {
    // 0, 1, 0, then ∞{0} and draws: from 3 on, the moves go round 3, 4, 5.
    let family = "let loopy m(n) = < m(n - 1) for t in [0] if n > 0, m(n + 1) for t in [0] if n >= 3 and n < 5 >";
    let svg = eval(&format!("{family}; plot seq(m, 0..10)"));
    let (texts, circles) = read(&svg);
    let output = grundy(&["--json", "eval", &format!("{family}; seq(m, 0..10)")]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let table: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    let entries = table["values"].as_array().unwrap();
    let finite: Vec<u64> = entries
        .iter()
        .filter_map(|e| e["nimber"].as_u64())
        .collect();
    let infinite = entries.iter().filter(|e| e["nimber"].is_null()).count();
    assert_eq!((finite.len(), infinite), (3, 7));
    assert_drawn(&finite, &circles);
    // A cross is two lines in the colour of ∞ (#8232AA), crossing at its centre.
    let document = roxmltree::Document::parse(svg.trim_end()).unwrap();
    let number =
        |node: &roxmltree::Node, name| -> f64 { node.attribute(name).unwrap().parse().unwrap() };
    let mut centres: Vec<(f64, f64)> = document
        .descendants()
        .filter(|node| node.has_tag_name("line") && node.attribute("stroke") == Some("#8232AA"))
        .map(|line| {
            let x = (number(&line, "x1") + number(&line, "x2")) / 2.0;
            let y = (number(&line, "y1") + number(&line, "y2")) / 2.0;
            (x, y)
        })
        .collect();
    centres.sort_by(|a, b| a.0.total_cmp(&b.0));
    centres.dedup();
    // The legend's cross is the highest, up in its corner.
    let legend = centres.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    centres.retain(|c| c.1 != legend);
    assert_eq!(centres.len(), infinite, "{centres:?}");
    let row = centres[0].1;
    assert!(centres.iter().all(|c| c.1 == row), "{centres:?}");
    // SVG's y grows downwards: the row is above every circle, and right of them here.
    assert!(circles.iter().all(|c| c.1 > row && c.0 < centres[0].0));
    assert!(texts.iter().any(|t| t == "∞"), "{texts:?}");
    assert!(
        texts.iter().any(|t| t == "∞, no nimber (7 of 10)"),
        "{texts:?}"
    );
}

/// A survey's record as `--json` gives it: the game, its status, and its period and
/// preperiod when proved.
type Surveyed = (String, String, Option<(u64, u64)>);

fn survey_records(source: &str) -> Vec<Surveyed> {
    let output = grundy(&["--json", "eval", source]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let object: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    object["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let period = r["period"]
                .as_u64()
                .map(|p| (p, r["preperiod"].as_u64().unwrap()));
            let game = r["game"].as_str().unwrap().to_owned();
            (game, r["status"].as_str().unwrap().to_owned(), period)
        })
        .collect()
}

/// A survey's cell as drawn: where it is, its class, colour and tooltip.
#[derive(Debug)]
struct Cell {
    x: f64,
    y: f64,
    class: String,
    fill: String,
    title: String,
}

/// The cells of a survey's SVG (rectangles of class `cell ...`) and its legend's swatches.
fn survey_cells(svg: &str) -> (Vec<Cell>, Vec<Cell>) {
    let document = roxmltree::Document::parse(svg.trim_end()).unwrap();
    let of_class = |prefix: &str| -> Vec<Cell> {
        let number = |node: &roxmltree::Node, name| node.attribute(name).unwrap().parse().unwrap();
        document
            .descendants()
            .filter(|node| node.has_tag_name("rect"))
            .filter_map(|node| {
                let class = node.attribute("class")?.strip_prefix(prefix)?.to_owned();
                let title = node.children().find(|c| c.has_tag_name("title"))?;
                Some(Cell {
                    x: number(&node, "x"),
                    y: number(&node, "y"),
                    class,
                    fill: node.attribute("fill").unwrap().to_owned(),
                    title: title.text().unwrap().to_owned(),
                })
            })
            .collect()
    };
    (of_class("cell "), of_class("swatch "))
}

/// The class a status is drawn with.
fn class_of(status: &str) -> &'static str {
    match status {
        "periodic" => "periodic",
        "open" => "open",
        "values only" => "values-only",
        "mismatch" => "mismatch",
        other => panic!("status {other}"),
    }
}

/// Brightness of a `#RRGGBB` colour, the sum of its parts.
fn brightness(fill: &str) -> u32 {
    (0..3)
        .map(|i| u32::from_str_radix(&fill[1 + 2 * i..3 + 2 * i], 16).unwrap())
        .sum()
}

/// The issue's picture: `0.???` as a table of 8 rows by d1 and 64 columns by d2d3, labelled,
/// one cell a code, each coloured by its status in the survey's records, periodic ones the
/// darker the longer their period, with a legend drawn in the same colours.
#[test]
fn a_survey_is_a_table_of_codes_coloured_by_status() {
    let source = r#"survey("0.???", 1000)"#;
    let records = survey_records(source);
    assert_eq!(records.len(), 511);
    let svg = eval(&format!("plot {source}"));
    let (texts, _) = read(&svg);
    let (cells, swatches) = survey_cells(&svg);
    assert_eq!(cells.len(), 512, "a cell for each code, 0.000 among them");

    // Rows by the first digit, columns by the last two: the labels spell the code.
    let mut xs: Vec<f64> = cells.iter().map(|c| c.x).collect();
    let mut ys: Vec<f64> = cells.iter().map(|c| c.y).collect();
    for places in [&mut xs, &mut ys] {
        places.sort_by(f64::total_cmp);
        places.dedup();
    }
    assert_eq!((ys.len(), xs.len()), (8, 64));
    for d1 in 0..8 {
        assert!(texts.contains(&format!("0.{d1}")), "no row 0.{d1}");
    }
    for d2d3 in 0..64 {
        assert!(
            texts.contains(&format!("{d2d3:02o}")),
            "no column {d2d3:02o}"
        );
    }
    let code_at = |cell: &Cell| {
        let row = ys.iter().position(|&y| y == cell.y).unwrap();
        let column = xs.iter().position(|&x| x == cell.x).unwrap();
        // `0.100` is `0.1`, as the survey names it.
        let digits = format!("{row}{column:02o}");
        format!("0.{}", digits.trim_end_matches('0'))
    };
    let by_code: std::collections::HashMap<String, &Cell> =
        cells.iter().map(|cell| (code_at(cell), cell)).collect();
    assert_eq!(by_code["0."].class, "empty");
    assert_eq!(by_code["0."].title, "0.000: no moves");

    for (game, status, period) in &records {
        let cell = by_code[game];
        assert_eq!(cell.class, class_of(status), "{game}");
        assert!(
            cell.title.starts_with(&format!("{game}: {status}")),
            "{cell:?}"
        );
        if let Some((period, preperiod)) = period {
            let said = format!("period {period} from n = {preperiod}");
            assert!(cell.title.contains(&said), "{cell:?}");
        }
    }
    // One colour a status, but for periodic games: a colour a period, darker when longer.
    let periodic: Vec<(u64, &Cell)> = records
        .iter()
        .filter_map(|(game, _, period)| Some((period.as_ref()?.0, by_code[game])))
        .collect();
    for &(a, a_cell) in &periodic {
        for &(b, b_cell) in &periodic {
            if a < b {
                assert!(
                    brightness(&a_cell.fill) >= brightness(&b_cell.fill),
                    "{a} {b}"
                );
            }
        }
    }
    let (shortest, longest) = (
        periodic.iter().min_by_key(|p| p.0).unwrap(),
        periodic.iter().max_by_key(|p| p.0).unwrap(),
    );
    assert!(brightness(&shortest.1.fill) > brightness(&longest.1.fill));
    // The legend: a swatch for some periods, each the colour of the cells of that period, and
    // one for open games.
    let mut shown = 0;
    for swatch in swatches.iter().filter(|s| s.class == "periodic") {
        let period: u64 = swatch
            .title
            .strip_prefix("period ")
            .unwrap()
            .parse()
            .unwrap();
        for (_, cell) in periodic.iter().filter(|p| p.0 == period) {
            assert_eq!(cell.fill, swatch.fill, "period {period}");
            shown += 1;
        }
    }
    assert!(shown > 0);
    let open = swatches.iter().find(|s| s.class == "open").unwrap();
    assert!(
        cells
            .iter()
            .filter(|c| c.class == "open")
            .all(|c| c.fill == open.fill)
    );
    let count = |status| records.iter().filter(|r| r.1 == status).count();
    let counted = format!(
        "511 games: {} periodic, {} open",
        count("periodic"),
        count("open")
    );
    assert!(texts.contains(&counted), "no {counted:?} in {texts:?}");
    assert!(texts.contains(&format!("open: no period found ({})", count("open"))));
    assert!(texts.contains(&"survey of 0.??? to n = 1000".to_owned()));
}

/// A list of codes of several lengths is drawn in the order asked, wrapped, each cell
/// showing its code; codes the periodicity theorem does not cover have their own colour.
#[test]
fn a_list_of_codes_is_drawn_in_order() {
    let source = r#"survey(["0.77", "0.007", "0.8", "4.?"], 500)"#;
    let records = survey_records(source);
    let svg = eval(&format!("plot {source}"));
    let (texts, _) = read(&svg);
    let (cells, swatches) = survey_cells(&svg);
    assert_eq!(cells.len(), records.len());
    for (cell, (game, status, _)) in cells.iter().zip(&records) {
        assert_eq!(cell.class, class_of(status), "{game}");
        assert!(cell.title.starts_with(&format!("{game}: ")), "{cell:?}");
        assert!(texts.contains(game), "no {game} in {texts:?}");
    }
    // Left to right, then the next row.
    for pair in cells.windows(2) {
        assert!(pair[0].y < pair[1].y || (pair[0].y == pair[1].y && pair[0].x < pair[1].x));
    }
    assert_eq!(cells[2].class, "values-only");
    let values_only = swatches.iter().find(|s| s.class == "values-only").unwrap();
    assert_eq!(values_only.fill, cells[2].fill);
    assert!(texts.contains(&"values only: no periodicity theorem (1)".to_owned()));
}

/// `to` writes a survey's plot as SVG or PNG, and the JSON object has its SVG.
#[test]
fn a_surveys_plot_goes_to_a_file() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-survey-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["codes.svg", "codes.png"] {
        let file = dir.join(name);
        let _ = std::fs::remove_file(&file);
        let source = format!("plot survey(\"0.??\", 300) to \"{}\"", file.display());
        assert_eq!(
            eval(&source),
            format!(
                "plot of the survey of 0.?? to n = 300 (63 games) written to {}\n",
                file.display()
            )
        );
        let bytes = std::fs::read(&file).unwrap();
        if name.ends_with(".png") {
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        } else {
            let (cells, _) = survey_cells(std::str::from_utf8(&bytes).unwrap());
            assert_eq!(cells.len(), 64, "8 by 8, 0.00 among them");
        }
    }
    let file = dir.join("codes.svg");
    let source = format!("plot survey(\"0.??\", 300) to \"{}\"", file.display());
    let output = grundy(&["--json", "eval", &source]);
    let object: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(object["kind"], "plot");
    assert_eq!(object["family"], "survey of 0.?? to n = 300");
    assert_eq!(object["values"], 63);
    assert_eq!(object["svg"], std::fs::read_to_string(&file).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}
