//! Explanations of games that can go on for ever, in the words of the generalized
//! Sprague–Grundy theory (Smith; Fraenkel–Yesha): a value is a nimber when every option worth
//! more, or ∞, can be answered by a move back to it, and ∞K otherwise; 0 loses, ∞K wins when 0
//! is in K, and is a draw when it is not. Moves say which win, or which keep the draw; proofs
//! show the labelling's reasons and, for a draw, the cycle play goes round.

use std::fmt;

use rustc_hash::FxHashSet;

use super::proof::{Folded, Proof, Step};
use super::{Claim, Explainer, Explanation, Result};
use crate::game::GameId;
use crate::game::loopy::{LoopyValue, Outcome};

/// Moves listed before the rest are counted.
const LISTED: usize = 24;

/// What `moves` (or `options`) says of a loopy game.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopyMoves {
    pub game: String,
    pub value: LoopyValue,
    /// Every move, not only those that win or keep the draw.
    pub all: bool,
    pub moves: Vec<LoopyMove>,
    /// Moves of the kind listed that were left out.
    pub hidden: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LoopyMove {
    /// The game after the move.
    pub to: String,
    pub value: LoopyValue,
    /// For a move to 0 of a loopy game: that the winner should take it first (it was
    /// settled earliest, so answering with it makes progress and play cannot go round).
    pub earliest: bool,
}

impl fmt::Display for LoopyMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (game, value) = (&self.game, &self.value);
        let kind = match (self.all, value.outcome()) {
            (true, _) => "Moves",
            (false, Outcome::Winning) => "Winning moves (to a 0)",
            (false, Outcome::Draw) => "Moves that keep the draw",
            (false, Outcome::Losing) => "Every move loses",
        };
        let verdict = match value.outcome() {
            Outcome::Winning => "the player to move wins",
            Outcome::Losing => "the player to move loses",
            Outcome::Draw => "a draw: neither player can force a win, play goes on for ever",
        };
        if self.moves.is_empty() && self.hidden == 0 {
            return write!(f, "{game} ≡ {value}: {verdict}: it has no moves.");
        }
        write!(f, "{game} ≡ {value}: {verdict}. {kind}:")?;
        for line in &self.moves {
            let note = if line.earliest {
                "  (settled earliest: answer with this one and play cannot go round)"
            } else {
                ""
            };
            write!(f, "\n  {game} → {} ≡ {}{note}", line.to, line.value)?;
        }
        if self.hidden > 0 {
            write!(f, "\n  … {} more", self.hidden)?;
        }
        Ok(())
    }
}

/// Whether a move to a game worth `to` is listed from a game worth `from`.
fn listed(from: &LoopyValue, to: &LoopyValue) -> bool {
    match from.outcome() {
        Outcome::Winning => *to == LoopyValue::Finite(0),
        Outcome::Draw => to.outcome() == Outcome::Draw,
        Outcome::Losing => true,
    }
}

