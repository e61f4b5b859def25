//! Values between grundy and Python: an answer as a Python object (games as [`Game`]s,
//! integers, sets, lists, tables), and Python arguments written as grundy text.

use grundy::eval::{Answer, Value};
use grundy::game::loopy::LoopyValue;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFrozenSet, PyList, PyRange, PySet, PyString, PyTuple};

use crate::explanation::Explanation;
use crate::game::Game;
use crate::infinity::value_object;
use crate::naming::{Held as Binding, Written};
use crate::state::Session;
use crate::survey::Survey;
use crate::tables::{Grid, Period, Plot, Table};

/// The Python value of an answer: from its value where the statement had one (games stay
/// games), else from what it printed.
pub fn answer(
    session: &Bound<'_, Session>,
    value: Option<&Value>,
    answer: &Answer,
) -> PyResult<Py<PyAny>> {
    let py = session.py();
    match (value, answer) {
        (Some(Value::Game(id)), Answer::Game { nimber }) => {
            let value = LoopyValue::Finite(*nimber);
            return Ok(Game::made(session, *id, None, Some(value))?.into_any());
        }
        (Some(Value::Game(id)), Answer::Loopy { value }) => {
            return Ok(Game::made(session, *id, None, Some(value.clone()))?.into_any());
        }
        _ => {}
    }
    match (value, answer) {
        (_, Answer::Table(table)) => Ok(Py::new(py, Table::new(table.clone()))?.into_any()),
        (_, Answer::Grid(grid)) => Ok(Py::new(py, Grid::new(grid.clone()))?.into_any()),
        (_, Answer::Period(report)) => Ok(Py::new(py, Period::new(report.clone()))?.into_any()),
        (_, Answer::Plot(plot)) => Ok(Py::new(py, Plot::new(plot.clone()))?.into_any()),
        (_, Answer::Survey(table)) => Ok(Py::new(py, Survey::new(table.clone()))?.into_any()),
        (_, Answer::Explanation(explanation)) => {
            Ok(Py::new(py, Explanation::new(explanation.clone()))?.into_any())
        }
        (_, Answer::Family { name, .. }) => Ok(PyString::new(py, name).into_any().unbind()),
        // Each vertex with its value: a nimber, or `Infinity` on (or into) a cycle.
        (_, Answer::Digraph(table)) => {
            let vertices = (table.vertices.iter())
                .map(|(name, v)| Ok((name.clone(), value_object(py, v)?)))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(vertices.into_pyobject(py)?.into_any().unbind())
        }
        (_, Answer::Defined { .. } | Answer::Assert(_)) => Ok(py.None()),
        (Some(value), _) => self::value(session, value, false),
        (None, answer) => Ok(PyString::new(py, &answer.to_string()).into_any().unbind()),
    }
}

/// A value as Python's: lists and sets as `list` and `set`, but as `tuple` and `frozenset`
/// inside a set, where members must be hashable.
pub fn value(session: &Bound<'_, Session>, value: &Value, hashable: bool) -> PyResult<Py<PyAny>> {
    let py = session.py();
    let members = |values: &[Value], hashable: bool| {
        values
            .iter()
            .map(|v| self::value(session, v, hashable))
            .collect::<PyResult<Vec<_>>>()
    };
    Ok(match value {
        Value::Int(n) => n.into_pyobject(py)?.into_any().unbind(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        Value::Str(text) => PyString::new(py, text).into_any().unbind(),
        Value::Game(id) => Game::made(session, *id, None, None)?.into_any(),
        Value::Range { start, end } => {
            let range = py.get_type::<PyRange>();
            range.call1((*start, end.get()))?.unbind()
        }
        Value::List(items) if hashable => {
            PyTuple::new(py, members(items, true)?)?.into_any().unbind()
        }
        Value::List(items) => PyList::new(py, members(items, false)?)?.into_any().unbind(),
        Value::Set(members) if hashable => {
            PyFrozenSet::new(py, members.iter())?.into_any().unbind()
        }
        Value::Set(members) => PySet::new(py, members.iter())?.into_any().unbind(),
        Value::SetOf(items) if hashable => PyFrozenSet::new(py, members(items, true)?)?
            .into_any()
            .unbind(),
        Value::SetOf(items) => PySet::new(py, members(items, true)?)?.into_any().unbind(),
        // A dict is not hashable: inside a set, a map is a tuple of its (key, value) pairs.
        Value::Map(entries) if hashable => {
            let pairs = (entries.iter())
                .map(|(k, v)| {
                    let pair = [
                        self::value(session, k, true)?,
                        self::value(session, v, true)?,
                    ];
                    Ok(PyTuple::new(py, pair)?.into_any().unbind())
                })
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, pairs)?.into_any().unbind()
        }
        Value::Map(entries) => {
            let dict = PyDict::new(py);
            for (k, v) in entries.iter() {
                dict.set_item(
                    self::value(session, k, true)?,
                    self::value(session, v, false)?,
                )?;
            }
            dict.into_any().unbind()
        }
        Value::Survey(table) => Py::new(py, Survey::new((**table).clone()))?.into_any(),
        other => PyString::new(py, other.kind()).into_any().unbind(),
    })
}

