//! Positions as data: lists, sets of any values and strings. Their literals, subscripts
//! (`p[i]`, `p[a:b]`, `p[i := v]`, `p[a:b := q]`), membership (`x in S`), the set operators and
//! concatenation, and what `for` goes through.

use std::sync::Arc;

use crate::eval::expr::ops::Operand;
use crate::eval::limits::memory::Listing;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::values::{data_bytes, data_len};
use crate::eval::values::{range_len, range_members};
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{BinOp, Element, Expr, SliceReplacement, Subscript};

/// How deep lists and sets may nest in one another: hashing, comparing and dropping a value
/// go down it on the Rust stack.
pub(in crate::eval) const MAX_DATA_NESTING: usize = 500;

/// How deep `value` nests lists and sets (an integer 0, `[1]` 1, `[[1]]` 2), or some depth
/// past `limit` once it is known to pass it. Walks the containers, not the stack.
fn nesting(value: &Value, limit: usize) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0)];
    while let Some((value, depth)) = stack.pop() {
        if let Value::List(items) | Value::SetOf(items) = value {
            let depth = depth + 1;
            deepest = deepest.max(depth);
            if deepest > limit {
                return deepest;
            }
            stack.extend(items.iter().map(|item| (item, depth)));
        } else if let Value::Map(entries) = value {
            let depth = depth + 1;
            deepest = deepest.max(depth);
            if deepest > limit {
                return deepest;
            }
            stack.extend(entries.iter().flat_map(|(k, v)| [(k, depth), (v, depth)]));
        } else if let Value::Set(_) = value {
            deepest = deepest.max(depth + 1);
        }
    }
    deepest
}

/// A list or a string, as a sequence of values (a string's are its characters). A string of
/// ASCII characters, as positions usually are (`"xx.xxx"`), is read in place, a byte a
/// character.
enum Sequence {
    List(Arc<[Value]>),
    Ascii(Arc<str>),
    Str(Vec<char>),
}

impl Sequence {
    fn of(value: &Value) -> Option<Sequence> {
        match value {
            Value::List(items) => Some(Sequence::List(items.clone())),
            Value::Str(text) if text.is_ascii() => Some(Sequence::Ascii(text.clone())),
            Value::Str(text) => Some(Sequence::Str(text.chars().collect())),
            _ => None,
        }
    }

    fn len(&self) -> usize {
        match self {
            Sequence::List(items) => items.len(),
            Sequence::Ascii(text) => text.len(),
            Sequence::Str(chars) => chars.len(),
        }
    }

    fn what(&self) -> (&'static str, &'static str) {
        match self {
            Sequence::List(_) => ("list", "element"),
            Sequence::Ascii(_) | Sequence::Str(_) => ("string", "character"),
        }
    }
}

impl Session {
    /// `[3, 4, 5]`, `[e for x in R]`.
    pub(in crate::eval) fn list_literal(
        &mut self,
        elements: &[Element],
        span: Span,
    ) -> Result<Value> {
        let list = self.elements(elements, span, Listing::List)?;
        let mut items = Vec::with_capacity(list.items.len());
        for (value, span) in &list.items {
            items.push(self.member(value.clone(), *span, "a list")?);
        }
        self.elements_done(&list);
        // Freed before the elements are copied into the list's shared slice: the memory
        // charged for the listing covers the listing and one copy, not two.
        drop(list);
        Ok(Value::List(items.into()))
    }

    /// `{1, 3, 4}`, `{[1, 2], [3]}`, `{e for x in R}`.
    pub(in crate::eval) fn set_literal(
        &mut self,
        elements: &[Element],
        span: Span,
    ) -> Result<Value> {
        let list = self.elements(elements, span, Listing::Set)?;
        let mut members = Vec::with_capacity(list.items.len());
        for (value, span) in &list.items {
            let member = self.member(value.clone(), *span, "a set")?;
            members.push(self.canonical(member, *span)?);
        }
        self.elements_done(&list);
        // Freed before the members are sorted into the set (as for a list).
        drop(list);
        // Beside games, `0` is the zero game, as in a sum: `{Z(0) + Z(1), 0}` is one position.
        if members.iter().any(|m| matches!(m, Value::Game(_))) {
            for member in &mut members {
                if *member == Value::Int(0) {
                    *member = Value::Game(self.arena.zero());
                }
            }
        }
        Ok(Value::set_of(members))
    }

