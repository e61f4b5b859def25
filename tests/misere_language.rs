//! Misère play in the language: the `misere`/`normal` prefix in every place it may stand,
//! the session's convention and its override, the answers' wording and JSON, the asserts'
//! messages, the built-ins, and misère claims typed as source checked against play by brute
//! force.

mod common;

use std::collections::HashMap;

use common::{errors, eval, run, run_in};
use grundy::eval::Session;
use grundy::game::misere::Play;
use proptest::prelude::*;

/// Each program's answers, one per line.
fn table(rows: &[(&str, &str)]) {
    for (source, expected) in rows {
        assert_eq!(eval(source), *expected, "{source}");
    }
}

#[test]
fn the_texts_misere_nim_positions_hold_as_claims() {
    let output = run("assert misere *1 + *1 + *1 is losing
assert misere *2 + *2 is losing
assert misere *3 + *4 + *5 is winning
assert misere *1 + *2 + *3 is losing
assert misère *1 is losing
assert misere 0 is winning");
    assert!(output.errors.is_empty(), "{:?}", output.errors);
    assert_eq!(output.summary.held_asserts, 6);
}

#[test]
fn the_prefix_takes_the_whole_expression_after_it() {
    table(&[
        // A claim: the convention decides, and the answer says which.
        ("misere *1 + *1 is winning", "true (misère play)"),
        ("*1 + *1 is winning", "false"),
        ("misère *1 + *1 is winning", "true (misère play)"),
        // Equivalence: the same simplest form.
        ("misere *2 + *2 == 0", "false (misère play)"),
        ("*2 + *2 == 0", "true"),
        ("misere *1 + *1 == 0", "true (misère play)"),
        ("misere *2 + *2 != 0", "true (misère play)"),
        // `normal` undoes an outer `misere`.
        ("misere normal *1 + *1 is winning", "false"),
        // Lowest precedence: `and`, comparisons and claims are all inside.
        (
            "misere *1 is losing and *2 is winning",
            "true (misère play)",
        ),
        ("misere *1 is losing == true", "true (misère play)"),
        // After an operator, to the end of the expression.
        ("true and misere *1 is losing", "true (misère play)"),
        ("not misere *1 is winning", "true (misère play)"),
        // In parentheses and call arguments.
        (
            "(misere *1 is losing) and (*1 is winning)",
            "true (misère play)",
        ),
        (
            "all(misere *n is losing == (n == 1) for n in 0..20)",
            "true (misère play)",
        ),
        ("count(misere #n is losing for n in 0..12)", "3"),
        ("{n for n in 0..12 if misere #n is losing}", "{1, 5, 9}"),
        ("[misere *1 is losing, *1 is losing]", "[true, false]"),
        // `nimber` is the normal-play value whatever the convention.
        ("misere nimber(*2 + *2)", "0"),
        ("misere 1 + 1", "2"),
    ]);
}

/// The prefix's place in the tree: around the whole expression after it.
#[test]
fn the_prefix_is_the_root_of_what_follows_it() {
    use grundy::syntax::ast::{BinOp, ExprKind, StmtKind};
    let source = grundy::source::SourceId(0);
    let (statements, errors) = grundy::syntax::parse(source, "misere *2 + *2 == 0 and *1 is P");
    assert!(errors.is_empty(), "{errors:?}");
    let StmtKind::Expr(expr) = &statements[0].kind else {
        panic!("{statements:?}")
    };
    let ExprKind::Play {
        play, expr: inner, ..
    } = &expr.kind
    else {
        panic!("{expr:?}")
    };
    assert_eq!(*play, Play::Misere);
    let ExprKind::Chain { rest, .. } = &inner.kind else {
        panic!("{inner:?}")
    };
    assert_eq!(rest[0].0, BinOp::And);
    // After a verb, the command's target.
    let (statements, _) = grundy::syntax::parse(source, "why normal G == H");
    let StmtKind::Command { target, .. } = &statements[0].kind else {
        panic!("{statements:?}")
    };
    assert!(matches!(
        target.kind,
        ExprKind::Play {
            play: Play::Normal,
            ..
        }
    ));
}

#[test]
fn the_words_stay_names_where_no_operand_follows() {
    table(&[
        ("let misere = 3\nmisere * 2", "6"),
        ("let misere = 3\nmisere - 1", "2"),
        ("let normal = 4\nnormal + 1", "5"),
        (
            "let normal(n) = *n\nnormal(3)",
            "*3 — the player to move wins",
        ),
        ("let misere = *2\nmisere == *2", "true"),
    ]);
}

/// Misère Kayles by its rules: rows of pins, a move knocks down one pin or two neighbours;
/// with no move left the player to move wins.
fn kayles_misere_winning(rows: Vec<u8>, known: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&winning) = known.get(&rows) {
        return winning;
    }
    let mut winning = rows.is_empty();
    'rows: for (i, &row) in rows.iter().enumerate() {
        for take in 1..=2u8.min(row) {
            for left in 0..=row - take {
                let mut next: Vec<u8> = rows
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &r)| r)
                    .collect();
                next.extend([left, row - take - left].into_iter().filter(|&r| r > 0));
                next.sort_unstable();
                if !kayles_misere_winning(next, known) {
                    winning = true;
                    break 'rows;
                }
            }
        }
    }
    known.insert(rows, winning);
    winning
}

