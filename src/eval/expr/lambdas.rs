//! Functions written inline: `k => n - k`, `(a, b) => a + b`. A lambda is a family like
//! any other (called, passed to families, remembered per argument), whose body also sees
//! the values of the names it used where it was written. A built-in named where a value is
//! wanted (`seq(nim_mul, 0..16, 0..16)`) is such a function too, `(a, b) => nim_mul(a, b)`.

use std::sync::Arc;

use crate::eval::report::error::EvalError;
use crate::eval::values::{Family, Function, Value};

/// How many functions written inline a session keeps to find again.
pub(in crate::eval) const LAMBDAS_KEPT: usize = 10_000;

/// How deep functions may capture functions.
const MAX_FUNCTION_NESTING: u32 = 500;
use crate::eval::{Result, Session, builtins};
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind, Ident, StmtKind};

impl Session {
    /// The function `params => body`, written at `span`: one function for its place and the
    /// values it captures, so that what it remembers is shared however often it is
    /// evaluated (past [`LAMBDAS_KEPT`] such functions, new ones are made anew).
    pub(in crate::eval) fn lambda(
        &mut self,
        span: Span,
        params: &[Ident],
        body: &Arc<Expr>,
    ) -> Result<Value> {
        let captured = self.captured(params, body);
        let key = (span, captured.iter().map(|(_, v)| v.clone()).collect());
        if let Some(function) = self.program.lambdas.get(&key) {
            return Ok(Value::Family(Family::User(function.clone())));
        }
        // A function capturing a function capturing one ...: a chain that deep would be
        // dropped one level a stack frame.
        let nesting = 1
            + (captured.iter())
                .map(|(_, value)| match value {
                    Value::Family(Family::User(function)) => function.nesting,
                    _ => 0,
                })
                .max()
                .unwrap_or(0);
        if nesting > MAX_FUNCTION_NESTING {
            return Err(EvalError::TooLarge {
                span,
                what: "a function made of functions this deep".to_owned(),
                label: format!(
                    "this function captures one that captures one ... {MAX_FUNCTION_NESTING} deep"
                ),
                help: Some(
                    "pass the rule and what it needs as arguments of a family instead of \
                     wrapping it again at each step: `let step(rule, c, j) = rule(j + c)`"
                        .to_owned(),
                ),
            }
            .into());
        }
        self.program.function_count += 1;
        let function = Arc::new(Function {
            id: self.program.function_count,
            name: Ident {
                name: format!("({})", self.sources.text(span)).into(),
                span,
            },
            params: params.to_vec(),
            body: body.clone(),
            library: self.program.in_library,
            loopy: false,
            builtin: false,
            captured: captured.into(),
            nesting,
        });
        if self.program.lambdas.len() < LAMBDAS_KEPT {
            self.program.lambdas.insert(key, function.clone());
        }
        Ok(Value::Family(Family::User(function)))
    }

    /// The locals in scope that the body names (and its parameters do not hide), innermost
    /// binding of each.
    fn captured(&self, params: &[Ident], body: &Expr) -> Vec<(Arc<str>, Value)> {
        let mut used: Vec<Arc<str>> = Vec::new();
        body.each_inner(&mut |inner| {
            let ident = match &inner.kind {
                ExprKind::Name(ident) | ExprKind::Call { callee: ident, .. } => ident,
                _ => return,
            };
            let param = params.iter().any(|p| p.name == ident.name);
            if !param && !used.contains(&ident.name) {
                used.push(ident.name.clone());
            }
        });
        used.into_iter()
            .filter_map(|name| {
                let (_, value) = self.frame.locals.iter().rev().find(|(n, _)| *n == name)?;
                Some((name, value.clone()))
            })
            .collect()
    }

    /// A built-in named where a value is wanted (`seq(nim_mul, ...)`, `let f = nim_mul`):
    /// the function `(a, b) => nim_mul(a, b)`, if its parameters are a fixed list
    /// ([`builtins::fixed_params`]). One for each built-in in a session, so that `nim_mul ==
    /// nim_mul` and what it remembers is shared. Its body, parsed from a source of its own
    /// (`nim_mul(a, b)`), sees the built-ins and not the user's names, as the library's
    /// bodies do: a later `let nim_mul(x, y) = ...` does not change it.
    pub(in crate::eval) fn builtin_function(&mut self, name: &str) -> Option<Arc<Function>> {
        if let Some(function) = self.program.builtin_functions.get(name) {
            return Some(function.clone());
        }
        let params = builtins::fixed_params(name)?;
        let text = format!("{name}({})", params.join(", "));
        let source = self.sources.add(&format!("<built-in {name}>"), &text);
        let (statements, _) = crate::syntax::parse(source, &text);
        let StmtKind::Expr(body) = &statements.first()?.kind else {
            return None;
        };
        let ExprKind::Call { callee, args } = &body.kind else {
            return None;
        };
        let params = (args.iter())
            .map(|arg| match &arg.kind {
                ExprKind::Name(param) => Some(param.clone()),
                _ => None,
            })
            .collect::<Option<Vec<Ident>>>()?;
        self.program.function_count += 1;
        let function = Arc::new(Function {
            id: self.program.function_count,
            name: callee.clone(),
            params,
            body: Arc::new(body.clone()),
            library: true,
            captured: Box::default(),
            nesting: 0,
            loopy: false,
            builtin: true,
        });
        (self.program.builtin_functions).insert(name.into(), function.clone());
        Some(function)
    }
}
