//! What the session holds, against the `memory` limit, two ways: measured ([`measured`])
//! and charged (here).
//!
//! **Measured**: every byte a program allocates and does not free, counted by the allocator
//! ([`grundy_alloc`]) on the thread that runs it, whatever builds it (a list, a string, a
//! game, a picture, a table). A program stops once the session would hold more than the
//! limit: checked with every new game and every 1024 steps, and before any allocation large
//! enough to pass it at once ([`Session::room_for`]).
//!
//! **Charged**: the game DAG (in the arena), the values families remember and `let` names
//! hold, and the lists a comprehension or `seq` is building, each charged as it grows, so
//! that a diagnostic can say *what* grew: "this set", "what families remember". Without
//! this, one line such as `<*1 for a in 0..20000 for b in 0..20000>` would only be told as
//! "this statement".

use std::mem::size_of;
use std::sync::Arc;

use rustc_hash::FxHashMap;

mod measured;

pub(in crate::eval) use measured::Measured;

use crate::eval::report::error::EvalError;
use crate::eval::report::words::in_mib;
use crate::eval::values::Value;
use crate::eval::values::tables::Cell;
use crate::eval::{Result, Session};
use crate::game::GameId;
use crate::game::loopy::LoopyValue;
use crate::source::Span;

/// What an allocation takes beyond what it holds: the allocator's header, an `Arc`'s counts.
pub(in crate::eval) const ALLOCATION: u64 = 32;

/// The bytes held beside the DAG, by what holds them.
#[derive(Default, Debug)]
pub(in crate::eval) struct Held {
    /// Families' remembered values, until a definition changes.
    memo: u64,
    /// The values of `let` names, each as it was charged.
    names: FxHashMap<Arc<str>, u64>,
    names_total: u64,
    /// Lists the running statement is building.
    lists: u64,
    /// When the limit was passed while a list was built: what that list held, and the
    /// charge refused. A list around it that holds more is named instead.
    blamed: Option<(u64, u64)>,
    /// The largest list being built, to be named when the measure passes the limit.
    largest: Option<Largest>,
    /// The family whose call was remembered last, and how much families remembered when
    /// the running program began.
    last_call: Option<Arc<str>>,
    /// What families remember and names hold when the running statement began.
    memo_at_start: u64,
    names_at_start: u64,
    /// The running statement was stopped because the session was full: of games (the
    /// `nodes` limit), or of memory. It is released, and with memory full, what families
    /// remember goes too, to make room.
    filled: std::cell::Cell<Option<Full>>,
}

/// What a statement found full.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(in crate::eval) enum Full {
    Games,
    Memory,
}

/// A list being built, as a diagnostic names it.
#[derive(Copy, Clone, Debug)]
struct Largest {
    kind: Listing,
    count: usize,
    bytes: u64,
    span: Span,
}

impl Held {
    fn total(&self) -> u64 {
        self.memo + self.names_total + self.lists
    }
}

/// What a comprehension is listing: it is named so when it passes the `memory` limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(in crate::eval) enum Listing {
    /// `<...>`: a game's options.
    Options,
    /// `{...}`: a set's members.
    Set,
    /// `[...]`, or the list a builtin makes: its elements.
    List,
    /// `{k: v, ...}`: its keys and values, one after the other.
    Map,
}

/// The options of a game, the members of a set or the elements of a list, as a
/// comprehension lists them: values with where each came from, or (in a compiled body) the
/// options' games themselves, charged alike so that the `memory` limit stops both at the
/// same place.
pub(in crate::eval) struct Elements<T = (Value, Span)> {
    pub items: Vec<T>,
    /// A game's options written as sums of two games, kept as their parts.
    pub sums: Vec<[GameId; 2]>,
    /// Where the list is written, for the diagnostic.
    span: Span,
    kind: Listing,
    /// What is charged for it.
    bytes: u64,
}

impl<T> Elements<T> {
    pub fn new(span: Span, kind: Listing) -> Self {
        Elements {
            items: Vec::new(),
            sums: Vec::new(),
            span,
            kind,
            bytes: 0,
        }
    }

