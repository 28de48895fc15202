//! One side's checkers, packed four bits a slot into a `u128`.
//!
//! Slots are counted in the side's own coordinates: slot 0 holds the checkers
//! borne off, slots 1..=24 are the points (the side moves from 24 towards 1) and
//! slot 25 is the bar. A slot holds at most 15 checkers, which is also the most a
//! side may own, so no slot can overflow into the next.
//!
//! Past the 26 slots, one more nibble (slot 26, [`POOL`]) holds the checkers
//! still waiting to enter in Backgammon Race (`protocol/rules.md` §9). It is
//! no slot of the board: [`Checkers::to_slots`], the bitsets and
//! [`Checkers::highest`] leave it out, while [`Checkers::total`],
//! [`Checkers::in_play`] and [`Checkers::outside_home`] count it.

/// Slot of the checkers borne off.
pub const OFF: usize = 0;
/// Slot of the checkers on the bar.
pub const BAR: usize = 25;
/// Number of slots (off, 24 points, bar).
pub const SLOTS: usize = 26;
/// The pool of checkers waiting to enter (Backgammon Race): the nibble after
/// the bar, outside the board's [`SLOTS`].
pub const POOL: usize = 26;
/// Bits of the packed pool nibble.
const POOL_MASK: u128 = 0xF << (4 * POOL);
/// The most checkers one side may have.
pub const MAX_CHECKERS: u8 = 15;

/// Bits 0..=25 set: every slot.
pub(crate) const ALL_SLOTS: u32 = (1 << SLOTS) - 1;
/// Bits 1..=24 set: the points.
pub(crate) const POINT_BITS: u32 = ((1 << 25) - 1) & !1;

/// `UNIT[s]` is one checker in slot `s`, in the packed layout.
pub(crate) const UNIT: [u128; SLOTS] = {
    let mut t = [0u128; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        t[s] = 1u128 << (4 * s);
        s += 1;
    }
    t
};

/// [`UNIT`] and the [`POOL`] padded to 32 entries, so that `unit(s)` with
/// `s & 31` needs no bounds check in the generator's inner loops.
const UNIT32: [u128; 32] = {
    let mut t = [0u128; 32];
    let mut s = 0;
    while s <= POOL {
        t[s] = 1u128 << (4 * s);
        s += 1;
    }
    t
};

/// One checker in slot `s` (the pool included; 0 for `s` past it), without
/// a bounds check.
#[inline(always)]
pub(crate) fn unit(s: usize) -> u128 {
    UNIT32[s & 31]
}

/// One side's checkers, indexed by slot in that side's own coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Checkers(u128);

impl Checkers {
    /// No checkers at all.
    pub const EMPTY: Checkers = Checkers(0);

    /// Builds a side from per-slot counts (slot 0 = off, 1..=24 points, 25 = bar).
    /// Returns `None` when the total exceeds 15.
    pub fn from_slots(slots: &[u8; SLOTS]) -> Option<Checkers> {
        let mut total = 0u32;
        let mut packed = 0u128;
        for (slot, &n) in slots.iter().enumerate() {
            total += u32::from(n);
            if total > u32::from(MAX_CHECKERS) {
                return None;
            }
            packed |= u128::from(n) << (4 * slot);
        }
        Some(Checkers(packed))
    }

    /// The per-slot counts.
    pub fn to_slots(self) -> [u8; SLOTS] {
        let mut out = [0u8; SLOTS];
        for (slot, n) in out.iter_mut().enumerate() {
            *n = self.count(slot);
        }
        out
    }

    /// Checkers in `slot`.
    #[inline(always)]
    pub const fn count(self, slot: usize) -> u8 {
        ((self.0 >> (4 * slot)) & 0xF) as u8
    }

    /// Checkers on the bar.
    #[inline(always)]
    pub const fn bar(self) -> u8 {
        self.count(BAR)
    }

    /// Checkers borne off.
    #[inline(always)]
    pub const fn off(self) -> u8 {
        self.count(OFF)
    }

    /// Checkers waiting in the pool (Backgammon Race).
    #[inline(always)]
    pub const fn pool(self) -> u8 {
        self.count(POOL)
    }

    /// The same side with `n` of its borne-off checkers waiting in the pool
    /// instead (added to those already there); `None` when fewer than `n`
    /// are off.
    pub fn with_pool(self, n: u8) -> Option<Checkers> {
        (n <= self.off())
            .then(|| Checkers(self.0 - u128::from(n) * UNIT[OFF] + (u128::from(n) << (4 * POOL))))
    }

    /// The same side with its waiting checkers put on the bar: the board an
    /// evaluation trained without a pool reads (a waiting checker, like one
    /// on the bar, has all 25 pips to go and enters the same way).
    #[inline]
    pub fn pool_on_bar(self) -> Checkers {
        let n = u128::from(self.pool());
        Checkers((self.0 & !POOL_MASK) + (n << (4 * BAR)))
    }

