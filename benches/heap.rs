//! The heap engine against the naive mex loop: `cargo bench --bench heap`.
//!
//! `QUICK=1` runs only n = 10^4 and 10^5, `NAIVE=0` skips the naive runs; a further argument keeps only the games whose name
//! contains it (`cargo bench --bench heap -- 0.16`). Naive runs estimated to take more than
//! five minutes are skipped, and the estimate (from the largest naive run of that game,
//! scaled by n^2) is printed instead.

mod timing;

use std::time::{Duration, Instant};

use grundy::game::Watch;
use grundy::game::heap::wythoff::{WythoffTable, wythoff_moves};
use grundy::game::heap::{Code, HeapGame, HeapLimits, PeriodStatus, Sequence, naive_values};
use grundy::game::subtraction::{SubtractionSequence, TableLimits};
use timing::{seconds, timed};

/// Naive runs estimated to take longer than this are skipped.
const NAIVE_BUDGET: Duration = Duration::from_secs(300);

enum Bench {
    Heap(HeapGame),
    Subtraction(&'static [u64]),
}

struct Case {
    name: &'static str,
    bench: Bench,
    sizes: &'static [u32],
}

fn main() {
    let quick = std::env::var("QUICK").is_ok_and(|v| v == "1");
    let naive = std::env::var("NAIVE").map_or(true, |v| v != "0");
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let code = |text: &str| HeapGame::TakeBreak(Code::parse(text).expect("a valid code"));
    let cases = [
        Case {
            name: "0.77 (Kayles)",
            bench: Bench::Heap(code("0.77")),
            sizes: &[4, 5, 6, 7],
        },
        Case {
            name: "0.07 (Dawson's Kayles)",
            bench: Bench::Heap(code("0.07")),
            sizes: &[4, 5, 6],
        },
        Case {
            name: "0.137 (Dawson's chess)",
            bench: Bench::Heap(code("0.137")),
            sizes: &[4, 5, 6],
        },
        Case {
            name: "0.007 (Treblecross)",
            bench: Bench::Heap(code("0.007")),
            sizes: &[4, 5, 6],
        },
        Case {
            name: "0.16",
            bench: Bench::Heap(code("0.16")),
            sizes: &[4, 5, 6, 7],
        },
        Case {
            name: "0.106",
            bench: Bench::Heap(code("0.106")),
            sizes: &[4, 5, 6, 7],
        },
        Case {
            name: "Grundy's game",
            bench: Bench::Heap(HeapGame::Grundy),
            sizes: &[4, 5, 6],
        },
        Case {
            name: "subtraction {2,5,7}",
            bench: Bench::Subtraction(&[2, 5, 7]),
            sizes: &[4, 5, 6, 7],
        },
    ];
    let wythoff_sides: &[usize] = if quick { &[1000] } else { &[1000, 2000, 4000] };
    println!("| game | n | fast | naive | speed-up | memory (bytes/heap) | engine / period |");
    println!("|---|---|---|---|---|---|---|");
    for case in &cases {
        if filter
            .as_ref()
            .is_some_and(|f| !case.name.contains(f.as_str()))
        {
            continue;
        }
        // (n, seconds) of the largest naive run so far, for estimates.
        let mut naive_run: Option<(u64, f64)> = None;
        for &exponent in case.sizes {
            if quick && exponent > 5 {
                continue;
            }
            let n = 10u64.pow(exponent);
            let row = match &case.bench {
                Bench::Heap(game) => heap_row(game, n, naive, &mut naive_run),
                Bench::Subtraction(set) => subtraction_row(set, n),
            };
            println!("| {} | 10^{exponent} | {row}", case.name);
        }
    }
    if filter
        .as_ref()
        .is_none_or(|f| "Wythoff's game".contains(f.as_str()))
    {
        for &side in wythoff_sides {
            let row = wythoff_row(side, naive);
            println!("| Wythoff's game | {side}x{side} | {row}");
        }
    }
}

fn heap_row(
    game: &HeapGame,
    n: u64,
    run_naive: bool,
    naive_run: &mut Option<(u64, f64)>,
) -> String {
    let mut result = None;
    let fast = timed(|| {
        let mut sequence = Sequence::new(game.clone());
        let values = sequence
            .values_to(n, &mut |_, _| true)
            .expect("within limits");
        // The engine's own memory: the table of computed values and the engine's tables (the
        // table handed back is the caller's, and for a periodic game mostly filled from the
        // period).
        let bytes = sequence.memory_bytes();
        let status = sequence.period_status();
        let engine = sequence.engine();
        let computed = sequence.computed_values().len();
        result = Some((values, bytes, status, engine, computed));
    });
    let (values, bytes, status, engine, computed) = result.expect("ran at least once");
    let estimate = naive_run.map(|(m, secs)| secs * (n as f64 / m as f64).powi(2));
    let naive = match estimate {
        _ if !run_naive => "not run (NAIVE=0)".into(),
        Some(secs) if secs > NAIVE_BUDGET.as_secs_f64() => {
            let (m, _) = naive_run.expect("an estimate comes from a run");
            format!("skipped (estimated {} from the n = {m} run)", seconds(secs))
        }
        _ => {
            let start = Instant::now();
            let reference = naive_values(game, n).expect("naive values fit");
            let secs = start.elapsed().as_secs_f64();
            assert!(
                reference == values,
                "{game}: fast and naive values differ below {n}"
            );
            *naive_run = Some((n, secs));
            seconds(secs)
        }
    };
    let speedup = match *naive_run {
        Some((m, secs)) if m == n => format!("{:.1}x", secs / fast.time.as_secs_f64()),
        _ => "-".into(),
    };
    let period = match status {
        PeriodStatus::Proved(p) => format!(
            "period {} from {} (checked to {}; {computed} values computed)",
            p.period, p.preperiod, p.checked_to
        ),
        PeriodStatus::NotFound { computed, .. } => {
            format!("no period proved by g(0..={})", computed - 1)
        }
        PeriodStatus::NotApplicable => "no periodicity theorem".into(),
    };
    format!(
        "{} | {naive} | {speedup} | {:.2} | {engine}; {period} |",
        fast.show(),
        bytes as f64 / (n + 1) as f64
    )
}

fn subtraction_row(set: &[u64], n: u64) -> String {
    let mut checksum = 0u64;
    let mut bytes = 0;
    let mut period = None;
    let fast = timed(|| {
        let mut game = SubtractionSequence::new(set);
        let values = game
            .values_to(
                n,
                TableLimits {
                    values: usize::MAX,
                    bytes: u64::MAX,
                },
                &mut Watch::default(),
            )
            .expect("no limit");
        checksum = values.iter().map(|&v| u64::from(v)).sum();
        bytes = 4 * game.computed();
        period = game.period();
    });
    let start = Instant::now();
    let mut values: Vec<u32> = Vec::with_capacity(n as usize + 1);
    for heap in 0..=n {
        let mut seen = 0u64;
        for &s in set.iter().filter(|&&s| s <= heap) {
            seen |= 1 << values[(heap - s) as usize];
        }
        values.push(seen.trailing_ones());
    }
    let naive = start.elapsed();
    assert_eq!(values.iter().map(|&v| u64::from(v)).sum::<u64>(), checksum);
    format!(
        "{} | {} | {:.1}x | {:.2} | {} |",
        fast.show(),
        seconds(naive.as_secs_f64()),
        naive.as_secs_f64() / fast.time.as_secs_f64(),
        bytes as f64 / (n + 1) as f64,
        period.map_or("no period found".into(), |p| format!(
            "period {} from {}",
            p.length, p.preperiod
        )),
    )
}

fn wythoff_row(side: usize, run_naive: bool) -> String {
    let mut table = None;
    let fast = timed(|| {
        table = Some(WythoffTable::new(side, HeapLimits::default(), &mut |_, _| true).unwrap())
    });
    let table = table.expect("ran at least once");
    let naive = if run_naive {
        let start = Instant::now();
        let mut values = vec![0u32; side * side];
        let mut seen = vec![0usize; 3 * side + 1];
        for a in 0..side {
            for b in 0..side {
                let stamp = a * side + b + 1;
                for (x, y) in wythoff_moves(a as u64, b as u64, u64::MAX).unwrap() {
                    seen[values[x as usize * side + y as usize] as usize] = stamp;
                }
                let mex = seen.iter().position(|&s| s != stamp).unwrap();
                values[a * side + b] = mex as u32;
                assert_eq!(table.value(a as u64, b as u64), Some(mex as u32));
            }
        }
        Some(start.elapsed())
    } else {
        None
    };
    let bytes = side * side * 4 + (4 * side + 1) * ((3 * side).div_ceil(64) + 1) * 8;
    format!(
        "{} | {} | {} | {:.2} per square | bitsets per row, column and diagonal |",
        fast.show(),
        naive.map_or("not run (NAIVE=0)".into(), |t| seconds(t.as_secs_f64())),
        naive.map_or("-".into(), |t| format!(
            "{:.1}x",
            t.as_secs_f64() / fast.time.as_secs_f64()
        )),
        bytes as f64 / (side * side) as f64
    )
}
