//! The words diagnostics and answers share: counts of things, sizes in bytes.

pub(in crate::eval) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `1 chip`, `5 chips`
pub(in crate::eval) fn chips(n: i64) -> String {
    if n == 1 {
        "1 chip".to_owned()
    } else {
        format!("{n} chips")
    }
}

/// The help for an integer where a game was meant: the heap to write, `*2`; a negative
/// integer is no heap at all.
pub(in crate::eval) fn heap_help(n: i64) -> String {
    match n {
        0.. => format!("for the nim heap of {} write `*{n}`", chips(n)),
        _ => format!("a nim heap holds 0 chips or more, so {n} stands for no game"),
    }
}

/// `512 bytes`, `12 KiB`, `3 MiB`: rounded up.
pub(in crate::eval) fn amount(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} bytes"),
        1024..0x10_0000 => format!("{} KiB", bytes.div_ceil(1 << 10)),
        _ => format!("{} MiB", bytes.div_ceil(1 << 20)),
    }
}

/// `12 MiB`, or the bytes below 1 MiB.
pub(in crate::eval) fn in_mib(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{bytes} bytes")
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}
