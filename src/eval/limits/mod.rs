//! **Limits**: how much one statement may do (steps, depth, games, memory), the accounting
//! that holds it to that, and the advice a diagnostic gives for raising a limit.
//!
//! Bounds on one session's work, each with a name by which it can be raised or lowered:
//! `grundy --limit depth=5000000`.

pub(in crate::eval) mod memory;
pub(in crate::eval) mod steps;

pub use crate::eval::report::advice::{
    asked, raise, raise_here, raise_memory, raise_to, raise_to_count, shown, typed,
};

use crate::game::GameLimits;

/// Bounds on one session's work, so that no input takes the whole machine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    pub game: GameLimits,
    /// How deep calls of families may nest: `S(1000000)` is a million deep.
    pub depth: usize,
    /// Calls and `for` passes in one statement.
    pub steps: u64,
    /// Bytes of one program's text read from a file or standard input.
    pub source: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            game: GameLimits::default(),
            depth: 1 << 20,
            steps: 1_000_000_000,
            // 800 times the largest example worksheet; parsing takes up to about 220
            // bytes of memory a byte (a long line of `*1+*1+...`), so at most 900 MiB.
            source: 4 << 20,
        }
    }
}

/// The limits of a session, and the work and memory counted against them.
#[derive(Debug)]
pub(in crate::eval) struct Meter {
    /// Set through [`crate::eval::Session::set_limit`], which keeps the arena's copy in step.
    pub(in crate::eval) limits: Limits,
    /// Steps the running statement has taken (see [`steps`]).
    pub(in crate::eval) steps: u64,
    /// What is charged to the `memory` limit beside the game DAG.
    pub(in crate::eval) held: memory::Held,
    /// What the session holds, as the allocator measures it.
    pub(in crate::eval) measured: memory::Measured,
}

impl Meter {
    pub(in crate::eval) fn new(limits: Limits) -> Self {
        Meter {
            limits,
            steps: 0,
            held: Default::default(),
            measured: Default::default(),
        }
    }
}

/// The limits by name, with what each bounds.
pub const LIMITS: &[(&str, &str)] = &[
    ("depth", "nested calls of families"),
    (
        "steps",
        "calls, `for` passes, edges of pictures drawn, places of pictures laid out and elements builtins go through (64 a step), in one statement",
    ),
    ("nodes", "distinct games in the DAG"),
    ("heap", "values of one heap game computed into a table"),
    (
        "options",
        "integers one `for` goes through, options listed for one game",
    ),
    (
        "memory",
        "bytes of the game DAG with what families remember, names' values and the lists being \
         built; and of each table of a heap game or Wythoff's game",
    ),
    (
        "search",
        "pairs of heaps a heap game may have looked at when a period search gives up, and \
         options a thin Wythoff strip may look at",
    ),
    (
        "source",
        "bytes of one program read from a file or standard input",
    ),
];

/// The units a limit in bytes may be given in, as the advice speaks (any case): binary and
/// decimal multiples.
const UNITS: [(&str, u64); 9] = [
    ("KiB", 1 << 10),
    ("MiB", 1 << 20),
    ("GiB", 1 << 30),
    ("TiB", 1 << 40),
    ("kB", 1_000),
    ("MB", 1_000_000),
    ("GB", 1_000_000_000),
    ("TB", 1_000_000_000_000),
    ("B", 1),
];

