//! The abstract syntax tree. Every node carries the span of the source it came from.

use std::sync::Arc;

pub use crate::game::misere::Play;
use crate::source::Span;

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: Arc<str>,
    pub span: Span,
}

/// One statement: a line of a script or of the REPL.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `let G = <*0, *1>` (no parameters) or `let S(n) = ...` (a family).
    Let {
        name: Ident,
        params: Option<Vec<Ident>>,
        body: Arc<Expr>,
        /// `let loopy f(n) = ...`: its games may come back to a position.
        loopy: bool,
    },
    /// `assert *1 + *2 == *3`
    Assert(Expr),
    /// A bare expression, whose value is printed: `*5 + #7`
    Expr(Expr),
    /// An expression whose value is printed whole, a long table or set not folded:
    /// `full seq(kayles, 0..2000)`
    Full(Expr),
    /// `why *3 == *4`, `moves all G`, `tree full G`, `options full G`: an explanation of
    /// the target. `full` shows everything (nothing folded), `all` lists every move of
    /// `moves`, not only the winning ones.
    /// `dot G to "g.svg"`: the picture laid out and written to the file (SVG or PNG); only
    /// `dot` has a `to`.
    Command {
        verb: Verb,
        full: bool,
        all: bool,
        target: Expr,
        to: Option<Expr>,
    },
    /// `plot seq(kayles, 0..1000)`: a table of values drawn as an SVG scatter plot;
    /// `plot seq(kayles, 0..1000) to "kayles.svg"` writes it to that file.
    Plot { target: Expr, to: Option<Expr> },
}

/// What a command explains.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `why CLAIM`, `why G`: a proof.
    Why,
    /// `moves G`: the winning moves; `moves all G`: every move.
    Moves,
    /// `options G`: the options and their values.
    Options,
    /// `tree G`: the game tree, drawn.
    Tree,
    /// `dot G`: Graphviz DOT of the game DAG; `dot G to "g.svg"`: its picture, laid out.
    Dot,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `42`, `1e18`
    Int(i64),
    /// `true`
    Bool(bool),
    /// `"0.77"`
    Str(Arc<str>),
    /// `G`
    Name(Ident),
    /// `*` alone: the heap of one chip.
    LoneStar,
    /// `-e`, `not e`, `*e` (heap), `#e` (subtraction game)
    Prefix {
        op: PrefixOp,
        op_span: Span,
        operand: Box<Expr>,
    },
    /// `a + b - c`: left-associative operators of one precedence level, in a row.
    /// Kept flat so that a sum of 100 000 terms is not 100 000 levels deep.
    Chain {
        first: Box<Expr>,
        rest: Vec<(BinOp, Span, Expr)>,
    },
    /// `a ** b`, `a..b`, `a..=b`: operators that do not chain to the left.
    Binary {
        op: BinOp,
        op_span: Span,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `G is losing`, `G is N`
    Claim {
        game: Box<Expr>,
        outcome: Outcome,
        claim_span: Span,
    },
    /// `if c then x else y`
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    /// `<*0, *1, S(n - k) for k in 1..=3 if k <= n>`
    Game(Vec<Element>),
    /// `{1, 3, 4}`
    Set(Vec<Element>),
    /// `[3, 4, 5]`, `[p[i] - k for k in 1..=p[i]]`
    List(Vec<Element>),
    /// `{"a": 1}`, `{:}`, `{k: k * k for k in 0..5}`: each entry's key, and its value under
    /// the entry's clauses.
    Map(Vec<(Expr, Element)>),
    /// `p[2]`, `p[1:3]`, `p[i := v]`
    Subscript {
        target: Box<Expr>,
        subscript: Subscript,
        /// The brackets and what is between them.
        subscript_span: Span,
    },
    /// `K(x) for x in p if x > 0`: the one argument of a call such as `sum(...)` or
    /// `all(...)`, the values of its expression for each pass of its clauses.
    Generator(Box<Element>),
    /// `nimber(G)`, `mex{0, 1}`
    Call { callee: Ident, args: Vec<Expr> },
    /// `(e)`: kept so errors can point at it and chains do not swallow it.
    Paren(Box<Expr>),
    /// `misere G == H`, `misère *1 + *1 is winning`, `normal G == H`: the whole expression
    /// after the word in that play convention (`G is losing`, `==` between games).
    Play {
        play: Play,
        /// The word `misere`, `misère` or `normal`.
        play_span: Span,
        expr: Box<Expr>,
    },
    /// `body where k = e, [a, b] = p`: the body with local names bound, each binding seeing
    /// the ones before it.
    Where {
        body: Box<Expr>,
        bindings: Vec<Binding>,
    },
    /// `k => n - k`, `(a, b) => a + b`: a function written inline.
    Lambda { params: Vec<Ident>, body: Arc<Expr> },
    /// `x is list`, `p is string`: whether a value is of a kind.
    IsKind {
        value: Box<Expr>,
        kind: Kind,
        /// `is list`.
        kind_span: Span,
    },
}

