//! The standard library: rulesets from the textbooks, written in grundy in `std/*.game` and
//! built into the binary. This module only knows the files — their names, documentation and
//! the families they define; a session defines a file's families the first time one of its
//! names is used (`src/eval/library.rs`).
//!
//! A file reads: a doc comment (`//` lines: what the game is, its rules, its theory, a
//! reference), then its definitions, each family with a `//` line saying what it is, then a
//! line `// Example:` and a worked example, which the tests run with the rest of the file.

use std::collections::HashMap;
use std::sync::LazyLock;

/// One file of the library: `std/NAME.game`.
pub struct Ruleset {
    /// The file's name without `.game`: `lasker`.
    pub name: &'static str,
    pub text: &'static str,
}

macro_rules! rulesets {
    ($($name:literal),* $(,)?) => {
        &[$(Ruleset {
            name: $name,
            text: include_str!(concat!("../../std/", $name, ".game")),
        }),*]
    };
}

/// Every file of the library, in the order `:help games` lists them.
pub const RULESETS: &[Ruleset] = rulesets!(
    "lasker",
    "take_away",
    "fibonacci_nim",
    "euclid",
    "moore",
    "staircase",
    "nimble",
    "poker_nim",
    "chomp",
    "turning_turtles",
    "twins",
    "mock_turtles",
    "ruler",
    "triplets",
    "rulerette",
    "grunt",
    "subtraction_coins",
    "coin_turning",
    "coin_boards",
    "acrostic_twins",
    "rugs",
    "cram",
    "node_kayles",
    "northcott",
    "loopy_sub",
);

/// The line that ends a file's definitions and starts its worked example.
const EXAMPLE: &str = "// Example:";

/// A family a library file defines, as its `let` line and the comment above it say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub name: &'static str,
    /// `lasker(n)` (without the `loopy` of a loopy family)
    pub signature: &'static str,
    /// What its comment says it is.
    pub summary: String,
}

impl Ruleset {
    /// Where it is in the repository, and what its diagnostics call it: `std/lasker.game`.
    pub fn path(&self) -> String {
        format!("std/{}.game", self.name)
    }

    /// The doc comment at the top, without its `//`, each paragraph on one line (for the
    /// terminal to wrap at its own width).
    pub fn doc(&self) -> String {
        let lines: Vec<&str> = self
            .text
            .lines()
            .map_while(|line| line.strip_prefix("//"))
            .map(str::trim)
            .collect();
        let paragraphs: Vec<String> = lines
            .split(|line| line.is_empty())
            .filter(|paragraph| !paragraph.is_empty())
            .map(|paragraph| paragraph.join(" "))
            .collect();
        paragraphs.join("\n\n")
    }

    /// The first paragraph of the doc comment, whole however many lines it takes:
    /// `Lasker's Nim: ...`.
    pub fn title(&self) -> String {
        let doc = self.doc();
        doc.split("\n\n").next().unwrap_or("").to_owned()
    }

    /// The text of the definitions: everything before the worked example. This is what a
    /// session runs when it loads the file.
    pub fn definitions_text(&self) -> &'static str {
        match self.text.find(EXAMPLE) {
            Some(at) => &self.text[..at],
            None => self.text,
        }
    }

    /// The worked example: the lines after `// Example:`.
    pub fn example(&self) -> &'static str {
        match self.text.find(EXAMPLE) {
            Some(at) => self.text[at + EXAMPLE.len()..].trim(),
            None => "",
        }
    }

    /// The families it defines, each with the comment just above its `let`.
    pub fn definitions(&self) -> Vec<Definition> {
        let mut definitions = Vec::new();
        let mut comment: Vec<&str> = Vec::new();
        for line in self.definitions_text().lines() {
            if let Some(text) = line.strip_prefix("//") {
                comment.push(text.trim());
                continue;
            }
            if let Some(rest) = line.strip_prefix("let ")
                && let rest = rest.strip_prefix("loopy ").unwrap_or(rest)
                && let Some(open) = rest.find('(')
                && let Some(close) = rest.find(')')
            {
                definitions.push(Definition {
                    name: rest[..open].trim(),
                    signature: rest[..=close].trim(),
                    summary: comment.join(" "),
                });
            }
            comment.clear();
        }
        definitions
    }
}

static DEFINED: LazyLock<HashMap<&'static str, &'static Ruleset>> = LazyLock::new(|| {
    RULESETS
        .iter()
        .flat_map(|ruleset| {
            ruleset
                .definitions()
                .into_iter()
                .map(move |definition| (definition.name, ruleset))
        })
        .collect()
});

/// `std.chomp`: the name of the library's own family, however a user's `let` hides it.
pub fn qualified(name: &str) -> Option<&str> {
    name.strip_prefix("std.")
}

/// The file that defines a name, if the library does.
pub fn defining(name: &str) -> Option<&'static Ruleset> {
    DEFINED.get(name).copied()
}

static NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    RULESETS
        .iter()
        .flat_map(|ruleset| ruleset.definitions().into_iter().map(|d| d.name))
        .collect()
});

/// Every name the library defines, in the order of its files.
pub fn names() -> &'static [&'static str] {
    &NAMES
}

/// `:help games`' list of the library: each file's title and families.
pub fn listing() -> String {
    let mut out = String::from(
        "The library of rulesets (std/, written in grundy; `:help NAME` shows a ruleset's \
         rules, theory and an example). Its families are there from the start, and a \
         `let` of your own by the same name takes the place of the library's (whose own stays \
         `std.NAME`):\n\n",
    );
    for ruleset in RULESETS {
        let signatures: Vec<&str> = ruleset.definitions().iter().map(|d| d.signature).collect();
        out.push_str(&format!(
            "  {}\n      {}\n",
            signatures.join(", "),
            ruleset.title()
        ));
    }
    out
}

/// `:help NAME` for a name the library defines, or one of its files: the file's doc
/// comment, its families and its worked example.
pub fn page(name: &str) -> Option<String> {
    let file = RULESETS.iter().find(|ruleset| ruleset.name == name);
    let ruleset = file.or_else(|| defining(name))?;
    let mut out = format!("{}\n\n", ruleset.doc().trim_end());
    for definition in ruleset.definitions() {
        out.push_str(&format!(
            "  {}: {}\n",
            definition.signature, definition.summary
        ));
    }
    out.push_str(&format!("\n(from {})\n", ruleset.path()));
    let example = ruleset.example();
    if !example.is_empty() {
        out.push_str("\nExample:\n");
        for line in example.lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    Some(out)
}
