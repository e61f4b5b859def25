//! Built-ins on maps: `keys(m)`, `values(m)`, `items(m)`, each a list in order of key.

use crate::eval::builtins::wrong_arity;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{Expr, Ident};

/// The names this room answers for.
pub(in crate::eval) fn is_map_builtin(name: &str) -> bool {
    matches!(name, "keys" | "values" | "items")
}

impl Session {
    pub(in crate::eval) fn call_map_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        _span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        let [arg] = args else {
            return Err(wrong_arity(name, args, callee.span, "1 argument".into()).into());
        };
        let value = self.eval(arg)?;
        let Value::Map(entries) = &value else {
            return Err(EvalError::type_error(
                arg.span,
                format!("`{name}` takes a map"),
                format!("this is {}", value.kind()),
            )
            .with_help(format!(
                "write `{name}({{\"a\": 1, \"b\": 2}})`; a list's elements are the list itself, and \
                 `sort(S)` lists a set's members"
            ))
            .into());
        };
        self.pass_over(entries.len(), arg.span)?;
        self.room_for(
            (entries.len() * 3 * std::mem::size_of::<Value>()) as u64,
            arg.span,
        )?;
        let listed: Vec<Value> = match name {
            "keys" => entries.iter().map(|(k, _)| k.clone()).collect(),
            "values" => entries.iter().map(|(_, v)| v.clone()).collect(),
            _ => (entries.iter())
                .map(|(k, v)| Value::List(vec![k.clone(), v.clone()].into()))
                .collect(),
        };
        Ok(Value::List(listed.into()))
    }
}
