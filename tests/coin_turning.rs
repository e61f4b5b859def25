//! Coin-turning games of the library against a direct computation: the mex rule over whole rows
//! of coins (a row a bit mask, a move turning over coin n from heads to tails and a set the
//! rule allows to its left), with no use of the theorem that a row is the sum of its heads.

mod common;

use common::eval;

/// The value of every row of `coins` coins (bit i - 1 for coin i) where a move turns coin n
/// (a head) and up to `more` coins to its left, by the mex rule from the empty row up:
/// every move lowers the row as a number (coin n, the highest turned, goes to tails).
fn rows(coins: usize, more: usize) -> Vec<u64> {
    let mut values = vec![0u64; 1 << coins];
    for row in 1..(1usize << coins) {
        let mut seen = vec![false; 1 << coins];
        for n in 0..coins {
            if row & (1 << n) == 0 {
                continue;
            }
            // Every set of at most `more` coins below n.
            for set in 0usize..(1 << n) {
                if set.count_ones() as usize > more {
                    continue;
                }
                let after = row ^ (1 << n) ^ set;
                seen[values[after] as usize] = true;
            }
        }
        values[row] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    values
}

fn row_text(row: usize, coins: usize) -> String {
    (0..coins)
        .map(|i| if row & (1 << i) != 0 { 'H' } else { 'T' })
        .collect()
}

#[test]
fn moebius_and_mogul_single_heads_are_the_direct_values() {
    let coins = 11;
    for (family, more) in [("moebius", 4), ("mogul", 6)] {
        let direct = rows(coins, more);
        let printed = eval(&format!("[nimber({family}(n)) for n in 1..={coins}]"));
        let expected: Vec<String> = (0..coins).map(|n| direct[1 << n].to_string()).collect();
        assert_eq!(printed, format!("[{}]", expected.join(", ")), "{family}");
    }
}

#[test]
fn every_row_is_the_direct_value() {
    let coins = 9;
    let direct = rows(coins, 4);
    let texts: Vec<String> = (0..1usize << coins)
        .map(|row| format!("\"{}\"", row_text(row, coins)))
        .collect();
    let printed = eval(&format!(
        "[nimber(coin_turning_row(moebius_rule, s)) for s in [{}]]",
        texts.join(", ")
    ));
    let expected: Vec<String> = direct.iter().map(u64::to_string).collect();
    assert_eq!(printed, format!("[{}]", expected.join(", ")));
}

#[test]
fn a_rule_of_ones_own_is_one_line() {
    // Turning Turtles (coin n alone or with one coin to its left) and Ruler (any run ending
    // at n) as rules, against the library's own rows.
    let turtles = eval(
        "all(coin_turning(n => [[]] + [[m] for m in 1..n], n) == turning_turtles(n) \
         for n in 1..12)",
    );
    assert_eq!(turtles, "true");
    let ruler =
        eval("all(coin_turning(n => [list(a..n) for a in 1..=n], n) == ruler(n) for n in 1..12)");
    assert_eq!(ruler, "true");
    let moves = eval("moves moebius(3) + moebius(5)");
    assert!(moves.contains("turn coins 3 and 5"), "{moves}");
}
