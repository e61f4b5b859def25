//! `grundy.Session`: definitions kept from one `run` to the next, as at the REPL. Every
//! call runs on a worker thread (see [`crate::running`]); games made here hold the session.
//! Here are its Python methods; what it holds, and how it runs a program, is
//! [`crate::state`].

use grundy::eval::{Answer, Limits, Value};
use grundy::game::loopy::LoopyValue;
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{self, Diagnostic};
use crate::game::Game;
use crate::output::Output;
use crate::state::{PROGRAM, Ran, Session};
use crate::tables::{Period, Plot};
use crate::values;

impl Session {
    /// The outputs of a run as Python objects.
    fn outputs(slf: &Bound<'_, Session>, ran: Ran) -> PyResult<Vec<Py<Output>>> {
        let py = slf.py();
        let mut values = ran.values.into_iter();
        ran.items
            .into_iter()
            .map(|item| {
                let value = match &item.answer {
                    Some(answer) => {
                        let value = values.next().flatten();
                        values::answer(slf, value.as_ref(), answer)?
                    }
                    None => py.None(),
                };
                Py::new(py, Output::new(item, value))
            })
            .collect()
    }

    /// The outputs of `text`, raising the first error if `check`.
    fn run_checked(
        slf: &Bound<'_, Session>,
        text: &str,
        check: bool,
        file: &str,
    ) -> PyResult<Vec<Py<Output>>> {
        let text = text.to_owned();
        let ran = slf
            .get()
            .execute(slf.py(), file, Vec::new(), move |_| text)?;
        let first_error = ran
            .items
            .iter()
            .find(|item| item.kind == "error")
            .and_then(|item| item.diagnostic.clone());
        let outputs = Session::outputs(slf, ran)?;
        match first_error {
            Some(diagnostic) if check => {
                let outputs = outputs.into_iter().map(Py::into_any).collect();
                Err(errors::raised(slf.py(), &diagnostic, outputs))
            }
            _ => Ok(outputs),
        }
    }

    /// A family's values: `seq(family(args), ns)`.
    fn table(
        slf: &Bound<'_, Session>,
        family: &str,
        ns: &Bound<'_, PyAny>,
        args: &Bound<'_, PyTuple>,
        verb: &str,
    ) -> PyResult<(Answer, Option<Value>)> {
        let mut games = Vec::new();
        let family = values::family_call(slf, family, args, &mut games)?;
        let ns = values::written(slf, ns, &mut games)?;
        Session::ask(slf, games, move |names| {
            format!("{verb}seq({}, {})", family.with(names), ns.with(names))
        })
    }
}

#[pymethods]
impl Session {
    /// `Session(steps=10**6, memory=10**9)`: limits named as `--limit` names them.
    #[new]
    #[pyo3(signature = (**limits))]
    fn new(limits: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut session = grundy::eval::Session::new(Limits::default());
        for (name, value) in limits.into_iter().flatten() {
            let setting = format!("{}={}", name.extract::<String>()?, value.str()?);
            session
                .set_limit(&setting)
                .map_err(|message| PyValueError::new_err(format!("{setting}: {message}")))?;
        }
        Ok(Session::of(session))
    }

    /// Runs statements as the REPL does: one `Output` per answer, error and warning. With
    /// `check`, the first error raises `GrundyError` (every statement has run). `file` names
    /// the program in diagnostics (`<cell 3>:1:5`).
    #[pyo3(signature = (text, check = true, file = "<python>"))]
    fn run(
        slf: &Bound<'_, Self>,
        text: &str,
        check: bool,
        file: &str,
    ) -> PyResult<Vec<Py<Output>>> {
        Session::run_checked(slf, text, check, file)
    }

    /// What `:type` says: the kind of value an expression has (`a game`, `a family of
    /// games: kayles(n)`); its errors raise `GrundyError`.
    fn type_of(slf: &Bound<'_, Self>, text: &str) -> PyResult<String> {
        let expression = text.to_owned();
        let (kind, error) = slf.get().on_worker(slf.py(), move |session| {
            let mut error = None;
            let kind = session.type_of(PROGRAM, &expression, &mut |event| {
                if let grundy::eval::Event::Error(diagnosis) = &event {
                    error.get_or_insert_with(|| Diagnostic::of(diagnosis));
                }
            });
            (kind, error)
        })?;
        match (kind, error) {
            (Some(kind), _) => Ok(kind),
            (None, Some(error)) => Err(errors::raised(slf.py(), &error, Vec::new())),
            (None, None) => Err(PyValueError::new_err(format!("`{text}` has no type"))),
        }
    }

    /// Levels of a proof `why` shows (`:set depth`).
    #[getter]
    fn fold_depth(&self) -> usize {
        self.lock().fold.depth
    }

    #[setter]
    fn set_fold_depth(&self, depth: usize) -> PyResult<()> {
        self.lock().fold.depth = positive(depth)?;
        Ok(())
    }

    /// Lines of a proof before deeper steps are folded (`:set lines`).
    #[getter]
    fn fold_lines(&self) -> usize {
        self.lock().fold.lines
    }

    #[setter]
    fn set_fold_lines(&self, lines: usize) -> PyResult<()> {
        self.lock().fold.lines = positive(lines)?;
        Ok(())
    }

