//! The real REPL on a pseudo-terminal, typed at as a user would: multi-line entry, Tab
//! completion, `:commands`, Ctrl-C during a long computation and at the prompt, and history
//! kept across two runs.
//!
//! Each input waits until rustyline is reading again, which it shows by switching bracketed
//! paste back on (`ESC[?2004h`) at every prompt after the first.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rexpect::session::{PtySession, spawn_command};

/// Generous: a debug build on a small machine.
const TIMEOUT_MS: u64 = 60_000;
const READY: &str = "\x1b[?2004h";

fn repl(history: &Path) -> PtySession {
    repl_with(history, "never")
}

/// The REPL with `--color` set as given.
fn repl_with(history: &Path, color: &str) -> PtySession {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(["--color", color, "--history-file"])
        .arg(history)
        .env("TERM", "xterm");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).unwrap();
    session.exp_string(":help for help").unwrap();
    // The first prompt: rustyline switched bracketed paste on as it started.
    session.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    session
}

/// rexpect reads the terminal byte by byte as Latin-1; this puts UTF-8 back together.
fn utf8(text: &str) -> String {
    let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Types keys (Enter included, if wanted) and returns what the REPL printed until it was
/// ready for the next input.
fn keys(repl: &mut PtySession, keys: &str) -> String {
    type_keys(repl, keys);
    utf8(&repl.exp_string(READY).unwrap())
}

fn type_keys(repl: &mut PtySession, keys: &str) {
    repl.send(keys).unwrap();
    repl.flush().unwrap();
}

/// Types a line that leaves the input open (a bracket, a trailing operator): the
/// continuation prompt asks for the next line.
fn open_line(repl: &mut PtySession, line: &str) {
    repl.send_line(line).unwrap();
    repl.exp_string("    ... ").unwrap();
    std::thread::sleep(Duration::from_millis(100));
}

fn history_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-repl-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn quit(mut repl: PtySession) {
    repl.send_line(":quit").unwrap();
    repl.exp_eof().unwrap();
}

#[test]
fn multi_line_entry_continues_while_a_bracket_is_open() {
    let mut repl = repl(&history_file("multi"));
    open_line(&mut repl, "let G = <*0,");
    keys(&mut repl, "  *2>\r");
    assert!(keys(&mut repl, "G\r").contains("*1 — the player to move wins"));
    open_line(&mut repl, "*1 +");
    assert!(keys(&mut repl, "*2\r").contains("*3 — the player to move wins"));
    quit(repl);
}

#[test]
fn tab_completes_built_ins_and_defined_names() {
    let mut repl = repl(&history_file("complete"));
    keys(&mut repl, "let heptagon = *7\r");
    for typed in ["kay", "\t", "(5) + hept", "\t"] {
        type_keys(&mut repl, typed);
        std::thread::sleep(Duration::from_millis(200));
    }
    // kayles(5) + heptagon ≡ *4 + *7.
    let printed = keys(&mut repl, "\r");
    assert!(
        printed.contains("*3 — the player to move wins"),
        "{printed}"
    );
    repl.send_line("exit").unwrap();
    repl.exp_eof().unwrap();
}

/// Several candidates: Tab completes what they share, a second Tab lists them all below the
/// line, as bash does, and the line is kept.
#[test]
fn a_second_tab_lists_the_candidates() {
    let mut repl = repl(&history_file("list"));
    type_keys(&mut repl, "mo");
    std::thread::sleep(Duration::from_millis(200));
    type_keys(&mut repl, "\t\t");
    let listed = utf8(&repl.exp_string("moves").unwrap());
    for candidate in ["mock_turtles", "moore"] {
        assert!(listed.contains(candidate), "{listed}");
    }
    std::thread::sleep(Duration::from_millis(200));
    // The line is still `mo`: finished as `moore(…)`'s first letters, it runs.
    let printed = keys(&mut repl, "ore(2, [1, 2])\r");
    assert!(printed.contains("the player to move"), "{printed}");
    quit(repl);
}

#[test]
fn tab_completes_file_names_after_load() {
    let mut repl = repl(&history_file("files"));
    type_keys(&mut repl, ":load examples/hackenb");
    std::thread::sleep(Duration::from_millis(200));
    type_keys(&mut repl, "\t");
    std::thread::sleep(Duration::from_millis(200));
    let printed = keys(&mut repl, "\r");
    assert!(
        printed.contains("loaded examples/hackenbush.game"),
        "{printed}"
    );
    quit(repl);
}

#[test]
fn commands_show_definitions_types_and_help() {
    let mut repl = repl(&history_file("commands"));
    keys(&mut repl, "let T = hackenbush(\"g-a a-b a-c b-c\")\r");
    let vars = keys(&mut repl, ":vars\r");
    assert!(
        vars.contains("T = hackenbush(\"g-a a-b a-c b-c\") ≡ *2"),
        "{vars}"
    );
    let kind = keys(&mut repl, ":type kayles\r");
    assert!(
        kind.contains("kayles : a family of games: kayles(n)"),
        "{kind}"
    );
    // A family as defined, with its own parameter's name.
    keys(&mut repl, "let step(k) = < step(j) for j in 0..k >\r");
    let kind = keys(&mut repl, ":type step\r");
    assert!(kind.contains("step : a family of games: step(k)"), "{kind}");
    let help = keys(&mut repl, ":h wythoff\r");
    assert!(help.contains("wythoff(i, j): Wythoff's game"), "{help}");
    keys(&mut repl, ":set depth 1\r");
    assert!(keys(&mut repl, ":set\r").contains("depth 1"));
    let unknown = keys(&mut repl, ":nonsense\r");
    assert!(unknown.contains("unknown command `:nonsense`"), "{unknown}");
    keys(&mut repl, ":clear\r");
    assert!(keys(&mut repl, ":v\r").contains("nothing is defined yet"));
    quit(repl);
}

/// `:set play misere` answers what follows in misère play, until `:set play normal`; a
/// value it does not know is refused, the convention unchanged.
#[test]
fn the_play_convention_is_a_setting() {
    let mut repl = repl(&history_file("play"));
    assert!(keys(&mut repl, ":set\r").contains("play normal"));
    keys(&mut repl, ":set play misere\r");
    assert!(keys(&mut repl, ":set\r").contains("play misere"));
    let claim = keys(&mut repl, "*1 + *1 is winning\r");
    assert!(claim.contains("true (misère play)"), "{claim}");
    let normal = keys(&mut repl, "normal *1 + *1 is winning\r");
    assert!(normal.contains("false"), "{normal}");
    let refused = keys(&mut repl, ":set play sideways\r");
    assert!(
        refused.contains("there is no play convention `sideways`"),
        "{refused}"
    );
    assert!(keys(&mut repl, ":set\r").contains("play misere"));
    keys(&mut repl, ":set play normal\r");
    let back = keys(&mut repl, "*1 + *1 is winning\r");
    assert!(back.contains("false") && !back.contains("misère"), "{back}");
    quit(repl);
}

#[test]
fn ctrl_c_stops_a_computation_and_keeps_every_definition() {
    let mut repl = repl(&history_file("cancel"));
    keys(&mut repl, "let G = *5\r");
    // Far too long to finish: a period search through ten million values of 0.007.
    repl.send_line("period(octal(\"0.007\"), 10000000)")
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    repl.send_control('c').unwrap();
    let stopped = utf8(&repl.exp_string(READY).unwrap());
    assert!(stopped.contains("cancelled"), "{stopped}");
    assert!(keys(&mut repl, "G + *3\r").contains("*6 — the player to move wins"));
    // At the prompt Ctrl-C clears the line; twice in a row on an empty line leaves.
    type_keys(&mut repl, "*1 + *1");
    std::thread::sleep(Duration::from_millis(200));
    keys(&mut repl, "\x03");
    assert!(keys(&mut repl, "\x03").contains("Ctrl-C again"));
    repl.send_control('c').unwrap();
    repl.exp_eof().unwrap();
}

#[test]
fn history_is_kept_across_runs_without_blank_lines() {
    let path = history_file("history");
    let mut first = repl(&path);
    assert!(keys(&mut first, "*11 + *13\r").contains("*6 — the player to move wins"));
    keys(&mut first, "   \r");
    quit(first);
    let saved = std::fs::read_to_string(&path).unwrap();
    let entries: Vec<&str> = saved.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(entries, ["*11 + *13", ":quit"], "{saved}");

    let mut second = repl(&path);
    // Up twice, past `:quit` to the game, and run it again.
    for _ in 0..2 {
        type_keys(&mut second, "\x1b[A");
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(keys(&mut second, "\r").contains("*6 — the player to move wins"));
    quit(second);
}

/// Lines that reach the REPL in one write (a paste without bracketed paste, or typing
/// ahead) all run, in order.
#[test]
fn lines_that_arrive_together_all_run() {
    let mut repl = repl(&history_file("paste"));
    type_keys(&mut repl, "let c = *4\rlet d = *8\rc + d\r");
    // rexpect reads bytes as Latin-1: wait for the ASCII part of the answer.
    let printed = utf8(&repl.exp_string("*12 ").unwrap());
    assert!(!printed.contains("unknown"), "{printed}");
    // Typed ahead while a computation runs: read once the computation is done.
    type_keys(&mut repl, "nimber(kayles(10**6))\rlet e = *1\re + *2\r");
    repl.exp_string("*3 ").unwrap();
    quit(repl);
}

/// Ctrl-D in an unfinished entry ends it (its diagnostic says what was missing); a second
/// Ctrl-D, at the empty prompt, leaves.
#[test]
fn ctrl_d_ends_an_unfinished_entry_then_leaves() {
    let mut repl = repl(&history_file("ctrl-d"));
    open_line(&mut repl, "let Z = <");
    let ended = keys(&mut repl, "\x04");
    assert!(ended.contains("grundy::syntax"), "{ended}");
    assert!(keys(&mut repl, "*1 + *1\r").contains("0 — the player to move loses"));
    repl.send_control('d').unwrap();
    repl.exp_eof().unwrap();
}

/// `:load` says how the file went: its asserts counted, or what failed, or why it can't
/// be read.
#[test]
fn load_counts_the_asserts_of_a_file() {
    let mut repl = repl(&history_file("load"));
    let held = keys(&mut repl, ":load examples/homework.game\r");
    assert!(
        held.contains("loaded examples/homework.game: 16 asserts held"),
        "{held}"
    );
    let failed = keys(&mut repl, ":load tests/errors/assert_failed.game\r");
    assert!(
        failed.contains("tests/errors/assert_failed.game: 5 of 6 asserts failed"),
        "{failed}"
    );
    assert!(!failed.contains("loaded"), "{failed}");
    let missing = keys(&mut repl, ":load no/such/file.game\r");
    assert!(
        missing.contains("error: can't read no/such/file.game"),
        "{missing}"
    );
    quit(repl);
}

/// `:load` reads regular files only: a named pipe with no writer would block for ever, a
/// device may never end. A directory or a file that is not UTF-8 gets the message `grundy
/// run` gives. The session goes on with its definitions.
#[test]
fn load_refuses_what_is_not_a_file() {
    let dir = history_file("not-files");
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let latin1 = dir.join("latin1.game");
    std::fs::write(&latin1, b"*1 // caf\xe9\n").unwrap();
    let mut repl = repl(&history_file("load-not-files"));
    keys(&mut repl, "let G = *3\r");
    let cases = [
        (fifo.display().to_string(), "is a named pipe, not a file"),
        ("/dev/zero".to_owned(), "is a device, not a file"),
        (
            dir.display().to_string(),
            "is a directory, not a .game file",
        ),
        (
            latin1.display().to_string(),
            "is not UTF-8 text (an invalid byte at line 1, column 10",
        ),
    ];
    for (path, expected) in cases {
        let refused = keys(&mut repl, &format!(":load {path}\r"));
        let words = refused.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains(expected), "{path}: {refused}");
        let reloaded = keys(&mut repl, ":reload\r");
        assert!(reloaded.contains("nothing to reload"), "{reloaded}");
    }
    let still = keys(&mut repl, "G + *1\r");
    assert!(still.contains("*2"), "{still}");
    quit(repl);
}

/// Past the `memory` limit at the prompt: a diagnostic advising `:set limit`, and every
/// definition kept.
#[test]
fn memory_past_the_limit_keeps_the_session() {
    let mut repl = repl(&history_file("memory"));
    keys(&mut repl, "let G = *3\r");
    keys(&mut repl, "let f(a, b) = *1\r");
    keys(&mut repl, ":set limit memory=16000000\r");
    let refused = keys(&mut repl, "<f(a, b) for a in 0..1000 for b in 0..2000>\r");
    let words = refused.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("is too large"), "{refused}");
    assert!(words.contains("type `:set limit memory="), "{refused}");
    let still = keys(&mut repl, "G + f(1, 2)\r");
    assert!(still.contains("*2"), "{still}");
    quit(repl);
}

