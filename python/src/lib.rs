//! `import grundy`: the grundy language from Python. A [`state::Session`] runs statements
//! as the REPL does and hands back what they printed, as text, JSON and Python values;
//! games are Python objects that live in their session's arena.

mod errors;
mod explanation;
mod game;
mod html;
mod infinity;
mod naming;
mod output;
mod running;
mod session;
mod state;
mod survey;
mod tables;
mod values;

use pyo3::prelude::*;

/// The text of `:help`, or of `:help topic`.
#[pyfunction]
#[pyo3(signature = (topic = None))]
fn help(topic: Option<&str>) -> PyResult<String> {
    match topic {
        None => Ok(grundy::help::text()),
        Some(topic) => grundy::help::page(topic).ok_or_else(|| {
            errors::plain(
                "grundy::help::unknown",
                format!("no help on `{topic}`"),
                "`grundy.help()` lists the built-ins and topics",
            )
        }),
    }
}

/// What Tab completes `word` to, as at the REPL: `names` (a session's), built-ins, library
/// families, keywords, and `:commands` after a `:`.
#[pyfunction]
fn completions(word: &str, names: Vec<String>) -> Vec<String> {
    grundy::repl::completions(word, &names)
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GrundyError", py.get_type::<errors::GrundyError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<state::Session>()?;
    m.add_class::<output::Output>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<infinity::Infinity>()?;
    m.add_class::<explanation::Explanation>()?;
    m.add_class::<tables::Table>()?;
    m.add_class::<tables::Grid>()?;
    m.add_class::<tables::Period>()?;
    m.add_class::<tables::Plot>()?;
    m.add_class::<survey::Survey>()?;
    m.add_function(wrap_pyfunction!(survey::survey_job, m)?)?;
    m.add_function(wrap_pyfunction!(survey::read_survey_file, m)?)?;
    m.add_function(wrap_pyfunction!(survey::write_survey_record, m)?)?;
    m.add_function(wrap_pyfunction!(survey::_survey_plan, m)?)?;
    m.add_function(wrap_pyfunction!(survey::_survey_cores, m)?)?;
    m.add_function(wrap_pyfunction!(help, m)?)?;
    m.add_function(wrap_pyfunction!(completions, m)?)?;
    Ok(())
}
