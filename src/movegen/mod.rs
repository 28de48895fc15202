//! Legal checker plays for a position and a pair of numbers.
//!
//! The rules are classical backgammon's: checkers on the bar enter first; both
//! numbers must be used if at all possible, otherwise the larger one if it can be
//! used; a doublet gives four moves, as many as possible; a checker bears off with
//! its exact number, or with a larger number from the highest occupied point, and
//! only while every checker is home (re-checked after each step); landing on a
//! single opposing checker sends it to the bar. Checkers waiting in the pool
//! (Backgammon Race) enter like bar checkers but hold nothing back (the
//! `pool` submodule). Numbers above 6 (alphabets up to
//! 9) enter on point `25 - n` and bear off like any larger number.
//!
//! Plays are distinct by resulting position: the generator never yields two plays
//! with the same result, and it does so without hashing, by enumerating each
//! result in one canonical form (see the `mixed` and `doublet` submodules).
//!
//! ```
//! use ncbg::board::Variant;
//! use ncbg::movegen::legal_plays;
//! use ncbg::pair::Pair;
//!
//! let start = Variant::Standard.start();
//! assert_eq!(legal_plays(&start, Pair::new(3, 1).unwrap()).len(), 16);
//! assert_eq!(legal_plays(&start, Pair::new(6, 6).unwrap()).len(), 11);
//! ```

mod count;
mod doublet;
mod mixed;
mod pool;
pub mod reference;

pub use count::count_results;

use crate::board::{Position, OFF, POINT_BITS};
use crate::pair::Pair;
use crate::play::Play;

/// A legal play and the position it leads to (still seen from the side that
/// played: not flipped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LegalPlay {
    /// The steps of the play.
    pub play: Play,
    /// The position after the play, from the same side's point of view.
    pub after: Position,
}

/// Receives the plays the generator finds, one per distinct result.
pub trait PlaySink {
    /// Whether the sink reads the plays: when not, the generator passes
    /// [`Play::NONE`] and skips building them (a constant, so the work is
    /// compiled out).
    const WANTS_PLAYS: bool = true;

    /// Called once for each distinct resulting position.
    fn add(&mut self, play: Play, after: Position);
}

impl PlaySink for Vec<LegalPlay> {
    #[inline(always)]
    fn add(&mut self, play: Play, after: Position) {
        self.push(LegalPlay { play, after });
    }
}

/// Keeps only the resulting positions.
impl PlaySink for Vec<Position> {
    const WANTS_PLAYS: bool = false;

    #[inline(always)]
    fn add(&mut self, _: Play, after: Position) {
        self.push(after);
    }
}

/// A sink that only counts.
#[derive(Default, Debug)]
pub struct Counter(pub usize);

impl PlaySink for Counter {
    const WANTS_PLAYS: bool = false;

    #[inline(always)]
    fn add(&mut self, _: Play, _: Position) {
        self.0 += 1;
    }
}

/// Feeds `sink` every legal play for `pair`, one per distinct resulting position.
/// Feeds nothing when no checker can move (the turn then passes unchanged).
/// A position where a side has already won has no plays.
pub fn generate<S: PlaySink>(pos: &Position, pair: Pair, sink: &mut S) {
    generate_prepared(&Prepared::new(pos), pair, sink);
}

/// [`generate`] for a position already [`Prepared`]: what the generator
/// reads of the position is worked out once for all the pairs played from
/// it (a perft node's 21 rolls, a search node's picks).
///
/// ```
/// use ncbg::board::Variant;
/// use ncbg::movegen::{generate_prepared, Counter, Prepared};
/// use ncbg::pair::Pair;
///
/// let start = Prepared::new(&Variant::Standard.start());
/// let results: usize = Pair::classic_rolls()
///     .map(|roll| {
///         let mut n = Counter::default();
///         generate_prepared(&start, roll, &mut n);
///         n.0
///     })
///     .sum();
/// assert_eq!(results, 447); // classic perft depth 1 from the start
/// ```
pub fn generate_prepared<S: PlaySink>(prepared: &Prepared, pair: Pair, sink: &mut S) {
    if !prepared.live {
        return;
    }
    if prepared.pos.mover().pool() > 0 {
        pool::generate(&prepared.pos, pair.hi() as usize, pair.lo() as usize, sink);
    } else if pair.is_doublet() {
        doublet::generate(prepared, pair.hi() as usize, sink);
    } else {
        mixed::generate(prepared, pair.hi() as usize, pair.lo() as usize, sink);
    }
}

/// A position with the bitsets the generator reads, worked out once.
#[derive(Clone, Copy, Debug)]
pub struct Prepared {
    pos: Position,
    /// Both sides have checkers in play (the game is not over).
    live: bool,
    /// The mover's occupied slots 1..=25.
    occupied: u32,
    /// The mover's slots holding two or more.
    twice: u32,
    /// The mover's checkers outside the home board (the bar included).
    outside_home: u8,
    /// The mover's points 1..=24 not blocked by the opponent.
    open: u32,
    /// The mover's points holding a single opposing checker.
    blots: u32,
}

impl Prepared {
    /// Prepares `pos` for [`generate_prepared`].
    #[inline]
    pub fn new(pos: &Position) -> Prepared {
        let mover = pos.mover();
        Prepared {
            pos: *pos,
            live: mover.in_play() != 0 && pos.opponent().in_play() != 0,
            occupied: mover.occupied(),
            twice: mover.occupied_twice(),
            outside_home: mover.outside_home(),
            open: POINT_BITS & !pos.blocked(),
            blots: pos.opponent_blots(),
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

/// Every legal play for `pair`, distinct by result. When no checker can move the
/// list holds exactly one entry, [`Play::NONE`] with the position unchanged, so
/// that every pair has at least one play; that entry is the only legal answer
/// then, and it is never legal otherwise.
pub fn legal_plays(pos: &Position, pair: Pair) -> Vec<LegalPlay> {
    let mut plays = Vec::with_capacity(32);
    generate(pos, pair, &mut plays);
    if plays.is_empty() {
        plays.push(LegalPlay {
            play: Play::NONE,
            after: *pos,
        });
    }
    plays
}

/// True when at least one checker can move with `pair`.
pub fn can_move(pos: &Position, pair: Pair) -> bool {
    count_results(pos, pair) > 0
}

/// Where a single checker on `from` lands with `die`, if that step is legal on
/// its own in `pos` (the caller makes sure the mover has a checker on `from`,
/// and handles the bar-first rule). Returns [`OFF`] for a legal bear-off.
#[inline(always)]
pub(crate) fn step_target(pos: &Position, from: usize, die: usize) -> Option<usize> {
    if from > die {
        let to = from - die;
        (pos.opponent_on(to) < 2).then_some(to)
    } else {
        let mover = pos.mover();
        (mover.all_home() && (from == die || mover.highest() == from)).then_some(OFF)
    }
}

/// Iterates the set bits of a bitset, lowest first.
#[inline(always)]
pub(crate) fn bits(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = set.trailing_zeros() as usize;
            set &= set - 1;
            b
        })
    })
}

/// Iterates the set bits of a bitset, highest first.
#[inline(always)]
pub(crate) fn bits_desc(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = 31 - set.leading_zeros() as usize;
            set &= !(1 << b);
            b
        })
    })
}
