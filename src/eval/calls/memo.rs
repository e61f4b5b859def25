//! The values of family calls, found from the function and the arguments as they lie on the
//! caller's side: a call seen before allocates nothing.
//!
//! Most families take a few integers (`S(n)`, `rook(i, j)`): such a call is kept with its
//! integers in the entry itself, so that finding it reads one entry and no boxed arguments,
//! and calls with neighbouring integers hash to neighbouring slots, so that a comprehension
//! going through `rook(a, j) for a in 0..i` finds its calls in memory it has just read
//! rather than in a fresh cache line each time. Other calls keep their arguments boxed.
//! Calls of one or two small naturals are kept in dense tables instead, where they are dense
//! enough ([`dense`]). Calls of small lists, sets and strings (a position as data) are kept
//! packed into a few words ([`packed`]); the hash table holds the rest.

mod dense;
mod interned;
pub(in crate::eval) mod packed;

use std::hash::{Hash, Hasher};
use std::mem::size_of;

use hashbrown::HashTable;

use crate::eval::calls::CallKey;
use crate::eval::values::Value;
use crate::game::{GameId, MixHasher};
use interned::Interned;
use packed::{Known, Packed, Unknown};

/// Calls of up to this many integers are kept inline.
pub(in crate::eval) const INLINE: usize = 3;

/// A remembered call's arguments.
#[derive(Debug)]
enum Args {
    /// Up to [`INLINE`] integers; those past `len` are 0.
    Ints {
        len: u8,
        ints: [i64; INLINE],
    },
    /// Packed into up to [`INLINE`] words (see [`packed`]); those past `len` are 0.
    Packed {
        len: u8,
        words: [u64; INLINE],
    },
    /// Packed into more words.
    PackedLong(Box<[u64]>),
    Values(Box<[Value]>),
}

#[derive(Debug)]
struct Entry {
    function: u32,
    args: Args,
    value: Value,
}

/// A call as it is looked up: its arguments borrowed, or as integers when they all are.
#[derive(Copy, Clone)]
enum Call<'a> {
    Ints {
        function: u32,
        len: u8,
        ints: [i64; INLINE],
    },
    Packed {
        function: u32,
        words: &'a [u64],
    },
    Values {
        function: u32,
        args: &'a [Value],
    },
}

impl<'a> Call<'a> {
    /// The call, its arguments as integers when they all are, else packed when they pack
    /// (into `packed`, which the call then borrows), else as they are; `None` when an
    /// argument is unknown to the memo, which then remembers no such call.
    fn of(
        function: u32,
        args: &'a [Value],
        packed: &'a mut Option<Packed>,
        know: &mut dyn FnMut(&Value) -> Known,
    ) -> Option<Call<'a>> {
        if args.len() <= INLINE {
            let mut ints = [0; INLINE];
            let all_ints = args.iter().zip(&mut ints).all(|(arg, slot)| match arg {
                Value::Int(n) => {
                    *slot = *n;
                    true
                }
                _ => false,
            });
            if all_ints {
                let len = args.len() as u8;
                return Some(Call::Ints {
                    function,
                    len,
                    ints,
                });
            }
        }
        match packed::pack(args, know) {
            Some(Err(Unknown)) => None,
            Some(Ok(words)) => {
                let packed = packed.insert(words);
                Some(Call::Packed {
                    function,
                    words: packed.words(),
                })
            }
            None => Some(Call::Values { function, args }),
        }
    }

    fn of_entry(entry: &Entry) -> Call<'_> {
        match &entry.args {
            &Args::Ints { len, ints } => Call::Ints {
                function: entry.function,
                len,
                ints,
            },
            Args::Packed { len, words } => Call::Packed {
                function: entry.function,
                words: &words[..usize::from(*len)],
            },
            Args::PackedLong(words) => Call::Packed {
                function: entry.function,
                words,
            },
            Args::Values(args) => Call::Values {
                function: entry.function,
                args,
            },
        }
    }

    fn hash(self) -> u64 {
        let mut hasher = MixHasher::default();
        match self {
            Call::Ints {
                function,
                len,
                ints,
            } => {
                // Integers that differ only in their low bits share the high part of the
                // hash and lie side by side in the table (adding the low bits, rather than
                // putting them in place of the hash's own, keeps far-apart integers apart).
                let bits = 6 / u32::from(len.max(1));
                let mut low = 0u64;
                (function, len).hash(&mut hasher);
                for &n in &ints[..usize::from(len)] {
                    (n >> bits).hash(&mut hasher);
                    low = (low << bits) | (n as u64 & ((1 << bits) - 1));
                }
                // The top seven bits tell slots apart before an entry is read: neighbours
                // get different ones.
                let tag = low.wrapping_mul(0x9e37_79b9_7f4a_7c15) & (0x7f << 57);
                hasher.finish().wrapping_add(low) ^ tag
            }
            Call::Packed { function, words } => {
                (function, words).hash(&mut hasher);
                hasher.finish()
            }
            Call::Values { function, args } => {
                (function, args).hash(&mut hasher);
                hasher.finish()
            }
        }
    }

    fn is(self, entry: &Entry) -> bool {
        match (self, &entry.args) {
            (
                Call::Ints {
                    function,
                    len,
                    ints,
                },
                Args::Ints {
                    len: their_len,
                    ints: theirs,
                },
            ) => function == entry.function && len == *their_len && ints == *theirs,
            (Call::Packed { function, words }, Args::Packed { len, words: theirs }) => {
                // Compared word by word: a call to `memcmp` cost more than the comparison.
                function == entry.function
                    && words.len() == usize::from(*len)
                    && words.iter().zip(theirs).all(|(a, b)| a == b)
            }
            (Call::Packed { function, words }, Args::PackedLong(theirs)) => {
                function == entry.function && words == &**theirs
            }
            (Call::Values { function, args }, Args::Values(theirs)) => {
                function == entry.function && *args == **theirs
            }
            _ => false,
        }
    }
}

