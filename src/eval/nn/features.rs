//! The network's inputs: a full NC state encoded from the side to move's view.
//!
//! A net file names its [`FeatureSet`]: set 1 is the layout below
//! ([`BOARD_INPUTS`] inputs); set 2 adds the contact inputs of
//! [`super::contact`] after them; set 3 adds the game's context after
//! set 2's ([`CONTEXT`]: the checkers waiting in each side's pool in
//! Backgammon Race and an Anti-Backgammon flag), so that one net reads
//! every game of the family. Layout of set 1 (see
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
//! n>3]`.
//!
//! Set 3 reads set 2's inputs of the state with its waiting checkers
//! counted on the bar (they have 25 pips to go and enter, and hit, the same
//! way), so that on a state without a pool its first 257 inputs are set 2's
//! and a set 2 net widened to it ([`FeatureSet::extends`]) reads them as
//! before; then, from [`CONTEXT`]:
//!
//! | offset | what |
//! | --- | --- |
//! | 0..6 | the mover's checkers waiting in its pool: `[n≥1, n≥2, n≥3, n≥6, n≥10, n/15]` |
//! | 6..12 | the same for the opponent's pool |
//! | 12 | 1 in Anti-Backgammon (the side that bears off all its checkers first loses) |
//!
//! The bar's own checkers are the bar input less the pool's (n/2), so the
//! two are apart for the net.
//!
//! Most inputs are zero, so a state is a short list of (index, value) pairs
//! and the first layer sums only their weight columns.

use super::contact::{self, CONTACT, CONTACT_INPUTS};
use crate::board::{Checkers, Objective, BAR, OFF};
use crate::game::{GameState, Phase};

/// Which inputs a net reads (the file's feature set field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureSet {
    /// Set 1: the board, the numbers, credits, phase, alphabet and pips.
    Board,
    /// Set 2: set 1 and the contact inputs (shots by distance, shots with
    /// the known numbers, blots, home points, primes, contact).
    Contact,
    /// Set 3: set 2 and the game's context (the pools of Backgammon Race,
    /// the object of Anti-Backgammon); its net's chances are those of the
    /// game being played.
    Context,
}

impl FeatureSet {
    /// The set's number in a net file.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::Board => 1,
            FeatureSet::Contact => 2,
            FeatureSet::Context => 3,
        }
    }

    /// The set a file's number names, if this engine computes it.
    pub const fn from_id(id: u32) -> Option<FeatureSet> {
        match id {
            1 => Some(FeatureSet::Board),
            2 => Some(FeatureSet::Contact),
            3 => Some(FeatureSet::Context),
            _ => None,
        }
    }

    /// Whether the set's inputs begin with all of `base`'s, in order (set 2
    /// extends set 1 and itself, set 3 both), so a net reading `base` reads
    /// this set with zero weights on the inputs after them (set 3 on the
    /// states of the standard game and Nackgammon; see [`FeatureSet::Context`]).
    ///
    /// ```
    /// use ncbg::eval::nn::FeatureSet;
    /// assert!(FeatureSet::Contact.extends(FeatureSet::Board));
    /// assert!(FeatureSet::Context.extends(FeatureSet::Contact));
    /// assert!(FeatureSet::Board.extends(FeatureSet::Board));
    /// assert!(!FeatureSet::Board.extends(FeatureSet::Contact));
    /// assert!(!FeatureSet::Contact.extends(FeatureSet::Context));
    /// ```
    pub const fn extends(self, base: FeatureSet) -> bool {
        matches!(
            (base, self),
            (FeatureSet::Board, _)
                | (
                    FeatureSet::Contact,
                    FeatureSet::Contact | FeatureSet::Context
                )
                | (FeatureSet::Context, FeatureSet::Context)
        )
    }

    /// Whether the net reads the game's context itself (set 3): the true
    /// state, its chances those of the game being played. Nets of sets 1
    /// and 2 read the plain game's view and have their chances reversed in
    /// Anti-Backgammon ([`super::Network::probabilities`]).
    pub const fn reads_context(self) -> bool {
        matches!(self, FeatureSet::Context)
    }

    /// Number of inputs of the set.
    pub const fn inputs(self) -> usize {
        match self {
            FeatureSet::Board => BOARD_INPUTS,
            FeatureSet::Contact => CONTACT + CONTACT_INPUTS,
            FeatureSet::Context => CONTEXT + CONTEXT_INPUTS,
        }
    }
}

