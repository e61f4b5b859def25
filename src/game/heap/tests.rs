//! Cross-checks of the engines against the naive reference, and values from the literature.

use super::*;

fn game(code: &str) -> HeapGame {
    Code::parse(code).unwrap().into()
}

/// Asserts that the sequence agrees with the naive loop on g(0..=n).
fn agrees_with_naive(game: HeapGame, n: u64) {
    let expected = naive_values(&game, n).unwrap();
    let mut sequence = Sequence::new(game.clone());
    let found = sequence.values_to(n, &mut |_, _| true).unwrap();
    if let Some(at) = found.iter().zip(&expected).position(|(a, b)| a != b) {
        panic!(
            "{game}: g({at}) = {} but the naive loop says {} (engine {:?})",
            found[at],
            expected[at],
            sequence.engine()
        );
    }
    assert_eq!(found.len(), expected.len());
}

#[test]
fn kayles_first_values() {
    let expected = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7,
    ];
    let mut kayles = Sequence::new(HeapGame::kayles());
    assert_eq!(kayles.values_to(35, &mut |_, _| true).unwrap(), expected);
}

#[test]
fn grundy_first_values() {
    let expected = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3,
    ];
    let mut grundy = Sequence::new(HeapGame::Grundy);
    assert_eq!(grundy.values_to(30, &mut |_, _| true).unwrap(), expected);
}

#[test]
fn kayles_period_is_proved() {
    let mut kayles = Sequence::new(HeapGame::kayles());
    kayles.value(1000).unwrap();
    let period = kayles.period().expect("Kayles is periodic");
    assert_eq!((period.preperiod, period.period, period.t), (71, 12, 2));
    assert_eq!(period.checked_to, 2 * 71 + 12 + 2);
    assert!(kayles.computed_values().len() < 200, "stops once proved");
    assert_eq!(kayles.engine(), EngineKind::Periodic);
    let last = kayles.value(u64::MAX).unwrap();
    assert_eq!(last, kayles.value(71 + (u64::MAX - 71) % 12).unwrap());
}

#[test]
fn dawson_period_is_proved() {
    let mut dawson = Sequence::new(HeapGame::dawson());
    dawson.value(10_000).unwrap();
    let period = dawson.period().expect("Dawson's Kayles is periodic");
    assert_eq!((period.preperiod, period.period), (53, 34));
}

#[test]
fn engines_agree_with_naive() {
    for code in [
        "0.77", "0.07", "0.137", "0.007", "0.16", "0.106", "4.07", "0.51", "0.6",
    ] {
        agrees_with_naive(game(code), 3000);
    }
    agrees_with_naive(HeapGame::Grundy, 3000);
}

#[test]
fn three_heap_codes_agree_with_naive() {
    // The naive loop is O(n^3) here.
    agrees_with_naive(game("0.F"), 500);
    agrees_with_naive(game("0.8F"), 500);
    for code in ["8.0", "C.3", "0.48", "0.0B"] {
        agrees_with_naive(game(code), 150);
    }
}

/// The theorem needs n0 >= 1: for 0.4 (t = 1), g(0..3) = 0 0 0 1, so g(n + 1) = g(n) holds
/// for n in [0, 2·0 + 1 + 1) and yet g is not constant.
#[test]
fn a_preperiod_of_zero_is_not_taken_on_trust() {
    let mut sequence = Sequence::new(game("0.4"));
    let values = sequence.values_to(2000, &mut |_, _| true).unwrap();
    assert_eq!(values[..4], [0, 0, 0, 1]);
    assert_eq!(values, naive_values(&game("0.4"), 2000).unwrap());
    if let Some(period) = sequence.period() {
        assert!(period.period > 1 || period.preperiod > 0, "{period:?}");
    }
}

#[test]
fn grundy_has_no_period_claim() {
    let mut grundy = Sequence::new(HeapGame::Grundy);
    grundy.value(500).unwrap();
    assert_eq!(grundy.period_status(), PeriodStatus::NotApplicable);
}

#[test]
fn no_period_is_an_exact_statement() {
    let mut sequence = Sequence::new(game("0.007"));
    sequence.value(2000).unwrap();
    assert_eq!(
        sequence.period_status(),
        PeriodStatus::NotFound {
            computed: 2001,
            longest_period: 998
        }
    );
}

