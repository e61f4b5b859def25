//! Parse and evaluate arbitrary text under small limits, rendering every diagnostic as a
//! user would see it: nothing may panic, hang or overflow the stack.
#![no_main]

use grundy::diagnostics::{Style, render};
use grundy::eval::{Event, Session};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut session = Session::default();
    // `plot ... to "any.svg"` must not write where the fuzzer runs.
    session.allow_writing_files(false);
    for limit in [
        "steps=100000",
        "depth=10000",
        "nodes=100000",
        "heap=20000",
        "options=10000",
        "memory=64000000",
        "search=10000000",
    ] {
        session.set_limit(limit).unwrap();
    }
    session.run("fuzz.game", text, &mut |event| match event {
        Event::Error(diagnosis) | Event::Warning(diagnosis) => {
            let _ = render(&diagnosis, Style::PLAIN);
        }
        Event::Answer { answer, .. } => {
            let _ = answer.to_string();
        }
    });
});
