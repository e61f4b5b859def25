//! Games of the user's own, explained in the user's words. Equal games are one node, so
//! `rook(0, 2)` *is* the node `*2`; but `options rook(2, 2)` should list the four options
//! its body writes, `rook(0, 2)`, `rook(1, 2)`, `rook(2, 0)`, `rook(2, 1)`, not two
//! look-alike heaps. The body is evaluated once more (every call in it is memoized, so this
//! costs its options and no more), noting the call that made each option: the call whose
//! game the option is (through an `if`, say), or for an option that is a sum, the calls
//! that made its parts.

use std::sync::Arc;

use crate::eval::names::parts::{
    FOLLOW, Forwarded, Found, Leaf, Made, Maker, Walk, Words, made_elsewhere, named,
};
use crate::eval::values::Family;
use crate::eval::values::{Function, Value};
use crate::eval::{Flow, Global, Result, Session};
use crate::explain::Written;
use crate::game::{GameId, Node};
use crate::syntax::ast::{Expr, ExprKind};

/// An option as noted: how it is named (if by calls), the words of its move, its maker.
type Noted = (Option<String>, Option<Words>, Maker);

/// Calls kept while one element of the noted list is evaluated: its parts' calls are the
/// last few, so a filter that calls on every pass (`if S(k) == 0`) keeps no more than this.
const KEPT_CALLS: usize = 64;

/// Where the evaluation of a body stands in noting how its options were written.
#[derive(Debug, Default)]
pub(in crate::eval) enum Recording {
    #[default]
    Off,
    /// The next option list `<...>` is the one to note.
    Armed,
    /// Inside it: `depth` lists deep (only the outermost is noted), the options so far.
    On {
        depth: usize,
        names: Vec<Noted>,
        /// The calls that returned games since the last option, made by the list itself
        /// (`base` calls deep), not inside the bodies of other calls.
        made: Vec<Made>,
        base: usize,
    },
    Done(Vec<(Noted, GameId)>),
}

impl Session {
    /// The options of `function`'s game for these arguments (`id`) as its body writes them,
    /// the call named `name`; or, when the body is itself a call, a name or a sum, how those
    /// are written.
    pub(in crate::eval) fn written_body(
        &mut self,
        function: &Arc<Function>,
        values: &[Value],
        (id, name): (GameId, String),
        walk: Walk,
    ) -> Result<Vec<Leaf>> {
        let caller_locals = std::mem::replace(&mut self.frame.locals, function.locals(values));
        // A library body sees the library's names, not the user's, here as when it ran.
        let caller_in_library = std::mem::replace(&mut self.program.in_library, function.library);
        let result = match self.required_value(&function.body) {
            Ok(body) if !made_elsewhere(body) => self.written_options(body),
            Ok(body) => match walk.follow.checked_sub(1) {
                Some(follow) => {
                    let walk = Walk {
                        follow,
                        own: false,
                        ..walk
                    };
                    self.leaves(body, walk).map(Forwarded::Parts)
                }
                None => Ok(Forwarded::Parts(Vec::new())),
            },
            Err(flow) => Err(flow),
        };
        self.program.in_library = caller_in_library;
        self.frame.locals = caller_locals;
        Ok(match result? {
            Forwarded::Options(mut found) => {
                Arc::make_mut(&mut found.written).name = name;
                vec![Leaf::Written(id, found)]
            }
            // A body with no option list of its own (`if n == 0 then 0 else ...`).
            Forwarded::Parts(parts) if parts.is_empty() => vec![Leaf::Plain(id)],
            // The call is named as the caller wrote it, not as the body writes it.
            Forwarded::Parts(parts) => named(parts, id, &name),
        })
    }

    /// How a call that made an option writes its own options, if it writes them itself.
    pub(in crate::eval) fn found_of(&mut self, made: &Made) -> Result<Option<Found>> {
        let name = self.show_args(&made.function.name.name, &made.args);
        let walk = Walk {
            follow: FOLLOW,
            in_sum: false,
            own: false,
        };
        let leaves = self.written_body(&made.function, &made.args, (made.id, name), walk)?;
        Ok(leaves.into_iter().find_map(|leaf| match leaf {
            Leaf::Written(id, found) if id == made.id => Some(found),
            _ => None,
        }))
    }

