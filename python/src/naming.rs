//! How the module's own statements (`g + h`, `g.why(h)`) name the games they are about:
//! by the name the session gives the game, by the text grundy writes it as, or by a name
//! bound for the one statement (`_g1`).

use std::sync::atomic::Ordering;

use grundy::eval::{Session, Value};
use grundy::game::GameId;

use crate::session::PROGRAM;

/// A game given to a program of the module's own: bound to a name while it runs.
pub struct Held {
    pub id: GameId,
    /// The name the session knew it by, used again when it still holds the game.
    pub name: Option<String>,
    /// Written as grundy writes it, if that makes it (see [`denotes`]), rather than by a
    /// name of the module's own.
    pub readable: bool,
}

/// The names for `games` in a statement, and those bound for it, to unbind after.
pub fn name(session: &mut Session, games: &[Held]) -> (Vec<String>, Vec<String>) {
    let mut temporary = Vec::new();
    let names = games
        .iter()
        .map(|game| {
            let holds = |name: &str| session.value_of(name) == Some(Value::Game(game.id));
            if let Some(name) = game.name.as_deref().filter(|name| holds(name)) {
                return name.to_owned();
            }
            if game.readable {
                let text = session.arena.describe(game.id);
                if denotes(session, &text, game.id) {
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
fn denotes(session: &mut Session, text: &str, id: GameId) -> bool {
    if text.len() > READABLE || text.contains(['…', ';', '\n']) {
        return false;
    }
    let mut clean = true;
    let summary = session.run(PROGRAM, text, &mut |event| {
        clean &= matches!(event, grundy::eval::Event::Answer { .. });
    });
    if summary.cancelled {
        // Ctrl-C was for the statement this one is part of: it stops that one too.
        session.interrupt_flag().store(true, Ordering::Relaxed);
    }
    let values = session.take_values();
    clean && values == [Some(Value::Game(id))]
}