/// `k = e` of a `where`, or of a `let` clause: names bound to a value, maybe taken apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub pattern: Pattern,
    pub value: Expr,
}

/// What a value is bound to: a name, or a list of patterns taking a list apart
/// (`[a, b]`, `[i, [x, y]]`).
#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    Name(Ident),
    List { items: Vec<Pattern>, span: Span },
}

impl Pattern {
    pub fn span(&self) -> Span {
        match self {
            Pattern::Name(ident) => ident.span,
            Pattern::List { span, .. } => *span,
        }
    }

    /// The names it binds, left to right.
    pub fn names(&self) -> Vec<&Ident> {
        let mut names = Vec::new();
        self.each_name(&mut |ident| names.push(ident));
        names
    }

    /// How many names it binds.
    pub fn width(&self) -> usize {
        match self {
            Pattern::Name(_) => 1,
            Pattern::List { items, .. } => items.iter().map(Pattern::width).sum(),
        }
    }

    fn each_name<'a>(&'a self, visit: &mut dyn FnMut(&'a Ident)) {
        match self {
            Pattern::Name(ident) => visit(ident),
            Pattern::List { items, .. } => items.iter().for_each(|item| item.each_name(visit)),
        }
    }
}

/// The kinds of value `is` tests for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    Bool,
    String,
    List,
    /// A set of any members (of integers or not).
    Set,
    Range,
    Game,
    /// A family or a function: `kayles`, `let S(n) = ...`, `sub({1, 2})`, `k => k + 1`.
    Family,
    /// A game graph: `digraph("a>b")`.
    Graph,
    Map,
}

impl Kind {
    /// The kinds as written after `is`, with what each is.
    pub const ALL: &[(&str, Kind)] = &[
        ("int", Kind::Int),
        ("bool", Kind::Bool),
        ("string", Kind::String),
        ("list", Kind::List),
        ("set", Kind::Set),
        ("range", Kind::Range),
        ("game", Kind::Game),
        ("family", Kind::Family),
        ("function", Kind::Family),
        ("graph", Kind::Graph),
        ("map", Kind::Map),
    ];

    pub fn word(self) -> &'static str {
        Kind::ALL
            .iter()
            .find(|(_, kind)| *kind == self)
            .map_or("int", |(word, _)| word)
    }
}

/// What stands between the brackets of a subscript.
#[derive(Clone, Debug, PartialEq)]
pub enum Subscript {
    /// `p[2]`, `p[-1]`
    Index(Box<Expr>),
    /// `p[1:3]`, `p[:2]`, `p[1:]`
    Slice {
        from: Option<Box<Expr>>,
        to: Option<Box<Expr>>,
    },
    /// `p[i := v]`: p with element i replaced by v.
    Replace { index: Box<Expr>, value: Box<Expr> },
    /// `p[1:3 := q]`, `p[:2 := q]`: p with the slice `p[1:3]` replaced by q, of any length.
    ReplaceSlice(Box<SliceReplacement>),
}

/// `a:b := q` in `p[a:b := q]` (boxed, so that a subscript is no larger than the others).
#[derive(Clone, Debug, PartialEq)]
pub struct SliceReplacement {
    pub from: Option<Box<Expr>>,
    pub to: Option<Box<Expr>>,
    pub value: Box<Expr>,
}