/// At the prompt a limit is raised with `:set limit`, and the advice says so.
#[test]
fn limit_advice_at_the_prompt_is_set_limit() {
    let mut repl = repl(&history_file("advice"));
    keys(&mut repl, ":set limit heap=1000\r");
    let refused = keys(&mut repl, "octal(\"0.007\", 5000)\r");
    let words = refused.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("type `:set limit heap=10000`"), "{refused}");
    assert!(!words.contains("--limit"), "{refused}");
    let period = keys(&mut repl, "period(octal(\"0.007\"))\r");
    let words = period.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("type `:set limit heap=10000`"), "{period}");
    assert!(!words.contains("--limit"), "{period}");
    quit(repl);
}

/// A command that takes nothing refuses what follows it rather than acting on a slip.
#[test]
fn commands_without_arguments_refuse_one() {
    let mut repl = repl(&history_file("bare"));
    keys(&mut repl, "let G = *3\r");
    let refused = keys(&mut repl, ":q extra\r");
    assert!(
        refused.contains("`:quit` takes nothing after it, found `extra`"),
        "{refused}"
    );
    let refused = keys(&mut repl, ":clear now\r");
    assert!(refused.contains("`:clear` takes nothing"), "{refused}");
    assert!(keys(&mut repl, "G\r").contains("*3 — the player to move wins"));
    quit(repl);
}

