//! A family body lowered to [`Op`]s: every name resolved to its slot, its family or its
//! built-in, once, when the family is first called. A body that uses anything not lowered
//! here (claims, heaps, `str`, `options`, a call of a local) is not lowered at all and runs as
//! before. A name that is no local (a family used as a value, a `let` of the program) is read
//! through the tree-walker when the body runs.

use std::sync::Arc;

use super::data::{ROW, Row, Small};
use crate::eval::values::Function;
use crate::source::Span;
use crate::syntax::ast::{self, BinOp, Expr, ExprKind, Ident, PrefixOp, Subscript};

/// Bodies larger than this many expressions are not lowered.
const LARGEST: usize = 4096;

#[derive(Debug)]
pub(super) enum Op {
    Const(Small),
    Local(usize),
    /// A top-level name, evaluated by the tree-walker.
    Global(Box<Expr>),
    Neg(Box<Op>),
    Not(Box<Op>),
    /// `a + b - c`: folded to the left; `and` and `or` stop early, as written. With where
    /// its first operand and each next one are written.
    Chain(Box<Op>, Span, Box<[(BinOp, Op, Span)]>),
    /// `a..b`, `a..=b` (the flag).
    Range(Box<Op>, Box<Op>, bool),
    /// `a ** b`
    Pow(Box<Op>, Box<Op>),
    If(Box<Op>, Box<Op>, Box<Op>),
    Index(Box<Op>, Box<Op>),
    Slice(Box<Op>, Option<Box<Op>>, Option<Box<Op>>, Span),
    Replace(Box<Op>, Box<Op>, Box<Op>, Span),
    List(Box<[Element]>),
    Set(Box<[Element]>),
    Game(Box<[Element]>, Span),
    Call(Box<Call>),
    /// `require(condition, help, value)`; a condition that does not hold is the
    /// tree-walker's to report.
    Require(Box<Op>, Box<Op>),
    /// `len`, `sort`, `sum`, `min`, `max`, `abs` of one argument.
    Builtin(Builtin, Box<Op>, Span),
    /// `min(a, b, ...)`, `max(a, b, ...)` (the flag: max).
    Extreme(bool, Box<[Op]>),
    /// `all(...)` (true) or `any(...)` (false) of a generator.
    Quantifier(bool, Box<Element>),
    /// `sum(...)` of a generator: of integers, or of games.
    SumOf(Box<Element>, Span),
    /// `regions`, `shape` or `transpose` of a board, written at the span.
    Board(&'static str, Box<Op>, Span),
    /// `indices(p, x)`, `p` and `x` written at the spans.
    Indices(Box<Op>, Box<Op>, Span, Span),
    /// `body where k = e, ...`: each value set in its slot in turn, then the body.
    Where(Box<[(usize, Op)]>, Box<Op>),
    /// `x is list`
    IsKind(Box<Op>, ast::Kind),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Builtin {
    Len,
    Sort,
    Sum,
    Min,
    Max,
    Abs,
}

/// An element of a list, set or game, or a generator: its value under its clauses.
#[derive(Debug)]
pub(super) struct Element {
    pub expr: Op,
    pub clauses: Box<[Clause]>,
    /// `F(a) + F(b)` in a game: kept as its two parts.
    pub sum: Option<(Op, Op)>,
}

/// The most items of a list written out that a `for` goes through without making the list.
pub(super) const ITEMS: usize = 8;

#[derive(Debug)]
pub(super) enum Clause {
    For {
        slot: usize,
        iter: Op,
        span: Span,
    },
    /// `for x in [a, b]`: the items evaluated, then gone through, with no list made.
    Items {
        slot: usize,
        items: Box<[Op]>,
        span: Span,
    },
    If(Op),
    /// `let q = e`: the value set in its slot for the clauses after it.
    Let {
        slot: usize,
        value: Op,
    },
}

#[derive(Debug)]
pub(super) struct Call {
    pub function: Arc<Function>,
    pub args: Box<[Op]>,
    /// The call as written, for a refusal the call reports.
    pub written: Expr,
}

/// A lowered body and the slots its frame needs.
#[derive(Debug)]
pub(in crate::eval) struct Body {
    pub(super) op: Op,
    pub(super) slots: usize,
}

/// What lowering asks of the session about names that are not locals.
pub(super) trait Names {
    /// The family a call by this name calls, if it is one.
    fn family(&mut self, name: &str) -> Option<Arc<Function>>;
    /// Whether a call by this name calls the built-in of that name.
    fn builtin(&mut self, name: &str) -> bool;
}

pub(super) fn lower(function: &Function, names: &mut dyn Names) -> Option<Body> {
    if size(&function.body) >= LARGEST {
        return None;
    }
    let mut lowerer = Lowerer {
        scope: function.params.iter().map(|p| p.name.clone()).collect(),
        slots: function.params.len(),
        names,
    };
    let op = lowerer.expr(&function.body)?;
    Some(Body {
        op,
        slots: lowerer.slots,
    })
}

fn size(expr: &Expr) -> usize {
    let mut count = 0;
    expr.each_inner(&mut |_| count += 1);
    count
}

struct Lowerer<'a> {
    /// The names bound, innermost last, each in the slot of its place here.
    scope: Vec<Arc<str>>,
    slots: usize,
    names: &'a mut dyn Names,
}

impl Lowerer<'_> {
    fn slot(&self, name: &str) -> Option<usize> {
        self.scope.iter().rposition(|bound| &**bound == name)
    }

