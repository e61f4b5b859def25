//! The library's rulesets against naive peers (issue 34): `cargo bench --bench rulesets`.
//!
//! Each row asks grundy for the nimber of one position of a ruleset written in grundy (the
//! library's, std/*.game, or one written here), and asks the same of two naive peers that
//! play the same game the same way: benches/peers/naive.py under `python3` (a process, which
//! times its own computation) and benches/peers/naive.rs (compiled into this bench). grundy
//! runs in-process, a fresh `Session` a run, as `grundy run` runs a program. With
//! `GRUNDY_BASELINE=path/to/grundy`, the grundy binary of this build and the baseline binary
//! also run the program as a user would (`grundy eval`, the whole process), one after the
//! other, so that old and new are compared like for like.
//!
//! Every run checks that all of them agree on the value, and with the theory where it is
//! known. A row is three rounds, each running every contender in turn; the table shows the
//! medians. "memory" is what the session still holds at the end (counted by grundy's
//! allocator, as families.rs counts it) divided by the positions of the game the library
//! remembers (the naive peers' positions, which are the library's, except for Cram, whose
//! library remembers regions: cram_reference counts those). An argument keeps the rows
//! whose name contains it (`cargo bench --bench rulesets -- cram`).

mod cram_reference;
#[path = "peers/naive.rs"]
mod naive;
mod timing;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use grundy::eval::Session;
use grundy::game::heap::{Code, HeapGame, Sequence};
use timing::{median, nimber_of};

/// Rounds of each row: every contender runs once a round, in turn.
const ROUNDS: usize = 3;

/// A wall time this much above the CPU time it took means the run waited for a core.
const WAITED: f64 = 1.3;

