//! Explanations as a student reads them: integer facts with their reasons, listings that can
//! be seen whole, games of the user's own in the user's words, and proofs of large games
//! that stay cheap and bounded.

mod common;

use common::{errors, eval, run_in};
use grundy::eval::Session;

const ROOK: &str = "let rook(i, j) = < rook(a, j) for a in 0..i, rook(i, b) for b in 0..j >";

#[test]
fn integer_facts_get_reasons() {
    let mex = eval("why mex{0, 1, 2, 3} == 3");
    assert!(
        mex.contains("mex{0, 1, 2, 3} = 4   (definition of mex)"),
        "{mex}"
    );
    assert!(
        mex.contains("0, 1, 2, 3 are all in the set and 4 is not"),
        "{mex}"
    );
    assert!(
        mex.contains("4 ≠ 3, so mex{0, 1, 2, 3} == 3 is false"),
        "{mex}"
    );
    let xor = eval("why 21 ^ 7 < 21");
    for line in [
        "21 ⊕ 7 = 18",
        "10101   21",
        "00111   7",
        "10010   18",
        "18 < 21",
    ] {
        assert!(xor.contains(line), "{line} in\n{xor}");
    }
    let sum = eval("why 1 + 1 == 3");
    assert!(sum.contains("1 + 1 = 2") && sum.contains("2 ≠ 3"), "{sum}");
}

/// In a long set the mex is visible: runs are written `a, …, b` and the gap shows.
#[test]
fn a_long_mex_shows_its_gap() {
    let text = eval("why mex{k for k in 0..=20 if k != 12 and k != 17 and k != 18}");
    assert!(
        text.contains("mex{0, …, 11, 13, …, 16, 19, 20} = 12"),
        "{text}"
    );
    let game = eval("why <*k for k in 0..20, *25, *30>");
    assert!(game.contains("mex{0, …, 19, 25, 30} = 20"), "{game}");
}

#[test]
fn listings_can_be_seen_whole() {
    let folded = eval("moves all kayles(39)");
    assert_eq!(folded.lines().count(), 32, "{folded}");
    assert!(
        folded.ends_with("… 9 more moves (`moves all full kayles(39)` lists every one)"),
        "{folded}"
    );
    let whole = eval("moves all full kayles(39)");
    assert_eq!(whole.lines().count(), 40, "{whole}");
    assert!(!whole.contains("more moves"), "{whole}");
    assert_eq!(eval("moves full all kayles(39)"), whole);
    let options = eval("options kayles(100)");
    assert!(
        options.contains("(`options full kayles(100)` lists every one)"),
        "{options}"
    );
    assert_eq!(eval("options full kayles(100)").lines().count(), 101);
    let winning = eval("moves kayles(10**6)");
    assert!(
        winning.contains("(`moves full kayles(10**6)` lists every one)"),
        "{winning}"
    );
    assert!(errors("moves all all kayles(3)").contains("grundy::syntax::modifier"));
    assert!(errors("dot full kayles(3)").contains("grundy::syntax::modifier"));
}

/// Equal games are one node, but a game of the user's own is explained as its body writes
/// it, never in the words of another family.
#[test]
fn games_of_the_users_own_are_told_in_their_words() {
    let options = eval(&format!("{ROOK}\noptions rook(2, 2)"));
    assert_eq!(
        options,
        "rook(2, 2) ≡ 0 has 4 options reaching 2 distinct games:\n  rook(0, 2) ≡ *2\n  \
         rook(1, 2) ≡ *3\n  rook(2, 0) ≡ *2\n  rook(2, 1) ≡ *3"
    );
    let moves = eval(&format!("{ROOK}\nmoves rook(3, 0)"));
    assert!(moves.contains("rook(3, 0) → rook(0, 0) ≡ 0"), "{moves}");
    assert!(!moves.contains("chip"), "{moves}");
    let in_a_sum = eval(&format!("{ROOK}\nmoves rook(3, 0) + *1"));
    assert!(
        in_a_sum.contains("rook(3, 0) → rook(1, 0), leaving rook(1, 0) + *1 ≡ 0"),
        "{in_a_sum}"
    );
    let why = eval(&format!("{ROOK}\nwhy rook(2, 2)"));
    assert!(
        why.contains(
            "its options: rook(0, 2) ≡ *2, rook(2, 0) ≡ *2, rook(1, 2) ≡ *3, rook(2, 1) ≡ *3"
        ),
        "{why}"
    );
    let tree = eval(&format!("{ROOK}\ntree rook(2, 2)"));
    assert!(tree.contains("├── rook(2, 0) ≡ *2  (see above)"), "{tree}");
}

