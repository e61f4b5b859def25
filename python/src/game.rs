//! `grundy.Game`: a game of a session's DAG, held by its id. What Python asks of it runs as
//! a grundy statement with the game bound to a name (its own, if the session still gives it
//! that name), so that answers and proofs read as at the REPL.
//!
//! Games of two sessions meet as values: the other session's game enters as the nim heap of
//! its nimber, the game it is equivalent to (Sprague–Grundy), not copied node by node. A game
//! worth ∞ (it can go on for ever) has no nim heap to enter as, and stays in its session.

use std::sync::OnceLock;

use grundy::eval::{Answer, Value};
use grundy::game::GameId;
use grundy::game::loopy::{LoopyValue, Outcome};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;

use crate::explanation::Explanation;
use crate::html;
use crate::infinity::{outcome_word, value_object};
use crate::naming::{Held as Binding, Written, standalone};
use crate::state::Session;

/// A game, in the arena of the session it was made in.
#[pyclass(module = "grundy", frozen)]
pub struct Game {
    session: Py<Session>,
    id: GameId,
    /// The session's `clear`s when it was made: after another, the game is gone.
    generation: u64,
    /// The name it was bound to when it was taken (`s["G"]`).
    name: Option<String>,
    /// The text that made it (`s.game("lasker(9)")`), as a statement may write it (see
    /// [`crate::naming::standalone`]), and the session's edition then: while no definition
    /// has been made since, the text makes the game still.
    text: Option<(String, u64)>,
    /// Its generalized value, once known: a nimber, or ∞K.
    value: OnceLock<LoopyValue>,
}

impl Game {
    pub fn made(
        session: &Bound<'_, Session>,
        id: GameId,
        name: Option<String>,
        value: Option<LoopyValue>,
    ) -> PyResult<Py<Game>> {
        Game::new(session, id, (name, None), value)
    }

    /// A game made by `text`, which answers explanations in its words (as the REPL does).
    pub fn written(
        session: &Bound<'_, Session>,
        id: GameId,
        text: &str,
        value: Option<LoopyValue>,
    ) -> PyResult<Py<Game>> {
        let text = standalone(text).map(|text| (text, session.get().lock().edition()));
        Game::new(session, id, (None, text), value)
    }

    fn new(
        session: &Bound<'_, Session>,
        id: GameId,
        (name, text): (Option<String>, Option<(String, u64)>),
        value: Option<LoopyValue>,
    ) -> PyResult<Py<Game>> {
        let known = OnceLock::new();
        if let Some(value) = value {
            let _ = known.set(value);
        }
        Py::new(
            session.py(),
            Game {
                session: session.clone().unbind(),
                id,
                generation: session.get().generation(),
                name,
                text,
                value: known,
            },
        )
    }

    /// The text that made the game, if it makes it still.
    fn text(&self, session: &grundy::eval::Session) -> Option<&str> {
        let (text, edition) = self.text.as_ref()?;
        (session.edition() == *edition).then_some(text.as_str())
    }

    /// How a program of `session` refers to this game: bound to a name (`Some`), or, for a
    /// game of another session, not at all (`None`: it is written as its nimber).
    pub fn binding(&self, session: &Bound<'_, Session>) -> PyResult<Option<Binding>> {
        if !self.session.bind(session.py()).is(session) {
            return Ok(None);
        }
        self.check_alive()?;
        let text = self.text(&session.get().lock()).map(str::to_owned);
        Ok(Some(Binding {
            id: self.id,
            name: self.name.clone(),
            text,
            readable: false,
        }))
    }

    /// Writes the game in a program of `session`: a hole for its name if it is this
    /// session's, else the nim heap of its value, the game it is equivalent to.
    pub fn write(
        session: &Bound<'_, Session>,
        game: &Bound<'_, Game>,
        games: &mut Vec<Binding>,
        out: &mut Written,
    ) -> PyResult<()> {
        match game.get().binding(session)? {
            Some(binding) => out.game(binding, games),
            None => match Game::value_of(game)? {
                LoopyValue::Finite(nimber) => out.text(format!("*{nimber}")),
                infinite => {
                    return Err(PyValueError::new_err(format!(
                        "a game of another session enters this one as the nim heap of its \
                         nimber, and this one is worth {infinite}: it can go on for ever and has \
                         none; make it in this session"
                    )));
                }
            },
        }
        Ok(())
    }

