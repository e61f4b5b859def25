//! **Values**: what a program computes with (integers, truth values, sets, ranges, strings,
//! lists, games, families, tables), what each is called in messages and how it prints. A new
//! kind of value goes here; what operators make of it, in the expression room (`expr::ops`).
//!
//! Values: integers, truth values, sets and ranges of integers, strings, lists, sets of any
//! values, games, families of games, and the tables (of one argument or two) and periods
//! computed from families.

pub mod tables;

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::game::GameId;
use crate::game::heap::HeapGame;
use crate::syntax::ast::{Expr, Ident};
use tables::{Grid, PeriodReport, Table};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Int(i64),
    Bool(bool),
    /// `{1, 3, 4}`: sorted, without repeats.
    Set(Arc<[i64]>),
    /// `a..b` (and `a..=b`, stored as `a..b+1`): the integers from `start` up to `end`, excluded.
    /// Made by [`Value::range`], so that `0..=9223372036854775807` is a range too.
    Range {
        start: i64,
        end: RangeEnd,
    },
    Str(Arc<str>),
    /// `[3, 4, 5]`: values in order, repeats kept.
    List(Arc<[Value]>),
    /// `{[1, 2], "xx"}`: a set with a member other than an integer, sorted by [`Ord`] and
    /// without repeats. A set of integers alone is always a [`Value::Set`], so that equal
    /// sets are equal values (and one memo key).
    SetOf(Arc<[Value]>),
    /// `{"a": 1, "b": 2}`: keys and their values, sorted by key, each key once. Made by
    /// [`Value::map_of`].
    Map(Arc<[(Value, Value)]>),
    Game(GameId),
    /// `kayles`, `sub({1, 3, 4})`, `S` after `let S(n) = ...`: a game for each number.
    Family(Family),
    /// What `seq(F, 0..100)` computes.
    Table(Arc<Table>),
    /// What `seq(F, 0..16, 0..16)` computes, for F of two arguments.
    Grid(Arc<Grid>),
    /// What `period(F)` proves.
    Period(Arc<PeriodReport>),
    /// `digraph("a>b a>c b>c c>d")`: a game graph, whose vertices are games.
    Digraph(crate::game::digraph::DigraphId),
    /// What `survey("0.??", n)` found.
    Survey(Arc<crate::survey::SurveyTable>),
}

/// A family: `let S(n) = ...`.
#[derive(Debug)]
pub struct Function {
    /// Its index in the session; memo entries are keyed by it.
    pub(in crate::eval) id: u32,
    pub(in crate::eval) name: Ident,
    pub(in crate::eval) params: Vec<Ident>,
    pub(in crate::eval) body: Arc<Expr>,
    /// It comes from the library (std/): its body sees the library and the built-ins, never
    /// the user's definitions, so a user's `let` of a name it uses does not change it.
    pub(in crate::eval) library: bool,
    /// A function written inline (`k => n - k`): the values of the names it uses from where
    /// it was written, bound after its parameters whenever it is called.
    pub(in crate::eval) captured: Box<[(Arc<str>, Value)]>,
    /// How deep it captures functions: 0 for a family, 1 for a function written inline that
    /// captures none.
    pub(in crate::eval) nesting: u32,
    /// `let loopy f(n) = ...`: its calls may come back to one another (see `calls::loopy`).
    pub(in crate::eval) loopy: bool,
    /// A built-in named where a value is wanted (`seq(nim_mul, ...)`): its body calls the
    /// built-in on its parameters, and its errors are told where it is called.
    pub(in crate::eval) builtin: bool,
}

impl Function {
    /// Written inline (`k => n - k`), not defined by a `let`.
    pub(in crate::eval) fn is_inline(&self) -> bool {
        self.nesting > 0
    }

    /// The locals a call's body starts with: its parameters, then what it captured.
    pub(in crate::eval) fn locals(&self, args: &[Value]) -> Vec<(Arc<str>, Value)> {
        let params = self.params.iter().map(|p| p.name.clone());
        params
            .zip(args.iter().cloned())
            .chain(self.captured.iter().cloned())
            .collect()
    }
}

/// A family of games, one for each heap size (or argument).
#[derive(Clone, Debug)]
pub enum Family {
    /// `let S(n) = ...`
    User(Arc<Function>),
    /// `sub({1, 3, 4})`: `sub(n, {1, 3, 4})` for each n.
    Subtraction(Arc<[u64]>),
    /// `kayles`, `octal("0.137")`, `grundy_game`: a heap of each size.
    Heap(HeapGame),
}

impl PartialEq for Family {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Family::User(a), Family::User(b)) => a.id == b.id,
            (Family::Subtraction(a), Family::Subtraction(b)) => a == b,
            (Family::Heap(a), Family::Heap(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Family {}

impl Hash for Family {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Family::User(function) => function.id.hash(state),
            Family::Subtraction(moves) => moves.hash(state),
            Family::Heap(game) => game.hash(state),
        }
    }
}

