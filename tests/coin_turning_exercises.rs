//! Ferguson's §5 (Game Theory, Part I) as std/examples/ferguson_coin_turning.game works it: the
//! answers that worksheet shows without an expected value of the text's (the winning moves of
//! each position, the exercises), each checked here against the direct computations of
//! tests/direct_coins: whole rows and small boards by the mex rule over whole positions, larger
//! boards from single heads each valued by the mex rule over its moves.

mod common;
mod direct_coins;

use common::eval;
use direct_coins::*;

const POSITION_5: &str = "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH";

/// A position's value and the words of its winning moves, as grundy's `moves` lists them,
/// against the direct ones.
fn check_moves(listing_of: &str, game: &Game2, board: &str, values: &[Vec<u64>]) -> Vec<String> {
    let (value, expected) = game.winning(board, values);
    let listing = eval(&format!("moves {listing_of}"));
    let worth = match value {
        0 => "≡ 0: the player to move loses".to_owned(),
        v => format!("≡ *{v}: the player to move wins"),
    };
    assert!(
        listing.contains(&worth),
        "{listing_of}: {worth} in\n{listing}"
    );
    assert_eq!(listed_words(&listing), expected, "{listing}");
    expected
}

/// Display (5) in the four games the text plays it in, and the (Mock Turtles)² position: the
/// value and every winning move, the text's among them.
#[test]
fn the_texts_positions_and_all_their_winning_moves() {
    let position = format!("\"{POSITION_5}\"");
    let acrostic = acrostic_twins();
    let found = check_moves(
        &format!("acrostic_twins_board({position})"),
        &acrostic,
        POSITION_5,
        &acrostic.heads(5, 5),
    );
    assert!(found.contains(&"turn coins 1,0 and 1,3".to_owned()));
    assert_eq!(found.len(), 3, "the text's move and the others it asks for");
    let corners = turning_corners();
    let found = check_moves(
        &format!("turning_corners_board({position})"),
        &corners,
        POSITION_5,
        &corners.heads(5, 5),
    );
    assert_eq!(
        found,
        ["turn the corners 3,3 3,4 4,3 4,4"],
        "the one winning move"
    );
    let squared = product(turtles, turtles);
    let found = check_moves(
        &format!("coin_product_board(turning_turtles_rule, turning_turtles_rule, {position})"),
        &squared,
        POSITION_5,
        &squared.heads(5, 5),
    );
    assert!(found.contains(&"turn coins 2,3 2,5 5,3 5,5".to_owned()));
    let rugs = rugs();
    let found = check_moves(
        &format!("rugs_board({position})"),
        &rugs,
        POSITION_5,
        &rugs.heads(5, 5),
    );
    assert!(found.contains(&"turn the 2 × 4 block from 1,1 to 2,4".to_owned()));
    let mock = product(mock_turtles, mock_turtles);
    let two_heads = "THTTTT/TTTTTT/TTTTTT/TTTTTT/TTTTTH";
    let found = check_moves(
        &format!("coin_product_board(mock_turtles_rule, mock_turtles_rule, \"{two_heads}\")"),
        &mock,
        two_heads,
        &mock.heads(5, 6),
    );
    assert!(found.contains(&"turn coins 1,2 1,5 1,6 2,2 2,5 2,6 5,2 5,5 5,6".to_owned()));
    assert!(found.contains(&"turn coins 1,1 1,6 5,1 5,6".to_owned()));
    // The worksheet's own families, by the same words.
    let worksheet = "let turtles_squared(x, y) = coin_product(turning_turtles_rule, turning_turtles_rule, x, y)\nmoves coin_board(turtles_squared, 1, \"TTTTT/TTTHT/TTTTT/TTHTT/TTTTH\")";
    let listing = eval(worksheet);
    let words = listed_words(&listing);
    assert_eq!(words, squared.winning(POSITION_5, &squared.heads(5, 5)).1);
}