    /// A value that a list or set may hold: data, not a family or a table.
    pub(in crate::eval) fn member(&self, value: Value, span: Span, holder: &str) -> Result<Value> {
        match value {
            Value::Range { .. } if holder == "a set" => Err(EvalError::type_error(
                span,
                "a set holds values, not a range of them",
                "this is a range",
            )
            .with_help(
                "for the integers of a range write `{k for k in a..b}`, or use the range itself",
            )
            .into()),
            Value::Family(family) => Err(self.family_not_game(&family, span).into()),
            Value::List(_) | Value::SetOf(_) | Value::Map(_)
                if nesting(&value, MAX_DATA_NESTING - 1) >= MAX_DATA_NESTING =>
            {
                Err(EvalError::TooLarge {
                    span,
                    what: format!("{holder} nested this deep"),
                    label: format!("this is nested more than {} deep", MAX_DATA_NESTING - 1),
                    help: Some(format!(
                        "lists and sets may nest {MAX_DATA_NESTING} deep; a position is usually \
                         a flat list or a list of lists"
                    )),
                }
                .into())
            }
            value if value.is_data() => Ok(value),
            other => Err(EvalError::type_error(
                span,
                format!("{holder} holds integers, strings, lists, sets and games"),
                format!("this is {}", other.kind()),
            )
            .with_help("a table or a period is an answer to print, not a member")
            .into()),
        }
    }

    /// A game as one position however its sum was written (see
    /// [`crate::game::Arena::canonical`]); other values as they are.
    pub(in crate::eval) fn canonical(&mut self, value: Value, span: Span) -> Result<Value> {
        match value {
            Value::Game(id) => Ok(Value::Game(
                self.arena
                    .canonical(id)
                    .map_err(|e| self.game_error(e, span))?,
            )),
            other => Ok(other),
        }
    }

    /// `p[i]`, `p[a:b]`, `p[i := v]`, `p[a:b := q]`.
    pub(in crate::eval) fn subscript(
        &mut self,
        target: &Expr,
        subscript: &Subscript,
    ) -> Result<Value> {
        let value = self.eval(target)?;
        if let Value::Map(entries) = &value {
            return self.map_subscript(entries, target, subscript);
        }
        let Some(sequence) = Sequence::of(&value) else {
            return Err(not_a_sequence(&value, target.span, subscript).into());
        };
        // Only an element of a list or an ASCII string is taken without going through
        // the whole sequence.
        if !matches!(
            (&sequence, subscript),
            (Sequence::List(_) | Sequence::Ascii(_), Subscript::Index(_))
        ) {
            self.pass_over(sequence.len(), target.span)?;
            // A slice or a replacement is a copy, made through a buffer (of `char`s for a
            // string that is not ASCII).
            self.room_for(4 * data_bytes(&value), target.span)?;
        }
        match subscript {
            Subscript::Index(index) => {
                let at = self.position(&sequence, index)?;
                Ok(match sequence {
                    Sequence::List(items) => items[at].clone(),
                    Sequence::Ascii(text) => Value::Str(text[at..=at].into()),
                    Sequence::Str(chars) => Value::Str(chars[at].to_string().into()),
                })
            }
            Subscript::Slice { from, to } => {
                let (start, end) = self.slice_bounds(&sequence, from, to)?;
                Ok(match sequence {
                    Sequence::List(items) => Value::List(items[start..end].into()),
                    Sequence::Ascii(text) => Value::Str(text[start..end].into()),
                    Sequence::Str(chars) => {
                        Value::Str(chars[start..end].iter().collect::<String>().into())
                    }
                })
            }
            Subscript::ReplaceSlice(slice) => {
                self.replace_slice(sequence, data_bytes(&value), slice)
            }
            Subscript::Replace { index, value } => {
                let at = self.position(&sequence, index)?;
                let new = self.eval(value)?;
                match sequence {
                    Sequence::List(items) => {
                        let new = self.member(new, value.span, "a list")?;
                        let mut items = items.to_vec();
                        items[at] = new;
                        Ok(Value::List(items.into()))
                    }
                    sequence => {
                        let Value::Str(text) = &new else {
                            return Err(EvalError::type_error(
                                value.span,
                                "a string's character is replaced by a string",
                                format!("this is {}", new.kind()),
                            )
                            .with_help(format!(
                                "write the new character in quotes, as in `s[{} := \".\"]`",
                                self.sources.text(index.span)
                            ))
                            .into());
                        };
                        if text.chars().count() != 1 {
                            return Err(EvalError::invalid(
                                value.span,
                                "a character is replaced by one character",
                                format!("this has {} characters", text.chars().count()),
                            )
                            .with_help({
                                let i = self.sources.text(index.span);
                                let next = match i.parse::<i64>() {
                                    Ok(n) if n >= 0 => format!("{}", n + 1),
                                    _ => format!("{i} + 1"),
                                };
                                format!(
                                    "a position keeps its length: write one character, as in \
                                     `s[{i} := \".\"]`; to put a string in its place write \
                                     `s[{i}:{next} := t]`"
                                )
                            })
                            .into());
                        }
                        let replaced: String = match sequence {
                            Sequence::Ascii(old) => [&old[..at], &**text, &old[at + 1..]].concat(),
                            Sequence::Str(mut chars) => {
                                chars[at] = text.chars().next().expect("one character");
                                chars.into_iter().collect()
                            }
                            Sequence::List(_) => unreachable!("a list is replaced above"),
                        };
                        Ok(Value::Str(replaced.into()))
                    }
                }
            }
        }
    }