    fn check_alive(&self) -> PyResult<()> {
        if self.session.get().generation() != self.generation {
            return Err(PyValueError::new_err(
                "this game's session was cleared (`clear()`), and the game with it",
            ));
        }
        Ok(())
    }

    /// The game's generalized value: its nimber, or ∞K for a game that can go on for ever.
    pub fn value_of(game: &Bound<'_, Game>) -> PyResult<LoopyValue> {
        game.get().check_alive()?;
        if let Some(value) = game.get().value.get() {
            return Ok(value.clone());
        }
        let value = match Game::ask(game, &[], false, |this, _| this.to_owned())? {
            (Answer::Game { nimber }, _) => LoopyValue::Finite(nimber),
            (Answer::Loopy { value }, _) => value,
            _ => return Err(PyTypeError::new_err("a game without a value")),
        };
        Ok(game.get().value.get_or_init(|| value).clone())
    }

    /// The nimber; ValueError for a game worth ∞, which has none.
    pub fn nimber_of(game: &Bound<'_, Game>) -> PyResult<u64> {
        match Game::value_of(game)? {
            LoopyValue::Finite(nimber) => Ok(nimber),
            infinite => Err(PyValueError::new_err(format!(
                "this game can go on for ever: it is worth {infinite}, and has no nimber; \
                 `value` gives its value, `outcome` who wins"
            ))),
        }
    }

    fn outcome_of(game: &Bound<'_, Game>) -> PyResult<Outcome> {
        Ok(Game::value_of(game)?.outcome())
    }

