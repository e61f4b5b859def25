//! Green Hackenbush in the language: pictures as games, the seeds' facts, winning cuts in
//! pictures with circuits, proofs by the fusion and colon principles, and the picture drawn.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use common::{eval, run, run_in};
use grundy::eval::Session;
use grundy::game::hackenbush::{Picture, brute_force_value};
use grundy::game::{Arena, Progress};
use proptest::prelude::*;

#[test]
fn a_snake_of_length_n_is_star_n_and_nim_is_a_sum_of_snakes() {
    for n in 0..8 {
        assert_eq!(eval(&format!("stalk({n}) == *{n}")), "true");
    }
    assert_eq!(
        eval("stalk(3) + stalk(5) + stalk(6) == nim(3, 5, 6)"),
        "true"
    );
    assert_eq!(eval("stalk(1) + stalk(2) + stalk(3) is losing"), "true");
    assert_eq!(eval(r#"hackenbush("g-1 1-2 2-3") == stalk(3)"#), "true");
}

#[test]
fn classic_pictures_have_their_values() {
    let cases = [
        // A loop is worth a stalk of 1.
        ("g-g", "*1"),
        // A triangle standing on the ground.
        ("g-a g-b a-b", "*1"),
        // A stalk of 1 with branches of 1 and 2 on top: 1 + (1 ⊕ 2).
        ("g-a a-b a-c c-d", "*4"),
        // A triangle on a stalk.
        ("g-a a-b a-c b-c", "*2"),
        // Several feet on the ground, a multi-edge and a loop up in the air.
        ("g-a g-b a-c b-c c-d c-d d-d", "*1"),
    ];
    for (picture, value) in cases {
        let shown = eval(&format!("nimber(hackenbush(\"{picture}\"))"));
        assert_eq!(format!("*{shown}"), value, "{picture}");
    }
}

#[test]
fn pictures_add_and_compare_like_any_game() {
    assert_eq!(
        eval(r#"hackenbush("g-a a-b a-c b-c") + *3"#),
        "*1 — the player to move wins"
    );
    assert_eq!(
        eval(r#"hackenbush("g-a a-b a-c b-c") + *2 is losing"#),
        "true"
    );
    assert_eq!(
        eval(
            r#"let P = hackenbush("g-a g-b a-b")
P + P == 0"#
        ),
        "true"
    );
    // Typed in another order, the same picture is the same game.
    assert_eq!(
        eval(r#"hackenbush("b-c a-b g-a a-c") == hackenbush("g-a a-b a-c b-c")"#),
        "true"
    );
}

#[test]
fn options_and_moves_are_cuts() {
    let options = eval(r#"options hackenbush("g-a a-b a-c b-c")"#);
    assert!(
        options.starts_with(r#"hackenbush("g-a a-b a-c b-c") ≡ *2 has 4 options:"#),
        "{options}"
    );
    assert!(
        options.contains(r#"hackenbush("g-a a-b a-c") ≡ *1"#),
        "{options}"
    );
    let moves = eval(r#"moves all hackenbush("g-a a-b a-c b-c")"#);
    assert!(moves.contains("→ *0 ≡ 0: cut g-a   ← wins"), "{moves}");
    assert!(
        moves.contains(r#"→ hackenbush("g-a a-b a-c") ≡ *1: cut b-c"#),
        "{moves}"
    );
    // In a sum, the winning cut is the one that leaves *1 for the *1 beside it.
    let moves = eval(r#"moves hackenbush("g-a a-b a-c b-c") + *1"#);
    assert!(
        moves.ends_with(r#"cut b-c, leaving hackenbush("g-a a-b a-c") + *1 ≡ 0"#),
        "{moves}"
    );
}

#[test]
fn why_fuses_then_applies_the_colon_principle() {
    let why = eval(r#"why hackenbush("g-a a-b a-c b-c")"#);
    let lines: Vec<&str> = why.lines().collect();
    assert!(lines[2].contains("a, b, c lie on circuits: fused into one vertex {a, b, c}, their 3 edges become loops there   (fusion principle)"), "{why}");
    assert!(lines[3].contains("at {a, b, c}: 3 loops (1 each) become one stalk of length 1 ⊕ 1 ⊕ 1 = 1   (colon principle)"), "{why}");
    assert!(
        lines[4].contains(
            "at g: g-a topped by a stalk of 1 is a stalk of length 2   (colon principle)"
        ),
        "{why}"
    );
    assert!(
        lines[5].contains("a stalk of length 2 on the ground, so it is *2"),
        "{why}"
    );
    let why = eval(r#"why hackenbush("g-a a-b a-c c-d") == *4"#);
    assert!(
        why.contains(
            "at a: a-b (1) and a-c topped by a stalk of 1 (2) become one stalk of length 1 ⊕ 2 = 3"
        ),
        "{why}"
    );
    let ground = eval(r#"why hackenbush("g-a g-b a-b")"#);
    assert!(
        ground.contains("g, a, b lie on circuits: fused into the ground"),
        "{ground}"
    );
}

#[test]
fn big_pictures_evaluate_at_once() {
    // A comb: a spine g-s0-s1-...-s300, a tooth of t % 7 + 1 edges on each s_t, and a rung
    // s_t-s0 on every tenth. The rungs put the whole spine on circuits, so it fuses into one
    // vertex with 330 loops (an even number); the teeth stand on it as stalks, and g-s0
    // carries the lot: the value is 1 + (1 + 1 % 7) ⊕ (1 + 2 % 7) ⊕ ... ⊕ (1 + 300 % 7).
    let mut edges = vec!["g-s0".to_owned()];
    for tooth in 1..=300u64 {
        edges.push(format!("s{}-s{tooth}", tooth - 1));
        let mut below = format!("s{tooth}");
        for k in 1..=tooth % 7 + 1 {
            let top = format!("t{tooth}_{k}");
            edges.push(format!("{below}-{top}"));
            below = top;
        }
        if tooth % 10 == 0 {
            edges.push(format!("s{tooth}-s0"));
        }
    }
    let expected = 1 + (1..=300u64).fold(0, |acc, t| acc ^ (t % 7 + 1));
    let text = edges.join(" ");
    assert!(edges.len() > 1000);
    assert_eq!(
        eval(&format!("nimber(hackenbush(\"{text}\"))")),
        expected.to_string()
    );
    // Its winning cuts are found with the fast values of every picture one cut away.
    let moves = eval(&format!("moves hackenbush(\"{text}\")"));
    assert!(moves.contains("≡ 0: cut"), "{moves}");
}

#[test]
fn a_star_of_100000_feet_evaluates_and_lists_its_winning_cuts() {
    let feet: Vec<String> = (1..=100_001).map(|i| format!("g-{i}")).collect();
    let star = format!("hackenbush(\"{}\")", feet.join(" "));
    assert_eq!(eval(&format!("nimber({star})")), "1");
    // Every cut wins: a screenful is drawn and the rest counted.
    let moves = eval(&format!("moves {star}"));
    // (Only the end of the listing in a failure: the picture's name is 600 kB long.)
    let end = &moves[moves.len().saturating_sub(300)..];
    assert!(moves.contains("≡ 0: cut g-30\n"), "{end}");
    assert!(
        moves
            .ends_with("… 99971 more winning moves (`moves full` before the game lists every one)"),
        "{end}"
    );
    assert_eq!(moves.lines().count(), 32, "{end}");
}

#[test]
fn long_stalks_list_their_moves_and_options_a_screenful_at_a_time() {
    assert_eq!(
        eval("moves stalk(10**4)"),
        "stalk(10**4) ≡ *10000: the player to move wins. Winning move:\n  \
         stalk(10**4) → *0 ≡ 0: cut g-1"
    );
    let options = eval("options stalk(10**5)");
    assert!(
        options
            .starts_with("stalk(10**5) ≡ *100000 has 100000 options:\n  *0 ≡ 0\n  stalk(1) ≡ *1"),
        "{options}"
    );
    assert!(
        options.ends_with(
            "  stalk(29) ≡ *29\n  … 99970 more options (`options full stalk(10**5)` lists every one)"
        ),
        "{options}"
    );
    // In a sum, the cut that leaves the stalk's partner its match.
    let moves = eval("moves stalk(10**4) + *9999");
    assert!(
        moves.ends_with("cut 9999-10000, leaving stalk(9999) + *9999 ≡ 0"),
        "{moves}"
    );
}

/// Presses Ctrl-C the first time a computation reports how far it is.
struct CtrlC(Arc<AtomicBool>);

impl Progress for CtrlC {
    fn report(&mut self, _what: &str, _done: u64, _total: u64) {
        self.0.store(true, Ordering::Relaxed);
    }
    fn finish(&mut self) {}
}

/// The winning cuts of a cycle of 20 000 edges reduce the cycle again for each edge (minutes
/// in a debug build): Ctrl-C stops them, and the session goes on.
#[test]
fn ctrl_c_stops_a_long_search_for_winning_cuts() {
    let mut session = Session::default();
    let cycle: Vec<String> = (0..20_000).map(|i| format!("c{i}")).collect();
    let flag = session.interrupt_flag();
    session
        .arena
        .watch
        .set_progress(Some(Box::new(CtrlC(flag))));
    let program = format!("moves hackenbush(\"g-{}-g\")", cycle.join("-"));
    let output = run_in(&mut session, "t", &program);
    assert!(
        output.errors[0].contains("cancelled"),
        "{:?}",
        output.errors
    );
    session.arena.watch.set_progress(None);
    assert_eq!(run_in(&mut session, "t", "nimber(stalk(3))").answers, ["3"]);
}

#[test]
fn dot_draws_the_picture() {
    let dot = eval(r#"dot hackenbush("g-a a-b a-c b-c g-g")"#);
    assert!(dot.starts_with("graph picture {"), "{dot}");
    assert!(dot.contains("v1 [label=\"a\"]"), "{dot}");
    assert!(
        dot.contains("[color=\"saddlebrown\", penwidth=4]"),
        "the ground line: {dot}"
    );
    assert!(
        dot.contains("foot0 -- foot0 [tooltip=\"g-g\""),
        "a loop on the ground: {dot}"
    );
    // Worth *3; cutting b-c leaves 1 + (1 ⊕ 1) beside the loop's 1, which is 0.
    assert!(
        dot.contains("v2 -- v3 [tooltip=\"b-c\", style=dashed"),
        "{dot}"
    );
    assert_eq!(dot.matches("style=dashed").count(), 1, "{dot}");
    // Without the loop, g-a is the winning cut (it leaves 0), drawn dashed.
    let dot = eval(r#"dot hackenbush("g-a a-b a-c b-c")"#);
    assert!(dot.contains("tooltip=\"g-a\", style=dashed"), "{dot}");
}

#[test]
fn bad_pictures_point_into_the_string() {
    let errors = run(r#"hackenbush("g-a a+b")"#).errors;
    let error = &errors[0];
    assert!(
        error.contains("`+` can't be part of a vertex name"),
        "{error}"
    );
    let column = |line: &str, c: char| line.chars().position(|x| x == c);
    let caret = error.lines().find(|l| l.contains('┬')).unwrap();
    let source = error.lines().find(|l| l.contains("hackenbush(")).unwrap();
    assert_eq!(column(caret, '┬'), column(source, '+'), "{error}");
    let errors = run(r#"hackenbush("0-1 1-2"); hackenbush(7); stalk(-1)"#).errors;
    assert_eq!(errors.len(), 3);
    assert!(
        errors[0].contains("the ground is written `g`, not `0`"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].contains("takes its picture as a string"),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].contains("a stalk can't be negative"),
        "{}",
        errors[2]
    );
    let warned = run(r#"hackenbush("g-a x-y")"#);
    assert_eq!(warned.answers, ["*1 — the player to move wins"]);
    assert!(
        warned.errors[0].contains("not connected to the ground: x-y"),
        "{}",
        warned.errors[0]
    );
}

/// Random pictures on the ground and up to six other vertices, up to 12 edges.
fn picture() -> impl Strategy<Value = Picture> {
    prop::collection::vec((0..=6usize, 0..=6usize), 1..=12).prop_map(|pairs| {
        let name = |v: usize| {
            if v == 0 {
                "g".to_owned()
            } else {
                format!("v{v}")
            }
        };
        let names: Vec<(String, String)> = pairs.iter().map(|&(a, b)| (name(a), name(b))).collect();
        let edges: Vec<(&str, &str)> = names
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        Picture::new(&edges)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The winning cuts `moves` finds are exactly the cuts whose picture is worth 0 by brute
    /// force, circuits or not.
    #[test]
    fn winning_cuts_agree_with_brute_force(picture in picture()) {
        let mut arena = Arena::default();
        let game = arena.picture(picture.clone()).unwrap();
        let winning: Vec<_> = arena.winning_moves(game).unwrap();
        let expected = (0..picture.edges().len())
            .filter(|&i| brute_force_value(&picture.cut(i)) == Some(0))
            .map(|i| picture.edge_name(i))
            .collect::<std::collections::BTreeSet<_>>();
        let found = winning
            .iter()
            .map(|(how, _)| match how {
                grundy::game::moves::Move::Cut { edge } => edge.clone(),
                other => panic!("{other:?}"),
            })
            .collect::<std::collections::BTreeSet<_>>();
        prop_assert_eq!(found, expected, "{}", picture);
        prop_assert_eq!(Some(arena.nimber(game).unwrap()), brute_force_value(&picture));
    }
}

/// Every picture a listing draws is kept, and a big picture's reduction takes memory while it
/// runs: both count against the `memory` limit and end in a diagnostic, with the session
/// still answering (`options full stalk(20000)` once grew to 5.4 GB).
#[test]
fn big_pictures_keep_to_the_memory_limit() {
    for (statement, said) in [
        (
            "options full stalk(20000)",
            "the games and pictures kept would pass",
        ),
        (
            "moves all full stalk(20000)",
            "the games and pictures kept would pass",
        ),
    ] {
        let mut session = Session::default();
        session.set_limit("memory=20000000").unwrap();
        let output = run_in(&mut session, "big.game", statement);
        assert!(
            output.errors.join("\n").contains(said),
            "{statement}: {:?}",
            output.errors
        );
        assert_eq!(
            run_in(&mut session, "after.game", "*1 + *2").answers,
            ["*3 — the player to move wins"]
        );
    }
    // A path of 100 001 edges with a loop on top, which is reduced: 20 MB is not enough.
    let edges: Vec<String> = (0..100_000).map(|i| format!("v{i}-v{}", i + 1)).collect();
    let picture = format!("hackenbush(\"g-v0 {} v100000-v100000\")", edges.join(" "));
    let mut session = Session::default();
    session.set_limit("memory=20000000").unwrap();
    let output = run_in(&mut session, "reduce.game", &format!("nimber({picture})"));
    assert!(
        output
            .errors
            .join("\n")
            .contains("this Hackenbush picture is too large"),
        "{:?}",
        output.errors
    );
    session.set_limit("memory=200000000").unwrap();
    let output = run_in(&mut session, "reduce.game", &format!("nimber({picture})"));
    assert_eq!(output.answers, ["100002"], "{:?}", output.errors);
}
