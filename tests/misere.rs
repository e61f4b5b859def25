//! Misère play against a reference that knows only the definition: a position with no move
//! is won by the player to move, any other is won when some move leads to a lost one. Every
//! fast path (Bouton's rule, genera of tame sums, simplest forms, distinguishing games) is
//! cross-checked against it on random games and sums.

use std::collections::HashMap;

use grundy::game::misere::{Class, Rule};
use grundy::game::{Arena, GameId};
use proptest::prelude::*;

/// Games as a table: game i is the list of its options, earlier games of the table.
struct Reference {
    options: Vec<Vec<usize>>,
    memo: HashMap<Vec<usize>, u64>,
}

impl Reference {
    fn new(options: Vec<Vec<usize>>) -> Self {
        Reference {
            options,
            memo: HashMap::new(),
        }
    }

    /// The misère Grundy value of a sum (a list of games of the table), by its definition:
    /// 1 when no move is left, else the mex of the values one move away. The player to move
    /// loses exactly when it is 0.
    fn misere_value(&mut self, sum: &[usize]) -> u64 {
        let mut key: Vec<usize> = sum
            .iter()
            .copied()
            .filter(|&g| !self.options[g].is_empty())
            .collect();
        key.sort();
        if let Some(&value) = self.memo.get(&key) {
            return value;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            for option in self.options[key[i]].clone() {
                let mut next = key.clone();
                next[i] = option;
                seen.push(self.misere_value(&next));
            }
        }
        let value = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.memo.insert(key, value);
        value
    }

    fn losing(&mut self, sum: &[usize]) -> bool {
        self.misere_value(sum) == 0
    }
}

/// Random games: game 0 has no options, and each later one a few options among the games
/// before it.
fn tables() -> impl Strategy<Value = Vec<Vec<usize>>> {
    prop::collection::vec(
        prop::collection::vec(any::<prop::sample::Index>(), 0..5),
        1..12,
    )
    .prop_map(|rows| {
        let mut table = vec![vec![]];
        for row in rows {
            let n = table.len();
            let mut options: Vec<usize> = row.iter().map(|i| i.index(n)).collect();
            options.sort();
            options.dedup();
            table.push(options);
        }
        table
    })
}

