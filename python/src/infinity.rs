//! `grundy.Infinity`: the value of a game that can go on for ever, ∞K (the generalized
//! Sprague–Grundy value): no nimber, and K the finite values among its options. What
//! `Game.value` gives for such a game, and `seq` for a loopy family's; a game with a nimber
//! gives its nimber, an `int`.

use grundy::game::loopy::{LoopyValue, Outcome};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyFrozenSet;

/// ∞K, compared and hashed by K.
#[pyclass(module = "grundy", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Infinity {
    /// Sorted, without repeats.
    k: Box<[u64]>,
}

impl Infinity {
    fn value(&self) -> LoopyValue {
        LoopyValue::Infinite(self.k.clone())
    }
}

#[pymethods]
impl Infinity {
    /// `Infinity({0, 2})`, `Infinity(k=[])`: ∞ with these finite values among the options.
    #[new]
    fn new(k: &Bound<'_, PyAny>) -> PyResult<Infinity> {
        let values: Vec<i64> = k
            .try_iter()?
            .map(|v| v?.extract::<i64>())
            .collect::<PyResult<_>>()?;
        if let Some(negative) = values.iter().find(|&&v| v < 0) {
            return Err(PyValueError::new_err(format!(
                "K holds nimbers, which are not negative: {negative}"
            )));
        }
        match LoopyValue::infinite(values.into_iter().map(|v| v as u64)) {
            LoopyValue::Infinite(k) => Ok(Infinity { k }),
            LoopyValue::Finite(_) => unreachable!("`infinite` makes ∞"),
        }
    }

    /// K: the finite values among the game's options.
    #[getter]
    fn k<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        PyFrozenSet::new(py, self.k.iter())
    }

    /// `"winning"` when 0 is in K (the player to move moves to a 0), else `"draw"`: neither
    /// player can force a win, and play goes on for ever.
    #[getter]
    fn outcome(&self) -> &'static str {
        outcome_word(self.value().outcome())
    }

    fn __repr__(&self) -> String {
        let k: Vec<String> = self.k.iter().map(u64::to_string).collect();
        match k.is_empty() {
            true => "Infinity(k=frozenset())".to_owned(),
            false => format!("Infinity(k=frozenset({{{}}}))", k.join(", ")),
        }
    }

    /// As grundy writes it: `∞{0,2}`, `∞`.
    fn __str__(&self) -> String {
        self.value().to_string()
    }
}

/// A generalized value as Python's: the nimber as an `int`, or an [`Infinity`].
pub fn value_object(py: Python<'_>, value: &LoopyValue) -> PyResult<Py<PyAny>> {
    Ok(match value {
        LoopyValue::Finite(n) => n.into_pyobject(py)?.into_any().unbind(),
        LoopyValue::Infinite(k) => Py::new(py, Infinity { k: k.clone() })?.into_any(),
    })
}

/// Who wins, as `Game.outcome` and `--json` say it.
pub fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Winning => "winning",
        Outcome::Losing => "losing",
        Outcome::Draw => "draw",
    }
}
