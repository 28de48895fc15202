//! The turns' breadth-first search, one round at a time (see the parent
//! module's "Turns").

use super::*;

/// One round of the turns' breadth-first search.
///
/// Round `r` settles the states at distance `r` from the end: a won state
/// as soon as one of its best-value children settled in round `r - 1`, a
/// lost one when the last of its best-value children did, which a count
/// per lost state of its open (distinct) best-value children tells. The
/// first round in a process (after the values, or on a resume after `R`
/// rounds) looks at every board instead: it settles the states with a
/// best-value child settled by round `R` (won) or with none open (lost),
/// and counts the open ones. The later rounds go from the states settled
/// in the round before to their parents only. Each state settles once,
/// with turns `r`, whatever the order of the work, so the entries are the
/// same for any number of threads.
pub(super) struct Search<'a> {
    pub(super) tables: &'a MoveTables,
    pub(super) maps: &'a Maps,
    pub(super) entries: &'a [AtomicU16],
    pub(super) planes: usize,
    /// Per state: a lost state's open best-value children (`caps.open`:
    /// too many to count; such a state looks at its children again each
    /// time one settles).
    pub(super) left: &'a [AtomicU8],
    /// Boards with a state settled in the round before.
    pub(super) last: &'a [AtomicU64],
    /// Boards with a state settled in this round.
    pub(super) this: &'a [AtomicU64],
    /// This round (1, 2, ...).
    pub(super) round: u16,
    pub(super) caps: Caps,
}

/// Turns of a state not yet settled.
pub(super) const NOT_YET: u16 = MAX_RANK as u16;

