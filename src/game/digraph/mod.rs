//! Finite game graphs, as a teacher draws one on the board: `digraph("a>b a>c b>c c>d")`.
//! Each vertex is a game of its own in the arena ([`Node::Vertex`]), named by its vertex, so
//! explanations speak of `a → c` even where two vertices are worth the same. Values are found
//! once, when the graph is built: by the mex rule from the vertices without moves back, or, for
//! a graph with cycles (a loopy game, where play may go on for ever), by the labelling of
//! [`super::loopy`].

mod build;
mod parse;

use std::hash::{Hash, Hasher};

use super::loopy::LoopyValue;
use super::moves::Move;
use super::{Arena, FxIndexSet, GameError, GameId, Node};

/// Moves written out when a graph is named.
const SHOWN_MOVES: usize = 12;

/// Which game graph, among those the arena has seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DigraphId(u32);

/// Where something is written in a graph's texts: `offset..offset + len`, in bytes, in text
/// number `part` (from 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub part: usize,
    pub offset: usize,
    pub len: usize,
}

/// Why a graph's text makes no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DigraphError {
    /// The text is not a list of moves.
    Syntax {
        place: Place,
        message: String,
        label: String,
        help: String,
    },
    /// A limit, or Ctrl-C.
    Game(GameError),
}

impl From<GameError> for DigraphError {
    fn from(error: GameError) -> Self {
        DigraphError::Game(error)
    }
}

/// A game graph: its vertices in the order first written, each one's moves in the order
/// written, and each one's value.
#[derive(Clone, Debug)]
pub struct Digraph {
    names: FxIndexSet<Box<str>>,
    /// Vertex v moves to `targets[offsets[v]..offsets[v + 1]]`.
    offsets: Box<[u32]>,
    targets: Box<[u32]>,
    values: Box<[LoopyValue]>,
    /// For a graph with a cycle, the step of the labelling each vertex with a nimber got it.
    steps: Box<[u32]>,
}

/// Two graphs are one when they have the same vertices, in the same order, and moves.
impl PartialEq for Digraph {
    fn eq(&self, other: &Self) -> bool {
        self.names.iter().eq(other.names.iter())
            && self.offsets == other.offsets
            && self.targets == other.targets
    }
}

impl Eq for Digraph {}

impl Hash for Digraph {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.names.len().hash(state);
        self.names.iter().for_each(|name| name.hash(state));
        self.offsets.hash(state);
        self.targets.hash(state);
    }
}

impl Digraph {
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The vertex's name as written: `a`, `7`.
    pub fn name(&self, vertex: u32) -> &str {
        &self.names[vertex as usize]
    }

    /// The vertex as explanations call it: its name, or `vertex 7` for a number, which alone
    /// would read as an integer (`7 + *1`).
    pub fn label(&self, vertex: u32) -> String {
        let name = self.name(vertex);
        match name.bytes().all(|b| b.is_ascii_digit()) {
            true => format!("vertex {name}"),
            false => name.to_owned(),
        }
    }

    pub fn find(&self, name: &str) -> Option<u32> {
        self.names.get_index_of(name).map(|v| v as u32)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|name| &**name)
    }

    /// Where the vertex moves, in the order written.
    pub fn successors(&self, vertex: u32) -> &[u32] {
        let v = vertex as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The vertex's value.
    pub fn value(&self, vertex: u32) -> &LoopyValue {
        &self.values[vertex as usize]
    }

    /// Whether play can come back to a vertex it left.
    pub fn is_loopy(&self) -> bool {
        !self.steps.is_empty()
    }

    /// The graph as it could be typed: `digraph("a>b a>c b>c c>d")`, its first moves and a
    /// count for a big one.
    pub fn call(&self) -> String {
        let mut touched = vec![false; self.vertex_count()];
        let mut items = Vec::new();
        for from in 0..self.vertex_count() as u32 {
            for &to in self.successors(from) {
                touched[from as usize] = true;
                touched[to as usize] = true;
                if items.len() < SHOWN_MOVES {
                    items.push(format!("{}>{}", self.name(from), self.name(to)));
                }
            }
        }
        let lone = (0..self.vertex_count()).filter(|&v| !touched[v]);
        let room = SHOWN_MOVES.saturating_sub(items.len());
        items.extend(lone.take(room).map(|v| self.name(v as u32).to_owned()));
        if self.edge_count() > SHOWN_MOVES {
            items.push(format!("… {} moves", self.edge_count()));
        }
        format!("digraph(\"{}\")", items.join(" "))
    }

    /// About what the graph takes: each name and its entry in the index, each move, and
    /// each vertex's place in the lists and value.
    fn bytes(&self) -> u64 {
        let names: usize = self.names.iter().map(|name| name.len() + 40).sum();
        let infinite: usize = self
            .values
            .iter()
            .map(|v| match v {
                LoopyValue::Infinite(k) => 8 * k.len(),
                LoopyValue::Finite(_) => 0,
            })
            .sum();
        (64 + names + infinite + 4 * self.targets.len() + 36 * self.names.len()) as u64
    }
}

