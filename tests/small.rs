//! Families over lists, sets and strings run on small values (src/eval/calls/small/) answer
//! exactly as the tree-walker does: random families, built from the operations positions
//! are made of (subscripts, slices, `:=`, comprehensions, set operations, `sort`, `len`,
//! `min`, `in`, quantifiers, `require`), with values inside and outside the small kinds
//! (naturals past 255, sets past 63, long lists, negative numbers) and with mistakes
//! (an index past the end, a wrong kind), give the same values, moves, explanations and
//! diagnostics both ways.

mod common;

use grundy::eval::Session;
use proptest::prelude::*;

fn transcript(program: &str, fast: bool) -> String {
    let mut session = Session::default();
    session.set_limit("steps=2000000").unwrap();
    session.compile_bodies(fast);
    let output = common::run_in(&mut session, "test.game", program);
    format!("{}\n{:?}", output.transcript, output.summary)
}

fn same_both_ways(program: &str) -> Result<(), TestCaseError> {
    let walked = transcript(program, false);
    let fast = transcript(program, true);
    prop_assert_eq!(fast, walked, "the program:\n{}", program);
    Ok(())
}

/// A list made from `q` (the position with one part reduced) that is no larger in sum, so
/// that every family terminates.
fn list_shape() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "q",
        "sort(q)",
        "[x for x in q if x > 0]",
        "q[1:] + q[:1]",
        "(if len(q) > 0 then q[:-1] else q)",
        "[min(x, 9) for x in q]",
        "q[:i] + q[i + 1:]",
        "sort([x for x in q if x != 0])",
        "[x for x in q if x > 0 and x in q]",
        "q + []",
        "(r[1:] + r[:1] where r = q)",
        "(sort(r) where r = [x for x in q if x > 0])",
        // Not lowered: the family runs on the tree-walker.
        "reverse(q)",
        "q[1:2 := []] + q[1:2]",
    ])
}

/// A condition on the list `p`, the place `i` and the amount `t`.
fn list_condition() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "true",
        "t <= 2",
        "p[i] - t != 1",
        "i == 0 or p[i - 1] >= t",
        "len(p) > 1",
        "t in p",
        "all(x >= t for x in p[:i])",
        "any(x == t for x in p)",
        "sum(p) % 3 != 1",
        "max(p) > t",
        "p[-1] >= 0",
        "p[i + 1] > 0",
        "p < [3, 3]",
        "p[i] in {1, 2, 300}",
        "(d != 1 where d = p[i] - t)",
        "p != 5 and t is int",
        "not (p is string) and p is list",
        "[p[i], t] != [2, 1] and p != \"ab\"",
    ])
}

fn list_start() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(0i64..5, 0..5),
        (20usize..28, prop::collection::vec(0i64..3, 3)).prop_map(|(zeros, rest)| {
            let mut v = vec![0; zeros];
            v.extend(rest);
            v
        }),
        prop::collection::vec(250i64..258, 1..3),
        prop::collection::vec(-1i64..3, 1..4),
    ]
    .prop_map(|v| format!("{v:?}"))
}

fn set_step() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "s - {v}",
        "s - ({v} | {v + 1, v - 1})",
        "{x for x in s if x != v}",
        "s - {v} - {x for x in s if x > v + 2}",
        "(s | {}) - {v}",
        "s & {x for x in s if x < v}",
        "s ^ {v}",
    ])
}

fn set_start() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::btree_set(0i64..12, 0..7),
        prop::collection::btree_set(60i64..70, 0..4),
        prop::collection::btree_set(-2i64..4, 0..4),
    ]
    .prop_map(|s| {
        let members: Vec<String> = s.iter().map(i64::to_string).collect();
        format!("{{{}}}", members.join(", "))
    })
}

fn string_move() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "r(s[i := \"T\"]) for i in 0..len(s) if s[i] == \"H\"",
        "r(s[i := \"T\"][j := (if s[j] == \"H\" then \"T\" else \"H\")]) for i in 0..len(s) if s[i] == \"H\" for j in 0..i",
        "r(s[:i] + s[i + 1:]) for i in 0..len(s) if s[i] == \"H\"",
        "r(s[1:]) if \"HH\" in s",
        "r(s[:-1]) if len(s) > 0 and s[-1] == \"T\"",
        "r(s[i := \"TT\"]) for i in 0..len(s) if s[i] == \"X\"",
        "r(s[i:i + 2 := \"T\"]) for i in 0..len(s) if s[i:i + 2] == \"HH\"",
        "r(replace(s, \"HT\", \"T\")) if \"HT\" in s",
        "r(join(reverse(split(s, \"H\")), \"T\")) if \"H\" in s",
    ])
}

