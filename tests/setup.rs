//! A fresh set-up compiles grundy twice, not four times: `cargo build --release` and
//! `pip install .` (maturin, release) share one compiled grundy, `cargo test` and
//! python/test.sh (maturin, dev) another. Cargo compiles a crate again when a build switches
//! on other features in it or in anything below it, so every crate the builds share must get
//! the same features in each (Cargo.toml asks for the ones the Python module and the tests
//! would otherwise add).

use std::collections::BTreeMap;
use std::process::Command;

/// Each crate of a build (`name version`) with its features, as `cargo tree` resolves them.
fn features(package: &str, edges: &str) -> BTreeMap<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "tree", "--locked", "--prefix", "none", "--format", "{p}|{f}",
        ])
        .args(["--package", package, "--edges", edges])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let (package, features) = line.split_once('|')?;
            // `name v1.2.3 (/path) (*)`: the name and version say which crate it is.
            let crate_id = package.split(" (").next()?.to_owned();
            let features = features.split(" (").next()?.to_owned();
            Some((crate_id, features))
        })
        .collect()
}

#[test]
fn the_builds_of_a_set_up_give_shared_crates_the_same_features() {
    let builds = [
        ("cargo build --release", features("grundy", "normal,build")),
        ("cargo test", features("grundy", "normal,build,dev")),
        ("pip install .", features("grundy-python", "normal,build")),
    ];
    for (i, (first, crates)) in builds.iter().enumerate() {
        assert!(
            crates.keys().any(|id| id.starts_with("grundy v")),
            "{first}"
        );
        for (second, others) in &builds[i + 1..] {
            for (id, features) in crates {
                if let Some(theirs) = others.get(id) {
                    assert_eq!(
                        features, theirs,
                        "{id} is built with other features by `{first}` than by `{second}`"
                    );
                }
            }
        }
    }
}
