//! A board's children, gathered pair by pair from the side move tables,
//! with their entries asked into the cache first.

use super::*;

/// A hint to load the cache line of `at` (nothing where unsupported).
#[inline(always)]
pub(super) fn prefetch<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints; any address is allowed.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((at as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Gathers board `b`'s children, pair by pair, into `kids` (pair `p`'s
/// end at `ends[p]`), and asks for their entries (and the board's own) to
/// be brought into the cache: a sweep waits on memory far more than it
/// computes.
pub(super) fn gather(
    tables: &MoveTables,
    maps: &Maps,
    entries: &[AtomicU16],
    planes: usize,
    b: usize,
    pairs: u64,
    (kids, ends): (&mut Vec<u32>, &mut Vec<usize>),
) {
    for at in (0..planes).step_by(32) {
        prefetch(&entries[b * planes + at]);
    }
    kids.clear();
    ends.clear();
    for p in 0..tables.pairs.len() {
        // A doublet without credits is no choice: its children are
        // never read.
        let first = kids.len();
        if !maps.by_pair[p].is_empty() && pairs >> p & 1 == 1 {
            tables.children(b, p, kids);
        }
        ends.push(kids.len());
        // The two ends of each run of child entries the pair reads.
        for &c in &kids[first..] {
            for &at in &maps.prefetch[p] {
                prefetch(&entries[c as usize * planes + usize::from(at)]);
            }
        }
    }
}
