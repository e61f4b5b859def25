//! Running compiled bodies: each form does what the tree-walker does for the expression it
//! came from, through the same functions ([`Session::binary`], [`Session::fold_chain`],
//! [`Session::call_function`], [`Session::game_of`], ...).

use super::{Chain, Clause, Code, Element};
use crate::eval::expr::ChainOperands;
use crate::eval::memory::{Elements, Listing};
use crate::eval::ops::Operand;
use crate::eval::options::is_two_part_sum;
use crate::eval::{Flow, Function, Global, Result, Session, Value};
use crate::game::{GameId, OptionList};
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind};
use std::sync::Arc;

impl Session {
    /// The value of compiled code.
    pub(in crate::eval) fn exec_code(&mut self, code: &Code) -> Result<Value> {
        if self.stack.has_room() {
            return self.exec_code_here(code);
        }
        self.on_fresh_stack(|session| session.exec_code_here(code))
    }

    fn exec_code_here(&mut self, code: &Code) -> Result<Value> {
        match code {
            Code::Int(n) => Ok(Value::Int(*n)),
            Code::Bool(b) => Ok(Value::Bool(*b)),
            Code::Local(slot) => Ok(match &self.locals[*slot].1 {
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
                let value = self.exec_code(cond)?;
                if self.truth(value, *cond_span)? {
                    self.exec_code(then)
                } else {
                    self.exec_code(otherwise)
                }
            }
            Code::Call(call) => {
                let Some(function) = &call.family else {
                    return self.eval(&call.written);
                };
                let span = call.written.span;
                // A refusal of these arguments is reported here, as the tree-walker does.
                let written = match &call.written.kind {
                    ExprKind::Call { args, .. } => &args[..],
                    _ => &[],
                };
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

    /// The family a call by this name calls, found as [`Session::eval`] finds it (the caller
    /// has made sure no local has the name); `None` for anything else.
    pub(in crate::eval) fn family_called(&mut self, name: &str) -> Option<Arc<Function>> {
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
            let mark = self.locals.len();
            let listed = self.list_element(element, &element.clauses, &mut list);
            self.locals.truncate(mark);
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
        self.option_list_ends(noted, &options.games);
        let id = self.arena.with_option_list(options);
        self.elements_done(&ids);
        Ok(Value::Game(id.map_err(|e| self.game_error(e, span))?))
    }

    /// Adds the values of an element under its remaining clauses to `list`.
    fn list_element(
        &mut self,
        element: &Element,
        clauses: &[Clause],
        list: &mut Options,
    ) -> Result<()> {
        if self.stack.has_room() {
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
            let value = match &element.expr {
                // `G + H`, kept as its two games (see `crate::eval::options`).
                Code::Chain(chain) if is_two_part_sum(&**chain) && !self.noting_options() => {
                    match self.option_sum_parts(&**chain)? {
                        Ok(parts) => return self.push_option_sum(&mut list.ids, parts),
                        Err(value) => value,
                    }
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
            return self.push_element(&mut list.ids, id);
        };
        match clause {
            Clause::If { cond, span } => {
                let value = self.exec_code(cond)?;
                if self.truth(value, *span)? {
                    return self.list_element(element, rest, list);
                }
                Ok(())
            }
            Clause::For { var, iter, span } => {
                let range = self.exec_code(iter)?;
                let passes = self.passes(&range, *span, false)?;
                let slot = self.locals.len();
                self.locals.push((var.clone(), Value::Bool(false)));
                for value in passes {
                    self.step(*span)?;
                    self.locals[slot].1 = value;
                    self.list_element(element, rest, list)?;
                }
                self.locals.truncate(slot);
                Ok(())
            }
        }
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