    /// All checkers of the side, borne off ones included.
    pub fn total(self) -> u8 {
        // Sum of nibbles: fold pairs of nibbles into bytes, then sum the bytes.
        let x = self.0;
        let bytes = (x & 0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F)
            + ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F);
        (bytes
            .to_le_bytes()
            .iter()
            .map(|&b| u32::from(b))
            .sum::<u32>()) as u8
    }

    /// Checkers still on the board or the bar.
    #[inline]
    pub fn in_play(self) -> u8 {
        self.total() - self.off()
    }

    /// True when every checker still in play is in the home board (points 1..=6).
    #[inline(always)]
    pub const fn all_home(self) -> bool {
        self.0 >> 28 == 0
    }

    /// Highest occupied slot (25 = bar), or 0 when nothing is left on the
    /// board or the bar (the pool is not looked at).
    #[inline(always)]
    pub const fn highest(self) -> usize {
        let in_play = self.0 & !0xF & !POOL_MASK;
        if in_play == 0 {
            0
        } else {
            (127 - in_play.leading_zeros() as usize) / 4
        }
    }

    /// Number of checkers outside the home board (points 7..=24, the bar and
    /// the pool).
    #[inline]
    pub fn outside_home(self) -> u8 {
        Checkers(self.0 >> 28 << 28).total()
    }

    /// Pip count: the sum over checkers of their distance to being borne off
    /// (the bar and the pool count 25).
    #[inline]
    pub fn pips(self) -> u32 {
        self.pool_on_bar().board_pips()
    }

    #[inline(always)]
    fn board_pips(self) -> u32 {
        // Multiplying by a one in every nibble puts in nibble `s` the prefix
        // sum P(s) of the counts of slots 0..=s; a side has at most 15
        // checkers, so no prefix carries into the next nibble. Then
        // sum(s * n(s)) = 25 * P(25) - (P(0) + ... + P(24)).
        let prefix = self.0.wrapping_mul(NIBBLE_LSB);
        let total = ((prefix >> (4 * BAR)) & 0xF) as u32;
        let below_bar = prefix & ((1u128 << (4 * BAR)) - 1);
        25 * total - nibble_sum(below_bar)
    }

    /// Bitset of occupied slots 1..=25 (bit `s` set when slot `s` holds a checker).
    #[inline]
    pub fn occupied(self) -> u32 {
        let x = self.0;
        let nz = (x | (x >> 1) | (x >> 2) | (x >> 3)) & NIBBLE_LSB;
        compress_nibble_flags(nz) & !1
    }

    /// Bitset of slots 1..=25 holding at least two checkers.
    #[inline]
    pub fn occupied_twice(self) -> u32 {
        let x = self.0 & NIBBLE_HIGH3;
        let ge2 = ((x >> 1) | (x >> 2) | (x >> 3)) & NIBBLE_LSB;
        compress_nibble_flags(ge2) & !1
    }

    /// Bitset of slots 1..=25 holding exactly one checker.
    #[inline]
    pub fn singles(self) -> u32 {
        self.occupied() & !self.occupied_twice()
    }

    /// Moves one checker from `from` to `to` (either may be any slot, and
    /// `from` the [`POOL`]).
    #[inline(always)]
    pub(crate) fn shift(&mut self, from: usize, to: usize) {
        self.0 = self.0 - unit(from) + unit(to);
    }

    /// The packed bits: 4 bits a slot, slot 0 in the lowest bits.
    #[inline(always)]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// A side from packed bits the caller knows to be valid.
    #[inline(always)]
    pub(crate) const fn from_bits_unchecked(bits: u128) -> Checkers {
        Checkers(bits)
    }

    /// Rebuilds a side from [`Checkers::bits`]. Returns `None` when a bit above
    /// the pool (slot 26) is set or the total exceeds 15.
    pub fn from_bits(bits: u128) -> Option<Checkers> {
        if bits >> (4 * (POOL + 1)) != 0 {
            return None;
        }
        let c = Checkers(bits);
        (c.total() <= MAX_CHECKERS).then_some(c)
    }
}

const NIBBLE_LSB: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;
const NIBBLE_HIGH3: u128 = 0xEEEE_EEEE_EEEE_EEEE_EEEE_EEEE_EEEE_EEEE;

