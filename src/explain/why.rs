//! `why`: proofs of equivalences, outcomes and values, shortest route first.

use super::derive::heaps_text;
use super::{Explainer, Fold, Folded, Proof, Result, Rule, Step};
use crate::game::{GameError, GameId, Node, show_nimber};

/// What `why` is asked to prove. The texts are the sides as the user typed them.
#[derive(Clone, Debug)]
pub enum Claim {
    /// `G == H`, or `G != H` when `negated`.
    Equivalent {
        lhs: GameId,
        rhs: GameId,
        negated: bool,
        lhs_text: String,
        rhs_text: String,
    },
    /// `G is losing` (`losing`) or `G is winning`.
    Outcome {
        game: GameId,
        losing: bool,
        text: String,
    },
    /// `why G`: the value of G.
    Value { game: GameId, text: String },
    /// `G is draw`: neither player can force a win (a loopy game).
    Draw { game: GameId, text: String },
}

impl Explainer<'_> {
    /// A proof of the claim, folded to a screenful unless `full`: the deepest one (up to
    /// the fold's depth) that fits its lines. Deeper proofs show more, so the depth is found
    /// by doubling from 1 and then bisection (a failed attempt at a great depth costs the
    /// most), and an attempt is given up as soon as it passes the lines.
    pub fn prove(&mut self, claim: &Claim, full: bool) -> Result<Proof> {
        if self.play == crate::game::misere::Play::Normal && self.loopy_claim(claim) {
            return self.loopy_proof(claim);
        }
        let fold = if full { Fold::FULL } else { self.fold };
        if let Some(proof) = self.attempt(claim, fold, fold.depth, full)? {
            return Ok(proof);
        }
        // Depth `fits` always does (nothing is folded into it at depth 0); `fails` does not.
        let (mut fits, mut fails) = (0, fold.depth);
        let mut best = None;
        let mut depth = 1;
        while depth < fails {
            match self.attempt(claim, fold, depth, full)? {
                Some(proof) => (fits, best) = (depth, Some(proof)),
                None => fails = depth,
            }
            depth = depth.saturating_mul(2);
        }
        while fails - fits > 1 {
            let middle = (fits + fails) / 2;
            match self.attempt(claim, fold, middle, full)? {
                Some(proof) => (fits, best) = (middle, Some(proof)),
                None => fails = middle,
            }
        }
        match best {
            Some(proof) => Ok(proof),
            None => Ok(self
                .attempt(claim, fold, 0, full)?
                .expect("depth 0 always fits")),
        }
    }

    /// The proof with steps folded below `depth`, or `None` if it passes the fold's lines
    /// (never at depth 0: something must be shown).
    fn attempt(
        &mut self,
        claim: &Claim,
        fold: Fold,
        depth: usize,
        full: bool,
    ) -> Result<Option<Proof>> {
        let room = (depth > 0).then_some(fold.lines as u64);
        self.reset(Fold { depth, ..fold }, room);
        let mut proof = match self.build(claim) {
            Ok(proof) => proof,
            Err(GameError::TooLong { .. }) if depth > 0 => return Ok(None),
            Err(error) => return Err(error),
        };
        proof.folded = match (self.folded, full) {
            (false, _) => Folded::No,
            (true, false) => Folded::ToFit,
            (true, true) => Folded::EvenInFull { depth },
        };
        let fits = proof.lines().len() <= fold.lines || depth == 0;
        Ok(fits.then_some(proof))
    }

    fn build(&mut self, claim: &Claim) -> Result<Proof> {
        if self.play == crate::game::misere::Play::Misere {
            return self.misere_proof(claim);
        }
        match claim {
            Claim::Equivalent {
                lhs,
                rhs,
                negated,
                lhs_text,
                rhs_text,
            } => self.equivalence(*lhs, *rhs, *negated, lhs_text, rhs_text),
            Claim::Outcome { game, losing, text } => self.outcome(*game, *losing, text),
            Claim::Draw { .. } => self.loopy_proof(claim),
            Claim::Value { game, text } => {
                let value = self.arena.nimber(*game)?;
                let who = if value == 0 { "loses" } else { "wins" };
                let mut steps = self.derive_typed(*game, text)?;
                if steps.is_empty() {
                    steps.push(Step::new(format!(
                        "{text} is a nim heap: its value is itself"
                    )));
                }
                let headline =
                    format!("{text} ≡ {}: the player to move {who}.", show_nimber(value));
                Ok(Proof {
                    headline,
                    holds: None,
                    steps,
                    folded: Folded::No,
                })
            }
        }
    }

    fn equivalence(
        &mut self,
        lhs: GameId,
        rhs: GameId,
        negated: bool,
        left: &str,
        right: &str,
    ) -> Result<Proof> {
        let (g, h) = (self.arena.nimber(lhs)?, self.arena.nimber(rhs)?);
        let holds = (g == h) != negated;
        let relation = if negated { "≢" } else { "≡" };
        let headline = format!("{left} {relation} {right}: {holds}.");
        let value = show_nimber(g);
        let mut steps = self.derive_typed(lhs, left)?;
        // `rook(3, 0) == *3` is one node twice: the heap needs no derivation of its own.
        if lhs != rhs || right != value {
            steps.extend(self.derive_typed(rhs, right)?);
        }
        if g == h {
            if left == right {
                steps.push(Step::new(format!("{left} and {right} are the same game")));
            } else if steps.is_empty() {
                steps.push(Step::new(format!("{left} and {right} are both {value}")));
            } else {
                let text = format!("both sides are {value}, so {left} ≡ {right}");
                steps.push(Step::new(text).by(Rule::Transitivity));
            }
            if let Some(step) = self.pairing(lhs, rhs, left, right)? {
                steps.push(step);
            }
            if let Some(step) = self.sum_is_zero(lhs, rhs, left, right) {
                steps.push(step);
            }
        } else {
            let heaps = matches!(self.arena.node(lhs), Node::Nim(_))
                && matches!(self.arena.node(rhs), Node::Nim(_));
            let text = if heaps && left == value && right == show_nimber(h) {
                format!("{left} and {right} are nim heaps of different sizes")
            } else {
                format!(
                    "{left} ≡ {value} but {right} ≡ {}, and {value} ≢ {}",
                    show_nimber(h),
                    show_nimber(h)
                )
            };
            steps.push(Step::new(text).by(Rule::HeapsDiffer));
            steps.extend(self.distinguish(lhs, rhs, left, right)?);
        }
        Ok(Proof {
            headline,
            holds: Some(holds),
            steps,
            folded: Folded::No,
        })
    }

    /// The derivation of a side of a claim. A side typed as an option set that is a heap
    /// (`<*0, *1, *1>` is the node `*2`) still gets its mex step, under the name it was typed.
    fn derive_typed(&mut self, id: GameId, typed: &str) -> Result<Vec<Step>> {
        if let Node::Nim(chips) = *self.arena.node(id)
            && typed.starts_with('<')
            && chips as usize <= self.fold.width
        {
            let options: Vec<String> = (0..chips)
                .map(|k| format!("*{k} ≡ {}", show_nimber(k)))
                .collect();
            let mut detail = vec![format!("its options: {}", options.join(", "))];
            let values: Vec<String> = (0..chips).map(|k| k.to_string()).collect();
            detail.push(format!(
                "mex{{{}}} = {chips}, so {typed} ≡ {}",
                values.join(", "),
                show_nimber(chips)
            ));
            return Ok(vec![
                Step::new(format!("{typed} ≡ {}", show_nimber(chips)))
                    .by(Rule::Mex)
                    .detail(detail),
            ]);
        }
        let mut steps = self.stated(id, typed);
        steps.extend(self.derive(id, 1)?);
        Ok(steps)
    }

    /// Lemma 4.3, when the options of both sides pair off one to one by value.
    fn pairing(
        &mut self,
        lhs: GameId,
        rhs: GameId,
        left: &str,
        right: &str,
    ) -> Result<Option<Step>> {
        let limit = self.fold.width as u64;
        if self.arena.option_count(lhs) > limit || self.arena.option_count(rhs) > limit {
            return Ok(None);
        }
        let mut sides = Vec::new();
        for side in [lhs, rhs] {
            let mut options = Vec::new();
            for (_, to) in self.arena.moves(side)? {
                if !options.iter().any(|&(seen, _)| seen == to) {
                    options.push((to, self.arena.nimber(to)?));
                }
            }
            options.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            sides.push(options);
        }
        let values = |side: &[(GameId, u64)]| side.iter().map(|&(_, v)| v).collect::<Vec<_>>();
        if sides[0].is_empty() || values(&sides[0]) != values(&sides[1]) {
            return Ok(None);
        }
        let names: Vec<(String, String)> = sides[0]
            .iter()
            .zip(&sides[1])
            .map(|(&(a, _), &(b, _))| {
                (
                    self.option_name(lhs, left, a),
                    self.option_name(rhs, right, b),
                )
            })
            .collect();
        let width = names
            .iter()
            .map(|(a, _)| a.chars().count())
            .chain([left.chars().count()])
            .max()
            .unwrap_or(0);
        let mut table = vec![format!("{left:width$}     {right}")];
        for (a, b) in names {
            table.push(format!("{a:width$}  ≡  {b}"));
        }
        Ok(Some(
            Step::new("their options also pair off, each equivalent to its partner:")
                .by(Rule::OptionPairing)
                .detail(table),
        ))
    }

    /// An option of a side of a claim: as the side's body writes it, when the side is a
    /// call of a family of the user's own.
    fn option_name(&self, side: GameId, typed: &str, option: GameId) -> String {
        let written = self
            .written_of(side)
            .filter(|written| written.name == typed);
        let as_written = written.and_then(|written| {
            written
                .options
                .iter()
                .find(|&&(_, id)| id == option)
                .map(|(name, _)| name.clone())
        });
        as_written.unwrap_or_else(|| self.name(option))
    }

    /// Lemma 4.2, when both sides are nim heaps or sums of them: G + H ≡ 0.
    fn sum_is_zero(&self, lhs: GameId, rhs: GameId, left: &str, right: &str) -> Option<Step> {
        let heaps = |id: GameId| -> Option<Vec<u64>> {
            match self.arena.node(id) {
                Node::Nim(n) => Some(vec![*n]),
                Node::Sum(parts) => parts
                    .iter()
                    .map(|&p| match self.arena.node(p) {
                        Node::Nim(n) => Some(*n),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            }
        };
        let mut all = heaps(lhs)?;
        all.extend(heaps(rhs)?);
        if all.len() < 3 {
            return None;
        }
        let xor: Vec<String> = all.iter().map(u64::to_string).collect();
        let text = format!(
            "also: {} ≡ *({}) = 0 is losing, so {left} ≡ {right}",
            heaps_text(&all),
            xor.join(" ⊕ ")
        );
        Some(Step::new(text).by(Rule::SumIsZero))
    }

    fn outcome(&mut self, game: GameId, losing: bool, text: &str) -> Result<Proof> {
        let value = self.arena.nimber(game)?;
        let holds = (value == 0) == losing;
        let claimed = if losing { "losing" } else { "winning" };
        let headline = format!("{text} is {claimed}: {holds}.");
        let mut steps = self.derive_typed(game, text)?;
        let name = self.name(game);
        if value == 0 {
            steps.push(
                Step::new(format!("{name} ≡ 0, so the player to move loses"))
                    .by(Rule::LosingIsZero),
            );
            steps.push(self.no_winning_move(game)?);
        } else {
            let text = format!(
                "{name} ≡ {} ≢ 0, so the player to move wins",
                show_nimber(value)
            );
            steps.push(Step::new(text).by(Rule::LosingIsZero));
            let (winning, count) = if self.has_written(game) {
                let winning = self.winning_moves(game)?;
                let count = winning.len() as u64;
                (winning.into_iter().take(3).collect(), count)
            } else {
                self.arena.first_winning_moves(game, 3)?
            };
            let shown: Vec<String> = winning
                .iter()
                .map(|(how, to)| self.describe_move(game, how, *to))
                .collect();
            let lead = if count == 1 {
                "the winning move"
            } else {
                "a winning move"
            };
            let mut step =
                Step::new(format!("{lead}: {}, leaving a game ≡ 0", shown[0])).by(Rule::Outcome);
            if shown.len() > 1 {
                step = step.detail(shown[1..].iter().map(|s| format!("or {s}")).collect());
            }
            steps.push(step);
        }
        Ok(Proof {
            headline,
            holds: Some(holds),
            steps,
            folded: Folded::No,
        })
    }

    /// Why a losing game has no winning move: every option is worth something.
    fn no_winning_move(&mut self, game: GameId) -> Result<Step> {
        let count = self.move_count(game);
        if count == 0 {
            return Ok(Step::new(format!(
                "{} has no moves at all",
                self.name(game)
            )));
        }
        let mut step = Step::new(format!(
            "no move wins: each of its {count} options is ≢ 0, a win for the opponent"
        ))
        .by(Rule::Outcome);
        if let Node::Sum(parts) = self.arena.node(game)
            && parts.len() == 2
            && parts[0] == parts[1]
        {
            step = step.detail(vec![
                "whatever is played in one copy, the opponent copies in the other".into(),
            ]);
        } else if count <= self.fold.width as u64 {
            let mut lines = Vec::new();
            for (how, to) in self.first_moves(game, usize::MAX)? {
                let value = show_nimber(self.arena.nimber(to)?);
                lines.push(format!(
                    "{}, leaving {} ≡ {value}",
                    self.describe_move(game, &how, to),
                    self.name(to)
                ));
            }
            step = step.detail(lines);
        }
        Ok(step)
    }
}
