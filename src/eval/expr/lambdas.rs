//! Functions written inline: `k => n - k`, `(a, b) => a + b`. A lambda is a family like
//! any other (called, passed to families, remembered per argument), whose body also sees
//! the values of the names it used where it was written.

use std::sync::Arc;

use crate::eval::values::{Family, Function, Value};
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind, Ident};

impl Session {
    /// The function `params => body`, written at `span`. One that uses no local names is
    /// one function however often it is evaluated, so what it remembers is shared; one that
    /// captured values is made anew (what it remembers is charged to the memo as any call).
    pub(in crate::eval) fn lambda(
        &mut self,
        span: Span,
        params: &[Ident],
        body: &Arc<Expr>,
    ) -> Result<Value> {
        let captured = self.captured(params, body);
        if captured.is_empty()
            && let Some(function) = self.program.lambdas.get(&span)
        {
            return Ok(Value::Family(Family::User(function.clone())));
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
            captured: captured.into(),
        });
        if function.captured.is_empty() {
            self.program.lambdas.insert(span, function.clone());
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
}
