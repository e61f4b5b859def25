//! The REPL's `:commands`, each of which may be shortened to a unique prefix (`:q`, `:v`).

use super::Settings;
use crate::eval::Session;
use crate::explain::Fold;
use crate::input::{Reader, read_source};
use crate::output::run_text;
use crate::output::{
    Format, print_error_line, print_event, print_failure, print_line, print_summary, summary_text,
};

/// Every command, for completion and prefixes.
pub const COMMANDS: &[&str] = &[
    "help", "load", "reload", "vars", "type", "set", "clear", "quit",
];

/// Whether the REPL goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The command a (possibly shortened) name stands for: `:q` is `:quit`.
pub fn expand(name: &str) -> Option<&'static str> {
    if let Some(exact) = COMMANDS.iter().find(|c| **c == name) {
        return Some(exact);
    }
    let mut matches = COMMANDS.iter().filter(|c| c.starts_with(name));
    match (matches.next(), matches.next()) {
        (Some(command), None) if !name.is_empty() => Some(command),
        _ => None,
    }
}

/// Runs `:name argument`.
pub fn run(session: &mut Session, command: &str, settings: &mut Settings) -> Flow {
    let (name, argument) = command
        .trim()
        .split_once(char::is_whitespace)
        .unwrap_or((command.trim(), ""));
    let argument = argument.trim();
    if let Some(bare @ ("quit" | "vars" | "clear" | "reload")) = expand(name)
        && !argument.is_empty()
    {
        // `:q extra` is likely a slip: neither quit nor clear on it.
        refuse(
            settings,
            format!("error: `:{bare}` takes nothing after it, found `{argument}`"),
        );
        return Flow::Continue;
    }
    match expand(name) {
        Some("quit") => return Flow::Quit,
        Some("help") if argument.is_empty() => show(settings, &crate::help::text()),
        Some("help") => match crate::help::page(argument) {
            Some(page) => show(settings, &page),
            None => refuse(
                settings,
                format!("error: no help on `{argument}`; `:help` lists the built-ins and topics"),
            ),
        },
        Some("load") if argument.is_empty() => refuse(
            settings,
            "error: `:load` needs a file: `:load examples/seeds.game`",
        ),
        Some("load") => load(session, argument, settings),
        Some("reload") => match settings.loaded.clone() {
            Some(path) => load(session, &path, settings),
            None => refuse(settings, "error: nothing to reload: `:load FILE` first"),
        },
        Some("vars") => {
            let lines = session.variables();
            if lines.is_empty() {
                print_line("nothing is defined yet: `let G = <*0, *1>`");
            }
            for line in lines {
                print_line(line);
            }
        }
        Some("type") if argument.is_empty() => refuse(
            settings,
            "error: `:type` needs an expression: `:type kayles(5)`",
        ),
        Some("type") => {
            let format = settings.format;
            let interrupt = session.interrupt_flag();
            let kind = session.type_of("<repl>", argument, &mut |event| {
                print_event(event, format, "<repl>", &interrupt)
            });
            match kind {
                Some(kind) => print_line(format!("{argument} : {kind}")),
                None => settings.code = super::worse(settings.code, 2),
            }
        }
        Some("set") => set(session, argument, settings),
        Some("clear") => {
            session.clear();
            print_line("every definition is forgotten");
        }
        _ => refuse(
            settings,
            format!(
                "error: unknown command `:{name}`; the commands are :{}",
                COMMANDS.join(", :")
            ),
        ),
    }
    Flow::Continue
}

/// Says why a command was not done. Piped input, whose commands run as the REPL's, then
/// exits with 2, as for a command line that can't be understood.
fn refuse(settings: &mut Settings, message: impl std::fmt::Display) {
    print_error_line(message);
    settings.code = super::worse(settings.code, 2);
}

/// Text for people, fitted to the terminal as answers are.
fn show(settings: &Settings, text: &str) {
    let style = match settings.format {
        Format::Text(style) => style,
        Format::Json => crate::diagnostics::Style::PLAIN,
    };
    crate::output::print_text(text.trim_end(), style, true);
}

