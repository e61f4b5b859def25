//! Pictures of a game: `tree` draws it in the terminal, `dot` writes Graphviz DOT of its DAG
//! (or, for a Hackenbush picture, of the picture itself).
//! A game met a second time is not drawn again: `tree` says "see above", `dot` draws one node.

use std::collections::VecDeque;
use std::fmt::Write;

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Explainer, Result};
use crate::game::misere::Play;
use crate::game::{GameError, GameId, Node};

/// Children drawn under one node before the rest are counted (a full tree draws all).
pub const TREE_WIDTH: usize = 10;
/// Nodes written to a DOT file.
const DOT_NODES: usize = 300;

impl Explainer<'_> {
    /// The game tree down to `depth` moves, shared subgames drawn once; an error
    /// ([`GameError::TooLong`]) as soon as it passes `lines` lines, before it takes memory.
    pub fn tree(&mut self, root: GameId, depth: usize, full: bool, lines: usize) -> Result<String> {
        let mut tree = Tree {
            width: if full { usize::MAX } else { TREE_WIDTH },
            drawn: FxHashSet::from_iter([root]),
            path: vec![root],
            out: String::new(),
            lines: 0,
            room: lines,
            depth,
        };
        let label = self.label(root)?;
        tree.line(format_args!("{} {label}", self.name(root)))?;
        self.branches(root, "", depth, &mut tree)?;
        Ok(tree.out)
    }

    fn branches(
        &mut self,
        game: GameId,
        indent: &str,
        depth: usize,
        tree: &mut Tree,
    ) -> Result<()> {
        self.progress("tree: games drawn")?;
        let count = self.move_count(game);
        if depth == 0 {
            if count > 0 {
                let options = if count == 1 { "option" } else { "options" };
                tree.line(format_args!(
                    "{indent}└── … ({count} {options}, deeper than shown)"
                ))?;
                self.folded = true;
            }
            return Ok(());
        }
        let options = self.first_moves(game, tree.width)?;
        let shown = options.len();
        for (i, (how, option)) in options.into_iter().enumerate() {
            let last = i + 1 == shown && count as usize <= tree.width;
            let (branch, below) = if last {
                ("└── ", "    ")
            } else {
                ("├── ", "│   ")
            };
            let label = self.label(option)?;
            let seen = !tree.drawn.insert(option);
            let leaf = self.arena.option_count(option) == 0;
            let note = match (seen, leaf) {
                _ if tree.path.contains(&option) => "  ↺ back above: play can come round",
                (true, false) => "  (see above)",
                _ => "",
            };
            let name = self.reached(game, &how, option);
            tree.line(format_args!("{indent}{branch}{name} {label}{note}"))?;
            if !seen {
                let indent = format!("{indent}{below}");
                tree.path.push(option);
                let drawn = self.at(option, &name, |this| {
                    this.branches(option, &indent, depth - 1, tree)
                });
                tree.path.pop();
                drawn?;
            }
        }
        if count as usize > tree.width {
            let more = count as usize - tree.width;
            let plural = if more == 1 { "" } else { "s" };
            tree.line(format_args!("{indent}└── … {more} more option{plural}"))?;
        }
        Ok(())
    }

    /// `≡ *3` in normal play, `(misère N)` in misère play.
    fn label(&mut self, game: GameId) -> Result<String> {
        Ok(match self.play {
            Play::Normal => format!("≡ {}", self.arena.value(game)?),
            Play::Misere => {
                let outcome = if self.arena.misere_losing(game)? {
                    "P"
                } else {
                    "N"
                };
                format!("(misère {outcome})")
            }
        })
    }

    /// Whether the player to move loses, in the explainer's play convention.
    fn losing(&mut self, game: GameId) -> Result<bool> {
        match self.play {
            Play::Normal => {
                Ok(self.arena.value(game)? == crate::game::loopy::LoopyValue::Finite(0))
            }
            Play::Misere => self.arena.misere_losing(game),
        }
    }

    /// Graphviz DOT of the game's DAG: each node labelled by the game and its value,
    /// P-positions (the player to move loses) filled.
    pub fn dot(&mut self, root: GameId) -> Result<String> {
        if let Node::Hackenbush(picture) = self.arena.node(root) {
            let picture = self.arena.picture_of(*picture).clone();
            return self.draw_picture(root, &picture);
        }
        let mut ids: FxHashMap<GameId, usize> = FxHashMap::default();
        let mut queue = VecDeque::from([root]);
        ids.insert(root, 0);
        let mut nodes = String::new();
        let mut edges = String::new();
        let mut cut = false;
        let mut draws = false;
        while let Some(game) = queue.pop_front() {
            self.progress("dot: games drawn")?;
            let losing = self.losing(game)?;
            let draw = self.play == Play::Normal
                && self.arena.reaches_loopy(game)
                && self.arena.value(game)?.outcome() == crate::game::loopy::Outcome::Draw;
            let id = ids[&game];
            let label = escape(&format!(
                "{}\n{}",
                clipped(self.name(game)),
                self.label(game)?
            ));
            draws |= draw;
            let fill = match (losing, draw) {
                (true, _) => ", style=\"rounded,filled\", fillcolor=\"#f4c7c3\"",
                (_, true) => ", style=\"rounded,dashed\"",
                _ => "",
            };
            let _ = writeln!(nodes, "  g{id} [label=\"{label}\"{fill}];");
            let count = self.arena.option_count(game);
            let options = self.arena.first_moves(game, DOT_NODES)?;
            cut |= options.len() as u64 != count;
            for (_, option) in options {
                let next = ids.len();
                let target = match ids.get(&option) {
                    Some(&known) => known,
                    None if next < DOT_NODES => {
                        ids.insert(option, next);
                        queue.push_back(option);
                        next
                    }
                    None => {
                        cut = true;
                        continue;
                    }
                };
                let _ = writeln!(edges, "  g{id} -> g{target};");
            }
        }
        let mut out = String::from("digraph game {\n");
        out.push_str("  // Each node is a game and its value; filled nodes are P-positions (the player to move loses).\n");
        if draws {
            out.push_str("  // Dashed nodes are draws: neither player can force a win.\n");
        }
        out.push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
        if cut {
            let _ = writeln!(out, "  // Only the first {DOT_NODES} games are drawn.");
        }
        out.push_str(&nodes);
        out.push_str(&edges);
        out.push_str("}\n");
        Ok(out)
    }
}

/// A tree being drawn, line by line, within its room.
struct Tree {
    /// Options drawn of each game: all of them in a full tree.
    width: usize,
    drawn: FxHashSet<GameId>,
    /// The games from the root down to the one being drawn: a move back to one of them is
    /// a loopy game's cycle.
    path: Vec<GameId>,
    out: String,
    lines: usize,
    room: usize,
    depth: usize,
}

impl Tree {
    fn line(&mut self, text: std::fmt::Arguments) -> Result<()> {
        self.lines += 1;
        if self.lines > self.room {
            return Err(GameError::TooLong {
                lines: self.room as u64,
                games: self.drawn.len() as u64,
                depth: self.depth as u64,
            });
        }
        let _ = writeln!(self.out, "{text}");
        Ok(())
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The most characters of a game's name a node's label shows: a name that writes out a
/// set of thousands of numbers would make every node as long, and the picture unreadable.
const LABEL_CHARS: usize = 200;

/// `name` cut to [`LABEL_CHARS`] characters and `…`.
fn clipped(mut name: String) -> String {
    if let Some((cut, _)) = name.char_indices().nth(LABEL_CHARS) {
        name.truncate(cut);
        name.push('…');
    }
    name
}
