//! Every statement is bounded by the limits, as an autograder or a course server sets them:
//! statements that once grew past `--limit memory` or ran on past `--limit steps` now end in
//! a diagnostic (exit code 4), quickly, with the process's peak memory within the limit.
//! And a statement that fails leaves the session as it found it: what it built is released.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{high_water_mark, run_in};
use grundy::eval::{Limits, Session};

/// The limits of the issues that found these statements.
const SMALL: &[&str] = &[
    "memory=67108864",
    "steps=2e6",
    "nodes=2e5",
    "heap=2e5",
    "options=2e5",
    "search=2e8",
    "depth=20000",
];

/// What a run of the binary came to.
struct Ran {
    code: Option<i32>,
    stderr: String,
    took: Duration,
    /// The process's peak resident memory, read from `/proc` while it ran (0 elsewhere).
    peak: u64,
}

/// Runs `grundy --limit … eval SOURCE` with an address-space cap, watching its peak memory.
fn run(limits: &[&str], source: &str) -> Ran {
    let mut command = Command::new("sh");
    // Far above the limits, well below what an unbounded statement takes.
    command
        .arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_grundy"));
    for limit in limits {
        command.args(["--limit", limit]);
    }
    let dir = std::env::temp_dir().join(format!("grundy-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = command
        .args(["eval", source])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut peak = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        peak = peak.max(high_water_mark(child.id()));
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{source}: still running after a minute"
        );
        std::thread::sleep(Duration::from_millis(2));
    };
    let took = started.elapsed();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    Ran {
        code: status.code(),
        stderr,
        took,
        peak,
    }
}

/// Each ends in the `memory` or the `steps` diagnostic, in well under ten seconds (in a
/// debug build, on a busy machine), its peak memory within the limit and a tenth.
#[test]
fn statements_that_passed_the_limits_stop_at_them() {
    let memory_limited = "grundy::limit::size";
    let cases: &[(&[&str], &str, &str)] = &[
        (SMALL, "node_kayles(path_graph(100000))", memory_limited),
        (SMALL, "misère cram(4, 100000)", memory_limited),
        (
            SMALL,
            "misère node_kayles(path_graph(100000))",
            memory_limited,
        ),
        (
            SMALL,
            "node_kayles(cycle_graph(1_000))",
            "grundy::limit::steps",
        ),
        // A Hackenbush stalk's options are cut one by one, each a copy of the picture: the
        // misère work of a long stalk ran for minutes under any `steps` limit.
        (
            &["steps=1e5", "memory=64e6"],
            "genus(<stalk(1470)>)",
            "grundy::limit::steps",
        ),
        // Misère simplest forms of library games: minutes of sums under any `steps`.
        (SMALL, "simplest(ruler(11))", "grundy::limit::steps"),
        (
            SMALL,
            "moves misere mock_turtles(9)",
            "grundy::limit::steps",
        ),
        (&["memory=1e7"], "len(sort(0..9000000))", memory_limited),
        (&["memory=1e7"], "max([0] * 9000000)", memory_limited),
        (
            &["memory=1e7"],
            "len(([0] * 9000000)[1 := 5])",
            memory_limited,
        ),
        (
            &["memory=1e7"],
            "len(indices(\"x\" * 5000000, \"x\"))",
            memory_limited,
        ),
        (&["memory=1e7"], "len(str([0] * 3000000))", memory_limited),
        (&["memory=1e7"], "stalk(10**7)", memory_limited),
        (&["memory=1e8"], "len([0] * 10000000)", memory_limited),
        // A grid, and what `nim_mul` remembers of its calls.
        (
            &["memory=1e8"],
            "seq(nim_mul, 0..3000, 0..3000)",
            memory_limited,
        ),
        (
            &["memory=6e7"],
            "seq(nim_mul, 0..1400, 0..1400)",
            memory_limited,
        ),
        // A comprehension's listing was held while its members were copied into the set
        // or list, and each copy into the next: 154 MiB under a limit of 128 MB.
        (
            &["memory=128e6"],
            "mex{k % 7 for j in 0..23 for k in 0..90475}",
            memory_limited,
        ),
        (
            &["memory=128e6"],
            "len([k % 7 for j in 0..23 for k in 0..90475])",
            memory_limited,
        ),
        (
            &["memory=4e7", "options=10000"],
            "dot wythoff(1208, 34) to \"p.svg\"",
            memory_limited,
        ),
        (
            &["memory=64e6"],
            "let K(p) = if len(p) == 0 then 0 else <K(p[1:])>; K([0] * 20000)",
            memory_limited,
        ),
    ];
    for &(limits, source, code) in cases {
        let ran = run(limits, source);
        assert_eq!(ran.code, Some(4), "{source}: {}", ran.stderr);
        assert!(ran.stderr.contains(code), "{source}: {}", ran.stderr);
        assert!(
            ran.took < Duration::from_secs(10),
            "{source}: {:?}",
            ran.took
        );
        let limit = limits
            .iter()
            .find_map(|l| l.strip_prefix("memory="))
            .map(|m| m.parse::<f64>().unwrap() as u64)
            .unwrap();
        assert!(
            ran.peak <= limit + limit / 10,
            "{source}: peak {} MiB under a limit of {} MiB",
            ran.peak >> 20,
            limit >> 20
        );
    }
}

/// A picture is drawn on a thread of its own, whose memory the C library would keep after
/// it: given back, it leaves the next statements their room (the process once peaked at
/// 150 MB under a limit of 128 MB here).
#[test]
fn memory_a_picture_used_is_given_back() {
    let limits = &[
        "memory=128000000",
        "steps=30000000",
        "heap=50000",
        "nodes=1000000",
    ];
    let source = "dot *11 to \"p.png\"; dot *10 to \"p.png\"; \
                  moves all full normal octal(\"4.03\", 9223372036854775807)";
    let ran = run(limits, source);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.peak <= 128_000_000 + 12_800_000,
        "peak {} MiB",
        ran.peak >> 20
    );
}

