//! `seq(F, rows, columns)`: a function of two arguments tabulated over rows and columns, as
//! the texts print a two-dimensional game's values (`seq(nim_mul, 0..16, 0..16)` is the
//! nim multiplication table, `seq(turning_corners, 0..16, 0..16)` Turning Corners').

use std::sync::Arc;

use crate::eval::report::error::EvalError;
use crate::eval::values::tables::{Cell, Grid};
use crate::eval::values::{Family, Function, Value};
use crate::eval::{Result, Session};
use crate::game::loopy::LoopyValue;
use crate::source::Span;

/// How a function of two arguments is written, for the help of a diagnostic.
const TWO_ARGUMENTS: &str = "a function of two arguments: `let f(x, y) = ...`, `(a, b) => a ⊗ b`, \
                             or a built-in such as `nim_mul`";

impl Session {
    /// `seq(F, rows, columns)`: F(x, y) for each x of `rows` and y of `columns`.
    pub(in crate::eval) fn seq_grid(
        &mut self,
        (family, at): &(Value, Span),
        rows: &(Value, Span),
        columns: &(Value, Span),
    ) -> Result<Value> {
        let function = self.two_argument_function(family, *at)?;
        let rows_list = self.grid_side(rows, "rows")?;
        let columns_list = self.grid_side(columns, "columns")?;
        let count = rows_list.len().saturating_mul(columns_list.len());
        let limit = self.meter.limits.game.options;
        if count as u64 > limit {
            let error = EvalError::TooLarge {
                span: rows.1.to(columns.1),
                what: "this table".into(),
                label: format!(
                    "{} rows of {} columns: {count} entries",
                    rows_list.len(),
                    columns_list.len()
                ),
                help: Some(format!(
                    "ask for fewer rows or columns; {}",
                    crate::eval::limits::raise_to_count("options", limit, count as u128)
                )),
            };
            return Err(error.into());
        }
        self.grid_grows(count, rows.1.to(columns.1))?;
        let what = format!("seq({}, …, …)", function.name.name);
        let mut cells = Vec::with_capacity(count);
        for &x in &rows_list {
            for &y in &columns_list {
                let done = cells.len();
                self.step(*at)?;
                if done % 256 == 0 {
                    self.arena
                        .watch
                        .tick(&what, done as u64, count as u64)
                        .map_err(|e| self.game_error(e, *at))?;
                }
                let args = [Value::Int(x), Value::Int(y)];
                let value = (self.call_function(&function, &args, *at))
                    .map_err(|flow| self.place_refusal(flow, &function, &args, &[], *at))?;
                let call = || format!("{}({x}, {y})", function.name.name);
                cells.push(self.cell(value, call, *at)?);
            }
        }
        let width = columns_list.len();
        let call = |i: usize| {
            let (x, y) = (rows_list[i / width], columns_list[i % width]);
            format!("{}({x}, {y})", function.name.name)
        };
        one_kind(&mut cells, call, *at)?;
        let params = [0, 1].map(|i| function.params[i].name.to_string());
        Ok(Value::Grid(Arc::new(Grid {
            family: function.name.name.to_string(),
            params,
            rows: rows_list,
            columns: columns_list,
            cells,
            full: false,
        })))
    }

    /// The function a grid tabulates: one of exactly two parameters.
    fn two_argument_function(&self, value: &Value, at: Span) -> Result<Arc<Function>> {
        let (label, help) = match value {
            Value::Family(Family::User(function)) if function.params.len() == 2 => {
                return Ok(function.clone());
            }
            Value::Family(Family::User(function)) => {
                let params = function.params.len();
                let help = match params {
                    1 => format!(
                        "`seq({}, 0..100)` tabulates a family of one argument; over rows and columns \
                         `seq` takes {TWO_ARGUMENTS}",
                        function.name.name
                    ),
                    _ => format!(
                        "tabulate it through a function of two of its arguments, the others \
                         fixed: `seq((x, y) => {}, 0..8, 0..8)`",
                        self.fixed_but_two(function)
                    ),
                };
                let takes = crate::eval::report::words::plural(params, "argument");
                (format!("`{}` takes {takes}", function.name.name), help)
            }
            Value::Family(family) => (
                format!("{} is a family of one argument", self.family_name(family)),
                format!(
                    "`seq({}, 0..100)` tabulates it; over rows and columns `seq` takes {TWO_ARGUMENTS}",
                    self.family_name(family)
                ),
            ),
            other => (
                format!("this is {}", other.kind()),
                format!("`seq(F, rows, columns)` tabulates F(x, y): F is {TWO_ARGUMENTS}"),
            ),
        };
        let error = EvalError::type_error(
            at,
            "`seq` over rows and columns needs a function of two arguments",
            label,
        );
        Err(error.with_help(help).into())
    }

