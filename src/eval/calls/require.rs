//! `require(condition, "help", value)`: a family refuses arguments it has no game for.
//!
//! `let chomp(r) = require(rows_ok(r), "Chomp's rows are given longest first", <...>)` is
//! `value` when the condition holds, and an error otherwise. The error is raised in the body
//! but reported at the call that passed the bad arguments (at those arguments the condition
//! names), with the family's own words as its help: a user who writes `chomp([1, 2, 3])`
//! sees their own line, not the library's.

use crate::eval::report::error::EvalError;
use crate::eval::report::error::Unplaced;
use crate::eval::values::{Function, Value};
use crate::eval::{Flow, Result, Session};
use crate::source::Span;
use crate::syntax::ast::Expr;

impl Session {
    /// `require(condition, "help", value)`
    pub(in crate::eval) fn require(&mut self, args: &[Expr], span: Span) -> Result<Value> {
        let [condition, help, value] = args else {
            let expected = "3 arguments".to_owned();
            return Err(crate::eval::builtins::wrong_arity("require", args, span, expected).into());
        };
        if self.called_by_library() {
            return self.eval(value);
        }
        // Arguments of the wrong kind fail the condition too: `len(p)` of an integer.
        let wrong_kind = match self.condition(condition) {
            Ok(true) => return self.eval(value),
            Ok(false) => false,
            Err(Flow::Error(error))
                if matches!(*error, EvalError::Type { .. } | EvalError::Invalid { .. }) =>
            {
                true
            }
            Err(flow) => return Err(flow),
        };
        let help = match self.eval(help)? {
            Value::Str(text) => text.to_string(),
            other => {
                let error = EvalError::type_error(
                    help.span,
                    "`require` takes its help as a string",
                    format!("this is {}", other.kind()),
                );
                return Err(error
                    .with_help("say what the family takes: `require(n >= 0, \"a heap is never negative\", ...)`")
                    .into());
            }
        };
        let text = self.sources.text(condition.span);
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let unplaced = self.calls.innermost().map(|key| Unplaced {
            function: key.function,
            args: key.args.clone(),
            names: words(&text),
        });
        Err(EvalError::Refused {
            span: condition.span,
            message: "a requirement does not hold".into(),
            label: if wrong_kind {
                format!("`{text}` cannot even be checked (a value of the wrong kind)")
            } else {
                format!("`{text}` is false")
            },
            help,
            unplaced: unplaced.map(Box::new),
        }
        .into())
    }

    /// Whether the call being evaluated was made by a library body. The library checks what
    /// a user gives it and trusts its own calls (its worksheets test them), so a position's
    /// options are not checked again: that would cost Cram half as much again.
    pub(in crate::eval) fn called_by_library(&self) -> bool {
        self.program.in_library
            && self
                .calls
                .caller()
                .is_some_and(|id| self.library_function_name(id).is_some())
    }

    /// A refusal from the body of `function` called with `values`, moved to that call: to the
    /// arguments its condition names (or the whole call), in the words of the caller.
    pub(in crate::eval) fn place_refusal(
        &self,
        flow: Flow,
        function: &Function,
        values: &[Value],
        args: &[Expr],
        span: Span,
    ) -> Flow {
        let Flow::Error(mut error) = flow else {
            return flow;
        };
        if let EvalError::Refused {
            span: at,
            message,
            label,
            unplaced,
            ..
        } = &mut *error
            && let Some(refused) = unplaced
            && refused.function == function.id
            && *refused.args == *values
        {
            // A library family that passes bad arguments on was given them by its caller.
            if self.program.in_library
                && let Some(caller) = self.calls.innermost()
            {
                refused.function = caller.function;
                refused.args = caller.args.clone();
                refused.names.clear();
                return Flow::Error(error);
            }
            let named: Vec<Span> = function
                .params
                .iter()
                .zip(args)
                .filter(|(param, _)| refused.names.iter().any(|n| *n == *param.name))
                .map(|(_, arg)| arg.span)
                .collect();
            *at = match (named.first(), named.last()) {
                (Some(first), Some(last)) => first.to(*last),
                _ => span,
            };
            let call = self.show_args(&function.name.name, values);
            *message = format!("`{call}` is not a call `{}` accepts", function.name.name);
            *label = match named.len() {
                0 => format!("{label} for this call"),
                1 => format!("{label} for this argument"),
                _ => format!("{label} for these arguments"),
            };
            *unplaced = None;
        }
        Flow::Error(error)
    }
}

/// The names in a condition's text: `len(r) > 0 and r[0] >= 1` → len, r, and.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| word.starts_with(|c: char| c.is_alphabetic() || c == '_'))
        .map(str::to_owned)
        .collect()
}
