//! A game that tells two inequivalent games apart, and an independent check of it.
//!
//! If G ≡ *g and H ≡ *h with g ≠ h, then J = *g does it: G + J ≡ 0 is losing and
//! H + J ≡ *(h ⊕ g) is winning. Before it is printed, both outcomes are also found by playing
//! the games out move by move (the definition of winning and losing, no nimbers), as far as a
//! budget of positions allows.

use rustc_hash::FxHashMap;

use super::{Explainer, Result, Rule, Step};
use crate::game::{GameError, GameId, show_nimber};

/// Positions played out to check a counterexample before falling back on nimbers.
const PLAY_OUT_BUDGET: usize = 20_000;
/// Options looked at in all while playing out: a few large positions (a heap of 10 000 has
/// 5 000 options) must not cost what 20 000 of them would.
const PLAY_OUT_OPTIONS: u64 = 200_000;

impl Explainer<'_> {
    /// A game J with G + J losing and H + J winning, if G and H are not equivalent.
    pub fn distinguisher(&mut self, lhs: GameId, rhs: GameId) -> Result<Option<GameId>> {
        let g = self.arena.nimber(lhs)?;
        if g == self.arena.nimber(rhs)? {
            return Ok(None);
        }
        Ok(Some(self.arena.nim(g)?))
    }

    pub(super) fn distinguish(
        &mut self,
        lhs: GameId,
        rhs: GameId,
        left: &str,
        right: &str,
    ) -> Result<Vec<Step>> {
        let (g, h) = (self.arena.nimber(lhs)?, self.arena.nimber(rhs)?);
        let Some(j) = self.distinguisher(lhs, rhs)? else {
            return Ok(Vec::new());
        };
        let with_left = self.arena.sum(&[lhs, j])?;
        let with_right = self.arena.sum(&[rhs, j])?;
        let j_text = show_nimber(g);
        let by_nimbers = self.arena.nimber(with_left)? == 0 && self.arena.nimber(with_right)? != 0;
        let via = match (g, left == j_text) {
            (0, _) => format!(" ≡ {left}"),
            (_, true) => String::new(),
            _ => format!(" ≡ {j_text} + {j_text}"),
        };
        let mut losing = Step::new(format!(
            "{left} + {j_text}{via} ≡ 0: the player to move loses"
        ));
        if g != 0 {
            losing = losing.by(Rule::Copycat);
        }
        let (winning_move, _) = self.arena.first_winning_moves(with_right, 1)?;
        let reply = winning_move
            .first()
            .map(|(how, to)| self.describe_move(with_right, how, *to));
        let mut winning = Step::new(format!(
            "{right} + {j_text} ≡ *({h} ⊕ {g}) = {}: the player to move wins",
            show_nimber(h ^ g)
        ))
        .by(Rule::NimSum);
        if let Some(reply) = reply {
            winning = winning.detail(vec![format!("by {reply}")]);
        }
        let mut steps = vec![
            Step::new(format!("a game that tells them apart: J = {j_text}"))
                .by(Rule::Definition)
                .because(vec![losing, winning]),
            Step::new(format!(
                "{left} + J and {right} + J have different outcomes, so {left} ≢ {right}"
            ))
            .by(Rule::Definition),
        ];
        let check = match (self.play_out(with_left)?, self.play_out(with_right)?) {
            (Some((false, a)), Some((true, b))) if by_nimbers => {
                format!(
                    "checked by playing both out move by move, without nimbers ({} positions)",
                    a + b
                )
            }
            (None, _) | (_, None) if by_nimbers => {
                "checked with nimbers; the games are too large to play out move by move".to_owned()
            }
            // The theorems say this cannot happen; if it does, say so rather than claim a proof.
            _ => "CHECK FAILED: playing out disagrees with the nimbers; this is a bug in grundy"
                .to_owned(),
        };
        steps.push(Step::new(format!("({check})")));
        Ok(steps)
    }

    /// Whether the player to move wins, by the definition alone: a game is winning iff some
    /// option is losing. `None` when more than `PLAY_OUT_BUDGET` (20 000) positions would be needed.
    pub fn play_out(&mut self, root: GameId) -> Result<Option<(bool, usize)>> {
        let mut winning: FxHashMap<GameId, bool> = FxHashMap::default();
        // Each frame: a position, its options, and how many of them were looked at.
        let mut stack: Vec<(GameId, Vec<GameId>, usize)> = Vec::new();
        // Each of the root's k options is looked into, each with about as many of its own:
        // past k² options, the budget could never suffice, so nothing is built in vain.
        let count = self.arena.option_count(root);
        if count.saturating_mul(count) > PLAY_OUT_OPTIONS {
            return Ok(None);
        }
        let mut looked_at = 0;
        match self.options_within_budget(root, winning.len(), &mut looked_at)? {
            Some(options) => stack.push((root, options, 0)),
            None => return Ok(None),
        }
        while let Some((position, options, next)) = stack.last_mut() {
            let position = *position;
            let Some(&option) = options.get(*next) else {
                winning.insert(position, false);
                stack.pop();
                continue;
            };
            // An option is passed over only once its outcome is known.
            match winning.get(&option) {
                Some(false) => {
                    winning.insert(position, true);
                    stack.pop();
                }
                Some(true) => *next += 1,
                None => match self.options_within_budget(
                    option,
                    winning.len() + stack.len(),
                    &mut looked_at,
                )? {
                    Some(options) => stack.push((option, options, 0)),
                    None => return Ok(None),
                },
            }
        }
        Ok(Some((winning[&root], winning.len())))
    }

    fn options_within_budget(
        &mut self,
        id: GameId,
        used: usize,
        looked_at: &mut u64,
    ) -> Result<Option<Vec<GameId>>> {
        let count = self.arena.option_count(id);
        *looked_at = looked_at.saturating_add(count);
        if used >= PLAY_OUT_BUDGET || *looked_at > PLAY_OUT_OPTIONS {
            return Ok(None);
        }
        self.progress("checking by playing out")?;
        match self.arena.options(id) {
            Ok(options) => Ok(Some(options)),
            Err(GameError::TooManyOptions { .. }) => Ok(None),
            Err(error) => Err(error),
        }
    }
}
