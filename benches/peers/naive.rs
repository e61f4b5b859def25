//! The rulesets of `cargo bench --bench rulesets`, written the obvious way in plain Rust: what
//! benches/peers/naive.py does, line for line. A position is a `Vec<u8>` (or a `u64` used as
//! a bitmask), the memo std's `HashMap` with its default hasher, the options listed one by one
//! and the mex taken over their values. Nothing cleverer than what grundy's own library does
//! (std/*.game); where the library does more, the function says so.
//!
//! Each function returns the value and the number of positions remembered. The bench compiles
//! this file in (`cargo bench --bench rulesets -- cram` runs one row).

use std::collections::{HashMap, HashSet};

pub type Answer = (u64, usize);

fn mex(values: &HashSet<u64>) -> u64 {
    (0..)
        .find(|v| !values.contains(v))
        .expect("a value is missing")
}

/// The list without its zeros, sorted: the library keeps heaps (and coins, rows) so.
fn sorted_without_zeros(mut p: Vec<u8>) -> Vec<u8> {
    p.retain(|&x| x > 0);
    p.sort_unstable();
    p
}

/// Node Kayles: the vertices left are a bitmask; a move takes a vertex and its neighbours.
pub fn node_kayles(graph: &[Vec<usize>]) -> Answer {
    fn value(left: u64, gone: &[u64], memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&left) {
            return v;
        }
        let mut seen = HashSet::new();
        for (v, &taken) in gone.iter().enumerate() {
            if left >> v & 1 == 1 {
                seen.insert(value(left & !taken, gone, memo));
            }
        }
        let v = mex(&seen);
        memo.insert(left, v);
        v
    }
    let gone: Vec<u64> = graph
        .iter()
        .enumerate()
        .map(|(v, neighbours)| neighbours.iter().fold(1 << v, |mask, u| mask | 1 << u))
        .collect();
    assert!(graph.len() < 64, "a vertex a bit of a u64");
    let mut memo = HashMap::new();
    let all = (1u64 << graph.len()) - 1;
    (value(all, &gone, &mut memo), memo.len())
}

/// Chomp: rows from the bottom, longest first; a bite at (i, j) cuts rows i.. to j.
pub fn chomp(rows: &[u8]) -> Answer {
    fn value(r: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
        if let Some(&v) = memo.get(r) {
            return v;
        }
        let mut seen = HashSet::new();
        for i in 0..r.len() {
            for j in 0..r[i] {
                if i + j as usize > 0 {
                    let mut bitten = r[..i].to_vec();
                    bitten.extend(r[i..].iter().map(|&x| x.min(j)).filter(|&x| x > 0));
                    seen.insert(value(&bitten, memo));
                }
            }
        }
        let v = mex(&seen);
        memo.insert(r.to_vec(), v);
        v
    }
    let mut memo = HashMap::new();
    (value(rows, &mut memo), memo.len())
}

/// Staircase Nim: coins per step, bottom first; empty top steps trimmed.
pub fn staircase(steps: &[u8]) -> Answer {
    fn trim(mut p: Vec<u8>) -> Vec<u8> {
        while p.last() == Some(&0) {
            p.pop();
        }
        p
    }
    fn value(p: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut seen = HashSet::new();
        for i in 0..p.len() {
            for t in 1..=p[i] {
                let mut q = p.to_vec();
                q[i] -= t;
                if i > 0 {
                    q[i - 1] += t;
                }
                seen.insert(value(&trim(q), memo));
            }
        }
        let v = mex(&seen);
        memo.insert(p.to_vec(), v);
        v
    }
    let mut memo = HashMap::new();
    (value(&trim(steps.to_vec()), &mut memo), memo.len())
}

