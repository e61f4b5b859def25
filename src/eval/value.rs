//! Values: integers, truth values, sets and ranges of integers, strings, and games.

use std::fmt;
use std::sync::Arc;

use crate::game::GameId;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Int(i64),
    Bool(bool),
    /// `{1, 3, 4}`: sorted, without repeats.
    Set(Arc<[i64]>),
    /// `a..b` (and `a..=b`, stored as `a..b+1`): the integers from `start` up to `end`, excluded.
    Range {
        start: i64,
        end: i64,
    },
    Str(Arc<str>),
    Game(GameId),
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
            Value::Game(_) => "a game",
        }
    }

    pub fn set(mut members: Vec<i64>) -> Value {
        members.sort_unstable();
        members.dedup();
        Value::Set(members.into())
    }

    /// The members of a set or range, if this is one and it is small enough to list.
    pub fn members(&self, limit: u64) -> Option<Result<Vec<i64>, u64>> {
        match self {
            Value::Set(members) => Some(Ok(members.to_vec())),
            &Value::Range { start, end } => {
                let count = range_len(start, end);
                Some(if count > limit {
                    Err(count)
                } else {
                    Ok((start..end).collect())
                })
            }
            _ => None,
        }
    }
}

/// How many integers `start..end` holds.
pub fn range_len(start: i64, end: i64) -> u64 {
    if end <= start {
        0
    } else {
        (i128::from(end) - i128::from(start)) as u64
    }
}

pub use crate::game::show_nimber;

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
