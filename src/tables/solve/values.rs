//! The value sweeps: the states a child's change concerns, computed again
//! level by level (see the parent module's "Values" and "Order").

use super::*;

/// In the values, a live state's entry holds its value code (bits 0..3),
/// its *support* (bits 3..15): how many distinct children give it its
/// value, at least (a child that came to give it since it was computed is
/// not counted; [`SUPPORT_MANY`]: too many to count), and its mark (bit
/// 15): computed again in this sweep or the next. A live state's bits
/// above the value are never all clear (support 1 or more, or marked); a
/// finished or invalid board's always are.
pub(super) const MARK: u16 = 1 << 15;
/// A support too large to count: a child leaving marks the state.
pub(super) const SUPPORT_MANY: u16 = (1 << 12) - 1;

/// What the value sweeps read and write.
///
/// A state is computed again only when a child's change can change it:
/// the child now gives it more than it holds (it rises), or the child
/// gave it what it holds and was the last one known to (it may fall: the
/// support counts down). Values are monotone (a won state's only rise, a
/// lost one's only fall, from 0), so a child that gives a state more never
/// gives it less later, and the other changes leave its best where it
/// is. So every state not marked holds what computing it would give, and
/// a sweep that computes only the marked states ends where one computing
/// every state would: the same entries after every level, and the same
/// sweeps.
pub(super) struct Sweep<'a> {
    pub(super) tables: &'a MoveTables,
    pub(super) maps: &'a Maps,
    pub(super) entries: &'a [AtomicU16],
    /// Per level: a bit per board (by its place in the level) with a
    /// state marked.
    pub(super) boards_marked: &'a [Vec<AtomicU64>],
    /// Per board: its place in its level.
    pub(super) pos_of: &'a [u32],
    /// Per level: its boards marked (an upper bound: 0 when none).
    pub(super) marked: &'a [AtomicU64],
    /// Per board: its level (`u16::MAX`: no live board).
    pub(super) level_of: &'a [u16],
    pub(super) planes: usize,
    pub(super) caps: Caps,
}

/// A state whose value changed: board, number state, old and new codes.
#[derive(Clone, Copy)]
pub(super) struct Change {
    pub(super) b: u32,
    pub(super) ns: u16,
    pub(super) old: u8,
    pub(super) new: u8,
    pub(super) support: u16,
}

/// A worker's scratch.
pub(super) struct Scratch {
    pub(super) kids: Vec<u32>,
    pub(super) ends: Vec<usize>,
    pub(super) best: Vec<i8>,
    pub(super) count: Vec<u32>,
    pub(super) todo: Vec<u16>,
    pub(super) changes: Vec<Change>,
    pub(super) parents: Vec<u32>,
}

impl Scratch {
    pub(super) fn new(slots: usize) -> Scratch {
        Scratch {
            kids: Vec::with_capacity(512),
            ends: Vec::with_capacity(64),
            best: vec![0; slots],
            count: vec![0; slots],
            todo: Vec::with_capacity(64),
            changes: Vec::new(),
            parents: Vec::with_capacity(256),
        }
    }
}

