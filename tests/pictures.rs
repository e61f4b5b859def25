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