fn string_start() -> impl Strategy<Value = String> {
    prop_oneof!["[HT]{0,6}", "T{24,30}[HT]{1,4}", "[HTX]{1,4}", "[HTé]{1,3}"]
        .prop_map(|s| format!("\"{s}\""))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn list_families_answer_as_walked(
        shape in list_shape(),
        condition in list_condition(),
        start in list_start(),
        word in any::<bool>(),
    ) {
        let words = if word { " as \"take \" + str(t) + \" from \" + str(i)" } else { "" };
        let program = format!(
            "let f(p) = < f({}){words} for i in 0..len(p) for t in 1..=p[i] if {condition} \
             >\nnimber(f({start}))\nmoves f({start})",
            shape.replace('q', "(p[i := p[i] - t])"),
        );
        same_both_ways(&program)?;
    }

    /// The position named by a `let` clause, or taken apart by a pattern (which the small
    /// path leaves to the tree-walker).
    #[test]
    fn families_with_local_names_answer_as_walked(
        shape in list_shape(),
        condition in list_condition(),
        start in list_start(),
        pattern in any::<bool>(),
    ) {
        let clauses = if pattern {
            "for [i, x] in [[j, p[j]] for j in 0..len(p)] for t in 1..=x"
        } else {
            "for i in 0..len(p) for t in 1..=p[i]"
        };
        let program = format!(
            "let f(p) = < f(r) {clauses} let r = {} if {condition} >\nnimber(f({start}))\nmoves f({start})",
            shape.replace('q', "(p[i := p[i] - t])"),
        );
        same_both_ways(&program)?;
    }

    #[test]
    fn set_families_answer_as_walked(step in set_step(), start in set_start(), required in any::<bool>()) {
        let body = format!("< g({step}) for v in s >");
        let body = if required {
            format!("require(all(x >= 0 for x in s), \"a set of naturals\", {body})")
        } else {
            body
        };
        let program = format!("let g(s) = {body}\nnimber(g({start}))\nwhy g({start})");
        same_both_ways(&program)?;
    }

    #[test]
    fn string_families_answer_as_walked(
        moves in prop::collection::vec(string_move(), 1..3),
        start in string_start(),
    ) {
        let program = format!("let r(s) = < {} >\nnimber(r({start}))\nmoves r({start})", moves.join(", "));
        same_both_ways(&program)?;
    }
}

/// A graph held as a list of sets (no small kind) and passed on unchanged, as Node Kayles
/// passes it: found by its number in the memo, both ways alike.
#[test]
fn a_graph_passed_on_answers_as_walked() {
    let programs = [
        "nimber(node_kayles(cycle_graph(9)))\nmoves node_kayles(path_graph(6))",
        "let k(g, s) = < k(g, s - ({v} | g[v])) for v in s >\nnimber(k([{1}, {0, 2}, {1, 3}, {2}], {0, 1, 2, 3}))\nwhy k([{1}, {0, 2}, {1}], {0, 1, 2})",
        "let k(g, s) = < k(g, s - g[v]) for v in s >\nk([{1}, {0, 2}], {0, 1})",
        "let k(g, s) = < k(g, s - {v} - g[v]) for v in s >\nnimber(k([[1], [0]], {0, 1}))",
    ];
    for program in programs {
        same_both_ways(program).unwrap();
    }
}

