//! Where a loopy game's value shows besides its own answer: a family's table, the cases of a
//! claim over many, the definitions `:vars` lists, sets and lists of games, and `nimber`,
//! which a game worth ∞ does not have.

mod common;

use common::{errors, table};

/// A graph whose a and b are draws (∞ and ∞{1}); c is *1, d is 0.
const GRAPH: &str = "let C = digraph(\"a>b b>a b>c c>d\")\n";
/// 0, 1, 0, then ∞{0} (a move to 2 wins) and draws round 3, 4, 5.
const FAMILY: &str = "let loopy m(n) = < m(n - 1) for t in [0] if n > 0, \
                      m(n + 1) for t in [0] if n >= 3 and n < 5 >\n";

#[test]
fn a_loopy_familys_table_writes_infinity_among_the_numbers() {
    let program = |statement: &str| format!("{FAMILY}{statement}");
    table(&[
        (
            &program("seq(m, 0..7)"),
            "m: values\n0:    0    1    0 ∞{0}    ∞    ∞    ∞",
        ),
        (
            &program("seq(m, {1, 3, 6})"),
            "m: values\n  1: 1\n  3: ∞{0}\n  6: ∞",
        ),
        // In its columns, n = 2 and 3 under 2 and 3 of the row from 0.
        (
            &program("full seq(m, 2..4)"),
            "m: values\n0:              0 ∞{0}",
        ),
    ]);
}

#[test]
fn sets_and_lists_of_loopy_games_write_their_games() {
    table(&[
        (&format!("{GRAPH}{{C(\"a\"), C(\"b\")}}"), "{a, b}"),
        (&format!("{FAMILY}[m(3), m(1), *2]"), "[m(3), m(1), *2]"),
        (&format!("{FAMILY}count(m(n) is draw for n in 0..7)"), "3"),
    ]);
}

#[test]
fn a_failed_case_says_what_a_loopy_game_is_worth() {
    let text = errors(&format!("{FAMILY}assert all(m(n) == 0 for n in 2..6)"));
    assert!(
        text.contains("false for n = 3: the left side `m(n)` is m(3) ≡ ∞{0}"),
        "{text}"
    );
}

#[test]
fn vars_lists_a_loopy_game_with_its_value() {
    let mut session = grundy::eval::Session::default();
    let output = common::run_in(
        &mut session,
        "vars.game",
        &format!("{GRAPH}let B = C(\"b\")"),
    );
    assert!(output.errors.is_empty(), "{:?}", output.errors);
    let variables = session.variables();
    assert_eq!(variables[1], "B = b ≡ ∞{1}", "{variables:?}");
}

/// `nimber` of a game worth ∞ is an error (snapshotted in tests/errors/loopy_nimber.game);
/// the same game's nimber-free questions answer.
#[test]
fn only_nimber_refuses_a_game_worth_infinity() {
    let text = errors(&format!("{GRAPH}nimber(C(\"b\"))"));
    assert!(text.contains("this game has no nimber"), "{text}");
    assert!(!text.contains("too large"), "{text}");
    table(&[
        (&format!("{GRAPH}nimber(C(\"c\"))"), "1"),
        (&format!("{GRAPH}C(\"b\") is draw"), "true"),
        (&format!("{GRAPH}C(\"b\") == C(\"b\") + *0"), "true"),
    ]);
}
