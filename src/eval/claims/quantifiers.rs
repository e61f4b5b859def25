//! Claims over many cases: `all(c for x in R)`, `any(...)`, `count(...)`. `count` counts
//! what any generator gives, a claim when it holds: `count(1 for x in p if x == j)`. A failing `all`
//! (or a holding `any`) remembers its case, so that an `assert` names the counterexample with
//! the values involved, and `why` proves that case.

use std::sync::Arc;

use crate::eval::{Result, Session};

use crate::eval::report::error::EvalError;

use crate::eval::values::Value;
use crate::explain::{Explanation, Folded, Proof, Step};
use crate::syntax::ast::{Element, Expr, ExprKind, Ident};

/// The case that decided a quantifier: its loop variables' values, outermost first (a
/// quantifier inside the condition adds its own).
#[derive(Clone, Debug, Default)]
pub(in crate::eval) struct Case {
    pub bindings: Vec<(Arc<str>, Value)>,
}

/// Cases a `why` of a quantifier that holds lists before folding.
const CASES_SHOWN: usize = 8;

impl Session {
    /// `all(...)`, `any(...)`, `count(...)`.
    pub(in crate::eval) fn quantifier(&mut self, callee: &Ident, args: &[Expr]) -> Result<Value> {
        let name = &*callee.name;
        let [arg] = args else {
            let error =
                crate::eval::builtins::wrong_arity(name, args, callee.span, "1 argument".into());
            return Err(error.into());
        };
        let ExprKind::Generator(element) = &arg.kind else {
            let value = self.eval(arg)?;
            // As of a generator: what is not a false claim counts.
            match (name, &value) {
                ("count", Value::List(items) | Value::SetOf(items)) => {
                    let counted = items.iter().filter(|&item| *item != Value::Bool(false));
                    return Ok(Value::Int(counted.count() as i64));
                }
                ("count", Value::Set(members)) => return Ok(Value::Int(members.len() as i64)),
                ("count", other) => {
                    return Err(EvalError::type_error(
                        arg.span,
                        "`count` counts the values of a generator or a list",
                        format!("this is {}", other.kind()),
                    )
                    .with_help(
                        "write a generator, as in `count(1 for c in s if c == \"H\")`, or a \
                         claim for each case, as in `count(kayles(n) == *0 for n in 0..10)`",
                    )
                    .into());
                }
                _ => {}
            }
            let truths = self.truths(name, &value, arg)?;
            return Ok(match name {
                "all" => Value::Bool(truths.iter().all(|&t| t)),
                _ => Value::Bool(truths.iter().any(|&t| t)),
            });
        };
        let (count, decided) = self.decide(name, element)?;
        Ok(match name {
            "all" => Value::Bool(decided.is_none()),
            "any" => Value::Bool(decided.is_some()),
            _ => Value::Int(count),
        })
    }

    /// Goes through the cases of `element` until one decides `all` (false) or `any` (true);
    /// gives how many held and the deciding case.
    fn decide(&mut self, name: &str, element: &Element) -> Result<(i64, Option<Case>)> {
        let stop_on = match name {
            "all" => Some(false),
            "any" => Some(true),
            _ => None,
        };
        let mark = self.frame.locals.len();
        let mut held = 0i64;
        let mut decided = None;
        // Left by an earlier quantifier; a case's condition without one of its own must not
        // take it for its own.
        self.claims.case = None;
        let mut check = |session: &mut Session, value: Value| {
            let truth = match value {
                Value::Bool(truth) => truth,
                // `count(1 for x in p if x == j)`: a pass that gives a value other than a
                // claim's answer is counted, as an item the generator makes.
                _ if name == "count" => true,
                value => {
                    return Err(EvalError::type_error(
                        element.expr.span,
                        format!("`{name}` takes claims, which are true or false"),
                        format!("this is {}", value.kind()),
                    )
                    .with_help(format!(
                        "write a claim, as in `{name}(kayles(n) == *n for n in 0..4)`"
                    ))
                    .into());
                }
            };
            held += i64::from(truth);
            // A quantifier inside decided this case by a case of its own.
            let inner = session.claims.case.take();
            if Some(truth) == stop_on {
                let mut bindings = session.frame.locals[mark..].to_vec();
                bindings.extend(inner.into_iter().flat_map(|case| case.bindings));
                decided = Some(Case { bindings });
                return Ok(false);
            }
            Ok(true)
        };
        self.each_case(element, &mut check)?;
        self.claims.case = decided.clone();
        Ok((held, decided))
    }

    /// The truth values of a list or set given to `all`, `any` or `count`.
    fn truths(&self, name: &str, value: &Value, arg: &Expr) -> Result<Vec<bool>> {
        let items: &[Value] = match value {
            Value::List(items) | Value::SetOf(items) => items,
            _ => &[],
        };
        let truths: Option<Vec<bool>> = items
            .iter()
            .map(|item| match item {
                Value::Bool(b) => Some(*b),
                _ => None,
            })
            .collect();
        match truths {
            Some(truths) if matches!(value, Value::List(_) | Value::SetOf(_)) => Ok(truths),
            _ => Err(EvalError::type_error(
                arg.span,
                format!("`{name}` takes claims, one for each case"),
                format!("this is {}", value.kind()),
            )
            .with_help(format!(
                "write a claim and the cases it is about: `{name}(sub(n, {{1, 2}}) is losing for n in 0..10)`"
            ))
            .into()),
        }
    }

