//! Errors found while evaluating: names, calls, types, loops, sizes, failed asserts.

use miette::{Diagnostic, LabeledSpan};
use thiserror::Error;

use crate::eval::values::Value;
use crate::source::Span;

#[derive(Debug, Clone, Error, Diagnostic)]
pub enum EvalError {
    #[error("unknown name `{name}`")]
    #[diagnostic(code(grundy::name::unknown))]
    UnknownName {
        #[label("not defined")]
        span: Span,
        name: String,
        #[help]
        help: Option<String>,
    },

    #[error("`{name}` takes {expected}, but was given {found}")]
    #[diagnostic(code(grundy::call::arity))]
    Arity {
        #[label("{found} given here")]
        span: Span,
        name: String,
        expected: String,
        found: String,
        #[help]
        help: Option<String>,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::types::mismatch))]
    Type {
        #[label("{label}")]
        span: Span,
        message: String,
        label: String,
        #[help]
        help: Option<String>,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::value::invalid))]
    Invalid {
        #[label("{label}")]
        span: Span,
        message: String,
        label: String,
        #[help]
        help: Option<String>,
    },

    #[error("this definition loops: {cycle}")]
    #[diagnostic(
        code(grundy::call::loops),
        help(
            "a game must end, so every option has to be simpler than the game itself; \
             call the family with smaller arguments (such as `n - 1`) and stop at a base case"
        )
    )]
    Loop {
        #[label("`{call}` is needed here while `{call}` is still being worked out")]
        span: Span,
        call: String,
        cycle: String,
    },

    #[error("integer overflow in `{op}`")]
    #[diagnostic(
        code(grundy::int::overflow),
        help("integers in grundy are 64-bit, from -9223372036854775808 to 9223372036854775807")
    )]
    Overflow {
        #[label("the result does not fit in 64 bits")]
        span: Span,
        op: String,
    },

    #[error("{what} is too large")]
    #[diagnostic(code(grundy::limit::size))]
    TooLarge {
        #[label("{label}")]
        span: Span,
        what: String,
        label: String,
        #[help]
        help: Option<String>,
    },

    #[error("calls nested deeper than {limit}: {call}")]
    #[diagnostic(
        code(grundy::limit::depth),
        help(
            "families may recurse only as deep as the `depth` limit ({limit}); is there a base case it never reaches? \
             (to allow more, run grundy with `--limit depth=N`)"
        )
    )]
    TooDeep {
        #[label("`{call}` goes past the limit")]
        span: Span,
        limit: usize,
        call: String,
    },

    #[error("evaluation took more steps than the `steps` limit ({limit})")]
    #[diagnostic(
        code(grundy::limit::steps),
        help(
            "a step is one call, one pass through a `for`, one edge of a picture drawn, 64 edges of a picture cut, or 64 elements a builtin goes through; this much work usually means a range far \
             larger than meant (to allow more, run grundy with `--limit steps=N`)"
        )
    )]
    TooManySteps {
        #[label("stopped here")]
        span: Span,
        limit: u64,
    },

    #[error("cancelled")]
    #[diagnostic(
        code(grundy::cancelled),
        help("everything defined before is still there; what came after it did not run")
    )]
    Cancelled {
        #[label("stopped here")]
        span: Span,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::call::refused))]
    Refused {
        #[label("{label}")]
        span: Span,
        message: String,
        label: String,
        #[help]
        help: String,
        /// Until the error reaches the call that was refused (see `require`).
        unplaced: Option<Box<Unplaced>>,
    },

    #[error("the {what} could not be written to {file}")]
    #[diagnostic(code(grundy::plot::unwritable))]
    Unwritable {
        #[label("{reason}")]
        span: Span,
        /// `plot` or `picture`.
        what: &'static str,
        file: String,
        reason: String,
        /// Said for `plot` or for `dot` (see `drawing`).
        #[help]
        help: String,
    },

    /// An error inside the library's code, told at the user's call that led there.
    #[error(transparent)]
    #[diagnostic(transparent)]
    FromLibrary(Box<FromLibrary>),

    #[error("assertion failed: {claim}")]
    #[diagnostic(code(grundy::assert::failed))]
    AssertFailed {
        span: Span,
        claim: String,
        #[label(collection)]
        labels: Vec<LabeledSpan>,
        #[help]
        help: Option<String>,
        /// The values of its sides, for tools.
        verdict: Box<super::answer::Verdict>,
    },
}

