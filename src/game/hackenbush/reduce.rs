//! A picture's value in linear time, by the two principles of green Hackenbush:
//!
//! - **fusion**: the vertices of a circuit may be fused into one without changing the value;
//!   the circuit's edges become loops there, and a loop is worth a stalk of length 1. Fusing
//!   every circuit fuses each 2-edge-connected part into one vertex, which leaves a tree of
//!   bridges with loops hanging from its vertices;
//! - **colon**: the branches at a vertex may be replaced by one stalk whose length is the
//!   nim-sum of theirs; an edge with a stalk of length k on top is a stalk of length k + 1.
//!
//! Reading the tree from its leaves down to the ground turns the picture into one stalk on the
//! ground, of length n: the picture is *n. Every search here is iterative, so a picture of a
//! million edges needs no deep Rust stack, and checks in with the [`Watch`] as it goes.
//!
//! The winning cuts come from the same tree, read the other way, from the ground up: the value
//! a part must take for the whole to be worth the target is known from its parent's, so each
//! bridge is judged at once. An edge on a circuit changes how its part fuses, so its part
//! (with what stands on it, as stalks) is reduced again without it.

use super::Picture;
use crate::game::{GameError, Watch};

/// How a picture became a stalk: its stages in order, and the stalk's length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    pub stages: Vec<Stage>,
    pub value: u64,
}

/// One use of a principle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Vertices joined by circuits, fused into one vertex (the ground, if it is among them);
    /// `edges` of theirs became loops there.
    Fuse {
        vertices: Vec<String>,
        edges: usize,
        ground: bool,
    },
    /// At vertex `at`, the branches (stalks of the given lengths) became one stalk.
    Colon {
        at: String,
        branches: Vec<Branch>,
        length: u64,
    },
}

/// A branch at a vertex: a loop (a stalk of 1), or an edge with a stalk on top of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The edge the branch starts with, or `None` for a loop.
    pub edge: Option<String>,
    /// The length of the stalk it is worth, the edge included.
    pub length: u64,
}

/// The value of a picture, with the reduction that proves it.
pub fn value(picture: &Picture, watch: &mut Watch) -> Result<Reduction, GameError> {
    let mut work = Work::new(watch, picture.edges().len());
    let tree = Tree::of(picture.vertex_count(), picture.edges(), &[], &mut work)?;
    let parts = &tree.parts;
    let mut stages: Vec<Stage> = Vec::new();
    for part in &parts.list {
        if part.members.len() > 1 {
            // Vertex numbers follow the names' order, the ground first.
            let mut members = part.members.clone();
            members.sort_unstable();
            let vertices = members
                .iter()
                .map(|&v| picture.name(v).to_owned())
                .collect();
            stages.push(Stage::Fuse {
                vertices,
                edges: part.inner_edges,
                ground: part.members[0] == 0,
            });
        }
    }
    // Children come after their parents in `list`, so going backwards meets leaves first.
    for index in (0..parts.list.len()).rev() {
        let part = &parts.list[index];
        let mut branches: Vec<Branch> = (0..part.inner_edges)
            .map(|_| Branch {
                edge: None,
                length: 1,
            })
            .collect();
        for &(child, edge) in &part.children {
            branches.push(Branch {
                edge: Some(picture.edge_name(edge)),
                length: tree.lengths[child] + 1,
            });
        }
        if branches.len() > 1 || index == 0 && !branches.is_empty() {
            stages.push(Stage::Colon {
                at: parts.label(picture, index),
                branches,
                length: tree.lengths[index],
            });
        }
        work.step(1)?;
    }
    Ok(Reduction {
        stages,
        value: tree.lengths[0],
    })
}

/// The value of a picture alone, without the stages that prove it.
pub fn nimber(picture: &Picture, watch: &mut Watch) -> Result<u64, GameError> {
    let mut work = Work::new(watch, picture.edges().len());
    let tree = Tree::of(picture.vertex_count(), picture.edges(), &[], &mut work)?;
    Ok(tree.lengths[0])
}