    fn boxed(&mut self, expr: &Expr) -> Option<Box<Op>> {
        self.expr(expr).map(Box::new)
    }

    fn expr(&mut self, expr: &Expr) -> Option<Op> {
        Some(match &expr.kind {
            ExprKind::Int(n) => Op::Const(Small::Int(*n)),
            ExprKind::Bool(b) => Op::Const(Small::Bool(*b)),
            ExprKind::Str(text) if text.is_ascii() && text.len() <= ROW => {
                Op::Const(Small::Str(Row::from_bytes(text.as_bytes())?))
            }
            ExprKind::Name(ident) => match self.slot(&ident.name) {
                Some(slot) => Op::Local(slot),
                None => Op::Global(Box::new(expr.clone())),
            },
            ExprKind::Paren(inner) => self.expr(inner)?,
            ExprKind::Prefix {
                op: PrefixOp::Neg,
                operand,
                ..
            } => Op::Neg(self.boxed(operand)?),
            ExprKind::Prefix {
                op: PrefixOp::Not,
                operand,
                ..
            } => Op::Not(self.boxed(operand)?),
            ExprKind::Chain { first, rest } => {
                let first_span = first.span;
                let first = self.boxed(first)?;
                let mut ops = Vec::with_capacity(rest.len());
                for (op, _, rhs) in rest {
                    if !chained(*op) {
                        return None;
                    }
                    ops.push((*op, self.expr(rhs)?, rhs.span));
                }
                Op::Chain(first, first_span, ops.into())
            }
            ExprKind::Binary { op, lhs, rhs, .. } => match op {
                BinOp::Range => Op::Range(self.boxed(lhs)?, self.boxed(rhs)?, false),
                BinOp::RangeIncl => Op::Range(self.boxed(lhs)?, self.boxed(rhs)?, true),
                BinOp::Pow => Op::Pow(self.boxed(lhs)?, self.boxed(rhs)?),
                _ => return None,
            },
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => Op::If(self.boxed(cond)?, self.boxed(then)?, self.boxed(otherwise)?),
            ExprKind::Subscript {
                target, subscript, ..
            } => {
                let target_op = self.boxed(target)?;
                match subscript {
                    Subscript::Index(index) => Op::Index(target_op, self.boxed(index)?),
                    Subscript::Slice { from, to } => {
                        Op::Slice(target_op, self.bound(from)?, self.bound(to)?, target.span)
                    }
                    Subscript::Replace { index, value } => Op::Replace(
                        target_op,
                        self.boxed(index)?,
                        self.boxed(value)?,
                        target.span,
                    ),
                    // Made of other lengths than the target's: the tree-walker's.
                    Subscript::ReplaceSlice(_) => return None,
                }
            }
            ExprKind::List(elements) => Op::List(self.elements(elements, false)?),
            ExprKind::Set(elements) => Op::Set(self.elements(elements, false)?),
            ExprKind::Game(elements) => Op::Game(self.elements(elements, true)?, expr.span),
            ExprKind::Call { callee, args } => self.call(callee, args, expr)?,
            ExprKind::IsKind { value, kind, .. } => Op::IsKind(self.boxed(value)?, *kind),
            ExprKind::Where { body, bindings } => {
                let mark = self.scope.len();
                let mut bound = Vec::with_capacity(bindings.len());
                for binding in bindings {
                    bound.push(self.binding(binding)?);
                }
                let body = self.boxed(body);
                self.scope.truncate(mark);
                Op::Where(bound.into(), body?)
            }
            _ => return None,
        })
    }

