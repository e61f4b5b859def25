//! Running a lowered body on small values. Whatever the tree-walker would answer with a
//! diagnostic, and whatever does not fit a small value, stops the run ([`Stop::Bail`]): the
//! call is then evaluated as before, which gives the answer or the diagnostic as it always
//! has. Steps are counted where the tree-walker counts them: a step a pass of a loop, the
//! elements a list operation goes through, and a call through the memo as any call.

use super::data::{Row, Small, members};
use super::frame::{Frame, Run, Stop, bail, held};
use super::lower::{Body, Clause, Element, ITEMS, Op};
use super::ops::{element, integers, order, position};
use crate::eval::expr::ops::power;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Flow, Session};
use crate::syntax::ast::{BinOp, Kind};

impl Session {
    pub(super) fn run_body(&mut self, body: &Body, frame: &mut Frame) -> Run<Small> {
        self.small_op(&body.op, frame)
    }

    /// An operation's value: a constant or a slot read here, anything else run.
    #[inline(always)]
    pub(super) fn small_op(&mut self, op: &Op, frame: &mut Frame) -> Run<Small> {
        match op {
            Op::Const(small) => Ok(*small),
            Op::Local(slot) => Ok(frame.slots[*slot]),
            op => self.small_run(op, frame),
        }
    }

    fn small_run(&mut self, op: &Op, frame: &mut Frame) -> Run<Small> {
        if self.frame.stack.has_room() {
            return self.small_op_here(op, frame);
        }
        self.on_fresh_stack(|session| session.small_op_here(op, frame))
    }

    pub(super) fn small_int(&mut self, op: &Op, frame: &mut Frame) -> Run<i64> {
        match self.small_op(op, frame)? {
            Small::Int(n) => Ok(n),
            _ => bail(),
        }
    }

    pub(super) fn small_truth(&mut self, op: &Op, frame: &mut Frame) -> Run<bool> {
        match self.small_op(op, frame)? {
            Small::Bool(b) => Ok(b),
            _ => bail(),
        }
    }

