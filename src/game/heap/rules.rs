//! The heap games the engine knows, and their moves unpacked into lists the engines loop over.

use std::fmt;

use super::code::{Code, LEAVE_NOTHING, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};

/// A game played on heaps of tokens, one heap at a time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapGame {
    /// A take-and-break game given by its code, e.g. `0.77`.
    TakeBreak(Code),
    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    Grundy,
}

impl HeapGame {
    /// Kayles, `0.77`.
    pub fn kayles() -> HeapGame {
        HeapGame::TakeBreak(Code::kayles())
    }

    /// Dawson's Kayles, `0.07`.
    pub fn dawson() -> HeapGame {
        HeapGame::TakeBreak(Code::dawson())
    }

    /// The code, for a take-and-break game.
    pub fn code(&self) -> Option<&Code> {
        match self {
            HeapGame::TakeBreak(code) => Some(code),
            HeapGame::Grundy => None,
        }
    }

    /// t for the octal periodicity theorem, when the theorem applies: the game is a
    /// take-and-break game whose moves leave at most two heaps (Grundy's game is not one).
    pub fn periodicity_t(&self) -> Option<u64> {
        match self {
            HeapGame::TakeBreak(code) if code.is_octal() => Some(code.last_nonzero() as u64),
            _ => None,
        }
    }
}

impl From<Code> for HeapGame {
    fn from(code: Code) -> Self {
        HeapGame::TakeBreak(code)
    }
}

impl fmt::Display for HeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapGame::TakeBreak(code) => code.fmt(f),
            HeapGame::Grundy => f.write_str("Grundy's game"),
        }
    }
}

/// A game's moves as lists of "remove k" offsets, one list per outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Rules {
    /// A heap of exactly k may be taken away whole.
    pub remove_all: Vec<usize>,
    /// Remove k (k >= 1), leaving one non-empty heap.
    pub one_heap: Vec<usize>,
    /// Remove k, leaving two non-empty heaps.
    pub two_heaps: Vec<usize>,
    /// Remove k, leaving three non-empty heaps.
    pub three_heaps: Vec<usize>,
    /// The two heaps left must differ in size (Grundy's game).
    pub unequal: bool,
}

impl Rules {
    pub fn of(game: &HeapGame) -> Rules {
        let code = match game {
            HeapGame::TakeBreak(code) => code,
            HeapGame::Grundy => {
                return Rules {
                    two_heaps: vec![0],
                    unequal: true,
                    ..Rules::default()
                };
            }
        };
        let mut rules = Rules::default();
        for (k, &digit) in code.digits().iter().enumerate() {
            if digit & LEAVE_NOTHING != 0 {
                rules.remove_all.push(k);
            }
            // d0 cannot have this bit: the parser rejects it.
            if digit & LEAVE_ONE != 0 {
                rules.one_heap.push(k);
            }
            if digit & LEAVE_TWO != 0 {
                rules.two_heaps.push(k);
            }
            if digit & LEAVE_THREE != 0 {
                rules.three_heaps.push(k);
            }
        }
        rules
    }

    /// The sums s = n - k of the two heaps a move from heap n may leave (s >= 2).
    pub fn two_heap_sums(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.two_heaps
            .iter()
            .filter(move |&&k| n >= k + 2)
            .map(move |&k| n - k)
    }

    /// The largest a with a + (s - a) = s a legal split, a being the smaller part.
    pub fn largest_smaller_part(&self, sum: usize) -> usize {
        if self.unequal { (sum - 1) / 2 } else { sum / 2 }
    }
}
