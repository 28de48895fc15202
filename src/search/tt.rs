//! The transposition table: results of earlier searches keyed by a hash of
//! the full NC state (a Zobrist key), sized in MiB, one entry a slot.

use crate::board::SLOTS;
use crate::game::{GameState, Phase};
use crate::numbers::Side;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored value bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Bound {
    Exact = 0,
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

/// One slot, shared by every search thread without locks: the entry packed
/// into `data`, and `check` = key XOR data. Two threads may write a slot at
/// once, and a reader may see one's `check` with the other's `data`; then
/// the XOR gives back neither key and the probe misses, so a torn entry is
/// never used. Zeroed memory is an empty slot (key 0 is never a state's).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// An entry's fields in 64 bits: value (low 32), depth, bound, best move.
#[inline]
fn pack(e: &Entry) -> u64 {
    u64::from(e.value as u32)
        | u64::from(e.depth) << 32
        | (e.bound as u64) << 40
        | u64::from(e.best) << 48
}

#[inline]
fn unpack(key: u64, data: u64) -> Entry {
    Entry {
        key,
        value: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound: match (data >> 40) as u8 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        best: (data >> 48) as u16,
    }
}

/// A fixed-size table of entries, shared by the search threads (`&Table`
/// is enough to store).
pub(crate) struct Table {
    entries: Vec<Slot>,
}

impl Table {
    /// A table of about `mib` MiB.
    pub fn new(mib: usize) -> Table {
        Table::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mib` MiB, or why the memory could not be had. The
    /// memory comes zeroed from the allocator (fresh pages from the system,
    /// for large tables), so a large table costs no time until it is used.
    pub fn try_new(mib: usize) -> Result<Table, String> {
        let n = ((mib.max(1) << 20) / std::mem::size_of::<Slot>()).max(1);
        let fail = || format!("cannot allocate {mib} MiB for the hash table");
        let layout = std::alloc::Layout::array::<Slot>(n).map_err(|_| fail())?;
        // SAFETY: the layout has a non-zero size (n >= 1, slots are 16
        // bytes). A null pointer is the allocator's failure. Otherwise the
        // memory holds n zeroed slots, and a zeroed `Slot` is valid (two
        // atomic integers) and empty. The vector takes the allocation with
        // the same layout (capacity n).
        let entries = unsafe {
            // black_box: the optimiser may otherwise assume an allocation
            // whose table is dropped unused succeeded, and skip it.
            let ptr = std::hint::black_box(std::alloc::alloc_zeroed(layout)).cast::<Slot>();
            if ptr.is_null() {
                return Err(fail());
            }
            Vec::from_raw_parts(ptr, n, n)
        };
        Ok(Table { entries })
    }

    pub fn clear(&mut self) {
        for slot in &mut self.entries {
            *slot = Slot::default();
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.entries[((u128::from(key) * self.entries.len() as u128) >> 64) as usize]
    }

    /// The entry stored for `key`, if any (and not torn).
    #[inline]
    fn read(slot: &Slot) -> Entry {
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        unpack(check ^ data, data)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = Table::read(self.slot(key));
        (e.key == key && key != 0).then_some(e)
    }

    pub fn store(&self, entry: Entry) {
        let slot = self.slot(entry.key);
        let old = Table::read(slot);
        // Keep a deeper result of the same state; otherwise replace.
        if old.key != entry.key || entry.depth >= old.depth || entry.bound == Bound::Exact {
            let data = pack(&entry);
            slot.data.store(data, Ordering::Relaxed);
            slot.check.store(entry.key ^ data, Ordering::Relaxed);
        }
    }
}

/// Random keys: one per (side to move or not, slot, checker count), per
/// current number of each player, per credit count, for the phase, the side
/// and the alphabet. Generated at compile time from a fixed seed, so keys are
/// the same on every machine.
struct Keys {
    checkers: [[[u64; 16]; SLOTS]; 2],
    numbers: [[u64; 10]; 2],
    credits: [[u64; 10]; 2],
    alphabet: [u64; 10],
    play_phase: u64,
    y_to_move: u64,
    /// Per side and count of checkers waiting in the pool (Backgammon
    /// Race); drawn after the others, so the older keys stay as they were.
    pool: [[u64; 16]; 2],
    /// Anti-Backgammon's reversed object.
    bear_off_last: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static KEYS: Keys = {
    let mut seed = 0x6E63_6267_5A6F_6272; // "ncbgZobr"
    let mut checkers = [[[0u64; 16]; SLOTS]; 2];
    let mut side = 0;
    while side < 2 {
        let mut slot = 0;
        while slot < SLOTS {
            // Count 0 keeps key 0, so empty slots cost nothing.
            let mut count = 1;
            while count < 16 {
                checkers[side][slot][count] = splitmix(&mut seed);
                count += 1;
            }
            slot += 1;
        }
        side += 1;
    }
    let mut numbers = [[0u64; 10]; 2];
    let mut credits = [[0u64; 10]; 2];
    let mut player = 0;
    while player < 2 {
        let mut i = 0;
        while i < 10 {
            numbers[player][i] = splitmix(&mut seed);
            credits[player][i] = splitmix(&mut seed);
            i += 1;
        }
        player += 1;
    }
    let mut alphabet = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        alphabet[i] = splitmix(&mut seed);
        i += 1;
    }
    Keys {
        checkers,
        numbers,
        credits,
        alphabet,
        play_phase: splitmix(&mut seed),
        y_to_move: splitmix(&mut seed),
        pool: {
            let mut pool = [[0u64; 16]; 2];
            let mut side = 0;
            while side < 2 {
                let mut count = 1;
                while count < 16 {
                    pool[side][count] = splitmix(&mut seed);
                    count += 1;
                }
                side += 1;
            }
            pool
        },
        bear_off_last: splitmix(&mut seed),
    }
};

/// The Zobrist key of the whole NC state: board (both sides, every slot's
/// count), side to move, both current numbers, both credit counts, phase and
/// alphabet.
pub(crate) fn hash(state: &GameState) -> u64 {
    let pos = state.position();
    let mut h = 0u64;
    for (side, checkers) in [pos.mover(), pos.opponent()].into_iter().enumerate() {
        h ^= KEYS.pool[side][usize::from(checkers.pool())];
        let mut bits = checkers.bits() & ((1u128 << (4 * SLOTS)) - 1);
        let mut slot = 0;
        while bits != 0 {
            h ^= KEYS.checkers[side][slot][(bits & 0xF) as usize];
            bits >>= 4;
            slot += 1;
        }
    }
    let numbers = state.numbers();
    for side in [Side::X, Side::Y] {
        let i = side.index();
        h ^= KEYS.numbers[i][numbers.current(side).unwrap_or(0) as usize];
        h ^= KEYS.credits[i][numbers.credits(side).min(9) as usize];
    }
    h ^= KEYS.alphabet[state.k().min(9) as usize];
    if state.phase() == Phase::Play {
        h ^= KEYS.play_phase;
    }
    if state.to_move() == Side::Y {
        h ^= KEYS.y_to_move;
    }
    if state.objective() == crate::board::Objective::BearOffLast {
        h ^= KEYS.bear_off_last;
    }
    h.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_of_the_state_changes_the_key() {
        let mut g = GameState::standard();
        let k0 = hash(&g);
        g.pick(3).unwrap();
        let k1 = hash(&g);
        g.pick(5).unwrap();
        let k2 = hash(&g);
        let mut picked = g;
        picked.pick(6).unwrap();
        let k3 = hash(&picked);
        let mut doublet = g;
        doublet.pick(5).unwrap();
        let k4 = hash(&doublet);
        let keys = [k0, k1, k2, k3, k4];
        for i in 0..keys.len() {
            for j in i + 1..keys.len() {
                assert_ne!(keys[i], keys[j], "states {i} and {j}");
            }
        }
        assert_eq!(hash(&g), k2, "same state, same key");
        let t = Table::new(1);
        t.store(Entry {
            key: k2,
            value: 5,
            depth: 3,
            bound: Bound::Exact,
            best: 1,
        });
        assert_eq!(t.probe(k2).map(|e| e.value), Some(5));
        assert!(t.probe(k3).is_none_or(|e| e.key == k3));
    }

    #[test]
    fn a_new_table_is_empty_and_sizes_are_checked() {
        let t = Table::try_new(2).unwrap();
        assert_eq!(t.entries.len(), (2 << 20) / std::mem::size_of::<Slot>());
        assert!(t.entries.iter().all(|s| Table::read(s).key == 0));
        assert!(t.probe(12345).is_none());
        // More than any machine has: refused, not an abort.
        let e = Table::try_new(usize::MAX >> 21).err().unwrap();
        assert!(e.contains("cannot allocate"), "{e}");
    }

    #[test]
    fn entries_pack_and_unpack() {
        for (value, depth, bound, best) in [
            (0, 0, Bound::Exact, 0),
            (-2999, 255, Bound::Lower, u16::MAX - 1),
            (-1_000_000, 7, Bound::Upper, 3),
            (1_000_000, 1, Bound::Exact, 40000),
        ] {
            let e = Entry {
                key: 0xDEAD_BEEF_1234_5678,
                value,
                depth,
                bound,
                best,
            };
            let back = unpack(e.key, pack(&e));
            assert_eq!(
                (back.key, back.value, back.depth, back.bound, back.best),
                (e.key, value, depth, bound, best)
            );
        }
    }

    /// Threads hammer the slots of a tiny table, each writing entries whose
    /// fields are all derived from the key; every probe that hits must give
    /// back a whole entry of that key, never a mix of two writes.
    #[test]
    fn concurrent_writes_never_give_torn_entries() {
        let t = Table::new(1);
        let entry = |key: u64| Entry {
            key,
            value: (key % 5000) as i32 - 2500,
            depth: (key >> 3) as u8,
            bound: [Bound::Exact, Bound::Lower, Bound::Upper][(key % 3) as usize],
            best: key.wrapping_mul(7) as u16,
        };
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let t = &t;
                scope.spawn(move || {
                    let mut x = thread + 1;
                    for _ in 0..200_000 {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        // Four slots, 64 keys each: constant collisions.
                        let key_of = |r: u64| (r % 4) << 62 | ((r >> 2) % 64 + 1);
                        t.store(entry(key_of(x >> 11)));
                        let probe = key_of(x >> 37);
                        if let Some(e) = t.probe(probe) {
                            let want = entry(probe);
                            assert_eq!(
                                (e.value, e.depth, e.bound, e.best),
                                (want.value, want.depth, want.bound, want.best)
                            );
                        }
                    }
                });
            }
        });
    }
}