    /// Bytes a slot of the list takes, with what it is copied into while it is held: a game's
    /// options into a list of ids, a set's members or a list's elements into a `Vec` of
    /// values (made into the shared slice once the listing is freed).
    fn slot_bytes(&self) -> u64 {
        let copied = match self.kind {
            Listing::Options => size_of::<GameId>(),
            Listing::Set | Listing::List | Listing::Map => size_of::<Value>(),
        };
        (size_of::<(Value, Span)>() + copied) as u64
    }

    fn len(&self) -> usize {
        self.items.len() + self.sums.len()
    }
}

/// What an element of a list being built holds of its own, beside its slot.
pub(in crate::eval) trait Owning {
    fn owned(&self) -> u64;
}

impl Owning for (Value, Span) {
    fn owned(&self) -> u64 {
        owned_bytes(&self.0)
    }
}

impl Owning for GameId {
    fn owned(&self) -> u64 {
        0
    }
}

/// Bytes a sum kept as its parts takes in the list, with what it is copied into (the
/// game's list of options).
const SUM_SLOT: u64 = 2 * size_of::<[GameId; 2]>() as u64;

/// What inserting into a hash table of `len` entries of `slot` bytes may allocate at once:
/// a full table is moved into one twice its size (an eighth of its buckets kept free, a
/// control byte each), beside the old until it is copied. The measure would see the new
/// table only once it was made and filled, past the limit.
pub(in crate::eval) fn table_growth(len: usize, capacity: usize, slot: usize) -> u64 {
    if len < capacity {
        return 0;
    }
    let buckets = (capacity.max(3) + 1) * 8 / 7;
    (2 * buckets.next_power_of_two() * (slot + 1)) as u64
}

/// What was growing when the limit was passed.
enum Growing<'a> {
    Elements {
        kind: Listing,
        count: usize,
        bytes: u64,
    },
    Table {
        rows: usize,
        bytes: u64,
    },
    Grid {
        cells: usize,
        bytes: u64,
    },
    Memo {
        call: &'a str,
        entries: usize,
    },
    /// Calls remembered, the last of the family `call`.
    Family {
        call: &'a str,
        entries: usize,
    },
    /// The game DAG, `bytes` more than when the program began.
    Dag {
        bytes: u64,
    },
    Name {
        name: &'a str,
        bytes: u64,
    },
    Image {
        width: u32,
        height: u32,
        bytes: u64,
    },
}

impl Session {
    /// Adds an element to a list being built, after charging the room it grows by and what
    /// the element holds of its own (the inner lists of a list of lists).
    #[inline(always)]
    pub(in crate::eval) fn push_element<T: Owning>(
        &mut self,
        list: &mut Elements<T>,
        element: T,
    ) -> Result<()> {
        let bytes = element.owned();
        // The usual case, charging nothing: room for an element that owns nothing.
        if bytes == 0 && list.items.len() < list.items.capacity() {
            list.items.push(element);
            return Ok(());
        }
        self.push_element_charged(list, element, bytes)
    }

    #[inline(never)]
    fn push_element_charged<T: Owning>(
        &mut self,
        list: &mut Elements<T>,
        element: T,
        mut bytes: u64,
    ) -> Result<()> {
        // Grown by doubling, as a `Vec` would, but charged before it is allocated.
        let more = match list.items.len() == list.items.capacity() {
            true => list.items.capacity().max(4),
            false => 0,
        };
        bytes += more as u64 * list.slot_bytes();
        if bytes > 0 {
            self.list_grows(list, bytes)?;
            list.items.reserve_exact(more);
        }
        list.items.push(element);
        Ok(())
    }

