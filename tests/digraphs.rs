//! Game graphs (`digraph("a>b a>c b>c c>d")`) against a naive reference: the value of a
//! vertex is the mex of its successors' values, computed recursively from the list of moves,
//! and a graph has a cycle exactly when some walk along its moves comes back.

mod common;

use common::{errors, eval, run_in};
use grundy::eval::Session;
use proptest::prelude::*;

/// A graph as the reference sees it: vertex names and moves.
#[derive(Clone, Debug)]
struct Graph {
    names: Vec<String>,
    moves: Vec<(usize, usize)>,
}

impl Graph {
    /// The text: moves in the order generated, then every vertex alone (so each is a
    /// vertex, with or without moves), separated by spaces or commas.
    fn text(&self, commas: bool) -> String {
        let mut items: Vec<String> = self
            .moves
            .iter()
            .map(|&(a, b)| format!("{}>{}", self.names[a], self.names[b]))
            .collect();
        items.extend(self.names.iter().cloned());
        items.join(if commas { ", " } else { " " })
    }

    fn successors(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.moves.iter().filter(move |m| m.0 == v).map(|m| m.1)
    }

    /// g(v) = mex{g(w) : v moves to w}, by the definition (the graph has no cycle).
    fn naive_value(&self, v: usize) -> u64 {
        let values: Vec<u64> = self.successors(v).map(|w| self.naive_value(w)).collect();
        (0..).find(|n| !values.contains(n)).unwrap()
    }

    /// Whether some walk from `v` comes back to a vertex already on it.
    fn naive_cycle_from(&self, v: usize, walk: &mut Vec<usize>) -> bool {
        if walk.contains(&v) {
            return true;
        }
        walk.push(v);
        let found = self
            .successors(v)
            .collect::<Vec<_>>()
            .into_iter()
            .any(|w| self.naive_cycle_from(w, walk));
        walk.pop();
        found
    }
}

/// Up to 8 vertices named by identifiers or numbers, with moves between any two distinct
/// vertices (repeats allowed).
fn graph(acyclic: bool) -> impl Strategy<Value = Graph> {
    (1usize..=8, any::<bool>()).prop_flat_map(move |(count, numbers)| {
        let names: Vec<String> = (0..count)
            .map(|i| match numbers {
                true => (i * 3 + 1).to_string(),
                false => format!("v{i}"),
            })
            .collect();
        let pair = (0..count, 0..count).prop_map(move |(a, b)| match acyclic {
            // Moves only towards a vertex generated earlier: no cycle.
            true => (a.max(b), a.min(b)),
            false => (a, b),
        });
        let moves = prop::collection::vec(pair, 0..=(count * 2));
        (Just(names).prop_shuffle(), moves).prop_map(|(names, mut moves)| {
            moves.retain(|(a, b)| a != b);
            Graph { names, moves }
        })
    })
}

fn session_with(graph: &Graph, commas: bool) -> (Session, common::Output) {
    let mut session = Session::default();
    let source = format!("let G = digraph(\"{}\")", graph.text(commas));
    let output = run_in(&mut session, "graph.game", &source);
    (session, output)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every vertex's value, as `nimber(G("v"))` gives it and as `G` prints it, is the mex
    /// of its successors' values.
    #[test]
    fn vertices_are_valued_by_the_mex_rule(graph in graph(true), commas in any::<bool>()) {
        let (mut session, output) = session_with(&graph, commas);
        prop_assert!(output.errors.is_empty(), "{:?}", output.errors);
        let mut printed = Vec::new();
        for (v, name) in graph.names.iter().enumerate() {
            let expected = graph.naive_value(v);
            let asked = run_in(&mut session, "q", &format!("nimber(G(\"{name}\"))"));
            prop_assert_eq!(asked.answers.join(""), expected.to_string(), "{}", name);
            let shown = match expected {
                0 => "0".to_owned(),
                n => format!("*{n}"),
            };
            printed.push((name.clone(), shown));
        }
        let table = run_in(&mut session, "q", "G").answers.join("");
        for (name, shown) in printed {
            prop_assert!(table.contains(&format!("{name}: {shown}")), "{table}");
        }
    }

    /// Every graph is a game, cycles and all; a vertex is worth ∞ only when play from it can
    /// come back to a position (a vertex from which every walk ends has a nimber).
    #[test]
    fn cycles_are_games_and_only_they_go_on(graph in graph(false)) {
        let (mut session, output) = session_with(&graph, false);
        prop_assert!(output.errors.is_empty(), "{:?}", output.errors);
        for (v, name) in graph.names.iter().enumerate() {
            let shown = run_in(&mut session, "q", &format!("G(\"{name}\")")).answers.join("");
            if shown.starts_with('∞') {
                prop_assert!(graph.naive_cycle_from(v, &mut Vec::new()), "{name}: {shown}");
            }
        }
    }
}

