//! Surveys on 1 and on every core: `cargo bench --bench survey`. Every three-digit octal
//! code 0.abc to n = 10^4 and 10^5 (`FULL=1`: and 10^6, 44 minutes on two cores), on 1
//! thread and on all of them (`SURVEY_TO=1000000 SURVEY_THREADS=2`: those alone); the time of
//! the whole survey and of its slowest game, and on standard error each game that took ten
//! seconds or more and, every minute, the games done. The baseline is the survey on one
//! thread, run in the same process: the threads change nothing but the time
//! (tests/surveys.rs checks the records agree).

use std::time::{Duration, Instant};

use grundy::survey::{self, Job, Listener, Record};

/// Gathers the records, telling on standard error each game that took a while and, every
/// minute, how far the survey has got: a run of an hour is not silent.
struct Progress {
    records: Vec<Record>,
    started: Instant,
    last_told: Instant,
}

impl Listener for Progress {
    fn record(&mut self, record: Record) {
        if record.millis >= 10_000 {
            eprintln!(
                "  {} took {:.1} s ({:.0} s in)",
                record.game,
                record.millis as f64 / 1000.0,
                self.started.elapsed().as_secs_f64()
            );
        }
        self.records.push(record);
    }

    fn progress(&mut self, done: usize, total: usize, _: u64) -> bool {
        if self.last_told.elapsed() >= Duration::from_secs(60) {
            self.last_told = Instant::now();
            let minutes = self.started.elapsed().as_secs_f64() / 60.0;
            eprintln!("  {done} of {total} games after {minutes:.0} min");
        }
        true
    }
}

/// Numbers listed in the variable `name`, `10000,100000`, if it is set.
fn listed(name: &str) -> Option<Vec<u64>> {
    let text = std::env::var(name).ok()?;
    let numbers: Option<Vec<u64>> = text.split(',').map(|n| n.trim().parse().ok()).collect();
    Some(numbers.unwrap_or_else(|| panic!("{name}: numbers separated by commas")))
}

fn main() {
    let full = std::env::var("FULL").is_ok_and(|v| v == "1");
    // `SURVEY_TO=1000000 SURVEY_THREADS=2`: one bound on one count of threads.
    let bounds = listed("SURVEY_TO").unwrap_or(if full {
        vec![10_000, 100_000, 1_000_000]
    } else {
        vec![10_000, 100_000]
    });
    let games = survey::expand("0.???").expect("a pattern");
    let cores = survey::cores();
    println!("0.??? ({} codes), {cores} cores", games.len());
    println!("| n | threads | whole survey | slowest game | periodic | open |");
    println!("|---|---|---|---|---|---|");
    for &to in &bounds {
        let jobs: Vec<Job> = (games.iter())
            .map(|game| Job {
                game: game.clone(),
                to,
                bytes: 1 << 30,
                work: u64::MAX,
            })
            .collect();
        let mut threads = vec![1];
        if cores > 1 {
            threads.push(cores);
        }
        let threads = listed("SURVEY_THREADS").map_or(threads, |counts| {
            counts.into_iter().map(|count| count as usize).collect()
        });
        for &count in &threads {
            let started = Instant::now();
            let mut progress = Progress {
                records: Vec::with_capacity(jobs.len()),
                started,
                last_told: started,
            };
            survey::run_jobs(&jobs, count, &mut progress);
            let whole = started.elapsed().as_secs_f64();
            let records = progress.records;
            let slowest = records.iter().max_by_key(|r| r.millis).expect("a game");
            let periodic = (records.iter())
                .filter(|r| matches!(r.status, survey::Status::Proved { .. }))
                .count();
            println!(
                "| {to} | {count} | {whole:.1} s | {:.1} s ({}) | {periodic} | {} |",
                slowest.millis as f64 / 1000.0,
                slowest.game,
                records.len() - periodic
            );
        }
    }
}
