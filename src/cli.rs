//! The command line: `grundy` (the REPL, or a script piped to standard input),
//! `grundy run FILE...`, `grundy eval 'STATEMENT'`, `grundy check FILE...` and
//! `grundy completions SHELL`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;

use crate::diagnostics::Style;
use crate::eval::{Limits, Session, Summary};
use crate::input::{Reader, read_source};
use crate::output::{Failure, Format, print_event, print_failure, print_summary, run_text};

/// Exit code for a file that can't be read or a command line that can't be understood.
const USAGE_ERROR: u8 = 2;

#[derive(Parser)]
#[command(
    name = "grundy",
    version,
    about = "A language and REPL for impartial combinatorial games",
    long_about = "A language and REPL for impartial combinatorial games.\n\n\
                  Without a command, grundy starts the REPL on a terminal and runs standard \
                  input as a script otherwise.",
    after_help = "Exit codes: 0 success, 1 a failed assert, 2 usage or I/O error, \
                  3 syntax or name errors, 4 runtime error or cancelled.\n\
                  Environment: NO_COLOR turns colour off; NO_GRAPHICS narrates diagnostics \
                  for screen readers; GRUNDY_HISTORY names the REPL's history file."
)]
struct Cli {
    /// One JSON object per statement on standard output (errors too), for other tools
    #[arg(long, global = true)]
    json: bool,
    /// No summary after each file `grundy run` runs (`seeds.game: 86 asserts held`)
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Colour in diagnostics: auto (on a terminal, unless NO_COLOR is set), always, never
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    color: ColorChoice,
    /// Raise or lower a limit: depth, steps, nodes, heap, options, memory, search, source
    /// (e.g. `--limit heap=2e8`, `--limit memory=4GiB`)
    #[arg(long = "limit", value_name = "NAME=VALUE", global = true)]
    limits: Vec<String>,
    /// Misère play: the player who makes the last move loses (`misere E` in a program;
    /// `normal E` answers one expression in normal play)
    #[arg(long, global = true)]
    misere: bool,
    /// The REPL's history file: a history already, empty or new, in a directory that exists
    #[arg(long, value_name = "FILE", global = true, long_help = history_help())]
    history_file: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run .game scripts (`-` reads standard input); exit 0 only if every assert held
    Run {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Evaluate statements (separated by `;` or newlines) and print what they print
    Eval {
        /// Statements may start with `-`: `grundy eval '-7 / 2 == -4'`.
        #[arg(value_name = "STATEMENT", allow_hyphen_values = true)]
        source: String,
    },
    /// Parse and resolve names only, running nothing: exit 0 if the files are well formed
    Check {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Survey heap games on every core: `grundy survey '0.???' --to 100000 --file s.csv`
    /// (the language's `survey(...)`: a table of periods, the records kept in the file)
    Survey {
        /// Octal codes, `?` standing for each digit 0 to 7: `0.???`, `0.77 0.137`
        #[arg(required = true, value_name = "CODES")]
        codes: Vec<String>,
        /// Compute each game to g(N) at most (sooner if its period is proved)
        #[arg(long, value_name = "N")]
        to: u64,
        /// Keep the records in this CSV file, and take up where it stopped when run again
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
        /// Print every game's row, not a screenful
        #[arg(long)]
        full: bool,
    },
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell)
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// The statement `grundy survey` runs: `survey(["0.???"], 100000, "s.csv")`.
fn survey_statement(
    codes: &[String],
    to: u64,
    file: Option<&std::path::Path>,
    full: bool,
) -> String {
    let quoted = |text: &str| serde_json::to_string(text).expect("a string");
    let codes: Vec<String> = codes.iter().map(|code| quoted(code)).collect();
    let file = file.map_or(String::new(), |path| {
        format!(", {}", quoted(&path.to_string_lossy()))
    });
    let full = if full { "full " } else { "" };
    // A heap limit just past the bound, unless one was given.
    format!("{full}survey([{}], {to}{file})", codes.join(", "))
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    let stderr_width = terminal_size::terminal_size_of(std::io::stderr()).map(|(w, _)| w.0);
    let style = Style {
        color: use_color(cli.color),
        narrated: std::env::var_os("NO_GRAPHICS").is_some_and(|v| !v.is_empty()),
        fit: std::io::stdout().is_terminal(),
        // Diagnostics fit the terminal they are shown on; elsewhere the snapshots' width.
        width: stderr_width.map_or(Style::PLAIN.width, usize::from),
        ..Style::PLAIN
    };
    let format = if cli.json {
        Format::Json
    } else {
        Format::Text(style)
    };
    let mut limits = Limits::default();
    for setting in &cli.limits {
        if let Err(message) = limits.set(setting) {
            let message = format!("--limit {setting}: {message}");
            let help = "a limit is `name=N`, N a whole number: `--limit steps=2000000000`, \
                        `steps=2e9` or `steps=2_000_000_000`; `memory` and `source` are bytes, \
                        which may be given in KiB, MiB, GiB (or kB, MB, GB): `--limit memory=4GiB`";
            print_failure(&usage(message, Some(help.to_owned())), format);
            return ExitCode::from(USAGE_ERROR);
        }
    }
    let mut session = Session::new(limits);
    session.limit_the_whole_process(true);
    if cli.misere {
        session.set_play(crate::game::misere::Play::Misere);
    }
    // Ctrl-C stops the computation running (exit code 4, or back to the REPL's prompt); at
    // the REPL's prompt the line editor reads it as a key instead.
    let interrupt = session.interrupt_flag();
    if let Err(error) = ctrlc::set_handler(move || interrupt.store(true, Ordering::Relaxed)) {
        crate::output::print_error_line(format!(
            "warning: Ctrl-C will not stop long computations: {error}"
        ));
    }
    if std::io::stderr().is_terminal() {
        session
            .arena
            .watch
            .set_progress(Some(Box::new(crate::progress::Bar::default())));
    }
    let code = match cli.command {
        Some(Command::Run { files }) => run_files(&mut session, &files, format, !cli.quiet),
        Some(Command::Eval { source }) => {
            run_text(&mut session, "<eval>", &source, format).exit_code() as u8
        }
        Some(Command::Check { files }) => check_files(&mut session, &files, format),
        Some(Command::Survey {
            codes,
            to,
            file,
            full,
        }) => {
            let source = survey_statement(&codes, to, file.as_deref(), full);
            run_text(&mut session, "<survey>", &source, format).exit_code() as u8
        }
        Some(Command::Completions { shell }) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "grundy", &mut script);
            crate::output::print_verbatim(&String::from_utf8_lossy(script.trim_ascii_end()));
            0
        }
        None if std::io::stdin().is_terminal() => match crate::repl::history_file(cli.history_file)
        {
            Ok(history) => {
                session.advise_at_the_prompt();
                crate::repl::run(&mut session, format, history)
            }
            Err(failure) => {
                print_failure(&failure, format);
                USAGE_ERROR
            }
        },
        // Piped into the REPL: what the REPL prints, its `:commands` too, without a summary.
        None => crate::repl::run_piped(&mut session, format),
    };
    ExitCode::from(code)
}