/// The text's boards are worth what the direct computation of every 5 × 5 board's single heads
/// makes them, and single heads match whole boards where both can be had (4 × 4).
#[test]
fn single_heads_agree_with_whole_boards() {
    for game in [
        acrostic_twins(),
        turning_corners(),
        rugs(),
        product(turtles, turtles),
    ] {
        let whole = game.boards(4, 4);
        let heads = game.heads(4, 4);
        for (x, row) in heads.iter().enumerate() {
            for (y, &value) in row.iter().enumerate() {
                let cell = (x + game.first, y + game.first);
                assert_eq!(value, whole[game.bit(cell, 4)], "{cell:?}");
            }
        }
        // A board of many heads is their nim-sum.
        let board = "HTHH/THTH/HHTT/TTHH";
        let sum = game
            .heads_of(board)
            .iter()
            .fold(0, |v, &(x, y)| v ^ heads[x - game.first][y - game.first]);
        assert_eq!(sum, whole[game.board_bits(board, 4)]);
    }
}

/// Exercise 1: the row TTHTHHTTH in Turning Turtles, Twins, the subtraction game {1, 3, 4}
/// with two coins turned, and Mock Turtles: every winning move, in each game's numbering.
#[test]
fn exercise_1_the_row_in_four_games() {
    let row = "TTHTHHTTH";
    let bits = row_bits(row);
    let s134 = [1, 3, 4];
    let cases: [(&str, Rule, usize); 4] = [
        ("turning_turtles_row", &turtles, 1),
        ("twins_row", &twins, 0),
        ("sub_twins_row", &sub_twins(&s134), 0),
        ("mock_turtles_row", &mock_turtles, 0),
    ];
    for (family, rule, first) in cases {
        let values = rows_by(row.len(), rule);
        let mut expected = Vec::new();
        for n in (1..=row.len()).filter(|n| bits & (1 << (n - 1)) != 0) {
            for set in rule(n) {
                let after = set
                    .iter()
                    .fold(bits ^ (1 << (n - 1)), |r, m| r ^ (1 << (m - 1)));
                if values[after] == 0 {
                    let coins: Vec<String> = set
                        .iter()
                        .chain([&n])
                        .map(|m| (m - 1 + first).to_string())
                        .collect();
                    expected.push(match coins.len() {
                        1 => format!("turn coin {}", coins[0]),
                        _ => format!(
                            "turn coins {} and {}",
                            coins[..coins.len() - 1].join(", "),
                            coins[coins.len() - 1]
                        ),
                    });
                }
            }
        }
        expected.sort();
        let call = match family {
            "sub_twins_row" => format!("{family}(\"{row}\", {{1, 3, 4}})"),
            _ => format!("{family}(\"{row}\")"),
        };
        let listing = eval(&format!("moves {call}"));
        assert_eq!(listed_words(&listing), expected, "{listing}");
        let value = values[bits];
        assert_eq!(
            eval(&format!("nimber({call})")),
            value.to_string(),
            "{call}"
        );
        if value == 0 {
            assert!(listing.contains("No move wins"), "{listing}");
        }
    }
}

/// Exercises 3, 4 and 5 as the worksheet tabulates them.
#[test]
fn exercises_3_4_5_the_tables() {
    let coins = 40;
    let printed = |values: &[u64]| {
        let values: Vec<String> = values.iter().map(u64::to_string).collect();
        format!("[{}]", values.join(", "))
    };
    let triplets_direct = heads_by(coins, &triplets);
    let rows = rows_by(12, &triplets);
    assert!((0..12).all(|i| rows[1 << i] == triplets_direct[i]));
    assert_eq!(
        eval("[nimber(triplets(n)) for n in 0..16]"),
        printed(&triplets_direct[..16])
    );
    let rulerette_direct = heads_by(coins, &rulerette);
    assert_eq!(
        eval("[nimber(rulerette(n)) for n in 1..33]"),
        printed(&rulerette_direct[..32])
    );
    let sub_direct = heads_by(16, &sub_turtles(&[1, 3, 4]));
    assert_eq!(
        eval("[nimber(sub_turtles(x, {1, 3, 4})) for x in 0..16]"),
        printed(&sub_direct)
    );
    // The worksheet's statements of how each relates to its parent game.
    let mock = heads_by(coins, &mock_turtles);
    assert!((0..coins - 2).all(|n| triplets_direct[n + 2] == mock[n]));
    let ruler_direct = heads_by(coins, &ruler);
    assert!((1..=coins).all(|n| {
        rulerette_direct[n - 1]
            == if n % 2 == 0 {
                ruler_direct[n - 1] / 2
            } else {
                0
            }
    }));
    let piles = subtraction(&[1, 3, 4], 16);
    assert!((0..16).all(|x| sub_direct[x] == piles[x] + 1));
    for claim in [
        "all(triplets(n + 2) == mock_turtles(n) for n in 0..14)",
        "all(rulerette(n) == *(if n % 2 == 0 then nimber(ruler(n)) / 2 else 0) for n in 1..33)",
    ] {
        assert_eq!(eval(claim), "true", "{claim}");
    }
}

