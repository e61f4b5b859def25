//! Heap games in the language: Kayles, Dawson's Kayles, octal and hexadecimal codes, Grundy's
//! game and Wythoff's game, checked against values from the literature and the seeds, and
//! against the plain mex loop.

mod common;

use common::{eval, run};
use grundy::eval::Session;
use grundy::game::Arena;
use grundy::game::heap::wythoff::floor_k_phi;
use grundy::game::heap::{Code, HeapGame, naive_values};
use grundy::game::reduce::mex;
use proptest::prelude::*;

/// The values `seq(F, 0..n)` prints, read back from its table.
fn seq(family: &str, n: u64) -> Vec<u64> {
    let printed = eval(&format!("seq({family}, 0..{n})"));
    printed
        .lines()
        .skip(1)
        .flat_map(|row| row.split(':').nth(1).unwrap().split_whitespace())
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn the_seeds_kayles_values() {
    let seed = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7];
    assert_eq!(seq("kayles", 16), seed);
}

#[test]
fn grundys_game_first_values() {
    let literature = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3,
    ];
    assert_eq!(seq("grundy_game", 31), literature);
}

#[test]
fn kayles_has_period_12_from_71() {
    let report = eval("period(kayles)");
    assert!(
        report.starts_with("kayles: period 12 from n = 71"),
        "{report}"
    );
    assert!(report.contains("71 ≤ n < 156 = 2·71 + 12 + 2"), "{report}");
    assert!(report.contains("octal periodicity theorem (Guy–Smith)"));
}

