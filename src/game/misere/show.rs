//! Simplest forms written as grundy reads them: `*3`, `<*2, *3>`, nested. A form to be
//! replayed (a distinguishing game) is written in full, the games it holds in several
//! places named once (`<X2, <0, X2>>, where X1 = <*2, *3>, X2 = <*2, *3, X1>`), so the text
//! grows with the game's distinct parts, not with its every path.

use std::fmt;

use rustc_hash::{FxHashMap, FxHashSet};

use super::Arena;
use super::canonical::{Canon, CanonId};

/// Characters of a form written out plainly before its repeated parts are named instead.
const PLAIN: usize = 100;

/// A simplest form written in full: the game, with the definitions of the parts it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelled {
    pub text: String,
    /// `(X1, <*2, *3>)`: each name and its definition, a part defined before it is used.
    pub parts: Vec<(String, String)>,
}

impl fmt::Display for Spelled {
    /// `<X2, X1>, where X1 = <*2, *3>, X2 = <X1, *4>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.text)?;
        for (i, (name, definition)) in self.parts.iter().enumerate() {
            let lead = if i == 0 { ", where" } else { "," };
            write!(f, "{lead} {name} = {definition}")?;
        }
        Ok(())
    }
}

impl Arena {
    /// A simplest form written as grundy reads it: `*3`, `<*2, *2 + *2>`, nested; cut short
    /// past `width` characters.
    pub fn misere_show(&self, form: CanonId, width: usize) -> String {
        let mut text = String::new();
        write_form(
            &self.misere.canon,
            form,
            width,
            &mut FxHashMap::default(),
            &mut text,
        );
        if text.len() > width {
            let cut = (0..=width)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            text.truncate(cut);
            text.push('…');
        }
        text
    }

    /// A simplest form written in full, to be typed back: plainly when that is short, else
    /// with each game it holds under two or more others named `{prefix}1`, `{prefix}2`, …
    pub fn misere_spelled(&self, form: CanonId, prefix: &str) -> Spelled {
        let canon = &self.misere.canon;
        let plain = self.misere_show(form, PLAIN);
        if !plain.ends_with('…') {
            return Spelled {
                text: plain,
                parts: Vec::new(),
            };
        }
        // Every game the form holds, options before the games holding them, and how many
        // hold each.
        let mut order = Vec::new();
        let mut holders: FxHashMap<CanonId, u32> = FxHashMap::default();
        let mut visited = FxHashSet::default();
        let mut stack = vec![(form, false)];
        while let Some((top, done)) = stack.pop() {
            if done {
                order.push(top);
                continue;
            }
            if !visited.insert(top) {
                continue;
            }
            stack.push((top, true));
            for &option in canon.options(top) {
                if canon.as_nim(option).is_none() {
                    *holders.entry(option).or_insert(0) += 1;
                    if !visited.contains(&option) {
                        stack.push((option, false));
                    }
                }
            }
        }
        let mut names: FxHashMap<CanonId, String> = FxHashMap::default();
        let mut parts = Vec::new();
        for &game in &order {
            if game != form && holders.get(&game).copied().unwrap_or(0) >= 2 {
                let mut definition = String::new();
                write_form(canon, game, usize::MAX, &mut names, &mut definition);
                let name = format!("{prefix}{}", parts.len() + 1);
                names.insert(game, name.clone());
                parts.push((name, definition));
            }
        }
        let mut text = String::new();
        write_form(canon, form, usize::MAX, &mut names, &mut text);
        Spelled { text, parts }
    }
}

/// Writes `form`, a game named in `names` by its name, stopping past `width` characters.
/// Simplest forms are as deep as their birthdays: the writing keeps a stack of its own.
fn write_form(
    canon: &Canon,
    form: CanonId,
    width: usize,
    names: &mut FxHashMap<CanonId, String>,
    text: &mut String,
) {
    enum Next {
        Game(CanonId),
        Text(&'static str),
    }
    let mut stack = vec![Next::Game(form)];
    while let Some(next) = stack.pop() {
        if text.len() > width {
            return;
        }
        let game = match next {
            Next::Text(piece) => {
                text.push_str(piece);
                continue;
            }
            Next::Game(game) => game,
        };
        match (canon.as_nim(game), names.get(&game)) {
            (Some(0), _) => text.push('0'),
            (Some(chips), _) => text.push_str(&format!("*{chips}")),
            (None, Some(name)) if game != form => text.push_str(name),
            (None, _) => {
                text.push('<');
                stack.push(Next::Text(">"));
                for (i, &option) in canon.options(game).iter().enumerate().rev() {
                    stack.push(Next::Game(option));
                    if i > 0 {
                        stack.push(Next::Text(", "));
                    }
                }
            }
        }
    }
}
