//! Green Hackenbush pictures and long scripts: `cargo bench --bench hackenbush`.
//!
//! Pictures (stars, stalks, random trees, and random trees with circuits) of 10^4, 10^5 and
//! 10^6 edges: the text parsed into a picture, its value, and its winning cuts. Scripts of
//! 10^4 and 10^5 statements of a few kinds, run by a session as `grundy run` runs them, minus
//! the printing. `QUICK=1` stops at 10^5 edges; an argument keeps the rows whose name contains
//! it (`cargo bench --bench hackenbush -- star`). Each figure is the best of up to five runs.

mod timing;

use grundy::eval::Session;
use grundy::game::Watch;
use grundy::game::hackenbush::{Picture, cuts_to, nimber};
use timing::timed;

/// A picture's or a script's name, and what draws it (of a size) or its line i.
type Named = (&'static str, fn(usize) -> String);

fn main() {
    let quick = std::env::var("QUICK").is_ok_and(|v| v == "1");
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let keep = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let sizes: &[usize] = if quick {
        &[10_000, 100_000]
    } else {
        &[10_000, 100_000, 1_000_000]
    };
    println!("| picture | edges | parse | value | winning cuts (how many) |");
    println!("|---|---|---|---|---|");
    let shapes: [Named; 4] = [
        ("star", star),
        ("stalk", stalk),
        ("random tree", random_tree),
        ("random tree + circuits", with_circuits),
    ];
    for (name, draw) in shapes {
        for &size in sizes.iter().filter(|_| keep(name)) {
            let text = draw(size);
            let parse = timed(|| drop(Picture::parse(&text).expect("a picture")));
            let picture = Picture::parse(&text).expect("a picture").picture;
            let mut value = 0;
            let valued = timed(|| value = nimber(&picture, &mut Watch::default()).unwrap());
            // A cut on a circuit reduces its part again: quadratic in the part, so only trees.
            let cuts = if name.contains("circuits") {
                "- (a cut on a circuit reduces its part again)".to_owned()
            } else {
                let mut count = 0;
                let found = timed(|| {
                    count = cuts_to(&picture, 0, &mut Watch::default()).unwrap().len();
                });
                format!("{} ({count})", found.show())
            };
            println!(
                "| {name} (*{value}) | {} | {} | {} | {cuts} |",
                picture.edges().len(),
                parse.show(),
                valued.show(),
            );
        }
    }
    println!();
    println!("| script | statements | run |");
    println!("|---|---|---|");
    let scripts: [Named; 5] = [
        ("`*1`", |i| format!("*{}", i % 2 + 1)),
        ("`let`", |i| format!("let a{i} = *{}", i % 50)),
        ("`assert`", |i| {
            format!("assert *{} + *{} == *{}", i % 7, i % 5, (i % 7) ^ (i % 5))
        }),
        ("comments and blank lines", |i| format!("// note {i}\n")),
        ("a mix", mix),
    ];
    for (name, line) in scripts {
        for count in [10_000, 100_000].into_iter().filter(|_| keep(name)) {
            let text: String = (0..count).map(|i| line(i) + "\n").collect();
            let mut answers = 0;
            let ran = timed(|| {
                answers = 0;
                let summary = Session::default().run("bench.game", &text, &mut |_| answers += 1);
                assert_eq!(summary.failed_asserts + summary.runtime_errors, 0);
            });
            println!("| {name} ({answers} answers) | {count} | {} |", ran.show());
        }
    }
}

/// `g-1 g-2 ... g-n`
fn star(n: usize) -> String {
    (1..=n).map(|i| format!("g-{i} ")).collect()
}

/// `g-1-2-...-n`
fn stalk(n: usize) -> String {
    let mut text = "g".to_owned();
    for i in 1..=n {
        text.push_str(&format!("-{i}"));
    }
    text
}

/// Vertex i stands on a vertex before it, drawn at random (a fixed seed).
fn random_tree(n: usize) -> String {
    let mut random = Random(7);
    (1..=n)
        .map(|i| format!("{}-v{i} ", name(random.below(i))))
        .collect()
}

/// A random tree of 0.9 n edges and 0.1 n more between random vertices, which close circuits.
fn with_circuits(n: usize) -> String {
    let tree = n - n / 10;
    let mut text = random_tree(tree);
    let mut random = Random(11);
    for _ in 0..n / 10 {
        let (a, b) = (random.below(tree + 1), random.below(tree + 1));
        text.push_str(&format!("{}-{} ", name(a), name(b)));
    }
    text
}

fn name(vertex: usize) -> String {
    if vertex == 0 {
        "g".to_owned()
    } else {
        format!("v{vertex}")
    }
}

/// Definitions, asserts, comments, blank lines and two statements on a line.
fn mix(i: usize) -> String {
    match i % 5 {
        0 => format!("let x{} = *{} + #{}", i % 100, i % 13, i % 9),
        1 => format!("assert *{} + *{} == *{}", i % 7, i % 5, (i % 7) ^ (i % 5)),
        2 => "// a comment".to_owned(),
        3 => String::new(),
        _ => format!("{i} + 1; *{}", i % 3),
    }
}

/// A linear congruential generator: the same pictures on every run and machine.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}
