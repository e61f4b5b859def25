//! Timing shared by the benches: the best of a few runs, and durations as people read them.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// Runs shorter than this are repeated (up to five times) and the best one kept.
pub const REPEAT_BELOW: Duration = Duration::from_millis(2000);

pub struct Timed {
    pub time: Duration,
    pub runs: u32,
}

/// Runs `f` once, or several times keeping the best if it is quick.
pub fn timed(mut f: impl FnMut()) -> Timed {
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 5 && (runs == 0 || best < REPEAT_BELOW) {
        let start = Instant::now();
        f();
        best = best.min(start.elapsed());
        runs += 1;
    }
    Timed { time: best, runs }
}

impl Timed {
    pub fn show(&self) -> String {
        let time = seconds(self.time.as_secs_f64());
        if self.runs > 1 {
            format!("{time} (best of {})", self.runs)
        } else {
            time
        }
    }
}

/// `12.3 µs`, `4.5 ms`, `1.23 s`, `3.4 min`.
pub fn seconds(secs: f64) -> String {
    if secs < 1e-3 {
        format!("{:.1} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else if secs < 120.0 {
        format!("{secs:.2} s")
    } else {
        format!("{:.1} min", secs / 60.0)
    }
}

/// The median of the figures (the mean of the middle two of an even count).
pub fn median(figures: &mut [f64]) -> f64 {
    figures.sort_by(f64::total_cmp);
    let n = figures.len();
    assert!(n > 0, "no figures");
    if n % 2 == 1 {
        figures[n / 2]
    } else {
        (figures[n / 2 - 1] + figures[n / 2]) / 2.0
    }
}

/// Runs the program in `session` and returns the nimber its last statement printed; any
/// error stops the bench.
pub fn nimber_of(session: &mut grundy::eval::Session, program: &str) -> u64 {
    use grundy::eval::{Answer, Event};
    let mut last = None;
    let summary = session.run("bench.game", program, &mut |event| match event {
        Event::Answer {
            answer: Answer::Int(n),
            ..
        } => last = Some(n),
        Event::Error(diagnosis) => panic!("{:?}", diagnosis.report),
        _ => {}
    });
    assert_eq!(summary.runtime_errors, 0);
    u64::try_from(last.expect("an answer")).expect("a nimber")
}