    /// Runs `write(this, others)` in the game's session, the names filled in; `readable`:
    /// the games are written as grundy writes them where that text still makes them, since
    /// the answer shows how they were written (a proof's headline).
    fn ask(
        game: &Bound<'_, Game>,
        others: &[Bound<'_, Game>],
        readable: bool,
        write: impl FnOnce(&str, &[String]) -> String + Send,
    ) -> PyResult<(Answer, Option<Value>)> {
        let py = game.py();
        let session = game.get().session.bind(py).clone();
        let mut games = Vec::new();
        let mut this = Written::default();
        Game::write(&session, game, &mut games, &mut this)?;
        let others = others
            .iter()
            .map(|other| {
                let mut written = Written::default();
                Game::write(&session, other, &mut games, &mut written)?;
                Ok(written)
            })
            .collect::<PyResult<Vec<_>>>()?;
        for held in &mut games {
            held.readable = readable;
        }
        Session::ask(&session, games, move |names| {
            let others: Vec<String> = others.iter().map(|o| o.with(names)).collect();
            write(&this.with(names), &others)
        })
    }

    /// A statement about the game whose answer is a game of the session.
    fn game_answer(
        game: &Bound<'_, Game>,
        others: &[Bound<'_, Game>],
        write: impl FnOnce(&str, &[String]) -> String + Send,
    ) -> PyResult<Py<Game>> {
        let session = game.get().session.bind(game.py()).clone();
        match Game::ask(game, others, false, write)? {
            (Answer::Game { nimber }, Some(Value::Game(id))) => {
                Game::made(&session, id, None, Some(LoopyValue::Finite(nimber)))
            }
            (Answer::Loopy { value }, Some(Value::Game(id))) => {
                Game::made(&session, id, None, Some(value))
            }
            _ => Err(PyTypeError::new_err("the answer is not a game")),
        }
    }

    /// A statement whose answer is a set or list of games.
    fn games_answer(
        game: &Bound<'_, Game>,
        write: impl FnOnce(&str, &[String]) -> String + Send,
    ) -> PyResult<Vec<Py<Game>>> {
        let session = game.get().session.bind(game.py()).clone();
        let members = match Game::ask(game, &[], false, write)? {
            (_, Some(Value::SetOf(members) | Value::List(members))) => members,
            (_, Some(Value::Set(_))) => Default::default(),
            _ => {
                return Err(PyTypeError::new_err(
                    "the answer is not a collection of games",
                ));
            }
        };
        members
            .iter()
            .map(|member| match member {
                Value::Game(id) => Game::made(&session, *id, None, None),
                other => Err(PyTypeError::new_err(format!(
                    "{} among games",
                    other.kind()
                ))),
            })
            .collect()
    }

    fn explanation(
        game: &Bound<'_, Game>,
        others: &[Bound<'_, Game>],
        write: impl FnOnce(&str, &[String]) -> String + Send,
    ) -> PyResult<Py<Explanation>> {
        match Game::ask(game, others, true, write)? {
            (Answer::Explanation(explanation), _) => {
                Py::new(game.py(), Explanation::new(explanation))
            }
            _ => Err(PyTypeError::new_err("the answer is no explanation")),
        }
    }
}

#[pymethods]
impl Game {
    /// The game's nimber: the n of the nim heap `*n` it is equivalent to. ValueError for a
    /// game that can go on for ever (worth ∞), which has none.
    #[getter]
    fn nimber(slf: &Bound<'_, Self>) -> PyResult<u64> {
        Game::nimber_of(slf)
    }

    /// The generalized Sprague–Grundy value: the nimber (an `int`), or for a game that can go
    /// on for ever, `Infinity(k)`, ∞ with the finite values among its options.
    #[getter]
    fn value(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        value_object(slf.py(), &Game::value_of(slf)?)
    }

    /// `"winning"` (the player to move wins), `"losing"`, or `"draw"` (a loopy game neither
    /// player can win: play goes on for ever).
    #[getter]
    fn outcome(slf: &Bound<'_, Self>) -> PyResult<&'static str> {
        Ok(outcome_word(Game::outcome_of(slf)?))
    }

    #[getter]
    fn is_winning(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(Game::outcome_of(slf)? == Outcome::Winning)
    }

    #[getter]
    fn is_losing(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(Game::outcome_of(slf)? == Outcome::Losing)
    }

    #[getter]
    fn is_draw(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(Game::outcome_of(slf)? == Outcome::Draw)
    }

    /// The session the game lives in.
    #[getter]
    fn session(&self, py: Python<'_>) -> Py<Session> {
        self.session.clone_ref(py)
    }

    /// The games one move leads to, each once.
    fn options(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<Game>>> {
        Game::games_answer(slf, |this, _| format!("options({this})"))
    }

    /// The winning moves: the options that are losing for the player who then moves.
    fn moves(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<Game>>> {
        Game::games_answer(slf, |this, _| {
            format!("[option for option in options({this}) if option is losing]")
        })
    }

    /// The proof that this game is equivalent to `other` (or is not), or of its value; in
    /// misère play if `misere`.
    #[pyo3(signature = (other = None, full = false, misere = false))]
    fn why(
        slf: &Bound<'_, Self>,
        other: Option<Bound<'_, Game>>,
        full: bool,
        misere: bool,
    ) -> PyResult<Py<Explanation>> {
        let verb = match (full, misere) {
            (false, false) => "why",
            (true, false) => "why full",
            (false, true) => "why misere",
            (true, true) => "why full misere",
        };
        match other {
            Some(other) => Game::explanation(slf, &[other], move |this, others| {
                format!("{verb} {this} == {}", others[0])
            }),
            None => Game::explanation(slf, &[], move |this, _| format!("{verb} {this}")),
        }
    }

    /// What `moves G` prints: every winning move with its value, as an explanation; in
    /// misère play if `misere`.
    #[pyo3(signature = (all = false, misere = false))]
    fn explain_moves(slf: &Bound<'_, Self>, all: bool, misere: bool) -> PyResult<Py<Explanation>> {
        let verb = if all { "moves all" } else { "moves" };
        let play = if misere { " misere" } else { "" };
        Game::explanation(slf, &[], move |this, _| format!("{verb}{play} {this}"))
    }

    /// What `tree G` draws; in misère play if `misere`.
    #[pyo3(signature = (misere = false))]
    fn tree(slf: &Bound<'_, Self>, misere: bool) -> PyResult<Py<Explanation>> {
        let play = if misere { " misere" } else { "" };
        Game::explanation(slf, &[], move |this, _| format!("tree{play} {this}"))
    }

    /// `"losing"` (the player to move loses) or `"winning"` in misère play, where the last
    /// move loses.
    #[getter]
    fn misere_outcome(slf: &Bound<'_, Self>) -> PyResult<&'static str> {
        match Game::ask(slf, &[], false, |this, _| {
            format!("misere ({this}) is losing")
        })? {
            (Answer::MisereTruth(true), _) => Ok("losing"),
            (Answer::MisereTruth(false), _) => Ok("winning"),
            _ => Err(PyTypeError::new_err("a misère claim without a truth")),
        }
    }

    /// The winning moves in misère play: the options that are misère P-positions.
    fn misere_moves(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<Game>>> {
        Game::games_answer(slf, |this, _| {
            format!("[option for option in options({this}) if misere option is losing]")
        })
    }

    /// Conway's genus in his notation, `"0^120"` (`genus(G)`).
    #[getter]
    fn genus(slf: &Bound<'_, Self>) -> PyResult<String> {
        match Game::ask(slf, &[], false, |this, _| format!("genus({this})"))? {
            (Answer::Str(genus), _) => Ok(genus),
            _ => Err(PyTypeError::new_err("a genus that is not a string")),
        }
    }

    /// The misère simplest form (`simplest(G)`): the simplest game equal to this one in
    /// every misère sum.
    fn simplest(slf: &Bound<'_, Self>) -> PyResult<Py<Game>> {
        // `normal`: the game itself is the answer, not its misère facts.
        Game::game_answer(slf, &[], |this, _| format!("normal simplest({this})"))
    }

    /// The game's DAG in Graphviz's DOT language (`dot G`).
    fn dot(slf: &Bound<'_, Self>) -> PyResult<String> {
        let explanation = Game::explanation(slf, &[], |this, _| format!("dot {this}"))?;
        Ok(explanation.get().text().to_owned())
    }

    /// The game's DAG drawn as SVG.
    fn svg(slf: &Bound<'_, Self>) -> PyResult<String> {
        let explanation = Game::explanation(slf, &[], |this, _| format!("dot {this}"))?;
        explanation.get().svg().ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err(
                "the game's graph could not be laid out; `dot()` gives the DOT text",
            )
        })
    }

    fn __add__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Ok(other) = other.cast::<Game>() else {
            return Ok(slf.py().NotImplemented());
        };
        let sum = Game::game_answer(slf, std::slice::from_ref(other), |this, others| {
            format!("{this} + {}", others[0])
        })?;
        Ok(sum.into_any())
    }

    /// `sum(games)` starts from 0.
    fn __radd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match other.extract::<i64>() {
            Ok(0) => Ok(slf.clone().unbind().into_any()),
            _ => Ok(slf.py().NotImplemented()),
        }
    }

    /// Games are equal when they are equivalent: when their nimbers are, or for games that
    /// can go on for ever, their generalized values.
    fn __richcmp__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let Ok(other) = other.cast::<Game>() else {
            return Ok(py.NotImplemented());
        };
        let equal = Game::value_of(slf)? == Game::value_of(other)?;
        match op {
            CompareOp::Eq => Ok(pyo3::types::PyBool::new(py, equal)
                .to_owned()
                .into_any()
                .unbind()),
            CompareOp::Ne => Ok(pyo3::types::PyBool::new(py, !equal)
                .to_owned()
                .into_any()
                .unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// By value, as games are equal: a nimber is its own hash.
    fn __hash__(slf: &Bound<'_, Self>) -> PyResult<u64> {
        Ok(match Game::value_of(slf)? {
            LoopyValue::Finite(nimber) => nimber,
            infinite => {
                let mut hasher = std::hash::DefaultHasher::new();
                std::hash::Hash::hash(&infinite, &mut hasher);
                std::hash::Hasher::finish(&hasher)
            }
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let session = self.session.bind(py).get();
        if session.generation() != self.generation {
            return "<a game of a cleared session>".to_owned();
        }
        let session = session.lock();
        if let Some(name) = &self.name
            && session.value_of(name) == Some(Value::Game(self.id))
        {
            return name.clone();
        }
        match self.text(&session) {
            Some(text) => text.to_owned(),
            None => session.describe_game(self.id),
        }
    }

    fn _repr_html_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let shown = slf.get().__repr__(slf.py());
        let value = Game::value_of(slf)?;
        let who = match value.outcome() {
            Outcome::Winning => "the player to move wins",
            Outcome::Losing => "the player to move loses",
            Outcome::Draw => "a draw: neither player can force a win",
        };
        Ok(format!(
            "<code>{}</code> ≡ <code>{}</code>: {who}",
            html::escape(&shown),
            html::escape(&value.to_string())
        ))
    }

    /// The DAG's picture (`dot` draws the first games of a big one only).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> Option<String> {
        Game::svg(slf).ok()
    }
}