#[derive(Default, Debug)]
pub(in crate::eval) struct Memo {
    dense: dense::Dense,
    table: HashTable<Entry>,
    interned: Interned,
}

impl Memo {
    pub fn get(&self, function: u32, args: &[Value]) -> Option<Value> {
        if let Some(value) = self.dense.get(function, args) {
            return Some(value);
        }
        let mut packed = None;
        let call = Call::of(function, args, &mut packed, &mut |v| self.interned.find(v))?;
        let entry = self.table.find(call.hash(), |entry| call.is(entry))?;
        Some(entry.value.clone())
    }

    /// How a call's argument of no small kind is packed (see [`packed`]).
    pub fn known(&self, value: &Value) -> Known {
        self.interned.find(value)
    }

    /// [`Memo::get`] for a call whose arguments are these integers (at most [`INLINE`]).
    #[inline]
    pub fn get_ints(&self, function: u32, args: &[i64]) -> Option<Value> {
        if let Some(value) = self.dense.get_ints(function, args) {
            return Some(value);
        }
        let mut ints = [0; INLINE];
        ints[..args.len()].copy_from_slice(args);
        let call = Call::Ints {
            function,
            len: args.len() as u8,
            ints,
        };
        let entry = self.table.find(call.hash(), |entry| call.is(entry))?;
        Some(entry.value.clone())
    }

    /// [`Memo::get`], borrowed, for a call whose arguments pack into these words (see [`packed`]), of
    /// kinds other than integers alone.
    pub fn find_packed(&self, function: u32, words: &[u64]) -> Option<&Value> {
        let call = Call::Packed { function, words };
        let entry = self.table.find(call.hash(), |entry| call.is(entry))?;
        Some(&entry.value)
    }

    /// The game a call of these integers was found to be, if it was, and was a game.
    #[inline(always)]
    pub fn game_of_ints(&self, function: u32, args: &[i64]) -> Option<GameId> {
        match self.dense.game_of_ints(function, args) {
            Some(id) => Some(id),
            None => self.game_of_ints_hashed(function, args),
        }
    }

    #[inline(never)]
    fn game_of_ints_hashed(&self, function: u32, args: &[i64]) -> Option<GameId> {
        match self.get_ints(function, args)? {
            Value::Game(id) => Some(id),
            _ => None,
        }
    }

    pub fn contains(&self, key: &CallKey) -> bool {
        self.get(key.function, &key.args).is_some()
    }

