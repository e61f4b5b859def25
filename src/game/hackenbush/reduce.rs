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
//! million edges needs no deep Rust stack.

use super::Picture;

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
pub fn value(picture: &Picture) -> Reduction {
    let bridges = Bridges::find(picture);
    let parts = Parts::of(picture, &bridges);
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
    let mut lengths = vec![0u64; parts.list.len()];
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
                length: lengths[child] + 1,
            });
        }
        let length = branches.iter().fold(0, |acc, b| acc ^ b.length);
        lengths[index] = length;
        if branches.len() > 1 || index == 0 && !branches.is_empty() {
            stages.push(Stage::Colon {
                at: parts.label(picture, index),
                branches,
                length,
            });
        }
    }
    Reduction {
        stages,
        value: lengths[0],
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
    fn find(picture: &Picture) -> Bridges {
        let edges = picture.edges();
        let n = picture.vertex_count();
        let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if a != b {
                incident[a as usize].push(i);
                incident[b as usize].push(i);
            }
        }
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
            if let Some(&e) = incident[v as usize].get(*next) {
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
        Bridges {
            is_bridge,
            far_end,
            preorder,
        }
    }
}

/// The 2-edge-connected parts of a picture, each to be fused into one vertex, as a tree.
struct Parts {
    /// Parts in the order the search met them: the ground's first, a child after its parent.
    list: Vec<Part>,
}

struct Part {
    /// Its vertices, in search order.
    members: Vec<u32>,
    /// Edges with both ends in the part: they become loops when it is fused.
    inner_edges: usize,
    /// The parts hanging from this one, each with the bridge that holds it.
    children: Vec<(usize, usize)>,
}

impl Parts {
    fn of(picture: &Picture, bridges: &Bridges) -> Parts {
        let n = picture.vertex_count();
        let edges = picture.edges();
        let mut adjacent: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if !bridges.is_bridge[i] && a != b {
                adjacent[a as usize].push(b);
                adjacent[b as usize].push(a);
            }
        }
        // A part is found from its first vertex in search order, so parents come first.
        let mut part_of = vec![usize::MAX; n];
        let mut list: Vec<Part> = Vec::new();
        for &start in &bridges.preorder {
            if part_of[start as usize] != usize::MAX {
                continue;
            }
            let index = list.len();
            part_of[start as usize] = index;
            let mut members = vec![start];
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for &w in &adjacent[v as usize] {
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
        Parts { list }
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