/// Exercise 6 against nim products by their mex definition.
#[test]
fn exercise_6_nim_arithmetic() {
    let table = nim_products(64, 64);
    assert_eq!(eval("6 ⊗ 21"), table[6][21].to_string());
    assert_eq!(eval("25 ⊗ 40"), table[25][40].to_string());
    // 15 ⊘ 14 is the q with 14 ⊗ q = 15; the square root of 8 the r with r ⊗ r = 8.
    let quotient = (0..64).find(|&q| table[14][q] == 15).unwrap();
    assert_eq!(eval("nim_div(15, 14)"), quotient.to_string());
    let root = (0..64).find(|&r| table[r][r] == 8).unwrap();
    assert_eq!(eval("nim_sqrt(8)"), root.to_string());
    // A quadratic has at most two roots in a field: two below 16 are all there are.
    let roots: Vec<String> = (0..16usize)
        .filter(|&x| table[x][x] ^ x as u64 ^ 6 == 0)
        .map(|x| x.to_string())
        .collect();
    assert_eq!(roots.len(), 2);
    assert_eq!(
        eval("[x for x in 0..256 if x ⊗ x ^ x ^ 6 == 0]"),
        format!("[{}]", roots.join(", "))
    );
}

/// Exercise 8: (Mock Turtles) × Ruler, its table of values, the position's 15 and every
/// winning move.
#[test]
fn exercise_8_mock_turtles_times_ruler() {
    let game = product(mock_turtles, ruler);
    let values = game.heads(5, 8);
    let rows: Vec<String> = values
        .iter()
        .map(|row| {
            let row: Vec<String> = row.iter().map(u64::to_string).collect();
            format!("[{}]", row.join(", "))
        })
        .collect();
    assert_eq!(
        eval(
            "[[nimber(coin_product(mock_turtles_rule, ruler_rule, x, y)) for y in 1..=8] for x in 1..=5]"
        ),
        format!("[{}]", rows.join(", "))
    );
    // The rows and columns are Mock Turtles' and Ruler's values, multiplied (the Tartan theorem).
    let products = nim_products(16, 16);
    let (mock, ruler_values) = (heads_by(5, &mock_turtles), heads_by(8, &ruler));
    for (row, &g) in values.iter().zip(&mock) {
        for (&value, &h) in row.iter().zip(&ruler_values) {
            assert_eq!(value, products[g as usize][h as usize]);
        }
    }
    let board = "THTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTH";
    let found = check_moves(
        &format!("coin_product_board(mock_turtles_rule, ruler_rule, \"{board}\")"),
        &game,
        board,
        &values,
    );
    assert!(!found.is_empty());
    let worksheet = format!(
        "let mock_ruler(x, y) = coin_product(mock_turtles_rule, ruler_rule, x, y)\nmoves coin_board(mock_ruler, 1, \"{board}\")"
    );
    assert_eq!(listed_words(&eval(&worksheet)), found);
}

