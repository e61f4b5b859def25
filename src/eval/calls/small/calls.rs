//! Calls and options on small values: a family called with small arguments is found in
//! the memo by the packed words they make, or else called as the tree-walker calls it; a
//! game's options are kept as their games, as the compiled body keeps them.

use super::data::{Small, pack};
use super::frame::{Frame, GIVEN_WORDS, Given, Run, Stop, bail, held};
use super::lower::{Call, Element};
use crate::eval::Session;
use crate::eval::calls::memo::INLINE;
use crate::eval::calls::{finding_steps, hashed_len};
use crate::eval::limits::memory::{Elements, Listing};
use crate::eval::values::Value;
use crate::game::{GameId, OptionList};
use crate::source::Span;
use crate::syntax::ast::ExprKind;

impl Session {
    /// `<...>`: each option kept as its game, as the compiled body keeps it.
    pub(super) fn small_game(
        &mut self,
        elements: &[Element],
        span: Span,
        frame: &mut Frame,
    ) -> Run<Small> {
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
        Ok(Small::Game(
            self.option_list_game(false, options, &list, span)?,
        ))
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
    pub(super) fn small_option(&mut self, value: Small) -> Run<GameId> {
        match value {
            Small::Game(id) => Ok(id),
            Small::Int(0) => Ok(self.arena.zero()),
            _ => bail(),
        }
    }

    /// A call of a family: found in the memo by its small arguments, or else called as the
    /// tree-walker calls it.
    pub(super) fn small_call(&mut self, call: &Call, frame: &mut Frame) -> Run<Small> {
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
        // Finding the call again, if this run stops, is counted again then.
        let finding = finding_steps(values.iter().map(hashed_len).sum());
        frame.kept_steps += (self.meter.steps - before).saturating_sub(finding);
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
        self.charge_finding(hashed, span)?;
        Ok(Some(found))
    }
}
