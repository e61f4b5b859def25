//! The standard library (std/): every file runs clean with its worked example, every
//! cross-check worksheet (std/examples/) holds, and library names behave as names should:
//! known from the start, shadowed by the user's own, listed by `:help`.

mod common;

use std::collections::HashMap;

use proptest::prelude::*;

use grundy::eval::Session;
use grundy::library::{self, RULESETS};

/// A program that must run clean, in a fresh session; its transcript.
fn clean(name: &str, text: &str) -> String {
    let output = common::run_in(&mut Session::default(), name, text);
    assert!(
        output.summary.ok(),
        "{name} failed:\n{}",
        output.errors.join("\n")
    );
    assert!(output.summary.held_asserts > 0, "{name} checks nothing");
    format!(
        "{} statements ran, every assert held\n\n{}",
        output.summary.statements, output.transcript
    )
}

#[test]
fn every_ruleset_runs_clean_with_its_worked_example() {
    insta::glob!("../std", "*.game", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!("std/{}", path.file_name().unwrap().to_string_lossy());
        insta::assert_snapshot!(clean(&name, &text));
    });
}

/// The cross-checks against the mathematics and the built-in engines: these worksheets use
/// the library without defining it, as a user would.
#[test]
fn every_cross_check_of_the_library_holds() {
    insta::glob!("../std/examples", "*.game", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!(
            "std/examples/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        assert!(
            library::names()
                .iter()
                .all(|n| !text.contains(&format!("let {n}("))),
            "{name} defines a library name itself"
        );
        insta::assert_snapshot!(clean(&name, &text));
    });
}

#[test]
fn every_file_of_std_is_built_in_and_documented() {
    let mut files: Vec<String> = std::fs::read_dir("std")
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(".game").map(str::to_owned))
        .collect();
    files.sort();
    let mut built_in: Vec<&str> = RULESETS.iter().map(|r| r.name).collect();
    built_in.sort();
    assert_eq!(files, built_in, "std/*.game and RULESETS differ");
    for ruleset in RULESETS {
        let doc = ruleset.doc();
        for part in ["Rules:", "Theory:", "Reference:"] {
            assert!(doc.contains(part), "{} says no {part}", ruleset.path());
        }
        assert!(
            !ruleset.example().is_empty(),
            "{} has no example",
            ruleset.path()
        );
        let definitions = ruleset.definitions();
        assert!(!definitions.is_empty(), "{}", ruleset.path());
        for definition in &definitions {
            assert!(
                !definition.summary.is_empty(),
                "{}: `{}` has no comment above it",
                ruleset.path(),
                definition.signature
            );
        }
        // What the parser finds defined is what the help and the resolver were told: only
        // families, each on a `let` line of its own.
        let (statements, errors) =
            grundy::syntax::parse(grundy::source::SourceId(0), ruleset.definitions_text());
        assert!(errors.is_empty(), "{}: {errors:?}", ruleset.path());
        let parsed: Vec<String> = statements
            .iter()
            .map(|stmt| match &stmt.kind {
                grundy::syntax::ast::StmtKind::Let {
                    name,
                    params: Some(_),
                    ..
                } => name.name.to_string(),
                _ => panic!("{}: only families come before the example", ruleset.path()),
            })
            .collect();
        let scanned: Vec<&str> = definitions.iter().map(|d| d.name).collect();
        assert_eq!(parsed, scanned, "{}", ruleset.path());
    }
}

#[test]
fn library_names_are_neither_built_ins_nor_defined_twice() {
    let names = library::names();
    for (i, name) in names.iter().enumerate() {
        assert!(
            grundy::eval::BUILTINS.iter().all(|b| b.name != *name),
            "`{name}` is a built-in"
        );
        assert!(!names[..i].contains(name), "`{name}` is defined twice");
    }
}

/// The answers of a program whose only diagnostics are the warnings that its `let`s hide
/// library names.
fn eval_hiding(source: &str) -> String {
    let out = common::run(source);
    for error in &out.errors {
        assert!(error.contains("hides_library"), "{source}\n{error}");
    }
    out.answers.join("\n")
}

