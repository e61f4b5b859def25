//! `digraph("a>b a>c b>c c>d")`: a game graph as a value, printed as its vertices' values;
//! `G("a")` (or `G(7)` for a vertex named by a number) is the game at a vertex, and
//! `vertices(G)` lists their names.

use crate::eval::limits::memory::{Elements, Listing};
use crate::eval::report::answer::Answer;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::values::tables::DigraphTable;
use crate::eval::{Result, Session};
use crate::game::digraph::{Digraph, DigraphError, DigraphId, Place};
use crate::source::Span;
use crate::syntax::ast::{Expr, Ident};

impl Session {
    /// `digraph("a>b a>c b>c c>d")`, or its moves in several strings, one a line.
    pub(in crate::eval) fn digraph(&mut self, args: &[(Value, Span)], span: Span) -> Result<Value> {
        let mut texts = Vec::with_capacity(args.len());
        for (value, at) in args {
            let Value::Str(text) = value else {
                return Err(EvalError::type_error(
                    *at,
                    "`digraph` takes its moves as strings",
                    format!("this is {}", value.kind()),
                )
                .with_help("write the moves in quotes: `digraph(\"a>b a>c b>c c>d\")`")
                .into());
            };
            texts.push(&**text);
        }
        match self.arena.digraph(&texts) {
            Ok(graph) => Ok(Value::Digraph(graph)),
            Err(DigraphError::Game(error)) => Err(self.game_error(error, span)),
            Err(error) => Err(bad_digraph(error, args).into()),
        }
    }

    /// `G("a")`: the game at vertex `a` of the graph `G`.
    pub(in crate::eval) fn call_digraph(
        &mut self,
        callee: &Ident,
        graph: DigraphId,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let [arg] = args else {
            return Err(EvalError::Arity {
                span: crate::eval::builtins::args_span(args, span, callee),
                name: callee.name.to_string(),
                expected: "1 argument".into(),
                found: args.len().to_string(),
                help: Some(format!(
                    "`{}` is a game graph: `{}(\"a\")` is the game at its vertex a",
                    callee.name, callee.name
                )),
            }
            .into());
        };
        let name = match self.eval(arg)? {
            Value::Str(name) => name.to_string(),
            Value::Int(n) => n.to_string(),
            other => {
                return Err(EvalError::type_error(
                    arg.span,
                    "a vertex is named by a string or a number",
                    format!("this is {}", other.kind()),
                )
                .with_help(format!(
                    "write the vertex's name in quotes: `{}(\"a\")`",
                    callee.name
                ))
                .into());
            }
        };
        let Some(vertex) = self.arena.digraph_of(graph).find(&name) else {
            return Err(self.unknown_vertex(callee, graph, &name, arg.span).into());
        };
        let game = self
            .arena
            .vertex(graph, vertex)
            .map_err(|e| self.game_error(e, span))?;
        Ok(Value::Game(game))
    }

    fn unknown_vertex(&self, callee: &Ident, graph: DigraphId, name: &str, at: Span) -> EvalError {
        let digraph = self.arena.digraph_of(graph);
        let length = name.chars().count();
        let allowed = if length <= 3 { 1 } else { 2 };
        // Lengths further apart than `allowed` are at least that far (and a long name would
        // make each distance cost its length times the vertex's).
        let closest = digraph
            .names()
            .filter(|candidate| candidate.chars().count().abs_diff(length) <= allowed)
            .map(|candidate| (strsim::damerau_levenshtein(candidate, name), candidate))
            .filter(|&(distance, _)| distance <= allowed)
            .min();
        let help = match closest {
            Some((_, candidate)) => format!("did you mean `{}(\"{candidate}\")`?", callee.name),
            None => {
                let first: Vec<&str> = digraph.names().take(10).collect();
                let more = match digraph.vertex_count() {
                    n if n > 10 => format!(", … {} more", n - 10),
                    _ => String::new(),
                };
                format!("its vertices are {}{more}", first.join(", "))
            }
        };
        EvalError::invalid(
            at,
            format!("`{}` has no vertex `{name}`", callee.name),
            format!("not a vertex of `{}`", callee.name),
        )
        .with_help(help)
    }

