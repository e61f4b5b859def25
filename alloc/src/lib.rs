//! The system allocator, counting on each thread the bytes it has allocated and freed, so that
//! grundy can tell what a statement holds, whatever built it (a list, a string, a game, a
//! picture) and check it against the `memory` limit.
//!
//! It is the one place of `unsafe` in grundy, kept apart in a crate of its own: implementing
//! [`GlobalAlloc`] is unsafe by definition. Each method hands the call to [`System`] as it
//! came and adds the size to a counter of the calling thread; nothing else.
//!
//! The counters are per thread, so that what one session does is not charged to another
//! running beside it (tests, a Python program with several sessions), and they cost one
//! thread-local addition per allocation and per free.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting. Installed with
/// `#[global_allocator] static ALLOCATOR: grundy_alloc::Counting = grundy_alloc::Counting;`.
pub struct Counting;

thread_local! {
    // Constant and without a destructor: read without allocating, even while the thread
    // ends, so the allocator may use it.
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
    static FREED: Cell<u64> = const { Cell::new(0) };
}

/// Adds an allocation of `size` bytes to a counter, as the C library's allocator takes it:
/// a chunk of 16-byte units with an 8-byte header, at least 32 bytes. (Counting only the
/// bytes asked for would miss a third of what a program of small values takes.)
fn add(counter: &'static std::thread::LocalKey<Cell<u64>>, size: usize) {
    let chunk = (size as u64 + 8).next_multiple_of(16).max(32);
    counter.with(|c| c.set(c.get().wrapping_add(chunk)));
}

// SAFETY: every call goes to `System` with the arguments it came with; the counting touches
// only thread-local integers and allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as the caller promised for `layout`.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            add(&ALLOCATED, layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as the caller promised for `layout`.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if !pointer.is_null() {
            add(&ALLOCATED, layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: as the caller promised for `pointer` and `layout`.
        unsafe { System.dealloc(pointer, layout) };
        add(&FREED, layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as the caller promised for `pointer`, `layout` and `new_size`.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            add(&FREED, layout.size());
            add(&ALLOCATED, new_size);
        }
        moved
    }
}

/// The bytes this thread has allocated and freed since it started.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub allocated: u64,
    pub freed: u64,
}

impl Counts {
    /// This thread's counts now (zeros where [`Counting`] is not the global allocator).
    pub fn now() -> Counts {
        Counts {
            allocated: ALLOCATED.with(Cell::get),
            freed: FREED.with(Cell::get),
        }
    }

    /// What this thread holds now beyond what it held at `since`: allocated and not freed
    /// (negative when it freed more than it allocated, such as memory made before).
    pub fn held_since(since: Counts) -> i64 {
        let now = Counts::now();
        let allocated = now.allocated.wrapping_sub(since.allocated);
        let freed = now.freed.wrapping_sub(since.freed);
        allocated.wrapping_sub(freed) as i64
    }
}

/// Whether [`Counting`] is the global allocator: an allocation was counted.
pub fn counting() -> bool {
    let before = Counts::now();
    let probe = std::hint::black_box(Box::new(0u64));
    drop(probe);
    Counts::now() != before
}

/// Big allocations are mapped afresh and unmapped when freed, however big the blocks freed
/// before: glibc otherwise raises the size it maps from after a big block is freed, and then
/// serves a later statement's big vectors from its heap, where growing one copies it with
/// both resident (a statement after one that had filled memory peaked 10 % past the limit).
/// Elsewhere, nothing.
pub fn map_big_allocations() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets a tuning parameter of the C library's allocator; called at
    // start, before any thread allocates.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Hands the pages of freed memory back to the system, where the C library keeps them (glibc
/// keeps what small values freed, and maps big new ones afresh beside it): after a statement
/// freed much, the process's resident memory then shows what it holds. Elsewhere, nothing.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only returns free pages of the C library's own heap to the
    // system; it touches no memory in use.
    unsafe {
        libc::malloc_trim(0);
    }
}