#[test]
fn a_users_own_definition_comes_before_the_librarys() {
    // Shadowed before the library is used, and after: the user's wins either way.
    assert_eq!(eval_hiding("let lasker(n) = *n\nlasker(3) == *3"), "true");
    assert_eq!(
        eval_hiding("lasker(3) == *4\nlet lasker(n) = *n\nlasker(3) == *3"),
        "true\ntrue"
    );
    assert_eq!(eval_hiding("let ruler = *2\nruler + *2 is losing"), "true");
    // A library family never sees the user's names: ruler_heads still calls the library's
    // ruler (1 ⊕ 2 ⊕ 1 ⊕ 4 ⊕ 1 ⊕ 2 ⊕ 1 = 4), not the user's (1 ⊕ ... ⊕ 7 = 0).
    assert_eq!(
        eval_hiding("let ruler(n) = *n\nruler_heads(1, 8) == *4"),
        "true"
    );
    assert_eq!(eval_hiding("let dawson(n) = *0\ncram_row(5) == *0"), "true");
}

/// The library's own stays `std.NAME` under a user's definition of the name, and is what
/// its moves and proofs speak of; the hiding is warned of once.
#[test]
fn the_librarys_own_is_std_dot_its_name() {
    let program = "let lasker(n) = *n\nlasker(3) == *3\nstd.lasker(3) == *4\nlet L = std.lasker\n\
                   L(7) == *8\nlet f(p) = std.chomp(p)\nf([2, 1]) is losing";
    let out = common::run(program);
    assert_eq!(
        out.answers,
        ["true", "true", "true", "true"],
        "{}",
        out.transcript
    );
    let warned = out
        .transcript
        .matches("hides the library's `lasker`")
        .count();
    assert_eq!(warned, 1, "{}", out.transcript);
    // Defined again: no second warning, the user's name was already theirs.
    let out = common::run("let lasker(n) = *n\nlet lasker(n) = *0\nlasker(1)");
    assert_eq!(
        out.transcript.matches("hides the library").count(),
        1,
        "{}",
        out.transcript
    );
    let moves = eval_hiding("let chomp(r) = *0\nmoves std.chomp([2, 2])");
    assert!(
        moves.contains("→ chomp([2, 1]) ≡ 0: bite at row 1, column 1"),
        "{moves}"
    );
    assert!(common::errors("std.lasker_(3)").contains("did you mean `std.lasker`?"));
    // A name of the user's own is no library name.
    assert!(common::errors("let mine(n) = *n\nstd.mine(1)").contains("unknown name `std.mine`"));
}

#[test]
fn library_names_are_families_like_any_other() {
    assert_eq!(common::eval("let F = lasker\nF(7) == *8"), "true");
    assert!(common::eval("seq(mock_turtles, 0..8)").contains("1  2  4  7  8 11 13 14"));
    // Not listed among the user's definitions.
    let mut session = Session::default();
    common::run_in(&mut session, "t.game", "let G = lasker(3)");
    let variables = session.variables();
    assert!(
        variables.len() == 1 && variables[0].starts_with("G = "),
        "{variables:?}"
    );
}

#[test]
fn a_misspelt_library_name_gets_a_suggestion() {
    assert!(common::errors("laskr(5)").contains("did you mean `lasker`?"));
    let arity = common::errors("lasker(1, 2)");
    assert!(arity.contains("it was defined as `lasker(n)`"), "{arity}");
}

#[test]
fn help_lists_the_library() {
    let games = grundy::help::page("games").unwrap();
    for ruleset in RULESETS {
        assert!(games.contains(&ruleset.title()), "{games}");
        let page = grundy::help::page(ruleset.name).unwrap();
        for line in ruleset.example().lines() {
            assert!(page.contains(&format!("  {line}\n")), "{page}");
        }
    }
    for name in library::names() {
        let page = grundy::help::page(name).unwrap();
        assert!(page.contains("Rules:"), "`:help {name}`: {page}");
    }
    let docs = std::fs::read_to_string("docs/library.md").unwrap();
    for ruleset in RULESETS {
        for definition in ruleset.definitions() {
            assert!(
                docs.contains(definition.signature),
                "docs/library.md does not mention `{}`",
                definition.signature
            );
        }
    }
}

