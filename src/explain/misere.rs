//! Explanations in misère play, in the literature's words: Bouton's rule for misère Nim,
//! genera of tame games (Conway), simplest forms with their reversible options, the search
//! where the mex rule does not decide, and distinguishing games checked by play.

use std::fmt;

use super::{Explainer, Folded, Proof, Result, Rule, Step, binary_columns};
use crate::game::misere::genus::{self, Untamed};
use crate::game::misere::nim::NimMove;
use crate::game::misere::{Bouton, CanonId, Class, Genus, Play, Rule as Decided};
use crate::game::moves::Move;
use crate::game::{Arena, GameId};

/// Characters of a simplest form printed before it is cut short.
const FORM_WIDTH: usize = 160;

/// What `misere G` prints: the outcome, the genus and what it says, the simplest form.
#[derive(Clone, Debug, PartialEq)]
pub struct MisereSummary {
    pub losing: bool,
    pub genus: Genus,
    pub class: Class,
    /// The simplest form, as grundy reads it (cut short past a screen line); `None` when the
    /// outcome was decided without it (see [`misere_facts`]).
    pub simplest: Option<String>,
}

impl fmt::Display for MisereSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let outcome = if self.losing {
            "P (the player to move loses)"
        } else {
            "N (the player to move wins)"
        };
        write!(
            f,
            "misère {outcome} · genus {} ({})",
            self.genus,
            self.class.word()
        )?;
        match &self.simplest {
            Some(form) => write!(f, " · simplest form {form}"),
            None => Ok(()),
        }
    }
}

/// The misère facts of a game.
pub fn misere_summary(arena: &mut Arena, game: GameId) -> Result<MisereSummary> {
    let losing = arena.misere_losing(game)?;
    let (genus, class) = arena.misere_genus(game)?;
    let form = arena.misere_form(game)?;
    Ok(MisereSummary {
        losing,
        genus,
        class,
        simplest: Some(arena.misere_show(form, FORM_WIDTH)),
    })
}

/// The misère facts of a game as far as the rule that decides its outcome gives them (what
/// an assert reports of its sides): a sum of nim heaps or of tame games has its genus from
/// its parts', and its simplest form only when it is a nim heap; the simplest form of the
/// whole is built only when the rule needs it.
pub fn misere_facts(arena: &mut Arena, game: GameId) -> Result<MisereSummary> {
    match arena.misere_rule(game)? {
        Decided::Simplest { form } => {
            let canon = arena.misere_canon();
            let (losing, genus, class) = (canon.is_p(form), canon.genus(form), canon.class(form));
            Ok(MisereSummary {
                losing,
                genus,
                class,
                simplest: Some(arena.misere_show(form, FORM_WIDTH)),
            })
        }
        Decided::Nim(bouton) => {
            let genera: Vec<Genus> = bouton.heaps.iter().map(|&h| genus::nim_heap(h)).collect();
            let heap = bouton.as_heap();
            Ok(MisereSummary {
                losing: bouton.losing(),
                genus: genus::tame_sum(&genera),
                class: if heap.is_some() {
                    Class::NimHeap
                } else {
                    Class::Tame
                },
                simplest: heap.map(crate::game::show_nimber),
            })
        }
        Decided::Tame { sum, .. } => Ok(MisereSummary {
            losing: sum.misere() == 0,
            genus: sum,
            class: Class::Tame,
            simplest: None,
        }),
    }
}

/// `moves misere G`: the winning moves in misère play (or every move, with its outcome).
#[derive(Clone, Debug, PartialEq)]
pub struct MisereMoves {
    pub game: String,
    pub losing: bool,
    pub all: bool,
    /// How many moves the game has in all.
    pub total: u64,
    pub moves: Vec<MisereMove>,
    /// Moves left out to keep the list short.
    pub hidden: usize,
    /// For misère Nim, the part of Bouton's rule the position is in.
    pub rule: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MisereMove {
    /// `*3 → *1: remove 2 chips from the pile of 3`
    pub description: String,
    /// The whole game after the move.
    pub result: String,
    pub to: GameId,
    /// Whether the player who then moves loses (so the move wins).
    pub to_losing: bool,
    /// Why, for a move of misère Nim.
    pub reason: Option<String>,
}

impl fmt::Display for MisereMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let outcome = if self.losing {
            "misère P-position: the player to move loses"
        } else {
            "misère N-position: the player to move wins"
        };
        writeln!(f, "{} is a {outcome} (misère play).", self.game)?;
        if let Some(rule) = &self.rule {
            writeln!(f, "Bouton's rule for misère Nim: {rule}")?;
        }
        if !self.all && self.moves.is_empty() {
            return write!(f, "No move wins: every move leaves a misère N-position.");
        }
        let head = if self.all {
            format!("Every move ({}):", self.total)
        } else {
            let count = self.moves.len();
            format!("Winning move{}:", if count == 1 { "" } else { "s" })
        };
        write!(f, "{head}")?;
        for line in &self.moves {
            let outcome = if line.to_losing { "P" } else { "N" };
            let (how, result) = (&line.description, &line.result);
            if how.contains("leaving") {
                write!(f, "\n  {how}; the game is then {result} (misère {outcome})")?;
            } else {
                write!(f, "\n  {how}, leaving {result} (misère {outcome})")?;
            }
            if let Some(reason) = &line.reason {
                write!(f, ": {reason}")?;
            }
        }
        if self.hidden > 0 {
            write!(f, "\n  … {} more", self.hidden)?;
        }
        Ok(())
    }
}

