//! Running compiled bodies: each form does what the tree-walker does for the expression it
//! came from, through the same functions ([`Session::binary`], [`Session::fold_chain`],
//! [`Session::call_function`], [`Session::game_of`], ...).

use super::ints::IntCode;
use super::{Chain, Clause, Code, Element};
use crate::eval::calls::memo;
use crate::eval::expr::ChainOperands;
use crate::eval::expr::ops::Operand;
use crate::eval::expr::options::is_two_part_sum;
use crate::eval::limits::memory::{Elements, Listing};
use crate::eval::values::{Function, Value};
use crate::eval::{Flow, Global, Result, Session};
use crate::game::{GameId, OptionList};
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind};
use std::sync::Arc;

impl Session {
    /// The value of compiled code.
    pub(in crate::eval) fn exec_code(&mut self, code: &Code) -> Result<Value> {
        if self.frame.stack.has_room() {
            return self.exec_code_here(code);
        }
        self.on_fresh_stack(|session| session.exec_code_here(code))
    }

    fn exec_code_here(&mut self, code: &Code) -> Result<Value> {
        match code {
            Code::Int(n) => Ok(Value::Int(*n)),
            Code::Bool(b) => Ok(Value::Bool(*b)),
            Code::Local(slot) => Ok(match &self.frame.locals[*slot].1 {
                // The usual case, without a call to `clone`.
                &Value::Int(n) => Value::Int(n),
                other => other.clone(),
            }),
            Code::Prefix {
                op,
                operand,
                operand_span,
                span,
            } => {
                let value = self.exec_code(operand)?;
                self.apply_prefix(*op, value, *operand_span, *span)
            }
            Code::Chain(chain) => self.fold_chain(&**chain),
            Code::Binary {
                op,
                op_span,
                lhs,
                lhs_span,
                lhs_heap,
                rhs,
                rhs_span,
            } => {
                let left = self.exec_code(lhs)?;
                let right = self.exec_code(rhs)?;
                let lhs = Operand {
                    value: &left,
                    span: *lhs_span,
                    expr: lhs_heap.as_deref(),
                };
                self.binary(*op, *op_span, lhs, Operand::at(&right, *rhs_span))
            }
            Code::If {
                cond,
                cond_span,
                then,
                otherwise,
            } => {
                if self.exec_condition(cond, *cond_span)? {
                    self.exec_code(then)
                } else {
                    self.exec_code(otherwise)
                }
            }
            Code::Ints { fast, general } => match fast.eval(&self.frame.locals) {
                Some(n) => Ok(Value::Int(n)),
                None => self.exec_code(general),
            },
            Code::Bools { fast, general } => match fast.eval(&self.frame.locals) {
                Some(b) => Ok(Value::Bool(b)),
                None => self.exec_code(general),
            },
            Code::Call(call) => {
                let Some(function) = &call.family else {
                    return self.eval(&call.written);
                };
                let span = call.written.span;
                if let Some(ints) = &call.ints
                    && let Some(value) = self.call_with_ints(function, ints, &call.written)
                {
                    return value;
                }
                // A refusal of these arguments is reported here, as the tree-walker does.
                let written = written_args(&call.written);
                let place = |session: &Session, values: &[Value], flow: Flow| {
                    session.place_refusal(flow, function, values, written, span)
                };
                match &*call.args {
                    [a] => {
                        let values = [self.exec_code(a)?];
                        self.call_function(function, &values, span)
                            .map_err(|flow| place(self, &values, flow))
                    }
                    [a, b] => {
                        let values = [self.exec_code(a)?, self.exec_code(b)?];
                        self.call_function(function, &values, span)
                            .map_err(|flow| place(self, &values, flow))
                    }
                    args => {
                        let mut values = Vec::with_capacity(args.len());
                        for arg in args {
                            values.push(self.exec_code(arg)?);
                        }
                        self.call_function(function, &values, span)
                            .map_err(|flow| place(self, &values, flow))
                    }
                }
            }
            Code::Require(require) => {
                if self.global("require").is_some() {
                    return self.eval(&require.written);
                }
                if self.called_by_library() {
                    return self.exec_code(&require.value);
                }
                // Anything but a condition that holds is left to the tree-walker, which
                // reports it (checking the condition again, on the way to an error only).
                match self.exec_code(&require.condition) {
                    Ok(Value::Bool(true)) => self.exec_code(&require.value),
                    Err(Flow::Suspend(pending)) => Err(Flow::Suspend(pending)),
                    _ => self.eval(&require.written),
                }
            }
            Code::Game { elements, span } => self.game_literal(elements, *span),
            Code::Interpreted(expr) => self.eval(expr),
        }
    }