/// `family(args...)`: the family by its name (or any expression), called with the
/// arguments if there are some.
pub fn family_call(
    session: &Bound<'_, Session>,
    family: &str,
    args: &Bound<'_, PyTuple>,
    games: &mut Vec<Binding>,
) -> PyResult<Written> {
    let mut out = Written::default();
    out.text(family);
    if !args.is_empty() {
        out.text("(");
        for (i, arg) in args.iter().enumerate() {
            if i > 0 {
                out.text(", ");
            }
            write_value(session, &arg, games, &mut out)?;
        }
        out.text(")");
    }
    Ok(out)
}

/// A Python value as grundy text: `range(0, 10)` as `0..10`, `{1, 2}`, `[1, "x"]`.
pub fn written(
    session: &Bound<'_, Session>,
    value: &Bound<'_, PyAny>,
    games: &mut Vec<Binding>,
) -> PyResult<Written> {
    let mut out = Written::default();
    write_value(session, value, games, &mut out)?;
    Ok(out)
}

fn write_value(
    session: &Bound<'_, Session>,
    value: &Bound<'_, PyAny>,
    games: &mut Vec<Binding>,
    out: &mut Written,
) -> PyResult<()> {
    if let Ok(b) = value.cast::<PyBool>() {
        out.text(if b.is_true() { "true" } else { "false" });
    } else if let Ok(n) = value.extract::<i64>() {
        out.text(n.to_string());
    } else if let Ok(text) = value.cast::<PyString>() {
        let text: String = text.extract()?;
        if text.contains(['"', '\n', '\r']) {
            return Err(PyValueError::new_err(format!(
                "a grundy string holds no `\"` or line break: {text:?}"
            )));
        }
        out.text(format!("\"{text}\""));
    } else if let Ok(range) = value.cast::<PyRange>() {
        let step: i64 = range.getattr("step")?.extract()?;
        if step != 1 {
            // Any other range is written as the list of its members.
            let members: Vec<i64> = range
                .try_iter()?
                .map(|n| n?.extract())
                .collect::<PyResult<_>>()?;
            out.text(format!("{members:?}"));
        } else {
            let start: i64 = range.getattr("start")?.extract()?;
            let stop: i64 = range.getattr("stop")?.extract()?;
            out.text(format!("{start}..{stop}"));
        }
    } else if let Ok(game) = value.cast::<Game>() {
        Game::write(session, game, games, out)?;
    } else if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        write_members(session, value, games, out, "[", "]")?;
    } else if value.is_instance_of::<PySet>() || value.is_instance_of::<PyFrozenSet>() {
        write_members(session, value, games, out, "{", "}")?;
    } else if let Ok(dict) = value.cast::<PyDict>() {
        if dict.is_empty() {
            out.text("{:}");
            return Ok(());
        }
        out.text("{");
        for (i, (key, item)) in dict.iter().enumerate() {
            if i > 0 {
                out.text(", ");
            }
            write_value(session, &key, games, out)?;
            out.text(": ");
            write_value(session, &item, games, out)?;
        }
        out.text("}");
    } else {
        return Err(PyTypeError::new_err(format!(
            "grundy takes integers, truth values, strings, ranges, lists, sets, dicts and games, not {}",
            value.get_type().name()?
        )));
    }
    Ok(())
}

fn write_members(
    session: &Bound<'_, Session>,
    value: &Bound<'_, PyAny>,
    games: &mut Vec<Binding>,
    out: &mut Written,
    open: &str,
    close: &str,
) -> PyResult<()> {
    out.text(open);
    for (i, member) in value.try_iter()?.enumerate() {
        if i > 0 {
            out.text(", ");
        }
        write_value(session, &member?, games, out)?;
    }
    out.text(close);
    Ok(())
}
