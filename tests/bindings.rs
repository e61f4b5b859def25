//! Local names (`where`, `let` clauses), patterns that take lists apart, kind tests
//! (`x is list`) and `==` between values of different kinds: what each evaluates to, in
//! a statement and in a family body (where the fast paths run), and what explanations say.

mod common;

use common::{run, table};

#[test]
fn where_binds_names_for_the_expression_before_it() {
    table(&[
        ("x * y where x = 3, y = x + 1", "12"),
        // Each binding sees the ones before it; a later one hides an earlier one.
        ("x where x = 1, x = x + 10", "11"),
        // After an `if`, the whole `if`'s: its condition sees the name.
        (
            "if k == 1 then \"that square\" else str(k) + \" squares\" where k = 2 + 3",
            "\"5 squares\"",
        ),
        // Inside brackets, the element's; a `for` after it goes on with the element.
        ("[y where y = x * x for x in 0..4]", "[0, 1, 4, 9]"),
        ("f(2) where f = kayles", "*2 — the player to move wins"),
        ("(a where a = 2) + (a where a = 3)", "5"),
        ("*k + *k where k = 5", "0 — the player to move loses"),
        ("[a, b] where [a, [b, _]] = [1, [2, 3]]", "[1, 2]"),
    ]);
}

#[test]
fn let_clauses_name_a_value_for_the_clauses_after_them() {
    table(&[
        (
            "[q for x in 0..6 let q = x * x if q % 2 == 0]",
            "[0, 4, 16]",
        ),
        ("sum(q for x in 1..=3 let q = 10 * x)", "60"),
        ("{r for x in [3, 1, 3] let r = x % 2}", "{1}"),
        ("count(q > 2 for x in 0..5 let q = x * 2)", "3"),
        (
            "[[a, b] for x in 0..2 let [a, b] = [x, x + 1]]",
            "[[0, 1], [1, 2]]",
        ),
        (
            "<*q for k in 0..3 let q = k + 1>",
            "0 — the player to move loses",
        ),
    ]);
}

#[test]
fn patterns_take_lists_apart_in_for() {
    table(&[
        ("[a + b for [a, b] in [[1, 2], [3, 4]]]", "[3, 7]"),
        (
            "sum(a * i for [i, [a, b]] in [[1, [2, 3]], [2, [4, 5]]])",
            "10",
        ),
        ("[x for [x] in [[5], [6]]]", "[5, 6]"),
        ("[0 for [] in [[], []]]", "[0, 0]"),
        ("all(a < b for [a, b] in [[1, 2], [2, 3]])", "true"),
    ]);
}

#[test]
fn kinds_are_told_apart() {
    table(&[
        ("3 is int", "true"),
        ("true is bool", "true"),
        ("\"ab\" is string", "true"),
        ("[1] is list", "true"),
        ("{1} is set and {[1]} is set", "true"),
        ("0..3 is range", "true"),
        ("*2 is game and <> is game", "true"),
        // An integer is no game, though 0 stands for the game 0 where a game is wanted.
        ("0 is game", "false"),
        ("kayles is family", "true"),
        ("digraph(\"a>b\") is graph", "true"),
        ("\"ab\" is list", "false"),
        ("[1] is set", "false"),
        ("not [1] is list", "false"),
    ]);
}

#[test]
fn values_of_different_kinds_are_unequal() {
    table(&[
        ("[1] == 1", "false"),
        ("[1] != 1", "true"),
        ("\"a\" == [\"a\"]", "false"),
        ("{1} == [1]", "false"),
        ("true == 1", "false"),
        ("0..3 == {0, 1, 2}", "true"),
        ("0..3 == [0, 1, 2]", "false"),
        ("[1, [2]] == [1, 2]", "false"),
        // Equal games are still equal, and 0 is the game 0.
        ("*0 == 0", "true"),
        ("<0> == 0", "false"),
    ]);
    // Slips, not questions: a game beside an integer other than 0, a family beside a value.
    for source in ["*3 == 3", "kayles == 1", "[1] == *1"] {
        let out = run(source);
        assert!(!out.errors.is_empty(), "{source}: {:?}", out.transcript);
    }
}

/// A family whose body uses local names is remembered by its arguments alone, and its
/// options, moves and explanations read as without them.
#[test]
fn families_with_local_names_play_as_without() {
    let with = "let c(r) = < c(b) as \"bite \" + str(i) + \", \" + str(j) for i in 0..len(r) \
                for j in 0..r[i] let b = r[:i] + [min(x, j) for x in r[i:] if min(x, j) > 0] \
                if i + j > 0 >\nmoves c([3, 3, 2])\nnimber(c([4, 4, 4]))";
    let without = "let c(r) = < c(r[:i] + [min(x, j) for x in r[i:] if min(x, j) > 0]) as \
                   \"bite \" + str(i) + \", \" + str(j) for i in 0..len(r) for j in 0..r[i] \
                   if i + j > 0 >\nmoves c([3, 3, 2])\nnimber(c([4, 4, 4]))";
    assert_eq!(run(with).transcript, run(without).transcript);
    let taken_apart = "let nk(e) = < nk([[a, b] for [a, b] in e if a != v and b != v]) \
                       for v in 0..4 if any(v in x for x in e) >\nnimber(nk([[0, 1], [1, 2], [2, 3]]))";
    // Edges read by a pattern or by index: the same game.
    let by_index = "let nk(e) = < nk([x for x in e if x[0] != v and x[1] != v]) \
                    for v in 0..4 if any(v in x for x in e) >\nnimber(nk([[0, 1], [1, 2], [2, 3]]))";
    assert_eq!(run(taken_apart).transcript, run(by_index).transcript);
}

/// A claim over cases names its case in the loop's own words, a pattern's names too.
#[test]
fn a_failing_case_is_named_by_its_pattern() {
    let out = run("assert all(a < b for [a, b] in [[1, 2], [3, 2]])");
    let shown = out.transcript;
    assert!(shown.contains("false for a = 3, b = 2"), "{shown}");
}

/// A `where` may start the next line of a statement, after blank lines and comments, even
/// past the part of the text the parser is first given.
#[test]
fn where_continues_a_statement_on_the_next_line() {
    let padding = "// a comment to push the next lines past the first window\n".repeat(30);
    let program =
        format!("{padding}let f(n) = g(k)\n\n  // why\n  where k = n + 1\nlet g(m) = *m\nf(3)\n");
    let out = run(&program);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.transcript.contains("*4"), "{}", out.transcript);
    // Past the window: a statement long enough that its `where` lies beyond 1 KiB.
    let long = format!(
        "let h(n) = n + {}\n  where k = 1\nh(1)\n",
        vec!["k"; 600].join(" + ")
    );
    let out = run(&long);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.transcript.contains("601"), "{}", out.transcript);
}
