//! The engine against a naive reference, on random games.
//!
//! The reference knows only the definitions of the notes: a game is its list of options, the
//! options of G + H are G' + H and G + H', a game is winning iff some option is losing, and
//! G ≡ H iff G + H is losing (Lemma 4.2). The engine instead reduces by mex, adds by nim-sum
//! and shares equal games; every value it prints must agree with the definitions.

mod common;

use std::collections::HashMap;

use grundy::eval::{Session, Value};
use grundy::explain::{Claim, Explainer, Fold};
use grundy::game::{GameId, Names, Node};
use proptest::prelude::*;

/// A game as a tree of options, with nothing shared.
#[derive(Clone, Debug)]
struct Tree(Vec<Tree>);

impl Tree {
    fn source(&self) -> String {
        let options: Vec<String> = self.0.iter().map(Tree::source).collect();
        format!("<{}>", options.join(", "))
    }

    /// The options of a sum, by the definition.
    fn plus(&self, other: &Tree) -> Tree {
        let mut options: Vec<Tree> = self.0.iter().map(|g| g.plus(other)).collect();
        options.extend(other.0.iter().map(|h| self.plus(h)));
        Tree(options)
    }

    /// Winning iff some option is losing.
    fn is_winning(&self) -> bool {
        self.0.iter().any(|option| !option.is_winning())
    }

    fn size(&self) -> usize {
        1 + self.0.iter().map(Tree::size).sum::<usize>()
    }
}

/// mex, the way the notes define it.
fn naive_mex(values: &[u64]) -> u64 {
    (0..).find(|n| !values.contains(n)).unwrap()
}

fn naive_nimber(tree: &Tree) -> u64 {
    let values: Vec<u64> = tree.0.iter().map(naive_nimber).collect();
    naive_mex(&values)
}

/// G ≡ H iff G + H is a losing game.
fn naive_equivalent(g: &Tree, h: &Tree) -> bool {
    !g.plus(h).is_winning()
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(Vec::new()));
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Tree)
    })
}

/// Evaluates one expression in a fresh session.
fn eval(session: &mut Session, source: &str) -> String {
    let output = common::run_in(session, "prop", source);
    assert!(output.errors.is_empty(), "{source}: {:?}", output.errors);
    output.answers.join("\n")
}

