//! Surveys of many heap games: the three-digit octal codes against a published table of
//! their periods, each game's values against the plain mex loop, a survey taken up again
//! from its file, the command line's `grundy survey`, and the diagnostics.

mod common;

use std::process::Command;

use common::{errors, eval};
use grundy::game::heap::{Code, HeapGame, naive_values};
use grundy::survey::{self, Job, Record, Status};

/// Periods and preperiods of octal games of up to three digits, from Czajka's table of the
/// games solved from their first 1000 values (github.com/tczajka/octal-games,
/// TrivialGames.md), which agrees with Flammenkamp's and Winning Ways' tables. That table
/// lists a game's values from the first heap it can move from, so a preperiod is the same
/// as grundy's only when d1 is odd (a heap of one may be taken): the others are compared by
/// their period.
const PUBLISHED: &[(&str, u64, u64)] = &[
    ("0.1", 2, 1),
    ("0.4", 52, 34),
    ("0.02", 0, 4),
    ("0.11", 3, 1),
    ("0.12", 1, 4),
    ("0.15", 1, 10),
    ("0.17", 33, 34),
    ("0.22", 0, 3),
    ("0.26", 0, 4),
    ("0.31", 3, 2),
    ("0.32", 1, 3),
    ("0.34", 7, 8),
    ("0.35", 1, 6),
    ("0.44", 141, 24),
    ("0.51", 1, 1),
    ("0.52", 4, 4),
    ("0.53", 11, 9),
    ("0.54", 3, 7),
    ("0.57", 1, 4),
    ("0.71", 3, 2),
    ("0.72", 1, 4),
    ("0.75", 1, 2),
    ("0.77", 71, 12),
    ("0.002", 0, 6),
    ("0.017", 14, 60),
    ("0.022", 0, 5),
    ("0.044", 211, 36),
    ("0.045", 187, 32),
    ("0.051", 47, 48),
    ("0.055", 258, 148),
    ("0.101", 4, 1),
    ("0.102", 1, 6),
    ("0.111", 4, 1),
    ("0.112", 1, 6),
    ("0.115", 1, 14),
    ("0.116", 139, 96),
    ("0.121", 4, 4),
    ("0.122", 1, 5),
    ("0.123", 5, 5),
    ("0.124", 122, 62),
    ("0.131", 4, 4),
    ("0.132", 1, 5),
    ("0.134", 60, 62),
    ("0.141", 14, 11),
    ("0.144", 4, 10),
    ("0.145", 3, 9),
    ("0.147", 3, 8),
    ("0.152", 2, 48),
    ("0.153", 16, 14),
    ("0.154", 4, 11),
    ("0.157", 1, 6),
    ("0.171", 12, 11),
    ("0.173", 21, 40),
    ("0.176", 24, 8),
    ("0.226", 20, 5),
    ("0.312", 5, 2),
    ("0.316", 4, 12),
    ("0.331", 4, 3),
    ("0.332", 1, 4),
    ("0.351", 1, 8),
    ("0.353", 4, 2),
    ("0.373", 2, 28),
    ("0.375", 37, 18),
    ("0.512", 3, 6),
    ("0.524", 1, 52),
    ("0.532", 7, 5),
    ("0.536", 1, 5),
    ("0.772", 8, 4),
];

fn survey_of(pattern: &str, to: u64) -> Vec<Record> {
    let jobs: Vec<Job> = survey::expand(pattern)
        .unwrap()
        .into_iter()
        .map(|game| Job {
            game,
            to,
            bytes: 1 << 28,
            work: u64::MAX,
        })
        .collect();
    survey::run_all(&jobs, 2)
}

#[test]
fn the_three_digit_codes_have_the_published_periods() {
    let records = survey_of("0.???", 3000);
    assert_eq!(records.len(), 511);
    for &(code, preperiod, period) in PUBLISHED {
        let record = records.iter().find(|r| r.game == code).expect(code);
        let Status::Proved {
            preperiod: found_preperiod,
            period: found_period,
            ..
        } = record.status
        else {
            panic!("{code}: {record:?}");
        };
        assert_eq!(found_period, period, "{code}");
        let d1 = Code::parse(code).unwrap().digit(1);
        if d1 % 2 == 1 {
            assert_eq!(found_preperiod, preperiod, "{code}");
        }
    }
    // Every game's first values are the plain mex loop's: none mismatched.
    assert!(
        records
            .iter()
            .all(|r| !matches!(r.status, Status::Mismatch { .. }) && r.rechecked > 0),
        "{:?}",
        records
            .iter()
            .find(|r| matches!(r.status, Status::Mismatch { .. }))
    );
}

