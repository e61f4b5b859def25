//! Running grundy off Python's main thread: the work goes to a worker thread with the GIL
//! released, while the calling thread wakes every few milliseconds to let Python's signal
//! handlers run. Ctrl-C raises `KeyboardInterrupt` there; the session's interrupt flag then
//! stops the worker, and the session stays usable.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use grundy::eval::Session;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread looks for signals: soon enough for Ctrl-C to feel instant.
const POLL: Duration = Duration::from_millis(20);

/// The worker's stack: grundy grows its own stack (stacker) for deep recursion, and the
/// main thread it is written for has 8 MiB.
const STACK: usize = 16 << 20;

/// Runs `work` on the session on a worker thread; Ctrl-C (any Python exception a signal
/// handler raises) stops it and is raised here.
pub fn on_worker<T: Send>(
    py: Python<'_>,
    session: &Mutex<Session>,
    interrupt: &Arc<AtomicBool>,
    work: impl FnOnce(&mut Session) -> T + Send,
) -> PyResult<T> {
    // A new request: a Ctrl-C that came after the last one ended is not for this one.
    interrupt.store(false, Ordering::Relaxed);
    off_python(py, interrupt, move || {
        let mut session = session.lock().unwrap_or_else(PoisonError::into_inner);
        work(&mut session)
    })
    .inspect_err(|_| interrupt.store(false, Ordering::Relaxed))
}

/// Runs `work` on a worker thread with the GIL released. Ctrl-C (any Python exception a
/// signal handler raises) sets `interrupt`, which `work` is to look at, waits for `work` to
/// end, and is raised here.
pub fn off_python<T: Send>(
    py: Python<'_>,
    interrupt: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (done, mut finished) = mpsc::channel();
        std::thread::Builder::new()
            .name("grundy".to_owned())
            .stack_size(STACK)
            .spawn_scoped(scope, move || {
                let _ = done.send(work());
            })
            .map_err(|error| PyRuntimeError::new_err(format!("can't start grundy: {error}")))?;
        loop {
            let (got, receiver) = py.detach(move || (finished.recv_timeout(POLL), finished));
            finished = receiver;
            match got {
                Ok(result) => return Ok(result),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(raised) = py.check_signals() {
                        interrupt.store(true, Ordering::Relaxed);
                        // The worker stops at its next look at the flag.
                        py.detach(move || drop(finished.recv()));
                        return Err(raised);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "grundy stopped with a panic (a bug in grundy: please report it); \
                         the session may have lost its last statement",
                    ));
                }
            }
        }
    })
}