/// Boards and sums of games, as Cram's body uses them: `regions`, `shape`, `transpose`,
/// `indices`, `for x in [a, b]` without making the list, `sum` of games and of integers,
/// and their mistakes.
#[test]
fn boards_and_sums_answer_as_walked() {
    let programs = [
        "nimber(cram(3, 4))\nmoves cram(2, 3)\nwhy cram(2, 2)",
        "let b(s) = < sum(b(r) for r in regions(s[k := \"#\"]) if r != \".\") for k in indices(s, \".\") >\nnimber(b(\"..../...#\"))\nmoves b(\"../..\")",
        "let b(s) = < b(x) for x in [s[1:], s[:-1]] if len(s) > 0 >\nnimber(b(\"abc\"))",
        "let t(s) = < t(shape(s[k := \"#\"])) for k in indices(s, \".\") >\nnimber(t(\"...\"))\nnimber(t(\"..#/.#.\"))",
        "let d(s, down) = < d(s[k := \"#\"], not down) for b in [if down then transpose(s) else s] for k in indices(b, \".\") >\nnimber(d(\"../..\", false))",
        "let e(s) = < e(regions(s)) >\ne(\"é.\")",
        "let e(s) = < e(r) for r in regions(s) >\ne(\"./..x/\")",
        "let m(p) = < *sum(x for x in p), m(p[1:]) for k in [0] if len(p) > 0 >\nnimber(m([1, 2, 3]))",
        "let n(p) = sum(x for x in p) + 1\nn([1, 2])\nn([1, *1])",
        "let o(p) = < sum(o(p[:i]) for i in 0..len(p)) >\nnimber(o([1, 2, 3]))",
        "let q(p) = < q(p[i := 0]) for i in indices(p, 1) >\nnimber(q([1, 0, 1, 1]))\nq(5)",
    ];
    for program in programs {
        same_both_ways(program).unwrap();
    }
}

/// What a review found the small path answering otherwise, each answered alike now: a
/// negative exponent of 0, 1 or -1; a family in a list written out (`for h in [kayles]`); a
/// quantifier in a family called from an assert's quantifier.
#[test]
fn what_the_review_found_answers_as_walked() {
    let programs = [
        "let f(p) = 1 ** -1\nf([1])",
        "let f(p) = 0 ** (len(p) - 2)\nf([1])\nnimber(< *(0 ** (len(q) - 2)) for q in [[1]] >)",
        "let f(p) = < 0 for h in [kayles] >\nf([1])",
        "let g(n) = *n\nlet f(p) = < 0 for h in [p, g] >\nf([1])",
        "let f(p) = all(x > 0 for x in p)\nassert all(f(p) for p in [[1, 0]])",
        "let f(p) = any(x > 1 for x in p)\nassert f([1, 0]) or all(f(p) for p in [[1, 0], [2]])",
    ];
    for program in programs {
        same_both_ways(program).unwrap();
    }
}

/// The least `steps` limit a program runs under, by bisection.
fn least_steps(program: &str, fast: bool) -> u64 {
    let runs_under = |steps: u64| {
        let mut session = Session::default();
        session.set_limit(&format!("steps={steps}")).unwrap();
        session.compile_bodies(fast);
        let output = common::run_in(&mut session, "test.game", program);
        output.summary.runtime_errors == 0
    };
    let (mut low, mut high) = (1u64, 1 << 24);
    assert!(runs_under(high), "{program}");
    while low < high {
        let middle = (low + high) / 2;
        if runs_under(middle) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    low
}

/// A run on small values counts the steps the tree-walker counts, to the step: so a
/// program stops under the `steps` limit where it always did, also when a run stops early
/// after calls it made (which stay counted) or a limit is reached inside a `require`.
#[test]
fn steps_are_counted_alike() {
    let programs = [
        "nimber(cram(2, 5))",
        "nimber(staircase([2, 1, 2]))",
        "nimber(nimble([1, 3, 4]))",
        "nimber(turning_turtles_row(\"HTHHT\"))",
        "nimber(chomp_rectangle(3, 3))",
        "nimber(node_kayles(cycle_graph(7)))",
        "nimber(moore(2, [1, 2, 3]))",
        "let w(s) = require(cram_rows(s), \"a board\", 0)\nw(\"../..\")",
        "let k(p) = < k(sort([x for x in p[:i] + [a, p[i] - 1 - a] + p[i + 1:] if x > 0])) for i in 0..len(p) for a in 0..p[i] >\nnimber(k([3, 4]))",
        // A run that stops after calls whose arguments are long to find (the review's).
        "let h(p, k) = k\nlet g(p) = h(p, 1) + len(p + [1])\ng([0] * 65)",
        "let h(p, k) = k\nlet g(p) = h(p, 1) + len(p + [1])\ng([0] * 400)",
        "let h(g, p) = 1\nlet f(p, g) = h(g, p) + len(p + [1])\nh(*1, [0] * 65)\nf([0] * 65, *1)",
    ];
    for program in programs {
        assert_eq!(
            least_steps(program, true),
            least_steps(program, false),
            "{program}"
        );
    }
}
