//! Names checked before anything runs, so a typo is reported with a "did you mean" even in
//! a branch that never runs. A name is known if it is a parameter or loop variable in scope,
//! already defined, built in, or defined in the same program: anywhere, for a family's body
//! (looked up when called), and before it, for anything else.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::eval::{Session, builtins};

use crate::eval::report::error::{EvalError, Warning};
use crate::source::Span;
use crate::syntax::ast::*;

impl Session {
    /// Unknown names (errors) and likely slips (warnings) in a program.
    pub(in crate::eval) fn resolve(&self, statements: &[Stmt]) -> (Vec<EvalError>, Vec<Warning>) {
        let program = statements
            .iter()
            .filter_map(|stmt| match &stmt.kind {
                StmtKind::Let { name, .. } => Some(name.name.clone()),
                _ => None,
            })
            .collect();
        let mut resolver = Resolver {
            session: self,
            program,
            not_yet: FxHashMap::default(),
            defining: None,
            scope: Vec::new(),
            compared: 0,
            hidden: FxHashSet::default(),
            errors: Vec::new(),
            warnings: Vec::new(),
        };
        // Names the program defines and the session does not know yet.
        for stmt in statements {
            // (A library name is known already: the definition will take its place.)
            if let StmtKind::Let { name, .. } = &stmt.kind
                && !self.program.globals.contains_key(&name.name)
                && crate::library::defining(&name.name).is_none()
            {
                resolver
                    .not_yet
                    .entry(name.name.clone())
                    .or_insert(name.span);
            }
        }
        for stmt in statements {
            if let StmtKind::Let { name, .. } = &stmt.kind {
                resolver.hides_library(name, stmt.span);
            }
            match &stmt.kind {
                // `let f = x => e` is the family `let f(x) = e`.
                StmtKind::Let {
                    name,
                    params: None,
                    body,
                    ..
                } if let ExprKind::Lambda { params, body } = &body.unparen().kind => {
                    resolver.family(name, params, body);
                }
                StmtKind::Let {
                    name,
                    params: Some(params),
                    body,
                    ..
                } => resolver.family(name, params, body),
                StmtKind::Let {
                    name,
                    params: None,
                    body,
                    ..
                } => {
                    resolver.defining = Some(name.name.clone());
                    resolver.expr(body);
                    resolver.defining = None;
                    resolver.not_yet.remove(&name.name);
                }
                StmtKind::Assert(expr) | StmtKind::Expr(expr) | StmtKind::Full(expr) => {
                    resolver.expr(expr)
                }
                StmtKind::Command { target, to, .. } | StmtKind::Plot { target, to } => {
                    resolver.expr(target);
                    if let Some(to) = to {
                        resolver.expr(to);
                    }
                }
            }
        }
        (resolver.errors, resolver.warnings)
    }
}

/// Names compared in one program in search of "did you mean": 10^4 unknown names in a
/// program of 10^4 definitions would compare 10^8 pairs, for minutes. Past the budget an
/// unknown name gets the plain help.
const SUGGESTION_BUDGET: usize = 2_000_000;

struct Resolver<'s> {
    session: &'s Session,
    program: FxHashSet<Arc<str>>,
    /// Defined by the program further down (or by the statement being read): a value can't
    /// use them yet, and the program would stop there with nothing of the rest run.
    not_yet: FxHashMap<Arc<str>, Span>,
    /// The value whose definition is being read.
    defining: Option<Arc<str>>,
    scope: Vec<Arc<str>>,
    /// Names compared with unknown ones so far, for "did you mean".
    compared: usize,
    /// Library names this program's `let`s hide, each warned of once.
    hidden: FxHashSet<Arc<str>>,
    errors: Vec<EvalError>,
    warnings: Vec<Warning>,
}

