//! The language, statement by statement: what each form evaluates to and prints.

mod common;

use std::sync::atomic::Ordering;
use std::time::Duration;

use common::{errors, eval, run, run_in};
use grundy::eval::{Limits, Session, Value};

fn table(cases: &[(&str, &str)]) {
    for (source, printed) in cases {
        assert_eq!(eval(source), *printed, "{source}");
    }
}

#[test]
fn games_print_their_value_and_who_wins() {
    table(&[
        ("*5 + #7", "*6 — the player to move wins"),
        ("*5 + *5", "0 — the player to move loses"),
        ("<>", "0 — the player to move loses"),
        ("*", "*1 — the player to move wins"),
        ("<*, *2>", "0 — the player to move loses"),
        ("*0", "0 — the player to move loses"),
        ("<*0, *1, *1>", "*2 — the player to move wins"),
        ("#7", "*3 — the player to move wins"),
        ("#(2 * 4)", "0 — the player to move loses"),
        ("*(3 + 4)", "*7 — the player to move wins"),
        ("nim(3, 5, 6)", "0 — the player to move loses"),
        ("nim()", "0 — the player to move loses"),
        ("sub(7, {1, 3, 4})", "0 — the player to move loses"),
        ("sub(10, 1..=3)", "*2 — the player to move wins"),
        ("*1000000000", "*1000000000 — the player to move wins"),
        ("#1000000000000000000", "0 — the player to move loses"),
        (
            "sub(1000000000000000000, {1, 3, 4})",
            "*1 — the player to move wins",
        ),
        (
            "sub(1000000000000000001, {1, 3, 4})",
            "0 — the player to move loses",
        ),
        ("<0, *1>", "*2 — the player to move wins"),
        ("*3 + 0", "*3 — the player to move wins"),
    ]);
}

#[test]
fn claims_print_true_or_false() {
    table(&[
        ("*1 + *2 == *3", "true"),
        ("*3 == *4", "false"),
        ("*3 != *4", "true"),
        ("*3 ≠ *4", "true"),
        ("*3 ≢ *3", "false"),
        ("*3 ≡ *3", "true"),
        ("*3 ≢ *3", "false"),
        ("*5 + *5 is losing", "true"),
        ("*5 + *5 is P", "true"),
        ("*5 + *7 is N", "true"),
        ("*5 + *7 is losing", "false"),
        ("<> == 0", "true"),
        ("0 == *0", "true"),
        ("*1 + *1 == 0", "true"),
        ("not *1 is losing", "true"),
        ("*1 is winning and *2 is winning", "true"),
        ("*1 is losing or *2 is losing", "false"),
    ]);
}

#[test]
fn integers_sets_and_ranges() {
    table(&[
        ("2 + 3 * 4", "14"),
        ("(2 + 3) * 4", "20"),
        ("2 ** 3 ** 2", "512"),
        ("-2 ** 2", "-4"),
        ("7 / 2", "3"),
        ("-7 / 2", "-4"),
        ("-7 % 2", "1"),
        ("11 ^ 13", "6"),
        ("11 ⊕ 13", "6"),
        ("25 ^ 21 ^ 11", "7"),
        ("1 + 2 ^ 3", "0"),
        ("1e3", "1000"),
        ("1_000_000", "1000000"),
        ("3 < 4", "true"),
        ("3 >= 4", "false"),
        ("3 <= 3", "true"),
        ("if 2 > 1 then 10 else 20", "10"),
        ("{3, 1, 2, 1}", "{1, 2, 3}"),
        ("{k * k for k in 0..5 if k != 2}", "{0, 1, 9, 16}"),
        ("{}", "{}"),
        ("0..4", "0..4"),
        ("0..=3", "0..4"),
        ("0..=3 == {0, 1, 2, 3}", "true"),
        ("mex{0, 1, 3}", "2"),
        ("mex({0, 1, 2, 5, 15, 25})", "3"),
        ("mex(0..3)", "3"),
        ("mex{}", "0"),
        ("nimber(#7)", "3"),
        ("nimber(*11 + *13)", "6"),
        ("\"0.77\"", "\"0.77\""),
        ("true == false", "false"),
    ]);
}

