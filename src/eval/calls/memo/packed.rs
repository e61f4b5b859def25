//! A call's arguments packed into a few words, when they are of small kinds: integers, truth
//! values, and lists, sets and strings of small naturals (a row of coins, a staircase, Chomp's
//! rows, a set of vertices). Such a call is found by hashing and comparing those words, not
//! the values they came from, and remembered without holding the values.
//!
//! The words hold a stream of records, one an argument, each opened by a tag that is never 0:
//! an integer 0..=255 `[1, n]`, any other integer `[2, its 8 bytes]`, a truth value `[3, b]`,
//! a list `[4, len, its naturals]`, a set `[5, len, its members in order]`, a string `[6,
//! len, its bytes]`; then zeros to the end of the last word. A stream is read back record by
//! record, so two different argument lists never pack alike: packing is exact.

use crate::eval::values::Value;

/// The most words a packed call takes: longer arguments are kept as values.
pub(super) const WORDS: usize = 16;

/// Arguments packed, as a lookup makes them on the stack.
pub(super) struct Packed {
    pub len: usize,
    pub words: [u64; WORDS],
}

impl Packed {
    pub fn words(&self) -> &[u64] {
        &self.words[..self.len]
    }
}

/// The bytes of a record stream, written into words as they come.
struct Stream {
    bytes: [u8; WORDS * 8],
    len: usize,
}

impl Stream {
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

    /// A record of naturals below 256: its tag, its length and one byte each.
    fn naturals(&mut self, tag: u8, values: impl ExactSizeIterator<Item = i64>) -> Option<()> {
        self.push(tag)?;
        self.push(u8::try_from(values.len()).ok()?)?;
        for n in values {
            self.push(u8::try_from(n).ok()?)?;
        }
        Some(())
    }
}

/// The arguments packed, or `None` when one is of another kind or they are too long.
pub(super) fn pack(args: &[Value]) -> Option<Packed> {
    let mut stream = Stream {
        bytes: [0; WORDS * 8],
        len: 0,
    };
    for arg in args {
        match arg {
            Value::Int(n @ 0..=255) => stream.extend(&[1, *n as u8])?,
            Value::Int(n) => {
                stream.push(2)?;
                stream.extend(&n.to_le_bytes())?;
            }
            Value::Bool(b) => stream.extend(&[3, u8::from(*b)])?,
            Value::List(items) => {
                let ints = items.iter().map(|item| match item {
                    Value::Int(n) => Some(*n),
                    _ => None,
                });
                if ints.clone().any(|n| n.is_none()) {
                    return None;
                }
                stream.naturals(4, ints.map(Option::unwrap))?;
            }
            Value::Set(members) => stream.naturals(5, members.iter().copied())?,
            Value::Str(text) => {
                stream.push(6)?;
                stream.push(u8::try_from(text.len()).ok()?)?;
                stream.extend(text.as_bytes())?;
            }
            _ => return None,
        }
    }
    let len = stream.len.div_ceil(8);
    let mut words = [0; WORDS];
    for (word, bytes) in words
        .iter_mut()
        .zip(stream.bytes[..len * 8].chunks_exact(8))
    {
        *word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
    }
    Some(Packed { len, words })
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

    proptest! {
        /// Two argument lists pack alike exactly when they are equal (the naive memo's test).
        #[test]
        fn packing_is_exact(
            a in prop::collection::vec(small_value(), 0..4),
            b in prop::collection::vec(small_value(), 0..4),
        ) {
            let (pa, pb) = (pack(&a), pack(&b));
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
        let list = |v: &[i64]| Value::List(v.iter().map(|&n| Value::Int(n)).collect());
        assert!(pack(&[list(&[4, 3, 4, 3, 4])]).is_some());
        assert!(pack(&[Value::Int(-5), list(&[255])]).is_some());
        assert!(pack(&[list(&[256])]).is_none());
        assert!(pack(&[list(&[-1])]).is_none());
        assert!(pack(&[list(&[1; 200])]).is_none());
        assert!(pack(&[Value::List(vec![list(&[1])].into())]).is_none());
        // Differ only in zeros the padding would hold.
        let one = pack(&[Value::Int(0)]).unwrap();
        let two = pack(&[Value::Int(0), Value::Int(0)]).unwrap();
        assert_ne!(one.words(), two.words());
    }
}