/// An option of a game literal or a member of a set literal: `e for x in r if c`.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub expr: Expr,
    /// `as "take 2"`: the move to this option, in words, for explanations.
    pub label: Option<Expr>,
    pub clauses: Vec<Clause>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    /// `for k in 1..=3`, `for [a, b] in edges`
    For { pattern: Pattern, iter: Expr },
    /// `if k <= n`
    If(Expr),
    /// `let q = p[:i] + p[i + 1:]`: names bound for the clauses after it and the element.
    Let(Binding),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PrefixOp {
    Neg,
    Not,
    Heap,
    Subtraction,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Range,
    RangeIncl,
    /// `x in S`
    In,
    /// `x not in S`
    NotIn,
    Xor,
    /// `a | b`: bitwise or of integers, union of sets.
    BitOr,
    /// `a & b`: bitwise and of integers, intersection of sets.
    BitAnd,
    Add,
    Sub,
    Mul,
    /// `a ⊗ b`: the nim product.
    NimMul,
    Div,
    Rem,
    Pow,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Range => "..",
            BinOp::RangeIncl => "..=",
            BinOp::In => "in",
            BinOp::NotIn => "not in",
            BinOp::Xor => "^",
            BinOp::BitOr => "|",
            BinOp::BitAnd => "&",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::NimMul => "⊗",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Pow => "**",
        }
    }

    /// Operators of one level that chain to the left share a number here.
    pub fn chain_level(self) -> Option<u8> {
        match self {
            BinOp::Or => Some(0),
            BinOp::And => Some(1),
            BinOp::Eq
            | BinOp::Ne
            | BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::In
            | BinOp::NotIn => Some(2),
            BinOp::BitOr => Some(6),
            BinOp::Xor => Some(3),
            BinOp::BitAnd => Some(7),
            BinOp::Add | BinOp::Sub => Some(4),
            BinOp::Mul | BinOp::NimMul | BinOp::Div | BinOp::Rem => Some(5),
            BinOp::Range | BinOp::RangeIncl | BinOp::Pow => None,
        }
    }
}

/// The outcome named in a claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `is losing`, `is P`: the player to move loses.
    Losing,
    /// `is winning`, `is N`: the player to move wins.
    Winning,
    /// `is draw`, `is D`: neither player can force a win (a loopy game).
    Draw,
}

impl Expr {
    /// The expression with parentheses looked through.
    pub fn unparen(&self) -> &Expr {
        let mut expr = self;
        while let ExprKind::Paren(inner) = &expr.kind {
            expr = inner;
        }
        expr
    }
    /// Calls `visit` on this expression and on each expression inside it, outermost first.
    pub fn each_inner(&self, visit: &mut dyn FnMut(&Expr)) {
        visit(self);
        match &self.kind {
            ExprKind::Int(_)
            | ExprKind::Bool(_)
            | ExprKind::Str(_)
            | ExprKind::Name(_)
            | ExprKind::LoneStar => {}
            ExprKind::Prefix { operand, .. } => operand.each_inner(visit),
            ExprKind::Chain { first, rest } => {
                first.each_inner(visit);
                for (_, _, e) in rest {
                    e.each_inner(visit);
                }
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                lhs.each_inner(visit);
                rhs.each_inner(visit);
            }
            ExprKind::Claim { game, .. } => game.each_inner(visit),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                for e in [cond, then, otherwise] {
                    e.each_inner(visit);
                }
            }
            ExprKind::Game(elements) | ExprKind::Set(elements) | ExprKind::List(elements) => {
                for element in elements {
                    element.each_inner(visit);
                }
            }
            ExprKind::Map(entries) => {
                for (key, element) in entries {
                    key.each_inner(visit);
                    element.each_inner(visit);
                }
            }
            ExprKind::Subscript {
                target, subscript, ..
            } => {
                target.each_inner(visit);
                let parts: Vec<&Expr> = match subscript {
                    Subscript::Index(index) => vec![index],
                    Subscript::Slice { from, to } => from.iter().chain(to).map(|e| &**e).collect(),
                    Subscript::Replace { index, value } => vec![index, value],
                    Subscript::ReplaceSlice(slice) => {
                        let SliceReplacement { from, to, value } = &**slice;
                        from.iter().chain(to).chain([value]).map(|e| &**e).collect()
                    }
                };
                for e in parts {
                    e.each_inner(visit);
                }
            }
            ExprKind::Generator(element) => element.each_inner(visit),
            ExprKind::Call { args, .. } => {
                for arg in args {
                    arg.each_inner(visit);
                }
            }
            ExprKind::Paren(inner) | ExprKind::Play { expr: inner, .. } => inner.each_inner(visit),
            ExprKind::Where { body, bindings } => {
                for binding in bindings {
                    binding.value.each_inner(visit);
                }
                body.each_inner(visit);
            }
            ExprKind::IsKind { value, .. } => value.each_inner(visit),
            ExprKind::Lambda { body, .. } => body.each_inner(visit),
        }
    }
}

impl Element {
    /// Calls `visit` on each expression of the element: its clauses', its own, its label's.
    pub fn each_inner(&self, visit: &mut dyn FnMut(&Expr)) {
        for clause in &self.clauses {
            match clause {
                Clause::For { iter, .. } => iter.each_inner(visit),
                Clause::If(condition) => condition.each_inner(visit),
                Clause::Let(binding) => binding.value.each_inner(visit),
            }
        }
        self.expr.each_inner(visit);
        if let Some(label) = &self.label {
            label.each_inner(visit);
        }
    }
}
