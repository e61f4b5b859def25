//! Green Hackenbush: a picture of edges attached to the ground; a move deletes one edge, and
//! whatever is no longer connected to the ground falls away.
//!
//! - [`Picture`] is a picture in canonical form, parsed from `"g-a a-b a-c b-c"` (the ground
//!   is the vertex `g`).
//! - [`value`] reduces a picture to a stalk by the fusion and colon principles, in linear
//!   time, and records each step for `why`; [`nimber`] only counts; [`cuts_to`] finds the cuts
//!   that leave a given value, without drawing the pictures they leave.
//! - [`brute_force_value`] is the reference: the mex over every subset of edges a game of the
//!   picture can reach.

mod brute;
mod parse;
mod reduce;

#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::Arc;

use rustc_hash::FxHashMap;

pub use brute::{BRUTE_FORCE_EDGES, brute_force_value};
pub use parse::{Parsed, PictureError};
pub use reduce::{Branch, Reduction, Stage, cuts_to, nimber, value};

/// The name of the ground.
pub const GROUND: &str = "g";

/// A Hackenbush picture: every edge is connected to the ground, vertex 0 is the ground, the
/// other vertices are sorted by name and the edges are sorted, so that one picture has one
/// form however it was typed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Picture {
    names: Vec<Arc<str>>,
    /// (a, b) with a <= b; a loop has a == b.
    edges: Vec<(u32, u32)>,
}

impl Picture {
    /// The picture of these edges between named vertices (the ground is `g`); the parts not
    /// connected to the ground fall away.
    pub fn new(edges: &[(&str, &str)]) -> Picture {
        let mut names: Vec<Arc<str>> = vec![GROUND.into()];
        let mut numbers: FxHashMap<&str, u32> = FxHashMap::default();
        numbers.insert(GROUND, 0);
        let mut index = |name| {
            *numbers.entry(name).or_insert_with(|| {
                names.push(name.into());
                (names.len() - 1) as u32
            })
        };
        let edges: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (index(a), index(b))).collect();
        Picture::canonical(&names, &edges)
    }

    /// A stalk (the notes' snake) of `length` edges: g-1, 1-2, ..., standing on the ground.
    pub fn stalk(length: u64) -> Picture {
        let names: Vec<Arc<str>> = (0..=length)
            .map(|i| {
                if i == 0 {
                    GROUND.into()
                } else {
                    i.to_string().into()
                }
            })
            .collect();
        let edges: Vec<(u32, u32)> = (0..length as u32).map(|i| (i, i + 1)).collect();
        Picture { names, edges }
    }

    /// The edges kept (those connected to the ground), renamed into canonical order.
    fn canonical(names: &[Arc<str>], edges: &[(u32, u32)]) -> Picture {
        let grounded = grounded_edges(names.len(), edges);
        let mut used: Vec<u32> = grounded
            .iter()
            .flat_map(|&i| [edges[i].0, edges[i].1])
            .filter(|&v| v != 0)
            .collect();
        used.sort_unstable();
        used.dedup();
        // Each name's key is made once: comparing names run by run was most of the time
        // a picture of 10^6 vertices took to read.
        used.sort_by_cached_key(|&v| natural_key(&names[v as usize]));
        let mut renamed = vec![0u32; names.len()];
        for (new, &old) in used.iter().enumerate() {
            renamed[old as usize] = new as u32 + 1;
        }
        let mut kept: Vec<(u32, u32)> = grounded
            .iter()
            .map(|&i| {
                let (a, b) = (renamed[edges[i].0 as usize], renamed[edges[i].1 as usize]);
                (a.min(b), a.max(b))
            })
            .collect();
        kept.sort_unstable();
        let mut new_names = vec![names[0].clone()];
        new_names.extend(used.iter().map(|&v| names[v as usize].clone()));
        Picture {
            names: new_names,
            edges: kept,
        }
    }

    /// The picture after deleting edge `index`, once the parts it cut off have fallen.
    /// The vertices kept are numbered in the order they had, so the names need no sorting
    /// and the edges stay sorted.
    pub fn cut(&self, index: usize) -> Picture {
        let mut edges = self.edges.clone();
        edges.remove(index);
        let mut kept = vec![false; self.names.len()];
        let grounded = grounded_edges(self.names.len(), &edges);
        for &i in &grounded {
            kept[edges[i].0 as usize] = true;
            kept[edges[i].1 as usize] = true;
        }
        kept[0] = true;
        let mut renamed = vec![0u32; self.names.len()];
        let mut names = Vec::new();
        for (old, name) in self.names.iter().enumerate() {
            if kept[old] {
                renamed[old] = names.len() as u32;
                names.push(name.clone());
            }
        }
        let edges = grounded
            .iter()
            .map(|&i| (renamed[edges[i].0 as usize], renamed[edges[i].1 as usize]))
            .collect();
        Picture { names, edges }
    }

    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// Edges counted once however many copies a multi-edge has: the picture's distinct cuts.
    pub fn distinct_edges(&self) -> usize {
        (0..self.edges.len())
            .filter(|&i| self.first_copy(i))
            .count()
    }

    /// Whether edge `index` is the first copy of its multi-edge (or has no other copy).
    pub fn first_copy(&self, index: usize) -> bool {
        index == 0 || self.edges[index] != self.edges[index - 1]
    }

    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    pub fn name(&self, vertex: u32) -> &str {
        &self.names[vertex as usize]
    }

    /// `a-b`, as typed.
    pub fn edge_name(&self, index: usize) -> String {
        let (a, b) = self.edges[index];
        format!("{}-{}", self.name(a), self.name(b))
    }

    /// The length of the path standing on the ground this picture is, if it is one: a stalk
    /// whatever its vertices are called, worth its length.
    pub fn as_path(&self) -> Option<u64> {
        let stacked = (0..self.edges.len()).all(|i| self.edges[i] == (i as u32, i as u32 + 1));
        stacked.then_some(self.edges.len() as u64)
    }

    /// The length of the stalk this picture is, if it is one as `stalk(n)` draws it.
    pub fn as_stalk(&self) -> Option<u64> {
        let length = self.edges.len();
        let mut digits = String::new();
        let numbered = self.names.len() == length + 1
            && self.names[1..].iter().enumerate().all(|(i, name)| {
                use std::fmt::Write;
                digits.clear();
                let _ = write!(digits, "{}", i + 1);
                **name == *digits
            });
        let stacked = (0..length).all(|i| self.edges[i] == (i as u32, i as u32 + 1));
        (numbered && stacked).then_some(length as u64)
    }
}

