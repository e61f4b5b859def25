//! `hackenbush("g-a a-b")` and `stalk(n)`: green Hackenbush pictures as values.

use crate::eval::{Result, Session};

use crate::eval::report::error::EvalError;

use crate::eval::values::Value;
use crate::game::hackenbush::{Picture, PictureError};
use crate::source::Span;

impl Session {
    /// `hackenbush("g-a a-b a-c b-c")`
    pub(in crate::eval) fn hackenbush(
        &mut self,
        (value, at): &(Value, Span),
        span: Span,
    ) -> Result<Value> {
        let Value::Str(text) = value else {
            return Err(EvalError::type_error(
                *at,
                "`hackenbush` takes its picture as a string of edges",
                format!("this is {}", value.kind()),
            )
            .with_help("write the edges in quotes, the ground being `g`: `hackenbush(\"g-a a-b a-c b-c\")`")
            .into());
        };
        self.work(text.len() as u64, span)?;
        let parsed = Picture::parse(text).map_err(|error| bad_picture(error, text, *at))?;
        let id = self
            .arena
            .picture(parsed.picture)
            .map_err(|e| self.game_error(e, span))?;
        Ok(Value::Game(id))
    }

    /// `stalk(n)`: the notes' snake of length n.
    pub(in crate::eval) fn stalk(
        &mut self,
        (value, at): &(Value, Span),
        span: Span,
    ) -> Result<Value> {
        let length = self.int(value, *at, "`stalk(n)` takes the number of edges")?;
        let length = u64::try_from(length).map_err(|_| {
            EvalError::invalid(
                *at,
                "a stalk can't be negative",
                format!("this is {length}"),
            )
            .with_help("a stalk has 0 edges or more; `stalk(0)` is the empty picture, 0")
        })?;
        // Edges are numbered by u32, and a stalk's edges are all drawn.
        if length > 10_000_000 {
            return Err(EvalError::TooLarge {
                span,
                what: "this stalk".into(),
                label: format!("{length} edges"),
                help: Some(format!(
                    "a stalk of n edges is *n: write `*{length}` for the same game"
                )),
            }
            .into());
        }
        self.work(length, span)?;
        // A name and an edge a vertex, copied once as the picture is put in canonical order
        // (about 55 bytes an edge measured at 10^7 edges, with the copies).
        self.room_for(length.saturating_mul(64), span)?;
        let id = self
            .arena
            .picture(Picture::stalk(length))
            .map_err(|e| self.game_error(e, span))?;
        Ok(Value::Game(id))
    }
}

/// A picture's parse error, pointing into the string when it is written right there.
fn bad_picture(error: PictureError, text: &str, at: Span) -> EvalError {
    let literal = (at.end - at.start) as usize == text.len() + 2;
    let place = if literal {
        let start = at.start as usize + 1 + error.offset;
        // miette drops an empty label: mark at least one character.
        let end = (start + error.len.max(1))
            .min(at.end as usize - 1)
            .max(start + 1);
        Span::new(at.source, start, end)
    } else {
        at
    };
    EvalError::invalid(place, "this is not a Hackenbush picture", error.message)
        .with_help(error.help)
}
