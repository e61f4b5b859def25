//! pest pairs to AST. Operator precedence lives in the one Pratt table below.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::sync::{Arc, LazyLock};

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::ast::*;
use super::error::SyntaxError;
use super::grammar::{GrundyParser, Rule};
use crate::source::{Lines, SourceId, Span};

/// How deep brackets and prefix operators may nest. Deeper input is refused with a
/// diagnostic, so no recursion over the tree can run out of stack.
pub const MAX_NESTING: usize = 1000;

/// Operator precedence, lowest first.
static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    use Assoc::{Left, Right};
    PrattParser::new()
        // `misere G == H`: a play convention takes the whole expression after it.
        .op(Op::prefix(Rule::play))
        .op(Op::infix(Rule::or, Left))
        .op(Op::infix(Rule::and, Left))
        .op(Op::prefix(Rule::not))
        .op(Op::postfix(Rule::claim) | Op::postfix(Rule::kind_test))
        .op(Op::infix(Rule::eq, Left)
            | Op::infix(Rule::ne, Left)
            | Op::infix(Rule::lt, Left)
            | Op::infix(Rule::le, Left)
            | Op::infix(Rule::gt, Left)
            | Op::infix(Rule::ge, Left)
            | Op::infix(Rule::member, Left)
            | Op::infix(Rule::not_member, Left))
        .op(Op::infix(Rule::range, Left) | Op::infix(Rule::range_incl, Left))
        .op(Op::infix(Rule::bit_or, Left))
        .op(Op::infix(Rule::xor, Left))
        .op(Op::infix(Rule::bit_and, Left))
        .op(Op::infix(Rule::add, Left) | Op::infix(Rule::sub, Left))
        .op(Op::infix(Rule::mul, Left)
            | Op::infix(Rule::nim_mul, Left)
            | Op::infix(Rule::div, Left)
            | Op::infix(Rule::rem, Left))
        .op(Op::prefix(Rule::neg))
        .op(Op::infix(Rule::pow, Right))
        // Prefix `*` and `#` bind tightest: `*2 * 3` is `(*2) * 3`.
        .op(Op::prefix(Rule::heap) | Op::prefix(Rule::subtraction))
        // A subscript binds tighter still: `*p[0]` is the heap of `p[0]` chips.
        .op(Op::postfix(Rule::subscript))
});

#[cfg(test)]
thread_local! {
    /// Bytes of text handed to pest on this thread, for the tests that bound them.
    pub(super) static GIVEN: Cell<usize> = const { Cell::new(0) };
}

/// Bytes of text a statement's parse is first given; doubled until its parse is decided.
pub(super) const WINDOW: usize = 1024;

/// Parses one statement from `offset` in `text`. On success, also says how many bytes it
/// took (its terminator included).
///
/// pest is given a window of the text, not all the rest of it, because a pest error costs a
/// scan from its position to the end of the input: a script of 10^4 lines in error took
/// 10^4 such scans. A window ends at a line break (the lookahead after `>` stops at one). Its
/// parse is the parse of the whole text when it ends on a statement's `;` or line break, or
/// fails at an attempt before the window's end: only a rule tried at the very end could have
/// read past it (the property test in `super::tests` holds the windows to that).
pub(super) fn parse_statement(
    source: SourceId,
    text: &str,
    offset: usize,
    lines: &Lines,
    mut window: usize,
) -> Result<(Stmt, usize)> {
    let statement = loop {
        let end = lines
            .next_start(offset.saturating_add(window))
            .unwrap_or(text.len());
        let input = &text[offset..end];
        #[cfg(test)]
        GIVEN.with(|given| given.set(given.get() + input.len()));
        let whole = end == text.len();
        match GrundyParser::parse(Rule::statement, input) {
            Ok(mut pairs) => {
                let statement = pairs.next().expect("a statement pair");
                let ended = statement.clone().into_inner().last();
                let at = offset + statement.as_span().end();
                // A `where` on a line after the window would have continued the statement.
                let continued = ended.as_ref().is_some_and(|end| end.as_str() == "\n")
                    && end < text.len()
                    && starts_with_where(&text[at..]);
                if whole || ended.is_some_and(|end| !end.as_str().is_empty()) && !continued {
                    break statement;
                }
            }
            Err(error) => {
                let before_end = match error.location {
                    InputLocation::Pos(at) => at < input.len(),
                    InputLocation::Span(_) => false,
                };
                let parsing = matches!(error.variant, ErrorVariant::ParsingError { .. });
                if whole || parsing && before_end {
                    return Err(super::convert_pest_error(source, text, offset, error));
                }
            }
        }
        window = window.max(1).saturating_mul(2);
    };
    let consumed = statement.as_span().end();
    let stmt_pair = statement
        .into_inner()
        .find(|pair| pair.as_rule() != Rule::stmt_end)
        .expect("a statement inside");
    let builder = Builder {
        source,
        offset,
        depth: Cell::new(0),
        negated_minimum: RefCell::new(Vec::new()),
    };
    Ok((builder.stmt(stmt_pair)?, consumed))
}

