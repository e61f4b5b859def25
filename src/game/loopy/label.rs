//! The labelling that finds generalized Sprague–Grundy values (Smith; Fraenkel–Yesha), stage
//! by stage: at stage m a vertex is labelled m when no option is labelled m and every option
//! not yet labelled with a smaller nimber has a move to a vertex labelled m (the retrograde
//! step, run from the vertices so found); after the stage, an unlabelled vertex with no move
//! to an m is ∞. Each stage is linear in the graph, and there are at most as many stages as
//! the largest number of moves from a vertex, plus one.

use super::LoopyValue;
use crate::game::{GameError, Watch};

const OPEN: u64 = u64::MAX;
const INFINITE: u64 = u64::MAX - 1;

/// A graph to label: vertex v moves to `targets[offsets[v]..offsets[v + 1]]`; a target t at or
/// past the vertex count is a game outside whose value is known, `fixed[t - count]`.
pub struct Graph<'a> {
    pub offsets: &'a [u32],
    pub targets: &'a [u32],
    pub fixed: &'a [LoopyValue],
}

/// Every vertex's value, and for a vertex with a nimber, the step it was labelled at (a
/// counter: from a vertex labelled 0, every move can be answered by a move to a 0 labelled at
/// an earlier step, which is how the winner makes progress round a cycle).
pub struct Labelled {
    pub values: Vec<LoopyValue>,
    pub steps: Vec<u32>,
}

impl Graph<'_> {
    fn count(&self) -> usize {
        self.offsets.len() - 1
    }

    fn successors(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }
}

/// Who moves to each vertex inside the graph, packed as `offsets` and `sources`.
fn predecessors(graph: &Graph) -> (Vec<u32>, Vec<u32>) {
    let count = graph.count();
    let mut offsets = vec![0u32; count + 1];
    for &t in graph.targets {
        if (t as usize) < count {
            offsets[t as usize + 1] += 1;
        }
    }
    for v in 0..count {
        offsets[v + 1] += offsets[v];
    }
    let mut next = offsets[..count].to_vec();
    let mut sources = vec![0u32; offsets[count] as usize];
    for v in 0..count {
        for &t in graph.successors(v) {
            if (t as usize) < count {
                sources[next[t as usize] as usize] = v as u32;
                next[t as usize] += 1;
            }
        }
    }
    (offsets, sources)
}

