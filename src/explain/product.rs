//! How a product of games `G ⊗ H` gets its value: its factors' values (each derived in
//! turn), then the product rule G ⊗ H ≡ *(g ⊗ h) — for a tartan game's head, the Tartan
//! theorem — and the nim product g ⊗ h worked out as Ferguson §5.3 does: binary digits
//! multiplied out by the distributive law, powers of 2 written as products of Fermat 2-powers
//! F = 2^(2^n), which obey (i) F ⊗ x = F·x for x < F and (ii) F ⊗ F = 3F/2.

use rustc_hash::FxHashSet;

use super::{Explainer, Result, Rule, Step};
use crate::game::moves::Move;
use crate::game::nimber::nim_mul;
use crate::game::{GameId, Node, product_move, show_nimber};

impl Explainer<'_> {
    /// `G ⊗ H ≡ *v`: the factors' derivations, then the product rule and, unfolded, the nim
    /// product's.
    pub(super) fn derive_product(
        &mut self,
        id: GameId,
        left: GameId,
        right: GameId,
        depth: usize,
    ) -> Result<Vec<Step>> {
        let mut steps = Vec::new();
        let mut values = Vec::new();
        let mut replaced = false;
        for factor in [left, right] {
            values.push(self.arena.nimber(factor)?);
            if matches!(self.arena.node(factor), Node::Nim(_)) {
                continue;
            }
            let derivation = self.derive_or_fold(factor, depth)?;
            if derivation.is_empty() {
                let value = self.value(factor)?;
                steps.push(Step::new(format!("{} ≡ {value}", self.name(factor))));
            }
            steps.extend(derivation);
            replaced = true;
        }
        let (g, h) = (values[0], values[1]);
        let heaps = format!("*{g} ⊗ *{h}");
        if replaced {
            let factors = format!("{} ⊗ {}", self.factor_name(left), self.factor_name(right));
            steps.push(Step::new(format!("so {factors} ≡ {heaps}")).by(Rule::ReplacePart));
        }
        let value = self.arena.nimber(id)?;
        let mut product =
            Step::new(format!("{heaps} ≡ *({g} ⊗ {h}) = {}", show_nimber(value))).by(Rule::Product);
        if depth < self.fold.depth {
            let mut derivation = NimProduct::new(self.fold.width, self.fold.depth - depth);
            product = product.because(derivation.steps(g, h, 0));
            self.built(derivation.lines)?;
        } else if g > 1 && h > 1 {
            self.folded = true;
        }
        steps.push(product);
        Ok(steps)
    }

    /// The first `count` moves of the product `left ⊗ right` (to games worth `value`, if
    /// given), a factor's moves named as the user wrote its options: each pair of a move in
    /// each factor is one move of the product.
    pub(super) fn product_moves_where(
        &mut self,
        (left, right): (GameId, GameId),
        count: usize,
        value: Option<u64>,
    ) -> Result<Vec<(Move, GameId)>> {
        let (g, h) = (self.arena.nimber(left)?, self.arena.nimber(right)?);
        let left_moves = self.factor_moves(left)?;
        let right_moves = self.factor_moves(right)?;
        let mut found = Vec::new();
        for (left_move, left_to, left_value) in &left_moves {
            for (right_move, right_to, right_value) in &right_moves {
                if found.len() == count {
                    return Ok(found);
                }
                let reached = nim_mul(*left_value, h)
                    ^ nim_mul(g, *right_value)
                    ^ nim_mul(*left_value, *right_value);
                if value.is_some_and(|value| value != reached) {
                    continue;
                }
                let to = self
                    .arena
                    .product_option((left, right), (*left_to, *right_to))?;
                found.push((product_move(left_move, *left_to, right_move, *right_to), to));
            }
        }
        Ok(found)
    }

    /// Every move of a factor, as written if it was, with the value it leads to.
    fn factor_moves(&mut self, factor: GameId) -> Result<Vec<(Move, GameId, u64)>> {
        let moves = self.first_moves(factor, usize::MAX)?;
        moves
            .into_iter()
            .map(|(how, to)| Ok((how, to, self.arena.nimber(to)?)))
            .collect()
    }

    /// A factor's name, bracketed when it is a sum or product itself.
    pub(super) fn factor_name(&self, factor: GameId) -> String {
        let name = self.name(factor);
        let compound = matches!(self.arena.node(factor), Node::Sum(_) | Node::Product { .. });
        match compound && (name.contains(" + ") || name.contains(" ⊗ ")) {
            true => format!("({name})"),
            false => name,
        }
    }
}