#[test]
fn limits_are_errors() {
    let limits = HeapLimits {
        max_computed: 1000,
        ..HeapLimits::default()
    };
    let mut sequence = Sequence::with_limits(game("0.007"), limits);
    assert_eq!(
        sequence.value(5000),
        Err(HeapError::TableLimit {
            needed: 5000,
            limit: 1000
        })
    );
    // A periodic game answers beyond the limit once the period is proved within it.
    let mut kayles = Sequence::with_limits(HeapGame::kayles(), limits);
    assert!(kayles.value(1_000_000).is_ok());
    let small = HeapLimits {
        max_bytes: 1 << 20,
        ..HeapLimits::default()
    };
    let mut grundy = Sequence::with_limits(HeapGame::Grundy, small);
    assert!(matches!(
        grundy.values_to(10_000_000, &mut |_, _| true),
        Err(HeapError::MemoryLimit { .. })
    ));
}

#[test]
fn progress_is_reported_and_can_cancel() {
    let mut calls = 0;
    let mut sequence = Sequence::new(HeapGame::Grundy);
    let result = sequence.value_with_progress(100_000, &mut |done, target| {
        calls += 1;
        assert_eq!(target, 100_001);
        done < 5000
    });
    assert!(matches!(result, Err(HeapError::Cancelled { computed }) if computed >= 5000));
    assert!(calls >= 5);
    // What was computed stays, and the computation resumes.
    assert!(sequence.value(6000).is_ok());
}

#[test]
fn engines_switch_as_the_values_ask() {
    // Reviews happen at 256, 512, ... in tests.
    let mut sparse = Sequence::new(game("0.106"));
    sparse.value(3000).unwrap();
    assert!(matches!(
        sparse.engine(),
        EngineKind::Sparse { classifier, rare } if classifier.by_position && rare < 20
    ));
    let mut treblecross = Sequence::new(game("0.007"));
    treblecross.value(3000).unwrap();
    assert_eq!(treblecross.engine(), EngineKind::Scan);
    let mut hex = Sequence::new(game("0.8F"));
    hex.value(10).unwrap();
    assert_eq!(hex.engine(), EngineKind::ThreeHeaps);
}

/// A table computed to g(n) holds n + 1 values (two bytes a heap), not room for twice as
/// many; asked for more, it grows again as far as asked.
#[test]
fn the_table_holds_the_heaps_asked_for() {
    let mut sequence = Sequence::new(game("0.007"));
    sequence.value(5000).unwrap();
    assert_eq!(sequence.table_capacity(), 5001);
    sequence.value(7000).unwrap();
    assert_eq!(sequence.table_capacity(), 7001);
    sequence.value(7100).unwrap();
    assert_eq!(sequence.table_capacity(), 7101);
}

/// Flammenkamp's table: 0.165 has period 1550 from 5181, found here by the rolling hash (in
/// tests the Z-function covers periods up to 512 only) and proved at the very value the
/// theorem needs, g(2·5181 + 2·1550 + 3 - 1).
#[test]
fn code_0_165_has_its_long_period() {
    let mut sequence = Sequence::new(game("0.165"));
    sequence.value(10_000_000).unwrap();
    let period = sequence.period().expect("0.165 is periodic");
    assert_eq!((period.preperiod, period.period), (5181, 1550));
    assert_eq!(period.checked_to, 2 * 5181 + 1550 + 3);
    assert_eq!(sequence.computed_values().len(), 2 * 5181 + 2 * 1550 + 3);
}

/// g(0..=n) from the scan engine without a classifier, on the check scan when `check` and
/// the CPU has AVX2, else on the marking scan.
fn plain_scan(game: &HeapGame, n: usize, check: bool) -> Vec<u16> {
    let rules = rules::Rules::of(game);
    let engine = scan::ScanEngine::new(None, &[]);
    let mut engine = if check {
        engine
    } else {
        engine.without_check()
    };
    let mut values: Vec<u16> = Vec::new();
    for heap in 0..=n {
        let value = u16::try_from(engine.next(&rules, &values, &mut 0)).unwrap();
        values.push(value);
        engine.record(heap, value);
    }
    values
}

