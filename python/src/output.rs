//! `grundy.Output`: one event of a run (an answer, an error or a warning) as the REPL would
//! print it, as `--json` gives it, and as a Python value.

use std::sync::OnceLock;

use grundy::eval::{Answer, Event};
use grundy::screen;
use grundy::source::Span;
use pyo3::prelude::*;

use crate::errors::Diagnostic;
use crate::html;

/// An event taken apart on the worker thread, before Python sees it.
#[derive(Debug)]
pub struct Item {
    pub kind: &'static str,
    pub text: String,
    pub ansi: String,
    pub svg: Option<String>,
    pub json: Json,
    pub line: Option<usize>,
    pub source: Option<String>,
    /// For an answer: what it was, to make its Python value.
    pub answer: Option<Answer>,
    /// For an error or a warning.
    pub diagnostic: Option<Diagnostic>,
}

/// The `--json` object of an event, made when it is asked for: a table's has a row for every
/// n, which `seq` of a million values would make for nothing.
#[derive(Clone, Debug)]
pub enum Json {
    Made(serde_json::Value),
    /// An answer's, made from the answer and where its statement is.
    Answer {
        span: Span,
        line: usize,
        column: usize,
        source: String,
        file: String,
    },
}

impl Item {
    pub fn of(event: &Event, file: &str) -> Item {
        match event {
            Event::Answer {
                span,
                line,
                column,
                source,
                answer,
            } => {
                let text = answer_text(answer);
                Item {
                    kind: "answer",
                    ansi: text.clone(),
                    text,
                    svg: svg_of(answer),
                    json: Json::Answer {
                        span: *span,
                        line: *line,
                        column: *column,
                        source: source.clone(),
                        file: file.to_owned(),
                    },
                    line: Some(*line),
                    source: Some(source.clone()),
                    answer: Some(answer.clone()),
                    diagnostic: None,
                }
            }
            Event::Warning(diagnosis) | Event::Error(diagnosis) => {
                let diagnostic = Diagnostic::of(diagnosis);
                let kind = if matches!(event, Event::Error(_)) {
                    "error"
                } else {
                    "warning"
                };
                let statement = match &diagnosis.assert {
                    Some(failed) => failed.statement.start as usize..failed.statement.end as usize,
                    None => line_around(&diagnostic.source, diagnostic.span.0),
                };
                Item {
                    kind,
                    text: diagnostic.rendered.clone(),
                    ansi: diagnostic.ansi.clone(),
                    svg: None,
                    json: Json::Made(grundy::output::event_json(event, file)),
                    line: Some(diagnostic.line),
                    source: diagnostic.source.get(statement).map(str::to_owned),
                    answer: None,
                    diagnostic: Some(diagnostic),
                }
            }
        }
    }
}

/// The line of `text` that holds `offset`, without its line break.
fn line_around(text: &str, offset: usize) -> std::ops::Range<usize> {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    start..end
}

/// What the REPL prints for an answer, without wrapping (Python does not know the width);
/// a plot says what it is, its picture being in `svg`.
fn answer_text(answer: &Answer) -> String {
    match answer {
        Answer::Plot(plot) if plot.file.is_none() => {
            let plural = if plot.values == 1 { "" } else { "s" };
            format!("plot of {} ({} value{plural})", plot.family, plot.values)
        }
        answer => screen::escape(&answer.to_string()).into_owned(),
    }
}

/// The picture of an answer, if it has one: every picture the module gives comes from here.
// TODO(merge with h23-pics): `answer.svg()`, which also lays `dot` out; then
// `explanation::LAYS_OUT` is true.
pub fn svg_of(answer: &Answer) -> Option<String> {
    match answer {
        Answer::Plot(plot) => Some(plot.svg.clone()),
        _ => None,
    }
}

/// What one statement printed: an answer, an error or a warning.
#[pyclass(module = "grundy", frozen)]
pub struct Output {
    /// `"answer"`, `"error"` or `"warning"`.
    #[pyo3(get)]
    kind: String,
    /// What the REPL prints, plain ("" for `let` and an assert that held).
    #[pyo3(get)]
    text: String,
    /// The same with the REPL's colours.
    #[pyo3(get)]
    ansi: String,
    #[pyo3(get)]
    svg: Option<String>,
    json: Json,
    /// The `--json` object (docs/json.md), once asked for.
    json_made: OnceLock<Py<PyAny>>,
    answer: Option<Answer>,
    /// The answer's Python value; None for errors, warnings and silent answers.
    #[pyo3(get)]
    value: Py<PyAny>,
    #[pyo3(get)]
    line: Option<usize>,
    /// The statement as written; for an error, the line it points at (a failed assert's
    /// statement).
    #[pyo3(get)]
    source: Option<String>,
}

impl Output {
    pub fn new(item: Item, value: Py<PyAny>) -> Output {
        Output {
            kind: item.kind.to_owned(),
            text: item.text,
            ansi: item.ansi,
            svg: item.svg,
            json: item.json,
            json_made: OnceLock::new(),
            answer: item.answer,
            value,
            line: item.line,
            source: item.source,
        }
    }
}

#[pymethods]
impl Output {
    /// The object `--json` prints for it (docs/json.md).
    #[getter]
    fn json(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(made) = self.json_made.get() {
            return Ok(made.clone_ref(py));
        }
        let object = match (&self.json, &self.answer) {
            (
                Json::Answer {
                    span,
                    line,
                    column,
                    source,
                    file,
                },
                Some(answer),
            ) => {
                let event = Event::Answer {
                    span: *span,
                    line: *line,
                    column: *column,
                    source: source.clone(),
                    answer: answer.clone(),
                };
                grundy::output::event_json(&event, file)
            }
            (Json::Made(object), _) => object.clone(),
            (Json::Answer { .. }, None) => serde_json::Value::Null,
        };
        let made = py
            .import("json")?
            .call_method1("loads", (object.to_string(),))?
            .unbind();
        Ok(self.json_made.get_or_init(|| made).clone_ref(py))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = pyo3::types::PyString::new(py, &shortened(&self.text)).repr()?;
        Ok(format!("<Output {}: {text}>", self.kind))
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn _repr_svg_(&self) -> Option<String> {
        self.svg.clone()
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        if self.svg.is_some() {
            return Ok(None);
        }
        // A value that draws itself (a proof folded, a table) does; else the text.
        let value = self.value.bind(py);
        if !value.is_none() && value.hasattr("_repr_html_")? {
            return value.call_method0("_repr_html_")?.extract();
        }
        Ok(Some(html::pre(&self.text)))
    }
}

/// The start of a long text, for a repr.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

impl Output {
    /// An answer that printed something (not a `let`, not an assert that held).
    pub fn is_answer(&self) -> bool {
        self.kind == "answer"
    }

    pub fn value(&self, py: Python<'_>) -> Py<PyAny> {
        self.value.clone_ref(py)
    }
}
