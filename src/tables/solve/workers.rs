//! The sweeps' threads: boards per work unit, the entries seen as atomics
//! for their shared reads and writes, and the workers that run a sweep.

use super::*;

/// Boards per work unit.
pub(super) const CHUNK: usize = 256;

/// A `&mut [u16]` seen as atomics, for the sweeps' shared reads and writes.
pub(super) fn as_atomic(entries: &mut [u16]) -> &[AtomicU16] {
    // SAFETY: `AtomicU16` has the same size, alignment and bit validity as
    // `u16`, and the exclusive borrow keeps every other access out for the
    // view's lifetime.
    unsafe { std::slice::from_raw_parts(entries.as_mut_ptr().cast::<AtomicU16>(), entries.len()) }
}

/// A `&mut [u8]` seen as atomics.
pub(super) fn as_atomic_u8(counts: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: as for `as_atomic`.
    unsafe { std::slice::from_raw_parts(counts.as_mut_ptr().cast::<AtomicU8>(), counts.len()) }
}

/// Runs `work` on `workers` threads (on this one when one), each given its
/// number, and adds up the (changed, computed) counts they return.
pub(super) fn run_workers(
    workers: usize,
    work: &(dyn Fn(usize) -> (u64, u64) + Sync),
) -> (u64, u64) {
    let add = |a: (u64, u64), b: (u64, u64)| (a.0 + b.0, a.1 + b.1);
    if workers == 1 {
        work(0)
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|id| scope.spawn(move || work(id)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a solver worker panicked"))
                .fold((0, 0), add)
        })
    }
}