impl Value {
    /// What a user calls this kind of value, for type errors: "an integer".
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer",
            Value::Bool(_) => "a truth value",
            Value::Set(_) => "a set",
            Value::Range { .. } => "a range",
            Value::Str(_) => "a string",
            Value::List(_) => "a list",
            Value::SetOf(_) => "a set",
            Value::Map(_) => "a map",
            Value::Game(_) => "a game",
            Value::Family(_) => "a family of games",
            Value::Table(_) => "a table of values",
            Value::Grid(_) => "a two-way table of values",
            Value::Period(_) => "a period",
            Value::Survey(_) => "a survey",
            Value::Digraph(_) => "a game graph",
        }
    }

    pub fn set(mut members: Vec<i64>) -> Value {
        members.sort_unstable();
        members.dedup();
        Value::Set(members.into())
    }

    /// The map of these entries, in order of key; of two entries with one key, the later.
    pub fn map_of(mut entries: Vec<(Value, Value)>) -> Value {
        // Stable, so that the last of equal keys stays last.
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let mut kept: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
        for entry in entries {
            match kept.last_mut() {
                Some(last) if last.0 == entry.0 => *last = entry,
                _ => kept.push(entry),
            }
        }
        Value::Map(kept.into())
    }

    /// The set of these values: a [`Value::Set`] when they are all integers.
    pub fn set_of(mut members: Vec<Value>) -> Value {
        if members.iter().all(|m| matches!(m, Value::Int(_))) {
            let ints = members.iter().map(|m| match m {
                Value::Int(n) => *n,
                _ => unreachable!("all integers"),
            });
            return Value::set(ints.collect());
        }
        members.sort_unstable();
        members.dedup();
        Value::SetOf(members.into())
    }

    /// Whether it holds a game from `first` on (a game a failed statement made).
    pub(in crate::eval) fn has_game_from(&self, first: GameId) -> bool {
        match self {
            Value::Game(id) => *id >= first,
            Value::List(items) | Value::SetOf(items) => {
                items.iter().any(|item| item.has_game_from(first))
            }
            Value::Map(entries) => entries
                .iter()
                .any(|(k, v)| k.has_game_from(first) || v.has_game_from(first)),
            _ => false,
        }
    }

    /// Whether lists and sets may hold it: data, not families or tables.
    pub fn is_data(&self) -> bool {
        !matches!(
            self,
            Value::Family(_)
                | Value::Table(_)
                | Value::Grid(_)
                | Value::Period(_)
                | Value::Survey(_)
        )
    }

    /// Where this kind comes in the order of values of different kinds.
    fn rank(&self) -> u8 {
        match self {
            Value::Bool(_) => 0,
            Value::Int(_) => 1,
            Value::Str(_) => 2,
            Value::List(_) => 3,
            Value::Set(_) | Value::SetOf(_) => 4,
            Value::Range { .. } => 5,
            Value::Map(_) => 11,
            Value::Grid(_) => 12,
            Value::Game(_) => 6,
            Value::Family(_) => 7,
            Value::Table(_) => 8,
            Value::Period(_) => 9,
            Value::Survey(_) => 12,
            Value::Digraph(_) => 10,
        }
    }

    /// The members of a set or range, or the elements of a list of integers, if this is one
    /// and it has at most `limit` members; else how many it has.
    pub fn members(&self, limit: u64) -> Option<Result<Vec<i64>, u128>> {
        match self {
            Value::Set(members) => Some(Ok(members.to_vec())),
            Value::List(items) => items
                .iter()
                .map(|item| match item {
                    Value::Int(n) => Some(*n),
                    _ => None,
                })
                .collect::<Option<Vec<i64>>>()
                .map(Ok),
            &Value::Range { start, end } => {
                let count = range_len(start, end);
                Some(if count > u128::from(limit) {
                    Err(count)
                } else {
                    Ok(range_members(start, end).collect())
                })
            }
            _ => None,
        }
    }
}

