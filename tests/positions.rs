//! One position, one member (docs/language.md, "Lists, sets and strings"): two written games
//! are one position when they are one after a sum's zero parts are left out and its parts
//! put in order, at every level (a game's options being positions too), a nim heap being
//! the game of its options. Random games written with literals, heaps, families (one whose
//! games have no options, one that makes `*n`), sums with zero parts and nesting, checked
//! against a reference that normalises game trees by that rule: set membership, `options`,
//! `len`, `in` and `==` of lists.

mod common;

use common::{run, run_in};
use grundy::eval::Session;
use grundy::eval::Value;
use grundy::game::Node;
use proptest::prelude::*;

/// A game as written.
#[derive(Clone, Debug)]
enum Written {
    /// `*n`
    Heap(u8),
    /// `<a, b, ...>`
    Options(Vec<Written>),
    /// `P(a, b)`: the game `<a + b>` a family makes (whose option, a sum of two, it keeps
    /// as its parts).
    Made(Box<Written>, Box<Written>),
    /// `a + b + ...`
    Sum(Vec<Written>),
    /// `Z(k)`: a family whose games have no options.
    Zero(u8),
    /// `W(n)`: a family that makes `*n` as `< W(k) for k in 0..n >`.
    Family(u8),
}

impl Written {
    fn text(&self) -> String {
        match self {
            Written::Heap(n) => format!("*{n}"),
            Written::Options(options) => {
                let options: Vec<String> = options.iter().map(Written::text).collect();
                format!("<{}>", options.join(", "))
            }
            Written::Made(a, b) => format!("P({}, {})", a.text(), b.text()),
            Written::Sum(parts) => {
                let parts: Vec<String> = parts.iter().map(|p| format!("({})", p.text())).collect();
                parts.join(" + ")
            }
            Written::Zero(k) => format!("Z({k})"),
            Written::Family(n) => format!("W({n})"),
        }
    }
}

/// A position, normalised: its options, or the parts of a sum (none of them 0, in order).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Position {
    Options(Vec<Position>),
    Sum(Vec<Position>),
}

const ZERO: Position = Position::Options(Vec::new());

fn heap(n: u8) -> Position {
    Position::Options((0..n).map(heap).collect())
}

fn position(written: &Written) -> Position {
    match written {
        Written::Heap(n) | Written::Family(n) => heap(*n),
        Written::Zero(_) => ZERO,
        Written::Made(a, b) => Position::Options(vec![position(&Written::Sum(vec![
            (**a).clone(),
            (**b).clone(),
        ]))]),
        Written::Options(options) => {
            let mut options: Vec<Position> = options.iter().map(position).collect();
            options.sort();
            options.dedup();
            Position::Options(options)
        }
        Written::Sum(parts) => {
            let mut flat = Vec::new();
            for part in parts {
                match position(part) {
                    Position::Sum(inner) => flat.extend(inner),
                    zero if zero == ZERO => {}
                    other => flat.push(other),
                }
            }
            flat.sort();
            match flat.len() {
                0 => ZERO,
                1 => flat.pop().unwrap(),
                _ => Position::Sum(flat),
            }
        }
    }
}

impl Written {
    /// The same game written the other way round: every sum's parts, a family's two
    /// arguments and every list of options in reverse order.
    fn reversed(&self) -> Written {
        let all = |games: &[Written]| games.iter().rev().map(Written::reversed).collect();
        match self {
            Written::Options(options) => Written::Options(all(options)),
            Written::Sum(parts) => Written::Sum(all(parts)),
            Written::Made(a, b) => Written::Made(Box::new(b.reversed()), Box::new(a.reversed())),
            leaf => leaf.clone(),
        }
    }
}

/// Games written at random, each also the other way round (one position, written twice).
fn games() -> impl Strategy<Value = Vec<Written>> {
    prop::collection::vec(written(), 1..4).prop_map(|games| {
        let reversed: Vec<Written> = games.iter().map(Written::reversed).collect();
        games.into_iter().chain(reversed).collect()
    })
}