    /// Building the list failed: its room is given back. When the `memory` limit was passed
    /// while a list inside it was built (`[[k, k + 1] for k in 0..n]`, whose inner lists are
    /// small), the error names this list instead, which holds the memory.
    pub(in crate::eval) fn elements_failed<T>(
        &mut self,
        list: &Elements<T>,
        error: crate::eval::Flow,
    ) -> crate::eval::Flow {
        let error = match (&error, self.meter.held.blamed) {
            (crate::eval::Flow::Error(e), Some((held, refused)))
                if matches!(**e, EvalError::TooLarge { .. }) && held < list.bytes =>
            {
                let growing = Growing::Elements {
                    kind: list.kind,
                    count: list.items.len(),
                    bytes: list.bytes,
                };
                self.meter.held.blamed = Some((list.bytes, refused));
                self.out_of_memory(growing, refused, list.span)
            }
            _ => error,
        };
        self.elements_done(list);
        error
    }

    /// Adds an option `G + H` to a game's list as its two parts, `[G, H]`, after charging
    /// the room the list grows by; the sum node is made only if asked for (see
    /// `crate::game::options`). What the evaluation of `<...>` calls for such an option,
    /// written or compiled (see [`Session::option_sum_parts`]).
    pub(in crate::eval) fn push_option_sum<T>(
        &mut self,
        list: &mut Elements<T>,
        parts: [GameId; 2],
    ) -> Result<()> {
        if list.sums.len() == list.sums.capacity() {
            let more = list.sums.capacity().max(4);
            self.list_grows(list, more as u64 * SUM_SLOT)?;
            list.sums.reserve_exact(more);
        }
        list.sums.push(parts);
        Ok(())
    }

    /// Charges `bytes` more for a list being built.
    fn list_grows<T>(&mut self, list: &mut Elements<T>, bytes: u64) -> Result<()> {
        let growing = Growing::Elements {
            kind: list.kind,
            count: list.len(),
            bytes: list.bytes,
        };
        self.charge(bytes, growing, list.span)?;
        list.bytes += bytes;
        self.meter.held.lists += bytes;
        if self
            .meter
            .held
            .largest
            .is_none_or(|largest| largest.bytes <= list.bytes)
        {
            self.meter.held.largest = Some(Largest {
                kind: list.kind,
                count: list.len(),
                bytes: list.bytes,
                span: list.span,
            });
        }
        self.hold_outside();
        Ok(())
    }

    /// The list's game or set is made (or its statement failed): its room is given back.
    pub(in crate::eval) fn elements_done<T>(&mut self, list: &Elements<T>) {
        self.meter.held.lists = self.meter.held.lists.saturating_sub(list.bytes);
        if self
            .meter
            .held
            .largest
            .is_some_and(|largest| largest.span == list.span)
        {
            self.meter.held.largest = None;
        }
        self.hold_outside();
    }

    /// Charges `seq`'s table of `rows` rows for the statement that makes it.
    pub(in crate::eval) fn table_grows(&mut self, rows: usize, span: Span) -> Result<()> {
        // The numbers gone through, then the rows: a number and a value each.
        let bytes = (rows * (size_of::<i64>() + size_of::<(i64, LoopyValue)>())) as u64;
        self.charge(bytes, Growing::Table { rows, bytes }, span)?;
        self.meter.held.lists += bytes;
        self.hold_outside();
        Ok(())
    }

    /// Charges the grid `seq(F, rows, columns)` makes, of `cells` entries, as a table is.
    pub(in crate::eval) fn grid_grows(&mut self, cells: usize, span: Span) -> Result<()> {
        let each = size_of::<Cell>();
        let bytes = cells.saturating_mul(each) as u64;
        self.charge(bytes, Growing::Grid { cells, bytes }, span)?;
        self.meter.held.lists += bytes;
        self.hold_outside();
        Ok(())
    }

    /// Room for a picture drawn as pixels (a PNG), held only while it is drawn.
    pub(in crate::eval) fn room_for_image(
        &mut self,
        width: u32,
        height: u32,
        bytes: u64,
        span: Span,
    ) -> Result<()> {
        self.charge(
            bytes,
            Growing::Image {
                width,
                height,
                bytes,
            },
            span,
        )
    }