/// The edges whose cut leaves a picture worth `target`, in the picture's order; of the copies
/// of a multi-edge only the first is named, since cutting any of them is one move.
pub fn cuts_to(picture: &Picture, target: u64, watch: &mut Watch) -> Result<Vec<usize>, GameError> {
    let edges = picture.edges();
    let mut work = Work::new(watch, edges.len());
    let tree = Tree::of(picture.vertex_count(), edges, &[], &mut work)?;
    let parts = &tree.parts;
    // The edges inside each part: loops, and the edges of its circuits.
    let mut inside: Vec<Vec<usize>> = vec![Vec::new(); parts.list.len()];
    for (i, &(a, _)) in edges.iter().enumerate() {
        if !tree.bridges.is_bridge[i] {
            inside[parts.part_of[a as usize]].push(i);
        }
    }
    let mut local = Local::new(picture.vertex_count());
    let mut winning = vec![false; edges.len()];
    // What each part, with all that stands on it, must be worth for the whole to be `target`.
    let mut wanted: Vec<Option<u64>> = vec![None; parts.list.len()];
    wanted[0] = Some(target);
    for index in 0..parts.list.len() {
        let Some(want) = wanted[index] else { continue };
        let part = &parts.list[index];
        let length = tree.lengths[index];
        for &(child, bridge) in &part.children {
            let others = length ^ (tree.lengths[child] + 1);
            winning[bridge] = others == want;
            // The child and its bridge must then be worth others ⊕ want, at least 1.
            wanted[child] = (others ^ want).checked_sub(1);
        }
        for &edge in &inside[index] {
            if !picture.first_copy(edge) {
                continue;
            }
            let (a, b) = edges[edge];
            let after = if a == b {
                length ^ 1
            } else {
                local.without(&tree, index, &inside[index], edge, edges, &mut work)?
            };
            winning[edge] = after == want;
        }
        work.step(part.children.len() as u64 + 1)?;
    }
    Ok((0..edges.len()).filter(|&i| winning[i]).collect())
}

/// Counts steps of work, checking in with the watch every [`Watch::EVERY`] of them.
struct Work<'w> {
    watch: &'w mut Watch,
    done: u64,
    total: u64,
}

impl<'w> Work<'w> {
    fn new(watch: &'w mut Watch, edges: usize) -> Self {
        Work {
            watch,
            done: 0,
            total: edges as u64,
        }
    }

    fn step(&mut self, steps: u64) -> Result<(), GameError> {
        let before = self.done / Watch::EVERY;
        self.done += steps;
        if self.done / Watch::EVERY != before {
            let total = self.total.max(self.done);
            self.watch.tick("Hackenbush", self.done, total)?;
        }
        Ok(())
    }
}

/// The parts of a picture as a tree, and the length of the stalk each is worth with what
/// stands on it.
struct Tree {
    bridges: Bridges,
    parts: Parts,
    lengths: Vec<u64>,
}

impl Tree {
    /// `extra[v]`, when given, is a stalk standing on vertex v (what stands on a part that is
    /// reduced again on its own).
    fn of(
        vertices: usize,
        edges: &[(u32, u32)],
        extra: &[u64],
        work: &mut Work,
    ) -> Result<Tree, GameError> {
        let bridges = Bridges::find(vertices, edges, work)?;
        let parts = Parts::of(vertices, edges, &bridges, work)?;
        let mut lengths = vec![0u64; parts.list.len()];
        for index in (0..parts.list.len()).rev() {
            let part = &parts.list[index];
            let mut length = (part.inner_edges & 1) as u64;
            for &(child, _) in &part.children {
                length ^= lengths[child] + 1;
            }
            if !extra.is_empty() {
                length = part
                    .members
                    .iter()
                    .fold(length, |l, &v| l ^ extra[v as usize]);
            }
            lengths[index] = length;
            work.step(part.children.len() as u64 + 1)?;
        }
        Ok(Tree {
            bridges,
            parts,
            lengths,
        })
    }
}