    fn small_op_here(&mut self, op: &Op, frame: &mut Frame) -> Run<Small> {
        Ok(match op {
            Op::Const(small) => *small,
            Op::Local(slot) => frame.slots[*slot],
            Op::Global(expr) => match self.eval(expr) {
                Ok(value) => held(&value, frame)?,
                Err(flow) => return stopped(flow),
            },
            Op::Neg(operand) => match self.small_int(operand, frame)?.checked_neg() {
                Some(n) => Small::Int(n),
                None => return bail(),
            },
            Op::Not(operand) => Small::Bool(!self.small_truth(operand, frame)?),
            Op::Chain(first, first_span, rest) => {
                let mut value = self.small_op(first, frame)?;
                // Where the value so far is written, as `Session::fold_chain` has it.
                let mut span = *first_span;
                for (op, rhs, rhs_span) in rest.iter() {
                    value = match (op, value) {
                        (BinOp::And, Small::Bool(false)) => value,
                        (BinOp::Or, Small::Bool(true)) => value,
                        _ => {
                            let right = self.small_op(rhs, frame)?;
                            match (value, right) {
                                (Small::Int(a), Small::Int(b))
                                    if let Some(n) = integers(*op, a, b) =>
                                {
                                    n
                                }
                                _ => self.small_binary(*op, value, right, span, *rhs_span)?,
                            }
                        }
                    };
                    span = span.to(*rhs_span);
                }
                value
            }
            Op::Range(from, to, inclusive) => {
                let (from, to) = (self.small_int(from, frame)?, self.small_int(to, frame)?);
                match to.checked_add(i64::from(*inclusive)) {
                    Some(end) => Small::Range(from, end),
                    None => return bail(),
                }
            }
            Op::Pow(base, exponent) => {
                let (base, exponent) = (
                    self.small_int(base, frame)?,
                    self.small_int(exponent, frame)?,
                );
                // A negative exponent is the tree-walker's to report.
                match power(base, exponent) {
                    Some(n) if exponent >= 0 => Small::Int(n),
                    _ => return bail(),
                }
            }
            Op::Where(bindings, body) => {
                for (slot, value) in bindings.iter() {
                    frame.slots[*slot] = self.small_op(value, frame)?;
                }
                self.small_op(body, frame)?
            }
            Op::IsKind(value, kind) => {
                let value = self.small_op(value, frame)?;
                Small::Bool(is_kind(value, *kind, frame))
            }
            Op::If(cond, then, otherwise) => match self.small_truth(cond, frame)? {
                true => self.small_op(then, frame)?,
                false => self.small_op(otherwise, frame)?,
            },
            // An element of a parameter or loop variable, read where it is rather than from
            // a copy of it (the order of evaluation does not matter: a slot is only read).
            Op::Index(target, index) if let Op::Local(slot) = **target => {
                let index = self.small_int(index, frame)?;
                match &frame.slots[slot] {
                    target @ (Small::List(_) | Small::Str(_)) => element(target, index)?,
                    &other => self.small_index(other, index, frame)?,
                }
            }
            Op::Index(target, index) => {
                let target = self.small_op(target, frame)?;
                let index = self.small_int(index, frame)?;
                self.small_index(target, index, frame)?
            }
            Op::Slice(target, from, to, span) => {
                let (row, text) = row_of(self.small_op(target, frame)?)?;
                self.pass_over(row.len(), *span)?;
                let len = row.len() as i64;
                let mut bound = |session: &mut Session, bound: &Option<Box<Op>>, default| {
                    let Some(op) = bound else {
                        return Ok(default);
                    };
                    let n = session.small_int(op, frame)?;
                    let n = if n < 0 { n.saturating_add(len) } else { n };
                    Ok::<i64, Stop>(n.clamp(0, len))
                };
                let start = bound(self, from, 0)? as usize;
                let end = (bound(self, to, len)? as usize).max(start);
                let row = row.slice(start, end);
                if text {
                    Small::Str(row)
                } else {
                    Small::List(row)
                }
            }
            Op::Replace(target, index, value, span) => {
                let (row, text) = row_of(self.small_op(target, frame)?)?;
                self.pass_over(row.len(), *span)?;
                let at = position(row.len(), self.small_int(index, frame)?)?;
                match (self.small_op(value, frame)?, text) {
                    (Small::Int(n @ 0..=255), false) => Small::List(row.replaced(at, n as u8)),
                    (Small::Str(new), true) if new.len() == 1 => {
                        Small::Str(row.replaced(at, new.bytes()[0]))
                    }
                    _ => return bail(),
                }
            }
            Op::List(elements) => {
                let mut row = Row::EMPTY;
                for element in elements.iter() {
                    self.small_each(element, frame, &mut |session, frame| match session
                        .small_op(&element.expr, frame)?
                    {
                        Small::Int(n @ 0..=255) => match row.push(n as u8) {
                            Some(()) => Ok(true),
                            None => bail(),
                        },
                        _ => bail(),
                    })?;
                }
                Small::List(row)
            }
            Op::Set(elements) => {
                let mut bits = 0u64;
                for element in elements.iter() {
                    self.small_each(element, frame, &mut |session, frame| match session
                        .small_op(&element.expr, frame)?
                    {
                        Small::Int(n @ 0..64) => {
                            bits |= 1 << n;
                            Ok(true)
                        }
                        _ => bail(),
                    })?;
                }
                Small::Bits(bits)
            }
            Op::Game(elements, span) => self.small_game(elements, *span, frame)?,
            Op::Call(call) => self.small_call(call, frame)?,
            // The help is read only when the condition fails, by the tree-walker.
            Op::Require(condition, value) => {
                // A condition that fails, or cannot be checked (a value of the wrong kind), is
                // the tree-walker's to report; any other error stops the call as it stops
                // `require` (a limit, Ctrl-C).
                if !self.called_by_library() {
                    match self.small_truth(condition, frame) {
                        Ok(true) => {}
                        Err(Stop::Flow(flow)) if !wrong_kind(&flow) => {
                            return Err(Stop::Flow(flow));
                        }
                        _ => return bail(),
                    }
                }
                self.small_op(value, frame)?
            }
            Op::Builtin(builtin, arg, span) => {
                let value = self.small_op(arg, frame)?;
                self.small_builtin(*builtin, value, *span, frame)?
            }
            Op::Extreme(max, args) => {
                let mut best: Option<Small> = None;
                for arg in args.iter() {
                    let value = self.small_op(arg, frame)?;
                    best = Some(match best {
                        None => value,
                        Some(best) => {
                            let order = order(best, value)?;
                            if order.is_lt() == *max { value } else { best }
                        }
                    });
                }
                best.expect("two or more")
            }
            Op::SumOf(element, span) => self.small_sum(element, *span, frame)?,
            Op::Board(name, arg, span) => {
                let Small::Str(text) = self.small_op(arg, frame)? else {
                    return bail();
                };
                let text = std::str::from_utf8(text.bytes()).expect("ASCII");
                match self.board_builtin_of(name, text, *span) {
                    Ok(value) => held(&value, frame)?,
                    Err(flow) => return stopped(flow),
                }
            }
            Op::Indices(within, sought, within_span, sought_span) => {
                let within = self.small_op(within, frame)?.value(&frame.held);
                let sought = self.small_op(sought, frame)?.value(&frame.held);
                match self.indices_of(&within, &sought, *within_span, *sought_span) {
                    Ok(value) => held(&value, frame)?,
                    Err(flow) => return stopped(flow),
                }
            }
            Op::Quantifier(all, element) => {
                let mut decided = false;
                self.small_each(element, frame, &mut |session, frame| {
                    let truth = session.small_truth(&element.expr, frame)?;
                    decided = truth != *all;
                    Ok(!decided)
                })?;
                Small::Bool(decided != *all)
            }
        })
    }

    /// Runs `body` for each pass of the element's clauses, until it says to stop; whether
    /// every pass ran.
    pub(super) fn small_each(
        &mut self,
        element: &Element,
        frame: &mut Frame,
        body: &mut dyn FnMut(&mut Session, &mut Frame) -> Run<bool>,
    ) -> Run<bool> {
        self.small_clauses(&element.clauses, frame, body)
    }

