//! Positions as data (lists, sets, strings) against plain Rust: games built by comprehensions
//! over lists agree with the same games written out by hand and with the definitions, and the
//! operators on lists, sets and strings agree with Rust's own.

mod common;

use std::collections::BTreeSet;

use common::eval;
use proptest::prelude::*;

/// A game as a tree of options.
#[derive(Clone, Debug)]
struct Tree(Vec<Tree>);

impl Tree {
    /// Written by hand: `<<>, <<>>>`.
    fn literal(&self) -> String {
        let options: Vec<String> = self.0.iter().map(Tree::literal).collect();
        format!("<{}>", options.join(", "))
    }

    /// As data: `[[], [[]]]`, a position of the family `T` below.
    fn list(&self) -> String {
        let options: Vec<String> = self.0.iter().map(Tree::list).collect();
        format!("[{}]", options.join(", "))
    }
}

fn naive_nimber(tree: &Tree) -> u64 {
    let values: Vec<u64> = tree.0.iter().map(naive_nimber).collect();
    (0..).find(|n| !values.contains(n)).unwrap()
}

fn tree() -> impl Strategy<Value = Tree> {
    Just(Tree(Vec::new())).prop_recursive(4, 24, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Tree)
    })
}

/// `{3, 1}` as grundy writes a set literal.
fn set_literal(members: &BTreeSet<String>) -> String {
    let quoted: Vec<String> = members.iter().map(|m| format!("{m:?}")).collect();
    format!("{{{}}}", quoted.join(", "))
}

fn set_answer(members: &BTreeSet<String>) -> String {
    set_literal(members)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A game given as nested lists, its options made by a comprehension, is the game written
    /// out by hand, and its nimber is the mex of its options'.
    #[test]
    fn a_comprehension_over_lists_builds_the_game_written_by_hand(g in tree()) {
        let program = format!(
            "let T(p) = < T(q) for q in p >\nassert T({}) == {}\nnimber(T({}))",
            g.list(), g.literal(), g.list()
        );
        prop_assert_eq!(eval(&program), naive_nimber(&g).to_string());
    }

    /// Nim on a list of heaps, a move replacing one heap by a smaller one, is the nim-sum.
    #[test]
    fn nim_on_a_list_is_the_nim_sum(heaps in prop::collection::vec(0u64..6, 0..4)) {
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let program = format!(
            "let N(p) = < N(sort(p[i := k])) for i in 0..len(p) for k in 0..p[i] >\nnimber(N(sort([{}])))",
            list.join(", ")
        );
        let xor = heaps.iter().fold(0, |acc, h| acc ^ h);
        prop_assert_eq!(eval(&program), xor.to_string());
    }

    /// `|`, `&`, `-`, `^` on sets of strings are Rust's union, intersection, difference and
    /// symmetric difference; `in` is membership.
    #[test]
    fn set_operators_agree_with_rust(
        a in prop::collection::btree_set("[a-c]{0,2}", 0..5),
        b in prop::collection::btree_set("[a-c]{0,2}", 0..5),
        probe in "[a-c]{0,2}",
    ) {
        // A set of strings prints as grundy sorts it: by the strings' order, as Rust's.
        let (x, y) = (set_literal(&a), set_literal(&b));
        let union: BTreeSet<String> = a.union(&b).cloned().collect();
        let both: BTreeSet<String> = a.intersection(&b).cloned().collect();
        let only: BTreeSet<String> = a.difference(&b).cloned().collect();
        let either: BTreeSet<String> = a.symmetric_difference(&b).cloned().collect();
        for (op, expected) in [("|", union), ("&", both), ("-", only), ("^", either)] {
            let answer = eval(&format!("{x} {op} {y}"));
            let expected = if expected.is_empty() { "{}".to_owned() } else { set_answer(&expected) };
            prop_assert_eq!(answer, expected, "{} {} {}", x, op, y);
        }
        let found = eval(&format!("{probe:?} in {x}"));
        prop_assert_eq!(found, a.contains(&probe).to_string());
    }

    /// Indexing and slicing count from the end when negative and cut slices at the ends, as
    /// Python does; a replaced element is the only one that changes.
    #[test]
    fn subscripts_agree_with_python(
        items in prop::collection::vec(-5i64..5, 0..6),
        from in -8i64..8,
        to in -8i64..8,
        at in -6i64..6,
    ) {
        let len = items.len() as i64;
        let list = format!("{items:?}");
        let cut = |n: i64| (if n < 0 { n + len } else { n }).clamp(0, len) as usize;
        let (start, end) = (cut(from), cut(to).max(cut(from)));
        let slice = format!("{:?}", &items[start..end]);
        prop_assert_eq!(eval(&format!("{list}[{from}:{to}]")), slice);
        let index = if at < 0 { at + len } else { at };
        if (0..len).contains(&index) {
            prop_assert_eq!(eval(&format!("{list}[{at}]")), items[index as usize].to_string());
            let mut replaced = items.clone();
            replaced[index as usize] = 99;
            prop_assert_eq!(eval(&format!("{list}[{at} := 99]")), format!("{replaced:?}"));
        } else {
            let error = common::errors(&format!("{list}[{at}]"));
            prop_assert!(error.contains("past the end"), "{}", error);
        }
    }

    /// Strings are subscripted by characters, whether all ASCII (read in place) or not:
    /// the same as Rust on the string's characters.
    #[test]
    fn string_subscripts_count_characters(
        chars in prop::collection::vec(prop::sample::select(vec!['x', '.', 'é', '█']), 0..7),
        from in -8i64..8,
        to in -8i64..8,
        at in -6i64..6,
    ) {
        let text: String = chars.iter().collect();
        let len = chars.len() as i64;
        let cut = |n: i64| (if n < 0 { n + len } else { n }).clamp(0, len) as usize;
        let (start, end) = (cut(from), cut(to).max(cut(from)));
        let slice: String = chars[start..end].iter().collect();
        let mut claims = vec![
            format!("\"{text}\"[{from}:{to}] == \"{slice}\""),
            format!("len(\"{text}\") == {len}"),
        ];
        let index = if at < 0 { at + len } else { at };
        if (0..len).contains(&index) {
            let mut replaced = chars.clone();
            replaced[index as usize] = 'o';
            let replaced: String = replaced.iter().collect();
            claims.push(format!("\"{text}\"[{at}] == \"{}\"", chars[index as usize]));
            claims.push(format!("\"{text}\"[{at} := \"o\"] == \"{replaced}\""));
        }
        let program = format!("[{}]", claims.join(", "));
        let all_true = format!("[{}]", vec!["true"; claims.len()].join(", "));
        prop_assert_eq!(eval(&program), all_true);
    }

    /// `count` counts the cases where its claim holds; `all` and `any` agree with it.
    #[test]
    fn quantifiers_count_their_cases(n in 0i64..60, m in 1i64..7) {
        let held = (0..n).filter(|k| k % m == 0).count();
        prop_assert_eq!(eval(&format!("count(k % {m} == 0 for k in 0..{n})")), held.to_string());
        prop_assert_eq!(eval(&format!("all(k % {m} == 0 for k in 0..{n})")), (held as i64 == n).to_string());
        prop_assert_eq!(eval(&format!("any(k % {m} == 0 for k in 0..{n})")), (held > 0).to_string());
    }
}