impl Sweep<'_> {
    /// One sweep over `levels`, lowest first: each level computes its
    /// marked states from the entries as they were when it began, writes
    /// them, then marks the parents its changes concern. Returns (states
    /// changed, states computed).
    pub(super) fn run(
        &self,
        levels: &[Vec<u32>],
        jobs: usize,
        progress: &dyn Progress,
    ) -> Result<(u64, u64), String> {
        let workers = jobs.max(1);
        let next = AtomicUsize::new(0);
        let barrier = Barrier::new(workers);
        let work = |id: usize| {
            let mut s = Scratch::new(self.maps.slots);
            let (mut changed, mut computed) = (0u64, 0u64);
            for (l, boards) in levels.iter().enumerate() {
                // Every worker reads the same count: marks are made only
                // between the barriers below.
                if self.marked[l].load(Ordering::Relaxed) == 0 {
                    if id == 0 {
                        progress.advance(boards.len() as u64);
                    }
                    continue;
                }
                // Chunks of CHUNK boards: CHUNK / 64 words of the level's
                // marks.
                let words = &self.boards_marked[l];
                let per = CHUNK / 64;
                let chunks = words.len().div_ceil(per);
                loop {
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    if chunk >= chunks {
                        break;
                    }
                    let end = ((chunk + 1) * per).min(words.len());
                    for (w, word) in words.iter().enumerate().take(end).skip(chunk * per) {
                        if word.load(Ordering::Relaxed) == 0 {
                            continue;
                        }
                        let mut bits = word.swap(0, Ordering::Relaxed);
                        while bits != 0 {
                            let at = w * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            computed += self.compute(boards[at] as usize, &mut s);
                        }
                    }
                    let done = (((chunk + 1) * CHUNK).min(boards.len()) - chunk * CHUNK) as u64;
                    progress.advance(done);
                }
                if barrier.wait().is_leader() {
                    next.store(0, Ordering::Relaxed);
                    self.marked[l].store(0, Ordering::Relaxed);
                }
                for c in &s.changes {
                    self.entries[c.b as usize * self.planes + usize::from(c.ns)]
                        .store(u16::from(c.new) | c.support << 3, Ordering::Relaxed);
                }
                changed += s.changes.len() as u64;
                barrier.wait();
                self.mark(&mut s);
                s.changes.clear();
                barrier.wait();
            }
            (changed, computed)
        };
        Ok(run_workers(workers, &work))
    }

    /// Computes board `b`'s marked states (clearing their marks and
    /// setting their supports) into `s.changes`; returns how many it
    /// computed.
    #[inline(never)]
    pub(super) fn compute(&self, b: usize, s: &mut Scratch) -> u64 {
        s.todo.clear();
        let first = b * self.planes;
        let row = &self.entries[first..first + self.planes];
        for (ns, e) in row.iter().enumerate() {
            if e.load(Ordering::Relaxed) & MARK != 0 {
                s.todo.push(ns as u16);
            }
        }
        if s.todo.is_empty() {
            return 0;
        }
        let pairs = s
            .todo
            .iter()
            .fold(0u64, |m, &ns| m | self.maps.pairs_of[usize::from(ns)]);
        gather(
            self.tables,
            self.maps,
            self.entries,
            self.planes,
            b,
            pairs,
            (&mut s.kids, &mut s.ends),
        );
        s.best.fill(-4);
        let mut from = 0;
        for (p, &to) in s.ends.iter().enumerate() {
            let map = &self.maps.by_pair[p];
            // Each distinct child once: the supports count distinct
            // children.
            s.kids[from..to].sort_unstable();
            let mut last = u32::MAX;
            for &c in &s.kids[from..to] {
                if c == last {
                    continue;
                }
                last = c;
                let row = &self.entries[c as usize * self.planes..];
                for &(slot, child) in map {
                    let v = 3 - (row[usize::from(child)].load(Ordering::Relaxed) & 7) as i8;
                    let i = usize::from(slot);
                    if v > s.best[i] {
                        s.best[i] = v;
                        s.count[i] = 1;
                    } else if v == s.best[i] {
                        s.count[i] += 1;
                    }
                }
            }
            from = to;
        }
        for &ns in &s.todo {
            let ns = usize::from(ns);
            let best = self.maps.choices[ns]
                .iter()
                .map(|&slot| s.best[usize::from(slot)])
                .max()
                .unwrap_or(0);
            let support: u32 = self.maps.choices[ns]
                .iter()
                .filter(|&&slot| s.best[usize::from(slot)] == best)
                .map(|&slot| s.count[usize::from(slot)])
                .sum();
            // At least 1 (a live state has a child), so that a live
            // state's bits above its value are never all clear.
            let support = support.clamp(1, u32::from(self.caps.support)) as u16;
            let new = (best + 3) as u8;
            let old = (row[ns].load(Ordering::Relaxed) & 7) as u8;
            // The value stays as it was until the level's writes.
            row[ns].store(u16::from(old) | support << 3, Ordering::Relaxed);
            if new != old {
                s.changes.push(Change {
                    b: b as u32,
                    ns: ns as u16,
                    old,
                    new,
                    support,
                });
            }
        }
        s.todo.len() as u64
    }

    /// Marks the parents that this worker's changes concern: for each
    /// changed state, the parent states that chose it (through its pair)
    /// and now get more from it than they hold, or held what it gave them
    /// and have no other child left known to give it (their support).
    /// Those in a higher level compute in this sweep, the others in the
    /// next.
    #[inline(never)]
    pub(super) fn mark(&self, s: &mut Scratch) {
        let mut i = 0;
        while i < s.changes.len() {
            let b = s.changes[i].b;
            let mut j = i;
            let mut pairs = 0u64;
            while j < s.changes.len() && s.changes[j].b == b {
                pairs |= 1 << self.maps.pair_of[usize::from(s.changes[j].ns)];
                j += 1;
            }
            let group = &s.changes[i..j];
            while pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                s.parents.clear();
                self.tables.parents(b as usize, p, &mut s.parents);
                s.parents.sort_unstable();
                s.parents.dedup();
                for &q in &s.parents {
                    let row = q as usize * self.planes;
                    prefetch(&self.entries[row]);
                    prefetch(&self.entries[row + self.planes - 1]);
                }
                for &q in &s.parents {
                    let q = q as usize;
                    for c in group {
                        let ns = usize::from(c.ns);
                        if usize::from(self.maps.pair_of[ns]) != p {
                            continue;
                        }
                        // What the child is worth to its parents, before
                        // and now.
                        let (was, now) = (3 - c.old as i8, 3 - c.new as i8);
                        for &pns in &self.maps.parents_of[ns] {
                            let at = q * self.planes + usize::from(pns);
                            if self.concerns(&self.entries[at], was, now) {
                                self.mark_board(q);
                            }
                        }
                    }
                }
            }
            i = j;
        }
    }

    /// A child of the state whose entry is `entry` went from giving it
    /// `was` to `now`: marks the state when that may change it, and
    /// returns whether this marked it (it was not marked before).
    #[inline(always)]
    pub(super) fn concerns(&self, entry: &AtomicU16, was: i8, now: i8) -> bool {
        let mut e = entry.load(Ordering::Relaxed);
        // Marked already, or no live state (an invalid board, a finished
        // one): nothing to do.
        if e & MARK != 0 || e >> 3 == 0 {
            return false;
        }
        let held = (e & 7) as i8 - 3;
        if now > held {
            return entry.fetch_or(MARK, Ordering::Relaxed) & MARK == 0;
        }
        if was != held || now > was {
            return false;
        }
        // One child fewer gives it its value.
        loop {
            if e & MARK != 0 {
                return false;
            }
            let support = e >> 3 & SUPPORT_MANY;
            let new = if support >= self.caps.support {
                e | MARK
            } else if support <= 1 {
                (e & 7) | MARK
            } else {
                e - 8
            };
            match entry.compare_exchange_weak(e, new, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return new & MARK != 0,
                Err(now) => e = now,
            }
        }
    }

    /// Notes that live board `q` has a state marked.
    #[inline(always)]
    pub(super) fn mark_board(&self, q: usize) {
        let l = usize::from(self.level_of[q]);
        let pos = self.pos_of[q] as usize;
        let bit = 1u64 << (pos % 64);
        let word = &self.boards_marked[l][pos / 64];
        if word.load(Ordering::Relaxed) & bit == 0
            && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
        {
            self.marked[l].fetch_add(1, Ordering::Relaxed);
        }
    }
}
