//! The game DAG: every distinct game is one node in an arena, named by a [`GameId`].
//!
//! Equal games are one node (hash-consing): an option set is kept sorted and without
//! repeats, and an option set that is exactly `{*0, ..., *(k-1)}` *is* the node `*k`, so
//! `<*1, *0>`, `<*0, *1, *1>` and `*2` are one node. Heaps and other families are nodes
//! named by their parameters whose options are produced only when asked, so `*1000000000`
//! costs one node. A sum keeps its parts; its nimber is the nim-sum of theirs.

mod canonical;
pub mod digraph;
pub mod hackenbush;
pub mod heap;
mod heaps;
mod intern;
pub mod loopy;
pub mod misere;
pub mod moves;
pub mod nimber;
mod options;
pub mod pictures;
mod product;
pub mod reduce;
mod show;
mod watch;
mod wythoff;

pub use intern::MixHasher;
pub use options::{OptionList, OptionRef};
pub use product::product_move;
pub use show::{NameOf, Names, heap_call, heap_family, show_nimber};
pub use watch::{Progress, Watch};
pub mod subtraction;
mod survey;

pub use survey::Survey;

use std::hash::BuildHasherDefault;

use indexmap::IndexSet;
use intern::View;
use rustc_hash::FxHasher;

use heap::wythoff::WythoffTable;
use heap::wythoff_strip::WythoffStrip;
use heap::{HeapGame, Sequence};
pub use heaps::{HeapGameId, PeriodSearched, SearchStop, periodicity_proof};
use pictures::PictureId;
use subtraction::SubtractionSequence;
pub use wythoff::StripStop;

type FxIndexSet<T> = IndexSet<T, BuildHasherDefault<FxHasher>>;

/// A node of the game DAG.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id as a number, for a table that packs ids (the memo's dense tables).
    pub(crate) fn raw(self) -> u32 {
        self.0
    }

    /// An id [`GameId::raw`] gave, unpacked.
    pub(crate) fn from_raw(raw: u32) -> GameId {
        GameId(raw)
    }
}

/// Which subtraction set, among those the arena has seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionId(u32);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// `<G1, G2, ...>`: the options, sorted by id, without repeats.
    Options(Box<[GameId]>),
    /// `<G1, H1 + J1, ...>` with at least one option a sum of two games, kept as its parts
    /// (see [`options`]): the first `games` ids are the other options, sorted without
    /// repeats, then come the sums' parts two by two, the pairs sorted without repeats.
    WithSums { ids: Box<[GameId]>, games: u32 },
    /// `*n`: a nim heap of n chips.
    Nim(u64),
    /// A pile of `pile` chips from which a move removes s chips, s in the subtraction set.
    Subtraction { pile: u64, set: SubtractionId },
    /// `G + H + ...`: parts in the order written, none of them a sum.
    Sum(Box<[GameId]>),
    /// The rook game: a rook at (row, column) moves any number of squares up or left.
    Rook { row: u64, column: u64 },
    /// A heap of `size` in a take-and-break game (Kayles, an octal code) or Grundy's game.
    Heap { game: HeapGameId, size: u64 },
    /// Wythoff's game: a queen moving up, left or diagonally towards the corner.
    Wythoff { row: u64, column: u64 },
    /// A green Hackenbush picture.
    Hackenbush(PictureId),
    /// A vertex of a game graph: `G("a")` for `let G = digraph("a>b a>c b>c c>d")`.
    Vertex {
        graph: digraph::DigraphId,
        vertex: u32,
    },
    /// `G ⊗ H`: the product of two games (see [`product`]), the factors as written.
    Product { left: GameId, right: GameId },
    /// A call of a loopy family (`let loopy f(n) = ...`): the game its body gives, which may
    /// come back to this call (see [`loopy`]).
    Loopy { call: u32 },
}

/// Bounds that keep one evaluation from taking the whole machine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameLimits {
    /// Nodes in the DAG.
    pub nodes: usize,
    /// Values of one heap family computed into a table.
    pub heap_table: usize,
    /// Options listed for one game.
    pub options: u64,
    /// Bytes of the game DAG together with what the evaluator holds beside it (see
    /// [`Arena::held_outside`]), and of each table of a heap game or Wythoff's game.
    pub memory: u64,
    /// Pairs of heaps a period search looks at before it gives up.
    pub search: u64,
}

