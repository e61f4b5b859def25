//! `why`, `moves`, `options`, `tree` and `dot`: evaluate the target, then ask the explainer.

use crate::eval::names::wording::Reach;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::explain::{Claim, Explainer, Explanation, Fold, TREE_WIDTH, Wording};
use crate::game::GameId;
use crate::game::misere::Play;
use crate::syntax::ast::{BinOp, Expr, ExprKind, Outcome, Verb};

/// How deep `tree` draws, and `tree full`.
const TREE_DEPTH: usize = 3;
const TREE_FULL_DEPTH: usize = 12;
/// Lines a tree may take: a full tree past it is refused before it is built, not printed
/// for pages (a tree of 3 levels of 10 options stays well below it).
const TREE_LINES: usize = 20_000;

impl Session {
    pub(in crate::eval) fn explain(
        &mut self,
        verb: Verb,
        full: bool,
        all: bool,
        target: &Expr,
    ) -> Result<Explanation> {
        // `why misere G == H`, `moves misere G`: the convention is the explainer's too.
        let (play, target) = self.unplay(target);
        self.in_play(play, |session| {
            session.explain_in_play(verb, full, all, target)
        })
    }

    fn explain_in_play(
        &mut self,
        verb: Verb,
        full: bool,
        all: bool,
        target: &Expr,
    ) -> Result<Explanation> {
        let play = self.claims.current_play;
        if play == Play::Misere {
            self.claims.misere_used = true;
        }
        if verb == Verb::Why {
            if let Some(proof) = self.quantifier_proof(target, full)? {
                return Ok(proof);
            }
            return match self.claim(target)? {
                Some(claim) => {
                    let reach = Reach::Proof(if full { Fold::FULL } else { self.fold });
                    let mut written = Wording::default();
                    for side in claim_sides(target) {
                        written.extend(self.wording(side, reach)?);
                    }
                    let names = crate::eval::names::Scoped::new(
                        &self.naming.names,
                        self.naming.families.as_ref(),
                    );
                    let explainer = Explainer::new(&mut self.arena, &names, self.fold).play(play);
                    let mut explainer = explainer.written(written);
                    let proof = explainer
                        .prove(&claim, full)
                        .map_err(|e| self.game_error(e, target.span))?;
                    Ok(Explanation::Proof(proof))
                }
                None => self.plain_proof(target, full),
            };
        }
        let value = self.eval_root(target)?;
        let game = self.game_value(&value, target.span)?;
        if verb == Verb::Dot {
            self.drawable(game, target.span)?;
        }
        let typed = self.typed(target.span);
        let reach = match verb {
            Verb::Tree if full => Reach::Tree {
                depth: TREE_FULL_DEPTH,
                width: usize::MAX,
            },
            Verb::Tree => Reach::Tree {
                depth: TREE_DEPTH,
                width: TREE_WIDTH,
            },
            _ => Reach::Root,
        };
        let written = self.wording(target, reach)?;
        let names =
            crate::eval::names::Scoped::new(&self.naming.names, self.naming.families.as_ref());
        let mut explainer = Explainer::new(&mut self.arena, &names, self.fold)
            .play(play)
            .typed(game, &typed)
            .written(written);
        let explanation = match verb {
            Verb::Moves => explainer.moves_in_play(game, all, full),
            Verb::Options => explainer.options_in_play(game, full),
            Verb::Tree => {
                let depth = if full { TREE_FULL_DEPTH } else { TREE_DEPTH };
                explainer
                    .tree(game, depth, full, TREE_LINES)
                    .map(Explanation::Tree)
            }
            Verb::Dot => explainer.dot(game).map(Explanation::Dot),
            Verb::Why => unreachable!("handled above"),
        };
        explanation.map_err(|e| self.game_error(e, target.span))
    }

    /// The two games of `G == H` or `G != H` (0 counting as a game beside one), or `None`
    /// when the sides are not games.
    pub(in crate::eval) fn compared_games(
        &mut self,
        first: &Expr,
        second: &Expr,
    ) -> Result<Option<(GameId, GameId)>> {
        let left = self.eval_root(first)?;
        let right = self.eval_root(second)?;
        let is_game = |v: &Value| matches!(v, Value::Game(_) | Value::Int(0));
        let games = matches!(left, Value::Game(_)) || matches!(right, Value::Game(_));
        if !(games && is_game(&left) && is_game(&right)) {
            return Ok(None);
        }
        let lhs = self.game_value(&left, first.span)?;
        Ok(Some((lhs, self.game_value(&right, second.span)?)))
    }

    /// The claim about games `why` is asked, or `None` if it is about integers.
    fn claim(&mut self, target: &Expr) -> Result<Option<Claim>> {
        match &target.unparen().kind {
            ExprKind::Chain { first, rest }
                if rest.len() == 1 && matches!(rest[0].0, BinOp::Eq | BinOp::Ne) =>
            {
                let (op, _, second) = &rest[0];
                let Some((lhs, rhs)) = self.compared_games(first, second)? else {
                    return Ok(None);
                };
                Ok(Some(Claim::Equivalent {
                    lhs,
                    rhs,
                    negated: *op == BinOp::Ne,
                    lhs_text: self.typed(first.span),
                    rhs_text: self.typed(second.span),
                }))
            }
            ExprKind::Claim { game, outcome, .. } => {
                let value = self.eval_root(game)?;
                let id = self.game_value(&value, game.span)?;
                let text = self.typed(game.span);
                Ok(Some(match outcome {
                    Outcome::Draw => Claim::Draw { game: id, text },
                    _ => Claim::Outcome {
                        game: id,
                        losing: *outcome == Outcome::Losing,
                        text,
                    },
                }))
            }
            _ => match self.eval_root(target)? {
                Value::Game(game) => Ok(Some(Claim::Value {
                    game,
                    text: self.typed(target.span),
                })),
                _ => Ok(None),
            },
        }
    }
}

/// The sides of a claim about games, as written.
fn claim_sides(target: &Expr) -> Vec<&Expr> {
    match &target.unparen().kind {
        ExprKind::Chain { first, rest } if rest.len() == 1 => vec![&**first, &rest[0].2],
        ExprKind::Claim { game, .. } => vec![&**game],
        _ => vec![target],
    }
}
