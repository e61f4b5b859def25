//! Built-in functions on boards written as strings, rows of one length between `/`, each
//! character a square and `#` where there is none: `regions(b)` splits a board into the parts
//! that do not touch, `shape(b)` names it the same whichever way it is turned or mirrored, and
//! `transpose(b)` gives its columns as rows. A game on a board is often the sum of the games on
//! its regions, the same for all eight images of a region: with these, a family remembers each
//! shape once (the library's Cram), which a body going through the squares with `for` could
//! not do fast enough (Cram on 5 × 6 splits and turns some 10^7 boards).

use crate::eval::builtins::wrong_arity;
use crate::eval::report::error::EvalError;
use crate::eval::report::words::plural;
use crate::eval::values::Value;
use crate::eval::{Result, Session};
use crate::source::Span;
use crate::syntax::ast::{Expr, Ident};

/// The names this room answers for.
pub(in crate::eval) fn is_board_builtin(name: &str) -> bool {
    matches!(name, "regions" | "shape" | "transpose")
}

/// A board's squares, row by row in one run of `height × width`, each an ASCII character.
struct Board {
    cells: Vec<u8>,
    width: usize,
    height: usize,
}

/// Where there is no square.
const NONE: u8 = b'#';

impl Board {
    /// Writes the board of `rows` rows of `columns` whose square (r, c) is
    /// `cells[start + r * down + c * across]` into `text`.
    fn write(&self, text: &mut Vec<u8>, rows: usize, columns: usize, image: [isize; 3]) {
        let [start, down, across] = image;
        text.clear();
        for r in 0..rows as isize {
            if r > 0 {
                text.push(b'/');
            }
            let first = start + r * down;
            text.extend((0..columns as isize).map(|c| self.cells[(first + c * across) as usize]));
        }
    }

    fn transpose(&self) -> Value {
        let mut text = Vec::with_capacity(self.cells.len() + self.width);
        self.write(
            &mut text,
            self.width,
            self.height,
            [0, 1, self.width as isize],
        );
        string(text)
    }

    /// The least, as strings compare, of the board turned by quarter turns and mirrored.
    fn shape(&self) -> Value {
        let (height, width) = (self.height as isize, self.width as isize);
        let mut best = Vec::with_capacity(self.cells.len() + self.width.max(self.height));
        let mut image = Vec::with_capacity(best.capacity());
        for turn in 0..8 {
            let (flip_rows, flip_columns) = (turn & 1 != 0, turn & 2 != 0);
            if turn & 4 == 0 {
                let start = if flip_rows { (height - 1) * width } else { 0 }
                    + if flip_columns { width - 1 } else { 0 };
                let down = if flip_rows { -width } else { width };
                let across = if flip_columns { -1 } else { 1 };
                self.write(&mut image, self.height, self.width, [start, down, across]);
            } else {
                let start = if flip_columns {
                    (height - 1) * width
                } else {
                    0
                } + if flip_rows { width - 1 } else { 0 };
                let down = if flip_rows { -1 } else { 1 };
                let across = if flip_columns { -width } else { width };
                self.write(&mut image, self.width, self.height, [start, down, across]);
            }
            if turn == 0 || image < best {
                std::mem::swap(&mut image, &mut best);
            }
        }
        string(best)
    }