    /// ``n = 17: `kayles(n + 12)` is kayles(29) ≡ *1, `kayles(n)` is kayles(17) ≡ *7``: a case,
    /// and the values of the condition's sides in it.
    pub(in crate::eval) fn describe_case(
        &mut self,
        element: &Element,
        case: &Case,
    ) -> Result<String> {
        let bindings: Vec<String> = case
            .bindings
            .iter()
            .map(|(name, value)| format!("{name} = {}", self.describe_value(value)))
            .collect();
        let mark = self.frame.locals.len();
        self.frame.locals.extend(case.bindings.iter().cloned());
        let sides = self.sides_in_case(&element.expr);
        self.frame.locals.truncate(mark);
        Ok(format!("{}: {}", bindings.join(", "), sides?.join(", ")))
    }

    fn sides_in_case(&mut self, condition: &Expr) -> Result<Vec<String>> {
        let (sides, words): (Vec<&Expr>, &[&str]) = match &condition.unparen().kind {
            ExprKind::Chain { first, rest }
                if rest.len() == 1 && rest[0].0.chain_level() == Some(2) =>
            {
                (
                    vec![first, &rest[0].2],
                    &["the left side ", "the right side "],
                )
            }
            ExprKind::Claim { game, .. } => (vec![game], &[""]),
            _ => (vec![condition], &[""]),
        };
        let mut shown = Vec::new();
        for (side, word) in sides.into_iter().zip(words) {
            let value = self.eval_root(side)?;
            let text = self.typed(side.span);
            let mut value_text = self.describe_value(&value);
            if let Value::Game(id) = value {
                // `∞{0,2}` for a game that can go on for ever.
                let worth = self.loopy_value(id, side.span)?.to_string();
                if worth != value_text {
                    value_text = format!("{value_text} ≡ {worth}");
                }
            }
            shown.push(if text == value_text {
                format!("{word}is {text}")
            } else {
                format!("{word}`{text}` is {value_text}")
            });
        }
        Ok(shown)
    }

    /// `why all(...)`: the counterexample and the proof of its verdict, or the cases that
    /// hold.
    pub(in crate::eval) fn quantifier_proof(
        &mut self,
        target: &Expr,
        full: bool,
    ) -> Result<Option<Explanation>> {
        let ExprKind::Call { callee, args } = &target.unparen().kind else {
            return Ok(None);
        };
        let name = &*callee.name;
        let ([arg], true) = (args.as_slice(), matches!(name, "all" | "any" | "count")) else {
            return Ok(None);
        };
        let ExprKind::Generator(element) = &arg.kind else {
            return Ok(None);
        };
        if self.lookup_is_user(callee) {
            return Ok(None);
        }
        let text = self.typed(target.span);
        let (count, decided) = self.decide(name, element)?;
        let proof = match (name, decided) {
            ("all" | "any", Some(case)) => {
                let holds = name == "any";
                let line = self.describe_case(element, &case)?;
                let mark = self.frame.locals.len();
                let spelled = self.naming.spelled.len();
                let spellings = self.spellings(&element.expr, &case.bindings);
                self.naming.spelled.extend(spellings);
                self.frame.locals.extend(case.bindings.iter().cloned());
                let inner = self.explain(crate::syntax::ast::Verb::Why, full, false, &element.expr);
                self.frame.locals.truncate(mark);
                self.naming.spelled.truncate(spelled);
                let because = match inner? {
                    Explanation::Proof(proof) => {
                        let mut steps = vec![Step::new(proof.headline)];
                        steps.extend(proof.steps);
                        steps
                    }
                    _ => Vec::new(),
                };
                let verdict = if holds {
                    "an example"
                } else {
                    "a counterexample"
                };
                Proof {
                    headline: format!("{text}: {holds}, and this case is {verdict}:"),
                    holds: Some(holds),
                    steps: vec![Step::new(line).because(because)],
                    folded: Folded::No,
                }
            }
            _ => {
                let (cases, all_shown) = self.cases(element, full)?;
                let folded = if all_shown { Folded::No } else { Folded::ToFit };
                let (headline, holds) = match name {
                    "count" => (format!("{text} = {count}."), None),
                    "all" => (
                        format!("{text}: true, for each of its {count} cases:"),
                        Some(true),
                    ),
                    _ => (format!("{text}: false, in each of its cases:"), Some(false)),
                };
                let steps = cases.into_iter().map(Step::new).collect();
                Proof {
                    headline,
                    holds,
                    steps,
                    folded,
                }
            }
        };
        Ok(Some(Explanation::Proof(proof)))
    }

    /// Each case of `element` with the values of its condition's sides (the first few,
    /// unless `full`), and whether that is all of them.
    fn cases(&mut self, element: &Element, full: bool) -> Result<(Vec<String>, bool)> {
        let mut cases = Vec::new();
        let mark = self.frame.locals.len();
        let mut note = |session: &mut Session, value: Value| {
            let bindings = session.frame.locals[mark..].to_vec();
            let case = Case { bindings };
            let shown = session.describe_case(element, &case)?;
            // A value other than a claim's answer is counted, and shown once.
            cases.push(match value {
                Value::Bool(truth) => format!("{shown}: {truth}"),
                _ => shown,
            });
            Ok(full || cases.len() <= CASES_SHOWN)
        };
        let all_shown = self.each_case(element, &mut note)?;
        if !all_shown {
            cases.pop();
        }
        Ok((cases, all_shown))
    }

    /// Whether a name is the user's own (a `let` shadowing a built-in).
    fn lookup_is_user(&self, ident: &Ident) -> bool {
        self.program.globals.contains_key(&ident.name)
            || self
                .frame
                .locals
                .iter()
                .any(|(name, _)| *name == ident.name)
    }
}