    /// The play convention, `"normal"` or `"misere"` (`:set play`): misère play is won by
    /// the player who cannot move.
    #[getter]
    fn play(&self) -> &'static str {
        grundy::eval::play_word(self.lock().play())
    }

    #[setter]
    fn set_play(&self, play: &str) -> PyResult<()> {
        let play = grundy::eval::parse_play(play).map_err(PyValueError::new_err)?;
        self.lock().set_play(play);
        Ok(())
    }

    /// The Python value of the last statement's answer; errors raise `GrundyError`.
    fn eval(slf: &Bound<'_, Self>, text: &str) -> PyResult<Py<PyAny>> {
        let outputs = Session::run_checked(slf, text, true, PROGRAM)?;
        Ok(match outputs.iter().rev().find(|o| o.get().is_answer()) {
            Some(output) => output.get().value(slf.py()),
            None => slf.py().None(),
        })
    }

    /// A game written in grundy: `s.game("kayles(7) + *2")`.
    fn game(slf: &Bound<'_, Self>, text: &str) -> PyResult<Py<Game>> {
        let expression = text.to_owned();
        let (answer, value) = Session::ask(slf, Vec::new(), move |_| expression)?;
        match (value, answer) {
            (Some(Value::Game(id)), Answer::Game { nimber }) => {
                Game::written(slf, id, text, Some(LoopyValue::Finite(nimber)))
            }
            (Some(Value::Game(id)), Answer::Loopy { value }) => {
                Game::written(slf, id, text, Some(value))
            }
            (value, _) => Err(PyTypeError::new_err(format!(
                "`{text}` is {}, not a game",
                value.as_ref().map_or("not an expression", Value::kind)
            ))),
        }
    }

    /// The nim heap `*n`.
    fn nim(slf: &Bound<'_, Self>, n: u64) -> PyResult<Py<Game>> {
        Session::game(slf, &format!("*{n}"))
    }

    fn __getitem__(slf: &Bound<'_, Self>, name: &str) -> PyResult<Py<PyAny>> {
        let value = slf.get().lock().value_of(name);
        match value {
            Some(Value::Game(id)) => {
                Ok(Game::made(slf, id, Some(name.to_owned()), None)?.into_any())
            }
            Some(value) => values::value(slf, &value, false),
            None if slf.get().lock().defined_names().any(|n| n == name) => {
                // A family: its name, which `seq` and `period` take.
                Ok(pyo3::types::PyString::new(slf.py(), name)
                    .into_any()
                    .unbind())
            }
            None => Err(PyKeyError::new_err(name.to_owned())),
        }
    }

    fn __contains__(&self, name: &str) -> bool {
        self.lock().defined_names().any(|n| n == name)
    }

    /// The names defined so far, in order.
    fn names(&self) -> Vec<String> {
        self.lock().defined_names().map(str::to_owned).collect()
    }

    /// What `:vars` prints: one line per definition (a game's value may be worked out).
    fn variables(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.on_worker(py, |session| session.variables())
    }

    /// `s.set_limit("steps=1000")`, as `:set limit` does.
    fn set_limit(&self, setting: &str) -> PyResult<()> {
        self.lock()
            .set_limit(setting)
            .map_err(|message| PyValueError::new_err(format!("{setting}: {message}")))
    }

    /// The limits in force, by name.
    fn limits(&self) -> Vec<(String, u64)> {
        let session = self.lock();
        grundy::eval::limits::LIMITS
            .iter()
            .filter_map(|(name, _)| Some((name.to_string(), session.limits().get(name)?)))
            .collect()
    }

    /// Forgets every definition and game, as `:clear` does; games made before are gone.
    fn clear(&self) {
        self.forget_everything();
    }

    /// Grundy values of a family: `s.seq("kayles", range(100))`, `s.seq("octal", range(50),
    /// "0.07")` (arguments after `ns` are the family's: `octal("0.07")`).
    #[pyo3(signature = (family, ns, *args))]
    fn seq(
        slf: &Bound<'_, Self>,
        family: &str,
        ns: &Bound<'_, PyAny>,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        match Session::table(slf, family, ns, args, "")? {
            // Nimbers (or a function's integers) as `int`s; a loopy family's games worth ∞
            // as `Infinity`.
            (Answer::Table(table), _) => (table.entries.iter())
                .map(|(_, cell)| crate::tables::cell_object(slf.py(), cell))
                .collect(),
            _ => Err(PyTypeError::new_err("`seq` made no table")),
        }
    }

    /// The proved period of a heap game (`s.period("kayles")`), or None if none was found.
    #[pyo3(signature = (family, *args))]
    fn period(
        slf: &Bound<'_, Self>,
        family: &str,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<Option<Py<Period>>> {
        let mut games = Vec::new();
        let family = values::family_call(slf, family, args, &mut games)?;
        let (answer, _) = Session::ask(slf, games, move |names| {
            format!("period({})", family.with(names))
        })?;
        match answer {
            Answer::Period(report) if report.found.is_some() => {
                Ok(Some(Py::new(slf.py(), Period::new(report))?))
            }
            Answer::Period(_) => Ok(None),
            _ => Err(PyTypeError::new_err("`period` made no period")),
        }
    }

    /// A family's values drawn: `s.plot("kayles", range(500))`.
    #[pyo3(signature = (family, ns, *args))]
    fn plot(
        slf: &Bound<'_, Self>,
        family: &str,
        ns: &Bound<'_, PyAny>,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<Py<Plot>> {
        match Session::table(slf, family, ns, args, "plot ")? {
            (Answer::Plot(plot), _) => Py::new(slf.py(), Plot::new(plot)),
            _ => Err(PyTypeError::new_err("`plot` made no plot")),
        }
    }

    fn __repr__(&self) -> String {
        let names = self.names();
        format!("<grundy.Session: {} names defined>", names.len())
    }
}

/// A fold setting: at least 1.
fn positive(n: usize) -> PyResult<usize> {
    if n == 0 {
        return Err(PyValueError::new_err("give a positive number"));
    }
    Ok(n)
}