    /// The regions in the order of their first square, row by row, each cropped to the
    /// rectangle around it, whatever is not its own square there written `#`.
    fn regions(&self) -> Vec<Value> {
        let (height, width) = (self.height, self.width);
        let mut region_of = vec![usize::MAX; height * width];
        let mut regions = Vec::new();
        let mut squares = Vec::with_capacity(height * width);
        for start in 0..height * width {
            if region_of[start] != usize::MAX || self.cells[start] == NONE {
                continue;
            }
            let id = regions.len();
            region_of[start] = id;
            squares.clear();
            squares.push(start);
            let mut next = 0;
            let (mut top, mut bottom) = (start / width, start / width);
            let (mut left, mut right) = (start % width, start % width);
            while let Some(&k) = squares.get(next) {
                next += 1;
                let (row, column) = (k / width, k % width);
                (top, bottom) = (top.min(row), bottom.max(row));
                (left, right) = (left.min(column), right.max(column));
                let beside = [
                    (row > 0).then(|| k - width),
                    (row + 1 < height).then(|| k + width),
                    (column > 0).then(|| k - 1),
                    (column + 1 < width).then(|| k + 1),
                ];
                for j in beside.into_iter().flatten() {
                    if region_of[j] == usize::MAX && self.cells[j] != NONE {
                        region_of[j] = id;
                        squares.push(j);
                    }
                }
            }
            let mut text = Vec::with_capacity((bottom - top + 1) * (right - left + 2));
            for row in top..=bottom {
                if row > top {
                    text.push(b'/');
                }
                text.extend((left..=right).map(|column| {
                    let k = row * width + column;
                    if region_of[k] == id {
                        self.cells[k]
                    } else {
                        NONE
                    }
                }));
            }
            regions.push(string(text));
        }
        regions
    }
}

impl Session {
    pub(in crate::eval) fn call_board_builtin(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Result<Value> {
        let name = &*callee.name;
        let [arg] = args else {
            return Err(wrong_arity(name, args, span, "1 argument".into()).into());
        };
        let value = self.eval(arg)?;
        let Value::Str(text) = &value else {
            return Err(EvalError::type_error(
                arg.span,
                format!("`{name}` takes a board, written as a string"),
                format!("this is {}", value.kind()),
            )
            .with_help(format!(
                "write the board's rows between `/`, `#` where there is no square: `{name}(\"..#/#..\")`"
            ))
            .into());
        };
        self.board_builtin_of(name, text, arg.span)
    }

    /// `regions`, `shape` or `transpose` (`name`) of the board `text`, written at `span`.
    pub(in crate::eval) fn board_builtin_of(
        &mut self,
        name: &str,
        text: &str,
        span: Span,
    ) -> Result<Value> {
        // `shape` writes eight images of the board; `regions` labels every square.
        self.pass_over(8 * text.len(), span)?;
        self.room_for(16 * text.len() as u64, span)?;
        let board = board(text, span)?;
        Ok(match name {
            "regions" => Value::List(board.regions().into()),
            "transpose" => board.transpose(),
            _ => board.shape(),
        })
    }
}

fn string(text: Vec<u8>) -> Value {
    Value::Str(String::from_utf8(text).expect("a board is ASCII").into())
}

/// The board a string writes, or why it is not one.
fn board(text: &str, span: Span) -> Result<Board> {
    let not_a_board = |label: String| {
        EvalError::invalid(span, "this string is not a board", label).with_help(
            "a board is rows of one length between `/`, each square an ASCII character and `#` \
             where there is none: \"..#/#..\" is 2 rows of 3",
        )
    };
    if !text.is_ascii() {
        let other = text.chars().find(|c| !c.is_ascii()).unwrap_or('?');
        return Err(not_a_board(format!("`{other}` is not an ASCII character")).into());
    }
    let bytes = text.as_bytes();
    let width = bytes.iter().position(|&b| b == b'/').unwrap_or(bytes.len());
    if width == 0 {
        return Err(not_a_board("the first row has no squares".to_owned()).into());
    }
    let mut cells = Vec::with_capacity(bytes.len());
    for (number, row) in bytes.split(|&b| b == b'/').enumerate() {
        if row.len() != width {
            let label = format!(
                "row {} has {}, the first {width}",
                number + 1,
                plural(row.len(), "square")
            );
            return Err(not_a_board(label).into());
        }
        cells.extend_from_slice(row);
    }
    let height = cells.len() / width;
    Ok(Board {
        cells,
        width,
        height,
    })
}