/// A sum's moves in different parts may reach one position: `options` says how many
/// positions they are, as `len(options(...))` counts them.
#[test]
fn options_of_a_sum_say_how_many_positions_they_reach() {
    assert_eq!(
        eval("options *1 + *1 + *2"),
        "*1 + *1 + *2 ≡ *2 has 4 options reaching 3 distinct games:\n  *1 + *2 ≡ *3\n  \
         *1 + *2 ≡ *3\n  *1 + *1 ≡ 0\n  *1 + *1 + *1 ≡ *1"
    );
    assert_eq!(eval("len(options(*1 + *1 + *2))"), "3");
    assert!(eval("options *1 + *2").starts_with("*1 + *2 ≡ *3 has 3 options:"));
}

/// A game of the user's own keeps its words when it reaches the explanation through a name,
/// through another family, or beside the heap it equals.
#[test]
fn games_of_the_users_own_keep_their_words_through_names_and_families() {
    let named = eval(&format!("{ROOK}\nlet G = rook(3, 0)\nmoves G\nwhy G"));
    assert!(named.contains("G → rook(0, 0) ≡ 0"), "{named}");
    assert!(
        named.contains("its options: rook(0, 0) ≡ 0, rook(1, 0) ≡ *1, rook(2, 0) ≡ *2"),
        "{named}"
    );
    assert!(
        !named.contains("chip") && !named.contains("nim heap"),
        "{named}"
    );
    let options = eval(&format!("{ROOK}\nlet K = rook(2, 2)\noptions K"));
    assert!(
        options.starts_with("K ≡ 0 has 4 options reaching 2 distinct games:\n  rook(0, 2) ≡ *2"),
        "{options}"
    );
    let forwarded = eval(&format!("{ROOK}\nlet f(n) = rook(n, 0)\nmoves f(3)"));
    assert!(forwarded.contains("f(3) → rook(0, 0) ≡ 0"), "{forwarded}");
    let sum = eval(&format!("{ROOK}\nlet H = rook(3, 0) + rook(1, 0)\nmoves H"));
    assert!(sum.contains("rook(3, 0) → rook(1, 0), leaving"), "{sum}");
    assert!(!sum.contains("chip"), "{sum}");
    // With n defined again, `rook(n, 0)` no longer says how G was made: not its words.
    let stale = eval(&format!(
        "{ROOK}\nlet n = 3\nlet G = rook(n, 0)\nlet n = 2\nmoves G"
    ));
    assert!(!stale.contains("rook(n, 0)"), "{stale}");
    let beside_its_heap = eval(&format!("{ROOK}\nwhy rook(3, 0) == *3"));
    assert!(
        !beside_its_heap.contains("shown above"),
        "{beside_its_heap}"
    );
    assert!(
        beside_its_heap.contains("rook(2, 0)  ≡  *2"),
        "{beside_its_heap}"
    );
}