/// `:help games` gives each ruleset's summary whole, however many lines it takes in its file.
#[test]
fn help_games_gives_every_summary_whole() {
    let games = grundy::help::page("games").unwrap();
    let flat = games.split_whitespace().collect::<Vec<_>>().join(" ");
    for ruleset in RULESETS {
        let first_paragraph: Vec<&str> = ruleset
            .text
            .lines()
            .map_while(|line| line.strip_prefix("//"))
            .map(str::trim)
            .take_while(|line| !line.is_empty())
            .collect();
        let summary = first_paragraph.join(" ");
        assert!(summary.ends_with('.'), "{}: {summary}", ruleset.path());
        assert!(
            flat.contains(&summary),
            "`:help games` cuts `{summary}`:\n{games}"
        );
    }
    assert!(
        flat.contains("each bite takes a square and all squares above and to the right of it.")
    );
}

/// A user's `str`, `sort` or `len` is the user's: the library's bodies, and the words of
/// their moves, still use the built-ins.
#[test]
fn redefining_a_built_in_does_not_change_the_library() {
    let moves = eval_hiding("let str(x) = 1\nmoves lasker(3)");
    assert!(
        moves.contains("lasker(3) → lasker(0) ≡ 0: take 3 chips"),
        "{moves}"
    );
    let moves = eval_hiding("let sort(p) = p\nlet len(p) = 0\nmoves nimble([1, 3])");
    assert!(
        moves
            .contains("nimble([1, 3]) → nimble([1, 1]) ≡ 0: move the coin on square 3 to square 1"),
        "{moves}"
    );
    let why = eval_hiding("let sum(p) = 0\nlet max(a, b) = 0\nwhy chomp([2, 1]) is losing");
    assert!(why.contains("chomp([2, 1])"), "{why}");
    assert!(!why.contains("std/"), "{why}");
    let tree =
        eval_hiding("let cram_square(s, k) = \"?\"\nlet min(p) = 0\ntree cram_board(\"../..\")");
    assert!(tree.contains("cram_board(\"../..\")"), "{tree}");
    // The user's own calls see the user's definitions.
    assert_eq!(eval_hiding("let str(x) = 1\nstr(5)"), "1");
}