/// `/` rounds down whatever the signs, `%` takes the divisor's sign so that
/// `a == (a / b) * b + a % b`, in families' compiled bodies as at the top level; 0, 1 and -1
/// have every power, however large the exponent.
#[test]
fn division_rounds_down_and_small_bases_have_every_power() {
    let cases = [
        ("7 / -2", "-4"),
        ("-7 / -2", "3"),
        ("7 % -2", "-1"),
        ("-7 % -2", "-1"),
        ("-9223372036854775808 % -1", "0"),
        ("1 ** 4294967296", "1"),
        ("(-1) ** 4294967296", "1"),
        ("(-1) ** 4294967297", "-1"),
        ("0 ** 4294967296", "0"),
        ("0 ** 0", "1"),
    ];
    table(&cases);
    for (source, printed) in cases {
        // The same through a family's compiled body.
        let program = format!("let f(a) = a + ({source})\nf(0)");
        assert_eq!(eval(&program), printed, "{program}");
    }
    for a in -9i64..=9 {
        for b in (-4i64..=4).filter(|&b| b != 0) {
            let source = format!(
                "({a}) / ({b}) * ({b}) + ({a}) % ({b}) == {a} and ({a}) / ({b}) == {}",
                (a as f64 / b as f64).floor()
            );
            assert_eq!(eval(&source), "true", "{source}");
        }
    }
    assert!(errors("2 ** 4294967296").contains("grundy::int::overflow"));
}

/// The smallest integer can be written, and ranges may end at the largest: their last
/// member is there, and one past it is never computed.
#[test]
fn integers_at_the_edges_of_64_bits() {
    table(&[
        ("-9223372036854775808", "-9223372036854775808"),
        ("- 9223372036854775808 == -9223372036854775807 - 1", "true"),
        ("-9223372036854775808 + 1", "-9223372036854775807"),
        ("0..=9223372036854775807", "0..=9223372036854775807"),
        ("0..9223372036854775807", "0..9223372036854775807"),
        (
            "mex{k - 9223372036854775800 for k in 9223372036854775800..=9223372036854775807}",
            "8",
        ),
        (
            "{k for k in 9223372036854775806..=9223372036854775807}",
            "{9223372036854775806, 9223372036854775807}",
        ),
        (
            "{k for k in -9223372036854775808..=-9223372036854775807}",
            "{-9223372036854775808, -9223372036854775807}",
        ),
        (
            "{k for k in -9223372036854775808..-9223372036854775807}",
            "{-9223372036854775808}",
        ),
        ("{k for k in -3..=-5}", "{}"),
        (
            "-9223372036854775808..=9223372036854775807",
            "-9223372036854775808..=9223372036854775807",
        ),
        (
            "9223372036854775807..=9223372036854775807 == {9223372036854775807}",
            "true",
        ),
    ]);
    for (bad, error) in [
        // The minus of a sum or a power is not part of the literal.
        ("-9223372036854775808 ** 1", "number too large"),
        ("0 - 9223372036854775808", "number too large"),
        ("--9223372036854775808", "integer overflow in `-`"),
        (
            "{k for k in 0..=9223372036854775807}",
            "9223372036854775808 integers to go through",
        ),
        (
            "{k for k in -9223372036854775808..=9223372036854775807}",
            "no limit allows 18446744073709551616",
        ),
    ] {
        let errors = common::errors(bad);
        assert!(errors.contains(error), "{bad}: {errors}");
    }
}

#[test]
fn statements_lines_and_comments() {
    let output = run(
        "let G = <\n  *0,   // the zero game\n  *1\n>\nG; G + *1\n*1 +\n  *2\n// a comment line\n",
    );
    assert!(output.errors.is_empty(), "{:?}", output.errors);
    assert_eq!(
        output.answers,
        [
            "*2 — the player to move wins",
            "*3 — the player to move wins",
            "*3 — the player to move wins"
        ]
    );
}

#[test]
fn comprehensions_mix_generators_and_plain_options() {
    table(&[
        ("<*k for k in 0..3, *7>", "*3 — the player to move wins"),
        (
            "<*a + *b for a in 0..2 for b in 0..2>",
            "*2 — the player to move wins",
        ),
        (
            "<*k for k in {1, 3, 4} if k > 1>",
            "0 — the player to move loses",
        ),
        (
            "let rook(i, j) = < rook(a, j) for a in 0..i, rook(i, b) for b in 0..j >; rook(3, 5)",
            "*6 — the player to move wins",
        ),
    ]);
}

