//! A survey's jobs on every core: worker threads take the next job in turn, each under its
//! share of the memory, and hand each record back as it is done, so that the caller can
//! write it at once (an interrupted survey loses only the games in flight).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::job::{Job, Record, run_job};

/// What the caller hears while a survey runs.
pub trait Listener {
    /// A game is done.
    fn record(&mut self, record: Record);
    /// Every few tenths of a second: games done of all, and values computed in all so far
    /// by the games in flight. Returns false to stop the survey (Ctrl-C).
    fn progress(&mut self, done: usize, total: usize, computing: u64) -> bool;
}

/// Runs the jobs on `threads` threads (at least one), in order of their place in `jobs`
/// as far as threads allow. Stopped by the listener, the games in flight end as
/// cancelled and are reported; the ones not started are not.
pub fn run_jobs(jobs: &[Job], threads: usize, listener: &mut dyn Listener) {
    let threads = threads.clamp(1, jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let cancel = AtomicBool::new(false);
    let computing = AtomicU64::new(0);
    let (sender, receiver) = mpsc::channel::<Record>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, cancel, computing) = (&next, &cancel, &computing);
            scope.spawn(move || {
                loop {
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(index) else {
                        break;
                    };
                    let mut last = 0;
                    let record = run_job(job, cancel, &mut |done| {
                        computing.fetch_add(done.saturating_sub(last), Ordering::Relaxed);
                        last = done;
                    });
                    computing.fetch_sub(last, Ordering::Relaxed);
                    if sender.send(record).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut done = 0;
        loop {
            match receiver.recv_timeout(Duration::from_millis(200)) {
                Ok(record) => {
                    done += 1;
                    listener.record(record);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            let going = listener.progress(done, jobs.len(), computing.load(Ordering::Relaxed));
            if !going {
                cancel.store(true, Ordering::Relaxed);
            }
        }
    });
}

/// Every job's record, on `threads` threads, with nothing heard on the way and nothing
/// stopping them: for benches and tests.
pub fn run_all(jobs: &[Job], threads: usize) -> Vec<Record> {
    struct Collect(Vec<Record>);
    impl Listener for Collect {
        fn record(&mut self, record: Record) {
            self.0.push(record);
        }
        fn progress(&mut self, _: usize, _: usize, _: u64) -> bool {
            true
        }
    }
    let mut collect = Collect(Vec::with_capacity(jobs.len()));
    run_jobs(jobs, threads, &mut collect);
    collect.0
}

/// The threads a survey runs on by default: every core the machine lets this process use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::survey::codes::expand;
    use crate::survey::job::Status;

    struct Collect(Vec<Record>, bool);

    impl Listener for Collect {
        fn record(&mut self, record: Record) {
            self.0.push(record);
        }
        fn progress(&mut self, _: usize, _: usize, _: u64) -> bool {
            self.1
        }
    }

    fn jobs(pattern: &str, to: u64) -> Vec<Job> {
        expand(pattern)
            .unwrap()
            .into_iter()
            .map(|game| Job {
                game,
                to,
                bytes: 1 << 26,
                work: u64::MAX,
            })
            .collect()
    }

    #[test]
    fn threads_change_nothing_but_the_time() {
        let jobs = jobs("0.??", 2000);
        let run = |threads| {
            let mut records: Vec<(String, Status)> = (run_all(&jobs, threads).into_iter())
                .map(|r| (r.game, r.status))
                .collect();
            records.sort_by(|a, b| a.0.cmp(&b.0));
            records
        };
        let one = run(1);
        assert_eq!(one.len(), 63);
        assert_eq!(one, run(3));
    }

    #[test]
    fn a_stopped_survey_reports_only_what_it_started() {
        let jobs = jobs("0.??", 1_000_000);
        let mut collect = Collect(Vec::new(), false);
        run_jobs(&jobs, 2, &mut collect);
        // Stopped at the first record: the games not started are not reported.
        assert!(collect.0.len() < jobs.len(), "{}", collect.0.len());
    }
}
