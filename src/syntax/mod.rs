//! Source text to syntax tree: the pest grammar in `grammar/grundy.pest`, a Pratt parser for
//! operators, and syntax errors with friendly names.

pub mod ast;
mod error;
mod grammar;
mod parser;

use pest::error::{ErrorVariant, InputLocation};

pub use error::SyntaxError;
pub use parser::MAX_NESTING;

use crate::source::{Lines, SourceId, Span};
use ast::Stmt;
use grammar::Rule;

/// Bytes of memory the parser takes for a byte of source, at most: measured peaks are 20
/// for the example worksheets, 138 for `*1+*1+...`, 218 for `{1,1,...}`.
pub const PARSE_BYTES: u64 = 220;

/// The parser runs on a stack of its own, so that how deep it may recurse does not depend on
/// the caller, sized to the program: this much, and [`STACK_PER_LEVEL`] a level of brackets.
/// (A stack reserved whole for the deepest program, 64 MiB, could not be had in a small
/// address space, and a failed reservation would abort.)
const PARSE_STACK: usize = 1 << 20;

/// Pest recurses through a dozen rules a level of brackets: about 8 KiB measured in a
/// release build, twice that here for other builds and targets.
const STACK_PER_LEVEL: usize = 16 << 10;

/// Parses a whole program. A syntax error skips to the next line and parsing goes on, so
/// every statement's error is reported at once.
pub fn parse(source: SourceId, text: &str) -> (Vec<Stmt>, Vec<SyntaxError>) {
    match parse_watched(source, text, &mut |_, _| true) {
        Ok(parsed) => parsed,
        Err(Stopped { .. }) => unreachable!("nothing stops this parse"),
    }
}

/// A parse given up when asked to (Ctrl-C), at this byte of the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    pub at: usize,
}

/// Bytes parsed between two questions whether to go on: a few milliseconds' work.
const ASK_EVERY: usize = 1 << 14;