impl Default for GameLimits {
    fn default() -> Self {
        GameLimits {
            nodes: 50_000_000,
            heap_table: 100_000_000,
            options: 10_000_000,
            memory: 2 << 30,
            search: 20_000_000_000,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    TooManyNodes {
        limit: usize,
    },
    /// The games' nodes and option lists would need more than the `memory` limit.
    DagOutOfMemory {
        limit: u64,
    },
    HeapTooLarge {
        family: String,
        needed: u64,
        limit: u64,
    },
    TooManyOptions {
        count: u64,
        limit: u64,
    },
    /// A heap beyond the table, in a game whose first `computed` values prove no period; the
    /// search for one stopped at a limit.
    NoPeriod {
        family: String,
        needed: u64,
        computed: u64,
        stopped: Option<SearchStop>,
    },
    /// Wythoff's game on a thin strip of `rows` rows: its fill stopped at a limit after
    /// `computed` columns, short of column `needed` and with no period proved.
    WythoffNoPeriod {
        rows: u64,
        needed: u64,
        computed: u64,
        stopped: StripStop,
    },
    /// The tables would need more than the `memory` limit (`u64::MAX`: more than memory
    /// can address).
    OutOfMemory {
        bytes: u64,
        limit: u64,
    },
    /// A Hackenbush picture would take the arena past the `memory` limit: kept (a new
    /// picture, `bytes` its size), or while it is reduced (`bytes` the reduction's).
    PictureOutOfMemory {
        edges: u64,
        bytes: u64,
        limit: u64,
        reducing: bool,
    },
    /// The `memory` limit allows the tables, but the machine would not give the memory.
    MachineOutOfMemory {
        bytes: u64,
    },
    /// A value too large for the compact tables (65535).
    ValueTooLarge {
        family: String,
        heap: u64,
    },
    /// A picture of a game larger than it may be drawn: more than `lines` lines, reaching
    /// more than `games` distinct games within `depth` moves.
    TooLong {
        lines: u64,
        games: u64,
        depth: u64,
    },
    /// What the running program built (lists, strings, games, tables, pictures), measured as
    /// it was allocated, passed the `memory` limit, or would with `asked` bytes more: `more`
    /// bytes held beyond what the session held before it.
    HeldTooMuch {
        more: u64,
        asked: u64,
        limit: u64,
    },
    /// The work of the game room passed the `steps` limit (see [`Watch::spend`]).
    TooMuchWork {
        limit: u64,
    },
    /// Interrupted (Ctrl-C).
    Cancelled,
    /// A game that can go on for ever, worth ∞: it has no nimber.
    Infinite {
        value: loopy::LoopyValue,
    },
    /// `*n` for n one of the two largest 64-bit numbers, which the arena keeps as marks.
    NimberTooLarge,
    /// Misère play of a game that can go on for ever (not a theory of this course).
    LoopyMisere,
    /// A product with a factor that can go on for ever (no theory of this course either).
    LoopyProduct,
    /// A loopy call whose body an earlier error left unevaluated.
    LoopyUnfinished,
    /// A loopy call that stands for another call, which stands for it: no options anywhere.
    LoopyWithoutMoves,
}

const UNKNOWN: u64 = u64::MAX;

/// About what a node takes in the arena: the node, its entry in the index and its nimber,
/// and its list of options or parts.
fn node_bytes(node: &Node) -> u64 {
    let list = match node {
        Node::Options(games) | Node::Sum(games) | Node::WithSums { ids: games, .. } => games.len(),
        _ => 0,
    };
    let node = std::mem::size_of::<Node>() + 16 + std::mem::size_of::<u64>();
    (node + list * std::mem::size_of::<GameId>()) as u64
}

/// How far the arena had grown, for [`Arena::rollback`].
#[derive(Copy, Clone, Debug)]
pub struct Checkpoint {
    nodes: usize,
    dag_bytes: u64,
    misere: misere::MisereMark,
}

pub struct Arena {
    nodes: intern::Interner,
    /// About what the nodes take: see [`node_bytes`].
    dag_bytes: u64,
    /// Bytes the evaluator holds beside the arena (families' remembered values, lists
    /// being built), which share the `memory` limit with the DAG.
    pub held_outside: u64,
    /// Memoized nimbers, [`UNKNOWN`] until computed.
    nimbers: Vec<u64>,
    /// The mex rule's marks, kept from node to node.
    seen: Vec<bool>,
    subtraction_sets: FxIndexSet<Box<[u64]>>,
    subtraction_games: Vec<SubtractionSequence>,
    heap_games: FxIndexSet<HeapGame>,
    heap_sequences: Vec<Sequence>,
    wythoff_table: Option<WythoffTable>,
    /// Long thin strips of Wythoff's game, where the square would not fit.
    wythoff_strip: Option<WythoffStrip>,
    pictures: FxIndexSet<hackenbush::Picture>,
    digraphs: FxIndexSet<digraph::Digraph>,
    /// Values and placeholders of games that can go on for ever.
    loopy: loopy::Store,
    /// Simplest forms of misère play, worked out when a question in misère play is asked.
    misere: misere::MisereTables,
    pub limits: GameLimits,
    /// Where long computations report and listen for Ctrl-C.
    pub watch: Watch,
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new(GameLimits::default())
    }
}

/// The zero game's place: made with the arena, so that it is there whatever the limits and
/// however full the arena is (every sum of no parts, every `<>`, is it).
const ZERO: GameId = GameId(0);

impl Arena {
    pub fn new(limits: GameLimits) -> Self {
        let mut nodes = intern::Interner::default();
        let zero = Node::Nim(0);
        let (_, hashed) = nodes.find(View::of(&zero));
        let dag_bytes = node_bytes(&zero);
        nodes.add(zero, hashed);
        Arena {
            nodes,
            dag_bytes,
            held_outside: 0,
            nimbers: vec![0],
            seen: Vec::new(),
            subtraction_sets: Default::default(),
            subtraction_games: Vec::new(),
            heap_games: Default::default(),
            heap_sequences: Vec::new(),
            wythoff_table: None,
            wythoff_strip: None,
            pictures: Default::default(),
            digraphs: Default::default(),
            loopy: Default::default(),
            misere: Default::default(),
            limits,
            watch: Default::default(),
        }
    }

