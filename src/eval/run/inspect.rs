//! What the REPL's `:vars` and `:type` show: the definitions of a session, and the kind of
//! value an expression has, without printing the value itself.

use crate::eval::{Global, Session};

use crate::eval::report::answer::Event;

use crate::eval::values::Value;
use crate::syntax::{self, ast::StmtKind};

impl Session {
    /// Forgets every definition and computed game, keeping the limits, the settings and
    /// what watches long computations (Ctrl-C, the progress bar).
    pub fn clear(&mut self) {
        // What it frees is measured, so that the session is seen to hold it no more.
        self.measured(Session::clear_measured);
    }

    fn clear_measured(&mut self) {
        let watch = std::mem::take(&mut self.arena.watch);
        self.arena = crate::game::Arena::new(self.meter.limits.game);
        self.arena.watch = watch;
        self.program.globals.clear();
        self.calls.compiled.clear();
        self.calls.lowered.clear();
        self.calls.memo.clear();
        self.all_forgotten();
        self.naming.names.clear();
    }

    /// One line per definition, in the order they were made: `G = <*0, *1> ≡ *2`,
    /// `S(n) = < S(n - k) for k in 1..=3 if k <= n >`.
    pub fn variables(&mut self) -> Vec<String> {
        let globals: Vec<(String, Global)> = self
            .program
            .globals
            .iter()
            .map(|(name, global)| (name.to_string(), global.clone()))
            .collect();
        globals
            .into_iter()
            .map(|(name, global)| match global {
                Global::Value(Value::Game(id)) => {
                    // `∞{0,2}` for a game that can go on for ever.
                    let nimber = self.arena.value(id).map(|value| value.to_string());
                    let shown = self.arena.describe(id);
                    match nimber {
                        Ok(nimber) if shown == nimber => format!("{name} = {shown}"),
                        Ok(nimber) => format!("{name} = {shown} ≡ {nimber}"),
                        Err(_) => format!("{name} = {shown}"),
                    }
                }
                Global::Value(value) => format!("{name} = {}", self.describe_value(&value)),
                Global::Function(function) => {
                    let params: Vec<&str> = function.params.iter().map(|p| &*p.name).collect();
                    let body = self.sources.text(function.body.span);
                    format!("{name}({}) = {body}", params.join(", "))
                }
                Global::Failed => format!("{name} (its definition failed)"),
            })
            .collect()
    }

    /// The kind of value an expression has (`a game`, `a family of games: kayles(n)`); its
    /// errors go to `sink` as a program's would.
    pub fn type_of(
        &mut self,
        name: &str,
        text: &str,
        sink: &mut dyn FnMut(Event),
    ) -> Option<String> {
        let source = self.sources.add(name, text);
        let (statements, syntax_errors) = syntax::parse(source, text);
        if let Some(error) = syntax_errors.into_iter().next() {
            let span = error.span();
            sink(Event::Error(self.report(error, span)));
            return None;
        }
        let [statement] = statements.as_slice() else {
            return Some("give one expression, e.g. `:type kayles(5)`".into());
        };
        let StmtKind::Expr(expr) = &statement.kind else {
            return Some("a statement, not an expression: it has no value".into());
        };
        let (name_errors, _) = self.resolve(&statements);
        if let Some(error) = name_errors.into_iter().next() {
            let span = error.span();
            sink(Event::Error(self.report(error, span)));
            return None;
        }
        self.meter.steps = 0;
        match self.eval_root(expr) {
            Ok(Value::Family(family)) => Some(format!(
                "a family of games: {}",
                self.family_as_defined(&family)
            )),
            Ok(value) => Some(value.kind().to_owned()),
            Err(crate::eval::Flow::Error(error)) => {
                if error.is_cancelled() {
                    // Reported, so answered (as [`Session::run`] does).
                    self.interrupt
                        .store(false, std::sync::atomic::Ordering::Relaxed);
                }
                let span = error.span();
                sink(Event::Error(self.report(*error, span)));
                None
            }
            Err(crate::eval::Flow::Suspend(_)) => {
                unreachable!("suspended calls are driven to the end")
            }
        }
    }
}