    /// A statement begins: the lists of the last one are gone.
    pub(in crate::eval) fn lists_gone(&mut self) {
        self.meter.held.filled.set(None);
        self.meter.held.lists = 0;
        self.meter.held.blamed = None;
        self.meter.held.largest = None;
        self.hold_outside();
    }

    /// Charges `bytes` more that families remember, for a call of `family` (shown as
    /// `call(session)` says, should the limit be passed).
    pub(in crate::eval) fn memo_grows(
        &mut self,
        family: &str,
        bytes: u64,
        call: impl FnOnce(&Session) -> String,
        span: Span,
    ) -> Result<()> {
        if self.over_limit(bytes) {
            let call = call(self);
            let entries = self.calls.memo.len() + 1;
            return Err(self.out_of_memory(
                Growing::Memo {
                    call: &call,
                    entries,
                },
                bytes,
                span,
            ));
        }
        let growth = self.calls.memo.next_growth();
        if growth > 0 {
            self.room_for(growth, span)?;
        }
        self.meter.held.memo += bytes;
        if self.meter.held.last_call.as_deref() != Some(family) {
            self.meter.held.last_call = Some(family.into());
        }
        self.hold_outside();
        Ok(())
    }

    /// What families remember, as charged.
    pub(in crate::eval) fn memo_charged(&self) -> u64 {
        self.meter.held.memo
    }

    /// What the running statement found full, if it was stopped for that.
    pub(in crate::eval) fn found_full(&self) -> Option<Full> {
        self.meter.held.filled.get()
    }

    /// Calls forgotten (their statement failed): what they were charged is given back.
    pub(in crate::eval) fn memo_freed(&mut self, bytes: u64) {
        self.meter.held.memo = self.meter.held.memo.saturating_sub(bytes);
        self.hold_outside();
    }

    /// The remembered values are forgotten (a definition changed).
    pub(in crate::eval) fn memo_forgotten(&mut self) {
        self.meter.held.memo = 0;
        self.hold_outside();
    }

    /// Charges the value a `let` name is given, in place of its old one.
    pub(in crate::eval) fn name_holds(
        &mut self,
        name: &Arc<str>,
        value: &Value,
        span: Span,
    ) -> Result<()> {
        self.name_forgotten(name);
        let bytes = owned_bytes(value);
        self.charge(bytes, Growing::Name { name, bytes }, span)?;
        if bytes > 0 {
            self.meter.held.names.insert(name.clone(), bytes);
            self.meter.held.names_total += bytes;
            self.hold_outside();
        }
        Ok(())
    }

    /// A name's value is gone: the name holds a family now, or failed.
    pub(in crate::eval) fn name_forgotten(&mut self, name: &str) {
        if let Some(bytes) = self.meter.held.names.remove(name) {
            self.meter.held.names_total -= bytes;
            self.hold_outside();
        }
    }

    /// Everything held is gone (`:clear`).
    pub(in crate::eval) fn all_forgotten(&mut self) {
        self.meter.held = Held::default();
        self.hold_outside();
    }

    /// What the session holds, for a diagnostic: `; the session holds the game DAG (3 MiB)
    /// and what families remember (12 MiB)`, or nothing when it holds nothing.
    pub(in crate::eval) fn held_words(&self) -> String {
        let parts: Vec<String> = [
            ("the game DAG", self.arena.dag_bytes()),
            ("what families remember", self.meter.held.memo),
            ("the values of names", self.meter.held.names_total),
            ("the lists being built", self.meter.held.lists),
            ("misère play's simplest forms", self.arena.misere_bytes()),
        ]
        .into_iter()
        .filter(|&(_, bytes)| bytes > 0)
        .map(|(what, bytes)| format!("{what} ({})", in_mib(bytes)))
        .collect();
        match parts.split_last() {
            None => String::new(),
            Some((last, [])) => format!("; the session holds {last}"),
            Some((last, rest)) => format!("; the session holds {} and {last}", rest.join(", ")),
        }
    }

    fn over_limit(&self, bytes: u64) -> bool {
        let held = (self.arena.dag_bytes())
            .saturating_add(self.outside_dag())
            .saturating_add(self.arena.misere_bytes());
        held.saturating_add(bytes) > self.meter.limits.game.memory
    }