/// The steps proving a ⊗ b = its value on integers (`why 24 ⊗ 17 == 128`), folded as a
/// proof is: none when it is immediate (a or b is 0 or 1).
pub fn nim_product_steps(a: u64, b: u64, fold: super::Fold) -> Vec<Step> {
    NimProduct::new(fold.width, fold.depth).steps(a, b, 0)
}

/// The derivation of nim products by Ferguson's rules, each product of powers of 2 worked
/// out once.
struct NimProduct {
    /// Products of two powers of 2 shown so far.
    shown: FxHashSet<(u64, u64)>,
    /// Products of powers of 2 derived under one step before the rest are summed up.
    width: usize,
    /// Levels of derivation shown.
    depth: usize,
    /// Lines built.
    lines: u64,
}

impl NimProduct {
    fn new(width: usize, depth: usize) -> NimProduct {
        NimProduct {
            shown: FxHashSet::default(),
            width,
            depth,
            lines: 0,
        }
    }

    fn step(&mut self, text: String, rule: Rule, detail: Vec<String>) -> Step {
        self.lines += 1 + detail.len() as u64;
        Step::new(text).by(rule).detail(detail)
    }

    /// Steps proving a ⊗ b = its value (none when it is immediate: a or b is 0 or 1).
    fn steps(&mut self, a: u64, b: u64, level: usize) -> Vec<Step> {
        if a <= 1 || b <= 1 || level >= self.depth {
            return Vec::new();
        }
        if a.is_power_of_two() && b.is_power_of_two() {
            return self.powers(a, b, level);
        }
        let value = nim_mul(a, b);
        // Each product once, in whichever order it comes; told in the order it came.
        if !self.shown.insert((a.max(b), a.min(b))) {
            let text = format!("{a} ⊗ {b} = {value} (shown above)");
            self.lines += 1;
            return vec![Step::new(text)];
        }
        let (digits_a, digits_b) = (binary_digits(a), binary_digits(b));
        let terms: Vec<(u64, u64)> = digits_a
            .iter()
            .flat_map(|&p| digits_b.iter().map(move |&q| (p, q)))
            .collect();
        let mut detail = vec![format!(
            "{a} ⊗ {b} = {} ⊗ {}",
            nim_sum_text(&digits_a),
            nim_sum_text(&digits_b)
        )];
        if terms.len() <= 16 {
            let products: Vec<String> = terms.iter().map(|(p, q)| format!("{p} ⊗ {q}")).collect();
            let values: Vec<String> = terms
                .iter()
                .map(|&(p, q)| nim_mul(p, q).to_string())
                .collect();
            detail.push(format!("  = {}", products.join(" ⊕ ")));
            detail.push(format!("  = {} = {value}", values.join(" ⊕ ")));
        } else {
            detail.push(format!(
                "  = the nim-sum of the {} products of a digit of {a} and a digit of {b} = {value}",
                terms.len()
            ));
        }
        let mut because = Vec::new();
        let mut derived = 0;
        let mut more = 0;
        for (p, q) in terms {
            if p.min(q) <= 1 || self.shown.contains(&(p.max(q), p.min(q))) {
                continue;
            }
            if derived == self.width {
                more += 1;
                continue;
            }
            derived += 1;
            because.extend(self.powers(p, q, level + 1));
        }
        if more > 0 {
            because.push(Step::new(format!(
                "… and {more} more products of powers of 2, by the same rules"
            )));
            self.lines += 1;
        }
        let text = format!("{a} ⊗ {b} = {value}");
        vec![
            self.step(text, Rule::DistributiveLaw, detail)
                .because(because),
        ]
    }

