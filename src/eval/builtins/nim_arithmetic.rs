//! Nim arithmetic in the language: `a ⊗ b` (also `nim_mul(a, b)`: the nim product of naturals,
//! or of nimbers as games), and `nim_inv(a)`, `nim_div(a, b)`, `nim_pow(a, n)`, `nim_sqrt(a)`: the field of
//! nimbers (see [`crate::game::nimber`]). On integers they give integers; the product of
//! games is the game `G ⊗ H` (see [`crate::game::Arena::product`]), worth the nim product of
//! their nimbers, and the others give games the nim heap of the result.

use crate::eval::expr::ops::Operand;
use crate::eval::report::error::EvalError;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::game::nimber;
use crate::source::Span;
use crate::syntax::ast::{Expr, Ident};

pub(in crate::eval) fn is_nim_builtin(name: &str) -> bool {
    matches!(
        name,
        "nim_mul" | "nim_inv" | "nim_div" | "nim_pow" | "nim_sqrt"
    )
}

/// A natural number or a nimber, as an operand of nim arithmetic: its value, and whether it
/// was a game (so that the result is one too).
struct Nimber {
    value: u64,
    game: bool,
}

impl Session {
    /// An operand of nim arithmetic.
    fn nimber_operand(&mut self, value: &Value, at: Span, what: &str) -> Result<Nimber> {
        match value {
            Value::Int(n) => match u64::try_from(*n) {
                Ok(value) => Ok(Nimber { value, game: false }),
                Err(_) => Err(EvalError::invalid(
                    at,
                    format!("{what} takes natural numbers or nimbers"),
                    "this is negative",
                )
                .with_help("nim arithmetic is on 0, 1, 2, … (and on games, by their nimbers)")
                .into()),
            },
            Value::Game(id) => Ok(Nimber {
                value: self.nimber(*id, at)?,
                game: true,
            }),
            other => Err(EvalError::type_error(
                at,
                format!("{what} takes natural numbers or nimbers"),
                format!("this is {}", other.kind()),
            )
            .with_help("`2 ⊗ 3 == 1`, `*2 ⊗ *3 == *1`")
            .into()),
        }
    }

    /// The result: an integer, or for games the nim heap.
    fn nimber_result(&mut self, value: u64, game: bool, what: &str, span: Span) -> Result<Value> {
        if game {
            let heap = self
                .arena
                .nim(value)
                .map_err(|e| self.game_error(e, span))?;
            return Ok(Value::Game(heap));
        }
        match i64::try_from(value) {
            Ok(n) => Ok(Value::Int(n)),
            Err(_) => Err(EvalError::invalid(
                span,
                format!("{what} is {value}, past grundy's integers"),
                "2^63 or more",
            )
            .with_help(
                "integers are 64-bit and signed; the nimbers of 64 bits are reached as games: \
                 `*a ⊗ *b`",
            )
            .into()),
        }
    }

    /// `a ⊗ b`.
    pub(in crate::eval) fn nim_product(
        &mut self,
        lhs: Operand,
        rhs: Operand,
        span: Span,
    ) -> Result<Value> {
        self.times((lhs.value, lhs.span), (rhs.value, rhs.span), "`⊗`", span)
    }

    /// The nim product of two naturals, or the product game of two games (0 beside a game
    /// being the zero game, as in a sum).
    fn times(
        &mut self,
        (lhs, lhs_span): (&Value, Span),
        (rhs, rhs_span): (&Value, Span),
        what: &str,
        span: Span,
    ) -> Result<Value> {
        not_mixed((lhs, lhs_span), (rhs, rhs_span), what)?;
        if matches!(lhs, Value::Game(_)) || matches!(rhs, Value::Game(_)) {
            let left = self.factor(lhs, lhs_span, what)?;
            let right = self.factor(rhs, rhs_span, what)?;
            // Its value is asked at once, so that one past the marks is said here.
            let product = (self.arena.product(left, right))
                .and_then(|game| self.arena.nimber(game).map(|_| game))
                .map_err(|e| self.game_error(e, span))?;
            return Ok(Value::Game(product));
        }
        let a = self.nimber_operand(lhs, lhs_span, what)?;
        let b = self.nimber_operand(rhs, rhs_span, what)?;
        let product = nimber::nim_mul(a.value, b.value);
        self.nimber_result(product, false, "the nim product", span)
    }

