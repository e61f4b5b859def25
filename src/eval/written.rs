//! Games of the user's own, explained in the user's words. Equal games are one node, so
//! `rook(0, 2)` *is* the node `*2`; but `options rook(2, 2)` should list the four options
//! its body writes, `rook(0, 2)`, `rook(1, 2)`, `rook(2, 0)`, `rook(2, 1)`, not two
//! look-alike heaps. The body is evaluated once more (every call in it is memoized, so this
//! costs its options and no more), noting the call that made each option.

use std::sync::Arc;

use super::value::Family;
use super::{Flow, Function, Global, Result, Session, Value};
use crate::explain::Written;
use crate::game::GameId;
use crate::syntax::ast::{BinOp, Expr, ExprKind, Ident};

/// What a body's options are written as.
enum Forwarded {
    /// Its own option list, each option named by the call that made it (if one did), with
    /// the words its move was given.
    Options(Vec<(String, GameId)>, Vec<Option<Words>>),
    /// Those of the calls it forwards to.
    Parts(Vec<(GameId, Written)>),
}

/// What a move does, in the words an option gave it: `as "take 2"`.
type Words = Arc<str>;

/// An option as noted: the call that made it (if one did) and the words of its move.
type Noted = (Option<String>, Option<Words>);

/// Where the evaluation of a body stands in noting how its options were written.
#[derive(Debug, Default)]
pub(super) enum Recording {
    #[default]
    Off,
    /// The next option list `<...>` is the one to note.
    Armed,
    /// Inside it: `depth` lists deep (only the outermost is noted), the names so far.
    On {
        depth: usize,
        names: Vec<Noted>,
        /// The last call that returned: the family's name, and the call as it would be
        /// typed.
        last_call: Option<(Arc<str>, String)>,
    },
    Done(Vec<(Noted, GameId)>),
}

/// How many names and calls deep `written` follows definitions (`let G = H`, a family whose
/// body calls another): far enough for any worksheet, bounded for a chain of many names.
const FOLLOW: usize = 32;

impl Session {
    /// How the user wrote the games in `expr`, for explanations: for each call of a family
    /// of the user's own (the whole of `expr`, a part of a sum, what a name was defined as,
    /// or what a family's body calls), its options as the body writes them.
    pub(super) fn written(&mut self, expr: &Expr) -> Result<Vec<(GameId, Written)>> {
        self.written_within(expr, FOLLOW)
    }

    fn written_within(&mut self, expr: &Expr, follow: usize) -> Result<Vec<(GameId, Written)>> {
        let expr = expr.unparen();
        match &expr.kind {
            ExprKind::Chain { first, rest } if rest.iter().all(|(op, ..)| *op == BinOp::Add) => {
                let mut parts = self.written_within(first, follow)?;
                for (_, _, part) in rest {
                    parts.extend(self.written_within(part, follow)?);
                }
                Ok(parts)
            }
            ExprKind::Call { .. } => self.written_call(expr, follow),
            ExprKind::Name(ident) if follow > 0 => {
                let local = self.locals.iter().any(|(name, _)| *name == ident.name);
                let definition = self.definitions.get(&ident.name).cloned();
                let Some(Global::Value(Value::Game(id))) = self.globals.get(&ident.name) else {
                    return Ok(Vec::new());
                };
                let id = *id;
                let Some(definition) = definition.filter(|_| !local) else {
                    return Ok(Vec::new());
                };
                // Names the definition uses may have been defined again since; then it no
                // longer says how the name's game was made.
                if !matches!(self.eval_root(&definition), Ok(Value::Game(now)) if now == id) {
                    return Ok(Vec::new());
                }
                let parts = self
                    .written_within(&definition, follow - 1)
                    .unwrap_or_default();
                // `G` is explained as `G`, its options as the calls that made them.
                Ok(named(parts, id, &ident.name))
            }
            _ => Ok(Vec::new()),
        }
    }

    /// A `let` of a value: kept when explanations of the name may speak of family calls.
    pub(super) fn note_definition(&mut self, name: &Ident, body: &Expr) {
        if made_elsewhere(body) {
            self.definitions.insert(name.name.clone(), body.clone());
        } else {
            self.definitions.remove(&name.name);
        }
    }