    pub fn node(&self, id: GameId) -> &Node {
        self.nodes.node(id)
    }

    /// About how many bytes the game DAG takes: its nodes and their lists of options.
    pub fn dag_bytes(&self) -> u64 {
        self.dag_bytes
    }

    /// How many distinct games the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 0
    }

    fn intern(&mut self, node: Node) -> Result<GameId, GameError> {
        self.intern_view(View::of(&node))
    }

    /// The node equal to `view`, made if it is new: a list is boxed only then.
    fn intern_view(&mut self, view: View) -> Result<GameId, GameError> {
        match self.nodes.find(view) {
            (Some(id), _) => Ok(id),
            (None, hashed) => self.add_node(hashed, || view.to_node()),
        }
    }

    /// Adds the node `make` makes, which [`Interner::find`] did not find (and hashed).
    fn add_node(
        &mut self,
        hashed: intern::Hashed,
        make: impl FnOnce() -> Node,
    ) -> Result<GameId, GameError> {
        // Every computation that builds games stops here when interrupted (Ctrl-C).
        self.watch.check()?;
        if self.nodes.len() >= self.limits.nodes {
            return Err(GameError::TooManyNodes {
                limit: self.limits.nodes,
            });
        }
        // A list that doubles takes twice its size at once: room for it is made sure of
        // first, so that the `memory` limit stops the work before the doubling.
        let growth = self.nodes.next_growth();
        if growth > 0 {
            self.watch.room_for(growth)?;
        }
        let node = make();
        self.charge(node_bytes(&node))
            .map_err(|limit| GameError::DagOutOfMemory { limit })?;
        let id = self.nodes.add(node, hashed);
        let value = reduce::value_if_known(self.nodes.node(id), &self.nimbers, &mut self.seen);
        self.nimbers.push(value);
        Ok(id)
    }

    /// Counts `bytes` more kept in the arena, or says the `memory` limit they would pass
    /// (beside what the evaluator and the misère tables hold).
    fn charge(&mut self, bytes: u64) -> Result<(), u64> {
        let total = self.dag_bytes.saturating_add(bytes);
        let beside = self.held_outside.saturating_add(self.misere_bytes());
        if total.saturating_add(beside) > self.limits.memory {
            return Err(self.limits.memory);
        }
        self.dag_bytes = total;
        Ok(())
    }