fn nimber_of(session: &mut Session, source: &str) -> u64 {
    let value = eval(session, &format!("nimber({source})"));
    value.parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The mex rule: the engine's nimber is the mex of its options' nimbers, as in the notes.
    #[test]
    fn the_engine_reduces_by_the_mex_rule(g in tree()) {
        let mut session = Session::default();
        prop_assert_eq!(nimber_of(&mut session, &g.source()), naive_nimber(&g));
    }

    /// Outcomes agree with "winning iff some option is losing".
    #[test]
    fn outcomes_agree_with_the_definition(g in tree()) {
        let mut session = Session::default();
        let claim = eval(&mut session, &format!("{} is winning", g.source()));
        prop_assert_eq!(claim, g.is_winning().to_string());
    }

    /// The nim-sum rule: the engine adds by xor; the reference expands the sum.
    #[test]
    fn sums_follow_the_nim_sum_rule(g in tree(), h in tree()) {
        prop_assume!(g.size() * h.size() < 400);
        let mut session = Session::default();
        let sum = nimber_of(&mut session, &format!("{} + {}", g.source(), h.source()));
        prop_assert_eq!(sum, naive_nimber(&g.plus(&h)));
        prop_assert_eq!(sum, naive_nimber(&g) ^ naive_nimber(&h));
    }

    /// Equivalence agrees with "G ≡ H iff G + H is losing".
    #[test]
    fn equivalence_agrees_with_lemma_4_2(g in tree(), h in tree()) {
        prop_assume!(g.size() * h.size() < 400);
        let mut session = Session::default();
        let claim = eval(&mut session, &format!("{} == {}", g.source(), h.source()));
        prop_assert_eq!(claim, naive_equivalent(&g, &h).to_string());
    }

    /// The copycat principle: G + G ≡ 0, in the engine and by the definition.
    #[test]
    fn copycat(g in tree()) {
        prop_assume!(g.size() < 20);
        let mut session = Session::default();
        prop_assert_eq!(eval(&mut session, &format!("{0} + {0} == 0", g.source())), "true");
        prop_assert!(!g.plus(&g).is_winning());
    }

    /// Sums commute and associate.
    #[test]
    fn sums_commute_and_associate(g in tree(), h in tree(), j in tree()) {
        let mut session = Session::default();
        let (g, h, j) = (g.source(), h.source(), j.source());
        prop_assert_eq!(eval(&mut session, &format!("{g} + {h} == {h} + {g}")), "true");
        prop_assert_eq!(eval(&mut session, &format!("({g} + {h}) + {j} == {g} + ({h} + {j})")), "true");
    }

    /// Reordered and repeated options are the same game, and the same node.
    #[test]
    fn equal_option_sets_are_one_node(g in tree()) {
        let mut session = Session::default();
        let mut options: Vec<String> = g.0.iter().map(Tree::source).collect();
        let first = format!("<{}>", options.join(", "));
        options.reverse();
        options.extend(options.clone());
        let second = format!("<{}>", options.join(", "));
        common::run_in(&mut session, "prop", &format!("let a = {first}\nlet b = {second}"));
        let (a, b) = (session.value_of("a").unwrap(), session.value_of("b").unwrap());
        prop_assert!(matches!(a, Value::Game(_)));
        prop_assert_eq!(a, b);
    }

    /// Nim: a sum of heaps against the mex over positions, by the definition of Nim.
    #[test]
    fn nim_sums_agree_with_the_definition(heaps in prop::collection::vec(0u64..7, 1..4)) {
        let mut session = Session::default();
        let source = heaps.iter().map(|h| format!("*{h}")).collect::<Vec<_>>().join(" + ");
        let mut memo = HashMap::new();
        prop_assert_eq!(nimber_of(&mut session, &source), naive_nim(&heaps, &mut memo));
    }

    /// Subtraction games: the periodic engine against the plain mex loop, past the period.
    #[test]
    fn subtraction_games_agree_with_the_mex_loop(
        set in prop::collection::btree_set(1u64..12, 1..5),
        n in 0u64..3000,
    ) {
        let moves: Vec<u64> = set.into_iter().collect();
        let mut values: Vec<u64> = Vec::new();
        for i in 0..=n {
            let options: Vec<u64> =
                moves.iter().filter(|&&s| s <= i).map(|&s| values[(i - s) as usize]).collect();
            values.push(naive_mex(&options));
        }
        let set_source = moves.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        let mut session = Session::default();
        prop_assert_eq!(nimber_of(&mut session, &format!("sub({n}, {{{set_source}}})")), values[n as usize]);
    }
}

/// The nim heap *n as a tree: its options are *0, ..., *(n-1).
fn heap(n: u64) -> Tree {
    Tree((0..n).map(heap).collect())
}

