//! `survey("0.??", n)`: many heap games at once, on every core (see [`crate::survey`]), with
//! the records kept in a file when one is named, so that the survey takes up where it
//! stopped.

use std::path::Path;

use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::game::heap::HeapGame;
use crate::game::{GameError, Watch};
use crate::source::Span;
use crate::survey::{self, Job, Listener, Record, SurveyTable, Writer};

/// Hears the workers: writes each record to the file, ticks the progress bar, stops on
/// Ctrl-C.
struct Heard<'a> {
    watch: &'a mut Watch,
    writer: Option<Writer>,
    records: Vec<Record>,
    written: Option<std::io::Error>,
    /// What stopped the survey: Ctrl-C, or a limit the progress bar's check-in found.
    stopped: Option<GameError>,
}

impl Listener for Heard<'_> {
    fn record(&mut self, record: Record) {
        if let Some(writer) = &mut self.writer
            && let Err(error) = writer.write(&record)
        {
            self.written.get_or_insert(error);
        }
        self.records.push(record);
    }

    fn progress(&mut self, done: usize, total: usize, _: u64) -> bool {
        if let Err(error) = self
            .watch
            .tick("survey: games done", done as u64, total as u64)
        {
            self.stopped.get_or_insert(error);
        }
        self.stopped.is_none() && self.written.is_none()
    }
}

impl Session {
    /// `survey(games, n)` and `survey(games, n, "file.csv")`.
    pub(in crate::eval) fn survey(
        &mut self,
        values: &[(Value, Span)],
        span: Span,
    ) -> Result<Value> {
        let (games, asked) = self.survey_games(&values[0])?;
        let (to_value, to_at) = &values[1];
        let to = self.int(
            to_value,
            *to_at,
            "`survey(games, n)` computes g(0), …, g(n)",
        )?;
        let to = u64::try_from(to).map_err(|_| {
            EvalError::invalid(*to_at, "a survey's bound is a heap", "this is negative")
                .with_help("`survey(\"0.??\", 10000)` computes each game to g(10000) at most")
        })?;
        let heap = self.meter.limits.game.heap_table as u64;
        if to >= heap {
            return Err(EvalError::invalid(
                *to_at,
                format!("the `heap` limit is {heap} values a game"),
                "a bound this far needs more",
            )
            .with_help(format!(
                "raise it: `--limit heap={}` on the command line, `:set limit heap {}` at the prompt",
                to + 1,
                to + 1
            ))
            .into());
        }
        let file = match values.get(2) {
            Some((Value::Str(path), _)) => Some(path.to_string()),
            Some((other, at)) => {
                return Err(EvalError::type_error(
                    *at,
                    "a survey's file is named by a string",
                    format!("this is {}", other.kind()),
                )
                .with_help("`survey(\"0.??\", 10000, \"survey.csv\")` keeps the records there")
                .into());
            }
            None => None,
        };
        let file_at = values.get(2).map_or(span, |(_, at)| *at);
        let unreadable = |error: std::io::Error, what: &str| -> crate::eval::Flow {
            EvalError::invalid(
                file_at,
                format!("the survey's file can't be {what}: {error}"),
                "this file",
            )
            .with_help("name a file of this survey's (or a new one) in a folder you may write to")
            .into()
        };
        let done = match &file {
            Some(path) => survey::read(Path::new(path)).map_err(|e| unreadable(e, "read"))?,
            None => Vec::new(),
        };
        // This survey's records read back, by game: a file may hold other bounds' too.
        let mut found: rustc_hash::FxHashMap<String, Record> = (done.into_iter())
            .filter(|record| record.to == to)
            .map(|record| (record.game.clone(), record))
            .collect();
        let names: Vec<String> = games.iter().map(HeapGame::to_string).collect();
        let resumed = names
            .iter()
            .filter(|name| found.contains_key(*name))
            .count();
        let todo: Vec<Job> = (games.iter().zip(&names))
            .filter(|(_, name)| !found.contains_key(*name))
            .map(|(game, _)| Job {
                game: game.clone(),
                to,
                bytes: self.meter.limits.game.memory / survey::cores() as u64 / 2,
                // As `period(F, n)`: the bound is the game's cap, not the `search` limit.
                work: u64::MAX,
            })
            .collect();
        let writer = match &file {
            Some(path) => {
                Some(Writer::open(Path::new(path)).map_err(|e| unreadable(e, "written"))?)
            }
            None => None,
        };
        let threads = survey::cores();
        let started = std::time::Instant::now();
        let mut heard = Heard {
            watch: &mut self.arena.watch,
            writer,
            records: Vec::new(),
            written: None,
            stopped: None,
        };
        survey::run_jobs(&todo, threads, &mut heard);
        heard.watch.finish();
        let Heard {
            records,
            written,
            stopped,
            ..
        } = heard;
        if let Some(error) = written {
            return Err(unreadable(error, "written"));
        }
        if let Some(error) = stopped {
            return Err(self.game_error(error, span));
        }
        found.extend(
            records
                .into_iter()
                .map(|record| (record.game.clone(), record)),
        );
        // In the order asked, whether read back or computed.
        let all: Vec<Record> = names.iter().filter_map(|name| found.remove(name)).collect();
        Ok(Value::Survey(std::sync::Arc::new(SurveyTable {
            asked,
            to,
            resumed,
            missing: games.len() - all.len(),
            records: all,
            file,
            threads,
            millis: started.elapsed().as_millis() as u64,
            full: false,
        })))
    }

    /// The games a survey is asked for: a pattern (`"0.??"`) or a list of codes and
    /// patterns, with how they were written.
    fn survey_games(&self, (value, at): &(Value, Span)) -> Result<(Vec<HeapGame>, String)> {
        let patterns: Vec<String> = match value {
            Value::Str(text) => vec![text.to_string()],
            Value::List(items) if items.iter().all(|i| matches!(i, Value::Str(_))) => items
                .iter()
                .map(|i| match i {
                    Value::Str(text) => text.to_string(),
                    _ => unreachable!("strings"),
                })
                .collect(),
            other => {
                return Err(EvalError::type_error(
                    *at,
                    "a survey takes its games as codes",
                    format!("this is {}", other.kind()),
                )
                .with_help(
                    "write a code with `?` for each digit that varies, `survey(\"0.??\", 10000)`, \
                     or a list of codes, `survey([\"0.77\", \"0.137\"], 10000)`",
                )
                .into());
            }
        };
        let mut games: Vec<HeapGame> = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        for pattern in &patterns {
            let expanded = survey::expand(pattern).map_err(|error| {
                EvalError::invalid(
                    *at,
                    format!("`{pattern}` is no code of a survey: {}", error.message),
                    "these codes",
                )
                .with_help(
                    "octal codes d0.d1d2…, `?` standing for each digit 0 to 7: \"0.??\", \"4.0?\"",
                )
            })?;
            for game in expanded {
                if seen.insert(game.clone()) {
                    games.push(game);
                }
            }
            if games.len() > survey::MOST_CODES {
                return Err(EvalError::invalid(
                    *at,
                    format!("more than {} codes", survey::MOST_CODES),
                    "these codes",
                )
                .with_help("survey fewer at once: a survey's file gathers them")
                .into());
            }
        }
        let asked = match value {
            Value::Str(text) => text.to_string(),
            _ => patterns.join(", "),
        };
        Ok((games, asked))
    }
}
