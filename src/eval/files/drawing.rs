//! Pictures written to files: `dot G to "g.svg"` lays the game's DAG out in-process (see
//! [`crate::picture`]), and it and `plot ... to` write SVG or PNG, as the file's name says.
//! The file is checked before anything is drawn: a folder that does not exist, or a named
//! pipe (which would wait for a reader for ever), is refused at once.

use std::path::Path;

use crate::eval::{Result, Session};

use crate::eval::report::error::EvalError;

use crate::eval::values::Value;
use crate::explain::Explanation;
use crate::game::{GameId, Node};
use crate::picture::{Format, MAX_ELEMENTS, Picture};
use crate::source::Span;
use crate::syntax::ast::{Expr, Verb};

/// What a picture's file is written for: the statement the help shows, and how else to get
/// the picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(in crate::eval) enum Drawing {
    Plot,
    Dot,
}

impl Drawing {
    fn what(self) -> &'static str {
        match self {
            Drawing::Plot => "plot",
            Drawing::Dot => "picture",
        }
    }

    fn example(self) -> &'static str {
        match self {
            Drawing::Plot => "plot seq(kayles, 0..100) to \"kayles.svg\"",
            Drawing::Dot => "dot G to \"g.svg\"",
        }
    }

    fn otherwise(self) -> &'static str {
        match self {
            Drawing::Plot => "print the SVG with `grundy eval 'plot ...' > kayles.svg`",
            Drawing::Dot => "print the DOT with `grundy eval 'dot G' > g.dot`, for Graphviz",
        }
    }
}

/// Edges of a Hackenbush picture `dot` draws at most: its DOT, some 60 bytes an edge, stays
/// under a megabyte, however large the pictures a session may hold (a game's DAG is drawn
/// cut to its first 300 games instead).
pub(in crate::eval) const PICTURE_EDGES: usize = 10_000;

/// Bytes that reading a byte of DOT holds at once, at most: the 0.7 MB DOT of
/// `wythoff(1208, 34)` took the process from 26 to 60 MB resident (allocating 139 a byte in
/// all, most of it freed as it went).
const PLAN_BYTES: u64 = 64;

impl Session {
    /// An error if `dot` would not draw the game: a Hackenbush picture past [`PICTURE_EDGES`].
    pub(in crate::eval) fn drawable(&self, game: GameId, span: Span) -> Result<()> {
        let Node::Hackenbush(picture) = self.arena.node(game) else {
            return Ok(());
        };
        let edges = self.arena.picture_of(*picture).edges().len();
        if edges <= PICTURE_EDGES {
            return Ok(());
        }
        Err(EvalError::TooLarge {
            span,
            what: "this picture".into(),
            label: format!("it has {edges} edges; `dot` draws at most {PICTURE_EDGES}"),
            help: Some(
                "drawn, a picture this large could not be read; `why`, `moves` and `options` \
                 work on it at any size"
                    .into(),
            ),
        }
        .into())
    }

    /// `dot G to "g.svg"`, `dot hackenbush("g-a a-b") to "picture.png"`
    pub(in crate::eval) fn draw(&mut self, target: &Expr, to: &Expr) -> Result<Picture> {
        let file = self.picture_file(to, Drawing::Dot)?;
        // Refused before the layout, which a session writing no files (a fuzzer's) need not run.
        self.may_write(&file, to.span, Drawing::Dot)?;
        let Explanation::Dot(dot) = self.explain(Verb::Dot, false, false, target)? else {
            unreachable!("`dot` explains with DOT text")
        };
        let not_laid_out = |reason: String| {
            EvalError::invalid(target.span, "this picture could not be laid out", reason)
                .with_help("`dot` without `to` prints the DOT text, which Graphviz draws")
        };
        // Reading DOT builds its whole syntax tree before the places are counted.
        self.room_for(dot.len() as u64 * PLAN_BYTES, target.span)?;
        let layout = crate::picture::plan(&dot).map_err(|e| not_laid_out(e.0))?;
        let size = layout.size();
        if size.elements > MAX_ELEMENTS {
            let (nodes, edges) = match dot.starts_with("digraph") {
                true => ("games", "moves"),
                false => ("vertices", "edges"),
            };
            return Err(EvalError::TooLarge {
                span: target.span,
                what: "this picture".into(),
                label: format!(
                    "{} {nodes} and {} {edges}: {} places to lay out, with a place for each \
                     level a line passes",
                    size.nodes, size.edges, size.elements
                ),
                help: Some(format!(
                    "grundy lays out at most {MAX_ELEMENTS} places; `dot` without `to` prints \
                     the DOT, which Graphviz draws however large: `grundy eval 'dot ...' | dot \
                     -Tsvg > g.svg`"
                )),
            }
            .into());
        }
        // Bounded above, and counted as the other work of a statement is.
        self.work(size.elements as u64, target.span)?;
        let svg = match layout.draw(&self.interrupt) {
            None => return Err(EvalError::Cancelled { span: target.span }.into()),
            Some(drawn) => drawn.map_err(|e| not_laid_out(e.0))?,
        };
        self.write_picture(&file, to.span, &svg, Drawing::Dot)?;
        Ok(Picture {
            subject: self.typed(target.span),
            svg,
            file,
        })
    }

