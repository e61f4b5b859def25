//! How a game gets its value. A game with options: the mex of their values (mex rule). A sum:
//! copies cancel in pairs (copycat principle), the other parts are replaced by their values,
//! part by part, and the heaps left add by the nim-sum rule. Sums are never expanded.

use super::{Explainer, Result, Rule, Step, binary_columns, listed_options, values_text};

/// Piles from here on are explained by their period when it is known.
pub(super) const FAR_OUT: u64 = 50;
use crate::game::{
    GameError, GameId, HeapGameId, Node, SubtractionId, Survey, periodicity_proof, show_nimber,
};

impl Explainer<'_> {
    /// Steps proving `G ≡ *v`, the last of which says it. A nim heap needs none.
    pub(super) fn derive(&mut self, id: GameId, depth: usize) -> Result<Vec<Step>> {
        // A game the user wrote is derived from its options, even when it is a heap.
        if matches!(self.arena.node(id), Node::Nim(_)) && self.written_of(id).is_none() {
            return Ok(Vec::new());
        }
        if let Some(shown) = self.shown.get(&id) {
            let name = self.name(id);
            // One game may be called two ways (`rook(1, 2)`, `rook(2, 1)`).
            let shown = match *shown == name {
                true => String::new(),
                false => format!(" as {shown}"),
            };
            let value = self.value(id)?;
            return Ok(vec![Step::new(format!(
                "{name} ≡ {value} (shown above{shown})"
            ))]);
        }
        self.progress("why: games derived")?;
        let before = self.built;
        // The game asked about is stated under the name it was typed (see `derive_typed`).
        let mut steps = match depth > 1 {
            true => self.stated(id, &self.name(id)),
            false => Vec::new(),
        };
        steps.extend(match self.arena.node(id).clone() {
            Node::Sum(parts) => self.derive_sum(id, &parts, depth)?,
            Node::Product { left, right } => self.derive_product(id, left, right, depth)?,
            Node::Rook { row, column } => self.derive_rook(id, row, column),
            Node::Subtraction { pile, set } if self.is_far_out(pile, set) => {
                self.derive_periodic(id, pile, set, depth)?
            }
            Node::Heap { game, size } if self.heap_is_far_out(game, size) => {
                self.derive_heap_periodic(id, game, size, depth)?
            }
            Node::Wythoff { row, column } if self.wythoff_is_far_out(row, column) => {
                self.derive_wythoff_periodic(id, row, column, depth)?
            }
            Node::Hackenbush(picture) => {
                let picture = self.arena.picture_of(picture).clone();
                self.derive_picture(id, &picture)?
            }
            _ => vec![self.derive_mex(id, depth)?],
        });
        // The games derived inside counted their own lines.
        let inside = self.built - before;
        self.built(lines(&steps).saturating_sub(inside))?;
        self.shown.insert(id, self.name(id));
        Ok(steps)
    }

    /// `G = A + B + C`, when the ruleset that made G said why it is that sum (or product):
    /// the theorem in its words, before the parts are added up.
    pub(super) fn stated(&self, id: GameId, name: &str) -> Vec<Step> {
        let Some(reason) = self.names.reason_of(id) else {
            return Vec::new();
        };
        let made = match self.arena.node(id) {
            Node::Sum(parts) => self.sum_text(id, &(0..parts.len()).collect::<Vec<_>>()),
            &Node::Product { left, right } => {
                format!("{} ⊗ {}", self.factor_name(left), self.factor_name(right))
            }
            _ => return Vec::new(),
        };
        if name == made {
            return Vec::new();
        }
        vec![Step::new(format!("{name} = {made}")).cite(reason)]
    }

    /// Below the depth limit, the derivation of a part; at it, only its value (folded).
    pub(super) fn derive_or_fold(&mut self, id: GameId, depth: usize) -> Result<Vec<Step>> {
        if depth < self.fold.depth || self.shown.contains_key(&id) {
            return self.derive(id, depth + 1);
        }
        if !matches!(self.arena.node(id), Node::Nim(_)) {
            self.folded = true;
        }
        Ok(Vec::new())
    }

    /// Whether a pile lies past the stretch whose values prove the period, and far enough for
    /// the period to be the shorter argument (a small pile reads better by mex).
    fn is_far_out(&self, pile: u64, set: SubtractionId) -> bool {
        let sequence = self.arena.subtraction_sequence(set);
        let window = sequence.moves().last().copied().unwrap_or(0);
        sequence
            .period()
            .is_some_and(|p| pile >= (p.window_start + p.length + window).max(FAR_OUT))
    }

    /// `sub(n, S) ≡ sub(r, S)` for the r in the first period with n ≡ r.
    fn derive_periodic(
        &mut self,
        id: GameId,
        pile: u64,
        set: SubtractionId,
        depth: usize,
    ) -> Result<Vec<Step>> {
        let sequence = self.arena.subtraction_sequence(set);
        let period = sequence.period().expect("checked by is_far_out");
        let moves = sequence.moves().to_vec();
        let window = moves.last().copied().unwrap_or(0);
        let (start, length) = (period.preperiod, period.length);
        let (times, rest) = ((pile - start) / length, (pile - start) % length);
        let base = self.arena.subtraction(start + rest, &moves)?;
        let value = self.value(id)?;
        let (name, base_name) = (self.name(id), self.name(base));
        let mut detail = vec![format!(
            "its values repeat with period {length} from n = {start}:"
        )];
        detail.push(period.proof(window));
        detail.push(format!(
            "{pile} = {start} + {length}·{times} + {rest}, so {name} ≡ {base_name} ≡ {value}"
        ));
        let because = self.derive_or_fold(base, depth)?;
        Ok(vec![
            Step::new(format!("{name} ≡ {value}"))
                .by(Rule::RepeatedWindow)
                .detail(detail)
                .because(because),
        ])
    }

    /// Whether a heap lies past the values that prove its game's period.
    fn heap_is_far_out(&self, game: HeapGameId, size: u64) -> bool {
        let sequence = self.arena.heap_sequence(game);
        sequence
            .period()
            .is_some_and(|p| size >= p.checked_to.max(p.preperiod + p.period).max(FAR_OUT))
    }

    /// `kayles(n) ≡ kayles(r)` for the r in the first period with n ≡ r.
    fn derive_heap_periodic(
        &mut self,
        id: GameId,
        game: HeapGameId,
        size: u64,
        depth: usize,
    ) -> Result<Vec<Step>> {
        let sequence = self.arena.heap_sequence(game);
        let period = sequence.period().expect("checked by heap_is_far_out");
        let rules = sequence.game().clone();
        let (start, length) = (period.preperiod, period.period);
        let (times, rest) = ((size - start) / length, (size - start) % length);
        let base = self.arena.heap(&rules, start + rest)?;
        let value = self.value(id)?;
        let (name, base_name) = (self.name(id), self.name(base));
        let mut detail = vec![format!(
            "its values repeat with period {length} from n = {start}:"
        )];
        detail.push(periodicity_proof(&rules, &period));
        detail.push(format!(
            "{size} = {start} + {length}·{times} + {rest}, so {name} ≡ {base_name} ≡ {value}"
        ));
        let because = self.derive_or_fold(base, depth)?;
        Ok(vec![
            Step::new(format!("{name} ≡ {value}"))
                .by(Rule::OctalPeriodicity)
                .detail(detail)
                .because(because),
        ])
    }

    /// The rook game is two nim heaps: moving up takes from one, moving left from the other.
    fn derive_rook(&mut self, id: GameId, row: u64, column: u64) -> Vec<Step> {
        let name = self.name(id);
        let sum = Step::new(format!("{name} ≡ *{row} + *{column}"))
            .by(Rule::SumDefinition)
            .detail(vec![format!(
                "moving up takes rows from a heap of {row}, moving left takes columns from a heap of {column}"
            )]);
        let total = row ^ column;
        let mut xor = Step::new(format!(
            "*{row} + *{column} ≡ *({row} ⊕ {column}) = {}",
            show_nimber(total)
        ))
        .by(Rule::NimSum);
        if row > 0 && column > 0 && row.max(column) < 1 << 20 {
            xor = xor.detail(binary_columns(&[row, column]));
        }
        vec![sum, xor]
    }

    /// `G ≡ *m` because its options are worth ... and mex{...} = m.
    fn derive_mex(&mut self, id: GameId, depth: usize) -> Result<Step> {
        let name = self.name(id);
        let survey = match self.written_survey(id) {
            Some(survey) => Ok(survey?),
            None => self.arena.survey(id, self.fold.width),
        };
        let survey = match survey {
            Ok(survey) => survey,
            Err(GameError::TooManyOptions { count, .. }) => {
                let value = self.value(id)?;
                let note = match *self.arena.node(id) {
                    Node::Wythoff { row, column } if row.min(column) == 0 => format!(
                        "one pile is empty, so the queen moves along the other only: it is a \
                         nim heap of {} chips",
                        row.max(column)
                    ),
                    _ => format!(
                        "it has {count} options, too many to list; its value comes from its table"
                    ),
                };
                return Ok(Step::new(format!("{name} ≡ {value}")).detail(vec![note]));
            }
            Err(error) => return Err(error),
        };
        self.read_options(survey.count)?;
        let value = survey.mex();
        let listed = &survey.shown;
        let mut detail = Vec::new();
        if survey.count == 0 {
            detail.push(format!("it has no options, so mex{{}} = 0 and {name} ≡ 0"));
        } else {
            let shown: Vec<String> = listed
                .iter()
                .enumerate()
                .map(|(i, &(o, v))| {
                    let option = match survey.names.get(i) {
                        Some(written) => written.clone(),
                        None => self.name(o),
                    };
                    format!("{option} ≡ {}", show_nimber(v))
                })
                .collect();
            detail.push(format!("its options: {}", shown.join(", ")));
            if (listed.len() as u64) < survey.count {
                detail.push(format!(
                    "… and {} more options, none ≡ {}",
                    survey.count - listed.len() as u64,
                    show_nimber(value)
                ));
            }
            detail.push(format!(
                "mex{{{}}} = {value}, so {name} ≡ {}",
                values_text(&survey.values),
                show_nimber(value)
            ));
        }
        let mut because = Vec::new();
        for (i, &(option, _)) in listed.iter().enumerate() {
            // A game written twice (`rook(0, 2)`, `rook(2, 0)`) is derived once here, as
            // its first name calls it.
            if listed[..i].iter().any(|&(earlier, _)| earlier == option) {
                continue;
            }
            because.extend(match survey.names.get(i) {
                Some(name) => self.at(option, name, |this| this.derive_or_fold(option, depth))?,
                None => self.derive_or_fold(option, depth)?,
            });
        }
        Ok(Step::new(format!("{name} ≡ {}", show_nimber(value)))
            .by(Rule::Mex)
            .detail(detail)
            .because(because))
    }

    /// The options of a game as the user wrote them, by value, if it is one of their own
    /// (see [`Survey`] and [`listed_options`]).
    fn written_survey(&mut self, id: GameId) -> Option<Result<Survey>> {
        let written = self.options_of(id)?.clone();
        let mut values = Vec::with_capacity(written.options.len());
        for &(_, option) in &written.options {
            match self.arena.nimber(option) {
                Ok(value) => values.push(value),
                Err(error) => return Some(Err(error)),
            }
        }
        let listed = listed_options(&values, self.fold.width);
        let names = listed
            .iter()
            .map(|&i| written.options[i].0.clone())
            .collect();
        let shown = listed
            .iter()
            .map(|&i| (written.options[i].1, values[i]))
            .collect();
        values.sort_unstable();
        values.dedup();
        Some(Ok(Survey {
            count: written.options.len() as u64,
            values,
            names,
            shown,
        }))
    }

    /// A sum: cancel copies, replace parts by their values, then add the heaps. Parts are
    /// named as they were written, so two copies may read differently (`rook(1, 2)` and
    /// `rook(2, 1)` are one game).
    fn derive_sum(&mut self, id: GameId, parts: &[GameId], depth: usize) -> Result<Vec<Step>> {
        let mut steps = Vec::new();
        let mut remaining: Vec<usize> = Vec::new();
        let mut distinct: Vec<GameId> = Vec::new();
        for &part in parts {
            if !distinct.contains(&part) {
                distinct.push(part);
            }
        }
        for &part in &distinct {
            let copies: Vec<usize> = (0..parts.len()).filter(|&i| parts[i] == part).collect();
            // An odd copy out is the first, the one the sum is written with first.
            let (kept, paired) = copies.split_at(copies.len() % 2);
            remaining.extend(kept);
            steps.extend(self.copycat(id, paired));
        }
        remaining.sort_unstable();
        let whole = self.name(id);
        // `G + G ≡ 0` already says it all when the sum is one pair.
        let one_pair = remaining.is_empty() && steps.len() == 1 && parts.len() == 2;
        if remaining.len() < parts.len() && !one_pair {
            let rest = self.sum_text(id, &remaining);
            steps.push(Step::new(format!("so {whole} ≡ {rest}")));
        }
        let mut values = Vec::with_capacity(remaining.len());
        let mut replaced = false;
        for &index in &remaining {
            let part = parts[index];
            if let Node::Nim(chips) = self.arena.node(part)
                && !self.part_asked(id, index)
            {
                values.push(*chips);
                continue;
            }
            let (derivation, name) = self.in_part(id, index, |explainer| {
                let derivation = explainer.derive_or_fold(part, depth);
                (derivation, explainer.name(part))
            });
            let derivation = derivation?;
            if derivation.is_empty() {
                let value = self.value(part)?;
                steps.push(Step::new(format!("{name} ≡ {value}")));
            }
            steps.extend(derivation);
            values.push(self.arena.nimber(part)?);
            replaced = true;
        }
        let heaps = heaps_text(&values);
        if replaced {
            let before = self.sum_text(id, &remaining);
            steps.push(Step::new(format!("so {before} ≡ {heaps}")).by(Rule::ReplacePart));
        }
        if values.len() >= 2 {
            let total = values.iter().fold(0, |acc, v| acc ^ v);
            let xor: Vec<String> = values.iter().map(u64::to_string).collect();
            let mut step = Step::new(format!(
                "{heaps} ≡ *({}) = {}",
                xor.join(" ⊕ "),
                show_nimber(total)
            ))
            .by(Rule::NimSum);
            if values.iter().filter(|&&v| v > 0).count() >= 2 && values.iter().all(|&v| v < 1 << 20)
            {
                step = step.detail(binary_columns(&values));
            }
            steps.push(step);
        }
        Ok(steps)
    }

    /// `G + G ≡ 0` for copies of one game in the sum `sum` (at these places, an even number):
    /// one step for copies written alike, one a pair for copies written differently.
    fn copycat(&self, sum: GameId, copies: &[usize]) -> Vec<Step> {
        let names: Vec<String> = copies.iter().map(|&i| self.part_name(sum, i)).collect();
        if names.is_empty() {
            return Vec::new();
        }
        if names.iter().all(|name| *name == names[0]) {
            let name = &names[0];
            let pairs = match names.len() / 2 {
                1 => String::new(),
                n => format!(" ({n} pairs)"),
            };
            return vec![Step::new(format!("{name} + {name} ≡ 0{pairs}")).by(Rule::Copycat)];
        }
        names
            .chunks(2)
            .map(|pair| {
                let (a, b) = (&pair[0], &pair[1]);
                Step::new(format!("{a} + {b} ≡ 0"))
                    .by(Rule::Copycat)
                    .detail(vec![format!("{a} and {b} are one game")])
            })
            .collect()
    }

    /// The parts of `sum` at these places, as written: `*5 + #7`, `0` for none.
    fn sum_text(&self, sum: GameId, places: &[usize]) -> String {
        if places.is_empty() {
            return "0".to_owned();
        }
        places
            .iter()
            .map(|&i| self.part_name(sum, i))
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// Lines the steps take when printed.
fn lines(steps: &[Step]) -> u64 {
    steps
        .iter()
        .map(|step| 1 + step.detail.len() as u64 + lines(&step.because))
        .sum()
}

/// `*5 + *3`
pub(super) fn heaps_text(values: &[u64]) -> String {
    if values.is_empty() {
        return "0".to_owned();
    }
    values
        .iter()
        .map(|v| format!("*{v}"))
        .collect::<Vec<_>>()
        .join(" + ")
}
