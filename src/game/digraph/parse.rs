//! Game graphs as text: moves `a>b` (or `a->b`, `a→b`) separated by spaces or commas, a chain
//! `a>b>c` for `a>b b>c`, and a vertex alone (`e`) for a position with no moves written.
//! Vertices are named by identifiers (`a`, `x1`, `p'`) or numbers (`7`). The moves may come
//! in several texts (one a line of a worksheet), read as one list.

use super::super::{GameError, Watch};
use super::{DigraphError, FxIndexSet, Place};

/// What the text says: the vertices in the order first written, and each move with where
/// its arrow is (repeats kept; the graph drops them).
#[derive(Debug, Default)]
pub(super) struct Written {
    pub names: FxIndexSet<Box<str>>,
    pub edges: Vec<(u32, u32)>,
    pub places: Vec<Place>,
}

/// The pieces of the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Token {
    Name,
    Arrow,
    Comma,
}

const HELP: &str = "write each move as `a>b` (a chain `a>b>c` is `a>b` and `b>c`), a vertex \
                    without moves as `a` alone, separated by spaces or commas";

fn syntax(place: Place, message: String, label: &str, help: &str) -> DigraphError {
    DigraphError::Syntax {
        place,
        message,
        label: label.to_owned(),
        help: help.to_owned(),
    }
}

/// Splits the text into names, arrows and commas, with where each is.
fn tokens(text: &str, part: usize) -> Result<Vec<(Token, Place)>, DigraphError> {
    let mut found = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        let place = |len: usize| Place { part, offset, len };
        match c {
            c if c.is_whitespace() => {}
            ',' => found.push((Token::Comma, place(1))),
            '>' | '→' => found.push((Token::Arrow, place(c.len_utf8()))),
            '-' if chars.peek().is_some_and(|&(_, next)| next == '>') => {
                chars.next();
                found.push((Token::Arrow, place(2)));
            }
            c if is_name_char(c) => {
                let mut end = offset + c.len_utf8();
                while let Some(&(at, next)) = chars.peek().filter(|(_, n)| is_name_char(*n)) {
                    end = at + next.len_utf8();
                    chars.next();
                }
                let name = &text[offset..end];
                let number = name.chars().all(|c| c.is_ascii_digit());
                if !number && name.starts_with(|c: char| c.is_ascii_digit()) {
                    return Err(syntax(
                        place(name.len()),
                        format!("`{name}` is not a vertex name"),
                        "a name can't start with a digit",
                        "a vertex is named by an identifier (`a`, `x1`, `p'`) or a number (`7`)",
                    ));
                }
                found.push((Token::Name, place(name.len())));
            }
            '-' => {
                return Err(syntax(
                    place(1),
                    "`-` is not a move in a game graph".into(),
                    "a move is written with `>`",
                    "write a move from a to b as `a>b` (or `a->b`); `-` joins the edges of a \
                     Hackenbush picture, which has no direction",
                ));
            }
            other => {
                return Err(syntax(
                    place(other.len_utf8()),
                    format!("`{other}` can't be part of a game graph"),
                    "not a vertex, a move or a separator",
                    HELP,
                ));
            }
        }
    }
    Ok(found)
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '\''
}

/// Reads the texts' vertices and moves; asks the watch (Ctrl-C) every so often.
pub(super) fn parse(texts: &[&str], watch: &mut Watch) -> Result<Written, DigraphError> {
    let mut written = Written::default();
    for (part, text) in texts.iter().enumerate() {
        read(text, part, &mut written, watch)?;
    }
    if written.names.is_empty() {
        return Err(syntax(
            Place {
                part: 0,
                offset: 0,
                len: texts[0].len(),
            },
            "this game graph has no vertices".into(),
            "no vertex here",
            "list its moves, e.g. `digraph(\"a>b a>c b>c c>d\")`",
        ));
    }
    Ok(written)
}

/// Reads one text's vertices and moves into `written`.
fn read(
    text: &str,
    part: usize,
    written: &mut Written,
    watch: &mut Watch,
) -> Result<(), DigraphError> {
    // The vertex a following arrow starts from, and an arrow waiting for its target.
    let mut from: Option<(u32, Place)> = None;
    let mut arrow: Option<Place> = None;
    let tokens = tokens(text, part)?;
    for (count, &(token, place)) in tokens.iter().enumerate() {
        if Watch::due(count) {
            watch
                .tick("digraph: reading moves", count as u64, tokens.len() as u64)
                .map_err(DigraphError::Game)?;
        }
        match token {
            Token::Name => {
                let name = &text[place.offset..place.offset + place.len];
                let (index, _) = written.names.insert_full(name.into());
                if written.names.len() > u32::MAX as usize {
                    return Err(DigraphError::Game(GameError::TooManyNodes {
                        limit: u32::MAX as usize,
                    }));
                }
                let index = index as u32;
                if let (Some((source, _)), Some(arrow)) = (from, arrow.take()) {
                    written.edges.push((source, index));
                    written.places.push(arrow);
                }
                from = Some((index, place));
            }
            Token::Arrow if arrow.is_some() => {
                return Err(syntax(
                    place,
                    "two arrows in a row".into(),
                    "a vertex is missing before this arrow",
                    HELP,
                ));
            }
            Token::Arrow if from.is_none() => {
                return Err(syntax(
                    place,
                    "this move starts from no vertex".into(),
                    "a vertex is missing before this arrow",
                    HELP,
                ));
            }
            Token::Arrow => arrow = Some(place),
            Token::Comma => {
                if let Some(arrow) = arrow {
                    return Err(dangling(arrow));
                }
                from = None;
            }
        }
    }
    match arrow {
        Some(arrow) => Err(dangling(arrow)),
        None => Ok(()),
    }
}

/// An arrow at the end of the text or before a comma.
fn dangling(arrow: Place) -> DigraphError {
    syntax(
        arrow,
        "this move leads nowhere".into(),
        "a vertex is missing after this arrow",
        HELP,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    type Read = (Vec<String>, Vec<(u32, u32)>);

    fn read(text: &str) -> Result<Read, DigraphError> {
        let written = parse(&[text], &mut Watch::default())?;
        let names = written.names.iter().map(|n| n.to_string()).collect();
        Ok((names, written.edges))
    }

    fn place_of(text: &str) -> (usize, usize) {
        match read(text) {
            Err(DigraphError::Syntax { place, .. }) => (place.offset, place.len),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn moves_chains_and_lone_vertices() {
        let (names, edges) = read("a>b a->c,b → c c>d>e f 7>a").unwrap();
        assert_eq!(names, ["a", "b", "c", "d", "e", "f", "7"]);
        assert_eq!(edges, [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (6, 0)]);
        let (_, edges) = read("a > b  c > d").unwrap();
        assert_eq!(edges, [(0, 1), (2, 3)]);
        let written = parse(&["a>b", "b>c, a"], &mut Watch::default()).unwrap();
        assert_eq!(written.edges, [(0, 1), (1, 2)]);
        assert_eq!(written.places[1].part, 1);
    }

    #[test]
    fn mistakes_are_placed_in_the_text() {
        assert_eq!(place_of("a>b b-c"), (5, 1));
        assert_eq!(place_of("a>b, >c"), (5, 1));
        assert_eq!(place_of("a>b b>"), (5, 1));
        assert_eq!(place_of("a>>b"), (2, 1));
        assert_eq!(place_of("a>b, c>, d"), (6, 1));
        assert_eq!(place_of("a>b 1x>c"), (4, 2));
        assert_eq!(place_of("a>b b;c"), (5, 1));
        assert_eq!(place_of("   "), (0, 3));
    }
}
