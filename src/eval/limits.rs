//! Bounds on one session's work, each with a name by which it can be raised or lowered:
//! `grundy --limit depth=5000000`.

use super::Limits;
use crate::game::GameLimits;

/// The limits by name, with what each bounds.
pub const LIMITS: &[(&str, &str)] = &[
    ("depth", "nested calls of families"),
    (
        "steps",
        "calls, `for` passes, edges of pictures drawn and elements builtins go through (64 a step), in one statement",
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

impl Limits {
    /// Sets a limit from `name=value`, e.g. `heap=200000000` (`_` and `e` allowed in numbers).
    pub fn set(&mut self, setting: &str) -> Result<(), String> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("`{setting}` is not `name=value`, e.g. `depth=5000000`"))?;
        let value = parse_number(value.trim())?;
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

/// `200000000`, `2_000_000`, `2e8`: a positive whole number.
/// A limit's value: a positive whole number that fits in 64 bits, `_` and `e` allowed.
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

/// The help line of a limit that was reached: how to raise it.
pub fn raise(name: &str, current: u64) -> String {
    raise_to(name, current, current.saturating_mul(10))
}

/// The help line of the `memory` limit missed by a known amount: raised to the whole MiB
/// (below 1 GiB) or GiB above what is needed, not tenfold (the machine may not have ten
/// times as much).
pub fn raise_memory(current: u64, needed: u64) -> String {
    let unit: u64 = if needed < 1 << 30 { 1 << 20 } else { 1 << 30 };
    let bigger = needed.div_ceil(unit).saturating_mul(unit).max(current + 1);
    raise_limit("memory", current, bigger)
}

/// Advice to raise a limit to `bigger`, said where it is read: at the REPL's prompt,
/// `:set limit name=N`.
pub fn raise_here(at_prompt: bool, name: &str, current: u64, bigger: u64) -> String {
    let how = super::advice::raise(at_prompt, name, bigger);
    format!("this is the `{name}` limit ({current}); to allow more, {how}")
}

/// The same, for a limit that was missed by a known amount: `needed` is what would do.
pub fn raise_to(name: &str, current: u64, needed: u64) -> String {
    raise_limit(name, current, needed.max(current.saturating_mul(10)))
}

/// The same for a count that may pass every limit: the `2^64` integers of
/// `(-9223372036854775807 - 1)..=9223372036854775807`.
pub fn raise_to_count(name: &str, current: u64, needed: u128) -> String {
    match u64::try_from(needed) {
        Ok(needed) => raise_to(name, current, needed),
        Err(_) => format!(
            "this is the `{name}` limit ({current}); no limit allows {needed}: ask for fewer"
        ),
    }
}

fn raise_limit(name: &str, current: u64, bigger: u64) -> String {
    format!(
        "this is the `{name}` limit ({current}); to allow more, run grundy with `--limit {name}={bigger}`"
    )
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
        assert!(help.ends_with("`--limit memory=5368709120`"), "{help}");
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
