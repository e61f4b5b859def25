//! Every command the documentation shows is run, and its output compared: in README.md and
//! docs/*.md, a line `$ grundy ...` inside a ```text block is a command, and the lines after
//! it, up to the next `$ ` or the end of the block, are what it prints (standard output, then
//! standard error). A command piped into another program is skipped.

use std::path::Path;
use std::process::Command;

/// A command shown in a document, with what it should print.
struct Example {
    place: String,
    command: String,
    expected: String,
}

fn examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut found = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            found.extend(current.take());
            in_block = line == "```text";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.extend(current.take());
            if command.starts_with("grundy ") && !has_pipe(command) {
                current = Some(Example {
                    place: format!("{}:{}", path.display(), number + 1),
                    command: command.to_owned(),
                    expected: String::new(),
                });
            }
        } else if let Some(example) = &mut current {
            example.expected.push_str(line);
            example.expected.push('\n');
        }
    }
    found.extend(current);
    found
}

fn has_pipe(command: &str) -> bool {
    words(command).is_none()
}

/// The words of a command as a POSIX shell splits them, for the quoting the docs use;
/// `None` for anything else (a pipe, a redirection).
fn words(command: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                started = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                started = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '|' | '>' | '<' | ';' | '&' => return None,
            c if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                started = true;
                word.push(c);
            }
        }
    }
    if started {
        words.push(word);
    }
    Some(words)
}

fn run(example: &Example) -> String {
    let words = words(&example.command).expect("checked when read");
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&words[1..])
        .env("NO_COLOR", "1")
        .env_remove("NO_GRAPHICS")
        .output()
        .unwrap();
    let mut printed = String::from_utf8(output.stdout).unwrap();
    printed.push_str(&String::from_utf8(output.stderr).unwrap());
    printed
}

#[test]
fn every_documented_command_prints_what_the_docs_say() {
    let mut documents = vec![Path::new("README.md").to_path_buf()];
    for entry in std::fs::read_dir("docs").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            documents.push(path);
        }
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for document in &documents {
        for example in examples(document) {
            let printed = run(&example);
            if printed.trim_end() != example.expected.trim_end() {
                failures.push(format!(
                    "{}: $ {}\n--- the docs say:\n{}--- it prints:\n{}",
                    example.place, example.command, example.expected, printed
                ));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 15, "only {checked} commands found in the docs");
}

#[test]
fn the_command_splitter_reads_shell_quoting() {
    assert_eq!(
        words("grundy eval 'why *3 == *4'").unwrap(),
        ["grundy", "eval", "why *3 == *4"]
    );
    assert_eq!(
        words(r#"grundy eval "say \"hi\"" x"#).unwrap(),
        ["grundy", "eval", "say \"hi\"", "x"]
    );
    assert!(words("grundy eval 'dot G' | dot -Tsvg").is_none());
}
