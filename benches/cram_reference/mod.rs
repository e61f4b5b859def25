//! The library's Cram (std/cram.game) played in Rust as the library plays it, for the benches
//! that count what the library remembers: a board's options are the sums of the regions a
//! domino leaves, each turned to its shape (the least of its eight images as a string) and
//! remembered per shape, a region of one row being the heap `cram_row` (a column's shape is a
//! board of one row). `boards` and `rows` are the shapes and rows remembered, `options` the
//! options the boards' bodies list.
#![allow(dead_code)]

use std::collections::HashMap;

#[derive(Default)]
pub struct CramReference {
    pub boards: HashMap<String, u64>,
    pub rows: HashMap<usize, u64>,
    pub options: u64,
}

impl CramReference {
    pub fn board(&mut self, board: &str) -> u64 {
        if let Some(&value) = self.boards.get(board) {
            return value;
        }
        let rows: Vec<&[u8]> = board.split('/').map(str::as_bytes).collect();
        let (height, width) = (rows.len(), rows[0].len());
        let mut squares: Vec<bool> = rows
            .iter()
            .flat_map(|row| row.iter().map(|&c| c == b'.'))
            .collect();
        let mut seen = Vec::new();
        for k in 0..height * width {
            let (r, c) = (k / width, k % width);
            for j in [
                (c + 1 < width).then_some(k + 1),
                (r + 1 < height).then_some(k + width),
            ] {
                let Some(j) = j.filter(|&j| squares[k] && squares[j]) else {
                    continue;
                };
                self.options += 1;
                squares[k] = false;
                squares[j] = false;
                let value = regions(&squares, height, width)
                    .into_iter()
                    .map(|region| self.region(&region))
                    .fold(0, |a, b| a ^ b);
                seen.push(value);
                squares[k] = true;
                squares[j] = true;
            }
        }
        let value = mex(&seen);
        self.boards.insert(board.to_owned(), value);
        value
    }

    fn region(&mut self, region: &[Vec<bool>]) -> u64 {
        let size: usize = region
            .iter()
            .map(|row| row.iter().filter(|&&s| s).count())
            .sum();
        if size == 1 {
            0
        } else if region.len() == 1 {
            self.row(size)
        } else {
            self.board(&shape(region))
        }
    }

    fn row(&mut self, n: usize) -> u64 {
        if let Some(&value) = self.rows.get(&n) {
            return value;
        }
        let mut seen = Vec::new();
        if n >= 2 {
            seen.push(self.row(n - 2));
        }
        for a in 1..n.saturating_sub(1) {
            if 2 * a < n - 1 {
                let value = self.row(a) ^ self.row(n - 2 - a);
                seen.push(value);
            }
        }
        let value = mex(&seen);
        self.rows.insert(n, value);
        value
    }
}

/// The regions of empty squares, each cropped to its rectangle.
fn regions(squares: &[bool], height: usize, width: usize) -> Vec<Vec<Vec<bool>>> {
    let mut region_of = vec![usize::MAX; squares.len()];
    let mut found = Vec::new();
    for start in 0..squares.len() {
        if !squares[start] || region_of[start] != usize::MAX {
            continue;
        }
        region_of[start] = found.len();
        let mut members = vec![start];
        let mut next = 0;
        while let Some(&k) = members.get(next) {
            next += 1;
            let (r, c) = (k / width, k % width);
            let beside = [
                (r > 0).then(|| k - width),
                (r + 1 < height).then_some(k + width),
                (c > 0).then(|| k - 1),
                (c + 1 < width).then_some(k + 1),
            ];
            for j in beside.into_iter().flatten() {
                if squares[j] && region_of[j] == usize::MAX {
                    region_of[j] = found.len();
                    members.push(j);
                }
            }
        }
        let top = members.iter().map(|k| k / width).min().unwrap();
        let bottom = members.iter().map(|k| k / width).max().unwrap();
        let left = members.iter().map(|k| k % width).min().unwrap();
        let right = members.iter().map(|k| k % width).max().unwrap();
        let id = found.len();
        found.push(
            (top..=bottom)
                .map(|r| {
                    (left..=right)
                        .map(|c| region_of[r * width + c] == id)
                        .collect()
                })
                .collect(),
        );
    }
    found
}

/// The least of the region's eight images, written as `cram_board` takes a board.
fn shape(region: &[Vec<bool>]) -> String {
    let (height, width) = (region.len(), region[0].len());
    (0..8)
        .map(|image| {
            let (rows, columns) = if image & 4 == 0 {
                (height, width)
            } else {
                (width, height)
            };
            let lines: Vec<String> = (0..rows)
                .map(|r| {
                    (0..columns)
                        .map(|c| {
                            let r = if image & 1 != 0 { rows - 1 - r } else { r };
                            let c = if image & 2 != 0 { columns - 1 - c } else { c };
                            let (r, c) = if image & 4 == 0 { (r, c) } else { (c, r) };
                            if region[r][c] { '.' } else { '#' }
                        })
                        .collect()
                })
                .collect();
            lines.join("/")
        })
        .min()
        .unwrap()
}

fn mex(values: &[u64]) -> u64 {
    (0..)
        .find(|v| !values.contains(v))
        .expect("a value is missing")
}
