//! A real SIGINT (Ctrl-C) sent to `grundy run` and `grundy eval` stops the whole request,
//! wherever the time goes: a computation, or printing an answer to a reader that is slow to
//! take it. It is reported once as `grundy::cancelled`, with exit code 4. No clock: each
//! signal is sent once the program is known to be in the middle of that work.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

fn grundy(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn ctrl_c(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// What the program said on standard error, and its exit code.
fn finish(mut child: Child) -> (String, Option<i32>) {
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (err, child.wait().unwrap().code())
}

fn scratch(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-ctrl-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Ctrl-C in the first file of `grundy run` stops that file and the files after it.
#[test]
fn ctrl_c_stops_every_file_of_a_run() {
    let slow = scratch(
        "slow.game",
        "*1 + *2\nperiod(octal(\"0.007\"), 10000000)\n*1 + *4\n",
    );
    let after = scratch("after.game", "*2 + *4\n");
    let mut child = grundy(&["run", &slow, &after]);
    // The first answer is printed: the period search has begun (or is about to).
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("*3"), "{first}");
    ctrl_c(&child);
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let (err, code) = finish(child);
    assert_eq!(rest, "", "nothing after the Ctrl-C runs");
    assert_eq!(err.matches("grundy::cancelled").count(), 1, "{err}");
    assert!(err.contains("1 runtime error; cancelled"), "{err}");
    assert!(!err.contains("after.game"), "{err}");
    assert_eq!(code, Some(4), "{err}");
}

/// An answer of megabytes stops being printed on Ctrl-C: a reader that takes it slowly (a
/// terminal) would otherwise keep the program busy long after the answer was computed.
#[test]
fn ctrl_c_stops_printing_a_long_answer() {
    let mut child = grundy(&["eval", "full seq(kayles, 0..10**6)\n*1 + *2"]);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    // The rest waits in the pipe, unread, while the signal comes.
    ctrl_c(&child);
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let (err, code) = finish(child);
    let printed = first.len() + rest.len();
    // The whole table is 2.7 MB; a pipe holds 64 KB, and a piece is written at a time.
    assert!(printed < 1_000_000, "{printed} bytes printed after Ctrl-C");
    assert!(!rest.contains("*3"), "the statement after it ran");
    assert_eq!(err.matches("grundy::cancelled").count(), 1, "{err}");
    assert_eq!(code, Some(4), "{err}");
}