#[test]
fn equal_games_are_one_node() {
    let mut session = Session::default();
    let output = run_in(
        &mut session,
        "t",
        "let a = <*1, *0>\nlet b = <*0, *1, *1>\nlet c = *2\nlet d = <*0, *2>",
    );
    assert!(output.summary.ok());
    let id = |name: &str| match session.value_of(name) {
        Some(Value::Game(id)) => id,
        other => panic!("{name} is {other:?}"),
    };
    assert_eq!(id("a"), id("b"));
    assert_eq!(id("a"), id("c"));
    assert_ne!(id("a"), id("d"));
}

/// Kayles written by hand: the sums among its games' options are kept as their two parts,
/// so K(300) makes about its 301 games, not the 45 000 sums it lists; the sums become games
/// when something asks for them, and an option set of sums is still bounded by `memory`.
#[test]
fn sums_listed_as_options_are_made_only_when_asked_for() {
    let mut session = Session::default();
    let kayles = "let K(n) = < K(a) + K(n - a - k) for k in 1..=2 for a in 0..=n - k >";
    let output = run_in(
        &mut session,
        "t",
        &format!("{kayles}\nK(300) == kayles(300)"),
    );
    assert_eq!(output.answers, ["true"]);
    let made = session.arena.len();
    assert!(made < 1_000, "{made} games made");
    let output = run_in(&mut session, "t", "options full K(300)");
    let listed = &output.answers[0];
    assert!(
        listed.starts_with("K(300) ≡ *4 has 599 options"),
        "{listed}"
    );
    assert_eq!(listed.lines().count(), 1 + 599, "{listed}");
    assert!(
        session.arena.len() > made + 500,
        "the options listed are games now"
    );

    let mut limits = Limits::default();
    limits.game.memory = 1 << 20;
    let mut session = Session::new(limits);
    let output = run_in(
        &mut session,
        "t",
        "<*a + *b for a in 0..1000 for b in 0..1000>",
    );
    assert!(
        output.errors[0].contains("this game's list of options"),
        "{}",
        output.errors[0]
    );
}

#[test]
fn families_are_memoized_and_deep() {
    table(&[
        (
            "let S(n) = < S(n - k) for k in 1..=3 if k <= n >; S(7)",
            "*3 — the player to move wins",
        ),
        (
            "let S(n) = < S(n - k) for k in 1..=3 if k <= n >; S(200000) is losing",
            "true",
        ),
        (
            "let f(n) = if n == 0 then 1 else 2 * f(n - 1); f(40)",
            "1099511627776",
        ),
    ]);
}

#[test]
fn recursion_past_the_depth_limit_is_a_diagnostic() {
    let limits = Limits {
        depth: 1000,
        ..Limits::default()
    };
    let mut session = Session::new(limits);
    let deep = run_in(
        &mut session,
        "t",
        "let S(n) = < S(n - k) for k in 1..=3 if k <= n >; S(5000)",
    );
    assert!(
        deep.errors[0].contains("calls nested deeper than 1000"),
        "{}",
        deep.errors[0]
    );
    assert_eq!(deep.summary.exit_code(), 4);
    let shallow = run_in(&mut session, "t", "S(990)");
    assert_eq!(shallow.answers, ["*2 — the player to move wins"]);
    let runaway = run_in(&mut session, "t", "let D(n) = <D(n + 1)>; D(0)");
    assert!(runaway.errors[0].contains("calls nested deeper than 1000"));
}

#[test]
fn work_and_size_limits_are_diagnostics() {
    let mut session = Session::new(Limits {
        steps: 1000,
        ..Limits::default()
    });
    let output = run_in(&mut session, "t", "<*0 for k in 0..100000>");
    assert!(
        output.errors[0].contains("more steps than the `steps` limit (1000)"),
        "{}",
        output.errors[0]
    );

    let mut limits = Limits::default();
    limits.game.nodes = 100;
    let mut session = Session::new(limits);
    let output = run_in(&mut session, "t", "<*k for k in 0..200>");
    assert!(
        output.errors[0].contains("more than 100 distinct games"),
        "{}",
        output.errors[0]
    );

    let mut limits = Limits::default();
    limits.game.heap_table = 1000;
    let mut session = Session::new(limits);
    let output = run_in(&mut session, "t", "sub(5000, {2000})");
    assert!(
        output.errors[0].contains("table of 5000 values"),
        "{}",
        output.errors[0]
    );
}

