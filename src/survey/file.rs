//! A survey's file: one CSV row a game, written as each game is done, so that a survey run
//! again on the same file takes up where it stopped (a game cancelled by Ctrl-C is done
//! again; every other row stands).

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

use super::job::{Record, Status, Stop};

const HEADER: [&str; 15] = [
    "game",
    "to",
    "status",
    "preperiod",
    "period",
    "checked_to",
    "longest_period",
    "stopped",
    "computed",
    "largest",
    "engine",
    "rare",
    "rechecked",
    "seconds",
    "bytes",
];

/// The row of a record.
pub fn row(record: &Record) -> Vec<String> {
    let fields = record.status.fields();
    let number = |n: Option<u64>| n.map_or(String::new(), |n| n.to_string());
    // A mismatch's heap stands in the `stopped` column.
    let stopped = match (fields.stopped, fields.mismatch_at) {
        (Some(stop), _) => stop.word().to_owned(),
        (None, heap) => number(heap),
    };
    vec![
        record.game.clone(),
        record.to.to_string(),
        fields.word.to_owned(),
        number(fields.preperiod),
        number(fields.period),
        number(fields.checked_to),
        number(fields.longest_period),
        stopped,
        record.computed.to_string(),
        record.largest.to_string(),
        record.engine.clone(),
        record.rare.map_or(String::new(), |r| r.to_string()),
        record.rechecked.to_string(),
        format!("{}.{:03}", record.millis / 1000, record.millis % 1000),
        record.bytes.to_string(),
    ]
}

/// The record a row holds, if it is one this version wrote.
fn record(row: &csv::StringRecord) -> Option<Record> {
    let field = |i: usize| row.get(i).unwrap_or("");
    let number = |i: usize| field(i).parse::<u64>().ok();
    let status = match field(2) {
        "periodic" => Status::Proved {
            preperiod: number(3)?,
            period: number(4)?,
            checked_to: number(5)?,
        },
        "open" => Status::Open {
            longest_period: number(6)?,
            stopped: Stop::from_word(field(7))?,
        },
        "values only" => Status::NoTheorem {
            stopped: Stop::from_word(field(7))?,
        },
        "mismatch" => Status::Mismatch { heap: number(7)? },
        _ => return None,
    };
    Some(Record {
        game: field(0).to_owned(),
        to: number(1)?,
        status,
        computed: number(8)?,
        largest: field(9).parse().ok()?,
        engine: field(10).to_owned(),
        rare: number(11),
        rechecked: number(12)?,
        millis: (field(13).parse::<f64>().ok()? * 1000.0).round() as u64,
        bytes: number(14)?,
    })
}

/// The records a file holds (none if it does not exist yet), but those Ctrl-C cut short.
pub fn read(path: &Path) -> io::Result<Vec<Record>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error),
    };
    let mut reader = csv::Reader::from_reader(file);
    let header = reader.headers().map_err(io::Error::other)?;
    if header.iter().ne(HEADER) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("its first line is not a survey's: {}", HEADER.join(",")),
        ));
    }
    let mut records = Vec::new();
    for row in reader.records() {
        let row = row.map_err(io::Error::other)?;
        match record(&row) {
            Some(record) if !cancelled(&record) => records.push(record),
            Some(_) => {}
            None => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "a row is not a survey's record: {}",
                        row.iter().collect::<Vec<_>>().join(",")
                    ),
                ));
            }
        }
    }
    Ok(records)
}

fn cancelled(record: &Record) -> bool {
    matches!(
        record.status,
        Status::Open {
            stopped: Stop::Cancelled,
            ..
        } | Status::NoTheorem {
            stopped: Stop::Cancelled
        }
    )
}

/// Appends records to a survey's file, with the header first in a new file.
pub struct Writer {
    writer: csv::Writer<File>,
}

impl Writer {
    pub fn open(path: &Path) -> io::Result<Writer> {
        let fresh = std::fs::metadata(path).map_or(true, |m| m.len() == 0);
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(file);
        if fresh {
            writer.write_record(HEADER).map_err(io::Error::other)?;
        }
        writer.flush()?;
        Ok(Writer { writer })
    }

    /// Writes a record at once (flushed), so that it stands whatever happens next.
    pub fn write(&mut self, record: &Record) -> io::Result<()> {
        self.writer
            .write_record(row(record))
            .map_err(io::Error::other)?;
        self.writer.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(status: Status) -> Record {
        Record {
            game: "octal(\"0.137\")".into(),
            to: 1000,
            status,
            computed: 120,
            largest: 7,
            engine: "periodic".into(),
            rare: None,
            rechecked: 120,
            millis: 250,
            bytes: 4096,
        }
    }

    #[test]
    fn records_come_back_as_written_but_the_cancelled() {
        let dir = std::env::temp_dir().join(format!("grundy-survey-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.csv");
        let _ = std::fs::remove_file(&path);
        let kept = [
            record(Status::Proved {
                preperiod: 53,
                period: 34,
                checked_to: 142,
            }),
            record(Status::Open {
                longest_period: 50,
                stopped: Stop::Work,
            }),
        ];
        let cut = record(Status::Open {
            longest_period: 3,
            stopped: Stop::Cancelled,
        });
        let mut writer = Writer::open(&path).unwrap();
        for r in kept.iter().chain([&cut]) {
            writer.write(r).unwrap();
        }
        drop(writer);
        // Opened again, it appends without a second header.
        Writer::open(&path).unwrap();
        assert_eq!(read(&path).unwrap(), kept.to_vec());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
