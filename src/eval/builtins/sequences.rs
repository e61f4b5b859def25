//! Built-in functions that make lists, sets and strings of one another: `join`, `split`,
//! `replace`, `reverse`, `list`, `set`, `enumerate`, `zip`. A string goes in as its
//! characters, each a string of one, as `for` goes through it.

use crate::eval::builtins::wrong_arity;
use crate::eval::report::error::EvalError;
use crate::eval::report::words::plural;
use crate::eval::values::{Value, data_len, range_len};
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{Expr, Ident};

/// The names this room answers for.
pub(in crate::eval) fn is_sequence_builtin(name: &str) -> bool {
    matches!(
        name,
        "join" | "split" | "replace" | "reverse" | "list" | "set" | "enumerate" | "zip"
    )
}

/// Bytes a value takes in a list.
const VALUE: u64 = std::mem::size_of::<Value>() as u64;
/// Bytes a string of a character allocates of its own (a shared allocation's counts, the
/// character, the allocator's rounding).
const CHAR: u64 = 32;
/// Bytes a pair `[x, y]` allocates of its own (its two values, as [`CHAR`]).
const PAIR: u64 = 80;

/// Bytes to make a string of `length` bytes: in a buffer, then copied into its shared
/// allocation.
fn string_bytes(length: u64) -> u64 {
    length.saturating_mul(2)
}

/// Bytes to make a list of `count` values, each allocating `own` bytes of its own: in a
/// buffer, then copied into the list's shared allocation.
fn list_bytes(count: usize, own: u64) -> u64 {
    (count as u64).saturating_mul(2 * VALUE + own)
}

/// A list of these `count` values, in a buffer of just that size.
fn list_of(count: usize, values: impl Iterator<Item = Value>) -> Value {
    let mut items = Vec::with_capacity(count);
    items.extend(values);
    Value::List(items.into())
}

/// Bytes each value `for` takes from `x` allocates of its own: a string's characters do.
fn own(x: &Value) -> u64 {
    match x {
        Value::Str(_) => CHAR,
        _ => 0,
    }
}

/// A value with where it was written.
type Arg = (Value, Span);

