//! Pictures laid out in-process: `dot`'s DOT drawn as SVG without Graphviz (`Answer::svg`,
//! `dot G to "g.svg"`), and pictures written as PNG with the bundled font. The SVG is read
//! back with an XML parser and compared with the DOT it was drawn from.

use grundy::eval::{Answer, Event, Session};
use grundy::explain::Explanation;
use resvg::tiny_skia::Pixmap;

/// The answers of a program that must succeed, in a session that may write files or not.
fn answers_in(session: &mut Session, source: &str) -> Vec<Answer> {
    let mut answers = Vec::new();
    let summary = session.run("test.game", source, &mut |event| match event {
        Event::Answer { answer, .. } => answers.push(answer),
        Event::Error(diagnosis) | Event::Warning(diagnosis) => {
            panic!("{source}: {:?}", diagnosis.report)
        }
    });
    assert!(summary.ok(), "{source}");
    answers
}

fn answer(source: &str) -> Answer {
    answers_in(&mut Session::default(), source).pop().unwrap()
}

fn dot(source: &str) -> String {
    match answer(source) {
        Answer::Explanation(Explanation::Dot(text)) => text,
        other => panic!("{source} answered {other:?}"),
    }
}

/// How many elements of the SVG have this class.
fn class_count(document: &roxmltree::Document, class: &str) -> usize {
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some(class))
        .count()
}

fn texts(document: &roxmltree::Document) -> Vec<String> {
    document
        .descendants()
        .filter(|node| node.is_text())
        .filter_map(|node| node.text())
        .map(|text| text.trim().to_owned())
        .filter(|text| !text.is_empty())
        .collect()
}

/// The DOT's nodes (`g3 [label=...]`) with their labels, and its edges (`g0 -> g1;`).
fn dot_graph(dot: &str) -> (Vec<String>, usize) {
    let labels = dot
        .lines()
        .filter_map(|line| line.trim().split_once(" [label=\""))
        .map(|(_, rest)| rest.split("\"").next().unwrap().replace("\\n", "\n"))
        .collect();
    let edges = dot.lines().filter(|line| line.contains(" -> ")).count();
    (labels, edges)
}

#[test]
fn a_games_dag_is_laid_out_with_a_box_per_game_and_an_arrow_per_move() {
    let source = "dot kayles(5)";
    let dot = dot(source);
    let svg = answer(source).svg().expect("a dot answer has a picture");
    let document = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let (labels, edges) = dot_graph(&dot);
    assert!(labels.len() > 5 && edges > labels.len(), "{dot}");
    assert_eq!(class_count(&document, "node"), labels.len());
    assert_eq!(class_count(&document, "edge"), edges);
    // Each game's label, line by line, and the DOT's legend as the caption.
    let texts = texts(&document);
    for label in &labels {
        for line in label.lines() {
            assert!(texts.iter().any(|t| t == line), "no {line:?} in {texts:?}");
        }
    }
    assert!(
        texts.iter().any(|t| t.starts_with("Each node is a game")),
        "{texts:?}"
    );
    // P-positions filled as the DOT fills them.
    let filled = dot.matches("fillcolor=\"#f4c7c3\"").count();
    let drawn = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("node"))
        .filter(|node| node.attribute("fill") == Some("#f4c7c3"))
        .count();
    assert!(filled > 0);
    assert_eq!(drawn, filled);
}

#[test]
fn a_hackenbush_picture_lays_out_on_its_ground_with_its_winning_cuts_dashed() {
    let source = r#"dot hackenbush("g-a a-b a-c g-d d-d")"#;
    let dot = dot(source);
    let svg = answer(source).svg().unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    // A circle per vertex above the ground, the ground one bar, a line per edge.
    assert_eq!(class_count(&document, "node"), 4);
    assert_eq!(class_count(&document, "ground"), 1);
    assert_eq!(class_count(&document, "edge"), 5);
    let texts = texts(&document);
    for vertex in ["a", "b", "c", "d"] {
        assert!(texts.iter().any(|t| t == vertex), "{texts:?}");
    }
    let cuts = dot.matches("style=dashed").count();
    let dashed = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("edge"))
        .filter(|node| node.attribute("stroke-dasharray").is_some())
        .count();
    assert!(cuts > 0, "{dot}");
    assert_eq!(dashed, cuts);
    assert!(texts.iter().any(|t| t == "cut to win"), "{texts:?}");
}

