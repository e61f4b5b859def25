//! Every class of diagnostic, rendered as a user sees it (no colour, fixed width) and
//! snapshotted, with the exit code the CLI would give. One bad program per file in errors/.

mod common;

/// A session with the limits a program asks for in `// limit: name=value` lines, so that a
/// limit is reached quickly in a debug build.
fn session_for(text: &str) -> grundy::eval::Session {
    let mut session = grundy::eval::Session::default();
    for setting in text.lines().filter_map(|l| l.strip_prefix("// limit: ")) {
        session.set_limit(setting).unwrap();
    }
    session
}

#[test]
fn every_bad_program_gets_its_diagnostic() {
    insta::glob!("errors/*.game", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!("{}", path.file_name().unwrap().to_string_lossy());
        let output = common::run_in(&mut session_for(&text), &name, &text);
        assert!(!output.errors.is_empty(), "{name} should fail");
        for error in &output.errors {
            assert!(error.contains("help:") || error.contains("×"), "{error}");
        }
        let report = format!(
            "exit code: {}\n\n{}",
            output.summary.exit_code(),
            output.transcript
        );
        insta::assert_snapshot!(report);
    });
}

#[test]
fn every_diagnostic_has_a_help_line() {
    for path in std::fs::read_dir("tests/errors").unwrap() {
        let path = path.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let output = common::run_in(&mut session_for(&text), "test.game", &text);
        for error in output.errors {
            assert!(error.contains("help:"), "{}: {error}", path.display());
        }
    }
}

/// Ctrl-C during a long computation: the statement stops with a diagnostic, and so does the
/// rest of the request (a `:load` is stopped whole); the session goes on.
#[test]
fn a_cancelled_computation_is_reported() {
    let mut session = grundy::eval::Session::default();
    let flag = session.interrupt_flag();
    let pressing = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let source = "period(octal(\"0.007\"), 10000000)\n*1 + *2";
    let output = common::run_in(&mut session, "cancel.game", source);
    pressing.join().unwrap();
    assert_eq!(output.summary.exit_code(), 4);
    assert!(output.answers.is_empty(), "{:?}", output.answers);
    insta::assert_snapshot!(output.errors.join("\n"));
    let after = common::run_in(&mut session, "after.game", "*1 + *2");
    assert_eq!(after.answers, ["*3 — the player to move wins"]);
}
