//! **Running a program**: parsing and resolving its names, its statements in order (each
//! answer or error handed to the sink), the REPL's commands, the library's loading, and the
//! host (the Python module) asking for values. A new statement or command goes here.
//!
//! Running a program: statements in order, each answer or error handed to the sink.

pub(in crate::eval) mod commands;
pub(in crate::eval) mod host;
pub(in crate::eval) mod inspect;
pub(in crate::eval) mod library;
pub(in crate::eval) mod release;
pub(in crate::eval) mod resolve;

use crate::game::loopy::{LoopyValue, Outcome as LoopyOutcome};
use std::sync::Arc;

use indexmap::IndexMap;
use rustc_hash::FxHashMap;
use std::sync::atomic::Ordering;

use miette::LabeledSpan;

use crate::eval::expr::ops::Operand;
use crate::eval::report::answer::{Answer, Diagnosis, Event, FailedAssert, Summary, Verdict};
use crate::eval::report::capped::{MoreErrors, SHOWN_ERRORS};
use crate::eval::report::error::EvalError;
use crate::eval::values::tables::{Grid, Table};
use crate::eval::values::{Family, Function, Value};
use crate::eval::{Flow, Global, Result, Session};
use crate::source::Span;
use crate::syntax::{self, ast::*};

/// The program: what it defined, the library's families, and where it runs.
pub(in crate::eval) struct Program {
    /// Hashed with FxHash: every call of a family looks its name up here.
    pub(in crate::eval) globals: IndexMap<Arc<str>, Global, rustc_hash::FxBuildHasher>,
    pub(in crate::eval) function_count: u32,
    /// Names the running program defines further down, with where.
    pub(in crate::eval) defined_later: FxHashMap<Arc<str>, Span>,
    /// The library's families defined so far, each file's on the first use of one of them.
    pub(in crate::eval) library: FxHashMap<Arc<str>, Arc<Function>>,
    /// A library family's body is being evaluated: names are looked up in the library.
    pub(in crate::eval) in_library: bool,
    /// Run from the REPL: a limit is raised with `:set limit`, not `--limit`.
    pub(in crate::eval) at_prompt: bool,
    /// `plot ... to "file.svg"` may write its file: not where the text is anybody's
    /// (fuzzing).
    pub(in crate::eval) writes_files: bool,
    /// The values of answers, while a host (the Python module) asks for them.
    pub(in crate::eval) kept: Option<host::Kept>,
    /// Functions written inline, by where they are written and the values they captured:
    /// evaluated again with the same values, a lambda is the same function, and what it
    /// remembers is shared (a family passing `j => rule(j)` down its recursion finds its
    /// calls again). At most `LAMBDAS_KEPT` of them (src/eval/expr/lambdas.rs).
    pub(in crate::eval) lambdas: FxHashMap<(Span, Vec<Value>), Arc<Function>>,
    /// Built-ins named as values (`seq(nim_mul, ...)`), each one function (see
    /// src/eval/expr/lambdas.rs).
    pub(in crate::eval) builtin_functions: FxHashMap<Arc<str>, Arc<Function>>,
}

impl Default for Program {
    fn default() -> Self {
        Program {
            globals: IndexMap::default(),
            function_count: 0,
            defined_later: FxHashMap::default(),
            library: FxHashMap::default(),
            in_library: false,
            at_prompt: false,
            writes_files: true,
            kept: None,
            lambdas: FxHashMap::default(),
            builtin_functions: FxHashMap::default(),
        }
    }
}

impl Session {
    /// Runs a program (a script, a REPL input), telling `sink` what each statement printed.
    /// Syntax and name errors are all reported and nothing runs; otherwise every statement
    /// runs, and a failed one does not stop the others.
    ///
    /// Ctrl-C (the [`Session::interrupt_flag`]) stops the whole program, whenever it comes:
    /// while it is parsed, between statements or while an answer is printed. It is reported
    /// once, and so answered: the flag is cleared then, and not before, so one pressed before
    /// the program began (while its file was read) stops it too.
    pub fn run(&mut self, name: &str, text: &str, sink: &mut dyn FnMut(Event)) -> Summary {
        self.run_after(name, text, 0, sink)
    }

