//! The REPL's `:help`: a one-screen overview, and a page for every built-in, statement,
//! command and topic, each with an example that the tests run.

mod topics;

pub use topics::{TOPICS, Topic};

use crate::eval::BUILTINS;

/// The REPL's commands with what they do, in the order `:help commands` lists them.
pub const COMMAND_HELP: &[(&str, &str, &str)] = &[
    (
        "help",
        ":help [TOPIC]",
        "the overview, or a topic's page (`:help kayles`)",
    ),
    ("load", ":load FILE", "run a .game file in this session"),
    ("reload", ":reload", "run the file loaded last again"),
    ("vars", ":vars", "what is defined, with values"),
    ("type", ":type EXPR", "the kind of value EXPR has"),
    (
        "set",
        ":set [NAME VALUE]",
        "settings: depth, lines, color, unicode, limit, play (normal or misere)",
    ),
    (
        "clear",
        ":clear",
        "forget every definition (Ctrl-L clears the screen)",
    ),
    (
        "quit",
        ":quit",
        "leave (also `exit`, Ctrl-D, or Ctrl-C twice)",
    ),
];

/// `:help` alone: what fits one screen, with the way to everything else.
pub fn text() -> String {
    let mut out =
        String::from("grundy: impartial games under normal play (whoever cannot move loses).\n\n");
    out.push_str(&table(&[
        (
            "*5  #7  <*0, *1>",
            "a nim heap, a subtraction game, the game with these options",
        ),
        ("G + H", "the sum: a move is a move in one of them"),
        ("G == H, G != H", "equivalence claims, true or false"),
        (
            "G is losing",
            "outcome claims (also `is winning`, `is P`, `is N`)",
        ),
        ("assert CLAIM", "in a script: a false claim is reported"),
        (
            "why CLAIM, why G",
            "a proof in the course's terms (`why full` unfolds it)",
        ),
        ("moves G", "the winning moves (`moves all G`: every move)"),
        (
            "options G, tree G",
            "the options with their values; the game tree",
        ),
        (
            "let G = ...",
            "a name; `let S(n) = ...` a family, recursive and memoized",
        ),
        (
            "kayles(7), seq(F, 0..20)",
            "built-in games and families; a table of values",
        ),
        ("plot seq(F, 0..1000)", "the values drawn against n, as SVG"),
    ]));
    out.push_str("\n`:help NAME` shows a page with an example; `:help tour` walks the course.\n\n");
    // A command's page (`:set`) is listed among the commands.
    let topics: Vec<&str> = TOPICS
        .iter()
        .map(|t| t.name)
        .filter(|name| !name.starts_with(':'))
        .collect();
    let builtins: Vec<&str> = BUILTINS.iter().map(|b| b.name).collect();
    let commands: Vec<String> = COMMAND_HELP
        .iter()
        .map(|(n, _, _)| format!(":{n}"))
        .collect();
    let library: Vec<&str> = crate::library::RULESETS.iter().map(|r| r.name).collect();
    out.push_str(&table(&[
        ("Topics:", &topics.join(" ")),
        ("Library:", &library.join(" ")),
        ("", "(`:help games` lists the rulesets written in grundy)"),
        ("Built-ins:", &builtins.join(" ")),
        ("", "(`:help builtins` lists them with what they do)"),
        ("Commands:", &commands.join(" ")),
        ("", "(`:help commands`; each may be shortened: `:q`, `:v`)"),
    ]));
    out
}

/// Rows of two columns, the second aligned.
fn table(rows: &[(&str, &str)]) -> String {
    let width = rows
        .iter()
        .map(|(left, _)| left.chars().count())
        .max()
        .unwrap_or(0);
    rows.iter()
        .map(|(left, right)| format!("  {left:width$}   {right}\n"))
        .collect()
}