impl Arena {
    /// The game graph the texts draw, every vertex a game in the arena.
    pub fn digraph(&mut self, texts: &[&str]) -> Result<DigraphId, DigraphError> {
        let written = parse::parse(texts, &mut self.watch)?;
        let graph = build::build(written, &mut self.watch)?;
        let id = match self.digraphs.get_index_of(&graph) {
            Some(index) => DigraphId(index as u32),
            None => {
                let count = graph.vertex_count();
                if self.nodes.len().saturating_add(count) > self.limits.nodes {
                    return Err(GameError::TooManyNodes {
                        limit: self.limits.nodes,
                    }
                    .into());
                }
                let vertex = super::node_bytes(&Node::Vertex {
                    graph: DigraphId(0),
                    vertex: 0,
                });
                let bytes = graph.bytes() + vertex * count as u64;
                let room = self.limits.memory.saturating_sub(self.held_outside);
                if self.dag_bytes.saturating_add(bytes) > room {
                    return Err(GameError::DagOutOfMemory {
                        limit: self.limits.memory,
                    }
                    .into());
                }
                self.charge(graph.bytes())
                    .map_err(|limit| GameError::DagOutOfMemory { limit })?;
                let (index, _) = self.digraphs.insert_full(graph);
                DigraphId(index as u32)
            }
        };
        // Every vertex is a node (counted by the `nodes` limit), its value known.
        for vertex in 0..self.digraph_of(id).vertex_count() as u32 {
            let game = self.vertex(id, vertex)?;
            let graph = self.digraph_of(id);
            let value = graph.value(vertex).clone();
            let step = graph.steps.get(vertex as usize).copied();
            self.keep_value(game, &value);
            if let Some(step) = step {
                self.loopy_mark(game, step);
            }
        }
        Ok(id)
    }

    pub fn digraph_of(&self, id: DigraphId) -> &Digraph {
        &self.digraphs[id.0 as usize]
    }

    /// The game of one vertex of a graph.
    pub fn vertex(&mut self, graph: DigraphId, vertex: u32) -> Result<GameId, GameError> {
        self.intern(Node::Vertex { graph, vertex })
    }

    /// A vertex's moves, to the vertices it moves to, in the order written.
    pub(super) fn vertex_moves(
        &mut self,
        graph: DigraphId,
        vertex: u32,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let successors = self.digraph_of(graph).successors(vertex).to_vec();
        successors
            .into_iter()
            .map(|to| Ok((Move::Option, self.vertex(graph, to)?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameLimits;

    #[test]
    fn vertices_are_games_of_their_own() {
        let mut arena = Arena::default();
        let graph = arena.digraph(&["a>b a>c b>c c>d e"]).unwrap();
        let [a, c, d, e] = [0, 2, 3, 4].map(|v| arena.vertex(graph, v).unwrap());
        assert_eq!(arena.nimber(a).unwrap(), 2);
        assert_eq!(arena.nimber(c).unwrap(), 1);
        assert!(!arena.is_loopy(a));
        assert_ne!(d, e, "two positions without moves are two vertices");
        assert_eq!(arena.describe(c), "c");
        let options: Vec<String> = arena
            .options(a)
            .unwrap()
            .into_iter()
            .map(|o| arena.describe(o))
            .collect();
        assert_eq!(options, ["b", "c"]);
        assert_eq!(arena.digraph(&["a>b, a>c", "b>c>d, e"]).unwrap(), graph);
        let drawn = arena.digraph_of(graph).call();
        assert_eq!(drawn, "digraph(\"a>b a>c b>c c>d e\")");
    }

    #[test]
    fn a_graph_keeps_to_the_limits() {
        let text: String = (0..1000).map(|n| format!("{}>{} ", n + 1, n)).collect();
        let mut arena = Arena::new(GameLimits {
            nodes: 500,
            ..GameLimits::default()
        });
        assert_eq!(
            arena.digraph(&[&text]),
            Err(DigraphError::Game(GameError::TooManyNodes { limit: 500 }))
        );
        let mut arena = Arena::new(GameLimits {
            memory: 50_000,
            ..GameLimits::default()
        });
        assert_eq!(
            arena.digraph(&[&text]),
            Err(DigraphError::Game(GameError::DagOutOfMemory {
                limit: 50_000
            }))
        );
        assert!(arena.digraph(&["a>b"]).is_ok());
    }
}