#[test]
fn an_interrupt_cancels_the_statement_and_keeps_definitions() {
    let mut session = Session::default();
    run_in(
        &mut session,
        "t",
        "let G = *3\nlet f(n) = < f(a) for a in 0..n >",
    );
    let flag = session.interrupt_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        flag.store(true, Ordering::Relaxed);
    });
    // Far more work than 100 ms: about n² / 2 steps.
    let output = run_in(&mut session, "t", "f(200000)");
    stopper.join().unwrap();
    assert!(
        output.errors[0].contains("cancelled"),
        "{:?}",
        output.errors
    );
    assert_eq!(
        run_in(&mut session, "t", "G").answers,
        ["*3 — the player to move wins"]
    );
}

#[test]
fn a_session_keeps_definitions_across_errors() {
    let mut session = Session::default();
    run_in(&mut session, "t", "let G = *3");
    let failed = run_in(&mut session, "t", "G + 2");
    assert_eq!(failed.summary.runtime_errors, 1);
    let again = run_in(&mut session, "t", "G + *1");
    assert_eq!(again.answers, ["*2 — the player to move wins"]);
}

#[test]
fn redefining_a_name_changes_later_calls() {
    let mut session = Session::default();
    let first = run_in(&mut session, "t", "let x = 1\nlet f(n) = *(n + x)\nf(1)");
    assert_eq!(first.answers, ["*2 — the player to move wins"]);
    let second = run_in(&mut session, "t", "let x = 5\nf(1)");
    assert_eq!(second.answers, ["*6 — the player to move wins"]);
}

#[test]
fn definitions_may_shadow_builtins() {
    table(&[(
        "let nim(n) = *(n + 1); nim(3)",
        "*4 — the player to move wins",
    )]);
    // Every built-in, old (`nimber`, `mex`) or new (`len`, `str`, `all`, `digraph`), is the
    // user's once defined, as a family or a value.
    for builtin in grundy::eval::BUILTINS {
        let name = builtin.name;
        if name == "options" {
            continue;
        }
        let family = format!("let {name}(x, y) = x * y\n{name}(6, 7)");
        assert_eq!(eval(&family), "42", "{family}");
        let value = format!("let {name} = 5\n{name} + 1");
        assert_eq!(eval(&value), "6", "{value}");
    }
    // `options` is also the command `options G`: no name, and the diagnostic says why.
    let text = errors("let options(G) = 1");
    assert!(
        text.contains("`options` starts the command `options G`"),
        "{text}"
    );
}

#[test]
fn every_failed_assert_is_counted_and_the_rest_still_runs() {
    let output = run("assert *1 == *2\nassert *1 == *1\nassert *3 is losing\n*4\nassert 1 > 2");
    assert_eq!(output.summary.failed_asserts, 3);
    assert_eq!(output.answers, ["*4 — the player to move wins"]);
    assert_eq!(output.summary.exit_code(), 1);
}

#[test]
fn a_syntax_error_stops_the_program_before_it_runs() {
    let output = run("*1\n*2 + + *3\n*3");
    assert!(output.answers.is_empty());
    assert_eq!(output.summary.syntax_errors, 1);
    assert_eq!(output.summary.exit_code(), 3);
}

#[test]
fn incomplete_input_asks_for_more() {
    use grundy::syntax::is_incomplete;
    for text in [
        "<*0,",
        "let G = <",
        "*1 +",
        "let S(n) =",
        "if n > 0 then *1",
        "nimber(",
        "{1, 2",
    ] {
        assert!(is_incomplete(text), "{text:?} is incomplete");
    }
    for text in ["*1 + *2", "<*0, *1>", "*1 + + *2", "let = 3", "*1 )", ""] {
        assert!(!is_incomplete(text), "{text:?} is complete (or wrong)");
    }
}

#[test]
fn the_operator_help_suggests_the_heap() {
    let text = errors("*3 + 2");
    assert!(text.contains("`*3 + *2`"), "{text}");
    let text = errors("*2 * 3");
    assert!(text.contains("`*(2 * 3)`"), "{text}");
}