/// Whether `rest` goes on with `where` after blank lines and comments: the statement before
/// it may continue there (a `;` passed over too only makes the window larger than needed).
fn starts_with_where(rest: &str) -> bool {
    let word = &rest[skip_gap(rest, 0)..];
    word.starts_with("where")
        && !word[5..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
}

/// Where the next statement starts: past the blank lines, comments and `;` from `offset`
/// on (the grammar's `gap`). Written out rather than asked of pest, whose failure at a
/// statement builds an error that scans the whole rest of the text.
pub(super) fn skip_gap(text: &str, mut offset: usize) -> usize {
    let bytes = text.as_bytes();
    while offset < bytes.len() {
        match bytes[offset] {
            b' ' | b'\t' | b'\r' | b'\n' | b';' => offset += 1,
            b'/' if bytes.get(offset + 1) == Some(&b'/') => {
                offset = text[offset..].find('\n').map_or(text.len(), |n| offset + n);
            }
            _ => break,
        }
    }
    offset
}

struct Builder {
    source: SourceId,
    /// Where the parsed slice starts in the whole text.
    offset: usize,
    depth: Cell<usize>,
    /// Where the literals 9223372036854775808 that a `-` makes `i64::MIN` start: see
    /// [`negated_minimum`].
    negated_minimum: RefCell<Vec<u32>>,
}

type Result<T> = std::result::Result<T, SyntaxError>;

impl Builder {
    fn span(&self, pair: &Pair<Rule>) -> Span {
        let span = pair.as_span();
        Span::new(
            self.source,
            self.offset + span.start(),
            self.offset + span.end(),
        )
    }

    fn stmt(&self, pair: Pair<Rule>) -> Result<Stmt> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::let_stmt => {
                let mut name = None;
                let mut params = None;
                let mut body = None;
                let mut loopy = false;
                for inner in pair.into_inner() {
                    match inner.as_rule() {
                        Rule::loopy_mark => loopy = true,
                        Rule::name => name = Some(self.ident(&inner)),
                        Rule::params => params = Some(self.params(inner)?),
                        Rule::expr => body = Some(self.expr(inner)?),
                        _ => {}
                    }
                }
                StmtKind::Let {
                    name: name.expect("let has a name"),
                    params,
                    body: Arc::new(body.expect("let has a body")),
                    loopy,
                }
            }
            Rule::assert_stmt => StmtKind::Assert(self.expr(last_expr(pair))?),
            Rule::command => self.command(pair)?,
            Rule::plot_stmt => self.plot(pair)?,
            Rule::expr => StmtKind::Expr(self.expr(pair)?),
            Rule::full_stmt => StmtKind::Full(self.expr(last_expr(pair))?),
            rule => unreachable!("statement rule {rule:?}"),
        };
        Ok(Stmt { kind, span })
    }

    fn command(&self, pair: Pair<Rule>) -> Result<StmtKind> {
        let mut verb = Verb::Why;
        let mut modifiers = Vec::new();
        let mut target = None;
        let mut to = None;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::verb => {
                    verb = match inner.as_str() {
                        "why" => Verb::Why,
                        "moves" => Verb::Moves,
                        "options" => Verb::Options,
                        "tree" => Verb::Tree,
                        _ => Verb::Dot,
                    }
                }
                Rule::modifier => modifiers.push((inner.as_str().to_owned(), self.span(&inner))),
                Rule::plot_to => {
                    let span = self.span(&inner);
                    if verb != Verb::Dot {
                        return Err(SyntaxError::WrittenTo { span });
                    }
                    to = Some(self.expr(last_expr(inner))?);
                }
                _ => target = Some(self.expr(inner)?),
            }
        }
        let allowed: &[&str] = match verb {
            Verb::Why | Verb::Tree | Verb::Options => &["full"],
            Verb::Moves => &["all", "full"],
            Verb::Dot => &[],
        };
        let (mut full, mut all) = (false, false);
        for (word, span) in modifiers {
            let said = if word == "all" { &mut all } else { &mut full };
            if *said || !allowed.contains(&word.as_str()) {
                let allowed = match allowed {
                    [] => "nothing",
                    ["full"] => "`full`",
                    _ => "`all` and `full` (once each)",
                };
                return Err(SyntaxError::Modifier {
                    span,
                    word,
                    allowed,
                });
            }
            *said = true;
        }
        Ok(StmtKind::Command {
            verb,
            full,
            all,
            target: target.expect("a command has a target"),
            to,
        })
    }

    fn plot(&self, pair: Pair<Rule>) -> Result<StmtKind> {
        let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::kw_plot);
        let target = self.expr(inner.next().expect("a plot has a table"))?;
        let to = match inner.next() {
            Some(to) => Some(self.expr(last_expr(to))?),
            None => None,
        };
        Ok(StmtKind::Plot { target, to })
    }

    fn params(&self, pair: Pair<Rule>) -> Result<Vec<Ident>> {
        let mut seen = HashSet::new();
        let mut params = Vec::new();
        for inner in pair.into_inner().filter(|p| p.as_rule() == Rule::name) {
            let ident = self.ident(&inner);
            if !seen.insert(ident.name.clone()) {
                return Err(SyntaxError::DuplicateParameter {
                    span: ident.span,
                    name: ident.name.to_string(),
                });
            }
            params.push(ident);
        }
        Ok(params)
    }

    fn ident(&self, pair: &Pair<Rule>) -> Ident {
        Ident {
            name: pair.as_str().into(),
            span: self.span(pair),
        }
    }

    /// Enters one level of nesting, refusing to go deeper than [`MAX_NESTING`].
    fn nested<T>(&self, span: Span, levels: usize, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let depth = self.depth.get() + levels;
        if depth > MAX_NESTING {
            // Point at where the too-deep part opens, not at all of it.
            let opening = Span {
                end: span.start + 1,
                ..span
            };
            return Err(SyntaxError::TooDeep {
                span: opening,
                limit: MAX_NESTING,
            });
        }
        self.depth.set(depth);
        let result = f();
        self.depth.set(depth - levels);
        result
    }

    fn expr(&self, pair: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        let bindings = pair
            .clone()
            .into_inner()
            .find(|inner| inner.as_rule() == Rule::bindings);
        let Some(bindings) = bindings else {
            return self.operation(pair);
        };
        // The body is the pairs before `where`; its span ends at its last token.
        let body_pairs = pair
            .clone()
            .into_inner()
            .filter(|inner| inner.as_rule() != Rule::bindings);
        let body_end = body_pairs
            .clone()
            .last()
            .map_or(span.end as usize, |last| self.offset + last.as_span().end());
        let body_span = Span::new(self.source, span.start as usize, body_end);
        let body = self.operation_of(body_span, body_pairs)?;
        let bindings = self.nested(span, 1, || {
            bindings
                .into_inner()
                .filter(|inner| inner.as_rule() == Rule::binding)
                .map(|binding| self.binding(binding))
                .collect::<Result<Vec<_>>>()
        })?;
        Ok(Expr {
            kind: ExprKind::Where {
                body: Box::new(body),
                bindings,
            },
            span,
        })
    }

    /// `k = e` (of a `where` or a `let` clause).
    fn binding(&self, pair: Pair<Rule>) -> Result<Binding> {
        let mut pattern = None;
        let mut value = None;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::name | Rule::list_pattern => pattern = Some(self.pattern(inner)?),
                Rule::expr | Rule::operation => value = Some(self.expr(inner)?),
                _ => {}
            }
        }
        Ok(Binding {
            pattern: pattern.expect("a binding's pattern"),
            value: value.expect("a binding's value"),
        })
    }

    /// A name, or `[a, [b, c]]`; a name bound twice in one pattern is refused (but `_`).
    fn pattern(&self, pair: Pair<Rule>) -> Result<Pattern> {
        let pattern = self.pattern_here(pair)?;
        let mut seen = HashSet::new();
        for ident in pattern.names() {
            if &*ident.name != "_" && !seen.insert(ident.name.clone()) {
                return Err(SyntaxError::DuplicateName {
                    span: ident.span,
                    name: ident.name.to_string(),
                });
            }
        }
        Ok(pattern)
    }

    fn pattern_here(&self, pair: Pair<Rule>) -> Result<Pattern> {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::name => Ok(Pattern::Name(self.ident(&pair))),
            _ => self.nested(span, 1, || {
                let items = pair
                    .into_inner()
                    .filter(|p| matches!(p.as_rule(), Rule::name | Rule::list_pattern))
                    .map(|p| self.pattern_here(p))
                    .collect::<Result<_>>()?;
                Ok(Pattern::List { items, span })
            }),
        }
    }

    fn operation(&self, pair: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        self.operation_of(span, pair.into_inner())
    }

    /// Operands and operators in a row, given their shape by the Pratt table.
    fn operation_of<'i>(
        &self,
        mut span: Span,
        row: impl Iterator<Item = Pair<'i, Rule>> + Clone,
    ) -> Result<Expr> {
        let levels = pratt_recursion(row.clone());
        let room = MAX_NESTING.saturating_sub(self.depth.get());
        if let Some(at) = (levels > room)
            .then(|| first_operator_past(row.clone(), room))
            .flatten()
        {
            span = Span::new(self.source, self.offset + at, span.end as usize);
        }
        let literals = negated_minimum(row.clone());
        let literals = literals.iter().map(|pair| self.span(pair).start);
        self.negated_minimum.borrow_mut().extend(literals);
        self.nested(span, levels, || {
            PRATT
                .map_primary(|primary| self.primary(primary))
                .map_prefix(|op, operand| self.prefix(op, operand?))
                .map_postfix(|operand, op| self.postfix(operand?, op))
                .map_infix(|lhs, op, rhs| self.infix(lhs?, op, rhs?))
                .parse(row)
        })
    }

    fn prefix(&self, op: Pair<Rule>, operand: Expr) -> Result<Expr> {
        let op_span = self.span(&op);
        if op.as_rule() == Rule::neg
            && operand.kind == ExprKind::Int(i64::MIN)
            && self.negated_minimum.borrow().contains(&operand.span.start)
        {
            // `-9223372036854775808`: the literal read as i64::MIN, and this `-` with it.
            return Ok(Expr {
                span: op_span.to(operand.span),
                ..operand
            });
        }
        if op.as_rule() == Rule::play {
            let word = op.into_inner().next().expect("a play's word");
            let play = match word.as_str() {
                "normal" => Play::Normal,
                _ => Play::Misere,
            };
            // The word alone, not the spaces after it.
            let op_span = self.span(&word);
            let span = op_span.to(operand.span);
            return Ok(Expr {
                kind: ExprKind::Play {
                    play,
                    play_span: op_span,
                    expr: Box::new(operand),
                },
                span,
            });
        }
        let op = match op.as_rule() {
            Rule::heap => PrefixOp::Heap,
            Rule::subtraction => PrefixOp::Subtraction,
            Rule::neg => PrefixOp::Neg,
            Rule::not => PrefixOp::Not,
            rule => unreachable!("prefix rule {rule:?}"),
        };
        let span = op_span.to(operand.span);
        Ok(Expr {
            kind: ExprKind::Prefix {
                op,
                op_span,
                operand: Box::new(operand),
            },
            span,
        })
    }

    fn postfix(&self, operand: Expr, op: Pair<Rule>) -> Result<Expr> {
        if op.as_rule() == Rule::subscript {
            return self.subscript(operand, op);
        }
        if op.as_rule() == Rule::kind_test {
            let kind_span = self.span(&op);
            let word = op
                .into_inner()
                .find(|p| p.as_rule() == Rule::kind)
                .map_or("", |p| p.as_str());
            let kind = Kind::ALL
                .iter()
                .find(|(written, _)| *written == word)
                .map(|(_, kind)| *kind)
                .expect("a kind the grammar knows");
            let span = operand.span.to(kind_span);
            return Ok(Expr {
                kind: ExprKind::IsKind {
                    value: Box::new(operand),
                    kind,
                    kind_span,
                },
                span,
            });
        }
        let claim_span = self.span(&op);
        let outcome = match op
            .into_inner()
            .find(|p| p.as_rule() == Rule::outcome)
            .map(|p| p.as_str())
        {
            Some("losing" | "P") => Outcome::Losing,
            Some("winning" | "N") => Outcome::Winning,
            Some("draw" | "D") => Outcome::Draw,
            other => unreachable!("outcome {other:?}"),
        };
        let span = operand.span.to(claim_span);
        Ok(Expr {
            kind: ExprKind::Claim {
                game: Box::new(operand),
                outcome,
                claim_span,
            },
            span,
        })
    }

    fn infix(&self, lhs: Expr, op: Pair<Rule>, rhs: Expr) -> Result<Expr> {
        let op_span = self.span(&op);
        let op = binop(op.as_rule());
        let span = lhs.span.to(rhs.span);
        let Some(level) = op.chain_level() else {
            let kind = ExprKind::Binary {
                op,
                op_span,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
            return Ok(Expr { kind, span });
        };
        // Extend a chain of the same level instead of nesting it one deeper.
        if let ExprKind::Chain { first, mut rest } = lhs.kind {
            if rest[0].0.chain_level() == Some(level) {
                rest.push((op, op_span, rhs));
                return Ok(Expr {
                    kind: ExprKind::Chain { first, rest },
                    span,
                });
            }
            let lhs = Expr {
                kind: ExprKind::Chain { first, rest },
                span: lhs.span,
            };
            return Ok(chain(lhs, op, op_span, rhs));
        }
        Ok(chain(lhs, op, op_span, rhs))
    }

    fn primary(&self, pair: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::int if self.negated_minimum.borrow().contains(&span.start) => {
                ExprKind::Int(i64::MIN)
            }
            Rule::int => ExprKind::Int(self.int(&pair)?),
            Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
            Rule::string => {
                let text = pair.into_inner().next().map_or("", |p| p.as_str());
                ExprKind::Str(text.into())
            }
            Rule::name | Rule::library_name => ExprKind::Name(self.ident(&pair)),
            Rule::lone_star => ExprKind::LoneStar,
            Rule::paren => {
                let inner = self.nested(span, 1, || self.expr(first_expr(pair)))?;
                ExprKind::Paren(Box::new(inner))
            }
            Rule::if_expr => self.nested(span, 1, || {
                let mut exprs = pair.into_inner().filter(|p| p.as_rule() == Rule::operation);
                let mut next = || self.expr(exprs.next().expect("three parts of an if"));
                Ok(ExprKind::If {
                    cond: Box::new(next()?),
                    then: Box::new(next()?),
                    otherwise: Box::new(next()?),
                })
            })?,
            Rule::lambda => self.nested(span, 1, || self.lambda(pair))?,
            Rule::game => ExprKind::Game(self.nested(span, 1, || self.elements(pair))?),
            Rule::set => ExprKind::Set(self.nested(span, 1, || self.elements(pair))?),
            Rule::map => ExprKind::Map(self.nested(span, 1, || self.entries(pair))?),
            Rule::list => ExprKind::List(self.nested(span, 1, || self.elements(pair))?),
            Rule::call => self.nested(span, 1, || self.call(pair))?,
            rule => unreachable!("primary rule {rule:?}"),
        };
        Ok(Expr { kind, span })
    }

    /// `k => n - k`: its parameters, each once, and its body.
    fn lambda(&self, pair: Pair<Rule>) -> Result<ExprKind> {
        let mut inner = pair.into_inner();
        let params_pair = inner.next().expect("a lambda's parameters");
        let mut seen = HashSet::new();
        let mut params = Vec::new();
        for name in params_pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::name)
        {
            let ident = self.ident(&name);
            if !seen.insert(ident.name.clone()) {
                return Err(SyntaxError::DuplicateParameter {
                    span: ident.span,
                    name: ident.name.to_string(),
                });
            }
            params.push(ident);
        }
        let body = inner
            .find(|p| p.as_rule() == Rule::operation)
            .expect("a lambda's body");
        Ok(ExprKind::Lambda {
            params,
            body: Arc::new(self.expr(body)?),
        })
    }

    fn call(&self, pair: Pair<Rule>) -> Result<ExprKind> {
        let mut inner = pair.into_inner();
        let callee = self.ident(&inner.next().expect("a callee"));
        let arguments = inner.next().expect("arguments");
        let args = match arguments.as_rule() {
            // `mex{0, 1}` passes the set itself.
            Rule::set => vec![self.primary(arguments)?],
            _ => {
                let span = self.span(&arguments);
                let mut args = Vec::new();
                for inner in arguments.into_inner() {
                    match inner.as_rule() {
                        Rule::expr => args.push(self.expr(inner)?),
                        Rule::generator => {
                            let expr = args.pop().expect("a generator follows its expression");
                            let clauses = inner
                                .into_inner()
                                .map(|clause| self.clause(clause))
                                .collect::<Result<_>>()?;
                            let span = Span {
                                start: expr.span.start,
                                end: span.end - 1,
                                ..span
                            };
                            let element = Element {
                                expr,
                                label: None,
                                clauses,
                                span,
                            };
                            args.push(Expr {
                                kind: ExprKind::Generator(Box::new(element)),
                                span,
                            });
                        }
                        _ => {}
                    }
                }
                args
            }
        };
        Ok(ExprKind::Call { callee, args })
    }

    /// `p[2]`, `p[1:3]`, `p[i := v]`, `p[1:3 := q]` on the operand before it.
    fn subscript(&self, target: Expr, pair: Pair<Rule>) -> Result<Expr> {
        let subscript_span = self.span(&pair);
        let inner = pair
            .into_inner()
            .find(|p| p.as_rule() != Rule::close_list)
            .expect("a subscript's inside");
        let subscript = self.nested(subscript_span, 1, || {
            Ok(match inner.as_rule() {
                Rule::replaced => {
                    let mut parts = inner
                        .into_inner()
                        .filter(|p| matches!(p.as_rule(), Rule::expr | Rule::slice));
                    let place = parts.next().expect("an index or a slice");
                    let value = Box::new(self.expr(parts.next().expect("a value"))?);
                    match place.as_rule() {
                        Rule::slice => {
                            let (from, to) = self.slice_bounds(place)?;
                            Subscript::ReplaceSlice(Box::new(SliceReplacement { from, to, value }))
                        }
                        _ => Subscript::Replace {
                            index: Box::new(self.expr(place)?),
                            value,
                        },
                    }
                }
                Rule::slice => {
                    let (from, to) = self.slice_bounds(inner)?;
                    Subscript::Slice { from, to }
                }
                _ => Subscript::Index(Box::new(self.expr(inner)?)),
            })
        })?;
        let span = target.span.to(subscript_span);
        Ok(Expr {
            kind: ExprKind::Subscript {
                target: Box::new(target),
                subscript,
                subscript_span,
            },
            span,
        })
    }

    /// A map's entries: each key, and its value with the entry's clauses.
    fn entries(&self, pair: Pair<Rule>) -> Result<Vec<(Expr, Element)>> {
        pair.into_inner()
            .filter(|p| p.as_rule() == Rule::map_entry)
            .map(|entry| {
                let span = self.span(&entry);
                let mut inner = entry
                    .into_inner()
                    .filter(|p| p.as_rule() != Rule::map_colon);
                let key = self.expr(inner.next().expect("a key"))?;
                let expr = self.expr(inner.next().expect("a value"))?;
                let clauses = inner.map(|part| self.clause(part)).collect::<Result<_>>()?;
                let element = Element {
                    expr,
                    label: None,
                    clauses,
                    span,
                };
                Ok((key, element))
            })
            .collect()
    }

    /// The bounds of `a:b`, either left out.
    fn slice_bounds(&self, slice: Pair<Rule>) -> Result<SliceBounds> {
        let bound = |part: Pair<Rule>| {
            part.into_inner()
                .next()
                .map(|e| self.expr(e).map(Box::new))
                .transpose()
        };
        let mut parts = slice.into_inner();
        let from = bound(parts.next().expect("a slice's start"))?;
        let to = bound(parts.next().expect("a slice's end"))?;
        Ok((from, to))
    }

    fn elements(&self, pair: Pair<Rule>) -> Result<Vec<Element>> {
        pair.into_inner()
            .filter(|p| p.as_rule() == Rule::element)
            .map(|element| {
                let span = self.span(&element);
                let mut inner = element.into_inner();
                let expr = self.expr(inner.next().expect("an element expression"))?;
                let mut label = None;
                let mut clauses = Vec::new();
                for part in inner {
                    match part.as_rule() {
                        Rule::move_label => label = Some(self.expr(last_expr(part))?),
                        _ => clauses.push(self.clause(part)?),
                    }
                }
                Ok(Element {
                    expr,
                    label,
                    clauses,
                    span,
                })
            })
            .collect()
    }

    fn clause(&self, pair: Pair<Rule>) -> Result<Clause> {
        match pair.as_rule() {
            Rule::for_clause => {
                let mut pattern = None;
                let mut iter = None;
                for inner in pair.into_inner() {
                    match inner.as_rule() {
                        Rule::name | Rule::list_pattern => pattern = Some(self.pattern(inner)?),
                        Rule::expr => iter = Some(self.expr(inner)?),
                        _ => {}
                    }
                }
                Ok(Clause::For {
                    pattern: pattern.expect("a loop variable"),
                    iter: iter.expect("an iterable"),
                })
            }
            Rule::if_clause => Ok(Clause::If(self.expr(last_expr(pair))?)),
            Rule::let_clause => Ok(Clause::Let(self.binding(pair)?)),
            rule => unreachable!("clause rule {rule:?}"),
        }
    }

    fn int(&self, pair: &Pair<Rule>) -> Result<i64> {
        let text = pair.as_str();
        let too_large = || {
            let span = self.span(pair);
            // A long number is underlined where it leaves 64 bits, not across the screen.
            let end = if text.len() > LONG_NUMBER {
                span.start + PAST_64_BITS
            } else {
                span.end
            };
            SyntaxError::NumberTooLarge {
                span: Span { end, ..span },
                digits: clipped_number(text),
            }
        };
        magnitude(text)
            .and_then(|value| i64::try_from(value).ok())
            .ok_or_else(too_large)
    }
}

