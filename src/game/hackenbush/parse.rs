//! Pictures as text: edges `a-b` separated by spaces or commas, a path `g-a-b-c` as shorthand
//! for `g-a a-b b-c`, the ground written `g`, a loop `a-a`, a multi-edge by repeating it.

use rustc_hash::FxHashSet;

use super::{GROUND, Picture};

/// Why a picture did not parse, and where: `offset..offset + len` in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureError {
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub help: String,
}

/// What a picture's text holds: the picture, and the edges that fall at once because
/// nothing connects them to the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub picture: Picture,
    pub floating: Vec<String>,
}

impl Picture {
    /// Parses `"g-a a-b a-c b-c"`.
    pub fn parse(text: &str) -> Result<Parsed, PictureError> {
        let mut edges: Vec<(&str, &str)> = Vec::new();
        for (start, item) in items(text) {
            let mut vertices: Vec<(usize, &str)> = Vec::new();
            let mut at = start;
            for part in item.split('-') {
                vertices.push((at, part));
                at += part.len() + 1;
            }
            // A stray character is the likelier slip, so it is reported first.
            for &(offset, name) in vertices.iter().filter(|(_, name)| !name.is_empty()) {
                check_vertex(text, offset, name)?;
            }
            if vertices.len() == 1 {
                return Err(PictureError {
                    offset: start,
                    len: item.len(),
                    message: format!("`{item}` is a vertex, not an edge"),
                    help: "an edge joins two vertices with `-`, e.g. `g-a`".into(),
                });
            }
            for &(offset, name) in &vertices {
                check_vertex(text, offset, name)?;
            }
            edges.extend(vertices.windows(2).map(|pair| (pair[0].1, pair[1].1)));
        }
        if edges.is_empty() {
            return Err(PictureError {
                offset: 0,
                len: text.len(),
                message: "this picture has no edges".into(),
                help: "list its edges, the ground being `g`: \"g-a a-b\"".into(),
            });
        }
        if !edges.iter().any(|&(a, b)| a == GROUND || b == GROUND) {
            let zero = edges.iter().any(|&(a, b)| a == "0" || b == "0");
            let help = if zero {
                "the ground is written `g`, not `0`: \"g-1 1-2\""
            } else {
                "the ground is the vertex `g`: a picture stands on it, as in \"g-a a-b\""
            };
            return Err(PictureError {
                offset: 0,
                len: text.len(),
                message: "no edge touches the ground, so the whole picture falls".into(),
                help: help.into(),
            });
        }
        let picture = Picture::new(&edges);
        let floating = floating_edges(&edges, &picture);
        Ok(Parsed { picture, floating })
    }
}

/// The items of a picture, with their byte offsets: text between spaces and commas.
fn items(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while rest
            .next_if(|&(_, c)| c.is_whitespace() || c == ',')
            .is_some()
        {}
        let (start, _) = *rest.peek()?;
        let mut end = start;
        while let Some((i, c)) = rest.next_if(|&(_, c)| !c.is_whitespace() && c != ',') {
            end = i + c.len_utf8();
        }
        Some((start, &text[start..end]))
    })
}

fn check_vertex(text: &str, offset: usize, name: &str) -> Result<(), PictureError> {
    if name.is_empty() {
        // Point at the dash that lacks a vertex.
        let dash = if text[offset..].starts_with('-') {
            offset
        } else {
            offset - 1
        };
        return Err(PictureError {
            offset: dash,
            len: 1,
            message: "an edge needs a vertex on each side of `-`".into(),
            help: "write edges such as `g-a` or `a-b`, separated by spaces".into(),
        });
    }
    if let Some((i, c)) = name
        .char_indices()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '\''))
    {
        return Err(PictureError {
            offset: offset + i,
            len: c.len_utf8(),
            message: format!("`{c}` can't be part of a vertex name"),
            help: "vertices are named by letters, digits, `_` and `'`; edges are joined by `-` \
                   and separated by spaces or commas"
                .into(),
        });
    }
    Ok(())
}

/// The typed edges that the picture lost because they are not connected to the ground.
fn floating_edges(edges: &[(&str, &str)], picture: &Picture) -> Vec<String> {
    let kept = picture.edges().len();
    if kept == edges.len() {
        return Vec::new();
    }
    let grounded: FxHashSet<&str> = (0..picture.vertex_count() as u32)
        .map(|v| picture.name(v))
        .collect();
    edges
        .iter()
        .filter(|(a, b)| !grounded.contains(a) && !grounded.contains(b))
        .map(|(a, b)| format!("{a}-{b}"))
        .collect()
}
