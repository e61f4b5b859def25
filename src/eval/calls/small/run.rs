//! Running a lowered body on small values. Whatever the tree-walker would answer with a
//! diagnostic, and whatever does not fit a small value, stops the run ([`Stop::Bail`]): the
//! call is then evaluated as before, which gives the answer or the diagnostic as it always
//! has. Steps are counted where the tree-walker counts them: a step a pass of a loop, the
//! elements a list operation goes through, and a call through the memo as any call.

use super::data::{Held, ROW, Row, Small, members, pack};
use super::lower::{Body, Builtin, Call, Clause, Element, ITEMS, Op};
use crate::eval::calls::memo::INLINE;
use crate::eval::expr::ops::{floor_div, floor_rem, power};
use crate::eval::limits::memory::{Elements, Listing};
use crate::eval::limits::steps::ELEMENTS_A_STEP;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Flow, Session};
use crate::game::{GameId, OptionList};
use crate::source::Span;
use crate::syntax::ast::{BinOp, ExprKind};

/// Why a run stopped before its value.
pub(super) enum Stop {
    /// Something the tree-walker answers: evaluate the call as before.
    Bail,
    /// An error or a suspension the call itself would give (a limit, Ctrl-C, a refusal
    /// from a call it makes), passed on as it is (boxed: every operation returns a `Stop`).
    Flow(Box<Flow>),
}

impl From<Flow> for Stop {
    fn from(flow: Flow) -> Stop {
        Stop::Flow(Box::new(flow))
    }
}

type Run<T> = std::result::Result<T, Stop>;

/// The most values a `sum` of a generator adds here.
const SUMMED: usize = 32;

/// A frame: the slots of parameters and loop variables, the values held for them, and
/// the steps the calls it made counted (which stay counted if the run stops: those calls
/// are remembered, and the call evaluated again finds them).
pub(super) struct Frame {
    pub slots: Vec<Small>,
    pub held: Held,
    pub kept_steps: u64,
    /// The list, set or string a call gave last: a body that gives it on (`if ... then
    /// trim(p[:-1]) else p`) gives the value itself, one shared copy in the memo rather than
    /// one for each call that gave it.
    pub last_given: Option<Given>,
}

/// A list, set or string a call gave, as it runs here, and where its value is.
pub(super) enum Given {
    /// Found in the memo by these packed words (found again at the end, if given on).
    Found {
        small: Small,
        function: u32,
        len: u8,
        words: [u64; GIVEN_WORDS],
    },
    /// Made by a call evaluated.
    Made { small: Small, value: Value },
}

/// The most words of a call found whose value is kept track of.
const GIVEN_WORDS: usize = 4;

fn bail<T>() -> Run<T> {
    Err(Stop::Bail)
}

impl Session {
    pub(super) fn run_body(&mut self, body: &Body, frame: &mut Frame) -> Run<Small> {
        self.small_op(&body.op, frame)
    }