/// The value of an integer literal (`1_000`, `3e5`), if it is below 2^128.
fn magnitude(text: &str) -> Option<u128> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    let digits: String = mantissa.chars().filter(|c| *c != '_').collect();
    let value: u128 = digits.parse().ok()?;
    match exponent {
        Some(exponent) => value.checked_mul(10u128.checked_pow(exponent.parse().ok()?)?),
        None => Some(value),
    }
}

/// The literals 2^63 right after a `-` and not raised to a power: `-9223372036854775808`
/// is i64::MIN, though 9223372036854775808 alone does not fit in 64 bits (`-2 ** 2` is
/// `-(2 ** 2)`, so `-9223372036854775808 ** 1` is still too large).
fn negated_minimum<'i>(tokens: impl Iterator<Item = Pair<'i, Rule>>) -> Vec<Pair<'i, Rule>> {
    let mut found = Vec::new();
    let mut tokens = tokens.peekable();
    let mut after_minus = false;
    while let Some(token) = tokens.next() {
        let rule = token.as_rule();
        if after_minus
            && rule == Rule::int
            && tokens.peek().map(Pair::as_rule) != Some(Rule::pow)
            && magnitude(token.as_str()) == Some(1 << 63)
        {
            found.push(token);
        }
        after_minus = rule == Rule::neg;
    }
    found
}

