//! **Expressions**: the tree-walker that evaluates a syntax tree (names, literals,
//! comprehensions, games and their options, calls, conditions), the operators and subscripts
//! on values, the games values are made into, and the type errors whose help says what was
//! probably meant. A new operator or form of expression goes here.

mod bindings;
mod lambdas;
mod maps;
pub(in crate::eval) use bindings::of_kind;
pub(in crate::eval) mod collections;
pub(in crate::eval) mod ops;
pub(in crate::eval) mod options;

use crate::eval::expr::ops::Operand;
use crate::eval::limits::memory::{Elements, Listing};
use crate::eval::values::Family;
use std::sync::Arc;

use crate::eval::builtins::{args_span, pile};
use crate::eval::report::error::EvalError;
use crate::eval::report::words::{amount, plural};
use crate::eval::values::{Function, Value};
use crate::eval::{Flow, Global, Result, Session, builtins};
use crate::game::{GameError, GameId, OptionList, SearchStop, StripStop};
use crate::source::Span;
use crate::syntax::ast::*;

/// What [`Session::each_case`] gives each value to: true to go on.
pub(in crate::eval) type Sink<'a> = dyn FnMut(&mut Session, Value) -> Result<bool> + 'a;

/// What each pass of an element's clauses does, its loop variables bound: true to go on.
pub(in crate::eval) type Pass<'a> = dyn FnMut(&mut Session) -> Result<bool> + 'a;

/// Tables larger than this (64 TiB) are refused without advice to raise the `memory` limit.
const MORE_THAN_ANY_MACHINE: u64 = 1 << 46;

/// Below this much stack left, recursion continues on a fresh segment (nested brackets are
/// bounded by the parser, but a debug build's frames are large).
const RED_ZONE: usize = 128 * 1024;
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// Where the stack's red zone starts, so that `eval` compares one address instead of asking
/// `stacker` at every level (a thread-local read and a call, 4% of a family's evaluation).
/// The stack grows down on every target grundy is built for.
#[derive(Clone, Copy, Debug)]
pub(in crate::eval) struct StackRoom {
    /// Addresses above this have more than [`RED_ZONE`] below them; `usize::MAX` until
    /// measured, so that the first evaluation asks `stacker`.
    floor: usize,
}

impl Default for StackRoom {
    fn default() -> Self {
        StackRoom { floor: usize::MAX }
    }
}

impl StackRoom {
    /// The room of the stack segment this runs on; none known if `stacker` cannot tell.
    fn measured() -> StackRoom {
        let here = stack_address();
        let floor = stacker::remaining_stack()
            .map(|left| here.saturating_sub(left).saturating_add(RED_ZONE))
            .unwrap_or(usize::MAX);
        StackRoom { floor }
    }

    #[inline(always)]
    pub(in crate::eval) fn has_room(self) -> bool {
        stack_address() > self.floor
    }
}

/// The address of a local variable: where the stack is now.
#[inline(always)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// The tree-walker's own: the names loop variables and parameters give values, innermost
/// last, how far the stack may grow, and a buffer for the parts of a sum.
#[derive(Default, Debug)]
pub(in crate::eval) struct Frame {
    pub(in crate::eval) locals: Vec<(Arc<str>, Value)>,
    pub(in crate::eval) stack: StackRoom,
    pub(in crate::eval) sum_parts: Vec<GameId>,
}

impl Session {
    pub(in crate::eval) fn eval(&mut self, expr: &Expr) -> Result<Value> {
        if self.frame.stack.has_room() {
            return self.eval_here(expr);
        }
        self.on_fresh_stack(|session| session.eval_here(expr))
    }