    /// An operation's value: a constant or a slot read here, anything else run.
    #[inline(always)]
    fn small_op(&mut self, op: &Op, frame: &mut Frame) -> Run<Small> {
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

    fn small_int(&mut self, op: &Op, frame: &mut Frame) -> Run<i64> {
        match self.small_op(op, frame)? {
            Small::Int(n) => Ok(n),
            _ => bail(),
        }
    }

    fn small_truth(&mut self, op: &Op, frame: &mut Frame) -> Run<bool> {
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
                Err(_) => return bail(),
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
                            self.small_binary(*op, value, right, span, *rhs_span)?
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
                match power(base, exponent) {
                    Some(n) => Small::Int(n),
                    None => return bail(),
                }
            }
            Op::If(cond, then, otherwise) => match self.small_truth(cond, frame)? {
                true => self.small_op(then, frame)?,
                false => self.small_op(otherwise, frame)?,
            },
            Op::Index(target, index) => {
                let target = self.small_op(target, frame)?;
                let index = self.small_int(index, frame)?;
                self.small_index(target, index, frame)?
            }
            Op::Slice(target, from, to, span) => {
                let target = self.small_op(target, frame)?;
                let (row, text) = match target {
                    Small::List(row) => (row, false),
                    Small::Str(row) => (row, true),
                    _ => return bail(),
                };
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
                let target = self.small_op(target, frame)?;
                let (row, text) = match target {
                    Small::List(row) => (row, false),
                    Small::Str(row) => (row, true),
                    _ => return bail(),
                };
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
                    Err(_) => return bail(),
                }
            }
            Op::Indices(within, sought, within_span, sought_span) => {
                let within = self.small_op(within, frame)?.value(&frame.held);
                let sought = self.small_op(sought, frame)?.value(&frame.held);
                match self.indices_of(&within, &sought, *within_span, *sought_span) {
                    Ok(value) => held(&value, frame)?,
                    Err(_) => return bail(),
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

    /// `sum(e for ...)`: the integers added, or the games summed (the integer 0 a game too),
    /// as the built-in sums the list the generator makes.
    fn small_sum(&mut self, element: &Element, span: Span, frame: &mut Frame) -> Run<Small> {
        // The games, 0 for the zero game; the integers' total, `None` past the largest.
        let mut parts = [GameId::from_raw(0); SUMMED];
        let (mut count, mut total, mut games, mut nonzero) = (0, Some(0i64), false, false);
        let zero = self.arena.zero();
        self.small_each(element, frame, &mut |session, frame| {
            let part = match session.small_op(&element.expr, frame)? {
                Small::Game(id) => {
                    games = true;
                    id
                }
                Small::Int(n) => {
                    total = total.and_then(|t| t.checked_add(n));
                    nonzero |= n != 0;
                    zero
                }
                _ => return bail(),
            };
            let Some(slot) = parts.get_mut(count) else {
                return bail();
            };
            *slot = part;
            count += 1;
            Ok(true)
        })?;
        self.pass_over(count, span)?;
        match (games, nonzero, total) {
            // A game and an integer other than 0: the tree-walker's to report.
            (true, true, _) => bail(),
            (true, false, _) => match self.arena.sum(&parts[..count]) {
                Ok(id) => Ok(Small::Game(id)),
                Err(_) => bail(),
            },
            (false, _, Some(total)) => Ok(Small::Int(total)),
            (false, _, None) => bail(),
        }
    }

    /// Runs `body` for each pass of the element's clauses, until it says to stop; whether
    /// every pass ran.
    fn small_each(
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
            Clause::Items { slot, items, span } => {
                // Evaluated all first, as the list would be.
                let mut values = [Small::Int(0); ITEMS];
                for (value, item) in values.iter_mut().zip(items.iter()) {
                    *value = self.small_op(item, frame)?;
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

    fn small_index(&mut self, target: Small, index: i64, frame: &mut Frame) -> Run<Small> {
        Ok(match target {
            Small::List(row) => Small::Int(i64::from(row.bytes()[position(row.len(), index)?])),
            Small::Str(row) => Small::char(row.bytes()[position(row.len(), index)?]),
            Small::Held(held_at) => {
                let value = frame.held.get(held_at);
                let Value::List(items) = value else {
                    return bail();
                };
                let item = &items[position(items.len(), index)?];
                match Small::of_small_kind(item) {
                    Some(small) => small,
                    None => {
                        let item = item.clone();
                        held(&item, frame)?
                    }
                }
            }
            _ => return bail(),
        })
    }

    /// `<...>`: each option kept as its game, as the compiled body keeps it.
    fn small_game(&mut self, elements: &[Element], span: Span, frame: &mut Frame) -> Run<Small> {
        let mut list = Elements::new(span, Listing::Options);
        let listed = self.small_options(elements, &mut list, frame);
        if let Err(stop) = listed {
            self.elements_done(&list);
            return Err(stop);
        }
        let options = OptionList {
            games: std::mem::take(&mut list.items),
            sums: std::mem::take(&mut list.sums),
        };
        let id = self.arena.with_option_list(options);
        self.elements_done(&list);
        match id {
            Ok(id) => Ok(Small::Game(id)),
            Err(error) => Err(self.game_error(error, span).into()),
        }
    }

    fn small_options(
        &mut self,
        elements: &[Element],
        list: &mut Elements<GameId>,
        frame: &mut Frame,
    ) -> Run<()> {
        for element in elements {
            self.small_each(element, frame, &mut |session, frame| {
                if let Some((left, right)) = &element.sum {
                    let left = session.small_op(left, frame)?;
                    let right = session.small_op(right, frame)?;
                    let parts = [session.small_option(left)?, session.small_option(right)?];
                    session.push_option_sum(list, parts)?;
                    return Ok(true);
                }
                let value = session.small_op(&element.expr, frame)?;
                let id = session.small_option(value)?;
                session.push_element(list, id)?;
                Ok(true)
            })?;
        }
        Ok(())
    }

    /// The game an option is: a game, or the integer 0 for the zero game.
    fn small_option(&mut self, value: Small) -> Run<GameId> {
        match value {
            Small::Game(id) => Ok(id),
            Small::Int(0) => Ok(self.arena.zero()),
            _ => bail(),
        }
    }

    /// A call of a family: found in the memo by its small arguments, or else called as the
    /// tree-walker calls it.
    fn small_call(&mut self, call: &Call, frame: &mut Frame) -> Run<Small> {
        match &*call.args {
            [a] => {
                let args = [self.small_op(a, frame)?];
                self.small_call_with(call, &args, frame)
            }
            [a, b] => {
                let args = [self.small_op(a, frame)?, self.small_op(b, frame)?];
                self.small_call_with(call, &args, frame)
            }
            [a, b, c] => {
                let args = [
                    self.small_op(a, frame)?,
                    self.small_op(b, frame)?,
                    self.small_op(c, frame)?,
                ];
                self.small_call_with(call, &args, frame)
            }
            ops => {
                let mut args = Vec::with_capacity(ops.len());
                for op in ops {
                    args.push(self.small_op(op, frame)?);
                }
                self.small_call_with(call, &args, frame)
            }
        }
    }

    fn small_call_with(&mut self, call: &Call, args: &[Small], frame: &mut Frame) -> Run<Small> {
        let function = &call.function;
        let span = call.written.span;
        if let Some(found) = self.small_found(function.id, args, frame, span)? {
            return Ok(found);
        }
        let values: Vec<Value> = args.iter().map(|arg| arg.value(&frame.held)).collect();
        let written = match &call.written.kind {
            ExprKind::Call { args, .. } => &args[..],
            _ => &[],
        };
        let before = self.meter.steps;
        let value = self
            .call_function(function, &values, span)
            .map_err(|flow| self.place_refusal(flow, function, &values, written, span))?;
        frame.kept_steps += self.meter.steps - before;
        let small = held(&value, frame)?;
        if let Small::List(_) | Small::Str(_) | Small::Bits(_) = small {
            frame.last_given = Some(Given::Made { small, value });
        }
        Ok(small)
    }

    /// The value the memo holds for this call of small arguments, if it holds one, with the
    /// steps [`Session::call_function`] counts for finding it.
    fn small_found(
        &mut self,
        function: u32,
        args: &[Small],
        frame: &mut Frame,
        span: Span,
    ) -> Run<Option<Small>> {
        if args.len() <= INLINE && args.iter().all(|a| matches!(a, Small::Int(_))) {
            let mut ints = [0i64; INLINE];
            for (slot, arg) in ints.iter_mut().zip(args) {
                let Small::Int(n) = arg else {
                    unreachable!("integers")
                };
                *slot = *n;
            }
            return match self.calls.memo.get_ints(function, &ints[..args.len()]) {
                Some(value) => Ok(Some(held(&value, frame)?)),
                None => Ok(None),
            };
        }
        let found = match pack(args, &frame.held, &self.calls.memo) {
            Some(Ok(packed)) => match self.calls.memo.find_packed(function, packed.words()) {
                Some(value) => {
                    let small = Small::of(value, &mut frame.held).ok_or(Stop::Bail)?;
                    let words = packed.words();
                    if let (Small::List(_) | Small::Str(_) | Small::Bits(_), true) =
                        (small, words.len() <= GIVEN_WORDS)
                    {
                        let mut kept = [0; GIVEN_WORDS];
                        kept[..words.len()].copy_from_slice(words);
                        frame.last_given = Some(Given::Found {
                            small,
                            function,
                            len: words.len() as u8,
                            words: kept,
                        });
                    }
                    small
                }
                None => return Ok(None),
            },
            Some(Err(_)) | None => return Ok(None),
        };
        let hashed: usize = args
            .iter()
            .map(|arg| match *arg {
                Small::List(row) | Small::Str(row) => row.len(),
                Small::Bits(bits) => bits.count_ones() as usize,
                Small::Held(index) => frame.held.hashed(index),
                _ => 0,
            })
            .sum();
        if hashed > ELEMENTS_A_STEP {
            self.pass_over(hashed, span)?;
        }
        Ok(Some(found))
    }

    fn small_builtin(
        &mut self,
        builtin: Builtin,
        value: Small,
        span: Span,
        frame: &mut Frame,
    ) -> Run<Small> {
        Ok(match (builtin, value) {
            (Builtin::Abs, Small::Int(n)) => match n.checked_abs() {
                Some(n) => Small::Int(n),
                None => return bail(),
            },
            (Builtin::Len, Small::List(row)) => Small::Int(row.len() as i64),
            (Builtin::Len, Small::Str(row)) => {
                self.pass_over(row.len(), span)?;
                Small::Int(row.len() as i64)
            }
            (Builtin::Len, Small::Bits(bits)) => Small::Int(i64::from(bits.count_ones())),
            (Builtin::Len, Small::Range(from, to)) => Small::Int(to.saturating_sub(from).max(0)),
            (Builtin::Len, Small::Held(at)) => match frame.held.get(at) {
                Value::List(items) | Value::SetOf(items) => Small::Int(items.len() as i64),
                Value::Set(members) => Small::Int(members.len() as i64),
                _ => return bail(),
            },
            (Builtin::Sort, Small::List(row)) => {
                self.pass_over(row.len(), span)?;
                let mut bytes = [0u8; ROW];
                let bytes = &mut bytes[..row.len()];
                bytes.copy_from_slice(row.bytes());
                bytes.sort_unstable();
                Small::List(Row::from_bytes(bytes).expect("as long"))
            }
            (Builtin::Sort, Small::Bits(bits)) => {
                self.pass_over(bits.count_ones() as usize, span)?;
                let mut row = Row::EMPTY;
                for m in members(bits) {
                    if row.push(m as u8).is_none() {
                        return bail();
                    }
                }
                Small::List(row)
            }
            (Builtin::Sum, Small::List(row)) => {
                self.pass_over(row.len(), span)?;
                Small::Int(row.bytes().iter().map(|&b| i64::from(b)).sum())
            }
            (Builtin::Sum, Small::Bits(bits)) => {
                self.pass_over(bits.count_ones() as usize, span)?;
                Small::Int(members(bits).sum())
            }
            (Builtin::Min | Builtin::Max, Small::List(row)) if row.len() > 0 => {
                self.pass_over(row.len(), span)?;
                let bytes = row.bytes().iter();
                let extreme = if builtin == Builtin::Min {
                    bytes.min()
                } else {
                    bytes.max()
                };
                Small::Int(i64::from(*extreme.expect("not empty")))
            }
            (Builtin::Min | Builtin::Max, Small::Bits(bits)) if bits != 0 => {
                self.pass_over(bits.count_ones() as usize, span)?;
                Small::Int(i64::from(if builtin == Builtin::Min {
                    bits.trailing_zeros()
                } else {
                    63 - bits.leading_zeros()
                }))
            }
            _ => return bail(),
        })
    }

    /// `lhs op rhs`, the operands written at `lhs_span` and `rhs_span`.
    fn small_binary(
        &mut self,
        op: BinOp,
        lhs: Small,
        rhs: Small,
        lhs_span: Span,
        rhs_span: Span,
    ) -> Run<Small> {
        use Small::{Bits, Bool, Int, List, Str};
        Ok(match (op, lhs, rhs) {
            (BinOp::And, Bool(a), Bool(b)) => Bool(a && b),
            (BinOp::Or, Bool(a), Bool(b)) => Bool(a || b),
            (BinOp::Eq | BinOp::Ne, a, b) => Bool(equal(a, b)? == (op == BinOp::Eq)),
            (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, a, b) => {
                let order = order(a, b)?;
                Bool(match op {
                    BinOp::Lt => order.is_lt(),
                    BinOp::Le => order.is_le(),
                    BinOp::Gt => order.is_gt(),
                    _ => order.is_ge(),
                })
            }
            (BinOp::In | BinOp::NotIn, item, collection) => {
                Bool(self.small_contains(item, collection, rhs_span)? == (op == BinOp::In))
            }
            (BinOp::Add, Int(a), Int(b)) => Int(checked(a.checked_add(b))?),
            (BinOp::Sub, Int(a), Int(b)) => Int(checked(a.checked_sub(b))?),
            (BinOp::Mul, Int(a), Int(b)) => Int(checked(a.checked_mul(b))?),
            (BinOp::Div, Int(a), Int(b)) if b != 0 => Int(checked(floor_div(a, b))?),
            (BinOp::Rem, Int(a), Int(b)) if b != 0 => Int(checked(floor_rem(a, b))?),
            (BinOp::Xor, Int(a), Int(b)) => Int(a ^ b),
            (BinOp::BitOr, Int(a), Int(b)) => Int(a | b),
            (BinOp::BitAnd, Int(a), Int(b)) => Int(a & b),
            (BinOp::Add, List(a), List(b)) | (BinOp::Add, Str(a), Str(b)) => {
                let Some(row) = a.concat(&b) else {
                    return bail();
                };
                self.pass_over(2 * row.len(), lhs_span)?;
                if matches!(lhs, List(_)) {
                    List(row)
                } else {
                    Str(row)
                }
            }
            (BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::Xor, Bits(a), Bits(b)) => {
                let bits = match op {
                    BinOp::BitOr => a | b,
                    BinOp::BitAnd => a & b,
                    BinOp::Sub => a & !b,
                    _ => a ^ b,
                };
                let gone_through = a.count_ones() + b.count_ones() + bits.count_ones();
                self.pass_over(gone_through as usize, lhs_span)?;
                Bits(bits)
            }
            _ => return bail(),
        })
    }

    /// `item in collection`, as [`Session::contains`] answers it for small values.
    fn small_contains(&mut self, item: Small, collection: Small, span: Span) -> Run<bool> {
        Ok(match (item, collection) {
            (Small::Int(n), Small::Bits(bits)) => (0..64).contains(&n) && bits >> n & 1 == 1,
            (Small::Int(n), Small::List(row)) => {
                self.pass_over(row.len(), span)?;
                (0..256).contains(&n) && row.bytes().contains(&(n as u8))
            }
            (Small::Str(part), Small::Str(text)) => {
                self.pass_over(text.len(), span)?;
                let (part, text) = (part.bytes(), text.bytes());
                part.is_empty() || text.windows(part.len()).any(|w| w == part)
            }
            (Small::Int(n), Small::Range(from, to)) => n >= from && n < to,
            _ => return bail(),
        })
    }
}

/// An error `require` reports as its condition failing: a value of the wrong kind.
fn wrong_kind(flow: &Flow) -> bool {
    matches!(flow, Flow::Error(error) if matches!(**error, EvalError::Type { .. } | EvalError::Invalid { .. }))
}

/// A value of an argument, a call or an element: small if it can be, else held.
fn held(value: &Value, frame: &mut Frame) -> Run<Small> {
    Small::of(value, &mut frame.held).ok_or(Stop::Bail)
}

fn checked(n: Option<i64>) -> Run<i64> {
    n.ok_or(Stop::Bail)
}

/// Where `p[index]` is: from the end when negative.
fn position(len: usize, index: i64) -> Run<usize> {
    let at = if index < 0 {
        i128::from(index) + len as i128
    } else {
        i128::from(index)
    };
    if (0..len as i128).contains(&at) {
        Ok(at as usize)
    } else {
        bail()
    }
}

/// Equality of two values of one small kind.
fn equal(a: Small, b: Small) -> Run<bool> {
    use Small::{Bits, Bool, Int, List, Str};
    Ok(match (a, b) {
        (Int(a), Int(b)) => a == b,
        (Bool(a), Bool(b)) => a == b,
        (Bits(a), Bits(b)) => a == b,
        (List(a), List(b)) | (Str(a), Str(b)) => a == b,
        _ => return bail(),
    })
}

/// The order of two integers, two lists or two strings.
fn order(a: Small, b: Small) -> Run<std::cmp::Ordering> {
    use Small::{Int, List, Str};
    Ok(match (a, b) {
        (Int(a), Int(b)) => a.cmp(&b),
        (List(a), List(b)) | (Str(a), Str(b)) => a.bytes().cmp(b.bytes()),
        _ => return bail(),
    })
}
