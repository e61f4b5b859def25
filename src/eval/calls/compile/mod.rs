//! Family bodies compiled once, on their first call, into [`Code`]: the parts of a body that
//! run per option (integer arithmetic, parameters and loop variables, calls of families,
//! option lists with `for` and `if`) with every name already resolved to its slot, so that a
//! call does not look its variables up by name or walk the syntax tree for them.
//!
//! Integer arithmetic and comparisons are compiled twice: to run on `i64`s while the slots
//! they read hold integers ([`ints`]), and as general code for when they do not. A call of
//! integer arguments is looked up in the memo by them, and an option that is such a call (or
//! a sum of two) goes into its list as the game found, without a [`crate::eval::Value`].
//!
//! Everything else stays an [`Expr`] that the tree-walker evaluates ([`Code::Interpreted`]),
//! and every value and error goes through the tree-walker's own functions: the compiled
//! body answers exactly as the written one, with the same diagnostics, `steps` and Ctrl-C.
//! A body is read through the tree-walker whenever an explanation notes how it writes its
//! options ([`crate::eval::written`]).

mod ints;
mod run;

use std::sync::Arc;

use ints::{BoolCode, IntCode};

use crate::eval::calls::memo;

use crate::eval::values::Function;
use crate::source::Span;
use crate::syntax::ast::*;

/// Bodies larger than this many expressions are left to the tree-walker: compiling copies
/// the parts it cannot compile, and such a body is not the kind called by the million.
const LARGEST_COMPILED: usize = 4096;

/// A compiled expression.
#[derive(Debug)]
pub(in crate::eval) enum Code {
    Int(i64),
    Bool(bool),
    /// A parameter or loop variable: its index in the session's locals.
    Local(usize),
    /// `-e`, `not e`, `*e`, `#e`
    Prefix {
        op: PrefixOp,
        operand: Box<Code>,
        operand_span: Span,
        span: Span,
    },
    /// `a + b - c`, folded as [`crate::eval::Session::chain`] folds it.
    Chain(Box<Chain>),
    /// `a ** b`, `a..b`
    Binary {
        op: BinOp,
        op_span: Span,
        lhs: Box<Code>,
        lhs_span: Span,
        /// The left side, when it is `*n`: a diagnostic reads it.
        lhs_heap: Option<Box<Expr>>,
        rhs: Box<Code>,
        rhs_span: Span,
    },
    If {
        cond: Box<Code>,
        cond_span: Span,
        then: Box<Code>,
        otherwise: Box<Code>,
    },
    /// `S(a, b)`: a call of a family by its name, found when it runs.
    Call(Box<Call>),
    /// `<S(n - k) for k in 1..=3 if k <= n>`
    Game {
        elements: Box<[Element]>,
        span: Span,
    },
    /// `require(condition, "help", value)`, the built-in (see [`crate::eval::require`]).
    Require(Box<Require>),
    /// Integer arithmetic, run on integers while its slots hold them (see [`ints`]).
    Ints {
        fast: IntCode,
        general: Box<Code>,
    },
    /// A comparison of integers, likewise.
    Bools {
        fast: BoolCode,
        general: Box<Code>,
    },
    /// Left to the tree-walker.
    Interpreted(Box<Expr>),
}

#[derive(Debug)]
pub(in crate::eval) struct Require {
    pub condition: Code,
    pub value: Code,
    /// The whole call, evaluated by the tree-walker when the condition does not hold (for
    /// its diagnostic) or `require` is a name of the user's.
    pub written: Expr,
}

#[derive(Debug)]
pub(in crate::eval) struct Chain {
    pub first: Code,
    pub first_span: Span,
    /// The first operand, when it is `*n`: a diagnostic reads it.
    pub first_heap: Option<Expr>,
    pub rest: Box<[(BinOp, Span, Code, Span)]>,
}