#[test]
fn misere_kayles_agrees_with_its_rules() {
    let mut known = HashMap::new();
    let losing: Vec<String> = (0..16u8)
        .filter(|&n| !kayles_misere_winning(if n == 0 { vec![] } else { vec![n] }, &mut known))
        .map(|n| n.to_string())
        .collect();
    let expected = format!("{{{}}}", losing.join(", "));
    assert_eq!(
        eval("{n for n in 0..16 if misere kayles(n) is losing}"),
        expected
    );
}

#[test]
fn a_game_in_misere_play_prints_its_misere_summary() {
    assert_eq!(
        eval("misere *2 + *2"),
        "misère P (the player to move loses) · genus 0^02 (tame) · simplest form <*2, *3>"
    );
    assert!(eval("misere *3").starts_with("misère N (the player to move wins) · genus 3^31"));
    // `normal` in a misère session: the value, as always.
    let mut session = Session::default();
    session.set_play(Play::Misere);
    let output = run_in(&mut session, "t", "normal *2 + *2\n*2 + *2");
    assert_eq!(output.answers[0], "0 — the player to move loses");
    assert!(
        output.answers[1].starts_with("misère P"),
        "{:?}",
        output.answers
    );
}

#[test]
fn the_session_convention_holds_until_changed_and_a_prefix_overrides_it() {
    let mut session = Session::default();
    assert_eq!(session.play(), Play::Normal);
    session.set_play(Play::Misere);
    assert_eq!(session.play(), Play::Misere);
    let output = run_in(
        &mut session,
        "t",
        "*1 + *1 is winning\nnormal *1 + *1 is winning\n*1 is losing",
    );
    assert_eq!(
        output.answers,
        ["true (misère play)", "false", "true (misère play)"]
    );
    // A family's body runs in the session's convention; a change forgets its values.
    let defined = run_in(&mut session, "t", "let lose(n) = *n is losing\nlose(1)");
    assert_eq!(defined.answers, ["true (misère play)"]);
    session.set_play(Play::Normal);
    let after = run_in(&mut session, "t", "lose(1)\nlose(0)");
    assert_eq!(after.answers, ["false", "true"]);
}

#[test]
fn a_prefix_before_a_call_does_not_reach_into_the_body() {
    // The body is its own expression: `misere` around the call leaves it in normal play, so
    // that each call is computed once.
    table(&[
        ("let lose(n) = *n is losing\nmisere lose(1)", "false"),
        (
            "let lose(n) = misere *n is losing\nlose(1)",
            "true (misère play)",
        ),
    ]);
}

