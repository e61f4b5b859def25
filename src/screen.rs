//! What grundy shows of text it was given (a program, a file name, a string), made safe for
//! a terminal. Control characters could move the cursor, clear the screen or retitle the
//! window, and the invisible marks that reorder a line (bidi overrides) could make a line
//! read as something else: both are shown as escapes (`\x1b`, `\0`, `\u{202e}`), so that a
//! shared `.game` file can neither hide nor forge its own errors.
//!
//! Diagnostics show an escaped copy of the program ([`crate::source::ShownSource`], made with
//! each source), their labels moved onto it ([`crate::diagnostics`]).
//! What a message quotes from the program (a name, a string, a number) is shortened (see
//! [`shorten`]), so that one diagnostic stays a few lines however long the name.

use std::borrow::Cow;

/// Whether a character is shown as an escape. Tabs and line feeds are text; a carriage
/// return is text only before a line feed (see [`escape`]).
pub fn is_hidden(c: char) -> bool {
    matches!(c,
        '\0'..='\x08' | '\x0b' | '\x0c' | '\x0e'..='\x1f'
        // DEL and the C1 controls (U+009B is a CSI to some terminals).
        | '\x7f'..='\u{9f}'
        // Marks, embeddings, overrides and isolates that reorder text, and the Unicode
        // line and paragraph separators.
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        | '\u{2028}' | '\u{2029}'
    )
}

/// The text with each hidden character, and each carriage return not followed by a line
/// feed (it would return to the start of the line and overwrite it), written as an escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.char_indices().any(|(at, c)| hides(text, at, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (at, c) in text.char_indices() {
        if hides(text, at, c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The longest run of text without spaces a message shows whole: grundy's own words are
/// shorter, a name or number quoted from a program may be megabytes.
const RUN: usize = 60;

/// The most characters one message, label or help shows.
const TEXT: usize = 1000;

/// A message, label or help with each run of more than [`RUN`] characters other than spaces
/// and backquotes cut to its first [`RUN`] and `…`, and then the whole cut to [`TEXT`]
/// characters and a count of the rest.
pub fn shorten(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| c.is_whitespace() || c == '`';
    let long_run = text.split(breaks).any(|run| run.chars().nth(RUN).is_some());
    if !long_run && text.chars().nth(TEXT).is_none() {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    let mut run = 0;
    for c in text.chars() {
        run = if breaks(c) { 0 } else { run + 1 };
        if run <= RUN {
            out.push(c);
        } else if run == RUN + 1 {
            out.push('…');
        }
    }
    if let Some((cut, _)) = out.char_indices().nth(TEXT) {
        let rest = out[cut..].chars().count();
        out.truncate(cut);
        out.push_str(&format!("… ({rest} more characters)"));
    }
    Cow::Owned(out)
}

/// A message, label or help as diagnostics show it: shortened, then escaped.
pub fn screened(text: &str) -> String {
    escape(&shorten(text)).into_owned()
}

/// Whether the character `c` at `at` in `text` is shown as an escape.
pub fn hides(text: &str, at: usize, c: char) -> bool {
    is_hidden(c) || (c == '\r' && !text[at + 1..].starts_with('\n'))
}

/// How a hidden character is shown: `\0`, `\r`, `\x1b`, `\u{202e}`.
pub fn escaped(c: char) -> String {
    match c {
        '\0' => "\\0".to_owned(),
        '\r' => "\\r".to_owned(),
        '\0'..='\x7f' => format!("\\x{:02x}", c as u32),
        _ => format!("\\u{{{:x}}}", c as u32),
    }
}

/// A JSON text with the hidden characters that serde_json leaves as they are (DEL, the C1
/// controls, the bidi marks) written as `\u` escapes: the same JSON, read back. They can only
/// be inside strings, where such an escape means the character itself.
pub fn escape_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(is_hidden) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_hidden(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_text_is_not() {
        assert_eq!(escape("*1 + *2\n\tx ≡ y\r\n"), "*1 + *2\n\tx ≡ y\r\n");
        assert_eq!(
            escape("\x1b]0;PWNED\x07\x1b[2J\0\x7f"),
            "\\x1b]0;PWNED\\x07\\x1b[2J\\0\\x7f"
        );
        assert_eq!(escape("a\rb\u{9b}\u{202e}c"), "a\\rb\\u{9b}\\u{202e}c");
    }

    #[test]
    fn long_runs_and_long_texts_are_shortened() {
        let text = "define it first, e.g. `let xyz(n) = ...`";
        assert_eq!(shorten(text), text);
        let name = "x".repeat(3_000_000);
        let long = format!("define it first, e.g. `let {name}(n) = ...`");
        let expected = format!("define it first, e.g. `let {}… = ...`", "x".repeat(RUN));
        assert_eq!(shorten(&long), expected);
        let words = "ab ".repeat(1000);
        let short = shorten(&words);
        assert!(short.starts_with(&words[..TEXT]), "{short}");
        assert!(short.ends_with("… (2000 more characters)"), "{short}");
    }

    #[test]
    fn json_escapes_read_back_as_the_same_string() {
        let text = "\x7f\u{85}\u{202e}é\x1b\n";
        let json = serde_json::json!({ "s": text }).to_string();
        let escaped = escape_json(&json);
        assert!(!escaped.chars().any(is_hidden), "{escaped}");
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["s"], text);
    }
}
