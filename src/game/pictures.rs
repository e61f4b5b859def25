//! Hackenbush pictures in the arena: a picture is one node, its options are the pictures left
//! by cutting one edge, and its value comes from the fusion and colon principles
//! ([`super::hackenbush`]), never from expanding the DAG.

use super::hackenbush::{Picture, value};
use super::moves::Move;
use super::{Arena, GameError, GameId, Node};

/// Which picture, among those the arena has seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PictureId(pub(super) u32);

/// Pictures longer than this are named by their first edges and a count.
const NAME_EDGES: usize = 12;

impl Arena {
    /// A green Hackenbush picture as a game.
    pub fn picture(&mut self, picture: Picture) -> Result<GameId, GameError> {
        if picture.edges().is_empty() {
            return Ok(self.zero());
        }
        let (index, _) = self.pictures.insert_full(picture);
        self.intern(Node::Hackenbush(PictureId(index as u32)))
    }

    pub fn picture_of(&self, picture: PictureId) -> &Picture {
        &self.pictures[picture.0 as usize]
    }

    pub(super) fn picture_value(&self, picture: PictureId) -> u64 {
        value(self.picture_of(picture)).value
    }

    /// Every cut, in the order of the picture's edges; a second copy of a multi-edge gives
    /// the same move and is listed once.
    pub(super) fn picture_moves(
        &mut self,
        picture: PictureId,
    ) -> Result<Vec<(Move, GameId)>, GameError> {
        let drawn = self.picture_of(picture).clone();
        let mut moves: Vec<(Move, GameId)> = Vec::with_capacity(drawn.edges().len());
        for index in 0..drawn.edges().len() {
            if index > 0 && drawn.edges()[index] == drawn.edges()[index - 1] {
                continue;
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
