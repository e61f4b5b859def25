//! Every worksheet in examples/ runs clean, and what it prints is snapshotted.

mod common;

#[test]
fn every_example_runs_clean_and_prints_what_it_did() {
    insta::glob!("../examples", "*.game", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!("examples/{}", path.file_name().unwrap().to_string_lossy());
        let output = common::run_in(&mut grundy::eval::Session::default(), &name, &text);
        assert!(
            output.summary.ok(),
            "{name} failed:\n{}",
            output.errors.join("\n")
        );
        assert!(output.summary.statements > 0);
        let report = format!(
            "{} statements ran, every assert held\n\n{}",
            output.summary.statements, output.transcript
        );
        insta::assert_snapshot!(report);
    });
}

/// The seed examples named in the issue, each checked on its own so a regression names it.
#[test]
fn the_seed_claims_hold() {
    for claim in [
        "nim(1, 1, 2) is winning",
        "*5 + *5 is losing",
        "*5 + *7 is winning",
        "*3 != *4",
        "*1 + *2 + *3 is losing",
        "*1 + *2 == *3",
        "*1 + *3 == *2",
        "*11 + *13 == *6",
        "*25 + *21 + *11 == *7",
        "*5 + *5 + *7 + *7 is losing",
        "*1 + *1 + *2 + *5 + *5 is winning",
        "<*0, *1, *1> == *2",
        "*1 + *1 + *2 == *2",
        "mex{0, 1, 2, 5, 15, 25} == 3",
        "*5 + #7 == *6",
    ] {
        assert_eq!(common::eval(claim), "true", "{claim}");
    }
}