    /// A call of a family of the user's own: its options as its body writes them, or, when
    /// the body is itself a call, a name or a sum, how those are written.
    fn written_call(&mut self, expr: &Expr, follow: usize) -> Result<Vec<(GameId, Written)>> {
        let ExprKind::Call { callee, args } = &expr.kind else {
            return Ok(Vec::new());
        };
        let Some(function) = self.user_function(&callee.name) else {
            return Ok(Vec::new());
        };
        if args.len() != function.params.len() {
            return Ok(Vec::new());
        }
        let Value::Game(id) = self.eval_root(expr)? else {
            return Ok(Vec::new());
        };
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.eval_root(arg)?);
        }
        let params = function.params.iter().map(|p| p.name.clone());
        let locals = params.zip(values.iter().cloned()).collect();
        let caller_locals = std::mem::replace(&mut self.locals, locals);
        // A library body sees the library's names, not the user's, here as when it ran.
        let caller_in_library = std::mem::replace(&mut self.in_library, function.library);
        let body = self.required_value(&function.body);
        let result = if made_elsewhere(body) {
            self.written_forwarded(body, follow)
        } else {
            self.written_options(body)
        };
        self.in_library = caller_in_library;
        self.locals = caller_locals;
        let name = self.typed(expr.span);
        Ok(match result? {
            Forwarded::Options(options, words) => vec![(
                id,
                Written {
                    name,
                    options,
                    words,
                },
            )],
            // The call is named as the caller wrote it, not as the body writes it.
            Forwarded::Parts(parts) => named(parts, id, &name),
        })
    }

    /// What makes a body's game: the value of `require(condition, "help", value)`, whose
    /// condition held, as the call was made.
    fn required_value<'a>(&self, body: &'a Expr) -> &'a Expr {
        match &body.unparen().kind {
            ExprKind::Call { callee, args }
                if &*callee.name == "require"
                    && args.len() == 3
                    && self.global("require").is_none() =>
            {
                &args[2]
            }
            _ => body,
        }
    }

    fn written_forwarded(&mut self, body: &Expr, follow: usize) -> Result<Forwarded> {
        match follow.checked_sub(1) {
            Some(follow) => self.written_within(body, follow).map(Forwarded::Parts),
            None => Ok(Forwarded::Parts(Vec::new())),
        }
    }

    /// Evaluates a body once more, noting the call that made each option of its first
    /// option list `<...>`.
    fn written_options(&mut self, body: &Expr) -> Result<Forwarded> {
        let result = loop {
            self.recording = Recording::Armed;
            match self.eval(body) {
                Err(Flow::Suspend(pending)) => {
                    if let Err(error) = self.drive(pending) {
                        break Err(error);
                    }
                }
                result => break result,
            }
        };
        let recording = std::mem::take(&mut self.recording);
        result?;
        let Recording::Done(options) = recording else {
            return Ok(Forwarded::Parts(Vec::new()));
        };
        let mut named = Vec::with_capacity(options.len());
        let mut words = Vec::with_capacity(options.len());
        for ((name, told), id) in options {
            let name = name.unwrap_or_else(|| self.arena.describe_named(id, &self.scoped_names()));
            named.push((name, id));
            words.push(told);
        }
        Ok(Forwarded::Options(named, words))
    }

    fn user_function(&self, name: &str) -> Option<Arc<Function>> {
        let local = self.locals.iter().rev().find(|(n, _)| &**n == name);
        match local.map(|(_, v)| v) {
            Some(Value::Family(Family::User(function))) => return Some(function.clone()),
            Some(_) => return None,
            None => {}
        }
        match self.global(name) {
            Some(Global::Function(function)) => Some(function.clone()),
            Some(Global::Value(Value::Family(Family::User(function)))) => Some(function.clone()),
            Some(_) => None,
            None => self.loaded_library_family(name),
        }
    }

    /// An option list `<...>` starts: whether it is the one being noted.
    pub(super) fn option_list_starts(&mut self) -> bool {
        match &mut self.recording {
            Recording::Armed => {
                self.recording = Recording::On {
                    depth: 1,
                    names: Vec::new(),
                    last_call: None,
                };
                true
            }
            Recording::On { depth, .. } => {
                *depth += 1;
                false
            }
            _ => false,
        }
    }

    /// The option list ends with these options; the noted one keeps them with their names.
    pub(super) fn option_list_ends(&mut self, noted: bool, options: &[GameId]) {
        match &mut self.recording {
            Recording::On { names, .. } if noted => {
                let names = std::mem::take(names);
                let written = names.into_iter().zip(options.iter().copied()).collect();
                self.recording = Recording::Done(written);
            }
            Recording::On { depth, .. } => *depth -= 1,
            _ => {}
        }
    }

    /// Whether no explanation is noting how a body writes its options.
    pub(super) fn recording_off(&self) -> bool {
        matches!(self.recording, Recording::Off)
    }

    /// Whether the option list being evaluated is the one noted for an explanation.
    pub(super) fn noting_options(&self) -> bool {
        matches!(self.recording, Recording::On { depth: 1, .. })
    }

    /// An element of an option list was evaluated: in the noted list, note the call that
    /// made it, if it was a call of a family, and the words given to its move.
    pub(super) fn element_evaluated(&mut self, expr: &Expr, words: Option<Words>) {
        if let Recording::On {
            depth: 1,
            names,
            last_call,
        } = &mut self.recording
        {
            let callee = match &expr.unparen().kind {
                ExprKind::Call { callee, .. } => Some(&callee.name),
                _ => None,
            };
            let made = last_call.take();
            let name = made
                .filter(|(family, _)| Some(family) == callee)
                .map(|(_, call)| call);
            names.push((name, words));
        }
    }

    /// A call of a family returned: remembered while an option list is being noted.
    /// The words of an option, worked out without the calls they make (`cram_square(s, k)`)
    /// taking the place of the call that made the option.
    pub(super) fn option_words(&mut self, label: &Expr) -> Result<Words> {
        let made = match &mut self.recording {
            Recording::On { last_call, .. } => last_call.take(),
            _ => None,
        };
        let words = self.move_words(label);
        if let Recording::On { last_call, .. } = &mut self.recording {
            *last_call = made;
        }
        words
    }

    pub(super) fn call_returned(&mut self, name: &Arc<str>, args: &[Value]) {
        if matches!(self.recording, Recording::On { .. }) {
            let call = self.show_args(name, args);
            if let Recording::On { last_call, .. } = &mut self.recording {
                *last_call = Some((name.clone(), call));
            }
        }
    }
}

/// A call, a name or a sum: the game is made by what it refers to, which says how the game
/// is written.
fn made_elsewhere(expr: &Expr) -> bool {
    matches!(
        expr.unparen().kind,
        ExprKind::Call { .. } | ExprKind::Name(_) | ExprKind::Chain { .. }
    )
}

/// The parts, with the game `id` among them called `name`.
fn named(mut parts: Vec<(GameId, Written)>, id: GameId, name: &str) -> Vec<(GameId, Written)> {
    for (part, written) in &mut parts {
        if *part == id {
            written.name = name.to_owned();
        }
    }
    parts
}