/// Cram on m × n: the covered squares are a bitmask; a domino covers two empty neighbours.
///
/// grundy's library does more: it splits a board into the regions a domino leaves and
/// remembers each region's shape up to rotation and reflection. This does neither.
pub fn cram(m: usize, n: usize) -> Answer {
    fn value(covered: u64, dominoes: &[u64], memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&covered) {
            return v;
        }
        let mut seen = HashSet::new();
        for &d in dominoes {
            if covered & d == 0 {
                seen.insert(value(covered | d, dominoes, memo));
            }
        }
        let v = mex(&seen);
        memo.insert(covered, v);
        v
    }
    assert!(m * n <= 64, "a square a bit of a u64");
    let mut dominoes = Vec::new();
    for r in 0..m {
        for c in 0..n {
            let k = r * n + c;
            if c + 1 < n {
                dominoes.push(1 << k | 1 << (k + 1));
            }
            if r + 1 < m {
                dominoes.push(1 << k | 1 << (k + n));
            }
        }
    }
    let mut memo = HashMap::new();
    (value(0, &dominoes, &mut memo), memo.len())
}

/// Moore's Nim_k: lower from one to k heaps; heaps kept sorted, empty ones dropped.
pub fn moore(k: usize, heaps: &[u8]) -> Answer {
    /// Every list reached from p by lowering at most k of its entries (p itself too).
    fn lowered(p: &[u8], k: usize) -> Vec<Vec<u8>> {
        let Some((&first, rest)) = p.split_first() else {
            return vec![vec![]];
        };
        let mut all = Vec::new();
        for q in lowered(rest, k) {
            all.push([&[first][..], &q].concat());
        }
        if k > 0 {
            for a in 0..first {
                for q in lowered(rest, k - 1) {
                    all.push([&[a][..], &q].concat());
                }
            }
        }
        all
    }
    fn value(p: &[u8], k: usize, memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut seen = HashSet::new();
        for q in lowered(p, k) {
            if q != p {
                seen.insert(value(&sorted_without_zeros(q), k, memo));
            }
        }
        let v = mex(&seen);
        memo.insert(p.to_vec(), v);
        v
    }
    let mut memo = HashMap::new();
    let start = sorted_without_zeros(heaps.to_vec());
    (value(&start, k, &mut memo), memo.len())
}

/// Nimble: the squares of the coins, sorted, those on square 0 dropped.
pub fn nimble(coins: &[u8]) -> Answer {
    fn value(p: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut seen = HashSet::new();
        for i in 0..p.len() {
            for s in 0..p[i] {
                let mut q = p.to_vec();
                q[i] = s;
                seen.insert(value(&sorted_without_zeros(q), memo));
            }
        }
        let v = mex(&seen);
        memo.insert(p.to_vec(), v);
        v
    }
    let mut memo = HashMap::new();
    let start = sorted_without_zeros(coins.to_vec());
    (value(&start, &mut memo), memo.len())
}

/// Turning Turtles: the heads are a bitmask (coin i + 1 is bit i); a move turns a head to
/// tails, and maybe one coin to its left over too.
pub fn turning_turtles_row(row: &str) -> Answer {
    fn value(heads: u64, coins: usize, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&heads) {
            return v;
        }
        let mut seen = HashSet::new();
        for i in 0..coins {
            if heads >> i & 1 == 1 {
                let turned = heads & !(1 << i);
                seen.insert(value(turned, coins, memo));
                for j in 0..i {
                    seen.insert(value(turned ^ 1 << j, coins, memo));
                }
            }
        }
        let v = mex(&seen);
        memo.insert(heads, v);
        v
    }
    let heads = row
        .chars()
        .enumerate()
        .filter(|&(_, c)| c == 'H')
        .fold(0, |mask, (i, _)| mask | 1 << i);
    let mut memo = HashMap::new();
    (value(heads, row.len(), &mut memo), memo.len())
}

/// Kayles on several rows of pins: knock down one pin or two side by side, which may split a
/// row in two; the rows kept sorted, empty ones dropped.
pub fn kayles_rows(rows: &[u8]) -> Answer {
    fn value(p: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut seen = HashSet::new();
        for i in 0..p.len() {
            for k in 1..=2 {
                if k <= p[i] {
                    for a in 0..=(p[i] - k) / 2 {
                        let q = [&p[..i], &[a, p[i] - k - a], &p[i + 1..]].concat();
                        seen.insert(value(&sorted_without_zeros(q), memo));
                    }
                }
            }
        }
        let v = mex(&seen);
        memo.insert(p.to_vec(), v);
        v
    }
    let mut memo = HashMap::new();
    let start = sorted_without_zeros(rows.to_vec());
    (value(&start, &mut memo), memo.len())
}
