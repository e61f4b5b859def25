//! A case of a quantifier, explained in its own values: inside `why all(K(n) is losing for n
//! in 0..10)`, the proof of the case `n = 3` speaks of `K(3) is losing`, not of `K(n)`. The
//! places where the case's loop variables are written are found in the syntax tree (a loop
//! inside that binds the same name hides them), and the text of an explanation is the
//! source with those places replaced by the values.

use std::sync::Arc;

use crate::eval::Session;

use crate::eval::values::Value;
use crate::source::Span;
use crate::syntax::ast::{Clause, Element, Expr, ExprKind, Pattern, SliceReplacement, Subscript};

/// Where a case's variable is written, and the text of its value there.
pub(in crate::eval) type Spelling = (Span, String);

impl Session {
    /// The text of `span` as an explanation shows it: the source, with the variables of the
    /// case being explained written as their values.
    pub(in crate::eval) fn typed(&self, span: Span) -> String {
        let text = self.sources.text(span);
        let mut inside: Vec<&Spelling> = self
            .naming
            .spelled
            .iter()
            .filter(|(at, _)| at.source == span.source && at.start >= span.start)
            .filter(|(at, _)| at.end <= span.end)
            .collect();
        if inside.is_empty() {
            return text.to_owned();
        }
        inside.sort_by_key(|(at, _)| at.start);
        let mut shown = String::with_capacity(text.len());
        let mut done = span.start;
        for (at, value) in inside {
            if at.start < done {
                continue;
            }
            shown.push_str(&text[(done - span.start) as usize..(at.start - span.start) as usize]);
            shown.push_str(value);
            done = at.end;
        }
        shown.push_str(&text[(done - span.start) as usize..]);
        shown
    }

    /// Where `expr` writes the variables of `bindings`, with their values as text: what
    /// [`Session::typed`] replaces while the case is explained.
    pub(in crate::eval) fn spellings(
        &self,
        expr: &Expr,
        bindings: &[(Arc<str>, Value)],
    ) -> Vec<Spelling> {
        let mut values: Vec<(Arc<str>, String)> = Vec::new();
        // The last binding of a name is the one in force.
        for (name, value) in bindings.iter().rev() {
            if !values.iter().any(|(known, _)| known == name) {
                values.push((name.clone(), self.describe_value(value)));
            }
        }
        let mut found = Vec::new();
        find(expr, &values, false, &mut found);
        found
    }
}

/// Notes in `found` where `expr` writes a name of `values`. An `operand` of an operator is
/// written in parentheses when its text would read otherwise (`(-3) ** 2`, `(*1 + *2) + G`).
fn find(expr: &Expr, values: &[(Arc<str>, String)], operand: bool, found: &mut Vec<Spelling>) {
    let walk = |e: &Expr, operand: bool, found: &mut Vec<Spelling>| {
        find(e, values, operand, found);
    };
    match &expr.kind {
        ExprKind::Name(ident) => {
            if let Some((_, text)) = values.iter().find(|(name, _)| *name == ident.name) {
                let loose = text.starts_with('-') || text.contains(' ');
                let text = if operand && loose {
                    format!("({text})")
                } else {
                    text.clone()
                };
                found.push((ident.span, text));
            }
        }
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::LoneStar => {}
        ExprKind::Prefix { operand, .. } => walk(operand, true, found),
        ExprKind::Chain { first, rest } => {
            walk(first, true, found);
            for (_, _, e) in rest {
                walk(e, true, found);
            }
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            walk(lhs, true, found);
            walk(rhs, true, found);
        }
        ExprKind::Claim { game, .. } | ExprKind::IsKind { value: game, .. } => {
            walk(game, true, found)
        }
        ExprKind::Lambda { params, body } => {
            let mut seen = values.to_vec();
            seen.retain(|(name, _)| params.iter().all(|p| p.name != *name));
            find(body, &seen, false, found);
        }
        ExprKind::Where { body, bindings } => {
            let mut seen = values.to_vec();
            for binding in bindings {
                find(&binding.value, &seen, false, found);
                hide(&mut seen, &binding.pattern);
            }
            find(body, &seen, false, found);
        }
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => {
            walk(cond, false, found);
            walk(then, false, found);
            walk(otherwise, false, found);
        }
        ExprKind::Game(elements) | ExprKind::Set(elements) | ExprKind::List(elements) => {
            for element in elements {
                find_in_element(element, values, found);
            }
        }
        ExprKind::Subscript {
            target, subscript, ..
        } => {
            walk(target, true, found);
            match subscript {
                Subscript::Index(index) => walk(index, false, found),
                Subscript::Slice { from, to } => {
                    for bound in [from, to].into_iter().flatten() {
                        walk(bound, false, found);
                    }
                }
                Subscript::Replace { index, value } => {
                    walk(index, false, found);
                    walk(value, false, found);
                }
                Subscript::ReplaceSlice(slice) => {
                    let SliceReplacement { from, to, value } = &**slice;
                    for bound in [from, to].into_iter().flatten() {
                        walk(bound, false, found);
                    }
                    walk(value, false, found);
                }
            }
        }
        ExprKind::Generator(element) => find_in_element(element, values, found),
        // A key is written under its entry's clauses as the value is.
        ExprKind::Map(entries) => {
            for (key, element) in entries {
                let keyed = Element {
                    expr: key.clone(),
                    ..element.clone()
                };
                find_in_element(&keyed, values, found);
                find_in_element(element, values, found);
            }
        }
        ExprKind::Call { args, .. } => {
            for arg in args {
                walk(arg, false, found);
            }
        }
        ExprKind::Paren(inner) => walk(inner, false, found),
        ExprKind::Play { expr, .. } => walk(expr, false, found),
    }
}

/// The names a pattern binds hide the case's variables of the same names.
fn hide(seen: &mut Vec<(Arc<str>, String)>, pattern: &Pattern) {
    for ident in pattern.names() {
        seen.retain(|(name, _)| *name != ident.name);
    }
}

/// `e for x in R if c`: `x` hides a variable of the same name from the clauses after it and
/// from `e`.
fn find_in_element(element: &Element, values: &[(Arc<str>, String)], found: &mut Vec<Spelling>) {
    let mut seen: Vec<(Arc<str>, String)> = values.to_vec();
    for clause in &element.clauses {
        match clause {
            Clause::For { pattern, iter } => {
                find(iter, &seen, false, found);
                hide(&mut seen, pattern);
            }
            Clause::If(condition) => find(condition, &seen, false, found),
            Clause::Let(binding) => {
                find(&binding.value, &seen, false, found);
                hide(&mut seen, &binding.pattern);
            }
        }
    }
    find(&element.expr, &seen, false, found);
    if let Some(label) = &element.label {
        find(label, &seen, false, found);
    }
}
