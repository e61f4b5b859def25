//! Calls of one or two small naturals (`S(n)`, `rook(i, j)`), kept in tables indexed by
//! their arguments: finding one reads one slot at a computed place, with no hash and no
//! probe. A family's table has one row for a one-argument family, and for a two-argument
//! family one row per [`TILE`] first arguments, laid out in tiles so that a comprehension
//! going through either argument (`rook(a, j) for a in 0..i`, `rook(i, b) for b in 0..j`)
//! reads slots side by side.
//!
//! A slot holds a game or a small natural packed into 32 bits ([`pack`]), so that the table
//! of `rook(300, 300)` (90 601 calls) takes 360 KB and stays in the cache; a call whose value
//! is anything else goes to the hash table.
//!
//! A table grows only where it is dense: to a row or a slot at most twice as far as it has
//! entries (plus a little), so that `S(10**9)` alone never makes a table of 10^9 slots; such
//! calls go to the hash table instead. What a table grows by is charged like the hash
//! table's entries (see [`super::Memo::insert_bytes`]).

use std::mem::size_of;

use crate::eval::limits::memory::ALLOCATION;
use crate::eval::values::Value;
use crate::game::GameId;

/// Rows and slots may lie this far past twice the entries they hold.
const ROW_SLACK: usize = 64;
const SLOT_SLACK: usize = 16;

/// Past this many tables (a session that defined half as many families), the hash table
/// alone remembers calls.
const FAMILIES: usize = 1 << 16;

#[derive(Default, Debug)]
pub(super) struct Dense {
    /// By function id and number of arguments (see [`place`]).
    families: Vec<Table>,
    /// Entries in all the tables.
    len: usize,
}

#[derive(Default, Debug)]
struct Table {
    rows: Vec<Row>,
    len: usize,
}

#[derive(Default, Debug, Clone)]
struct Row {
    /// Packed values; 0 where no call is remembered.
    slots: Vec<u32>,
    len: usize,
}

/// A value packed into a slot: a game as its id times two plus one, a natural n below 2^30 as
/// (n + 1) times two; anything else is not kept in a dense table.
fn pack(value: &Value) -> Option<u32> {
    match *value {
        Value::Game(id) if id.raw() < 1 << 31 => Some(id.raw() << 1 | 1),
        Value::Int(n) if (0..1 << 30).contains(&n) => Some(((n as u32) + 1) << 1),
        _ => None,
    }
}

fn unpack(slot: u32) -> Option<Value> {
    match slot {
        0 => None,
        _ if slot & 1 == 1 => Some(Value::Game(GameId::from_raw(slot >> 1))),
        _ => Some(Value::Int(i64::from(slot >> 1) - 1)),
    }
}

/// Where a new call goes, and what the tables grow by to hold it.
#[derive(Clone, Copy)]
pub(super) struct Plan {
    function: usize,
    row: usize,
    slot: usize,
    /// The lengths the family list, the rows and the row's slots grow to.
    families: usize,
    rows: usize,
    slots: usize,
    packed: u32,
    pub bytes: u64,
}

/// Where a call of one or two naturals is kept: its table, its row and its slot, and the
/// column the density of the row is judged by.
#[derive(Clone, Copy)]
struct Place {
    table: usize,
    row: usize,
    slot: usize,
    column: usize,
}

/// The place of a call. A family has a table for each number of arguments (it is only ever
/// called with one, but the memo does not know).
fn place(function: u32, args: &[Value]) -> Option<Place> {
    match args {
        [Value::Int(n)] => place_ints(function, &[*n]),
        [Value::Int(a), Value::Int(b)] => place_ints(function, &[*a, *b]),
        _ => None,
    }
}

/// Calls of two naturals are kept in tiles of [`TILE`] × [`TILE`] calls, a row of the table
/// holding [`TILE`] first arguments: the calls of `rook(a, j) for a in 0..i` lie four to a
/// cache line, as do those of `rook(i, b) for b in 0..j`.
const TILE: usize = 4;

/// [`place`] for a call whose arguments are these integers.
#[inline(always)]
fn place_ints(function: u32, args: &[i64]) -> Option<Place> {
    let natural = |n: i64| usize::try_from(n).ok().filter(|&n| n <= u32::MAX as usize);
    let table = 2 * function as usize;
    match *args {
        [n] => {
            let n = natural(n)?;
            Some(Place {
                table,
                row: 0,
                slot: n,
                column: n,
            })
        }
        [a, b] => {
            let (a, b) = (natural(a)?, natural(b)?);
            let slot = (b / TILE * TILE + a % TILE) * TILE + b % TILE;
            Some(Place {
                table: table + 1,
                row: a / TILE,
                slot,
                column: b,
            })
        }
        _ => None,
    }
}