    /// The same for a part of a longer input that comes after `lines_before` of its lines:
    /// diagnostics and answers count its lines as the input's (piped input, whose
    /// `:commands` run between its parts).
    pub fn run_after(
        &mut self,
        name: &str,
        text: &str,
        lines_before: usize,
        sink: &mut dyn FnMut(Event),
    ) -> Summary {
        self.measured(|session| session.run_measured(name, text, lines_before, sink))
    }

    fn run_measured(
        &mut self,
        name: &str,
        text: &str,
        lines_before: usize,
        sink: &mut dyn FnMut(Event),
    ) -> Summary {
        let mut summary = Summary::default();
        let Some(statements) = self.prepare(name, text, lines_before, sink, &mut summary) else {
            return summary;
        };
        self.program.defined_later = statements
            .iter()
            .filter_map(|stmt| match &stmt.kind {
                StmtKind::Let { name, .. } => Some((name.name.clone(), name.span)),
                _ => None,
            })
            .collect();
        for stmt in &statements {
            if self.interrupted() {
                self.cancelled(stmt.span, sink, &mut summary);
                break;
            }
            summary.statements += 1;
            if let StmtKind::Let { name, .. } = &stmt.kind {
                self.program.defined_later.remove(&name.name);
            }
            match self.exec_releasing(stmt) {
                Ok(answer) => {
                    if matches!(answer, Answer::Assert(_)) {
                        summary.held_asserts += 1;
                    }
                    let source = self.sources.get(stmt.span.source);
                    let (line, column) = source.line_column(stmt.span.start as usize);
                    let text = self.sources.text(stmt.span).to_owned();
                    self.value_answered();
                    sink(Event::Answer {
                        span: stmt.span,
                        line,
                        column,
                        source: text,
                        answer,
                    });
                    // Ctrl-C while the answer was printed: its printing stopped there.
                    if self.interrupted() {
                        self.cancelled(stmt.span, sink, &mut summary);
                        break;
                    }
                }
                Err(Flow::Error(error)) => {
                    // Stopped inside the library, out of reach of the call that led there
                    // (a call computed on its own, deep down): told at the statement.
                    let error = Box::new(self.library_error_at(*error, stmt.span));
                    if error.is_cancelled() {
                        // It did not run to its end: the summary counts those that did.
                        summary.statements -= 1;
                        self.cancelled_by(*error, sink, &mut summary);
                        break;
                    }
                    let verdict = match &*error {
                        EvalError::AssertFailed { verdict, .. } => Some((**verdict).clone()),
                        _ => None,
                    };
                    let span = error.span();
                    let mut diagnosis = self.report(*error, span);
                    if let Some(verdict) = verdict {
                        summary.failed_asserts += 1;
                        let statement = stmt.span;
                        diagnosis.assert = Some(Box::new(FailedAssert { statement, verdict }));
                    } else {
                        summary.runtime_errors += 1;
                    }
                    sink(Event::Error(diagnosis));
                }
                Err(Flow::Suspend(_)) => unreachable!("suspended calls are driven to the end"),
            }
        }
        self.program.defined_later.clear();
        summary
    }

    fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }

    /// Reports the Ctrl-C that stopped the program at `span`, which answers it.
    fn cancelled(&mut self, span: Span, sink: &mut dyn FnMut(Event), summary: &mut Summary) {
        self.cancelled_by(EvalError::Cancelled { span }, sink, summary);
    }

    /// Reports the Ctrl-C that stopped a statement, as `error` tells where.
    fn cancelled_by(
        &mut self,
        error: EvalError,
        sink: &mut dyn FnMut(Event),
        summary: &mut Summary,
    ) {
        self.interrupt.store(false, Ordering::Relaxed);
        summary.runtime_errors += 1;
        summary.cancelled = true;
        let span = error.span();
        sink(Event::Error(self.report(error, span)));
    }

    /// Parses a program and resolves its names, running nothing: what `grundy check` does.
    pub fn check(&mut self, name: &str, text: &str, sink: &mut dyn FnMut(Event)) -> Summary {
        let mut summary = Summary::default();
        self.prepare(name, text, 0, sink, &mut summary);
        summary
    }

    /// The statements of a program, or `None` after reporting its syntax or name errors.
    fn prepare(
        &mut self,
        name: &str,
        text: &str,
        lines_before: usize,
        sink: &mut dyn FnMut(Event),
        summary: &mut Summary,
    ) -> Option<Vec<Stmt>> {
        // A byte-order mark some editors write is not part of the program.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.len() as u64 > self.meter.limits.source {
            self.too_large_to_parse(name, text, sink, summary);
            return None;
        }
        let source = self.sources.add_after(name, text, lines_before);
        // A file of megabytes takes seconds to parse: a progress bar, and Ctrl-C stops it.
        let watch = &mut self.arena.watch;
        watch.begin();
        let parsed = syntax::parse_watched(source, text, &mut |done, total| {
            watch.tick("parsing", done as u64, total as u64).is_ok()
        });
        self.arena.watch.end();
        let (statements, syntax_errors) = match parsed {
            Ok(parsed) => parsed,
            Err(syntax::Stopped { at }) => {
                let width = text[at..].chars().next().map_or(0, char::len_utf8);
                let span = Span::new(source, at, at + width);
                self.cancelled(span, sink, summary);
                return None;
            }
        };
        if !syntax_errors.is_empty() {
            summary.syntax_errors = syntax_errors.len();
            self.report_errors(syntax_errors, syntax::SyntaxError::span, "syntax", sink);
            return None;
        }
        let (name_errors, warnings) = self.resolve(&statements);
        summary.warnings = warnings.len();
        for warning in warnings {
            let span = warning.span();
            sink(Event::Warning(self.report(warning, span)));
        }
        if !name_errors.is_empty() {
            summary.name_errors = name_errors.len();
            self.report_errors(name_errors, EvalError::span, "name", sink);
            return None;
        }
        Some(statements)
    }

    /// A program past the `source` limit handed over whole (a REPL line, `grundy eval`'s
    /// argument, a library caller's text; files are refused before they are read): only its
    /// first line is kept, to show where it starts.
    fn too_large_to_parse(
        &mut self,
        name: &str,
        text: &str,
        sink: &mut dyn FnMut(Event),
        summary: &mut Summary,
    ) {
        let mut head = text.lines().next().unwrap_or("").len().min(200);
        while !text.is_char_boundary(head) {
            head -= 1;
        }
        let source = self.sources.add(name, &text[..head]);
        let first = text[..head].chars().next().map_or(0, char::len_utf8);
        let span = Span::new(source, 0, first);
        let limit = self.meter.limits.source;
        let error = EvalError::TooLarge {
            span,
            what: "this program".into(),
            label: format!("it is {} bytes long", text.len()),
            help: Some(format!(
                "a program is parsed whole, which takes up to about {} bytes of memory for each \
                 byte of it; {}",
                crate::syntax::PARSE_BYTES,
                crate::eval::limits::raise_to("source", limit, text.len() as u64)
            )),
        };
        summary.runtime_errors += 1;
        sink(Event::Error(self.report(error, span)));
    }

    /// An error as a miette report, with the source its span points into.
    /// Reports a program's syntax or name errors (`kind`), the first [`SHOWN_ERRORS`] of
    /// them and then how many more.
    fn report_errors<E>(
        &self,
        errors: Vec<E>,
        span: fn(&E) -> Span,
        kind: &str,
        sink: &mut dyn FnMut(Event),
    ) where
        E: miette::Diagnostic + Send + Sync + 'static,
    {
        let count = errors.len();
        for (shown, error) in errors.into_iter().enumerate() {
            let at = span(&error);
            if shown == SHOWN_ERRORS {
                let more = MoreErrors::new(at, count, kind);
                sink(Event::Error(self.report(more, at)));
                return;
            }
            sink(Event::Error(self.report(error, at)));
        }
    }

    pub(in crate::eval) fn report(
        &self,
        error: impl miette::Diagnostic + Send + Sync + 'static,
        span: Span,
    ) -> Diagnosis {
        let report = if self.program.at_prompt {
            miette::Report::new(crate::eval::report::advice::AtThePrompt { inner: error })
        } else {
            miette::Report::new(error)
        };
        Diagnosis {
            report: report.with_source_code(self.sources.named(span.source)),
            source: self.sources.get(span.source).clone(),
            span,
            assert: None,
        }
    }

    pub(in crate::eval) fn exec(&mut self, stmt: &Stmt) -> Result<Answer> {
        self.meter.steps = 0;
        self.claims.current_play = self.claims.session_play;
        self.claims.misere_used = false;
        self.lists_gone();
        self.statement_measured();
        self.arena.watch.begin();
        self.value_begins();
        self.naming.families = match &stmt.kind {
            StmtKind::Let {
                params: Some(_), ..
            } => None,
            StmtKind::Let { body, .. } => Some(self.families_of(body)),
            StmtKind::Assert(expr) | StmtKind::Expr(expr) | StmtKind::Full(expr) => {
                Some(self.families_of(expr))
            }
            StmtKind::Command { target, .. } | StmtKind::Plot { target, .. } => {
                Some(self.families_of(target))
            }
        };
        let answer = self.exec_statement(stmt);
        self.arena.watch.end();
        answer
    }

    /// `let S(n) = body`: a family of the user's own.
    fn define_function(&mut self, name: &Ident, params: &[Ident], body: &Arc<Expr>, loopy: bool) {
        self.program.function_count += 1;
        let function = Function {
            id: self.program.function_count,
            name: name.clone(),
            params: params.to_vec(),
            body: body.clone(),
            library: false,
            captured: Box::default(),
            nesting: 0,
            loopy,
            builtin: false,
        };
        self.define(name, Global::Function(Arc::new(function)));
    }

    fn exec_statement(&mut self, stmt: &Stmt) -> Result<Answer> {
        match &stmt.kind {
            // `let f = x => e` is `let f(x) = e`: the function is called `f` in answers.
            StmtKind::Let {
                name,
                params: None,
                body,
                loopy,
            } if let ExprKind::Lambda { params, body } = &body.unparen().kind => {
                self.define_function(name, params, body, *loopy);
                Ok(Answer::Defined {
                    name: name.name.to_string(),
                    family: true,
                })
            }
            StmtKind::Let {
                name,
                params: None,
                body,
                loopy,
            } => {
                if *loopy {
                    return Err(EvalError::invalid(
                        name.span,
                        format!(
                            "`loopy` marks a family, and `{}` has no parameters",
                            name.name
                        ),
                        "a value, not a family",
                    )
                    .with_help(format!(
                        "a game can come back to itself only through a family's calls: write \
                         `let loopy {}(n) = ...`, or drop `loopy`",
                        name.name
                    ))
                    .into());
                }
                match self.eval_root(body).and_then(|value| {
                    self.name_holds(&name.name, &value, body.span)
                        .map(|()| value)
                }) {
                    Ok(value) => {
                        self.define(name, Global::Value(value));
                        self.note_definition(name, body);
                    }
                    Err(error) => {
                        self.define(name, Global::Failed);
                        return Err(error);
                    }
                }
                Ok(Answer::Defined {
                    name: name.name.to_string(),
                    family: false,
                })
            }
            StmtKind::Let {
                name,
                params: Some(params),
                body,
                loopy,
            } => {
                self.define_function(name, params, body, *loopy);
                Ok(Answer::Defined {
                    name: name.name.to_string(),
                    family: true,
                })
            }
            StmtKind::Assert(claim) => self.assert(claim).map(|v| Answer::Assert(Box::new(v))),
            StmtKind::Command {
                verb: Verb::Dot,
                target,
                to: Some(to),
                ..
            } => self.draw(target, to).map(Answer::Picture),
            StmtKind::Command {
                verb,
                full,
                all,
                target,
                ..
            } => {
                let explanation = self.explain(*verb, *full, *all, target)?;
                Ok(Answer::Explanation(explanation))
            }
            StmtKind::Plot { target, to } => self.plot(target, to.as_ref()).map(Answer::Plot),
            StmtKind::Expr(expr) => {
                let value = self.eval_root(expr)?;
                self.value_is(&value);
                self.answer_in_play(value, expr)
            }
            StmtKind::Full(expr) => {
                let value = self.eval_root(expr)?;
                self.value_is(&value);
                Ok(match self.answer_in_play(value, expr)? {
                    Answer::Table(table) => Answer::Table(Table {
                        full: true,
                        ..table
                    }),
                    Answer::Grid(grid) => Answer::Grid(Grid { full: true, ..grid }),
                    Answer::Survey(survey) => Answer::Survey(crate::survey::SurveyTable {
                        full: true,
                        ..survey
                    }),
                    Answer::Set { members, .. } => Answer::Set {
                        members,
                        full: true,
                    },
                    Answer::Digraph(table) => Answer::Digraph(crate::eval::DigraphTable {
                        full: true,
                        ..table
                    }),
                    Answer::Collection { set, members, .. } => Answer::Collection {
                        set,
                        members,
                        full: true,
                    },
                    Answer::Map { entries, .. } => Answer::Map {
                        entries,
                        full: true,
                    },
                    other => other,
                })
            }
        }
    }

    /// Binds a name; a definition may shadow a built-in, as `let rook(i, j) = ...` does.
    fn define(&mut self, name: &Ident, global: Global) {
        self.naming.names.defined(&name.name);
        if !matches!(global, Global::Value(_)) {
            self.name_forgotten(&name.name);
        }
        if let Global::Value(Value::Game(id)) = &global {
            self.name_game(*id, name.name.clone());
        }
        // Compiled bodies know what their calls call.
        self.calls.compiled.clear();
        self.calls.lowered.clear();
        // Names in bodies are looked up when called, so a redefinition may change what
        // earlier calls would give: forget them.
        if self
            .program
            .globals
            .insert(name.name.clone(), global)
            .is_some()
        {
            // A new map rather than `clear`, which would sweep all the room the old one had
            // at every redefinition.
            self.calls.memo = Default::default();
            self.memo_forgotten();
            // Names of family calls (`S(5)`) may no longer be right.
            self.naming.names.forget_calls();
        }
    }

    pub(in crate::eval) fn answer(&mut self, value: Value, span: Span) -> Result<Answer> {
        Ok(match value {
            Value::Game(id) => match self.loopy_value(id, span)? {
                crate::game::loopy::LoopyValue::Finite(nimber) => Answer::Game { nimber },
                value => Answer::Loopy { value },
            },
            Value::Int(n) => Answer::Int(n),
            Value::Bool(b) => Answer::Bool(b),
            Value::Set(members) => Answer::Set {
                members: members.to_vec(),
                full: false,
            },
            Value::Range { start, end } => Answer::Range {
                start,
                end: end.get(),
            },
            Value::Str(text) => Answer::Str(text.to_string()),
            Value::List(items) => Answer::Collection {
                set: false,
                members: items.iter().map(|v| self.describe_value(v)).collect(),
                full: false,
            },
            Value::SetOf(members) => Answer::Collection {
                set: true,
                members: self.set_shown(&members),
                full: false,
            },
            Value::Map(entries) => Answer::Map {
                entries: (entries.iter())
                    .map(|(k, v)| (self.describe_value(k), self.describe_value(v)))
                    .collect(),
                full: false,
            },
            Value::Family(family) => {
                let (params, builtin) = match &family {
                    Family::User(function) if function.builtin => {
                        let name = &*function.name.name;
                        let found = crate::eval::BUILTINS.iter().find(|b| b.name == name);
                        (
                            function.params.len(),
                            found.map(|b| (b.signature, b.summary)),
                        )
                    }
                    Family::User(function) => (function.params.len(), None),
                    Family::Subtraction(_) | Family::Heap(_) => (1, None),
                };
                Answer::Family {
                    name: self.family_name(&family),
                    example: self.family_as_defined(&family),
                    params,
                    builtin,
                }
            }
            Value::Table(table) => Answer::Table((*table).clone()),
            // Not copied when the statement made it: a grid may be most of the memory.
            Value::Grid(grid) => Answer::Grid(Arc::unwrap_or_clone(grid)),
            Value::Period(report) => Answer::Period((*report).clone()),
            Value::Survey(survey) => Answer::Survey((*survey).clone()),
            Value::Digraph(graph) => self.digraph_answer(graph),
        })
    }

    /// How a value is named in a message: games by their value (`*3`, or `∞{0,2}` for a
    /// game that can go on for ever).
    fn show(&mut self, value: &Value, span: Span) -> Result<String> {
        Ok(match value {
            Value::Game(id) => self.loopy_value(*id, span)?.to_string(),
            other => self.answer(other.clone(), span)?.to_string(),
        })
    }

    /// Checks an `assert`: its verdict when the claim holds, a diagnostic carrying the
    /// verdict when it does not.
    fn assert(&mut self, claim: &Expr) -> Result<Verdict> {
        let (play, inner) = self.unplay(claim);
        self.in_play(play, |session| session.assert_in_play(claim, inner))
    }

    /// An `assert` of `claim`, which is `inner` in the current play convention.
    fn assert_in_play(&mut self, claim: &Expr, inner: &Expr) -> Result<Verdict> {
        let mut text = self.sources.text(claim.span).to_owned();
        if self.claims.current_play == Play::Misere && !crate::eval::claims::play::says_play(claim)
        {
            // The convention is the session's: the message says which.
            text.push_str(" (in misère play)");
        }
        let failed = |verdict: Verdict, labels: Vec<LabeledSpan>, help: Option<String>| {
            Flow::from(EvalError::AssertFailed {
                span: claim.span,
                claim: text.clone(),
                labels,
                help,
                verdict: Box::new(verdict),
            })
        };
        if self.claims.current_play == Play::Misere
            && let Some(verdict) = self.misere_assert(inner)?
        {
            return match verdict {
                Ok(verdict) => Ok(verdict),
                Err((verdict, labels, help)) => Err(failed(verdict, labels, Some(help))),
            };
        }
        match &inner.kind {
            ExprKind::Chain { first, rest } if rest.len() == 1 && is_comparison(rest[0].0) => {
                let (op, op_span, second) = &rest[0];
                let left = self.eval_root(first)?;
                let right = self.eval_root(second)?;
                let holds = self.binary(*op, *op_span, Operand::of(&left, first), Operand::of(&right, second))?;
                let verdict = Verdict {
                    holds: holds == Value::Bool(true),
                    claim: op.symbol(),
                    left: self.side(&left, &right, first.span)?,
                    right: Some(self.side(&right, &left, second.span)?),
                    play: self.decided_in(),
                };
                if verdict.holds {
                    return Ok(verdict);
                }
                let (left_text, right_text) = (self.show(&left, first.span)?, self.show(&right, second.span)?);
                let labels = vec![
                    LabeledSpan::new_with_span(Some(format!("this is {left_text}")), first.span),
                    LabeledSpan::new_with_span(Some(format!("this is {right_text}")), second.span),
                ];
                let games = matches!(left, Value::Game(_)) || matches!(right, Value::Game(_));
                // A loopy side is compared by its generalized value, which is not a nimber.
                let (value, values) = if [&left_text, &right_text].iter().any(|t| t.starts_with('∞')) {
                    ("generalized value", "generalized values (a nimber, or ∞ with its K)")
                } else {
                    ("nimber", "nimbers")
                };
                let help = match op {
                    BinOp::Ne if games => format!(
                        "both sides are {left_text}, and games with the same {value} are equivalent"
                    ),
                    _ if games => format!(
                        "{left_text} ≢ {right_text}: games are equivalent exactly when their {values} are equal"
                    ),
                    _ => format!("{left_text} {} {right_text} is false", op.symbol()),
                };
                Err(failed(verdict, labels, Some(help)))
            }
            ExprKind::Call { callee, args }
                if matches!(&*callee.name, "all" | "any")
                    && matches!(args.as_slice(), [Expr { kind: ExprKind::Generator(_), .. }]) =>
            {
                self.claims.case = None;
                let holds = self.eval_root(claim)? == Value::Bool(true);
                let verdict = Verdict { holds, claim: "is true", left: Answer::Bool(holds), right: None, play: self.decided_in() };
                if holds {
                    return Ok(verdict);
                }
                let ExprKind::Generator(element) = &args[0].kind else { unreachable!("matched above") };
                let (label, help) = match self.claims.case.take() {
                    Some(case) => {
                        let shown = self.describe_case(element, &case)?;
                        (
                            format!("false for {shown}"),
                            format!("`why {text}` proves this case"),
                        )
                    }
                    None => (
                        "false in every case".to_owned(),
                        "`any` holds when the claim holds in at least one case; `count(...)` counts them".to_owned(),
                    ),
                };
                let label = LabeledSpan::new_with_span(Some(label), element.expr.span);
                Err(failed(verdict, vec![label], Some(help)))
            }
            ExprKind::Claim { game, outcome, .. } => {
                let value = self.eval_root(game)?;
                let id = self.game_operand(&value, game)?;
                let value = self.loopy_value(id, game.span)?;
                let found = value.outcome();
                let verdict = Verdict {
                    holds: found == crate::eval::claims::play::claimed(*outcome),
                    claim: crate::eval::claims::play::claim_words(*outcome),
                    left: match &value {
                        LoopyValue::Finite(nimber) => Answer::Game { nimber: *nimber },
                        value => Answer::Loopy { value: value.clone() },
                    },
                    right: None,
                    play: Play::Normal,
                };
                if verdict.holds {
                    return Ok(verdict);
                }
                let label = match found {
                    LoopyOutcome::Losing => format!("this is {value}: the player to move loses"),
                    LoopyOutcome::Winning => format!("this is {value}: the player to move wins"),
                    LoopyOutcome::Draw => format!("this is {value}: a draw, neither player can force a win"),
                };
                let help = match value {
                    LoopyValue::Finite(_) => "a game is losing exactly when its nimber is 0 (G is losing iff G ≡ *0)",
                    LoopyValue::Infinite(_) => "a loopy game worth ∞K is won when 0 is in K (move to a 0), and a draw otherwise",
                };
                Err(failed(verdict, vec![LabeledSpan::new_with_span(Some(label), game.span)], Some(help.into())))
            }
            _ => match self.eval_root(claim)? {
                Value::Bool(holds) => {
                    let verdict = Verdict { holds, claim: "is true", left: Answer::Bool(holds), right: None, play: self.decided_in() };
                    if holds {
                        return Ok(verdict);
                    }
                    let label = LabeledSpan::new_with_span(Some("this is false".into()), claim.span);
                    let help = "an `assert` holds only when its claim is true".to_owned();
                    Err(failed(verdict, vec![label], Some(help)))
                }
                other => Err(EvalError::type_error(
                    claim.span,
                    "`assert` needs a claim, which is true or false",
                    format!("this is {}", other.kind()),
                )
                .with_help("claims read `G == H`, `G != H`, `G is losing`, `G is winning`, or compare integers")
                .into()),
            },
        }
    }

    /// One side of a compared claim as a grader reads it: the integer 0 beside a game is the
    /// zero game, as `G == 0` means.
    fn side(&mut self, value: &Value, other: &Value, span: Span) -> Result<Answer> {
        match (value, other) {
            (Value::Int(0), Value::Game(_)) => Ok(Answer::Game { nimber: 0 }),
            _ => self.answer(value.clone(), span),
        }
    }
}

fn is_comparison(op: BinOp) -> bool {
    op.chain_level() == Some(2)
}