/// Sum of the 32 nibbles of `x`.
#[inline(always)]
fn nibble_sum(x: u128) -> u32 {
    const BYTE_LOW: u128 = 0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F;
    const LANE_LOW: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;
    // Nibble pairs into bytes (at most 30), byte pairs into 16-bit lanes (at
    // most 60), then the four lanes of each half summed by a multiply into
    // its top lane (at most 240).
    let bytes = (x & BYTE_LOW) + ((x >> 4) & BYTE_LOW);
    let lanes = (bytes & LANE_LOW) + ((bytes >> 8) & LANE_LOW);
    let fold = |h: u64| (h.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32;
    fold(lanes as u64) + fold((lanes >> 64) as u64)
}

/// Gathers flags sitting at bit `4 * s` into bit `s` of a `u32` (slots 0..=25).
#[inline(always)]
fn compress_nibble_flags(flags: u128) -> u32 {
    // Each half of the u128 carries 16 flags 4 bits apart; fold them together
    // pairwise (nibbles -> bytes -> 16-bit lanes -> 32-bit lanes -> 16 bits).
    fn gather16(x: u64) -> u32 {
        // Step 1: pairs of nibbles -> bytes: bit 0 and bit 4 -> bits 0, 1.
        let x = (x | (x >> 3)) & 0x0303_0303_0303_0303;
        // Step 2: pairs of bytes -> 16-bit lanes: bits 0..1 and 8..9 -> bits 0..3.
        let x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
        // Step 3: pairs of 16-bit lanes -> 32-bit lanes.
        let x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
        // Step 4: the two 32-bit lanes.
        ((x | (x >> 24)) & 0xFFFF) as u32
    }
    let lo = gather16(flags as u64);
    let hi = gather16((flags >> 64) as u64);
    (lo | (hi << 16)) & ALL_SLOTS
}

impl std::fmt::Debug for Checkers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut list = f.debug_map();
        for s in 0..SLOTS {
            let n = self.count(s);
            if n > 0 {
                list.entry(&s, &n);
            }
        }
        list.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_match_counts() {
        let mut slots = [0u8; SLOTS];
        slots[OFF] = 2;
        slots[3] = 1;
        slots[6] = 5;
        slots[13] = 2;
        slots[24] = 1;
        slots[BAR] = 3;
        let c = Checkers::from_slots(&slots).unwrap();
        assert_eq!(c.total(), 14);
        assert_eq!(c.in_play(), 12);
        assert_eq!(
            c.occupied(),
            (1 << 3) | (1 << 6) | (1 << 13) | (1 << 24) | (1 << 25)
        );
        assert_eq!(c.occupied_twice(), (1 << 6) | (1 << 13) | (1 << 25));
        assert_eq!(c.singles(), (1 << 3) | (1 << 24));
        assert_eq!(c.highest(), BAR);
        assert!(!c.all_home());
        assert_eq!(c.outside_home(), 6);
        assert_eq!(c.to_slots(), slots);
    }

    #[test]
    fn home_and_highest() {
        let mut slots = [0u8; SLOTS];
        slots[OFF] = 10;
        slots[2] = 4;
        slots[5] = 1;
        let c = Checkers::from_slots(&slots).unwrap();
        assert!(c.all_home());
        assert_eq!(c.highest(), 5);
        assert_eq!(c.pips(), 13);
        let mut none = [0u8; SLOTS];
        none[OFF] = 15;
        assert_eq!(Checkers::from_slots(&none).unwrap().highest(), 0);
    }

    #[test]
    fn pips_are_the_sum_of_distances() {
        // Every way of splitting 15 checkers over a few slots, the bar and
        // off included, against the plain sum.
        let mut rng = crate::rng::Rng::new(17);
        for _ in 0..20_000 {
            let mut slots = [0u8; SLOTS];
            let mut left = 15u8;
            while left > 0 && rng.index(8) != 0 {
                let n = 1 + rng.index(usize::from(left)) as u8;
                slots[rng.index(SLOTS)] += n;
                left -= n;
            }
            let c = Checkers::from_slots(&slots).unwrap();
            let plain: u32 = (0..SLOTS).map(|s| s as u32 * u32::from(slots[s])).sum();
            assert_eq!(c.pips(), plain, "{slots:?}");
        }
        let mut bar = [0u8; SLOTS];
        bar[BAR] = 15;
        assert_eq!(Checkers::from_slots(&bar).unwrap().pips(), 375);
    }

    #[test]
    fn the_pool_counts_in_play_and_outside_but_not_on_the_board() {
        let mut slots = [0u8; SLOTS];
        slots[OFF] = 12;
        slots[3] = 2;
        slots[BAR] = 1;
        let c = Checkers::from_slots(&slots).unwrap().with_pool(10).unwrap();
        assert_eq!(c.pool(), 10);
        assert_eq!((c.off(), c.total(), c.in_play()), (2, 15, 13));
        assert_eq!(c.to_slots()[OFF], 2);
        assert_eq!(c.occupied(), (1 << 3) | (1 << BAR));
        assert_eq!(c.highest(), BAR);
        assert!(!c.all_home());
        assert_eq!(c.outside_home(), 11);
        assert_eq!(c.pips(), 2 * 3 + 25 + 10 * 25);
        let on_bar = c.pool_on_bar();
        assert_eq!((on_bar.pool(), on_bar.bar()), (0, 11));
        assert_eq!(on_bar.pips(), c.pips());
        assert!(c.with_pool(3).is_none(), "only 2 are off");
        let mut entered = c;
        entered.shift(POOL, 20);
        assert_eq!((entered.pool(), entered.count(20)), (9, 1));
        assert_eq!(Checkers::from_bits(c.bits()), Some(c));
    }

    #[test]
    fn too_many_checkers_rejected() {
        let mut slots = [0u8; SLOTS];
        slots[1] = 10;
        slots[2] = 6;
        assert!(Checkers::from_slots(&slots).is_none());
    }
}