/// Each library game refuses arguments it has no position for, at the argument the user
/// wrote, with a help line that says what the game takes.
#[test]
fn every_ruleset_refuses_bad_arguments_at_the_users_call() {
    let refused = [
        ("lasker(-1)", "-1", "Lasker's Nim takes"),
        ("fibonacci_nim(5, -2)", "5, -2", "Fibonacci Nim takes"),
        ("euclid(-3, 5)", "-3, 5", "Euclid's game takes"),
        ("moore(0, [1, 2])", "0, [1, 2]", "Moore's Nim takes"),
        ("moore(2, 5)", "2, 5", "Moore's Nim takes"),
        ("staircase([1, -1])", "[1, -1]", "Staircase Nim takes"),
        ("nimble([-1, 3])", "[-1, 3]", "Nimble takes"),
        ("poker_nim([3], -1)", "[3], -1", "Poker Nim takes"),
        (
            "chomp([1, 2, 3])",
            "[1, 2, 3]",
            "longest first, as in [3, 2, 2]",
        ),
        ("chomp([2, 0])", "[2, 0]", "longest first"),
        ("chomp([])", "[]", "longest first"),
        ("chomp_rectangle(0, 3)", "0, 3", "1 row or more"),
        ("turning_turtles(0)", "0", "numbers its coins from 1"),
        (
            "turning_turtles_row(\"THX\")",
            "\"THX\"",
            "H (heads) and T (tails)",
        ),
        ("twins(-1)", "-1", "numbers its coins from 0"),
        ("twins_row([\"H\"])", "[\"H\"]", "H (heads) and T (tails)"),
        ("mock_turtles(-2)", "-2", "numbers its coins from 0"),
        (
            "mock_turtles_row(\"H T\")",
            "\"H T\"",
            "H (heads) and T (tails)",
        ),
        ("ruler(0)", "0", "numbers its coins from 1"),
        ("ruler_heads(0, 4)", "0", "numbers its coins from 1"),
        ("ruler_row(\"HTh\")", "\"HTh\"", "H (heads) and T (tails)"),
        ("triplets(-1)", "-1", "numbers its coins from 0"),
        ("rulerette(0)", "0", "numbers its coins from 1"),
        ("rulerette_heads(0, 3)", "0", "numbers its coins from 1"),
        ("grunt(-1)", "-1", "numbers its coins from 0"),
        ("moebius(0)", "0", "Moebius numbers its coins from 1"),
        ("mogul(-1)", "-1", "Mogul numbers its coins from 1"),
        // A game for its rule, or a rule listing coins for sets of coins.
        (
            "coin_turning(moebius, 3)",
            "moebius, 3",
            "a family listing the sets",
        ),
        (
            "coin_turning(n => [m for m in 1..n], 4)",
            "n => [m for m in 1..n], 4",
            "a family listing the sets",
        ),
        (
            "tartan(ruler, ruler_rule, 3, 4)",
            "ruler, ruler_rule, 3, 4",
            "two rules",
        ),
        (
            "coin_turning_row(moebius, \"HTH\")",
            "moebius, \"HTH\"",
            "such as moebius_rule (not the game moebius)",
        ),
        (
            "coin_product_board(moebius, twins_rule, \"H\")",
            "moebius, twins_rule, \"H\"",
            "families listing the sets",
        ),
        (
            "coin_product(twins_rule, twins, 3, 4)",
            "twins_rule, twins, 3, 4",
            "two rules",
        ),
        (
            "tartan(ruler_rule, ruler_rule, 0, 4)",
            "ruler_rule, ruler_rule, 0, 4",
            "numbered from 1",
        ),
        (
            "coin_turning(moebius_rule, 0)",
            "moebius_rule, 0",
            "and a coin from 1",
        ),
        (
            "sub_coins(0, {1, 2})",
            "0, {1, 2}",
            "a coin from 1 and a set of distances",
        ),
        ("sub_twins(3, {0, 1})", "3, {0, 1}", "each 1 or more"),
        ("sub_turtles(-1, [2])", "-1, [2]", "a coin from 0"),
        (
            "sub_twins_row(\"HTX\", {1})",
            "\"HTX\", {1}",
            "H (heads) and T (tails)",
        ),
        (
            "acrostic_twins(2, -1)",
            "2, -1",
            "numbers its rows and columns from 0",
        ),
        ("rugs(0, 3)", "0, 3", "numbers its rows and columns from 1"),
        ("rugs_board(\"TH/H\")", "\"TH/H\"", "rows of one length"),
        ("acrostic_twins_board(\"\")", "\"\"", "rows of one length"),
        (
            "turning_corners_board(\"TXH\")",
            "\"TXH\"",
            "H (heads) and T (tails)",
        ),
        (
            "coin_board(rugs, 2, \"TH\")",
            "rugs, 2",
            "0 (as turning_corners numbers them) or 1",
        ),
        (
            "coin_board(3, 0, \"TH\")",
            "3, 0",
            "a family of a head at (x, y)",
        ),
        (
            "coin_board(rugs, 1, \"TH//HT\")",
            "\"TH//HT\"",
            "the top row first and / between rows",
        ),
        (
            "coin_product_board(ruler_rule, 2, \"TH\")",
            "ruler_rule, 2",
            "the rules of the two rows",
        ),
        (
            "coin_product_board(ruler_rule, ruler_rule, \"TH/T\")",
            "\"TH/T\"",
            "rows of one length",
        ),
        ("cram(0, 3)", "0, 3", "Cram takes"),
        ("cram_row(-1)", "-1", "0 squares or more"),
        ("cram_board(\"../.\")", "\"../.\"", "rows of one length"),
        ("cram_board(\"..x\")", "\"..x\"", "rows of one length"),
        ("cram_board(\"\")", "\"\"", "rows of one length"),
        ("node_kayles([{1}, {}])", "[{1}, {}]", "each edge in both"),
        ("node_kayles([{5}])", "[{5}]", "each edge in both"),
        ("node_kayles(3)", "3", "each edge in both"),
        (
            "node_kayles_left(path_graph(3), [0])",
            "path_graph(3), [0]",
            "a set of them",
        ),
        ("path_graph(-1)", "-1", "0 vertices or more"),
        ("cycle_graph(2)", "2", "3 vertices or more"),
        ("complete_graph(-1)", "-1", "0 vertices or more"),
        ("grid_graph(-2, -3)", "-2, -3", "0 or more of each"),
    ];
    for (call, args, help) in refused {
        let text = common::errors(call);
        assert!(text.contains("grundy::call::refused"), "{call}: {text}");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(help), "{call}: no `{help}` in {text}");
        // The label is under the arguments as the user wrote them, in the user's program.
        let line = format!(" 1 │ {call}\n");
        let at = call.find(args).unwrap();
        let underline = format!("{}{}", " ".repeat(at), "─".repeat(args.chars().count()));
        assert!(
            text.contains(&line),
            "{call}: not shown in its own line: {text}"
        );
        let mut lines = text.lines().skip_while(|l| !l.starts_with(" 1 │ "));
        let under = lines
            .nth(1)
            .unwrap_or_else(|| panic!("{call}: no label: {text}"));
        let marks: String = under
            .chars()
            .skip(5)
            .map(|c| if c == '┬' { '─' } else { c })
            .collect();
        assert!(
            marks.trim_end() == underline,
            "{call}: the label is not under `{args}`: {text}"
        );
        assert!(
            !text.contains("std/"),
            "{call}: points into the library: {text}"
        );
    }
}