#[test]
fn why_folds_to_a_screenful_and_why_full_shows_everything() {
    let folded = eval("why #12 == 0");
    let full = eval("why full #12 == 0");
    assert!(folded.contains("`why full ...` shows them all"), "{folded}");
    assert!(folded.lines().count() <= 40, "{folded}");
    assert!(!full.contains("folded"), "{full}");
    assert!(full.lines().count() > folded.lines().count());
    // Every subtraction position #0..#11 is derived once in the full proof, then referred to.
    for n in 1..12 {
        assert!(full.contains(&format!("#{n} ≡")), "#{n} in\n{full}");
    }
    assert!(full.contains("(shown above)"));
}

#[test]
fn many_options_are_summarized_by_witnesses() {
    let text = eval("why <*k for k in 0..20, *25, *30>");
    assert!(text.contains("mex{0, …, 19, 25, 30} = 20"), "{text}");
    assert!(text.contains("… and 14 more options, none ≡ *20"), "{text}");
}

#[test]
fn moves_are_described_in_the_games_own_terms() {
    table(&[
        (
            "moves #7",
            "#7 ≡ *3: the player to move wins. Winning move:\n  #7 → #4 ≡ 0: remove 3",
        ),
        (
            "moves sub(7, {1, 3, 4})",
            "sub(7, {1, 3, 4}) ≡ 0: the player to move loses. No move wins: each of its 3 moves leaves a game ≢ 0, which the opponent wins.",
        ),
        (
            "let G = <*0, <*1>>; moves G",
            "G ≡ *1: the player to move wins. Winning moves:\n  G → *0 ≡ 0\n  G → <*1> ≡ 0",
        ),
    ]);
    let all = eval("moves all *40");
    assert!(all.starts_with("*40 ≡ *40 has 40 moves:"), "{all}");
    assert!(all.contains("… 10 more"), "{all}");
}

#[test]
fn a_false_outcome_claim_shows_the_winning_move() {
    let text = eval("why *25 + *21 + *11 is losing");
    assert!(
        text.starts_with("*25 + *21 + *11 is losing: false."),
        "{text}"
    );
    assert!(
        text.contains("the winning move: *21 → *18: remove 3 chips from the pile of 21"),
        "{text}"
    );
}

#[test]
fn pictures_draw_the_dag_once() {
    let tree = eval(
        "let rook(i, j) = < rook(a, j) for a in 0..i, rook(i, b) for b in 0..j >; tree rook(2, 2)",
    );
    assert!(
        tree.starts_with("rook(2, 2) ≡ 0\n├── rook(0, 2) ≡ *2"),
        "{tree}"
    );
    assert!(tree.contains("(see above)"), "{tree}");
    let dot = eval("dot <*0, *2>");
    assert!(dot.starts_with("digraph game {"), "{dot}");
    assert_eq!(dot.matches(" -> ").count(), 5, "{dot}");
    assert_eq!(
        dot.matches("fillcolor").count(),
        1,
        "one P-position: *0\n{dot}"
    );
}

#[test]
fn the_rook_game_is_two_heaps() {
    table(&[
        ("rook(3, 5)", "*6 — the player to move wins"),
        ("rook(4, 4) is losing", "true"),
        (
            "{1 for i in 0..12 for j in 0..12 if rook(i, j) != *(i ^ j)} == {}",
            "true",
        ),
        (
            "moves rook(3, 5)",
            "rook(3, 5) ≡ *6: the player to move wins. Winning move:\n  rook(3, 5) → rook(3, 3) ≡ 0: 2 squares left",
        ),
    ]);
    let why = eval("why rook(3, 5)");
    assert!(
        why.contains("rook(3, 5) ≡ *3 + *5   (definition of the sum)"),
        "{why}"
    );
    // A definition of one's own shadows the built-in and agrees with it.
    table(&[(
        "let rook(i, j) = < rook(a, j) for a in 0..i, rook(i, b) for b in 0..j >; rook(3, 5)",
        "*6 — the player to move wins",
    )]);
}

