//! `seq(F, rows, columns)`: a function of two arguments tabulated, as the texts print the
//! nim multiplication table and Turning Corners' values (Ferguson §5, Table 5.2). Entries are
//! checked against nim products computed here by the mex definition
//! a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}, not by grundy's `nim_mul`; and
//! built-ins named as values (`seq(nim_mul, ...)`, `let f = nim_mul`).

mod common;

use std::process::Command;

use common::{errors, eval, run_in, table};
use grundy::eval::Session;

/// The products of a, b < size, by the mex definition.
fn mex_products(size: usize) -> Vec<Vec<i64>> {
    let mut products = vec![vec![0i64; size]; size];
    for a in 0..size {
        for b in 0..size {
            let mut seen = vec![false; size * size + 1];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = products[a2][b] ^ products[a][b2] ^ products[a2][b2];
                    seen[v as usize] = true;
                }
            }
            products[a][b] = seen.iter().position(|&s| !s).unwrap() as i64;
        }
    }
    products
}

/// A printed grid read back: its header of columns, and each row's number and entries.
fn read_grid(printed: &str) -> (Vec<i64>, Vec<(i64, Vec<i64>)>) {
    let mut lines = printed.lines().skip(1);
    let numbers = |text: &str| -> Vec<i64> {
        text.split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let columns = numbers(lines.next().unwrap());
    let rows = lines
        .take_while(|line| !line.starts_with('…'))
        .map(|line| {
            let (x, entries) = line.split_once(':').unwrap();
            (x.trim().parse().unwrap(), numbers(entries))
        })
        .collect();
    (columns, rows)
}

#[test]
fn the_nim_multiplication_table_is_the_mex_rule_s() {
    let products = mex_products(32);
    for (definition, source) in [
        ("", "seq(nim_mul, 0..32, 0..32)"),
        ("", "seq((a, b) => a ⊗ b, 0..32, 0..32)"),
        ("let f(x, y) = *(x ⊗ y)", "seq(f, 0..32, 0..32)"),
        // The library's Turning Corners, whose games are worth x ⊗ y.
        ("", "seq(turning_corners, 0..16, 0..16)"),
    ] {
        let (columns, rows) = read_grid(&eval(&format!("{definition}\nfull {source}")));
        let size = columns.len();
        assert_eq!(columns, (0..size as i64).collect::<Vec<_>>(), "{source}");
        assert_eq!(rows.len(), size, "{source}");
        for (x, entries) in rows {
            assert_eq!(entries, products[x as usize][..size], "{source}: row {x}");
        }
    }
}

#[test]
fn rows_and_columns_may_be_any_integers() {
    let products = mex_products(64);
    let (columns, rows) = read_grid(&eval("seq(nim_mul, {3, 40, 7}, [63, 0, 16])"));
    // A set is in order; a list as written.
    assert_eq!(columns, [63, 0, 16]);
    let xs: Vec<i64> = rows.iter().map(|(x, _)| *x).collect();
    assert_eq!(xs, [3, 7, 40]);
    for (x, entries) in rows {
        let expected: Vec<i64> = columns
            .iter()
            .map(|&y| products[x as usize][y as usize])
            .collect();
        assert_eq!(entries, expected, "row {x}");
    }
}

#[test]
fn a_grid_prints_as_the_texts_print_their_tables() {
    table(&[
        (
            "seq(nim_mul, 0..4, 0..4)",
            "nim_mul: values, rows a (its first argument), columns b (its second)\n   \
             0 1 2 3\n0: 0 0 0 0\n1: 0 1 2 3\n2: 0 2 3 1\n3: 0 3 1 2",
        ),
        // Entries right-aligned, as wide as the widest entry or column number; row numbers
        // right-aligned too.
        (
            "let f(x, y) = x - y\nseq(f, {2, 10}, 0..3)",
            "f: values, rows x (its first argument), columns y (its second)\n     \
             0  1  2\n 2:  2  1  0\n10: 10  9  8",
        ),
        (
            "seq((a, b) => *(a + b), 8..10, {1, 100})",
            "((a, b) => *(a + b)): values, rows a (its first argument), columns b (its second)\n     \
             1 100\n8:   9 108\n9:  10 109",
        ),
    ]);
}

#[test]
fn a_grid_with_no_rows_or_no_columns_prints_its_title() {
    let title = "nim_mul: values, rows a (its first argument), columns b (its second)";
    assert_eq!(
        eval("seq(nim_mul, 0..0, 0..3)"),
        format!("{title}\n  0 1 2")
    );
    assert_eq!(eval("seq(nim_mul, 0..2, 0..0)"), format!("{title}\n0:\n1:"));
}

#[test]
fn a_loopy_family_s_games_worth_infinity_are_entries() {
    let printed = eval(
        "let C = digraph(\"a>b b>a b>c c>d\")\n\
         seq((x, y) => if x == y then C(\"b\") else *(x ^ y), 0..3, 0..3)",
    );
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(
        lines[1..],
        [
            "      0    1    2",
            "0: ∞{1}    1    2",
            "1:    1 ∞{1}    3",
            "2:    2    3 ∞{1}"
        ]
    );
}

#[test]
fn a_large_grid_is_folded_and_full_shows_it_all() {
    // 40 rows, and 40 columns of 3 characters and a space: 30 rows and 29 columns fit.
    let folded = eval("seq((a, b) => *(a ⊗ b), 0..40, 0..40)");
    let lines: Vec<&str> = folded.lines().collect();
    assert_eq!(lines.len(), 1 + 1 + 30 + 1);
    assert!(
        lines.iter().all(|line| line.chars().count() <= 120),
        "{folded}"
    );
    assert_eq!(
        lines[32],
        "… 10 more rows and 11 more columns (`full seq(…)` shows them all; --json gives them to programs)"
    );
    let (columns, rows) = read_grid(&folded);
    assert_eq!((columns.len(), rows.len()), (29, 30));
    let full = eval("full seq((a, b) => *(a ⊗ b), 0..40, 0..40)");
    let (columns, rows) = read_grid(&full);
    assert_eq!((columns.len(), rows.len()), (40, 40));
    assert!(!full.contains('…'));
    // One column too many, or one row.
    assert!(
        eval("seq(nim_mul, 0..31, 0..2)").ends_with(
            "… 1 more row (`full seq(…)` shows them all; --json gives them to programs)"
        )
    );
    // Six columns of 16 digits fit, not seven.
    let wide = eval("seq((a, b) => 10**15 + a + b, 0..1, 0..7)");
    assert!(
        wide.ends_with(
            "… 1 more column (`full seq(…)` shows them all; --json gives them to programs)"
        ),
        "{wide}"
    );
}

#[test]
fn json_gives_every_entry_row_by_row() {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["--json", "eval", "seq(nim_mul, 0..40, 0..40)"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let object: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(object["kind"], "grid");
    assert_eq!(object["family"], "nim_mul");
    assert_eq!(
        object["rows"],
        serde_json::json!((0..40).collect::<Vec<i64>>())
    );
    assert_eq!(object["columns"], object["rows"]);
    assert_eq!(object["values"], serde_json::json!(mex_products(40)));
    assert_eq!(object["infinity"], serde_json::json!([]));
}

#[test]
fn built_ins_are_function_values() {
    table(&[
        ("nim_mul == nim_mul", "true"),
        ("nim_mul == nim_inv", "false"),
        ("let f = nim_mul\nf(2, 3)", "1"),
        ("let f = nim_mul\nf == nim_mul", "true"),
        (
            "let twice(f, x) = f(f(x)); twice(nim_sqrt, 8) == nim_sqrt(nim_sqrt(8))",
            "true",
        ),
        ("let g = rook; g(2, 3) == rook(2, 3)", "true"),
        (
            "let canonical = shape; canonical(\"#.\") == shape(\".#\")",
            "true",
        ),
        ("let size = len; size([1, 2, 3])", "3"),
        ("nimber is function and not (nimber is game)", "true"),
        (
            "nim_mul",
            "nim_mul: the built-in function nim_mul(a, b), a ⊗ b: the nim product of a and b \
             (natural numbers, or nimbers *a and *b): nim_mul(2, 2) == 3",
        ),
        ("str(nim_mul)", "\"nim_mul\""),
    ]);
}

/// A built-in passed as a value calls the built-in, whatever the program defines later under
/// its name.
#[test]
fn a_built_in_value_stays_the_built_in() {
    let mut session = Session::default();
    let first = run_in(&mut session, "a.game", "let f = nim_mul");
    assert!(first.errors.is_empty(), "{:?}", first.errors);
    let then = run_in(
        &mut session,
        "b.game",
        "let nim_mul(a, b) = 7\nf(2, 2)\nnim_mul(2, 2)",
    );
    assert_eq!(then.answers, ["3", "7"], "{:?}", then.errors);
}

/// Which built-ins are values: those whose arguments are a fixed list. Each takes as many as
/// its signature shows: one more is an arity error, as it is when the built-in is called.
#[test]
fn built_ins_with_a_fixed_list_of_arguments_are_values() {
    let mut values = Vec::new();
    for builtin in grundy::eval::BUILTINS {
        let name = builtin.name;
        let printed = common::run(name);
        if !printed.errors.is_empty() {
            // `options` is a command's word too, no name in an expression.
            let error = &printed.errors[0];
            let refused =
                error.contains("this needs arguments") || error.contains("grundy::syntax");
            assert!(refused, "{name}: {error}");
            continue;
        }
        if printed.answers[0].contains("a family of games") {
            continue; // a heap game: `kayles`
        }
        values.push(name);
        let takes = builtin
            .signature
            .split("), ")
            .next()
            .unwrap()
            .matches(',')
            .count()
            + 1;
        let zeros = |n: usize| vec!["0"; n].join(", ");
        let too_many = errors(&format!("let f = {name}\nf({})", zeros(takes + 1)));
        assert!(
            too_many.contains("grundy::call::arity"),
            "{name}: {too_many}"
        );
        // Called directly or through the value, the same value or the same error.
        let args = zeros(takes);
        let called = common::run(&format!("{name}({args})"));
        let through = common::run(&format!("let f = {name}\nf({args})"));
        let message = |errors: &[String]| -> Vec<String> {
            let lines = errors.iter().flat_map(|e| e.lines());
            lines
                .filter(|l| l.contains('×'))
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(message(&called.errors), message(&through.errors), "{name}");
        for error in called.errors.iter().chain(&through.errors) {
            assert!(!error.contains("grundy::call::arity"), "{name}: {error}");
        }
        if called.errors.is_empty() {
            let same = format!("let f = {name}\n[{name}({args})] == [f({args})]");
            assert_eq!(eval(&same), "true", "{name}");
        }
    }
    let not_values: Vec<&str> = (grundy::eval::BUILTINS.iter())
        .map(|b| b.name)
        .filter(|name| {
            !values.contains(name) && !["kayles", "dawson", "grundy_game"].contains(name)
        })
        .collect();
    assert_eq!(
        not_values,
        [
            "nim", "sub", "octal", "hex", "options", "min", "max", "join", "split", "digraph",
            "require", "seq", "survey", "period"
        ]
    );
}

#[test]
fn a_function_of_the_wrong_kind_is_refused() {
    for (source, wanted) in [
        (
            "seq(kayles, 0..3, 0..3)",
            "kayles is a family of one argument",
        ),
        ("seq(5, 0..3, 0..3)", "this is an integer"),
        ("let f(n) = *n\nseq(f, 0..3, 0..3)", "`f` takes 1 argument"),
        (
            "seq(nim_mul, 0..3, 5)",
            "`seq` goes through a range or a set of columns",
        ),
        (
            "seq((x, y) => x < y, 0..3, 0..3)",
            "`((x, y) => x < y)(0, 0)` is a truth value",
        ),
        ("let f(x, y) = *x\nseq(f, 0..4)", "seq(f, 0..8, 0..8)"),
        (
            "seq(nim_mul, 0..3, 0..3, 0..3)",
            "`seq` takes 2 or 3 arguments, but was given 4",
        ),
    ] {
        let error = errors(source);
        assert!(error.contains(wanted), "{source}: {error}");
    }
}

/// The entries of a printed one-way table (`seq(F, R)` over a range), in order.
fn read_table(printed: &str) -> Vec<i64> {
    (printed.lines().skip(1))
        .flat_map(|line| line.split_once(':').unwrap().1.split_whitespace())
        .map(|n| n.parse().unwrap())
        .collect()
}

/// `seq(F, R)` of a function giving integers tabulates them: every square root is the one
/// the mex rule's products square to n.
#[test]
fn a_table_of_integers_is_tabulated_as_it_is() {
    let products = mex_products(64);
    let roots = read_table(&eval("seq(nim_sqrt, 0..64)"));
    assert_eq!(roots.len(), 64);
    for (n, &root) in roots.iter().enumerate() {
        assert_eq!(products[root as usize][root as usize], n as i64, "√{n}");
    }
    let squares: Vec<i64> = (0..64).map(|n| products[n][n]).collect();
    assert_eq!(read_table(&eval("seq(n => n ⊗ n, 0..64)")), squares);
    assert_eq!(
        read_table(&eval("seq(n => 10 - 3 * n, 0..6)")),
        [10, 7, 4, 1, -2, -5]
    );
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["--json", "eval", "seq(n => 7 - n, 6..9)"])
        .output()
        .unwrap();
    let object: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        object["values"],
        serde_json::json!([
            {"n": 6, "integer": 1, "nimber": null, "infinity": null},
            {"n": 7, "integer": 0, "nimber": null, "infinity": null},
            {"n": 8, "integer": -1, "nimber": null, "infinity": null},
        ])
    );
}

/// A table's entries are all games or all integers: 0 beside games is the zero game (a base
/// case), another integer beside them a slip for a heap.
#[test]
fn integers_beside_games_are_the_zero_game_or_refused() {
    let base = "let f(n) = if n == 0 then 0 else <f(k) for k in 0..n>\n";
    assert_eq!(
        eval(&format!("{base}seq(f, 0..5)")),
        "f: values\n0: 0 1 2 3 4"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["--json", "eval", &format!("{base}seq(f, 0..2)")])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let object: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(object["values"][0]["nimber"], 0, "{text}");
    assert_eq!(object["values"][0]["integer"], serde_json::Value::Null);
    let grid = "let g(x, y) = if x == 0 then 0 else *(x + y)\nseq(g, 0..2, 0..2)";
    assert!(eval(grid).ends_with("0: 0 0\n1: 1 2"), "{}", eval(grid));
    for (source, wanted) in [
        (
            "let f(n) = if n < 2 then n else *n\nseq(f, 0..4)",
            "`f(1)` is the integer 1, `f(2)` a game",
        ),
        (
            "let g(x, y) = if x == 1 then 3 else *y\nseq(g, 0..2, 0..2)",
            "`g(1, 0)` is the integer 3, `g(0, 0)` a game",
        ),
        ("seq(n => [n], 0..3)", "`(n => [n])(0)` is a list"),
        (
            "seq(n => kayles, 0..2)",
            "`kayles` is a family of games, not a game",
        ),
        // A library family that refuses an entry names the call made for it.
        (
            "seq(rugs, 0..3, 0..3)",
            "`rugs(0, 0)` is not a call `rugs` accepts",
        ),
        (
            "seq(moebius, 0..3)",
            "`moebius(0)` is not a call `moebius` accepts",
        ),
    ] {
        let error = errors(source);
        assert!(error.contains(wanted), "{source}: {error}");
    }
    assert!(errors("let f(n) = if n < 2 then n else *n\nseq(f, 0..4)").contains("*1"));
}