    /// The file `to "kayles.svg"` names: a string ending in `.svg` or `.png`, in a folder
    /// that exists, and not something other than a file.
    pub(in crate::eval) fn picture_file(&mut self, to: &Expr, drawing: Drawing) -> Result<String> {
        let value = self.eval_root(to)?;
        let Value::Str(file) = value else {
            return Err(EvalError::type_error(
                to.span,
                "a picture is written to a file named by a string",
                format!("this is {}", value.kind()),
            )
            .with_help(format!(
                "write the file's name in quotes: `{}`",
                drawing.example()
            ))
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
                Path::new(&*file).with_extension("svg").display()
            ))
            .into());
        }
        self.may_write_there(&file, to.span, drawing)?;
        Ok(file.to_string())
    }

    /// Writes the picture to the file, as SVG or PNG by its name, if this session may.
    pub(in crate::eval) fn write_picture(
        &mut self,
        file: &str,
        span: Span,
        svg: &str,
        drawing: Drawing,
    ) -> Result<()> {
        self.may_write(file, span, drawing)?;
        let unwritable = |reason: String| unwritable(file, span, drawing, reason);
        let bytes = match Format::of_file(file).unwrap_or(Format::Svg) {
            Format::Svg => svg.as_bytes().to_vec(),
            Format::Png => {
                let image = crate::picture::raster(svg).map_err(|e| {
                    unwritable(format!("the picture could not be drawn as PNG: {e}"))
                })?;
                self.room_for_image(image.width(), image.height(), image.bytes_needed(), span)?;
                let encoded = crate::picture::on_a_thread(&self.interrupt, move || image.png());
                match encoded {
                    None => return Err(EvalError::Cancelled { span }.into()),
                    Some(None) => {
                        return Err(unwritable("drawing it as PNG failed".into()).into());
                    }
                    Some(Some(png)) => png.map_err(|e| {
                        unwritable(format!("the picture could not be drawn as PNG: {e}"))
                    })?,
                }
            }
        };
        // Checked again: the file may have been replaced while the picture was drawn.
        self.may_write_there(file, span, drawing)?;
        std::fs::write(file, bytes).map_err(|error| unwritable(error.to_string()))?;
        Ok(())
    }

    /// An error unless this session may write files.
    fn may_write(&self, file: &str, span: Span, drawing: Drawing) -> Result<()> {
        if self.program.writes_files {
            return Ok(());
        }
        Err(unwritable(file, span, drawing, "this session writes no files".into()).into())
    }

    /// An error when the file can't be written as a picture, known without writing it: its
    /// folder does not exist, or it is there and is not a file.
    fn may_write_there(&self, file: &str, span: Span, drawing: Drawing) -> Result<()> {
        match destination_problem(Path::new(file)) {
            None => Ok(()),
            Some(reason) => Err(unwritable(file, span, drawing, reason).into()),
        }
    }
}

fn unwritable(file: &str, span: Span, drawing: Drawing, reason: String) -> EvalError {
    EvalError::Unwritable {
        span,
        what: drawing.what(),
        file: file.to_owned(),
        reason,
        help: format!(
            "name a file in a folder that exists and may be written to: `{}`; or {}",
            drawing.example(),
            drawing.otherwise()
        ),
    }
}

/// Why a picture can't go to this path, when that is known before writing: the folder is
/// missing, or the path is a folder, a named pipe (opening one waits for a reader, for ever
/// if none comes) or a device. Anything else (permissions) is found when writing.
fn destination_problem(path: &Path) -> Option<String> {
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        match std::fs::metadata(folder) {
            Ok(metadata) if metadata.is_dir() => {}
            Ok(_) => return Some(format!("{} is not a folder", folder.display())),
            Err(_) => return Some(format!("there is no folder {}", folder.display())),
        }
    }
    let metadata = std::fs::metadata(path).ok()?;
    if metadata.is_file() {
        return None;
    }
    Some(format!(
        "this is {}, not a file",
        crate::input::kind_of_path(&metadata)
    ))
}