#[test]
fn dawsons_kayles_has_period_34_from_53() {
    let report = eval("period(dawson)");
    assert!(
        report.starts_with("dawson: period 34 from n = 53"),
        "{report}"
    );
    // Dawson's chess (0.137) is Dawson's Kayles shifted by one.
    assert!(
        eval(r#"period(octal("0.137"))"#).starts_with(r#"octal("0.137"): period 34 from n = 52"#)
    );
}

#[test]
fn a_table_of_a_periodic_game_has_rows_of_the_period() {
    let table = eval("seq(kayles, 72..96)");
    assert!(
        table.starts_with("kayles: values, period 12 from n = 71\n72:"),
        "{table}"
    );
    assert_eq!(table.lines().count(), 3, "{table}");
}

#[test]
fn far_heaps_answer_at_once_with_a_proof() {
    let kayles = naive_values(&HeapGame::kayles(), 200).unwrap();
    let dawson = naive_values(&HeapGame::dawson(), 200).unwrap();
    let far = 10u64.pow(18);
    let fold = |start: u64, period: u64| (start + (far - start) % period) as usize;
    let expected = |value: u16| {
        if value == 0 {
            "0 — the player to move loses".to_owned()
        } else {
            format!("*{value} — the player to move wins")
        }
    };
    assert_eq!(eval("kayles(10**18)"), expected(kayles[fold(71, 12)]));
    assert_eq!(eval("dawson(10**18)"), expected(dawson[fold(53, 34)]));
    let why = eval("why kayles(10**18)");
    assert!(
        why.contains("(octal periodicity theorem, Guy–Smith)"),
        "{why}"
    );
    assert!(why.contains("period 12 from n = 71"), "{why}");
    assert!(why.contains("71 ≤ n < 156"), "{why}");
    assert!(why.contains("≡ kayles(76)"), "{why}");
    let why = eval("why sub(10**18, {1, 3, 4})");
    assert!(why.contains("(periodicity of subtraction games)"), "{why}");
}

#[test]
fn moves_are_told_in_the_games_terms() {
    let moves = eval("moves all kayles(4)");
    assert!(moves.starts_with("kayles(4) ≡ *1 has 4 moves:"), "{moves}");
    assert!(moves.contains("kayles(4) → kayles(3) ≡ *3: knock down 1 pin, leaving a row of 3"));
    assert!(moves.contains(
        "kayles(4) → kayles(1) + kayles(1) ≡ 0: knock down 2 pins, leaving rows of 1 and 1   ← wins"
    ));
    let grundy = eval("moves all grundy_game(7)");
    assert!(grundy.contains(
        "grundy_game(7) → grundy_game(3) + grundy_game(4) ≡ *1: split the heap of 7 into 3 and 4"
    ));
    let octal = eval(r#"moves all octal("0.137", 3)"#);
    // 0.137: d1 = 1 takes a single token only when it is the whole heap.
    assert!(
        octal.starts_with("octal(\"0.137\", 3) ≡ *2 has 2 moves:"),
        "{octal}"
    );
    assert!(
        octal.contains("take 2 tokens, leaving a heap of 1"),
        "{octal}"
    );
    assert!(octal.contains("take all 3 tokens   ← wins"), "{octal}");
    let wythoff = eval("moves wythoff(4, 6)");
    assert!(
        wythoff.ends_with("wythoff(4, 6) → wythoff(3, 5) ≡ 0: 1 square diagonally"),
        "{wythoff}"
    );
}

#[test]
fn a_huge_heap_shows_its_first_winning_moves() {
    let moves = eval("moves kayles(10**18)");
    assert!(moves.contains("knock down 2 pins, leaving rows of 1 and 999999999999999997"));
    assert!(moves.ends_with("there may be more"), "{moves}");
    // Each move shown really leaves a losing position.
    let left = "kayles(1) + kayles(999999999999999997)";
    assert_eq!(eval(left), "0 — the player to move loses");
}

#[test]
fn wythoff_p_positions_are_the_golden_pairs() {
    let mut p_positions = Vec::new();
    for k in 0..20 {
        let a = floor_k_phi(k);
        p_positions.push((a, a + k));
        p_positions.push((a + k, a));
    }
    for a in 0..=30 {
        for b in 0..=30 {
            let losing = eval(&format!("wythoff({a}, {b})")).starts_with("0 ");
            assert_eq!(losing, p_positions.contains(&(a, b)), "wythoff({a}, {b})");
        }
    }
}

/// With a pile empty, Wythoff's game is a nim heap of any size: no table is needed.
#[test]
fn wythoff_with_an_empty_pile_is_a_nim_heap_of_any_size() {
    assert_eq!(
        eval("wythoff(10**18, 0)"),
        "*1000000000000000000 — the player to move wins"
    );
    assert_eq!(eval("wythoff(0, 10**9) == *(10**9)"), "true");
    // Small ones agree with the mex rule over the options a queen has there.
    for n in 0..40 {
        assert_eq!(eval(&format!("nimber(wythoff({n}, 0))")), n.to_string());
        assert_eq!(
            eval(&format!("nimber(<wythoff(k, 0) for k in 0..{n}>)")),
            n.to_string()
        );
    }
    let why = eval("why wythoff(10**18, 0)");
    assert!(why.contains("one pile is empty"), "{why}");
}

#[test]
fn rook_is_the_nim_sum_and_subtraction_123_is_n_mod_4() {
    for (i, j) in [(0, 0), (3, 5), (7, 7), (12, 9)] {
        let value = (i ^ j) as u64;
        assert_eq!(eval(&format!("nimber(rook({i}, {j}))")), value.to_string());
    }
    assert_eq!(
        seq("sub({1, 2, 3})", 12),
        (0..12).map(|n| n % 4).collect::<Vec<_>>()
    );
}

#[test]
fn bad_codes_point_into_the_string() {
    let output = run(r#"octal("0.78", 3)"#);
    let error = &output.errors[0];
    assert!(error.contains("`8` is not an octal digit"), "{error}");
    assert!(error.contains("hex(\"0.78\", n)"), "{error}");
    // The label sits under the 8, inside the quotes.
    let column = |line: &str, c: char| line.chars().position(|x| x == c);
    let caret_line = error.lines().find(|l| l.contains('┬')).unwrap();
    let source_line = error.lines().find(|l| l.contains("octal(")).unwrap();
    assert_eq!(column(caret_line, '┬'), column(source_line, '8'), "{error}");
    assert_eq!(eval(r#"hex("0.78", 3)"#), "*1 — the player to move wins");
    let errors = run(r#"octal(77, 3); kayles(-1); period(grundy_game)"#).errors;
    assert_eq!(errors.len(), 3);
    assert!(errors[0].contains("takes its code as a string"));
    assert!(errors[1].contains("a heap can't be negative"));
    assert!(errors[2].contains("no periodicity theorem covers this game"));
}

#[test]
fn a_game_without_a_proved_period_says_so() {
    let report = eval(r#"period(octal("0.007"), 2000)"#);
    assert_eq!(
        report,
        "octal(\"0.007\"): no period up to n = 2000.\n  \
         (every period g(0), …, g(2000) could prove was searched: at most 998, from any n0; a \
         longer one needs more values)\n  \
         (no proof either way; search further with `period(octal(\"0.007\"), 20000)`)"
    );
    let mut session = Session::default();
    session.set_limit("heap=3000").unwrap();
    let output = common::run_in(&mut session, "t.game", r#"octal("0.007", 10**9)"#);
    let error = &output.errors[0];
    assert!(
        error.contains("g(0), …, g(2999) prove no period"),
        "{error}"
    );
    // The search stopped at the `heap` limit, so only a higher one searches further.
    assert!(error.contains("this is the `heap` limit (3000)"), "{error}");
    assert!(error.contains("`--limit heap=30000`"), "{error}");
    assert!(!error.contains("period(octal"), "{error}");
}

/// `period(F, n)` uses g(0), ..., g(n), and the theorem's range reads up to
/// g(2·n0 + 2p + t - 1): 0.165 (t = 3) has period 1550 from 5181 (Flammenkamp), proved by
/// g(0..=13464) and not by one value fewer.
#[test]
fn period_f_n_uses_the_values_up_to_n() {
    let output = run(r#"period(octal("0.165"), 13463); period(octal("0.165"), 13464)"#);
    assert!(
        output.answers[0].starts_with(
            "octal(\"0.165\"): no period up to n = 13463.\n  (every period g(0), …, \
             g(13463) could prove was searched: at most 6729,"
        ),
        "{}",
        output.answers[0]
    );
    assert!(
        output.answers[1].starts_with(
            "octal(\"0.165\"): period 1550 from n = 5181 (values computed up to n = 13464)."
        ),
        "{}",
        output.answers[1]
    );
    assert!(output.answers[1].contains("5181 ≤ n < 11915 = 2·5181 + 1550 + 3"));
}

/// `period(F)` goes on until the game has looked at the `search` limit's pairs of heaps,
/// counted over all it computed, so that asking again answers the same; a higher limit goes
/// on from there. The `heap` limit stops it too, and says so.
#[test]
fn the_default_search_has_a_work_budget() {
    let mut session = Session::default();
    session.set_limit("search=3000000").unwrap();
    let ask = |session: &mut Session| {
        common::run_in(session, "t.game", r#"period(octal("0.007"))"#).answers[0].clone()
    };
    let first = ask(&mut session);
    assert!(
        first.contains("(the search stopped after 3000000 pairs of heaps, the `search` limit)"),
        "{first}"
    );
    assert_eq!(ask(&mut session), first);
    let last = |report: &str| -> u64 {
        let start = report.find("up to n = ").unwrap() + "up to n = ".len();
        report[start..].split('.').next().unwrap().parse().unwrap()
    };
    session.set_limit("search=6000000").unwrap();
    let further = ask(&mut session);
    assert!(last(&further) > last(&first), "{first}\n{further}");

    let mut fresh = Session::default();
    fresh.set_limit("heap=5000").unwrap();
    let table = ask(&mut fresh);
    assert!(
        table.starts_with("octal(\"0.007\"): no period up to n = 4999."),
        "{table}"
    );
    assert!(
        table.contains("stopped at the `heap` limit, 5000 values; to search further, run grundy with `--limit heap=50000`"),
        "{table}"
    );
    // Asked for more than the table holds: the limit to raise to is the one that would do.
    for last in [12345, 1234567] {
        let statement = format!(r#"period(octal("0.007"), {last})"#);
        let output = common::run_in(&mut fresh, "t.game", &statement);
        let raise = format!("`--limit heap={}`", last + 1);
        assert!(output.answers[0].contains(&raise), "{}", output.answers[0]);
    }
}

/// Moves that may leave three heaps, and Grundy's game with its unequal heaps, are outside
/// the theorem, and the label says which rule puts them there.
#[test]
fn games_outside_the_theorem_say_why() {
    let errors = run(r#"period(hex("0.8")); period(hex("4.3C")); period(grundy_game)"#).errors;
    assert!(
        errors[0].contains("d1 = 8: removing 1 token may leave three heaps"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].contains("d2 = C: removing 2 tokens may leave three heaps"),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].contains("Grundy's game forbids splitting a heap into two equal heaps"),
        "{}",
        errors[2]
    );
    for error in &errors {
        assert!(!error.contains("without taking"), "{error}");
    }
}

/// With `--json`, a search that proved nothing says how long a period it ruled out and which
/// limit stopped it.
#[test]
fn the_json_of_a_search_says_what_it_ruled_out() {
    let mut session = Session::default();
    session.set_limit("search=3000000").unwrap();
    let mut events = Vec::new();
    session.run(
        "t.game",
        r#"period(octal("0.007")); period(octal("0.137"), 100)"#,
        &mut |event| events.push(grundy::output::event_json(&event, "t.game")),
    );
    assert_eq!(events[0]["proved"], false);
    assert_eq!(events[0]["stopped_by"], "search");
    let computed = events[0]["computed"].as_u64().unwrap();
    assert_eq!(events[0]["longest_period"], (computed - 3 - 2) / 2);
    assert_eq!(events[1]["stopped_by"], serde_json::Value::Null);
    // 0.137 (t = 3) needs 175 values: g(0..=100) rule out periods up to (101 - 3 - 2) / 2.
    assert_eq!(events[1]["proved"], false);
    assert_eq!(events[1]["longest_period"], 48);
}

/// Slow (seconds to tens of seconds each in a release build, minutes in debug): run them with
/// `cargo test --release --test heaps -- --ignored`. The default search proves 0.376 (period
/// 4 from 2268248) and 0.354 (period 1180 from 10061916), both in Flammenkamp's table.
#[test]
#[ignore]
fn the_default_search_proves_0_376_and_0_354() {
    let report = eval(r#"period(octal("0.376"))"#);
    assert!(
        report.starts_with("octal(\"0.376\"): period 4 from n = 2268248"),
        "{report}"
    );
    let report = eval(r#"period(octal("0.354"))"#);
    assert!(
        report.starts_with("octal(\"0.354\"): period 1180 from n = 10061916"),
        "{report}"
    );
}

/// The issue's two other cases of `period(F, n)`: 0.16 (period 149459 from 105351) at
/// n = 509621 and 0.56 (period 144 from 326640) at n = 653569, each g(2·n0 + 2p + t - 1).
#[test]
#[ignore]
fn period_f_n_proves_0_16_and_0_56_with_the_values_they_need() {
    for (code, last, expected) in [
        ("0.16", 509_621, "period 149459 from n = 105351"),
        ("0.56", 653_569, "period 144 from n = 326640"),
    ] {
        let output = run(&format!(
            "period(octal(\"{code}\"), {}); period(octal(\"{code}\"), {last})",
            last - 1
        ));
        assert!(
            output.answers[0].contains("no period up to n = "),
            "{}",
            output.answers[0]
        );
        assert!(
            output.answers[1].contains(&format!("{expected} (values computed up to n = {last})")),
            "{}",
            output.answers[1]
        );
    }
}

/// Flammenkamp: 0.1777 has period 60620715 from 160949018, far longer than the Z-function's
/// window; g(0..=443139469) prove it (80 seconds and 1.8 GB in a release build).
#[test]
#[ignore]
fn code_0_1777_has_its_period_of_sixty_million() {
    let mut session = Session::default();
    session.set_limit("heap=443139470").unwrap();
    let output = common::run_in(
        &mut session,
        "t.game",
        r#"period(octal("0.1777"), 443139469)"#,
    );
    assert!(
        output.answers[0].starts_with(
            "octal(\"0.1777\"): period 60620715 from n = 160949018 (values computed up to n = 443139469)."
        ),
        "{}",
        output.answers[0]
    );
}

#[test]
fn heap_families_are_values() {
    assert_eq!(eval("let F = kayles\nF(7) == kayles(7)"), "true");
    assert_eq!(eval("kayles(5) + kayles(5) is losing"), "true");
    assert_eq!(eval("kayles(3) == *3"), "true");
    assert_eq!(seq(r#"octal("0.07")"#, 20), seq("dawson", 20));
}

/// Codes of up to three digits after the point, octal or hexadecimal.
fn code() -> impl Strategy<Value = String> {
    // d0 only splits (0, 4, 8 or C): a move must take or break something.
    (0u8..4, prop::collection::vec(0u8..16, 1..4)).prop_map(|(first, rest)| {
        let digits: String = rest.iter().map(|d| format!("{d:X}")).collect();
        format!("{:X}.{digits}", 4 * first)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The engine's value of each heap is the mex of its options' values, the options
    /// being the sums of heaps its moves leave: the engines agree with the definition.
    #[test]
    fn heap_values_are_the_mex_of_their_options(text in code(), grundy in any::<bool>()) {
        let game = if grundy { HeapGame::Grundy } else { HeapGame::TakeBreak(Code::parse(&text).unwrap()) };
        let naive = naive_values(&game, 40).unwrap();
        let mut arena = Arena::default();
        for size in 0..=40u64 {
            let heap = arena.heap(&game, size).unwrap();
            let value = arena.nimber(heap).unwrap();
            prop_assert_eq!(value, u64::from(naive[size as usize]));
            let options = arena.options(heap).unwrap();
            let values: Vec<u64> = options.iter().map(|&o| arena.nimber(o).unwrap()).collect();
            prop_assert_eq!(mex(values), value, "{} at {}", game, size);
        }
    }
}

/// A table computed before the `heap` limit was lowered still answers the heaps it holds.
#[test]
fn a_lowered_heap_limit_keeps_the_table_computed() {
    let mut session = Session::default();
    let before = common::run_in(&mut session, "t.game", r#"octal("0.007", 5000)"#);
    assert!(before.errors.is_empty(), "{:?}", before.errors);
    session.set_limit("heap=1000").unwrap();
    let after = common::run_in(&mut session, "t.game", r#"octal("0.007", 5000)"#);
    assert_eq!(after.answers, before.answers, "{:?}", after.errors);
}
