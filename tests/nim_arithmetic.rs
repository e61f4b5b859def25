//! Nim arithmetic in the language against its definition: the nim product by the mex rule
//! a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}, computed plainly here; the field's
//! inverses, quotients, powers and square roots checked by multiplying back.

mod common;

use common::{errors, eval};

/// The products of a, b < size, by the definition.
fn naive_products(size: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; size]; size];
    for a in 0..size {
        for b in 0..size {
            let mut seen = vec![false; a * b + 1];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = (table[a2][b] ^ table[a][b2] ^ table[a2][b2]) as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    table
}

#[test]
fn the_product_is_the_mex_rule_s() {
    let size = 32;
    let table = naive_products(size);
    let printed = eval(&format!("[[a ⊗ b for b in 0..{size}] for a in 0..{size}]"));
    let rows: Vec<String> = table
        .iter()
        .map(|row| {
            let row: Vec<String> = row.iter().map(u64::to_string).collect();
            format!("[{}]", row.join(", "))
        })
        .collect();
    assert_eq!(printed, format!("[{}]", rows.join(", ")));
}

#[test]
fn the_texts_facts_hold() {
    for (source, printed) in [
        ("2 ⊗ 2", "3"),
        ("nim_mul(2, 2)", "3"),
        ("nim_mul(*5, *7) == *5 ⊗ *7", "true"),
        ("nim_mul(0, *7) == 0 ⊗ *7", "true"),
        // Fermat 2-powers: F ⊗ F = 3F/2, F ⊗ x = F·x for x < F.
        ("16 ⊗ 16", "24"),
        ("256 ⊗ 256", "384"),
        ("65536 ⊗ 1000", "65536000"),
        ("*2 ⊗ *3", "*1 — the player to move wins"),
        ("nim_inv(2)", "3"),
        ("nim_div(1, 2)", "3"),
        ("nim_pow(2, 3)", "1"),
        ("nim_sqrt(3)", "2"),
        ("nim_pow(3, -1) == nim_inv(3)", "true"),
        // ⊗ binds as tightly as `*`.
        ("2 ⊗ 3 + 1", "2"),
    ] {
        assert_eq!(eval(source), printed, "{source}");
    }
}

#[test]
fn every_nimber_has_an_inverse_and_a_square_root() {
    let checks = eval(
        "all(a ⊗ nim_inv(a) == 1 and nim_sqrt(a) ⊗ nim_sqrt(a) == a and \
         nim_div(a, 7) ⊗ 7 == a for a in 1..3000)",
    );
    assert_eq!(checks, "true");
    let big = eval("let g = *(2**62 + 12345)\nnim_sqrt(g) ⊗ nim_sqrt(g) == g");
    assert_eq!(big, "true");
}

#[test]
fn mistakes_are_diagnosed() {
    for (source, message) in [
        ("nim_inv(0)", "0 has no nim inverse"),
        ("nim_div(3, 0)", "division by 0 in nim arithmetic"),
        ("-1 ⊗ 2", "`⊗` takes natural numbers or nimbers"),
        ("\"a\" ⊗ 2", "`⊗` needs integers"),
        (
            "(2**62 + 2**61) ⊗ (2**62 + 2**60)",
            "past grundy's integers",
        ),
        ("nim_pow(2)", "`nim_pow` takes 2 arguments"),
        // A game and an integer, however written: the help writes the heap.
        (
            "2 ⊗ *3",
            "`⊗` multiplies two games or two integers, not a game and an integer",
        ),
        ("2 ⊗ *3", "write `*2`"),
        (
            "nim_mul(2, *3)",
            "`nim_mul` takes two games or two integers",
        ),
        ("nim_mul(*6, 5)", "write `*5`"),
        (
            "nim_div(*6, 5)",
            "`nim_div` takes two games or two integers",
        ),
        // A negative integer is no heap: the help does not write `*-2`.
        ("nim_mul(*3, -2)", "a nim heap holds 0 chips or more"),
        ("*3 ⊗ -2", "a nim heap holds 0 chips or more"),
    ] {
        let error = errors(source);
        assert!(error.contains(message), "{source}:\n{error}");
    }
}

/// Ferguson's Exercise 6 (the worksheet std/examples/ferguson_coin_turning.game shows
/// grundy's answers; the text prints none): checked against the products by the mex rule.
#[test]
fn fergusons_exercise_6_by_the_definition() {
    let table = naive_products(64);
    let times = |a: usize, b: usize| table[a][b];
    let printed = eval("[6 ⊗ 21, 25 ⊗ 40, nim_div(15, 14), nim_sqrt(8)]");
    let quotient = (0..64).find(|&q| times(q, 14) == 15).unwrap();
    let root = (0..64).find(|&r| times(r, r) == 8).unwrap();
    assert_eq!(
        printed,
        format!("[{}, {}, {quotient}, {root}]", times(6, 21), times(25, 40))
    );
    let roots: Vec<String> = (0..16)
        .filter(|&x| times(x, x) ^ x as u64 ^ 6 == 0)
        .map(|x| x.to_string())
        .collect();
    assert_eq!(
        eval("[x for x in 0..16 if (x ⊗ x) ^ x ^ 6 == 0]"),
        format!("[{}]", roots.join(", "))
    );
}

/// `why` of nim arithmetic on integers works out the products that prove it, by Ferguson's
/// rules: a product by its own, an inverse, quotient or square root by multiplying back.
#[test]
fn why_works_out_nim_arithmetic_on_integers() {
    for (source, wanted) in [
        ("why 24 ⊗ 17 == 128", "24 ⊗ 17 = (16 ⊕ 8) ⊗ (16 ⊕ 1)"),
        ("why 24 ⊗ 17 == 128", "16 ⊗ 16 = 3·16/2 = 24"),
        (
            "why nim_mul(8, 8)",
            "8 ⊗ 8 = (2 ⊗ 4) ⊗ (2 ⊗ 4) = (2 ⊗ 2) ⊗ (4 ⊗ 4)",
        ),
        ("why nim_inv(2) == 3", "nim_inv(2) = 3: 2 ⊗ 3 = 1"),
        ("why nim_div(1, 2)", "nim_div(1, 2) = 3: 3 ⊗ 2 = 1"),
        ("why nim_sqrt(8) == 14", "nim_sqrt(8) = 14: 14 ⊗ 14 = 8"),
        ("why nim_sqrt(8) == 14", "14 ⊗ 14 = 8"),
        ("why 2 ⊗ 3 ⊗ 5 == 2", "2 ⊗ 3 = 1"),
        // Told in the order written, and unfolded by `full`.
        ("why 2 ⊗ 8 == 12", "2 ⊗ 8 = 2 ⊗ (2 ⊗ 4) = (2 ⊗ 2) ⊗ 4"),
        ("why full 5 ⊗ 12 == 1", "4 ⊗ 2 = 4·2 = 8"),
    ] {
        let proof = eval(source);
        assert!(
            proof.contains(wanted),
            "{source}: no `{wanted}` in\n{proof}"
        );
    }
    // A function of the program's own under a built-in's name is not derived as the built-in.
    let own = eval("let nim_div(a, b) = a - b\nwhy nim_div(7, 2) == 5");
    assert!(!own.contains('⊗'), "{own}");
    let negative = eval("let nim_inv(a) = a - 5\nwhy nim_inv(2) == -3");
    assert!(!negative.contains('⊗'), "{negative}");
    // Every `a ⊗ b = v` it states holds, by the mex rule.
    let products = naive_products(32);
    let proof = eval("why full 31 ⊗ 29 == 11 ⊗ 7 ⊗ nim_inv(3)");
    for line in proof.lines() {
        let Some((left, right)) = line.trim().split_once(" ⊗ ") else {
            continue;
        };
        let (Ok(a), Some(Ok(b)), Some(Ok(v))) = (
            left.parse::<usize>(),
            right.split(" = ").next().map(str::parse::<usize>),
            right
                .rsplit(" = ")
                .next()
                .map(|v| v.split_whitespace().next().unwrap_or("").parse::<u64>()),
        ) else {
            continue;
        };
        assert_eq!(products[a][b], v, "{line}");
    }
}