    /// `p[a:b := q]`: the slice `p[a:b]` replaced by q, a list in a list, a string in a string.
    /// `bytes`: those of the sequence's top level.
    fn replace_slice(
        &mut self,
        sequence: Sequence,
        bytes: u64,
        slice: &SliceReplacement,
    ) -> Result<Value> {
        let SliceReplacement { from, to, value } = slice;
        let (start, end) = self.slice_bounds(&sequence, from, to)?;
        let new = self.eval(value)?;
        self.pass_over(data_len(&new), value.span)?;
        // As for a slice: the result, at most both sides, made through a buffer.
        let made = bytes.saturating_add(data_bytes(&new));
        self.room_for(made.saturating_mul(4), value.span)?;
        Ok(match (sequence, &new) {
            (Sequence::List(items), Value::List(put)) => Value::List(
                items[..start]
                    .iter()
                    .chain(put.iter())
                    .chain(&items[end..])
                    .cloned()
                    .collect(),
            ),
            (Sequence::Ascii(text), Value::Str(put)) => {
                Value::Str([&text[..start], &**put, &text[end..]].concat().into())
            }
            (Sequence::Str(chars), Value::Str(put)) => {
                let mut text: String = chars[..start].iter().collect();
                text.push_str(put);
                text.extend(&chars[end..]);
                Value::Str(text.into())
            }
            (Sequence::List(_), other) => {
                return Err(EvalError::type_error(
                    value.span,
                    "a slice of a list is replaced by a list",
                    format!("this is {}", other.kind()),
                )
                .with_help(format!(
                    "write the new elements in brackets: `[{}]`, or `[]` to remove the slice",
                    self.sources.text(value.span)
                ))
                .into());
            }
            (_, other) => {
                return Err(EvalError::type_error(
                    value.span,
                    "a slice of a string is replaced by a string",
                    format!("this is {}", other.kind()),
                )
                .with_help(match other {
                    Value::List(_) => "a list of characters is a string again with `join(p)`",
                    _ => "write the new characters in quotes, as in `s[1:3 := \"..\"]`, or `\"\"` to remove them",
                })
                .into());
            }
        })
    }

    /// Where the slice `p[from:to]` starts and ends: as in Python, a bound counts from the
    /// end when negative, is cut to the sequence, and the end is never before the start.
    fn slice_bounds(
        &mut self,
        sequence: &Sequence,
        from: &Option<Box<Expr>>,
        to: &Option<Box<Expr>>,
    ) -> Result<(usize, usize)> {
        let len = sequence.len() as i64;
        let mut bound = |bound: &Option<Box<Expr>>, default: i64| -> Result<usize> {
            let Some(expr) = bound else {
                return Ok(default as usize);
            };
            let value = self.eval(expr)?;
            let n = self.int(&value, expr.span, "a slice's bounds are integers")?;
            let n = if n < 0 { n.saturating_add(len) } else { n };
            Ok(n.clamp(0, len) as usize)
        };
        let start = bound(from, 0)?;
        let end = bound(to, len)?.max(start);
        Ok((start, end))
    }