/// Defines `X` (and more) in a fresh session and returns the session and X's node.
fn game_named(source: &str) -> (Session, GameId) {
    let mut session = Session::default();
    let output = common::run_in(&mut session, "prop", source);
    assert!(output.errors.is_empty(), "{source}: {:?}", output.errors);
    match session.value_of("X") {
        Some(Value::Game(id)) => (session, id),
        other => panic!("X is {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every winning move `moves` prints leads to a game worth 0, and none is missing.
    #[test]
    fn printed_winning_moves_lead_to_zero(g in tree(), h in tree(), heaps in prop::collection::vec(0u64..9, 0..3)) {
        let extra: String = heaps.iter().map(|n| format!(" + *{n}")).collect();
        let (mut session, game) = game_named(&format!("let X = {} + {} + #5{extra}", g.source(), h.source()));
        let names = Names::default();
        let mut explainer = Explainer::new(&mut session.arena, &names, Fold::SCREEN);
        let list = explainer.moves(game, false, false).unwrap();
        for line in &list.moves {
            prop_assert_eq!(explainer.arena.nimber(line.to).unwrap(), 0, "{}", line.description);
        }
        let mut to_zero = 0;
        for (_, to) in explainer.arena.moves(game).unwrap() {
            if explainer.arena.nimber(to).unwrap() == 0 {
                to_zero += 1;
            }
        }
        prop_assert_eq!(list.moves.len(), to_zero);
        prop_assert_eq!(list.moves.is_empty(), explainer.arena.nimber(game).unwrap() == 0);
    }

    /// Every distinguishing game J really tells G and H apart, judged by the definitions
    /// alone: G + J is losing and H + J is winning.
    #[test]
    fn distinguishing_games_distinguish(g in tree(), h in tree()) {
        prop_assume!(naive_nimber(&g) != naive_nimber(&h));
        let (mut session, lhs) = game_named(&format!("let X = {}\nlet Y = {}", g.source(), h.source()));
        let Some(Value::Game(rhs)) = session.value_of("Y") else { panic!("Y is a game") };
        let names = Names::default();
        let mut explainer = Explainer::new(&mut session.arena, &names, Fold::SCREEN);
        let j = explainer.distinguisher(lhs, rhs).unwrap().expect("they differ");
        let j = heap(explainer.arena.nimber(j).unwrap());
        prop_assert!(!g.plus(&j).is_winning(), "G + J must be losing");
        prop_assert!(h.plus(&j).is_winning(), "H + J must be winning");
    }

    /// `why G == H` comes to the verdict of the definition, G ≡ H iff G + H is losing.
    #[test]
    fn why_verdicts_agree_with_the_definition(g in tree(), h in tree()) {
        prop_assume!(g.size() * h.size() < 400);
        let (mut session, lhs) = game_named(&format!("let X = {}\nlet Y = {}", g.source(), h.source()));
        let Some(Value::Game(rhs)) = session.value_of("Y") else { panic!("Y is a game") };
        let names = Names::default();
        let mut explainer = Explainer::new(&mut session.arena, &names, Fold::SCREEN);
        let claim = Claim::Equivalent { lhs, rhs, negated: false, lhs_text: "X".into(), rhs_text: "Y".into() };
        let proof = explainer.prove(&claim, false).unwrap();
        prop_assert_eq!(proof.holds, Some(naive_equivalent(&g, &h)));
        let text = proof.to_string();
        prop_assert!(!text.contains("CHECK FAILED"), "{}", text);
        prop_assert!(proof.lines().len() <= Fold::SCREEN.lines, "{}", text);
    }

    /// Playing a game out move by move agrees with its nimber on who wins.
    #[test]
    fn playing_out_agrees_with_nimbers(g in tree(), heaps in prop::collection::vec(0u64..6, 0..3)) {
        let extra: String = heaps.iter().map(|n| format!(" + *{n}")).collect();
        let (mut session, game) = game_named(&format!("let X = {}{extra}", g.source()));
        let names = Names::default();
        let mut explainer = Explainer::new(&mut session.arena, &names, Fold::SCREEN);
        let (winning, _) = explainer.play_out(game).unwrap().expect("small enough");
        prop_assert_eq!(winning, explainer.arena.nimber(game).unwrap() != 0);
    }
}

/// Pieces of programs, right and wrong, to throw at the whole pipeline.
const TOKENS: &[&str] = &[
    "*",
    "#",
    "<",
    ">",
    ",",
    "(",
    ")",
    "{",
    "}",
    "+",
    "-",
    "**",
    "/",
    "%",
    "^",
    "==",
    "!=",
    "<=",
    ">=",
    "..",
    "..=",
    "=",
    "let",
    "assert",
    "if",
    "then",
    "else",
    "for",
    "in",
    "is",
    "losing",
    "winning",
    "P",
    "and",
    "or",
    "not",
    "0",
    "1",
    "3",
    "7",
    "99999999999999999999",
    "1e18",
    "-9223372036854775808",
    "9223372036854775807",
    "x",
    "G",
    "S",
    "S(",
    "nim(",
    "sub(",
    "mex",
    "mex{",
    "nimber(",
    "\"0.77\"",
    "digraph(",
    "D(",
    "\"a\"",
    "\"a>b b>c\"",
    "\"a>b>a\"",
    "\n",
    ";",
    "// c\n",
    " ",
    "true",
    "≡",
    "⊕",
    "'",
    "\t",
    "\r\n",
    "é",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Whatever is typed, the session answers or reports; it never panics.
    #[test]
    fn no_input_makes_grundy_panic(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..40)) {
        let source: String = tokens.concat();
        let mut session = Session::default();
        session.set_limit("steps=100000").unwrap();
        session.set_limit("depth=10000").unwrap();
        let program = format!("let S(n) = < S(n - k) for k in 1..=3 if k <= n >\nlet G = *2\nlet D = digraph(\"a>b>c e\")\n{source}");
        let _ = common::run_in(&mut session, "soup", &program);
        let _ = grundy::syntax::is_incomplete(&source);
    }
}

/// The nimber of a Nim position by mex over its options (all ways to shrink one pile).
fn naive_nim(heaps: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut options = Vec::new();
    for i in 0..heaps.len() {
        for smaller in 0..heaps[i] {
            let mut next = heaps.to_vec();
            next[i] = smaller;
            options.push(naive_nim(&next, memo));
        }
    }
    let value = naive_mex(&options);
    memo.insert(key, value);
    value
}

/// A game built from the language's own pieces: heaps, subtraction games, Kayles rows,
/// pictures, option sets and sums, written as a user would.
fn written_game() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (0u64..6).prop_map(|n| format!("*{n}")),
        (0u64..9).prop_map(|n| format!("#{n}")),
        (0u64..9).prop_map(|n| format!("kayles({n})")),
        (0u64..9).prop_map(|n| format!("sub({n}, {{2, 5}})")),
        (0u64..5).prop_map(|n| format!("stalk({n})")),
        Just("hackenbush(\"g-a a-b a-c b-c\")".to_owned()),
        (0u64..4, 0u64..4).prop_map(|(i, j)| format!("wythoff({i}, {j})")),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3)
                .prop_map(|options| format!("<{}>", options.join(", "))),
            (inner.clone(), inner).prop_map(|(g, h)| format!("{g} + {h}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// What grundy prints for a game reads back as the same game (the same node): the
    /// printer and the parser agree.
    #[test]
    fn printed_games_read_back_as_themselves(source in written_game()) {
        let mut session = Session::default();
        let value = common::run_in(&mut session, "g", &format!("let G = {source}"));
        prop_assert!(value.errors.is_empty(), "{:?}", value.errors);
        let Some(Value::Game(id)) = session.value_of("G") else { panic!("{source}") };
        let printed = session.arena.describe(id);
        // Deep or wide games are printed shortened with `…`, which is not meant to be read back.
        prop_assume!(!printed.contains('…'));
        let again = common::run_in(&mut session, "h", &format!("let H = {printed}"));
        prop_assert!(again.errors.is_empty(), "{printed}: {:?}", again.errors);
        prop_assert_eq!(session.value_of("H"), Some(Value::Game(id)), "{} printed as {}", source, printed);
    }

    /// The same program gives the same output, explanations included, in any session.
    #[test]
    fn evaluation_is_deterministic(g in written_game(), h in written_game()) {
        let program = format!("let G = {g}\nlet H = {h}\nG + H\nwhy G == H\nmoves G + H\noptions G\ntree G");
        let first = common::run(&program).transcript;
        let second = common::run(&program).transcript;
        prop_assert_eq!(first, second);
    }

    /// G + G ≡ 0, and sums commute and associate, for the language's games too.
    #[test]
    fn copycat_and_sum_laws_hold_for_written_games(g in written_game(), h in written_game(), j in written_game()) {
        let claims = format!(
            "({g}) + ({g}) == 0\n({g}) + ({h}) == ({h}) + ({g})\n(({g}) + ({h})) + ({j}) == ({g}) + (({h}) + ({j}))"
        );
        prop_assert_eq!(common::eval(&claims), "true\ntrue\ntrue");
    }
}

/// `<G1 + H1, ..., P1, ...>`: options written as sums of two games, then plain ones.
fn with_sum_options(sums: &[(String, String)], plain: &[String]) -> String {
    let sums = sums.iter().map(|(g, h)| format!("({g}) + ({h})"));
    let options: Vec<String> = sums.chain(plain.iter().cloned()).collect();
    format!("<{}>", options.join(", "))
}

/// The same game built by hand, named `name`: each sum made first, as a game named `S0`,
/// `S1`, ..., and the options listed the other way round.
fn with_sums_made_first(sums: &[(String, String)], plain: &[String], name: &str) -> String {
    let lets: String = (sums.iter().enumerate())
        .map(|(i, (g, h))| format!("let S{i} = ({g}) + ({h})\n"))
        .collect();
    let names = (0..sums.len()).map(|i| format!("S{i}"));
    let mut options: Vec<String> = names.chain(plain.iter().cloned()).collect();
    options.reverse();
    format!("{lets}let {name} = <{}>", options.join(", "))
}

/// What a statement prints about X, up to order: the order of options with equal standing
/// follows the order their games were made in, which differs between the two programs, at
/// every depth (`<<#1, hackenbush(...)>>` inside a line may be `<<hackenbush(...), #1>>`).
/// So each line is taken as its characters, sorted, and the lines are sorted.
fn lines_about(session: &mut Session, statement: &str) -> Vec<String> {
    let mut lines: Vec<String> = eval(session, statement)
        .lines()
        .map(|line| {
            let mut chars: Vec<char> = line.chars().collect();
            chars.sort_unstable();
            chars.into_iter().collect()
        })
        .collect();
    lines.sort();
    lines
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Options written `G + H` are kept as their two parts, never made as sum nodes unless
    /// asked for: the game is worth what the definition says and its options are those sums.
    #[test]
    fn options_written_as_sums_are_those_sums(
        sums in prop::collection::vec((tree(), tree()), 1..4),
        plain in prop::collection::vec(tree(), 0..3),
    ) {
        let sources: Vec<(String, String)> = sums.iter().map(|(g, h)| (g.source(), h.source())).collect();
        let plain_sources: Vec<String> = plain.iter().map(Tree::source).collect();
        let (mut session, x) = game_named(&format!("let X = {}", with_sum_options(&sources, &plain_sources)));
        // A sum with a zero part is the other part (no move is made in 0): kept as parts are
        // the sums of two games with moves.
        let two_with_moves = sums.iter().any(|(g, h)| !g.0.is_empty() && !h.0.is_empty());
        let kept_as_parts = matches!(session.arena.node(x), Node::WithSums { .. });
        prop_assert_eq!(kept_as_parts, two_with_moves, "X is {:?}", session.arena.node(x));
        let reference = Tree(sums.iter().map(|(g, h)| g.plus(h)).chain(plain.iter().cloned()).collect());
        prop_assert_eq!(nimber_of(&mut session, "X"), naive_nimber(&reference));
        let options: Vec<String> = sources.iter().map(|(g, h)| format!("{g} + {h}")).chain(plain_sources).collect();
        let claim = format!("options(X) == {{{}}}", options.join(", "));
        prop_assert_eq!(eval(&mut session, &claim), "true");
    }

    /// A game whose options are written as sums is the same node, with the same value, moves
    /// and explanations, as the game built from the sums made first by hand.
    #[test]
    fn sum_options_built_lazily_are_the_game_built_by_hand(
        sums in prop::collection::vec((written_game(), written_game()), 1..4),
        plain in prop::collection::vec(written_game(), 0..3),
    ) {
        let lazily = format!("let X = {}", with_sum_options(&sums, &plain));
        let (mut lazy, x) = game_named(&lazily);
        let (mut by_hand, y) = game_named(&with_sums_made_first(&sums, &plain, "X"));
        // A sum with a zero part is the other part, which `let Si` names: explanations then
        // call it Si where the lazy game shows it as written.
        let made_sums = (0..sums.len()).all(|i| match by_hand.value_of(&format!("S{i}")) {
            Some(Value::Game(id)) => matches!(by_hand.arena.node(id), Node::Sum(_)),
            _ => false,
        });
        prop_assume!(made_sums);
        let (both, x_in_both) = game_named(&format!("{lazily}\n{}", with_sums_made_first(&sums, &plain, "Y")));
        prop_assert_eq!(both.value_of("Y"), Some(Value::Game(x_in_both)));
        prop_assert_eq!(nimber_of(&mut lazy, "X"), nimber_of(&mut by_hand, "X"));
        prop_assert_eq!(lazy.arena.option_count(x), by_hand.arena.option_count(y));
        // Options of equal value are shown in the order their games were made: the lines
        // of a listing, and the verdict of `why`, must agree.
        for statement in ["moves all X", "options X"] {
            prop_assert_eq!(lines_about(&mut lazy, statement), lines_about(&mut by_hand, statement), "{}", statement);
        }
        let verdict = |session: &mut Session| eval(session, "why X").lines().next().map(str::to_owned);
        prop_assert_eq!(verdict(&mut lazy), verdict(&mut by_hand));
    }
}