/// [`parse`], asking `keep_going(done, total)` (in bytes) every [`ASK_EVERY`] bytes whether
/// to go on: a file of megabytes takes seconds. A short program is never asked about.
pub fn parse_watched(
    source: SourceId,
    text: &str,
    keep_going: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<(Vec<Stmt>, Vec<SyntaxError>), Stopped> {
    parse_in_windows(source, text, parser::WINDOW, keep_going)
}

/// [`parse_watched`], each statement's parse first given `window` bytes of the text.
fn parse_in_windows(
    source: SourceId,
    text: &str,
    window: usize,
    keep_going: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<(Vec<Stmt>, Vec<SyntaxError>), Stopped> {
    let levels = deepest_brackets(text);
    let stack = PARSE_STACK + levels * STACK_PER_LEVEL;
    // A stack the system would not map is a diagnostic here, not an abort in the mapping.
    if let Some(left) = crate::system::address_space_left()
        && left < 2 * stack as u64
    {
        let span = point(source, text, parser::skip_gap(text, 0).min(text.len()));
        let error = SyntaxError::NoStack {
            span,
            levels,
            mib: stack.div_ceil(1 << 20),
            reason: format!("{} MiB of address space are left", left >> 20),
        };
        return Ok((Vec::new(), vec![error]));
    }
    stacker::grow(stack, || parse_here(source, text, window, keep_going))
}

/// How deep brackets nest in the text (at most one past [`MAX_NESTING`], where the parser
/// stops): what the parser's stack is sized by.
fn deepest_brackets(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for byte in text.bytes() {
        match byte {
            b'<' | b'(' | b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'>' | b')' | b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest.min(MAX_NESTING + 1)
}

/// [`parse_in_windows`] on the stack it is given.
fn parse_here(
    source: SourceId,
    text: &str,
    window: usize,
    keep_going: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<(Vec<Stmt>, Vec<SyntaxError>), Stopped> {
    let lines = Lines::new(text);
    {
        let mut statements = Vec::new();
        let mut errors = Vec::new();
        let mut offset = parser::skip_gap(text, 0);
        let mut ask_at = ASK_EVERY;
        while offset < text.len() {
            if offset >= ask_at {
                if !keep_going(offset, text.len()) {
                    return Err(Stopped { at: offset });
                }
                ask_at = offset + ASK_EVERY;
            }
            match parser::parse_statement(source, text, offset, &lines, window) {
                Ok((stmt, consumed)) => {
                    statements.push(stmt);
                    offset = parser::skip_gap(text, offset + consumed.max(1));
                }
                Err(error) => {
                    let nesting = matches!(error, SyntaxError::TooDeep { .. });
                    let at = (error.span().start as usize).max(offset);
                    errors.push(error);
                    if nesting {
                        // The rest is most likely more of the same expression.
                        break;
                    }
                    offset = parser::skip_gap(text, resume_after(text, offset, at));
                }
            }
        }
        Ok((statements, errors))
    }
}

/// Where parsing goes on after an error at `at` in the statement that starts at `start`: the
/// next line that does not look like the continuation of the broken statement (indented
/// further than its first line, or a closing bracket, a comma or an operator first).
fn resume_after(text: &str, start: usize, at: usize) -> usize {
    let indent = |line: &str| line.len() - line.trim_start_matches([' ', '\t']).len();
    let first_line = text[..start].rfind('\n').map_or(0, |n| n + 1);
    let statement_indent = indent(&text[first_line..]);
    let mut offset = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
    while offset < text.len() {
        let line_end = text[offset..].find('\n').map_or(text.len(), |n| offset + n);
        let line = &text[offset..line_end];
        let rest = line.trim_start_matches([' ', '\t']);
        // A blank line or a comment may lie inside a statement or between two.
        let blank = rest.is_empty() || rest.starts_with("//");
        let continued = blank
            || rest.starts_with(|c: char| ">)},=!<+-*/%^.".contains(c))
            || indent(line) > statement_indent;
        if !continued {
            break;
        }
        offset = text[offset..]
            .find('\n')
            .map_or(text.len(), |n| offset + n + 1);
    }
    offset
}

/// Whether the text is the beginning of a program that merely stopped too early
/// (an open bracket, a trailing operator): the REPL then asks for another line.
pub fn is_incomplete(text: &str) -> bool {
    let (_, errors) = parse(SourceId::default(), text);
    errors.iter().any(|error| {
        matches!(error, SyntaxError::Expected { found, .. } if found == error::END_OF_INPUT)
    })
}

fn convert_pest_error(
    source: SourceId,
    text: &str,
    offset: usize,
    error: pest::error::Error<Rule>,
) -> SyntaxError {
    let at = offset
        + match error.location {
            InputLocation::Pos(pos) => pos,
            InputLocation::Span((start, _)) => start,
        };
    let span = point(source, text, at);
    let positives = match error.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { message } if message.contains("limit") => {
            return SyntaxError::TooDeep {
                span: too_deep_at(text, offset).map_or(span, |at| point(source, text, at)),
                limit: MAX_NESTING,
            };
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let mut names: Vec<&str> = positives.into_iter().map(error::friendly_name).collect();
    // A fixed order, so that messages do not depend on the order rules were tried in.
    names.sort_by_key(|name| error::ORDER.iter().position(|n| n == name));
    names.dedup();
    // `where` and a comprehension's `let` may follow almost anything and are never missing:
    // naming them would only lengthen every list.
    names.retain(|n| !matches!(*n, "`where`" | "a `let` clause" | "`=>`"));
    // `to` may follow only `dot`'s game and `plot`'s table: elsewhere it is no help to name.
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let first_word = text[line_start..].split_whitespace().next().unwrap_or("");
    if !matches!(first_word, "dot" | "plot") {
        names.retain(|n| *n != "`to`");
    }
    // Names, `if` and a command's optional modifier all start (or precede) an expression.
    if names.contains(&"an expression") {
        names.retain(|n| !matches!(*n, "a name" | "`if`" | "`full` or `all`" | "something else"));
    }
    // Everything a statement may start with: say so in two words.
    if names.contains(&"`let`") && names.contains(&"an expression") {
        names.retain(|n| !matches!(*n, "`let`" | "`assert`" | "a command" | "an expression"));
        names.insert(0, "a statement");
    }
    let found = error::describe_found(text, at);
    let decimal_point = found == "`.`" && text[..at].ends_with(|c: char| c.is_ascii_digit());
    // A comment in another language's style: `# note` or `/* note */`.
    let line = &text[text[..at].rfind('\n').map_or(0, |i| i + 1)..];
    let foreign_comment = found == "`#`" || found == "`/*`" || line.trim_start().starts_with("# ");
    let help = if decimal_point {
        "numbers in grundy are whole numbers; a take-and-break code is a string: `octal(\"0.77\", n)`".to_owned()
    } else if foreign_comment {
        "comments start with `//` and run to the end of the line; `#` writes a heap of the \
         subtraction game, as in `#7`"
            .to_owned()
    } else if found == "`\"`" {
        "a string runs to a closing `\"` on the same line: `octal(\"0.77\", 5)`".to_owned()
    } else if let Some(word) = play_word_times(text, at) {
        format!(
            "`{word} * …` reads as `{word}` times what follows (a `*` followed by a space is \
             multiplication): for the heap of one chip write `{word} *1` or `{word} (*)`"
        )
    } else if let Some(call) = call_without_brackets(text, at, &names) {
        format!("arguments go in brackets: `{call}`")
    } else if shifts(text, at) {
        "grundy has no shift operators: for 2 to the power k write `2 ** k`; `<` opens a game"
            .to_owned()
    } else if let Some(letter) = found
        .trim_matches('`')
        .chars()
        .next()
        .filter(|c| !c.is_ascii() && c.is_alphabetic())
    {
        format!("names are made of ASCII letters, digits and `_`; `{letter}` can't be in one")
    } else {
        help_for(&names, &found)
    };
    SyntaxError::Expected {
        span,
        expected: error::one_of(&names),
        found,
        help: Some(help),
    }
}

/// `kayles(5)` for `kayles 5`: a name, a space and then an argument where an operator
/// was wanted.
fn call_without_brackets(text: &str, at: usize, expected: &[&str]) -> Option<String> {
    if !expected.contains(&"an operator") {
        return None;
    }
    let before = text[..at].trim_end_matches([' ', '\t']);
    if before.len() == text[..at].len() {
        return None;
    }
    let name_start = before
        .char_indices()
        .rfind(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let name = &before[name_start..];
    let starts_name = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    let line_end = text[at..].find(['\n', ';']).map_or(text.len(), |i| at + i);
    let argument = text[at..line_end].trim_end();
    let simple =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (starts_name && simple(argument)).then(|| format!("{name}({argument})"))
}

/// `1 << 2` or `n >> 1` on the line of the error: a shift, in another language, where `<`
/// opens a game here (`<<*0>, *1>` is a game in a game, and no expression comes before it).
fn shifts(text: &str, at: usize) -> bool {
    // At the end of the input: the line the input ends with.
    let at = at.min(text.trim_end().len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = &text[start..end];
    ["<<", ">>"].iter().any(|shift| {
        line.match_indices(shift).any(|(at, _)| {
            let left = line[..at].trim_end();
            left.ends_with(|c: char| c.is_ascii_alphanumeric() || c == ')' || c == '_')
        })
    })
}

/// Where brackets opened from `offset` on first nest deeper than [`MAX_NESTING`]: pest
/// notices its own limit somewhere further on, which is no place to point at.
fn too_deep_at(text: &str, offset: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in text[offset..].char_indices() {
        match c {
            '<' | '(' | '{' => depth += 1,
            '>' | ')' | '}' => depth = depth.saturating_sub(1),
            '\n' if depth == 0 => return None,
            _ => {}
        }
        if depth > MAX_NESTING {
            return Some(offset + at);
        }
    }
    None
}

/// A span of one character at `at`, moved back onto the text when `at` is its end
/// (miette drops labels that start at the very end).
fn point(source: SourceId, text: &str, at: usize) -> Span {
    if at < text.len() {
        let width = text[at..].chars().next().map_or(1, char::len_utf8);
        Span::new(source, at, at + width)
    } else {
        let start = text[..text.len()]
            .char_indices()
            .last()
            .map_or(0, |(i, _)| i);
        Span::new(source, start, text.len())
    }
}

/// `misere` (or `misère`, `normal`) if the text before `at` reads `misere * `: a prefix word
/// followed by a `*` and a space, which is multiplication.
fn play_word_times(text: &str, at: usize) -> Option<&'static str> {
    let before = text[..at].trim_end().strip_suffix('*')?.trim_end();
    ["misere", "misère", "normal"].into_iter().find(|word| {
        before
            .strip_suffix(word)
            .is_some_and(|rest| !rest.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
    })
}

fn help_for(expected: &[&str], found: &str) -> String {
    // `options(G)` is a built-in too, but `let` cannot take its name as it can `len`'s: the
    // word also starts the command `options G`.
    let command_word = ["`why`", "`moves`", "`options`", "`tree`", "`dot`"].contains(&found);
    if expected == ["a name"] && command_word {
        let word = found.trim_matches('`');
        return format!(
            "`{word}` starts the command `{word} G`, so it can't be a name (a built-in such as \
             `len` can be defined again, a command's word can't); call yours `my_{word}`"
        );
    }
    let starts_statement = expected.contains(&"a statement");
    let operator = found
        .trim_matches('`')
        .chars()
        .all(|c| "=!<>+-*/%^.".contains(c));
    let help = if starts_statement && found == "`:`" {
        "`:vars`, `:load` and the other `:commands` belong to the REPL; a script holds \
         statements only (`grundy` on a terminal starts the REPL)"
    } else if starts_statement && operator {
        "a line that starts with an operator does not continue the line above; \
         end the line above with the operator instead"
    } else if found == "`=`" && expected.contains(&"an operator") {
        "to claim two games are equivalent write `==`; a single `=` belongs to `let`"
    } else if expected.contains(&"`>`") {
        "a game lists its options between `<` and `>`, separated by commas: `<*0, *1>`"
    } else if expected.contains(&"`)`") {
        "every `(` needs a matching `)`"
    } else if expected.contains(&"`}`") {
        "a set lists integers between `{` and `}`, separated by commas: `{1, 3, 4}`"
    } else if expected == ["a name"] {
        "names start with a letter or `_`; keywords such as `let`, `if`, `for` can't be names"
    } else if expected.contains(&"`then`") {
        "a condition reads `if c then x else y`"
    } else if expected.contains(&"`else`") {
        "a condition needs both branches: `if c then x else y`"
    } else if expected
        .iter()
        .any(|e| e.starts_with("`losing`, `winning`, `draw`"))
    {
        "claim an outcome, `G is losing` (also `is P`), `G is winning` (also `is N`) or, of a \
         loopy game, `G is draw` (also `is D`), or a kind: `p is list`, `x is int`, `is bool`, `is string`, `is set`, `is map`, `is range`, \
         `is game`, `is function`, `is graph`"
    } else if expected.contains(&"an expression") && found == "the end of the input" {
        "the statement stops in the middle: something is missing at the end"
    } else if expected.contains(&"an expression") && operator {
        "an operator goes between two expressions: `*5 + *7`, `2 ** 10`"
    } else if expected.contains(&"an expression") {
        "something is missing here: an expression such as `*3`, `<*0, *1>`, `kayles(7)` or `2 + 3`"
    } else if found == "`(`" && expected.contains(&"an operator") {
        "only a name takes arguments: pass the heap inside, `octal(\"0.007\", 20)`, or name the \
         family first, `let t = octal(\"0.007\"); t(20)`"
    } else if expected.contains(&"an operator") {
        "two expressions need an operator between them; separate statements with `;` or a new line"
    } else {
        "this is not a statement grundy can read; `:help` in the REPL lists the forms"
    };
    help.to_owned()
}

#[cfg(test)]
mod tests;
