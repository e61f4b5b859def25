//! `why` of a fact about integers: the mex with the values that are there and the least one
//! missing, the binary columns of a nim-sum, each side of a comparison and how they compare.

use crate::eval::{Result, Session};

use crate::eval::values::Value;
use crate::explain::{Explanation, Folded, Proof, Rule, Step, binary_columns, values_text};
use crate::game::reduce::mex;
use crate::syntax::ast::{BinOp, Expr, ExprKind};

impl Session {
    /// `why 21 ^ 7 < 21`, `why mex{0, 1, 2, 3} == 3`: the value, and the reasons for it.
    pub(in crate::eval) fn plain_proof(
        &mut self,
        target: &Expr,
        full: bool,
    ) -> Result<Explanation> {
        // `why full` unfolds every derivation (the nim products') as it does a game's.
        let screen = self.fold;
        if full {
            self.fold = crate::explain::Fold::FULL;
        }
        let proof = self.plain_proof_folded(target);
        self.fold = screen;
        proof
    }

    fn plain_proof_folded(&mut self, target: &Expr) -> Result<Explanation> {
        let value = self.eval_root(target)?;
        let text = self.typed(target.span);
        let mut steps = Vec::new();
        self.reasons(target, &mut steps)?;
        let holds = match value {
            Value::Bool(holds) => Some(holds),
            _ => None,
        };
        let headline = match holds {
            Some(holds) => format!("{text}: {holds}."),
            None => format!("{text} = {}.", self.describe_value(&value)),
        };
        Ok(Explanation::Proof(Proof {
            headline,
            holds,
            steps,
            folded: Folded::No,
        }))
    }

    /// Steps showing how `expr` gets its value: its mexes, nim-sums, arithmetic and
    /// comparisons, innermost first.
    fn reasons(&mut self, expr: &Expr, steps: &mut Vec<Step>) -> Result<()> {
        let (play, expr) = self.unplay(expr);
        if play != self.claims.current_play {
            return self.in_play(play, |session| session.reasons(expr, steps));
        }
        if self.nim_arithmetic(expr, steps)? {
            return Ok(());
        }
        match &expr.kind {
            ExprKind::Chain { first, rest } => {
                let xor = rest.iter().all(|(op, ..)| *op == BinOp::Xor);
                if xor && let Some(terms) = self.naturals_of(first, rest)? {
                    self.reasons(first, steps)?;
                    for (_, _, operand) in rest {
                        self.reasons(operand, steps)?;
                    }
                    let names: Vec<String> = terms.iter().map(u64::to_string).collect();
                    let total = terms.iter().fold(0, |acc, t| acc ^ t);
                    steps.push(
                        Step::new(format!("{} = {total}", names.join(" ⊕ ")))
                            .by(Rule::NimSumOfIntegers)
                            .detail(binary_columns(&terms)),
                    );
                    return Ok(());
                }
                self.reasons(first, steps)?;
                for (_, _, operand) in rest {
                    self.reasons(operand, steps)?;
                }
                if let [(op, _, second)] = rest.as_slice()
                    && op.chain_level() == Some(2)
                {
                    steps.push(self.comparison(first, *op, second)?);
                } else if !xor {
                    let value = self.eval_root(expr)?;
                    let shown = self.describe_value(&value);
                    let typed = self.typed(expr.span);
                    if shown != typed {
                        steps.push(Step::new(format!("{typed} = {shown}")));
                    }
                }
            }
            ExprKind::Call { callee, args } if &*callee.name == "mex" && args.len() == 1 => {
                let set = self.eval_root(&args[0])?;
                let Some(Ok(members)) = set.members(self.meter.limits.game.options) else {
                    return Ok(());
                };
                if members.iter().any(|&m| m < 0) {
                    return Ok(());
                }
                let mut values: Vec<u64> = members.iter().map(|&m| m as u64).collect();
                values.sort_unstable();
                values.dedup();
                let least = mex(values.iter().copied());
                let present = match least {
                    0 => "0 is not in the set".to_owned(),
                    1 => "0 is in the set and 1 is not".to_owned(),
                    m if m <= 5 => {
                        let below: Vec<String> = (0..m).map(|v| v.to_string()).collect();
                        format!("{} are all in the set and {m} is not", below.join(", "))
                    }
                    m => format!("0, …, {} are all in the set and {m} is not", m - 1),
                };
                steps.push(
                    Step::new(format!("mex{{{}}} = {least}", values_text(&values)))
                        .by(Rule::MexDefinition)
                        .detail(vec![present]),
                );
            }
            // `G is losing` inside a larger claim: its own proof, as `why G is losing` gives.
            ExprKind::Claim { game, outcome, .. } => {
                let value = self.eval_root(game)?;
                let id = self.game_value(&value, game.span)?;
                let text = self.typed(game.span);
                let claim = match outcome {
                    crate::syntax::ast::Outcome::Draw => {
                        crate::explain::Claim::Draw { game: id, text }
                    }
                    _ => crate::explain::Claim::Outcome {
                        game: id,
                        losing: *outcome == crate::syntax::ast::Outcome::Losing,
                        text,
                    },
                };
                let names = crate::eval::names::Scoped::new(
                    &self.naming.names,
                    self.naming.families.as_ref(),
                );
                let mut explainer =
                    crate::explain::Explainer::new(&mut self.arena, &names, self.fold)
                        .play(self.claims.current_play);
                let proof = explainer
                    .prove(&claim, false)
                    .map_err(|e| self.game_error(e, game.span))?;
                steps.push(Step::new(proof.headline).because(proof.steps));
            }
            ExprKind::Call { callee, args } if &*callee.name == "nimber" && args.len() == 1 => {
                let value = self.eval_root(expr)?;
                let game = self.typed(args[0].span);
                let shown = self.describe_value(&value);
                steps.push(Step::new(format!(
                    "nimber({game}) = {shown}: {game} ≡ *{shown}"
                )));
            }
            _ => {}
        }
        Ok(())
    }

