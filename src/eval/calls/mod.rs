//! **Calls of families**: a family's body evaluated for its arguments (walked as written,
//! compiled for integers in [`compile`], or run on small values in [`small`]), remembered per
//! argument tuple, to any depth; `require`, and the tables and periods of `seq` and `period`.
//!
//! Calls of families (`let S(n) = ...`): memoized per argument tuple, loops reported with the
//! call that repeats, and any depth of recursion without growing the Rust stack.
//!
//! A chain of calls is followed on the Rust stack only [`SUSPEND_DEPTH`] calls deep. A call
//! deeper than that is *suspended*: evaluation unwinds to the root, the suspended call is
//! computed as a root of its own (perhaps suspending deeper calls in turn, kept on an explicit
//! stack), and then the root is evaluated again, now finding the call memoized. So
//! `S(1000000)` costs about twice the work of a deep recursion and none of its stack.

pub(in crate::eval) mod compile;
pub(in crate::eval) mod families;
pub(in crate::eval) mod grids;
pub(in crate::eval) mod loopy;
pub(in crate::eval) mod memo;
pub(in crate::eval) mod require;
pub(in crate::eval) mod small;

use std::sync::Arc;

use indexmap::IndexSet;
use rustc_hash::FxHashSet;

use crate::eval::limits::memory::owned_bytes;
use crate::eval::report::error::{EvalError, FromLibrary};
use crate::eval::values::{Function, Value};
use crate::eval::{Flow, Result, Session};
use crate::game::GameId;
use crate::source::Span;
use crate::syntax::ast::Expr;

/// The steps finding a call counts, its arguments holding `hashed` elements (see
/// [`hashed_len`]): finding a call hashes and compares its arguments, a list, set or string as
/// long as it is (a graph of 10^5 vertices is gone through at every call); as
/// [`Session::pass_over`] counts them, and none for short arguments.
pub(in crate::eval) fn finding_steps(hashed: usize) -> u64 {
    use crate::eval::limits::steps::ELEMENTS_A_STEP;
    match hashed > ELEMENTS_A_STEP {
        true => hashed.div_ceil(ELEMENTS_A_STEP) as u64,
        false => 0,
    }
}

impl Session {
    /// Counts the steps of finding a call whose arguments hold `hashed` elements.
    pub(in crate::eval) fn charge_finding(&mut self, hashed: usize, span: Span) -> Result<()> {
        match finding_steps(hashed) {
            0 => Ok(()),
            steps => self.work(steps, span),
        }
    }
}

/// Calls whose arguments hold more elements than this are named when the name is first read.
const LONG_NAME: usize = 32;

/// How many calls deep one evaluation goes on the Rust stack before suspending.
pub(in crate::eval) const SUSPEND_DEPTH: usize = 256;

/// A call of a family with its arguments: the memo key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::eval) struct CallKey {
    pub function: u32,
    pub args: Box<[Value]>,
}

/// Hashed for the calls being evaluated (a few hundred at most) by the outline of its
/// arguments: a list's length and its ends, not all of it, so that entering a call of
/// Node Kayles does not go through its graph. Equal keys have equal outlines.
impl std::hash::Hash for CallKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.function.hash(state);
        self.args.len().hash(state);
        for arg in &self.args {
            outline(arg, state);
        }
    }
}

fn outline<H: std::hash::Hasher>(value: &Value, state: &mut H) {
    use std::hash::Hash;
    let leaf = |value: &Value, state: &mut H| match value {
        Value::List(items) | Value::SetOf(items) => items.len().hash(state),
        Value::Set(members) => members.len().hash(state),
        Value::Str(text) => text.len().hash(state),
        other => other.hash(state),
    };
    match value {
        Value::List(items) | Value::SetOf(items) => {
            items.len().hash(state);
            for item in items.first().into_iter().chain(items.last()) {
                leaf(item, state);
            }
        }
        Value::Set(members) => {
            members.len().hash(state);
            members.first().hash(state);
            members.last().hash(state);
        }
        Value::Str(text) => text.as_bytes()[..text.len().min(32)].hash(state),
        other => other.hash(state),
    }
}

