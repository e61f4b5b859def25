//! Products of games, `G ⊗ H`, against their definition: the options of G ⊗ H are
//! G'⊗H + G⊗H' + G'⊗H', valued here by the mex rule over those options on plain trees of
//! games (a sum worth the nim-sum of its parts), never by a nim product. Then what a user
//! sees: values, options and winning moves through the language, `why`'s steps, the tartan
//! games of std/coin_turning.game against the board game itself, and the diagnostics.

mod common;

use std::collections::HashMap;

use common::{errors, eval, run};
use proptest::prelude::*;

/// A game as its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tree(Vec<Tree>);

impl Tree {
    /// How grundy writes it: `<>`, `<<>, <<>>>`.
    fn written(&self) -> String {
        let options: Vec<String> = self.0.iter().map(Tree::written).collect();
        format!("<{}>", options.join(", "))
    }
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(Vec::new()));
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Tree)
    })
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    (0..).find(|v| !values.contains(v)).unwrap()
}

/// The value of a ⊗ b by the mex rule over its options, each a sum of three products.
fn product(a: &Tree, b: &Tree, memo: &mut HashMap<(Tree, Tree), u64>) -> u64 {
    if let Some(&known) = memo.get(&(a.clone(), b.clone())) {
        return known;
    }
    let mut options = Vec::new();
    for a1 in &a.0 {
        for b1 in &b.0 {
            options.push(product(a1, b, memo) ^ product(a, b1, memo) ^ product(a1, b1, memo));
        }
    }
    let found = mex(options);
    memo.insert((a.clone(), b.clone()), found);
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `G ⊗ H` is worth what the mex rule over its options gives; its options, as grundy
    /// lists them, give that value too; its winning moves are exactly its moves to 0.
    #[test]
    fn products_are_valued_by_their_definition(a in tree(), b in tree()) {
        let mut memo = HashMap::new();
        let expected = product(&a, &b, &mut memo);
        let mut values: Vec<u64> = Vec::new();
        for a1 in &a.0 {
            for b1 in &b.0 {
                let option = product(a1, &b, &mut memo)
                    ^ product(&a, b1, &mut memo)
                    ^ product(a1, b1, &mut memo);
                if !values.contains(&option) {
                    values.push(option);
                }
            }
        }
        values.sort_unstable();
        let values: Vec<String> = values.iter().map(u64::to_string).collect();
        let (a, b) = (a.written(), b.written());
        let program = format!(
            "let P = {a} ⊗ {b}\n\
             nimber(P)\n\
             sort(list({{nimber(o) for o in options(P)}}))\n\
             all((o is losing) == (nimber(o) == 0) for o in options(P))"
        );
        let output = run(&program);
        prop_assert!(output.errors.is_empty(), "{program}\n{:?}", output.errors);
        prop_assert_eq!(&output.answers[0], &expected.to_string(), "{}", program);
        prop_assert_eq!(&output.answers[1], &format!("[{}]", values.join(", ")), "{}", program);
        prop_assert_eq!(&output.answers[2], "true");
    }
}

#[test]
fn products_of_heaps_are_turning_corners() {
    // Ferguson's Table 5.2 row 4 (Turning Corners, g(4, y) = 4 ⊗ y).
    assert_eq!(
        eval("[nimber(*4 ⊗ *y) for y in 0..16]"),
        "[0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1]"
    );
    assert_eq!(
        eval("all(*x ⊗ *y == turning_corners(x, y) for x in 0..6 for y in 0..6)"),
        "true"
    );
    // The zero game and *1 are not kept as products: 0 ⊗ G is 0, *1 ⊗ G is G.
    assert_eq!(eval("options(*1 ⊗ *3) == options(*3)"), "true");
    assert_eq!(eval("options(0 ⊗ *3)"), "{}");
}

#[test]
fn a_products_moves_are_pairs_of_its_factors_moves() {
    let moves = eval("moves all *2 ⊗ *3");
    assert!(moves.starts_with("*2 ⊗ *3 ≡ *1 has 6 moves:"), "{moves}");
    assert!(
        moves.contains("(*2 → *1: remove 1 chip) × (*3 → *1: remove 2 chips)"),
        "{moves}"
    );
    // Only the winning ones, found from the factors' values.
    let winning = eval("moves *2 ⊗ *3");
    assert_eq!(winning.matches(" ≡ 0:").count(), 2, "{winning}");
    let counted = eval("len([o for o in options(*2 ⊗ *3) if o is losing])");
    assert_eq!(counted, "2");
    // Found through the smaller factor, however large the other: each leaves 0.
    let winning = eval("moves *1000000000 ⊗ *5");
    assert!(
        winning
            .contains("(*1000000000 → 0: take all 1000000000 chips) × (*5 → 0: take all 5 chips)"),
        "{winning}"
    );
    // 2^124 moves: more than a 64-bit count holds, and said so.
    let huge = eval("moves all *(2**62) ⊗ *(2**62)");
    let first_line = huge.lines().next().unwrap();
    assert!(
        first_line.ends_with(&format!(" has at least {} moves:", u64::MAX)),
        "{first_line}"
    );
}