impl EvalError {
    /// Where the error is; its source is the one the diagnostic shows.
    pub fn span(&self) -> Span {
        match self {
            EvalError::UnknownName { span, .. }
            | EvalError::Arity { span, .. }
            | EvalError::Type { span, .. }
            | EvalError::Invalid { span, .. }
            | EvalError::Loop { span, .. }
            | EvalError::Overflow { span, .. }
            | EvalError::TooLarge { span, .. }
            | EvalError::TooDeep { span, .. }
            | EvalError::TooManySteps { span, .. }
            | EvalError::Cancelled { span }
            | EvalError::Unwritable { span, .. }
            | EvalError::Refused { span, .. }
            | EvalError::AssertFailed { span, .. } => *span,
            EvalError::FromLibrary(from) => from.at,
        }
    }

    /// Whether it is Ctrl-C's, wherever it stopped.
    pub fn is_cancelled(&self) -> bool {
        match self {
            EvalError::Cancelled { .. } => true,
            EvalError::FromLibrary(from) => from.inner.is_cancelled(),
            _ => false,
        }
    }

    pub fn type_error(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        EvalError::Type {
            span,
            message: message.into(),
            label: label.into(),
            help: None,
        }
    }

    pub fn invalid(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        EvalError::Invalid {
            span,
            message: message.into(),
            label: label.into(),
            help: None,
        }
    }

    /// The same error with a help line.
    pub fn with_help(mut self, text: impl Into<String>) -> Self {
        match &mut self {
            EvalError::UnknownName { help, .. }
            | EvalError::Arity { help, .. }
            | EvalError::Type { help, .. }
            | EvalError::Invalid { help, .. }
            | EvalError::TooLarge { help, .. }
            | EvalError::AssertFailed { help, .. } => *help = Some(text.into()),
            _ => {}
        }
        self
    }
}

/// A refusal not yet moved to the call it belongs to.
#[derive(Clone, Debug)]
pub struct Unplaced {
    /// The family whose body refused, and the arguments it was called with.
    pub(in crate::eval) function: u32,
    pub(in crate::eval) args: Box<[Value]>,
    /// The names the condition mentions: the parameters to point at.
    pub(in crate::eval) names: Vec<String>,
}

/// An error that arose in a family of the library (std/), shown where the user's program
/// called the library: the user's own statement is where it stopped, as far as they are
/// concerned, and the library's line follows in the help, short. Also an error of a
/// built-in passed as a value (`seq(nim_inv, 0..4)`), shown where it was called.
#[derive(Debug, Clone)]
pub struct FromLibrary {
    pub inner: EvalError,
    /// The user's call into the library.
    pub at: Span,
    /// `the library's cram_board, std/cram.game:51: for k in indices(b, "..")`, or for a
    /// built-in passed as a value, its call: `` `nim_inv(0)` ``
    pub place: String,
}

impl std::fmt::Display for FromLibrary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.fmt(f)
    }
}

impl std::error::Error for FromLibrary {}

impl Diagnostic for FromLibrary {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.inner.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        let help = match self.inner.help() {
            Some(help) => format!("it stopped in {}; {help}", self.place),
            None => format!("it stopped in {}", self.place),
        };
        Some(Box::new(help))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label = (self.inner.labels())
            .and_then(|mut labels| labels.next())
            .and_then(|label| label.label().map(str::to_owned));
        let at = miette::SourceSpan::from(self.at);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            label, at,
        ))))
    }
}

/// Something legal but probably not meant; reported, and the program runs anyway.
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum Warning {
    #[error("`^` is the nim-sum (xor) in grundy, not a power: {base} ^ {exponent} = {value}")]
    #[diagnostic(code(grundy::warning::xor_is_not_power), severity(Warning))]
    XorIsNotPower {
        #[label("this is {value}")]
        span: Span,
        base: i64,
        exponent: i64,
        value: i64,
        #[help]
        help: String,
    },
    #[error("some edges of this picture are not connected to the ground: {edges}")]
    #[diagnostic(
        code(grundy::warning::floating_edges),
        severity(Warning),
        help(
            "the game is played without them; connect them to the ground `g` if they belong to it"
        )
    )]
    FloatingEdges {
        #[label("they fall before the first move")]
        span: Span,
        edges: String,
    },
    #[error("`{name}` hides the library's `{name}` (std/{file}.game)")]
    #[diagnostic(
        code(grundy::warning::hides_library),
        severity(Warning),
        help(
            "this definition is used from here on; the library's own is still `std.{name}`, and \
             its families go on using it. To keep both under plain names, name yours otherwise"
        )
    )]
    HidesLibrary {
        #[label("the library has a `{name}`")]
        span: Span,
        name: String,
        file: &'static str,
    },
}

impl Warning {
    pub fn span(&self) -> Span {
        match self {
            Warning::XorIsNotPower { span, .. }
            | Warning::FloatingEdges { span, .. }
            | Warning::HidesLibrary { span, .. } => *span,
        }
    }
}