#[test]
fn a_graph_prints_its_values_and_losing_vertices() {
    assert_eq!(
        eval(r#"digraph("a>b a>c b>c c>d e")"#),
        "a game graph: 5 vertices, 4 moves\n\
         values: a: *2, b: 0, c: *1, d: 0, e: 0\n\
         losing (P-positions): b, d, e"
    );
    // Chains, other arrows, commas, numbers (listed in order); a repeated move counts once.
    assert_eq!(
        eval(r#"digraph("3 -> 2 → 10, 3>10 3>10")"#),
        "a game graph: 3 vertices, 3 moves\n\
         values: 2: *1, 3: *2, 10: 0\n\
         losing (P-positions): 10"
    );
    // Moves in several strings, one a line, are one list.
    assert_eq!(
        eval("digraph(\n  \"a>b a>c\",\n  \"b>c c>d e\",\n) == digraph(\"a>b a>c b>c c>d e\")"),
        "true"
    );
}

#[test]
fn vertices_are_games_like_any_other() {
    let graph = r#"let G = digraph("a>b a>c b>c c>d")"#;
    let cases = [
        (r#"G("a") + *3"#, "*1 — the player to move wins"),
        (r#"G("b") is losing"#, "true"),
        (r#"G("d") == 0"#, "true"),
        (r#"G("c") == *1"#, "true"),
        (r#"G("a") + G("a") is losing"#, "true"),
        (r#"let H = G; H("a") == G("a")"#, "true"),
        (
            r#"let F(g) = g("c") + *1; F(G)"#,
            "0 — the player to move loses",
        ),
    ];
    for (source, printed) in cases {
        assert_eq!(eval(&format!("{graph}\n{source}")), printed, "{source}");
    }
    // The vertices as a list, for quantified claims.
    let answers = [
        ("vertices(G)", r#"["a", "b", "c", "d"]"#),
        (
            r#"vertices(digraph("10>2 2>1 x"))"#,
            r#"["10", "2", "1", "x"]"#,
        ),
        (r#"vertices(digraph("10>2 2>1"))"#, r#"["1", "2", "10"]"#),
        (
            r#"all(G(v) is losing == (v in {"b", "d"}) for v in vertices(G))"#,
            "true",
        ),
        (r#"count(G(v) is winning for v in vertices(G))"#, "2"),
    ];
    for (source, printed) in answers {
        assert_eq!(eval(&format!("{graph}\n{source}")), printed, "{source}");
    }
    let numbers = r#"let N = digraph("2>1 1>0")"#;
    assert_eq!(eval(&format!("{numbers}\nN(2) == N(\"2\")")), "true");
}

#[test]
fn explanations_speak_of_vertices() {
    let graph = "let G = digraph(\"a>b a>c b>c c>d\")\n";
    let moves = eval(&format!("{graph}moves G(\"a\")"));
    assert!(moves.contains("G(\"a\") → b ≡ 0"), "{moves}");
    let why = eval(&format!("{graph}why full G(\"a\")"));
    for line in [
        "its options: b ≡ 0, c ≡ *1",
        "mex{0, 1} = 2, so a ≡ *2",
        "its options: d ≡ 0",
    ] {
        assert!(why.contains(line), "{why}");
    }
    let options = eval(&format!("{graph}options G(\"a\")"));
    assert!(options.ends_with("  b ≡ 0\n  c ≡ *1"), "{options}");
    let tree = eval(&format!("{graph}tree G(\"b\")"));
    assert!(
        tree.contains("└── c ≡ *1") && tree.contains("└── d ≡ 0"),
        "{tree}"
    );
    let dot = eval(&format!("{graph}dot G(\"a\")"));
    assert!(dot.contains("label=\"c\\n≡ *1\""), "{dot}");
    // Two vertices without moves are two positions, each called by its name.
    let sinks = eval("let G = digraph(\"a>x a>y\")\noptions G(\"a\")");
    assert!(sinks.ends_with("  x ≡ 0\n  y ≡ 0"), "{sinks}");
}

#[test]
fn mistakes_are_diagnosed() {
    let cases = [
        (r#"digraph("a>b b-c")"#, "`-` is not a move in a game graph"),
        (r#"digraph("a>b c>")"#, "this move leads nowhere"),
        (r#"digraph(", >a")"#, "this move starts from no vertex"),
        (r#"digraph("")"#, "this game graph has no vertices"),
        (
            r#"let G = digraph("top>b"); G("tpo")"#,
            "did you mean `G(\"top\")`?",
        ),
        (
            r#"let G = digraph("a>b"); G("zzzz")"#,
            "its vertices are a, b",
        ),
        (r#"digraph(7)"#, "`digraph` takes its moves as strings"),
        (
            r#"digraph("a>b", 7)"#,
            "`digraph` takes its moves as strings",
        ),
        (r#"digraph()"#, "`digraph` takes 1 argument or more"),
        (r#"vertices(*1)"#, "`vertices` takes a game graph"),
        (
            r#"let D = digraph("a>b"); moves D"#,
            "`D(\"a\")` is the game at vertex a",
        ),
    ];
    for (source, message) in cases {
        let error = errors(source);
        assert!(error.contains(message), "{source}:\n{error}");
    }
}

/// A path of 10^5 vertices is built and valued without recursion, and explained.
#[test]
fn a_long_path_is_a_game() {
    let moves: Vec<String> = (0..100_000).map(|n| format!("{}>{}", n + 1, n)).collect();
    let source = format!(
        "let P = digraph(\"{}\")\nP(100000) is losing\nP(99999) == *1\nmoves P(77777)",
        moves.join(" ")
    );
    let output = common::run(&source);
    assert!(output.errors.is_empty(), "{:?}", output.errors);
    assert_eq!(output.answers[..2], ["true", "true"]);
    assert!(output.answers[2].contains("P(77777) → vertex 77776 ≡ 0"));
}

/// Every vertex is a node of the game DAG, so the `nodes` and `memory` limits bound a graph.
#[test]
fn a_graph_keeps_to_the_limits() {
    let moves: Vec<String> = (0..5000).map(|n| format!("{}>{}", n + 1, n)).collect();
    let source = format!("digraph(\"{}\")", moves.join(" "));
    for limit in ["nodes=1000", "memory=100000"] {
        let mut session = Session::default();
        session.set_limit(limit).unwrap();
        let output = run_in(&mut session, "limit.game", &source);
        let error = output.errors.join("\n");
        assert!(error.contains("grundy::limit::size"), "{limit}: {error}");
        let (name, _) = limit.split_once('=').unwrap();
        assert!(
            error.contains(&format!("--limit {name}=")),
            "{limit}: {error}"
        );
    }
}
