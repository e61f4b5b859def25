//! Built-in functions on positions as data: `len`, `sum`, `min`, `max`, `sort`, `abs`,
//! `options`, `indices` (and in [`super::sequences`], `join`, `split`, `list`, ...), and the quantifiers `all`, `any`, `count` (see [`crate::eval::quantifiers`]).
//! Each takes a collection or one generator: `sum(K(x) for x in p)`.

use crate::eval::builtins::wrong_arity;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::game::GameId;
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind, Ident};

/// The names this room answers for.
pub(in crate::eval) fn is_data_builtin(name: &str) -> bool {
    matches!(
        name,
        "len"
            | "sum"
            | "min"
            | "max"
            | "sort"
            | "abs"
            | "options"
            | "all"
            | "any"
            | "count"
            | "str"
            | "indices"
    )
}

impl Session {
    pub(in crate::eval) fn call_data_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        if matches!(name, "all" | "any" | "count") {
            return self.quantifier(callee, args);
        }
        if name == "indices" {
            return self.indices(callee, args);
        }
        let variadic = matches!(name, "min" | "max");
        if args.is_empty() || (args.len() > 1 && !variadic) {
            let expected = if variadic {
                "1 argument or more"
            } else {
                "1 argument"
            };
            return Err(wrong_arity(name, args, callee.span, expected.into()).into());
        }
        if variadic && args.len() > 1 {
            let mut values = Vec::with_capacity(args.len());
            for arg in args {
                values.push((self.eval(arg)?, arg.span));
            }
            return self.extreme(name, values, span);
        }
        let arg = &args[0];
        let value = self.eval(arg)?;
        match name {
            "abs" => {
                let n = self.int(&value, arg.span, "`abs` takes an integer")?;
                n.checked_abs().map(Value::Int).ok_or_else(|| {
                    EvalError::Overflow {
                        span,
                        op: "abs".into(),
                    }
                    .into()
                })
            }
            "options" => {
                let id = self.game_value(&value, arg.span)?;
                let options = self
                    .arena
                    .options(id)
                    .map_err(|e| self.game_error(e, arg.span))?;
                self.pass_over(options.len(), arg.span)?;
                let mut games = Vec::with_capacity(options.len());
                for option in options {
                    games.push(self.canonical(Value::Game(option), arg.span)?);
                }
                Ok(Value::set_of(games))
            }
            "str" => Ok(match value {
                Value::Str(text) => Value::Str(text),
                other => {
                    let text = self.describe_value(&other);
                    self.pass_over(text.len(), arg.span)?;
                    Value::Str(text.into())
                }
            }),
            "len" => {
                let len = match &value {
                    Value::List(items) | Value::SetOf(items) => items.len() as u128,
                    Value::Map(entries) => entries.len() as u128,
                    Value::Set(members) => members.len() as u128,
                    Value::Str(text) => {
                        self.pass_over(text.len(), arg.span)?;
                        text.chars().count() as u128
                    }
                    &Value::Range { start, end } => crate::eval::values::range_len(start, end),
                    other => return Err(not_a_collection(name, other, arg).into()),
                };
                Ok(Value::Int(i64::try_from(len).unwrap_or(i64::MAX)))
            }
            _ => {
                let items = self.items(name, &value, arg)?;
                self.pass_over(items.len(), arg.span)?;
                match name {
                    "sum" => self.sum(items, &value, arg, span),
                    "sort" => {
                        let mut items: Vec<Value> = items.into_iter().map(|(v, _)| v).collect();
                        items.sort();
                        Ok(Value::List(items.into()))
                    }
                    _ => self.extreme(name, items, span),
                }
            }
        }
    }

    /// `indices(p, x)`: where x is in the list p, or where the string x starts in the string
    /// p (overlapping too: `indices("...", "..") == [0, 1]`), in order.
    fn indices(&mut self, callee: &Ident, args: &[Expr]) -> Result<Value> {
        let [within, sought] = args else {
            return Err(wrong_arity("indices", args, callee.span, "2 arguments".into()).into());
        };
        let p = self.eval(within)?;
        let x = self.eval(sought)?;
        self.indices_of(&p, &x, within.span, sought.span)
    }

    /// `indices(p, x)` of values, `p` written at `within` and `x` at `sought`.
    pub(in crate::eval) fn indices_of(
        &mut self,
        p: &Value,
        x: &Value,
        within: Span,
        sought: Span,
    ) -> Result<Value> {
        let len = crate::eval::values::data_len(p);
        self.pass_over(len, within)?;
        // At most an index a place, with the places of a string's characters gone through.
        self.room_for(40 * len as u64, within)?;
        let found: Vec<Value> = match (p, x) {
            (Value::List(items), x) => {
                let x = self.canonical(x.clone(), sought)?;
                let mut found = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    if self.canonical(item.clone(), within)? == x {
                        found.push(Value::Int(i as i64));
                    }
                }
                found
            }
            (Value::Str(text), Value::Str(part)) => {
                let starts: Vec<usize> = text.char_indices().map(|(at, _)| at).collect();
                starts
                    .iter()
                    .chain([&text.len()])
                    .enumerate()
                    .filter(|&(_, &at)| text[at..].starts_with(&**part))
                    .map(|(i, _)| Value::Int(i as i64))
                    .collect()
            }
            (Value::Str(_), other) => {
                return Err(EvalError::type_error(
                    sought,
                    "`indices` looks for a string in a string",
                    format!("this is {}", other.kind()),
                )
                .with_help("write the part in quotes: `indices(\"x.xx\", \"x\")`")
                .into());
            }
            (other, _) => {
                return Err(EvalError::type_error(
                    within,
                    "`indices` looks in a list or a string",
                    format!("this is {}", other.kind()),
                )
                .with_help("write `indices([3, 1, 3], 3)` or `indices(\"x.xx\", \"x\")`")
                .into());
            }
        };
        Ok(Value::List(found.into()))
    }

    /// The values of a list, set, range or string (its characters), each with where it
    /// came from.
    fn items(&self, name: &str, value: &Value, arg: &Expr) -> Result<Vec<(Value, Span)>> {
        if !matches!(
            value,
            Value::List(_) | Value::SetOf(_) | Value::Set(_) | Value::Range { .. } | Value::Str(_)
        ) {
            return Err(not_a_collection(name, value, arg).into());
        }
        let span = match &arg.kind {
            ExprKind::Generator(element) => element.expr.span,
            _ => arg.span,
        };
        // Gone through as a list of items with where each came from, and (`sort`) a list made
        // of them: a range of a million integers is made into one here.
        let each = 2 * std::mem::size_of::<(Value, Span)>() as u64;
        let count = crate::eval::values::data_len(value) as u64;
        self.room_for(count.saturating_mul(each), arg.span)?;
        Ok(self
            .passes(value, arg.span, false)?
            .map(|item| (item, span))
            .collect())
    }

    /// `sum(p)`: integers added, games summed (a game and the integer 0 too), or strings
    /// joined; 0 if empty.
    fn sum(
        &mut self,
        items: Vec<(Value, Span)>,
        collection: &Value,
        arg: &Expr,
        span: Span,
    ) -> Result<Value> {
        if let Some((Value::Str(_), _)) = items.first() {
            return self.sum_of_strings(&items, collection, arg);
        }
        if items.iter().any(|(v, _)| matches!(v, Value::Game(_))) {
            let mut parts: Vec<GameId> = Vec::with_capacity(items.len());
            for (value, at) in &items {
                parts.push(self.game_value(value, *at)?);
            }
            let id = self
                .arena
                .sum(&parts)
                .map_err(|e| self.game_error(e, span))?;
            return Ok(Value::Game(id));
        }
        let mut total: i64 = 0;
        for (i, (value, at)) in items.iter().enumerate() {
            let Value::Int(n) = value else {
                return Err(EvalError::type_error(
                    *at,
                    "`sum` adds integers, games or strings, all of one kind",
                    item_label(collection, arg, i, value),
                )
                .with_help(match value {
                    Value::Str(_) => {
                        "a sum is of integers, of games or of strings, not of a mix: \
                         `sum([\"ab\", \"c\"]) == \"abc\"`"
                    }
                    _ => "for the elements of lists one after another, add the lists: `p + q`",
                })
                .into());
            };
            total = total.checked_add(*n).ok_or(EvalError::Overflow {
                span: arg.span,
                op: "sum".into(),
            })?;
        }
        Ok(Value::Int(total))
    }

    /// `sum(p)` of strings: joined, as `join(p)` joins them (which is "" when p is empty,
    /// where `sum` cannot know that it was to be a string).
    fn sum_of_strings(
        &mut self,
        items: &[(Value, Span)],
        collection: &Value,
        arg: &Expr,
    ) -> Result<Value> {
        let mut parts = Vec::with_capacity(items.len());
        for (i, (value, at)) in items.iter().enumerate() {
            let Value::Str(text) = value else {
                return Err(EvalError::type_error(
                    *at,
                    "`sum` of strings joins strings",
                    item_label(collection, arg, i, value),
                )
                .with_help("make each a string first: `sum(str(x) for x in p)`, or `join([str(x) for x in p])`")
                .into());
            };
            parts.push(&**text);
        }
        let length: u64 = parts.iter().map(|part| part.len() as u64).sum();
        self.pass_over(usize::try_from(length).unwrap_or(usize::MAX), arg.span)?;
        // Made whole, then copied into the string's shared allocation.
        self.room_for(length.saturating_mul(2), arg.span)?;
        Ok(Value::Str(parts.concat().into()))
    }

    /// `min`, `max` of integers, strings or lists of one kind.
    fn extreme(&self, name: &str, items: Vec<(Value, Span)>, span: Span) -> Result<Value> {
        let Some((first, _)) = items.first() else {
            return Err(EvalError::invalid(
                span,
                format!("`{name}` of nothing"),
                "there is nothing here to compare",
            )
            .with_help(format!(
                "`{name}` needs at least one value; test for emptiness first: `if len(p) > 0 then {name}(p) else 0`"
            ))
            .into());
        };
        for (value, at) in &items {
            let ordered = matches!(value, Value::Int(_) | Value::Str(_) | Value::List(_));
            if !ordered || std::mem::discriminant(value) != std::mem::discriminant(first) {
                let help = match value {
                    Value::Game(_) => "games are not ordered; compare their values: `nimber(G)`",
                    _ => "`min` and `max` compare integers, strings or lists, all of one kind",
                };
                return Err(EvalError::type_error(
                    *at,
                    format!("`{name}` compares values of one kind"),
                    format!("this is {}", value.kind()),
                )
                .with_help(help)
                .into());
            }
        }
        let values = items.into_iter().map(|(v, _)| v);
        Ok(if name == "min" {
            values.min()
        } else {
            values.max()
        }
        .expect("not empty"))
    }
}

/// What the item at `i` of what `arg` gave is, said where the error points: at the item of
/// a generator, or at the whole collection.
fn item_label(collection: &Value, arg: &Expr, i: usize, item: &Value) -> String {
    match (&arg.kind, collection) {
        (ExprKind::Generator(_), _) => format!("this is {}", item.kind()),
        (_, Value::List(_)) => format!("element {i} is {}", item.kind()),
        _ => format!("a member is {}", item.kind()),
    }
}

fn not_a_collection(name: &str, value: &Value, arg: &Expr) -> EvalError {
    EvalError::type_error(
        arg.span,
        match name {
            "len" => "`len` takes a list, a set, a map, a range or a string".to_owned(),
            _ => format!("`{name}` takes a list, a set, a range or a string"),
        },
        format!("this is {}", value.kind()),
    )
    .with_help(match (name, value) {
        ("len", Value::Game(_)) => {
            "the number of options of a game is `len(options(G))`".to_owned()
        }
        _ => format!(
            "write `{name}([3, 4, 5])`, `{name}({{1, 2}})`, or with a generator: `{name}(x * x for x in 0..5)`"
        ),
    })
}