    /// `18 < 21`, or for a false comparison what holds instead: `4 ≠ 3`.
    fn comparison(&mut self, left: &Expr, op: BinOp, right: &Expr) -> Result<Step> {
        let (a, b) = (self.eval_root(left)?, self.eval_root(right)?);
        let (a_text, b_text) = (self.describe_value(&a), self.describe_value(&b));
        if matches!(op, BinOp::In | BinOp::NotIn) {
            let side = |value, span| crate::eval::expr::ops::Operand {
                value,
                span,
                expr: None,
            };
            let member = self.contains(side(&a, left.span), side(&b, right.span))?;
            let sign = if member { "∈" } else { "∉" };
            return Ok(Step::new(format!("{a_text} {sign} {b_text}")));
        }
        let holds = match (&a, &b) {
            (Value::Int(x), Value::Int(y)) => match op {
                BinOp::Eq => x == y,
                BinOp::Ne => x != y,
                BinOp::Lt => x < y,
                BinOp::Le => x <= y,
                BinOp::Gt => x > y,
                _ => x >= y,
            },
            _ => (a == b) == (op == BinOp::Eq),
        };
        let shown = if holds { op } else { negation(op) };
        let sign = match shown {
            BinOp::Eq => "=",
            BinOp::Ne => "≠",
            BinOp::Lt => "<",
            BinOp::Le => "≤",
            BinOp::Gt => ">",
            _ => "≥",
        };
        let conclusion = if holds {
            String::new()
        } else {
            format!(", so {} is false", self.typed(left.span.to(right.span)))
        };
        Ok(Step::new(format!("{a_text} {sign} {b_text}{conclusion}")))
    }

