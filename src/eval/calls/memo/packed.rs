//! A call's arguments packed into a few words, when they are of small kinds: integers, truth
//! values, and lists, sets and strings of small naturals (a row of coins, a staircase, Chomp's
//! rows, a set of vertices). Such a call is found by hashing and comparing those words, not
//! the values they came from, and remembered without holding the values. A list, set or
//! string of any other kind (a graph as a list of sets) is packed as the number the memo
//! knows it by ([`super::interned`]), so that a call passing it on unchanged finds it
//! without going through it.
//!
//! The words hold a stream of records, one an argument, each opened by a tag that is never 0:
//! an integer 0..=255 `[1, n]`, any other integer `[2, its 8 bytes]`, a truth value `[3, b]`,
//! a list `[4, len, its naturals]`, a set `[5, len, its members in order]`, a string `[6,
//! len, its bytes]`, a value known by its number `[7, its 4 bytes]`; then zeros to the end of
//! the last word. A stream is read back record by record, so two different argument lists
//! never pack alike: packing is exact.

use crate::eval::values::Value;

/// The most words a packed call takes: longer arguments are kept as values.
pub(in crate::eval) const WORDS: usize = 16;

/// Arguments packed, as a lookup makes them on the stack.
pub(in crate::eval) struct Packed {
    pub len: usize,
    pub words: [u64; WORDS],
}

impl Packed {
    pub fn words(&self) -> &[u64] {
        &self.words[..self.len]
    }
}

/// How an argument of no small kind is packed.
pub(in crate::eval) enum Known {
    /// By the number the memo knows it by.
    As(u32),
    /// The memo does not know it: no call with it was remembered.
    Unknown,
    /// It is not packed (it holds a game, or is of no kind the memo numbers).
    Never,
}

/// The bytes of a record stream, written into words as they come.
pub(in crate::eval) struct Stream {
    bytes: [u8; WORDS * 8],
    len: usize,
}

impl Stream {
    pub fn new() -> Stream {
        Stream {
            bytes: [0; WORDS * 8],
            len: 0,
        }
    }

    fn push(&mut self, byte: u8) -> Option<()> {
        *self.bytes.get_mut(self.len)? = byte;
        self.len += 1;
        Some(())
    }

    fn extend(&mut self, bytes: &[u8]) -> Option<()> {
        let end = self.len + bytes.len();
        self.bytes.get_mut(self.len..end)?.copy_from_slice(bytes);
        self.len = end;
        Some(())
    }

    pub fn int(&mut self, n: i64) -> Option<()> {
        match u8::try_from(n) {
            Ok(byte) => self.extend(&[1, byte]),
            Err(_) => {
                self.push(2)?;
                self.extend(&n.to_le_bytes())
            }
        }
    }

    pub fn truth(&mut self, b: bool) -> Option<()> {
        self.extend(&[3, u8::from(b)])
    }

    /// A list (`set` false) or a set of naturals below 256, fewer than 256 of them.
    pub fn naturals(
        &mut self,
        set: bool,
        len: usize,
        values: impl Iterator<Item = i64>,
    ) -> Option<()> {
        self.push(if set { 5 } else { 4 })?;
        self.push(u8::try_from(len).ok()?)?;
        for n in values {
            self.push(u8::try_from(n).ok()?)?;
        }
        Some(())
    }

    /// A string of fewer than 256 bytes.
    pub fn text(&mut self, bytes: &[u8]) -> Option<()> {
        self.push(6)?;
        self.push(u8::try_from(bytes.len()).ok()?)?;
        self.extend(bytes)
    }

    pub fn known(&mut self, number: u32) -> Option<()> {
        self.push(7)?;
        self.extend(&number.to_le_bytes())
    }

    /// The value packed, of a small kind as such and else by its number; `None` when it
    /// is not packed or does not fit.
    pub fn value(
        &mut self,
        value: &Value,
        know: &mut dyn FnMut(&Value) -> Known,
    ) -> Option<Result<(), Unknown>> {
        let small = match value {
            Value::Int(n) => self.int(*n),
            Value::Bool(b) => self.truth(*b),
            Value::List(items) if items.len() < 256 && items.iter().all(is_natural) => self
                .naturals(
                    false,
                    items.len(),
                    items.iter().map(|item| match item {
                        Value::Int(n) => *n,
                        _ => unreachable!("naturals"),
                    }),
                ),
            Value::Set(members)
                if members.len() < 256 && members.iter().all(|m| (0..256).contains(m)) =>
            {
                self.naturals(true, members.len(), members.iter().copied())
            }
            Value::Str(text) if text.len() < 256 => self.text(text.as_bytes()),
            _ => {
                return match know(value) {
                    Known::As(number) => self.known(number).map(Ok),
                    Known::Unknown => Some(Err(Unknown)),
                    Known::Never => None,
                };
            }
        };
        small.map(Ok)
    }