    /// Where `p[index]` is: counted from the end when negative, as in Python.
    fn position(&mut self, sequence: &Sequence, index: &Expr) -> Result<usize> {
        let value = self.eval(index)?;
        let (kind, part) = sequence.what();
        // The message is written only for an index that is not a number: `s[k]` runs by
        // the million in a family's body.
        let n = match value {
            Value::Int(n) => n,
            _ => self.int(
                &value,
                index.span,
                &format!("a {kind}'s {part}s are numbered"),
            )?,
        };
        let len = sequence.len();
        let at = if n < 0 {
            i128::from(n) + len as i128
        } else {
            i128::from(n)
        };
        if (0..len as i128).contains(&at) {
            return Ok(at as usize);
        }
        let help = match len {
            0 => format!("the {kind} is empty: it has no {part}s"),
            1 => format!("the {kind} has 1 {part}: number 0 (or -1 from the end)"),
            len => format!(
                "the {kind} has {len} {part}s: numbers 0 to {} (or -{len} to -1 from the end)",
                len - 1
            ),
        };
        Err(EvalError::invalid(
            index.span,
            format!("{part} {n} is past the end of the {kind}"),
            format!("this is {n}"),
        )
        .with_help(help)
        .into())
    }

    /// `x in C`: a member of a set, an element of a list, an integer of a range, a part of
    /// a string.
    pub(in crate::eval) fn contains(&mut self, item: Operand, collection: Operand) -> Result<bool> {
        let item_value = self.canonical(item.value.clone(), item.span)?;
        if let Value::List(_) | Value::Str(_) = collection.value {
            self.pass_over(data_len(collection.value), collection.span)?;
        }
        if let (Value::List(items), Value::Game(_)) = (collection.value, &item_value) {
            let zero = Value::Game(self.arena.zero());
            for element in items.iter() {
                // `0` beside games is the zero game.
                let element = match element {
                    Value::Int(0) => zero.clone(),
                    other => self.canonical(other.clone(), collection.span)?,
                };
                if element == item_value {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        Ok(match (collection.value, &item_value) {
            (Value::Map(entries), key) => entries.binary_search_by(|(k, _)| k.cmp(key)).is_ok(),
            (Value::Set(members), Value::Int(n)) => members.binary_search(n).is_ok(),
            (Value::Set(_), _) => false,
            // `0` is the zero game among games, as a set literal makes it.
            (Value::SetOf(members), Value::Int(0))
                if members
                    .binary_search(&Value::Game(self.arena.zero()))
                    .is_ok() =>
            {
                true
            }
            (Value::SetOf(members), value) => members.binary_search(value).is_ok(),
            (Value::List(items), value) => items.contains(value),
            (&Value::Range { start, end }, &Value::Int(n)) => {
                n >= start && i128::from(n) < end.get()
            }
            (Value::Range { .. }, _) => false,
            (Value::Str(text), Value::Str(part)) => text.contains(&**part),
            (Value::Str(_), other) => {
                return Err(EvalError::type_error(
                    item.span,
                    "`in` a string looks for a string",
                    format!("this is {}", other.kind()),
                )
                .with_help("write the character or text in quotes: `\"x\" in s`")
                .into());
            }
            (Value::Game(_), _) => {
                return Err(EvalError::type_error(
                    collection.span,
                    "`in` looks in a set, list, map, range or string, not in a game",
                    "this is a game",
                )
                .with_help(format!(
                    "the options of a game are `options({})`",
                    self.sources.text(collection.span)
                ))
                .into());
            }
            (other, _) => {
                return Err(EvalError::type_error(
                    collection.span,
                    "`in` looks in a set, list, map, range or string",
                    format!("this is {}", other.kind()),
                )
                .with_help("write `x in {1, 2, 3}`, `x in [3, 4]`, `x in 0..10` or `\"x\" in s`")
                .into());
            }
        })
    }

    /// The operators of lists, strings and sets: `+` and `*` (repeat) on lists and strings,
    /// `|`, `&`, `-`, `^` on sets, or `None` when neither side is one.
    pub(in crate::eval) fn collection_op(
        &mut self,
        op: BinOp,
        lhs: Operand,
        rhs: Operand,
    ) -> Option<Result<Value>> {
        let (span, operands) = (
            lhs.span,
            data_len(lhs.value).saturating_add(data_len(rhs.value)),
        );
        let value = match self.combine(op, lhs, rhs)? {
            Ok(value) => value,
            Err(error) => return Some(Err(error)),
        };
        // Counted once done: the operands were gone through, and the result was built.
        let cost = operands.saturating_add(data_len(&value));
        Some(self.pass_over(cost, span).map(|()| value))
    }

    fn combine(&mut self, op: BinOp, lhs: Operand, rhs: Operand) -> Option<Result<Value>> {
        use Value::{Int, List, Str};
        let limit = self.meter.limits.game.options;
        let made = data_bytes(lhs.value).saturating_add(data_bytes(rhs.value));
        if let (BinOp::Add, List(_), List(_)) | (BinOp::Add, Str(_), Str(_)) =
            (op, lhs.value, rhs.value)
            && let Err(error) = self.room_for(made, lhs.span.to(rhs.span))
        {
            return Some(Err(error));
        }
        Some(match (op, lhs.value, rhs.value) {
            (BinOp::Add, List(a), List(b)) => Ok(List(a.iter().chain(b.iter()).cloned().collect())),
            (BinOp::Add, Str(a), Str(b)) => Ok(Str(format!("{a}{b}").into())),
            (BinOp::Mul, List(_) | Str(_), Int(n)) | (BinOp::Mul, Int(n), List(_) | Str(_)) => {
                let (seq, count) = if matches!(lhs.value, Int(_)) {
                    (rhs, lhs)
                } else {
                    (lhs, rhs)
                };
                let times = usize::try_from(*n).unwrap_or(0);
                let len = match seq.value {
                    List(items) => items.len(),
                    Str(text) => text.len(),
                    _ => unreachable!("a list or a string"),
                };
                let total = len.saturating_mul(times);
                if total as u64 > limit {
                    return Some(Err(EvalError::TooLarge {
                        span: count.span,
                        what: format!("this {}", seq.value.kind().trim_start_matches("a ")),
                        label: match seq.value {
                            Str(_) => format!("it would hold {total} characters"),
                            _ => format!("it would hold {total} elements"),
                        },
                        help: Some(crate::eval::limits::raise_to_count(
                            "options",
                            limit,
                            total as u128,
                        )),
                    }
                    .into()));
                }
                let bytes = data_bytes(seq.value).saturating_mul(times as u64);
                if let Err(error) = self.room_for(bytes, count.span) {
                    return Some(Err(error));
                }
                Ok(match seq.value {
                    List(items) => List(items.iter().cycle().take(total).cloned().collect()),
                    Str(text) => Str(text.repeat(times).into()),
                    _ => unreachable!("a list or a string"),
                })
            }
            (BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::Xor, a, b)
                if is_set(a) && is_set(b) =>
            {
                let (a, b) = match (self.set_members(lhs), self.set_members(rhs)) {
                    (Ok(a), Ok(b)) => (a, b),
                    (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
                };
                let keep: Vec<Value> = match op {
                    BinOp::BitOr => a.iter().chain(&b).cloned().collect(),
                    BinOp::BitAnd => a
                        .iter()
                        .filter(|m| b.binary_search(m).is_ok())
                        .cloned()
                        .collect(),
                    BinOp::Sub => a
                        .iter()
                        .filter(|m| b.binary_search(m).is_err())
                        .cloned()
                        .collect(),
                    _ => {
                        let only_a = a.iter().filter(|m| b.binary_search(m).is_err());
                        let only_b = b.iter().filter(|m| a.binary_search(m).is_err());
                        only_a.chain(only_b).cloned().collect()
                    }
                };
                Ok(Value::set_of(keep))
            }
            _ => return None,
        })
    }

    /// The members of a set (or range), in order.
    fn set_members(&self, side: Operand) -> Result<Vec<Value>> {
        match side.value {
            Value::SetOf(members) => Ok(members.to_vec()),
            other => match other.members(self.meter.limits.game.options) {
                Some(Ok(ints)) => Ok(ints.into_iter().map(Value::Int).collect()),
                Some(Err(count)) => Err(self.range_too_long(side.span, count).into()),
                None => unreachable!("a set or range"),
            },
        }
    }

    /// A range with more integers than the `options` limit lets one go through.
    fn range_too_long(&self, span: Span, count: u128) -> EvalError {
        EvalError::TooLarge {
            span,
            what: "this range".into(),
            label: format!("{count} integers to go through"),
            help: Some(crate::eval::limits::raise_to_count(
                "options",
                self.meter.limits.game.options,
                count,
            )),
        }
    }

    /// What `for x in value` goes through: the integers of a range or set of integers, the
    /// members of a set, the elements of a list, the characters of a string.
    pub(in crate::eval) fn passes(&self, value: &Value, span: Span, lazy: bool) -> Result<Passes> {
        Ok(match value {
            Value::Set(members) => Passes::Ints(members.clone(), 0),
            &Value::Range { start, end } => {
                let count = range_len(start, end);
                if count > u128::from(self.meter.limits.game.options) && !lazy {
                    return Err(self.range_too_long(span, count).into());
                }
                Passes::Range(Box::new(range_members(start, end)))
            }
            Value::List(items) | Value::SetOf(items) => Passes::Values(items.clone(), 0),
            Value::Map(entries) => Passes::Keys(entries.clone(), 0),
            // A character at a time: a string of megabytes is not made a list of them first.
            Value::Str(text) => Passes::Chars(text.clone(), 0),
            other => {
                return Err(EvalError::type_error(
                    span,
                    "`for` goes through a range, a set, a list, a string or a map's keys",
                    format!("this is {}", other.kind()),
                )
                .with_help(match other {
                    Value::Game(_) => {
                        "for the options of a game write `for g in options(G)`".to_owned()
                    }
                    _ => "write a range such as `0..n` or `1..=3`, a set such as `{1, 3, 4}`, \
                          or a list such as `[2, 5]`"
                        .to_owned(),
                })
                .into());
            }
        })
    }
}

/// The values a `for` clause goes through.
pub(in crate::eval) enum Passes {
    Ints(Arc<[i64]>, usize),
    Range(Box<dyn Iterator<Item = i64>>),
    Values(Arc<[Value]>, usize),
    /// A map's keys, in order.
    Keys(Arc<[(Value, Value)]>, usize),
    /// A string's characters, from the byte at the offset on.
    Chars(Arc<str>, usize),
}

impl Iterator for Passes {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        match self {
            Passes::Ints(members, at) => {
                let n = *members.get(*at)?;
                *at += 1;
                Some(Value::Int(n))
            }
            Passes::Range(range) => range.next().map(Value::Int),
            Passes::Values(items, at) => {
                let item = items.get(*at)?.clone();
                *at += 1;
                Some(item)
            }
            Passes::Keys(entries, at) => {
                let (key, _) = entries.get(*at)?;
                *at += 1;
                Some(key.clone())
            }
            Passes::Chars(text, at) => {
                let c = text[*at..].chars().next()?;
                *at += c.len_utf8();
                Some(Value::Str(c.to_string().into()))
            }
        }
    }
}

fn is_set(value: &Value) -> bool {
    matches!(value, Value::Set(_) | Value::SetOf(_) | Value::Range { .. })
}

fn not_a_sequence(value: &Value, span: Span, subscript: &Subscript) -> EvalError {
    let error = EvalError::type_error(
        span,
        format!(
            "only lists and strings have numbered elements, not {}",
            value.kind()
        ),
        format!("this is {}", value.kind()),
    );
    match (value, subscript) {
        (Value::Set(_) | Value::SetOf(_), _) => {
            error.with_help("a set has no order; `sort(S)` is the list of its members, in order")
        }
        (Value::Game(_), _) => error
            .with_help("a game's options are `options(G)`, a set; `sort(options(G))` numbers them"),
        (Value::Range { .. }, _) => {
            error.with_help("the integers of a range as a list are `[k for k in a..b]`")
        }
        _ => error.with_help("write a list such as `[3, 4, 5]` or a string such as `\"xx.x\"`"),
    }
}