#[test]
fn commands_take_the_prefix_after_their_verb() {
    let why = eval("why misere *2 + *2 == 0");
    assert!(
        why.starts_with("In misère play, *2 + *2 ≡ 0: false."),
        "{why}"
    );
    assert!(why.contains("X = 0"), "{why}");
    let claim = eval("why misere *1 + *1 + *1 is losing");
    assert!(
        claim.starts_with("In misère play, *1 + *1 + *1 is losing: true."),
        "{claim}"
    );
    let moves = eval("moves misere *1 + *2 + *3 + *1");
    assert!(moves.contains("misère N-position"), "{moves}");
    assert!(eval("moves all misere *1 + *1").contains("misère"));
    let tree = eval("tree misere *2");
    assert!(
        tree.contains("(misère N)") && tree.contains("(misère P)"),
        "{tree}"
    );
    assert!(eval("dot misere *2").contains("digraph"));
    let options = eval("options misere *2 + *2");
    assert!(options.contains("leaving *2 (misère N)"), "{options}");
    // The session's convention reaches commands too.
    let mut session = Session::default();
    session.set_play(Play::Misere);
    let output = run_in(&mut session, "t", "why *1 + *1 + *1 is losing");
    assert!(
        output.answers[0].starts_with("In misère play"),
        "{:?}",
        output.answers
    );
}

/// A move of the user's own game is told in the words its body gives it, in misère play as
/// in normal play: the winning moves, every move, and a part of a sum.
#[test]
fn misere_moves_carry_the_move_words() {
    let take = "let T(n) = < T(n - k) as \"take \" + str(k) for k in 1..=3 if k <= n >\n";
    let rows = [
        ("moves T(9)", "T(9) → T(8) ≡ 0: take 1"),
        (
            "moves misere T(10)",
            "T(10) → T(9): take 1, leaving T(9) (misère P)",
        ),
        (
            "moves misere T(10) + *1",
            "T(10) → T(8): take 2, leaving T(8) + *1 (misère P)",
        ),
        (
            "moves all misere T(4)",
            "T(4) → T(1): take 3, leaving T(1) (misère P)",
        ),
        (
            "options misere T(4)",
            "T(4) → T(2): take 2, leaving T(2) (misère N)",
        ),
    ];
    for (command, line) in rows {
        let listing = eval(&format!("{take}{command}"));
        assert!(listing.contains(line), "{command}:\n{listing}");
    }
    // The search `why` shows goes through the same moves, named as written.
    let why = eval(&format!("{take}why misere T(10) is winning"));
    assert!(
        why.contains("T(10) is winning: it moves to T(9), which is losing"),
        "{why}"
    );
}

/// `why misere G` says why a game of tame genus is wild: the option that keeps it from
/// Conway's tame games, and which condition it fails.
#[test]
fn why_a_game_of_tame_genus_is_wild() {
    let rows = [
        (
            "why misere <*1, <*3>, <*1, *2, *3, <*3>>>",
            "has genus 2^20: it is wild",
            "its option <*1, *2, *3, <*3>> is not tame, and γ0 = 2 needs its γ0 of 1",
        ),
        (
            "why misere <*1, <*1, <*3>, <*1, *2, *3, <*3>>>>",
            "has genus 0^120: it is wild",
            "reversing it needs a tame option of g = 0 and one of γ0 = 1 among its options",
        ),
        // Its untame option is left out of its values, and reverses through <*3> (g = 0,
        // γ0 = 0) and *1 (γ0 = 0).
        ("why misere <<*1, <*2>>>", "has genus 0^02: it is tame", ""),
    ];
    for (claim, genus, reason) in rows {
        let why = eval(claim);
        assert!(why.contains(genus), "{claim}:\n{why}");
        assert!(why.contains(reason), "{claim}:\n{why}");
    }
}