    /// Remembers a new call's value (one not remembered yet).
    pub fn insert(&mut self, key: &CallKey, value: Value) {
        if let Some(plan) = self.dense.plan(key.function, &key.args, &value) {
            return self.dense.insert(plan);
        }
        let mut packed = None;
        let interned = &mut self.interned;
        let call = Call::of(key.function, &key.args, &mut packed, &mut |v| {
            interned.number(v)
        });
        let args = match call.expect("every argument numbered") {
            Call::Ints { len, ints, .. } => Args::Ints { len, ints },
            Call::Packed { words, .. } if words.len() <= INLINE => {
                let mut inline = [0; INLINE];
                inline[..words.len()].copy_from_slice(words);
                Args::Packed {
                    len: words.len() as u8,
                    words: inline,
                }
            }
            Call::Packed { words, .. } => Args::PackedLong(words.into()),
            Call::Values { .. } => Args::Values(key.args.clone()),
        };
        let entry = Entry {
            function: key.function,
            args,
            value,
        };
        let hash = Call::of_entry(&entry).hash();
        self.table
            .insert_unique(hash, entry, |entry| Call::of_entry(entry).hash());
    }

    pub fn len(&self) -> usize {
        self.dense.len() + self.table.len()
    }

    /// What remembering the next call in the hash table may allocate at once.
    pub fn next_growth(&self) -> u64 {
        crate::eval::limits::memory::table_growth(
            self.table.len(),
            self.table.capacity(),
            size_of::<Entry>(),
        )
    }

    /// Forgets the calls whose arguments or value hold a game from `first` on (games a
    /// failed statement made, about to leave the arena), and says about what they held.
    pub fn forget_games_from(&mut self, first: GameId) -> u64 {
        let mut freed = 0;
        self.table.retain(|entry| {
            let gone = entry.value.has_game_from(first)
                || matches!(&entry.args, Args::Values(args) if args.iter().any(|a| a.has_game_from(first)));
            if gone {
                freed += 3 * (size_of::<Entry>() as u64 + 1) + crate::eval::limits::memory::owned_bytes(&entry.value);
                match &entry.args {
                    Args::Values(args) => {
                        let inner: u64 = args.iter().map(crate::eval::limits::memory::owned_bytes).sum();
                        freed += (args.len() * size_of::<Value>()) as u64 + inner;
                    }
                    Args::PackedLong(words) => {
                        freed += 8 * words.len() as u64 + crate::eval::limits::memory::ALLOCATION;
                    }
                    Args::Ints { .. } | Args::Packed { .. } => {}
                }
            }
            !gone
        });
        self.dense.forget_games_from(first);
        freed
    }

    pub fn clear(&mut self) {
        self.dense = Default::default();
        self.table.clear();
        self.interned = Default::default();
    }

    /// What remembering a new call takes beside its value's own heap: what its dense table
    /// grows by, or its entry in the hash table.
    pub fn insert_bytes(&self, key: &CallKey, value: &Value) -> u64 {
        match self.dense.plan(key.function, &key.args, value) {
            Some(plan) => plan.bytes,
            None => entry_bytes(key, &self.interned),
        }
    }
}

