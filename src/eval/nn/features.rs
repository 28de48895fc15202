//! The network's inputs: a full NC state encoded from the side to move's view.
//!
//! A net file names its [`FeatureSet`]: set 1 is the layout below
//! ([`BOARD_INPUTS`] inputs); set 2 adds the contact inputs of
//! [`super::contact`] after them. Layout of set 1 (see
//! `protocol/net-format.md`):
//!
//! | inputs | what |
//! | --- | --- |
//! | 0..96 | the mover's points 1..=24, four units each (TD-Gammon's encoding) |
//! | 96, 97 | the mover's bar (n/2) and borne-off checkers (n/15) |
//! | 98..196, 196, 197 | the same for the opponent, in its own coordinates |
//! | 196..205 | the mover's current number 1..=9, one-hot |
//! | 205..214 | the opponent's current number 1..=9, one-hot |
//! | 214..217, 217..220 | doublet credits of the mover, of the opponent (≥1, ≥2, ≥3) |
//! | 220 | the phase: 1 when the mover's pair is fixed and its play pending |
//! | 221..228 | the alphabet size k = 3..=9, one-hot |
//! | 228, 229 | pip counts of the mover and the opponent, /100 |
//!
//! A point with `n` checkers sets its units to `[n≥1, n≥2, n≥3, (n−3)/2 if
//! n>3]`. Most inputs are zero, so a state is a short list of
//! (index, value) pairs and the first layer sums only their weight columns.

use super::contact::{self, CONTACT, CONTACT_INPUTS};
use crate::board::{Checkers, BAR, OFF};
use crate::game::{GameState, Phase};

/// Which inputs a net reads (the file's feature set field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureSet {
    /// Set 1: the board, the numbers, credits, phase, alphabet and pips.
    Board,
    /// Set 2: set 1 and the contact inputs (shots by distance, shots with
    /// the known numbers, blots, home points, primes, contact).
    Contact,
}

impl FeatureSet {
    /// The set's number in a net file.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::Board => 1,
            FeatureSet::Contact => 2,
        }
    }

    /// The set a file's number names, if this engine computes it.
    pub const fn from_id(id: u32) -> Option<FeatureSet> {
        match id {
            1 => Some(FeatureSet::Board),
            2 => Some(FeatureSet::Contact),
            _ => None,
        }
    }

    /// Whether the set's inputs begin with all of `base`'s, in order (set 2
    /// extends set 1 and itself), so a net reading `base` reads this set
    /// with zero weights on the inputs after them.
    ///
    /// ```
    /// use ncbg::eval::nn::FeatureSet;
    /// assert!(FeatureSet::Contact.extends(FeatureSet::Board));
    /// assert!(FeatureSet::Board.extends(FeatureSet::Board));
    /// assert!(!FeatureSet::Board.extends(FeatureSet::Contact));
    /// ```
    pub const fn extends(self, base: FeatureSet) -> bool {
        matches!(
            (base, self),
            (FeatureSet::Board, _) | (FeatureSet::Contact, FeatureSet::Contact)
        )
    }

    /// Number of inputs of the set.
    pub const fn inputs(self) -> usize {
        match self {
            FeatureSet::Board => BOARD_INPUTS,
            FeatureSet::Contact => CONTACT + CONTACT_INPUTS,
        }
    }
}

/// Units per point.
const UNITS: usize = 4;
/// Inputs per side: 24 points, the bar and the borne-off checkers.
pub const SIDE_INPUTS: usize = 24 * UNITS + 2;
/// First input of the mover's current number (one-hot, 9 wide).
pub const MOVER_NUMBER: usize = 2 * SIDE_INPUTS;
/// First input of the opponent's current number.
pub const OPPONENT_NUMBER: usize = MOVER_NUMBER + 9;
/// First input of the mover's doublet credits (3 wide).
pub const MOVER_CREDITS: usize = OPPONENT_NUMBER + 9;
/// First input of the opponent's doublet credits.
pub const OPPONENT_CREDITS: usize = MOVER_CREDITS + 3;
/// The phase input.
pub const PHASE_PLAY: usize = OPPONENT_CREDITS + 3;
/// First input of the alphabet size (one-hot for k = 3..=9).
pub const ALPHABET: usize = PHASE_PLAY + 1;
/// The two pip-count inputs.
pub const PIPS: usize = ALPHABET + 7;
/// Number of inputs of feature set 1.
pub const BOARD_INPUTS: usize = PIPS + 2;
/// The most inputs of any feature set.
pub const MAX_INPUTS: usize = CONTACT + CONTACT_INPUTS;
/// The most inputs a state can set (15 points × 4 units + bar + off, twice,
/// the NC inputs and the contact inputs), rounded up.
pub const MAX_ACTIVE: usize = 192;

/// The non-zero inputs of one state.
#[derive(Clone, Debug)]
pub struct Features {
    set: FeatureSet,
    index: [u16; MAX_ACTIVE],
    value: [f32; MAX_ACTIVE],
    len: usize,
}

/// Something the net can read its inputs from: the (index, value) pairs of
/// the non-zero inputs, always in the same order for the same state (the
/// first layer's sums depend on it, to the last bit).
pub trait Inputs {
    /// Calls `f` with each non-zero input of feature set `set`.
    fn for_each_input<F: FnMut(usize, f32)>(&self, set: FeatureSet, f: F);
}

/// Encoded inputs carry their own set (the `set` argument must be it).
impl Inputs for Features {
    #[inline(always)]
    fn for_each_input<F: FnMut(usize, f32)>(&self, set: FeatureSet, mut f: F) {
        debug_assert_eq!(set, self.set, "features encoded for another set");
        for (i, v) in self.active() {
            f(i, v);
        }
    }
}

