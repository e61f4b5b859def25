//! Random well-formed programs over the whole language (tests/generated/program.rs), each run
//! through the real binary under small limits and an address-space cap: every one must end in
//! answers or diagnostics — no panic, abort, stack overflow or signal, no hang, and no process
//! past its `memory` limit (its peak resident memory, read while it runs, within a tenth).
//!
//! The run is bounded by time, not by count: `GRUNDY_GENERATED_SECONDS` (default 60) on two
//! workers. Each run starts from a new seed, printed on failure with the failing programs,
//! which are also saved under `target/generated-failures/`; `GRUNDY_GENERATED_SEED=N` replays
//! a run from its seed.

mod common;
#[path = "generated/program.rs"]
mod program;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::high_water_mark;

/// Loops long enough to build big values, with little memory: whatever grows with the input
/// must be counted against the `memory` limit to stop in time.
const TIGHT: &[&str] = &[
    "steps=30000000",
    "heap=50000",
    "options=1000000",
    "nodes=1000000",
    "memory=128000000",
    "search=100000000",
];

/// Far above what the limits allow a program to hold (64 or 128 MB of games, tables and
/// values, and the stack of 2^20 nested calls at most); a process that reaches it fails its
/// next allocation and aborts, which is a finding.
const ADDRESS_SPACE_KIB: u64 = 2 << 20;

/// A tighter cap for some runs, as a course server might set: grundy must then stop at what
/// the address space allows, with a diagnostic, rather than abort when the system refuses.
const TIGHT_ADDRESS_SPACE_KIB: u64 = 400_000;

/// The peak resident memory a run may reach, beyond its `memory` limit: a tenth.
const SLACK: u64 = 10;

/// A program still running after this long has hung: under these limits each takes well
/// under a second.
const HANG: Duration = Duration::from_secs(60);

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[test]
fn generated_programs_end_in_answers_or_diagnostics() {
    let seconds = env_number("GRUNDY_GENERATED_SECONDS").unwrap_or(60);
    let seed = env_number("GRUNDY_GENERATED_SEED").unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map(|d| d.as_nanos() as u64).unwrap_or(1)
    });
    let dir = std::env::temp_dir().join(format!("grundy-generated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Programs write their pictures here; `fifo.svg` is a named pipe nobody reads.
    let fifo = dir.join("fifo.svg");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(
        made.is_ok_and(|status| status.success()),
        "mkfifo {}",
        fifo.display()
    );
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let next = AtomicU64::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while Instant::now() < deadline {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let program_seed = seed.wrapping_add(index);
                    if let Err(why) = run_one(&dir, program_seed) {
                        failures.lock().unwrap().push((program_seed, why));
                    }
                }
            });
        }
    });
    let ran = next.load(Ordering::Relaxed);
    let failures = failures.into_inner().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    if failures.is_empty() {
        println!("{ran} generated programs from seed {seed}: all ended well");
        return;
    }
    let saved = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated-failures");
    std::fs::create_dir_all(&saved).unwrap();
    let mut report = format!(
        "{} of {ran} generated programs from seed {seed} failed \
         (GRUNDY_GENERATED_SEED={seed} replays the run):\n",
        failures.len()
    );
    for (program_seed, why) in &failures {
        let path = saved.join(format!("{program_seed}.game"));
        std::fs::write(&path, program::program(*program_seed)).unwrap();
        report += &format!("\n--- {} ---\n{why}\n", path.display());
    }
    panic!("{report}");
}

/// Runs the program of this seed one of three ways, and says what went wrong, if anything.
fn run_one(dir: &Path, seed: u64) -> Result<(), String> {
    let text = program::program(seed);
    if std::env::var_os("GRUNDY_GENERATED_SHOW").is_some() {
        eprintln!("--- {seed}\n{text}");
    }
    let file = dir.join(format!("{seed}.game"));
    std::fs::write(&file, &text).unwrap();
    let mode: &[&str] = match seed % 8 {
        0 => &["check"],
        1 => &["--json", "run"],
        _ => &["run"],
    };
    let limits = if seed % 4 == 3 { TIGHT } else { program::SMALL };
    let address_space = if seed % 4 == 1 {
        TIGHT_ADDRESS_SPACE_KIB
    } else {
        ADDRESS_SPACE_KIB
    };
    let memory: u64 = limits
        .iter()
        .find_map(|l| l.strip_prefix("memory="))
        .and_then(|m| m.parse().ok())
        .expect("a memory limit");
    let (stdout_path, stderr_path) = (file.with_extension("out"), file.with_extension("err"));
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {address_space} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_grundy"));
    for limit in limits {
        command.args(["--limit", limit]);
    }
    let mut child = command
        .args(mode)
        .arg(&file)
        .env("NO_COLOR", "1")
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).unwrap())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut peak = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        peak = peak.max(high_water_mark(child.id()));
        if started.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {HANG:?}:\n{text}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stderr = read(&stderr_path);
    for path in [&file, &stdout_path, &stderr_path] {
        let _ = std::fs::remove_file(path);
    }
    let code = status.code();
    let bad = !matches!(code, Some(0..=4))
        || ["panicked", "overflowed", "memory allocation"]
            .iter()
            .any(|word| stderr.contains(word));
    if peak > memory + memory / SLACK {
        return Err(format!(
            "{mode:?} {limits:?}: peak memory {} MiB past the limit of {} MiB\n{text}",
            peak >> 20,
            memory >> 20
        ));
    }
    if bad {
        let chars: Vec<char> = stderr.chars().collect();
        let tail: String = chars[chars.len().saturating_sub(2000)..].iter().collect();
        return Err(format!(
            "{mode:?} {limits:?} exit {code:?}\n{text}\nstderr: …{tail}"
        ));
    }
    Ok(())
}

fn read(path: &PathBuf) -> String {
    String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned()
}