/// `:help TOPIC`: the page of a topic, built-in or command, or `None` if there is none by
/// that name (a unique prefix will do).
pub fn page(name: &str) -> Option<String> {
    let name = name.trim();
    if let Some(command) = name.strip_prefix(':') {
        return command_page(command);
    }
    // Pages that cover more than their name.
    let name = match name {
        "dot" => "tree",
        "rare" | "png" | "svg" => "plot",
        "is" | "==" | "!=" | "losing" | "winning" => "claims",
        "draw" | "draws" | "cycle" | "cycles" | "infinity" | "∞" => "loopy",
        "misère" | "normal" | "play" => "misere",
        "pattern" | "patterns" | "local" | "locals" | "kind" | "kinds" | "map" | "maps" => "where",
        "function" | "lambdas" | "=>" => "lambda",
        "full" => "why",
        "#" | "*" | "+" | "<>" => "games",
        "^" | "xor" | "range" | "sets" => "numbers",
        "vertices" => "digraph",
        "⊗" | "nim_mul" | "nim_inv" | "nim_div" | "nim_pow" | "nim_sqrt" | "nim-product" => {
            "nim_arithmetic"
        }
        "values" | "items" => "keys",
        "builtins" | "built-ins" | "functions" => return Some(builtins_page()),
        "commands" => return Some(commands_page()),
        "exit" => return command_page("quit"),
        other => other,
    };
    let exact = TOPICS.iter().find(|t| t.name == name);
    if exact.is_none()
        && let Some(page) = crate::library::page(name)
    {
        return Some(page);
    }
    if matches!(name, "library" | "std" | "rulesets") {
        return Some(crate::library::listing());
    }
    let topic = exact.or_else(|| {
        let mut found = TOPICS.iter().filter(|t| t.name.starts_with(name));
        match (found.next(), found.next()) {
            (Some(topic), None) => Some(topic),
            _ => None,
        }
    });
    match topic {
        Some(topic) => Some(topic_page(topic)),
        None => command_page(name),
    }
}