/// The order `sort`, `min`, `max` and sets use: integers by size, strings and lists
/// lexicographically, games by when they were made. Values of different kinds are ordered
/// by kind, so that a set of mixed values has one order.
impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        use Value::*;
        match (self, other) {
            (Int(a), Int(b)) => a.cmp(b),
            (Bool(a), Bool(b)) => a.cmp(b),
            (Str(a), Str(b)) => a.cmp(b),
            (List(a), List(b)) | (SetOf(a), SetOf(b)) => a.cmp(b),
            (Map(a), Map(b)) => a.cmp(b),
            (Set(a), Set(b)) => a.cmp(b),
            // A set of integers before a set with other members, as its members come first.
            (Set(_), SetOf(_)) => Ordering::Less,
            (SetOf(_), Set(_)) => Ordering::Greater,
            (Range { start: s1, end: e1 }, Range { start: s2, end: e2 }) => {
                (s1, e1.get()).cmp(&(s2, e2.get()))
            }
            (Game(a), Game(b)) => a.cmp(b),
            (Digraph(a), Digraph(b)) => a.cmp(b),
            (a, b) if a.rank() != b.rank() => a.rank().cmp(&b.rank()),
            // Families, tables and periods are never members; any order consistent with `==`.
            (a, b) if a == b => Ordering::Equal,
            (a, b) => format!("{a:?}").cmp(&format!("{b:?}")),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// How many integers `start..end` holds: up to 2^64, for the whole of `i64`.
pub fn range_len(start: i64, end: RangeEnd) -> u128 {
    (end.get() - i128::from(start)).max(0) as u128
}

/// The integers of `start..end`, every one an `i64` since `end` is at most `i64::MAX + 1`.
pub fn range_members(start: i64, end: RangeEnd) -> impl Iterator<Item = i64> {
    (i128::from(start)..end.get()).map(|k| k as i64)
}

/// The end of a range, which may be one past the largest integer, in the 64 bits of an
/// integer so that a value stays as small as it was (it is in every remembered call): that
/// end is stored as `i64::MIN`, an end which as itself would only make an empty range, and
/// [`Value::range`] stores such a range as another empty one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RangeEnd(i64);

impl RangeEnd {
    pub fn get(self) -> i128 {
        match self.0 {
            i64::MIN => i128::from(i64::MAX) + 1,
            end => i128::from(end),
        }
    }
}

impl Value {
    /// `start..end`, `end` being at most one past the largest integer.
    pub fn range(start: i64, end: i128) -> Value {
        let end = match i64::try_from(end) {
            Ok(i64::MIN) => RangeEnd(start),
            Ok(end) => RangeEnd(end),
            Err(_) => RangeEnd(i64::MIN),
        };
        Value::Range { start, end }
    }
}

/// A range as it would be typed: `0..4`, or `0..=9223372036854775807` for one whose end is
/// past the largest integer.
pub fn show_range(start: i64, end: i128) -> String {
    match i64::try_from(end) {
        Ok(end) => format!("{start}..{end}"),
        Err(_) => format!("{start}..={}", end - 1),
    }
}

pub use crate::game::show_nimber;

/// A string as it would be typed: between quotes, with nothing escaped, since grundy's
/// strings have no escapes (a terminal is kept safe where output is printed). One holding a
/// `"`, which only `str` of a value with strings in it makes, shows it as it is.
pub fn show_str(text: &str) -> String {
    format!("\"{text}\"")
}

/// Sets print as written: `{1, 3, 4}`.
pub struct ShowSet<'a>(pub &'a [i64]);

impl fmt::Display for ShowSet<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, member) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{member}")?;
        }
        write!(f, "}}")
    }
}

/// How many elements (or bytes of a string) an operation on this value goes through;
/// 0 for a value that is not a collection.
pub(in crate::eval) fn data_len(value: &Value) -> usize {
    match value {
        Value::List(items) | Value::SetOf(items) => items.len(),
        Value::Map(entries) => entries.len(),
        Value::Set(members) => members.len(),
        Value::Str(text) => text.len(),
        &Value::Range { start, end } => {
            usize::try_from(crate::eval::values::range_len(start, end)).unwrap_or(usize::MAX)
        }
        _ => 0,
    }
}

/// Bytes a copy of a list, set or string's top level takes (its elements' own heaps are
/// shared, not copied).
pub(in crate::eval) fn data_bytes(value: &Value) -> u64 {
    let each = match value {
        Value::List(_) | Value::SetOf(_) => std::mem::size_of::<Value>(),
        Value::Set(_) | Value::Range { .. } => std::mem::size_of::<i64>(),
        _ => 1,
    };
    (data_len(value) as u64).saturating_mul(each as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value is in every remembered call and every listed member, charged by its size.
    #[test]
    fn a_value_takes_three_words() {
        assert_eq!(std::mem::size_of::<Value>(), 24);
    }

    #[test]
    fn ranges_reach_one_past_the_largest_integer() {
        let whole = Value::range(0, i128::from(i64::MAX) + 1);
        let Value::Range { start, end } = whole else {
            panic!("{whole:?}")
        };
        assert_eq!(range_len(start, end), 1 << 63);
        let Value::Range { start, end } = Value::range(5, i128::from(i64::MIN)) else {
            panic!()
        };
        assert_eq!(range_len(start, end), 0);
        let Value::Range { start, end } = Value::range(-3, 2) else {
            panic!()
        };
        assert_eq!(
            range_members(start, end).collect::<Vec<_>>(),
            [-3, -2, -1, 0, 1]
        );
    }
}
