//! `grundy.Explanation`: what `why`, `moves`, `options`, `tree` and `dot` print, as text,
//! as data, and folded HTML for notebooks.

use grundy::eval::Answer;
use grundy::explain::{self, Folded, Step};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::html;

#[pyclass(module = "grundy", frozen)]
pub struct Explanation {
    explanation: explain::Explanation,
    text: String,
}

impl Explanation {
    pub fn new(explanation: explain::Explanation) -> Explanation {
        let text = grundy::screen::escape(&explanation.to_string()).into_owned();
        Explanation { explanation, text }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The picture of a `dot`.
    pub fn svg(&self) -> Option<String> {
        crate::output::svg_of(&Answer::Explanation(self.explanation.clone()))
    }
}

/// A proof's step as a dict: `text`, `rule` (or None), `detail` lines, `because` steps.
fn step_dict<'py>(py: Python<'py>, step: &Step) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("text", &step.text)?;
    dict.set_item("rule", step.rule.map(|rule| rule.cite()))?;
    dict.set_item("detail", &step.detail)?;
    let because = step
        .because
        .iter()
        .map(|inner| step_dict(py, inner))
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("because", PyList::new(py, because)?)?;
    Ok(dict)
}

#[pymethods]
impl Explanation {
    /// `"why"`, `"moves"`, `"options"`, `"tree"` or `"dot"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.explanation {
            explain::Explanation::Proof(_) => "why",
            explain::Explanation::Moves(_)
            | explain::Explanation::MisereMoves(_)
            | explain::Explanation::LoopyMoves(_) => "moves",
            explain::Explanation::Options(_) => "options",
            explain::Explanation::Tree(_) => "tree",
            explain::Explanation::Dot(_) => "dot",
        }
    }

    /// What the REPL prints.
    #[getter(text)]
    fn text_py(&self) -> String {
        self.text.clone()
    }

    /// For a proof: its headline.
    #[getter]
    fn headline(&self) -> Option<String> {
        match &self.explanation {
            explain::Explanation::Proof(proof) => Some(proof.headline.clone()),
            _ => None,
        }
    }

    /// For a proof of a claim: whether it holds.
    #[getter]
    fn holds(&self) -> Option<bool> {
        match &self.explanation {
            explain::Explanation::Proof(proof) => proof.holds,
            _ => None,
        }
    }

    /// A proof's steps as dicts (`text`, `rule`, `detail`, `because`: the steps it rests
    /// on); for the others, the lines printed.
    #[getter]
    fn steps(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        match &self.explanation {
            explain::Explanation::Proof(proof) => {
                let steps = proof
                    .steps
                    .iter()
                    .map(|step| step_dict(py, step))
                    .collect::<PyResult<Vec<_>>>()?;
                Ok(PyList::new(py, steps)?.unbind())
            }
            _ => Ok(PyList::new(py, self.text.lines())?.unbind()),
        }
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        let first = self.text.lines().next().unwrap_or("");
        format!("<Explanation {}: {first}>", self.kind())
    }

    /// A proof folded (each step that rests on others opens on a click); the rest as text.
    fn _repr_html_(&self) -> String {
        match &self.explanation {
            explain::Explanation::Proof(proof) => {
                let notes = match proof.folded {
                    Folded::No => Vec::new(),
                    _ => proof.lines().last().cloned().into_iter().collect(),
                };
                html::proof(proof, &notes)
            }
            _ => html::pre(&self.text),
        }
    }

    fn _repr_svg_(&self) -> Option<String> {
        self.svg()
    }
}