/// Runs a file and says how it went: `loaded FILE: 104 asserts held`, or what failed.
fn load(session: &mut Session, path: &str, settings: &mut Settings) {
    match read_source(path.as_ref(), session.limits().source, Reader::Prompt) {
        Ok((name, text)) => {
            settings.loaded = Some(path.to_owned());
            let summary = run_text(session, &name, &text, settings.format);
            settings.code = super::worse(settings.code, summary.exit_code() as u8);
            settings.cancelled |= summary.cancelled;
            match settings.format {
                Format::Text(_) if summary.ok() => {
                    print_line(format!("loaded {name}: {}", summary_text(&summary)))
                }
                format => print_summary(&name, &summary, format),
            }
        }
        Err(failure) => {
            print_failure(&failure, settings.format);
            settings.code = super::worse(settings.code, 2);
        }
    }
}

/// `:set`, `:set depth 5`, `:set color off`, `:set limit heap=2e8`, `:set play misere`.
fn set(session: &mut Session, argument: &str, settings: &mut Settings) {
    let mut words = argument.split_whitespace();
    let (name, value) = (words.next(), words.next());
    let switch = |value: Option<&str>| match value {
        Some("on" | "true" | "yes") => Ok(true),
        Some("off" | "false" | "no") => Ok(false),
        _ => Err("say `on` or `off`".to_owned()),
    };
    let number = |value: Option<&str>| {
        value
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| "give a positive number".to_owned())
    };
    let result: Result<(), String> = match name {
        None => {
            show_settings(session, settings);
            Ok(())
        }
        Some("depth") => number(value).map(|n| session.fold.depth = n),
        Some("lines") => number(value).map(|n| session.fold.lines = n),
        Some("color" | "colour") => switch(value).map(|on| {
            if let Format::Text(style) = &mut settings.format {
                style.color = on;
            }
        }),
        Some("unicode") => switch(value).map(|on| {
            if let Format::Text(style) = &mut settings.format {
                style.unicode = on;
            }
        }),
        Some("limit") => match value {
            Some(setting) => session.set_limit(setting),
            None => Err("give a limit: `:set limit heap=200000000`".to_owned()),
        },
        Some("play") => match value {
            Some(word) => crate::eval::parse_play(word).map(|play| session.set_play(play)),
            None => Err("give a play convention: `:set play misere` or `:set play normal`".into()),
        },
        Some(other) => Err(format!(
            "there is no setting `{other}`; the settings are depth, lines, color, unicode, limit, play"
        )),
    };
    if let Err(message) = result {
        refuse(settings, format!("error: :set {argument}: {message}"));
    }
}

fn show_settings(session: &Session, settings: &Settings) {
    let Fold { depth, lines, .. } = session.fold;
    let on = |b: bool| if b { "on" } else { "off" };
    let mut rows = vec![
        ("depth", depth.to_string(), "levels of a proof `why` shows"),
        (
            "lines",
            lines.to_string(),
            "lines of a proof before it is folded",
        ),
    ];
    let play = crate::eval::play_word(session.play());
    rows.push((
        "play",
        play.into(),
        "normal: the last move wins; misere: it loses",
    ));
    if let Format::Text(style) = settings.format {
        rows.push(("color", on(style.color).into(), "colour in diagnostics"));
        let unicode = "≡ ⊕ → and box drawing (off: == xor ->)";
        rows.push(("unicode", on(style.unicode).into(), unicode));
    }
    let width = rows
        .iter()
        .map(|(name, value, _)| name.len() + 1 + value.len());
    let width = width.max().unwrap_or(0);
    for (name, value, meaning) in rows {
        let setting = format!("{name} {value}");
        print_line(format!("{setting:width$}   {meaning}"));
    }
    let limits = crate::eval::limits::LIMITS
        .iter()
        .filter_map(|(name, _)| {
            let value = session.limits().get(name)?;
            Some(format!(
                "{name}={}",
                crate::eval::limits::typed(name, value)
            ))
        })
        .collect::<Vec<_>>();
    print_line(format!("limit {}", limits.join(" ")));
    match &settings.history {
        Some(path) => print_line(format!("history {}", path.display())),
        None => print_line("history not kept"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_may_be_shortened_to_a_unique_prefix() {
        assert_eq!(expand("q"), Some("quit"));
        assert_eq!(expand("h"), Some("help"));
        assert_eq!(expand("v"), Some("vars"));
        assert_eq!(expand("l"), Some("load"));
        assert_eq!(expand("r"), Some("reload"));
        assert_eq!(expand("c"), Some("clear"));
        assert_eq!(expand("load"), Some("load"));
        assert_eq!(expand("x"), None);
        assert_eq!(expand(""), None);
    }
}