impl Session {
    pub(in crate::eval) fn call_sequence_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        let (fewest, most) = match name {
            "join" | "split" => (1, 2),
            "replace" => (3, 3),
            "zip" => (2, 2),
            _ => (1, 1),
        };
        if !(fewest..=most).contains(&args.len()) {
            let expected = match (fewest, most) {
                (1, 2) => "1 or 2 arguments".to_owned(),
                (n, _) => plural(n, "argument"),
            };
            return Err(wrong_arity(name, args, span, expected).into());
        }
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push((self.eval(arg)?, arg.span));
        }
        match name {
            "join" => self.join(&values[0], values.get(1)),
            "split" => self.split(&values[0], values.get(1)),
            "replace" => self.replace(&values[0], &values[1], &values[2]),
            "reverse" => self.reverse(&values[0]),
            "list" => self.list(&values[0]),
            "set" => self.set(&values[0]),
            "enumerate" => self.enumerate(&values[0]),
            _ => self.zip(&values[0], &values[1]),
        }
    }

    /// `join(p, sep)`: the strings of p (a list, a set in order, a string's characters) one
    /// after another, sep between each two; `join(p)` puts nothing between them.
    fn join(&mut self, (p, at): &Arg, sep: Option<&Arg>) -> Result<Value> {
        let sep = match sep {
            None => "",
            Some((Value::Str(text), _)) => text,
            Some((other, at)) => {
                return Err(EvalError::type_error(
                    *at,
                    "`join` puts a string between the parts",
                    format!("this is {}", other.kind()),
                )
                .with_help(
                    "write the separator in quotes: `join(p, \", \")`, or `join(p)` for none",
                )
                .into());
            }
        };
        self.pass_over(data_len(p), *at)?;
        let parts: Vec<&str> = match p {
            Value::Str(text) => text
                .char_indices()
                .map(|(i, c)| &text[i..i + c.len_utf8()])
                .collect(),
            Value::List(items) | Value::SetOf(items) => {
                let mut parts = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    let Value::Str(text) = item else {
                        let place = match p {
                            Value::List(_) => format!("element {i}"),
                            _ => "a member".to_owned(),
                        };
                        return Err(not_all_strings(*at, &place, item));
                    };
                    parts.push(&**text);
                }
                parts
            }
            Value::Set(members) if members.is_empty() => Vec::new(),
            Value::Set(members) => {
                return Err(not_all_strings(*at, "a member", &Value::Int(members[0])));
            }
            other => {
                return Err(EvalError::type_error(
                    *at,
                    "`join` joins the strings of a list",
                    format!("this is {}", other.kind()),
                )
                .with_help("write `join([\"a\", \"b\"], \"-\")`, or `join([str(k) for k in 0..5], \" \")` for other values")
                .into());
            }
        };
        let length = parts.iter().map(|part| part.len() as u64).sum::<u64>()
            + (sep.len() as u64).saturating_mul(parts.len().saturating_sub(1) as u64);
        self.pass_over(usize::try_from(length).unwrap_or(usize::MAX), *at)?;
        self.room_for(string_bytes(length), *at)?;
        let mut joined = String::with_capacity(length as usize);
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                joined.push_str(sep);
            }
            joined.push_str(part);
        }
        Ok(Value::Str(joined.into()))
    }

    /// `split(s, sep)`: the parts of s between the separators, empty ones too, so that
    /// `join(split(s, sep), sep) == s`; `split(s)`: its words, between runs of spaces.
    fn split(&mut self, (s, at): &Arg, sep: Option<&Arg>) -> Result<Value> {
        let Value::Str(text) = s else {
            return Err(EvalError::type_error(
                *at,
                "`split` cuts a string into parts",
                format!("this is {}", s.kind()),
            )
            .with_help(match s {
                Value::List(_) => "a list is cut with slices: `p[:i]`, `p[i:]`",
                _ => "write `split(\"3 4 5\")` for words or `split(\"a-b\", \"-\")` at a separator",
            })
            .into());
        };
        self.pass_over(text.len(), *at)?;
        let sep = match sep {
            None => None,
            Some((Value::Str(sep), at)) if sep.is_empty() => {
                return Err(EvalError::invalid(
                    *at,
                    "a string is split at a separator of one character or more",
                    "this is the empty string",
                )
                .with_help("the characters of a string, as a list, are `list(s)`")
                .into());
            }
            Some((Value::Str(sep), _)) => Some(sep),
            Some((other, at)) => {
                return Err(EvalError::type_error(
                    *at,
                    "`split` cuts a string at a string",
                    format!("this is {}", other.kind()),
                )
                .with_help("write the separator in quotes: `split(s, \",\")`")
                .into());
            }
        };
        // Counted before any part is made, to be refused before the list is.
        let parts = match sep {
            Some(sep) => text.matches(&**sep).count() + 1,
            None => text.split_whitespace().count(),
        };
        self.pass_over(parts, *at)?;
        self.room_for(
            list_bytes(parts, CHAR).saturating_add(text.len() as u64),
            *at,
        )?;
        let part = |part: &str| Value::Str(part.into());
        Ok(match sep {
            Some(sep) => list_of(parts, text.split(&**sep).map(part)),
            None => list_of(parts, text.split_whitespace().map(part)),
        })
    }

    /// `replace(s, old, new)`: s with every occurrence of old, from the left and not
    /// overlapping, replaced by new.
    fn replace(
        &mut self,
        (s, at): &Arg,
        (old, old_at): &Arg,
        (new, new_at): &Arg,
    ) -> Result<Value> {
        let Value::Str(text) = s else {
            return Err(EvalError::type_error(
                *at,
                "`replace` replaces parts of a string",
                format!("this is {}", s.kind()),
            )
            .with_help(match s {
                Value::List(_) => {
                    "in a list write `[if x == a then b else x for x in p]`, or `p[i := v]` for one element"
                }
                _ => "write `replace(\"HHTH\", \"H\", \"T\")`",
            })
            .into());
        };
        let mut strings =
            [(old, *old_at), (new, *new_at)]
                .into_iter()
                .map(|(value, at)| match value {
                    Value::Str(text) => Ok(text.clone()),
                    other => Err(EvalError::type_error(
                        at,
                        "`replace` replaces a string by a string",
                        format!("this is {}", other.kind()),
                    )
                    .with_help(match other {
                        Value::Int(n) => format!("write it in quotes: `\"{n}\"`, or `str(x)`"),
                        _ => "write it in quotes: `replace(s, \"H\", \"T\")`".to_owned(),
                    })),
                });
        let old = strings.next().expect("old")?;
        let new = strings.next().expect("new")?;
        if old.is_empty() {
            return Err(EvalError::invalid(
                *old_at,
                "there is nothing to replace",
                "this is the empty string",
            )
            .with_help("to put t between the characters of s, write `join(s, t)`")
            .into());
        }
        self.pass_over(text.len(), *at)?;
        let found = text.matches(&*old).count() as u64;
        let length = (text.len() as u64 - found * old.len() as u64)
            .saturating_add(found.saturating_mul(new.len() as u64));
        self.pass_over(usize::try_from(length).unwrap_or(usize::MAX), *at)?;
        self.room_for(string_bytes(length), *at)?;
        let mut replaced = String::with_capacity(length as usize);
        let mut last = 0;
        for (start, part) in text.match_indices(&*old) {
            replaced.push_str(&text[last..start]);
            replaced.push_str(&new);
            last = start + part.len();
        }
        replaced.push_str(&text[last..]);
        Ok(Value::Str(replaced.into()))
    }

    /// `reverse(p)`: a list's elements or a string's characters, last first.
    fn reverse(&mut self, (p, at): &Arg) -> Result<Value> {
        self.pass_over(data_len(p), *at)?;
        match p {
            Value::List(items) => {
                self.room_for(list_bytes(items.len(), 0), *at)?;
                Ok(list_of(items.len(), items.iter().rev().cloned()))
            }
            Value::Str(text) => {
                self.room_for(string_bytes(text.len() as u64), *at)?;
                let mut reversed = String::with_capacity(text.len());
                reversed.extend(text.chars().rev());
                Ok(Value::Str(reversed.into()))
            }
            other => Err(EvalError::type_error(
                *at,
                "`reverse` takes a list or a string",
                format!("this is {}", other.kind()),
            )
            .with_help(match other {
                Value::Set(_) | Value::SetOf(_) => {
                    "a set has no order; `reverse(sort(S))` is its members from the greatest"
                }
                Value::Range { .. } => "`reverse(list(a..b))` is its integers from the last",
                _ => "write `reverse([1, 2, 3])` or `reverse(\"abc\")`",
            })
            .into()),
        }
    }

    /// `list(x)`: a list itself, a string's characters, a set's members in order, a range's
    /// integers.
    fn list(&mut self, (x, at): &Arg) -> Result<Value> {
        if !goes_through(x) {
            return Err(not_gone_through("list", *at, x));
        }
        // Refuses a range past the `options` limit before going through it.
        let passes = self.passes(x, *at, false)?;
        self.pass_over(data_len(x), *at)?;
        match x {
            Value::List(_) => Ok(x.clone()),
            // A set of any values is sorted already: the list shares its members.
            Value::SetOf(members) => Ok(Value::List(members.clone())),
            _ => {
                self.room_for(list_bytes(data_len(x), own(x)), *at)?;
                Ok(list_of(data_len(x), passes))
            }
        }
    }

    /// `set(x)`: the members of a list, a string (its characters) or a range, as a set.
    fn set(&mut self, (x, at): &Arg) -> Result<Value> {
        if !goes_through(x) {
            return Err(not_gone_through("set", *at, x));
        }
        let passes = self.passes(x, *at, false)?;
        self.pass_over(data_len(x), *at)?;
        if let Value::Set(_) | Value::SetOf(_) = x {
            return Ok(x.clone());
        }
        // Gone through, then sorted into the set.
        self.room_for(list_bytes(data_len(x), own(x)), *at)?;
        let mut members = Vec::with_capacity(data_len(x));
        for item in passes {
            if let Value::Range { .. } = item {
                return Err(EvalError::type_error(
                    *at,
                    "a set holds values, not a range of them",
                    "this list holds a range",
                )
                .with_help("for the integers of a range write `set(a..b)`")
                .into());
            }
            members.push(self.canonical(item, *at)?);
        }
        Ok(Value::set_of(members))
    }

    /// `enumerate(p)`: `[[0, p[0]], [1, p[1]], ...]`.
    fn enumerate(&mut self, (p, at): &Arg) -> Result<Value> {
        if !goes_through(p) {
            return Err(not_gone_through("enumerate", *at, p));
        }
        let passes = self.passes(p, *at, false)?;
        let count = data_len(p);
        self.pass_over(count, *at)?;
        self.room_for(list_bytes(count, PAIR + own(p)), *at)?;
        let pairs = passes
            .enumerate()
            .map(|(i, x)| Value::List([Value::Int(i as i64), x].into()));
        Ok(list_of(count, pairs))
    }

    /// `zip(p, q)`: `[[p[0], q[0]], [p[1], q[1]], ...]`, as many pairs as the shorter has
    /// elements.
    fn zip(&mut self, (p, p_at): &Arg, (q, q_at): &Arg) -> Result<Value> {
        for (x, at) in [(p, p_at), (q, q_at)] {
            if !goes_through(x) {
                return Err(not_gone_through("zip", *at, x));
            }
        }
        let length = |x: &Value| match x {
            &Value::Range { start, end } => range_len(start, end),
            Value::Str(text) => text.chars().count() as u128,
            _ => data_len(x) as u128,
        };
        let (p_len, q_len) = (length(p), length(q));
        let (count, shorter) = if p_len <= q_len {
            (p_len, p_at)
        } else {
            (q_len, q_at)
        };
        let limit = self.meter.limits.game.options;
        if count > u128::from(limit) {
            return Err(EvalError::TooLarge {
                span: *shorter,
                what: "this list of pairs".into(),
                label: format!("it would hold {count} pairs"),
                help: Some(crate::eval::limits::raise_to_count("options", limit, count)),
            }
            .into());
        }
        let count = count as usize;
        self.pass_over(count, p_at.to(*q_at))?;
        let each = PAIR + own(p) + own(q);
        self.room_for(list_bytes(count, each), p_at.to(*q_at))?;
        // A longer range is gone through only as far as the shorter side goes.
        let pairs = self
            .passes(p, *p_at, true)?
            .zip(self.passes(q, *q_at, true)?)
            .map(|(x, y)| Value::List([x, y].into()));
        Ok(list_of(count, pairs))
    }
}

/// Whether `for` goes through it: a list, a string, a set or a range.
fn goes_through(value: &Value) -> bool {
    matches!(
        value,
        Value::List(_) | Value::Str(_) | Value::Set(_) | Value::SetOf(_) | Value::Range { .. }
    )
}

fn not_gone_through(name: &str, at: Span, value: &Value) -> crate::eval::Flow {
    EvalError::type_error(
        at,
        format!("`{name}` takes a list, a string, a set or a range"),
        format!("this is {}", value.kind()),
    )
    .with_help(match value {
        Value::Game(_) if name == "set" => {
            "the options of a game are `options(G)`, a set".to_owned()
        }
        Value::Game(_) => "the options of a game, in order, are `sort(options(G))`".to_owned(),
        _ => format!("write `{name}(\"abc\")`, `{name}([3, 1])` or `{name}(0..5)`"),
    })
    .into()
}

fn not_all_strings(at: Span, place: &str, item: &Value) -> crate::eval::Flow {
    EvalError::type_error(
        at,
        "`join` joins strings",
        format!("{place} is {}", item.kind()),
    )
    .with_help("make each a string first: `join([str(x) for x in p], \" \")`")
    .into()
}