/// A statement after one that filled memory and gave it back: the C library had raised the
/// size it maps big blocks from, served the next statement's growing vectors from its heap,
/// and the process peaked at 138 MiB under a limit of 128 MB (a generated program found it).
#[test]
fn a_statement_after_a_full_one_keeps_to_the_limit() {
    let limits = &[
        "memory=128000000",
        "steps=30000000",
        "heap=50000",
        "options=1000000",
        "nodes=1000000",
    ];
    let source = "options misère octal(\"4.361\", 287); \
                  dot *1 + node_kayles(path_graph(39))";
    let ran = run(limits, source);
    assert_eq!(ran.code, Some(4), "{}", ran.stderr);
    assert!(
        ran.peak <= 128_000_000 + 12_800_000,
        "peak {} MiB",
        ran.peak >> 20
    );
}

/// `for c in s` goes through a string a character at a time: a string of ten million
/// characters was first made a list of them (three quarters of a gigabyte under a limit of
/// 128 MB).
#[test]
fn a_long_string_is_gone_through_without_a_list_of_its_characters() {
    let limits = &["memory=128000000", "steps=30000000", "options=1000000"];
    let source = "all(true for k in str(options(hex(\"0.4EA\", 1000))))";
    let ran = run(limits, source);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.peak <= 128_000_000 + 12_800_000,
        "peak {} MiB",
        ran.peak >> 20
    );
}

/// What the allocator counts is what the limit is held to: it is grundy's allocator.
#[test]
fn the_allocator_counts() {
    assert!(grundy_alloc::counting());
}

/// After a statement stops at the `nodes` limit, the games it made are released: the zero
/// game (which is always there), new games and later statements all work.
#[test]
fn a_statement_stopped_at_the_nodes_limit_leaves_room() {
    let mut limits = Limits::default();
    limits.game.nodes = 1000;
    let mut session = Session::new(limits);
    let program = "let f(n) = if n == 0 then 0 else <f(n - 1), *n>\n\
                   f(5000)\n\
                   assert misere 0 == * and <> is N\n\
                   *7\n\
                   f(10)\n\
                   f(301)";
    let output = run_in(&mut session, "nodes.game", program);
    assert_eq!(output.errors.len(), 2, "{}", output.transcript);
    assert!(
        output.errors[0].contains("the game DAG"),
        "{}",
        output.errors[0]
    );
    assert!(
        output.errors[1].contains("assertion failed"),
        "{}",
        output.errors[1]
    );
    assert_eq!(
        output.answers,
        [
            "*7 — the player to move wins",
            "0 — the player to move loses",
            "*1 — the player to move wins"
        ],
        "{}",
        output.transcript
    );
}

/// After a statement stops at the `memory` limit, what it built is released, and what
/// families remember with it: the next statements have the room they had before.
#[test]
fn a_statement_stopped_at_the_memory_limit_leaves_room() {
    let mut limits = Limits::default();
    limits.game.memory = 16_000_000;
    let mut session = Session::new(limits);
    let program = "let G = <*0, *1>\n\
                   let f(n) = n\n\
                   all(f(n) >= 0 for n in 0..10000000)\n\
                   len([k for k in 0..100000])\n\
                   G + *1";
    let output = run_in(&mut session, "memory.game", program);
    assert_eq!(output.errors.len(), 1, "{}", output.transcript);
    assert!(
        output.errors[0].contains("what families remember"),
        "{}",
        output.errors[0]
    );
    assert_eq!(output.answers, ["100000", "*3 — the player to move wins"]);
}

/// A statement that fails otherwise (a wrong type here) keeps what it made: families
/// remember the calls it made, so asking again takes no steps.
#[test]
fn a_statement_that_fails_by_its_type_keeps_what_families_learned() {
    let mut session = Session::default();
    let program = "let f(n) = if n == 0 then 0 else <f(n - 1)>\nf(3000) + 1";
    let output = run_in(&mut session, "kept.game", program);
    assert_eq!(output.errors.len(), 1, "{}", output.transcript);
    session.set_limit("steps=10").unwrap();
    let output = run_in(&mut session, "kept.game", "f(3000)");
    assert_eq!(
        output.answers,
        ["0 — the player to move loses"],
        "{}",
        output.transcript
    );
}

/// Records what a long computation says of itself.
#[derive(Clone, Default)]
struct Said(std::sync::Arc<std::sync::Mutex<Vec<String>>>);

impl grundy::game::Progress for Said {
    fn report(&mut self, what: &str, _done: u64, _total: u64) {
        let mut said = self.0.lock().unwrap();
        if said.last().is_none_or(|last| last != what) {
            said.push(what.to_owned());
        }
    }
    fn finish(&mut self) {}
}

/// A family with no base case for the numbers it goes down through runs to the `depth`
/// limit; while it does, the progress counter names how deep it is and the call below 0.
#[test]
fn a_missing_base_case_is_named_while_it_runs() {
    let mut session = Session::default();
    let said = Said::default();
    session
        .arena
        .watch
        .set_progress(Some(Box::new(said.clone())));
    let output = run_in(&mut session, "deep.game", "let S(n) = <S(n - 1)>\nS(5)");
    assert!(
        output.errors[0].contains("calls nested deeper than"),
        "{}",
        output.transcript
    );
    let said = said.0.lock().unwrap();
    assert!(
        said.iter()
            .any(|what| what.contains(" deep, now S(-")
                && what.ends_with("a base case never reached?")),
        "{said:?}"
    );
}
