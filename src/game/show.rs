//! Games written the way a user would type them: `*3`, `#7`, `<*0, *2>`, `*1 + #5`.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::heap::{Code, HeapGame};
use super::pictures::picture_name;
use super::{Arena, GameId, Node, OptionRef};

/// Names given to games (`let G = ...`, a family call `S(5)`), used when describing them.
pub type Names = FxHashMap<GameId, Arc<str>>;

/// What a game is called where it is described, if it has a name there.
pub trait NameOf {
    fn name_of(&self, id: GameId) -> Option<&str>;

    /// Why a game is the sum or product it was made as, if the family that made it said so.
    fn reason_of(&self, _id: GameId) -> Option<&str> {
        None
    }
}

impl NameOf for Names {
    fn name_of(&self, id: GameId) -> Option<&str> {
        self.get(&id).map(|name| &**name)
    }
}

/// How a game's value reads: `0` for a losing game, `*n` otherwise.
pub fn show_nimber(nimber: u64) -> String {
    if nimber == 0 {
        "0".to_owned()
    } else {
        format!("*{nimber}")
    }
}

/// How a heap game is named as a family: `kayles`, `grundy_game`, `octal("0.137")`.
pub fn heap_family(game: &HeapGame) -> String {
    match game {
        HeapGame::Grundy => "grundy_game".to_owned(),
        _ if *game == HeapGame::kayles() => "kayles".to_owned(),
        _ if *game == HeapGame::dawson() => "dawson".to_owned(),
        HeapGame::TakeBreak(code) => format!("{}(\"{code}\")", code_function(code)),
    }
}

/// `hex` for a code with a digit that leaves three heaps, `octal` for the rest.
fn code_function(code: &Code) -> &'static str {
    if code.is_octal() { "octal" } else { "hex" }
}

/// One heap of the game, as typed: `kayles(7)`, `octal("0.137", 7)`.
pub fn heap_call(game: &HeapGame, size: &str) -> String {
    match game {
        HeapGame::TakeBreak(code) if *game != HeapGame::kayles() && *game != HeapGame::dawson() => {
            format!("{}(\"{code}\", {size})", code_function(code))
        }
        _ => format!("{}({size})", heap_family(game)),
    }
}

/// Option lists deeper than this, or longer than [`WIDTH`], are folded with `…`.
const DEPTH: usize = 3;
const WIDTH: usize = 6;

impl Arena {
    pub fn describe(&self, id: GameId) -> String {
        self.describe_named(id, &Names::default())
    }

    /// Like [`Arena::describe`], but a game (or part, or option) with a name is called by it.
    pub fn describe_named(&self, id: GameId, names: &dyn NameOf) -> String {
        let mut out = String::new();
        self.describe_into(id, DEPTH, names, &mut out);
        out
    }

    fn describe_into(&self, id: GameId, depth: usize, names: &dyn NameOf, out: &mut String) {
        if let Some(name) = names.name_of(id) {
            out.push_str(name);
            return;
        }
        match self.node(id) {
            Node::Nim(chips) => out.push_str(&format!("*{chips}")),
            Node::Rook { row, column } => out.push_str(&format!("rook({row}, {column})")),
            Node::Wythoff { row, column } => out.push_str(&format!("wythoff({row}, {column})")),
            Node::Hackenbush(picture) => out.push_str(&picture_name(self.picture_of(*picture))),
            Node::Vertex { graph, vertex } => out.push_str(&self.digraph_of(*graph).label(*vertex)),
            // A loopy call unnamed: what it stands for, as deep as a list would be written.
            Node::Loopy { .. } => match self.loopy_meaning(id) {
                Some(meaning) if depth > 0 => self.describe_into(meaning, depth - 1, names, out),
                _ => out.push_str("<…>"),
            },
            Node::Heap { game, size } => {
                out.push_str(&heap_call(self.heap_game(*game), &size.to_string()))
            }
            Node::Subtraction { pile, set } => match self.subtraction_moves(*set) {
                [1, 2, 3] => out.push_str(&format!("#{pile}")),
                moves => {
                    let moves: Vec<String> = moves.iter().map(u64::to_string).collect();
                    out.push_str(&format!("sub({pile}, {{{}}})", moves.join(", ")));
                }
            },
            &Node::Product { left, right } => {
                for (i, factor) in [left, right].into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(" ⊗ ");
                    }
                    // A sum or product inside is bracketed: `(*2 + *3) ⊗ *5`.
                    let inner = matches!(self.node(factor), Node::Sum(_) | Node::Product { .. })
                        && names.name_of(factor).is_none();
                    if inner {
                        out.push('(');
                    }
                    self.describe_into(factor, depth, names, out);
                    if inner {
                        out.push(')');
                    }
                }
            }
            Node::Sum(parts) => {
                for (i, &part) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" + ");
                    }
                    self.describe_into(part, depth, names, out);
                }
            }
            Node::Options(options) if depth == 0 => {
                out.push_str(&format!("<… {} options>", options.len()));
            }
            Node::Options(options) => {
                out.push('<');
                for (i, &option) in self.reading_order(options).iter().take(WIDTH).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.describe_into(option, depth - 1, names, out);
                }
                if options.len() > WIDTH {
                    out.push_str(&format!(", … {} more", options.len() - WIDTH));
                }
                out.push('>');
            }
            // Read as the sum nodes they stand for would be, without making them.
            &Node::WithSums { ref ids, games } => {
                let options = self.options_with_sums(ids, games);
                if depth == 0 {
                    out.push_str(&format!("<… {} options>", options.len()));
                    return;
                }
                out.push('<');
                for (i, &option) in options.iter().take(WIDTH).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match option {
                        OptionRef::Game(id) => self.describe_into(id, depth - 1, names, out),
                        OptionRef::Sum(a, b) => {
                            self.describe_into(a, depth - 1, names, out);
                            out.push_str(" + ");
                            self.describe_into(b, depth - 1, names, out);
                        }
                    }
                }
                if options.len() > WIDTH {
                    out.push_str(&format!(", … {} more", options.len() - WIDTH));
                }
                out.push('>');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_read_as_typed() {
        let mut arena = Arena::default();
        let heaps: Vec<GameId> = (0..4).map(|n| arena.nim(n).unwrap()).collect();
        let game = arena.with_options(vec![heaps[0], heaps[2]]).unwrap();
        assert_eq!(arena.describe(game), "<*0, *2>");
        let seven = arena.subtraction(7, &[3, 1, 2]).unwrap();
        let sum = arena.sum(&[heaps[1], seven]).unwrap();
        assert_eq!(arena.describe(sum), "*1 + #7");
        let odd = arena.subtraction(5, &[1, 4, 3]).unwrap();
        assert_eq!(arena.describe(odd), "sub(5, {1, 3, 4})");
    }
}