impl fmt::Display for Picture {
    /// The edges in canonical order: `g-a a-b a-c b-c`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for index in 0..self.edges.len() {
            if index > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&self.edge_name(index))?;
        }
        Ok(())
    }
}

/// A name's place in natural order: runs of digits as numbers, so `s9` comes before `s10`;
/// at a run, a number (then its length, `7` before `07`) before other characters, and a run
/// of digits too long for a number compares as characters.
fn natural_key(name: &str) -> Vec<Run<'_>> {
    let mut key = Vec::new();
    let mut rest = name;
    while let (Some(run), after) = next_run(rest) {
        key.push(match run.parse::<u128>() {
            Ok(n) => Run::Number(n, run.len()),
            Err(_) => Run::Text(run),
        });
        rest = after;
    }
    key
}

#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Run<'a> {
    Number(u128, usize),
    Text(&'a str),
}

/// The leading run of digits, or of other characters, and what follows it.
fn next_run(text: &str) -> (Option<&str>, &str) {
    let Some(first) = text.chars().next() else {
        return (None, text);
    };
    let digits = first.is_ascii_digit();
    let end = text
        .find(|c: char| c.is_ascii_digit() != digits)
        .unwrap_or(text.len());
    (Some(&text[..end]), &text[end..])
}

/// The indices of the edges connected to the ground (vertex 0), by a search from it.
fn grounded_edges(vertices: usize, edges: &[(u32, u32)]) -> Vec<usize> {
    let incident = reduce::Incidence::new(vertices, edges, |_| true);
    let mut reached = vec![false; vertices];
    reached[0] = true;
    let mut stack = vec![0usize];
    let mut kept = Vec::new();
    let mut taken = vec![false; edges.len()];
    while let Some(v) = stack.pop() {
        for &i in incident.of(v as u32) {
            let i = i as usize;
            if !taken[i] {
                taken[i] = true;
                kept.push(i);
                let (a, b) = edges[i];
                let other = if a as usize == v { b } else { a } as usize;
                if !reached[other] {
                    reached[other] = true;
                    stack.push(other);
                }
            }
        }
    }
    kept.sort_unstable();
    kept
}
