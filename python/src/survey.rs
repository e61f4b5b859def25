//! Surveys from Python: `grundy.Survey` (what `survey(...)` answers), and a survey's parts
//! for any `concurrent.futures` executor: one game as a job (`survey_job`, a plain function
//! that runs wherever grundy imports), its record as a dict with the fields `--json` gives
//! it, and the survey's file read and written as the language reads and writes it.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use grundy::eval::{Answer, Event, Limits};
use grundy::game::heap::{Code, HeapGame};
use grundy::survey::{self, Job, Record, Status, Stop, SurveyTable};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::html;
use crate::running;

/// A survey: a record per game, in the order asked.
#[pyclass(module = "grundy", frozen)]
pub struct Survey {
    table: SurveyTable,
}

impl Survey {
    pub fn new(table: SurveyTable) -> Survey {
        Survey { table }
    }
}

#[pymethods]
impl Survey {
    /// `Survey(asked, to, records, ...)`: a survey made of records (`survey_job`'s dicts),
    /// as `grundy.survey` makes it.
    #[new]
    #[pyo3(signature = (
        asked, to, records, resumed = 0, missing = 0, file = None, threads = 1, seconds = 0.0
    ))]
    #[allow(clippy::too_many_arguments)]
    fn create(
        asked: String,
        to: u64,
        records: Vec<Bound<'_, PyDict>>,
        resumed: usize,
        missing: usize,
        file: Option<PathBuf>,
        threads: usize,
        seconds: f64,
    ) -> PyResult<Survey> {
        let records = records
            .iter()
            .map(record_of)
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Survey::new(SurveyTable {
            asked,
            to,
            records,
            resumed,
            missing,
            file: file.map(|path| path.display().to_string()),
            threads,
            millis: (seconds.max(0.0) * 1000.0).round() as u64,
            full: true,
        }))
    }

    /// The games asked for, as written: `0.??`, or the codes listed.
    #[getter]
    fn asked(&self) -> String {
        self.table.asked.clone()
    }

    /// The bound: each game computed to g(to) at most.
    #[getter]
    fn to(&self) -> u64 {
        self.table.to
    }

    /// A dict a game, with the fields `--json` gives a record (docs/json.md).
    #[getter]
    fn records(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        python_json(py, &records_json(&self.table.records))
    }

    /// Records read back from the survey's file rather than computed.
    #[getter]
    fn resumed(&self) -> usize {
        self.table.resumed
    }

    /// Games not surveyed (Ctrl-C came first).
    #[getter]
    fn missing(&self) -> usize {
        self.table.missing
    }

    #[getter]
    fn file(&self) -> Option<String> {
        self.table.file.clone()
    }

    /// Threads (or an executor's workers) the survey ran on.
    #[getter]
    fn threads(&self) -> usize {
        self.table.threads
    }

    #[getter]
    fn seconds(&self) -> f64 {
        self.table.millis as f64 / 1000.0
    }

    fn __len__(&self) -> usize {
        self.table.records.len()
    }

    /// The table as the REPL prints `full survey(...)`: every game.
    fn __str__(&self) -> String {
        SurveyTable {
            full: true,
            ..self.table.clone()
        }
        .to_string()
    }

    fn __repr__(&self) -> String {
        let games = self.table.records.len();
        let plural = if games == 1 { "" } else { "s" };
        format!(
            "<Survey of {} to n = {}: {games} game{plural}>",
            self.table.asked, self.table.to
        )
    }

    fn _repr_html_(&self) -> String {
        table_html(&self.table)
    }
}

/// Rows a notebook shows: a three-digit survey whole.
const SHOWN: usize = 512;

