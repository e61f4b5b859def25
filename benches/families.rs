//! Families written by the user, evaluated by the interpreter: `cargo bench --bench families`.
//!
//! Each program defines a family and asks for the nimber of one large member, in a fresh
//! session, as `grundy run` runs it. "options" counts the options the family's bodies list
//! (each comprehension element evaluated), "memory" the bytes the session still holds at the
//! end (counted by grundy's allocator, as the C library's allocator takes them: whole
//! chunks with their headers), divided by the memoized positions. Every answer
//! is checked against the mathematics (Kayles' values from the heap engine, the rook's
//! `i xor j`, and for the library's Chomp, Moore's Nim₂ and Cram, which are written in grundy
//! too, a Rust reference that plays them as the library does and counts their options and
//! positions). `QUICK=1` runs only
//! the smaller sizes; an argument keeps the rows whose name contains it
//! (`cargo bench --bench families -- rook`).

mod cram_reference;
mod timing;

use std::collections::HashMap;

use cram_reference::CramReference;
use grundy::eval::Session;
use grundy::game::heap::{Code, HeapGame, Sequence};
use timing::{nimber_of, timed};

/// A family's definition, the call asked for, and what the bench knows of it.
struct Case {
    name: String,
    program: String,
    /// Options the bodies list, and memoized positions.
    options: u64,
    positions: u64,
    expected: u64,
}

fn main() {
    let quick = std::env::var("QUICK").is_ok_and(|v| v == "1");
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let keep = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let kayles_sizes: &[u64] = if quick {
        &[500, 1000]
    } else {
        &[500, 1000, 2000]
    };
    let rook_sizes: &[u64] = if quick { &[100, 200] } else { &[100, 200, 300] };
    let mut cases: Vec<Case> = kayles_sizes.iter().map(|&n| kayles(n)).collect();
    cases.extend(rook_sizes.iter().map(|&n| rook(n)));
    // The library's rulesets, written in grundy (std/).
    cases.push(chomp(if quick { 6 } else { 8 }));
    cases.push(moore(if quick { &[8, 8, 8] } else { &[12, 12, 12, 12] }));
    cases.push(cram(4, if quick { 4 } else { 5 }));
    cases.push(cram(5, 5));
    if !quick {
        cases.push(cram(5, 6));
    }

    println!(
        "| family | options | positions | time | options per second | memory (bytes/position) |"
    );
    println!("|---|---|---|---|---|---|");
    for case in cases.iter().filter(|c| keep(&c.name)) {
        let mut bytes = 0;
        let ran = timed(|| {
            let before = grundy_alloc::Counts::now();
            let mut session = Session::default();
            let answer = nimber_of(&mut session, &case.program);
            bytes = grundy_alloc::Counts::held_since(before);
            assert_eq!(answer, case.expected, "{}", case.name);
        });
        let per_second = case.options as f64 / ran.time.as_secs_f64();
        println!(
            "| {} | {} | {} | {} | {} | {:.0} |",
            case.name,
            case.options,
            case.positions,
            ran.show(),
            rate(per_second),
            bytes as f64 / case.positions as f64,
        );
    }
}

/// Kayles written as a family: a move takes one or two neighbouring pins from a row.
fn kayles(n: u64) -> Case {
    let program = format!(
        "let K(n) = < K(a) + K(n - a - k) for k in 1..=2 for a in 0..=n - k >\nnimber(K({n}))\n"
    );
    // Row m lists a for 0 ≤ a ≤ m − k, for k = 1 and 2.
    let options = (0..=n).map(|m| m + m.saturating_sub(1)).sum();
    let mut table = Sequence::new(HeapGame::TakeBreak(Code::parse("0.77").unwrap()));
    let values = table
        .values_to(n, &mut |_, _| true)
        .expect("Kayles' values");
    Case {
        name: format!("Kayles `K({n})`"),
        program,
        options,
        positions: n + 1,
        expected: u64::from(values[n as usize]),
    }
}

/// The rook moving up or left on a board: rook(i, j) ≡ *(i xor j).
fn rook(n: u64) -> Case {
    let program = format!(
        "let rook(i, j) = < rook(a, j) for a in 0..i, rook(i, b) for b in 0..j >\n\
         nimber(rook({n}, {n}))\n"
    );
    // Square (i, j) lists i + j options.
    let options = (0..=n).map(|i| (0..=n).map(|j| i + j).sum::<u64>()).sum();
    Case {
        name: format!("rook `rook({n}, {n})`"),
        program,
        options,
        positions: (n + 1) * (n + 1),
        expected: 0,
    }
}

