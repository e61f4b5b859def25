//! The values a body runs on here: integers, truth values, games, ranges, sets of integers
//! below 64 as the bits of a word, and lists of naturals below 256 or ASCII strings of up
//! to [`ROW`] elements as a row of bytes. All are `Copy`: nothing is allocated or freed while
//! a body runs. Any other value an argument holds (a graph as a list of sets) stays a
//! [`Value`] in the frame, and is read through ([`Small::Held`]).

use std::sync::Arc;

use crate::eval::calls::memo::Memo;
use crate::eval::calls::memo::packed::{Packed, Stream, Unknown};
use crate::eval::values::Value;
use crate::game::GameId;

/// The most elements a row holds.
pub(super) const ROW: usize = 30;

/// A list of naturals below 256, or an ASCII string: its length and its bytes (those past the
/// length are 0, so that equal rows are equal bytes).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) struct Row {
    len: u8,
    bytes: [u8; ROW],
}

impl Row {
    pub const EMPTY: Row = Row {
        len: 0,
        bytes: [0; ROW],
    };

    pub fn from_bytes(bytes: &[u8]) -> Option<Row> {
        let mut row = Row::EMPTY;
        row.bytes.get_mut(..bytes.len())?.copy_from_slice(bytes);
        row.len = bytes.len() as u8;
        Some(row)
    }

    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn push(&mut self, byte: u8) -> Option<()> {
        let at = self.len();
        *self.bytes.get_mut(at)? = byte;
        self.len += 1;
        Some(())
    }

    /// The row with its byte `at` replaced.
    pub fn replaced(mut self, at: usize, byte: u8) -> Row {
        self.bytes[at] = byte;
        self
    }

    pub fn slice(&self, start: usize, end: usize) -> Row {
        Row::from_bytes(&self.bytes[start..end]).expect("shorter")
    }

    pub fn concat(&self, other: &Row) -> Option<Row> {
        let mut row = *self;
        let end = self.len() + other.len();
        row.bytes
            .get_mut(self.len()..end)?
            .copy_from_slice(other.bytes());
        row.len = end as u8;
        Some(row)
    }
}

/// A value as a body runs on it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Small {
    Int(i64),
    Bool(bool),
    Game(GameId),
    /// `start..end`, `end` excluded.
    Range(i64, i64),
    /// A set of integers, all in 0..64: bit k for k.
    Bits(u64),
    /// A list of naturals below 256.
    List(Row),
    /// An ASCII string.
    Str(Row),
    /// The frame's held value of this index.
    Held(u16),
}

/// Values that are no [`Small`]: held by the frame while its body runs, each with the
/// elements finding a call with it as an argument goes through (see `hashed_len`).
#[derive(Default)]
pub(super) struct Held {
    values: Vec<Value>,
    hashed: Vec<usize>,
}

impl Held {
    pub fn get(&self, index: u16) -> &Value {
        &self.values[usize::from(index)]
    }

    pub fn hashed(&self, index: u16) -> usize {
        self.hashed[usize::from(index)]
    }
}

impl Small {
    /// The value as a body runs on it: kept in `held` when it is of no small kind.
    pub fn of(value: &Value, held: &mut Held) -> Option<Small> {
        match Small::of_small_kind(value) {
            Some(small) => Some(small),
            None => hold(value, held),
        }
    }

    /// The value as a body runs on it, if it is of a small kind.
    pub fn of_small_kind(value: &Value) -> Option<Small> {
        Some(match value {
            &Value::Int(n) => Small::Int(n),
            &Value::Bool(b) => Small::Bool(b),
            &Value::Game(id) => Small::Game(id),
            Value::Set(members) if members.iter().all(|&m| (0..64).contains(&m)) => {
                Small::Bits(members.iter().fold(0, |bits, &m| bits | 1 << m))
            }
            Value::List(items) if items.len() <= ROW && items.iter().all(is_byte) => {
                let mut row = Row::EMPTY;
                for item in items.iter() {
                    let Value::Int(n) = item else {
                        unreachable!("bytes")
                    };
                    row.push(*n as u8)?;
                }
                Small::List(row)
            }
            Value::Str(text) if text.is_ascii() => Small::Str(Row::from_bytes(text.as_bytes())?),
            &Value::Range { start, end } => Small::Range(start, i64::try_from(end.get()).ok()?),
            _ => return None,
        })
    }

    /// The value this stands for.
    pub fn value(self, held: &Held) -> Value {
        match self {
            Small::Int(n) => Value::Int(n),
            Small::Bool(b) => Value::Bool(b),
            Small::Game(id) => Value::Game(id),
            Small::Range(start, end) => Value::range(start, i128::from(end)),
            Small::Bits(bits) => Value::Set(members(bits).collect::<Vec<_>>().into()),
            Small::List(row) => Value::List(
                row.bytes()
                    .iter()
                    .map(|&b| Value::Int(i64::from(b)))
                    .collect(),
            ),
            Small::Str(row) => {
                Value::Str(Arc::from(std::str::from_utf8(row.bytes()).expect("ASCII")))
            }
            Small::Held(index) => held.get(index).clone(),
        }
    }

    /// One character as a string.
    pub fn char(byte: u8) -> Small {
        Small::Str(Row::from_bytes(&[byte]).expect("room for one"))
    }
}

fn is_byte(value: &Value) -> bool {
    matches!(value, Value::Int(0..=255))
}

fn hold(value: &Value, held: &mut Held) -> Option<Small> {
    let index = u16::try_from(held.values.len()).ok()?;
    held.values.push(value.clone());
    held.hashed.push(crate::eval::calls::hashed_len(value));
    Some(Small::Held(index))
}

/// The members of a set of bits, in order.
pub(super) fn members(bits: u64) -> impl Iterator<Item = i64> {
    let mut rest = bits;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            i64::from(k)
        })
    })
}

/// Arguments packed as the memo packs them (see `memo::packed`), through the same stream:
/// `None` when one is not packed (a game, a range) or they are too long, `Some(Err(_))` when
/// a held one is unknown to the memo.
pub(super) fn pack(args: &[Small], held: &Held, memo: &Memo) -> Option<Result<Packed, Unknown>> {
    let mut stream = Stream::new();
    for arg in args {
        let packed = match *arg {
            Small::Int(n) => stream.int(n).map(Ok),
            Small::Bool(b) => stream.truth(b).map(Ok),
            Small::List(row) => stream
                .naturals(false, row.len(), row.bytes().iter().map(|&b| i64::from(b)))
                .map(Ok),
            Small::Bits(bits) => stream
                .naturals(true, bits.count_ones() as usize, members(bits))
                .map(Ok),
            Small::Str(row) => stream.text(row.bytes()).map(Ok),
            Small::Held(index) => stream.value(held.get(index), &mut |v| memo.known(v)),
            Small::Game(_) | Small::Range(..) => return None,
        };
        if let Err(unknown) = packed? {
            return Some(Err(unknown));
        }
    }
    Some(Ok(stream.finish()))
}