/// An edge with both ends on the ground (`g-g`, worth *1) is an edge of the picture, not a
/// piece of the ground line.
#[test]
fn a_loop_at_the_ground_is_drawn() {
    let svg = answer(r#"dot hackenbush("g-g g-a")"#).svg().unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(class_count(&document, "ground"), 1);
    assert_eq!(class_count(&document, "edge"), 2);
}

/// `dot` draws at most 300 games; their picture is laid out too, and says it is cut.
#[test]
fn the_picture_of_a_big_game_is_its_first_games_and_says_so() {
    let source = "dot kayles(40)";
    let dot = dot(source);
    let (labels, _) = dot_graph(&dot);
    assert_eq!(labels.len(), 300);
    let svg = answer(source).svg().unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(class_count(&document, "node"), 300);
    let texts = texts(&document);
    assert!(
        texts
            .iter()
            .any(|t| t == "Only the first 300 games are drawn."),
        "{texts:?}"
    );
}

#[test]
fn the_same_game_is_drawn_the_same_way() {
    let first = answer("dot kayles(6)").svg().unwrap();
    let second = answer("dot kayles(6)").svg().unwrap();
    assert_eq!(first, second);
}

#[test]
fn text_that_is_not_dot_is_an_error_not_a_crash() {
    for text in ["", "digraph {", "not dot at all", "digraph { a -> ; }"] {
        assert!(grundy::picture::svg(text).is_err(), "{text:?}");
    }
    assert!(answer("*3").svg().is_none());
    assert!(answer("options *3").svg().is_none());
}

#[test]
fn a_plots_picture_is_its_svg() {
    let Answer::Plot(plot) = answer("plot seq(kayles, 0..50)") else {
        panic!("a plot")
    };
    assert_eq!(Answer::Plot(plot.clone()).svg(), Some(plot.svg));
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn dot_to_a_file_writes_the_picture_and_says_so() {
    let dir = temp_dir("dot-to");
    let file = dir.join("kayles.svg");
    let source = format!("dot kayles(4) to \"{}\"", file.display());
    let Answer::Picture(picture) = answer(&source) else {
        panic!("{source}: a picture")
    };
    assert_eq!(
        picture.to_string(),
        format!("picture of kayles(4) written to {}", file.display())
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written, picture.svg);
    assert_eq!(Some(written), answer("dot kayles(4)").svg());
    std::fs::remove_dir_all(dir).unwrap();
}

/// The PNG of a picture: its SVG at twice the size, drawn, its text in the bundled font.
fn decoded(file: &std::path::Path) -> Pixmap {
    let bytes = std::fs::read(file).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"), "{}", file.display());
    Pixmap::decode_png(&bytes).unwrap()
}

fn svg_size(svg: &str) -> (f64, f64) {
    let document = roxmltree::Document::parse(svg).unwrap();
    let size = |name| {
        document
            .root_element()
            .attribute(name)
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    (size("width"), size("height"))
}

/// The share of pixels that are not white.
fn inked(pixmap: &Pixmap) -> f64 {
    let inked = pixmap
        .pixels()
        .iter()
        .filter(|pixel| (pixel.red(), pixel.green(), pixel.blue()) != (255, 255, 255))
        .count();
    inked as f64 / pixmap.pixels().len() as f64
}

#[test]
fn plots_and_pictures_are_written_as_png() {
    let dir = temp_dir("png");
    let plot_file = dir.join("kayles.png");
    let dot_file = dir.join("dag.png");
    let source = format!(
        "plot seq(kayles, 0..80) to \"{}\"; dot kayles(4) to \"{}\"",
        plot_file.display(),
        dot_file.display()
    );
    let answers = answers_in(&mut Session::default(), &source);
    for (answer, file) in answers.iter().zip([&plot_file, &dot_file]) {
        let svg = answer.svg().unwrap();
        let (width, height) = svg_size(&svg);
        let png = decoded(file);
        assert_eq!(
            png.width(),
            (width * 2.0).ceil() as u32,
            "{}",
            file.display()
        );
        assert_eq!(
            png.height(),
            (height * 2.0).ceil() as u32,
            "{}",
            file.display()
        );
        let ink = inked(&png);
        assert!(ink > 0.01 && ink < 0.9, "{}: {ink}", file.display());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// No system font is read: text is drawn in the bundled one, or it would be no ink at all.
#[test]
fn text_in_a_png_is_drawn_with_the_bundled_font() {
    for family in ["sans-serif", "serif", "Helvetica", "no such font"] {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="10" y="30" font-family="{family}" font-size="24">kayles ≡ *1</text></svg>"#
        );
        let png = grundy::picture::png(&svg).unwrap();
        let pixmap = Pixmap::decode_png(&png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (400, 80));
        assert!(inked(&pixmap) > 0.02, "{family}: no text drawn");
    }
}

#[test]
fn a_session_that_writes_no_files_draws_no_picture_to_one() {
    let dir = temp_dir("dot-refused");
    let file = dir.join("kayles.png");
    let mut session = Session::default();
    session.allow_writing_files(false);
    let source = format!("dot kayles(4) to \"{}\"", file.display());
    let mut errors = Vec::new();
    session.run("test.game", &source, &mut |event| {
        if let Event::Error(diagnosis) = event {
            errors.push(format!("{:?}", diagnosis.report));
        }
    });
    assert_eq!(errors.len(), 1);
    assert!(errors[0].contains("writes no files"), "{}", errors[0]);
    assert!(!file.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

/// The points a path's `d` goes through, on the curve and its control points, in order.
fn path_points(d: &str) -> Vec<(f64, f64)> {
    let numbers: Vec<f64> = d
        .split(|c: char| c.is_whitespace() || c == ',' || c.is_ascii_alphabetic())
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().unwrap())
        .collect();
    numbers.chunks(2).map(|pair| (pair[0], pair[1])).collect()
}

/// Points along a path as the SVG draws it: its cubic pieces (`C`, then `S`), sampled.
fn sampled(d: &str) -> Vec<(f64, f64)> {
    let points = path_points(d);
    let mut samples = Vec::new();
    let (mut from, mut before) = (points[0], points[0]);
    let mut first_control = points[1];
    for piece in points[2..].chunks(2) {
        let (second, to) = (piece[0], piece[1]);
        if samples.is_empty() {
            before = first_control;
        }
        let c1 = if samples.is_empty() {
            before
        } else {
            (2.0 * from.0 - before.0, 2.0 * from.1 - before.1)
        };
        for step in 0..=20 {
            let t = step as f64 / 20.0;
            let u = 1.0 - t;
            let at = |a: f64, b: f64, c: f64, e: f64| {
                u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * e
            };
            samples.push((
                at(from.0, c1.0, second.0, to.0),
                at(from.1, c1.1, second.1, to.1),
            ));
        }
        (from, before, first_control) = (to, second, second);
    }
    samples
}

fn number(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

/// docs/language.md: each edge on the ground has a foot of its own; the winning cut's label
/// is beside its dashed line, not on it.
#[test]
fn each_edge_on_the_ground_has_its_own_foot_and_labels_are_beside_their_lines() {
    let source = r#"dot hackenbush("g-a a-b g-d g-e g-g")"#;
    let svg = answer(source).svg().unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let ground = document
        .descendants()
        .find(|node| node.attribute("class") == Some("ground"))
        .unwrap();
    let (left, top) = (number(ground, "x"), number(ground, "y"));
    let right = left + number(ground, "width");
    let mut feet = Vec::new();
    let mut labelled = 0;
    for edge in document
        .descendants()
        .filter(|node| node.attribute("class") == Some("edge"))
    {
        let d = edge.attribute("d").unwrap();
        let points = path_points(d);
        for end in [points[0], points[points.len() - 1]] {
            if (end.1 - top).abs() < 1.0 {
                assert!(left < end.0 && end.0 < right, "a foot off the ground: {d}");
                feet.push(end.0);
            }
        }
        if edge.attribute("stroke-dasharray").is_some() {
            labelled += 1;
        }
    }
    // g-a, g-d, g-e, and the loop g-g standing on one foot (both its ends).
    feet.sort_by(f64::total_cmp);
    feet.dedup_by(|a, b| (*a - *b).abs() < 1.0);
    assert_eq!(feet.len(), 4, "{feet:?}\n{svg}");
    // Every line sampled along its length stays clear of every label's box.
    let labels: Vec<(f64, f64, f64, f64)> = document
        .descendants()
        .filter(|node| node.has_tag_name("text") && node.text() == Some("cut to win"))
        .map(|node| {
            let (x, y, size) = (
                number(node, "x"),
                number(node, "y"),
                number(node, "font-size"),
            );
            let width = 10.0 * size * 0.5;
            let left = match node.attribute("text-anchor") {
                Some("end") => x - width,
                Some("middle") => x - width / 2.0,
                _ => x,
            };
            (left, y - size * 0.7, left + width, y)
        })
        .collect();
    assert!(labelled > 0 && labels.len() == labelled, "{svg}");
    for edge in document
        .descendants()
        .filter(|node| node.attribute("class") == Some("edge"))
    {
        for (x, y) in sampled(edge.attribute("d").unwrap()) {
            for &(x0, y0, x1, y1) in &labels {
                let inside = x0 < x && x < x1 && y0 < y && y < y1;
                assert!(!inside, "a line through a label at ({x}, {y})\n{svg}");
            }
        }
    }
}

/// The picture is as wide as what is drawn: the caption is wrapped to it, not the drawing
/// widened to the caption (rook(2, 2) had a wide empty right half).
#[test]
fn a_picture_is_cropped_to_its_drawing() {
    let source = "let rook(i, j) = < rook(a, j) for a in 0..i, rook(i, b) for b in 0..j >\n\
                  dot rook(2, 2)";
    let answers = answers_in(&mut Session::default(), source);
    let svg = answers.last().unwrap().svg().unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let (width, _) = svg_size(&svg);
    // Across what is drawn: the games' boxes and the moves' lines.
    let mut across: Vec<f64> = Vec::new();
    for node in document.descendants() {
        match node.attribute("class") {
            Some("node") => {
                across.push(number(node, "x"));
                across.push(number(node, "x") + number(node, "width"));
            }
            Some("edge") => across.extend(
                path_points(node.attribute("d").unwrap())
                    .iter()
                    .map(|p| p.0),
            ),
            _ => {}
        }
    }
    let drawn = across.iter().copied().fold(f64::MIN, f64::max)
        - across.iter().copied().fold(f64::MAX, f64::min);
    // The margins, and no more than the narrowest a caption is wrapped to.
    assert!(
        width <= drawn.max(240.0) + 40.0,
        "{width} for {drawn}\n{svg}"
    );
    let caption = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("caption"))
        .count();
    assert!(caption > 1, "the caption wrapped: {svg}");
}

/// Run as the CLI does, with a generous time limit: the statement must end, and say why.
fn grundy_cli(args: &[&str]) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("{args:?} still ran after two minutes");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The limits an autograder sets (issue 40): pictures within them end, or are refused.
const SMALL_LIMITS: [&str; 8] = [
    "--limit",
    "memory=64MiB",
    "--limit",
    "steps=2e6",
    "--limit",
    "nodes=2e5",
    "--limit",
    "depth=20000",
];

/// `#35` and `#(100000)` took minutes to lay out (a search for paths back, exponential in
/// the DAG's paths); a DAG whose moves pass too many levels (`*40`) is refused at once.
#[test]
fn pictures_are_laid_out_in_bounded_time_or_refused() {
    let dir = temp_dir("bounded");
    for game in ["#35", "#(100000)", "sub(40, {1, 2})"] {
        let file = dir.join("dag.svg");
        let statement = format!("dot {game} to \"{}\"", file.display());
        let output = grundy_cli(&[&SMALL_LIMITS[..], &["eval", &statement]].concat());
        assert_eq!(output.status.code(), Some(0), "{game}: {output:?}");
        assert!(file.exists(), "{game}");
    }
    let file = dir.join("big.svg");
    let statement = format!("dot *40 to \"{}\"", file.display());
    let output = grundy_cli(&[&SMALL_LIMITS[..], &["eval", &statement]].concat());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(4), "{stderr}");
    assert!(stderr.contains("grundy::limit::size"), "{stderr}");
    assert!(stderr.contains("41 games and 820 moves"), "{stderr}");
    assert!(
        stderr.contains("`dot` without `to` prints the DOT"),
        "{stderr}"
    );
    assert!(!file.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

/// The file is checked before anything is drawn: a missing folder, a named pipe (which
/// would wait for a reader for ever) and a folder are refused at once, for `dot` and `plot`.
#[test]
fn a_file_that_cant_be_written_is_refused_before_the_drawing() {
    let dir = temp_dir("where");
    let missing = dir.join("no/such/folder/g.svg");
    // `*40` is too large to lay out: the file is found wrong first.
    for statement in [
        format!("dot *40 to \"{}\"", missing.display()),
        format!("plot seq(kayles, 0..10**9) to \"{}\"", missing.display()),
    ] {
        let output = grundy_cli(&["eval", &statement]);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(4), "{stderr}");
        assert!(stderr.contains("there is no folder"), "{stderr}");
        assert!(
            !stderr.contains("plot seq") || statement.starts_with("plot"),
            "{stderr}"
        );
    }
    let folder = dir.join("folder.svg");
    std::fs::create_dir_all(&folder).unwrap();
    let output = grundy_cli(&["eval", &format!("dot *3 to \"{}\"", folder.display())]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("this is a folder, not a file"), "{stderr}");
    // The help speaks of what was asked: `dot`'s of `dot`, `plot`'s of `plot`.
    assert!(stderr.contains("`dot G to \"g.svg\"`"), "{stderr}");
    assert!(!stderr.contains("plot seq"), "{stderr}");
    #[cfg(unix)]
    {
        let pipe = dir.join("pipe.svg");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        if made.is_ok_and(|status| status.success()) {
            for statement in [
                format!("plot seq(kayles, 0..50) to \"{}\"", pipe.display()),
                format!("dot #35 to \"{}\"", pipe.display()),
            ] {
                let output = grundy_cli(&["eval", &statement]);
                let stderr = String::from_utf8(output.stderr).unwrap();
                assert_eq!(output.status.code(), Some(4), "{stderr}");
                assert!(
                    stderr.contains("this is a named pipe, not a file"),
                    "{stderr}"
                );
            }
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Ctrl-C while a picture is laid out stops the statement: no picture, no file.
#[test]
fn ctrl_c_stops_a_layout() {
    let dir = temp_dir("stopped");
    let file = dir.join("dag.svg");
    let mut session = Session::default();
    let flag = session.interrupt_flag();
    let pressing = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let (mut answers, mut errors) = (0, Vec::new());
    let source = format!("dot *20 to \"{}\"", file.display());
    session.run("test.game", &source, &mut |event| match event {
        Event::Answer { .. } => answers += 1,
        Event::Error(diagnosis) => errors.push(format!("{:?}", diagnosis.report)),
        Event::Warning(_) => {}
    });
    pressing.join().unwrap();
    assert_eq!(answers, 0);
    assert!(
        errors.len() == 1 && errors[0].contains("cancelled"),
        "{errors:?}"
    );
    assert!(!file.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

/// A PNG is drawn whole in memory: that counts against the `memory` limit.
#[test]
fn a_png_counts_against_the_memory_limit() {
    let dir = temp_dir("png-memory");
    let file = dir.join("dag.png");
    let mut session = Session::default();
    session.set_limit("memory=4MiB").unwrap();
    let mut errors = Vec::new();
    let source = format!("dot kayles(9) to \"{}\"", file.display());
    session.run("test.game", &source, &mut |event| {
        if let Event::Error(diagnosis) = event {
            errors.push(grundy::diagnostics::render(
                &diagnosis,
                grundy::diagnostics::Style::PLAIN,
            ));
        }
    });
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("this picture as PNG is too large"),
        "{}",
        errors[0]
    );
    assert!(errors[0].contains("pixels take"), "{}", errors[0]);
    assert!(!file.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

/// A name that writes out a set of thousands of numbers is cut in a node's label: each of
/// the picture's nodes would otherwise hold it all.
#[test]
fn long_names_are_cut_in_labels() {
    let dot = dot("dot sub(30, 1..=5000)");
    let longest = dot.lines().map(|line| line.chars().count()).max().unwrap();
    assert!(longest < 400, "a line of {longest} characters");
    assert!(dot.contains("…"), "{dot}");
}
