use std::process::ExitCode;

fn main() -> ExitCode {
    grundy_alloc::map_big_allocations();
    #[cfg(target_os = "linux")]
    if closed_stdout::CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
        grundy::output::standard_output_was_closed();
    }
    grundy::cli::main()
}

/// Whether standard output was closed when grundy started (`grundy run f.game >&-`). Rust's
/// runtime opens /dev/null in its place before `main`, where answers would vanish and the
/// exit code say all went well; so it is looked at before the runtime starts, in the list of
/// the process's open files.
#[cfg(target_os = "linux")]
mod closed_stdout {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn look() {
        let open_files = std::path::Path::new("/proc/self/fd");
        if open_files.is_dir() && std::fs::symlink_metadata(open_files.join("1")).is_err() {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    // The C library runs the functions of `.init_array` before `main`, and so before the
    // runtime's own start: the one place a closed descriptor can still be seen.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static LOOK: extern "C" fn() = look;
}