#[test]
fn plain_scans_agree_on_treblecross_and_grundys_game() {
    if kernel::Checker::detect().is_none() {
        eprintln!("no AVX2 here: only the marking scan is checked");
    }
    for game in [
        game("0.007"),
        HeapGame::Grundy,
        game("0.137"),
        game("0.777"),
    ] {
        let expected = naive_values(&game, 4000).unwrap();
        assert_eq!(plain_scan(&game, 4000, true), expected, "{game}, check");
        assert_eq!(plain_scan(&game, 4000, false), expected, "{game}, marking");
    }
}

mod properties {
    use proptest::prelude::*;

    use super::*;
    use crate::game::heap::classify::{Classifier, choose};
    use crate::game::heap::rules::Rules;
    use crate::game::heap::scan::ScanEngine;

    /// g(0..=n) from the sparse-space engine with this classifier and search budget.
    fn sparse_values(
        game: &HeapGame,
        classifier: Classifier,
        budget: u64,
        n: usize,
    ) -> (Vec<u16>, ScanEngine) {
        let rules = Rules::of(game);
        let mut engine = ScanEngine::new(Some(classifier), &[]).with_search_budget(budget);
        let mut values: Vec<u16> = Vec::new();
        for heap in 0..=n {
            let value = engine.next(&rules, &values, &mut 0) as u16;
            values.push(value);
            engine.record(heap, value);
        }
        (values, engine)
    }