/// What the library takes still works, at its edges too.
#[test]
fn the_edges_of_what_the_library_takes_are_games() {
    assert_eq!(common::eval("euclid(0, 5) is losing"), "true");
    assert_eq!(common::eval("euclid(5, 0) == euclid(0, 0)"), "true");
    assert_eq!(common::eval("ruler_heads(3, 3) is losing"), "true");
    assert_eq!(common::eval("chomp([1]) is losing"), "true");
    assert_eq!(common::eval("cram_row(0) is losing"), "true");
    assert_eq!(common::eval("nimble([]) is losing"), "true");
    assert_eq!(common::eval("node_kayles([]) is losing"), "true");
    // A refused call inside a user's family is reported at that call.
    let text = common::errors("let f(n) = chomp_rectangle(n, n)\nf(3) + f(0)");
    assert!(
        text.contains("`chomp_rectangle(0, 0)` is not a call"),
        "{text}"
    );
    assert!(
        text.contains(" 1 │ let f(n) = chomp_rectangle(n, n)"),
        "{text}"
    );
}

/// Cram's moves say which squares the domino covers, and the game each leaves is the game of
/// the board those squares leave (shown as the sum of its regions, each turned to its shape).
#[test]
fn cram_moves_name_the_squares_a_domino_covers() {
    // The regions are called by their family even before the library's file is loaded.
    let moves = common::eval("moves cram(3, 2)");
    assert!(
        moves.contains("cram(3, 2) → cram_board(\"../..\") ≡ 0: place a domino on a1–b1"),
        "{moves}"
    );
    for board in [
        "../..",
        ".../...",
        "../../..",
        "#../..#/...",
        "..../.##.",
        "..#/.../#..",
    ] {
        let listing = common::eval(&format!("moves all cram_board(\"{board}\")"));
        let mut told = Vec::new();
        for line in listing.lines().filter(|l| l.contains("place a domino on ")) {
            let value = line.split(" ≡ ").nth(1).unwrap_or_else(|| panic!("{line}"));
            let value = value.split(':').next().unwrap();
            let squares = line.split("place a domino on ").nth(1).unwrap();
            let squares = squares.split_whitespace().next().unwrap();
            let (first, second) = squares.split_once('–').unwrap();
            let mut left: Vec<char> = board.chars().collect();
            let width = board.find('/').unwrap_or(board.len()) + 1;
            let mut covered = Vec::new();
            for square in [first, second] {
                let column = (square.as_bytes()[0] - b'a') as usize;
                let row: usize = square[1..].trim().parse::<usize>().unwrap() - 1;
                assert_eq!(left[row * width + column], '.', "{line}");
                left[row * width + column] = '#';
                covered.push(row * width + column);
            }
            covered.sort();
            assert!(
                covered[1] - covered[0] == 1 || covered[1] - covered[0] == width,
                "{board}: not side by side: {line}"
            );
            let left: String = left.into_iter().collect();
            let expected = naive_cram(&left);
            let shown = if expected == 0 {
                "0".to_owned()
            } else {
                format!("*{expected}")
            };
            assert_eq!(value, shown, "{board} leaves {left}: {line}");
            told.push(covered);
        }
        let empty_pairs = |width: usize| {
            let cells: Vec<char> = board.chars().collect();
            (0..cells.len())
                .filter(|&k| cells[k] == '.')
                .map(|k| {
                    [k + 1, k + width]
                        .iter()
                        .filter(|&&j| j < cells.len() && cells[j] == '.')
                        .count()
                })
                .sum::<usize>()
        };
        let width = board.find('/').unwrap_or(board.len()) + 1;
        let count = told.len();
        told.sort();
        told.dedup();
        assert_eq!(told.len(), count, "{board}: a move told twice\n{listing}");
        assert_eq!(
            count,
            empty_pairs(width),
            "{board}: every move told once\n{listing}"
        );
    }
}

