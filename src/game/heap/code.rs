//! Take-and-break codes such as `0.77` (Kayles) or `4.07`: what a move may do to one heap.
//!
//! Digit `d_k` says what removing k tokens from a heap may leave, one bit per outcome:
//! 1 = nothing (only when the heap had exactly k), 2 = one non-empty heap, 4 = two non-empty
//! heaps, 8 = three non-empty heaps. Digits are hexadecimal, so `0.F` and `0.8F` are codes
//! too; an octal code simply has every digit below 8. The digit before the point, d0, removes
//! nothing, so only its bits 4 and 8 (splitting) mean anything: d0 is 0, 4, 8 or C.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Bit of a digit: the move may leave nothing.
pub const LEAVE_NOTHING: u8 = 1;
/// Bit of a digit: the move may leave one non-empty heap.
pub const LEAVE_ONE: u8 = 2;
/// Bit of a digit: the move may leave two non-empty heaps.
pub const LEAVE_TWO: u8 = 4;
/// Bit of a digit: the move may leave three non-empty heaps.
pub const LEAVE_THREE: u8 = 8;

/// A parsed take-and-break code: `d0.d1d2...dt` with trailing zero digits dropped.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// `digits[k]` is d_k; `digits[0]` is the digit before the point.
    digits: Vec<u8>,
}

/// Why a code did not parse, and where: `offset` is the byte offset of the offending
/// character in the text given to [`Code::parse`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message} (at byte {offset})")]
pub struct CodeError {
    pub offset: usize,
    pub message: String,
}

impl Code {
    /// Parses `d0.d1d2...`, e.g. `"0.77"`, `"4.07"`, `"0.8F"`; `".77"` means `"0.77"`.
    pub fn parse(text: &str) -> Result<Code, CodeError> {
        let bytes = text.as_bytes();
        let error = |offset: usize, message: String| Err(CodeError { offset, message });
        if bytes.is_empty() {
            return error(0, "empty code: write it as d0.d1d2..., e.g. 0.77".into());
        }
        let mut digits = Vec::with_capacity(bytes.len());
        let mut at = 0;
        if bytes[0] != b'.' {
            digits.push(hex_digit(text, 0)?);
            at = 1;
        } else {
            digits.push(0);
        }
        match bytes.get(at) {
            Some(b'.') => at += 1,
            Some(_) => {
                return error(at, format!("expected `.` here, found {}", quoted(text, at)));
            }
            None => {
                return error(
                    at - 1,
                    "expected `.` after this digit: write codes as d0.d1d2..., e.g. 0.77".into(),
                );
            }
        }
        if at == bytes.len() {
            return error(at - 1, "`.` is not followed by any digit".into());
        }
        for offset in at..bytes.len() {
            // Offsets inside a multi-byte character were already reported at its start.
            if text.is_char_boundary(offset) {
                digits.push(hex_digit(text, offset)?);
            }
        }
        let d0 = digits[0];
        if d0 & (LEAVE_NOTHING | LEAVE_ONE) != 0 {
            let what = if d0 & LEAVE_ONE != 0 {
                "leave the heap as it was"
            } else {
                "take nothing and leave nothing"
            };
            return error(
                0,
                format!(
                    "d0 = {} would let a move {what}; d0 may only be 0, 4, 8 or C",
                    hex_char(d0)
                ),
            );
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Code { digits })
    }

    /// Kayles, `0.77`: knock down one pin or two adjacent pins.
    pub fn kayles() -> Code {
        Code {
            digits: vec![0, 7, 7],
        }
    }

    /// Dawson's Kayles, `0.07`: knock down exactly two adjacent pins.
    pub fn dawson() -> Code {
        Code {
            digits: vec![0, 0, 7],
        }
    }

    /// d_k, which is 0 past the last digit.
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// d0, d1, ..., up to the last non-zero digit (at least d0 and d1).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// t, the index of the last non-zero digit (0 when only d0 is non-zero or none is).
    pub fn last_nonzero(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// Whether every digit is below 8, so no move leaves three heaps.
    pub fn is_octal(&self) -> bool {
        self.three_heap_digit().is_none()
    }

    /// The first k whose digit d_k lets a move leave three heaps (bit 8).
    pub fn three_heap_digit(&self) -> Option<usize> {
        self.digits.iter().position(|&d| d & LEAVE_THREE != 0)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", hex_char(self.digits[0]))?;
        self.digits[1..]
            .iter()
            .try_for_each(|&d| write!(f, "{}", hex_char(d)))
    }
}

impl FromStr for Code {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Code::parse(text)
    }
}