    /// Codes d0.d1...dk with d0 in {0, 4} and 1 to 4 octal digits.
    fn octal_code() -> impl Strategy<Value = HeapGame> {
        (
            prop::sample::select(vec![0u8, 4]),
            prop::collection::vec(0u8..8, 1..=4),
        )
            .prop_map(|(d0, digits)| {
                let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
                game(&format!("{d0}.{text}"))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn random_octal_codes_agree_with_naive(game in octal_code(), n in 0u64..1200) {
            let expected = naive_values(&game, n).unwrap();
            let mut sequence = Sequence::new(game.clone());
            prop_assert_eq!(sequence.values_to(n, &mut |_, _| true).unwrap(), expected);
            // Single values agree with the table, also past a proved period.
            prop_assert_eq!(sequence.value(n).unwrap(), sequence.values_to(n, &mut |_, _| true).unwrap()[n as usize]);
        }

        /// A proved period holds far beyond the values that proved it, and is the least
        /// period with the least preperiod.
        #[test]
        fn proved_periods_hold(game in octal_code()) {
            let mut sequence = Sequence::new(game.clone());
            sequence.value(3000).unwrap();
            if let Some(p) = sequence.period() {
                let n = (p.checked_to + 4 * p.period).max(2000);
                let values = naive_values(&game, n).unwrap();
                let (start, length) = (p.preperiod as usize, p.period as usize);
                for i in start..values.len() - length {
                    prop_assert_eq!(values[i], values[i + length], "{} at {}", game, i);
                }
                if start > 0 {
                    prop_assert_ne!(values[start - 1], values[start - 1 + length]);
                }
                for d in (1..length).filter(|d| length % d == 0) {
                    prop_assert!((start..values.len() - d).any(|i| values[i] != values[i + d]));
                }
                prop_assert_eq!(p.checked_to, 2 * p.preperiod.max(1) + p.period + p.t);
            }
        }

        /// The check scan (AVX2) and the marking scan both give the naive loop's values.
        #[test]
        fn both_plain_scans_are_exact(game in octal_code(), n in 0usize..1500) {
            let expected = naive_values(&game, n as u64).unwrap();
            prop_assert_eq!(plain_scan(&game, n, true), expected.clone());
            prop_assert_eq!(plain_scan(&game, n, false), expected);
        }

        /// The sparse-space engine is exact whatever the mask; the mask only sets its speed.
        #[test]
        fn any_classifier_is_exact(
            game in octal_code(),
            mask in any::<u16>(),
            by_position in any::<bool>(),
            flip in any::<bool>(),
            budget in prop::sample::select(vec![0u64, 40, 1000]),
        ) {
            let n = 400;
            let classifier = Classifier { mask, by_position, flip };
            // A small budget, so that many heaps go over to the check scan.
            let (values, _) = sparse_values(&game, classifier, budget, n);
            prop_assert_eq!(values, naive_values(&game, n as u64).unwrap());
        }
    }

    /// The values are mirrored for the check scan only: 0.106, whose searches all succeed
    /// within the budget, holds two bytes a heap, not four; with no budget at all its heaps
    /// go over to the check scan (with AVX2), which reads the mirror.
    #[test]
    fn values_are_mirrored_for_the_check_scan_only() {
        let code = game("0.106");
        let n = 3000;
        let expected = naive_values(&code, n as u64).unwrap();
        let chosen = choose(&expected, &Rules::of(&code)).unwrap();
        let (values, engine) = sparse_values(&code, chosen.classifier, 8192, n);
        assert_eq!(values, expected);
        assert!(!engine.mirrors());
        let (values, engine) = sparse_values(&code, chosen.classifier, 0, n);
        assert_eq!(values, expected);
        assert_eq!(engine.mirrors(), kernel::Checker::detect().is_some());
        // Without sparse space, large heaps take the check scan: mirrored from the start.
        let plain = ScanEngine::new(None, &expected);
        assert_eq!(plain.mirrors(), kernel::Checker::detect().is_some());
    }

    /// 0.007's searches for a value of two common heaps keep running over a small budget:
    /// with the check scan (AVX2) its heaps then skip the search, and stay exact. 0.106 finds
    /// its values within the budget and keeps searching.
    #[test]
    fn searches_that_keep_running_over_budget_are_skipped() {
        let checks = kernel::Checker::detect().is_some();
        let treblecross = game("0.007");
        let classifier = Classifier {
            mask: 0xffb8,
            by_position: false,
            flip: false,
        };
        let n = 2500;
        let (values, engine) = sparse_values(&treblecross, classifier, 40, n);
        assert_eq!(values, naive_values(&treblecross, n as u64).unwrap());
        // Without a check scan to go over to, no search has a budget to run over.
        assert_eq!(
            engine.skipped_searches() > 1000,
            checks,
            "{}",
            engine.skipped_searches()
        );

        let code = game("0.106");
        let expected = naive_values(&code, n as u64).unwrap();
        let rules = Rules::of(&code);
        let chosen = choose(&expected, &rules).unwrap();
        let (values, engine) = sparse_values(&code, chosen.classifier, 1000, n);
        assert_eq!(engine.skipped_searches(), 0);
        assert_eq!(values, expected);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Sparse space marks the rare splits of two to four heaps in one pass once values
        /// pass 64: exact for every lane count (2 for 0.6, 0.64 and 0.74, 3 for 0.04, 0.064 and
        /// 0.0407, 4 for 0.007 and 0.0007), with one split sum a heap or two, whatever the mask.
        #[test]
        fn rare_splits_marked_ahead_are_exact(
            code in prop::sample::select(vec![
                "0.6", "0.64", "0.74", "0.04", "0.064", "0.0407", "0.007", "0.0007",
            ]),
            mask in any::<u16>(),
            by_position in any::<bool>(),
            flip in any::<bool>(),
            budget in prop::sample::select(vec![0u64, 1000]),
        ) {
            let n = 2500;
            let game = game(code);
            let classifier = Classifier { mask, by_position, flip };
            let (values, engine) = sparse_values(&game, classifier, budget, n);
            prop_assert!(engine.marks_ahead(), "{code}: values pass 64 by n = {n}");
            prop_assert_eq!(values, naive_values(&game, n as u64).unwrap());
        }

        /// A heap asked for twice (as after an error), in the middle of a pass or at its
        /// start, still gets the naive loop's value.
        #[test]
        fn a_heap_computed_twice_in_a_pass_is_exact(
            code in prop::sample::select(vec!["0.64", "0.064", "0.007"]),
            mask in any::<u16>(),
            every in 2usize..9,
        ) {
            let n = 2500;
            let game = game(code);
            let classifier = Classifier { mask, by_position: false, flip: false };
            let rules = Rules::of(&game);
            let mut engine = ScanEngine::new(Some(classifier), &[]);
            let mut values: Vec<u16> = Vec::new();
            for heap in 0..=n {
                if heap % every == 0 {
                    engine.next(&rules, &values, &mut 0);
                }
                let value = engine.next(&rules, &values, &mut 0) as u16;
                values.push(value);
                engine.record(heap, value);
            }
            prop_assert_eq!(values, naive_values(&game, n as u64).unwrap());
        }
    }
}