impl CallKey {
    /// What its boxed arguments take.
    pub(in crate::eval) fn args_bytes(&self) -> u64 {
        let inner: u64 = self.args.iter().map(owned_bytes).sum();
        (self.args.len() * std::mem::size_of::<Value>()) as u64
            + crate::eval::limits::memory::ALLOCATION
            + inner
    }
}

/// A call set aside to be computed before the evaluation that needs it is retried.
#[derive(Debug)]
pub(in crate::eval) struct Pending {
    key: CallKey,
    function: Arc<Function>,
    /// How many calls deep it sits, counting those unwound.
    depth: usize,
    /// Where it is called.
    span: Span,
}

/// Families' calls: those remembered, those being evaluated, and the bodies compiled.
#[derive(Debug)]
pub(in crate::eval) struct Calls {
    /// Results of family calls, per argument tuple.
    pub(in crate::eval) memo: memo::Memo,
    /// Calls being evaluated on the Rust stack, outermost first.
    pub(in crate::eval) chain: IndexSet<CallKey, rustc_hash::FxBuildHasher>,
    /// Calls waiting for a suspended call to be computed.
    pub(in crate::eval) suspended: FxHashSet<CallKey>,
    /// How deep the outermost call of `chain` sits.
    pub(in crate::eval) base_depth: usize,
    /// Family bodies run compiled ([`compile`]); off, they are only walked as written (the
    /// reference the compiled form is tested against).
    pub(in crate::eval) compile_bodies: bool,
    /// Family bodies compiled on their first call, by function id (`None` for one left to
    /// the tree-walker); forgotten at every definition, which may change what a call in
    /// them calls.
    pub(in crate::eval) compiled: rustc_hash::FxHashMap<u32, Option<Arc<compile::Code>>>,
    /// Family bodies lowered to run on small values ([`small`]), likewise.
    pub(in crate::eval) lowered: rustc_hash::FxHashMap<u32, small::Lowered>,
    /// Calls of loopy families being explored.
    pub(in crate::eval) exploration: loopy::Exploration,
}

impl Default for Calls {
    fn default() -> Self {
        Calls {
            memo: memo::Memo::default(),
            chain: IndexSet::default(),
            suspended: FxHashSet::default(),
            base_depth: 0,
            compile_bodies: true,
            compiled: Default::default(),
            lowered: Default::default(),
            exploration: Default::default(),
        }
    }
}

impl Calls {
    /// How many calls are being evaluated on the Rust stack.
    pub(in crate::eval) fn open(&self) -> usize {
        self.chain.len()
    }

    /// How many calls deep the innermost call sits, counting those unwound.
    pub(in crate::eval) fn depth(&self) -> usize {
        self.base_depth + self.chain.len()
    }

    /// The call whose body is being evaluated, if any.
    pub(in crate::eval) fn innermost(&self) -> Option<&CallKey> {
        self.chain.last()
    }

    /// The family whose body made the innermost call, if that is known (not for a call
    /// computed on its own after a suspension).
    pub(in crate::eval) fn caller(&self) -> Option<u32> {
        let len = self.chain.len();
        let index = len.checked_sub(2)?;
        self.chain.get_index(index).map(|key| key.function)
    }
}

impl Session {
    /// Evaluates a top-level expression, computing suspended calls as they come up.
    pub(in crate::eval) fn eval_root(&mut self, expr: &Expr) -> Result<Value> {
        loop {
            match self.eval(expr) {
                Err(Flow::Suspend(pending)) => self.drive(pending)?,
                result => return result,
            }
        }
    }