/// What an entry of the hash table takes: the entry and its control byte, three times over,
/// for the table's spare room and its old copy while it doubles; the boxed arguments of a
/// call not kept inline; and the arguments the memo holds for the first time.
fn entry_bytes(key: &CallKey, interned: &Interned) -> u64 {
    let entry = 3 * (size_of::<Entry>() as u64 + 1);
    let mut new = 0;
    let mut packed = None;
    let mut know = |value: &Value| match interned.find(value) {
        Known::Unknown => {
            new += Interned::bytes_of_new(value);
            Known::As(0)
        }
        known => known,
    };
    let call = Call::of(key.function, &key.args, &mut packed, &mut know);
    let own = match call.expect("every argument numbered") {
        Call::Ints { .. } => entry,
        Call::Packed { words, .. } if words.len() <= INLINE => entry,
        Call::Packed { words, .. } => {
            entry + 8 * words.len() as u64 + crate::eval::limits::memory::ALLOCATION
        }
        Call::Values { .. } => entry + key.args_bytes(),
    };
    own + new
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(function: u32, args: Vec<Value>) -> CallKey {
        CallKey {
            function,
            args: args.into(),
        }
    }

    /// Every call remembered is found with its own value, and no other call is, whether its
    /// arguments are kept inline or boxed (the naive memo: a list searched call by call).
    #[test]
    fn calls_are_found_exactly() {
        let mut memo = Memo::default();
        let mut naive: Vec<(CallKey, Value)> = Vec::new();
        let mut calls = Vec::new();
        for a in -20..40i64 {
            calls.push(key(0, vec![Value::Int(a)]));
            calls.push(key(1, vec![Value::Int(a)]));
            calls.push(key(1, vec![Value::Int(a), Value::Int(a * 7 % 13)]));
            calls.push(key(
                1,
                vec![Value::Int(a), Value::Int(1), Value::Int(a << 40)],
            ));
            calls.push(key(2, vec![Value::Int(a); 4]));
            calls.push(key(2, vec![Value::Int(a), Value::Bool(a % 2 == 0)]));
            // Naturals too far apart for a dense table, or too large for one.
            calls.push(key(0, vec![Value::Int(a * 1000)]));
            calls.push(key(1, vec![Value::Int(a * 97), Value::Int(a.abs() * 31)]));
            calls.push(key(4, vec![Value::Int(a.abs() << 33)]));
        }
        for a in 0..30i64 {
            let list = |v: Vec<i64>| Value::List(v.into_iter().map(Value::Int).collect());
            calls.push(key(5, vec![list(vec![a % 5, a / 5])]));
            calls.push(key(
                5,
                vec![Value::Int(a), list(vec![a % 3; (a % 4) as usize])],
            ));
            calls.push(key(6, vec![Value::Str(format!("{:b}", a).into())]));
            calls.push(key(6, vec![Value::Set(vec![a % 7, a % 7 + 300].into())]));
        }
        calls.push(key(3, vec![]));
        let (remembered, asked) = calls.split_at(calls.len() / 2);
        for (i, call) in remembered.iter().enumerate() {
            if !naive.iter().any(|(k, _)| k == call) {
                // Values a dense slot holds (naturals, games) and values it does not.
                let value = match i % 4 {
                    0 => Value::Int(i as i64),
                    1 => Value::Int(-(i as i64)),
                    2 => Value::Game(crate::game::GameId::from_raw(i as u32)),
                    _ => Value::Bool(i % 8 == 3),
                };
                memo.insert(call, value.clone());
                naive.push((call.clone(), value));
            }
        }
        assert_eq!(memo.len(), naive.len());
        for call in remembered.iter().chain(asked) {
            let expected = naive
                .iter()
                .find(|(k, _)| k == call)
                .map(|(_, v)| v.clone());
            assert_eq!(memo.get(call.function, &call.args), expected, "{call:?}");
            let ints: Option<Vec<i64>> = (call.args.iter())
                .map(|arg| match arg {
                    Value::Int(n) => Some(*n),
                    _ => None,
                })
                .collect();
            if let Some(ints) = ints.filter(|ints| ints.len() <= INLINE) {
                assert_eq!(memo.get_ints(call.function, &ints), expected, "{call:?}");
            }
        }
    }

    /// A dense table grows only as its entries fill it: a call far past them is charged an
    /// entry of the hash table, never a table reaching it.
    #[test]
    fn dense_tables_grow_only_where_dense() {
        let mut memo = Memo::default();
        let far = key(0, vec![Value::Int(1_000_000_000)]);
        let zero = Value::Int(0);
        assert_eq!(
            memo.insert_bytes(&far, &zero),
            entry_bytes(&far, &memo.interned)
        );
        let mut charged = 0;
        for n in 0..1000 {
            let call = key(0, vec![Value::Int(n)]);
            charged += memo.insert_bytes(&call, &zero);
            memo.insert(&call, zero.clone());
        }
        // About a slot of 4 bytes a call, far below the hash table's entries.
        assert!(charged < 1000 * 16, "{charged}");
        assert!(charged >= 1000 * 4);
        assert_eq!(
            memo.insert_bytes(&far, &zero),
            entry_bytes(&far, &memo.interned)
        );
        // A value no slot holds goes to the hash table.
        let next = key(0, vec![Value::Int(1000)]);
        let negative = Value::Int(-1);
        assert_eq!(
            memo.insert_bytes(&next, &negative),
            entry_bytes(&next, &memo.interned)
        );
    }
}
