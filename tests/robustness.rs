//! Nothing a user types crashes grundy: adversarial programs (very deep, very long, very
//! large) and awkward files each end in an answer or a diagnostic, never a panic, an abort
//! (exit code 101, a signal) or a stack overflow; and the whole error corpus is run the same
//! way through the real binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `grundy run FILE` and checks that it ended as a program should.
fn run_file(path: &Path) -> Output {
    run_with(path, &[])
}

/// The same with command-line options, such as `--limit`.
fn run_with(path: &Path, options: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(options)
        .arg("run")
        .arg(path)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code();
    assert!(
        matches!(code, Some(0..=4)),
        "{}: exit {code:?} (a signal, or an abort)\n{stderr}",
        path.display()
    );
    assert!(!stderr.contains("panicked"), "{}: {stderr}", path.display());
    assert!(
        !stderr.contains("overflowed"),
        "{}: {stderr}",
        path.display()
    );
    output
}

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn deep_nesting_is_a_diagnostic() {
    // Each with the column of the bracket or prefix operator that opens the 1001st level.
    for (name, text, column) in [
        (
            "games",
            format!("{}{}", "<".repeat(100_000), ">".repeat(100_000)),
            1001,
        ),
        (
            "parens",
            format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000)),
            1001,
        ),
        ("negations", format!("{}1", "-".repeat(100_000)), 1001),
        ("heaps", format!("{}1", "*".repeat(100_000)), 1001),
        ("operand", format!("1 + {}1", "-".repeat(100_000)), 1005),
        (
            "mixed",
            format!("{}{}1{}", "(".repeat(600), "-".repeat(600), ")".repeat(600)),
            1001,
        ),
        (
            "sets",
            format!("{}{}", "{".repeat(100_000), "}".repeat(100_000)),
            1001,
        ),
    ] {
        let output = run_file(&scratch(&format!("deep-{name}.game"), text.as_bytes()));
        assert_eq!(output.status.code(), Some(3), "{name}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("nested too deeply"),
            "{name}: {}",
            stderr(&output)
        );
        // The report shows the spot where the limit is passed, not a line of 200 000
        // characters.
        assert!(
            stderr(&output).contains(&format!("deep-{name}.game:1:{column}")),
            "{name}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).lines().all(|l| l.chars().count() < 200),
            "{name}"
        );
    }
}

