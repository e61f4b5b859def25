//! `grundy.GrundyError`: a diagnostic as a Python exception, carrying the report as the
//! command line renders it (rendered in Rust, plain and in colour) and its parts as data.

use grundy::diagnostics::{Style, render};
use grundy::eval::Diagnosis;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyList;

create_exception!(
    grundy,
    GrundyError,
    PyException,
    "A diagnostic of grundy: a syntax, name or runtime error, or a failed assert. `str(e)` is \
     the report as the command line prints it; `.message`, `.help`, `.code`, `.span`, `.line` \
     and `.column` are its parts."
);

/// A diagnosis taken apart where it was made (on the worker thread), for Python.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub rendered: String,
    pub ansi: String,
    pub message: String,
    pub help: Option<String>,
    pub code: Option<String>,
    /// Byte offsets into `source`.
    pub span: (usize, usize),
    pub line: usize,
    pub column: usize,
    /// The program the report points into, and its name (`<python>`, a file).
    pub source: String,
    pub file: String,
}

impl Diagnostic {
    pub fn of(diagnosis: &Diagnosis) -> Diagnostic {
        let report = &diagnosis.report;
        let span = (diagnosis.span.start as usize, diagnosis.span.end as usize);
        let (line, column) = diagnosis.source.line_column(span.0);
        Diagnostic {
            rendered: render(diagnosis, Style::PLAIN),
            ansi: render(
                diagnosis,
                Style {
                    color: true,
                    ..Style::PLAIN
                },
            ),
            message: report.to_string(),
            help: report.help().map(|help| help.to_string()),
            code: report.code().map(|code| code.to_string()),
            span,
            line,
            column,
            source: diagnosis.source.text.to_string(),
            file: diagnosis.source.name.to_string(),
        }
    }
}

/// The exception for a diagnostic, with what ran before it (`outputs`).
pub fn raised(py: Python<'_>, diagnostic: &Diagnostic, outputs: Vec<Py<PyAny>>) -> PyErr {
    let error = GrundyError::new_err(diagnostic.rendered.trim_end().to_owned());
    let fill = || -> PyResult<()> {
        let value = error.value(py);
        value.setattr("rendered", &diagnostic.rendered)?;
        value.setattr("ansi", &diagnostic.ansi)?;
        value.setattr("message", &diagnostic.message)?;
        value.setattr("help", &diagnostic.help)?;
        value.setattr("code", &diagnostic.code)?;
        value.setattr("span", diagnostic.span)?;
        value.setattr("line", diagnostic.line)?;
        value.setattr("column", diagnostic.column)?;
        value.setattr("source", &diagnostic.source)?;
        value.setattr("file", &diagnostic.file)?;
        value.setattr("outputs", PyList::new(py, outputs)?)?;
        Ok(())
    };
    match fill() {
        Ok(()) => error,
        Err(failed) => failed,
    }
}

/// An error outside any program (an unknown help topic, a bad argument), in the same shape:
/// no span, no line.
pub fn plain(code: &str, message: String, help: &str) -> PyErr {
    Python::attach(|py| {
        let rendered = format!("error: {message}\n  help: {help}\n");
        let error = GrundyError::new_err(rendered.trim_end().to_owned());
        let fill = || -> PyResult<()> {
            let value = error.value(py);
            value.setattr("rendered", &rendered)?;
            value.setattr("ansi", &rendered)?;
            value.setattr("message", &message)?;
            value.setattr("help", help)?;
            value.setattr("code", code)?;
            value.setattr("span", py.None())?;
            value.setattr("line", py.None())?;
            value.setattr("column", py.None())?;
            value.setattr("source", py.None())?;
            value.setattr("file", py.None())?;
            value.setattr("outputs", PyList::empty(py))?;
            Ok(())
        };
        match fill() {
            Ok(()) => error,
            Err(failed) => failed,
        }
    })
}
