//! Local names: `body where k = e`, a comprehension's `let q = e` clause, and patterns that
//! take a list apart (`for [a, b] in edges`); and `x is list`, the kind of a value.
//!
//! A local is a slot on the frame's stack of locals, as a family's parameters and loop
//! variables are: bound while what it scopes is evaluated, and gone after. It is no part of
//! a memo key, which is the family's arguments alone.

use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{Binding, Expr, Kind, Pattern};

impl Session {
    /// `body where k = e, ...`: each binding in turn, then the body.
    pub(in crate::eval) fn where_bindings(
        &mut self,
        body: &Expr,
        bindings: &[Binding],
    ) -> Result<Value> {
        let mark = self.frame.locals.len();
        let result = self.bind_all(bindings).and_then(|()| self.eval(body));
        self.frame.locals.truncate(mark);
        result
    }

    fn bind_all(&mut self, bindings: &[Binding]) -> Result<()> {
        for binding in bindings {
            self.bind_local(binding)?;
        }
        Ok(())
    }

    /// Evaluates a binding's value and binds its pattern to it, for what follows.
    pub(in crate::eval) fn bind_local(&mut self, binding: &Binding) -> Result<()> {
        let value = self.eval(&binding.value)?;
        let slot = self.push_pattern(&binding.pattern);
        self.set_pattern(&binding.pattern, slot, value, binding.value.span, None)
    }

    /// Makes room for the names of `pattern`, left to right; says where the first is.
    pub(in crate::eval) fn push_pattern(&mut self, pattern: &Pattern) -> usize {
        let slot = self.frame.locals.len();
        for ident in pattern.names() {
            self.frame
                .locals
                .push((ident.name.clone(), Value::Bool(false)));
        }
        slot
    }

    /// Sets the names of `pattern`, from `slot` on, to the parts of `value` (written at
    /// `span`; `element` when it is an element of what a `for` goes through).
    pub(in crate::eval) fn set_pattern(
        &mut self,
        pattern: &Pattern,
        slot: usize,
        value: Value,
        span: Span,
        element: Option<&Value>,
    ) -> Result<()> {
        match pattern {
            Pattern::Name(_) => {
                self.frame.locals[slot].1 = value;
                Ok(())
            }
            Pattern::List { items, .. } => {
                let fits = matches!(&value, Value::List(parts) if parts.len() == items.len());
                if !fits {
                    return Err(self.misfit(pattern, &value, span, element).into());
                }
                let Value::List(parts) = &value else {
                    unreachable!("a list")
                };
                let parts = parts.clone();
                let mut slot = slot;
                for (item, part) in items.iter().zip(parts.iter()) {
                    let whole = element.or(Some(&value));
                    self.set_pattern(item, slot, part.clone(), span, whole)?;
                    slot += item.width();
                }
                Ok(())
            }
        }
    }

    /// The diagnostic of a value that a pattern cannot take apart.
    fn misfit(
        &self,
        pattern: &Pattern,
        value: &Value,
        span: Span,
        element: Option<&Value>,
    ) -> EvalError {
        let written = self.sources.text(pattern.span());
        let wanted = match pattern {
            Pattern::List { items, .. } => items.len(),
            Pattern::Name(_) => 1,
        };
        let what = match value {
            Value::List(parts) => format!("a list of {}", elements(parts.len())),
            other => other.kind().to_owned(),
        };
        let shown = self.describe_value(value);
        let label = match element {
            Some(whole) if whole == value => format!("an element here is {shown}, {what}"),
            Some(whole) => format!(
                "an element here is {}, in which {shown} is {what}",
                self.describe_value(whole)
            ),
            None => format!("this is {shown}, {what}"),
        };
        EvalError::type_error(
            span,
            format!("`{written}` takes apart a list of {}", elements(wanted)),
            label,
        )
        .with_help(
            "write as many names as the list has elements, as in `[a, b]` for `[3, 4]`, or \
             bind the whole value to one name and take its parts by index: `p[0]`",
        )
    }

    /// `x is list`: whether the value of `value` is of the kind.
    pub(in crate::eval) fn is_kind(&mut self, value: &Expr, kind: Kind) -> Result<Value> {
        let value = self.eval(value)?;
        Ok(Value::Bool(of_kind(&value, kind)))
    }
}

/// Whether a value is of a kind: a set of integers and a set of other values are both sets;
/// an integer is no game (though `0` stands for the game 0 where a game is wanted).
pub(in crate::eval) fn of_kind(value: &Value, kind: Kind) -> bool {
    matches!(
        (value, kind),
        (Value::Int(_), Kind::Int)
            | (Value::Bool(_), Kind::Bool)
            | (Value::Str(_), Kind::String)
            | (Value::List(_), Kind::List)
            | (Value::Set(_) | Value::SetOf(_), Kind::Set)
            | (Value::Range { .. }, Kind::Range)
            | (Value::Game(_), Kind::Game)
            | (Value::Family(_), Kind::Family)
            | (Value::Digraph(_), Kind::Graph)
            | (Value::Map(_), Kind::Map)
    )
}

fn elements(n: usize) -> String {
    match n {
        1 => "1 element".to_owned(),
        n => format!("{n} elements"),
    }
}