impl Limits {
    /// Sets a limit from `name=value`, e.g. `heap=200000000` (`_` and `e` allowed in numbers,
    /// and for `memory` and `source` a unit: `memory=2GiB`, `memory=20MB`).
    pub fn set(&mut self, setting: &str) -> Result<(), String> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("`{setting}` is not `name=value`, e.g. `depth=5000000`"))?;
        let value = parse_value(name.trim(), value.trim())?;
        match name.trim() {
            "depth" => self.depth = value as usize,
            "steps" => self.steps = value,
            "nodes" => self.game.nodes = value as usize,
            "heap" => self.game.heap_table = value as usize,
            "options" => self.game.options = value,
            "memory" => self.game.memory = value,
            "search" => self.game.search = value,
            "source" => self.source = value,
            other => {
                let names: Vec<&str> = LIMITS.iter().map(|(n, _)| *n).collect();
                return Err(format!(
                    "there is no limit `{other}`; the limits are {}",
                    names.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// The current value of a limit, by name.
    pub fn get(&self, name: &str) -> Option<u64> {
        let GameLimits {
            nodes,
            heap_table,
            options,
            memory,
            search,
        } = self.game;
        Some(match name {
            "depth" => self.depth as u64,
            "steps" => self.steps,
            "nodes" => nodes as u64,
            "heap" => heap_table as u64,
            "options" => options,
            "memory" => memory,
            "search" => search,
            "source" => self.source,
            _ => return None,
        })
    }
}

/// A limit's value: a number (see [`parse_number`]), for a limit in bytes perhaps with a unit:
/// `2GiB`, `20 MB`, `4e3MiB`.
fn parse_value(name: &str, text: &str) -> Result<u64, String> {
    let number = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = &text[number.len()..];
    if unit.is_empty() || number.is_empty() {
        return parse_number(text);
    }
    let Some(&(_, bytes)) = UNITS
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(unit))
    else {
        return Err(format!(
            "`{unit}` is not a unit of bytes: say KiB, MiB, GiB (or kB, MB, GB), as in `2GiB`"
        ));
    };
    if !crate::eval::report::advice::IN_BYTES.contains(&name) {
        return Err(format!(
            "`{name}` is a count, not bytes: give it without a unit, as in `{name}=2e8`"
        ));
    }
    parse_number(number.trim_end())?
        .checked_mul(bytes)
        .ok_or_else(|| {
            format!(
                "`{text}` is too large: a limit is at most {} bytes",
                u64::MAX
            )
        })
}

/// `200000000`, `2_000_000`, `2e8`: a positive whole number that fits in 64 bits.
fn parse_number(text: &str) -> Result<u64, String> {
    let digits: String = text.chars().filter(|c| *c != '_').collect();
    let whole = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let (mantissa, exponent) = digits.split_once(['e', 'E']).unwrap_or((&digits, "0"));
    if !whole(mantissa) || !whole(exponent) {
        return Err(format!("`{text}` is not a positive whole number"));
    }
    let too_large = || format!("`{text}` is too large: a limit is at most {}", u64::MAX);
    let mantissa: u64 = mantissa.parse().map_err(|_| too_large())?;
    let value = match exponent
        .parse::<u32>()
        .ok()
        .and_then(|e| 10u64.checked_pow(e))
    {
        _ if mantissa == 0 => 0,
        Some(scale) => mantissa.checked_mul(scale).ok_or_else(too_large)?,
        None => return Err(too_large()),
    };
    match value {
        0 => Err(format!("`{text}` is not a positive whole number")),
        value => Ok(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_set_by_name() {
        let mut limits = Limits::default();
        limits.set("depth=5_000_000").unwrap();
        limits.set("heap = 2e8").unwrap();
        assert_eq!(limits.get("depth"), Some(5_000_000));
        assert_eq!(limits.get("heap"), Some(200_000_000));
        assert!(
            limits
                .set("depht=3")
                .unwrap_err()
                .contains("the limits are depth, steps")
        );
        assert!(limits.set("depth=-1").is_err());
        assert!(limits.set("depth").is_err());
    }

    #[test]
    fn every_limit_is_listed() {
        let mut limits = Limits::default();
        let listed: Vec<&str> = LIMITS.iter().map(|(name, _)| *name).collect();
        let names = [
            "depth", "steps", "nodes", "heap", "options", "memory", "search", "source",
        ];
        assert_eq!(listed, names);
        for name in names {
            limits.set(&format!("{name}=12345")).unwrap();
            assert_eq!(limits.get(name), Some(12345), "{name}");
        }
    }

    /// 4401 MiB needed under a 2 GiB limit: 5 GiB, not 20.
    #[test]
    fn memory_is_raised_to_what_is_needed() {
        let help = raise_memory(2 << 30, 4401 << 20);
        assert!(
            help.starts_with("this is the `memory` limit (2 GiB)"),
            "{help}"
        );
        assert!(help.ends_with("`--limit memory=5GiB`"), "{help}");
        // A memo table needing 40894464 bytes (39 MiB) under 20 MB: said in MiB.
        let help = raise_memory(20_000_000, 40_894_464);
        assert!(
            help.starts_with("this is the `memory` limit (20000000)"),
            "{help}"
        );
        assert!(help.ends_with("`--limit memory=39MiB`"), "{help}");
        // Tenfold, rounded up to a whole MiB; small limits and counts as they are.
        assert!(raise("memory", 20_000_000).ends_with("memory=191MiB`"));
        assert!(raise("memory", 1000).ends_with("memory=10000`"));
        assert!(raise("steps", 1 << 30).ends_with("steps=10737418240`"));
    }

    /// Limits in bytes take the units the advice speaks in; counts take none.
    #[test]
    fn memory_is_given_in_units() {
        let mut limits = Limits::default();
        for (setting, bytes) in [
            ("memory=2GiB", 2u64 << 30),
            ("memory=20MB", 20_000_000),
            ("memory=512 KiB", 512 << 10),
            ("memory=3gib", 3 << 30),
            ("memory=64e3kB", 64_000_000),
            ("memory=1_000B", 1000),
            ("source=4MiB", 4 << 20),
            ("memory=39MiB", 40_894_464),
        ] {
            limits.set(setting).unwrap();
            let name = setting.split('=').next().unwrap();
            assert_eq!(limits.get(name), Some(bytes), "{setting}");
        }
        // What the advice asks for is read back as the bytes it means.
        for bytes in [5u64 << 30, 40_894_464, 200_000_000] {
            limits
                .set(&format!("memory={}", asked("memory", bytes)))
                .unwrap();
            let set = limits.get("memory").unwrap();
            assert!(set >= bytes && set - bytes < 1 << 20, "{bytes}: {set}");
        }
        for (wrong, words) in [
            ("memory=2GiBs", "not a unit"),
            ("memory=2e", "not a unit"),
            ("steps=2GiB", "a count, not bytes"),
            ("memory=GiB", "not a positive whole number"),
            ("memory=0MiB", "not a positive whole number"),
            ("memory=-1GiB", "not a positive whole number"),
            ("memory=1.5GiB", "not a positive whole number"),
            ("memory=20000000TiB", "too large"),
        ] {
            let error = limits.set(wrong).unwrap_err();
            assert!(error.contains(words), "{wrong}: {error}");
        }
    }

    #[test]
    fn a_limit_too_large_says_so() {
        let mut limits = Limits::default();
        let too_large = limits.set("steps=1e400").unwrap_err();
        assert!(too_large.contains("`1e400` is too large"), "{too_large}");
        let too_large = limits.set("steps=99999999999999999999").unwrap_err();
        assert!(too_large.contains("too large"), "{too_large}");
        for wrong in ["-5", "0", "1.5", "e5", "ten", "0e400"] {
            let error = limits.set(&format!("steps={wrong}")).unwrap_err();
            assert!(
                error.contains("not a positive whole number"),
                "{wrong}: {error}"
            );
        }
        limits.set("steps=2e3").unwrap();
        assert_eq!(limits.get("steps"), Some(2000));
    }
}