#[derive(Debug)]
pub(in crate::eval) struct Call {
    /// The family called, if the name was one when the body was compiled and is called
    /// with as many arguments as it has parameters.
    pub family: Option<Arc<Function>>,
    pub args: Box<[Code]>,
    /// The arguments as integer arithmetic, when they all are and the memo keeps such a
    /// call inline (see [`crate::eval::memo`]).
    pub ints: Option<Box<[IntCode]>>,
    /// The whole call, evaluated by the tree-walker when `family` is `None`: a built-in,
    /// a name defined later, or a call with its diagnostic.
    pub written: Expr,
}

/// The family a call's name calls, as the session finds it when the body is compiled.
type Resolve<'a> = dyn FnMut(&str) -> Option<Arc<Function>> + 'a;

/// What compiling a body needs beside it.
struct Compiler<'a, 'r> {
    scope: Vec<Arc<str>>,
    resolve: &'a mut Resolve<'r>,
}

/// An element of an option list with its clauses.
#[derive(Debug)]
pub(in crate::eval) struct Element {
    pub expr: Code,
    pub span: Span,
    pub clauses: Box<[Clause]>,
}

#[derive(Debug)]
pub(in crate::eval) enum Clause {
    For {
        var: Arc<str>,
        iter: Code,
        /// `a..b` or `a..=b` (the flag) of integer arithmetic.
        range: Option<Box<(IntCode, IntCode, bool)>>,
        span: Span,
    },
    If {
        cond: Code,
        span: Span,
    },
}

/// The body of a family with these parameters, compiled; `None` if it is too large to be
/// worth it.
pub(in crate::eval) fn compile(
    params: &[Ident],
    body: &Expr,
    resolve: &mut Resolve,
) -> Option<Code> {
    if size(body) >= LARGEST_COMPILED {
        return None;
    }
    let mut compiler = Compiler {
        scope: params.iter().map(|p| p.name.clone()).collect(),
        resolve,
    };
    Some(compiler.expr(body))
}

/// How many expressions `expr` holds.
fn size(expr: &Expr) -> usize {
    let mut count = 0;
    expr.each_inner(&mut |_| count += 1);
    count
}

/// Whether an element's clauses are `for` a name and `if`, as compiled; a `let` clause or a
/// pattern is the tree-walker's.
fn plain_clauses(element: &crate::syntax::ast::Element) -> bool {
    element.clauses.iter().all(|clause| {
        matches!(
            clause,
            crate::syntax::ast::Clause::For {
                pattern: Pattern::Name(_),
                ..
            } | crate::syntax::ast::Clause::If(_)
        )
    })
}

/// `*n` as written, for the diagnostic that reads `*2 * 3` as `(*2) * 3`.
fn heap_prefix(expr: &Expr) -> Option<Expr> {
    matches!(
        expr.kind,
        ExprKind::Prefix {
            op: PrefixOp::Heap,
            ..
        }
    )
    .then(|| expr.clone())
}

impl Compiler<'_, '_> {
    /// The slot of a local variable: the innermost binding of the name, as the tree-walker
    /// finds it.
    fn slot(&self, name: &str) -> Option<usize> {
        self.scope.iter().rposition(|bound| &**bound == name)
    }

    fn boxed(&mut self, expr: &Expr) -> Box<Code> {
        Box::new(self.expr(expr))
    }

    fn expr(&mut self, expr: &Expr) -> Code {
        let general = self.general(expr);
        if !matches!(
            general,
            Code::Chain(_) | Code::Binary { .. } | Code::Prefix { .. }
        ) {
            return general;
        }
        let slot = |name: &str| self.slot(name);
        if let Some(fast) = ints::int_code(expr, &slot) {
            return Code::Ints {
                fast,
                general: Box::new(general),
            };
        }
        match ints::bool_code(expr, &slot) {
            Some(fast) => Code::Bools {
                fast,
                general: Box::new(general),
            },
            None => general,
        }
    }