    /// What is held beside the DAG: what is charged, and the program's own pages when they
    /// count (see [`measured`]).
    fn outside_dag(&self) -> u64 {
        self.meter
            .held
            .total()
            .saturating_add(self.meter.measured.program())
    }

    /// Charges `bytes` more, or says what would pass the `memory` limit.
    fn charge(&mut self, bytes: u64, growing: Growing, span: Span) -> Result<()> {
        if self.over_limit(bytes) {
            self.meter.held.blamed = match growing {
                Growing::Elements { bytes: held, .. } => Some((held, bytes)),
                _ => None,
            };
            let (growing, span) = self.grew_most(growing, span);
            return Err(self.out_of_memory(growing, bytes, span));
        }
        Ok(())
    }

    /// What to name when `growing` passes the limit: itself, unless what families remember
    /// or the game DAG grew far more in this statement (a small list made last is no help
    /// when a family filled the memory before it).
    fn grew_most<'a>(&'a self, growing: Growing<'a>, span: Span) -> (Growing<'a>, Span) {
        let memo = (self.meter.held.memo).saturating_sub(self.meter.held.memo_at_start);
        let dag = self.dag_growth();
        let own = match growing {
            Growing::Elements { bytes, .. }
            | Growing::Table { bytes, .. }
            | Growing::Grid { bytes, .. }
            | Growing::Name { bytes, .. }
            | Growing::Image { bytes, .. }
            | Growing::Dag { bytes } => bytes,
            Growing::Memo { .. } | Growing::Family { .. } => memo,
        };
        match self.meter.held.last_call.as_deref() {
            Some(call) if memo > 4 * own && memo >= dag => {
                let entries = self.calls.memo.len();
                (Growing::Family { call, entries }, span)
            }
            _ if dag > 4 * own => (Growing::Dag { bytes: dag }, span),
            _ => (growing, span),
        }
    }

    /// The arena checks the DAG's growth against the limit with what is held beside it.
    fn hold_outside(&mut self) {
        self.arena.held_outside = self.outside_dag();
    }

    /// The session is full: the statement running is stopped, and released (see
    /// [`Session::release_since`]).
    pub(in crate::eval) fn mark_full(&self, full: Full) {
        if self.meter.held.filled.get() != Some(Full::Memory) {
            self.meter.held.filled.set(Some(full));
        }
    }

    fn out_of_memory(&self, growing: Growing, bytes: u64, span: Span) -> crate::eval::Flow {
        let needed = (self.arena.dag_bytes())
            .saturating_add(self.outside_dag())
            .saturating_add(self.arena.misere_bytes())
            .saturating_add(bytes);
        self.too_large(growing, needed, span).into()
    }

    /// The diagnostic of `growing` passing the `memory` limit, `needed` bytes being what
    /// the session would hold.
    fn too_large(&self, growing: Growing, needed: u64, span: Span) -> EvalError {
        self.mark_full(Full::Memory);
        let limit = self.meter.limits.game.memory;
        let (what, label, why) = match growing {
            Growing::Elements { kind, count, bytes } => {
                let (what, members) = match kind {
                    Listing::Options => ("this game's list of options", "options"),
                    Listing::Set => ("this set", "members"),
                    Listing::List => ("this list", "elements"),
                    Listing::Map => ("this map", "keys and values"),
                };
                (
                    what.to_owned(),
                    format!(
                        "{count} {members} listed so far; room for more would take {}",
                        in_mib(bytes)
                    ),
                    match kind {
                        Listing::List => "a list's elements are held while it is built".to_owned(),
                        Listing::Map => {
                            "a map's keys and values are held while it is built".to_owned()
                        }
                        _ => format!("a comprehension's {members} are held while they are listed"),
                    },
                )
            }
            Growing::Table { rows, bytes } => (
                "this table".to_owned(),
                format!("{rows} rows take {}", in_mib(bytes)),
                "a table is held whole while it is computed".to_owned(),
            ),
            Growing::Grid { cells, bytes } => (
                "this table".to_owned(),
                format!("{cells} entries take {}", in_mib(bytes)),
                "a table is held whole while it is computed".to_owned(),
            ),
            Growing::Memo { call, entries } => (
                "what families remember".to_owned(),
                match entries {
                    1 => format!("1 value remembered, `{call}`'s"),
                    _ => format!("{entries} values remembered, with `{call}`"),
                },
                "families remember the value of every call until a definition changes".to_owned(),
            ),
            Growing::Family { call, entries } => (
                "what families remember".to_owned(),
                format!("{entries} values remembered, the last of `{call}`"),
                "families remember the value of every call until a definition changes".to_owned(),
            ),
            Growing::Dag { bytes } => (
                "the game DAG".to_owned(),
                format!("its games and their options grew by {} here", in_mib(bytes)),
                "every distinct game is kept with its list of options, so a family whose games \
                 have many options fills memory fast"
                    .to_owned(),
            ),
            Growing::Image {
                width,
                height,
                bytes,
            } => (
                "this picture as PNG".to_owned(),
                format!("{width} × {height} pixels take {}", in_mib(bytes)),
                "a PNG is drawn whole in memory before it is written".to_owned(),
            ),
            Growing::Name { name, bytes } => (
                format!("the value of `{name}`"),
                format!("it takes {}", in_mib(bytes)),
                "the value of a name is kept as long as the name".to_owned(),
            ),
        };
        EvalError::TooLarge {
            span,
            what,
            label,
            help: Some(format!(
                "{why}{}; {}",
                self.held_words(),
                // How much more an open-ended growth needs is not known: twice the limit.
                crate::eval::limits::raise_memory(limit, needed.max(limit.saturating_mul(2)))
            )),
        }
    }
}