    /// Steps proving x ⊗ y for powers of 2 of at least 2, told in the order given.
    fn powers(&mut self, x: u64, y: u64, level: usize) -> Vec<Step> {
        let (p, q) = (x.max(y), x.min(y));
        if level >= self.depth || !self.shown.insert((p, q)) {
            return Vec::new();
        }
        let value = nim_mul(p, q);
        let (i, j) = (p.trailing_zeros(), q.trailing_zeros());
        let common = i & j;
        if common == 0 {
            let factors = fermat_factors(i | j);
            let detail = match factors.len() {
                1 => Vec::new(),
                _ if fermat_factors(i).len() == 1 => {
                    vec![format!("{p} is a Fermat 2-power larger than {q}")]
                }
                _ => vec![format!(
                    "{x} ⊗ {y} = {} ⊗ {} = {}: distinct Fermat 2-powers, each larger than the \
                     product of those before it",
                    factors_text(&fermat_factors(x.trailing_zeros())),
                    factors_text(&fermat_factors(y.trailing_zeros())),
                    factors
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" ⊗ ")
                )],
            };
            let text = format!("{x} ⊗ {y} = {x}·{y} = {value}");
            let rule = match fermat_factors(i).len() {
                1 => Rule::FermatTimesSmaller,
                _ => Rule::DistinctFermatPowers,
            };
            return vec![self.step(text, rule, detail)];
        }
        if i == j && i.is_power_of_two() {
            let text = format!("{p} ⊗ {p} = 3·{p}/2 = {value}");
            return vec![self.step(text, Rule::FermatSquare, Vec::new())];
        }
        // p ⊗ q = (F ⊗ F for each Fermat 2-power in both) ⊗ (the others, multiplied as numbers).
        let squares: Vec<u64> = fermat_factors(common)
            .into_iter()
            .map(|f| nim_mul(f, f))
            .collect();
        let rest = 1u64 << (i ^ j);
        let mut factors = squares.clone();
        if rest > 1 {
            factors.push(rest);
        }
        let squared: Vec<String> = fermat_factors(common)
            .iter()
            .map(|f| format!("({f} ⊗ {f})"))
            .collect();
        let mut written = squared.join(" ⊗ ");
        if rest > 1 {
            written.push_str(&format!(" ⊗ {rest}"));
        }
        let mut detail = vec![format!(
            "{x} ⊗ {y} = {} ⊗ {} = {written}",
            factors_text(&fermat_factors(x.trailing_zeros())),
            factors_text(&fermat_factors(y.trailing_zeros()))
        )];
        let mut because = Vec::new();
        let mut product = factors[0];
        let mut chain = vec![factors[0].to_string()];
        for &factor in &factors[1..] {
            chain.push(factor.to_string());
            because.extend(self.steps(product, factor, level + 1));
            product = nim_mul(product, factor);
        }
        detail.push(format!("  = {} = {value}", chain.join(" ⊗ ")));
        let text = format!("{x} ⊗ {y} = {value}");
        vec![
            self.step(text, Rule::FermatFactors, detail)
                .because(because),
        ]
    }
}

/// The powers of 2 whose nim-sum (and sum) a number is, largest first.
fn binary_digits(n: u64) -> Vec<u64> {
    (0..64)
        .rev()
        .map(|bit| 1u64 << bit)
        .filter(|&digit| n & digit != 0)
        .collect()
}

/// `(16 ⊕ 8)`, or `16` alone.
fn nim_sum_text(digits: &[u64]) -> String {
    let terms: Vec<String> = digits.iter().map(u64::to_string).collect();
    match terms.len() {
        1 => terms.concat(),
        _ => format!("({})", terms.join(" ⊕ ")),
    }
}

/// 2^e as a product of distinct Fermat 2-powers 2^(2^k), one for each binary digit of e:
/// 2^5 = 2^1 · 2^4 is 2 ⊗ 16. Smallest first.
fn fermat_factors(exponent: u32) -> Vec<u64> {
    (0..6)
        .filter(|k| exponent & (1 << k) != 0)
        .map(|k| 1u64 << (1u32 << k))
        .collect()
}

