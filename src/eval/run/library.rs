//! The standard library in a session. Its names are known from the start (the resolver
//! asks [`crate::library`]), but a file's families are defined only when one of them is first
//! used: a session that uses none parses none, so starting stays instant.
//!
//! Library families live beside the user's definitions, not among them: a user's `let` of
//! the same name comes first (and `:vars` shows only the user's), and a library body looks
//! names up in the library and the built-ins only, so shadowing a name never changes what a
//! library family computes.

use std::sync::Arc;

use crate::eval::report::error::EvalError;
use crate::eval::report::error::FromLibrary;
use crate::eval::values::Function;
use crate::eval::{Global, Session};
use crate::library::{self, Ruleset};
use crate::source::Span;
use crate::syntax::{
    self,
    ast::{Ident, StmtKind},
};

impl Session {
    /// A top-level name as a body sees it: the user's definition, except inside the library.
    pub(in crate::eval) fn global(&self, name: &str) -> Option<&Global> {
        if self.program.in_library {
            None
        } else {
            self.program.globals.get(name)
        }
    }

    /// The library's family called `name`, its file loaded on first use.
    pub(in crate::eval) fn library_family(&mut self, name: &str) -> Option<Arc<Function>> {
        if let Some(function) = self.program.library.get(name) {
            return Some(function.clone());
        }
        let ruleset = library::defining(name)?;
        self.load_ruleset(ruleset);
        self.program.library.get(name).cloned()
    }

    /// `std.chomp`: the library's family, whatever the user defined; one it does not have is
    /// refused (the resolver reports it before a program runs, so only the REPL's `:` paths
    /// and values built at run time meet this).
    pub(in crate::eval) fn library_own(
        &mut self,
        ident: &Ident,
    ) -> Result<Arc<Function>, EvalError> {
        let own = crate::library::qualified(&ident.name).unwrap_or(&ident.name);
        self.library_family(own)
            .ok_or_else(|| unknown_in_library(ident, own))
    }

    /// A library family already loaded, for what needs no loading (explanations of calls
    /// that have run).
    pub(in crate::eval) fn loaded_library_family(&self, name: &str) -> Option<Arc<Function>> {
        self.program.library.get(name).cloned()
    }

    /// The library family with this memo index, if it is one.
    pub(in crate::eval) fn library_function_name(&self, id: u32) -> Option<&str> {
        self.program
            .library
            .values()
            .find(|function| function.id == id)
            .map(|function| &*function.name.name)
    }

    /// An error from inside the library, told at `at`, the user's call that led there (or
    /// their statement), unless it is the user's own already or `at` is in the library too.
    pub(in crate::eval) fn library_error_at(&self, error: EvalError, at: Span) -> EvalError {
        let inside = error.span();
        let in_library = |span: Span| {
            (self.program.library.values()).any(|function| function.body.span.source == span.source)
        };
        if matches!(error, EvalError::Refused { .. } | EvalError::FromLibrary(_))
            || !in_library(inside)
            || in_library(at)
        {
            return error;
        }
        let family = (self.program.library.values())
            .find(|function| {
                let body = function.body.span;
                body.source == inside.source && body.start <= inside.start && inside.end <= body.end
            })
            .map_or_else(String::new, |function| {
                format!("`{}`, ", function.name.name)
            });
        let source = self.sources.get(inside.source);
        let (line, _) = source.line_column(inside.start as usize);
        let text = &*source.text;
        let start = text[..inside.start as usize]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line_text = text[start..end].trim();
        let written = match line_text.char_indices().nth(60) {
            Some((cut, _)) => format!("{}…", &line_text[..cut]),
            None => line_text.to_owned(),
        };
        let place = format!("the library's {family}{}:{line}: `{written}`", source.name);
        EvalError::FromLibrary(Box::new(FromLibrary {
            inner: error,
            at,
            place,
        }))
    }

    /// Defines every family of a library file. Its text is the repository's, parsed and
    /// checked by the tests, so it has no syntax or name errors.
    fn load_ruleset(&mut self, ruleset: &Ruleset) {
        let source = self.sources.add(&ruleset.path(), ruleset.text);
        let (statements, errors) = syntax::parse(source, ruleset.definitions_text());
        debug_assert!(errors.is_empty(), "{}: {errors:?}", ruleset.path());
        for statement in statements {
            if let StmtKind::Let {
                name,
                params: Some(params),
                body,
                loopy,
            } = statement.kind
            {
                self.program.function_count += 1;
                let function = Function {
                    id: self.program.function_count,
                    name: name.clone(),
                    params,
                    body,
                    library: true,
                    captured: Box::default(),
                    nesting: 0,
                    loopy,
                    builtin: false,
                };
                self.program.library.insert(name.name, Arc::new(function));
            }
        }
    }
}

/// `std.name` for a name the library does not define.
pub(in crate::eval) fn unknown_in_library(ident: &Ident, own: &str) -> EvalError {
    let near = crate::library::names()
        .iter()
        .filter(|name| strsim::levenshtein(name, own) <= 2)
        .min_by_key(|name| strsim::levenshtein(name, own));
    EvalError::UnknownName {
        span: ident.span,
        name: ident.name.to_string(),
        help: Some(match near {
            Some(name) => format!("did you mean `std.{name}`?"),
            None => "`std.` names a family of the library (`:help games` lists them): `std.chomp`"
                .to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(session: &mut Session, text: &str) {
        let summary = session.run("t.game", text, &mut |_| {});
        assert!(summary.ok(), "{text}");
    }

    #[test]
    fn a_file_is_loaded_when_one_of_its_names_is_first_used() {
        let mut session = Session::default();
        run(&mut session, "nim(1, 2)\nlet f(n) = *n\nf(3)");
        assert!(session.program.library.is_empty());
        run(&mut session, "ruler(4)");
        let mut loaded: Vec<&str> = session.program.library.keys().map(|k| &**k).collect();
        loaded.sort();
        let ruler = library::defining("ruler").unwrap();
        let mut expected: Vec<&str> = ruler.definitions().iter().map(|d| d.name).collect();
        expected.sort();
        assert_eq!(loaded, expected, "the file of `ruler`, and nothing else");
        let functions = session.program.function_count;
        run(&mut session, "ruler_heads(1, 3)\nruler(5)");
        assert_eq!(session.program.function_count, functions, "loaded twice");
        assert!(session.program.globals.is_empty() || session.program.globals.contains_key("f"));
        assert_eq!(session.program.globals.len(), 1);
    }
}
