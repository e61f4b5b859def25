//! A game that tells two unequal misère games apart, built as Conway's proof builds it
//! (*On Numbers and Games*, Theorems 75 and 76), and checked by play before it is shown.
//!
//! - G and H are *linked* by T when G + T and H + T are both P-positions. Two simplest forms
//!   neither of which is an option of the other are linked by the game whose options are,
//!   for each option G′, a game T with G′ + T a P- and H + T an N-position, and the same for
//!   each H′ (and by *1 when both are 0).
//! - Two different simplest forms are told apart by 0 (when one is 0 and the other a
//!   P-position), or by a game linking one of them to an option of the other: if T links G′
//!   to H, then G + T is an N-position (it moves to G′ + T) and H + T a P-position.
//! - A distinguisher D may be turned round so that G + D is the P-position: the game whose
//!   options are D and the mates of G's options (G′ + mate(G′) is always a P-position).

use super::canonical::{Canon, CanonId, STAR, ZERO, ordered};
use super::{Arena, GameError, GameId};

/// A game X with `X + first` and `X + second` of different misère outcomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distinguisher {
    pub game: GameId,
    pub form: CanonId,
    /// Whether the player to move loses first + X (and so wins second + X).
    pub first_losing: bool,
}

/// Simplest forms born later than this are not told apart (the construction recurses on
/// their options, as deep as their birthdays).
pub const DEEPEST: u32 = 300;

/// Asked every step of the construction whether to go on (the limits, Ctrl-C).
type Budget<'a> = &'a mut dyn FnMut(&Canon) -> bool;

/// The construction was stopped by its budget.
pub struct Stopped;

impl Canon {
    /// T with a + T and b + T of different outcomes; `None` when a = b.
    pub fn discriminator(
        &mut self,
        a: CanonId,
        b: CanonId,
        budget: Budget,
    ) -> Result<Option<CanonId>, Stopped> {
        if a == b {
            return Ok(None);
        }
        if (a == ZERO && self.is_p(b)) || (b == ZERO && self.is_p(a)) {
            return Ok(Some(ZERO));
        }
        let key = ordered(a, b);
        if let Some(&found) = self.told_apart.get(&key) {
            return Ok(Some(found));
        }
        if !budget(self) {
            return Err(Stopped);
        }
        for (game, other) in [(a, b), (b, a)] {
            for option in self.options(game).to_vec() {
                if let Some(link) = self.link(other, option, budget)? {
                    self.told_apart.insert(key, link);
                    return Ok(Some(link));
                }
            }
        }
        unreachable!("two different simplest forms are told apart (Conway's Theorem 75)")
    }

    /// T with a + T a P-position and b + T an N-position.
    fn discriminator_pn(
        &mut self,
        a: CanonId,
        b: CanonId,
        budget: Budget,
    ) -> Result<CanonId, Stopped> {
        if let Some(&found) = self.told_pn.get(&(a, b)) {
            return Ok(found);
        }
        let found = self.discriminator(a, b, budget)?.expect("a and b differ");
        let sum = self.add(a, found, budget).ok_or(Stopped)?;
        let turned = if self.is_p(sum) {
            found
        } else {
            let mut options: Vec<CanonId> = self.options(a).to_vec();
            for option in options.iter_mut() {
                *option = self.mate(*option);
            }
            options.push(found);
            self.make(options)
        };
        self.told_pn.insert((a, b), turned);
        Ok(turned)
    }

    /// T linking a and b (a + T and b + T both P-positions), if they are linked.
    fn link(&mut self, a: CanonId, b: CanonId, budget: Budget) -> Result<Option<CanonId>, Stopped> {
        if a == ZERO && b == ZERO {
            return Ok(Some(STAR));
        }
        if self.has_option(a, b) || self.has_option(b, a) {
            return Ok(None);
        }
        let key = ordered(a, b);
        if let Some(&found) = self.linked.get(&key) {
            return Ok(found);
        }
        let mut options = Vec::new();
        for option in self.options(a).to_vec() {
            options.push(self.discriminator_pn(option, b, budget)?);
        }
        for option in self.options(b).to_vec() {
            options.push(self.discriminator_pn(option, a, budget)?);
        }
        let link = Some(self.make(options));
        self.linked.insert(key, link);
        Ok(link)
    }
}

impl Arena {
    /// A game telling `first` and `second` apart in misère play, checked by playing both
    /// sums out; `None` when they are equal.
    pub fn misere_distinguisher(
        &mut self,
        first: GameId,
        second: GameId,
    ) -> Result<Option<Distinguisher>, GameError> {
        let (a, b) = (self.misere_form(first)?, self.misere_form(second)?);
        if a == b {
            return Ok(None);
        }
        let canon = &self.misere.canon;
        let deepest = canon.entry(a).birthday.max(canon.entry(b).birthday);
        if deepest > DEEPEST {
            return Err(GameError::TooLong {
                lines: 0,
                games: canon.len() as u64,
                depth: u64::from(deepest),
            });
        }
        let form = self.within_budget("a distinguishing game", |canon, budget| {
            let found = canon.discriminator(a, b, budget).ok()?;
            Some(found.expect("a ≠ b"))
        })?;
        let game = self.misere_game(form)?;
        let with_first = self.sum(&[first, game])?;
        let with_second = self.sum(&[second, game])?;
        let first_losing = self.misere_losing_by_play(with_first)?;
        let second_losing = self.misere_losing_by_play(with_second)?;
        assert_ne!(
            first_losing, second_losing,
            "Conway's distinguisher must tell the games apart in play"
        );
        Ok(Some(Distinguisher {
            game,
            form,
            first_losing,
        }))
    }
}