/// The REPL as a user starts it, with a history file that it must refuse: it says why and
/// leaves (exit code 2) before reading a line.
fn refused(history: &Path) -> String {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(["--color", "never", "--history-file"])
        .arg(history)
        .env("TERM", "xterm");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).unwrap();
    let printed = utf8(&session.exp_eof().unwrap());
    let status = session.process().wait().unwrap();
    assert!(
        matches!(status, rexpect::process::WaitStatus::Exited(_, 2)),
        "{status:?}: {printed}"
    );
    assert!(!printed.contains("grundy>"), "{printed}");
    printed
}

/// A worksheet given as the history file by mistake is left as it is, not rewritten as a
/// history; a given file's missing directory is reported, not made.
#[test]
fn a_history_file_that_is_not_one_is_refused() {
    let worksheet = history_file("seeds.game");
    std::fs::copy("examples/seeds.game", &worksheet).unwrap();
    let printed = refused(&worksheet);
    assert!(printed.contains("is not a history file"), "{printed}");
    assert!(
        printed.contains("help: a history file starts with `#V2`"),
        "{printed}"
    );
    let before = std::fs::read("examples/seeds.game").unwrap();
    assert_eq!(std::fs::read(&worksheet).unwrap(), before);

    let nowhere = history_file("no-such-dir").join("history");
    let printed = refused(&nowhere);
    assert!(printed.contains("there is no such directory"), "{printed}");
    assert!(printed.contains("mkdir -p"), "{printed}");
    assert!(!nowhere.parent().unwrap().exists());
}