/// The K of each value worth ∞ (a loopy family's) among a table's entries: an allocation
/// of its own each.
fn infinite_bytes<'a>(cells: impl Iterator<Item = &'a Cell>) -> u64 {
    (cells.filter_map(|cell| match cell {
        Cell::Game(LoopyValue::Infinite(k)) => {
            Some((k.len() * size_of::<u64>()) as u64 + ALLOCATION)
        }
        _ => None,
    }))
    .sum()
}

/// What a value holds on the heap that no other value holds: a new set, string or table
/// (one shared with another value was charged there, or is the statement's and short-lived).
pub(in crate::eval) fn owned_bytes(value: &Value) -> u64 {
    match value {
        Value::List(items) | Value::SetOf(items) if Arc::strong_count(items) == 1 => {
            let inner: u64 = items.iter().map(owned_bytes).sum();
            (items.len() * size_of::<Value>()) as u64 + ALLOCATION + inner
        }
        Value::Set(members) if Arc::strong_count(members) == 1 => {
            (members.len() * size_of::<i64>()) as u64 + ALLOCATION
        }
        Value::Map(entries) if Arc::strong_count(entries) == 1 => {
            let inner: u64 = entries
                .iter()
                .map(|(k, v)| owned_bytes(k) + owned_bytes(v))
                .sum();
            (entries.len() * size_of::<(Value, Value)>()) as u64 + ALLOCATION + inner
        }
        Value::Str(text) if Arc::strong_count(text) == 1 => text.len() as u64 + ALLOCATION,
        Value::Table(table) if Arc::strong_count(table) == 1 => {
            let infinite = infinite_bytes(table.entries.iter().map(|(_, cell)| cell));
            (table.entries.len() * size_of::<(i64, Cell)>() + table.family.len()) as u64
                + ALLOCATION
                + infinite
        }
        Value::Grid(grid) if Arc::strong_count(grid) == 1 => {
            let infinite = infinite_bytes(grid.cells.iter());
            let numbers = (grid.rows.len() + grid.columns.len()) * size_of::<i64>();
            (grid.cells.len() * size_of::<Cell>() + numbers + grid.family.len()) as u64
                + 3 * ALLOCATION
                + infinite
        }
        _ => 0,
    }
}
