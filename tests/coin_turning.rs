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

/// A one-dimensional rule, coins from 1: the sets of coins left of n a move may turn with n.
type Rule = fn(usize) -> Vec<Vec<usize>>;

fn twins(n: usize) -> Vec<Vec<usize>> {
    (1..n).map(|m| vec![m]).collect()
}

fn turtles(n: usize) -> Vec<Vec<usize>> {
    std::iter::once(Vec::new())
        .chain((1..n).map(|m| vec![m]))
        .collect()
}

fn ruler(n: usize) -> Vec<Vec<usize>> {
    (1..=n).map(|a| (a..n).collect()).collect()
}

/// The value of every board of `rows` × `columns` coins (cell (x, y) is bit
/// (x - 1) * columns + (y - 1)), by the mex rule over whole boards: a move turns a head at
/// (x, y) and every other cell of the rectangle of a set the first rule allows with x and a set
/// the second allows with y. Every move lowers the board as a number.
fn boards(rows: usize, columns: usize, first: Rule, second: Rule) -> Vec<u64> {
    let bit = |x: usize, y: usize| 1usize << ((x - 1) * columns + (y - 1));
    let cells = rows * columns;
    let mut values = vec![0u64; 1 << cells];
    for board in 1..(1usize << cells) {
        let mut seen = vec![false; 1 << cells];
        for x in 1..=rows {
            for y in 1..=columns {
                if board & bit(x, y) == 0 {
                    continue;
                }
                for xs in first(x) {
                    for ys in second(y) {
                        let mut after = board;
                        for &a in xs.iter().chain([x].iter()) {
                            for &b in ys.iter().chain([y].iter()) {
                                after ^= bit(a, b);
                            }
                        }
                        seen[values[after] as usize] = true;
                    }
                }
            }
        }
        values[board] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    values
}

/// The Tartan theorem against the direct computation: a head at (x, y) of the product is worth
/// g1(x) ⊗ g2(y), and grundy's product game (valued by its own mex) and its `tartan` agree.
#[test]
fn products_of_coin_games_follow_the_tartan_theorem() {
    let (rows, columns) = (3, 4);
    for (first, second, rules) in [
        (twins as Rule, twins as Rule, "twins_rule, twins_rule"),
        (
            turtles,
            ruler,
            "(n => [[]] + [[m] for m in 1..n]), (n => [list(a..n) for a in 1..=n])",
        ),
    ] {
        let direct = boards(rows, columns, first, second);
        let bit = |x: usize, y: usize| 1usize << ((x - 1) * columns + (y - 1));
        let expected: Vec<String> = (1..=rows)
            .flat_map(|x| (1..=columns).map(move |y| (x, y)))
            .map(|(x, y)| direct[bit(x, y)].to_string())
            .collect();
        let expected = format!("[{}]", expected.join(", "));
        let cells = format!("for x in 1..={rows} for y in 1..={columns}");
        let product = eval(&format!("[nimber(coin_product({rules}, x, y)) {cells}]"));
        assert_eq!(product, expected, "{rules}");
        let tartan = eval(&format!("[nimber(tartan({rules}, x, y)) {cells}]"));
        assert_eq!(tartan, expected, "{rules}");
        // A board is the sum of its heads: one with three heads, against the direct value.
        let board = bit(1, 2) | bit(2, 3) | bit(3, 4);
        let sum = eval(&format!(
            "nimber(coin_product({rules}, 1, 2) + coin_product({rules}, 2, 3) + coin_product({rules}, 3, 4))"
        ));
        assert_eq!(sum, direct[board].to_string(), "{rules}");
    }
    // Turning Corners, numbered from 0: x ⊗ y.
    assert_eq!(
        eval("all(turning_corners(x, y) == *(x ⊗ y) for x in 0..6 for y in 0..6)"),
        "true"
    );
}

/// The value of every board of `rows` × `columns` coins (bit r·columns + c for the coin at
/// (r, c)), by the mex rule over the moves `moves(r, c)` lists for a head at (r, c) (each a
/// set of the other coins it turns, as a mask): with no use of the sum-of-heads theorem.
fn boards_by_moves(
    rows: usize,
    columns: usize,
    moves: impl Fn(usize, usize) -> Vec<usize>,
) -> Vec<u64> {
    let cells = rows * columns;
    let mut values = vec![0u64; 1 << cells];
    for board in 1..(1usize << cells) {
        let mut seen = vec![false; 1 << cells];
        for cell in 0..cells {
            if board & (1 << cell) == 0 {
                continue;
            }
            for others in moves(cell / columns, cell % columns) {
                // The head's cell is the highest turned: every move lowers the board.
                seen[values[board ^ (1 << cell) ^ others] as usize] = true;
            }
        }
        values[board] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    values
}

/// Every board's value as grundy gives it: the sum of its heads, `head(x, y)` numbered from
/// `first`.
fn grundy_boards(head: &str, rows: usize, columns: usize, first: usize) -> Vec<String> {
    let boards: Vec<String> = (0..1usize << (rows * columns))
        .map(|board| {
            let heads: Vec<String> = (0..rows * columns)
                .filter(|cell| board & (1 << cell) != 0)
                .map(|cell| {
                    format!(
                        "{head}({}, {})",
                        cell / columns + first,
                        cell % columns + first
                    )
                })
                .collect();
            if heads.is_empty() {
                "0".to_owned()
            } else {
                heads.join(" + ")
            }
        })
        .collect();
    let printed = eval(&format!(
        "full [nimber(b) for b in [{}]]",
        boards.join(", ")
    ));
    printed
        .trim_matches(|c| c == '[' || c == ']')
        .split(", ")
        .map(str::to_owned)
        .collect()
}

#[test]
fn acrostic_twins_boards_are_the_direct_values() {
    // Two coins in one row or column, the south-east one from heads to tails.
    let (rows, columns) = (3, 4);
    let direct = boards_by_moves(rows, columns, |r, c| {
        let mut moves: Vec<usize> = (0..r).map(|a| 1 << (a * columns + c)).collect();
        moves.extend((0..c).map(|b| 1 << (r * columns + b)));
        moves
    });
    let expected: Vec<String> = direct.iter().map(u64::to_string).collect();
    assert_eq!(grundy_boards("acrostic_twins", rows, columns, 0), expected);
}

#[test]
fn rugs_boards_are_the_direct_values() {
    // Every coin of a block whose south-east corner is the head.
    let (rows, columns) = (3, 4);
    let direct = boards_by_moves(rows, columns, |r, c| {
        let mut moves = Vec::new();
        for a in 0..=r {
            for b in 0..=c {
                let mut block = 0;
                for i in a..=r {
                    for j in b..=c {
                        if (i, j) != (r, c) {
                            block |= 1 << (i * columns + j);
                        }
                    }
                }
                moves.push(block);
            }
        }
        moves
    });
    let expected: Vec<String> = direct.iter().map(u64::to_string).collect();
    assert_eq!(grundy_boards("rugs", rows, columns, 1), expected);
}
