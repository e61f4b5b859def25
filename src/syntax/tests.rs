//! Parsing in windows gives what parsing the whole rest of the text gives.

use proptest::prelude::*;

use super::parser::{GIVEN, WINDOW};
use super::{Stopped, parse, parse_in_windows, parse_watched};
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
    "misere",
    "misere *1 + *1 is",
    "normal (",
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
        let whole = parse_in_windows(SourceId(0), &text, usize::MAX, &mut |_, _| true);
        let windowed = parse_in_windows(SourceId(0), &text, window, &mut |_, _| true);
        prop_assert_eq!(format!("{whole:?}"), format!("{windowed:?}"), "{:?}", text);
    }
}

/// Each statement, in error or not, is parsed from a window of the text near it, never from
/// all the rest of it: 4 000 lines in error are handed to pest about a window each.
#[test]
fn errors_far_apart_are_parsed_from_windows() {
    let text = "let = 3\nx + 2\n".repeat(2_000);
    GIVEN.with(|given| given.set(0));
    let (statements, errors) = parse(SourceId(0), &text);
    assert_eq!((statements.len(), errors.len()), (2_000, 2_000));
    let given = GIVEN.with(|given| given.get());
    assert!(
        given <= 4_000 * (WINDOW + 20),
        "{given} bytes for {}",
        text.len()
    );
}

/// A long parse asks whether to go on as it goes, and stops where it is when told to.
#[test]
fn a_parse_stops_when_told() {
    let text = "let a = <*1, *2>\n".repeat(10_000);
    let mut asked = Vec::new();
    let stopped = parse_watched(SourceId(0), &text, &mut |done, total| {
        asked.push(done);
        assert_eq!(total, text.len());
        asked.len() < 3
    });
    let Err(Stopped { at }) = stopped else {
        panic!("not stopped: {stopped:?}")
    };
    assert_eq!(at, asked[2]);
    assert!(
        0 < asked[0] && asked[0] < asked[1] && asked[1] < at && at < text.len(),
        "{asked:?}"
    );
}
