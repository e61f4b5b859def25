//! Strings and lists made of one another: `join`, `split`, `replace`, `reverse`, `list`,
//! `set`, `enumerate`, `zip`, `sum` of strings, `count` of any generator, and slice
//! replacement `p[a:b := q]`, as values, against Rust's own string functions, and the same
//! in a family's body (run on small values first) as at top level.

mod common;

use common::{eval, run_in};
use grundy::eval::Session;
use proptest::prelude::*;

fn table(cases: &[(&str, &str)]) {
    for (source, printed) in cases {
        assert_eq!(eval(source), *printed, "{source}");
    }
}

#[test]
fn join_puts_a_separator_between_strings() {
    table(&[
        (r#"join(["a", "b"], "-")"#, r#""a-b""#),
        (r#"join(["a", "b"])"#, r#""ab""#),
        (r#"join(["ab"], ", ")"#, r#""ab""#),
        (r#"join([], "-")"#, r#""""#),
        ("join([])", r#""""#),
        (r#"join(sort("cab"))"#, r#""abc""#),
        (r#"join("abc", ".")"#, r#""a.b.c""#),
        (r#"join({"b", "a"}, "+")"#, r#""a+b""#),
        (r#"join([str(k) for k in 1..4], ", ")"#, r#""1, 2, 3""#),
        (r#"join(c + c for c in "ab")"#, r#""aabb""#),
        (r#"join(["é", "ü"], "·")"#, r#""é·ü""#),
    ]);
}

#[test]
fn split_cuts_at_a_separator_or_at_spaces() {
    table(&[
        (r#"split("3-4-5", "-")"#, r#"["3", "4", "5"]"#),
        (r#"split("a--b", "-")"#, r#"["a", "", "b"]"#),
        (r#"split("-a-", "-")"#, r#"["", "a", ""]"#),
        (r#"split("", "-")"#, r#"[""]"#),
        (r#"split("abc", "bc")"#, r#"["a", ""]"#),
        (r#"split(" 3  4 5 ")"#, r#"["3", "4", "5"]"#),
        (r#"split("")"#, "[]"),
        (r#"split("   ")"#, "[]"),
        (
            r#"[len(run) for run in split("xx.xxx.x", ".")]"#,
            "[2, 3, 1]",
        ),
    ]);
}

#[test]
fn replace_replaces_every_occurrence_from_the_left() {
    table(&[
        (r#"replace("HHTH", "H", "T")"#, r#""TTTT""#),
        (r#"replace("aaa", "aa", "b")"#, r#""ba""#),
        (r#"replace("x..x..", "..", ".")"#, r#""x.x.""#),
        (r#"replace("abc", "z", "y")"#, r#""abc""#),
        (r#"replace("abc", "b", "")"#, r#""ac""#),
        (r#"replace("", "a", "b")"#, r#""""#),
        (r#"replace("héé", "é", "e")"#, r#""hee""#),
    ]);
}

#[test]
fn reverse_list_and_set_turn_sequences_round_and_into_each_other() {
    table(&[
        ("reverse([1, 2, 3])", "[3, 2, 1]"),
        ("reverse([])", "[]"),
        (r#"reverse("HHT")"#, r#""THH""#),
        (r#"reverse("héllo")"#, r#""olléh""#),
        (r#"reverse("")"#, r#""""#),
        (r#"list("HTH")"#, r#"["H", "T", "H"]"#),
        (r#"list("")"#, "[]"),
        ("list({3, 1, 2})", "[1, 2, 3]"),
        (r#"list({"b", [1]})"#, r#"["b", [1]]"#),
        ("list(0..4)", "[0, 1, 2, 3]"),
        ("list(2..=2)", "[2]"),
        ("list([[1], 2])", "[[1], 2]"),
        (r#"join(list("abc"))"#, r#""abc""#),
        ("set([3, 1, 3])", "{1, 3}"),
        (r#"set("hello")"#, r#"{"e", "h", "l", "o"}"#),
        ("set(0..4) == {0, 1, 2, 3}", "true"),
        ("set([])", "{}"),
        ("set({2, 1})", "{1, 2}"),
        ("set([*1, *0, *1])", "{*0, *1}"),
        // Games as positions, a sum the same however it is written, as in a set literal.
        ("set([*1 + *2, *2 + *1]) == {*1 + *2}", "true"),
        ("set([*1 + *1, *0]) == {*1 + *1, *0}", "true"),
        ("set([[2], [1], [2]])", "{[1], [2]}"),
    ]);
}

#[test]
fn enumerate_and_zip_make_pairs() {
    table(&[
        (r#"enumerate("ab")"#, r#"[[0, "a"], [1, "b"]]"#),
        ("enumerate([5, 7])", "[[0, 5], [1, 7]]"),
        ("enumerate([])", "[]"),
        ("enumerate({9, 8})", "[[0, 8], [1, 9]]"),
        ("enumerate(3..5)", "[[0, 3], [1, 4]]"),
        (r#"zip([1, 2, 3], "ab")"#, r#"[[1, "a"], [2, "b"]]"#),
        ("zip([], [1])", "[]"),
        ("zip(0..1000000000000000, [7, 8])", "[[0, 7], [1, 8]]"),
        (
            r#"[pair[0] for pair in enumerate("HTTH") if pair[1] == "H"]"#,
            "[0, 3]",
        ),
        (
            "sum(pair[0] * pair[1] for pair in zip([1, 2], [3, 4]))",
            "11",
        ),
    ]);
}

#[test]
fn sum_joins_strings_and_still_adds_integers_and_games() {
    table(&[
        (r#"sum(["ab", "c"])"#, r#""abc""#),
        (r#"sum(c for c in "xyz")"#, r#""xyz""#),
        (r#"sum(["a"])"#, r#""a""#),
        ("sum([])", "0"),
        ("sum([1, 2, 3])", "6"),
        ("sum(*k for k in [1, 2])", "*3 — the player to move wins"),
        ("sum([0, *2])", "*2 — the player to move wins"),
    ]);
}

#[test]
fn count_counts_the_values_of_any_generator_but_false() {
    table(&[
        ("count(1 for x in [1, 2, 1] if x == 1)", "2"),
        (r#"count(c for c in "HHTH" if c == "H")"#, "3"),
        ("count(x for x in 0..10)", "10"),
        ("count(x == 1 for x in [1, 2, 1])", "2"),
        ("count(x for x in [true, false, 5])", "2"),
        ("count([1, false, true])", "2"),
        ("count({1, 2})", "2"),
        ("count(1 for x in [])", "0"),
        ("count(kayles(n) == *1 for n in 0..20)", "5"),
    ]);
    assert_eq!(
        eval("why count(2 * x for x in [1, 2, 1] if x == 1)"),
        "count(2 * x for x in [1, 2, 1] if x == 1) = 2.\n  x = 1: `2 * x` is 2\n  x = 1: `2 * x` is 2"
    );
}

#[test]
fn a_slice_is_replaced_by_a_sequence_of_any_length() {
    table(&[
        (r#""HHTH"[1:3 := "TT"]"#, r#""HTTH""#),
        ("[1, 2, 3, 4][1:3 := [9]]", "[1, 9, 4]"),
        ("[1, 2, 3][:1 := []]", "[2, 3]"),
        ("[1, 2, 3][1: := [7, 8, 9]]", "[1, 7, 8, 9]"),
        ("[1, 2, 3][: := []]", "[]"),
        (r#""abc"[-1: := "XYZ"]"#, r#""abXYZ""#),
        (r#""abc"[:-1 := ""]"#, r#""c""#),
        (r#""abc"[2:1 := "-"]"#, r#""ab-c""#),
        (r#""abc"[5:9 := "d"]"#, r#""abcd""#),
        (r#""abc"[-9:1 := "_"]"#, r#""_bc""#),
        (r#""héllo"[1:2 := "e"]"#, r#""hello""#),
        (r#""ab"[0:1:="x"]"#, r#""xb""#),
        // Beside the one-element form, which it does not change.
        (r#""ab"[0 := "x"]"#, r#""xb""#),
        ("[[1], [2]][1:2 := [[3], [4]]]", "[[1], [3], [4]]"),
    ]);
}

/// A ruleset the issue names: a move turns over a run of coins whose last is heads, a
/// run written with a slice replaced rather than a recursive helper.
#[test]
fn a_run_of_coins_is_turned_in_one_expression() {
    let program = r#"
let turned(t) = join([if c == "H" then "T" else "H" for c in t])
let runs(s) = < runs(s[a:b := turned(s[a:b])]) for b in 1..=len(s) if s[b - 1] == "H" for a in 0..b >
[nimber(runs("T" * k + "H")) for k in 0..8]
"#;
    // The ruler game's values: the largest power of 2 dividing k + 1.
    assert_eq!(eval(program), "[1, 2, 1, 4, 1, 2, 1, 8]");
}

/// The small path (src/eval/calls/small/) does not lower the new built-ins or `p[a:b := q]`:
/// a family using them runs on the tree-walker, and answers as the same expression does at
/// top level, with the fast path on or off.
#[test]
fn families_using_the_new_forms_answer_as_at_top_level() {
    let cases = [
        (r#"reverse(p)"#, r#"["a", "b", "c"]"#),
        (r#"join(p, "-")"#, r#"["a", "b", "c"]"#),
        (r#"split(join(p, " "))"#, r#"["a", "b"]"#),
        (r#"replace(join(p), "a", "xy")"#, r#"["a", "b", "a"]"#),
        ("list(set(p))", "[3, 1, 3]"),
        ("enumerate(p)", "[3, 4]"),
        ("zip(p, reverse(p))", "[1, 2, 3]"),
        ("sum(p)", r#"["ab", "c"]"#),
        ("count(1 for x in p if x == 3)", "[3, 1, 3]"),
        ("p[1:2 := [9, 9]]", "[1, 2, 3]"),
        (r#"p[:1 := "xyz"]"#, r#""abc""#),
    ];
    for (body, argument) in cases {
        let top = eval(&format!("let p = {argument}\n{body}"));
        for fast in [true, false] {
            let mut session = Session::default();
            session.compile_bodies(fast);
            let program = format!("let F(p) = {body}\nF({argument})");
            let output = run_in(&mut session, "test.game", &program);
            assert!(output.errors.is_empty(), "{program}: {:?}", output.errors);
            assert_eq!(
                output.answers,
                std::slice::from_ref(&top),
                "{program} (fast: {fast})"
            );
        }
    }
    // A game whose positions are strings changed by the new forms, fast and walked alike.
    let game = r#"let G(s) = < G(s[i:i + 2 := "..."[:1]]) for i in indices(s, "xx") >
nimber(G(reverse("xxxx.xxx")))"#;
    let mut answers = Vec::new();
    for fast in [true, false] {
        let mut session = Session::default();
        session.compile_bodies(fast);
        answers.push(run_in(&mut session, "test.game", game).answers);
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].len(), 1, "{answers:?}");
}

/// The new built-ins are names a user may still take, and the REPL completes them.
#[test]
fn the_new_names_are_built_ins_a_definition_may_shadow() {
    table(&[
        ("let split(n) = n + 1\nsplit(3)", "4"),
        ("let list = [1]\nlist + [2]", "[1, 2]"),
        ("let set(x, y) = x * y\nset(6, 7)", "42"),
    ]);
    for name in [
        "join",
        "split",
        "replace",
        "reverse",
        "list",
        "set",
        "enumerate",
        "zip",
    ] {
        let completed = grundy::repl::completions(&name[..3], &[]);
        assert!(completed.iter().any(|c| c == name), "{name}: {completed:?}");
        let page = grundy::help::page(name).unwrap();
        assert!(page.starts_with(&format!("{name}(")), "{page}");
    }
    assert!(grundy::help::page(":set").unwrap().starts_with(":set"));
}

/// A string with some spaces and separators in it, as grundy writes it between quotes.
fn text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[ab -]{0,12}").unwrap()
}

fn quoted(text: &str) -> String {
    format!("\"{text}\"")
}

/// `p[a:b := t]` as Python has it: bounds from the end when negative, cut to the sequence,
/// the end never before the start.
fn replaced(p: &[char], a: i64, b: i64, t: &str) -> String {
    let len = p.len() as i64;
    let cut = |n: i64| (if n < 0 { n + len } else { n }).clamp(0, len) as usize;
    let (start, end) = (cut(a), cut(b));
    let end = end.max(start);
    p[..start]
        .iter()
        .chain(&t.chars().collect::<Vec<_>>())
        .chain(&p[end..])
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `join(split(s, sep), sep) == s`, and each agrees with Rust's own.
    #[test]
    fn split_and_join_undo_each_other(s in text(), sep in prop::sample::select(vec!["-", " ", "ab", "--"])) {
        let parts: Vec<String> = s.split(sep).map(quoted).collect();
        let words: Vec<String> = s.split_whitespace().map(quoted).collect();
        let program = format!(
            "assert join(split({s}, {sep}), {sep}) == {s}\n\
             assert split({s}, {sep}) == [{parts}]\n\
             assert split({s}) == [{words}]\n\
             assert join(split({s}), \" \") == {joined}",
            s = quoted(&s),
            sep = quoted(sep),
            parts = parts.join(", "),
            words = words.join(", "),
            joined = quoted(&s.split_whitespace().collect::<Vec<_>>().join(" ")),
        );
        let output = common::run(&program);
        prop_assert!(output.errors.is_empty(), "{}\n{:?}", program, output.errors);
    }

    /// `replace` is Rust's `str::replace`; `reverse` twice is the string again.
    #[test]
    fn replace_and_reverse_agree_with_rust(s in text(), old in "[ab-]{1,2}", new in "[ab -]{0,3}") {
        let program = format!(
            "assert replace({s}, {old}, {new}) == {expected}\n\
             assert reverse(reverse({s})) == {s}\n\
             assert reverse({s}) == {reversed}\n\
             assert join(reverse(list({s}))) == reverse({s})",
            s = quoted(&s),
            old = quoted(&old),
            new = quoted(&new),
            expected = quoted(&s.replace(&old, &new)),
            reversed = quoted(&s.chars().rev().collect::<String>()),
        );
        let output = common::run(&program);
        prop_assert!(output.errors.is_empty(), "{}\n{:?}", program, output.errors);
    }

    /// `p[a:b := t]` is Python's slice assignment, and `p[:a] + t + p[b:]` when a <= b, for
    /// strings and for lists alike.
    #[test]
    fn slice_replacement_is_the_parts_around_it_joined(
        s in "[abc]{0,8}",
        a in -10i64..10,
        b in -10i64..10,
        t in "[xy]{0,4}",
    ) {
        let chars: Vec<char> = s.chars().collect();
        let expected = replaced(&chars, a, b, &t);
        let list = |text: &str| format!("list({})", quoted(text));
        let mut program = format!(
            "assert {s}[{a}:{b} := {t}] == {expected}\n\
             assert {ls}[{a}:{b} := {lt}] == {lexpected}",
            s = quoted(&s),
            t = quoted(&t),
            expected = quoted(&expected),
            ls = list(&s),
            lt = list(&t),
            lexpected = list(&expected),
        );
        if a <= b && a >= 0 {
            program.push_str(&format!(
                "\nassert {s}[{a}:{b} := {t}] == {s}[:{a}] + {t} + {s}[{b}:]",
                s = quoted(&s),
                t = quoted(&t),
            ));
        }
        let output = common::run(&program);
        prop_assert!(output.errors.is_empty(), "{}\n{:?}", program, output.errors);
    }

    /// `list`, `set`, `enumerate` and `zip` of strings agree with Rust's iterators.
    #[test]
    fn list_set_enumerate_zip_agree_with_rust(p in "[abc]{0,6}", q in "[xy]{0,6}") {
        let chars = |text: &str| -> Vec<String> {
            text.chars().map(|c| quoted(&c.to_string())).collect()
        };
        let mut members = chars(&p);
        members.sort();
        members.dedup();
        let enumerated: Vec<String> = chars(&p)
            .iter()
            .enumerate()
            .map(|(i, c)| format!("[{i}, {c}]"))
            .collect();
        let zipped: Vec<String> = chars(&p)
            .iter()
            .zip(chars(&q))
            .map(|(x, y)| format!("[{x}, {y}]"))
            .collect();
        let program = format!(
            "assert list({p}) == [{list}]\n\
             assert set({p}) == {{{set}}}\n\
             assert enumerate({p}) == [{enumerated}]\n\
             assert zip({p}, {q}) == [{zipped}]\n\
             assert len(zip({p}, {q})) == min(len({p}), len({q}))",
            p = quoted(&p),
            q = quoted(&q),
            list = chars(&p).join(", "),
            set = members.join(", "),
            enumerated = enumerated.join(", "),
            zipped = zipped.join(", "),
        );
        let output = common::run(&program);
        prop_assert!(output.errors.is_empty(), "{}\n{:?}", program, output.errors);
    }
}