/// Units per point.
pub(super) const UNITS: usize = 4;
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
/// First input of set 3's context (after set 2's inputs).
pub const CONTEXT: usize = CONTACT + CONTACT_INPUTS;
/// The pool counts that set a unit each (`n ≥ t`); a last unit is n/15.
const POOL_THRESHOLDS: [u8; 5] = [1, 2, 3, 6, 10];
/// Units of one side's pool.
pub const POOL_UNITS: usize = POOL_THRESHOLDS.len() + 1;
/// Set 3's context inputs: the two pools and the Anti-Backgammon flag.
pub const CONTEXT_INPUTS: usize = 2 * POOL_UNITS + 1;
/// The Anti-Backgammon flag.
pub const ANTI: usize = CONTEXT + 2 * POOL_UNITS;
/// The most inputs of any feature set.
pub const MAX_INPUTS: usize = CONTEXT + CONTEXT_INPUTS;
/// The most inputs a state can set (15 points × 4 units + bar + off, twice,
/// the NC inputs, the contact inputs and the context), rounded up.
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
        match set {
            FeatureSet::Board | FeatureSet::Contact => plain_inputs(self, set, &mut f),
            FeatureSet::Context => {
                plain_inputs(&self.plain_view(), FeatureSet::Contact, &mut f);
                let (mine, theirs) = self.position().pools();
                pool(CONTEXT, mine, &mut f);
                pool(CONTEXT + POOL_UNITS, theirs, &mut f);
                if self.objective() == Objective::BearOffLast {
                    f(ANTI, 1.0);
                }
            }
        }
    }
}

/// The inputs of `n` checkers waiting in a pool, from `base`.
#[inline(always)]
fn pool<F: FnMut(usize, f32)>(base: usize, n: u8, f: &mut F) {
    if n == 0 {
        return;
    }
    for (at, least) in POOL_THRESHOLDS.into_iter().enumerate() {
        if n >= least {
            f(base + at, 1.0);
        }
    }
    f(base + POOL_UNITS - 1, f32::from(n) / 15.0);
}

/// The inputs of sets 1 and 2 of `state` as it stands (a pool's checkers
/// are not looked at: set 3 passes the plain view).
#[inline(always)]
fn plain_inputs<F: FnMut(usize, f32)>(state: &GameState, set: FeatureSet, f: &mut F) {
    let position = state.position();
    side(0, position.mover(), f);
    side(SIDE_INPUTS, position.opponent(), f);
    number_inputs(state, f);
    if set != FeatureSet::Board {
        contact::for_each_input(state, f);
    }
}

/// The inputs of set 1 after the two sides' checkers (from
/// [`MOVER_NUMBER`] to [`BOARD_INPUTS`]): the numbers, the credits, the
/// phase, the alphabet and the pip counts.
#[inline(always)]
pub(super) fn number_inputs<F: FnMut(usize, f32)>(state: &GameState, f: &mut F) {
    let position = state.position();
    let mover = state.to_move();
    let numbers = state.numbers();
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
    if state.phase() == Phase::Play {
        f(PHASE_PLAY, 1.0);
    }
    f(ALPHABET + usize::from(state.k()) - 3, 1.0);
    let (mp, op) = position.pips();
    f(PIPS, mp as f32 / 100.0);
    f(PIPS + 1, op as f32 / 100.0);
}

/// The inputs of `n` checkers in `slot` of one side (a point 1..=24, the
/// bar or the borne-off slot): the first input's offset from the side's
/// first input, and the values from there, zeros included (a point's four
/// units; the bar's and the borne-off checkers' one input, then zeros).
#[inline(always)]
pub(super) fn slot_inputs(slot: usize, n: u8) -> (usize, [f32; UNITS]) {
    match slot {
        OFF => (24 * UNITS + 1, [f32::from(n) / 15.0, 0.0, 0.0, 0.0]),
        BAR => (24 * UNITS, [f32::from(n) / 2.0, 0.0, 0.0, 0.0]),
        p => (
            (p - 1) * UNITS,
            [
                f32::from(u8::from(n >= 1)),
                f32::from(u8::from(n >= 2)),
                f32::from(u8::from(n >= 3)),
                if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 },
            ],
        ),
    }
}