/// One part of a picture reduced again, an edge of it cut: its vertices numbered from its
/// entry (0), what stands on them as stalks, and its other edges.
struct Local {
    /// A vertex's number in the part being reduced, while it is.
    number: Vec<u32>,
    extra: Vec<u64>,
    edges: Vec<(u32, u32)>,
}

impl Local {
    fn new(vertices: usize) -> Self {
        Local {
            number: vec![u32::MAX; vertices],
            extra: Vec::new(),
            edges: Vec::new(),
        }
    }

    /// What part `index`, with all that stands on it, is worth once `cut` is deleted.
    fn without(
        &mut self,
        tree: &Tree,
        index: usize,
        inside: &[usize],
        cut: usize,
        edges: &[(u32, u32)],
        work: &mut Work,
    ) -> Result<u64, GameError> {
        let part = &tree.parts.list[index];
        // members[0] is where the part is entered: the ground, or the top of its bridge.
        for (i, &v) in part.members.iter().enumerate() {
            self.number[v as usize] = i as u32;
        }
        self.extra.clear();
        self.extra.resize(part.members.len(), 0);
        for &(child, bridge) in &part.children {
            let (a, b) = edges[bridge];
            let near = if tree.parts.part_of[a as usize] == index {
                a
            } else {
                b
            };
            self.extra[self.number[near as usize] as usize] ^= tree.lengths[child] + 1;
        }
        self.edges.clear();
        for &i in inside {
            let (a, b) = edges[i];
            let (a, b) = (self.number[a as usize], self.number[b as usize]);
            if a == b {
                self.extra[a as usize] ^= 1;
            } else if i != cut {
                self.edges.push((a, b));
            }
        }
        let steps = (part.members.len() + inside.len() + part.children.len()) as u64;
        work.step(steps)?;
        let local = Tree::of(part.members.len(), &self.edges, &self.extra, work)?;
        for &v in &part.members {
            self.number[v as usize] = u32::MAX;
        }
        Ok(local.lengths[0])
    }
}

/// Edge lists of every vertex in one array (`Vec<Vec<_>>` costs an allocation a vertex).
pub(super) struct Incidence {
    start: Vec<u32>,
    edges: Vec<u32>,
}

impl Incidence {
    /// The edges `keep` keeps, listed at both ends (a loop once).
    pub(super) fn new(
        vertices: usize,
        edges: &[(u32, u32)],
        keep: impl Fn(usize) -> bool,
    ) -> Incidence {
        let mut start = vec![0u32; vertices + 1];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if keep(i) {
                start[a as usize + 1] += 1;
                if a != b {
                    start[b as usize + 1] += 1;
                }
            }
        }
        for v in 0..vertices {
            start[v + 1] += start[v];
        }
        let mut next = start.clone();
        let mut listed = vec![0u32; start[vertices] as usize];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if keep(i) {
                listed[next[a as usize] as usize] = i as u32;
                next[a as usize] += 1;
                if a != b {
                    listed[next[b as usize] as usize] = i as u32;
                    next[b as usize] += 1;
                }
            }
        }
        Incidence {
            start,
            edges: listed,
        }
    }

    pub(super) fn of(&self, vertex: u32) -> &[u32] {
        &self.edges[self.start[vertex as usize] as usize..self.start[vertex as usize + 1] as usize]
    }
}

/// The bridges of a picture, found by Tarjan's low-link search (iteratively).
struct Bridges {
    is_bridge: Vec<bool>,
    /// For a bridge, the vertex on the side away from the ground.
    far_end: Vec<u32>,
    /// Vertices in the order the search found them: the ground first.
    preorder: Vec<u32>,
}