/// Parts of a sum are written by the user: each keeps its own words, though equal parts
/// are one node (`rook(1, 2)` and `rook(2, 1)` are one game).
#[test]
fn parts_of_a_sum_keep_their_own_words() {
    let moves = eval(&format!("{ROOK}\nmoves rook(1, 2) + rook(2, 1) + *1"));
    for line in [
        "rook(1, 2) → rook(0, 2), leaving rook(0, 2) + rook(2, 1) + *1 ≡ 0",
        "rook(2, 1) → rook(2, 0), leaving rook(1, 2) + rook(2, 0) + *1 ≡ 0",
        "leaving rook(1, 2) + rook(2, 1) + *0 ≡ 0",
    ] {
        assert!(moves.contains(line), "{line} in\n{moves}");
    }
    assert!(!moves.contains("equal parts"), "{moves}");
    let why = eval(&format!("{ROOK}\nwhy rook(1, 2) + rook(2, 1) + *1"));
    for line in [
        "rook(1, 2) + rook(2, 1) ≡ 0   (copycat principle, Lemma 4.1)",
        "rook(1, 2) and rook(2, 1) are one game",
        "so rook(1, 2) + rook(2, 1) + *1 ≡ *1",
    ] {
        assert!(why.contains(line), "{line} in\n{why}");
    }
    // The part that is not cancelled is derived as it was written.
    let kept = eval(&format!("{ROOK}\nwhy rook(2, 1) + rook(1, 2) + rook(1, 2)"));
    assert!(
        kept.contains("its options: rook(1, 1) ≡ 0, rook(0, 1) ≡ *1, rook(2, 0) ≡ *2"),
        "{kept}"
    );
    // A heap typed beside a call of the same game stays a heap.
    let heap = eval(&format!("{ROOK}\nwhy rook(0, 2) + *2 + rook(2, 0)"));
    assert!(heap.contains("*2 and rook(2, 0) are one game"), "{heap}");
    // E(10) and E(9) are one game, E(3) is *1.
    let family = "let E(n) = < E(n - k) for k in {3} if k <= n >";
    let moves = eval(&format!("{family}\nmoves E(10) + E(9) + E(3)"));
    for line in [
        "E(10) → E(7), leaving E(7) + E(9) + E(3) ≡ 0",
        "E(9) → E(6), leaving E(10) + E(6) + E(3) ≡ 0",
        "E(3) → E(0), leaving E(10) + E(9) + E(0) ≡ 0",
    ] {
        assert!(moves.contains(line), "{line} in\n{moves}");
    }
    // Heaps typed alike are still told apart by where they are.
    let heaps = eval("moves all *2 + *2");
    assert!(heaps.contains("(in one of the 2 equal parts)"), "{heaps}");
}

/// A move lists the position it leaves from the call explained, as the words given to it
/// say: mirror images are one game, but `X on 8` leaves `treble("........X")`.
#[test]
fn a_move_shows_the_position_its_words_tell() {
    let treble = r#"let treble(s) = < (if "XXX" in s[i := "X"] then 0 else treble(s[i := "X"])) as "X on " + str(i) for i in 0..len(s) if s[i] == "." >"#;
    let moves = eval(&format!("{treble}\nmoves treble(\".\" * 9)"));
    for line in [
        r#"treble("." * 9) → treble("X........") ≡ 0: X on 0"#,
        r#"treble("." * 9) → treble("...X.....") ≡ 0: X on 3"#,
        r#"treble("." * 9) → treble(".....X...") ≡ 0: X on 5"#,
        r#"treble("." * 9) → treble("........X") ≡ 0: X on 8"#,
    ] {
        assert!(moves.contains(line), "{line} in\n{moves}");
    }
    let options = eval(&format!("{treble}\noptions treble(\"X.X\")"));
    assert!(options.ends_with("\n  0 ≡ 0"), "{options}");
}