/// An assert decides its claim as the bare claim does: a sum of nim heaps by Bouton's rule,
/// tame parts by their genera, with no simplest form of the whole, under a small `memory`
/// limit and at once (each of these sums' simplest forms would take gigabytes).
#[test]
fn misere_asserts_decide_as_the_bare_claims_do() {
    let mut limits = grundy::eval::Limits::default();
    limits.game.memory = 200_000_000;
    limits.game.nodes = 10_000;
    let mut session = Session::new(limits);
    let claims = [
        "misere *1000 + *999 + *1 is winning",
        "misere *(10**18) + *(10**18) is losing",
        "misere *(10**18) + *(10**18) + *1 is winning",
        "misere kayles(3) + *(10**12) + *(10**12) is winning",
        "misere *1000 + *1 + *1 == *1000",
    ];
    for claim in claims {
        let bare = run_in(&mut session, "t", claim);
        assert_eq!(
            bare.answers,
            ["true (misère play)"],
            "{claim}: {:?}",
            bare.errors
        );
        let assert = run_in(&mut session, "t", &format!("assert {claim}"));
        assert!(
            assert.errors.is_empty(),
            "assert {claim}: {:?}",
            assert.errors
        );
        assert_eq!(assert.summary.held_asserts, 1);
    }
    // A failed one says the rule that decided it, still without a simplest form.
    let failed = run_in(
        &mut session,
        "t",
        "assert misere *1000 + *999 + *1 is losing",
    );
    assert!(
        failed.errors[0].contains("by Bouton's rule for misère Nim")
            && failed.errors[0].contains("nim-sum is 0 (here 14)"),
        "{}",
        failed.errors[0]
    );
    let failed = run_in(
        &mut session,
        "t",
        "assert misere kayles(3) + *(10**12) + *(10**12) is losing",
    );
    assert!(
        failed.errors[0].contains("every part of"),
        "{}",
        failed.errors[0]
    );
    // In JSON a side has its genus; its simplest form only where it is a nim heap.
    let mut objects = Vec::new();
    session.run(
        "t",
        "assert misere *1000 + *999 + *1 is winning\nassert misere *1000 + *1 + *1 is winning",
        &mut |event| objects.push(grundy::output::event_json(&event, "t")),
    );
    assert_eq!(objects[0]["left"]["genus"], "14^(14,12)");
    assert_eq!(objects[0]["left"]["class"], "tame");
    assert_eq!(objects[0]["left"]["value"], serde_json::Value::Null);
    assert_eq!(objects[1]["left"]["value"], "*1000");
}

/// A game that tells two games apart is written out in full, never cut short: its repeated
/// parts named `X1`, `X2`, … and defined beneath, so that typed back with `let` it tells
/// them apart in play, as `why` says it does.
#[test]
fn a_distinguishing_game_can_be_typed_back() {
    let pairs = [
        ("*2+*2+*2+*2", "*2+*2"),
        ("*4+*4", "*2+*2+*2+*2"),
        ("*2+*2+*2", "*2"),
        ("*3+*3", "*2+*3"),
        ("*2+*3+*4", "*5"),
        ("<*2, <*1>>", "*2"),
        ("*2+*2", "0"),
        ("*6+*6+*6", "*4+*4"),
    ];
    for (g, h) in pairs {
        let why = eval(&format!("why full misere {g} == {h}"));
        let lines: Vec<&str> = why.lines().map(str::trim_start).collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with("with X = "))
            .unwrap();
        assert!(!lines[at..].concat().contains('…'), "{why}");
        let (x, claim) = lines[at]["with X = ".len()..].split_once(": ").unwrap();
        let mut program = String::new();
        for line in &lines[at + 1..] {
            let definition = line.strip_prefix("where ").unwrap();
            program.push_str(&format!("let {definition}\n"));
        }
        program.push_str(&format!(
            "let X = {x}\n[misere {g} + X is losing, misere {h} + X is losing]"
        ));
        let expected = if claim.starts_with(&format!("{g} + X is losing")) {
            "[true, false]"
        } else {
            "[false, true]"
        };
        assert_eq!(eval(&program), expected, "{why}\n{program}");
    }
    let help = errors("assert misere *2+*2+*2+*2 == *2+*2");
    assert!(help.contains("where X1 = <*2, *3>"), "{help}");
    // Past what a help line holds, the help says where it is written out.
    let help = errors("assert misere *6+*6+*6 == *4+*4");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("for a game X that `why misere *6+*6+*6 == *4+*4` writes out in full"),
        "{help}"
    );
}