/// Clauses of one element are not brackets: tens of thousands of them, unbracketed, are
/// evaluated, as `check` already accepted them.
#[test]
fn many_clauses_in_one_element_evaluate() {
    for (name, text, answer) in [
        (
            "fors",
            format!("<*0{}>", " for a in 0..1".repeat(20_000)),
            "*1 — the player to move wins",
        ),
        (
            "ifs",
            format!("<*0{}>", " if true".repeat(30_000)),
            "*1 — the player to move wins",
        ),
        (
            "set",
            format!("mex{{0{}}}", " for a in {1}".repeat(20_000)),
            "1",
        ),
    ] {
        let output = run_file(&scratch(&format!("{name}.game"), text.as_bytes()));
        assert_eq!(
            stdout(&output).trim(),
            answer,
            "{name}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn long_sums_and_long_lines_evaluate() {
    let terms = vec!["*1"; 100_000].join(" + ");
    let output = run_file(&scratch("long-sum.game", terms.as_bytes()));
    assert_eq!(stdout(&output), "0 — the player to move loses\n");
    // A line of a megabyte, with a mistake at its very end.
    let line = format!("{}*3 + 2\n", "*1 + ".repeat(200_000));
    assert!(line.len() > 1_000_000);
    let output = run_file(&scratch("megabyte.game", line.as_bytes()));
    assert_eq!(output.status.code(), Some(4));
    let report = stderr(&output);
    assert!(report.contains("megabyte.game:1:1000006"), "{report}");
    assert!(report.lines().all(|l| l.chars().count() < 200), "{report}");
}

#[test]
fn a_number_a_megabyte_long_gets_a_short_report() {
    let text = format!("*{}\n", "9".repeat(1_000_000));
    let output = run_file(&scratch("huge-number.game", text.as_bytes()));
    assert_eq!(output.status.code(), Some(3));
    let report = stderr(&output);
    assert!(
        report.contains("number too large: 999999999999…999999999999 (1000000 characters)"),
        "{report}"
    );
    assert!(report.contains("this does not fit in 64 bits"), "{report}");
    assert!(report.len() < 1000, "{} bytes of report", report.len());
}

#[test]
fn a_name_megabytes_long_gets_a_short_report() {
    for (file, text) in [
        ("long-name.game", "x".repeat(3_000_000)),
        ("long-comment.game", format!("#{}", "y".repeat(4_000_000))),
    ] {
        let output = run_file(&scratch(file, format!("{text}\n").as_bytes()));
        assert_eq!(output.status.code(), Some(3));
        let report = stderr(&output);
        let name = &text.trim_start_matches('#')[..60];
        assert!(
            report.contains(&format!("unknown name `{name}…`")),
            "{report}"
        );
        assert!(report.contains("1 name error, so nothing ran"), "{report}");
        assert!(report.len() < 2000, "{} bytes of report", report.len());
    }
}

#[test]
fn thousands_of_errors_show_the_first_fifty_and_count_the_rest() {
    let colons = ":\n".repeat(200_000);
    let path = scratch("colons.game", colons.as_bytes());
    let output = run_file(&path);
    assert_eq!(output.status.code(), Some(3));
    let report = stderr(&output);
    assert_eq!(report.matches("grundy::syntax::expected").count(), 50);
    assert!(
        report.contains("… and 199950 more syntax errors"),
        "{report}"
    );
    assert!(
        report.contains("200000 syntax errors, so nothing ran"),
        "{report}"
    );
    assert!(report.len() < 30_000, "{} bytes of report", report.len());

    let json = run_with(&path, &["--json"]);
    let objects: Vec<serde_json::Value> = stdout(&json)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 52);
    assert_eq!(objects[50]["code"], "grundy::errors::more");
    assert_eq!(objects[50]["line"], 51);
    assert_eq!(objects[51]["syntax_errors"], 200_000);

    let names = "undefined\n".repeat(60);
    let output = run_file(&scratch("names.game", names.as_bytes()));
    let report = stderr(&output);
    assert_eq!(report.matches("grundy::name::unknown").count(), 50);
    assert!(report.contains("… and 10 more name errors"), "{report}");
    assert!(
        report.contains("60 name errors, so nothing ran"),
        "{report}"
    );
}

#[test]
fn a_family_a_million_calls_deep_evaluates() {
    let text = "let D(n) = if n == 0 then 0 else <D(n - 1)>\nD(1000000) == D(999998)\n";
    let output = run_file(&scratch("deep-family.game", text.as_bytes()));
    assert_eq!(stdout(&output), "true\n", "{}", stderr(&output));
    // Past the depth limit it is a diagnostic naming the limit (a low one, to be quick).
    let text = "let D(n) = if n == 0 then 0 else <D(n - 1)>\nD(20000)\n";
    let path = scratch("too-deep-family.game", text.as_bytes());
    let output = run_with(&path, &["--limit", "depth=10000"]);
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stderr(&output).contains("--limit depth="),
        "{}",
        stderr(&output)
    );
}

#[test]
fn loops_and_huge_numbers_are_diagnostics() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "loop",
            "let f(n) = <g(n)>\nlet g(n) = <f(n)>\nf(3)",
            "f(3) → g(3) → f(3)",
        ),
        ("overflow", "9223372036854775807 + 1", "overflow"),
        ("power", "2 ** 64", "overflow"),
        ("literal", "99999999999999999999", "too large"),
        ("heap", "*(10**18) + *(10**18) == 0", ""),
        ("options", "options *(10**18)", "more options"),
        ("range", "{n for n in 0..10**18}", "limit"),
        ("queen", "wythoff(2**20, 2**20)", "the `memory` limit"),
        // Thin, but one column of its million rows looks at more options than `search`.
        ("wide strip", "wythoff(10**6, 10**9)", "the `search` limit"),
        (
            "farther queen",
            "wythoff(2**40, 2**40)",
            "more memory than any machine",
        ),
        // Thin: its strip's period answers it and its options.
        (
            "far queen",
            "options wythoff(9223372036854775807, 3)",
            "more options",
        ),
        (
            "grundy",
            "grundy_game(9223372036854775807)",
            "the `heap` limit",
        ),
        ("three heaps", "hex(\"0.8\", 10**12)", "the `heap` limit"),
    ];
    for &(name, text, expected) in cases {
        let output = run_file(&scratch(&format!("{name}.game"), text.as_bytes()));
        let printed = format!("{}{}", stdout(&output), stderr(&output));
        assert!(printed.contains(expected), "{name}: {printed}");
    }
}