impl Search<'_> {
    /// Settles state `i` (board `b`), whose entry is `e`, in this round.
    #[inline]
    pub(super) fn settle(&self, b: usize, i: usize, e: u16) {
        self.entries[i].store((e & 7) | (self.round << 3), Ordering::Relaxed);
        self.this[b / 64].fetch_or(1 << (b % 64), Ordering::Relaxed);
    }

    /// The first round in this process: every live board in `levels`.
    /// Returns (states settled, boards computed).
    pub(super) fn start(
        &self,
        levels: &[Vec<u32>],
        jobs: usize,
        progress: &dyn Progress,
    ) -> Result<(u64, u64), String> {
        let boards: Vec<u32> = levels.iter().flatten().copied().collect();
        let chunks = boards.len().div_ceil(CHUNK);
        let next = AtomicUsize::new(0);
        let slots = self.maps.slots;
        let work = || {
            let (mut kids, mut ends) = (Vec::with_capacity(512), Vec::with_capacity(64));
            let mut best = vec![0i8; slots];
            let mut open = vec![0u32; slots];
            let mut closed = vec![false; slots];
            let (mut changed, mut computed) = (0u64, 0u64);
            loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    break;
                }
                let part = &boards[chunk * CHUNK..((chunk + 1) * CHUNK).min(boards.len())];
                for &b in part {
                    let b = b as usize;
                    let row = &self.entries[b * self.planes..(b + 1) * self.planes];
                    let todo = row.iter().any(|e| {
                        let e = e.load(Ordering::Relaxed);
                        e & 7 != 3 && e >> 3 == NOT_YET
                    });
                    if !todo {
                        continue;
                    }
                    computed += 1;
                    gather(
                        self.tables,
                        self.maps,
                        self.entries,
                        self.planes,
                        b,
                        u64::MAX,
                        (&mut kids, &mut ends),
                    );
                    best.fill(-4);
                    let mut first = 0;
                    for (p, &end) in ends.iter().enumerate() {
                        // Each distinct child once: the counts are of
                        // distinct children.
                        kids[first..end].sort_unstable();
                        let mut last = u32::MAX;
                        for &c in &kids[first..end] {
                            if c == last {
                                continue;
                            }
                            last = c;
                            let crow = &self.entries[c as usize * self.planes..];
                            for &(slot, child) in &self.maps.by_pair[p] {
                                let e = crow[usize::from(child)].load(Ordering::Relaxed);
                                let v = 3 - (e & 7) as i8;
                                // Settled in an earlier round.
                                let done = e >> 3 < self.round;
                                let i = usize::from(slot);
                                if v > best[i] {
                                    best[i] = v;
                                    open[i] = u32::from(!done);
                                    closed[i] = done;
                                } else if v == best[i] {
                                    open[i] += u32::from(!done);
                                    closed[i] |= done;
                                }
                            }
                        }
                        first = end;
                    }
                    for ns in 0..self.planes {
                        let i = b * self.planes + ns;
                        let e = self.entries[i].load(Ordering::Relaxed);
                        let v = (e & 7) as i8 - 3;
                        if v == 0 || e >> 3 != NOT_YET {
                            continue;
                        }
                        let slots = self.maps.choices[ns]
                            .iter()
                            .map(|&slot| usize::from(slot))
                            .filter(|&j| best[j] == v);
                        if v > 0 {
                            if slots.into_iter().any(|j| closed[j]) {
                                self.settle(b, i, e);
                                changed += 1;
                            }
                        } else {
                            let n: u32 = slots.map(|j| open[j]).sum();
                            if n == 0 {
                                self.settle(b, i, e);
                                changed += 1;
                            } else {
                                self.left[i].store(
                                    n.min(u32::from(self.caps.open)) as u8,
                                    Ordering::Relaxed,
                                );
                            }
                        }
                    }
                }
                progress.advance(part.len() as u64);
            }
            (changed, computed)
        };
        Ok(run_workers(jobs.min(chunks).max(1), &|_| work()))
    }

    /// A later round: from the states settled in the round before to
    /// their parents. Returns (states settled, boards whose parents were
    /// looked at).
    pub(super) fn step(&self, jobs: usize, progress: &dyn Progress) -> Result<(u64, u64), String> {
        const WORDS: usize = 64;
        let chunks = self.last.len().div_ceil(WORDS);
        let next = AtomicUsize::new(0);
        let before = self.round - 1;
        let work = || {
            let (mut parents, mut settled) = (Vec::with_capacity(256), Vec::with_capacity(64));
            let mut kids = Vec::with_capacity(512);
            let (mut changed, mut computed) = (0u64, 0u64);
            loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    break;
                }
                let mut n = 0u64;
                for w in chunk * WORDS..((chunk + 1) * WORDS).min(self.last.len()) {
                    let mut bits = self.last[w].load(Ordering::Relaxed);
                    n += u64::from(bits.count_ones());
                    while bits != 0 {
                        let c = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        computed += 1;
                        // The states of `c` settled in the round before,
                        // and the pairs through which they are children.
                        settled.clear();
                        let mut pairs = 0u64;
                        for ns in 0..self.planes {
                            let e = self.entries[c * self.planes + ns].load(Ordering::Relaxed);
                            if e >> 3 == before && e & 7 != 3 {
                                settled.push((ns, (e & 7) as i8 - 3));
                                pairs |= 1 << self.maps.pair_of[ns];
                            }
                        }
                        while pairs != 0 {
                            let p = pairs.trailing_zeros() as usize;
                            pairs &= pairs - 1;
                            parents.clear();
                            self.tables.parents(c, p, &mut parents);
                            parents.sort_unstable();
                            parents.dedup();
                            for &q in &parents {
                                let row = q as usize * self.planes;
                                prefetch(&self.entries[row]);
                                prefetch(&self.entries[row + self.planes - 1]);
                            }
                            for &q in &parents {
                                let q = q as usize;
                                for &(ns, vc) in &settled {
                                    if usize::from(self.maps.pair_of[ns]) != p {
                                        continue;
                                    }
                                    for &pns in &self.maps.parents_of[ns] {
                                        let i = q * self.planes + usize::from(pns);
                                        changed +=
                                            self.reached(q, i, usize::from(pns), -vc, &mut kids);
                                    }
                                }
                            }
                        }
                    }
                }
                progress.advance(n);
            }
            (changed, computed)
        };
        Ok(run_workers(jobs.min(chunks).max(1), &|_| work()))
    }

    /// State `i` (board `q`, number state `ns`) has a child worth `v` to
    /// it settled in the round before: settles it when that finishes it.
    /// Returns 1 when it settled.
    #[inline]
    pub(super) fn reached(&self, q: usize, i: usize, ns: usize, v: i8, kids: &mut Vec<u32>) -> u64 {
        let e = self.entries[i].load(Ordering::Relaxed);
        // Settled, a finished board or a draw, or not a best-value child
        // (an invalid board's code 7 is no value).
        if e >> 3 != NOT_YET || (e & 7) as i8 - 3 != v || v == 0 {
            return 0;
        }
        if v > 0 {
            // Won: the first best-value child to settle sets the turns.
            let new = (e & 7) | (self.round << 3);
            if self.entries[i]
                .compare_exchange(e, new, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                self.this[q / 64].fetch_or(1 << (q % 64), Ordering::Relaxed);
                return 1;
            }
            return 0;
        }
        let left = &self.left[i];
        if left.load(Ordering::Relaxed) == self.caps.open {
            // Too many to count: look at every best-value child.
            if self.all_settled(q, ns, v, kids)
                && self.entries[i]
                    .compare_exchange(
                        e,
                        (e & 7) | (self.round << 3),
                        Ordering::Relaxed,
                        Ordering::Relaxed,
                    )
                    .is_ok()
            {
                self.this[q / 64].fetch_or(1 << (q % 64), Ordering::Relaxed);
                return 1;
            }
            return 0;
        }
        let was = left.fetch_sub(1, Ordering::Relaxed);
        debug_assert!(was > 0, "a count of open children below zero");
        if was == 1 {
            self.settle(q, i, e);
            return 1;
        }
        0
    }

    /// Whether every best-value child of state (`b`, `ns`), worth `v`, was
    /// settled before this round.
    pub(super) fn all_settled(&self, b: usize, ns: usize, v: i8, kids: &mut Vec<u32>) -> bool {
        for &slot in &self.maps.choices[ns] {
            let (p, child) = self.maps.slot_child[usize::from(slot)];
            kids.clear();
            self.tables.children(b, usize::from(p), kids);
            let value = |c: u32| {
                self.entries[c as usize * self.planes + usize::from(child)].load(Ordering::Relaxed)
            };
            let best = kids.iter().map(|&c| 3 - (value(c) & 7) as i8).max();
            if best != Some(v) {
                continue;
            }
            if kids.iter().any(|&c| {
                let e = value(c);
                3 - (e & 7) as i8 == v && e >> 3 >= self.round
            }) {
                return false;
            }
        }
        true
    }
}
