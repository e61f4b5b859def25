//! **Names in answers**: what games are called when an answer or a proof speaks of them
//! (`let` names, family calls such as `S(5)`, the words a body writes for a move), kept as
//! definitions change.
//!
//! The names games are given (`let G = ...`, a family call `S(5)`), and their forgetting as
//! definitions change, in time proportional to what is forgotten: a script of 10^5 `let`s
//! must not look through every name at each one.
//!
//! Equal games are one node, so `A(1)` and `B(1)` may be one game with two names. An
//! answer speaks of the families it is about: the explanation of `B(3)` calls that node
//! `B(1)`, and one about neither family calls it by its options.

pub(in crate::eval) mod parts;
pub(in crate::eval) mod spelled;
pub(in crate::eval) mod wording;
pub(in crate::eval) mod written;

use std::cell::OnceCell;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::eval::values::Family;
use crate::eval::values::{Function, Value};
use crate::eval::{Global, Session};
use crate::game::{GameId, NameOf};
use crate::syntax::ast::{Expr, ExprKind};

/// What games are called in answers, and where their names come from.
#[derive(Default)]
pub(in crate::eval) struct Naming {
    /// `let` names and family calls like `S(5)`.
    pub(in crate::eval) names: GameNames,
    /// Noting how a body writes its options, for explanations.
    pub(in crate::eval) recording: written::Recording,
    /// What `let` names of games were defined as, where that may call a family of the
    /// user's own: explanations of the name speak of the calls.
    pub(in crate::eval) definitions: FxHashMap<Arc<str>, Expr>,
    /// Where the loop variables of the case `why` is explaining are written, with their
    /// values: its proof speaks of `K(3)`, not of `K(n)`.
    pub(in crate::eval) spelled: Vec<spelled::Spelling>,
    /// The families the running statement is about, whose calls its answer may name games
    /// by (equal games of two families are one node).
    pub(in crate::eval) families: Option<FxHashSet<Arc<str>>>,
}

/// A game's name as a family call, written out only when first read (a million calls of
/// Node Kayles would each write out the whole graph).
pub(in crate::eval) struct LazyCall {
    family: Arc<str>,
    args: Box<[Value]>,
    text: OnceCell<Arc<str>>,
}

impl LazyCall {
    fn text(&self) -> &str {
        self.text.get_or_init(|| {
            let args: Vec<String> = self.args.iter().map(describe_plain).collect();
            format!("{}({})", self.family, args.join(", ")).into()
        })
    }
}

/// Whether a value is written out the same whatever the session holds: data without games.
pub(in crate::eval) fn is_plain(value: &Value) -> bool {
    match value {
        Value::Int(_) | Value::Bool(_) | Value::Set(_) | Value::Range { .. } | Value::Str(_) => {
            true
        }
        Value::List(items) | Value::SetOf(items) => items.iter().all(is_plain),
        Value::Map(entries) => entries.iter().all(|(k, v)| is_plain(k) && is_plain(v)),
        _ => false,
    }
}