/// A builtin that goes through a long picture, list or string counts its work in steps (an
/// edge of a picture, 64 elements of a list), so a loop repeating it stops at the `steps`
/// limit rather than running for hours (a generated program once spent minutes on 22 000
/// stalks of 10^5 edges).
#[test]
fn builtins_repeated_in_loops_count_their_work_as_steps() {
    let cases: &[(&str, &str)] = &[
        ("stalks", "<stalk(10**5) for i in 0..10**6>"),
        (
            "pictures",
            "let s = \"g-a \" * 10**4\n[hackenbush(s) for i in 0..10**6]",
        ),
        (
            "sorts",
            "let p = [k for k in 0..10**5]\n[sort(p) for i in 0..10**6]",
        ),
        (
            "joins",
            "let p = [k for k in 0..10**5]\n[len(p + p) for i in 0..10**6]",
        ),
        (
            "slices",
            "let s = \"ab\" * 10**5\n[s[1:] for i in 0..10**6]",
        ),
        (
            "members",
            "let p = [k for k in 0..10**5]\n[-1 in p for i in 0..10**6]",
        ),
    ];
    for &(name, text) in cases {
        let path = scratch(&format!("repeated-{name}.game"), text.as_bytes());
        let output = run_with(&path, &["--limit", "steps=1000000"]);
        let printed = stderr(&output);
        assert!(
            printed.contains("more steps than the `steps` limit (1000000)"),
            "{name}: {printed}"
        );
        assert_eq!(output.status.code(), Some(4), "{name}");
    }
}

