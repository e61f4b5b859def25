//! `moves` and `options`: what can be played from a game, in the game's own terms.

use std::fmt;

use super::{Explainer, Result};
use crate::game::heap::HeapGame;
use crate::game::moves::Move;
use crate::game::{GameId, Node, show_nimber};

/// Moves listed for `moves G` and `moves all G`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveList {
    pub game: String,
    pub value: u64,
    /// Every move (`moves all`), or only the winning ones.
    pub all: bool,
    /// Nothing folded (`moves full`), within [`FULL_LISTING`] lines.
    pub full: bool,
    /// How many moves the game has in all.
    pub total: u64,
    pub moves: Vec<MoveLine>,
    /// How many moves win, for `moves` (not `moves all`): all of them are in `moves`, but for
    /// a picture (or a sum with one) only the first screenful.
    pub winning: Option<u64>,
    /// Moves left out of `moves` to keep the list short.
    pub hidden: usize,
    /// Only the first winning moves found: the game has too many moves to search them all.
    pub partial: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MoveLine {
    /// `*21 → *18: remove 3 chips from the pile of 21`
    pub description: String,
    /// The whole game after the move.
    pub result: String,
    /// The same, as a node.
    pub to: GameId,
    pub value: u64,
}

/// Options listed for `options G`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionList {
    pub game: String,
    pub value: u64,
    pub total: u64,
    /// For a game of the user's own, how many distinct games its options are (its body
    /// may write one game several ways: `rook(0, 2)` and `rook(2, 0)` are both `*2`).
    pub distinct: Option<u64>,
    pub options: Vec<OptionLine>,
    pub hidden: usize,
    /// Nothing folded (`options full`), within [`FULL_LISTING`] lines.
    pub full: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OptionLine {
    pub option: String,
    pub value: u64,
}

/// Lines of a listing before the rest is counted instead of shown.
const SHOWN: usize = 30;
/// Lines of a listing asked for in full (`moves all full G`): past this, the rest is
/// counted all the same, rather than printed for minutes.
pub const FULL_LISTING: usize = 100_000;

/// How many lines a listing shows.
fn shown(full: bool) -> usize {
    if full { FULL_LISTING } else { SHOWN }
}