    /// `k = e`: its value lowered, then its name bound to a slot of its own. A pattern is
    /// the tree-walker's.
    fn binding(&mut self, binding: &ast::Binding) -> Option<(usize, Op)> {
        let ast::Pattern::Name(name) = &binding.pattern else {
            return None;
        };
        let value = self.expr(&binding.value)?;
        self.scope.push(name.name.clone());
        self.slots = self.slots.max(self.scope.len());
        Some((self.scope.len() - 1, value))
    }

    fn bound(&mut self, bound: &Option<Box<Expr>>) -> Option<Option<Box<Op>>> {
        match bound {
            Some(expr) => Some(Some(self.boxed(expr)?)),
            None => Some(None),
        }
    }

    fn call(&mut self, callee: &Ident, args: &[Expr], expr: &Expr) -> Option<Op> {
        let name = &*callee.name;
        if self.slot(name).is_some() {
            return None;
        }
        if name == "require" && args.len() == 3 && self.names.builtin(name) {
            return Some(Op::Require(self.boxed(&args[0])?, self.boxed(&args[2])?));
        }
        if let Some(function) = self.names.family(name) {
            if function.params.len() != args.len() {
                return None;
            }
            let args = args
                .iter()
                .map(|arg| self.expr(arg))
                .collect::<Option<_>>()?;
            return Some(Op::Call(Box::new(Call {
                function,
                args,
                written: expr.clone(),
            })));
        }
        if !self.names.builtin(name) {
            return None;
        }
        let quantifier = match name {
            "all" => Some(true),
            "any" => Some(false),
            _ => None,
        };
        if let Some(all) = quantifier {
            let [arg] = args else { return None };
            let ExprKind::Generator(element) = &arg.kind else {
                return None;
            };
            return Some(Op::Quantifier(all, Box::new(self.element(element, false)?)));
        }
        if let ("sum", [arg]) = (name, args)
            && let ExprKind::Generator(element) = &arg.kind
        {
            return Some(Op::SumOf(Box::new(self.element(element, false)?), arg.span));
        }
        if let ("regions" | "shape" | "transpose", [arg]) = (name, args) {
            let name = match name {
                "regions" => "regions",
                "shape" => "shape",
                _ => "transpose",
            };
            return Some(Op::Board(name, self.boxed(arg)?, arg.span));
        }
        if let ("indices", [within, sought]) = (name, args) {
            return Some(Op::Indices(
                self.boxed(within)?,
                self.boxed(sought)?,
                within.span,
                sought.span,
            ));
        }
        let builtin = match name {
            "len" => Builtin::Len,
            "sort" => Builtin::Sort,
            "sum" => Builtin::Sum,
            "min" => Builtin::Min,
            "max" => Builtin::Max,
            "abs" => Builtin::Abs,
            _ => return None,
        };
        match args {
            [arg] => {
                let op = match &arg.kind {
                    // A generator is its list.
                    ExprKind::Generator(element) => {
                        Op::List(Box::new([self.element(element, false)?]))
                    }
                    _ => self.expr(arg)?,
                };
                Some(Op::Builtin(builtin, Box::new(op), arg.span))
            }
            [_, _, ..] if matches!(builtin, Builtin::Min | Builtin::Max) => {
                let ops = args
                    .iter()
                    .map(|arg| self.expr(arg))
                    .collect::<Option<_>>()?;
                Some(Op::Extreme(builtin == Builtin::Max, ops))
            }
            _ => None,
        }
    }