/// A queen far along a thin strip is answered by the period the strip's rows prove, either
/// way round, and `why` cites it; a strip stopped by a limit says which, and how far it got.
/// `why full` of a heap game of 185 755 options: each game a proof derives may be surveyed
/// through as many options again, far more work than its 20 000 lines show. The proof folds
/// deeper when its options read pass what its lines allow, rather than running for hours (a
/// generated program did). Run with a watchdog, so that the old behaviour fails, not hangs.
#[test]
fn a_full_proof_reads_options_within_its_room() {
    let path = scratch("full-hex.game", b"why full hex(\"0.718\", 1493)\n");
    // Into a file, not a pipe the test would have to read meanwhile.
    let out = path.with_extension("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["--limit", "options=1000000", "--limit", "nodes=1000000"])
        .arg("run")
        .arg(&path)
        .env("NO_COLOR", "1")
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("`why full` still running after two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let printed = std::fs::read_to_string(&out).unwrap();
    assert!(printed.contains("hex(\"0.718\", 1493) ≡ *1"), "{printed}");
    assert!(printed.contains("so `why full` shows"), "{printed}");
}

#[test]
fn thin_wythoff_positions_are_answered_by_their_period() {
    let text = "wythoff(10**18, 3) == wythoff(3, 10**18)\n\
                wythoff(10**9, 2) == wythoff(2, 10**9)\n\
                nimber(wythoff(10**9, 2)) == nimber(wythoff(2, 10**9 - 3)) + 3\n\
                why wythoff(10**9, 2)";
    let output = run_file(&scratch("thin-queen.game", text.as_bytes()));
    let printed = stdout(&output);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{printed}{}",
        stderr(&output)
    );
    assert!(printed.starts_with("true\ntrue\ntrue\n"), "{printed}");
    assert!(printed.contains("(additive periodicity"), "{printed}");
    assert!(
        printed.contains("rows 0 to 3 gain 6 every 6 columns"),
        "{printed}"
    );

    let path = scratch("wider-queen.game", b"wythoff(10**9, 40)");
    let output = run_with(&path, &["--limit", "search=100000"]);
    let printed = stderr(&output);
    assert_eq!(output.status.code(), Some(4), "{printed}");
    assert!(printed.contains("columns filled"), "{printed}");
    assert!(printed.contains("`--limit search=1000000`"), "{printed}");
    let output = run_with(&path, &["--limit", "memory=100000"]);
    let printed = stderr(&output);
    assert!(printed.contains("this is the `memory` limit"), "{printed}");
}

/// The `memory` limit raised as far as it goes: a table no machine could address is still
/// refused, with no advice to raise the limit further.
#[test]
fn tables_beyond_any_machine_are_refused_whatever_the_limit() {
    let path = scratch("far-queen.game", b"wythoff(10**18, 10**18)");
    let output = run_with(&path, &["--limit", "memory=18446744073709551615"]);
    assert_eq!(output.status.code(), Some(4));
    let printed = stderr(&output);
    assert!(printed.contains("no limit allows it"), "{printed}");
    assert!(!printed.contains("--limit"), "{printed}");
}

/// Under a low `memory` limit, what grows with the input is a diagnostic saying what was
/// being built, and the statements after it still run with the definitions before it. Each
/// case fits in a few dozen MB, so it would print its answer if nothing were charged.
#[test]
fn what_grows_with_the_input_is_charged_to_the_memory_limit() {
    let names: String = (0..24)
        .map(|k| format!("let A{k} = {{a + {k} for a in 0..100000}}\n"))
        .collect();
    // A graph that fits, and a list of its vertices' names, which does not beside it.
    let moves: Vec<String> = (0..100_000).map(|v| format!("v{v}>v{}", v + 1)).collect();
    let path_graph = format!(
        "let P = digraph(\"{}\")\nlen([v for v in vertices(P) for k in 0..20])",
        moves.join(" ")
    );
    // Each with the limit it passes: 24 MB, with grundy's own pages (about 7 MB in a test
    // build), or more where what is built first must fit.
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "options",
            "<*1 for a in 0..1000 for b in 0..2000>",
            "this game's list of options is too large",
            "24000000",
        ),
        (
            "set",
            "mex{a * 100000 + b for a in 0..1000 for b in 0..2000}",
            "this set is too large",
            "24000000",
        ),
        (
            "memo",
            "let f(n) = n\nall(f(n) >= 0 for n in 0..10000000)",
            "what families remember is too large",
            "24000000",
        ),
        // Calls of three arguments are kept in the hash table, not a dense one.
        (
            "memo of three",
            "let f(a, b, c) = 1\nlet g(a) = mex{f(a, b, 0) for b in 0..1000}\nmex{g(a) for a in 0..300}",
            "what families remember is too large",
            "24000000",
        ),
        // Each set alone fits, not all of them: values of names are charged as long as
        // the names hold them.
        ("names", &names, "this set is too large", "24000000"),
        (
            "table",
            "let F(n) = *n\nseq(F, 0..2000000)",
            "this table is too large",
            "24000000",
        ),
        // The inner lists are charged too, not only the outer list's slots.
        (
            "list of lists",
            "let F(n) = [[k, k + 1] for k in 0..n]\nlen(F(400000))",
            "this list is too large",
            "24000000",
        ),
        (
            "vertices",
            &path_graph,
            "this list is too large",
            "64000000",
        ),
    ];
    for &(name, text, expected, limit) in cases {
        let text = format!("let G = <*0, *1>\n{text}\nG + *1\n");
        let path = scratch(&format!("memory-{name}.game"), text.as_bytes());
        let output = run_with(&path, &["--limit", &format!("memory={limit}")]);
        let report = stderr(&output)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let short: String = report.chars().take(2000).collect();
        assert_eq!(output.status.code(), Some(4), "{name}: {short}");
        assert!(report.contains(expected), "{name}: {short}");
        let advice = format!(
            "this is the `memory` limit ({limit}); to allow more, run grundy with `--limit memory="
        );
        assert!(report.contains(&advice), "{name}: {short}");
        assert!(
            stdout(&output).ends_with("*3 — the player to move wins\n"),
            "{name}: {}",
            stdout(&output)
        );
    }
}