/// A state is read directly, without building its [`Features`].
impl Inputs for GameState {
    #[inline(always)]
    fn for_each_input<F: FnMut(usize, f32)>(&self, set: FeatureSet, mut f: F) {
        let position = self.position();
        side(0, position.mover(), &mut f);
        side(SIDE_INPUTS, position.opponent(), &mut f);
        let mover = self.to_move();
        let numbers = self.numbers();
        if let Some(n) = numbers.current(mover) {
            f(MOVER_NUMBER + usize::from(n) - 1, 1.0);
        }
        if let Some(n) = numbers.current(mover.other()) {
            f(OPPONENT_NUMBER + usize::from(n) - 1, 1.0);
        }
        for i in 0..usize::from(numbers.credits(mover).min(3)) {
            f(MOVER_CREDITS + i, 1.0);
        }
        for i in 0..usize::from(numbers.credits(mover.other()).min(3)) {
            f(OPPONENT_CREDITS + i, 1.0);
        }
        if self.phase() == Phase::Play {
            f(PHASE_PLAY, 1.0);
        }
        f(ALPHABET + usize::from(self.k()) - 3, 1.0);
        let (mp, op) = position.pips();
        f(PIPS, mp as f32 / 100.0);
        f(PIPS + 1, op as f32 / 100.0);
        if set == FeatureSet::Contact {
            contact::for_each_input(self, &mut f);
        }
    }
}

/// The inputs of one side's checkers, from `base`.
#[inline(always)]
fn side<F: FnMut(usize, f32)>(base: usize, c: Checkers, f: &mut F) {
    let mut occupied = c.occupied() & !(1 << BAR);
    while occupied != 0 {
        let p = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        let n = c.count(p);
        let at = base + (p - 1) * UNITS;
        f(at, 1.0);
        if n >= 2 {
            f(at + 1, 1.0);
        }
        if n >= 3 {
            f(at + 2, 1.0);
        }
        if n > 3 {
            f(at + 3, f32::from(n - 3) / 2.0);
        }
    }
    if c.bar() > 0 {
        f(base + 24 * UNITS, f32::from(c.bar()) / 2.0);
    }
    if c.count(OFF) > 0 {
        f(base + 24 * UNITS + 1, f32::from(c.off()) / 15.0);
    }
}

impl Features {
    /// No inputs set, in feature set `set`.
    pub const fn none(set: FeatureSet) -> Features {
        Features {
            set,
            index: [0; MAX_ACTIVE],
            value: [0.0; MAX_ACTIVE],
            len: 0,
        }
    }

    /// Encodes `state` from its side to move's view, in feature set `set`.
    pub fn of(state: &GameState, set: FeatureSet) -> Features {
        let mut f = Features::none(set);
        f.encode(state, set);
        f
    }

    /// Encodes `state` as [`Features::of`] does, into this storage in place
    /// of what it held (the search's evaluations reuse two buffers a thread
    /// rather than clear and copy a new one each time).
    #[inline]
    pub fn encode(&mut self, state: &GameState, set: FeatureSet) {
        self.set = set;
        let (index, value) = (&mut self.index, &mut self.value);
        let mut len = 0;
        state.for_each_input(set, |i, v| {
            index[len] = i as u16;
            value[len] = v;
            len += 1;
        });
        self.len = len;
    }

    /// The (index, value) pairs of the non-zero inputs, in no set order.
    pub fn active(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.index[..self.len]
            .iter()
            .zip(&self.value[..self.len])
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// Number of non-zero inputs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no input is set.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The feature set these inputs were encoded in.
    pub fn set(&self) -> FeatureSet {
        self.set
    }

    /// All the set's inputs as a dense vector.
    pub fn dense(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.set.inputs()];
        for (i, v) in self.active() {
            out[i] += v;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_inputs() {
        let g = GameState::standard();
        let d = Features::of(&g, FeatureSet::Board).dense();
        assert_eq!(d.len(), BOARD_INPUTS);
        // Mover's 6 point holds 5: units 1, 1, 1, 1.
        let six = 5 * UNITS;
        assert_eq!(&d[six..six + 4], &[1.0, 1.0, 1.0, 1.0]);
        // Opponent's 24 point holds 2.
        let o24 = SIDE_INPUTS + 23 * UNITS;
        assert_eq!(&d[o24..o24 + 4], &[1.0, 1.0, 0.0, 0.0]);
        // No numbers yet, two credits each, k = 6.
        assert!(d[MOVER_NUMBER..MOVER_CREDITS].iter().all(|&v| v == 0.0));
        assert_eq!(
            &d[MOVER_CREDITS..PHASE_PLAY],
            &[1.0, 1.0, 0.0, 1.0, 1.0, 0.0]
        );
        assert_eq!(d[ALPHABET + 3], 1.0);
        assert_eq!(d[PIPS], 1.67);
        // Set 2: the same first inputs, then the contact inputs.
        let d2 = Features::of(&g, FeatureSet::Contact).dense();
        assert_eq!(d2.len(), FeatureSet::Contact.inputs());
        assert_eq!(&d2[..BOARD_INPUTS], &d[..]);
        assert_eq!(d2[CONTACT + CONTACT_INPUTS - 1], 1.0, "contact");
    }

    #[test]
    fn set_ids_round_trip() {
        for set in [FeatureSet::Board, FeatureSet::Contact] {
            assert_eq!(FeatureSet::from_id(set.id()), Some(set));
        }
        assert_eq!(FeatureSet::from_id(3), None);
        assert_eq!(CONTACT, BOARD_INPUTS);
    }
}