    /// The items of a list written out with a few plain items (`[false, true]`, or the
    /// `[p[i := v]]` that names a value): `None` for any other iterable, `Some(None)` when an
    /// item is not lowered.
    fn items(&mut self, iter: &Expr) -> Option<Option<Box<[Op]>>> {
        let ExprKind::List(elements) = &iter.unparen().kind else {
            return None;
        };
        let plain = |e: &ast::Element| e.clauses.is_empty() && e.label.is_none();
        if elements.len() > ITEMS || !elements.iter().all(plain) {
            return None;
        }
        Some(elements.iter().map(|e| self.expr(&e.expr)).collect())
    }

    fn elements(&mut self, elements: &[ast::Element], game: bool) -> Option<Box<[Element]>> {
        elements.iter().map(|e| self.element(e, game)).collect()
    }

    /// An element with its clauses; in a game, its words (`as ...`) are not evaluated for a
    /// value, and anywhere else they are the tree-walker's to refuse.
    fn element(&mut self, element: &ast::Element, game: bool) -> Option<Element> {
        if element.label.is_some() && !game {
            return None;
        }
        let mark = self.scope.len();
        let mut clauses = Vec::with_capacity(element.clauses.len());
        for clause in &element.clauses {
            clauses.push(match clause {
                ast::Clause::For {
                    pattern: ast::Pattern::Name(var),
                    iter,
                } => {
                    // The range is evaluated before its variable is bound.
                    let items = self.items(iter);
                    let iter_op = match items {
                        Some(_) => None,
                        None => Some(self.expr(iter)?),
                    };
                    self.scope.push(var.name.clone());
                    self.slots = self.slots.max(self.scope.len());
                    let slot = self.scope.len() - 1;
                    match (items, iter_op) {
                        (Some(items), _) => Clause::Items {
                            slot,
                            items: items?,
                            span: iter.span,
                        },
                        (None, iter_op) => Clause::For {
                            slot,
                            iter: iter_op.expect("lowered"),
                            span: iter.span,
                        },
                    }
                }
                ast::Clause::If(cond) => Clause::If(self.expr(cond)?),
                ast::Clause::Let(binding) => {
                    let (slot, value) = self.binding(binding)?;
                    Clause::Let { slot, value }
                }
                // A pattern is the tree-walker's.
                ast::Clause::For { .. } => return None,
            });
        }
        let expr = self.expr(&element.expr)?;
        let sum = match (&expr, game) {
            (Op::Chain(first, _, rest), true)
                if matches!(**first, Op::Call(_))
                    && matches!(&**rest, [(BinOp::Add, Op::Call(_), _)]) =>
            {
                let ExprKind::Chain { first, rest } = &element.expr.unparen().kind else {
                    return None;
                };
                Some((self.expr(first)?, self.expr(&rest[0].2)?))
            }
            _ => None,
        };
        self.scope.truncate(mark);
        Some(Element {
            expr,
            clauses: clauses.into(),
            sum,
        })
    }
}

/// The operators a chain is lowered with.
fn chained(op: BinOp) -> bool {
    !matches!(op, BinOp::Range | BinOp::RangeIncl | BinOp::Pow)
}
