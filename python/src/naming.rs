//! How the module's own statements (`g + h`, `g.why(h)`) name the games they are about:
//! by the name the session gives the game, by the text that made it, by the text grundy
//! writes it as, or by a name bound for the one statement (`_g1`); and the statements'
//! text, written with holes for those names. Imports nothing of the module's own: the
//! session, the games and the values use it.

use std::sync::atomic::Ordering;

use grundy::eval::{Session, Value};
use grundy::game::GameId;
use grundy::source::SourceId;
use grundy::syntax::ast::{BinOp, ExprKind, StmtKind};

/// A game given to a program of the module's own: bound to a name while it runs.
pub struct Held {
    pub id: GameId,
    /// The name the session knew it by, used again when it still holds the game.
    pub name: Option<String>,
    /// The text that made it (`lasker(9)`), while it makes it still (see [`standalone`]).
    pub text: Option<String>,
    /// Written in words (its text, or as the session calls it, if that makes it: see
    /// [`denotes`]) rather than by a name of the module's own: the answer shows how it is
    /// written (a proof's headline).
    pub readable: bool,
}

/// grundy text written from Python values, with holes where games go: filled with the
/// names [`name`] gives the games when the program runs.
#[derive(Clone, Debug, Default)]
pub struct Written(Vec<Piece>);

#[derive(Clone, Debug)]
enum Piece {
    Text(String),
    /// The game given at this index.
    Game(usize),
}

impl Written {
    pub fn text(&mut self, text: impl Into<String>) {
        self.0.push(Piece::Text(text.into()));
    }

    /// A hole for `game`, which joins the games the program is given.
    pub fn game(&mut self, game: Held, games: &mut Vec<Held>) {
        self.0.push(Piece::Game(games.len()));
        games.push(game);
    }

    /// The text with `names` (one per game given, in order) in its holes.
    pub fn with(&self, names: &[String]) -> String {
        self.0
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => text.as_str(),
                Piece::Game(i) => names[*i].as_str(),
            })
            .collect()
    }
}

/// The names for `games` in a program run as `file`, and those bound for it, to unbind
/// after.
pub fn name(session: &mut Session, games: &[Held], file: &str) -> (Vec<String>, Vec<String>) {
    let mut temporary = Vec::new();
    let names = games
        .iter()
        .map(|game| {
            let holds = |name: &str| session.value_of(name) == Some(Value::Game(game.id));
            if let Some(name) = game.name.as_deref().filter(|name| holds(name)) {
                return name.to_owned();
            }
            if game.readable {
                if let Some(text) = &game.text {
                    return text.clone();
                }
                let text = session.describe_game(game.id);
                if denotes(session, &text, game.id, file) {
                    return text;
                }
            }
            let name = (1..)
                .map(|i| format!("_g{i}"))
                .find(|name| {
                    !session.defined_names().any(|n| n == name) && !temporary.contains(name)
                })
                .expect("a free name");
            session.bind(&name, Value::Game(game.id));
            temporary.push(name.clone());
            name
        })
        .collect();
    (names, temporary)
}

/// Text longer than this is not tried as a game's name.
const READABLE: usize = 120;

/// Whether `text` makes the game `id` in the session (equal games are one node): then a
/// statement may say `why *2 + kayles(5)` rather than `why _g1`. A plain expression, run
/// once more; no error, no warning. Called before anything else of the statement has run,
/// so that the values taken are its own.
fn denotes(session: &mut Session, text: &str, id: GameId, file: &str) -> bool {
    if text.len() > READABLE || text.contains(['…', ';', '\n']) {
        return false;
    }
    let mut clean = true;
    let summary = session.run(file, text, &mut |event| {
        clean &= matches!(event, grundy::eval::Event::Answer { .. });
    });
    if summary.cancelled {
        // Ctrl-C was for the statement this one is part of: it stops that one too.
        session.interrupt_flag().store(true, Ordering::Relaxed);
    }
    let values = session.take_values();
    clean && values == [Some(Value::Game(id))]
}

/// `text` as a program of the module's own may write the game it makes, within a statement
/// (`why TEXT == H`): the one expression it holds, without comments, in parentheses unless
/// it binds tighter than a comparison (a call, a name, a sum do). None for anything else.
pub fn standalone(text: &str) -> Option<String> {
    let (statements, errors) = grundy::syntax::parse(SourceId(0), text);
    let [statement] = &statements[..] else {
        return None;
    };
    let StmtKind::Expr(expr) = &statement.kind else {
        return None;
    };
    if !errors.is_empty() {
        return None;
    }
    let written = text.get(expr.span.start as usize..expr.span.end as usize)?;
    let tight = match &expr.kind {
        ExprKind::Chain { rest, .. } => rest.iter().all(|(op, ..)| *op == BinOp::Add),
        ExprKind::Binary { .. }
        | ExprKind::Claim { .. }
        | ExprKind::If { .. }
        | ExprKind::Generator(_)
        | ExprKind::Play { .. } => false,
        _ => true,
    };
    Some(match tight {
        true => written.to_owned(),
        false => format!("({written})"),
    })
}