    fn small_clauses(
        &mut self,
        clauses: &[Clause],
        frame: &mut Frame,
        body: &mut dyn FnMut(&mut Session, &mut Frame) -> Run<bool>,
    ) -> Run<bool> {
        let Some((clause, rest)) = clauses.split_first() else {
            return body(self, frame);
        };
        match clause {
            Clause::If(cond) => {
                if self.small_truth(cond, frame)? {
                    return self.small_clauses(rest, frame, body);
                }
                Ok(true)
            }
            Clause::Let { slot, value } => {
                frame.slots[*slot] = self.small_op(value, frame)?;
                self.small_clauses(rest, frame, body)
            }
            Clause::Items { slot, items, span } => {
                // Evaluated all first, and each checked to be data, as the list would be.
                let mut values = [Small::Int(0); ITEMS];
                for (value, item) in values.iter_mut().zip(items.iter()) {
                    *value = self.small_op(item, frame)?;
                    if let Small::Held(at) = *value
                        && self
                            .member(frame.held.get(at).clone(), *span, "a list")
                            .is_err()
                    {
                        return bail();
                    }
                }
                for &value in &values[..items.len()] {
                    self.step(*span)?;
                    frame.slots[*slot] = value;
                    if !self.small_clauses(rest, frame, body)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Clause::For { slot, iter, span } => {
                let source = self.small_op(iter, frame)?;
                let mut go = |session: &mut Session, frame: &mut Frame, value: Small| {
                    session.step(*span)?;
                    frame.slots[*slot] = value;
                    session.small_clauses(rest, frame, body)
                };
                match source {
                    Small::Range(from, to) => {
                        let count = i128::from(to) - i128::from(from);
                        if count > i128::from(self.meter.limits.game.options) {
                            return bail();
                        }
                        for n in from..to.max(from) {
                            if !go(self, frame, Small::Int(n))? {
                                return Ok(false);
                            }
                        }
                    }
                    Small::Bits(bits) => {
                        for n in members(bits) {
                            if !go(self, frame, Small::Int(n))? {
                                return Ok(false);
                            }
                        }
                    }
                    Small::List(row) => {
                        for &b in row.bytes() {
                            if !go(self, frame, Small::Int(i64::from(b)))? {
                                return Ok(false);
                            }
                        }
                    }
                    Small::Str(row) => {
                        for &b in row.bytes() {
                            if !go(self, frame, Small::char(b))? {
                                return Ok(false);
                            }
                        }
                    }
                    Small::Held(index) => {
                        let value = frame.held.get(index).clone();
                        match &value {
                            Value::List(items) | Value::SetOf(items) => {
                                for item in items.iter() {
                                    let small = held(item, frame)?;
                                    if !go(self, frame, small)? {
                                        return Ok(false);
                                    }
                                }
                            }
                            Value::Set(members) => {
                                for &n in members.iter() {
                                    if !go(self, frame, Small::Int(n))? {
                                        return Ok(false);
                                    }
                                }
                            }
                            _ => return bail(),
                        }
                    }
                    _ => return bail(),
                }
                Ok(true)
            }
        }
    }
}

/// A run stopped by what the tree-walker's own functions answered: a limit reached, Ctrl-C
/// or a suspension is passed on as it is (the call evaluated again would meet it at the same
/// place, after doing the work again); anything else is the tree-walker's to report.
fn stopped<T>(flow: Flow) -> Run<T> {
    let passed_on = match &flow {
        Flow::Suspend(_) => true,
        Flow::Error(error) => matches!(
            **error,
            EvalError::TooManySteps { .. }
                | EvalError::Cancelled { .. }
                | EvalError::TooLarge { .. }
                | EvalError::TooDeep { .. }
        ),
    };
    match passed_on {
        true => Err(flow.into()),
        false => bail(),
    }
}

/// An error `require` reports as its condition failing: a value of the wrong kind.
fn wrong_kind(flow: &Flow) -> bool {
    matches!(flow, Flow::Error(error) if matches!(**error, EvalError::Type { .. } | EvalError::Invalid { .. }))
}

/// The row of a list or a string, and whether it is a string.
fn row_of(small: Small) -> Run<(Row, bool)> {
    match small {
        Small::List(row) => Ok((row, false)),
        Small::Str(row) => Ok((row, true)),
        _ => bail(),
    }
}

/// `x is list` of a small value.
fn is_kind(value: Small, kind: Kind, frame: &Frame) -> bool {
    match value {
        Small::Int(_) => kind == Kind::Int,
        Small::Bool(_) => kind == Kind::Bool,
        Small::Game(_) => kind == Kind::Game,
        Small::Range(..) => kind == Kind::Range,
        Small::Bits(_) => kind == Kind::Set,
        Small::List(_) => kind == Kind::List,
        Small::Str(_) => kind == Kind::String,
        Small::Held(at) => crate::eval::expr::of_kind(frame.held.get(at), kind),
    }
}