/// The options of a game met below the one asked about are named as the call that made
/// them writes them, heaps among them, at every depth of a proof or a tree; an option
/// written `0` reads `0`.
#[test]
fn options_below_keep_their_family_names() {
    let dimplus = "let dimplus(n) = < dimplus(n - d) for d in 1..=n if n % d == 0 >";
    let why = eval(&format!("{dimplus}\nwhy dimplus(4)"));
    assert!(
        why.contains("its options: dimplus(0) ≡ 0, dimplus(3) ≡ *1, dimplus(2) ≡ *2"),
        "{why}"
    );
    assert!(
        why.contains("dimplus(3) ≡ *1   (mex rule, Theorem 7.1)\n        its options: dimplus(0) ≡ 0, dimplus(2) ≡ *2"),
        "{why}"
    );
    let tree = eval(&format!("{dimplus}\ntree dimplus(4)"));
    assert!(!tree.contains("── *"), "{tree}");
    assert!(tree.contains("│   │   ├── dimplus(1) ≡ *1"), "{tree}");
    let literal = eval("let T(n) = < (if n == 1 then 0 else T(n - 1)), *5 >\nwhy T(3)");
    assert!(literal.contains("its options: 0 ≡ 0, *5 ≡ *5"), "{literal}");
    // Equal games made by two calls: each listed game's options are its own call's.
    let rook = eval(&format!("{ROOK}\nwhy rook(2, 3)"));
    assert!(
        rook.contains("rook(1, 2) ≡ *3   (mex rule, Theorem 7.1)\n          its options: rook(1, 1) ≡ 0, rook(1, 0) ≡ *1, rook(0, 2) ≡ *2"),
        "{rook}"
    );
    assert!(
        rook.contains("rook(2, 1) ≡ *3 (shown above as rook(1, 2))"),
        "{rook}"
    );
    // A sum written as calls keeps them below: Lasker's split heaps.
    let lasker = eval("tree lasker(3)");
    assert!(
        lasker.contains("└── lasker(1) + lasker(2) ≡ *3\n    ├── lasker(0) + lasker(2) ≡ *2"),
        "{lasker}"
    );
    assert!(!lasker.contains("*0 +"), "{lasker}");
}

/// Working out how the games below are written evaluates their bodies again: a `steps`
/// limit reached there ends that, not the proof. (Each call below was computed in a statement
/// of its own, within the limit; the proof's look below them all passes it.)
#[test]
fn a_limit_reached_below_leaves_the_proof() {
    let mut session = Session::default();
    session.set_limit("steps=1000").unwrap();
    let program = "let F(n) = < F(k) for k in 0..n >\nF(20)\nF(30)\nF(40)\nF(50)\nwhy full F(50)";
    let output = run_in(&mut session, "test.game", program);
    assert!(output.errors.is_empty(), "{}", output.errors.join("\n"));
    let proof = output.answers.last().unwrap();
    assert!(
        proof.contains("mex{0, …, 49} = 50, so F(50) ≡ *50"),
        "{proof}"
    );
}

/// `why G == H` on heap games reads values from the tables and checks the counterexample
/// through them: the games are not expanded into the DAG.
#[test]
fn equivalence_proofs_of_heap_games_stay_small() {
    for claim in [r#"octal("0.007", 10000) == *1"#, "grundy_game(2000) == *1"] {
        let mut session = Session::default();
        let output = run_in(&mut session, "test.game", &format!("why {claim}"));
        assert!(output.errors.is_empty(), "{claim}: {:?}", output.errors);
        let proof = output.answers.join("\n");
        assert!(
            proof.contains("a game that tells them apart: J = "),
            "{proof}"
        );
        assert!(
            session.arena.len() < 5_000,
            "{claim}: {} games made",
            session.arena.len()
        );
    }
}

/// A full proof or tree too large to show is recognised while it is built, not after.
#[test]
fn full_pictures_and_proofs_are_bounded() {
    let tree = errors("tree full grundy_game(71)");
    assert!(tree.contains("this tree is too large"), "{tree}");
    assert!(tree.contains("more than 20000 lines"), "{tree}");
    let mut session = Session::default();
    let output = run_in(&mut session, "test.game", "why full wythoff(71, 1000)");
    assert!(output.errors.is_empty(), "{:?}", output.errors);
    let proof = output.answers.join("\n");
    assert!(proof.lines().count() <= 20_000);
    assert!(
        proof.contains("(the whole proof passes 20000 lines, so `why full` shows"),
        "{proof}"
    );
    assert!(
        session.arena.len() < 200_000,
        "{} games made",
        session.arena.len()
    );
}