#[test]
fn strings_are_positions() {
    // Kayles on a row of pins written as a string: knock down one pin or two adjacent ones.
    let program = r#"
let pins(s) = < pins(s[:i] + "." + s[i + 1:]) for i in 0..len(s) if s[i] == "x",
                pins(s[:i] + ".." + s[i + 2:]) for i in 0..len(s) - 1 if s[i:i + 2] == "xx" >
assert all(pins("x" * n) == kayles(n) for n in 0..9)
count(pins("x" * n) is losing for n in 0..9)
"#;
    assert_eq!(eval(program), "1");
}

#[test]
fn strings_print_as_they_are_typed() {
    // Grundy's strings have no escapes: a backslash is a character, and so is an accent
    // that combines with the letter before it (once printed `\u{301}`).
    for typed in [
        r#""a\b""#,
        "\"e\u{301}t\u{e9}\"",
        r#""x.\t.""#,
        "\"tab\there\"",
    ] {
        let printed = eval(typed);
        assert_eq!(printed, typed);
        assert_eq!(eval(&printed), printed, "{printed} read back");
    }
    assert_eq!(eval(r#"["a\b", "é"]"#), r#"["a\b", "é"]"#);
    assert_eq!(eval(r#"{"\"}"#), r#"{"\"}"#);
    // The one string holding a `"`, which cannot be typed, shows it as it is.
    assert_eq!(eval(r#"str(["a"])"#), r#""["a"]""#);
    assert_eq!(eval(r#"len(str(["a"]))"#), "5");
}

#[test]
fn sets_of_games_are_positions_and_sums_are_one_however_written() {
    assert_eq!(eval("len({*1, <*0>, *2 + *3})"), "2");
    assert_eq!(eval("*13 in options(*11 + *13)"), "true");
    assert_eq!(eval("*13 + *11 in options(*11 + *13 + *11)"), "true");
    assert_eq!(eval("*12 + *11 in options(*11 + *13)"), "true");
    assert_eq!(eval("*12 in options(*11 + *13)"), "false");
    assert_eq!(eval("*14 in options(*11 + *13)"), "false");
    assert_eq!(eval("len(options(*3 + *4))"), "7");
}

/// Lists hold positions as sets do: a sum is one position however it is written, in `==`
/// of lists as in `in` and in sets (it printed `false` while `in` said `true`).
#[test]
fn lists_compare_sums_as_one_position_however_written() {
    assert_eq!(eval("[*2 + *1] == [*1 + *2]"), "true");
    assert_eq!(eval("*2 + *1 in [*1 + *2]"), "true");
    assert_eq!(eval("{*2 + *1} == {*1 + *2}"), "true");
    assert_eq!(eval("[[*2 + *1, 3]] == [[*1 + *2, 3]]"), "true");
    assert_eq!(eval("[*2 + *1] != [*1 + *2]"), "false");
    // Positions, not values: equal nimbers are not one position.
    assert_eq!(eval("[*2 + *1] == [*3]"), "false");
    assert_eq!(eval("[1, *1] == [1, *1, 2]"), "false");
}

#[test]
fn a_failed_all_names_its_counterexample_and_why_proves_it() {
    assert_eq!(
        common::run("assert all(nim(a, b) is losing == (a == b) for a in 0..4 for b in 0..4)")
            .summary
            .held_asserts,
        1
    );
    // Only a == b is losing: the first case that fails is a = 0, b = 1.
    let error = common::errors("assert all(nim(a, b) is losing for a in 0..3 for b in 0..3)");
    assert!(error.contains("false for a = 0, b = 1"), "{error}");
    let proof = eval("why all(kayles(n) == *n for n in 0..6)");
    assert!(proof.contains("n = 4"), "{proof}");
    assert!(proof.contains("mex{0, 2, 3} = 1"), "{proof}");
}

#[test]
fn options_may_tell_their_moves_in_words() {
    let program = r#"
let coins(p) = < coins(sort(p[i := t])) as "move the coin on square " + str(p[i]) + " to square " + str(t)
                 for i in 0..len(p) for t in 0..p[i] >
moves coins([2, 5, 6])
"#;
    let moves = eval(program);
    assert!(
        moves.contains(
            "coins([2, 5, 6]) → coins([2, 4, 6]) ≡ 0: move the coin on square 5 to square 4"
        ),
        "{moves}"
    );
}

#[test]
fn a_list_built_inside_an_option_does_not_shift_the_options_names() {
    // The inner comprehension's elements once counted as options written, so each option
    // was named after its neighbour.
    let program = r#"
let nim_row(p) = < nim_row(sort([x for x in p[i := s] if x > 0])) for i in 0..len(p) for s in 0..p[i] >
moves nim_row([2, 5, 6])
"#;
    let moves = eval(program);
    assert!(moves.contains("→ nim_row([2, 4, 6]) ≡ 0"), "{moves}");
    assert!(!moves.contains("[1, 5, 6]"), "{moves}");
}

/// The words of a line: names and numbers.
fn words(line: &str) -> Vec<&str> {
    line.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .collect()
}

#[test]
fn the_proof_of_a_case_speaks_of_the_cases_values() {
    let proof = eval(
        "let K(n) = <K(n - k) for k in {1, 2} if k <= n>
         why all(K(n) is losing == (n % 2 == 0) for n in 0..10)",
    );
    assert!(
        proof.contains("K(2) is losing == (2 % 2 == 0): false."),
        "{proof}"
    );
    assert!(proof.contains("2 % 2 = 0"), "{proof}");
    // After the line naming the case, the loop variable is its value everywhere.
    for line in proof.lines().skip(2) {
        assert!(!words(line).contains(&"n"), "{line} in\n{proof}");
    }
    // A negative value reads as it would be typed; a loop inside that binds its own `n`
    // keeps it.
    let negative = eval("why any(n ** 2 == 4 and abs(n) == 2 for n in -3..3)");
    assert!(
        negative.contains("(-2) ** 2 == 4 and abs(-2) == 2: true."),
        "{negative}"
    );
    let hidden = eval("why all(sum([x for n in 0..x]) < 10 for x in [1, 2, 5])");
    assert!(
        hidden.contains("sum([5 for n in 0..5]) < 10: false."),
        "{hidden}"
    );
}

#[test]
fn a_case_inside_a_case_is_named_once() {
    let program = "let S(n) = <S(n - k) for k in {1, 2, 3} if k <= n>
        assert all(all(S(n) + S(m) is losing for m in 0..n) for n in 1..5)
        why all(all(S(n) + S(m) is losing for m in 0..n) for n in 1..5)";
    let output = common::run(program);
    let proof = output.answers.join("\n");
    // The assert before once left its case behind, and the proof named `m = 0` twice.
    assert!(proof.contains("\n  n = 1, m = 0: "), "{proof}");
    assert!(
        proof.contains("all(S(1) + S(m) is losing for m in 0..1): false"),
        "{proof}"
    );
    assert!(
        // S(0) has no options: the sum is S(1), its zero part left out.
        proof.contains("\n    m = 0: `S(1) + S(m)` is *1\n"),
        "{proof}"
    );
}