    /// Computes a suspended call, and the calls it suspends in turn, deepest first.
    pub(in crate::eval) fn drive(&mut self, first: Pending) -> Result<()> {
        let mut stack = vec![first];
        let result = loop {
            let Some(top) = stack.last() else {
                break Ok(());
            };
            let result = if self.calls.memo.contains(&top.key) {
                Ok(())
            } else {
                self.calls.base_depth = top.depth;
                let span = top.span;
                self.enter(&top.function.clone(), top.key.clone(), span)
                    .map(drop)
            };
            match result {
                Ok(()) => {
                    stack.pop();
                    if let Some(below) = stack.last() {
                        self.calls.suspended.remove(&below.key);
                    }
                }
                Err(Flow::Suspend(next)) => {
                    self.calls.suspended.insert(top.key.clone());
                    stack.push(next);
                }
                Err(error) => break Err(error),
            }
        };
        self.calls.suspended.clear();
        self.calls.base_depth = 0;
        result
    }

    /// `S(a, b)`: the arguments evaluated in order, up to three of them without allocating.
    pub(in crate::eval) fn call_with(
        &mut self,
        function: &Arc<Function>,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let place = |session: &Session, values: &[Value], flow: Flow| {
            session.place_refusal(flow, function, values, args, span)
        };
        match args {
            [a] => {
                let values = [self.eval(a)?];
                self.call_function(function, &values, span)
                    .map_err(|flow| place(self, &values, flow))
            }
            [a, b] => {
                let values = [self.eval(a)?, self.eval(b)?];
                self.call_function(function, &values, span)
                    .map_err(|flow| place(self, &values, flow))
            }
            [a, b, c] => {
                let values = [self.eval(a)?, self.eval(b)?, self.eval(c)?];
                self.call_function(function, &values, span)
                    .map_err(|flow| place(self, &values, flow))
            }
            _ => {
                let values = args.iter().map(|arg| self.eval(arg));
                let values = values.collect::<Result<Vec<_>>>()?;
                self.call_function(function, &values, span)
                    .map_err(|flow| place(self, &values, flow))
            }
        }
    }

    /// `S(args)`, from the memo if it was computed before.
    pub(in crate::eval) fn call_function(
        &mut self,
        function: &Arc<Function>,
        args: &[Value],
        span: Span,
    ) -> Result<Value> {
        self.charge_finding(args.iter().map(hashed_len).sum(), span)?;
        // One position, one call: a sum is remembered by its parts in order, so that
        // `F(*2 + *1)` is the call `F(*1 + *2)` made.
        let in_order;
        let args = match self.sums_in_order(args, span)? {
            Some(ordered) => {
                in_order = ordered;
                &in_order[..]
            }
            None => args,
        };
        if let Some(value) = self.calls.memo.get(function.id, args) {
            self.call_returned(function, args, &value);
            return Ok(value);
        }
        let key = CallKey {
            function: function.id,
            args: args.into(),
        };
        if function.loopy {
            self.step(span)?;
            return self.call_loopy(function, key, span);
        }
        if self.calls.chain.contains(&key) || self.calls.suspended.contains(&key) {
            return Err(self.loop_error(function, &key, span));
        }
        let depth = self.calls.base_depth + self.calls.chain.len();
        if depth >= self.meter.limits.depth {
            let call = self.show_call(&function.name.name, &key);
            return Err(EvalError::TooDeep {
                span,
                limit: self.meter.limits.depth,
                call,
            }
            .into());
        }
        if self.calls.chain.len() >= SUSPEND_DEPTH {
            return Err(Flow::Suspend(Pending {
                key,
                function: function.clone(),
                depth,
                span,
            }));
        }
        self.step(span)?;
        self.enter(function, key, span)
    }