/// `--history-file` in `--help`: where the history goes on this machine.
fn history_help() -> String {
    let standard = crate::repl::standard_history_file()
        .map_or("none".to_owned(), |path| path.display().to_string());
    format!(
        "The REPL's history file. It must be a history already (rustyline's, starting with \
         `#V2`), empty or new, in a directory that exists: grundy refuses to overwrite \
         anything else. Default: $GRUNDY_HISTORY if set, else {standard} (its directory is \
         made if need be); `:set` in the REPL shows the file in use"
    )
}

/// A command line clap could not read. With `--json` anywhere on it, the error is a JSON
/// object like any other; help and version are printed as asked.
fn usage_error(error: clap::Error) -> ExitCode {
    let json = std::env::args_os()
        .skip(1)
        .take_while(|arg| arg != "--")
        .any(|arg| arg == "--json");
    if !json || !error.use_stderr() {
        error.exit();
    }
    // clap's text: `error: ...` first, then tips and usage.
    let text = error.render().to_string();
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let message = first.strip_prefix("error: ").unwrap_or(first).to_owned();
    let help = rest
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let help = (!help.is_empty()).then_some(help);
    print_failure(&usage(message, help), Format::Json);
    ExitCode::from(USAGE_ERROR)
}

fn usage(message: String, help: Option<String>) -> Failure {
    Failure {
        code: "grundy::usage",
        file: None,
        place: None,
        message,
        help,
    }
}

/// `--color`: on a terminal (and without `NO_COLOR`) for `auto`.
fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            !no_color && std::io::stderr().is_terminal()
        }
    }
}

/// `grundy check`: every file parsed and its names resolved, nothing run.
fn check_files(session: &mut Session, files: &[PathBuf], format: Format) -> u8 {
    let mut code = 0;
    for file in files {
        match read_source(file, session.limits().source, Reader::CommandLine) {
            Ok((name, text)) => {
                let interrupt = session.interrupt_flag();
                let summary = session.check(&name, &text, &mut |event| {
                    print_event(event, format, &name, &interrupt)
                });
                code = code.max(summary.exit_code() as u8);
                if summary.cancelled {
                    break;
                }
            }
            Err(failure) => {
                print_failure(&failure, format);
                code = code.max(USAGE_ERROR);
            }
        }
    }
    code
}

/// Runs each file in one session, each followed by its summary if `summaries`; the exit
/// code is the worst of them.
fn run_files(session: &mut Session, files: &[PathBuf], format: Format, summaries: bool) -> u8 {
    let mut summary = Summary::default();
    let mut unreadable = false;
    for file in files {
        match read_source(file, session.limits().source, Reader::CommandLine) {
            Ok((name, text)) => {
                let ran = run_text(session, &name, &text, format);
                if summaries {
                    print_summary(&name, &ran, format);
                }
                summary.add(ran);
                // Ctrl-C stops the whole run, not only the file it came in.
                if ran.cancelled {
                    break;
                }
            }
            Err(failure) => {
                print_failure(&failure, format);
                unreadable = true;
            }
        }
    }
    let code = summary.exit_code() as u8;
    if unreadable && code != 3 && code != 4 {
        USAGE_ERROR
    } else {
        code
    }
}
