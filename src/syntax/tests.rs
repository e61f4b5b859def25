//! Parsing in windows gives what parsing the whole rest of the text gives.

use proptest::prelude::*;

use super::parse_in_windows;
use super::parser::{GIVEN, WINDOW};
use crate::source::SourceId;

/// Pieces of programs, good and bad, that span lines, look ahead, or hold `;` where it is
/// no terminator: the places where a window's end could change a parse.
const PIECES: &[&str] = &[
    "*1",
    "x > 3",
    "x >",
    "3",
    "<*0,",
    "*1>",
    "<*0, *1>",
    "let y =",
    "let y = 4",
    "\"a;b\"",
    "octal(\"0.7",
    "7\", 5)",
    "// note; more",
    "*let",
    "if a then",
    "b else c",
    "f(1,",
    "2)",
    "mex{1,",
    "2}",
    "assert *1 + *2 == *3",
    "why",
    "moves all *3",
    "x +",
    "- 2",
    "let = 3",
    "(1",
    ")",
    "{",
    "}",
    "G is",
    "losing",
    "1_000",
    "e5",
    "##",
    "*",
    "a..=b",
    "≡ *2",
    "",
];

fn program() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(PIECES);
    let gap = prop::sample::select(&["\n", " ", ";", "\n\n", "\r\n"][..]);
    prop::collection::vec((piece, gap), 0..24)
        .prop_map(|parts| parts.into_iter().map(|(p, g)| format!("{p}{g}")).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn windows_parse_as_the_whole_text_does(text in program(), window in 0usize..40) {
        let whole = parse_in_windows(SourceId(0), &text, usize::MAX);
        let windowed = parse_in_windows(SourceId(0), &text, window);
        prop_assert_eq!(format!("{whole:?}"), format!("{windowed:?}"), "{:?}", text);
    }
}

/// Each statement, in error or not, is parsed from a window of the text near it, never from
/// all the rest of it: 4 000 lines in error are handed to pest about a window each.
#[test]
fn errors_far_apart_are_parsed_from_windows() {
    let text = "let = 3\nx + 2\n".repeat(2_000);
    GIVEN.with(|given| given.set(0));
    let (statements, errors) = parse_in_windows(SourceId(0), &text, WINDOW);
    assert_eq!((statements.len(), errors.len()), (2_000, 2_000));
    let given = GIVEN.with(|given| given.get());
    assert!(
        given <= 4_000 * (WINDOW + 20),
        "{given} bytes for {}",
        text.len()
    );
}