    /// Where the arena stands, to go back to if the statement about to run fails.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            nodes: self.nodes.len(),
            dag_bytes: self.dag_bytes,
            misere: self.misere_mark(),
        }
    }

    /// What the misère tables held at `checkpoint`.
    pub fn misere_at(checkpoint: Checkpoint) -> misere::MisereMark {
        checkpoint.misere
    }

    /// Forgets the games made since `checkpoint`, with what the misère tables learned since
    /// (the arena's tables of heap games, pictures and graphs keep what they learned: it is
    /// true, and small beside them). The games before it are all still there, with their ids.
    pub fn rollback(&mut self, checkpoint: Checkpoint) {
        self.misere_rollback(checkpoint.misere);
        if self.nodes.len() <= checkpoint.nodes {
            return;
        }
        self.nodes.truncate(checkpoint.nodes);
        self.loopy_rollback(GameId(checkpoint.nodes as u32));
        self.nimbers.truncate(checkpoint.nodes);
        self.nimbers.shrink_to(checkpoint.nodes);
        self.dag_bytes = checkpoint.dag_bytes;
    }

    /// The first game made after `checkpoint`: games from here on are forgotten by a
    /// [`Arena::rollback`] to it.
    pub fn first_after(checkpoint: Checkpoint) -> GameId {
        GameId(checkpoint.nodes as u32)
    }

    /// `*n`
    pub fn nim(&mut self, chips: u64) -> Result<GameId, GameError> {
        // The two largest nimbers mark values not known and worth ∞ in the arena's table.
        if chips >= loopy::INFINITE {
            return Err(GameError::NimberTooLarge);
        }
        self.intern(Node::Nim(chips))
    }

    /// `0`, the game with no options.
    pub fn zero(&self) -> GameId {
        ZERO
    }

    /// The game whose options are the given games.
    pub fn with_options(&mut self, options: Vec<GameId>) -> Result<GameId, GameError> {
        self.with_option_list(OptionList {
            games: options,
            sums: Vec::new(),
        })
    }

    /// The game whose options are the given games, none of them a sum of two.
    fn with_games(&mut self, mut options: Vec<GameId>) -> Result<GameId, GameError> {
        // A comprehension lists its options in runs made in order, which the run-merging
        // stable sort puts together in linear time.
        options.sort();
        options.dedup();
        if let Some(chips) = self.as_nim_options(&options) {
            return self.nim(chips);
        }
        // A new node keeps the list itself, not a copy.
        match self.nodes.find(View::Options(&options)) {
            (Some(id), _) => Ok(id),
            (None, hashed) => self.add_node(hashed, || Node::Options(options.into_boxed_slice())),
        }
    }

    /// If the options are exactly `*0, ..., *(k-1)`, then k.
    fn as_nim_options(&self, options: &[GameId]) -> Option<u64> {
        let count = options.len() as u64;
        let all_small_heaps = options
            .iter()
            .all(|&id| matches!(self.node(id), Node::Nim(chips) if *chips < count));
        // Distinct ids of heaps are distinct sizes, so k heaps below k are all of them.
        all_small_heaps.then_some(count)
    }

    /// A pile of `pile` chips from which a move removes s chips for some s in `moves`.
    pub fn subtraction(&mut self, pile: u64, moves: &[u64]) -> Result<GameId, GameError> {
        let mut moves = moves.to_vec();
        moves.sort_unstable();
        moves.dedup();
        let (index, new) = self.subtraction_sets.insert_full(moves.clone().into());
        if new {
            self.subtraction_games
                .push(SubtractionSequence::new(&moves));
        }
        let set = SubtractionId(index as u32);
        self.intern(Node::Subtraction { pile, set })
    }

    /// The options of `<...>` in the order they read best: heaps by size, then the rest in
    /// the order they were made. (They are stored by id, which is canonical but arbitrary.)
    pub fn reading_order(&self, options: &[GameId]) -> Vec<GameId> {
        let mut sorted = options.to_vec();
        sorted.sort_by_key(|&id| match self.node(id) {
            Node::Nim(chips) => (0, *chips),
            _ => (1, u64::from(id.0)),
        });
        sorted
    }

    /// Proves a heap game's period, computing its table as far as the limit allows; `None`
    /// if none was found within it (or the game has no table).
    pub fn find_period(&mut self, id: GameId) -> Result<Option<subtraction::Period>, GameError> {
        match *self.node(id) {
            Node::Subtraction { set, .. } => {
                let limits = self.table_limits();
                self.subtraction_games[set.0 as usize].find_period(limits, &mut self.watch)
            }
            _ => Ok(None),
        }
    }

    /// How far a subtraction game's table may grow: the `heap` and `memory` limits.
    fn table_limits(&self) -> subtraction::TableLimits {
        subtraction::TableLimits {
            values: self.limits.heap_table,
            bytes: self.limits.memory,
        }
    }

    /// How many values of a heap game's table have been computed.
    pub fn computed(&self, id: GameId) -> u64 {
        match *self.node(id) {
            Node::Subtraction { set, .. } => {
                self.subtraction_games[set.0 as usize].computed() as u64
            }
            _ => 0,
        }
    }

    /// `rook(i, j)`
    pub fn rook(&mut self, row: u64, column: u64) -> Result<GameId, GameError> {
        self.intern(Node::Rook { row, column })
    }

    pub fn subtraction_moves(&self, set: SubtractionId) -> &[u64] {
        &self.subtraction_sets[set.0 as usize]
    }

    pub fn subtraction_sequence(&self, set: SubtractionId) -> &SubtractionSequence {
        &self.subtraction_games[set.0 as usize]
    }

    /// `G + H + ...`; sums inside are opened up, zero parts left out (no move is made in
    /// them: `G + 0` is G, whatever made its 0), a single part is itself.
    pub fn sum(&mut self, parts: &[GameId]) -> Result<GameId, GameError> {
        let is_sum = |id: &GameId| matches!(self.node(*id), Node::Sum(_));
        if !parts.iter().any(|&part| part == ZERO || is_sum(&part)) {
            // Nothing to open up (the usual case): the parts are the sum's, as they are.
            return match parts {
                [] => Ok(self.zero()),
                [single] => Ok(*single),
                _ => self.intern_view(View::Sum(parts)),
            };
        }
        let mut flat = Vec::with_capacity(parts.len());
        for &part in parts {
            match self.node(part) {
                Node::Sum(inner) => flat.extend_from_slice(inner),
                _ if part == ZERO => {}
                _ => flat.push(part),
            }
        }
        match flat[..] {
            [] => Ok(self.zero()),
            [single] => Ok(single),
            _ => self.intern_view(View::Sum(&flat)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_option_sets_are_one_node() {
        let mut arena = Arena::default();
        let (zero, one) = (arena.nim(0).unwrap(), arena.nim(1).unwrap());
        let a = arena.with_options(vec![one, zero]).unwrap();
        let b = arena.with_options(vec![zero, one, one]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, arena.nim(2).unwrap());
        assert_eq!(arena.with_options(vec![]).unwrap(), zero);
        let two = arena.nim(2).unwrap();
        let not_a_heap = arena.with_options(vec![two, zero]).unwrap();
        assert_eq!(
            arena.node(not_a_heap),
            &Node::Options(vec![zero, two].into())
        );
    }

    #[test]
    fn sums_flatten_and_keep_their_order() {
        let mut arena = Arena::default();
        let heaps: Vec<_> = (1..=3).map(|n| arena.nim(n).unwrap()).collect();
        let left = arena.sum(&heaps[..2]).unwrap();
        let all = arena.sum(&[left, heaps[2]]).unwrap();
        assert_eq!(arena.node(all), &Node::Sum(heaps.clone().into()));
        assert_eq!(arena.sum(&heaps[1..2]).unwrap(), heaps[1]);
    }

    #[test]
    fn the_node_limit_is_an_error() {
        let mut arena = Arena::new(GameLimits {
            nodes: 3,
            ..GameLimits::default()
        });
        for n in 0..3 {
            arena.nim(n).unwrap();
        }
        assert_eq!(arena.nim(7), Err(GameError::TooManyNodes { limit: 3 }));
        assert!(arena.nim(1).is_ok(), "existing nodes are still found");
    }

    #[test]
    fn the_memory_limit_bounds_the_option_lists() {
        let mut arena = Arena::default();
        let heaps: Vec<GameId> = (0..5000).map(|n| arena.nim(n).unwrap()).collect();
        // Room for one more game with 99 options (*1 to *99), not for one with 4 999.
        let small = node_bytes(&Node::Options(heaps[1..100].into()));
        arena.limits.memory = arena.dag_bytes + small;
        let limit = arena.limits.memory;
        let big = arena.with_options(heaps[1..].to_vec());
        assert_eq!(big, Err(GameError::DagOutOfMemory { limit }));
        assert!(arena.with_options(heaps[1..100].to_vec()).is_ok());
        let another = arena.with_options(heaps[2..101].to_vec());
        assert_eq!(another, Err(GameError::DagOutOfMemory { limit }));
        assert!(arena.nim(3).is_ok(), "existing nodes are still found");
    }
}