#[test]
fn a_proved_period_holds_against_the_plain_mex_loop() {
    // Past the values that proved it: g(n) = g(fold(n)) for n up to 3000.
    for record in survey_of("0.1?", 3000) {
        if let Status::Proved {
            preperiod, period, ..
        } = record.status
        {
            let game = HeapGame::TakeBreak(Code::parse(&record.game).unwrap());
            let values = naive_values(&game, 3000).unwrap();
            for n in preperiod..=3000 {
                let folded = preperiod + (n - preperiod) % period;
                assert_eq!(
                    values[n as usize], values[folded as usize],
                    "{} at {n}",
                    record.game
                );
            }
        }
    }
}

#[test]
fn a_survey_prints_a_table_of_periods() {
    let table = eval("survey([\"0.77\", \"0.07\", \"0.007\"], 2000)");
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "survey of 0.77, 0.07, 0.007 to n = 2000: 3 games, 2 periodic, 1 open"
    );
    assert!(
        lines[3].starts_with("  0.77   periodic       71      12        8"),
        "{table}"
    );
    assert!(
        lines[4].starts_with("  0.07   periodic       53      34        9"),
        "{table}"
    );
    assert!(lines[5].starts_with("  0.007  open"), "{table}");
    // Folded after a screenful; `full` shows every game.
    let folded = eval("survey(\"0.??\", 100)");
    assert!(
        folded.contains("… 33 more games (`full survey(...)` shows them all)"),
        "{folded}"
    );
    assert!(!eval("full survey(\"0.??\", 100)").contains("more games"));
}

#[test]
fn a_survey_takes_up_where_its_file_left_off() {
    let dir = std::env::temp_dir().join(format!("grundy-surveys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.csv");
    let path = file.to_string_lossy();
    let first = eval(&format!("survey(\"0.1?\", 1000, \"{path}\")"));
    assert!(first.contains("records in"), "{first}");
    let again = eval(&format!("survey(\"0.??\", 1000, \"{path}\")"));
    assert!(again.contains("(8 read back from it)"), "{again}");
    assert_eq!(survey::read(&file).unwrap().len(), 63, "each game once");
    // Another bound is another survey: nothing is read back.
    let further = eval(&format!("survey(\"0.1?\", 2000, \"{path}\")"));
    assert!(!further.contains("read back"), "{further}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_command_line_surveys_too() {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["survey", "0.?7", "--to", "1000"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("survey of 0.?7 to n = 1000: 8 games"),
        "{text}"
    );
    let json = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["--json", "survey", "0.77", "--to", "1000"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["kind"], "survey");
    assert_eq!(value["records"][0]["game"], "0.77");
    assert_eq!(value["records"][0]["period"], 12);
    assert_eq!(value["records"][0]["preperiod"], 71);
}

#[test]
fn mistakes_are_diagnosed() {
    for (source, message) in [
        ("survey(\"1.?\", 100)", "`1.?` is no code of a survey"),
        ("survey(\"0.??????\", 100)", "a survey takes at most 65536"),
        ("survey(3, 100)", "a survey takes its games as codes"),
        ("survey(\"0.?\", -1)", "a survey's bound is a heap"),
        ("survey(\"0.?\", 10**9)", "the `heap` limit is"),
        (
            "survey(\"0.?\", 100, 7)",
            "a survey's file is named by a string",
        ),
        (
            "survey(\"0.?\", 100, \"/nonexistent-dir/s.csv\")",
            "the survey's file can't be written",
        ),
        ("survey(\"0.?\")", "`survey` takes 2 or 3 arguments"),
    ] {
        let error = errors(source);
        assert!(error.contains(message), "{source}:\n{error}");
    }
}
