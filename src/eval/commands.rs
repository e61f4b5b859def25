//! `why`, `moves`, `options`, `tree` and `dot`: evaluate the target, then ask the explainer.

use super::{Result, Session, Value};
use crate::explain::{Claim, Explainer, Explanation, Folded, Proof, Step, binary_columns};
use crate::syntax::ast::{BinOp, Expr, ExprKind, Outcome, Verb};

/// How deep `tree` draws, and `tree full`.
const TREE_DEPTH: usize = 3;
const TREE_FULL_DEPTH: usize = 12;

impl Session {
    pub(super) fn explain(&mut self, verb: Verb, full: bool, target: &Expr) -> Result<Explanation> {
        if verb == Verb::Why {
            return match self.claim(target)? {
                Some(claim) => {
                    let mut explainer =
                        Explainer::new(&mut self.arena, &self.names.by_game, self.fold);
                    let proof = explainer
                        .prove(&claim, full)
                        .map_err(|e| self.game_error(e, target.span))?;
                    Ok(Explanation::Proof(proof))
                }
                None => self.plain_proof(target),
            };
        }
        let value = self.eval_root(target)?;
        let game = self.game_value(&value, target.span)?;
        let typed = self.sources.text(target.span).to_owned();
        let mut explainer =
            Explainer::new(&mut self.arena, &self.names.by_game, self.fold).typed(game, &typed);
        let explanation = match verb {
            Verb::Moves => explainer.moves(game, full).map(Explanation::Moves),
            Verb::Options => explainer.options(game).map(Explanation::Options),
            Verb::Tree => {
                let depth = if full { TREE_FULL_DEPTH } else { TREE_DEPTH };
                explainer.tree(game, depth).map(Explanation::Tree)
            }
            Verb::Dot => explainer.dot(game).map(Explanation::Dot),
            Verb::Why => unreachable!("handled above"),
        };
        explanation.map_err(|e| self.game_error(e, target.span))
    }

    /// The claim about games `why` is asked, or `None` if it is about integers.
    fn claim(&mut self, target: &Expr) -> Result<Option<Claim>> {
        match &target.unparen().kind {
            ExprKind::Chain { first, rest }
                if rest.len() == 1 && matches!(rest[0].0, BinOp::Eq | BinOp::Ne) =>
            {
                let (op, _, second) = &rest[0];
                let left = self.eval_root(first)?;
                let right = self.eval_root(second)?;
                let is_game = |v: &Value| matches!(v, Value::Game(_) | Value::Int(0));
                let games = matches!(left, Value::Game(_)) || matches!(right, Value::Game(_));
                if !(games && is_game(&left) && is_game(&right)) {
                    return Ok(None);
                }
                Ok(Some(Claim::Equivalent {
                    lhs: self.game_value(&left, first.span)?,
                    rhs: self.game_value(&right, second.span)?,
                    negated: *op == BinOp::Ne,
                    lhs_text: self.sources.text(first.span).to_owned(),
                    rhs_text: self.sources.text(second.span).to_owned(),
                }))
            }
            ExprKind::Claim { game, outcome, .. } => {
                let value = self.eval_root(game)?;
                Ok(Some(Claim::Outcome {
                    game: self.game_value(&value, game.span)?,
                    losing: *outcome == Outcome::Losing,
                    text: self.sources.text(game.span).to_owned(),
                }))
            }
            _ => match self.eval_root(target)? {
                Value::Game(game) => Ok(Some(Claim::Value {
                    game,
                    text: self.sources.text(target.span).to_owned(),
                })),
                _ => Ok(None),
            },
        }
    }

    /// `why` of something that is not about games: its value, and the binary columns of a
    /// nim-sum of integers (`why 11 ^ 13 == 6`).
    fn plain_proof(&mut self, target: &Expr) -> Result<Explanation> {
        let value = self.eval_root(target)?;
        let text = self.sources.text(target.span).to_owned();
        let shown = self.describe_value(&value);
        let mut steps = Vec::new();
        if let Some(terms) = self.xor_terms(target)? {
            let names: Vec<String> = terms.iter().map(u64::to_string).collect();
            let total = terms.iter().fold(0, |acc, t| acc ^ t);
            let step = Step::new(format!("{} = {total}", names.join(" ⊕ ")))
                .detail(binary_columns(&terms));
            steps.push(step);
        }
        let headline = match value {
            Value::Bool(holds) => format!("{text}: {holds}."),
            _ => format!("{text} = {shown}."),
        };
        let holds = match value {
            Value::Bool(holds) => Some(holds),
            _ => None,
        };
        Ok(Explanation::Proof(Proof {
            headline,
            holds,
            steps,
            folded: Folded::No,
        }))
    }

    /// The terms of `a ^ b ^ c`, on its own or on one side of a comparison.
    fn xor_terms(&mut self, target: &Expr) -> Result<Option<Vec<u64>>> {
        let ExprKind::Chain { first, rest } = &target.unparen().kind else {
            return Ok(None);
        };
        if rest.len() == 1 && rest[0].0.chain_level() == Some(2) {
            return match self.xor_terms(first)? {
                Some(terms) => Ok(Some(terms)),
                None => self.xor_terms(&rest[0].2),
            };
        }
        if !rest.iter().all(|(op, _, _)| *op == BinOp::Xor) {
            return Ok(None);
        }
        let mut terms = Vec::new();
        for expr in std::iter::once(&**first).chain(rest.iter().map(|(_, _, e)| e)) {
            match self.eval_root(expr)? {
                Value::Int(n) if n >= 0 => terms.push(n as u64),
                _ => return Ok(None),
            }
        }
        Ok(Some(terms))
    }
}