/// The survey as an HTML table: its heading (the counts, the time) above, a row a game.
fn table_html(table: &SurveyTable) -> String {
    let text = table.to_string();
    let heading: Vec<&str> = text
        .lines()
        .take_while(|l| !l.contains("  game  "))
        .collect();
    let mut out = format!(
        "<table class=\"grundy-survey\">\
         <caption style=\"text-align: left; white-space: pre\">{}</caption><tr>",
        html::escape(&heading.join("\n"))
    );
    for column in ["game", "status", "from n0", "period", "largest", "computed"] {
        out.push_str(&format!("<th>{column}</th>"));
    }
    out.push_str("</tr>");
    for record in table.records.iter().take(SHOWN) {
        // The terminal table's cells, without rare positions and seconds.
        let cells = grundy::survey::cells(record);
        out.push_str("<tr>");
        for cell in &cells[..6] {
            out.push_str(&format!("<td>{}</td>", html::escape(cell)));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    if table.records.len() > SHOWN {
        let more = table.records.len() - SHOWN;
        out.push_str(&format!(
            "<div>… {more} more games (`.records` has them all)</div>"
        ));
    }
    out
}

/// The records as `--json` writes them: the answer's `records`, so that the fields are the
/// JSON's by construction.
fn records_json(records: &[Record]) -> serde_json::Value {
    let event = Event::Answer {
        span: Default::default(),
        line: 1,
        column: 1,
        source: String::new(),
        answer: Answer::Survey(SurveyTable {
            asked: String::new(),
            to: 0,
            records: records.to_vec(),
            resumed: 0,
            missing: 0,
            file: None,
            threads: 1,
            millis: 0,
            full: false,
        }),
    };
    grundy::output::event_json(&event, "")["records"].take()
}

fn python_json(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    Ok(py
        .import("json")?
        .call_method1("loads", (value.to_string(),))?
        .unbind())
}

/// A record back from its dict: what `survey_job` gave, perhaps after a trip through
/// another process.
fn record_of(dict: &Bound<'_, PyDict>) -> PyResult<Record> {
    let field = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        dict.get_item(key)?.ok_or_else(|| {
            PyValueError::new_err(format!("a survey's record has a `{key}`; this has none"))
        })
    };
    let get = |key: &str| -> PyResult<u64> {
        field(key)?
            .extract()
            .map_err(|_| PyValueError::new_err(format!("a survey's record has a count as `{key}`")))
    };
    let text = |key: &str| -> PyResult<String> {
        field(key)?.extract().map_err(|_| {
            PyValueError::new_err(format!("a survey's record has a string as `{key}`"))
        })
    };
    let stop = |key: &str| -> PyResult<Stop> {
        let word = text(key)?;
        Stop::from_word(&word).ok_or_else(|| {
            PyValueError::new_err(format!(
                "`{word}` is not what stops a survey's game \
                 (bound, work, memory, large value, cancelled)"
            ))
        })
    };
    let status = match text("status")?.as_str() {
        "periodic" => Status::Proved {
            preperiod: get("preperiod")?,
            period: get("period")?,
            checked_to: get("checked_to")?,
        },
        "open" => Status::Open {
            longest_period: get("longest_period")?,
            stopped: stop("stopped")?,
        },
        "values only" => Status::NoTheorem {
            stopped: stop("stopped")?,
        },
        "mismatch" => Status::Mismatch {
            heap: get("mismatch_at")?,
        },
        other => {
            return Err(PyValueError::new_err(format!(
                "`{other}` is not a survey's status (periodic, open, values only, mismatch)"
            )));
        }
    };
    let rare = field("rare")?;
    let seconds: f64 = field("seconds")?
        .extract()
        .map_err(|_| PyValueError::new_err("a survey's record has a number as `seconds`"))?;
    Ok(Record {
        game: text("game")?,
        to: get("to")?,
        status,
        computed: get("computed")?,
        largest: u16::try_from(get("largest")?)
            .map_err(|_| PyValueError::new_err("a survey's record has `largest` below 65536"))?,
        engine: text("engine")?,
        rare: if rare.is_none() {
            None
        } else {
            Some(get("rare")?)
        },
        rechecked: get("rechecked")?,
        millis: (seconds.max(0.0) * 1000.0).round() as u64,
        bytes: get("bytes")?,
    })
}

/// `survey_job(code, to, bytes, work)`: one game of a survey, computed to g(to) or until its
/// period is proved, its tables within `bytes`, looking at `work` pairs of heaps at most;
/// its record as a dict. The GIL is released while it runs; Ctrl-C stops it.
#[pyfunction]
pub fn survey_job(
    py: Python<'_>,
    code: &str,
    to: u64,
    bytes: u64,
    work: u64,
) -> PyResult<Py<PyAny>> {
    if code.contains('?') {
        return Err(PyValueError::new_err(format!(
            "`{code}` is a pattern: a job is one game (`grundy.survey` takes patterns)"
        )));
    }
    let parsed = Code::parse(code).map_err(|error| no_code(code, &error.message))?;
    let job = Job {
        game: HeapGame::TakeBreak(parsed),
        to,
        bytes,
        work,
    };
    let cancel = AtomicBool::new(false);
    let record = running::off_python(py, &cancel, || survey::run_job(&job, &cancel, &mut |_| {}))?;
    python_json(py, &records_json(&[record])[0])
}

/// The error for a code that is none, in the words of the language's diagnostic.
fn no_code(pattern: &str, message: &str) -> PyErr {
    invalid(
        format!("`{pattern}` is no code of a survey: {message}"),
        "octal codes d0.d1d2…, `?` standing for each digit 0 to 7: \"0.??\", \"4.0?\"",
    )
}

/// A ValueError as grundy words a diagnostic: its message (the language's), then its help.
fn invalid(message: String, help: &str) -> PyErr {
    PyValueError::new_err(format!("{message}\n  help: {help}"))
}

/// `read_survey_file(path)`: the records a survey's file holds (none if it does not exist),
/// but those Ctrl-C cut short, as dicts.
#[pyfunction]
pub fn read_survey_file(py: Python<'_>, path: PathBuf) -> PyResult<Py<PyAny>> {
    let records = survey::read(&path).map_err(|error| unusable(&path, &error, "read"))?;
    python_json(py, &records_json(&records))
}

/// `write_survey_record(path, record)`: appends a record to a survey's file (the header
/// first, in a new file), written through at once.
#[pyfunction]
pub fn write_survey_record(path: PathBuf, record: &Bound<'_, PyDict>) -> PyResult<()> {
    let record = record_of(record)?;
    survey::Writer::open(&path)
        .and_then(|mut writer| writer.write(&record))
        .map_err(|error| unusable(&path, &error, "written"))
}

fn unusable(path: &Path, error: &std::io::Error, what: &str) -> PyErr {
    let message = format!(
        "the survey's file {} can't be {what}: {error}",
        path.display()
    );
    match error.kind() {
        std::io::ErrorKind::InvalidData => PyValueError::new_err(message),
        _ => PyOSError::new_err(message),
    }
}

/// What `grundy.survey` sends its executor: the codes (each once, in the order asked), how
/// they were asked for, and each job's `bytes` and `work`, as the language's `survey(...)`
/// gives them in a session with these limits.
#[pyfunction]
#[pyo3(signature = (games, to, limits = None))]
pub fn _survey_plan(
    games: &Bound<'_, PyAny>,
    to: i64,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Vec<String>, String, u64, u64)> {
    let (patterns, asked) = if let Ok(text) = games.cast::<PyString>() {
        let text: String = text.extract()?;
        (vec![text.clone()], text)
    } else {
        let patterns: Vec<String> = games
            .try_iter()
            .and_then(|items| items.map(|item| item?.extract::<String>()).collect())
            .map_err(|_| {
                PyTypeError::new_err(
                    "a survey takes its games as codes: a code with `?` for each digit that \
                     varies (\"0.??\"), or a list of codes ([\"0.77\", \"0.137\"])",
                )
            })?;
        let asked = patterns.join(", ");
        (patterns, asked)
    };
    let mut codes: Vec<HeapGame> = Vec::new();
    for pattern in &patterns {
        for game in survey::expand(pattern).map_err(|error| no_code(pattern, &error.message))? {
            if !codes.contains(&game) {
                codes.push(game);
            }
        }
        if codes.len() > survey::MOST_CODES {
            return Err(invalid(
                format!("more than {} codes", survey::MOST_CODES),
                "survey fewer at once: a survey's file gathers them",
            ));
        }
    }
    let to = u64::try_from(to).map_err(|_| {
        invalid(
            format!("a survey's bound is a heap: {to} is negative"),
            "`grundy.survey(\"0.??\", 10000)` computes each game to g(10000) at most",
        )
    })?;
    let mut set = Limits::default();
    for (name, value) in limits.into_iter().flatten() {
        let setting = format!("{}={}", name.extract::<String>()?, value.str()?);
        set.set(&setting)
            .map_err(|message| PyValueError::new_err(format!("{setting}: {message}")))?;
    }
    let heap = set.game.heap_table as u64;
    if to >= heap {
        return Err(invalid(
            format!("the `heap` limit is {heap} values a game"),
            &format!("raise it: `limits={{\"heap\": {}}}`", to + 1),
        ));
    }
    let codes = codes.iter().map(ToString::to_string).collect();
    // As the language shares out `memory` among the games in flight; and as `period(F, n)`,
    // the bound is the game's cap, not the `search` limit.
    let bytes = set.game.memory / survey::cores() as u64 / 2;
    Ok((codes, asked, bytes, u64::MAX))
}

/// Cores of this machine, as a local survey runs on.
#[pyfunction]
pub fn _survey_cores() -> usize {
    survey::cores()
}
