//! The reference value of a picture, straight from the rules: a position is the set of edges
//! still standing, a move deletes one and drops what no longer reaches the ground, and the
//! value is the mex of the options' values. Exponential; for checking the principles on small
//! pictures.

use rustc_hash::FxHashMap;

use super::Picture;
use crate::game::reduce::mex;

/// The most edges [`brute_force_value`] takes: its positions are subsets of the edges.
pub const BRUTE_FORCE_EDGES: usize = 24;

/// The value of a picture by the mex rule over every position it can reach; `None` for a
/// picture of more than [`BRUTE_FORCE_EDGES`] edges.
pub fn brute_force_value(picture: &Picture) -> Option<u64> {
    let edges = picture.edges();
    if edges.len() > BRUTE_FORCE_EDGES {
        return None;
    }
    let all = (1u32 << edges.len()) - 1;
    let mut values: FxHashMap<u32, u64> = FxHashMap::default();
    // Positions are reduced by an explicit stack: a position waits until its options are known.
    let mut stack = vec![all];
    while let Some(&position) = stack.last() {
        if values.contains_key(&position) {
            stack.pop();
            continue;
        }
        let options: Vec<u32> = (0..edges.len())
            .filter(|&i| position & (1 << i) != 0)
            .map(|i| grounded(edges, picture.vertex_count(), position & !(1 << i)))
            .collect();
        let unknown: Vec<u32> = options
            .iter()
            .copied()
            .filter(|o| !values.contains_key(o))
            .collect();
        if unknown.is_empty() {
            values.insert(position, mex(options.iter().map(|o| values[o])));
            stack.pop();
        } else {
            stack.extend(unknown);
        }
    }
    Some(values[&all])
}

/// The edges of `position` that are still connected to the ground.
fn grounded(edges: &[(u32, u32)], vertices: usize, position: u32) -> u32 {
    let mut reached = vec![false; vertices];
    reached[0] = true;
    let mut kept = 0u32;
    loop {
        let before = kept;
        for (i, &(a, b)) in edges.iter().enumerate() {
            if position & (1 << i) != 0 && (reached[a as usize] || reached[b as usize]) {
                reached[a as usize] = true;
                reached[b as usize] = true;
                kept |= 1 << i;
            }
        }
        if kept == before {
            return kept;
        }
    }
}
