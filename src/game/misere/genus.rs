//! Conway's genus g^{γ0γ1γ2…} and the words tame, restive, restless and wild
//! (*On Numbers and Games* ch. 12, *Winning Ways* ch. 13).
//!
//! g is the normal-play Grundy value G⁺, and γn the misère Grundy value of G + 2 + … + 2
//! (n heaps of two). Adding *1 flips the last bit of a misère Grundy value, so the options of
//! G + 2ₙ give γn = mex(γ′n of the options, γn−1, γn−1 ⊕ 1) (with γ0 = 1 for G = 0), and the
//! sequence ends alternating between two values, which the written genus shows last:
//! 0 has genus 0^{120} (γ = 1, 2, 0, 2, 0, …), *2 + *2 has 0^{02}.

use std::fmt;

/// g^{γ0γ1…γk}: after γk the last two values alternate for ever.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// g = G⁺, the normal-play Grundy value.
    pub normal: u64,
    /// γ0, γ1, …: at least two, the last two repeating.
    pub gammas: Vec<u64>,
}

impl Genus {
    /// γn for any n.
    pub fn gamma(&self, n: usize) -> u64 {
        let len = self.gammas.len();
        if n < len {
            self.gammas[n]
        } else {
            self.gammas[len - 2 + ((len ^ n) & 1)]
        }
    }

    /// The misère Grundy value G⁻ (γ0): the player to move loses exactly when it is 0.
    pub fn misere(&self) -> u64 {
        self.gammas[0]
    }

    /// Whether this is the genus of a nim heap or of a sum of them: 0^{120}, 1^{031}, or
    /// g^{g(g⊕2)} for any g.
    pub fn is_tame(&self) -> bool {
        let (normal, misere) = (self.normal, self.misere());
        let nim_like = misere == normal || (normal <= 1 && misere == normal ^ 1);
        nim_like && *self == tame_genus(normal, misere)
    }

    /// Whether it is 0^{120} or 1^{031}: the genus of the heaps 0 and *1, whose misère
    /// value is the other way round from their normal one.
    pub fn is_fickle(&self) -> bool {
        self.normal <= 1 && self.misere() == self.normal ^ 1
    }
}

/// The genus of the nim heap *n: 0^120, 1^031, n^(n, n⊕2).
pub fn nim_heap(chips: u64) -> Genus {
    tame_genus(chips, if chips <= 1 { chips ^ 1 } else { chips })
}

/// The genus of a tame game whose normal and misère values are these (as they must be for
/// a tame game: equal, or 0 and 1 either way round).
fn tame_genus(normal: u64, misere: u64) -> Genus {
    let gammas = if normal <= 1 && misere == normal ^ 1 {
        vec![misere, normal ^ 2, normal]
    } else {
        vec![misere, misere ^ 2]
    };
    Genus { normal, gammas }
}

impl fmt::Display for Genus {
    /// `0^120`, `2^20`, `4^(14,16,4)` when some value has two digits.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.gammas.iter().all(|&g| g < 10) {
            self.gammas.iter().try_for_each(|g| write!(f, "{g}"))
        } else {
            let digits: Vec<String> = self.gammas.iter().map(u64::to_string).collect();
            write!(f, "({})", digits.join(","))
        }
    }
}

/// How a game behaves in misère sums, in Conway's words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// A nim heap.
    NimHeap,
    /// Tame: it has the genus of a nim heap or of a sum of them, and every option is tame
    /// or reversible among tame games (see [`super::Canon::wild_because`]); in sums of tame games
    /// it plays as the nim heaps of its genus, and misère Nim's rule decides.
    Tame,
    /// Every option tame, G⁺ 0 or 1 but G⁻ 2 or more: Conway's ambivalent nim heap.
    Restive,
    /// Every option tame, G⁻ 0 or 1 but G⁺ 2 or more.
    Restless,
    /// None of the above.
    Wild,
}

impl Class {
    pub fn is_tame(self) -> bool {
        matches!(self, Class::NimHeap | Class::Tame)
    }

    /// The word, as the literature says it.
    pub fn word(self) -> &'static str {
        match self {
            Class::NimHeap => "tame (a nim heap)",
            Class::Tame => "tame",
            Class::Restive => "restive",
            Class::Restless => "restless",
            Class::Wild => "wild",
        }
    }
}

/// Why an option that is not tame keeps a game of tame genus from being tame.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Untamed {
    /// The game's g (or γ0, if `misere`) is the mex of a set this option's value is
    /// needed in.
    Needed { misere: bool },
    /// It has no tame option of the game's g, or none of its γ0, to reverse through.
    Irreversible,
}

/// The genus of a sum of tame games, from theirs: they add as nim heaps do under misère
/// Nim's rule (the sum is fickle when every part is).
pub fn tame_sum(parts: &[Genus]) -> Genus {
    let normal = parts.iter().fold(0, |x, g| x ^ g.normal);
    let fickle = parts.iter().all(Genus::is_fickle);
    let misere = if fickle { normal ^ 1 } else { normal };
    tame_genus(normal, misere)
}
