use proptest::prelude::*;

use super::*;
use crate::game::heap::wythoff::WythoffTable;
use crate::game::heap::wythoff::tests::naive;

fn strip(rows: usize, columns: u64) -> WythoffStrip {
    WythoffStrip::new(rows, columns, HeapLimits::default(), &mut |_, _| true).unwrap()
}

/// Rows 0..rows up to `columns`, filled straight (a bitset per row), never by a period.
fn direct(rows: usize, columns: usize) -> Vec<Vec<u64>> {
    let mut values = vec![vec![0u64; columns]; rows];
    let mut in_row = vec![vec![false; columns + 2 * rows + 1]; rows];
    let mut first_absent = vec![0u64; rows];
    for b in 0..columns {
        for a in 0..rows {
            let up = (0..a).map(|i| values[i][b]);
            let diagonal = (1..=a.min(b)).map(|k| values[a - k][b - k]);
            let near: Vec<u64> = up.chain(diagonal).collect();
            let value = (first_absent[a]..)
                .find(|&v| !in_row[a][v as usize] && !near.contains(&v))
                .unwrap();
            values[a][b] = value;
            in_row[a][value as usize] = true;
            while in_row[a][first_absent[a] as usize] {
                first_absent[a] += 1;
            }
        }
    }
    values
}

#[test]
fn strips_agree_with_the_square_table() {
    let square = WythoffTable::new(200, HeapLimits::default(), &mut |_, _| true).unwrap();
    for rows in [1, 2, 3, 7, 64, 65] {
        let strip = strip(rows, 200);
        for a in 0..200u64 {
            for b in 0..200u64 {
                let expected = (a.min(b) < rows as u64).then(|| square.value(a, b).unwrap());
                assert_eq!(
                    strip.value(a, b),
                    expected.map(u64::from),
                    "({a}, {b}) in {rows} rows"
                );
            }
        }
    }
}

#[test]
fn the_period_answers_far_past_the_columns_filled() {
    let far = 100_000;
    for rows in [1, 2, 4, 8, 11] {
        let strip = strip(rows, u64::MAX);
        let period = strip.period().expect("a small strip's period is found");
        assert!(strip.columns() < far as u64 / 2, "{rows} rows: {period:?}");
        let direct = direct(rows, far);
        for (a, row) in direct.iter().enumerate() {
            for (b, &value) in row.iter().enumerate() {
                assert_eq!(strip.value(a as u64, b as u64), Some(value), "({a}, {b})");
            }
        }
        // Far past the direct fill, by the period from the direct fill's own last columns.
        let p = i128::from(period.period);
        for huge in [10u64.pow(18), u64::MAX - 100, 123_456_789_012] {
            let last = far as i128 - 1;
            let column = (last - (last - i128::from(huge)).rem_euclid(p)) as usize;
            for (a, row) in direct.iter().enumerate() {
                let expected = row[column] + (huge - column as u64);
                assert_eq!(strip.value(a as u64, huge), Some(expected), "({a}, {huge})");
                assert_eq!(strip.value(huge, a as u64), Some(expected), "({huge}, {a})");
            }
        }
    }
}

#[test]
fn first_periods_are_the_known_ones() {
    // Row 1: 1, 2, 0, 4, 5, 3, …; row 2: 2, 0, 1, 5, 3, 4, …: both shift by 3 every 3.
    assert_eq!(strip(2, u64::MAX).period().map(|p| p.period), Some(3));
    assert_eq!(strip(3, u64::MAX).period().map(|p| p.period), Some(3));
}

#[test]
fn zeros_are_wythoffs_pairs() {
    // (⌊kφ⌋, ⌊kφ²⌋) for the first k: (0, 0), (1, 2), (3, 5), (4, 7).
    let strip = strip(5, 1_000_000);
    let zeros: Vec<(u64, u64)> = (0..5u64)
        .flat_map(|a| (a..1_000_000).map(move |b| (a, b)))
        .filter(|&(a, b)| strip.value(a, b) == Some(0))
        .collect();
    assert_eq!(zeros, [(0, 0), (1, 2), (3, 5), (4, 7)]);
    // Row 0 is a nim heap: g(0, b) = b.
    assert_eq!(strip.value(0, 999_999), Some(999_999));
    assert_eq!(strip.value(999_999, 0), Some(999_999));
    assert_eq!(strip.value(5, 10), None);
}

#[test]
fn a_strip_past_its_limits_is_refused() {
    let small = HeapLimits {
        max_bytes: 1 << 12,
        ..HeapLimits::default()
    };
    assert!(matches!(
        WythoffStrip::new(40, u64::MAX, small, &mut |_, _| true),
        Err(HeapError::MemoryLimit { .. })
    ));
    let short = HeapLimits {
        max_work: 1000,
        ..HeapLimits::default()
    };
    assert!(matches!(
        WythoffStrip::new(40, u64::MAX, short, &mut |_, _| true),
        Err(HeapError::WorkLimit { .. })
    ));
    assert!(matches!(
        WythoffStrip::new(40, u64::MAX, HeapLimits::default(), &mut |_, _| false),
        Err(HeapError::Cancelled { computed: 0 })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every square of a small board, filled or folded by the period, is the mex of its
    /// options.
    #[test]
    fn strips_agree_with_the_definition(rows in 1usize..9, columns in 1u64..120) {
        let reference = naive(160);
        let strip = strip(rows, columns);
        for (a, row) in reference.iter().enumerate().take(rows) {
            for (b, &value) in row.iter().enumerate() {
                let known = a.max(b) < columns as usize || strip.period().is_some();
                let expected = known.then_some(u64::from(value));
                prop_assert_eq!(strip.value(a as u64, b as u64), expected, "({}, {})", a, b);
            }
        }
    }
}