fn topic_page(topic: &Topic) -> String {
    let mut out = format!("{}\n\n{}\n", topic.title, topic.text.trim_end());
    if !topic.example.is_empty() {
        out.push_str("\nExample:\n");
        for line in topic.example.lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    if topic.name == "games" {
        out.push('\n');
        out.push_str(&crate::library::listing());
    }
    out
}

/// The page of a REPL command, by its name or a unique prefix of it.
fn command_page(name: &str) -> Option<String> {
    let exact = COMMAND_HELP.iter().find(|(n, _, _)| *n == name);
    let (command, usage, summary) = exact.or_else(|| {
        let mut found = COMMAND_HELP.iter().filter(|(n, _, _)| n.starts_with(name));
        match (found.next(), found.next()) {
            (Some(found), None) if !name.is_empty() => Some(found),
            _ => None,
        }
    })?;
    // A command's own page (`:set`) before a topic of its name (`set`, the built-in).
    let own = format!(":{command}");
    let topic = TOPICS.iter().find(|t| t.name == own);
    if let Some(topic) = topic.or_else(|| TOPICS.iter().find(|t| t.name == *command)) {
        return Some(topic_page(topic));
    }
    let detail = match *command {
        "help" => {
            "`:help` alone fits one screen; `:help NAME` shows the page of a built-in \
                   (`:help kayles`), a statement (`:help why`), a topic (`:help tour`) or a \
                   command (`:help load`, `:help :load`). A unique prefix will do."
        }
        "load" => {
            "Runs every statement of the file in this session, as if typed: its \
                   definitions stay. Errors are reported with the file's line numbers; Ctrl-C \
                   stops the whole file. Tab completes file names."
        }
        "reload" => "Runs the file given to `:load` last again, after you edited it.",
        "vars" => {
            "One line per definition, in the order they were made, with the value of \
                   each game: `G = <*0, *2> ≡ *1`."
        }
        "type" => {
            "The kind of value an expression has (a game, an integer, a set, a family), \
                   without printing the value: `:type kayles` says `a family of games: \
                   kayles(n)`."
        }
        "clear" => {
            "Forgets every definition and every computed game; the settings and limits \
                    stay. Ctrl-L clears the screen instead."
        }
        "quit" => {
            "Leaves the REPL; so do `exit`, `quit`, Ctrl-D at an empty prompt and Ctrl-C \
                   twice on an empty line. The history is kept for the next time (`:set` shows \
                   where)."
        }
        _ => "",
    };
    Some(format!("{usage}: {summary}\n\n{detail}\n"))
}

fn builtins_page() -> String {
    let rows: Vec<(&str, &str)> = BUILTINS.iter().map(|b| (b.signature, b.summary)).collect();
    format!(
        "Built-in functions (`:help NAME` for each):\n\n{}",
        table(&rows)
    )
}

fn commands_page() -> String {
    let rows: Vec<(&str, &str)> = COMMAND_HELP.iter().map(|(_, u, s)| (*u, *s)).collect();
    format!(
        "REPL commands (each may be shortened to a unique prefix: `:q`, `:v`):\n\n{}",
        table(&rows)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Session;

    #[test]
    fn every_example_runs_clean() {
        for topic in TOPICS.iter().filter(|t| !t.example.is_empty()) {
            let mut errors = Vec::new();
            let summary = Session::default().run(topic.name, topic.example, &mut |event| {
                if let crate::eval::Event::Error(diagnosis) = event {
                    errors.push(diagnosis.report.to_string());
                }
            });
            assert!(summary.ok(), "`:help {}`: {errors:?}", topic.name);
            assert!(summary.statements > 0, "{}", topic.name);
        }
    }

    #[test]
    fn every_builtin_statement_and_command_has_a_page() {
        for builtin in BUILTINS {
            assert!(page(builtin.name).is_some(), "no `:help {}`", builtin.name);
        }
        for word in [
            "let", "assert", "why", "moves", "options", "tree", "dot", "plot", "tour", "limits",
            "builtins", "commands", "where", "patterns", "lambda", "function", "loopy", "draw",
        ] {
            assert!(page(word).is_some(), "no `:help {word}`");
        }
        for command in crate::repl::COMMANDS {
            let page = super::page(&format!(":{command}"))
                .unwrap_or_else(|| panic!("no `:help :{command}`"));
            // `:help set` is the built-in's page, which points to the command's.
            let bare = super::page(command).unwrap_or_default();
            assert!(
                bare == page || bare.contains(&format!("`:help :{command}`")),
                "{bare}"
            );
            assert!(page.len() > 60, "`:help {command}` says too little: {page}");
        }
        assert!(page("kay").unwrap().starts_with("kayles(n): Kayles"));
        assert!(page(":l").unwrap().starts_with(":load FILE"));
        assert_eq!(page("exit"), page(":quit"));
        assert!(page("nonsense").is_none());
        assert_eq!(page("draw"), page("loopy"));
        assert!(text().contains("tour games claims"));
    }

    /// The overview fits a screen of 80 × 40, wrapped as the REPL wraps it.
    /// No alias hides a topic: `:help all` is the page of `all`, not of `why all`.
    #[test]
    fn every_topic_opens_its_own_page() {
        for topic in TOPICS {
            let shown = page(topic.name).unwrap_or_default();
            assert!(
                shown.contains(topic.title),
                "`:help {}`: {shown}",
                topic.name
            );
        }
    }

    #[test]
    fn the_overview_fits_one_screen() {
        let shown = crate::output::fit(&text(), 80);
        assert!(shown.lines().count() <= 40, "{shown}");
        assert!(
            shown.lines().all(|line| line.chars().count() <= 80),
            "{shown}"
        );
    }

    /// The second column of a table starts at one place, whatever the first holds.
    #[test]
    fn tables_are_aligned() {
        let rows = [
            ("*5", "a heap"),
            ("sub(n, S), sub(S)", "a subtraction game"),
            ("", "and so on"),
        ];
        let drawn = table(&rows);
        let starts: Vec<usize> = drawn
            .lines()
            .zip(rows)
            .map(|(line, (_, right))| line.find(right).unwrap())
            .collect();
        assert!(starts.iter().all(|&s| s == starts[0]), "{drawn}");
        let page = builtins_page();
        assert!(
            BUILTINS.iter().all(|b| page.contains(b.signature)),
            "{page}"
        );
        // The settings page is written by hand: its second column lines up too.
        let set = super::page(":set").unwrap();
        let starts: Vec<usize> = set
            .lines()
            .filter(|line| line.starts_with(":set ") && line.contains("   "))
            .map(|line| {
                let gap = line.find("   ").unwrap();
                line.len() - line[gap..].trim_start().len()
            })
            .collect();
        assert_eq!(starts.len(), 5, "{set}");
        assert!(starts.iter().all(|&s| s == starts[0]), "{set}");
    }
}
