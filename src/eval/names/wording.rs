//! What an explanation is told of how the user wrote its games ([`Wording`]): the calls of
//! families of the user's own it is about (see [`crate::eval::written`]), a sum's parts one by
//! one (`rook(1, 2) + rook(2, 1)` is one game twice, written two ways), and the games the
//! explanation meets below them, as far down as it shows them.

use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;

use crate::eval::names::parts::{FOLLOW, Found, Leaf, Made, Maker, Walk, made_elsewhere, named};
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Flow, Global, Result, Session};
use crate::explain::{Fold, Wording, Written, listed_options};
use crate::game::{GameId, Node};
use crate::syntax::ast::{BinOp, Expr, ExprKind, Ident};

/// Bodies evaluated again for the games an explanation meets below the one asked about,
/// and their options in all (each option costs a look in the memo and its name): a
/// screenful of proof needs a few dozen bodies, a full proof as many as it shows games.
const DEEPER_CALLS: usize = 1000;
const DEEPER_OPTIONS: usize = 100_000;

/// Which games below the one asked about an explanation lists the options of.
#[derive(Copy, Clone, Debug)]
pub(in crate::eval) enum Reach {
    /// None: `moves` and `options` list the options of the game asked about only.
    Root,
    /// A proof lists the options it derives with: witnesses by value, `fold.depth` deep.
    Proof(Fold),
    /// A tree draws the first `width` options of each game, `depth` deep.
    Tree { depth: usize, width: usize },
}

impl Reach {
    /// How many games deep the options are listed: 1 for the game asked about alone.
    fn depth(self) -> usize {
        match self {
            Reach::Root => 1,
            Reach::Proof(fold) => fold.depth,
            Reach::Tree { depth, .. } => depth,
        }
    }
}

impl Session {
    /// How the user wrote the games in `expr`, for explanations: for each call of a family
    /// of the user's own (the whole of `expr`, a part of a sum, what a name was defined as,
    /// or what a family's body calls), its options as the body writes them; a sum part by
    /// part; and the games below, as far as `reach` says the explanation lists them.
    pub(in crate::eval) fn wording(&mut self, expr: &Expr, reach: Reach) -> Result<Wording> {
        let walk = Walk {
            follow: FOLLOW,
            in_sum: false,
            own: true,
        };
        let leaves = self.leaves(expr, walk)?;
        let mut wording = Wording::default();
        if !leaves.iter().any(|leaf| matches!(leaf, Leaf::Written(..))) {
            return Ok(wording);
        }
        if leaves.len() > 1
            && let Some((sum, parts)) = self.parts_as_written(&leaves)
        {
            wording.sum(sum, parts);
        }
        let mut roots = Vec::new();
        for leaf in leaves {
            if let Leaf::Written(id, found) = leaf {
                wording.asked(id, found.written.clone());
                roots.push(Rc::new(found));
            }
        }
        self.deeper(roots, reach, &mut wording)?;
        Ok(wording)
    }

    /// The sum the leaves make, part by part as written, when every part is known.
    fn parts_as_written(&mut self, leaves: &[Leaf]) -> Option<(GameId, Vec<Option<Arc<Written>>>)> {
        let mut ids = Vec::new();
        let mut parts = Vec::new();
        for leaf in leaves {
            match leaf {
                Leaf::Written(id, found) => {
                    ids.push(*id);
                    parts.push(Some(found.written.clone()));
                }
                // A part that is a sum itself (`let G = *1 + *2`) is opened up in the sum.
                Leaf::Plain(id) => match self.arena.node(*id) {
                    Node::Sum(inner) => {
                        ids.extend_from_slice(inner);
                        parts.extend(inner.iter().map(|_| None));
                    }
                    _ => {
                        ids.push(*id);
                        parts.push(None);
                    }
                },
                Leaf::Unknown => return None,
            }
        }
        let sum = self.arena.sum(&ids).ok()?;
        match self.arena.node(sum) {
            Node::Sum(made) if **made == *ids => Some((sum, parts)),
            _ => None,
        }
    }