/// Moves listed before the rest are counted (`full`: all of them, within reason).
const SHOWN: usize = 30;

impl Explainer<'_> {
    /// `moves G` in the explainer's play convention.
    pub fn moves_in_play(
        &mut self,
        game: GameId,
        all: bool,
        full: bool,
    ) -> Result<super::Explanation> {
        match self.play {
            Play::Normal if self.arena.reaches_loopy(game) => self.loopy_moves(game, all),
            Play::Normal => self.moves(game, all, full).map(super::Explanation::Moves),
            Play::Misere => {
                (self.misere_moves(game, all, full)).map(super::Explanation::MisereMoves)
            }
        }
    }

    /// `options G` in the explainer's play convention: in misère play, every move with the
    /// misère outcome it leaves.
    pub fn options_in_play(&mut self, game: GameId, full: bool) -> Result<super::Explanation> {
        match self.play {
            Play::Normal if self.arena.reaches_loopy(game) => self.loopy_moves(game, true),
            Play::Normal => self.options(game, full).map(super::Explanation::Options),
            Play::Misere => {
                (self.misere_moves(game, true, full)).map(super::Explanation::MisereMoves)
            }
        }
    }

    /// `moves misere G` or `moves all misere G`.
    pub fn misere_moves(&mut self, game: GameId, all: bool, full: bool) -> Result<MisereMoves> {
        let losing = self.arena.misere_losing(game)?;
        let total = self.move_count(game);
        let shown = if full {
            super::listing::FULL_LISTING
        } else {
            SHOWN
        };
        let bouton = match self.arena.misere_rule(game)? {
            Decided::Nim(bouton) => Some(bouton),
            _ => None,
        };
        let listed = if all {
            self.first_moves(game, shown)?
        } else {
            self.every_move(game)?
        };
        let mut moves = Vec::new();
        let mut winning = 0usize;
        for (how, to) in listed {
            let to_losing = self.arena.misere_losing(to)?;
            if !all && !to_losing {
                continue;
            }
            winning += 1;
            if moves.len() >= shown {
                continue;
            }
            let reason = match &bouton {
                Some(bouton) if to_losing => nim_move_of(bouton, &how).map(|m| bouton_reason(&m)),
                _ => None,
            };
            moves.push(MisereMove {
                description: self.describe_move(game, &how, to),
                result: self.reached(game, &how, to),
                to,
                to_losing,
                reason,
            });
        }
        let hidden = if all {
            (total as usize).saturating_sub(moves.len())
        } else {
            winning - moves.len()
        };
        Ok(MisereMoves {
            game: self.name(game),
            losing,
            all,
            total,
            moves,
            hidden,
            rule: bouton.as_ref().map(bouton_rule),
        })
    }

    /// Every move of a game, a game of the user's own (or such a part of a sum) moving as
    /// its body writes it, with the words it gives the move (`as "take 3"`).
    fn every_move(&mut self, game: GameId) -> Result<Vec<(Move, GameId)>> {
        if self.has_written(game) {
            self.first_moves(game, usize::MAX)
        } else {
            self.arena.moves(game)
        }
    }

    /// `why misere ...`: a proof in misère play.
    pub(super) fn misere_proof(&mut self, claim: &super::Claim) -> Result<Proof> {
        use super::Claim;
        match claim {
            Claim::Outcome { game, losing, text } => {
                let is = self.arena.misere_losing(*game)?;
                let holds = is == *losing;
                let said = if *losing { "losing" } else { "winning" };
                let headline = format!("In misère play, {text} is {said}: {holds}.");
                let steps = self.misere_outcome_steps(*game, text)?;
                Ok(proof(headline, Some(holds), steps, self.folded))
            }
            Claim::Equivalent {
                lhs,
                rhs,
                negated,
                lhs_text,
                rhs_text,
            } => self.misere_equivalence(*lhs, *rhs, *negated, lhs_text, rhs_text),
            Claim::Draw { text, .. } => {
                let headline = format!(
                    "In misère play, {text} is draw: false. A game that ends is won by one \
                     player or the other; draws are of loopy games, in normal play."
                );
                Ok(proof(headline, Some(false), Vec::new(), false))
            }
            Claim::Value { game, text } => {
                let summary = misere_summary(self.arena, *game)?;
                let who = if summary.losing { "loses" } else { "wins" };
                let headline = format!("In misère play the player to move {who} {text}.");
                let mut steps = self.misere_outcome_steps(*game, text)?;
                steps.push(self.genus_step(*game, text)?);
                if let Some(form) = &summary.simplest {
                    steps.push(Step::new(format!("its simplest form is {form}")));
                }
                Ok(proof(headline, None, steps, self.folded))
            }
        }
    }

    /// Why a game is won or lost in misère play: by Bouton's rule, by genera, or by search.
    fn misere_outcome_steps(&mut self, game: GameId, text: &str) -> Result<Vec<Step>> {
        let losing = self.arena.misere_losing(game)?;
        let who = if losing { "loses" } else { "wins" };
        match self.arena.misere_rule(game)? {
            Decided::Nim(bouton) => {
                let said = format!("misère Nim {}", bouton_rule(&bouton));
                let mut rule = Step::new(said).by(Rule::Bouton);
                if bouton.has_large_heap() {
                    rule = rule.detail(binary_columns(&bouton.heaps));
                }
                let mut steps = vec![rule];
                if !losing {
                    for m in bouton.winning_moves().into_iter().take(3) {
                        steps.push(Step::new(format!(
                            "a winning move: the heap of {} to {}, {}",
                            m.from,
                            m.to,
                            bouton_reason(&m)
                        )));
                    }
                }
                steps.push(Step::new(format!("so the player to move {who} {text}")));
                Ok(steps)
            }
            Decided::Tame { parts, sum } => {
                let mut because = Vec::new();
                for (part, genus) in &parts {
                    because.push(Step::new(format!(
                        "{} is tame, of genus {genus}",
                        self.name(*part)
                    )));
                }
                let plays = if sum.is_fickle() {
                    "every part has the genus of 0 or *1, as when only heaps of 0 or 1 are left"
                } else {
                    "some part plays as a heap of two or more"
                };
                Ok(vec![
                    Step::new(format!(
                        "every part is tame, so they add as the nim heaps of their genera: \
                         the sum has genus {sum} ({plays})"
                    ))
                    .by(Rule::TameSum)
                    .because(because),
                    Step::new(format!(
                        "its misère value γ0 is {}, so the player to move {who} {text}",
                        sum.misere()
                    )),
                ])
            }
            Decided::Simplest { .. } => {
                let mut steps = vec![Step::new(
                    "in misère play the mex rule does not decide; here is the search",
                )];
                steps.push(self.search_step(game, text, 0)?);
                Ok(steps)
            }
        }
    }

    /// The search: from a losing game every move leaves a winning one, from a winning game
    /// some move leaves a losing one; a game with no move is won by the player to move.
    fn search_step(&mut self, game: GameId, text: &str, depth: usize) -> Result<Step> {
        self.progress("why: games searched")?;
        self.built(1)?;
        let losing = self.arena.misere_losing(game)?;
        let count = self.move_count(game);
        if count == 0 {
            return Ok(Step::new(format!(
                "{text} has no move: the player to move wins (misère play)"
            ))
            .by(Rule::MisereOutcome));
        }
        let deeper = depth + 1 < self.fold.depth;
        if !losing {
            let (how, to) = self
                .every_move(game)?
                .into_iter()
                .find(|(_, to)| self.arena.misere_losing(*to).unwrap_or(false))
                .expect("a winning game has a move to a losing one");
            let name = self.reached(game, &how, to);
            let mut step = Step::new(format!(
                "{text} is winning: it moves to {name}, which is losing"
            ))
            .by(Rule::MisereOutcome);
            if deeper {
                step = step.because(vec![self.search_step(to, &name, depth + 1)?]);
            } else if self.arena.option_count(to) > 0 {
                self.folded = true;
            }
            return Ok(step);
        }
        let moves = self.first_moves(game, self.fold.width)?;
        let mut because = Vec::new();
        if deeper {
            for (how, to) in &moves {
                let name = self.reached(game, how, *to);
                because.push(self.search_step(*to, &name, depth + 1)?);
            }
            if (moves.len() as u64) < count {
                because.push(Step::new(format!(
                    "… and {} more moves, each to a winning game",
                    count - moves.len() as u64
                )));
            }
        } else {
            self.folded = true;
        }
        let each = match count {
            1 => "its only move leaves a winning game".to_owned(),
            2 => "both its moves leave winning games".to_owned(),
            _ => format!("each of its {count} moves leaves a winning game"),
        };
        Ok(Step::new(format!("{text} is losing: {each}"))
            .by(Rule::MisereOutcome)
            .because(because))
    }

    /// How the genus of a game comes from its options'.
    fn genus_step(&mut self, game: GameId, text: &str) -> Result<Step> {
        let (genus, class) = self.arena.misere_genus(game)?;
        let form = self.arena.misere_form(game)?;
        let canon = self.arena.misere_canon();
        let options: Vec<CanonId> = canon.options(form).to_vec();
        let genera: Vec<Genus> = options.iter().map(|&o| canon.genus(o)).collect();
        let set = |values: Vec<u64>| {
            let shown: Vec<String> = values.iter().map(u64::to_string).collect();
            format!("{{{}}}", shown.join(", "))
        };
        let mut detail = Vec::new();
        if genera.is_empty() {
            detail.push("no option: g = 0 and γ0 = 1 (the player to move wins)".to_owned());
        } else {
            let shown: Vec<String> = genera.iter().map(Genus::to_string).collect();
            detail.push(format!("the options' genera: {}", shown.join(", ")));
            let normals = genera.iter().map(|g| g.normal).collect();
            detail.push(format!("g = mex {} = {}", set(normals), genus.normal));
            let firsts = genera.iter().map(|g| g.gamma(0)).collect();
            detail.push(format!("γ0 = mex {} = {}", set(firsts), genus.gamma(0)));
        }
        for n in 1..genus.gammas.len() {
            let before = genus.gamma(n - 1);
            let mut values: Vec<u64> = genera.iter().map(|g| g.gamma(n)).collect();
            values.extend([before, before ^ 1]);
            detail.push(format!(
                "γ{n} = mex {} = {}   (the options' γ{n}, γ{} and γ{} ⊕ 1)",
                set(values),
                genus.gamma(n),
                n - 1,
                n - 1
            ));
        }
        let len = genus.gammas.len();
        detail.push(format!(
            "from there on γ alternates {}, {}",
            genus.gamma(len - 2),
            genus.gamma(len - 1)
        ));
        if let Some((option, why)) = self.arena.misere_canon().wild_because(form) {
            let shown = self.arena.misere_show(option, FORM_WIDTH / 2);
            detail.push(match why {
                Untamed::Needed { misere } => {
                    let (name, game, its) = if misere {
                        let its = self.arena.misere_canon().genus(option).misere();
                        ("γ0", genus.misere(), its)
                    } else {
                        (
                            "g",
                            genus.normal,
                            self.arena.misere_canon().genus(option).normal,
                        )
                    };
                    format!(
                        "a tame genus, but its option {shown} is not tame, and {name} = {game} \
                         needs its {name} of {its} (Conway's tame games leave their untame \
                         options out of their values): wild"
                    )
                }
                Untamed::Irreversible => format!(
                    "a tame genus, but its option {shown} is not tame, and reversing it needs \
                     a tame option of g = {} and one of γ0 = {} among its options; it lacks \
                     one: wild",
                    genus.normal,
                    genus.misere()
                ),
            });
        }
        Ok(
            Step::new(format!("{text} has genus {genus}: it is {}", class.word()))
                .by(Rule::Genus)
                .detail(detail),
        )
    }

    fn misere_equivalence(
        &mut self,
        lhs: GameId,
        rhs: GameId,
        negated: bool,
        left: &str,
        right: &str,
    ) -> Result<Proof> {
        let equal = self.arena.misere_equal(lhs, rhs)?;
        let holds = equal != negated;
        let relation = if negated { "≢" } else { "≡" };
        let headline = format!("In misère play, {left} {relation} {right}: {holds}.");
        let mut steps = vec![
            self.simplest_step(lhs, left)?,
            self.simplest_step(rhs, right)?,
        ];
        if equal {
            steps.push(
                Step::new(format!(
                    "{left} and {right} have the same simplest form, so they are equal in every \
                     sum"
                ))
                .by(Rule::SimplestForms),
            );
        } else {
            steps.push(
                Step::new("their simplest forms differ, so some game tells them apart")
                    .by(Rule::SimplestForms),
            );
            let found = self
                .arena
                .misere_distinguisher(lhs, rhs)?
                .expect("different simplest forms are told apart");
            // Written in full, to be played: its repeated parts named, and defined beneath.
            let x = self.arena.misere_spelled(found.form, "X");
            let (p, n) = if found.first_losing {
                (left, right)
            } else {
                (right, left)
            };
            let parts = (x.parts.iter()).map(|(name, game)| format!("where {name} = {game}"));
            steps.push(
                Step::new(format!(
                    "with X = {}: {p} + X is losing and {n} + X is winning (played out)",
                    x.text
                ))
                .by(Rule::Distinguisher)
                .detail(parts.collect()),
            );
        }
        Ok(proof(headline, Some(holds), steps, self.folded))
    }

    /// A game's simplest form, and the reversible options deleted on the way.
    fn simplest_step(&mut self, game: GameId, text: &str) -> Result<Step> {
        let form = self.arena.misere_form(game)?;
        let shown = self.arena.misere_show(form, FORM_WIDTH);
        let mut because = Vec::new();
        let options = self.arena.options(game).unwrap_or_default();
        if !options.is_empty() && options.len() <= self.fold.width * 4 {
            let mut forms = Vec::new();
            for &option in &options {
                forms.push(self.arena.misere_form(option)?);
            }
            if let Some(reduction) = self.arena.misere_canon().reduction(forms) {
                let names: Vec<String> = (reduction.reversible.iter())
                    .map(|&r| self.arena.misere_show(r, FORM_WIDTH / 2))
                    .collect();
                let through = self.arena.misere_show(reduction.through, FORM_WIDTH / 2);
                let proviso = if reduction.through == crate::game::misere::canonical::ZERO {
                    " (the proviso holds: some option is a misère P-position, so the game is an \
                     N-position, as 0 is)"
                } else {
                    ""
                };
                because.push(
                    Step::new(format!(
                        "the option{} {} {} reversible through {through}, an option of each \
                         equal to the whole; deleted{proviso}",
                        if names.len() == 1 { "" } else { "s" },
                        names.join(", "),
                        if names.len() == 1 { "is" } else { "are" },
                    ))
                    .by(Rule::Reversible),
                );
            }
        }
        let text = if shown == text {
            format!("{text} is in simplest form")
        } else {
            format!("{text} has simplest form {shown}")
        };
        Ok(Step::new(text).because(because))
    }
}

