//! Surveys on 1 and on every core: `cargo bench --bench survey`. Every three-digit octal
//! code 0.abc to n = 10^4 and 10^5 (`FULL=1`: and 10^6, about an hour on two cores), on 1
//! thread and on all of them; the time of the whole survey and of its slowest game. The
//! baseline is the survey on one thread, run in the same process: the threads change
//! nothing but the time (tests/surveys.rs checks the records agree).

use std::time::Instant;

use grundy::survey::{self, Job};

fn main() {
    let full = std::env::var("FULL").is_ok_and(|v| v == "1");
    let bounds: &[u64] = if full {
        &[10_000, 100_000, 1_000_000]
    } else {
        &[10_000, 100_000]
    };
    let games = survey::expand("0.???").expect("a pattern");
    let cores = survey::cores();
    println!("0.??? ({} codes), {cores} cores", games.len());
    println!("| n | threads | whole survey | slowest game | periodic | open |");
    println!("|---|---|---|---|---|---|");
    for &to in bounds {
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
        for &count in &threads {
            let started = Instant::now();
            let records = survey::run_all(&jobs, count);
            let whole = started.elapsed().as_secs_f64();
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
