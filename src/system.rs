//! What the system says of the process's memory, read from Linux's `/proc` (elsewhere each
//! answer is "not known"): the `memory` limit is held to these on the command line, where
//! the session is the whole process.

/// A field of `/proc/self/status` given in kB, in bytes.
fn status_field(status: &str, field: &str) -> Option<u64> {
    let kib: u64 = (status.lines())
        .find_map(|line| line.strip_prefix(field))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

fn status() -> Option<String> {
    std::fs::read_to_string("/proc/self/status").ok()
}

/// The process's resident memory, as `top` shows it.
pub fn resident_bytes() -> Option<u64> {
    status_field(&status()?, "VmRSS:")
}

/// The resident pages of the program's own files (its code, the libraries it loaded): what
/// the process takes before it holds anything.
pub fn program_bytes() -> Option<u64> {
    let status = status()?;
    Some(status_field(&status, "RssFile:")? + status_field(&status, "RssShmem:").unwrap_or(0))
}

/// How much more the process may map before the system refuses (`ulimit -v`, the soft limit
/// on its address space): `None` without such a limit.
pub fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    let mapped = status_field(&status()?, "VmSize:")?;
    Some(soft.saturating_sub(mapped))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On Linux every answer is known (the tests run without `ulimit -v`, so there is no
    /// address-space limit to tell).
    #[test]
    #[cfg(target_os = "linux")]
    fn linux_tells_the_process_memory() {
        let resident = resident_bytes().unwrap();
        let program = program_bytes().unwrap();
        assert!(resident > 0 && program > 0 && program <= resident);
    }
}