/// A position of a ruleset, as each contender is asked for it.
struct Row {
    name: String,
    /// The grundy program: definitions, then `nimber(...)` last.
    program: String,
    /// The Python peer's ruleset and its argument, as JSON.
    python: (&'static str, String),
    rust: Box<dyn Fn() -> naive::Answer>,
    /// The value the theory gives, where it gives one.
    theory: Option<u64>,
    /// The positions the library remembers, where they are not the peers'.
    library_positions: Option<Box<dyn Fn() -> u64>>,
}

/// One run of one contender: its answer, wall and CPU seconds.
#[derive(Clone, Copy)]
struct Run {
    value: u64,
    wall: f64,
    cpu: f64,
}

/// What a row's rounds measured, one list per contender.
#[derive(Default)]
struct Measured {
    grundy: Vec<Run>,
    held: Vec<f64>,
    binary: Vec<Run>,
    baseline: Vec<Run>,
    python: Vec<Run>,
    rust: Vec<Run>,
    positions: u64,
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let keep = |row: &Row| filter.as_deref().is_none_or(|f| row.name.contains(f));
    let baseline = std::env::var_os("GRUNDY_BASELINE").map(|path| {
        let path = std::path::PathBuf::from(path);
        assert!(
            path.is_file(),
            "GRUNDY_BASELINE={} is no file",
            path.display()
        );
        path
    });
    let python = Command::new("python3").arg("--version").output().is_ok();
    println!("load average at the start: {}", load_average());
    let columns = if baseline.is_some() {
        "| ruleset | grundy s | grundy binary s | baseline s | CPython s | naive Rust s \
         | grundy vs CPython | grundy vs Rust | binary vs baseline | memory (bytes/position) \
         | positions |"
    } else {
        "| ruleset | grundy s | CPython s | naive Rust s | grundy vs CPython | grundy vs Rust \
         | memory (bytes/position) | positions |"
    };
    println!("{columns}");
    println!("{}", "|---".repeat(columns.matches(" |").count()) + "|");
    let mut waited = false;
    for row in rows().iter().filter(|row| keep(row)) {
        let measured = measure(row, baseline.as_deref(), python);
        let (line, row_waited) = table_row(row, &measured, baseline.is_some(), python);
        waited |= row_waited;
        println!("{line}");
    }
    if waited {
        println!(
            "\n† the median run's wall time was over {WAITED} times its CPU time: it waited for \
             a core (a busy machine); run the row again (`cargo bench --bench rulesets -- NAME`)."
        );
    }
    println!("load average at the end: {}", load_average());
}

/// Runs every contender of the row once a round, in turn, checking that they agree.
fn measure(row: &Row, baseline: Option<&Path>, python: bool) -> Measured {
    let mut measured = Measured::default();
    for round in 0..ROUNDS {
        let (run, held) = in_process(&row.program);
        measured.grundy.push(run);
        measured.held.push(held as f64);
        let agree = |who: &str, value: u64| {
            assert_eq!(
                value, run.value,
                "{}: {who} disagrees with grundy",
                row.name
            );
        };
        if let Some(expected) = row.theory {
            agree("the theory", expected);
        }
        let cpu = thread_cpu();
        let start = Instant::now();
        let (value, positions) = (row.rust)();
        let wall = start.elapsed().as_secs_f64();
        measured.rust.push(Run {
            value,
            wall,
            cpu: thread_cpu() - cpu,
        });
        agree("the naive Rust peer", value);
        measured.positions = positions as u64;
        if python {
            let (run, python_positions) = python_peer(row);
            agree("the Python peer", run.value);
            assert_eq!(
                python_positions, positions,
                "{}: the Python and Rust peers remember different positions",
                row.name
            );
            measured.python.push(run);
        }
        if let Some(baseline) = baseline {
            // New first in one round, old first in the next: neither always runs second.
            let binary = Path::new(env!("CARGO_BIN_EXE_grundy"));
            for old in [round % 2 == 1, round % 2 == 0] {
                let run = binary_run(if old { baseline } else { binary }, &row.program);
                if old {
                    agree("the baseline binary", run.value);
                    measured.baseline.push(run);
                } else {
                    agree("the grundy binary", run.value);
                    measured.binary.push(run);
                }
            }
        }
    }
    if let Some(count) = &row.library_positions {
        measured.positions = count();
    }
    measured
}

/// The row's line of the table, and whether a median run waited for a core.
fn table_row(row: &Row, m: &Measured, with_baseline: bool, python: bool) -> (String, bool) {
    let mut waited = false;
    let mut time = |runs: &[Run]| {
        let (wall, cpu) = medians(runs);
        let mark = if wall > WAITED * cpu { " †" } else { "" };
        waited |= !mark.is_empty();
        format!("{}{mark}", secs(wall))
    };
    let grundy = medians(&m.grundy).0;
    let mut cells = vec![format!("`{}`", row.name), time(&m.grundy)];
    if with_baseline {
        cells.push(time(&m.binary));
        cells.push(time(&m.baseline));
    }
    let python_cell = if python {
        time(&m.python)
    } else {
        "python3 not found".to_owned()
    };
    cells.push(python_cell);
    cells.push(time(&m.rust));
    cells.push(if python {
        faster(medians(&m.python).0 / grundy)
    } else {
        "-".to_owned()
    });
    cells.push(faster(medians(&m.rust).0 / grundy));
    if with_baseline {
        cells.push(faster(medians(&m.baseline).0 / medians(&m.binary).0));
    }
    let mut held = m.held.clone();
    cells.push(format!("{:.0}", median(&mut held) / m.positions as f64));
    cells.push(m.positions.to_string());
    (format!("| {} |", cells.join(" | ")), waited)
}

/// The rows: the library's rulesets at sizes grundy took 0.1 to 2 s for when the bench was
/// written (at commit d159022; the first two are the issue's, and quicker), and one family
/// written here.
fn rows() -> Vec<Row> {
    const STAIRCASE: [u8; 5] = [4, 3, 4, 3, 4];
    const MOORE: [u8; 5] = [6, 7, 8, 9, 10];
    const NIMBLE: [u8; 6] = [4, 6, 8, 10, 12, 14];
    const KAYLES_ROWS_START: [u8; 5] = [4, 5, 6, 7, 8];
    let grid = grid_graph(4, 5);
    let cycle = cycle_graph(24);
    let random = random_graph(24, 0.15, 34);
    let heads = "H".repeat(14);
    let nim_sum = |heaps: &mut dyn Iterator<Item = u64>| heaps.fold(0, |a, b| a ^ b);
    vec![
        Row {
            name: "node_kayles(grid_graph(4, 5))".into(),
            program: "nimber(node_kayles(grid_graph(4, 5)))".into(),
            python: ("node_kayles", json_graph(&grid)),
            rust: Box::new(move || naive::node_kayles(&grid)),
            theory: None,
            library_positions: None,
        },
        Row {
            name: "chomp_rectangle(6, 7)".into(),
            program: "nimber(chomp_rectangle(6, 7))".into(),
            python: ("chomp", list(&[7; 6])),
            rust: Box::new(|| naive::chomp(&[7; 6])),
            theory: None,
            library_positions: None,
        },
        Row {
            name: format!("staircase({})", list(&STAIRCASE)),
            program: format!("nimber(staircase({}))", list(&STAIRCASE)),
            python: ("staircase", list(&STAIRCASE)),
            rust: Box::new(|| naive::staircase(&STAIRCASE)),
            // Nim on the odd steps.
            theory: Some(nim_sum(&mut STAIRCASE.iter().step_by(2).map(|&x| x.into()))),
            library_positions: None,
        },
        Row {
            name: "cram(4, 6)".into(),
            program: "nimber(cram(4, 6))".into(),
            python: ("cram", "[4, 6]".into()),
            rust: Box::new(|| naive::cram(4, 6)),
            // Even × even: the second player mirrors through the centre.
            theory: Some(0),
            library_positions: Some(Box::new(|| {
                let mut library = cram_reference::CramReference::default();
                library.board(&["......"; 4].join("/"));
                (library.boards.len() + library.rows.len()) as u64
            })),
        },
        Row {
            name: format!("moore(2, {})", list(&MOORE)),
            program: format!("nimber(moore(2, {}))", list(&MOORE)),
            python: ("moore", format!("[2, {}]", list(&MOORE))),
            rust: Box::new(|| naive::moore(2, &MOORE)),
            theory: None,
            library_positions: None,
        },
        Row {
            name: format!("nimble({})", list(&NIMBLE)),
            program: format!("nimber(nimble({}))", list(&NIMBLE)),
            python: ("nimble", list(&NIMBLE)),
            rust: Box::new(|| naive::nimble(&NIMBLE)),
            // Nim, a coin on square n a heap of n.
            theory: Some(nim_sum(&mut NIMBLE.iter().map(|&x| x.into()))),
            library_positions: None,
        },
        Row {
            name: format!("turning_turtles_row(\"{heads}\")"),
            program: format!("nimber(turning_turtles_row(\"{heads}\"))"),
            python: ("turning_turtles_row", format!("\"{heads}\"")),
            rust: Box::new(move || naive::turning_turtles_row(&"H".repeat(14))),
            // A head on coin n is *n.
            theory: Some(nim_sum(&mut (1..=14))),
            library_positions: None,
        },
        Row {
            name: "node_kayles(cycle_graph(24))".into(),
            program: "nimber(node_kayles(cycle_graph(24)))".into(),
            python: ("node_kayles", json_graph(&cycle)),
            rust: Box::new(move || naive::node_kayles(&cycle)),
            // Every first move leaves a path of 21, which is Dawson's Chess.
            theory: Some(u64::from(dawsons_chess(21) == 0)),
            library_positions: None,
        },
        Row {
            name: "node_kayles(random graph: 24 vertices, p = 0.15, seed 34)".into(),
            program: format!("nimber(node_kayles({}))", grundy_graph(&random)),
            python: ("node_kayles", json_graph(&random)),
            rust: Box::new(move || naive::node_kayles(&random)),
            theory: None,
            library_positions: None,
        },
        Row {
            name: format!("kayles_rows({}) (written here)", list(&KAYLES_ROWS_START)),
            program: format!(
                "{KAYLES_ROWS}\nnimber(kayles_rows({}))",
                list(&KAYLES_ROWS_START)
            ),
            python: ("kayles_rows", list(&KAYLES_ROWS_START)),
            rust: Box::new(|| naive::kayles_rows(&KAYLES_ROWS_START)),
            // Each row is a heap of Kayles.
            theory: Some(nim_sum(
                &mut KAYLES_ROWS_START.iter().map(|&n| kayles(n.into())),
            )),
            library_positions: None,
        },
    ]
}

/// A family a user might write, stressing comprehensions and slices: Kayles on several rows
/// of pins, a move knocking down one pin or two side by side and maybe splitting a row in
/// two, the rows kept sorted and the empty ones dropped.
const KAYLES_ROWS: &str = "let kayles_rows(p) = < \
    kayles_rows(sort([x for x in p[:i] + [a, p[i] - k - a] + p[i + 1:] if x > 0])) \
    for i in 0..len(p) for k in 1..=2 if k <= p[i] for a in 0..=(p[i] - k) / 2 >";

/// Runs the program in a fresh session; its answer, times, and the bytes the session holds
/// at the end. The time includes dropping the session, as the peers' and the binaries' do
/// (what the memo holds is given back), and as families.rs times it.
fn in_process(program: &str) -> (Run, i64) {
    let before = grundy_alloc::Counts::now();
    let cpu = thread_cpu();
    let start = Instant::now();
    let mut session = Session::default();
    let value = nimber_of(&mut session, program);
    let held = grundy_alloc::Counts::held_since(before);
    drop(session);
    let wall = start.elapsed().as_secs_f64();
    let cpu = thread_cpu() - cpu;
    (Run { value, wall, cpu }, held)
}

/// Runs the program with a grundy binary, `grundy eval`, timing the whole process.
fn binary_run(binary: &Path, program: &str) -> Run {
    let cpu = children_cpu();
    let start = Instant::now();
    let output = Command::new(binary)
        .arg("eval")
        .arg(program)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", binary.display()));
    let wall = start.elapsed().as_secs_f64();
    let cpu = children_cpu() - cpu;
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{} eval failed: {stdout}{}",
        binary.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let value = last_number(&stdout, binary);
    Run { value, wall, cpu }
}

/// Runs the Python peer; its answer and times (its own, of the computation alone), and the
/// positions it remembered.
fn python_peer(row: &Row) -> (Run, usize) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/peers/naive.py");
    let (ruleset, argument) = &row.python;
    let output = Command::new("python3")
        .args([script, ruleset, argument])
        .output()
        .expect("python3");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}: the Python peer failed: {}",
        row.name,
        String::from_utf8_lossy(&output.stderr)
    );
    let fields: Vec<&str> = stdout.split_whitespace().collect();
    let [value, positions, wall, cpu] = fields[..] else {
        panic!("the Python peer printed {stdout:?}");
    };
    let number = |field: &str| -> f64 { field.parse().expect("a number") };
    let run = Run {
        value: value.parse().expect("a value"),
        wall: number(wall),
        cpu: number(cpu),
    };
    (run, positions.parse().expect("a count"))
}

