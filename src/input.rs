//! Reading a program's text: a file, a pipe or standard input, never more of it than the
//! `source` limit allows (`/dev/zero` has no end), and at the REPL's `:load` only a regular
//! file (opening a named pipe with no writer would wait for ever).

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

use crate::eval::limits::raise_here;
use crate::output::Failure;
use crate::source::line_column;
use crate::syntax::PARSE_BYTES;

/// Where a program is read for, which says what may be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reader {
    /// `grundy run`, `grundy check`: anything a shell can give, `grundy run <(echo '*1')`.
    CommandLine,
    /// The REPL's `:load`: regular files only.
    Prompt,
}

/// A program's name and text, at most `limit` bytes of it; `-` is standard input.
pub fn read_source(path: &Path, limit: u64, reader: Reader) -> Result<(String, String), Failure> {
    if path == Path::new("-") {
        let name = "<stdin>";
        let bytes = read_bounded(std::io::stdin().lock(), limit).map_err(|e| {
            failure(
                name,
                "grundy::io::read",
                format!("can't read standard input: {e}"),
            )
        })?;
        return text(name, bytes, limit, reader);
    }
    let name = path.display().to_string();
    let can_not_read = |e: std::io::Error| Failure {
        help: Some(match e.kind() {
            std::io::ErrorKind::NotFound if path.is_absolute() => {
                "there is nothing at that path: check its spelling".to_owned()
            }
            std::io::ErrorKind::NotFound => {
                "a relative path is read from the directory grundy runs in: check its spelling \
                 there"
                    .to_owned()
            }
            std::io::ErrorKind::PermissionDenied => {
                "grundy may not read it: check its permissions (`ls -l`)".to_owned()
            }
            _ => "check that the file is there and can be read".to_owned(),
        }),
        ..failure(&name, "grundy::io::read", format!("can't read {name}: {e}"))
    };
    // `metadata` does not open the file, so it does not wait on a pipe.
    let metadata = std::fs::metadata(path).map_err(can_not_read)?;
    if metadata.is_dir() {
        let message = format!("{name} is a directory, not a .game file");
        return Err(Failure {
            help: Some(format!(
                "name a file in it, e.g. `{}`",
                path.join("worksheet.game").display()
            )),
            ..failure(&name, "grundy::io::directory", message)
        });
    }
    if reader == Reader::Prompt && !metadata.is_file() {
        return Err(Failure {
            help: Some(format!(
                "`:load` reads files; to run what it gives, type `grundy run {name}` in a shell"
            )),
            ..failure(
                &name,
                "grundy::io::not_a_file",
                format!("{name} is {}, not a file", kind_of_path(&metadata)),
            )
        });
    }
    if metadata.is_file() && metadata.len() > limit {
        return Err(too_large(&name, Some(metadata.len()), limit, reader));
    }
    let bytes = File::open(path)
        .and_then(|file| read_bounded(file, limit))
        .map_err(can_not_read)?;
    text(&name, bytes, limit, reader)
}

/// Up to `limit` bytes and one more, to tell whether there were more.
fn read_bounded(from: impl Read, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    from.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The bytes as text, if they are within the limit and UTF-8.
fn text(
    name: &str,
    bytes: Vec<u8>,
    limit: u64,
    reader: Reader,
) -> Result<(String, String), Failure> {
    if bytes.len() as u64 > limit {
        return Err(too_large(name, None, limit, reader));
    }
    String::from_utf8(bytes)
        .map(|text| (name.to_owned(), text))
        .map_err(|e| {
            let valid = e.utf8_error().valid_up_to();
            // What comes before the bad byte is text: it says where the byte is.
            let before = std::str::from_utf8(&e.as_bytes()[..valid]).unwrap_or_default();
            let (line, column) = line_column(before, valid);
            let message = format!(
                "{name} is not UTF-8 text (an invalid byte at line {line}, column {column}, \
                 offset {valid})"
            );
            Failure {
                place: Some((line, column)),
                help: Some(
                    "a program is text in UTF-8: save it so from the editor (or convert it, \
                     `iconv -t UTF-8`)"
                        .to_owned(),
                ),
                ..failure(name, "grundy::io::not_utf8", message)
            }
        })
}

/// A program past the `source` limit: its size if known (a pipe's is not).
fn too_large(name: &str, size: Option<u64>, limit: u64, reader: Reader) -> Failure {
    let (size, enough) = match size {
        Some(size) => (format!("{size} bytes"), size),
        None => (format!("more than {limit} bytes"), limit.saturating_mul(2)),
    };
    let raise = raise_here(reader == Reader::Prompt, "source", limit, enough);
    Failure {
        help: Some(format!(
            "a program is parsed whole, which takes up to about {PARSE_BYTES} bytes of memory \
             for each byte of it; {raise}"
        )),
        ..failure(
            name,
            "grundy::io::too_large",
            format!("{name} is too large to read: {size}"),
        )
    }
}

fn failure(file: &str, code: &'static str, message: String) -> Failure {
    Failure {
        code,
        file: Some(file.to_owned()),
        place: None,
        message,
        help: None,
    }
}

/// What a path that is not a regular file is: `a named pipe`.
#[cfg(unix)]
pub fn kind_of_path(metadata: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = metadata.file_type();
    if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a named pipe"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
pub fn kind_of_path(metadata: &Metadata) -> &'static str {
    match metadata.is_dir() {
        true => "a folder",
        false => "a special file",
    }
}