#[test]
fn why_gives_the_product_rule_and_the_nim_products_derivation() {
    let proof = eval("why *24 ⊗ *17");
    for line in [
        "*24 ⊗ *17 ≡ *(24 ⊗ 17) = *128   (product rule",
        "24 ⊗ 17 = (16 ⊕ 8) ⊗ (16 ⊕ 1)",
        "= 16 ⊗ 16 ⊕ 16 ⊗ 1 ⊕ 8 ⊗ 16 ⊕ 8 ⊗ 1",
        "= 24 ⊕ 16 ⊕ 128 ⊕ 8 = 128",
        "16 ⊗ 16 = 3·16/2 = 24   (a Fermat 2-power squared is 3/2 of it",
        "8 ⊗ 16 = 8·16 = 128   (a Fermat 2-power times a smaller number",
    ] {
        assert!(proof.contains(line), "{line}\n{proof}");
    }
    // Factors that are not heaps are derived first, then replaced by their values.
    let proof = eval("why (*2 + *1) ⊗ *5");
    assert!(proof.contains("so (*2 + *1) ⊗ *5 ≡ *3 ⊗ *5"), "{proof}");
    assert!(proof.contains("*3 ⊗ *5 ≡ *(3 ⊗ 5) = *15"), "{proof}");
}

#[test]
fn tartan_games_are_the_boards_they_stand_for() {
    // The board game itself (a move turns the coins of a rectangle of the rules' sets),
    // valued by its own mex, against the product of the rows' heads.
    for (r1, r2) in [
        ("moebius_rule", "twins_rule"),
        ("twins_rule", "twins_rule"),
        ("mogul_rule", "moebius_rule"),
    ] {
        let checks = eval(&format!(
            "all(coin_product({r1}, {r2}, x, y) == tartan({r1}, {r2}, x, y) \
             for x in 1..5 for y in 1..4)"
        ));
        assert_eq!(checks, "true", "{r1} × {r2}");
    }
    let proof = eval("why tartan(moebius_rule, twins_rule, 3, 4)");
    assert!(
        proof.contains(
            "tartan(moebius_rule, twins_rule, 3, 4) = coin_turning(moebius_rule, 3) ⊗ \
             coin_turning(twins_rule, 4)   (a head at (x, y) of a tartan game"
        ),
        "{proof}"
    );
    assert!(proof.contains("the Tartan theorem"), "{proof}");
    let moves = eval("moves tartan(moebius_rule, twins_rule, 3, 4)");
    assert!(
        moves.contains("(turn coin 3) × (turn coins 1 and 4)"),
        "{moves}"
    );
}

#[test]
fn a_row_is_the_sum_of_its_heads_and_why_says_so() {
    let proof = eval("why coin_turning_row(moebius_rule, \"HTHTH\")");
    assert!(
        proof.contains(
            "coin_turning_row(moebius_rule, \"HTHTH\") = coin_turning(moebius_rule, 1) + \
             coin_turning(moebius_rule, 3) + coin_turning(moebius_rule, 5)   (a coin-turning \
             position is the sum of its heads"
        ),
        "{proof}"
    );
    // A reason of the user's own, cited the same way.
    let proof = eval("let r(a) = because(\"my reason\", *1 + *a)\nwhy r(2)");
    assert!(proof.contains("r(2) = *1 + *2   (my reason)"), "{proof}");
}

#[test]
fn mistakes_are_diagnosed() {
    for (source, message) in [
        (
            "let loopy f(n) = < f(n) >\nf(0) ⊗ *2",
            "a product of games that can go on for ever is not worked out here",
        ),
        ("because(3, *1)", "`because` takes its reason as a string"),
        ("because(\"r\", 3)", "`because` gives a reason for a game"),
        ("because(\"r\")", "`because` takes 2 arguments"),
    ] {
        let error = errors(source);
        assert!(error.contains(message), "{source}:\n{error}");
    }
}