    /// The arguments with each game that is a sum as its position (see
    /// [`crate::game::Arena::canonical`]), if one of them is a sum written otherwise.
    fn sums_in_order(&mut self, args: &[Value], span: Span) -> Result<Option<Vec<Value>>> {
        let unordered = |session: &Self, value: &Value| match value {
            Value::Game(id) => match session.arena.node(*id) {
                crate::game::Node::Sum(parts) => !parts.is_sorted(),
                _ => false,
            },
            _ => false,
        };
        if !args.iter().any(|arg| unordered(self, arg)) {
            return Ok(None);
        }
        let mut ordered = Vec::with_capacity(args.len());
        for arg in args {
            ordered.push(match arg {
                Value::Game(id) if unordered(self, arg) => {
                    let canonical = self.arena.canonical(*id);
                    Value::Game(canonical.map_err(|e| self.game_error(e, span))?)
                }
                other => other.clone(),
            });
        }
        Ok(Some(ordered))
    }

    /// Evaluates the body of a call and remembers its value.
    fn enter(&mut self, function: &Arc<Function>, key: CallKey, span: Span) -> Result<Value> {
        let caller_locals = std::mem::replace(&mut self.frame.locals, function.locals(&key.args));
        self.calls.chain.insert(key.clone());
        let caller_in_library = std::mem::replace(&mut self.program.in_library, function.library);
        // A quantifier in the body decides no case of the caller's (a call found in the memo
        // would not have decided it either).
        let caller_case = self.claims.case.take();
        // The fast paths number a body's locals from its parameters: a function that
        // captured values is walked.
        let fast = function.captured.is_empty();
        let result = self.in_session_play(|session| {
            if fast && let Some(result) = session.run_small(function, &key.args) {
                return result;
            }
            match session.compiled_body(function).filter(|_| fast) {
                Some(code) => session.exec_code(&code),
                None => session.eval(&function.body),
            }
        });
        self.claims.case = caller_case;
        self.program.in_library = caller_in_library;
        self.calls.chain.pop();
        self.frame.locals = caller_locals;
        let result = match result {
            // A built-in passed as a value: its errors are told at the call, which the
            // user wrote, not in the body made for it.
            Err(Flow::Error(error)) if function.builtin => {
                let call = self.show_call(&function.name.name, &key);
                Err(EvalError::FromLibrary(Box::new(FromLibrary {
                    inner: *error,
                    at: span,
                    place: format!("`{call}`"),
                }))
                .into())
            }
            // Leaving the library for the user's code: its errors are told at this call.
            Err(Flow::Error(error)) if function.library && !caller_in_library => {
                Err(self.library_error_at(*error, span).into())
            }
            result => result,
        };
        if let Ok(value) = &result {
            let bytes = self.calls.memo.insert_bytes(&key, value) + owned_bytes(value);
            let name = &function.name.name;
            self.memo_grows(name, bytes, |s| s.show_call(name, &key), span)?;
            if let Value::Game(id) = value {
                self.name_call(*id, function, &key.args, span)?;
            }
            self.call_returned(function, &key.args, value);
            self.calls.memo.insert(&key, value.clone());
        }
        result
    }

    /// The compiled body, unless an explanation is noting how the body writes its options
    /// (which the tree-walker does) or the session evaluates only by walking the tree.
    fn compiled_body(&mut self, function: &Function) -> Option<Arc<compile::Code>> {
        if !self.calls.compile_bodies || !self.recording_off() {
            return None;
        }
        if let Some(code) = self.calls.compiled.get(&function.id) {
            return code.clone();
        }
        let code = compile::compile(&function.params, &function.body, &mut |name| {
            self.family_called(name)
        })
        .map(Arc::new);
        self.calls.compiled.insert(function.id, code.clone());
        code
    }

