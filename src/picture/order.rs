//! The order in which layout-rs is given a graph's edges, and the size of its layout.
//!
//! layout-rs checks each new edge for a path back from its head to its tail (to turn the edge
//! over and keep the graph acyclic) by a search that forgets what it has seen, which takes time
//! exponential in the paths of a DAG with many of them: 25 s for `#30`, minutes for `*40`.
//! Here every edge is turned forward along one order of the nodes (reverse postorder, a
//! topological order when the graph is a DAG, so a game's moves stay as they are) and the
//! edges are given source by source in that order: the head of each new edge has no edge out
//! yet, and every check ends at once.

/// How to give a graph's edges to layout-rs: each edge (by its index) and whether to turn
/// it over, in order; and how many elements the layout places.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Plan {
    pub edges: Vec<(usize, bool)>,
    /// The nodes, and a connector for each rank an edge passes (layout-rs draws an edge
    /// between ranks further apart through one connector a rank) and for each loop.
    pub elements: usize,
}

/// The plan for a graph of `nodes` nodes and the edges `(from, to)`.
pub(super) fn plan(nodes: usize, edges: &[(usize, usize)]) -> Plan {
    let mut out = vec![Vec::new(); nodes];
    for &(from, to) in edges {
        if from != to {
            out[from].push(to);
        }
    }
    let place = reverse_postorder(&out);
    let forward = |&(from, to): &(usize, usize)| {
        if place[from] <= place[to] {
            (from, to, false)
        } else {
            (to, from, true)
        }
    };
    let mut planned: Vec<(usize, (usize, usize, bool))> =
        edges.iter().map(forward).enumerate().collect();
    planned.sort_by_key(|&(index, (from, _, _))| (place[from], index));

    // Ranks as layout-rs gives them: the longest path from a source, nodes taken in order.
    let mut by_place: Vec<usize> = (0..nodes).collect();
    by_place.sort_by_key(|&node| place[node]);
    let mut rank = vec![0usize; nodes];
    let mut edges_from = vec![Vec::new(); nodes];
    for &(_, (from, to, _)) in &planned {
        if from != to {
            edges_from[from].push(to);
        }
    }
    for &node in &by_place {
        for &to in &edges_from[node] {
            rank[to] = rank[to].max(rank[node] + 1);
        }
    }
    let connectors: usize = planned
        .iter()
        .map(|&(_, (from, to, _))| match from == to {
            true => 1,
            false => rank[to] - rank[from] - 1,
        })
        .sum();
    Plan {
        edges: planned
            .into_iter()
            .map(|(index, (_, _, turned))| (index, turned))
            .collect(),
        elements: nodes + connectors,
    }
}

/// Each node's place in the reverse postorder of a depth-first search from every node in
/// turn, without recursion.
fn reverse_postorder(out: &[Vec<usize>]) -> Vec<usize> {
    let mut finished = Vec::with_capacity(out.len());
    let mut seen = vec![false; out.len()];
    for start in 0..out.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![(start, 0)];
        while let Some((node, next)) = stack.last_mut() {
            match out[*node].get(*next) {
                Some(&child) => {
                    *next += 1;
                    if !seen[child] {
                        seen[child] = true;
                        stack.push((child, 0));
                    }
                }
                None => {
                    finished.push(*node);
                    stack.pop();
                }
            }
        }
    }
    let mut place = vec![0; out.len()];
    for (i, &node) in finished.iter().rev().enumerate() {
        place[node] = i;
    }
    place
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A DAG keeps its edges' directions, and a source comes before its edges' heads.
    #[test]
    fn a_dags_edges_stay_as_they_are_and_come_source_first() {
        // 0 → 1 → 2, 0 → 2, written head first.
        let plan = plan(3, &[(1, 2), (0, 2), (0, 1)]);
        assert_eq!(plan.edges, vec![(1, false), (2, false), (0, false)]);
        // 0 → 2 passes rank 1: one connector.
        assert_eq!(plan.elements, 4);
    }

    #[test]
    fn a_cycle_is_turned_where_it_closes_and_a_loop_kept() {
        let plan = plan(3, &[(0, 1), (1, 2), (2, 0), (1, 1)]);
        assert_eq!(plan.edges.iter().filter(|(_, turned)| *turned).count(), 1);
        assert!(plan.edges.contains(&(3, false)));
    }

    proptest! {
        /// Turned as planned, the edges form a DAG, and each edge is given before any edge
        /// out of its head: so layout-rs's search back from the head ends at once.
        #[test]
        fn no_edge_is_given_after_an_edge_out_of_its_head(
            nodes in 1usize..12,
            raw in proptest::collection::vec((0usize..12, 0usize..12), 0..40),
        ) {
            let edges: Vec<(usize, usize)> =
                raw.into_iter().map(|(a, b)| (a % nodes, b % nodes)).collect();
            let plan = plan(nodes, &edges);
            let mut indices: Vec<usize> = plan.edges.iter().map(|e| e.0).collect();
            indices.sort_unstable();
            prop_assert_eq!(indices, (0..edges.len()).collect::<Vec<_>>());
            let mut has_out = vec![false; nodes];
            for &(index, turned) in &plan.edges {
                let (from, to) = edges[index];
                let (from, to) = if turned { (to, from) } else { (from, to) };
                if from != to {
                    prop_assert!(!has_out[to], "an edge out of {} came first", to);
                    has_out[from] = true;
                }
            }
            prop_assert!(plan.elements >= nodes);
        }
    }
}