    /// Adds to `wording` the options of the games below `roots` that an explanation as far
    /// as `reach` lists, as the calls that made them write them, breadth first, within
    /// [`DEEPER_CALLS`] bodies and [`DEEPER_OPTIONS`] options; and the sums among them, part
    /// by part.
    fn deeper(&mut self, roots: Vec<Rc<Found>>, reach: Reach, wording: &mut Wording) -> Result<()> {
        let mut queue: VecDeque<(Rc<Found>, usize)> = roots.into_iter().map(|f| (f, 1)).collect();
        // Each call worked out, by how it is typed: `None` if it writes no options itself.
        let mut known: FxHashMap<String, Option<Rc<Found>>> = FxHashMap::default();
        let (mut calls, mut options) = (0, 0);
        while let Some((found, level)) = queue.pop_front() {
            if level >= reach.depth() {
                continue;
            }
            for index in self.listed(&found.written, reach) {
                let option = found.written.options[index].1;
                let parts: Vec<&Made> = match &found.makers[index] {
                    Maker::Call(made) => vec![made],
                    Maker::Parts(parts) => parts.iter().flatten().collect(),
                    Maker::Unknown => continue,
                };
                let mut below = Vec::with_capacity(parts.len());
                for made in parts {
                    let text = self.show_args(&made.function.name.name, &made.args);
                    if !known.contains_key(&text)
                        && calls < DEEPER_CALLS
                        && options < DEEPER_OPTIONS
                    {
                        let child = match self.found_of(made) {
                            Ok(child) => child.map(Rc::new),
                            // Names below are a courtesy: a limit reached in working them out
                            // ends the looking, not the answer; Ctrl-C ends the answer.
                            Err(Flow::Error(error))
                                if !matches!(*error, EvalError::Cancelled { .. }) =>
                            {
                                return Ok(());
                            }
                            Err(flow) => return Err(flow),
                        };
                        calls += 1;
                        if let Some(child) = &child {
                            options += child.written.options.len();
                            wording.below(made.id, child.written.clone());
                            queue.push_back((child.clone(), level + 1));
                        }
                        known.insert(text.clone(), child);
                    }
                    let child = known.get(&text).and_then(Option::as_ref);
                    below.push(child.map(|child| child.written.clone()));
                }
                if let Maker::Parts(parts) = &found.makers[index]
                    && !wording.has_sum(option)
                {
                    let mut below = below.into_iter();
                    let parts = parts.iter().map(|p| p.as_ref().and_then(|_| below.next()?));
                    wording.sum(option, parts.collect());
                }
            }
        }
        Ok(())
    }

    /// The options of a game written so that an explanation as far as `reach` lists them.
    fn listed(&mut self, written: &Written, reach: Reach) -> Vec<usize> {
        match reach {
            Reach::Root => Vec::new(),
            Reach::Tree { width, .. } => (0..written.options.len().min(width)).collect(),
            Reach::Proof(fold) => {
                let mut values = Vec::with_capacity(written.options.len());
                for &(_, id) in &written.options {
                    match self.arena.nimber(id) {
                        Ok(value) => values.push(value),
                        Err(_) => return Vec::new(),
                    }
                }
                listed_options(&values, fold.width)
            }
        }
    }