/// How deep the Pratt parser will recurse on a row of tokens: once per prefix operator in a
/// run (`--*3`) and once per `**` in a right-associative chain (`2 ** 2 ** 2`).
fn pratt_recursion<'i>(tokens: impl Iterator<Item = Pair<'i, Rule>>) -> usize {
    let (mut prefixes, mut powers, mut deepest) = (0usize, 0usize, 0usize);
    let mut subscripts = 0usize;
    for token in tokens {
        match token.as_rule() {
            Rule::play | Rule::heap | Rule::subtraction | Rule::neg | Rule::not => prefixes += 1,
            Rule::pow => powers += 1,
            // `p[0][0]…` nests one level a subscript.
            Rule::subscript => {
                subscripts += 1;
                deepest = deepest.max(subscripts);
            }
            rule if is_infix(rule) => powers = 0,
            _ => {
                deepest = deepest.max(prefixes + powers);
                prefixes = 0;
                subscripts = 0;
            }
        }
    }
    deepest
}

/// Where the prefix operators and powers counted by [`pratt_recursion`] first nest deeper than
/// `room`: the operator to point at.
fn first_operator_past<'i>(
    tokens: impl Iterator<Item = Pair<'i, Rule>>,
    room: usize,
) -> Option<usize> {
    let (mut prefixes, mut powers, mut subscripts) = (0usize, 0usize, 0usize);
    for token in tokens {
        match token.as_rule() {
            Rule::play | Rule::heap | Rule::subtraction | Rule::neg | Rule::not => prefixes += 1,
            Rule::pow => powers += 1,
            Rule::subscript => subscripts += 1,
            rule if is_infix(rule) => powers = 0,
            _ => {
                prefixes = 0;
                subscripts = 0;
            }
        }
        if prefixes + powers > room || subscripts > room {
            return Some(token.as_span().start());
        }
    }
    None
}

