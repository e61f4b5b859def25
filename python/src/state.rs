//! What `grundy.Session` is, under its Python methods ([`crate::session`]): grundy's session
//! behind a lock, its interrupt flag and its count of `clear`s, and a program of the module's
//! own run in it. Games hold this, and the values made of them, so it imports neither.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use grundy::eval::{Answer, Value};
use pyo3::prelude::*;

use crate::errors;
use crate::naming::{self, Held};
use crate::output::Item;
use crate::running;

/// What a program name is in diagnostics: `<python>:1:5`.
pub const PROGRAM: &str = "<python>";

/// A grundy session: its definitions, its game DAG and its limits.
#[pyclass(module = "grundy", frozen)]
pub struct Session {
    inner: Mutex<grundy::eval::Session>,
    interrupt: Arc<AtomicBool>,
    /// Counts `clear`s: a game made before one no longer exists.
    generation: AtomicU64,
}

/// What a program printed, and the values of its answers (one per answer, in order).
pub struct Ran {
    pub items: Vec<Item>,
    pub values: Vec<Option<Value>>,
}

impl Session {
    pub fn of(session: grundy::eval::Session) -> Session {
        Session {
            interrupt: session.interrupt_flag(),
            inner: Mutex::new(session),
            generation: AtomicU64::new(0),
        }
    }

    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Locks the session for a quick look (no evaluation).
    pub fn lock(&self) -> MutexGuard<'_, grundy::eval::Session> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forgets every definition and game, as `:clear` does; games made before are gone.
    pub fn forget_everything(&self) {
        self.lock().clear();
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Runs `work` on the session on a worker thread (see [`crate::running`]).
    pub fn on_worker<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut grundy::eval::Session) -> T + Send,
    ) -> PyResult<T> {
        running::on_worker(py, &self.inner, &self.interrupt, work)
    }

    /// Runs a program on the worker; `games` are bound to names while it runs, and `write`
    /// makes the program from those names.
    pub fn execute(
        &self,
        py: Python<'_>,
        file: &str,
        games: Vec<Held>,
        write: impl FnOnce(&[String]) -> String + Send,
    ) -> PyResult<Ran> {
        self.on_worker(py, move |session| {
            session.keep_values();
            let _ = session.take_values();
            let (names, temporary) = naming::name(session, &games, file);
            let text = write(&names);
            let mut items = Vec::new();
            session.run(file, &text, &mut |event| items.push(Item::of(&event, file)));
            for name in &temporary {
                session.unbind(name);
            }
            Ran {
                items,
                values: session.take_values(),
            }
        })
    }

    /// Runs a program made by the module, raising its first error; its last answer.
    pub fn ask(
        slf: &Bound<'_, Session>,
        games: Vec<Held>,
        write: impl FnOnce(&[String]) -> String + Send,
    ) -> PyResult<(Answer, Option<Value>)> {
        let mut ran = slf.get().execute(slf.py(), PROGRAM, games, write)?;
        if let Some(error) = ran.items.iter().find(|item| item.kind == "error") {
            let diagnostic = error.diagnostic.clone().expect("errors are diagnosed");
            return Err(errors::raised(slf.py(), &diagnostic, Vec::new()));
        }
        let value = ran.values.pop().flatten();
        let answer = ran
            .items
            .into_iter()
            .rev()
            .find_map(|item| item.answer)
            .expect("a statement answers or fails");
        Ok((answer, value))
    }
}