    pub fn finish(&self) -> Packed {
        let len = self.len.div_ceil(8);
        let mut words = [0; WORDS];
        for (word, bytes) in words.iter_mut().zip(self.bytes[..len * 8].chunks_exact(8)) {
            *word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        }
        Packed { len, words }
    }
}

/// An argument the memo does not know: the call was never remembered.
pub(in crate::eval) struct Unknown;

fn is_natural(value: &Value) -> bool {
    matches!(value, Value::Int(0..=255))
}

/// The arguments packed: `None` when one is of another kind or they are too long,
/// `Some(Err(Unknown))` when one is unknown to the memo.
pub(in crate::eval) fn pack(
    args: &[Value],
    know: &mut dyn FnMut(&Value) -> Known,
) -> Option<Result<Packed, Unknown>> {
    let mut stream = Stream::new();
    for arg in args {
        if let Err(unknown) = stream.value(arg, know)? {
            return Some(Err(unknown));
        }
    }
    Some(Ok(stream.finish()))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;

    fn small_value() -> impl Strategy<Value = Value> {
        prop_oneof![
            (-300i64..300).prop_map(Value::Int),
            any::<i64>().prop_map(Value::Int),
            any::<bool>().prop_map(Value::Bool),
            prop::collection::vec(-2i64..300, 0..12)
                .prop_map(|v| Value::List(v.into_iter().map(Value::Int).collect())),
            prop::collection::btree_set(-2i64..300, 0..12)
                .prop_map(|s| Value::Set(s.into_iter().collect::<Vec<_>>().into())),
            "[HT./.]{0,20}".prop_map(|s| Value::Str(Arc::from(s.as_str()))),
            prop::collection::vec(0i64..5, 0..3).prop_map(|v| {
                Value::List(
                    v.into_iter()
                        .map(|n| Value::List(vec![Value::Int(n)].into()))
                        .collect(),
                )
            }),
        ]
    }

    /// Numbers values as the memo does, naively: by their place in a list.
    fn numbering(known: &mut Vec<Value>) -> impl FnMut(&Value) -> Known + '_ {
        |value| {
            if value.has_game_from(crate::game::GameId::from_raw(0)) {
                return Known::Never;
            }
            let at = match known.iter().position(|k| k == value) {
                Some(at) => at,
                None => {
                    known.push(value.clone());
                    known.len() - 1
                }
            };
            Known::As(at as u32)
        }
    }

    fn packed(args: &[Value], known: &mut Vec<Value>) -> Option<Packed> {
        match pack(args, &mut numbering(known)) {
            Some(Ok(packed)) => Some(packed),
            Some(Err(Unknown)) => unreachable!("every value numbered"),
            None => None,
        }
    }

    proptest! {
        /// Two argument lists pack alike exactly when they are equal (the naive memo's test).
        #[test]
        fn packing_is_exact(
            a in prop::collection::vec(small_value(), 0..4),
            b in prop::collection::vec(small_value(), 0..4),
        ) {
            let mut known = Vec::new();
            let (pa, pb) = (packed(&a, &mut known), packed(&b, &mut known));
            if let (Some(pa), Some(pb)) = (&pa, &pb) {
                prop_assert_eq!(pa.words() == pb.words(), a == b);
            }
            if a == b {
                prop_assert_eq!(pa.is_some(), pb.is_some());
            }
        }
    }

    #[test]
    fn what_packs() {
        let known = &mut Vec::new();
        let list = |v: &[i64]| Value::List(v.iter().map(|&n| Value::Int(n)).collect());
        assert!(packed(&[list(&[4, 3, 4, 3, 4])], known).is_some());
        assert!(packed(&[Value::Int(-5), list(&[255])], known).is_some());
        // Lists of other integers, and of lists, by their numbers.
        assert!(packed(&[list(&[256])], known).is_some());
        assert!(packed(&[list(&[-1])], known).is_some());
        assert!(packed(&[Value::List(vec![list(&[1])].into())], known).is_some());
        assert_eq!(known.len(), 3);
        // Too long for the words, and a list holding a game: kept as values.
        assert!(packed(&[list(&[1; 200])], known).is_none());
        let game = Value::Game(crate::game::GameId::from_raw(3));
        assert!(packed(&[Value::List(vec![game].into())], known).is_none());
        // An argument the memo does not know: no call with it was remembered.
        let unknown = pack(&[list(&[-7])], &mut |_| Known::Unknown);
        assert!(matches!(unknown, Some(Err(Unknown))));
        // Differ only in zeros the padding would hold.
        let one = packed(&[Value::Int(0)], known).unwrap();
        let two = packed(&[Value::Int(0), Value::Int(0)], known).unwrap();
        assert_ne!(one.words(), two.words());
    }
}