impl Explainer<'_> {
    /// `moves G` (or `moves all G`, `options G`) for a game that may go on for ever.
    pub fn loopy_moves(&mut self, game: GameId, all: bool) -> Result<Explanation> {
        let value = self.arena.value(game)?;
        let mut moves = Vec::new();
        let mut hidden = 0;
        for (_, option) in self.arena.moves(game)? {
            self.progress("moves: options valued")?;
            let option_value = self.arena.value(option)?;
            if !all && !listed(&value, &option_value) {
                continue;
            }
            if moves.len() == LISTED {
                hidden += 1;
                continue;
            }
            moves.push((option, option_value));
        }
        // A winner answers with the 0 settled first: its step is below the one left.
        let earliest = match value.outcome() {
            Outcome::Winning => moves
                .iter()
                .filter(|(_, v)| *v == LoopyValue::Finite(0))
                .filter_map(|&(o, _)| self.arena.loopy_step(o).map(|s| (s, o)))
                .min()
                .map(|(_, o)| o),
            _ => None,
        };
        let moves = moves
            .into_iter()
            .map(|(option, value)| LoopyMove {
                to: self.name(option),
                earliest: Some(option) == earliest && self.arena.is_loopy(option),
                value,
            })
            .collect();
        Ok(Explanation::LoopyMoves(LoopyMoves {
            game: self.name(game),
            value,
            all,
            moves,
            hidden,
        }))
    }

    /// Whether a claim is about a game that may go on for ever (or asks about a draw).
    pub(super) fn loopy_claim(&mut self, claim: &Claim) -> bool {
        match claim {
            Claim::Equivalent { lhs, rhs, .. } => {
                self.arena.reaches_loopy(*lhs) || self.arena.reaches_loopy(*rhs)
            }
            Claim::Outcome { game, .. } | Claim::Value { game, .. } => {
                self.arena.reaches_loopy(*game)
            }
            Claim::Draw { .. } => true,
        }
    }

    /// `why` of a claim about a game that may go on for ever.
    pub(super) fn loopy_proof(&mut self, claim: &Claim) -> Result<Proof> {
        let (headline, holds, steps) = match claim {
            Claim::Value { game, text } => {
                let value = self.arena.value(*game)?;
                let steps = self.loopy_value_steps(*game, text)?;
                (
                    format!("{text} ≡ {value}: {}.", verdict(&value)),
                    None,
                    steps,
                )
            }
            Claim::Outcome { game, losing, text } => {
                let value = self.arena.value(*game)?;
                let wanted = if *losing {
                    Outcome::Losing
                } else {
                    Outcome::Winning
                };
                let holds = value.outcome() == wanted;
                let said = if *losing { "losing" } else { "winning" };
                let steps = self.loopy_value_steps(*game, text)?;
                let headline = format!(
                    "{text} is {said} is {holds}: {text} ≡ {value}, {}.",
                    verdict(&value)
                );
                (headline, Some(holds), steps)
            }
            Claim::Draw { game, text } => {
                let value = self.arena.value(*game)?;
                let holds = value.outcome() == Outcome::Draw;
                let steps = self.loopy_value_steps(*game, text)?;
                let headline = format!(
                    "{text} is draw is {holds}: {text} ≡ {value}, {}.",
                    verdict(&value)
                );
                (headline, Some(holds), steps)
            }
            Claim::Equivalent {
                lhs,
                rhs,
                negated,
                lhs_text,
                rhs_text,
            } => {
                let (a, b) = (self.arena.value(*lhs)?, self.arena.value(*rhs)?);
                let equal = a == b;
                let holds = equal != *negated;
                let op = if *negated { "≢" } else { "≡" };
                let left = self.loopy_value_steps(*lhs, lhs_text)?;
                let right = self.loopy_value_steps(*rhs, rhs_text)?;
                let mut steps = vec![
                    Step::new(format!("{lhs_text} ≡ {a}")).because(left),
                    Step::new(format!("{rhs_text} ≡ {b}")).because(right),
                ];
                steps.push(Step::new(format!(
                    "loopy games are equal when their generalized values are: {a} {} {b}",
                    if equal { "=" } else { "≠" }
                )));
                let headline = format!("{lhs_text} {op} {rhs_text} is {holds}.");
                (headline, Some(holds), steps)
            }
        };
        Ok(Proof {
            headline,
            holds,
            steps,
            folded: Folded::No,
        })
    }

    /// Why a game is worth its generalized value: a sum by the sum rule, anything else by the
    /// labelling's reasons, with a cycle for a draw.
    fn loopy_value_steps(&mut self, game: GameId, text: &str) -> Result<Vec<Step>> {
        let value = self.arena.value(game)?;
        if let crate::game::Node::Sum(parts) = self.arena.node(game).clone() {
            let mut steps = Vec::new();
            let mut terms = Vec::new();
            for &part in parts.iter() {
                let part_value = self.arena.value(part)?;
                let name = self.name(part);
                steps.push(
                    Step::new(format!("{name} ≡ {part_value}")).because(self.labelled_steps(
                        part,
                        &name,
                        &part_value,
                    )?),
                );
                terms.push(part_value.to_string());
            }
            steps.push(Step::new(format!(
                "a sum adds values: a ⊕ b for nimbers, a + ∞K = ∞(K ⊕ a), and ∞ + ∞ = ∞ (every \
                 move leaves one part ∞): {} = {value}",
                terms.join(" + ")
            )));
            steps.push(Step::new(outcome_reason(&value)));
            return Ok(steps);
        }
        let mut steps = self.labelled_steps(game, text, &value)?;
        steps.push(Step::new(outcome_reason(&value)));
        Ok(steps)
    }

    /// The labelling's reasons for one game's value, from its options' values.
    fn labelled_steps(
        &mut self,
        game: GameId,
        text: &str,
        value: &LoopyValue,
    ) -> Result<Vec<Step>> {
        let options = self.arena.options(game)?;
        let mut valued = Vec::with_capacity(options.len());
        for option in options {
            valued.push((option, self.arena.value(option)?));
        }
        let finite: FxHashSet<u64> = valued.iter().filter_map(|(_, v)| v.finite()).collect();
        let mut finite: Vec<u64> = finite.into_iter().collect();
        finite.sort_unstable();
        let m = crate::game::reduce::mex(finite.iter().copied());
        let shown: Vec<String> = valued
            .iter()
            .take(LISTED)
            .map(|(o, v)| format!("{} ≡ {v}", self.name(*o)))
            .collect();
        let more = valued.len().saturating_sub(LISTED);
        let mut steps = vec![Step::new(match valued.len() {
            0 => format!("{text} has no options"),
            _ if more > 0 => format!("its options: {}, … {more} more", shown.join(", ")),
            _ => format!("its options: {}", shown.join(", ")),
        })];
        let k = finite
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        steps.push(Step::new(format!(
            "the finite values among them are {{{k}}}, whose mex is {m}"
        )));
        match value {
            LoopyValue::Finite(n) => {
                // Every option worth more than n, or ∞, is answered by a move back to n.
                for (option, option_value) in &valued {
                    let above = match option_value {
                        LoopyValue::Finite(v) => v > n,
                        LoopyValue::Infinite(_) => true,
                    };
                    if !above || !self.arena.is_loopy(*option) {
                        continue;
                    }
                    if let Some(back) = self.move_to_value(*option, *n)? {
                        steps.push(Step::new(format!(
                            "{} ≡ {option_value} is answered by a move back to {}: {} → {} ≡ {}",
                            self.name(*option),
                            crate::game::show_nimber(*n),
                            self.name(*option),
                            self.name(back),
                            crate::game::show_nimber(*n),
                        )));
                    }
                }
                if self.arena.is_loopy(game) {
                    steps.push(Step::new(format!(
                        "so {text} is worth {value}: its reply to every move leads to a position \
                         settled earlier in the labelling, so play cannot go round for ever"
                    )));
                }
            }
            LoopyValue::Infinite(_) => {
                let blocking = valued.iter().find(|(_, v)| match v {
                    LoopyValue::Infinite(k) => k.binary_search(&m).is_err(),
                    LoopyValue::Finite(_) => false,
                });
                if let Some((option, option_value)) = blocking {
                    steps.push(Step::new(format!(
                        "it is not worth {m}: its option {} ≡ {option_value} has no move to a \
                         position worth {m}, so a move there cannot be answered back to {m}; \
                         no larger value fits either ({m} is missing among the options), so \
                         {text} ≡ {value}",
                        self.name(*option),
                    )));
                }
                if value.outcome() == Outcome::Draw
                    && let Some(cycle) = self.draw_cycle(game)?
                {
                    steps.push(Step::new(format!(
                        "neither player can force a win: moving to a draw, each keeps it, and \
                         play goes round {cycle}"
                    )));
                }
            }
        }
        Ok(steps)
    }

    /// An option of `game` worth exactly n, if there is one.
    fn move_to_value(&mut self, game: GameId, n: u64) -> Result<Option<GameId>> {
        for option in self.arena.options(game)? {
            if self.arena.value(option)? == LoopyValue::Finite(n) {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }

    /// From a draw, moves to draws until a position comes back: the cycle, as names.
    fn draw_cycle(&mut self, start: GameId) -> Result<Option<String>> {
        let mut walk = vec![start];
        let mut at = start;
        for _ in 0..LISTED * 4 {
            let mut next = None;
            for option in self.arena.options(at)? {
                if self.arena.value(option)?.outcome() == Outcome::Draw {
                    next = Some(option);
                    break;
                }
            }
            let Some(next) = next else {
                return Ok(None);
            };
            if let Some(i) = walk.iter().position(|&g| g == next) {
                let mut names: Vec<String> = walk[i..].iter().map(|&g| self.name(g)).collect();
                names.push(self.name(next));
                return Ok(Some(names.join(" → ")));
            }
            walk.push(next);
            at = next;
        }
        Ok(None)
    }
}

/// `the player to move wins`, for a headline.
fn verdict(value: &LoopyValue) -> &'static str {
    match value.outcome() {
        Outcome::Winning => "the player to move wins",
        Outcome::Losing => "the player to move loses",
        Outcome::Draw => "a draw: neither player can force a win",
    }
}

/// Why the value gives the outcome.
fn outcome_reason(value: &LoopyValue) -> String {
    match value {
        LoopyValue::Finite(0) => "0: every move goes to a position from which a move back to a 0 \
                                  wins, so the player to move loses"
            .to_owned(),
        LoopyValue::Finite(_) => {
            "a nimber other than 0: the player to move wins by moving to a 0".to_owned()
        }
        LoopyValue::Infinite(k) if k.contains(&0) => {
            format!("{value}: 0 is in K, so the player to move wins by moving to a 0")
        }
        LoopyValue::Infinite(_) => format!(
            "{value}: 0 is not in K, so no move wins, yet no move has to be made to a \
             position that wins for the opponent: a draw"
        ),
    }
}
