//! What can go wrong while computing heap games: every failure is a value, never an abort.

use thiserror::Error;

/// A computation that could not be finished.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HeapError {
    /// The heap lies beyond the values the limits allow computing, and no period is proved
    /// by the values that were computed.
    #[error(
        "heap {needed} is beyond the {limit} values the limits allow, and those values prove no period"
    )]
    TableLimit { needed: u64, limit: u64 },
    /// The computation did the work it was allowed (pairs of heaps looked at) and stopped.
    #[error("stopped after {work} pairs of heaps, with {computed} values computed")]
    WorkLimit { computed: u64, work: u64 },
    /// The tables would grow past the memory limit.
    #[error("computing heap {needed} needs about {bytes} bytes, more than the limit of {limit}")]
    MemoryLimit { needed: u64, bytes: u64, limit: u64 },
    /// The limits allow the tables, but the machine would not give the memory.
    #[error("the machine would not give the {bytes} bytes the tables need")]
    AllocationFailed { bytes: u64 },
    /// A value does not fit the compact `u16` table.
    #[error("the value of heap {heap} is larger than 65535")]
    ValueOverflow { heap: u64 },
    /// The progress callback asked to stop.
    #[error("cancelled after {computed} heaps")]
    Cancelled { computed: u64 },
    /// Listing the moves of a heap would produce too many.
    #[error("heap {heap} has more than {limit} moves")]
    TooManyMoves { heap: u64, limit: u64 },
}