    /// The parts `expr` writes, read as a sum. A part is evaluated again only in a sum,
    /// where its place must be known, and only if it is not a call of the user's own.
    pub(in crate::eval) fn leaves(&mut self, expr: &Expr, walk: Walk) -> Result<Vec<Leaf>> {
        let expr = expr.unparen();
        match &expr.kind {
            ExprKind::Chain { first, rest } if rest.iter().all(|(op, ..)| *op == BinOp::Add) => {
                let walk = Walk {
                    in_sum: true,
                    ..walk
                };
                let mut parts = self.leaves(first, walk)?;
                for (_, _, part) in rest {
                    parts.extend(self.leaves(part, walk)?);
                }
                Ok(parts)
            }
            // A product's factors are told as written, each a game of its own (not a part).
            ExprKind::Chain { first, rest } if rest.iter().all(|(op, ..)| *op == BinOp::NimMul) => {
                let walk = Walk {
                    in_sum: false,
                    ..walk
                };
                let mut factors = self.leaves(first, walk)?;
                for (_, _, factor) in rest {
                    factors.extend(self.leaves(factor, walk)?);
                }
                Ok(factors)
            }
            ExprKind::Call { callee, args } => {
                let Some(function) = self.user_function(&callee.name) else {
                    return Ok(vec![self.plain_leaf(expr, walk)]);
                };
                if args.len() != function.params.len() {
                    return Ok(vec![self.plain_leaf(expr, walk)]);
                }
                let Value::Game(id) = self.eval_root(expr)? else {
                    return Ok(vec![Leaf::Unknown]);
                };
                let mut values = Vec::with_capacity(args.len());
                for arg in args {
                    values.push(self.eval_root(arg)?);
                }
                let name = match walk.own {
                    true => self.typed(expr.span),
                    false => self.show_args(&function.name.name, &values),
                };
                self.written_body(&function, &values, (id, name), walk)
            }
            ExprKind::Name(ident) if walk.follow > 0 => self.name_leaves(ident, walk),
            _ => Ok(vec![self.plain_leaf(expr, walk)]),
        }
    }

    /// A name: what its definition writes, the game called by the name, if the definition
    /// still makes that game.
    fn name_leaves(&mut self, ident: &Ident, walk: Walk) -> Result<Vec<Leaf>> {
        let local = self
            .frame
            .locals
            .iter()
            .rev()
            .find(|(name, _)| *name == ident.name);
        let value = match local {
            Some((_, value)) => Some(value.clone()),
            None => match self.program.globals.get(&ident.name) {
                Some(Global::Value(value)) => Some(value.clone()),
                _ => None,
            },
        };
        let id = match value {
            Some(Value::Game(id)) => id,
            Some(Value::Int(0)) if walk.in_sum => self.arena.zero(),
            _ => return Ok(vec![Leaf::Unknown]),
        };
        let definition = self.naming.definitions.get(&ident.name).cloned();
        let Some(definition) = definition.filter(|_| local.is_none()) else {
            return Ok(vec![Leaf::Plain(id)]);
        };
        // Names the definition uses may have been defined again since; then it no
        // longer says how the name's game was made.
        if !matches!(self.eval_root(&definition), Ok(Value::Game(now)) if now == id) {
            return Ok(vec![Leaf::Plain(id)]);
        }
        let walk = Walk {
            follow: walk.follow - 1,
            ..walk
        };
        let parts = match self.leaves(&definition, walk) {
            Ok(parts) => parts,
            Err(_) => vec![Leaf::Plain(id)],
        };
        // `G` is explained as `G`, its options as the calls that made them.
        Ok(named(parts, id, &ident.name))
    }

    /// A part that is no call of the user's own: its game, if its place in a sum counts.
    fn plain_leaf(&mut self, expr: &Expr, walk: Walk) -> Leaf {
        if !walk.in_sum {
            return Leaf::Unknown;
        }
        match self.eval_root(expr) {
            Ok(Value::Game(id)) => Leaf::Plain(id),
            Ok(Value::Int(0)) => Leaf::Plain(self.arena.zero()),
            _ => Leaf::Unknown,
        }
    }

    /// A `let` of a value: kept when explanations of the name may speak of family calls.
    pub(in crate::eval) fn note_definition(&mut self, name: &Ident, body: &Expr) {
        if made_elsewhere(body) {
            self.naming
                .definitions
                .insert(name.name.clone(), body.clone());
        } else {
            self.naming.definitions.remove(&name.name);
        }
    }
}
