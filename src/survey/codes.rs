//! Which games a survey takes: codes written with `?` for every octal digit, `0.??` being
//! the 64 codes 0.00 to 0.77, and each code once, in order.

use crate::game::heap::{Code, CodeError, HeapGame};

/// Codes a pattern may stand for: past this, the survey is refused before it starts.
pub const MOST_CODES: usize = 1 << 16;

/// The codes a pattern stands for, `?` standing for each octal digit 0 to 7 (a plain code
/// stands for itself). Codes whose digits are all 0 have no moves and are left out, as are
/// patterns d0 may not take (`1.?`).
pub fn expand(pattern: &str) -> Result<Vec<HeapGame>, CodeError> {
    let wild = pattern.matches('?').count();
    if wild > 5 {
        return Err(CodeError {
            offset: pattern.find('?').unwrap_or(0),
            message: format!(
                "{} codes: a survey takes at most {MOST_CODES} (five `?`)",
                8u64.saturating_pow(wild as u32)
            ),
        });
    }
    // Checked once with every `?` a 0, so that a bad pattern is one error at its place.
    Code::parse(&pattern.replace('?', "0"))?;
    let mut games = Vec::with_capacity(8usize.pow(wild as u32));
    let mut seen = rustc_hash::FxHashSet::default();
    for index in 0..8u32.pow(wild as u32) {
        let mut digits = (0..wild).rev().map(|k| (index >> (3 * k)) & 7);
        let text: String = pattern
            .chars()
            .map(|c| match c {
                '?' => char::from_digit(digits.next().expect("one a `?`"), 8).expect("octal"),
                other => other,
            })
            .collect();
        let code = Code::parse(&text)?;
        if code.digits().iter().all(|&d| d == 0) {
            continue;
        }
        let game = HeapGame::TakeBreak(code);
        // `0.10` is `0.1`: trailing zeros name one code.
        if seen.insert(game.clone()) {
            games.push(game);
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn question_marks_stand_for_every_octal_digit() {
        let games = expand("0.??").unwrap();
        assert_eq!(games.len(), 63, "0.00 has no moves");
        assert_eq!(games[0].to_string(), "0.01");
        assert_eq!(games[62].to_string(), "0.77");
        assert_eq!(expand("0.???").unwrap().len(), 511);
        assert_eq!(expand("4.?").unwrap().len(), 8, "4.0 splits heaps");
        assert_eq!(expand("0.77").unwrap().len(), 1);
    }

    #[test]
    fn bad_patterns_are_refused() {
        assert!(expand("1.?").is_err());
        assert!(expand("0.??????").is_err());
        assert!(expand("x.?").is_err());
    }
}