impl Bridges {
    fn find(n: usize, edges: &[(u32, u32)], work: &mut Work) -> Result<Bridges, GameError> {
        let incident = Incidence::new(n, edges, |i| edges[i].0 != edges[i].1);
        const UNSEEN: u32 = u32::MAX;
        let mut order = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut is_bridge = vec![false; edges.len()];
        let mut far_end = vec![0u32; edges.len()];
        let mut preorder = vec![0u32];
        order[0] = 0;
        // (vertex, the edge it was reached by, next incident edge to look at)
        let mut stack: Vec<(u32, usize, usize)> = vec![(0, usize::MAX, 0)];
        while let Some(&mut (v, parent, ref mut next)) = stack.last_mut() {
            work.step(1)?;
            if let Some(&e) = incident.of(v).get(*next) {
                let e = e as usize;
                *next += 1;
                if e == parent {
                    continue;
                }
                let (a, b) = edges[e];
                let w = if a == v { b } else { a };
                if order[w as usize] == UNSEEN {
                    order[w as usize] = preorder.len() as u32;
                    low[w as usize] = order[w as usize];
                    preorder.push(w);
                    stack.push((w, e, 0));
                } else {
                    low[v as usize] = low[v as usize].min(order[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(u, _, _)) = stack.last() {
                    low[u as usize] = low[u as usize].min(low[v as usize]);
                    if low[v as usize] > order[u as usize] {
                        is_bridge[parent] = true;
                        far_end[parent] = v;
                    }
                }
            }
        }
        Ok(Bridges {
            is_bridge,
            far_end,
            preorder,
        })
    }
}

/// The 2-edge-connected parts of a picture, each to be fused into one vertex, as a tree.
struct Parts {
    /// Parts in the order the search met them: the ground's first, a child after its parent.
    list: Vec<Part>,
    /// The part each vertex is in.
    part_of: Vec<usize>,
}

struct Part {
    /// Its vertices, in search order: the first is where it is entered.
    members: Vec<u32>,
    /// Edges with both ends in the part: they become loops when it is fused.
    inner_edges: usize,
    /// The parts hanging from this one, each with the bridge that holds it.
    children: Vec<(usize, usize)>,
}

impl Parts {
    fn of(
        n: usize,
        edges: &[(u32, u32)],
        bridges: &Bridges,
        work: &mut Work,
    ) -> Result<Parts, GameError> {
        let adjacent = Incidence::new(n, edges, |i| {
            !bridges.is_bridge[i] && edges[i].0 != edges[i].1
        });
        // A part is found from its first vertex in search order, so parents come first.
        let mut part_of = vec![usize::MAX; n];
        let mut list: Vec<Part> = Vec::new();
        let mut stack = Vec::new();
        for &start in &bridges.preorder {
            if part_of[start as usize] != usize::MAX {
                continue;
            }
            let index = list.len();
            part_of[start as usize] = index;
            let mut members = vec![start];
            stack.push(start);
            while let Some(v) = stack.pop() {
                work.step(1)?;
                for &e in adjacent.of(v) {
                    let (a, b) = edges[e as usize];
                    let w = if a == v { b } else { a };
                    if part_of[w as usize] == usize::MAX {
                        part_of[w as usize] = index;
                        members.push(w);
                        stack.push(w);
                    }
                }
            }
            list.push(Part {
                members,
                inner_edges: 0,
                children: Vec::new(),
            });
        }
        for (i, &(a, b)) in edges.iter().enumerate() {
            if bridges.is_bridge[i] {
                let far = bridges.far_end[i];
                let near = if far == a { b } else { a };
                let child = part_of[far as usize];
                list[part_of[near as usize]].children.push((child, i));
            } else {
                list[part_of[a as usize]].inner_edges += 1;
            }
        }
        Ok(Parts { list, part_of })
    }

    /// `a`, or `{a, b, c}` for a fused part; the ground's part is called `g`.
    fn label(&self, picture: &Picture, index: usize) -> String {
        let members = &self.list[index].members;
        if members.len() == 1 || members[0] == 0 {
            picture.name(members[0]).to_owned()
        } else {
            let mut members = members.clone();
            members.sort_unstable();
            let names: Vec<&str> = members.iter().map(|&v| picture.name(v)).collect();
            format!("{{{}}}", names.join(", "))
        }
    }
}