/// `(2 ⊗ 4)`, or `16` alone.
fn factors_text(factors: &[u64]) -> String {
    let terms: Vec<String> = factors.iter().map(u64::to_string).collect();
    match terms.len() {
        1 => terms.concat(),
        _ => format!("({})", terms.join(" ⊗ ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(steps: &[Step], out: &mut Vec<String>) {
        for step in steps {
            out.push(step.text.clone());
            out.extend(step.detail.iter().cloned());
            text(&step.because, out);
        }
    }

    fn derivation(a: u64, b: u64) -> Vec<String> {
        let mut out = Vec::new();
        text(&NimProduct::new(8, 8).steps(a, b, 0), &mut out);
        out
    }

    #[test]
    fn fergusons_worked_examples() {
        // Ferguson §5.3: 24 ⊗ 17 = (16 ⊕ 8) ⊗ (16 ⊕ 1) = 24 ⊕ 16 ⊕ 128 ⊕ 8 = 128.
        let lines = derivation(24, 17);
        assert_eq!(lines[0], "24 ⊗ 17 = 128");
        assert_eq!(lines[1], "24 ⊗ 17 = (16 ⊕ 8) ⊗ (16 ⊕ 1)");
        assert_eq!(lines[2], "  = 16 ⊗ 16 ⊕ 16 ⊗ 1 ⊕ 8 ⊗ 16 ⊕ 8 ⊗ 1");
        assert_eq!(lines[3], "  = 24 ⊕ 16 ⊕ 128 ⊕ 8 = 128");
        assert!(lines.contains(&"16 ⊗ 16 = 3·16/2 = 24".to_owned()));
        assert!(lines.contains(&"8 ⊗ 16 = 8·16 = 128".to_owned()));
        // 8 ⊗ 8 = (2 ⊗ 4) ⊗ (2 ⊗ 4) = (2 ⊗ 2) ⊗ (4 ⊗ 4) = 3 ⊗ 6 = 13.
        let lines = derivation(8, 8);
        assert_eq!(lines[0], "8 ⊗ 8 = 13");
        assert_eq!(lines[1], "8 ⊗ 8 = (2 ⊗ 4) ⊗ (2 ⊗ 4) = (2 ⊗ 2) ⊗ (4 ⊗ 4)");
        assert_eq!(lines[2], "  = 3 ⊗ 6 = 13");
        assert_eq!(lines[3], "3 ⊗ 6 = 13");
    }

    /// A step cites Ferguson's rule (i) only for a Fermat 2-power times a smaller number, and
    /// (ii) only for a Fermat 2-power squared.
    #[test]
    fn each_rule_is_cited_where_it_applies() {
        let fermat = |n: u64| n.is_power_of_two() && n.trailing_zeros().is_power_of_two();
        let mut cited = std::collections::HashSet::new();
        for (a, b) in [
            (8, 8),
            (32, 32),
            (1 << 40, 1 << 40),
            (1 << 24, 3),
            (255, 254),
        ] {
            let mut stack = NimProduct::new(8, 8).steps(a, b, 0);
            while let Some(step) = stack.pop() {
                if let Some(rule) = step.rule {
                    let (lhs, _) = step.text.split_once(" = ").unwrap();
                    let (p, q) = lhs.split_once(" ⊗ ").unwrap();
                    let (x, y): (u64, u64) = (p.parse().unwrap(), q.parse().unwrap());
                    let (p, q) = (x.max(y), x.min(y));
                    match rule {
                        Rule::FermatTimesSmaller => assert!(fermat(p) && q < p, "{}", step.text),
                        Rule::FermatSquare => assert!(fermat(p) && p == q, "{}", step.text),
                        Rule::DistinctFermatPowers | Rule::FermatFactors => {
                            assert!(!fermat(p), "{}", step.text)
                        }
                        _ => {}
                    }
                    cited.insert(format!("{rule:?}"));
                }
                stack.extend(step.because);
            }
        }
        assert_eq!(cited.len(), 5, "{cited:?}");
    }

    /// Every line `a ⊗ b = v` (and every `= v` at a line's end) holds.
    #[test]
    fn every_step_is_true() {
        for (a, b) in [
            (24, 17),
            (8, 8),
            (255, 254),
            (1 << 40, 3 << 33),
            (u64::MAX, 12345),
        ] {
            let mut steps = NimProduct::new(8, 8).steps(a, b, 0);
            let mut stack: Vec<Step> = std::mem::take(&mut steps);
            while let Some(step) = stack.pop() {
                if step.text.starts_with('…') || step.text.ends_with("(shown above)") {
                    continue;
                }
                let (lhs, rhs) = step.text.split_once(" = ").unwrap();
                let (x, y) = lhs.split_once(" ⊗ ").unwrap();
                let value: u64 = rhs.rsplit(" = ").next().unwrap().parse().unwrap();
                let (x, y): (u64, u64) = (x.parse().unwrap(), y.parse().unwrap());
                assert_eq!(nim_mul(x, y), value, "{}", step.text);
                stack.extend(step.because);
            }
        }
    }
}