/// A full tree draws every option of every game it reaches; a plain one ten.
#[test]
fn a_full_tree_draws_every_option() {
    let full = eval("tree full *40");
    assert!(!full.contains("more option"), "{full}");
    assert!(full.contains("\n└── *39 ≡ *39\n"), "{full}");
    let plain = eval("tree *40");
    assert!(plain.contains("└── … 30 more options"), "{plain}");
}

/// A long table or set shows a screenful and counts the rest; `full` prints it whole, and
/// `full` is still a name where no operand follows it.
#[test]
fn long_values_fold_unless_asked_in_full() {
    let table = eval("seq(kayles, 0..2000000)");
    assert_eq!(table.lines().count(), 32, "{table}");
    assert!(
        table.ends_with(
            "… 1999640 more values (`full seq(…)` shows them all; --json gives them to programs)"
        ),
        "{table}"
    );
    let whole = eval("full seq(kayles, 0..2000)");
    assert_eq!(whole.lines().count(), 1 + 2000 / 12 + 1, "{whole}");
    let set = eval("{k for k in 0..5000}");
    assert!(
        set.ends_with("999 … 4000 more members} (`full ...` shows them all)"),
        "{set}"
    );
    assert!(eval("full {k for k in 0..5000}").ends_with("4998, 4999}"));
    assert_eq!(eval("let full = 3\nfull + 1"), "4");
    assert_eq!(
        eval("let full(n) = *n\nfull(3)"),
        "*3 — the player to move wins"
    );
}

/// Equal games are one node, named by the first call that made it: `A(1)` and `B(1)` are
/// one game. An answer about `B` calls it `B(1)`; one about neither family by its options.
#[test]
fn a_game_two_families_make_is_named_by_the_family_explained() {
    let program = "
let A(n) = <A(k) + *2 for k in 0..n>
A(3)
let B(n) = <B(k) + *2 for k in 0..n>
tree B(2)
options B(3)
moves all B(3)
dot B(2)
why B(2)
[B(1), B(2)]
why all(B(n) is losing for n in 1..3)
let C(n) = <B(k) for k in 0..n>
options C(3)
tree <<*0 + *2>>
";
    let output = common::run(program);
    assert!(output.errors.is_empty(), "{}", output.errors.join("\n"));
    let transcript = output.transcript;
    assert!(!transcript.contains("A(1)"), "{transcript}");
    insta::assert_snapshot!(transcript);
}

/// A family whose body forwards through an `if` to calls or a sum of them (a row as the sum of
/// its heads, taken apart a head at a time) is told as those calls are: each part moved in by
/// its own call and the words its body gives the move.
#[test]
fn a_body_forwarding_through_an_if_keeps_its_parts_words() {
    let program = "
let S(n) = < S(n - k) as \"take \" + str(k) for k in 1..=3 if k <= n >
let heads(p) = if len(p) == 0 then 0 else if len(p) == 1 then S(p[0]) else S(p[0]) + heads(p[1:])
moves heads([4, 6, 7])";
    // S(n) is worth n mod 4: 0 ⊕ 2 ⊕ 3 = 1, and each part has a move that wins.
    let moves = eval(program);
    for line in [
        "S(4) → S(1): take 3, leaving S(1) + S(6) + ",
        "S(6) → S(3): take 3, leaving S(4) + S(3) + ",
        " → S(6): take 1, leaving S(4) + S(6) + S(6) ≡ 0",
    ] {
        assert!(moves.contains(line), "{line} in\n{moves}");
    }
    // The branch taken is the one explained: a single part is the call it forwards to.
    let single = eval(&format!("{program}\nmoves heads([5])"));
    assert!(single.contains("heads([5]) → S(4) ≡ 0: take 1"), "{single}");
    // A library family passed by name before its file is loaded still names its games.
    let ruler = eval("let two(F, a, b) = F(a) + F(b)\nmoves all two(ruler, 1, 5)");
    assert!(
        ruler.contains("ruler(5) → ruler(3) + ruler(4): turn coins 3 to 5"),
        "{ruler}"
    );
}
