//! Functions written inline (`k => n - k`): called, passed to families, remembered per
//! argument, capturing the names they use; and the library's generic take-away ruleset.

mod common;

use common::{errors, eval, run, table};

#[test]
fn functions_are_called_and_passed() {
    table(&[
        ("let f = x => x + 1\nf(3)", "4"),
        ("let add = (a, b) => a * 10 + b\nadd(4, 2)", "42"),
        ("let one = () => *1\none()", "*1 — the player to move wins"),
        ("let twice(f, x) = f(f(x))\ntwice(k => k * 3, 2)", "18"),
        // The body goes as far as an expression without `where`.
        ("let f = x => x + 1 == 4\nf(3)", "true"),
        ("let f = x => y * x where y = 5\nf(2)", "10"),
        ("(x => x) is function and kayles is function", "true"),
        ("let F = n => *(n % 3)\nnimber(F(5))", "2"),
    ]);
}

#[test]
fn a_function_sees_the_names_where_it_was_written() {
    table(&[
        ("let adder(n) = k => k + n\nlet a = adder(10)\na(5)", "15"),
        // A parameter hides a name of the same spelling around it.
        ("let g(n) = (n => n * 2)\nlet h = g(100)\nh(3)", "6"),
    ]);
}

#[test]
fn a_ruleset_takes_its_rule_as_a_function() {
    let take = "let take(rule, n) = < take(rule, n - k) for k in rule(n) if 1 <= k and k <= n >\n";
    table(&[
        (
            &format!("{take}all(take(n => {{1, 3, 4}}, m) == sub(m, {{1, 3, 4}}) for m in 0..60)"),
            "true",
        ),
        // A rule using a name around it, made per call.
        (
            &format!("{take}let upto(c) = n => 1..=c\nall(take(upto(3), m) == #m for m in 0..40)"),
            "true",
        ),
        (
            &format!("{take}moves take(n => {{2}}, 3)"),
            "take(n => {2}, 3) ≡ *1: the player to move wins. Winning move:\n  take(n => {2}, 3) → take((n => {2}), 1) ≡ 0",
        ),
    ]);
}

/// A function made again with the same captured values is the same function: a family
/// passing `j => j + c` down a recursion deeper than calls are suspended at (256) found
/// none of its calls again and filled memory (a review found it).
#[test]
fn a_function_made_again_is_the_same_function() {
    table(&[
        (
            "let F(m) = take_away(n => 1..=min(m, n), 1000)\nnimber(F(3))",
            "0",
        ),
        (
            "let G(n, c, r) = if n == 0 then 0 else G(n - 1, c, j => j + c)\nG(2000, 1, x => x)",
            "0",
        ),
        (
            "let f(c) = (x => x + c)\nf(1) == f(1) and f(1) != f(2)",
            "true",
        ),
    ]);
    // A chain of functions each capturing the one before is refused at a depth, not
    // dropped one level a stack frame.
    let deep = errors(
        "let G(n, rule) = < G(n - 1, j => rule(j)) for k in 0..1 if n > 0 >\nG(100000, x => 0)",
    );
    assert!(
        deep.contains("a function made of functions this deep"),
        "{deep}"
    );
}

#[test]
fn the_librarys_take_away_games_agree_with_their_theory() {
    table(&[
        ("take_away(n => {1, 3, 4}, 7) is losing", "true"),
        (
            "all(take_away(n => 1..=n / 2, 2 * k) == *k for k in 0..60)",
            "true",
        ),
        (
            "[m for m in 0..25 if take_away(n => {k * k for k in 1..=n if k * k <= n}, m) is losing]",
            "[0, 2, 5, 7, 10, 12, 15, 17, 20, 22]",
        ),
    ]);
    assert!(errors("take_away(3, 4)").contains("a take-away game is a rule"));
}

#[test]
fn misuse_of_functions_is_a_diagnostic() {
    assert!(errors("let f = (a, b) => a\nf(1)").contains("2 arguments"));
    assert!(errors("let f = (a, a) => a").contains("used twice as a parameter"));
    assert!(errors("x => y").contains("unknown name `y`"));
    assert!(errors("[x => x]").contains("is a function, not a value"));
    // A function is equal to itself only, as a family is; beside data it is an error.
    assert_eq!(
        eval("let f = x => x\nlet g = x => x\n[f == f, f == g]"),
        "[true, false]"
    );
    let out = run("let f = x => x\nf == 1");
    assert!(!out.errors.is_empty(), "{}", out.transcript);
}