impl Explainer<'_> {
    /// `moves G` (only the winning moves) or `moves all G`; `full`: none folded.
    pub fn moves(&mut self, game: GameId, all: bool, full: bool) -> Result<MoveList> {
        let value = self.arena.nimber(game)?;
        let total = self.move_count(game);
        let (found, winning) = if all {
            (self.first_moves(game, shown(full))?, None)
        } else if self.has_written(game) {
            let found = self.winning_moves(game)?;
            let count = found.len() as u64;
            (found, Some(count))
        } else {
            // Every winning move goes into the list (`--json` gives them all), but for a
            // picture each costs the picture's size: a screenful of those, and the count.
            let drawn = if self.holds_picture(game) && !full {
                SHOWN
            } else {
                usize::MAX
            };
            let (found, count) = self.arena.first_winning_moves(game, drawn)?;
            (found, Some(count))
        };
        let mut moves = Vec::new();
        for (how, to) in &found {
            let value = self.arena.nimber(*to)?;
            moves.push(MoveLine {
                description: self.describe_move(game, how, *to),
                result: self.reached(game, how, *to),
                to: *to,
                value,
            });
        }
        let hidden = if all {
            (total as usize).saturating_sub(moves.len())
        } else {
            0
        };
        let partial = !all && total > self.arena.limits.options && !moves.is_empty();
        Ok(MoveList {
            game: self.name(game),
            value,
            all,
            full,
            total,
            moves,
            winning,
            hidden,
            partial,
        })
    }

    /// Whether a game is a Hackenbush picture or a sum with one.
    fn holds_picture(&self, game: GameId) -> bool {
        let picture = |id: GameId| matches!(self.arena.node(id), Node::Hackenbush(_));
        match self.arena.node(game) {
            Node::Sum(parts) => parts.iter().any(|&part| picture(part)),
            _ => picture(game),
        }
    }

    /// `options G`: every option with its value (`full`: none folded).
    pub fn options(&mut self, game: GameId, full: bool) -> Result<OptionList> {
        let value = self.arena.nimber(game)?;
        let total = self.move_count(game);
        let distinct = self.written_of(game).map(|w| w.distinct() as u64);
        let options = self.first_moves(game, shown(full))?;
        let mut lines = Vec::new();
        for (how, option) in &options {
            lines.push(OptionLine {
                option: self.reached(game, how, *option),
                value: self.arena.nimber(*option)?,
            });
        }
        let hidden = (total as usize).saturating_sub(lines.len());
        let distinct = match distinct {
            None if hidden == 0 && matches!(self.arena.node(game), Node::Sum(_)) => {
                Some(self.distinct_positions(options.iter().map(|(_, option)| *option))?)
            }
            distinct => distinct,
        };
        Ok(OptionList {
            game: self.name(game),
            value,
            total,
            distinct,
            options: lines,
            hidden,
            full,
        })
    }

    /// How many positions these games are: moves in different parts of a sum may reach one
    /// position (`*1 + *1 + *2` reaches `*1 + *2` by either `*1`).
    fn distinct_positions(&mut self, games: impl Iterator<Item = GameId>) -> Result<u64> {
        let mut positions = std::collections::HashSet::new();
        for game in games {
            positions.insert(self.arena.canonical(game)?);
        }
        Ok(positions.len() as u64)
    }

    /// `*21 → *18: remove 3 chips from the pile of 21`, `#7 → #5: remove 2`, `G → *0`.
    pub fn describe_move(&self, from: GameId, how: &Move, to: GameId) -> String {
        self.describe_move_from(&self.name(from), from, how, to)
    }

    /// A move from `from`, which is called `name` where it stands.
    fn describe_move_from(&self, name: &str, from: GameId, how: &Move, to: GameId) -> String {
        match (how, self.arena.node(from), self.arena.node(to)) {
            (
                Move::Part {
                    index,
                    inner,
                    moved,
                },
                Node::Sum(before),
                _,
            ) => {
                let part = before[*index];
                let name = self.part_name(from, *index);
                let mut text = self.describe_move_from(&name, part, inner, *moved);
                if let Move::Take { from, .. } = **inner {
                    text.push_str(&format!(" from the pile of {from}"));
                }
                // Parts written differently (`rook(1, 2)`, `rook(2, 1)`) are told apart by
                // their names, though they are one game.
                let same = (0..before.len())
                    .filter(|&i| before[i] == part && self.part_name(from, i) == name)
                    .count();
                if same > 1 {
                    text.push_str(&format!(" (in one of the {same} equal parts)"));
                }
                text
            }
            (Move::Take { from: 1, to: 0 }, ..) => "*1 → 0: take the last chip".to_owned(),
            (Move::Take { from, to: 0 }, ..) => format!("*{from} → 0: take all {from} chips"),
            (Move::Take { from, to }, ..) => {
                format!("*{from} → *{to}: remove {}", chips(from - to))
            }
            (Move::Slide { up, left }, ..) => {
                let squares = |n: u64| {
                    if n == 1 {
                        "1 square".to_owned()
                    } else {
                        format!("{n} squares")
                    }
                };
                let way = match (*up, *left) {
                    (up, 0) => format!("{} up", squares(up)),
                    (0, left) => format!("{} left", squares(left)),
                    (up, _) => format!("{} diagonally", squares(up)),
                };
                format!("{name} → {}: {way}", self.name(to))
            }
            (
                Move::Break {
                    heap,
                    removed,
                    leaves,
                },
                Node::Heap { game, .. },
                _,
            ) => {
                let how = break_move(self.arena.heap_game(*game), *heap, *removed, leaves);
                format!("{name} → {}: {how}", self.name(to))
            }
            (
                Move::Product {
                    left,
                    left_to,
                    right,
                    right_to,
                },
                &Node::Product {
                    left: first,
                    right: second,
                },
                _,
            ) => {
                let factor = |factor: GameId, how: &Move, to: GameId| match how {
                    Move::Named(_, Some(words)) => words.to_string(),
                    _ => self.describe_move(factor, how, to),
                };
                format!(
                    "{name} → {}: ({}) × ({})",
                    self.name(to),
                    factor(first, left, *left_to),
                    factor(second, right, *right_to)
                )
            }
            (Move::Named(option, Some(words)), ..) => format!("{name} → {option}: {words}"),
            (Move::Named(option, None), ..) => format!("{name} → {option}"),
            (Move::Cut { edge }, ..) => {
                format!("{name} → {}: cut {edge}", self.name(to))
            }
            (Move::Subtract { amount, .. }, ..) => {
                format!("{name} → {}: remove {amount}", self.name(to))
            }
            _ => format!("{name} → {}", self.name(to)),
        }
    }
}

/// A take-and-break move in the game's own words: Kayles knocks down pins, Grundy's game
/// splits heaps, other codes take tokens.
fn break_move(game: &HeapGame, heap: u64, removed: u64, leaves: &[u64]) -> String {
    let pins = game == &HeapGame::kayles() || game == &HeapGame::dawson();
    let (unit, group) = if pins {
        ("pin", "row")
    } else {
        ("token", "heap")
    };
    let count = |n: u64, what: &str| {
        if n == 1 {
            format!("1 {what}")
        } else {
            format!("{n} {what}s")
        }
    };
    let list = |parts: &[u64]| {
        let parts: Vec<String> = parts.iter().map(u64::to_string).collect();
        match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => parts.concat(),
        }
    };
    let left = match leaves {
        [] => "leaving nothing".to_owned(),
        [one] => format!("leaving a {group} of {one}"),
        more => format!("leaving {group}s of {}", list(more)),
    };
    match (removed, leaves) {
        (0, _) => format!("split the {group} of {heap} into {}", list(leaves)),
        (_, []) => format!(
            "{} {}",
            if pins { "knock down all" } else { "take all" },
            count(removed, unit)
        ),
        _ if pins => format!("knock down {}, {left}", count(removed, unit)),
        _ => format!("take {}, {left}", count(removed, unit)),
    }
}