/// Cram by its rules alone, on a board written as `cram_board` takes it: the mex of the
/// boards each domino leaves, a board being the set of squares covered (no splitting into
/// regions, no turning), remembered per board.
fn naive_cram(board: &str) -> u64 {
    fn value(covered: u64, dominoes: &[u64], memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&known) = memo.get(&covered) {
            return known;
        }
        let options: Vec<u64> = dominoes
            .iter()
            .filter(|&&domino| covered & domino == 0)
            .map(|&domino| value(covered | domino, dominoes, memo))
            .collect();
        let mex = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(covered, mex);
        mex
    }
    let rows: Vec<&[u8]> = board.split('/').map(str::as_bytes).collect();
    let (height, width) = (rows.len(), rows[0].len());
    let at = |r: usize, c: usize| 1u64 << (r * width + c);
    let mut covered = 0;
    let mut dominoes = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &square) in row.iter().enumerate() {
            if square == b'#' {
                covered |= at(r, c);
            }
            if c + 1 < width {
                dominoes.push(at(r, c) | at(r, c + 1));
            }
            if r + 1 < height {
                dominoes.push(at(r, c) | at(r + 1, c));
            }
        }
    }
    value(covered, &dominoes, &mut HashMap::new())
}

/// A board of up to 4 × 5 squares, some covered: often in several regions.
fn cram_board() -> impl Strategy<Value = String> {
    (1..=4usize, 1..=5usize).prop_flat_map(|(height, width)| {
        prop::collection::vec(prop::bool::weighted(0.3), height * width).prop_map(move |covered| {
            let rows: Vec<String> = covered
                .chunks(width)
                .map(|row| row.iter().map(|&c| if c { '#' } else { '.' }).collect())
                .collect();
            rows.join("/")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The library's Cram splits a board into regions and turns each to its shape: the
    /// values are those of Cram played square by square on the whole board, and the same for
    /// the board turned, mirrored or transposed.
    #[test]
    fn cram_split_into_shapes_agrees_with_cram_by_its_rules(board in cram_board()) {
        let expected = naive_cram(&board);
        let program = format!(
            "let b = \"{board}\"\nnimber(cram_board(b))\nnimber(cram_board(transpose(b)))\n\
             nimber(cram_board(shape(b)))\nsum(len(indices(r, \".\")) for r in regions(b))\n\
             len(indices(b, \".\"))"
        );
        let answers: Vec<u64> = common::eval(&program).lines().map(|l| l.parse().unwrap()).collect();
        prop_assert_eq!(&answers[..3], &[expected; 3][..], "{}", board);
        prop_assert_eq!(answers[3], answers[4], "{}: regions keep every square", board);
    }
}

/// An error that arises inside the library's code is told at the user's own call, with the
/// library's line in the help, short, rather than as an excerpt of the library's file: the
/// `steps` limit, Ctrl-C, the `memory` limit.
#[test]
fn errors_inside_the_library_are_told_at_the_users_call() {
    let mut session = Session::default();
    session.set_limit("steps=100000").unwrap();
    let output = common::run_in(
        &mut session,
        "mine.game",
        "*1\nnode_kayles(grid_graph(5, 5))",
    );
    let error = &output.errors[0];
    assert!(error.contains("╭─[mine.game:2:1]"), "{error}");
    assert!(!error.contains("╭─[std/"), "{error}");
    assert!(
        error.contains("it stopped in the library's `node_kayles_left`, std/node_kayles.game"),
        "{error}"
    );

    let mut session = Session::default();
    let flag = session.interrupt_flag();
    let pressing = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let output = common::run_in(&mut session, "mine.game", "cram(5, 6)\n*1");
    pressing.join().unwrap();
    assert_eq!(output.summary.exit_code(), 4);
    let error = &output.errors[0];
    assert!(error.contains("grundy::cancelled"), "{error}");
    assert!(error.contains("╭─[mine.game:1:1]"), "{error}");
    assert!(error.contains("it stopped in the library's"), "{error}");
    assert!(error.lines().count() < 16, "{error}");
}