    /// A condition's truth, without making a value of it where it compares integers.
    fn exec_condition(&mut self, code: &Code, span: Span) -> Result<bool> {
        if let Code::Bools { fast, .. } = code
            && let Some(truth) = fast.eval(&self.frame.locals)
        {
            return Ok(truth);
        }
        let value = self.exec_code(code)?;
        self.truth(value, span)
    }

    /// The integers of `a..b` or `a..=b` (see [`Value::range`]), when its ends are integers
    /// and it is short enough for a `for` clause (else the general code reports it).
    fn integers_between(
        &self,
        (start, end, inclusive): &(IntCode, IntCode, bool),
    ) -> Option<std::ops::Range<i128>> {
        let start = i128::from(start.eval(&self.frame.locals)?);
        let end = i128::from(end.eval(&self.frame.locals)?) + i128::from(*inclusive);
        let count = (end - start).max(0) as u128;
        (count <= u128::from(self.meter.limits.game.options)).then_some(start..end)
    }

    /// `F(a) + G(b)` of integer arithmetic, when both calls are found in the memo as games.
    #[inline]
    fn sum_of_games_found(&self, chain: &Chain) -> Option<[GameId; 2]> {
        Some([
            self.game_found(&chain.first)?,
            self.game_found(&chain.rest[0].2)?,
        ])
    }

    /// `F(a, j)` of integer arithmetic, when the call is found in the memo as a game (and no
    /// explanation notes the calls returned: see `Session::call_returned`).
    #[inline(always)]
    fn game_found(&self, code: &Code) -> Option<GameId> {
        let Code::Call(call) = code else {
            return None;
        };
        let (function, ints) = (call.family.as_ref()?, call.ints.as_ref()?);
        if !self.recording_off() {
            return None;
        }
        let args = self.int_args(ints)?;
        self.calls
            .memo
            .game_of_ints(function.id, &args[..ints.len()])
    }

    /// The arguments of a call, when they are integer arithmetic that has integer values.
    #[inline(always)]
    fn int_args(&self, ints: &[IntCode]) -> Option<[i64; memo::INLINE]> {
        let locals = &self.frame.locals[..];
        Some(match ints {
            [a] => [a.eval(locals)?, 0, 0],
            [a, b] => [a.eval(locals)?, b.eval(locals)?, 0],
            [a, b, c] => [a.eval(locals)?, b.eval(locals)?, c.eval(locals)?],
            _ => [0; memo::INLINE],
        })
    }

    /// A call whose arguments are integer arithmetic: found in the memo without making a
    /// value of each argument, or else called with them. `None` when an argument is no
    /// integer after all, for the general code to evaluate and report.
    fn call_with_ints(
        &mut self,
        function: &Arc<Function>,
        ints: &[IntCode],
        written: &Expr,
    ) -> Option<Result<Value>> {
        let args = self.int_args(ints)?;
        let args = &args[..ints.len()];
        // An explanation notes the calls returned (see `Session::call_returned`).
        if self.recording_off()
            && let Some(value) = self.calls.memo.get_ints(function.id, args)
        {
            return Some(Ok(value));
        }
        Some(self.call_ints(function, args, written))
    }

    /// A call of integers not found in the memo (or noted by an explanation).
    #[inline(never)]
    fn call_ints(
        &mut self,
        function: &Arc<Function>,
        args: &[i64],
        written: &Expr,
    ) -> Result<Value> {
        let values: Vec<Value> = args.iter().map(|&n| Value::Int(n)).collect();
        let result = self.call_function(function, &values, written.span);
        result.map_err(|flow| {
            self.place_refusal(flow, function, &values, written_args(written), written.span)
        })
    }

    /// The family a call by this name calls, found as [`Session::eval`] finds it (the caller
    /// has made sure no local has the name); `None` for anything else.
    pub(in crate::eval) fn family_called(&mut self, name: &str) -> Option<Arc<Function>> {
        if let Some(own) = crate::library::qualified(name) {
            return self.library_family(own);
        }
        match self.global(name) {
            Some(Global::Function(function)) => Some(function.clone()),
            None => self.library_family(name),
            Some(_) => None,
        }
    }

    /// `<...>`: as [`Session::game_of`] makes it from the values the tree-walker lists, but
    /// each option kept as its game as soon as it is evaluated. An option that is no game
    /// is reported only once every option is evaluated, as the tree-walker reports it.
    fn game_literal(&mut self, elements: &[Element], span: Span) -> Result<Value> {
        let noted = self.option_list_starts();
        let mut list = Options {
            ids: Elements::new(span, Listing::Options),
            not_a_game: None,
        };
        for element in elements {
            let mark = self.frame.locals.len();
            let listed = self.list_element(element, &element.clauses, &mut list);
            self.frame.locals.truncate(mark);
            if let Err(error) = listed {
                self.elements_done(&list.ids);
                return Err(error);
            }
        }
        let Options {
            mut ids,
            not_a_game,
        } = list;
        if let Some(error) = not_a_game {
            self.elements_done(&ids);
            return Err(error);
        }
        let options = OptionList {
            games: std::mem::take(&mut ids.items),
            sums: std::mem::take(&mut ids.sums),
        };
        Ok(Value::Game(
            self.option_list_game(noted, options, &ids, span)?,
        ))
    }

