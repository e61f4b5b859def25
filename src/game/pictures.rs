//! Hackenbush pictures in the arena: a picture is one node, its options are the pictures left
//! by cutting one edge, and its value comes from the fusion and colon principles
//! ([`super::hackenbush`]), never from expanding the DAG.

use super::hackenbush::{Picture, cuts_to, nimber};
use super::moves::Move;
use super::{Arena, GameError, GameId, Node, Watch};

/// Which picture, among those the arena has seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PictureId(pub(super) u32);

/// Pictures longer than this are named by their first edges and a count.
const NAME_EDGES: usize = 12;

/// About what reducing a picture takes while it runs, an edge: the tree of its parts, the
/// stages recorded for `why` (measured: 188 bytes an edge for a stalk of 10^7 edges).
const REDUCTION_BYTES_PER_EDGE: u64 = 200;

/// About what a picture kept in the arena takes: its edges, and each vertex's name (shared
/// with the picture it was cut from, or new; counted as new).
fn picture_bytes(picture: &Picture) -> u64 {
    let edges = picture.edges().len() as u64;
    let names: u64 = (0..picture.vertex_count() as u32)
        .map(|v| 32 + picture.name(v).len() as u64)
        .sum();
    64 + 8 * edges + names
}

impl Arena {
    /// A green Hackenbush picture as a game.
    pub fn picture(&mut self, picture: Picture) -> Result<GameId, GameError> {
        if picture.edges().is_empty() {
            return Ok(self.zero());
        }
        if !self.pictures.contains(&picture) {
            self.watch.check()?;
            let bytes = picture_bytes(&picture);
            self.charge(bytes)
                .map_err(|limit| GameError::PictureOutOfMemory {
                    edges: picture.edges().len() as u64,
                    bytes,
                    limit,
                    reducing: false,
                })?;
        }
        let (index, _) = self.pictures.insert_full(picture);
        self.intern(Node::Hackenbush(PictureId(index as u32)))
    }

    pub fn picture_of(&self, picture: PictureId) -> &Picture {
        &self.pictures[picture.0 as usize]
    }

    pub(super) fn picture_value(&mut self, picture: PictureId) -> Result<u64, GameError> {
        let drawn = &self.pictures[picture.0 as usize];
        if let Some(length) = drawn.as_path() {
            return Ok(length);
        }
        self.reduction_fits(drawn)?;
        nimber(&self.pictures[picture.0 as usize], &mut self.watch)
    }

    /// Whether reducing this picture fits in the `memory` limit beside what the arena holds.
    pub fn reduction_fits(&self, picture: &Picture) -> Result<(), GameError> {
        let edges = picture.edges().len() as u64;
        let bytes = edges.saturating_mul(REDUCTION_BYTES_PER_EDGE);
        if self
            .dag_bytes
            .saturating_add(self.held_outside)
            .saturating_add(bytes)
            > self.limits.memory
        {
            return Err(GameError::PictureOutOfMemory {
                edges,
                bytes,
                limit: self.limits.memory,
                reducing: true,
            });
        }
        Ok(())
    }

    /// The first `count` cuts, in the order of the picture's edges; a second copy of a
    /// multi-edge gives the same move and is listed once. Only these pictures are drawn.
    pub(super) fn picture_first_moves(
        &mut self,
        picture: PictureId,
        count: usize,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let drawn = self.picture_of(picture).clone();
        let cuts = (0..drawn.edges().len()).filter(|&i| drawn.first_copy(i));
        self.picture_cuts(&drawn, cuts.take(count))
    }

    /// The cuts that leave a picture worth `value`: how many there are, and the first `shown`
    /// of them drawn (a star of 10^5 edges has 10^5, each a picture of 10^5 edges).
    pub(super) fn picture_moves_to_value(
        &mut self,
        picture: PictureId,
        value: u64,
        shown: usize,
    ) -> Result<(Vec<(Move, GameId)>, u64), GameError> {
        let drawn = self.picture_of(picture).clone();
        self.reduction_fits(&drawn)?;
        let cuts = cuts_to(&drawn, value, &mut self.watch)?;
        let count = cuts.len() as u64;
        Ok((
            self.picture_cuts(&drawn, cuts.into_iter().take(shown))?,
            count,
        ))
    }

    /// Each cut drawn costs the picture's size: the watch hears of it every
    /// [`Watch::EVERY`] edges drawn (Ctrl-C, the progress bar).
    fn picture_cuts(
        &mut self,
        drawn: &Picture,
        cuts: impl Iterator<Item = usize>,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let mut moves = Vec::new();
        let size = drawn.edges().len() as u64;
        let mut since_check = 0;
        for index in cuts {
            // Cutting copies the picture: a step for every 64 edges.
            self.watch.spend(size.div_ceil(64))?;
            since_check += size;
            if since_check >= Watch::EVERY {
                since_check = 0;
                self.watch
                    .tick("Hackenbush: cuts drawn", moves.len() as u64, 0)?;
            }
            let to = self.picture(drawn.cut(index))?;
            let edge = drawn.edge_name(index);
            moves.push((Move::Cut { edge }, to));
        }
        Ok(moves)
    }
}

/// `stalk(3)`, or `hackenbush("g-a a-b a-c b-c")`, shortened for a big picture.
pub fn picture_name(picture: &Picture) -> String {
    if let Some(length) = picture.as_stalk() {
        return format!("stalk({length})");
    }
    let count = picture.edges().len();
    if count <= NAME_EDGES {
        return format!("hackenbush(\"{picture}\")");
    }
    let first: Vec<String> = (0..NAME_EDGES - 2).map(|i| picture.edge_name(i)).collect();
    format!("hackenbush(\"{} … {count} edges\")", first.join(" "))
}