/// Exercise 9: Rugs on n × n with heads where i + j is odd, or even.
#[test]
fn exercise_9_checkered_rugs() {
    let game = rugs();
    let checkered = |n: usize, parity: usize| -> String {
        let row = |i: usize| -> String {
            (1..=n)
                .map(|j| if (i + j) % 2 == parity { 'H' } else { 'T' })
                .collect()
        };
        (1..=n).map(row).collect::<Vec<_>>().join("/")
    };
    let heads = game.heads(6, 6);
    for parity in [1, 0] {
        let values: Vec<String> = (1..=6)
            .map(|n| game.winning(&checkered(n, parity), &heads).0.to_string())
            .collect();
        // Up to 4 × 4, against whole boards too.
        for n in 1..=4 {
            let whole = game.boards(n, n);
            let value = whole[game.board_bits(&checkered(n, parity), n)];
            assert_eq!(value.to_string(), values[n - 1], "{n} × {n}");
        }
        let let_checkered = "let checkered(n, parity) = join([join([if (i + j) % 2 == parity then \"H\" else \"T\" for j in 1..=n]) for i in 1..=n], \"/\")";
        assert_eq!(
            eval(&format!(
                "{let_checkered}\n[nimber(rugs_board(checkered(n, {parity}))) for n in 1..=6]"
            )),
            format!("[{}]", values.join(", ")),
            "parity {parity}"
        );
    }
    check_moves(
        &format!("rugs_board(\"{}\")", checkered(4, 0)),
        &game,
        &checkered(4, 0),
        &heads,
    );
}

/// Exercise 10: the subtraction game {1, 2, 3, 4} with two coins turned, times Ruler, on a
/// block of 100 × 100 numbered from (1, 1), heads at (100, 100) and (4, 1). Each row's heads by
/// the mex rule over their moves, their product by the Tartan theorem with nim products by the
/// mex definition; a move of the tartan game is a move in each row at once.
#[test]
fn exercise_10_a_hundred_by_a_hundred() {
    let s = [1, 2, 3, 4];
    let first = sub_twins(&s);
    let g = heads_by(100, &first);
    let h = heads_by(100, &ruler);
    let table = nim_products(8, 128);
    let nim = |a: u64, b: u64| table[a as usize][b as usize];
    let worth = |x: usize, y: usize| nim(g[x - 1], h[y - 1]);
    let total = worth(100, 100) ^ worth(4, 1);
    let rule = "let s1234 = n => sub_twins_rule(n, {1, 2, 3, 4})";
    let position = "tartan(s1234, ruler_rule, 100, 100) + tartan(s1234, ruler_rule, 4, 1)";
    let value = eval(&format!("{rule}\nnimber({position})"));
    assert_eq!(value, total.to_string());
    // Every winning move from the head at (100, 100): a move xs of the first row with one ys of
    // the second turns the coins of (xs + [100]) × (ys + [100]).
    let mut winning = Vec::new();
    for xs in first(100) {
        for ys in ruler(100) {
            let rows: Vec<usize> = xs.iter().copied().chain([100]).collect();
            let columns: Vec<usize> = ys.iter().copied().chain([100]).collect();
            let left = rows
                .iter()
                .flat_map(|&a| columns.iter().map(move |&b| (a, b)))
                .filter(|&c| c != (100, 100))
                .fold(0, |v, (a, b)| v ^ worth(a, b));
            if total ^ worth(100, 100) ^ left == 0 {
                winning.push((xs.clone(), ys));
            }
        }
    }
    assert!(!winning.is_empty(), "the first player wins");
    let listing = eval(&format!("{rule}\nmoves {position}"));
    // grundy names the move by its two rows' moves: one of those found here.
    let named = winning
        .iter()
        .filter(|(_, ys)| !ys.is_empty())
        .any(|(xs, ys)| {
            let x = format!("coin_turning(s1234, {})", xs[0]);
            let ys: Vec<String> = ys
                .iter()
                .map(|y| format!("coin_turning(ruler_rule, {y})"))
                .collect();
            listing.contains(&x) && listing.contains(&ys.join(" + "))
        });
    assert!(named, "{winning:?} in\n{listing}");
}
