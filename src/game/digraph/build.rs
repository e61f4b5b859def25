//! From the moves written to the graph: repeats dropped, every vertex valued by the mex rule
//! from the positions with no moves back (Kahn's order, an explicit queue: a path of a million
//! vertices needs no stack), or, when the graph has a cycle, by the labelling of loopy games.

use super::super::Watch;
use super::super::loopy::{LoopyValue, label};
use super::super::reduce::mex_with;
use super::parse::Written;
use super::{Digraph, DigraphError};

/// Lists per vertex, packed: vertex v's are `items[starts[v]..starts[v + 1]]`.
fn packed(count: usize, pairs: &[(u32, u32)]) -> (Box<[u32]>, Box<[u32]>) {
    let mut starts = vec![0u32; count + 1];
    for &(from, _) in pairs {
        starts[from as usize + 1] += 1;
    }
    for v in 0..count {
        starts[v + 1] += starts[v];
    }
    let mut next: Vec<u32> = starts[..count].to_vec();
    let mut items = vec![0u32; pairs.len()];
    for &(from, to) in pairs {
        items[next[from as usize] as usize] = to;
        next[from as usize] += 1;
    }
    (starts.into(), items.into())
}

/// The graph of the moves written, each vertex valued.
pub(super) fn build(written: Written, watch: &mut Watch) -> Result<Digraph, DigraphError> {
    let count = written.names.len();
    // Moves in the order written, a repeated move kept once.
    let (starts, all) = packed(count, &written.edges);
    let mut last_from = vec![u32::MAX; count];
    let mut edges = Vec::with_capacity(written.edges.len());
    for from in 0..count {
        for &to in &all[starts[from] as usize..starts[from + 1] as usize] {
            if last_from[to as usize] != from as u32 {
                last_from[to as usize] = from as u32;
                edges.push((from as u32, to));
            }
        }
    }
    drop((starts, all, last_from));
    let (offsets, targets) = packed(count, &edges);
    let reversed: Vec<(u32, u32)> = edges.iter().map(|&(from, to)| (to, from)).collect();
    let (back_starts, sources) = packed(count, &reversed);
    drop(reversed);

    // Moves left to a vertex whose target has no value yet; at 0 it can be valued.
    let mut waiting: Vec<u32> = (0..count).map(|v| offsets[v + 1] - offsets[v]).collect();
    let mut ready: Vec<u32> = (0..count as u32)
        .filter(|&v| waiting[v as usize] == 0)
        .collect();
    let mut values = vec![0u64; count];
    let mut seen = Vec::new();
    let mut valued = 0;
    while let Some(v) = ready.pop() {
        valued += 1;
        if Watch::due(valued) {
            watch
                .tick("digraph: vertices valued", valued as u64, count as u64)
                .map_err(DigraphError::Game)?;
        }
        let successors = &targets[offsets[v as usize] as usize..offsets[v as usize + 1] as usize];
        values[v as usize] = mex_with(
            successors.len(),
            successors.iter().map(|&s| values[s as usize]),
            &mut seen,
        );
        for &p in &sources[back_starts[v as usize] as usize..back_starts[v as usize + 1] as usize] {
            waiting[p as usize] -= 1;
            if waiting[p as usize] == 0 {
                ready.push(p);
            }
        }
    }
    let values: Box<[LoopyValue]> = match valued < count {
        // A cycle: the labelling values every vertex (and steps are kept, for explanations).
        true => {
            let graph = label::Graph {
                offsets: &offsets,
                targets: &targets,
                fixed: &[],
            };
            let labelled = label::label(&graph, watch)?;
            return Ok(Digraph {
                names: written.names,
                offsets,
                targets,
                values: labelled.values.into(),
                steps: labelled.steps.into(),
            });
        }
        false => values.into_iter().map(LoopyValue::Finite).collect(),
    };
    Ok(Digraph {
        names: written.names,
        offsets,
        targets,
        values,
        steps: Box::new([]),
    })
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    fn built(text: &str) -> Result<Digraph, DigraphError> {
        let mut watch = Watch::default();
        build(parse(&[text], &mut watch)?, &mut watch)
    }

    #[test]
    fn the_board_example() {
        let graph = built("a>b a>c b>c c>d").unwrap();
        let values: Vec<u64> = (0..4).map(|v| graph.value(v).finite().unwrap()).collect();
        assert_eq!(values, [2, 0, 1, 0]);
    }

    #[test]
    fn repeated_moves_count_once() {
        let graph = built("a>b a>b b>c a>b").unwrap();
        assert_eq!(graph.successors(0), [1]);
        assert_eq!(graph.edge_count(), 2);
        assert_eq!(graph, built("a>b>c").unwrap());
    }

    #[test]
    fn a_cycle_is_labelled() {
        // Ferguson's figure: a → b → c → a, c → d → e; a, b, c are tied.
        let graph = built("a>b b>c c>a c>d d>e").unwrap();
        let values: Vec<String> = (0..5).map(|v| graph.value(v).to_string()).collect();
        assert_eq!(values, ["∞", "∞", "∞{1}", "*1", "0"]);
        let passing = built("a>a").unwrap();
        assert_eq!(passing.value(0), &LoopyValue::Infinite([].into()));
    }

    #[test]
    fn a_long_path_is_valued_without_recursion() {
        let text: String = (0..200_000).map(|n| format!("{}>{} ", n + 1, n)).collect();
        let graph = built(&text).unwrap();
        let top = graph.find("200000").unwrap();
        assert_eq!(graph.value(top), &LoopyValue::Finite(0));
        assert_eq!(
            graph.value(graph.find("199999").unwrap()),
            &LoopyValue::Finite(1)
        );
    }
}