fn proof(headline: String, holds: Option<bool>, steps: Vec<Step>, folded: bool) -> Proof {
    Proof {
        headline,
        holds,
        steps,
        folded: if folded { Folded::ToFit } else { Folded::No },
    }
}

/// The part of Bouton's rule a position of misère Nim is in.
pub fn bouton_rule(bouton: &Bouton) -> String {
    if bouton.has_large_heap() {
        format!(
            "with a heap of two or more chips, as in Nim the player to move loses exactly when \
             the nim-sum is 0 (here {})",
            bouton.nim_sum()
        )
    } else {
        let ones = bouton.ones();
        format!(
            "with only heaps of 0 or 1 chips ({ones} heap{} of one), the player to move loses \
             exactly when the number of ones is odd",
            if ones == 1 { "" } else { "s" }
        )
    }
}

/// Why a move of misère Nim wins, in Bouton's words.
fn bouton_reason(m: &NimMove) -> String {
    if m.endgame {
        "it leaves only heaps of 0 or 1 chips, an odd number of ones".to_owned()
    } else {
        "as in Nim, it leaves a nim-sum of 0 with a heap of two or more".to_owned()
    }
}

/// The move of misère Nim a move of the arena is, if it takes chips from a heap.
fn nim_move_of(bouton: &Bouton, how: &Move) -> Option<NimMove> {
    let (from, to) = match how {
        Move::Take { from, to } => (*from, *to),
        Move::Part { inner, .. } => match **inner {
            Move::Take { from, to } => (from, to),
            _ => return None,
        },
        _ => return None,
    };
    bouton
        .winning_moves()
        .into_iter()
        .find(|m| m.from == from && m.to == to)
}