/// The inputs of one side's checkers, from `base`.
#[inline(always)]
fn side<F: FnMut(usize, f32)>(base: usize, c: Checkers, f: &mut F) {
    let mut occupied = c.occupied() & !(1 << BAR);
    let mut slot = |s: usize, n: u8| {
        let (at, values) = slot_inputs(s, n);
        for (u, v) in values.into_iter().enumerate() {
            if v != 0.0 {
                f(base + at + u, v);
            }
        }
    };
    while occupied != 0 {
        let p = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        slot(p, c.count(p));
    }
    slot(BAR, c.bar());
    slot(OFF, c.off());
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
        for set in [FeatureSet::Board, FeatureSet::Contact, FeatureSet::Context] {
            assert_eq!(FeatureSet::from_id(set.id()), Some(set));
        }
        assert_eq!(FeatureSet::from_id(4), None);
        assert_eq!(FeatureSet::from_id(0), None);
        assert_eq!(CONTACT, BOARD_INPUTS);
        assert_eq!(FeatureSet::Context.inputs(), 270);
        assert!(FeatureSet::Context.reads_context());
        assert!(!FeatureSet::Contact.reads_context());
    }

    /// Set 3 on a state of the standard game is set 2 and no context; in a
    /// race it is set 2 of the state with its pools on the bar, then the
    /// pools; in Anti-Backgammon the flag.
    #[test]
    fn context_inputs_read_the_pools_and_the_object() {
        use crate::board::Variant;
        use crate::numbers::NumberRules;
        let rules = NumberRules::default();
        let standard = GameState::standard();
        let d3 = Features::of(&standard, FeatureSet::Context).dense();
        let d2 = Features::of(&standard, FeatureSet::Contact).dense();
        assert_eq!(d3.len(), 270);
        assert_eq!(&d3[..CONTEXT], &d2[..]);
        assert!(d3[CONTEXT..].iter().all(|&v| v == 0.0));

        let mut race = GameState::start(Variant::Race, rules);
        race.pick(3).unwrap();
        race.pick(5).unwrap();
        let d = Features::of(&race, FeatureSet::Context).dense();
        let plain = Features::of(&race.plain_view(), FeatureSet::Contact).dense();
        assert_eq!(&d[..CONTEXT], &plain[..]);
        assert_eq!(d[24 * UNITS], 7.5, "15 to enter read on the bar");
        let full = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
        assert_eq!(&d[CONTEXT..CONTEXT + POOL_UNITS], &full);
        assert_eq!(&d[CONTEXT + POOL_UNITS..ANTI], &full);
        assert_eq!(d[ANTI], 0.0);
        // X enters a checker with its 5 and 3: 13 wait, the bar is empty.
        let t = crate::turn::legal_turns(&race)
            .into_iter()
            .find(|t| t.after(&race).position().opponent().pool() == 13)
            .expect("two checkers enter");
        let after = t.after(&race);
        let d = Features::of(&after, FeatureSet::Context).dense();
        // Y moves now: its pool (15) is the mover's, X's 13 the opponent's.
        assert_eq!(&d[CONTEXT..CONTEXT + POOL_UNITS], &full);
        assert_eq!(
            &d[CONTEXT + POOL_UNITS..ANTI],
            &[1.0, 1.0, 1.0, 1.0, 1.0, 13.0 / 15.0]
        );
        assert_eq!(d[SIDE_INPUTS + 24 * UNITS], 6.5);

        let mut counts = Vec::new();
        for n in [0u8, 1, 2, 3, 5, 6, 9, 10, 15] {
            let mut v = [0.0; POOL_UNITS];
            pool(0, n, &mut |i, x| v[i] += x);
            counts.push(v.iter().take(POOL_UNITS - 1).filter(|&&x| x == 1.0).count());
            assert_eq!(v[POOL_UNITS - 1], f32::from(n) / 15.0);
        }
        assert_eq!(counts, [0, 1, 2, 3, 3, 4, 4, 5, 5]);

        let anti = GameState::start(Variant::Anti, rules);
        let d = Features::of(&anti, FeatureSet::Context).dense();
        assert_eq!(d[ANTI], 1.0);
        assert_eq!(&d[..CONTEXT], &d2[..], "the standard board");
        assert!(d[CONTEXT..ANTI].iter().all(|&v| v == 0.0));
    }
}