fn written() -> impl Strategy<Value = Written> {
    let leaf = prop_oneof![
        (0u8..3).prop_map(Written::Heap),
        (0u8..3).prop_map(Written::Zero),
        (0u8..3).prop_map(Written::Family),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Written::Options),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Written::Made(Box::new(a), Box::new(b))),
            prop::collection::vec(inner, 2..4).prop_map(Written::Sum),
        ]
    })
}

const FAMILIES: &str =
    "let Z(k) = <>\nlet W(n) = < W(k) for k in 0..n >\nlet P(a, b) = < a + b for t in [0] >\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn written_games_are_one_position_by_the_rule(games in games()) {
        let positions: Vec<Position> = games.iter().map(position).collect();
        let mut distinct = positions.clone();
        distinct.sort();
        distinct.dedup();
        let texts: Vec<String> = games.iter().map(Written::text).collect();
        let all = texts.join(", ");
        let mut program = format!("{FAMILIES}len({{{all}}})\nlen(options(<{all}>))\n");
        let mut expected = vec![distinct.len().to_string(), distinct.len().to_string()];
        for (i, a) in texts.iter().enumerate() {
            for (j, b) in texts.iter().enumerate() {
                let same = positions[i] == positions[j];
                program.push_str(&format!("({a}) in {{{b}}}\n[{a}] == [{b}]\n"));
                expected.push(same.to_string());
                expected.push(same.to_string());
            }
        }
        let output = run(&program);
        prop_assert!(output.errors.is_empty(), "{program}\n{:?}", output.errors);
        prop_assert_eq!(&output.answers, &expected, "{}", program);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The DAG holds one node a position: games that are one position by the rule are one
    /// node, however written (a sum, whose parts are kept in the order written, once put in
    /// order), and games that are not are different nodes.
    #[test]
    fn one_position_is_one_node(games in games()) {
        let positions: Vec<Position> = games.iter().map(position).collect();
        let mut session = Session::default();
        let lets: String = (games.iter().enumerate())
            .map(|(i, game)| format!("let G{i} = {}\n", game.text()))
            .collect();
        let output = run_in(&mut session, "positions", &format!("{FAMILIES}{lets}"));
        prop_assert!(output.errors.is_empty(), "{lets}\n{:?}", output.errors);
        let mut nodes = Vec::new();
        for (i, position) in positions.iter().enumerate() {
            let Some(Value::Game(id)) = session.value_of(&format!("G{i}")) else {
                panic!("G{i} is a game");
            };
            // Only a sum is kept as written; anything else is its one node as made.
            if matches!(position, Position::Sum(_)) {
                nodes.push(session.arena.canonical(id).unwrap());
            } else {
                prop_assert!(!matches!(session.arena.node(id), Node::Sum(_)), "G{} in {}", i, lets);
                nodes.push(id);
            }
        }
        for i in 0..games.len() {
            for j in 0..games.len() {
                prop_assert_eq!(positions[i] == positions[j], nodes[i] == nodes[j], "G{} and G{} in {}", i, j, lets);
            }
        }
    }
}

#[test]
fn the_issues_examples() {
    let output = run(
        "let Z(n) = <>\nlen({Z(0) + Z(1), 0})\noptions(<Z(0) + Z(1), 0>)\n\
         let Y(n) = < Y(k) for k in 0..n >\nlen({Y(0) + *0, 0})\nlen({<Y(0) + *0>, <0>})\n\
         let F1(i, j) = < F1h(i - k, j) for k in 1..=3 if k <= i, F1(j, i) for t in [0] if j > i >\n\
         let F1h(i, j) = F1(i, j - 3) + *(if j > 0 then 1 else 0)\nlen(options(F1(2, 4)))",
    );
    assert!(output.errors.is_empty(), "{:?}", output.errors);
    assert_eq!(output.answers, ["1", "{*0}", "1", "1", "2"]);
}