fn is_infix(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::or
            | Rule::and
            | Rule::eq
            | Rule::ne
            | Rule::lt
            | Rule::le
            | Rule::gt
            | Rule::ge
            | Rule::range
            | Rule::range_incl
            | Rule::xor
            | Rule::member
            | Rule::not_member
            | Rule::bit_or
            | Rule::bit_and
            | Rule::add
            | Rule::sub
            | Rule::mul
            | Rule::nim_mul
            | Rule::div
            | Rule::rem
    )
}

fn chain(first: Expr, op: BinOp, op_span: Span, rhs: Expr) -> Expr {
    let span = first.span.to(rhs.span);
    Expr {
        kind: ExprKind::Chain {
            first: Box::new(first),
            rest: vec![(op, op_span, rhs)],
        },
        span,
    }
}

fn first_expr(pair: Pair<Rule>) -> Pair<Rule> {
    exprs(pair.into_inner())
        .next()
        .expect("an expression inside")
}

fn last_expr(pair: Pair<Rule>) -> Pair<Rule> {
    exprs(pair.into_inner())
        .last()
        .expect("an expression inside")
}

fn exprs(pairs: Pairs<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    pairs.filter(|p| p.as_rule() == Rule::expr)
}

fn binop(rule: Rule) -> BinOp {
    match rule {
        Rule::or => BinOp::Or,
        Rule::and => BinOp::And,
        Rule::eq => BinOp::Eq,
        Rule::ne => BinOp::Ne,
        Rule::lt => BinOp::Lt,
        Rule::le => BinOp::Le,
        Rule::gt => BinOp::Gt,
        Rule::ge => BinOp::Ge,
        Rule::range => BinOp::Range,
        Rule::range_incl => BinOp::RangeIncl,
        Rule::xor => BinOp::Xor,
        Rule::member => BinOp::In,
        Rule::not_member => BinOp::NotIn,
        Rule::bit_or => BinOp::BitOr,
        Rule::bit_and => BinOp::BitAnd,
        Rule::add => BinOp::Add,
        Rule::sub => BinOp::Sub,
        Rule::mul => BinOp::Mul,
        Rule::nim_mul => BinOp::NimMul,
        Rule::div => BinOp::Div,
        Rule::rem => BinOp::Rem,
        Rule::pow => BinOp::Pow,
        rule => unreachable!("infix rule {rule:?}"),
    }
}

/// Numbers longer than this are quoted and underlined in part.
const LONG_NUMBER: usize = 36;
/// The digits of a long number that are underlined: `i64::MAX` has 19, the 20th is too many.
const PAST_64_BITS: u32 = 20;

/// A number as an error message quotes it: a long one by its ends and its length, so that a
/// thousand-digit typo does not fill the screen.
fn clipped_number(text: &str) -> String {
    const SHOWN: usize = 12;
    if text.len() <= LONG_NUMBER {
        return text.to_owned();
    }
    // Numbers are ASCII, so byte offsets are character offsets.
    format!(
        "{}…{} ({} characters)",
        &text[..SHOWN],
        &text[text.len() - SHOWN..],
        text.len()
    )
}

/// The start and end of a slice `a:b`, each maybe left out.
type SliceBounds = (Option<Box<Expr>>, Option<Box<Expr>>);
