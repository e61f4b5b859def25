//! Pictures written to files: `dot G to "g.svg"` lays the game's DAG out in-process (see
//! [`crate::picture`]), and it and `plot ... to` write SVG or PNG, as the file's name says.

use super::{EvalError, Result, Session, Value};
use crate::explain::Explanation;
use crate::picture::{Format, Picture};
use crate::source::Span;
use crate::syntax::ast::{Expr, Verb};

impl Session {
    /// `dot G to "g.svg"`, `dot hackenbush("g-a a-b") to "picture.png"`
    pub(super) fn draw(&mut self, target: &Expr, to: &Expr) -> Result<Picture> {
        let Explanation::Dot(dot) = self.explain(Verb::Dot, false, false, target)? else {
            unreachable!("`dot` explains with DOT text")
        };
        let file = self.picture_file(to, "dot G to \"g.svg\"")?;
        // Refused before the layout, which a session writing no files (a fuzzer's) need not run.
        self.may_write(&file, to.span, "picture")?;
        let svg = crate::picture::svg(&dot).map_err(|reason| {
            EvalError::invalid(target.span, "this picture could not be laid out", reason.0)
                .with_help("`dot` without `to` prints the DOT text, which Graphviz draws")
        })?;
        self.write_picture(&file, to.span, &svg, "picture")?;
        Ok(Picture {
            subject: self.typed(target.span),
            svg,
            file,
        })
    }

    /// The file `to "kayles.svg"` names: a string ending in `.svg` or `.png`. `example` is
    /// the statement the help shows.
    pub(super) fn picture_file(&mut self, to: &Expr, example: &str) -> Result<String> {
        let value = self.eval_root(to)?;
        let Value::Str(file) = value else {
            return Err(EvalError::type_error(
                to.span,
                "a picture is written to a file named by a string",
                format!("this is {}", value.kind()),
            )
            .with_help(format!("write the file's name in quotes: `{example}`"))
            .into());
        };
        if Format::of_file(&file).is_none() {
            return Err(EvalError::invalid(
                to.span,
                "pictures are written as SVG or PNG",
                "this file's name ends in neither `.svg` nor `.png`",
            )
            .with_help(format!(
                "name it for what it holds: `to \"{}\"` (or `.png`)",
                std::path::Path::new(&*file).with_extension("svg").display()
            ))
            .into());
        }
        Ok(file.to_string())
    }

    /// Writes the picture to the file, as SVG or PNG by its name, if this session may.
    pub(super) fn write_picture(
        &self,
        file: &str,
        span: Span,
        svg: &str,
        what: &'static str,
    ) -> Result<()> {
        self.may_write(file, span, what)?;
        let unwritable = |reason: String| EvalError::Unwritable {
            span,
            what,
            file: file.to_owned(),
            reason,
        };
        let format = Format::of_file(file).unwrap_or(Format::Svg);
        let bytes = format
            .encode(svg)
            .map_err(|e| unwritable(format!("the picture could not be drawn as PNG: {e}")))?;
        std::fs::write(file, bytes).map_err(|error| unwritable(error.to_string()))?;
        Ok(())
    }

    /// An error unless this session may write files.
    fn may_write(&self, file: &str, span: Span, what: &'static str) -> Result<()> {
        if self.writes_files {
            return Ok(());
        }
        Err(EvalError::Unwritable {
            span,
            what,
            file: file.to_owned(),
            reason: "this session writes no files".into(),
        }
        .into())
    }
}