/// A statement that fails leaves nothing in the misère tables, so one failure does not make
/// the statements after it fail too (the issue's `simplest(*1000 + *1000)`, then `genus(*2)`).
#[test]
fn a_failed_statement_gives_its_simplest_forms_back() {
    let mut limits = grundy::eval::Limits::default();
    limits.game.memory = 100_000_000;
    let mut session = Session::new(limits);
    let before = session.arena.misere_bytes();
    let failed = run_in(&mut session, "t", "simplest(*1000 + *1000)");
    assert!(
        failed.errors[0].contains("misère play's simplest forms"),
        "{}",
        failed.errors[0]
    );
    assert!(session.arena.misere_bytes() < before + (1 << 20));
    let after = run_in(
        &mut session,
        "t",
        "genus(*2)\nmisere *3 + *3 == *2 + *2\nassert misere kayles(5) is winning",
    );
    assert!(after.errors.is_empty(), "{:?}", after.errors);
    assert_eq!(after.answers, ["\"2^20\"", "true (misère play)"]);
}

/// Simplest forms kept from earlier statements are counted against `memory`, and give way
/// when a statement needs their room: it runs again without them.
#[test]
fn kept_simplest_forms_make_room_for_new_work() {
    let (first, second) = ("genus(*30 + *31 + *32)", "genus(kayles(19) + kayles(20))");
    // What a session holds after each alone, as the `memory` limit measures it (by the
    // allocator), and what its simplest forms take of that.
    let held_after = |source: &str| {
        let before = grundy_alloc::Counts::now();
        let mut session = Session::default();
        assert!(run_in(&mut session, "t", source).errors.is_empty());
        let held = grundy_alloc::Counts::held_since(before) as u64;
        (held, session.arena.misere_bytes())
    };
    let ((a, forms_a), (b, _)) = (held_after(first), held_after(second));
    // Room for either statement's forms, not for both.
    let memory = a.max(b) + a.max(b) / 4;
    assert!(
        a + b > memory && forms_a * 16 >= memory,
        "{a} {b} {forms_a}"
    );
    let mut limits = grundy::eval::Limits::default();
    limits.game.memory = memory;
    let mut session = Session::new(limits);
    let output = run_in(&mut session, "t", &format!("{first}\n{second}\n{first}"));
    assert!(output.errors.is_empty(), "{:?}", output.errors);
    assert_eq!(output.answers.len(), 3);
    assert!(session.arena.misere_bytes() <= memory);
}

#[test]
fn failed_misere_asserts_say_so_and_name_a_distinguishing_game() {
    let text = errors("assert misere *2 + *2 == 0");
    assert!(
        text.contains("assertion failed: misere *2 + *2 == 0"),
        "{text}"
    );
    assert!(
        text.contains("misère play: *2 + *2 + X is losing but 0 + X is winning, for X = 0"),
        "{text}"
    );
    let text = errors("assert misere *1 is winning");
    assert!(text.contains("misère P-position"), "{text}");
    // The session's convention is named in the message, where the claim does not say it.
    let mut session = Session::default();
    session.set_play(Play::Misere);
    let output = run_in(&mut session, "t", "assert *1 is winning");
    assert!(
        output.errors[0].contains("assertion failed: *1 is winning (in misère play)"),
        "{}",
        output.errors[0]
    );
    let text = errors("assert misere *2 + *2 != <*2, *3>");
    assert!(
        text.contains("both sides have the simplest form <*2, *3>"),
        "{text}"
    );
}

