//! Syntax errors, with the friendly names of what the parser expected.

use miette::Diagnostic;
use thiserror::Error;

use super::grammar::Rule;
use crate::source::Span;

#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum SyntaxError {
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(grundy::syntax::expected))]
    Expected {
        #[label("expected {expected} here")]
        span: Span,
        expected: String,
        found: String,
        #[help]
        help: Option<String>,
    },

    #[error("number too large: {digits}")]
    #[diagnostic(
        code(grundy::syntax::number_too_large),
        help("integers in grundy are 64-bit: at most 9223372036854775807 (about 9.2e18)")
    )]
    NumberTooLarge {
        #[label("this does not fit in 64 bits")]
        span: Span,
        digits: String,
    },

    #[error("expression nested too deeply")]
    #[diagnostic(
        code(grundy::syntax::too_deep),
        help(
            "grundy reads at most {limit} levels of brackets and prefix operators; \
             give inner parts a name with `let` and use the name"
        )
    )]
    TooDeep {
        #[label("more than {limit} levels deep here")]
        span: Span,
        limit: usize,
    },

    #[error("there is not enough memory to read this program")]
    #[diagnostic(
        code(grundy::syntax::no_stack),
        help(
            "reading {levels} levels of brackets takes a stack of {mib} MiB, which the system \
             would not give ({reason}); nest less deeply, or allow grundy more memory"
        )
    )]
    NoStack {
        #[label("the program starts here")]
        span: Span,
        levels: usize,
        mib: usize,
        reason: String,
    },

    #[error("`{name}` is used twice as a parameter")]
    #[diagnostic(
        code(grundy::syntax::duplicate_parameter),
        help("give each parameter its own name")
    )]
    DuplicateParameter {
        #[label("second `{name}`")]
        span: Span,
        name: String,
    },

    #[error("`{name}` is bound twice in this pattern")]
    #[diagnostic(
        code(grundy::syntax::duplicate_name),
        help("give each name of a pattern its own name; `_` may stand for each part not used")
    )]
    DuplicateName {
        #[label("second `{name}`")]
        span: Span,
        name: String,
    },

    #[error("this command does not take `{word}`")]
    #[diagnostic(
        code(grundy::syntax::modifier),
        help(
            "`why full`, `tree full` and `options full` show everything, `moves all` lists every move (`moves all full` with none folded); `dot` takes just a game"
        )
    )]
    Modifier {
        #[label("this takes {allowed} here")]
        span: Span,
        word: String,
        allowed: &'static str,
    },

    #[error("only pictures are written to files")]
    #[diagnostic(
        code(grundy::syntax::written_to),
        help(
            "`dot G to \"g.svg\"` and `plot seq(kayles, 0..100) to \"kayles.svg\"` write pictures; other commands print their answer"
        )
    )]
    WrittenTo {
        #[label("this command prints; it writes no file")]
        span: Span,
    },
}

impl SyntaxError {
    pub fn span(&self) -> Span {
        match self {
            SyntaxError::Expected { span, .. }
            | SyntaxError::NumberTooLarge { span, .. }
            | SyntaxError::TooDeep { span, .. }
            | SyntaxError::DuplicateParameter { span, .. }
            | SyntaxError::DuplicateName { span, .. }
            | SyntaxError::Modifier { span, .. }
            | SyntaxError::NoStack { span, .. }
            | SyntaxError::WrittenTo { span } => *span,
        }
    }
}

/// What a grammar rule is called in an error message, grouped so that
/// "expected `+`, `-`, `*`, ..." reads "expected an operator".
pub(super) fn friendly_name(rule: Rule) -> &'static str {
    use Rule::*;
    match rule {
        or | and | kw_or | kw_and | eq | ne | le | ge | lt | gt | range_incl | range | xor
        | add | sub | pow | mul | nim_mul | div | rem | member | not_member | bit_or | bit_and
        | subscript => "an operator",
        expr | operation | heap | subtraction | neg | not | if_expr | game | set | list | paren
        | call | int | string | boolean | lone_star | element | kw_not | options_fn | replaced
        | slice | slice_from | slice_to => "an expression",
        // `let loopy f(n)`: the mark stands where a name may.
        name | library_name | loopy_mark => "a name",
        list_pattern => "a name or a list of names `[a, b]`",
        bindings | kw_where => "`where`",
        lambda | lambda_params | arrow => "`=>`",
        map | map_entry => "an expression",
        map_colon => "`:`",
        binding => "a binding `k = ...`",
        let_clause | kw_let_clause => "a `let` clause",
        command | verb => "a command",
        modifier => "`full` or `all`",
        claim | kind_test | kw_is => "`is`",
        outcome | kind => {
            "`losing`, `winning`, `draw`, `P`, `N` or `D`, or a kind (`list`, `int`, ...)"
        }
        for_clause | kw_for | generator => "`for`",
        if_clause | kw_if => "`if`",
        kw_then => "`then`",
        kw_else => "`else`",
        kw_in => "`in`",
        // `G as "take 2"` after an option reads like an operator in a list of what may follow.
        move_label | kw_as => "an operator",
        kw_let => "`let`",
        kw_assert => "`assert`",
        plot_stmt | kw_plot => "`plot`",
        plot_to | kw_to => "`to`",
        params => "parameters",
        args => "arguments `(...)`",
        comma => "`,`",
        close_game => "`>`",
        close_set => "`}`",
        close_list => "`]`",
        close_paren => "`)`",
        equals => "`=`",
        stmt_end | EOI => "the end of the statement",
        statement => "a statement",
        _ => "something else",
    }
}

/// The order in which expected things are listed.
pub(super) const ORDER: &[&str] = &[
    "`let`",
    "`assert`",
    "an expression",
    "a name",
    "an operator",
    "`is`",
    "`where`",
    "`,`",
    "`>`",
    "`}`",
    "`]`",
    "`)`",
    "`=`",
    "`for`",
    "`if`",
    "`then`",
    "`else`",
    "`in`",
    "parameters",
    "arguments `(...)`",
    "the end of the statement",
];

/// "a", "a or b", "a, b or c"
pub(super) fn one_of(names: &[&str]) -> String {
    match names {
        [] => "something else".to_owned(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

pub(super) const END_OF_INPUT: &str = "the end of the input";

/// How the text at `offset` is described: "`}`", "the end of the line", "`foo`".
pub(super) fn describe_found(text: &str, offset: usize) -> String {
    let rest = &text[offset.min(text.len())..];
    let Some(first) = rest.chars().next() else {
        return END_OF_INPUT.to_owned();
    };
    if first == '\n' || rest.starts_with("\r\n") {
        return "the end of the line".to_owned();
    }
    const OPERATOR: &str = "=!<>+-*/%^.";
    let word: String = if first.is_alphanumeric() || first == '_' {
        rest.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .take(20)
            .collect()
    } else if OPERATOR.contains(first) {
        rest.chars()
            .take_while(|c| OPERATOR.contains(*c))
            .take(3)
            .collect()
    } else {
        first.to_string()
    };
    format!("`{word}`")
}