    fn loop_error(&self, function: &Function, key: &CallKey, span: Span) -> Flow {
        let call = self.show_call(&function.name.name, key);
        let position = self.calls.chain.get_index_of(key);
        let from = position.unwrap_or(0);
        let mut steps: Vec<String> = self.calls.chain[from..]
            .iter()
            .map(|k| self.show_call(self.function_name(k.function), k))
            .collect();
        if steps.len() > 8 {
            let tail = steps.split_off(steps.len() - 3);
            steps.truncate(3);
            steps.push("…".into());
            steps.extend(tail);
        }
        if position.is_none() {
            steps.insert(0, format!("{call} → …"));
        }
        steps.push(call.clone());
        EvalError::Loop {
            span,
            call,
            cycle: steps.join(" → "),
        }
        .into()
    }

    /// `S(3)`, `rook(1, 2)`
    pub(in crate::eval) fn show_call(&self, name: &str, key: &CallKey) -> String {
        self.show_args(name, &key.args)
    }

    /// A call of `name` with these arguments, as it would be typed.
    pub(in crate::eval) fn show_args(&self, name: &str, args: &[Value]) -> String {
        let args: Vec<String> = args.iter().map(|arg| self.describe_value(arg)).collect();
        format!("{name}({})", args.join(", "))
    }

    pub(in crate::eval) fn function_name(&self, id: u32) -> &str {
        self.program
            .globals
            .values()
            .find_map(|global| match global {
                crate::eval::Global::Function(f) if f.id == id => Some(&*f.name.name),
                _ => None,
            })
            .or_else(|| self.library_function_name(id))
            .unwrap_or("?")
    }

    /// Names the game a call made after the call (see [`Session::name_game`]): written out
    /// when first read if its arguments are plain data and long to write (a graph), else
    /// now (a short name takes less room than the arguments kept to write it).
    fn name_call(
        &mut self,
        id: GameId,
        function: &Function,
        args: &[Value],
        span: Span,
    ) -> Result<()> {
        if !self.named_kind(id) {
            return Ok(());
        }
        self.room_to_name(span)?;
        let long = args.iter().map(hashed_len).sum::<usize>() > LONG_NAME;
        if long && args.iter().all(crate::eval::names::is_plain) {
            self.naming.names.give_call(id, &function.name.name, args);
            return Ok(());
        }
        let call = self.show_args(&function.name.name, args);
        // Writing the call out goes through its arguments (a list of games).
        if call.len() > crate::eval::limits::steps::ELEMENTS_A_STEP {
            self.pass_over(call.len(), span)?;
        }
        self.naming.names.give(id, call.into());
        Ok(())
    }

    /// Stops before naming a game would double the table of names past the `memory` limit.
    pub(in crate::eval) fn room_to_name(&self, span: Span) -> Result<()> {
        match self.naming.names.next_growth() {
            0 => Ok(()),
            growth => self.room_for(growth, span),
        }
    }

    /// Whether a game of this kind is named: not a heap or a sum, which read better as
    /// themselves.
    fn named_kind(&self, id: GameId) -> bool {
        use crate::game::Node;
        matches!(
            self.arena.node(id),
            Node::Options(_) | Node::WithSums { .. } | Node::Hackenbush(_) | Node::Loopy { .. }
        )
    }

    /// Gives a game a name for explanations, unless it is a heap or a sum (which read
    /// better as themselves) or has a name already. A picture is named: its edges are long.
    pub(in crate::eval) fn name_game(
        &mut self,
        id: crate::game::GameId,
        name: std::sync::Arc<str>,
    ) {
        if self.named_kind(id) {
            self.naming.names.give(id, name);
        }
    }
}

/// The elements hashing an argument goes through: a list's or set's own, and those of the
/// lists, sets and strings in it (a graph as a list of neighbour sets is all its edges).
pub(in crate::eval) fn hashed_len(arg: &Value) -> usize {
    use crate::eval::values::data_len;
    match arg {
        Value::Range { .. } => 0,
        Value::List(items) | Value::SetOf(items) => items
            .iter()
            .map(|item| match item {
                Value::Range { .. } => 1,
                item => 1 + data_len(item),
            })
            .sum(),
        other => data_len(other),
    }
}