fn hex_digit(text: &str, offset: usize) -> Result<u8, CodeError> {
    let c = text[offset..]
        .chars()
        .next()
        .expect("offset is inside the text");
    match c.to_digit(16) {
        Some(d) => Ok(d as u8),
        None => Err(CodeError {
            offset,
            message: format!(
                "{} is not a code digit (digits are 0-9 and A-F)",
                quoted(text, offset)
            ),
        }),
    }
}

fn quoted(text: &str, offset: usize) -> String {
    let c = text[offset..]
        .chars()
        .next()
        .expect("offset is inside the text");
    format!("`{c}`")
}

fn hex_char(digit: u8) -> char {
    char::from_digit(u32::from(digit), 16)
        .expect("a digit is below 16")
        .to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(text: &str) -> Vec<u8> {
        Code::parse(text).unwrap().digits().to_vec()
    }

    fn error(text: &str) -> (usize, String) {
        let e = Code::parse(text).unwrap_err();
        (e.offset, e.message)
    }

    #[test]
    fn codes_parse_into_digits() {
        assert_eq!(digits("0.77"), [0, 7, 7]);
        assert_eq!(digits(".77"), [0, 7, 7]);
        assert_eq!(digits("4.07"), [4, 0, 7]);
        assert_eq!(digits("0.8f"), [0, 8, 15]);
        assert_eq!(digits("C.0"), [12, 0]);
        assert_eq!(digits("0.7700"), [0, 7, 7], "trailing zeros are dropped");
        assert_eq!(Code::parse("0.77").unwrap(), Code::kayles());
        assert_eq!(Code::parse("0.07").unwrap(), Code::dawson());
    }

    #[test]
    fn codes_print_as_written() {
        for text in ["0.77", "4.07", "0.8F", "0.137", "8.0", "0.0"] {
            assert_eq!(Code::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(Code::parse(".106").unwrap().to_string(), "0.106");
    }

    #[test]
    fn last_nonzero_digit() {
        assert_eq!(Code::kayles().last_nonzero(), 2);
        assert_eq!(Code::parse("0.106").unwrap().last_nonzero(), 3);
        assert_eq!(Code::parse("4.0").unwrap().last_nonzero(), 0);
        assert_eq!(Code::parse("0.0").unwrap().last_nonzero(), 0);
        assert!(Code::parse("0.137").unwrap().is_octal());
        assert!(!Code::parse("0.8F").unwrap().is_octal());
        assert_eq!(Code::parse("0.8F").unwrap().three_heap_digit(), Some(1));
        assert_eq!(Code::parse("4.79").unwrap().three_heap_digit(), Some(2));
        assert_eq!(Code::parse("C.0").unwrap().three_heap_digit(), Some(0));
        assert_eq!(Code::kayles().three_heap_digit(), None);
    }

    #[test]
    fn errors_point_at_the_offending_byte() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 0, "empty code"),
            ("0.7G", 3, "`G` is not a code digit"),
            ("0.7 7", 3, "` ` is not a code digit"),
            ("0.7é", 3, "`é` is not a code digit"),
            ("x.7", 0, "`x` is not a code digit"),
            ("077", 1, "expected `.` here, found `7`"),
            ("0", 0, "expected `.` after this digit"),
            ("0.", 1, "`.` is not followed by any digit"),
            (".", 0, "`.` is not followed by any digit"),
            ("1.07", 0, "d0 = 1 would let a move take nothing"),
            (
                "2.07",
                0,
                "d0 = 2 would let a move leave the heap as it was",
            ),
            ("0.7.7", 3, "`.` is not a code digit"),
        ];
        for &(text, offset, start) in cases {
            let (at, message) = error(text);
            assert_eq!(at, offset, "{text:?}: {message}");
            assert!(message.starts_with(start), "{text:?}: {message}");
        }
    }
}