    /// Nim arithmetic on naturals, checked by nim products worked out by Ferguson's rules:
    /// `a ⊗ b` and `nim_mul(a, b)` by their own, `nim_inv(a) = v` as a ⊗ v = 1,
    /// `nim_div(a, b) = q` as q ⊗ b = a, `nim_sqrt(a) = r` as r ⊗ r = a. Whether `expr` was
    /// one.
    fn nim_arithmetic(&mut self, expr: &Expr, steps: &mut Vec<Step>) -> Result<bool> {
        let (name, operands): (&str, Vec<&Expr>) = match &expr.kind {
            ExprKind::Chain { first, rest } if rest.iter().all(|(op, ..)| *op == BinOp::NimMul) => {
                (
                    "⊗",
                    std::iter::once(&**first)
                        .chain(rest.iter().map(|(_, _, e)| e))
                        .collect(),
                )
            }
            ExprKind::Call { callee, args }
                if matches!(
                    &*callee.name,
                    "nim_mul" | "nim_inv" | "nim_div" | "nim_sqrt"
                ) && self.is_the_built_in(&callee.name) =>
            {
                (&*callee.name, args.iter().collect())
            }
            _ => return Ok(false),
        };
        let mut values = Vec::new();
        for operand in &operands {
            match self.eval_root(operand)? {
                Value::Int(n) if n >= 0 => values.push(n as u64),
                _ => return Ok(false),
            }
        }
        let Value::Int(result) = self.eval_root(expr)? else {
            return Ok(false);
        };
        let Ok(result) = u64::try_from(result) else {
            return Ok(false);
        };
        let typed = self.typed(expr.span);
        // The products that prove it, and what they say of it.
        let (products, why): (Vec<(u64, u64)>, String) = match (name, values.as_slice()) {
            ("⊗", _) => {
                let mut products = Vec::new();
                let mut acc = values[0];
                for &v in &values[1..] {
                    products.push((acc, v));
                    acc = crate::game::nimber::nim_mul(acc, v);
                }
                (products, String::new())
            }
            ("nim_mul", &[a, b]) => (vec![(a, b)], String::new()),
            ("nim_inv", &[a]) => (vec![(a, result)], format!(": {a} ⊗ {result} = 1")),
            ("nim_div", &[a, b]) => (vec![(result, b)], format!(": {result} ⊗ {b} = {a}")),
            ("nim_sqrt", &[a]) => (
                vec![(result, result)],
                format!(": {result} ⊗ {result} = {a}"),
            ),
            _ => return Ok(false),
        };
        // The operands' own reasons first, once it is sure this is nim arithmetic.
        for operand in &operands {
            self.reasons(operand, steps)?;
        }
        let mut because = Vec::new();
        for (a, b) in products {
            let derived = crate::explain::nim_product_steps(a, b, self.fold);
            if derived.is_empty() {
                let value = crate::game::nimber::nim_mul(a, b);
                because.push(Step::new(format!("{a} ⊗ {b} = {value}")));
            }
            because.extend(derived);
        }
        // A product is its own derivation; the others say what the products show.
        match why.is_empty() {
            true => steps.extend(because),
            false => steps.push(Step::new(format!("{typed} = {result}{why}")).because(because)),
        }
        Ok(true)
    }

    /// Whether a call of this name is the built-in: no name of the program's hides it.
    fn is_the_built_in(&self, name: &str) -> bool {
        let local = self.frame.locals.iter().any(|(own, _)| &**own == name);
        !local && self.global(name).is_none()
    }

    /// The terms of `a ^ b ^ c`, if all are natural numbers.
    fn naturals_of(
        &mut self,
        first: &Expr,
        rest: &[(BinOp, crate::source::Span, Expr)],
    ) -> Result<Option<Vec<u64>>> {
        let mut terms = Vec::new();
        for expr in std::iter::once(first).chain(rest.iter().map(|(_, _, e)| e)) {
            match self.eval_root(expr)? {
                Value::Int(n) if n >= 0 => terms.push(n as u64),
                _ => return Ok(None),
            }
        }
        Ok(Some(terms))
    }
}

/// The comparison that holds when `op` does not.
fn negation(op: BinOp) -> BinOp {
    match op {
        BinOp::Eq => BinOp::Ne,
        BinOp::Ne => BinOp::Eq,
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        _ => BinOp::Lt,
    }
}
