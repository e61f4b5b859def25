//! The binary as a user runs it: commands, exit codes, standard input, files that go wrong.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn eval_prints_the_value_and_the_winner() {
    let output = grundy(&["eval", "*5 + #7"], "");
    assert_eq!(stdout(&output), "*6 — the player to move wins\n");
    assert_eq!(output.status.code(), Some(0));
    let output = grundy(&["eval", "let G = <*0, *1, *1>; G == *2; *5 + *5"], "");
    assert_eq!(stdout(&output), "true\n0 — the player to move loses\n");
    // A statement may start with a minus sign, as docs/language.md's examples do.
    let output = grundy(&["eval", "-7 / 2 == -4"], "");
    assert_eq!(stdout(&output), "true\n", "{}", stderr(&output));
}

/// `--misere` answers every statement in misère play, before or after the command.
#[test]
fn misere_is_a_global_flag() {
    let output = grundy(&["--misere", "eval", "*1 + *1 is winning"], "");
    assert_eq!(
        stdout(&output),
        "true (misère play)\n",
        "{}",
        stderr(&output)
    );
    let output = grundy(&["eval", "--misere", "*1 + *1 + *1 is losing"], "");
    assert_eq!(
        stdout(&output),
        "true (misère play)\n",
        "{}",
        stderr(&output)
    );
    let output = grundy(&["--misere", "run", "-"], "assert *1 is winning\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("(in misère play)"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["eval", "*1 + *1 is winning"], "");
    assert_eq!(stdout(&output), "false\n");
}

#[test]
fn run_passes_the_examples() {
    for example in [
        "examples/seeds.game",
        "examples/homework.game",
        "examples/families.game",
    ] {
        let output = grundy(&["run", example], "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{example}: {}",
            stderr(&output)
        );
        // Nothing but the summary, which counts every assert of the worksheet.
        let text = std::fs::read_to_string(example).unwrap();
        let asserts = text
            .lines()
            .filter(|l| l.trim_start().starts_with("assert "))
            .count();
        assert!(asserts > 5, "{example}");
        assert_eq!(
            stderr(&output),
            format!("{example}: {asserts} asserts held\n")
        );
    }
}

/// `--help` shows, beside `-q`, the summary `-q` leaves out: the one grundy prints.
#[test]
fn the_summary_in_the_help_is_the_one_printed() {
    let help = stdout(&grundy(&["--help"], ""));
    let shown = help
        .lines()
        .filter(|line| line.contains("asserts held"))
        .find_map(|line| line.split_once("(`")?.1.split_once("`)"))
        .map(|(summary, _)| summary)
        .expect("an example summary in --help");
    let (file, _) = shown.split_once(": ").unwrap();
    let output = grundy(&["run", &format!("examples/{file}")], "");
    assert_eq!(stderr(&output), format!("examples/{shown}\n"));
}

/// After each file of `grundy run`, one line on stderr says how it went; `-q` silences it.
#[test]
fn a_run_ends_with_a_summary_of_each_file() {
    let summary = |args: &[&str], stdin: &str| {
        let output = grundy(args, stdin);
        let text = stderr(&output);
        text.lines()
            .filter(|line| !line.starts_with([' ', '×']) && line.contains(": "))
            .filter(|line| !line.contains("grundy::"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        summary(&["run", "tests/errors/assert_failed.game"], ""),
        ["tests/errors/assert_failed.game: 5 of 6 asserts failed"]
    );
    assert_eq!(
        summary(
            &["run", "examples/homework.game", "examples/proofs.game"],
            ""
        ),
        [
            "examples/homework.game: 16 asserts held",
            "examples/proofs.game: 42 statements ran, no asserts"
        ]
    );
    assert_eq!(
        summary(&["run", "tests/errors/syntax_several_statements.game"], ""),
        ["tests/errors/syntax_several_statements.game: 3 syntax errors, so nothing ran"]
    );
    assert_eq!(
        summary(
            &["run", "-"],
            "assert *1 == *1\n*1 + 2\nassert 2 ^ 3 == 1\n"
        ),
        ["<stdin>: 2 asserts held; 1 runtime error; 1 warning"]
    );
    assert_eq!(
        summary(&["run", "-"], "// nothing yet\n"),
        ["<stdin>: nothing to run"]
    );
    // Silenced, and not printed where no file runs as a worksheet.
    for (args, stdin) in [
        (&["run", "-q", "tests/errors/assert_failed.game"][..], ""),
        (&["--quiet", "run", "examples/homework.game"], ""),
        (&["eval", "assert *1 == *1"], ""),
        (&["check", "examples/homework.game"], ""),
        (&[], "assert *1 == *1\n"),
    ] {
        assert_eq!(summary(args, stdin), Vec::<String>::new(), "{args:?}");
    }
    let quiet = grundy(&["run", "-q", "tests/errors/assert_failed.game"], "");
    assert_eq!(quiet.status.code(), Some(1), "-q changes no exit code");
    assert_eq!(stderr(&quiet).matches("assertion failed").count(), 5);
}

#[test]
fn every_failed_assert_is_reported_and_the_exit_code_is_1() {
    let output = grundy(&["run", "tests/errors/assert_failed.game"], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output).matches("assertion failed").count(), 5);
    assert!(
        stderr(&output).contains("assert_failed.game:5:8"),
        "file, line and column"
    );
}

#[test]
fn exit_codes_tell_what_went_wrong() {
    assert_eq!(
        grundy(&["eval", "*1 +* +"], "").status.code(),
        Some(3),
        "syntax"
    );
    assert_eq!(
        grundy(&["eval", "nimbr(*1)"], "").status.code(),
        Some(3),
        "name"
    );
    assert_eq!(
        grundy(&["eval", "*1 + 2"], "").status.code(),
        Some(4),
        "runtime"
    );
    assert_eq!(
        grundy(&["eval", "assert *1 is losing"], "").status.code(),
        Some(1),
        "assert"
    );
    assert_eq!(
        grundy(&["run", "no/such/file.game"], "").status.code(),
        Some(2),
        "missing file"
    );
    assert_eq!(grundy(&["frobnicate"], "").status.code(), Some(2), "usage");
}

#[test]
fn files_that_are_not_scripts_get_a_message() {
    let output = grundy(&["run", "tests"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("is a directory"));

    let dir = std::env::temp_dir().join(format!("grundy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("binary.game");
    std::fs::write(&binary, b"*1 + \xff\xfe").unwrap();
    let output = grundy(&["run", binary.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("not UTF-8"), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn piped_input_runs_as_a_script_without_a_prompt() {
    let output = grundy(&[], "let G = <*0, *1>\nG + *1\nassert G == *2\n");
    assert_eq!(stdout(&output), "*3 — the player to move wins\n");
    assert_eq!(output.status.code(), Some(0));
    let output = grundy(&["run", "-"], "*25 + *21 + *11\n");
    assert_eq!(stdout(&output), "*7 — the player to move wins\n");
}

/// Piped input runs as the REPL would: its `:commands` too, where they stand, with the lines
/// of what comes after them counted in the whole input.
#[test]
fn piped_input_runs_the_repls_commands() {
    let input = "let G = <*0, *1>\n:vars\n:set limit steps=100\n:set\n\
                 let f(n) = if n == 0 then 0 else <f(n - 1)>\nf(500)\nG + *1\n";
    let output = grundy(&[], input);
    let (out, err) = (stdout(&output), stderr(&output));
    assert!(out.starts_with("G = *2\n"), "{out}");
    assert!(out.contains("limit depth=1048576 steps=100 "), "{out}");
    assert!(out.ends_with("*3 — the player to move wins\n"), "{out}");
    // The limit set by `:set` stopped `f(500)`, on the line the input has it on.
    assert!(err.contains("the `steps` limit (100)"), "{err}");
    assert!(err.contains("<stdin>:5:"), "{err}");
    assert_eq!(output.status.code(), Some(4));
    // A command that fails is an error, as a command line that can't be understood is.
    let output = grundy(&[], ":bogus\n*1\n:set limit memory=2GiB\n:set\n");
    assert!(stderr(&output).contains("unknown command `:bogus`"));
    assert!(
        stdout(&output).contains("memory=2GiB"),
        "{}",
        stdout(&output)
    );
    assert_eq!(output.status.code(), Some(2));
    // `quit` ends the input; nothing after it runs.
    let output = grundy(&[], "*1\nquit\n*1 + 2\n");
    assert_eq!(stdout(&output), "*1 — the player to move wins\n");
    assert_eq!(output.status.code(), Some(0));
}

/// `memory` (and `source`) take the units memory advice speaks in; counts take none.
#[test]
fn memory_limits_take_units() {
    for setting in [
        "memory=2GiB",
        "memory=20MB",
        "memory=512 MiB",
        "source=1MiB",
    ] {
        let output = grundy(&["--limit", setting, "eval", "*1 + *2"], "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{setting}: {}",
            stderr(&output)
        );
    }
    let output = grundy(&["--limit", "steps=2GiB", "eval", "1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("a count, not bytes"),
        "{}",
        stderr(&output)
    );
    // What a memo table past the limit advises is said in MiB, and is read back.
    let program = "let f(n, m) = if n == 0 then m else f(n - 1, m) + 1\n\
                   sum(f(k, k) for k in 0..300000)";
    let output = grundy(&["--limit", "memory=20MB", "eval", program], "");
    let text = stderr(&output);
    assert!(
        text.contains("what families remember is too large"),
        "{text}"
    );
    // The help is wrapped to the width: read it as one line.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let advice = text
        .split("`--limit ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("advice to raise the limit");
    assert!(
        advice.starts_with("memory=") && advice.ends_with("MiB"),
        "{advice}"
    );
    let output = grundy(&["--limit", advice, "eval", "*1"], "");
    assert_eq!(output.status.code(), Some(0), "{advice}");
}

#[test]
fn diagnostics_go_to_stderr_without_colour_when_asked() {
    let output = grundy(&["eval", "*3 + 2"], "");
    let text = stderr(&output);
    assert!(
        text.contains("help: for the sum with a heap of 2 chips write `*3 + *2`"),
        "{text}"
    );
    assert!(!text.contains('\u{1b}'), "no escape codes with NO_COLOR");
    assert!(stdout(&output).is_empty());
}

#[test]
fn json_gives_one_object_per_statement() {
    let output = grundy(
        &[
            "--json",
            "eval",
            "let G = <*0, *2>; G + *3; why *3 == *4; moves *25 + *21 + *11; *1 + 2",
        ],
        "",
    );
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "{}", stdout(&output));
    assert_eq!(lines[0]["kind"], "definition");
    assert_eq!(lines[1]["kind"], "game");
    assert_eq!(lines[1]["nimber"], 2);
    assert_eq!(lines[1]["outcome"], "winning");
    assert_eq!(lines[2]["kind"], "why");
    assert_eq!(lines[2]["holds"], false);
    assert_eq!(lines[3]["kind"], "moves");
    assert_eq!(
        lines[3]["moves"][0]["move"],
        "*21 → *18: remove 3 chips from the pile of 21"
    );
    assert_eq!(lines[3]["moves"][0]["nimber"], 0);
    assert_eq!(lines[4]["kind"], "error");
    assert_eq!(lines[4]["code"], "grundy::types::mismatch");
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stderr(&output).is_empty(),
        "with --json errors go to stdout too"
    );

    let run = grundy(&["run", "--json", "tests/errors/assert_failed.game"], "");
    let objects: Vec<serde_json::Value> = stdout(&run)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 7, "one per statement, then the summary");
    let failed: Vec<_> = objects.iter().filter(|o| o["holds"] == false).collect();
    assert_eq!(failed.len(), 5);
    assert!(failed.iter().all(|o| o["kind"] == "assert"));
    // `assert *1 + *2 == *4`: both sides' values, where the statement is, and why.
    assert_eq!(failed[0]["line"], 2);
    assert_eq!(failed[0]["column"], 1);
    assert_eq!(failed[0]["source"], "assert *1 + *2 == *4");
    assert_eq!(failed[0]["claim"], "==");
    assert_eq!(failed[0]["left"]["nimber"], 3);
    assert_eq!(failed[0]["right"]["nimber"], 4);
    assert_eq!(failed[0]["labels"][1]["label"], "this is *4");
    assert_eq!(failed[0]["labels"][1]["column"], 19);
    // `assert *5 + *5 is winning`: the game's value and outcome.
    assert_eq!(failed[1]["claim"], "is winning");
    assert_eq!(failed[1]["left"]["outcome"], "losing");
    assert_eq!(failed[1]["right"], serde_json::Value::Null);
    let held = objects.iter().find(|o| o["holds"] == true).unwrap();
    assert_eq!(held["source"], "assert *1 + *2 + *3 is losing");
    assert_eq!(held["left"]["nimber"], 0);
    let summary = &objects[6];
    assert_eq!(summary["kind"], "summary");
    assert_eq!(
        (&summary["held"], &summary["failed"]),
        (&1.into(), &5.into())
    );
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).is_empty());
    let quiet = grundy(
        &["run", "--json", "-q", "tests/errors/assert_failed.game"],
        "",
    );
    assert_eq!(stdout(&quiet).lines().count(), 6, "no summary with -q");
}

/// Files that can't be read and command lines that can't be understood are JSON objects
/// too, with the exit codes they have without `--json`.
#[test]
fn json_reports_files_and_command_lines_that_go_wrong() {
    let object = |args: &[&str]| {
        let output = grundy(args, "");
        assert!(stderr(&output).is_empty(), "{args:?}: {}", stderr(&output));
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let printed = stdout(&output);
        assert_eq!(printed.lines().count(), 1, "{args:?}: {printed}");
        serde_json::from_str::<serde_json::Value>(&printed).unwrap()
    };
    let missing = object(&["--json", "run", "no/such/file.game"]);
    assert_eq!(missing["kind"], "error");
    assert_eq!(missing["code"], "grundy::io::read");
    assert_eq!(missing["file"], "no/such/file.game");
    assert_eq!(
        object(&["--json", "check", "tests"])["code"],
        "grundy::io::directory"
    );
    let unknown = object(&["--json", "frobnicate"]);
    assert_eq!(unknown["code"], "grundy::usage");
    assert_eq!(unknown["message"], "unrecognized subcommand 'frobnicate'");
    assert_eq!(unknown["file"], serde_json::Value::Null);
    // `--json` is read wherever it is, even after what clap could not understand.
    let flag = object(&["run", "--frobnicate", "x.game", "--json"]);
    assert!(
        flag["message"].as_str().unwrap().contains("--frobnicate"),
        "{flag}"
    );
    let limit = object(&["--json", "--limit", "heap=lots", "eval", "1"]);
    assert_eq!(limit["code"], "grundy::usage");
    assert!(
        limit["message"]
            .as_str()
            .unwrap()
            .starts_with("--limit heap=lots")
    );
    // Without `--json`, clap's own message; `--help` is text even with it.
    let output = grundy(&["frobnicate"], "");
    assert!(stderr(&output).starts_with("error: unrecognized subcommand"));
    let help = grundy(&["--json", "--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("Usage: grundy"));
}

#[test]
fn limits_can_be_raised_or_lowered() {
    let output = grundy(&["--limit", "heap=1000", "eval", "sub(5000, {2000})"], "");
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stderr(&output).contains("to allow more, run grundy with `--limit heap=10000`"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["--limit", "heap=10000", "eval", "sub(5000, {2000})"], "");
    assert_eq!(stdout(&output), "0 — the player to move loses\n");
    // The advice raises a limit as far as the statement needs, not just tenfold.
    let output = grundy(&["eval", "<*k for k in 0..10**9>"], "");
    assert!(
        stderr(&output).contains("options=1000000000`"),
        "{}",
        stderr(&output)
    );
    // The DAG keeps every game with its options, and the options are held while they are
    // listed: 20 options and 21 games pass 1 000 bytes.
    let many = (1..=20)
        .map(|n| format!("*{n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let output = grundy(
        &["--limit", "memory=1000", "eval", &format!("<{many}>")],
        "",
    );
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stderr(&output).contains("this is the `memory` limit (1000)"),
        "{}",
        stderr(&output)
    );
    // A subtraction game's table takes four bytes a value: 4 000 bytes hold 1 000.
    let output = grundy(&["--limit", "memory=4000", "eval", "sub(5000, {2000})"], "");
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stderr(&output).contains("the `memory` limit (4000)"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["--limit", "depht=3", "eval", "1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .contains("the limits are depth, steps, nodes, heap, options, memory, search")
    );
}

#[test]
fn check_parses_and_resolves_without_running() {
    let output = grundy(&["check", "examples/seeds.game", "examples/heaps.game"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).is_empty(),
        "nothing runs: {}",
        stdout(&output)
    );
    // A failing assert is not checked, a misspelt name is.
    let output = grundy(&["check", "tests/errors/assert_failed.game"], "");
    assert_eq!(output.status.code(), Some(0));
    let output = grundy(&["check", "tests/errors/unknown_name.game"], "");
    assert_eq!(output.status.code(), Some(3));
    assert!(
        stderr(&output).contains("grundy::name::unknown"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["check", "no/such/file.game"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let output = grundy(&["completions", shell], "");
        assert_eq!(output.status.code(), Some(0));
        let script = stdout(&output);
        assert!(
            script.contains("grundy") && script.contains("check"),
            "{shell}: {script}"
        );
    }
    let output = grundy(&["completions", "tcsh"], "");
    assert_eq!(
        output.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

#[test]
fn colour_is_chosen_on_the_command_line() {
    let always = grundy(&["--color", "always", "eval", "*3 + 2"], "");
    assert!(
        stderr(&always).contains("\x1b["),
        "always: {}",
        stderr(&always)
    );
    let never = grundy(&["--color", "never", "eval", "*3 + 2"], "");
    assert!(!stderr(&never).contains("\x1b["));
    // Not a terminal: no colour by default.
    let auto = grundy(&["eval", "*3 + 2"], "");
    assert!(!stderr(&auto).contains("\x1b["));
}

#[test]
fn no_graphics_narrates_diagnostics() {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["eval", "*3 + 2"])
        .env("NO_GRAPHICS", "1")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stderr).unwrap();
    assert!(text.contains("Diagnostic severity: error"), "{text}");
    assert!(!text.contains('╭'), "{text}");
    assert_eq!(output.status.code(), Some(4));
}

/// The JSON a tool reads, and the exit code of each kind of outcome, as golden files.
#[test]
fn golden_json_and_exit_codes() {
    let json = grundy(
        &[
            "--json",
            "eval",
            "let G = <*0, *1, *1>\nG == *2\nmoves *11 + *13\nassert G == *3\n*3 + 2",
        ],
        "",
    );
    insta::assert_snapshot!("json_statements", stdout(&json));
    let mut codes = String::new();
    for (what, args) in [
        ("success", vec!["eval", "*1 + *2 == *3"]),
        ("failed assert", vec!["eval", "assert *1 == *2"]),
        ("usage error", vec!["frobnicate"]),
        ("unreadable file", vec!["run", "no/such/file.game"]),
        ("syntax error", vec!["eval", "*1 +* == "]),
        ("unknown name", vec!["eval", "kayle(5)"]),
        ("runtime error", vec!["eval", "*3 + 2"]),
    ] {
        let output = grundy(&args, "");
        codes.push_str(&format!("{what}: {:?}\n", output.status.code()));
    }
    insta::assert_snapshot!("exit_codes", codes);
}

/// `grundy ... | head`: a reader that stops early ends grundy quietly, never with a panic,
/// and not with 0: the rest was never run or seen (`| head` once hid a failed assert).
#[test]
fn a_reader_that_goes_away_ends_the_program_quietly() {
    use std::io::Read;
    for args in [
        &["eval", "full seq(kayles, 0..200000)"][..],
        &["--json", "eval", "seq(kayles, 0..200000)"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // More than a pipe holds is printed, so grundy is still writing when the pipe closes.
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(stderr(&output).is_empty(), "{args:?}: {}", stderr(&output));
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

/// `why full` folds only past 64 levels, and says so rather than pointing to itself.
#[test]
fn why_full_says_what_it_still_folds() {
    let chain = "let S(n) = if n == 0 then 0 else <S(n-1)>";
    let output = grundy(&["eval", &format!("{chain}; why S(10)")], "");
    assert!(
        stdout(&output).ends_with("(deeper steps are folded; `why full ...` shows them all)\n")
    );
    let output = grundy(&["eval", &format!("{chain}; why full S(30)")], "");
    assert!(!stdout(&output).contains("folded"), "{}", stdout(&output));
    assert!(stdout(&output).contains("mex{1} = 0, so S(2) ≡ 0"));
    let output = grundy(&["eval", &format!("{chain}; why full S(100)")], "");
    let printed = stdout(&output);
    assert!(
        printed.ends_with("(some steps are folded even by `why full`, which stops at 64 levels)\n"),
        "{printed}"
    );
}

/// A heap with thousands of winning moves lists a screenful and counts the rest; `--json`
/// gives them all, for other tools.
#[test]
fn many_winning_moves_are_counted_past_a_screenful() {
    let output = grundy(&["eval", "moves kayles(2000)"], "");
    let printed = stdout(&output);
    assert_eq!(printed.lines().count(), 32, "{printed}");
    assert!(
        printed
            .ends_with("  … 131 more winning moves (`moves full kayles(2000)` lists every one)\n"),
        "{printed}"
    );
    let output = grundy(&["--json", "eval", "moves kayles(2000)"], "");
    let listing: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(listing["moves"].as_array().unwrap().len(), 161);
    // A move in one part of a sum says what the whole game becomes, once.
    let output = grundy(&["eval", "moves dawson(30) + kayles(10)"], "");
    let first = stdout(&output).lines().nth(1).unwrap().to_owned();
    assert_eq!(
        first,
        "  dawson(30) → dawson(6) + dawson(22): knock down 2 pins, leaving rows of 6 and 22; \
         the game is then dawson(6) + dawson(22) + kayles(10) ≡ 0"
    );
}

/// A queen far along one edge: a strip of two rows answers, where the square table would
/// need 10^12 squares. Row 1 repeats with period 3 and saltus 3: g(1, 3k + 1) = 3k + 2.
#[test]
fn a_queen_far_along_an_edge_is_answered_from_a_strip() {
    let output = grundy(
        &["eval", "wythoff(10**6, 1); wythoff(1, 10**6) == *1000001"],
        "",
    );
    assert_eq!(
        stdout(&output),
        "*1000001 — the player to move wins\ntrue\n",
        "{}",
        stderr(&output)
    );
}

/// Ctrl-C (SIGINT) stops `grundy eval` with the documented exit code 4 and a diagnostic,
/// not by the signal.
#[test]
fn ctrl_c_ends_eval_with_exit_code_4() {
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["eval", r#"period(octal("0.007"), 10000000)"#])
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(4), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("grundy::cancelled"),
        "{}",
        stderr(&output)
    );
}

/// Output that is not a terminal is never wrapped: each line whole, for files and programs.
#[test]
fn output_to_a_pipe_is_not_wrapped() {
    let output = grundy(&["eval", r#"why octal("0.007", 2000)"#], "");
    assert!(
        stdout(&output)
            .lines()
            .any(|line| line.chars().count() > 120),
        "{}",
        stdout(&output)
    );
}

/// Small diagnostics a student meets: the words are right and the advice can be followed.
#[test]
fn small_slips_get_the_right_words() {
    let output = grundy(&["eval", "kayles 5"], "");
    assert!(
        stderr(&output).contains("arguments go in brackets: `kayles(5)`"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["eval", "1 is losing"], "");
    assert!(
        stderr(&output).contains("for the nim heap of 1 chip write `*1`"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["eval", "wythoff(10**9, 10**9)"], "");
    assert!(
        stderr(&output).contains("more memory than any machine has"),
        "{}",
        stderr(&output)
    );
    assert!(
        !stderr(&output).contains("--limit memory"),
        "{}",
        stderr(&output)
    );
}

/// `grundy eval '*1' >&-`: with standard output closed, the answer can't be printed, which
/// is an I/O error (2), not a success; output sent to /dev/null on purpose is a success.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_an_error() {
    let run = |redirect: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" eval '*1' {redirect}"))
            .arg(env!("CARGO_BIN_EXE_grundy"))
            .output()
            .unwrap()
    };
    let closed = run(">&-");
    assert_eq!(closed.status.code(), Some(2));
    assert!(stderr(&closed).contains("standard output: it is closed"));
    let discarded = run(">/dev/null");
    assert_eq!(discarded.status.code(), Some(0), "{}", stderr(&discarded));
}