    /// The help for a graph where a game was wanted: its vertices are the games.
    pub(in crate::eval) fn vertex_hint(&self, graph: DigraphId, span: Span) -> String {
        let written = self.sources.text(span);
        let name = match written.chars().all(|c| c.is_alphanumeric() || c == '_') {
            true => written,
            false => "G",
        };
        let first = self.arena.digraph_of(graph).name(0);
        format!(
            "a game graph is not a game, its vertices are: `{name}(\"{first}\")` is the game at \
             vertex {first}"
        )
    }

    /// What `G` prints.
    pub(in crate::eval) fn digraph_answer(&self, graph: DigraphId) -> Answer {
        let digraph = self.arena.digraph_of(graph);
        let vertices = listed(digraph)
            .map(|v| (digraph.name(v).to_owned(), digraph.value(v).clone()))
            .collect();
        Answer::Digraph(DigraphTable {
            vertices,
            moves: digraph.edge_count(),
            full: false,
        })
    }

    /// `vertices(G)`: the names of a graph's vertices, as a list, in the order `G` prints them.
    pub(in crate::eval) fn vertices(&mut self, (value, at): &(Value, Span)) -> Result<Value> {
        let Value::Digraph(graph) = value else {
            return Err(EvalError::type_error(
                *at,
                "`vertices` takes a game graph",
                format!("this is {}", value.kind()),
            )
            .with_help("write `vertices(G)` for `let G = digraph(\"a>b a>c b>c c>d\")`")
            .into());
        };
        // Charged to the `memory` limit as a list comprehension is, name by name.
        let order: Vec<u32> = listed(self.arena.digraph_of(*graph)).collect();
        let mut list = Elements::new(*at, Listing::List);
        for vertex in order {
            let name = Value::Str(self.arena.digraph_of(*graph).name(vertex).into());
            if let Err(error) = self.push_element(&mut list, (name, *at)) {
                return Err(self.elements_failed(&list, error));
            }
        }
        self.elements_done(&list);
        Ok(Value::List(
            list.items.into_iter().map(|(name, _)| name).collect(),
        ))
    }
}

/// A graph's vertices in the order they are listed: as first written, or by number when every
/// vertex is named by one (0, 1, 2, ... read best in order).
fn listed(digraph: &Digraph) -> impl Iterator<Item = u32> {
    let mut order: Vec<u32> = (0..digraph.vertex_count() as u32).collect();
    let numbers: Option<Vec<u128>> = order
        .iter()
        .map(|&v| digraph.name(v).parse().ok())
        .collect();
    if let Some(numbers) = numbers {
        order.sort_by_key(|&v| numbers[v as usize]);
    }
    order.into_iter()
}

/// A graph refused for its text: pointing into the string when it is written right there.
fn bad_digraph(error: DigraphError, args: &[(Value, Span)]) -> EvalError {
    let literal = |part: usize| match &args[part] {
        (Value::Str(text), at) => at.len() == text.len() + 2,
        _ => false,
    };
    let within = |place: Place| {
        let at = args[place.part].1;
        if !literal(place.part) {
            return at;
        }
        let start = at.start as usize + 1 + place.offset;
        // miette drops an empty label: mark at least one character.
        let end = (start + place.len.max(1))
            .min(at.end as usize - 1)
            .max(start + 1);
        Span::new(at.source, start, end)
    };
    match error {
        DigraphError::Syntax {
            place,
            message,
            label,
            help,
        } => EvalError::invalid(within(place), message, label).with_help(help),
        DigraphError::Game(_) => unreachable!("reported as a limit"),
    }
}