    /// `f(x, y, 3)` for a function of three or more parameters: its first two as x and y,
    /// the others given a number to fix them by.
    fn fixed_but_two(&self, function: &Function) -> String {
        let args: Vec<String> = (0..function.params.len())
            .map(|i| match i {
                0 => "x".to_owned(),
                1 => "y".to_owned(),
                _ => "3".to_owned(),
            })
            .collect();
        format!("{}({})", function.name.name, args.join(", "))
    }

    /// The integers of a grid's rows or columns: a range, a set or a list of integers.
    fn grid_side(&self, (value, at): &(Value, Span), side: &str) -> Result<Vec<i64>> {
        match value.members(self.meter.limits.game.options) {
            Some(Ok(numbers)) => Ok(numbers),
            Some(Err(count)) => Err(EvalError::TooLarge {
                span: *at,
                what: "this range".into(),
                label: format!("{count} {side}"),
                help: Some(format!(
                    "a table lists at most {} entries (the `options` limit); ask for fewer {side}",
                    self.meter.limits.game.options
                )),
            }
            .into()),
            None => Err(EvalError::type_error(
                *at,
                format!("`seq` goes through a range or a set of {side}"),
                format!("this is {}", value.kind()),
            )
            .with_help("write `seq(F, 0..16, 0..16)`: the rows, then the columns")
            .into()),
        }
    }

    /// F(n) or F(x, y) as an entry of a table or grid: an integer, or a game's value (a loopy
    /// family's game may be worth ∞: its entry says so). `call` writes F's call, for an
    /// entry that is neither.
    pub(in crate::eval) fn cell(
        &mut self,
        value: Value,
        call: impl FnOnce() -> String,
        at: Span,
    ) -> Result<Cell> {
        match value {
            Value::Int(n) => Ok(Cell::Int(n)),
            Value::Game(id) => Ok(Cell::Game(self.loopy_value(id, at)?)),
            Value::Family(family) => Err(self.family_not_game(&family, at).into()),
            other => {
                let call = call();
                let error = EvalError::type_error(
                    at,
                    "a table's entries are games or integers",
                    format!("`{call}` is {}", other.kind()),
                );
                Err(error
                    .with_help(
                        "an entry is a game (shown by its nimber) or an integer; for a truth \
                         value write `if ... then 1 else 0`",
                    )
                    .into())
            }
        }
    }
}

/// A table's entries are all integers or all games: the integer 0 beside games is the zero
/// game, as it is wherever a game is expected. Another integer beside games is refused (a
/// family's base case written `1` for `*1`); `call(i)` writes the i-th entry's call.
pub(in crate::eval) fn one_kind(
    cells: &mut [Cell],
    call: impl Fn(usize) -> String,
    at: Span,
) -> Result<()> {
    let Some(game) = cells.iter().position(|c| matches!(c, Cell::Game(_))) else {
        return Ok(());
    };
    let other = cells.iter().enumerate().find_map(|(i, cell)| match cell {
        Cell::Int(n) if *n != 0 => Some((i, *n)),
        _ => None,
    });
    if let Some((int, n)) = other {
        let error = EvalError::type_error(
            at,
            "a table's entries are all games or all integers",
            format!(
                "`{}` is the integer {n}, `{}` a game",
                call(int),
                call(game)
            ),
        );
        let help = crate::eval::report::words::heap_help(n);
        return Err(error.with_help(help).into());
    }
    for cell in cells.iter_mut() {
        if *cell == Cell::Int(0) {
            *cell = Cell::Game(LoopyValue::Finite(0));
        }
    }
    Ok(())
}