fn chips(n: u64) -> String {
    if n == 1 {
        "1 chip".to_owned()
    } else {
        format!("{n} chips")
    }
}

impl MoveList {
    /// `*5 → *3 ≡ *3: remove 2 chips`, or for a move in a part of a sum
    /// `*3 → *1: remove 2 chips from the pile of 3, leaving *1 + *4 ≡ *5`.
    fn line_text(&self, line: &MoveLine) -> String {
        let value = show_nimber(line.value);
        if line.description == format!("{} → {}", self.game, line.result) {
            return format!("{} ≡ {value}", line.description);
        }
        let whole = format!("{} → {}:", self.game, line.result);
        match line.description.strip_prefix(&whole) {
            Some(how) => format!("{} → {} ≡ {value}:{how}", self.game, line.result),
            // A move in one part of a sum: the part's move, then the whole game it leaves.
            None if line.description.contains("leaving") => {
                format!(
                    "{}; the game is then {} ≡ {value}",
                    line.description, line.result
                )
            }
            None => format!("{}, leaving {} ≡ {value}", line.description, line.result),
        }
    }
}

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = show_nimber(self.value);
        if self.all {
            write!(
                f,
                "{} ≡ {value} has {} move{}:",
                self.game,
                count_text(self.total),
                plural(self.total)
            )?;
            for line in &self.moves {
                let wins = if line.value == 0 { "   ← wins" } else { "" };
                write!(f, "\n  {}{wins}", self.line_text(line))?;
            }
        } else if self.value == 0 {
            write!(f, "{} ≡ 0: the player to move loses. ", self.game)?;
            match self.total {
                0 => write!(f, "There is no move at all.")?,
                n => write!(
                    f,
                    "No move wins: each of its {} move{} leaves a game ≢ 0, which the opponent wins.",
                    count_text(n),
                    plural(n)
                )?,
            }
        } else {
            let count = self.winning.unwrap_or(self.moves.len() as u64) as usize;
            write!(
                f,
                "{} ≡ {value}: the player to move wins. Winning move{}:",
                self.game,
                plural(count as u64)
            )?;
            let shown = shown(self.full);
            for line in self.moves.iter().take(shown) {
                write!(f, "\n  {}", self.line_text(line))?;
            }
            // A heap of 10^6 has thousands: the first screenful, and how many more.
            if count > shown {
                let more = count - shown;
                let how = unfold(self.full, "moves full", &self.game);
                write!(
                    f,
                    "\n  … {more} more winning move{} {how}",
                    plural(more as u64)
                )?;
            }
            if self.partial {
                write!(
                    f,
                    "\n  … the first found; with {} moves, there may be more",
                    count_text(self.total)
                )?;
            }
        }
        if self.hidden > 0 {
            let how = unfold(self.full, "moves all full", &self.game);
            write!(
                f,
                "\n  … {} more move{} {how}",
                self.hidden,
                plural(self.hidden as u64)
            )?;
        }
        Ok(())
    }
}

/// How to see what a listing folded: the command that lists everything (a long game is
/// not repeated: the command goes before it), or, for a full listing, why it stopped all
/// the same.
fn unfold(full: bool, command: &str, game: &str) -> String {
    if full {
        format!("(a full listing stops at {FULL_LISTING} lines)")
    } else if game.chars().count() > 40 {
        format!("(`{command}` before the game lists every one)")
    } else {
        format!("(`{command} {game}` lists every one)")
    }
}

impl fmt::Display for OptionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.total;
        write!(
            f,
            "{} ≡ {} has {} option{}",
            self.game,
            show_nimber(self.value),
            count_text(total),
            plural(total)
        )?;
        if let Some(distinct) = self.distinct.filter(|&d| d != total) {
            write!(f, " reaching {distinct} distinct game{}", plural(distinct))?;
        }
        if total > 0 {
            write!(f, ":")?;
        }
        for line in &self.options {
            write!(f, "\n  {} ≡ {}", line.option, show_nimber(line.value))?;
        }
        if self.hidden > 0 {
            let how = unfold(self.full, "options full", &self.game);
            write!(
                f,
                "\n  … {} more option{} {how}",
                self.hidden,
                plural(self.hidden as u64)
            )?;
        }
        Ok(())
    }
}

/// A count of moves, which stops at the largest 64-bit number (a product of two heaps of
/// 2^62 has 2^124 moves).
fn count_text(count: u64) -> String {
    match count {
        u64::MAX => format!("at least {}", u64::MAX),
        count => count.to_string(),
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}