/// The table's games in the arena.
fn build(arena: &mut Arena, table: &[Vec<usize>]) -> Vec<GameId> {
    let mut ids: Vec<GameId> = Vec::new();
    for options in table {
        let options = options.iter().map(|&o| ids[o]).collect();
        ids.push(arena.with_options(options).unwrap());
    }
    ids
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The outcome of a sum of up to three games, by every rule the engine has, against the
    /// definition.
    #[test]
    fn outcomes_of_sums_agree_with_play(
        table in tables(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
    ) {
        let mut arena = Arena::default();
        let ids = build(&mut arena, &table);
        let picked: Vec<usize> = picks.iter().map(|p| p.index(table.len())).collect();
        let parts: Vec<GameId> = picked.iter().map(|&p| ids[p]).collect();
        let sum = arena.sum(&parts).unwrap();
        let mut reference = Reference::new(table.clone());
        let expected = reference.losing(&picked);
        prop_assert_eq!(arena.misere_losing(sum).unwrap(), expected);
        prop_assert_eq!(arena.misere_losing_by_play(sum).unwrap(), expected);
        let form = arena.misere_form(sum).unwrap();
        prop_assert_eq!(
            arena.misere().canon.entry(form).misere,
            reference.misere_value(&picked),
            "the simplest form keeps the misère Grundy value"
        );
    }

    /// Equal simplest forms behave alike beside every game of the table; different ones are
    /// told apart by a game that is checked by play.
    #[test]
    fn equal_forms_are_equal_in_every_sum(table in tables(), a in any::<prop::sample::Index>(), b in any::<prop::sample::Index>()) {
        let mut arena = Arena::default();
        let ids = build(&mut arena, &table);
        let (a, b) = (a.index(table.len()), b.index(table.len()));
        let mut reference = Reference::new(table.clone());
        if arena.misere_equal(ids[a], ids[b]).unwrap() {
            for x in 0..table.len() {
                prop_assert_eq!(reference.losing(&[a, x]), reference.losing(&[b, x]));
            }
            prop_assert!(arena.misere_distinguisher(ids[a], ids[b]).unwrap().is_none());
        } else {
            let found = arena.misere_distinguisher(ids[a], ids[b]).unwrap().unwrap();
            let x = arena.sum(&[ids[a], found.game]).unwrap();
            let y = arena.sum(&[ids[b], found.game]).unwrap();
            prop_assert_eq!(arena.misere_losing_by_play(x).unwrap(), found.first_losing);
            prop_assert_ne!(arena.misere_losing_by_play(y).unwrap(), found.first_losing);
        }
    }

    /// γn is the misère Grundy value of G + 2 + ... + 2 (n heaps of two), g the nimber.
    #[test]
    fn genus_agrees_with_sums_of_twos(table in tables(), pick in any::<prop::sample::Index>()) {
        let mut arena = Arena::default();
        let two = arena.nim(2).unwrap();
        let mut with_two = table.clone();
        let one = with_two.len();
        with_two.push(vec![0]);
        with_two.push(vec![0, one]);
        let two_at = with_two.len() - 1;
        let ids = build(&mut arena, &table);
        let g = pick.index(table.len());
        let (genus, _) = arena.misere_genus(ids[g]).unwrap();
        prop_assert_eq!(genus.normal, arena.nimber(ids[g]).unwrap());
        let mut reference = Reference::new(with_two);
        for n in 0..6 {
            let mut sum = vec![g];
            sum.extend(std::iter::repeat_n(two_at, n));
            prop_assert_eq!(genus.gamma(n), reference.misere_value(&sum), "γ{} of {}", n, genus);
        }
        let _ = two;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Tame games add as nim heaps do (Conway): the genus of a sum of two tame games, from
    /// their genera, is the genus of the sum's simplest form; and the sum is tame again.
    #[test]
    fn tame_games_add_by_their_genera(table in tables(), a in any::<prop::sample::Index>(), b in any::<prop::sample::Index>()) {
        let mut arena = Arena::default();
        let ids = build(&mut arena, &table);
        let (a, b) = (ids[a.index(ids.len())], ids[b.index(ids.len())]);
        let (ga, ca) = arena.misere_genus(a).unwrap();
        let (gb, cb) = arena.misere_genus(b).unwrap();
        prop_assume!(ca.is_tame() && cb.is_tame());
        let sum = arena.sum(&[a, b]).unwrap();
        let (genus, class) = arena.misere_genus(sum).unwrap();
        prop_assert_eq!(genus, grundy::game::misere::genus::tame_sum(&[ga, gb]));
        prop_assert!(class.is_tame(), "{:?}", class);
    }
}

#[test]
fn misere_nim_positions_from_the_texts() {
    let mut arena = Arena::default();
    let mut nim = |heaps: &[u64]| {
        let parts: Vec<GameId> = heaps.iter().map(|&h| arena.nim(h).unwrap()).collect();
        let sum = arena.sum(&parts).unwrap();
        let rule = arena.misere_rule(sum).unwrap();
        assert!(matches!(rule, Rule::Nim(_)));
        (
            arena.misere_losing(sum).unwrap(),
            arena.misere_losing_by_play(sum).unwrap(),
        )
    };
    assert_eq!(nim(&[1, 1, 1]), (true, true));
    assert_eq!(nim(&[2, 2]), (true, true));
    assert_eq!(nim(&[3, 4, 5]), (false, false));
    assert_eq!(
        nim(&[1, 2, 3]),
        (true, true),
        "a nim-sum of 0 with a heap of two or more"
    );
    assert_eq!(nim(&[1]), (true, true));
    assert_eq!(nim(&[0]), (false, false));
}

#[test]
fn games_born_by_each_day() {
    let mut arena = Arena::default();
    let counts: Vec<usize> = (0..=4)
        .map(|day| arena.misere_born_by(day).unwrap().len())
        .collect();
    assert_eq!(counts, [1, 2, 3, 5, 22], "ONAG ch. 12");
}

#[test]
fn genera_of_nim_heaps_and_their_sums() {
    let mut arena = Arena::default();
    let mut genus = |heaps: &[u64]| {
        let parts: Vec<GameId> = heaps.iter().map(|&h| arena.nim(h).unwrap()).collect();
        let sum = arena.sum(&parts).unwrap();
        let (genus, class) = arena.misere_genus(sum).unwrap();
        (genus.to_string(), class)
    };
    assert_eq!(genus(&[0]), ("0^120".into(), Class::NimHeap));
    assert_eq!(genus(&[1]), ("1^031".into(), Class::NimHeap));
    assert_eq!(genus(&[2]), ("2^20".into(), Class::NimHeap));
    assert_eq!(genus(&[3]), ("3^31".into(), Class::NimHeap));
    assert_eq!(genus(&[2, 2]), ("0^02".into(), Class::Tame));
    assert_eq!(
        genus(&[1, 1]),
        ("0^120".into(), Class::NimHeap),
        "*1 + *1 = 0"
    );
}

mod explained {
    use grundy::explain::{Claim, Explainer, Fold};
    use grundy::game::heap::HeapGame;
    use grundy::game::misere::Play;
    use grundy::game::{Arena, GameId, Names};

    fn nim(arena: &mut Arena, heaps: &[u64]) -> GameId {
        let parts: Vec<GameId> = heaps.iter().map(|&h| arena.nim(h).unwrap()).collect();
        arena.sum(&parts).unwrap()
    }

    fn why(arena: &mut Arena, claim: Claim) -> String {
        let names = Names::default();
        let mut explainer = Explainer::new(arena, &names, Fold::SCREEN).play(Play::Misere);
        explainer.prove(&claim, false).unwrap().to_string()
    }

    #[test]
    fn explanations_speak_the_literature() {
        let mut arena = Arena::default();
        let g = nim(&mut arena, &[1, 2, 3]);
        let text = why(
            &mut arena,
            Claim::Outcome {
                game: g,
                losing: true,
                text: "*1 + *2 + *3".into(),
            },
        );
        assert!(
            text.starts_with("In misère play, *1 + *2 + *3 is losing: true."),
            "{text}"
        );
        assert!(text.contains("Bouton's rule"), "{text}");

        let g = nim(&mut arena, &[3, 4, 5]);
        let names = Names::default();
        let mut explainer = Explainer::new(&mut arena, &names, Fold::SCREEN).play(Play::Misere);
        let moves = explainer
            .moves_in_play(g, false, false)
            .unwrap()
            .to_string();
        assert!(moves.contains("*3 → *1: remove 2 chips from the pile of 3, leaving *1 + *4 + *5 (misère P): as in Nim"), "{moves}");
        assert_eq!(
            moves.matches("\n  ").count(),
            1,
            "one winning move: {moves}"
        );
        let tree = explainer.tree(g, 1, false, 1000).unwrap();
        assert!(tree.starts_with("*3 + *4 + *5 (misère N)\n"), "{tree}");
        assert!(tree.contains("*1 + *4 + *5 (misère P)"), "{tree}");

        let two = nim(&mut arena, &[2, 2]);
        let zero = arena.zero();
        let text = why(
            &mut arena,
            Claim::Equivalent {
                lhs: two,
                rhs: zero,
                negated: false,
                lhs_text: "*2 + *2".into(),
                rhs_text: "0".into(),
            },
        );
        assert!(
            text.contains("with X = 0: *2 + *2 + X is losing and 0 + X is winning"),
            "{text}"
        );
        let one = nim(&mut arena, &[1, 1]);
        let text = why(
            &mut arena,
            Claim::Equivalent {
                lhs: one,
                rhs: zero,
                negated: false,
                lhs_text: "*1 + *1".into(),
                rhs_text: "0".into(),
            },
        );
        assert!(
            text.starts_with("In misère play, *1 + *1 ≡ 0: true."),
            "{text}"
        );
        assert!(
            text.contains("the option *1 is reversible through 0"),
            "{text}"
        );
        assert!(text.contains("the proviso holds"), "{text}");

        let k = arena.heap(&HeapGame::kayles(), 5).unwrap();
        let text = why(
            &mut arena,
            Claim::Value {
                game: k,
                text: "kayles(5)".into(),
            },
        );
        assert!(
            text.contains("the mex rule does not decide; here is the search"),
            "{text}"
        );
        assert!(
            text.contains("kayles(5) has genus 4^146"),
            "Winning Ways' genus of K5: {text}"
        );

        let a = arena.heap(&HeapGame::kayles(), 4).unwrap();
        let b = arena.heap(&HeapGame::kayles(), 3).unwrap();
        let k = arena.sum(&[a, b]).unwrap();
        let text = why(
            &mut arena,
            Claim::Outcome {
                game: k,
                losing: true,
                text: "kayles(4) + kayles(3)".into(),
            },
        );
        assert!(text.contains("every part is tame"), "{text}");
        assert!(text.contains("kayles(4) is tame, of genus 1^031"), "{text}");
    }
}

/// Kayles' genera as Winning Ways (ch. 13) gives them: tame but for K5.
#[test]
fn genera_of_small_kayles_rows() {
    use grundy::game::heap::HeapGame;
    let mut arena = Arena::default();
    let expected = [
        "0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31", "2^20",
    ];
    for (n, genus) in expected.iter().enumerate() {
        let row = arena.heap(&HeapGame::kayles(), n as u64).unwrap();
        assert_eq!(
            arena.misere_genus(row).unwrap().0.to_string(),
            *genus,
            "K{n}"
        );
    }
    // Past those, the misère outcome of single rows against play: P exactly at 1, 4, 9, 12.
    let mut losing = Vec::new();
    for n in 0..=16 {
        let row = arena.heap(&HeapGame::kayles(), n).unwrap();
        let by_play = arena.misere_losing_by_play(row).unwrap();
        assert_eq!(arena.misere_losing(row).unwrap(), by_play, "K{n}");
        if by_play {
            losing.push(n);
        }
    }
    assert_eq!(losing, [1, 4, 9, 12]);
}

#[test]
fn a_nim_heap_in_a_tame_sum_needs_no_simplest_form() {
    use grundy::game::heap::HeapGame;
    let mut arena = Arena::default();
    let huge = arena.nim(1_000_000_000).unwrap();
    let row = arena.heap(&HeapGame::kayles(), 3).unwrap();
    let sum = arena.sum(&[huge, row]).unwrap();
    assert!(matches!(arena.misere_rule(sum).unwrap(), Rule::Tame { .. }));
    assert!(!arena.misere_losing(sum).unwrap());
    // kayles(3) has the genus of *3, so kayles(3) + *3 is lost as *3 + *3 is.
    let three = arena.nim(3).unwrap();
    let sum = arena.sum(&[three, row]).unwrap();
    assert_eq!(
        arena.misere_losing(sum).unwrap(),
        arena.misere_losing_by_play(sum).unwrap()
    );
    assert!(arena.misere_losing(sum).unwrap());
}

#[test]
fn a_heap_too_large_for_its_simplest_form_is_refused() {
    let mut arena = Arena::default();
    let huge = arena.nim(1_000_000_000).unwrap();
    assert!(arena.misere_form(huge).is_err());
    let limited = grundy::game::GameLimits {
        memory: 64 << 20,
        ..Default::default()
    };
    let mut arena = Arena::new(limited);
    let large = arena.nim(100_000).unwrap();
    assert!(matches!(
        arena.misere_form(large),
        Err(grundy::game::GameError::DagOutOfMemory { .. })
    ));
}
