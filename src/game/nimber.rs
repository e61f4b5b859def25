//! Nim arithmetic: the nimbers below 2^64 as the field GF(2^64) (Conway, ONAG ch. 6; Lenstra),
//! addition being nim-sum (xor) and multiplication the nim product, defined by the mex rule
//! a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}. Computed by halves on the
//! Fermat 2-powers F = 2^(2^k): F ⊗ x = F·x for x < F, and F ⊗ F = 3F/2, so writing
//! a = a1·F ⊕ a0 (a0, a1 < F)
//!   a ⊗ b = (a1 ⊗ b1 ⊕ a1 ⊗ b0 ⊕ a0 ⊗ b1)·F ⊕ a0 ⊗ b0 ⊕ (a1 ⊗ b1) ⊗ F/2,
//! three products of halves (Karatsuba) and one by a power of two, down to a table of the
//! products of bytes. The nimbers below each F form a subfield, so inverses, quotients and
//! square roots found in the whole field are those of the subfield.

use std::sync::OnceLock;

/// Products of two nimbers below 256, by the halving rule from the products of nibbles.
fn byte_table() -> &'static [[u8; 256]; 256] {
    static TABLE: OnceLock<Box<[[u8; 256]; 256]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[0u8; 256]; 256]);
        for a in 0..256u64 {
            for b in 0..256u64 {
                table[a as usize][b as usize] = by_halves(a, b, 4) as u8;
            }
        }
        table
    })
}

/// a ⊗ b for a, b below 2^(2·half), by halves down to single bits.
fn by_halves(a: u64, b: u64, half: u32) -> u64 {
    if half == 0 {
        return a & b;
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = by_halves(a0, b0, half / 2);
    let high = by_halves(a1, b1, half / 2);
    let cross = by_halves(a0 ^ a1, b0 ^ b1, half / 2);
    ((cross ^ low) << half) | (low ^ by_halves(high, 1 << (half - 1), half / 2))
}

/// a ⊗ b for a, b below 2^(2·half), half at least 8, the bytes from the table.
fn product(a: u64, b: u64, half: u32) -> u64 {
    if half == 4 {
        return u64::from(byte_table()[a as usize][b as usize]);
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = product(a0, b0, half / 2);
    let high = product(a1, b1, half / 2);
    let cross = product(a0 ^ a1, b0 ^ b1, half / 2);
    ((cross ^ low) << half) | (low ^ product(high, 1 << (half - 1), half / 2))
}

/// The nim product a ⊗ b.
pub fn nim_mul(a: u64, b: u64) -> u64 {
    // The smallest field holding both: a byte, or 16, 32 or 64 bits.
    let top = a | b;
    let half = match top {
        0..=0xff => 4,
        0x100..=0xffff => 8,
        0x1_0000..=0xffff_ffff => 16,
        _ => 32,
    };
    product(a, b, half)
}

/// a^n in nim multiplication (a^0 = 1).
pub fn nim_pow(a: u64, mut n: u64) -> u64 {
    let (mut result, mut base) = (1u64, a);
    while n > 0 {
        if n & 1 == 1 {
            result = nim_mul(result, base);
        }
        base = nim_mul(base, base);
        n >>= 1;
    }
    result
}

/// The inverse of a ≠ 0: a^(2^64 - 2), as every non-zero element of GF(2^64) has
/// a^(2^64 - 1) = 1. `None` for 0.
pub fn nim_inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| nim_pow(a, u64::MAX - 1))
}

/// a ⊘ b = a ⊗ b⁻¹; `None` when b is 0.
pub fn nim_div(a: u64, b: u64) -> Option<u64> {
    nim_inverse(b).map(|inverse| nim_mul(a, inverse))
}

/// The square root: the one x with x ⊗ x = a (squaring is one-to-one in characteristic 2),
/// a^(2^63), that is a squared 63 times.
pub fn nim_sqrt(a: u64) -> u64 {
    (0..63).fold(a, |x, _| nim_mul(x, x))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: mex over the products of smaller nimbers, for a, b < 32.
    fn naive_table(size: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; size]; size];
        for a in 0..size {
            for b in 0..size {
                let mut seen = vec![false; size * size + 1];
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                        if (v as usize) < seen.len() {
                            seen[v as usize] = true;
                        }
                    }
                }
                table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        table
    }

    #[test]
    fn products_follow_the_mex_definition() {
        for (a, row) in naive_table(64).iter().enumerate() {
            for (b, &product) in row.iter().enumerate() {
                assert_eq!(nim_mul(a as u64, b as u64), product, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn the_texts_facts() {
        assert_eq!(nim_mul(2, 2), 3);
        assert_eq!(nim_mul(4, 4), 6);
        // A Fermat 2-power F: F ⊗ F = 3F/2, and F ⊗ x = F·x below F.
        for k in 0..6 {
            let f = 1u64 << (1u32 << k);
            assert_eq!(nim_mul(f, f), 3 * f / 2, "F = {f}");
            for x in [1, f / 2 + 1, f - 1].into_iter().filter(|&x| x < f) {
                assert_eq!(nim_mul(f, x), f * x, "F = {f}, x = {x}");
            }
        }
    }

    #[test]
    fn the_field_has_inverses_and_square_roots() {
        for a in (1..2000u64).chain([u64::MAX, 1 << 63, 0xdead_beef_1234_5678]) {
            let inverse = nim_inverse(a).unwrap();
            assert_eq!(nim_mul(a, inverse), 1, "{a}");
            let root = nim_sqrt(a);
            assert_eq!(nim_mul(root, root), a, "{a}");
        }
        assert_eq!(nim_inverse(0), None);
        assert_eq!(nim_div(7, 0), None);
        // Below 2^(2^k), the inverse stays below 2^(2^k): a subfield.
        for a in 1..256u64 {
            assert!(nim_inverse(a).unwrap() < 256, "{a}");
            assert!(nim_sqrt(a) < 256, "{a}");
        }
    }

    proptest::proptest! {
        /// The field's laws: ⊗ is commutative, associative and distributes over ⊕.
        #[test]
        fn products_make_a_field(a: u64, b: u64, c: u64) {
            proptest::prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            proptest::prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
            proptest::prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
            if b != 0 {
                proptest::prop_assert_eq!(nim_mul(nim_div(a, b).unwrap(), b), a);
            }
        }

        /// A product of nimbers below a Fermat 2-power stays below it.
        #[test]
        fn subfields_are_closed(a in 0u64..65536, b in 0u64..65536) {
            proptest::prop_assert!(nim_mul(a, b) < 65536);
        }
    }
}