#[test]
fn the_misere_builtins_answer_in_conways_words() {
    table(&[
        ("genus(0)", "\"0^120\""),
        ("genus(*1)", "\"1^031\""),
        ("genus(*2 + *2)", "\"0^02\""),
        (
            "simplest(*2 + *2 + *3)",
            "misère N (the player to move wins) · genus 3^31 (tame) · simplest form \
             <<*2, *3>, <*2, *3, <*2, *3>>, <<*2, *3>, <*2, *3, <*2, *3>>>>",
        ),
        ("misere simplest(*1 + *1) == 0", "true (misère play)"),
        ("born_by(0)", "{*0}"),
        ("born_by(2)", "{*0, *1, *2}"),
        ("[len(born_by(n)) for n in 0..5]", "[1, 2, 3, 5, 22]"),
        // Every game born by day 3 is equal in misère play to one of the set.
        (
            "all(any(misere g == h for h in born_by(3)) for g in [<<*1>>, *1 + *1, <*2, *1>])",
            "true (misère play)",
        ),
    ]);
    assert!(errors("born_by(6)").contains("day 6 has 2^4171780 sets of options"));
    assert!(errors("born_by(-1)").contains("no game is born before day 0"));
    assert!(errors("genus(3)").contains("expected a game"));
}

#[test]
fn misere_answers_in_json_say_their_play() {
    let mut session = Session::default();
    let mut objects = Vec::new();
    session.run(
        "t",
        "misere *1 + *1 is winning\n*1 is losing\nmisere *2 + *2\nassert misere *1 is losing",
        &mut |event| objects.push(grundy::output::event_json(&event, "t")),
    );
    assert_eq!(objects[0]["kind"], "truth");
    assert_eq!(objects[0]["play"], "misere");
    assert_eq!(objects[1]["play"], "normal");
    assert_eq!(objects[2]["kind"], "misere game");
    assert_eq!(objects[2]["genus"], "0^02");
    assert_eq!(objects[2]["outcome"], "losing");
    assert_eq!(objects[2]["value"], "<*2, *3>");
    assert_eq!(objects[3]["kind"], "assert");
    assert_eq!(objects[3]["play"], "misere");
    assert_eq!(objects[3]["left"]["kind"], "misere game");
}

/// A game tree for the property test: its options.
#[derive(Clone, Debug)]
struct Tree(Vec<Tree>);

impl Tree {
    fn source(&self) -> String {
        let options: Vec<String> = self.0.iter().map(Tree::source).collect();
        format!("<{}>", options.join(", "))
    }

    /// Misère by the definition: with no move the player to move wins; else they win when
    /// some move leaves the other player losing.
    fn misere_winning(&self) -> bool {
        self.0.is_empty() || self.0.iter().any(|option| !option.misere_winning())
    }

    /// The sum of two trees, its options each part's moves.
    fn plus(&self, other: &Tree) -> Tree {
        let mut options: Vec<Tree> = self.0.iter().map(|g| g.plus(other)).collect();
        options.extend(other.0.iter().map(|h| self.plus(h)));
        Tree(options)
    }

    fn size(&self) -> usize {
        1 + self.0.iter().map(Tree::size).sum::<usize>()
    }
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(Vec::new()));
    leaf.prop_recursive(4, 20, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Tree)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// `misere G is winning` typed as source agrees with the definition of misère play.
    #[test]
    fn misere_claims_agree_with_play(g in tree()) {
        let claim = eval(&format!("misere {} is winning", g.source()));
        prop_assert_eq!(claim, format!("{} (misère play)", g.misere_winning()));
    }

    /// The same for sums, the sum expanded by the reference into its moves.
    #[test]
    fn misere_claims_about_sums_agree_with_play(g in tree(), h in tree()) {
        prop_assume!(g.size() * h.size() < 300);
        let claim = eval(&format!("misere {} + {} is losing", g.source(), h.source()));
        let losing = !g.plus(&h).misere_winning();
        prop_assert_eq!(claim, format!("{losing} (misère play)"));
    }
}