/// A plain value (see [`is_plain`]) written out, as `Session::describe_value` writes it.
pub(in crate::eval) fn describe_plain(value: &Value) -> String {
    use crate::eval::values::{ShowSet, show_range, show_str};
    match value {
        Value::Int(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Set(members) => ShowSet(members).to_string(),
        &Value::Range { start, end } => show_range(start, end.get()),
        Value::Str(text) => show_str(text),
        Value::List(items) => {
            let shown: Vec<String> = items.iter().map(describe_plain).collect();
            format!("[{}]", shown.join(", "))
        }
        Value::SetOf(members) => {
            let shown: Vec<String> = members.iter().map(describe_plain).collect();
            format!("{{{}}}", shown.join(", "))
        }
        Value::Map(entries) if entries.is_empty() => "{:}".to_owned(),
        Value::Map(entries) => {
            let shown: Vec<String> = (entries.iter())
                .map(|(k, v)| format!("{}: {}", describe_plain(k), describe_plain(v)))
                .collect();
            format!("{{{}}}", shown.join(", "))
        }
        _ => unreachable!("plain values only"),
    }
}

#[derive(Default)]
pub(in crate::eval) struct GameNames {
    /// What each named game is called, as explanations read it.
    by_game: FxHashMap<GameId, Arc<str>>,
    /// Games named by a call not yet written out (see [`LazyCall`]).
    lazy: FxHashMap<GameId, LazyCall>,
    /// The games given each `let` name (a game keeps the first name it was given).
    by_name: FxHashMap<Arc<str>, Vec<GameId>>,
    /// The games named by a family call, whose names a changed definition may make wrong
    /// (forgotten all together, so not kept by name: a million calls make a million names).
    calls: Vec<GameId>,
    /// Calls of other families that made a game named already, one per family.
    also: FxHashMap<GameId, Vec<Arc<str>>>,
    /// Counts the definitions made: text that made a game then makes it still while this
    /// stays the same (see `Session::edition`).
    edition: u64,
    /// Why a game is the sum or product it was made as, in the words of the family that
    /// made it (`because("…", G)`): a theorem its proof cites.
    reasons: FxHashMap<GameId, Arc<str>>,
}

impl GameNames {
    /// The family of the call a game is named by, `Some(None)` for a name that is no call,
    /// `None` for a game without a name.
    fn first_family(&self, id: GameId) -> Option<Option<&str>> {
        match self.by_game.get(&id) {
            Some(name) => Some(family_of(name)),
            None => self.lazy.get(&id).map(|call| Some(&*call.family)),
        }
    }

    /// What a game is called, if it has a name.
    fn first_text(&self, id: GameId) -> Option<&str> {
        match self.by_game.get(&id) {
            Some(name) => Some(name),
            None => self.lazy.get(&id).map(LazyCall::text),
        }
    }

    /// A game named already is also called `name` where an answer speaks of its family and
    /// not of the family of its first name.
    fn also_call(&mut self, id: GameId, family: &str, name: impl FnOnce() -> Arc<str>) {
        let also = self.also.entry(id).or_default();
        if !also.iter().any(|other| family_of(other) == Some(family)) {
            also.push(name());
        }
    }

    /// What naming one more game may allocate at once (see
    /// [`crate::eval::limits::memory::table_growth`]).
    pub fn next_growth(&self) -> u64 {
        use crate::eval::limits::memory::table_growth;
        use std::mem::size_of;
        table_growth(
            self.by_game.len(),
            self.by_game.capacity(),
            size_of::<(GameId, Arc<str>)>(),
        ) + table_growth(
            self.lazy.len(),
            self.lazy.capacity(),
            size_of::<(GameId, LazyCall)>(),
        )
    }

    /// Names a game, unless it has a name already.
    pub fn give(&mut self, id: GameId, name: Arc<str>) {
        if let Some(first) = self.first_family(id) {
            if let Some(family) = family_of(&name)
                && first.is_some_and(|f| f != family)
            {
                let family = family.to_owned();
                self.also_call(id, &family, || name);
            }
            return;
        }
        if is_call(&name) {
            self.calls.push(id);
        } else {
            self.by_name.entry(name.clone()).or_default().push(id);
        }
        self.by_game.insert(id, name);
    }

    /// Notes why the game is the sum or product it is (the first reason given stays).
    pub fn give_reason(&mut self, id: GameId, reason: Arc<str>) {
        self.reasons.entry(id).or_insert(reason);
    }

    /// Names a game by a call of `family` with plain arguments (see [`is_plain`]), written
    /// out when first read, unless it has a name already.
    pub fn give_call(&mut self, id: GameId, family: &Arc<str>, args: &[Value]) {
        if let Some(first) = self.first_family(id) {
            if first.is_some_and(|f| f != &**family) {
                self.also_call(id, family, || {
                    let args: Vec<String> = args.iter().map(describe_plain).collect();
                    format!("{family}({})", args.join(", ")).into()
                });
            }
            return;
        }
        self.calls.push(id);
        let call = LazyCall {
            family: family.clone(),
            args: args.into(),
            text: OnceCell::new(),
        };
        self.lazy.insert(id, call);
    }

    /// What a game is called, if it has a name.
    #[cfg(test)]
    pub fn name(&self, id: GameId) -> Option<&str> {
        self.first_text(id)
    }

    /// A definition of `name` is made (or made again): the games that had the name lose it.
    pub fn defined(&mut self, name: &str) {
        self.edition += 1;
        self.forget(name);
    }

    /// Counts the definitions made (see `Session::edition`).
    pub fn edition(&self) -> u64 {
        self.edition
    }

    /// Forgets every name (`:clear`), still counting definitions on.
    pub fn clear(&mut self) {
        *self = GameNames {
            edition: self.edition + 1,
            ..GameNames::default()
        };
    }

    /// Takes a name away from every game that has it.
    pub fn forget(&mut self, name: &str) {
        for id in self.by_name.remove(name).into_iter().flatten() {
            if self.by_game.get(&id).is_some_and(|given| **given == *name) {
                self.by_game.remove(&id);
            }
        }
    }

    /// Takes the names of the games from `first` on away: those games are leaving the arena
    /// (their statement failed).
    pub fn forget_games_from(&mut self, first: GameId) {
        self.by_game.retain(|&id, _| id < first);
        self.lazy.retain(|&id, _| id < first);
        self.also.retain(|&id, _| id < first);
        self.calls.retain(|&id| id < first);
        self.reasons.retain(|&id, _| id < first);
        for games in self.by_name.values_mut() {
            games.retain(|&id| id < first);
        }
        self.by_name.retain(|_, games| !games.is_empty());
    }

    /// Takes the names of family calls (`S(5)`) away.
    pub fn forget_calls(&mut self) {
        self.edition += 1;
        self.also = FxHashMap::default();
        // A family defined again may make its games for other reasons.
        self.reasons = FxHashMap::default();
        for id in std::mem::take(&mut self.calls) {
            if self.by_game.get(&id).is_some_and(|name| is_call(name)) {
                self.by_game.remove(&id);
            }
            self.lazy.remove(&id);
        }
    }
}

impl Session {
    /// The families an answer about `expr` speaks of: those it calls or names, those their
    /// bodies call, and those of the definitions of the `let` names it uses.
    pub(in crate::eval) fn families_of(&self, expr: &Expr) -> FxHashSet<Arc<str>> {
        let mut families = FxHashSet::default();
        let mut names = FxHashSet::default();
        let mut todo = vec![expr];
        while let Some(expr) = todo.pop() {
            expr.each_inner(&mut |inner| {
                let ident = match &inner.kind {
                    ExprKind::Call { callee, .. } => {
                        families.insert(callee.name.clone());
                        callee
                    }
                    ExprKind::Name(ident) => ident,
                    _ => return,
                };
                // A library family is known only once its file is loaded, at its first
                // call: till then, the names its file defines stand for those its body
                // may call (a Cram board's moves leave `cram_board` regions), whether it is
                // called or passed by name (`coin_board(rugs, 1, "HT/TH")`).
                let own = crate::library::qualified(&ident.name).unwrap_or(&ident.name);
                if self.family_named(&ident.name).is_none()
                    && let Some(ruleset) = crate::library::defining(own)
                {
                    families.extend(ruleset.definitions().iter().map(|d| Arc::from(d.name)));
                }
                if !names.insert(ident.name.clone()) {
                    return;
                }
                if let Some(definition) = self.naming.definitions.get(&ident.name) {
                    todo.push(definition);
                }
                if let Some(function) = self.family_named(&ident.name) {
                    families.insert(ident.name.clone());
                    families.insert(function.name.name.clone());
                    todo.push(&function.body);
                }
            });
        }
        families
    }

    /// The family of the user's own or of the library a name calls.
    fn family_named(&self, name: &str) -> Option<&std::sync::Arc<Function>> {
        if let Some(own) = crate::library::qualified(name) {
            return self.program.library.get(own);
        }
        match self.program.globals.get(name) {
            Some(Global::Function(function)) => Some(function),
            Some(Global::Value(Value::Family(Family::User(function)))) => Some(function),
            Some(_) => None,
            None => self.program.library.get(name),
        }
    }

    /// The names this statement's answer may call games by.
    pub(in crate::eval) fn scoped_names(&self) -> Scoped<'_> {
        Scoped::new(&self.naming.names, self.naming.families.as_ref())
    }
}