impl Resolver<'_> {
    /// A family's body is looked up when called, by which time later names may be defined.
    fn family(&mut self, name: &Ident, params: &[Ident], body: &Expr) {
        let not_yet = std::mem::take(&mut self.not_yet);
        self.scope = params.iter().map(|p| p.name.clone()).collect();
        self.expr(body);
        self.scope.clear();
        self.not_yet = not_yet;
        self.not_yet.remove(&name.name);
    }

    fn expr(&mut self, expr: &Expr) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_here(expr));
    }

    fn expr_here(&mut self, expr: &Expr) {
        match &expr.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::LoneStar => {}
            ExprKind::Name(ident) => self.name(ident, None),
            ExprKind::Prefix { operand, .. } => self.expr(operand),
            ExprKind::Chain { first, rest } => {
                self.xor_as_power(first, rest);
                self.expr(first);
                rest.iter().for_each(|(_, _, e)| self.expr(e));
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            ExprKind::Claim { game, .. } | ExprKind::Play { expr: game, .. } => self.expr(game),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond);
                self.expr(then);
                self.expr(otherwise);
            }
            ExprKind::Game(elements) | ExprKind::Set(elements) | ExprKind::List(elements) => {
                elements.iter().for_each(|element| self.element(element));
            }
            ExprKind::Generator(element) => self.element(element),
            ExprKind::Map(entries) => {
                for (key, element) in entries {
                    self.element_with(element, Some(key));
                }
            }
            ExprKind::Subscript {
                target, subscript, ..
            } => {
                self.expr(target);
                match subscript {
                    Subscript::Index(index) => self.expr(index),
                    Subscript::Slice { from, to } => {
                        from.iter().chain(to).for_each(|bound| self.expr(bound));
                    }
                    Subscript::Replace { index, value } => {
                        self.expr(index);
                        self.expr(value);
                    }
                    Subscript::ReplaceSlice(slice) => {
                        let SliceReplacement { from, to, value } = &**slice;
                        from.iter().chain(to).for_each(|bound| self.expr(bound));
                        self.expr(value);
                    }
                }
            }
            ExprKind::Call { callee, args } => {
                self.floating_edges(callee, args);
                self.name(callee, Some(args.len()));
                args.iter().for_each(|arg| self.expr(arg));
            }
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::IsKind { value, .. } => self.expr(value),
            ExprKind::Lambda { params, body } => {
                let mark = self.scope.len();
                self.scope.extend(params.iter().map(|p| p.name.clone()));
                self.expr(body);
                self.scope.truncate(mark);
            }
            ExprKind::Where { body, bindings } => {
                let mark = self.scope.len();
                for binding in bindings {
                    self.binding(binding);
                }
                self.expr(body);
                self.scope.truncate(mark);
            }
        }
    }

    /// `k = e`: `e` is read with the names bound so far, then `k` is in scope.
    fn binding(&mut self, binding: &Binding) {
        self.expr(&binding.value);
        self.bind(&binding.pattern);
    }

    fn bind(&mut self, pattern: &Pattern) {
        let names = pattern.names();
        self.scope
            .extend(names.into_iter().map(|ident| ident.name.clone()));
    }

    /// `e for x in R if c`: its loop variables are in scope in its clauses and expression.
    fn element(&mut self, element: &Element) {
        self.element_with(element, None);
    }

    /// An element, or a map's entry with its key, under the element's clauses.
    fn element_with(&mut self, element: &Element, key: Option<&Expr>) {
        let mark = self.scope.len();
        for clause in &element.clauses {
            match clause {
                Clause::For { pattern, iter } => {
                    self.expr(iter);
                    self.bind(pattern);
                }
                Clause::If(cond) => self.expr(cond),
                Clause::Let(binding) => self.binding(binding),
            }
        }
        if let Some(key) = key {
            self.expr(key);
        }
        self.expr(&element.expr);
        if let Some(label) = &element.label {
            self.expr(label);
        }
        self.scope.truncate(mark);
    }

    /// `let chomp(r) = ...` where the library has a `chomp`: said once, when the user's name
    /// first takes its place (the library's own stays `std.chomp`). The library's own
    /// definition word for word (a file of std/ run as a script) hides nothing.
    fn hides_library(&mut self, name: &Ident, statement: Span) {
        let Some(ruleset) = crate::library::defining(&name.name) else {
            return;
        };
        if ruleset.text.contains(self.session.sources.text(statement)) {
            return;
        }
        if self.session.program.globals.contains_key(&name.name)
            || !self.hidden.insert(name.name.clone())
        {
            return;
        }
        self.warnings.push(Warning::HidesLibrary {
            span: name.span,
            name: name.name.to_string(),
            file: ruleset.name,
        });
    }

    /// `10^18` written for a power: a literal 2 or 10 xor'ed with a literal.
    fn xor_as_power(&mut self, first: &Expr, rest: &[(BinOp, Span, Expr)]) {
        let mut left = first;
        for (op, _, right) in rest {
            if let (BinOp::Xor, ExprKind::Int(base @ (2 | 10)), ExprKind::Int(exponent)) =
                (op, &left.kind, &right.kind)
            {
                let value = base ^ exponent;
                let scientific = if *base == 10 {
                    format!(" or `1e{exponent}`")
                } else {
                    String::new()
                };
                let help = format!(
                    "for {base} to the power {exponent} write `{base}**{exponent}`{scientific}"
                );
                let span = left.span.to(right.span);
                self.warnings.push(Warning::XorIsNotPower {
                    span,
                    base: *base,
                    exponent: *exponent,
                    value,
                    help,
                });
            }
            left = right;
        }
    }

    /// `hackenbush("g-a x-y")`: edges not connected to the ground fall before the game starts.
    fn floating_edges(&mut self, callee: &Ident, args: &[Expr]) {
        let builtin = &*callee.name == "hackenbush"
            && !self.scope.contains(&callee.name)
            && !self.session.program.globals.contains_key(&callee.name)
            && !self.program.contains(&callee.name);
        if let (true, [arg]) = (builtin, args)
            && let ExprKind::Str(text) = &arg.kind
            && let Ok(parsed) = crate::game::hackenbush::Picture::parse(text)
            && !parsed.floating.is_empty()
        {
            self.warnings.push(Warning::FloatingEdges {
                span: arg.span,
                edges: parsed.floating.join(" "),
            });
        }
    }

    /// A name used, as a value or (`args`: with so many arguments) called.
    fn name(&mut self, ident: &Ident, args: Option<usize>) {
        let name = &ident.name;
        if let Some(own) = crate::library::qualified(name) {
            if crate::library::defining(own).is_none() {
                let error = crate::eval::run::library::unknown_in_library(ident, own);
                self.errors.push(error);
            }
            return;
        }
        let known = self.scope.contains(name)
            || self.session.program.globals.contains_key(name)
            || self.program.contains(name)
            || builtins::is_builtin(name)
            || crate::library::defining(name).is_some();
        let later = self
            .not_yet
            .get(name)
            .filter(|_| !self.scope.contains(name));
        if let Some(&defined) = later {
            let help = if self.defining.as_ref() == Some(name) {
                format!(
                    "`{name}` is not defined until its own definition is done; for a game \
                     defined by recursion, make it a family that calls itself on smaller \
                     arguments: `let {name}(n) = ...`"
                )
            } else {
                let line = self.session.sources.line_of(defined);
                format!("`{name}` is defined further down, on line {line}; move its definition up")
            };
            self.errors.push(EvalError::UnknownName {
                span: ident.span,
                name: name.to_string(),
                help: Some(help),
            });
        } else if !known {
            let help = self.suggestion(name, args);
            self.errors.push(EvalError::UnknownName {
                span: ident.span,
                name: name.to_string(),
                help,
            });
        }
    }

    fn suggestion(&mut self, name: &str, args: Option<usize>) -> Option<String> {
        if matches!(name, "quit" | "exit" | "help" | "load") {
            return Some(format!(
                "commands of the REPL start with a colon: `:{name}`"
            ));
        }
        if name == "xor" {
            return Some("the nim-sum (xor) of two integers is written `a ^ b`".into());
        }
        if matches!(name, "misere" | "misère" | "normal") {
            return Some(format!(
                "`{name}` is a prefix: write it before a question, as in `{name} *1 + *1 is \
                 losing`, or `:set play {name}` for the whole session"
            ));
        }
        let known = self.scope.len() + self.session.program.globals.len() + self.program.len();
        self.compared += known + builtins::BUILTINS.len() + crate::library::names().len();
        if self.compared > SUGGESTION_BUDGET {
            return Some(define_first(name, args));
        }
        let candidates = self
            .scope
            .iter()
            .map(|n| &**n)
            .chain(self.session.program.globals.keys().map(|n| &**n))
            .chain(self.program.iter().map(|n| &**n))
            .chain(builtins::BUILTINS.iter().map(|b| b.name))
            .chain(crate::library::names().iter().copied());
        let length = name.chars().count();
        let allowed = if length <= 3 { 1 } else { 2 };
        let best = candidates
            // Names whose lengths differ by more than `allowed` are further apart than that:
            // not worth a distance that costs their lengths' product (a name of megabytes).
            .filter(|candidate| candidate.chars().count().abs_diff(length) <= allowed)
            .map(|candidate| {
                let distance = if candidate.eq_ignore_ascii_case(name) {
                    0
                } else {
                    strsim::damerau_levenshtein(candidate, name)
                };
                (distance, candidate)
            })
            .filter(|&(distance, _)| distance <= allowed)
            .min();
        match best {
            // A name called that is two letters away may be a function of the user's own.
            Some((distance, candidate)) if distance > 1 && args.is_some() => Some(format!(
                "did you mean `{candidate}`? If not, {}",
                define_first(name, args)
            )),
            Some((_, candidate)) => Some(format!("did you mean `{candidate}`?")),
            None => Some(define_first(name, args)),
        }
    }
}

/// How to define a name not known: a game, or (called with `args` arguments) a family.
fn define_first(name: &str, args: Option<usize>) -> String {
    match args {
        None => format!("define it first, e.g. `let {name} = <*0, *1>` or `let {name}(n) = ...`"),
        Some(count) => {
            let params: Vec<String> = match count {
                0..=3 => ["x", "y", "z"][..count]
                    .iter()
                    .map(|p| p.to_string())
                    .collect(),
                _ => (1..=count).map(|i| format!("x{i}")).collect(),
            };
            format!(
                "define it first as a family: `let {name}({}) = ...` (`:help builtins` lists the \
                 built-in functions)",
                params.join(", ")
            )
        }
    }
}
