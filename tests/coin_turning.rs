//! Coin-turning games of the library against a direct computation: the mex rule over whole rows
//! and boards of coins (a row or board a bit mask, a move turning over a head and the coins the
//! rule allows with it), with no use of the theorem that a position is the sum of its heads
//! (tests/direct_coins). Ferguson's §5 worked in tests/coin_turning_exercises.rs.

mod common;
mod direct_coins;

use common::eval;
use direct_coins::*;

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

/// The Tartan theorem against the direct computation: a head at (x, y) of the product is worth
/// g1(x) ⊗ g2(y), and grundy's product game (valued by its own mex) and its `tartan` agree.
#[test]
fn products_of_coin_games_follow_the_tartan_theorem() {
    let (rows, columns) = (3, 4);
    for (game, rules) in [
        (product(twins, twins), "twins_rule, twins_rule"),
        (
            product(turtles, ruler),
            "(n => [[]] + [[m] for m in 1..n]), (n => [list(a..n) for a in 1..=n])",
        ),
        (product(ruler, ruler), "ruler_rule, ruler_rule"),
        (
            product(mock_turtles, ruler),
            "mock_turtles_rule, ruler_rule",
        ),
    ] {
        let direct = game.boards(rows, columns);
        let bit = |x: usize, y: usize| game.bit((x, y), columns);
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

/// A list of values as grundy prints it.
fn printed(values: impl IntoIterator<Item = u64>) -> String {
    let values: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", values.join(", "))
}

/// The games of Ferguson's §5 and its exercises, by name and as rules of `coin_turning`,
/// against the direct values of single heads: `first` is the number of the leftmost coin in
/// the family's own numbering (the direct rows number coins from 1).
#[test]
fn the_games_of_the_exercises_are_the_direct_values() {
    let coins = 12;
    let s134 = [1, 3, 4];
    let s25 = [2, 5];
    let cases: [(&str, Rule, usize); 17] = [
        ("triplets(n)", &triplets, 0),
        ("coin_turning(triplets_rule, n)", &triplets, 1),
        ("rulerette(n)", &rulerette, 1),
        ("coin_turning(rulerette_rule, n)", &rulerette, 1),
        ("grunt(n)", &grunt, 0),
        ("coin_turning(grunt_rule, n)", &grunt, 1),
        ("sub_coins(n, {1, 3, 4})", &sub_coins(&s134), 1),
        (
            "coin_turning(m => sub_coins_rule(m, {1, 3, 4}), n)",
            &sub_coins(&s134),
            1,
        ),
        ("sub_coins(n, [2, 5])", &sub_coins(&s25), 1),
        ("sub_twins(n, {1, 3, 4})", &sub_twins(&s134), 0),
        (
            "coin_turning(m => sub_twins_rule(m, {1, 3, 4}), n)",
            &sub_twins(&s134),
            1,
        ),
        ("sub_turtles(n, {2, 5})", &sub_turtles(&s25), 0),
        (
            "coin_turning(m => sub_turtles_rule(m, {2, 5}), n)",
            &sub_turtles(&s25),
            1,
        ),
        ("coin_turning(turning_turtles_rule, n)", &turtles, 1),
        ("coin_turning(mock_turtles_rule, n)", &mock_turtles, 1),
        ("mock_turtles(n)", &mock_turtles, 0),
        ("coin_turning(ruler_rule, n)", &ruler, 1),
    ];
    for (head, rule, first) in cases {
        let direct = rows_by(coins, rule);
        let expected = printed((0..coins).map(|i| direct[1 << i]));
        let range = format!("{first}..{}", first + coins);
        let values = eval(&format!("[nimber({head}) for n in {range}]"));
        assert_eq!(values, expected, "{head}");
    }
}

/// Whole rows of the exercises' games: grundy's rows (sums of heads, or `sub_twins_row` played
/// on the row itself) against the direct values of every row of 9 coins.
#[test]
fn whole_rows_of_the_exercises_games_are_the_direct_values() {
    let coins = 9;
    let texts: Vec<String> = row_texts(coins)
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect();
    let rows = texts.join(", ");
    let s134 = [1, 3, 4];
    let cases: [(&str, Rule); 5] = [
        ("coin_turning_row(triplets_rule, s)", &triplets),
        ("coin_turning_row(rulerette_rule, s)", &rulerette),
        ("coin_turning_row(grunt_rule, s)", &grunt),
        ("coin_turning_row(mock_turtles_rule, s)", &mock_turtles),
        ("sub_twins_row(s, {1, 3, 4})", &sub_twins(&s134)),
    ];
    for (row, rule) in cases {
        let direct = rows_by(coins, rule);
        let values = eval(&format!("full [nimber({row}) for s in [{rows}]]"));
        assert_eq!(values, printed(direct), "{row}");
    }
}

/// What the library's files say of each game's values (Triplets is Mock Turtles two coins on,
/// Rulerette half of Ruler, the subtraction games' coins their piles, Grunt Grundy's game), on
/// the direct values alone: the worksheet's answers to exercises 3, 4 and 5 rest on these.
#[test]
fn the_theory_of_each_game_holds_of_the_direct_values() {
    let coins = 14;
    let single = |rule: Rule| -> Vec<u64> {
        let rows = rows_by(coins, rule);
        (0..coins).map(|i| rows[1 << i]).collect()
    };
    // Coins from 1 here: Triplets' coin n + 3 is Mock Turtles' coin n + 1.
    let (three, mock) = (single(&triplets), single(&mock_turtles));
    assert_eq!(three[..2], [0, 0]);
    assert_eq!(three[2..], mock[..coins - 2]);
    let (ette, ruler) = (single(&rulerette), single(&ruler));
    for n in 1..=coins {
        let half = if n % 2 == 0 { ruler[n - 1] / 2 } else { 0 };
        assert_eq!(ette[n - 1], half, "rulerette({n})");
    }
    for s in [vec![1, 3, 4], vec![2, 5], vec![1, 2, 3]] {
        let piles = subtraction(&s, coins + 1);
        // sub_coins from 1 is the pile of n; the other two from 0, coin n + 1 the pile of n.
        assert_eq!(single(&sub_coins(&s)), piles[1..], "{s:?}");
        assert_eq!(single(&sub_twins(&s)), piles[..coins], "{s:?}");
        let plus_one: Vec<u64> = piles[..coins].iter().map(|g| g + 1).collect();
        assert_eq!(single(&sub_turtles(&s)), plus_one, "{s:?}");
    }
    assert_eq!(single(&grunt), grundy_game(coins));
    // Ferguson's table (1), the take-away game as coins.
    assert_eq!(
        single(&sub_coins(&[1, 2, 3])),
        [1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]
    );
}

/// Every board of 3 × 4 coins written as a string, in each two-dimensional game, against the
/// direct value of the whole board; and single heads of 4 × 4 boards.
#[test]
fn every_board_is_the_direct_value() {
    let (rows, columns) = (3, 4);
    let texts: Vec<String> = (0..1usize << (rows * columns))
        .map(|board| {
            let row = |x: usize| -> String {
                (0..columns)
                    .map(|y| match board & (1 << (x * columns + y)) {
                        0 => 'T',
                        _ => 'H',
                    })
                    .collect()
            };
            format!("\"{}\"", (0..rows).map(row).collect::<Vec<_>>().join("/"))
        })
        .collect();
    let boards = texts.join(", ");
    for (game, board) in [
        (acrostic_twins(), "acrostic_twins_board(s)"),
        (acrostic_twins(), "coin_board(acrostic_twins, 0, s)"),
        (turning_corners(), "turning_corners_board(s)"),
        (rugs(), "rugs_board(s)"),
        (rugs(), "coin_board(rugs, 1, s)"),
        (rugs(), "coin_product_board(ruler_rule, ruler_rule, s)"),
        (
            product(turtles, ruler),
            "coin_product_board(turning_turtles_rule, ruler_rule, s)",
        ),
    ] {
        let direct = game.boards(rows, columns);
        let values = eval(&format!("full [nimber({board}) for s in [{boards}]]"));
        assert_eq!(values, printed(direct), "{board}");
    }
    for (game, head) in [
        (acrostic_twins(), "acrostic_twins(x, y)"),
        (rugs(), "rugs(x, y)"),
        (rugs(), "tartan(ruler_rule, ruler_rule, x, y)"),
    ] {
        let direct = game.boards(4, 4);
        let cells = (0..4).flat_map(|x| (0..4).map(move |y| (x + game.first, y + game.first)));
        let expected = printed(cells.map(|c| direct[game.bit(c, 4)]));
        let (a, b) = (game.first, game.first + 4);
        let values = eval(&format!(
            "[nimber({head}) for x in {a}..{b} for y in {a}..{b}]"
        ));
        assert_eq!(values, expected, "{head}");
    }
    // Acrostic Twins' head is a rook's: the nim-sum of its row and column.
    assert_eq!(
        eval("all(acrostic_twins(x, y) == rook(x, y) for x in 0..8 for y in 0..8)"),
        "true"
    );
}

/// A board string is read as the texts draw it: the top row first, x the row and y the column,
/// numbered from the first given; the board is the sum of those heads.
#[test]
fn board_strings_are_read_row_by_row() {
    common::table(&[
        ("coin_board_cells(\"TTH/HTT\", 0)", "[[0, 2], [1, 0]]"),
        ("coin_board_cells(\"TTH/HTT\", 1)", "[[1, 3], [2, 1]]"),
        ("coin_board_cells(\"TTT/TTT\", 0)", "[]"),
        (
            "coin_board_cells(\"TTTTT/TTTHT/TTTTT/TTHTT/TTTTH\", 0)",
            "[[1, 3], [3, 2], [4, 4]]",
        ),
        (
            "turning_corners_board(\"TTH/HTH\") == turning_corners(0, 2) + turning_corners(1, 0) + turning_corners(1, 2)",
            "true",
        ),
        ("rugs_board(\"HT/TH\") == rugs(1, 1) + rugs(2, 2)", "true"),
        ("turning_corners_board(\"TTTT/TTTT\") is losing", "true"),
        // A rule's sets may be ranges.
        (
            "coin_turning(n => [k..n for k in 1..n], 4) == coin_turning_row(n => [k..n for k in 1..n], \"TTTH\")",
            "true",
        ),
        // All tails is the game with no move, not the integer 0.
        (
            "turning_corners_board(\"T\")",
            "0 — the player to move loses",
        ),
        (
            "coin_turning_row(moebius_rule, \"TTT\")",
            "0 — the player to move loses",
        ),
        (
            "coin_product_board(ruler_rule, ruler_rule, \"TT/TT\")",
            "0 — the player to move loses",
        ),
        (
            "coin_board_rows(\"TH/HT\") and not coin_board_rows(\"TH/H\")",
            "true",
        ),
        (
            "not coin_board_rows(\"\") and not coin_board_rows(\"TH//HT\") and not coin_board_rows(\"Th\")",
            "true",
        ),
    ]);
}

/// `moves` of a row or a board says which coins each move turns: a row of `coin_turning`, made
/// as the sum of its heads, names each head and its move's words.
#[test]
fn moves_of_rows_and_boards_say_which_coins_turn() {
    let row = eval("moves coin_turning_row(moebius_rule, \"HTHTH\")");
    assert!(
        row.contains(
            "coin_turning(moebius_rule, 5) → coin_turning(moebius_rule, 1) + \
             coin_turning(moebius_rule, 3): turn coins 1, 3 and 5"
        ),
        "{row}"
    );
    // A row of many heads names each of them.
    let many = eval("moves coin_turning_row(moebius_rule, \"HHHHHHHHHTH\")");
    assert!(
        many.contains("leaving coin_turning(moebius_rule, 1) + coin_turning(moebius_rule, 2)"),
        "{many}"
    );
    assert!(!many.contains("coin_heads"), "{many}");
    let board = eval("moves turning_corners_board(\"TH/HH\")");
    assert!(
        // The heads in row and column 0 are worth 0 and have no moves: the board is its head
        // at (1, 1), and the corners it turns leave heads worth 0 alone, the zero game.
        board
            .contains("turning_corners_board(\"TH/HH\") → 0 ≡ 0: turn the corners 0,0 0,1 1,0 1,1"),
        "{board}"
    );
    let rugs = eval("moves all rugs(2, 2)");
    assert!(
        rugs.contains("rugs(2, 2) → rugs(1, 1) + rugs(1, 2) + rugs(2, 1) ≡ *1: turn the 2 × 2 block from 1,1 to 2,2"),
        "{rugs}"
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