    /// A factor of a product of games: the game, or an integer's nim heap.
    fn factor(&mut self, value: &Value, at: Span, what: &str) -> Result<crate::game::GameId> {
        match value {
            Value::Game(id) => Ok(*id),
            _ => {
                let n = self.nimber_operand(value, at, what)?;
                self.arena.nim(n.value).map_err(|e| self.game_error(e, at))
            }
        }
    }

    pub(in crate::eval) fn call_nim_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        let arity = if matches!(name, "nim_mul" | "nim_div" | "nim_pow") {
            2
        } else {
            1
        };
        if args.len() != arity {
            let expected = crate::eval::report::words::plural(arity, "argument");
            return Err(crate::eval::builtins::wrong_arity(name, args, span, expected).into());
        }
        let what = format!("`{name}`");
        let first = self.eval(&args[0])?;
        let a = self.nimber_operand(&first, args[0].span, &what)?;
        let zero = |at: Span, message: &str| -> Result<Value> {
            Err(EvalError::invalid(at, message.to_owned(), "this is 0")
                .with_help("0 has no inverse in the field of nimbers: divide by another nimber")
                .into())
        };
        match name {
            "nim_inv" => match nimber::nim_inverse(a.value) {
                Some(inverse) => self.nimber_result(inverse, a.game, "the inverse", span),
                None => zero(args[0].span, "0 has no nim inverse"),
            },
            "nim_mul" => {
                let second = self.eval(&args[1])?;
                self.times((&first, args[0].span), (&second, args[1].span), &what, span)
            }
            "nim_sqrt" => {
                let root = nimber::nim_sqrt(a.value);
                self.nimber_result(root, a.game, "the square root", span)
            }
            "nim_div" => {
                let second = self.eval(&args[1])?;
                not_mixed((&first, args[0].span), (&second, args[1].span), &what)?;
                let b = self.nimber_operand(&second, args[1].span, &what)?;
                match nimber::nim_div(a.value, b.value) {
                    Some(quotient) => {
                        self.nimber_result(quotient, a.game || b.game, "the quotient", span)
                    }
                    None => zero(args[1].span, "division by 0 in nim arithmetic"),
                }
            }
            _ => {
                let second = self.eval(&args[1])?;
                let n = self.int(&second, args[1].span, "`nim_pow(a, n)` takes an exponent")?;
                let power = match u64::try_from(n) {
                    Ok(n) => nimber::nim_pow(a.value, n),
                    // a^(-n) = (a⁻¹)^n.
                    Err(_) => match nimber::nim_inverse(a.value) {
                        Some(inverse) => nimber::nim_pow(inverse, n.unsigned_abs()),
                        None => return zero(args[0].span, "0 has no negative powers"),
                    },
                };
                self.nimber_result(power, a.game, "the power", span)
            }
        }
    }
}

/// Two games or two integers, as `⊗` takes them: an integer beside a game is refused (but 0,
/// the zero game), as `*3 + 2` is, rather than silently made a heap.
fn not_mixed(
    (lhs, lhs_span): (&Value, Span),
    (rhs, rhs_span): (&Value, Span),
    what: &str,
) -> Result<()> {
    let (n, at) = match (lhs, rhs) {
        (Value::Game(_), Value::Int(n)) if *n != 0 => (*n, rhs_span),
        (Value::Int(n), Value::Game(_)) if *n != 0 => (*n, lhs_span),
        _ => return Ok(()),
    };
    let error = EvalError::type_error(
        at,
        format!("{what} takes two games or two integers, not a game and an integer"),
        format!("this is the integer {n}"),
    );
    let help = format!(
        "{}; for the integers, `nimber(G)` of the game",
        crate::eval::report::words::heap_help(n)
    );
    Err(error.with_help(help).into())
}