pub fn label(graph: &Graph, watch: &mut Watch) -> Result<Labelled, GameError> {
    let count = graph.count();
    let (back, sources) = predecessors(graph);
    let before = |v: usize| &sources[back[v] as usize..back[v + 1] as usize];
    let mut labels = vec![OPEN; count];
    let mut steps = vec![u32::MAX; count];
    let mut step = 0u32;
    // At this stage: has a move to a vertex labelled m; how many moves still lack one.
    let mut near = vec![false; count];
    let mut blocking = vec![0u32; count];
    let mut ready: Vec<usize> = Vec::new();
    let mut left = count;
    let mut m = 0u64;
    while left > 0 {
        // A stage goes through every vertex and move once.
        watch.check()?;
        watch.spend(1 + (count + graph.targets.len()) as u64 / 64)?;
        near.fill(false);
        let mut near_now = Vec::new();
        for v in 0..count {
            if labels[v] != OPEN && labels[v] != INFINITE {
                continue;
            }
            let mut lacking = 0;
            for &t in graph.successors(v) {
                match graph.fixed.get((t as usize).wrapping_sub(count)) {
                    None => lacking += u32::from(labels[t as usize] >= INFINITE),
                    Some(LoopyValue::Finite(k)) if *k == m => near[v] = true,
                    Some(LoopyValue::Finite(_)) => {}
                    Some(LoopyValue::Infinite(k)) => {
                        lacking += u32::from(k.binary_search(&m).is_err())
                    }
                }
            }
            blocking[v] = lacking;
            if near[v] {
                near_now.push(v);
            }
        }
        // An option with a move to m answers for the vertices moving to it.
        let answered = |p: usize, labels: &[u64], blocking: &mut [u32], ready: &mut Vec<usize>| {
            for &q in before(p) {
                let q = q as usize;
                if labels[q] == OPEN {
                    blocking[q] -= 1;
                    if blocking[q] == 0 {
                        ready.push(q);
                    }
                }
            }
        };
        for &v in &near_now {
            answered(v, &labels, &mut blocking, &mut ready);
        }
        ready.extend((0..count).filter(|&v| labels[v] == OPEN && blocking[v] == 0));
        while let Some(v) = ready.pop() {
            if labels[v] != OPEN || near[v] || blocking[v] != 0 {
                continue;
            }
            labels[v] = m;
            steps[v] = step;
            step = step.saturating_add(1);
            left -= 1;
            if Watch::due(step as usize) {
                watch.tick(
                    "loopy: positions labelled",
                    (count - left) as u64,
                    count as u64,
                )?;
            }
            for &p in before(v) {
                let p = p as usize;
                if labels[p] >= INFINITE && !near[p] {
                    near[p] = true;
                    answered(p, &labels, &mut blocking, &mut ready);
                }
            }
        }
        // With no move to an m, a vertex can be worth neither m nor more.
        for v in 0..count {
            if labels[v] == OPEN && !near[v] {
                labels[v] = INFINITE;
                left -= 1;
            }
        }
        m += 1;
    }
    let values = (0..count)
        .map(|v| match labels[v] {
            INFINITE => LoopyValue::infinite(graph.successors(v).iter().filter_map(|&t| {
                match graph.fixed.get((t as usize).wrapping_sub(count)) {
                    None => Some(labels[t as usize]).filter(|&l| l < INFINITE),
                    Some(value) => value.finite(),
                }
            })),
            n => LoopyValue::Finite(n),
        })
        .collect();
    Ok(Labelled { values, steps })
}

#[cfg(test)]
mod tests {
    use super::LoopyValue::Finite;
    use super::*;

    fn labelled(count: usize, edges: &[(u32, u32)], fixed: &[LoopyValue]) -> Vec<LoopyValue> {
        let mut offsets = vec![0u32; count + 1];
        let mut targets = Vec::new();
        for v in 0..count {
            targets.extend(edges.iter().filter(|e| e.0 as usize == v).map(|e| e.1));
            offsets[v + 1] = targets.len() as u32;
        }
        let graph = Graph {
            offsets: &offsets,
            targets: &targets,
            fixed,
        };
        label(&graph, &mut Watch::default()).unwrap().values
    }

    #[test]
    fn fergusons_cycle_is_a_draw() {
        // a → b → c → a, c → d → e: a, b and c are tied.
        let values = labelled(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)], &[]);
        assert_eq!(values[4], Finite(0));
        assert_eq!(values[3], Finite(1));
        for (v, value) in values[..3].iter().enumerate() {
            assert!(value.finite().is_none(), "{v}: {value}");
        }
        assert_eq!(values[2], LoopyValue::infinite([1]));
        assert_eq!(values[0], LoopyValue::infinite([]));
    }

    #[test]
    fn a_move_back_that_can_be_reversed_keeps_the_nimber() {
        // a → b, b → a, b → c (terminal): b wins by moving to c, so a (whose only move is to
        // b, which has a move to 0) is 0.
        let values = labelled(3, &[(0, 1), (1, 0), (1, 2)], &[]);
        assert_eq!(values, [Finite(0), Finite(1), Finite(0)]);
    }

    #[test]
    fn fixed_games_outside_take_part() {
        // a → *2, a → b, b → a: the fixed *2 answers nothing at stage 0.
        let values = labelled(2, &[(0, 2), (0, 1), (1, 0)], &[Finite(2)]);
        assert_eq!(values[0], LoopyValue::infinite([2]));
        assert_eq!(values[1], LoopyValue::infinite([]));
    }
}
