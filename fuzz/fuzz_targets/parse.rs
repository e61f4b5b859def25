//! The parser on arbitrary text: it returns statements and errors, never panics, and agrees
//! with the REPL's "is this input unfinished" question.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = grundy::syntax::parse(grundy::source::SourceId::default(), text);
        let _ = grundy::syntax::is_incomplete(text);
    }
});
