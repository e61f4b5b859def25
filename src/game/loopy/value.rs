//! The generalized Sprague–Grundy value of a game that may go on for ever (Smith 1966; Fraenkel
//! and Yesha): a nimber n, or ∞ with the set K of the finite values among its options.

use std::fmt;

/// A game's generalized Sprague–Grundy value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyValue {
    /// A nimber: the game plays exactly as `*n`, in any sum.
    Finite(u64),
    /// ∞K: no nimber; K (sorted, without repeats) the finite values among the options.
    Infinite(Box<[u64]>),
}

/// Who wins a game with the move, play going on for ever counted as neither.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins.
    Winning,
    /// The player to move loses.
    Losing,
    /// Neither player can force a win: play goes on for ever.
    Draw,
}

impl LoopyValue {
    /// ∞ with the finite values in `values` (any order, repeats allowed).
    pub fn infinite(values: impl IntoIterator<Item = u64>) -> LoopyValue {
        let mut values: Vec<u64> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        LoopyValue::Infinite(values.into())
    }

    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(n) => Some(*n),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// 0 loses; another nimber wins; ∞ wins exactly when 0 is in K (move there), and is a
    /// draw otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::Losing,
            LoopyValue::Finite(_) => Outcome::Winning,
            LoopyValue::Infinite(k) if k.contains(&0) => Outcome::Winning,
            LoopyValue::Infinite(_) => Outcome::Draw,
        }
    }

    /// The value of a sum: a ⊕ b for nimbers, ∞(K ⊕ a) for ∞K beside a, and ∞ with K empty
    /// for two ∞ (every move leaves one of them ∞, so no option has a nimber).
    pub fn plus(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(a ^ b),
            (LoopyValue::Infinite(k), LoopyValue::Finite(a))
            | (LoopyValue::Finite(a), LoopyValue::Infinite(k)) => {
                LoopyValue::infinite(k.iter().map(|x| x ^ a))
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite([].into()),
        }
    }

    /// The value of a game whose options have these values and none of which can come back
    /// to it: m, the mex of the finite ones, if every ∞ option can be answered by a move to
    /// m (m in its K), else ∞ with the finite ones.
    pub fn mex_of(options: &[LoopyValue]) -> LoopyValue {
        let mut finite: Vec<u64> = options.iter().filter_map(LoopyValue::finite).collect();
        finite.sort_unstable();
        finite.dedup();
        // The mex: the first place where the sorted values skip a number.
        let m = (0u64..)
            .zip(&finite)
            .find(|(k, v)| k != *v)
            .map_or(finite.len() as u64, |(k, _)| k);
        let reversible = options.iter().all(|option| match option {
            LoopyValue::Finite(_) => true,
            LoopyValue::Infinite(k) => k.binary_search(&m).is_ok(),
        });
        match reversible {
            true => LoopyValue::Finite(m),
            false => LoopyValue::infinite(finite),
        }
    }
}

impl fmt::Display for LoopyValue {
    /// `*3`, `∞{0,2}`, `∞` (K empty).
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            LoopyValue::Finite(n) => write!(f, "{}", super::super::show_nimber(*n)),
            LoopyValue::Infinite(k) if k.is_empty() => write!(f, "∞"),
            LoopyValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

impl Outcome {
    /// `first player wins`, as answers say it.
    pub fn words(self) -> &'static str {
        match self {
            Outcome::Winning => "first player wins",
            Outcome::Losing => "second player wins",
            Outcome::Draw => "draw: neither player can force a win",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::LoopyValue::{Finite, Infinite};
    use super::*;

    #[test]
    fn outcomes_follow_the_value() {
        assert_eq!(Finite(0).outcome(), Outcome::Losing);
        assert_eq!(Finite(3).outcome(), Outcome::Winning);
        assert_eq!(LoopyValue::infinite([2, 0]).outcome(), Outcome::Winning);
        assert_eq!(LoopyValue::infinite([1]).outcome(), Outcome::Draw);
        assert_eq!(Infinite([].into()).to_string(), "∞");
        assert_eq!(LoopyValue::infinite([2, 0, 2]).to_string(), "∞{0,2}");
    }

    #[test]
    fn sums_shift_k_by_the_nimber() {
        let k = LoopyValue::infinite([0, 2]);
        assert_eq!(k.plus(&Finite(3)), LoopyValue::infinite([3, 1]));
        assert_eq!(Finite(5).plus(&Finite(3)), Finite(6));
        assert_eq!(k.plus(&k), Infinite([].into()));
    }

    #[test]
    fn the_mex_reverses_through_infinite_options() {
        // An ∞ option with 1 in K is answered by a move to 1: the mex stands.
        assert_eq!(
            LoopyValue::mex_of(&[Finite(0), LoopyValue::infinite([1])]),
            Finite(1)
        );
        assert_eq!(
            LoopyValue::mex_of(&[Finite(0), LoopyValue::infinite([2])]),
            LoopyValue::infinite([0])
        );
        assert_eq!(LoopyValue::mex_of(&[]), Finite(0));
    }
}