/// The number on the last line a binary printed.
fn last_number(stdout: &str, binary: &Path) -> u64 {
    let line = stdout.lines().rev().find(|l| !l.trim().is_empty());
    line.and_then(|l| l.trim().parse().ok())
        .unwrap_or_else(|| panic!("{} printed {stdout:?}", binary.display()))
}

/// The seconds this thread has run on a core (Linux; 0 elsewhere, and no run is marked).
fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// The seconds the children waited for so far have run (user and system), from
/// /proc/self/stat in its clock ticks of 1/100 s.
fn children_cpu() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command's name, which is in brackets: cutime and cstime are
    // fields 16 and 17 of the whole line.
    let after_name = &stat[stat.rfind(')').map_or(0, |i| i + 1)..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (ticks(13), ticks(14)) {
        (Some(user), Some(system)) => (user + system) / 100.0,
        _ => 0.0,
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// The median wall and CPU seconds of the runs.
fn medians(runs: &[Run]) -> (f64, f64) {
    let mut wall: Vec<f64> = runs.iter().map(|r| r.wall).collect();
    let mut cpu: Vec<f64> = runs.iter().map(|r| r.cpu).collect();
    (median(&mut wall), median(&mut cpu))
}

/// Seconds, three figures: `0.134`, `1.75`, `0.00612`.
fn secs(s: f64) -> String {
    match s {
        s if s >= 10.0 => format!("{s:.1}"),
        s if s >= 1.0 => format!("{s:.2}"),
        s if s >= 0.1 => format!("{s:.3}"),
        s if s >= 0.01 => format!("{s:.4}"),
        s => format!("{s:.5}"),
    }
}

/// How a peer's time compares with grundy's, `peer / grundy`: `2.2× faster`, `22× slower`.
fn faster(ratio: f64) -> String {
    let figure = |r: f64| {
        if r >= 10.0 {
            format!("{r:.0}")
        } else {
            format!("{r:.1}")
        }
    };
    if ratio >= 1.0 {
        format!("{}× faster", figure(ratio))
    } else {
        format!("{}× slower", figure(1.0 / ratio))
    }
}

/// `grid_graph(m, n)` of std/node_kayles.game: vertex n·r + c is row r, column c.
fn grid_graph(m: usize, n: usize) -> Vec<Vec<usize>> {
    (0..m * n)
        .map(|v| {
            let (r, c) = (v / n, v % n);
            let mut beside = Vec::new();
            if r > 0 {
                beside.push(v - n);
            }
            if c > 0 {
                beside.push(v - 1);
            }
            if c + 1 < n {
                beside.push(v + 1);
            }
            if r + 1 < m {
                beside.push(v + n);
            }
            beside
        })
        .collect()
}

/// `cycle_graph(n)` of std/node_kayles.game.
fn cycle_graph(n: usize) -> Vec<Vec<usize>> {
    (0..n).map(|v| vec![(v + n - 1) % n, (v + 1) % n]).collect()
}

/// A graph on n vertices, each pair joined with probability p, drawn by SplitMix64 from
/// the seed: the same graph on every machine.
fn random_graph(n: usize, p: f64, seed: u64) -> Vec<Vec<usize>> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut graph = vec![Vec::new(); n];
    for u in 0..n {
        for v in u + 1..n {
            let uniform = (next() >> 11) as f64 / (1u64 << 53) as f64;
            if uniform < p {
                graph[u].push(v);
                graph[v].push(u);
            }
        }
    }
    graph
}

/// A graph as grundy writes it: a list of neighbour sets.
fn grundy_graph(graph: &[Vec<usize>]) -> String {
    let sets: Vec<String> = graph.iter().map(|n| format!("{{{}}}", items(n))).collect();
    format!("[{}]", sets.join(", "))
}

/// A graph as the Python peer reads it: a JSON list of neighbour lists.
fn json_graph(graph: &[Vec<usize>]) -> String {
    let lists: Vec<String> = graph.iter().map(|n| list(n)).collect();
    format!("[{}]", lists.join(", "))
}

/// A list as grundy, Python and JSON write it: `[4, 3, 4]`.
fn list(numbers: &[impl ToString]) -> String {
    format!("[{}]", items(numbers))
}

/// `4, 3, 4`
fn items(numbers: &[impl ToString]) -> String {
    let numbers: Vec<String> = numbers.iter().map(ToString::to_string).collect();
    numbers.join(", ")
}

/// Kayles' value of a row of n pins, from the heap engine.
fn kayles(n: u64) -> u64 {
    heap_value("0.77", n)
}

/// Dawson's Chess (octal 0.137), Node Kayles on a path of n vertices.
fn dawsons_chess(n: u64) -> u64 {
    heap_value("0.137", n)
}

fn heap_value(code: &str, n: u64) -> u64 {
    let mut table = Sequence::new(HeapGame::TakeBreak(Code::parse(code).expect("a code")));
    let values = table.values_to(n, &mut |_, _| true).expect("the values");
    u64::from(values[n as usize])
}
