//! Every long computation stops when interrupted (Ctrl-C), and the session goes on with its
//! definitions. The interrupt comes from the progress report itself, the first time the
//! computation reports, so the test needs no clock: a computation that never reports, or
//! reports and goes on, fails it.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy::eval::Session;
use grundy::game::Progress;

/// Presses Ctrl-C the first time a computation reports how far it is.
struct CtrlC(Arc<AtomicBool>);

impl Progress for CtrlC {
    fn report(&mut self, _what: &str, _done: u64, _total: u64) {
        self.0.store(true, Ordering::Relaxed);
    }
    fn finish(&mut self) {}
}

fn interrupted_session() -> Session {
    let mut session = Session::default();
    let flag = session.interrupt_flag();
    session
        .arena
        .watch
        .set_progress(Some(Box::new(CtrlC(flag))));
    session
}

/// Runs `setup` without interruptions, then `statement`, which must be cancelled; then the
/// session still answers.
fn stops(setup: &str, statement: &str) {
    let mut session = Session::default();
    let output = common::run_in(&mut session, "setup.game", setup);
    assert!(output.errors.is_empty(), "{setup}: {:?}", output.errors);
    let flag = session.interrupt_flag();
    session
        .arena
        .watch
        .set_progress(Some(Box::new(CtrlC(flag))));
    let output = common::run_in(&mut session, "test.game", statement);
    let error = output.errors.join("\n");
    assert!(error.contains("grundy::cancelled"), "{statement}: {error}");
    session.arena.watch.set_progress(None);
    let after = common::run_in(&mut session, "after.game", "let H = *2\nH + *3");
    assert_eq!(
        after.answers,
        ["*1 — the player to move wins"],
        "{statement}"
    );
}

#[test]
fn explanations_stop() {
    let heap = r#"let G = octal("0.007", 3000)"#;
    stops(heap, "why full G == *1");
    stops(heap, "why full G");
    stops("", "moves kayles(10**7)");
    stops("", "tree full grundy_game(40)");
    stops("", "dot grundy_game(300)");
    // The counterexample is checked by playing both games out, position by position.
    stops(
        "let R(i, j) = < R(a, j) for a in 0..i, R(i, b) for b in 0..j >",
        "why full R(12, 13) == R(13, 12) + *1",
    );
}

#[test]
fn tables_searches_and_loops_stop() {
    stops("", "wythoff(3000, 3000)");
    stops("", r#"period(octal("0.007"))"#);
    stops("", "period(sub({1000, 2017, 3001}))");
    stops("", "mex{k for k in 0..10**7}");
    stops(
        "let S(n) = < S(n - k) for k in 1..=3 if k <= n >",
        "seq(S, 0..200000)",
    );
    stops("", r#"seq(octal("0.007"), 0..100000)"#);
    stops("", "seq(nim_mul, 0..3000, 0..3000)");
}

/// Reading, valuing and keeping a game graph of 2 * 10^5 vertices.
#[test]
fn a_game_graph_stops() {
    let moves: Vec<String> = (0..200_000).map(|n| format!("{}>{}", n + 1, n)).collect();
    stops(&format!("let t = \"{}\"", moves.join(" ")), "digraph(t)");
}

/// A Ctrl-C stops the whole request: the statements after the cancelled one do not run.
#[test]
fn a_cancelled_statement_ends_the_program() {
    let mut session = interrupted_session();
    let output = common::run_in(
        &mut session,
        "test.game",
        "mex{k for k in 0..10**7}\n*1 + *2",
    );
    assert_eq!(output.errors.len(), 1, "{:?}", output.errors);
    assert!(output.answers.is_empty(), "{:?}", output.answers);
}

/// A picture of `feet` edges on the ground side by side, each with one more edge on top.
fn picture(feet: usize) -> String {
    let edges: Vec<String> = (0..feet).map(|i| format!("g-a{i} a{i}-b{i}")).collect();
    format!("hackenbush(\"{}\")", edges.join(" "))
}

#[test]
fn hackenbush_stops() {
    // Its value: the reduction of 2·10^5 edges.
    stops("", &picture(100_000));
    // Each option drawn is a picture of 6 000 edges (the values of each are quick).
    let setup = format!("let S = {}\nS", picture(3_000));
    stops(&setup, "options full S");
    stops(&setup, "moves all full S");
}

/// A subtraction game with many moves checks in often enough, not only every 2^16 values.
#[test]
fn a_subtraction_game_with_many_moves_stops() {
    stops(
        "let M = {k for k in 1..10**6 if k % 2 == 0}",
        "sub(10**7, M)",
    );
}

/// A long program stops while it is parsed: nothing of it runs, and it is said once.
#[test]
fn a_long_parse_stops_and_nothing_runs() {
    let mut session = interrupted_session();
    let program = "let a = <*1, *2>\n".repeat(20_000);
    let output = common::run_in(&mut session, "long.game", &program);
    assert_eq!(output.errors.len(), 1, "{:?}", output.errors);
    assert!(
        output.errors[0].contains("grundy::cancelled"),
        "{:?}",
        output.errors
    );
    assert!(output.summary.cancelled);
    session.arena.watch.set_progress(None);
    let after = common::run_in(&mut session, "after.game", "a");
    assert!(
        after.errors.join("\n").contains("grundy::name"),
        "{:?}",
        after.answers
    );
}

/// A Ctrl-C that comes between two programs (while a file is read) stops the next one
/// before anything of it runs; once reported, it is answered, and the one after runs.
#[test]
fn a_ctrl_c_before_a_program_stops_it_once() {
    let mut session = Session::default();
    session.interrupt_flag().store(true, Ordering::Relaxed);
    let output = common::run_in(&mut session, "test.game", "let b = *1\nb + *1");
    assert_eq!(output.errors.len(), 1, "{:?}", output.errors);
    assert!(output.answers.is_empty(), "{:?}", output.answers);
    let after = common::run_in(&mut session, "after.game", "*1 + *2");
    assert_eq!(after.answers, ["*3 — the player to move wins"]);
}