    fn general(&mut self, expr: &Expr) -> Code {
        match &expr.kind {
            ExprKind::Int(n) => Code::Int(*n),
            ExprKind::Bool(b) => Code::Bool(*b),
            ExprKind::Name(ident) => match self.slot(&ident.name) {
                Some(slot) => Code::Local(slot),
                None => Code::Interpreted(Box::new(expr.clone())),
            },
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Prefix { op, operand, .. } => Code::Prefix {
                op: *op,
                operand: self.boxed(operand),
                operand_span: operand.span,
                span: expr.span,
            },
            ExprKind::Chain { first, rest } => Code::Chain(Box::new(Chain {
                first: self.expr(first),
                first_span: first.span,
                first_heap: heap_prefix(first),
                rest: rest
                    .iter()
                    .map(|(op, op_span, rhs)| (*op, *op_span, self.expr(rhs), rhs.span))
                    .collect(),
            })),
            ExprKind::Binary {
                op,
                op_span,
                lhs,
                rhs,
            } => Code::Binary {
                op: *op,
                op_span: *op_span,
                lhs: self.boxed(lhs),
                lhs_span: lhs.span,
                lhs_heap: heap_prefix(lhs).map(Box::new),
                rhs: self.boxed(rhs),
                rhs_span: rhs.span,
            },
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => Code::If {
                cond: self.boxed(cond),
                cond_span: cond.span,
                then: self.boxed(then),
                otherwise: self.boxed(otherwise),
            },
            ExprKind::Call { callee, args }
                if &*callee.name == "require"
                    && args.len() == 3
                    && self.slot(&callee.name).is_none()
                    && (self.resolve)(&callee.name).is_none() =>
            {
                Code::Require(Box::new(Require {
                    condition: self.expr(&args[0]),
                    value: self.expr(&args[2]),
                    written: expr.clone(),
                }))
            }
            // A local holding a family or a graph is called by the tree-walker.
            ExprKind::Call { callee, args } if self.slot(&callee.name).is_none() => {
                let family = (self.resolve)(&callee.name)
                    .filter(|function| function.params.len() == args.len());
                let slot = |name: &str| self.slot(name);
                let ints = (family.is_some() && args.len() <= memo::INLINE)
                    .then(|| args.iter().map(|arg| ints::int_code(arg, &slot)).collect())
                    .flatten();
                Code::Call(Box::new(Call {
                    family,
                    ints,
                    args: args.iter().map(|arg| self.expr(arg)).collect(),
                    written: expr.clone(),
                }))
            }
            ExprKind::Game(elements) if elements.iter().all(plain_clauses) => Code::Game {
                elements: elements
                    .iter()
                    .map(|element| self.element(element))
                    .collect(),
                span: expr.span,
            },
            _ => Code::Interpreted(Box::new(expr.clone())),
        }
    }

    /// `a..b` or `a..=b` as integer arithmetic, with whether it includes its end.
    fn int_range(&self, iter: &Expr) -> Option<(IntCode, IntCode, bool)> {
        let ExprKind::Binary { op, lhs, rhs, .. } = &iter.unparen().kind else {
            return None;
        };
        let inclusive = match op {
            BinOp::Range => false,
            BinOp::RangeIncl => true,
            _ => return None,
        };
        let slot = |name: &str| self.slot(name);
        Some((
            ints::int_code(lhs, &slot)?,
            ints::int_code(rhs, &slot)?,
            inclusive,
        ))
    }

    fn element(&mut self, element: &crate::syntax::ast::Element) -> Element {
        let mark = self.scope.len();
        let clauses = element
            .clauses
            .iter()
            .map(|clause| match clause {
                crate::syntax::ast::Clause::For {
                    pattern: Pattern::Name(var),
                    iter,
                } => {
                    // The range is evaluated before its variable is bound.
                    let iter_code = self.expr(iter);
                    let range = self.int_range(iter).map(Box::new);
                    self.scope.push(var.name.clone());
                    Clause::For {
                        var: var.name.clone(),
                        iter: iter_code,
                        range,
                        span: iter.span,
                    }
                }
                crate::syntax::ast::Clause::If(cond) => Clause::If {
                    cond: self.expr(cond),
                    span: cond.span,
                },
                _ => unreachable!("only plain clauses are compiled: see `plain_clauses`"),
            })
            .collect();
        let expr = self.expr(&element.expr);
        self.scope.truncate(mark);
        Element {
            expr,
            span: element.expr.span,
            clauses,
        }
    }
}