/// The library's Chomp on an n × n board, against a Rust reference over the Young diagrams
/// (rows from the bottom, longest first).
fn chomp(n: u8) -> Case {
    fn value(rows: &[u8], memo: &mut HashMap<Vec<u8>, u64>, options: &mut u64) -> u64 {
        if let Some(&v) = memo.get(rows) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..rows.len() {
            for j in 0..rows[i] {
                if i + j as usize == 0 {
                    continue;
                }
                *options += 1;
                let mut bitten = rows[..i].to_vec();
                bitten.extend(rows[i..].iter().map(|&x| x.min(j)).filter(|&x| x > 0));
                seen.push(value(&bitten, memo, options));
            }
        }
        let v = mex(&seen);
        memo.insert(rows.to_vec(), v);
        v
    }
    let (mut memo, mut options) = (HashMap::new(), 0);
    let expected = value(&vec![n; usize::from(n)], &mut memo, &mut options);
    Case {
        name: format!("Chomp `chomp_rectangle({n}, {n})`"),
        program: format!("nimber(chomp_rectangle({n}, {n}))\n"),
        options,
        positions: memo.len() as u64,
        expected,
    }
}

/// The library's Moore's Nim_2 (take from one or two heaps), against a Rust reference over
/// sorted heaps. The body lists each list reached by lowering one or two heaps.
fn moore(heaps: &[u8]) -> Case {
    fn value(heaps: &[u8], memo: &mut HashMap<Vec<u8>, u64>, options: &mut u64) -> u64 {
        if let Some(&v) = memo.get(heaps) {
            return v;
        }
        let mut seen = Vec::new();
        let mut visit = |mut q: Vec<u8>, seen: &mut Vec<u64>| {
            *options += 1;
            q.retain(|&x| x > 0);
            q.sort_unstable();
            seen.push(value(&q, memo, options));
        };
        for i in 0..heaps.len() {
            for a in 0..heaps[i] {
                let mut q = heaps.to_vec();
                q[i] = a;
                visit(q.clone(), &mut seen);
                for j in i + 1..heaps.len() {
                    for b in 0..heaps[j] {
                        let mut r = q.clone();
                        r[j] = b;
                        visit(r, &mut seen);
                    }
                }
            }
        }
        let v = mex(&seen);
        memo.insert(heaps.to_vec(), v);
        v
    }
    let (mut memo, mut options) = (HashMap::new(), 0);
    let expected = value(heaps, &mut memo, &mut options);
    let list: Vec<String> = heaps.iter().map(u8::to_string).collect();
    let list = list.join(", ");
    Case {
        name: format!("Moore's Nim₂ `moore(2, [{list}])`"),
        program: format!("nimber(moore(2, [{list}]))\n"),
        options,
        positions: memo.len() as u64,
        expected,
    }
}

/// The library's Cram on an m × n board, against a Rust reference that plays it as the library
/// does: a board's options are the sums of the regions a domino leaves, each turned to its
/// shape (the least of its eight images as a string) and remembered per shape, a region of
/// one row being the heap `cram_row` (a column's shape is a board of one row). Its counts
/// are the library's: the shapes and rows remembered, and the options their bodies list.
fn cram(m: usize, n: usize) -> Case {
    let mut reference = CramReference::default();
    let board = vec![".".repeat(n); m].join("/");
    let expected = reference.board(&board);
    let rows = reference.rows.len() as u64;
    let row_options: u64 = reference
        .rows
        .keys()
        .map(|&n| {
            u64::from(n >= 2) + (1..n.saturating_sub(1)).filter(|a| 2 * a + 2 <= n).count() as u64
        })
        .sum();
    Case {
        name: format!("Cram `cram({m}, {n})`"),
        program: format!("nimber(cram({m}, {n}))\n"),
        options: reference.options + row_options,
        positions: reference.boards.len() as u64 + rows,
        expected,
    }
}

fn mex(values: &[u64]) -> u64 {
    (0..)
        .find(|v| !values.contains(v))
        .expect("a value is missing")
}

/// `12.3 M/s`
fn rate(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.1} M/s", per_second / 1e6)
    } else {
        format!("{:.0} k/s", per_second / 1e3)
    }
}
