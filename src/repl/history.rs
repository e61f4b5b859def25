//! Where the REPL keeps its history, checked before the REPL starts: rustyline rewrites the
//! whole file after each entry, so a file that is not a history (a worksheet given to
//! `--history-file` by mistake) must never be taken for one.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::output::Failure;

/// How rustyline's history files start.
const HEADER: &[u8] = b"#V2";

fn given_by_environment() -> Option<PathBuf> {
    std::env::var_os("GRUNDY_HISTORY")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
}

/// Where the history lives unless told otherwise: `$XDG_STATE_HOME/grundy/history` (the
/// platform's data directory where there is no state directory).
pub fn standard_history_file() -> Option<PathBuf> {
    let base = dirs::state_dir().or_else(dirs::data_dir)?;
    Some(base.join("grundy").join("history"))
}

/// The history file the REPL may use: the one given (`--history-file`, else
/// `$GRUNDY_HISTORY`), whose directory must exist, or the standard one, whose directory is
/// made if need be. An error if the file is there but is not a history.
pub fn history_file(given: Option<PathBuf>) -> Result<Option<PathBuf>, Failure> {
    let path = match given.or_else(given_by_environment) {
        Some(path) => {
            check_directory(&path)?;
            path
        }
        None => {
            let Some(path) = standard_history_file() else {
                return Ok(None);
            };
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            path
        }
    };
    check_file(&path)?;
    Ok(Some(path))
}

/// The directory a given history file goes in must be there: a typing slip in it would
/// otherwise make directories nobody asked for.
fn check_directory(path: &Path) -> Result<(), Failure> {
    let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) else {
        return Ok(());
    };
    if dir.is_dir() {
        return Ok(());
    }
    let shown = dir.display();
    let message = if dir.exists() {
        format!("the history file can't go in {shown}: it is not a directory")
    } else {
        format!("the history file can't go in {shown}: there is no such directory")
    };
    Err(failure(
        path,
        message,
        format!("make the directory first (`mkdir -p {shown}`), or give another --history-file"),
    ))
}

/// A file that is there must be a history (or empty): anything else would be overwritten.
fn check_file(path: &Path) -> Result<(), Failure> {
    let Ok(metadata) = std::fs::metadata(path) else {
        // Not there yet: a first run.
        return Ok(());
    };
    let shown = path.display();
    if metadata.is_dir() {
        return Err(failure(
            path,
            format!("the history file {shown} is a directory"),
            format!(
                "give a file: `--history-file {}`",
                path.join("history").display()
            ),
        ));
    }
    // A named pipe or a socket: opening one with no writer waits for ever.
    if waits(&metadata) {
        return Err(failure(
            path,
            format!("the history file {shown} is a named pipe or a socket, not a file"),
            "give a file with --history-file, or `--history-file /dev/null` to keep none"
                .to_owned(),
        ));
    }
    // Devices such as /dev/null (no history kept) are left to the line editor.
    if !metadata.is_file() {
        return Ok(());
    }
    let mut start = Vec::with_capacity(HEADER.len());
    let read = std::fs::File::open(path)
        .and_then(|file| file.take(HEADER.len() as u64).read_to_end(&mut start));
    if let Err(error) = read {
        return Err(failure(
            path,
            format!("can't read the history file {shown}: {error}"),
            "give another file with --history-file, or `--history-file /dev/null` to keep none"
                .to_owned(),
        ));
    }
    if start.is_empty() || start == HEADER {
        return Ok(());
    }
    Err(failure(
        path,
        format!("{shown} is not a history file, and the REPL would overwrite it"),
        format!(
            "a history file starts with `#V2` (or is empty); to run {shown}, type \
             `:load {shown}` at the prompt or `grundy run {shown}`; keep the history \
             elsewhere with --history-file"
        ),
    ))
}

#[cfg(unix)]
fn waits(metadata: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let kind = metadata.file_type();
    kind.is_fifo() || kind.is_socket()
}

#[cfg(not(unix))]
fn waits(_: &std::fs::Metadata) -> bool {
    false
}

fn failure(path: &Path, message: String, help: String) -> Failure {
    Failure {
        code: "grundy::io::history",
        file: Some(path.display().to_string()),
        place: None,
        message,
        help: Some(help),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, contents: Option<&[u8]>) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-history-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        if let Some(contents) = contents {
            std::fs::write(&path, contents).unwrap();
        }
        path
    }

    #[test]
    fn only_histories_and_empty_files_are_taken() {
        for (name, contents) in [
            ("new", None),
            ("empty", Some(&b""[..])),
            ("history", Some(b"#V2\n*1 + *2\n")),
        ] {
            let path = scratch(name, contents);
            assert_eq!(history_file(Some(path.clone())), Ok(Some(path)), "{name}");
        }
        let worksheet = scratch("seeds.game", Some(b"*1 + *2\n#V2\n"));
        let refused = history_file(Some(worksheet.clone())).unwrap_err();
        assert!(
            refused.message.contains("not a history file"),
            "{refused:?}"
        );
        assert_eq!(std::fs::read(&worksheet).unwrap(), b"*1 + *2\n#V2\n");
        let short = scratch("short", Some(b"#V"));
        assert!(history_file(Some(short)).is_err());
        let dir = scratch("dir", None);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(
            history_file(Some(dir))
                .unwrap_err()
                .message
                .contains("is a directory")
        );
        // A named pipe with no writer would hold the REPL before its first prompt.
        let pipe = scratch("pipe", None);
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        if made.is_ok_and(|status| status.success()) {
            let refused = history_file(Some(pipe)).unwrap_err();
            assert!(refused.message.contains("named pipe"), "{refused:?}");
        }
        let null = PathBuf::from("/dev/null");
        assert_eq!(history_file(Some(null.clone())), Ok(Some(null)));
    }

    #[test]
    fn a_given_file_needs_its_directory() {
        let path = scratch("x", None).join("missing").join("history");
        let refused = history_file(Some(path.clone())).unwrap_err();
        assert!(refused.message.contains("no such directory"), "{refused:?}");
        assert!(!path.parent().unwrap().exists());
        let relative = PathBuf::from("history-in-the-current-directory");
        assert!(check_directory(&relative).is_ok());
    }
}