    /// Runs `f` where the stack has room: here, with the room measured again, or on a
    /// fresh segment. [`StackRoom`] says why the room is not measured at every level.
    pub(in crate::eval) fn on_fresh_stack<T>(&mut self, f: impl FnOnce(&mut Session) -> T) -> T {
        let outer = self.frame.stack;
        let result = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || {
            self.frame.stack = StackRoom::measured();
            f(self)
        });
        self.frame.stack = outer;
        result
    }

    fn eval_here(&mut self, expr: &Expr) -> Result<Value> {
        match &expr.kind {
            ExprKind::Int(n) => Ok(Value::Int(*n)),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(text) => Ok(Value::Str(text.clone())),
            ExprKind::Name(ident) => self.lookup(ident),
            ExprKind::LoneStar => self.heap(1, expr.span),
            ExprKind::Paren(inner) => self.eval(inner),
            ExprKind::Prefix { op, operand, .. } => self.prefix(*op, operand, expr.span),
            ExprKind::Chain { first, rest } => self.chain(first, rest),
            ExprKind::Binary {
                op,
                op_span,
                lhs,
                rhs,
            } => {
                let left = self.eval(lhs)?;
                let right = self.eval(rhs)?;
                self.binary(
                    *op,
                    *op_span,
                    Operand::of(&left, lhs),
                    Operand::of(&right, rhs),
                )
            }
            ExprKind::Where { body, bindings } => self.where_bindings(body, bindings),
            ExprKind::IsKind { value, kind, .. } => self.is_kind(value, *kind),
            ExprKind::Lambda { params, body } => self.lambda(expr.span, params, body),
            ExprKind::Claim { game, outcome, .. } => {
                let value = self.eval(game)?;
                let id = self.game_operand(&value, game)?;
                let found = self.outcome_of(id, game.span)?;
                Ok(Value::Bool(
                    found == crate::eval::claims::play::claimed(*outcome),
                ))
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                if self.condition(cond)? {
                    self.eval(then)
                } else {
                    self.eval(otherwise)
                }
            }
            ExprKind::Game(elements) => {
                let noted = self.option_list_starts();
                let list = self.elements(elements, expr.span, Listing::Options)?;
                self.game_of(noted, list, expr.span)
            }
            ExprKind::Set(elements) => self.set_literal(elements, expr.span),
            ExprKind::Map(entries) => self.map_literal(entries, expr.span),
            ExprKind::List(elements) => self.list_literal(elements, expr.span),
            ExprKind::Generator(element) => {
                self.list_literal(std::slice::from_ref(&**element), expr.span)
            }
            ExprKind::Subscript {
                target, subscript, ..
            } => self.subscript(target, subscript),
            ExprKind::Call { callee, args } => self.call(callee, args, expr.span),
            ExprKind::Play {
                play, expr: inner, ..
            } => self.in_play(*play, |session| session.eval(inner)),
        }
    }

    /// The game whose options a comprehension listed.
    pub(in crate::eval) fn game_of(
        &mut self,
        noted: bool,
        mut list: Elements,
        span: Span,
    ) -> Result<Value> {
        let mut options = OptionList {
            games: Vec::with_capacity(list.items.len()),
            sums: std::mem::take(&mut list.sums),
        };
        for (value, at) in &list.items {
            match self.game_value(value, *at) {
                Ok(id) => options.games.push(id),
                Err(error) => {
                    self.elements_done(&list);
                    return Err(error);
                }
            }
        }
        // A noted list has no sums kept as parts (see `elements`): its options in order.
        Ok(Value::Game(
            self.option_list_game(noted, options, &list, span)?,
        ))
    }

    /// The game of an option list evaluated (walked, compiled or run on small values), the
    /// list `options` was taken from given back to the `memory` limit.
    pub(in crate::eval) fn option_list_game<T>(
        &mut self,
        noted: bool,
        options: OptionList,
        list: &Elements<T>,
        span: Span,
    ) -> Result<GameId> {
        self.option_list_ends(noted, &options.games);
        let id = self.arena.with_option_list(options);
        self.elements_done(list);
        id.map_err(|e| self.game_error(e, span))
    }

    fn lookup(&mut self, ident: &Ident) -> Result<Value> {
        if crate::library::qualified(&ident.name).is_some() {
            let function = self.library_own(ident)?;
            return Ok(Value::Family(Family::User(function)));
        }
        if let Some((_, value)) = self
            .frame
            .locals
            .iter()
            .rev()
            .find(|(name, _)| same_name(name, &ident.name))
        {
            return Ok(value.clone());
        }
        if self.global(&ident.name).is_none()
            && let Some(function) = self.library_family(&ident.name)
        {
            return Ok(Value::Family(Family::User(function)));
        }
        match self.global(&ident.name) {
            Some(Global::Value(value)) => Ok(value.clone()),
            Some(Global::Function(function)) => Ok(Value::Family(Family::User(function.clone()))),
            Some(Global::Failed) => Err(failed_definition(ident).into()),
            None if let Some(game) = builtins::heap_family(&ident.name) => {
                Ok(Value::Family(Family::Heap(game)))
            }
            None if builtins::is_builtin(&ident.name) => match self.builtin_function(&ident.name) {
                Some(function) => Ok(Value::Family(Family::User(function))),
                None => Err(not_a_value(ident).into()),
            },
            None => Err(self.unknown_at_runtime(ident).into()),
        }
    }

    /// A name the resolver let through, because the program defines it, but not yet.
    fn unknown_at_runtime(&self, ident: &Ident) -> EvalError {
        let error = EvalError::UnknownName {
            span: ident.span,
            name: ident.name.to_string(),
            help: None,
        };
        match self.program.defined_later.get(&ident.name) {
            Some(span) => {
                let line = self.sources.line_of(*span);
                error.with_help(format!(
                    "`{}` is defined further down, on line {line}; move its definition up",
                    ident.name
                ))
            }
            // The program defines it, and not further down: in this very statement.
            None => error.with_help(format!(
                "`{name}` is not defined until its own definition is done; for a game defined \
                 by recursion, make it a family that calls itself on smaller arguments: \
                 `let {name}(n) = ...`",
                name = ident.name
            )),
        }
    }

    fn prefix(&mut self, op: PrefixOp, operand: &Expr, span: Span) -> Result<Value> {
        let value = self.eval(operand)?;
        self.apply_prefix(op, value, operand.span, span)
    }

    /// `-e`, `not e`, `*e`, `#e`, with the operand's value known.
    pub(in crate::eval) fn apply_prefix(
        &mut self,
        op: PrefixOp,
        value: Value,
        operand_span: Span,
        span: Span,
    ) -> Result<Value> {
        if op == PrefixOp::Not {
            return Ok(Value::Bool(!self.truth(value, operand_span)?));
        }
        let Value::Int(n) = value else {
            let (message, help) = match op {
                PrefixOp::Heap => (
                    "`*` makes a nim heap from a number of chips",
                    "`*n` is the heap of n chips; a game has no number of chips, but `nimber(G)` is its value",
                ),
                PrefixOp::Subtraction => (
                    "`#` makes a subtraction game from a number of chips",
                    "`#n` is one pile of n chips, from which a move removes 1, 2 or 3",
                ),
                _ => ("`-` negates an integer", "only integers have a negative"),
            };
            return Err(EvalError::type_error(
                operand_span,
                message,
                format!("this is {}", value.kind()),
            )
            .with_help(help)
            .into());
        };
        match op {
            PrefixOp::Neg => n.checked_neg().map(Value::Int).ok_or_else(|| {
                EvalError::Overflow {
                    span,
                    op: "-".into(),
                }
                .into()
            }),
            PrefixOp::Heap => self.heap(pile(n, operand_span)?, span),
            PrefixOp::Subtraction => {
                let pile = pile(n, operand_span)?;
                let id = self
                    .arena
                    .subtraction(pile, &[1, 2, 3])
                    .map_err(|e| self.game_error(e, span))?;
                Ok(Value::Game(id))
            }
            PrefixOp::Not => unreachable!("handled above"),
        }
    }

    pub(in crate::eval) fn heap(&mut self, chips: u64, span: Span) -> Result<Value> {
        let id = self
            .arena
            .nim(chips)
            .map_err(|e| self.game_error(e, span))?;
        Ok(Value::Game(id))
    }

    /// `a + b - c`: folded from the left; `and` and `or` stop as soon as they know.
    fn chain(&mut self, first: &Expr, rest: &[(BinOp, Span, Expr)]) -> Result<Value> {
        self.fold_chain(&WrittenChain { first, rest })
    }

    /// A chain folded from the left, its operands evaluated as `chain` says.
    /// A run of games added up becomes one sum node, not one node per partial sum.
    pub(in crate::eval) fn fold_chain(&mut self, chain: &impl ChainOperands) -> Result<Value> {
        let mut value = chain.first(self)?;
        let mut span = chain.first_span();
        // The buffer of the last chain, so that `K(a) + K(b)` in a comprehension allocates
        // nothing (a chain within a part takes a fresh one).
        let mut parts: Vec<GameId> = std::mem::take(&mut self.frame.sum_parts);
        for i in 0..chain.len() {
            let (op, op_span, rhs_span) = chain.op(i);
            let lhs_expr = if i == 0 { chain.first_expr() } else { None };
            if matches!(value, Value::Game(_)) && op == BinOp::Add {
                let right = chain.operand(self, i)?;
                if matches!(right, Value::Game(_) | Value::Int(0)) {
                    if parts.is_empty() {
                        parts.push(self.game_value(&value, span)?);
                    }
                    parts.push(self.game_value(&right, rhs_span)?);
                    span = span.to(rhs_span);
                    continue;
                }
                value = self.sum_of(&mut parts, value, span)?;
                let lhs = Operand {
                    value: &value,
                    span,
                    expr: lhs_expr,
                };
                value = self.binary(op, op_span, lhs, Operand::at(&right, rhs_span))?;
            } else {
                value = self.sum_of(&mut parts, value, span)?;
                let lhs = Operand {
                    value: &value,
                    span,
                    expr: lhs_expr,
                };
                value = match (op, &value) {
                    (BinOp::And, Value::Bool(false)) => Value::Bool(false),
                    (BinOp::Or, Value::Bool(true)) => Value::Bool(true),
                    _ => {
                        let right = chain.operand(self, i)?;
                        self.binary(op, op_span, lhs, Operand::at(&right, rhs_span))?
                    }
                };
            }
            span = span.to(rhs_span);
        }
        let value = self.sum_of(&mut parts, value, span);
        parts.clear();
        self.frame.sum_parts = parts;
        value
    }

    /// The sum of the parts gathered so far, or `value` itself if there are none.
    fn sum_of(&mut self, parts: &mut Vec<GameId>, value: Value, span: Span) -> Result<Value> {
        if parts.is_empty() {
            return Ok(value);
        }
        let id = self
            .arena
            .sum(parts)
            .map_err(|e| self.game_error(e, span))?;
        parts.clear();
        Ok(Value::Game(id))
    }

    /// A condition of `if` or `not`: must be true or false.
    pub(in crate::eval) fn condition(&mut self, expr: &Expr) -> Result<bool> {
        let value = self.eval(expr)?;
        self.truth(value, expr.span)
    }

    /// The value of a condition written at `span`: must be true or false.
    pub(in crate::eval) fn truth(&self, value: Value, span: Span) -> Result<bool> {
        match value {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::type_error(span, "a condition must be true or false", format!("this is {}", other.kind()))
                .with_help("conditions compare integers (`n > 0`) or claim something of games (`G is losing`, `G == H`)")
                .into()),
        }
    }

    /// The values of a game's options or a set's members, with where each came from; the
    /// list is charged to the `memory` limit until [`Session::elements_done`].
    pub(in crate::eval) fn elements(
        &mut self,
        elements: &[Element],
        span: Span,
        kind: Listing,
    ) -> Result<Elements> {
        let game = kind == Listing::Options;
        let mut out = Elements::new(span, kind);
        for element in elements {
            if let (Some(label), false) = (&element.label, game) {
                return Err(EvalError::type_error(
                    label.span,
                    "only a game's options say in words what the move to them does",
                    "this is not an option",
                )
                .with_help("`as \"...\"` goes with an option of `<...>`; leave it out here")
                .into());
            }
            let mut collect = |session: &mut Session| {
                let sum = game.then(|| WrittenChain::two_part_sum(&element.expr));
                let value = match sum.flatten() {
                    // Not while noting how the options are written: that needs their games.
                    Some(sum) if !session.noting_options() => {
                        match session.option_sum_parts(&sum)? {
                            Ok(parts) => {
                                return session.push_option_sum(&mut out, parts).map(|()| true);
                            }
                            Err(value) => value,
                        }
                    }
                    _ => session.eval(&element.expr)?,
                };
                let option = match value {
                    Value::Game(id) => Some(id),
                    _ => None,
                };
                session.push_element(&mut out, (value, element.expr.span))?;
                // Only a game's options are noted for explanations: not a list or set
                // built inside one (`nimble(sort([x for x in p if x > 0]))`). Their words
                // are only worked out then, when an explanation asks how the body writes them.
                if game && session.noting_options() {
                    let words = match &element.label {
                        Some(label) => Some(session.option_words(label)?),
                        None => None,
                    };
                    session.element_evaluated(option, words);
                }
                Ok(true)
            };
            if let Err(error) = self.each(element, &mut collect, false) {
                return Err(self.elements_failed(&out, error));
            }
        }
        Ok(out)
    }

    /// Gives `sink` the value of `element` for each pass of its clauses, until it says to
    /// stop (false), for a claim over cases (`all`, `any`, `count`), which may stop early:
    /// its ranges are gone through one by one, however long, bounded by the `steps` limit
    /// and Ctrl-C rather than refused for their length. The loop variables are bound while
    /// `sink` runs.
    pub(in crate::eval) fn each_case(
        &mut self,
        element: &Element,
        sink: &mut Sink,
    ) -> Result<bool> {
        let mut pass = |session: &mut Session| {
            let value = session.eval(&element.expr)?;
            sink(session, value)
        };
        self.each(element, &mut pass, true)
    }

    /// Runs `pass` for each pass of `element`'s clauses, until it says to stop (false); says
    /// whether it went through all of them. `lazy` as for [`Session::each_case`].
    fn each(&mut self, element: &Element, pass: &mut Pass, lazy: bool) -> Result<bool> {
        let mark = self.frame.locals.len();
        let result = self.expand(&element.clauses, pass, lazy);
        self.frame.locals.truncate(mark);
        result
    }

    /// One element under its remaining `for` and `if` clauses.
    /// One level per clause: 20 000 clauses in one element are as deep as that.
    fn expand(&mut self, clauses: &[Clause], pass: &mut Pass, lazy: bool) -> Result<bool> {
        if self.frame.stack.has_room() {
            return self.expand_here(clauses, pass, lazy);
        }
        self.on_fresh_stack(|session| session.expand_here(clauses, pass, lazy))
    }

    fn expand_here(&mut self, clauses: &[Clause], pass: &mut Pass, lazy: bool) -> Result<bool> {
        let Some((clause, rest)) = clauses.split_first() else {
            return pass(self);
        };
        match clause {
            Clause::If(cond) => {
                if self.condition(cond)? {
                    return self.expand(rest, pass, lazy);
                }
            }
            Clause::For { pattern, iter } => {
                let range = self.eval(iter)?;
                let passes = self.passes(&range, iter.span, lazy)?;
                // Bound once and set in place at each pass.
                let slot = self.push_pattern(pattern);
                let result = self.each_value((passes, pattern, slot, iter.span), rest, pass, lazy);
                self.frame.locals.truncate(slot);
                return result;
            }
            Clause::Let(binding) => {
                let mark = self.frame.locals.len();
                let result = match self.bind_local(binding) {
                    Ok(()) => self.expand(rest, pass, lazy),
                    Err(error) => Err(error),
                };
                self.frame.locals.truncate(mark);
                return result;
            }
        }
        Ok(true)
    }

    /// The passes of a `for` clause, each value set in the loop variable's slot in turn.
    fn each_value(
        &mut self,
        (passes, pattern, slot, span): (collections::Passes, &Pattern, usize, Span),
        rest: &[Clause],
        pass: &mut Pass,
        lazy: bool,
    ) -> Result<bool> {
        for value in passes {
            self.step(span)?;
            match pattern {
                Pattern::Name(_) => self.frame.locals[slot].1 = value,
                _ => {
                    let element = value.clone();
                    self.set_pattern(pattern, slot, value, span, Some(&element))?;
                }
            }
            if !self.expand(rest, pass, lazy)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn call(&mut self, callee: &Ident, args: &[Expr], span: Span) -> Result<Value> {
        if crate::library::qualified(&callee.name).is_some() {
            let function = self.library_own(callee)?;
            return self.call_user(callee, &function, args, span);
        }
        let local = self
            .frame
            .locals
            .iter()
            .rev()
            .find(|(name, _)| same_name(name, &callee.name));
        if let Some((_, value)) = local {
            return match value.clone() {
                Value::Family(family) => self.call_family(callee, &family, args, span),
                Value::Digraph(graph) => self.call_digraph(callee, graph, args, span),
                _ => Err(not_callable(callee, "a value given to this family").into()),
            };
        }
        // No library family has a built-in's name: a built-in called in a library body (by
        // the million, `regions` in Cram's) is not looked for in the library.
        let global = match self.global(&callee.name) {
            None if builtins::is_builtin(&callee.name) => None,
            None => self.library_family(&callee.name).map(Global::Function),
            global => global.cloned(),
        };
        match global {
            Some(Global::Function(function)) => self.call_user(callee, &function, args, span),
            Some(Global::Value(Value::Family(family))) => {
                self.call_family(callee, &family, args, span)
            }
            Some(Global::Value(Value::Digraph(graph))) => {
                self.call_digraph(callee, graph, args, span)
            }
            Some(Global::Value(value)) => Err(not_callable(callee, value.kind()).into()),
            Some(Global::Failed) => Err(failed_definition(callee).into()),
            None if builtins::is_builtin(&callee.name) => self.call_builtin(callee, args, span),
            None => Err(self.unknown_at_runtime(callee).into()),
        }
    }

    /// `S(5)` for a family defined with `let S(n) = ...`.
    fn call_user(
        &mut self,
        callee: &Ident,
        function: &Arc<Function>,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        if args.len() != function.params.len() {
            let params: Vec<&str> = function.params.iter().map(|p| &*p.name).collect();
            return Err(EvalError::Arity {
                span: args_span(args, span, callee),
                name: callee.name.to_string(),
                expected: plural(function.params.len(), "argument"),
                found: args.len().to_string(),
                help: Some(match function.is_inline() {
                    _ if function.builtin => format!(
                        "it is the built-in {}",
                        builtins::signature(&function.name.name)
                    ),
                    true => format!("it was written `{}`", self.sources.text(function.name.span)),
                    false => format!(
                        "it was defined as `{}({})`",
                        function.name.name,
                        params.join(", ")
                    ),
                }),
            }
            .into());
        }
        self.call_with(function, args, span)
    }

    /// `F(7)` where `F` names a family: `let F = kayles`, `let F = sub({1, 3, 4})`.
    fn call_family(
        &mut self,
        callee: &Ident,
        family: &Family,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        if let Family::User(function) = family {
            return self.call_user(callee, function, args, span);
        }
        let [arg] = args else {
            return Err(EvalError::Arity {
                span: args_span(args, span, callee),
                name: callee.name.to_string(),
                expected: plural(1, "argument"),
                found: args.len().to_string(),
                help: Some(format!(
                    "`{}` is {}, a family of single heaps: `{}`",
                    callee.name,
                    self.family_name(family),
                    self.family_example(family, "n")
                )),
            }
            .into());
        };
        let value = self.eval(arg)?;
        let message = format!("`{}(n)` takes a heap size", callee.name);
        let n = self.int(&value, arg.span, &message)?;
        self.family_member(family, n, span)
    }

    /// A value used as a game: a game, or the integer 0 (the zero game).
    pub(in crate::eval) fn game_value(&mut self, value: &Value, span: Span) -> Result<GameId> {
        match value {
            Value::Game(id) => Ok(*id),
            Value::Int(0) => Ok(self.arena.zero()),
            Value::Family(family) => Err(self.family_not_game(family, span).into()),
            Value::Int(n) => Err(EvalError::type_error(
                span,
                "expected a game, found an integer",
                format!("this is the integer {n}"),
            )
            .with_help(format!(
                "for the nim heap of {} write `*{n}`",
                crate::eval::report::words::chips(*n)
            ))
            .into()),
            other => Err(EvalError::type_error(
                span,
                format!("expected a game, found {}", other.kind()),
                format!("this is {}", other.kind()),
            )
            .with_help(match other {
                Value::Bool(_) => "a claim's answer is true or false, not a game: `is winning`, \
                                   `is losing` and the options of `<...>` want games"
                    .to_owned(),
                Value::Digraph(graph) => self.vertex_hint(*graph, span),
                _ => format!(
                    "games are written `*3`, `<*0, *1>`, `kayles(5)` or `*1 + *2`; {} is not one",
                    other.kind()
                ),
            })
            .into()),
        }
    }

    /// A family where a game was expected: `S + *1`.
    pub(in crate::eval) fn family_not_game(&self, family: &Family, span: Span) -> EvalError {
        if let Family::User(function) = family
            && function.is_inline()
        {
            // Not a family of games, maybe: a function written inline, whatever it gives.
            return EvalError::type_error(
                span,
                format!("`{}` is a function, not a value", function.name.name),
                "this needs its arguments",
            )
            .with_help(
                "a function is called by a name, `let f = x => x + 1; f(5)`, or passed to a \
                 family; lists, sets and maps hold data, not functions",
            );
        }
        let name = self.family_name(family);
        EvalError::type_error(
            span,
            format!("`{name}` is a family of games, not a game"),
            "this needs an argument",
        )
        .with_help(format!(
            "pick one of its games, such as `{}`",
            self.family_example(family, "5")
        ))
    }

    pub(in crate::eval) fn game_operand(&mut self, value: &Value, expr: &Expr) -> Result<GameId> {
        self.game_value(value, expr.span)
    }

    pub(in crate::eval) fn nimber(&mut self, id: GameId, span: Span) -> Result<u64> {
        self.arena.nimber(id).map_err(|e| self.game_error(e, span))
    }

    /// The game's generalized value: a nimber, or ∞ for a game that can go on for ever.
    pub(in crate::eval) fn loopy_value(
        &mut self,
        id: GameId,
        span: Span,
    ) -> Result<crate::game::loopy::LoopyValue> {
        self.arena.value(id).map_err(|e| self.game_error(e, span))
    }

    pub(in crate::eval) fn game_error(&self, error: GameError, span: Span) -> Flow {
        match error {
            GameError::DagOutOfMemory { .. } | GameError::PictureOutOfMemory { .. } => {
                self.mark_full(crate::eval::limits::memory::Full::Memory)
            }
            GameError::TooManyNodes { .. } => {
                self.mark_full(crate::eval::limits::memory::Full::Games)
            }
            _ => {}
        }
        let (what, label, help) = match error {
            GameError::Cancelled => return EvalError::Cancelled { span }.into(),
            GameError::NimberTooLarge => {
                return EvalError::invalid(
                    span,
                    "this nimber is one of the two largest of 64 bits, which grundy does not keep",
                    "2^64 - 2 or 2^64 - 1",
                )
                .with_help(
                    "nimbers up to 2^64 - 3 are games; these two mark values in the game DAG",
                )
                .into();
            }
            GameError::LoopyMisere => {
                return EvalError::invalid(
                    span,
                    "misère play of a game that can go on for ever is not worked out here",
                    "this game can come back to a position",
                )
                .with_help(
                    "loopy games are valued in normal play (the generalized Sprague–Grundy \
                     function); misère play of loopy games is a research question with no \
                     general theory: ask without `misere`",
                )
                .into();
            }
            GameError::LoopyProduct => {
                return EvalError::invalid(
                    span,
                    "a product of games that can go on for ever is not worked out here",
                    "a factor of this product can come back to a position",
                )
                .with_help(
                    "`G ⊗ H` is valued by the nim product of two nimbers; a loopy game may have \
                     none (∞): multiply the nimbers of games that end",
                )
                .into();
            }
            GameError::LoopyUnfinished => {
                return EvalError::invalid(
                    span,
                    "one of this loopy game's positions was left unfinished by an earlier error",
                    "this game",
                )
                .with_help("ask for the game again: its positions are worked out anew")
                .into();
            }
            GameError::LoopyWithoutMoves => {
                return EvalError::invalid(
                    span,
                    "this loopy game's calls stand for one another, round a cycle, and none \
                     gives options",
                    "no game here",
                )
                .with_help(
                    "a loopy family's body must give a game, such as `<f(n - 1), f(n + 1)>`, \
                     not only another call of the family",
                )
                .into();
            }
            // Not a limit: no nimber exists, however much room there is.
            GameError::Infinite { value } => {
                return EvalError::invalid(
                    span,
                    "this game has no nimber: it can go on for ever",
                    format!("this is worth {value}, not a nim heap"),
                )
                .with_help(
                    "a loopy game has a generalized value, ∞ with the finite values among its \
                     options: ask for it alone (`G`), or with `==`, `is winning`, `is losing`, \
                     `is draw`, `moves` and `why`, which know loopy games",
                )
                .into();
            }
            GameError::TooMuchWork { limit } => {
                return EvalError::TooManySteps { span, limit }.into();
            }
            GameError::HeldTooMuch { more, asked, limit } => {
                return self.held_too_much(more, asked, limit, span).into();
            }
            GameError::TooManyNodes { limit } => (
                "the game DAG".to_owned(),
                format!("this needs more than {limit} distinct games"),
                format!(
                    "look for a family whose arguments grow instead of shrink; {}",
                    crate::eval::limits::raise("nodes", limit as u64)
                ),
            ),
            GameError::DagOutOfMemory { limit } => (
                "the game DAG".to_owned(),
                if limit < 1 << 20 {
                    format!("its games and their options need more than {limit} bytes")
                } else {
                    format!(
                        "its games and their options need more than {} MiB",
                        limit >> 20
                    )
                },
                format!(
                    "every distinct game is kept with its list of options, so a family whose \
                     games have many options fills memory fast{}; {}",
                    self.held_words(),
                    crate::eval::limits::raise("memory", limit)
                ),
            ),
            GameError::HeapTooLarge {
                family,
                needed,
                limit,
            } => (
                format!("this {family}"),
                format!("its value needs a table of {needed} values"),
                crate::eval::limits::raise_to("heap", limit, needed.saturating_add(1)),
            ),
            GameError::TooManyOptions { count, limit } => (
                "this game".to_owned(),
                if count == u64::MAX {
                    "it has too many options to list".to_owned()
                } else {
                    format!("it has {count} options")
                },
                match count {
                    u64::MAX => crate::eval::limits::raise("options", limit),
                    count => crate::eval::limits::raise_to("options", limit, count),
                },
            ),
            GameError::NoPeriod {
                family,
                needed,
                computed,
                stopped,
            } => (
                format!("this heap of {family}"),
                format!(
                    "heap {needed} is past the table, and g(0), …, g({}) prove no period that \
                     would reach it",
                    computed.saturating_sub(1)
                ),
                match stopped {
                    // Values up to the heap answer it, period or not; past ten times the
                    // limit, more values at least search further.
                    Some(SearchStop::Table(limit)) => crate::eval::limits::raise_to(
                        "heap",
                        limit,
                        needed.saturating_add(1).min(limit.saturating_mul(10)),
                    ),
                    _ => format!(
                        "the search for a period stopped at the `search` limit ({} pairs of \
                         heaps); search further with `period({family}, {})`; without a period, \
                         only heaps below the `heap` limit ({}) are computed, one by one",
                        self.meter.limits.game.search,
                        10u64.saturating_pow(computed.checked_ilog10().unwrap_or(0) + 1),
                        self.meter.limits.game.heap_table
                    ),
                },
            ),
            GameError::WythoffNoPeriod {
                rows,
                needed,
                computed,
                stopped,
            } => (
                "this Wythoff position".to_owned(),
                if computed == 0 {
                    format!(
                        "not one column of its rows 0 to {} could be filled",
                        rows - 1
                    )
                } else {
                    format!(
                        "column {needed} of rows 0 to {} is past the {computed} columns filled, \
                         and those prove no period that would reach it",
                        rows - 1
                    )
                },
                match stopped {
                    StripStop::Work(work) => format!(
                        "a thin position is filled column by column until its rows repeat \
                         (additive periodicity); each column of {rows} rows looks at about \
                         {} options, and the fill stopped after {work}; {}",
                        rows.saturating_mul(rows),
                        crate::eval::limits::raise("search", self.meter.limits.game.search)
                    ),
                    StripStop::Memory(bytes) => format!(
                        "a thin position is filled column by column until its rows repeat \
                         (additive periodicity); the {computed} columns filled take {}; {}",
                        amount(bytes),
                        crate::eval::limits::raise_memory(
                            self.meter.limits.game.memory,
                            bytes.saturating_mul(2)
                        )
                    ),
                },
            ),
            GameError::OutOfMemory {
                bytes: u64::MAX, ..
            } => (
                "this table".to_owned(),
                "it needs more memory than any machine has".to_owned(),
                "no limit allows it: the table would be larger than memory can address".to_owned(),
            ),
            GameError::OutOfMemory { bytes, .. } if bytes > MORE_THAN_ANY_MACHINE => (
                "this table".to_owned(),
                format!(
                    "it needs about {} TiB, more memory than any machine has",
                    bytes >> 40
                ),
                "no limit makes this fit; ask about a smaller game".to_owned(),
            ),
            GameError::OutOfMemory { bytes, limit } => (
                "this table".to_owned(),
                format!("it needs about {} MiB", bytes.div_ceil(1 << 20)),
                crate::eval::limits::raise_memory(limit, bytes),
            ),
            GameError::PictureOutOfMemory {
                edges,
                bytes,
                limit,
                reducing: true,
            } => (
                "this Hackenbush picture".to_owned(),
                format!("reducing its {edges} edges takes about {}", amount(bytes)),
                format!(
                    "the fusion and colon principles keep a record of each edge while they \
                     reduce the picture; {}",
                    crate::eval::limits::raise_memory(limit, bytes)
                ),
            ),
            GameError::PictureOutOfMemory {
                edges,
                bytes,
                limit,
                reducing: false,
            } => (
                "this Hackenbush picture".to_owned(),
                format!(
                    "with the next picture it leaves ({edges} edges, {}), the games and pictures \
                     kept would pass {}",
                    amount(bytes),
                    amount(limit)
                ),
                format!(
                    "every picture a move leaves is kept with its edges, so listing the moves of \
                     a big picture fills memory fast; {}",
                    crate::eval::limits::raise("memory", limit)
                ),
            ),
            GameError::MachineOutOfMemory { bytes } => (
                "this table".to_owned(),
                format!(
                    "this machine would not give the {} MiB it needs",
                    bytes.div_ceil(1 << 20)
                ),
                "the `memory` limit allows the table, but the machine has less memory to give"
                    .to_owned(),
            ),
            GameError::TooLong {
                lines,
                games,
                depth,
            } => (
                "this tree".to_owned(),
                format!(
                    "drawn in full it takes more than {lines} lines: more than {games} distinct \
                     games lie within {depth} moves"
                ),
                "`tree G` draws the first 3 levels, `moves all G` and `options G` list the \
                 moves; `tree full` draws a game with fewer positions whole"
                    .to_owned(),
            ),
            GameError::ValueTooLarge { family, heap } => (
                format!("this heap of {family}"),
                format!("g({heap}) is larger than 65535, the largest value the tables hold"),
                "values this large are beyond the heap engine".to_owned(),
            ),
        };
        EvalError::TooLarge {
            span,
            what,
            label,
            help: Some(help),
        }
        .into()
    }

    /// A value as it would be typed: `3`, `{1, 2}`, `*3 + #7`.
    pub(in crate::eval) fn describe_value(&self, value: &Value) -> String {
        use crate::eval::names::{describe_plain, is_plain};
        match value {
            // Data without games is written out without the session, as the names of calls
            // written out when first read are (`crate::eval::names`).
            data @ (Value::List(_) | Value::SetOf(_) | Value::Map(_)) if is_plain(data) => {
                describe_plain(data)
            }
            Value::Map(entries) => {
                let shown: Vec<String> = (entries.iter())
                    .map(|(k, v)| format!("{}: {}", self.describe_value(k), self.describe_value(v)))
                    .collect();
                format!("{{{}}}", shown.join(", "))
            }
            Value::List(items) => format!("[{}]", self.describe_values(items)),
            Value::SetOf(members) => format!("{{{}}}", self.set_shown(members).join(", ")),
            Value::Game(id) => self.arena.describe_named(*id, &self.scoped_names()),
            Value::Family(family) => self.family_name(family),
            Value::Table(table) => format!("seq({}, …)", table.family),
            Value::Grid(grid) => format!("seq({}, …, …)", grid.family),
            Value::Period(report) => format!("period({})", report.family),
            Value::Survey(survey) => format!("survey(\"{}\", {})", survey.asked, survey.to),
            Value::Digraph(graph) => self.arena.digraph_of(*graph).call(),
            plain => describe_plain(plain),
        }
    }
}

impl Session {
    /// A set's members as typed, games in the order of their names (the set's own order
    /// of games is the order they were made in, which means nothing to a reader).
    pub(in crate::eval) fn set_shown(&self, members: &[Value]) -> Vec<String> {
        let mut shown: Vec<(bool, String)> = members
            .iter()
            .map(|v| (matches!(v, Value::Game(_)), self.describe_value(v)))
            .collect();
        shown.sort_by(|(game_a, a), (game_b, b)| {
            game_a.cmp(game_b).then_with(|| {
                if *game_a && *game_b {
                    (a.len(), a).cmp(&(b.len(), b))
                } else {
                    std::cmp::Ordering::Equal
                }
            })
        });
        shown.into_iter().map(|(_, text)| text).collect()
    }

    fn describe_values(&self, values: &[Value]) -> String {
        let shown: Vec<String> = values.iter().map(|v| self.describe_value(v)).collect();
        shown.join(", ")
    }
}

impl Session {
    /// What `as ...` says of a move: a string.
    pub(in crate::eval) fn move_words(&mut self, label: &Expr) -> Result<Arc<str>> {
        match self.eval(label)? {
            Value::Str(text) => Ok(text),
            other => Err(EvalError::type_error(
                label.span,
                "a move is told in words: a string",
                format!("this is {}", other.kind()),
            )
            .with_help(
                "write the words in quotes, joining numbers with `str`: `as \"take \" + str(k)`",
            )
            .into()),
        }
    }
}

/// Names compared where a body looks up its variables: most names differ in their first
/// byte, which is told without a call to `memcmp`.
#[inline]
fn same_name(a: &Arc<str>, b: &Arc<str>) -> bool {
    a.as_bytes().first() == b.as_bytes().first() && a == b
}

/// A built-in whose arguments may be more or fewer (`min`, `sub`), named without a call: it
/// is no function value (see [`builtins::fixed_params`]), but a function written inline is.
fn not_a_value(ident: &Ident) -> EvalError {
    let signature = builtins::signature(&ident.name);
    let first = signature.split("), ").next().unwrap_or_default();
    let args = (first.strip_prefix(&*ident.name))
        .and_then(|rest| rest.strip_prefix('('))
        .map(|rest| rest.trim_end_matches(')'));
    let is_name = |arg: &str| arg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let inline = match args {
        Some(args) if !args.is_empty() && args.split(", ").all(is_name) => {
            let params = match args.contains(',') {
                true => format!("({args})"),
                false => args.to_owned(),
            };
            format!(
                "; to pass it on, write the call you mean as a function: `{params} => {}({args})`",
                ident.name
            )
        }
        _ => String::new(),
    };
    let help = match ident.name.as_ref() {
        "require" => format!("call it in a family's body: {signature}"),
        _ => format!("call it: {signature}{inline}"),
    };
    EvalError::type_error(
        ident.span,
        format!("`{}` is a built-in function", ident.name),
        "this needs arguments",
    )
    .with_help(help)
}

fn not_callable(callee: &Ident, kind: &str) -> EvalError {
    EvalError::type_error(
        callee.span,
        format!("`{}` can't be called", callee.name),
        format!("this is {kind}"),
    )
    .with_help("only families, defined with parameters such as `let S(n) = ...`, take arguments")
}

fn failed_definition(ident: &Ident) -> EvalError {
    EvalError::invalid(
        ident.span,
        format!("`{}` has no value", ident.name),
        "its definition failed",
    )
    .with_help(format!(
        "the error reported for `let {} = ...` says what went wrong",
        ident.name
    ))
}

/// The operands of a chain `a + b - c`, as the tree-walker or a compiled body evaluates them.
pub(in crate::eval) trait ChainOperands {
    fn first(&self, session: &mut Session) -> Result<Value>;
    fn first_span(&self) -> Span;
    /// The first operand as written, when a diagnostic may read it.
    fn first_expr(&self) -> Option<&Expr>;
    /// How many operators follow the first operand.
    fn len(&self) -> usize;
    /// The operator before operand `i + 1`, where it is, and where that operand is.
    fn op(&self, i: usize) -> (BinOp, Span, Span);
    /// The operand after operator `i`.
    fn operand(&self, session: &mut Session, i: usize) -> Result<Value>;
}

/// A chain as written.
struct WrittenChain<'a> {
    first: &'a Expr,
    rest: &'a [(BinOp, Span, Expr)],
}

impl WrittenChain<'_> {
    /// `expr` as a chain, if it is a sum of two terms `G + H`.
    fn two_part_sum(expr: &Expr) -> Option<WrittenChain<'_>> {
        match &expr.unparen().kind {
            ExprKind::Chain { first, rest } => Some(WrittenChain { first, rest })
                .filter(crate::eval::expr::options::is_two_part_sum),
            _ => None,
        }
    }
}

impl ChainOperands for WrittenChain<'_> {
    fn first(&self, session: &mut Session) -> Result<Value> {
        session.eval(self.first)
    }
    fn first_span(&self) -> Span {
        self.first.span
    }
    fn first_expr(&self) -> Option<&Expr> {
        Some(self.first)
    }
    fn len(&self) -> usize {
        self.rest.len()
    }
    fn op(&self, i: usize) -> (BinOp, Span, Span) {
        let (op, op_span, rhs) = &self.rest[i];
        (*op, *op_span, rhs.span)
    }
    fn operand(&self, session: &mut Session, i: usize) -> Result<Value> {
        session.eval(&self.rest[i].2)
    }
}