/// `S(5)`, not `G`.
fn is_call(name: &str) -> bool {
    name.contains('(')
}

/// `S` for `S(5)`; none for a `let` name.
fn family_of(name: &str) -> Option<&str> {
    name.find('(').map(|open| &name[..open])
}

/// The names an answer may call games by: `let` names, and calls of the families the
/// answer is about (of any family, without a scope).
pub(in crate::eval) struct Scoped<'a> {
    names: &'a GameNames,
    families: Option<&'a FxHashSet<Arc<str>>>,
}

impl<'a> Scoped<'a> {
    pub fn new(names: &'a GameNames, families: Option<&'a FxHashSet<Arc<str>>>) -> Self {
        Scoped { names, families }
    }
}

impl NameOf for Scoped<'_> {
    fn name_of(&self, id: GameId) -> Option<&str> {
        let first = self.names.first_family(id)?;
        let Some(families) = self.families else {
            return self.names.first_text(id);
        };
        if first.is_none_or(|family| families.contains(family)) {
            return self.names.first_text(id);
        }
        let fits = |name: &str| family_of(name).is_none_or(|family| families.contains(family));
        let also = self.names.also.get(&id)?;
        also.iter().map(|name| &**name).find(|name| fits(name))
    }

    fn reason_of(&self, id: GameId) -> Option<&str> {
        self.names.reasons.get(&id).map(|reason| &**reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;

    #[test]
    fn names_are_forgotten_one_by_one_and_calls_together() {
        let mut arena = Arena::default();
        let [a, b, c] = [1, 2, 3].map(|n| arena.nim(n).unwrap());
        let mut names = GameNames::default();
        names.give(a, "G".into());
        names.give(a, "H".into());
        names.give(b, "S(5)".into());
        names.give(c, "T(1, 2)".into());
        assert_eq!(names.name(a), Some("G"));
        names.forget("H");
        assert_eq!(names.by_game.len(), 3);
        names.forget_calls();
        assert_eq!(names.by_game.len(), 1);
        names.forget("G");
        assert!(names.by_game.is_empty());
        names.give(b, "S(5)".into());
        assert_eq!(names.name(b), Some("S(5)"));
    }

    #[test]
    fn a_game_of_two_families_is_called_by_the_one_in_scope() {
        let mut arena = Arena::default();
        let [a, b] = [1, 2].map(|n| arena.nim(n).unwrap());
        let mut names = GameNames::default();
        names.give(a, "A(1)".into());
        names.give(a, "A(2)".into());
        names.give(a, "B(1)".into());
        names.give(b, "G".into());
        let scope = |families: &[&str]| families.iter().map(|&f| Arc::from(f)).collect();
        let [only_b, only_a, none]: [FxHashSet<Arc<str>>; 3] =
            [scope(&["B"]), scope(&["A", "B"]), scope(&[])];
        let name = |families| Scoped::new(&names, families).name_of(a).map(str::to_owned);
        assert_eq!(name(Some(&only_b)).as_deref(), Some("B(1)"));
        assert_eq!(name(Some(&only_a)).as_deref(), Some("A(1)"));
        assert_eq!(name(Some(&none)), None);
        assert_eq!(name(None).as_deref(), Some("A(1)"));
        assert_eq!(Scoped::new(&names, Some(&none)).name_of(b), Some("G"));
        names.forget_calls();
        assert_eq!(Scoped::new(&names, Some(&only_b)).name_of(a), None);
    }
}