#[test]
fn families_are_values_that_tabulate() {
    table(&[
        (
            "seq(sub({1, 3, 4}), 0..16)",
            "sub({1, 3, 4}): values, period 7 from n = 0\n 0: 0 1 0 1 2 3 2\n 7: 0 1 0 1 2 3 2\n14: 0 1",
        ),
        (
            "let S(n) = < S(n - k) for k in 1..=3 if k <= n >; seq(S, 3..11)",
            "S: values\n 0:       3 0 1 2 3 0 1\n10: 2",
        ),
        (
            "seq(sub({1, 2}), {3, 10})",
            "sub({1, 2}): values, period 3 from n = 0\n  3: 0\n  10: 1",
        ),
        (
            "let S(n) = *n; S",
            "S: a family of games; `S(n)` is one of them, `seq(S, 0..20)` tabulates their values",
        ),
        // A family is shown as it was defined, whatever its parameter is called.
        (
            "let step(k) = < step(j) for j in 0..k >; step",
            "step: a family of games; `step(k)` is one of them, `seq(step, 0..20)` tabulates their values",
        ),
    ]);
}

#[test]
fn periods_come_with_their_proof() {
    let text = eval("period(sub({1, 3, 4}))");
    assert!(
        text.starts_with("sub({1, 3, 4}): period 7 from n = 0"),
        "{text}"
    );
    assert!(
        text.contains("the 4 values from n = 7 come back 7 later"),
        "{text}"
    );
    let text = eval("period(sub({2, 5, 7}))");
    assert!(
        text.starts_with("sub({2, 5, 7}): period 22 from n = 0"),
        "{text}"
    );
    // The proof holds: the sequence really repeats, far beyond the values computed.
    table(&[(
        "{n for n in 0..2000 if sub(n, {2, 5, 7}) != sub(n + 22, {2, 5, 7})} == {}",
        "true",
    )]);
    let errors = errors("let S(n) = *n; period(S)");
    assert!(
        errors.contains("periods are proved for heap games only"),
        "{errors}"
    );
}

#[test]
fn far_out_piles_answer_by_their_period() {
    let text = eval("why sub(10**18, {1, 3, 4})");
    assert!(
        text.contains("(periodicity of subtraction games)"),
        "{text}"
    );
    assert!(
        text.contains("1000000000000000000 = 0 + 7·142857142857142857 + 1"),
        "{text}"
    );
}

/// Answers far down a long script carry their own line numbers (found in a line index, not
/// by counting from the top), and so do diagnostics.
#[test]
fn a_long_script_answers_with_the_line_of_each_statement() {
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut line = 1;
    for i in 0..5_000 {
        match i % 4 {
            0 => text.push_str(&format!("*{}\n", i % 7)),
            1 => text.push_str("// a note\n\n"),
            2 => text.push_str("let x = 3; x + 1\n"),
            _ => text.push_str("assert *1 + *1 == 0\n"),
        }
        match i % 4 {
            0 | 3 => expected.push(line),
            2 => expected.extend([line, line]),
            _ => {}
        }
        line += if i % 4 == 1 { 2 } else { 1 };
    }
    text.push_str("assert *1 == *2\n");
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    Session::default().run("long.game", &text, &mut |event| match event {
        grundy::eval::Event::Answer { line, .. } => lines.push(line),
        grundy::eval::Event::Error(report) => errors.push(format!("{report:?}")),
        grundy::eval::Event::Warning(_) => {}
    });
    assert_eq!(lines, expected);
    let failed = common::errors(&text);
    assert!(
        failed.contains(&format!("[test.game:{line}:8]")),
        "{failed}"
    );
    assert_eq!(errors.len(), 1);
}

/// A value may use what is defined before it, its own earlier value included; a name it uses
/// before its definition is a name error, found before anything runs (exit code 3).
#[test]
fn values_use_names_defined_before_them() {
    assert_eq!(eval("let L = 1; let L = L + 1; L"), "2");
    assert_eq!(
        eval("let f(n) = g(n); let g(n) = *n; f(3)"),
        "*3 — the player to move wins"
    );
    let mut session = Session::default();
    let output = run_in(&mut session, "t", "*1\nlet L = L + 1");
    assert!(output.answers.is_empty(), "{:?}", output.answers);
    assert!(output.errors[0].contains("not defined until its own definition is done"));
    assert_eq!(output.summary.exit_code(), 3);
}