/// `:set` says where the history goes.
#[test]
fn set_shows_the_history_file() {
    let path = history_file("shown");
    let mut repl = repl(&path);
    let settings = keys(&mut repl, ":set\r");
    assert!(
        settings.contains(&format!("history {}", path.display())),
        "{settings}"
    );
    quit(repl);
}

/// Ctrl-C during a `:load` stops the whole file, not only the statement it came in: the
/// statements after it do not run, it is reported once, and the session answers after,
/// with what the file defined before it.
#[test]
fn ctrl_c_stops_all_of_a_load() {
    let dir = history_file("load-dir");
    let _ = std::fs::remove_file(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("slow.game");
    // Each search runs far longer than the test: ten million values of 0.007.
    let slow = "period(octal(\"0.007\"), 10000000)\n";
    std::fs::write(
        &file,
        format!("let early = *2\n{slow}let later = *1\n{slow}{slow}let last = *1\n"),
    )
    .unwrap();
    let mut repl = repl(&history_file("load-cancel"));
    type_keys(&mut repl, &format!(":load {}\r", file.display()));
    // The progress bar is up: the first search is running.
    repl.exp_string("(Ctrl-C stops)").unwrap();
    repl.send_control('c').unwrap();
    let stopped = utf8(&repl.exp_string(READY).unwrap());
    assert_eq!(stopped.matches("grundy::cancelled").count(), 1, "{stopped}");
    for name in ["later", "last"] {
        let unknown = keys(&mut repl, &format!("{name}\r"));
        assert!(unknown.contains("grundy::name"), "{name}: {unknown}");
    }
    assert!(keys(&mut repl, "early + *1\r").contains("*3 — the player to move wins"));
    quit(repl);
}

/// A long line typed (or pasted without bracketed paste) a key at a time is not redrawn
/// whole at each key: what the REPL prints for it grows with the line, not with its square.
#[test]
fn a_long_line_typed_key_by_key_is_read() {
    let history = history_file("long-line");
    let line = vec!["*1"; 1000].join(" + ");
    // In the history, so that it could be hinted while it is typed again.
    std::fs::write(&history, format!("#V2\n{line}\n")).unwrap();
    let mut repl = repl_with(&history, "always");
    let printed = keys(&mut repl, &format!("{line}\r"));
    assert!(
        printed.contains("0 — the player to move loses"),
        "{printed}"
    );
    // Redrawn whole at each key it was 10 000 times the line (50 MB); now about 100 times
    // (redrawn at each wrap of a row of 80 columns).
    assert!(
        printed.len() < 1000 * line.len(),
        "{} bytes printed for a line of {}",
        printed.len(),
        line.len()
    );
    quit(repl);
}

/// At the prompt a plot (of a table, or a survey) goes to `plot.svg` in the current folder,
/// and the REPL says so.
#[test]
fn plot_at_the_prompt_writes_plot_svg() {
    let dir = history_file("plot").with_extension("dir");
    std::fs::create_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(dir.join("plot.svg"));
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(["--color", "never", "--history-file"])
        .arg(history_file("plot"))
        .current_dir(&dir)
        .env("TERM", "xterm");
    let mut repl = spawn_command(command, Some(TIMEOUT_MS)).unwrap();
    repl.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let said = keys(&mut repl, "plot seq(kayles, 0..50)\r");
    assert!(
        said.contains("plot of kayles (50 values) written to plot.svg"),
        "{said}"
    );
    assert!(!said.contains("<svg"), "{said}");
    let svg = std::fs::read_to_string(dir.join("plot.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // A survey's plot goes to the same file.
    let said = keys(&mut repl, "plot survey(\"0.?\", 100)\r");
    assert!(
        said.contains("plot of the survey of 0.? to n = 100 (7 games) written to plot.svg"),
        "{said}"
    );
    let svg = std::fs::read_to_string(dir.join("plot.svg")).unwrap();
    assert!(svg.contains(">survey of 0.? to n = 100</text>"), "{svg}");
    quit(repl);
}
