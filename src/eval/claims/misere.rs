//! Answers and asserts in misère play: a game prints its misère facts, a claim says it was
//! decided in misère play, and a false `assert misere G == H` names a game X that tells G
//! and H apart, checked by play.

use miette::LabeledSpan;

use crate::eval::{Result, Session};

use crate::eval::report::answer::{Answer, Verdict};

use crate::eval::values::Value;
use crate::game::misere::{Play, Rule};
use crate::game::{GameError, GameId};
use crate::source::Span;
use crate::syntax::ast::{BinOp, Expr, ExprKind, Outcome};

/// A failed assert's verdict, labels and help.
pub(in crate::eval) type Failure = (Verdict, Vec<LabeledSpan>, String);

/// Characters of a distinguishing game's simplest form shown in a help line.
const SHOWN_FORM: usize = 120;
/// Characters of a distinguishing game written out in a help line (which a diagnostic shows
/// up to 1000 characters); a longer one is left to `why`.
const SPELLED_IN_HELP: usize = 600;
/// A simplest form longer than this is left out of a help line that can do without it.
const SHORT_FORM: usize = 40;

impl Session {
    /// The convention a claim was decided in: misère if any of it asked a misère question.
    pub(in crate::eval) fn decided_in(&self) -> Play {
        if self.claims.misere_used {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// What a statement prints for its value: a game in misère play by its misère facts, a
    /// truth decided in misère play saying so. `expr` is the statement's expression.
    pub(in crate::eval) fn answer_in_play(&mut self, value: Value, expr: &Expr) -> Result<Answer> {
        let (play, inner) = self.unplay(expr);
        // `simplest(G)` is a misère notion: its game is told by its misère facts, not by a
        // normal-play nimber, unless `normal simplest(G)` asks for that.
        let said = !std::ptr::eq(inner, expr.unparen());
        let simplest = !said
            && matches!(&inner.unparen().kind, ExprKind::Call { callee, .. }
            if &*callee.name == "simplest" && !self.program.globals.contains_key(&callee.name));
        match value {
            Value::Game(id) if play == Play::Misere || simplest => {
                self.misere_answer(id, expr.span)
            }
            Value::Bool(b) if self.claims.misere_used => Ok(Answer::MisereTruth(b)),
            value => self.answer(value, expr.span),
        }
    }

    /// A game's misère outcome, genus and simplest form.
    fn misere_answer(&mut self, id: GameId, span: Span) -> Result<Answer> {
        self.claims.misere_used = true;
        let summary = crate::explain::misere_summary(&mut self.arena, id)
            .map_err(|e| self.misere_error(e, span))?;
        Ok(Answer::Misere(summary))
    }

    /// An `assert` about games in misère play: `G is losing`, `G == H`, `G != H`. `None` for
    /// any other claim, which the normal path checks (reading the convention as it goes).
    pub(in crate::eval) fn misere_assert(
        &mut self,
        claim: &Expr,
    ) -> Result<Option<std::result::Result<Verdict, Failure>>> {
        match &claim.kind {
            ExprKind::Claim { game, outcome, .. } => {
                let value = self.eval_root(game)?;
                let id = self.game_operand(&value, game)?;
                let losing = self.losing(id, game.span)?;
                let left = self.misere_side(id, game.span)?;
                let verdict = Verdict {
                    holds: *outcome != Outcome::Draw && losing == (*outcome == Outcome::Losing),
                    claim: crate::eval::claims::play::claim_words(*outcome),
                    left,
                    right: None,
                    play: Play::Misere,
                };
                if verdict.holds {
                    return Ok(Some(Ok(verdict)));
                }
                let (position, who) = if losing {
                    ("P", "loses")
                } else {
                    ("N", "wins")
                };
                let label =
                    format!("this is a misère {position}-position: the player to move {who}");
                let text = self.typed(game.span);
                let why = format!(
                    "`why misere {text} is {}` shows why",
                    if losing { "losing" } else { "winning" }
                );
                let help = format!(
                    "misère play: {}; {why}",
                    self.decided_by(id, &text, game.span)?
                );
                let labels = vec![LabeledSpan::new_with_span(Some(label), game.span)];
                Ok(Some(Err((verdict, labels, help))))
            }
            ExprKind::Chain { first, rest }
                if rest.len() == 1 && matches!(rest[0].0, BinOp::Eq | BinOp::Ne) =>
            {
                let (op, _, second) = &rest[0];
                let Some((a, b)) = self.compared_games(first, second)? else {
                    return Ok(None);
                };
                let equal = self.games_equal((a, first.span), (b, second.span))?;
                let verdict = Verdict {
                    holds: equal == (*op == BinOp::Eq),
                    claim: op.symbol(),
                    left: self.misere_side(a, first.span)?,
                    right: Some(self.misere_side(b, second.span)?),
                    play: Play::Misere,
                };
                if verdict.holds {
                    return Ok(Some(Ok(verdict)));
                }
                let (a_form, b_form) = (
                    self.form_text(a, first.span)?,
                    self.form_text(b, second.span)?,
                );
                let labels = vec![
                    LabeledSpan::new_with_span(
                        Some(format!("in misère play this is {a_form}")),
                        first.span,
                    ),
                    LabeledSpan::new_with_span(
                        Some(format!("in misère play this is {b_form}")),
                        second.span,
                    ),
                ];
                let help = if equal {
                    format!(
                        "misère play: both sides have the simplest form {a_form}, and games \
                         with the same simplest form are equal in misère play"
                    )
                } else {
                    let texts = (self.typed(first.span), self.typed(second.span));
                    self.told_apart((a, b), texts, first.span.to(second.span))?
                };
                Ok(Some(Err((verdict, labels, help))))
            }
            _ => Ok(None),
        }
    }

    /// A side of a misère claim, as far as deciding the claim told it (no simplest form is
    /// built for it alone).
    fn misere_side(&mut self, id: GameId, span: Span) -> Result<Answer> {
        self.claims.misere_used = true;
        let facts = crate::explain::misere_facts(&mut self.arena, id)
            .map_err(|e| self.misere_error(e, span))?;
        Ok(Answer::Misere(facts))
    }

    /// What decided a misère outcome, for a failed assert's help: Bouton's rule, the tame
    /// parts' genera, or the simplest form (when it is short enough to read).
    fn decided_by(&mut self, id: GameId, text: &str, span: Span) -> Result<String> {
        let rule = (self.arena.misere_rule(id)).map_err(|e| self.misere_error(e, span))?;
        Ok(match rule {
            Rule::Nim(bouton) => format!(
                "by Bouton's rule for misère Nim, {}",
                crate::explain::bouton_rule(&bouton)
            ),
            Rule::Tame { sum, .. } => format!(
                "every part of {text} is tame, and their genera add as nim heaps do, to {sum}, \
                 whose misère value γ0 is {}",
                sum.misere()
            ),
            Rule::Simplest { .. } => {
                let form = self.form_text(id, span)?;
                if form.chars().count() <= SHORT_FORM {
                    format!("{text} has the simplest form {form}")
                } else {
                    "the player who cannot move wins".to_owned()
                }
            }
        })
    }

    /// Why two games are not equal in misère play: a game X with G + X and H + X of
    /// different outcomes, checked by play.
    fn told_apart(
        &mut self,
        (a, b): (GameId, GameId),
        (a_text, b_text): (String, String),
        span: Span,
    ) -> Result<String> {
        match self.arena.misere_distinguisher(a, b) {
            Ok(Some(found)) => {
                // In full, to be played: its repeated parts named (`X1`, ...) and defined.
                let x = self.arena.misere_spelled(found.form, "X");
                let (first, second) = if found.first_losing {
                    ("losing", "winning")
                } else {
                    ("winning", "losing")
                };
                let x = x.to_string();
                let x = if x.chars().count() <= SPELLED_IN_HELP {
                    format!("for X = {x}")
                } else {
                    format!(
                        "for a game X that `why misere {a_text} == {b_text}` writes out in full \
                         ({} characters)",
                        x.chars().count()
                    )
                };
                Ok(format!(
                    "misère play: {} + X is {first} but {} + X is {second}, {x}",
                    operand(&a_text),
                    operand(&b_text)
                ))
            }
            Ok(None) => unreachable!("games of different simplest forms are told apart"),
            // Conway's construction recurses as deep as the games' birthdays.
            Err(GameError::TooLong { depth, .. }) => Ok(format!(
                "misère play: their simplest forms differ, so some game tells them apart, but \
                 they are born on day {depth}, too late for one to be built"
            )),
            Err(error) => Err(self.misere_error(error, span)),
        }
    }

    fn form_text(&mut self, id: GameId, span: Span) -> Result<String> {
        let form = (self.arena.misere_form(id)).map_err(|e| self.misere_error(e, span))?;
        Ok(self.arena.misere_show(form, SHOWN_FORM))
    }
}

/// A side of a claim as written, to be added to: in parentheses when an operator other than
/// `+` stands outside its brackets (`if ...`, `misere G`).
fn operand(text: &str) -> String {
    let mut depth = 0usize;
    let mut outside = String::new();
    for c in text.replace(" + ", "+").chars() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth = depth.saturating_sub(1),
            c if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    if outside.contains(' ') {
        format!("({text})")
    } else {
        text.to_owned()
    }
}
