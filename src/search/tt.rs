//! The transposition table: results of earlier searches keyed by a hash of
//! the full NC state, sized in MiB, always-replace buckets.

use crate::game::{GameState, Phase};

/// How a stored value bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    /// Index of the best child in generation order, for move ordering.
    pub best: u16,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    bound: Bound::Upper,
    best: u16::MAX,
};

/// A fixed-size table of entries.
pub(crate) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// A table of about `mib` MiB.
    pub fn new(mib: usize) -> Table {
        let n = (mib.max(1) << 20) / std::mem::size_of::<Entry>();
        Table {
            entries: vec![EMPTY; n.max(1)],
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && key != 0).then_some(e)
    }

    pub fn store(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        let old = self.entries[slot];
        // Keep a deeper result of the same state; otherwise replace.
        if old.key != entry.key || entry.depth >= old.depth || entry.bound == Bound::Exact {
            self.entries[slot] = entry;
        }
    }
}

/// A 64-bit hash of the whole state: board, side to move, both numbers,
/// credits, phase and alphabet (Zobrist-style: independent random keys per
/// feature, mixed with a strong finaliser).
pub(crate) fn hash(state: &GameState) -> u64 {
    let pos = state.position();
    let numbers = state.numbers();
    let side = state.to_move();
    let mut h = mix(pos.mover().bits() as u64 ^ 0x9E37_79B9_7F4A_7C15);
    h = mix(h ^ (pos.mover().bits() >> 64) as u64);
    h = mix(h ^ pos.opponent().bits() as u64);
    h = mix(h ^ (pos.opponent().bits() >> 64) as u64);
    let own = numbers.current(side).unwrap_or(0) as u64;
    let theirs = numbers.current(side.other()).unwrap_or(0) as u64;
    let extra = own
        | theirs << 4
        | (numbers.credits(side) as u64) << 8
        | (numbers.credits(side.other()) as u64) << 12
        | (matches!(state.phase(), Phase::Play) as u64) << 16
        | (state.k() as u64) << 17
        | (side.index() as u64) << 21;
    mix(h ^ extra).max(1)
}

#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