/// The length a table grows to so that `index` fits: doubling, as a `Vec` would.
fn grown(len: usize, index: usize) -> usize {
    if index < len {
        len
    } else {
        (index + 1).max(2 * len).max(4)
    }
}

impl Dense {
    pub fn get(&self, function: u32, args: &[Value]) -> Option<Value> {
        self.find(place(function, args)?)
    }

    /// [`Dense::get`] for a call whose arguments are these integers.
    #[inline]
    pub fn get_ints(&self, function: u32, args: &[i64]) -> Option<Value> {
        self.find(place_ints(function, args)?)
    }

    /// [`Dense::get_ints`] for a call whose value is a game, without a [`Value`].
    #[inline(always)]
    pub fn game_of_ints(&self, function: u32, args: &[i64]) -> Option<GameId> {
        let place = place_ints(function, args)?;
        let table = self.families.get(place.table)?;
        let slot = *table.rows.get(place.row)?.slots.get(place.slot)?;
        (slot & 1 == 1).then(|| GameId::from_raw(slot >> 1))
    }

    #[inline]
    fn find(&self, place: Place) -> Option<Value> {
        let table = self.families.get(place.table)?;
        unpack(*table.rows.get(place.row)?.slots.get(place.slot)?)
    }

    /// Where a call not remembered yet would go, if its table is dense enough to hold it and
    /// its value packs into a slot.
    pub fn plan(&self, function: u32, args: &[Value], value: &Value) -> Option<Plan> {
        let packed = pack(value)?;
        let Place {
            table: function,
            row,
            slot,
            column,
        } = place(function, args)?;
        if function >= FAMILIES {
            return None;
        }
        let empty = Table::default();
        let table = self.families.get(function).unwrap_or(&empty);
        let empty_row = Row::default();
        let old_row = table.rows.get(row).unwrap_or(&empty_row);
        if row >= 2 * table.len + ROW_SLACK || column >= 2 * old_row.len + SLOT_SLACK {
            return None;
        }
        let families = grown(self.families.len(), function);
        let rows = grown(table.rows.len(), row);
        let slots = grown(old_row.slots.len(), slot);
        let mut bytes = 0;
        bytes += growth::<Table>(self.families.len(), families);
        bytes += growth::<Row>(table.rows.len(), rows);
        bytes += growth::<u32>(old_row.slots.len(), slots);
        Some(Plan {
            function,
            row,
            slot,
            families,
            rows,
            slots,
            packed,
            bytes,
        })
    }

    /// Remembers a call where its plan says.
    pub fn insert(&mut self, plan: Plan) {
        if self.families.len() < plan.families {
            self.families.resize_with(plan.families, Table::default);
        }
        let table = &mut self.families[plan.function];
        if table.rows.len() < plan.rows {
            table.rows.resize(plan.rows, Row::default());
        }
        let row = &mut table.rows[plan.row];
        if row.slots.len() < plan.slots {
            row.slots.reserve_exact(plan.slots - row.slots.len());
            row.slots.resize(plan.slots, 0);
        }
        debug_assert!(row.slots[plan.slot] == 0, "a call remembered twice");
        row.slots[plan.slot] = plan.packed;
        row.len += 1;
        table.len += 1;
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Empties the slots that hold a game from `first` on. The tables keep their size (and
    /// their charge): they are where the next calls of these families go.
    pub fn forget_games_from(&mut self, first: GameId) {
        for table in &mut self.families {
            for row in &mut table.rows {
                for slot in &mut row.slots {
                    if *slot & 1 == 1 && (*slot >> 1) >= first.raw() {
                        *slot = 0;
                        row.len -= 1;
                        table.len -= 1;
                        self.len -= 1;
                    }
                }
            }
        }
    }
}

/// What a table of `T` takes when it grows from `from` to `to` slots (its first allocation
/// with the allocator's header).
fn growth<T>(from: usize, to: usize) -> u64 {
    if to <= from {
        return 0;
    }
    let header = if from == 0 { ALLOCATION } else { 0 };
    ((to - from) * size_of::<T>()) as u64 + header
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a slot holds is unpacked as it was; what it cannot hold is refused.
    #[test]
    fn values_pack_and_unpack() {
        let held = [
            Value::Int(0),
            Value::Int(1),
            Value::Int((1 << 30) - 1),
            Value::Game(GameId::from_raw(0)),
            Value::Game(GameId::from_raw(7)),
            Value::Game(GameId::from_raw((1 << 31) - 1)),
        ];
        for value in held {
            let packed = pack(&value).expect("packs");
            assert_ne!(packed, 0);
            assert_eq!(unpack(packed), Some(value));
        }
        let refused = [
            Value::Int(-1),
            Value::Int(1 << 30),
            Value::Bool(false),
            Value::Game(GameId::from_raw(1 << 31)),
        ];
        for value in refused {
            assert_eq!(pack(&value), None, "{value:?}");
        }
    }
}
