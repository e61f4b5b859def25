//! Misère play: `cargo bench --bench misere`.
//!
//! - The misère-inequivalent games born by each day, up to day 5 (Conway's 4 171 780): every
//!   set of day-4 games put in simplest form.
//! - The misère outcome of single rows of Kayles and Dawson's Kayles, from simplest forms,
//!   beside the naive search that plays every move (remembering positions); the two must
//!   agree.
//!
//! `QUICK=1` stops at day 4 and smaller rows; an argument keeps the rows whose name contains
//! it (`cargo bench --bench misere -- day`).

mod timing;

use grundy::game::heap::HeapGame;
use grundy::game::{Arena, GameLimits};
use timing::timed;

fn limits() -> GameLimits {
    GameLimits {
        memory: 16 << 30,
        ..GameLimits::default()
    }
}

fn main() {
    let quick = std::env::var("QUICK").is_ok_and(|v| v == "1");
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let keep = |name: &str| filter.as_ref().is_none_or(|f| name.contains(f.as_str()));
    println!("| what | answer | time | naive search | time |");
    println!("|---|---|---|---|---|");
    let rows: &[u64] = if quick { &[20, 30] } else { &[20, 30, 40, 50] };
    for (game, label) in [
        (HeapGame::kayles(), "Kayles"),
        (HeapGame::dawson(), "Dawson's Kayles"),
    ] {
        for &n in rows {
            let name = format!("misère {label} row of {n}");
            if !keep(&name) {
                continue;
            }
            let mut losing = false;
            let ran = timed(|| {
                let mut arena = Arena::new(limits());
                let row = arena.heap(&game, n).unwrap();
                losing = arena.misere_losing(row).unwrap();
            });
            let mut by_play = false;
            let naive = timed(|| {
                let mut arena = Arena::new(limits());
                let row = arena.heap(&game, n).unwrap();
                by_play = arena.misere_losing_by_play(row).unwrap();
            });
            assert_eq!(losing, by_play, "{name}: simplest forms against play");
            let outcome = if losing { "P" } else { "N" };
            println!(
                "| {name} | {outcome} | {} | {outcome} | {} |",
                ran.show(),
                naive.show()
            );
        }
    }
    // Day 5 last: timed after its four million games were freed, a row of Kayles took
    // seconds instead of a millisecond in the same process.
    let last_day = if quick { 4 } else { 5 };
    for day in 0..=last_day {
        let name = format!("games born by day {day}");
        if !keep(&name) {
            continue;
        }
        let mut count = 0;
        let ran = timed(|| {
            let mut arena = Arena::new(limits());
            count = arena.misere_born_by(day).unwrap().len();
        });
        println!("| {name} | {count} | {} | — | — |", ran.show());
    }
}
