//! Surveys: many heap games at once, as research on them is done (every octal code of up to
//! three digits to a bound, each until its period is proved). A [`Job`] is one game, run
//! with nothing of a session; [`run_jobs`] runs them on every core; a survey's file keeps
//! each record as it is done, so a survey takes up where it stopped. The language's
//! `survey(...)` and the command line's `grundy survey` are built on these; from Python,
//! the same jobs run on any `concurrent.futures` executor.

mod codes;
mod file;
mod job;
mod pool;
mod table;

pub use codes::{MOST_CODES, expand};
pub use file::{Writer, read, row};
pub use job::{Job, Record, Status, StatusFields, Stop, run_job};
pub use pool::{Listener, cores, run_all, run_jobs};
pub use table::{SurveyTable, cells};