    /// What makes a body's game: the value of `require(condition, "help", value)`, whose
    /// condition held, as the call was made; of `because(reason, G)`, G; of `if c then x else
    /// y`, the branch the call took, so that a body forwarding to calls or a sum through an
    /// `if` (`if len(p) == 1 then H(p[0]) else H(p[0]) + rest(p[1:])`) is told as those are.
    fn required_value<'a>(&mut self, body: &'a Expr) -> Result<&'a Expr> {
        match &body.unparen().kind {
            ExprKind::Call { callee, args }
                if &*callee.name == "require"
                    && args.len() == 3
                    && self.global("require").is_none() =>
            {
                self.required_value(&args[2])
            }
            ExprKind::Call { callee, args }
                if &*callee.name == "because"
                    && args.len() == 2
                    && self.global("because").is_none() =>
            {
                self.required_value(&args[1])
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => match self.eval_root(cond)? {
                Value::Bool(true) => self.required_value(then),
                Value::Bool(false) => self.required_value(otherwise),
                _ => Ok(body),
            },
            _ => Ok(body),
        }
    }

    /// Evaluates a body once more, noting the call that made each option of its first
    /// option list `<...>`.
    fn written_options(&mut self, body: &Expr) -> Result<Forwarded> {
        let result = loop {
            self.naming.recording = Recording::Armed;
            match self.eval(body) {
                Err(Flow::Suspend(pending)) => {
                    if let Err(error) = self.drive(pending) {
                        break Err(error);
                    }
                }
                result => break result,
            }
        };
        let recording = std::mem::take(&mut self.naming.recording);
        result?;
        let Recording::Done(options) = recording else {
            return Ok(Forwarded::Parts(Vec::new()));
        };
        let mut written = Written::default();
        let mut makers = Vec::with_capacity(options.len());
        for ((name, told, maker), id) in options {
            let name = name.unwrap_or_else(|| self.plain_name(id));
            written.options.push((name, id));
            written.words.push(told);
            makers.push(maker);
        }
        Ok(Forwarded::Options(Found {
            written: Arc::new(written),
            makers,
        }))
    }

    /// An option made by no call: as grundy writes it, the zero game `0` as it is typed.
    fn plain_name(&self, id: GameId) -> String {
        match self.arena.node(id) {
            Node::Nim(0) => "0".to_owned(),
            _ => self.arena.describe_named(id, &self.scoped_names()),
        }
    }

    pub(in crate::eval) fn user_function(&self, name: &str) -> Option<Arc<Function>> {
        if let Some(own) = crate::library::qualified(name) {
            return self.loaded_library_family(own);
        }
        let local = self.frame.locals.iter().rev().find(|(n, _)| &**n == name);
        match local.map(|(_, v)| v) {
            Some(Value::Family(Family::User(function))) => return Some(function.clone()),
            Some(_) => return None,
            None => {}
        }
        match self.global(name) {
            Some(Global::Function(function)) => Some(function.clone()),
            Some(Global::Value(Value::Family(Family::User(function)))) => Some(function.clone()),
            Some(_) => None,
            None => self.loaded_library_family(name),
        }
    }

    /// An option list `<...>` starts: whether it is the one being noted.
    pub(in crate::eval) fn option_list_starts(&mut self) -> bool {
        match &mut self.naming.recording {
            Recording::Armed => {
                self.naming.recording = Recording::On {
                    depth: 1,
                    names: Vec::new(),
                    made: Vec::new(),
                    base: self.calls.open(),
                };
                true
            }
            Recording::On { depth, .. } => {
                *depth += 1;
                false
            }
            _ => false,
        }
    }

    /// The option list ends with these options; the noted one keeps them with their names.
    pub(in crate::eval) fn option_list_ends(&mut self, noted: bool, options: &[GameId]) {
        match &mut self.naming.recording {
            Recording::On { names, .. } if noted => {
                let names = std::mem::take(names);
                let written = names.into_iter().zip(options.iter().copied()).collect();
                self.naming.recording = Recording::Done(written);
            }
            Recording::On { depth, .. } => *depth -= 1,
            _ => {}
        }
    }

    /// Whether no explanation is noting how a body writes its options.
    pub(in crate::eval) fn recording_off(&self) -> bool {
        matches!(self.naming.recording, Recording::Off)
    }

    /// Whether the option list being evaluated is the one noted for an explanation.
    pub(in crate::eval) fn noting_options(&self) -> bool {
        matches!(self.naming.recording, Recording::On { depth: 1, .. })
    }

    /// An element of an option list was evaluated to the game `option` (if it is a game): in
    /// the noted list, note the calls that made it and the words given to its move.
    pub(in crate::eval) fn element_evaluated(
        &mut self,
        option: Option<GameId>,
        words: Option<Words>,
    ) {
        let Recording::On { depth: 1, made, .. } = &mut self.naming.recording else {
            return;
        };
        let made = std::mem::take(made);
        let (name, maker) = match option {
            Some(option) => self.option_made(option, made),
            None => (None, Maker::Unknown),
        };
        if let Recording::On { names, .. } = &mut self.naming.recording {
            names.push((name, words, maker));
        }
    }

    /// How the calls made while an option's element was evaluated made the option: the
    /// last that returned the option's game, or for a sum, those that returned its parts, in
    /// order. With its name: the call as typed, or the parts' joined by `+`.
    fn option_made(&self, option: GameId, made: Vec<Made>) -> (Option<String>, Maker) {
        let call = |made: &Made| self.show_args(&made.function.name.name, &made.args);
        let Node::Sum(parts) = self.arena.node(option) else {
            // Zero games summed (`T(0, 0) + T(0, 1)`) are the zero game: none of them is it.
            let zero = self.arena.zero();
            if option == zero && made.iter().filter(|m| m.id == zero).count() > 1 {
                return (None, Maker::Unknown);
            }
            return match made.into_iter().rev().find(|m| m.id == option) {
                Some(made) => (Some(call(&made)), Maker::Call(made)),
                None => (None, Maker::Unknown),
            };
        };
        let mut next = 0;
        let mut makers = Vec::with_capacity(parts.len());
        for &part in parts.iter() {
            let at = made[next..].iter().position(|m| m.id == part);
            makers.push(at.map(|at| {
                next += at + 1;
                made[next - 1].clone()
            }));
        }
        if makers.iter().all(Option::is_none) {
            return (None, Maker::Unknown);
        }
        let names: Vec<String> = parts
            .iter()
            .zip(&makers)
            .map(|(&part, maker)| match maker {
                Some(made) => call(made),
                None => self.arena.describe_named(part, &self.scoped_names()),
            })
            .collect();
        (Some(names.join(" + ")), Maker::Parts(makers))
    }

    /// The words of an option, worked out without the calls they make (`cram_square(s, k)`)
    /// taking the place of the calls that made the option.
    pub(in crate::eval) fn option_words(&mut self, label: &Expr) -> Result<Words> {
        let mark = match &self.naming.recording {
            Recording::On { made, .. } => made.len(),
            _ => 0,
        };
        let words = self.move_words(label);
        if let Recording::On { made, .. } = &mut self.naming.recording {
            made.truncate(mark);
        }
        words
    }

    /// A call of a family returned: while an option list is being noted, a call the list
    /// makes itself is remembered with its game.
    pub(in crate::eval) fn call_returned(
        &mut self,
        function: &Arc<Function>,
        args: &[Value],
        value: &Value,
    ) {
        let depth = self.calls.open();
        if let Recording::On { made, base, .. } = &mut self.naming.recording
            && *base == depth
            && let Value::Game(id) = value
        {
            if made.len() == KEPT_CALLS {
                made.drain(..KEPT_CALLS / 2);
            }
            made.push(Made {
                function: function.clone(),
                args: args.to_vec(),
                id: *id,
            });
        }
    }
}
