//! The reference: Grundy values straight from the definition, g(n) = mex of the values of
//! every position one move away. O(n^2) for codes leaving two heaps, O(n^3) for three.
//!
//! It reads the code's digits directly rather than sharing the fast engines' move lists, so
//! a cross-check against it tests those lists too.

use super::code::{LEAVE_NOTHING, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use super::{HeapError, HeapGame};

/// g(0), g(1), ..., g(n), by the plain mex loop.
pub fn naive_values(game: &HeapGame, n: u64) -> Result<Vec<u16>, HeapError> {
    let n = usize::try_from(n).map_err(|_| HeapError::TableLimit {
        needed: n,
        limit: usize::MAX as u64,
    })?;
    let digits: Vec<u8> = match game {
        HeapGame::TakeBreak(code) => code.digits().to_vec(),
        // Grundy's game splits without removing: d0 = 4, with equal parts forbidden below.
        HeapGame::Grundy => vec![LEAVE_TWO],
    };
    let unequal = matches!(game, HeapGame::Grundy);
    let mut values: Vec<u16> = Vec::with_capacity(n + 1);
    // seen[v] == heap + 1 marks v as the value of an option of this heap.
    let mut seen = vec![0usize; 1 << 16];
    for heap in 0..=n {
        let mut mark = |value: u16| seen[usize::from(value)] = heap + 1;
        for (k, &digit) in digits.iter().enumerate().take(heap + 1) {
            let rest = heap - k;
            if digit & LEAVE_NOTHING != 0 && rest == 0 {
                mark(0);
            }
            if digit & LEAVE_ONE != 0 && rest >= 1 && k >= 1 {
                mark(values[rest]);
            }
            if digit & LEAVE_TWO != 0 {
                // Heaps a <= b with a + b = rest.
                for a in 1..=rest / 2 {
                    let b = rest - a;
                    if !(unequal && a == b) {
                        mark(values[a] ^ values[b]);
                    }
                }
            }
            if digit & LEAVE_THREE != 0 {
                // Heaps a <= b <= c with a + b + c = rest.
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        mark(values[a] ^ values[b] ^ values[rest - a - b]);
                    }
                }
            }
        }
        let mex = seen.iter().position(|&stamp| stamp != heap + 1);
        let value = mex.and_then(|v| u16::try_from(v).ok());
        values.push(value.ok_or(HeapError::ValueOverflow { heap: heap as u64 })?);
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::heap::Code;

    fn values(code: &str, n: u64) -> Vec<u16> {
        naive_values(&Code::parse(code).unwrap().into(), n).unwrap()
    }

    #[test]
    fn nim_and_simple_subtraction() {
        // 0.333...: remove 1, 2 or 3 leaving at most one heap: n mod 4.
        let expected: Vec<u16> = (0..20).map(|n| n % 4).collect();
        assert_eq!(values("0.333", 19), expected);
        // 0.3: remove one: n mod 2.
        assert_eq!(values("0.3", 5), [0, 1, 0, 1, 0, 1]);
    }

    #[test]
    fn grundy_first_values() {
        let expected = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
        ];
        assert_eq!(naive_values(&HeapGame::Grundy, 20).unwrap(), expected);
    }

    #[test]
    fn three_heap_splits() {
        // 8.0: split into three non-empty heaps. Heap 5 has options 1+1+3 = *1 and 1+2+2 = 0.
        assert_eq!(values("8.0", 5), [0, 0, 0, 1, 1, 2]);
    }
}
