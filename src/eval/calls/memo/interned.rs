//! The arguments of remembered calls that are of no small kind (a graph as a list of
//! neighbour sets, a list of lists), each held once and known by a number, which is what a
//! packed call holds of it. A value passed on unchanged from call to call (Node Kayles'
//! graph) is found by the address of its shared contents, without being gone through.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use hashbrown::HashTable;
use rustc_hash::FxHashMap;

use super::packed::Known;
use crate::eval::values::Value;
use crate::game::{GameId, MixHasher};

/// Addresses kept beside the values themselves; past this many they are forgotten and found
/// again (by content) as they come.
const ADDRESSES: usize = 1024;

#[derive(Default, Debug)]
pub(super) struct Interned {
    /// The values by content, each with its number (its index in `values`).
    by_content: HashTable<u32>,
    values: Vec<Value>,
    /// Values by the address of their contents: a clone each, which keeps the address
    /// theirs while it is here.
    by_address: FxHashMap<usize, (Value, u32)>,
}

impl Interned {
    /// The number of a value known here.
    pub fn find(&self, value: &Value) -> Known {
        let Some(address) = address(value) else {
            return Known::Never;
        };
        if let Some((_, number)) = self.by_address.get(&address) {
            return Known::As(*number);
        }
        if holds_game(value) {
            return Known::Never;
        }
        match self
            .by_content
            .find(hash(value), |&n| self.values[n as usize] == *value)
        {
            Some(&number) => Known::As(number),
            None => Known::Unknown,
        }
    }

    /// The number of a value, given one if it has none; `Never` for a value not numbered.
    pub fn number(&mut self, value: &Value) -> Known {
        match self.find(value) {
            Known::Unknown => {}
            Known::As(number) => {
                self.remember_address(value, number);
                return Known::As(number);
            }
            Known::Never => return Known::Never,
        }
        let number = self.values.len() as u32;
        self.values.push(value.clone());
        let values = &self.values;
        self.by_content
            .insert_unique(hash(value), number, |&n| hash(&values[n as usize]));
        self.remember_address(value, number);
        Known::As(number)
    }

    fn remember_address(&mut self, value: &Value, number: u32) {
        let Some(address) = address(value) else {
            return;
        };
        if self.by_address.contains_key(&address) {
            return;
        }
        if self.by_address.len() >= ADDRESSES {
            self.by_address.clear();
        }
        self.by_address.insert(address, (value.clone(), number));
    }

    /// What holding a new value here takes: the value's own heap, and its places in the
    /// tables (three times over, for their spare room and old copies as they double).
    pub fn bytes_of_new(value: &Value) -> u64 {
        let places = 3 * (size_of::<Value>() + size_of::<u32>() + 1) as u64;
        places + crate::eval::limits::memory::owned_bytes(value)
    }
}

/// The address of a list's, set's or string's shared contents; none for other kinds, which
/// are not numbered.
fn address(value: &Value) -> Option<usize> {
    Some(match value {
        Value::List(items) | Value::SetOf(items) => Arc::as_ptr(items) as *const () as usize,
        Value::Set(members) => Arc::as_ptr(members) as *const () as usize,
        Value::Map(entries) => Arc::as_ptr(entries) as *const () as usize,
        Value::Str(text) => Arc::as_ptr(text) as *const () as usize,
        _ => return None,
    })
}

/// Games are not numbered: a failed statement takes back the games it made, and the calls
/// that hold them are forgotten then.
fn holds_game(value: &Value) -> bool {
    value.has_game_from(GameId::from_raw(0))
}

fn hash(value: &Value) -> u64 {
    let mut hasher = MixHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}