    /// Adds the values of an element under its remaining clauses to `list`.
    fn list_element(
        &mut self,
        element: &Element,
        clauses: &[Clause],
        list: &mut Options,
    ) -> Result<()> {
        if self.frame.stack.has_room() {
            return self.list_element_here(element, clauses, list);
        }
        self.on_fresh_stack(|session| session.list_element_here(element, clauses, list))
    }

    fn list_element_here(
        &mut self,
        element: &Element,
        clauses: &[Clause],
        list: &mut Options,
    ) -> Result<()> {
        let Some((clause, rest)) = clauses.split_first() else {
            return self.list_value(element, list);
        };
        match clause {
            Clause::If { cond, span } => {
                if self.exec_condition(cond, *span)? {
                    return self.list_element(element, rest, list);
                }
                Ok(())
            }
            Clause::For {
                var,
                iter,
                range,
                span,
            } => {
                if let Some(range) = range
                    && let Some(integers) = self.integers_between(range)
                {
                    let slot = self.frame.locals.len();
                    self.frame.locals.push((var.clone(), Value::Int(0)));
                    for n in integers {
                        self.step(*span)?;
                        // An integer in place of an integer: nothing to drop.
                        match &mut self.frame.locals[slot].1 {
                            Value::Int(held) => *held = n as i64,
                            other => *other = Value::Int(n as i64),
                        }
                        // The innermost loop lists its values here, without a call more.
                        match rest {
                            [] => self.list_value(element, list)?,
                            rest => self.list_element(element, rest, list)?,
                        }
                    }
                    self.frame.locals.truncate(slot);
                    return Ok(());
                }
                let range = self.exec_code(iter)?;
                let passes = self.passes(&range, *span, false)?;
                let slot = self.frame.locals.len();
                self.frame.locals.push((var.clone(), Value::Bool(false)));
                for value in passes {
                    self.step(*span)?;
                    self.frame.locals[slot].1 = value;
                    self.list_element(element, rest, list)?;
                }
                self.frame.locals.truncate(slot);
                Ok(())
            }
        }
    }
}

impl Session {
    /// Adds the element's value to `list`, its clauses all passed.
    #[inline(always)]
    fn list_value(&mut self, element: &Element, list: &mut Options) -> Result<()> {
        let value = match &element.expr {
            // `G + H`, kept as its two games (see `crate::eval::options`).
            Code::Chain(chain) if is_two_part_sum(&**chain) && !self.noting_options() => {
                if let Some(parts) = self.sum_of_games_found(chain) {
                    return self.push_option_sum(&mut list.ids, parts);
                }
                match self.option_sum_parts(&**chain)? {
                    Ok(parts) => return self.push_option_sum(&mut list.ids, parts),
                    Err(value) => value,
                }
            }
            // `F(a, j)`: the usual option, a game found in the memo (else called below).
            code @ Code::Call(_) if let Some(id) = self.game_found(code) => {
                return self.push_element(&mut list.ids, id);
            }
            code => self.exec_code(code)?,
        };
        let id = match value {
            Value::Game(id) => id,
            other => match self.game_value(&other, element.span) {
                Ok(id) => id,
                Err(error) => {
                    list.not_a_game.get_or_insert(error);
                    self.arena.zero()
                }
            },
        };
        self.push_element(&mut list.ids, id)
    }
}

/// The arguments of a call as written.
fn written_args(call: &Expr) -> &[Expr] {
    match &call.kind {
        ExprKind::Call { args, .. } => args,
        _ => &[],
    }
}

/// The options of a game literal as a compiled body lists them.
struct Options {
    ids: Elements<GameId>,
    /// The first option that is no game.
    not_a_game: Option<Flow>,
}

impl ChainOperands for Chain {
    fn first(&self, session: &mut Session) -> Result<Value> {
        session.exec_code(&self.first)
    }
    fn first_span(&self) -> Span {
        self.first_span
    }
    fn first_expr(&self) -> Option<&Expr> {
        self.first_heap.as_ref()
    }
    fn len(&self) -> usize {
        self.rest.len()
    }
    fn op(&self, i: usize) -> (crate::syntax::ast::BinOp, Span, Span) {
        let (op, op_span, _, rhs_span) = &self.rest[i];
        (*op, *op_span, *rhs_span)
    }
    fn operand(&self, session: &mut Session, i: usize) -> Result<Value> {
        session.exec_code(&self.rest[i].2)
    }
}
