//! The built-ins of misère play: `genus(G)`, `simplest(G)` and `born_by(n)`. Whatever the
//! play convention, they answer about misère play (and `nimber(G)` about normal play). And
//! what a statement leaves in the misère tables: nothing when it fails, and the forms kept
//! from earlier statements give way to new work that needs their room.

use crate::eval::{Result, Session};

use crate::eval::report::error::EvalError;

use crate::eval::values::Value;
use crate::game::misere::canonical::CanonId;
use crate::source::Span;
use crate::syntax::ast::{Expr, Ident};

/// The last day `born_by` lists: day 6 has 2^4171780 sets of options.
const LAST_DAY: i64 = 5;

pub(in crate::eval) fn is_misere_builtin(name: &str) -> bool {
    matches!(name, "genus" | "simplest" | "born_by")
}

impl Session {
    pub(in crate::eval) fn call_misere_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        let [arg] = args else {
            let expected = crate::eval::report::words::plural(1, "argument");
            return Err(crate::eval::builtins::wrong_arity(name, args, span, expected).into());
        };
        let value = self.eval(arg)?;
        match name {
            "genus" => {
                let id = self.game_value(&value, arg.span)?;
                let (genus, _) =
                    (self.arena.misere_genus(id)).map_err(|e| self.misere_error(e, span))?;
                Ok(Value::Str(genus.to_string().into()))
            }
            "simplest" => {
                let id = self.game_value(&value, arg.span)?;
                let form = (self.arena.misere_form(id)).map_err(|e| self.misere_error(e, span))?;
                self.form_game(form, span)
            }
            _ => self.born_by(&value, arg.span, span),
        }
    }

    /// A simplest form as a game of the DAG.
    fn form_game(&mut self, form: CanonId, span: Span) -> Result<Value> {
        let game = (self.arena.misere_game(form)).map_err(|e| self.misere_error(e, span))?;
        Ok(Value::Game(game))
    }

    /// `born_by(n)`: the misère-inequivalent games born by day n, as a set of games.
    fn born_by(&mut self, value: &Value, at: Span, span: Span) -> Result<Value> {
        let day = self.int(value, at, "`born_by` takes a day: an integer from 0 to 5")?;
        if !(0..=LAST_DAY).contains(&day) {
            let (message, help) = if day < 0 {
                (
                    "no game is born before day 0",
                    "day 0 has the one game 0 = <>; day n has the games whose options are all \
                     born by day n - 1: `born_by(0)` to `born_by(5)`",
                )
            } else {
                (
                    "`born_by` lists the games born by day 5 at most",
                    "day 5 already has 4171780 misère-inequivalent games; day 6 has 2^4171780 \
                     sets of options (one for each set of day 5's games), more than any machine \
                     can list",
                )
            };
            return Err(
                EvalError::invalid(at, message, format!("this is day {day}"))
                    .with_help(help)
                    .into(),
            );
        }
        let forms =
            (self.arena.misere_born_by(day as u32)).map_err(|e| self.misere_error(e, span))?;
        let games = (self.arena.misere_games(&forms)).map_err(|e| self.misere_error(e, span))?;
        Ok(Value::set_of(games.into_iter().map(Value::Game).collect()))
    }
}