/// A program is read only up to the `source` limit, from a file, a pipe, standard input or a
/// device without end, and the report says how large it was.
#[test]
fn programs_past_the_source_limit_are_refused_unread() {
    let text = "*1 + *2\n".repeat(250);
    let path = scratch("two-thousand.game", text.as_bytes());
    let output = run_with(&path, &["--limit", "source=1000"]);
    assert_eq!(output.status.code(), Some(2));
    let report = stderr(&output);
    assert!(
        report.contains("two-thousand.game is too large to read: 2000 bytes"),
        "{report}"
    );
    assert!(
        report.contains("this is the `source` limit (1000); to allow more, run grundy with `--limit source=2000`"),
        "{report}"
    );
    let output = run_with(&path, &["--limit", "source=2000"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // Standard input and devices have no size to ask: read one byte past the limit.
    let piped = |args: &[&str], input: &[u8]| {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // It may stop reading early: a broken pipe is its business.
        let _ = child.stdin.take().unwrap().write_all(input);
        child.wait_with_output().unwrap()
    };
    for args in [
        &["--limit", "source=1000", "run", "-"][..],
        &["--limit", "source=1000"],
        &["--limit", "source=1000", "check", "-"],
    ] {
        let output = piped(args, text.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("<stdin> is too large to read: more than 1000 bytes"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let output = piped(&["run", "/dev/stdin"], b"*1 + *2\n");
    assert_eq!(stdout(&output), "*3 — the player to move wins\n");
    let zeros = [
        run_with(Path::new("/dev/zero"), &[]),
        piped(&["check", "/dev/zero"], b""),
    ];
    for output in zeros {
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains("/dev/zero is too large to read: more than 4194304 bytes"),
            "{}",
            stderr(&output)
        );
    }
    // A program handed over whole, not read from a file, keeps to the limit too.
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["--limit", "source=1000", "eval", &"*1 + *2; ".repeat(200)])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4));
    let report = stderr(&output);
    assert!(report.contains("this program is too large"), "{report}");
    assert!(report.contains("it is 1800 bytes long"), "{report}");
    assert!(report.contains("source=10000`"), "{report}");
}

#[test]
fn awkward_files_get_a_proper_message() {
    let output = run_file(&scratch("empty.game", b""));
    assert_eq!(
        (output.status.code(), stdout(&output)),
        (Some(0), String::new())
    );
    let crlf = b"let G = <*0,\r\n  *1>\r\nG == *2\r\n*3 +\t2\r\n";
    let output = run_file(&scratch("crlf.game", crlf));
    assert_eq!(stdout(&output), "true\n");
    assert!(
        stderr(&output).contains("crlf.game:4:6"),
        "{}",
        stderr(&output)
    );
    let output = run_file(&scratch("bom.game", b"\xef\xbb\xbf*1 + *2\n"));
    assert_eq!(
        stdout(&output),
        "*3 — the player to move wins\n",
        "{}",
        stderr(&output)
    );
    let output = run_file(&scratch("tabs.game", b"\tlet G =\t*3\n\t\tG +\t*1\n"));
    assert_eq!(stdout(&output), "*2 — the player to move wins\n");
    let output = run_file(&scratch("latin1.game", b"*1 + *2 // caf\xe9\n"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("is not UTF-8 text"),
        "{}",
        stderr(&output)
    );
    let directory = std::env::temp_dir();
    let output = run_file(&directory);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("is a directory"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_whole_error_corpus_ends_in_diagnostics() {
    let mut count = 0;
    for entry in std::fs::read_dir("tests/errors").unwrap() {
        let path = entry.unwrap().path();
        // A program may ask for low limits (`// limit: search=2000000`) to fail quickly.
        let text = std::fs::read_to_string(&path).unwrap();
        let limits: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("// limit: "))
            .flat_map(|setting| ["--limit", setting])
            .collect();
        let output = run_with(&path, &limits);
        let code = output.status.code();
        let warning_only = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("warning");
        assert!(
            warning_only || code != Some(0),
            "{} should fail: {}",
            path.display(),
            stdout(&output)
        );
        count += 1;
    }
    assert!(count > 40, "{count} programs in the corpus");
}

/// What a terminal would act on rather than show: control characters other than the line
/// feed, DEL, the C1 controls, and the marks that reorder a line (bidi overrides).
fn acted_on(c: char) -> bool {
    (c < ' ' && c != '\n')
        || ('\x7f'..='\u{9f}').contains(&c)
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A shared file full of escape sequences can't retitle the window, clear the screen or
/// reorder its own errors: whatever grundy prints of it, answers, diagnostics (drawn,
/// narrated or JSON), summaries and file names, shows them escaped.
#[test]
fn control_characters_never_reach_the_terminal() {
    let hostile = "\x1b]0;PWNED\x07\x1b[2J\0\x08\x7f\u{9b}\u{202e}\u{2066}\r";
    let program = format!(
        "let G(n) = <G(k) for k in 0..n if \"{hostile}\" != \"\">\n\
         \"{hostile}\"\nwhy G(2) == *2\ntree G(2)\nmoves G(3) + *1\n\
         \"{hostile}\" + *1\nhackenbush(\"g-a{hostile}\")\n"
    );
    // A file name holds anything but NUL and `/`.
    let name = hostile.replace('\0', "");
    let path = scratch(&format!("{name}.game"), program.as_bytes());
    let syntax = scratch("syntax.game", format!("*1 + {hostile}").as_bytes());
    let missing = path.with_file_name(format!("{name}missing.game"));
    for options in [&[][..], &["--json"], &["--color", "always"]] {
        for file in [&path, &syntax, &missing] {
            let output = run_with(file, options);
            let printed = stdout(&output) + &stderr(&output);
            // Colour is grundy's own escape sequence: `ESC [ ... m` only.
            let printed = strip_colour(&printed);
            let bad = printed.chars().find(|&c| acted_on(c));
            assert_eq!(bad, None, "{options:?} {}:\n{printed}", file.display());
            if options != ["--json"] {
                assert!(printed.contains("\\x1b"), "{printed}");
            }
        }
    }
    let narrated = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("check")
        .arg(&syntax)
        .env("NO_GRAPHICS", "1")
        .output()
        .unwrap();
    let printed = stderr(&narrated);
    assert_eq!(printed.chars().find(|&c| acted_on(c)), None, "{printed}");
    assert!(printed.contains("found `\\x1b`"), "{printed}");
    assert!(
        printed.contains("\\0\\x08\\x7f\\u{9b}\\u{202e}"),
        "{printed}"
    );
}

/// The text without the colour sequences `ESC [ digits ; ... m`.
fn strip_colour(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\x1b[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find(|c: char| !(c.is_ascii_digit() || c == ';'));
        match end {
            Some(end) if after[end..].starts_with('m') => rest = &after[end + 1..],
            _ => {
                out.push_str("\x1b[");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A list of lists passing the `memory` limit inside a family body: the diagnostic names the
/// outer list, which holds the memory, not the small inner list being built when it passed
/// (which held nothing yet).
#[test]
fn a_list_of_lists_too_large_is_named_as_the_whole_list() {
    let program = "let F(n) = [[k, k + 1] for k in 0..n]\nlen(F(400000))\n";
    let path = scratch("memory-list-of-lists.game", program.as_bytes());
    let output = run_with(&path, &["--limit", "memory=24000000"]);
    let report = stderr(&output);
    assert!(report.contains("this list is too large"), "{report}");
    assert!(report.contains(":1:12]"), "{report}");
    assert!(report.contains("elements listed so far"), "{report}");
    assert!(!report.contains(" 0 elements listed"), "{report}");
}

/// A sum of three piles of 2^63 - 1 has more moves than a u64 counts: `moves all` lists the
/// first of them rather than overflowing the count.
#[test]
fn moves_of_a_sum_of_the_largest_piles_are_listed() {
    let path = scratch(
        "largest-piles.game",
        b"moves all *9223372036854775807 + nim(9223372036854775807, 9223372036854775807)\n",
    );
    let output = run_with(&path, &["--limit", "steps=100000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("← wins"), "{}", stdout(&output));
}
