//! The board: both sides' checkers seen from the side to move.
//!
//! A [`Position`] holds the mover's checkers and the opponent's checkers, each in
//! its own coordinates (see [`Checkers`]): the mover's point `p` is the
//! opponent's point `25 - p`. After a play the position is [flipped](Position::flip)
//! so that it is again seen from the side to move.

mod checkers;
mod outcome;
mod stage;
mod variant;

pub(crate) use checkers::{unit, POINT_BITS};
pub use checkers::{Checkers, BAR, MAX_CHECKERS, OFF, POOL, SLOTS};
pub use outcome::{Outcome, WinKind};
pub use stage::Stage;
pub use variant::{Objective, Variant};

use std::fmt;

/// A backgammon position from the point of view of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    mover: Checkers,
    opponent: Checkers,
}

/// Why a set of checker counts is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has more checkers than the game's `limit` (15, or the
    /// variant's count: 3 in Hypergammon).
    TooManyCheckers { limit: u8 },
    /// The two sides do not have the same number of checkers.
    UnequalSides { mover: u8, opponent: u8 },
    /// A side has no checkers at all.
    NoCheckers,
    /// Both sides have checkers on the same point (given in the mover's coordinates).
    SharedPoint(usize),
    /// Both sides have borne off every checker.
    BothFinished,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyCheckers { limit } => {
                write!(f, "a side has more than {limit} checkers")
            }
            PositionError::UnequalSides { mover, opponent } => write!(
                f,
                "the sides have different numbers of checkers ({mover} and {opponent})"
            ),
            PositionError::NoCheckers => write!(f, "a side has no checkers"),
            PositionError::SharedPoint(p) => {
                write!(f, "both sides have checkers on point {p}")
            }
            PositionError::BothFinished => write!(f, "both sides have borne off every checker"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// Builds a position from both sides' checkers, each in its own coordinates.
    /// Checks that the sides have the same, non-zero number of checkers and never
    /// share a point.
    pub fn new(mover: Checkers, opponent: Checkers) -> Result<Position, PositionError> {
        let (m, o) = (mover.total(), opponent.total());
        if m != o {
            return Err(PositionError::UnequalSides {
                mover: m,
                opponent: o,
            });
        }
        if m == 0 {
            return Err(PositionError::NoCheckers);
        }
        let theirs = opponent.occupied();
        for p in 1..=24 {
            if mover.count(p) > 0 && theirs & (1 << (25 - p)) != 0 {
                return Err(PositionError::SharedPoint(p));
            }
        }
        if mover.in_play() == 0 && opponent.in_play() == 0 {
            return Err(PositionError::BothFinished);
        }
        Ok(Position { mover, opponent })
    }

    /// Builds a position from the gnubg-style layout: 24 points then the bar, per
    /// side in its own coordinates (index 0 is point 1). Checkers missing from the
    /// `checkers_per_side` total are borne off.
    pub fn from_points(
        mover: &[u8; 25],
        opponent: &[u8; 25],
        checkers_per_side: u8,
    ) -> Result<Position, PositionError> {
        Position::from_points_and_pools(mover, opponent, checkers_per_side, (0, 0))
    }

    /// [`Position::from_points`] with `pools.0` of the mover's and `pools.1`
    /// of the opponent's checkers missing from the board waiting in their
    /// pools (Backgammon Race) rather than borne off.
    pub fn from_points_and_pools(
        mover: &[u8; 25],
        opponent: &[u8; 25],
        checkers_per_side: u8,
        pools: (u8, u8),
    ) -> Result<Position, PositionError> {
        let limit = checkers_per_side.min(MAX_CHECKERS);
        let pooled = |c: Checkers, n: u8| {
            c.with_pool(n)
                .ok_or(PositionError::TooManyCheckers { limit })
        };
        fn side(points: &[u8; 25], total: u8) -> Result<Checkers, PositionError> {
            let on: u32 = points.iter().map(|&n| u32::from(n)).sum();
            let limit = total.min(MAX_CHECKERS);
            if on > u32::from(limit) || total > MAX_CHECKERS {
                return Err(PositionError::TooManyCheckers { limit });
            }
            let mut slots = [0u8; SLOTS];
            slots[1..].copy_from_slice(points);
            slots[OFF] = total - on as u8;
            Checkers::from_slots(&slots).ok_or(PositionError::TooManyCheckers { limit })
        }
        Position::new(
            pooled(side(mover, checkers_per_side)?, pools.0)?,
            pooled(side(opponent, checkers_per_side)?, pools.1)?,
        )
    }

    /// The same position with every waiting checker on its side's bar: the
    /// board an evaluation without a pool reads.
    #[inline]
    #[must_use]
    pub fn pools_on_bar(self) -> Position {
        Position {
            mover: self.mover.pool_on_bar(),
            opponent: self.opponent.pool_on_bar(),
        }
    }

    /// Checkers waiting in the pools: (mover, opponent).
    #[inline]
    pub const fn pools(&self) -> (u8, u8) {
        (self.mover.pool(), self.opponent.pool())
    }

    /// Builds a position without checking it. The caller guarantees the
    /// invariants of [`Position::new`].
    #[inline(always)]
    pub(crate) const fn from_sides_unchecked(mover: Checkers, opponent: Checkers) -> Position {
        Position { mover, opponent }
    }

    /// The side to move's checkers, in its own coordinates.
    #[inline(always)]
    pub const fn mover(&self) -> Checkers {
        self.mover
    }

    /// The other side's checkers, in its own coordinates.
    #[inline(always)]
    pub const fn opponent(&self) -> Checkers {
        self.opponent
    }

    /// The same position seen from the other side.
    #[inline(always)]
    #[must_use]
    pub const fn flip(self) -> Position {
        Position {
            mover: self.opponent,
            opponent: self.mover,
        }
    }

    /// Checkers each side owns (15 in standard backgammon, 3 in Hypergammon).
    #[inline]
    pub fn checkers_per_side(&self) -> u8 {
        self.mover.total()
    }

    /// Opponent checkers on the mover's point `p` (1..=24).
    #[inline(always)]
    pub const fn opponent_on(&self, p: usize) -> u8 {
        self.opponent.count(25 - p)
    }

    /// Bitset (bit `p`) of the mover's points 1..=24 the opponent holds with two or
    /// more checkers: the mover cannot land there.
    #[inline]
    pub fn blocked(&self) -> u32 {
        mirror(self.opponent.occupied_twice())
    }

    /// Bitset (bit `p`) of the mover's points 1..=24 holding a single opponent
    /// checker: landing there hits it.
    #[inline]
    pub fn opponent_blots(&self) -> u32 {
        mirror(self.opponent.singles())
    }

    /// Moves one of the mover's checkers from slot `from` to slot `to` (0 = off),
    /// hitting an opponent blot on `to`. Returns whether it hit. Legality is the
    /// caller's business.
    #[inline(always)]
    pub(crate) fn move_checker(&mut self, from: usize, to: usize) -> bool {
        self.mover.shift(from, to);
        if to != OFF && self.opponent.count(25 - to) == 1 {
            self.opponent.shift(25 - to, BAR);
            true
        } else {
            false
        }
    }

    /// The finished game's outcome, if a side has borne off every checker.
    pub fn outcome(&self) -> Option<Outcome> {
        outcome::outcome(self)
    }

    /// True when no checker of one side can meet the other's any more: no
    /// checker on the bar or in a pool, and the mover's rearmost checker is past the
    /// opponent's rearmost.
    pub fn is_race(&self) -> bool {
        if self.mover.bar() + self.mover.pool() > 0
            || self.opponent.bar() + self.opponent.pool() > 0
        {
            return false;
        }
        // The opponent's rearmost checker, in the mover's coordinates.
        self.mover.highest() < 25 - self.opponent.highest()
    }

    /// The stage of the game: contact, race or bear-off.
    pub fn stage(&self) -> Stage {
        Stage::of(self)
    }

    /// Pip counts (mover, opponent).
    pub fn pips(&self) -> (u32, u32) {
        (self.mover.pips(), self.opponent.pips())
    }
}

/// Maps a bitset of the opponent's slots 1..=24 to the mover's points (bit `q`
/// of the opponent is bit `25 - q` of the mover). Bits 0 and 25 are dropped.
#[inline(always)]
fn mirror(theirs: u32) -> u32 {
    (theirs.reverse_bits() >> 6) & POINT_BITS
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("mover", &self.mover)
            .field("opponent", &self.opponent)
            .finish()
    }
}

/// Builds a [`Position`] from a compact description, for tests and examples.
///
/// `pos!(x 25:1, 13:2; o 6:2)` puts one mover checker on the bar and two on its
/// 13 point, and two opponent checkers on the opponent's own 6 point. Slots use
/// each side's own coordinates (25 = bar); checkers not placed are borne off,
/// out of 15 (or out of the total given as `pos!(n 3; x ...; o ...)`).
#[macro_export]
macro_rules! pos {
    (n $n:expr; x $($xs:expr => $xc:expr),* ; o $($os:expr => $oc:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut mover = [0u8; 25];
        #[allow(unused_mut)]
        let mut opponent = [0u8; 25];
        $( mover[$xs - 1] += $xc; )*
        $( opponent[$os - 1] += $oc; )*
        $crate::board::Position::from_points(&mover, &opponent, $n).expect("valid test position")
    }};
    (x $($xs:expr => $xc:expr),* ; o $($os:expr => $oc:expr),* $(,)?) => {
        $crate::pos!(n 15; x $($xs => $xc),* ; o $($os => $oc),*)
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_symmetric_and_valid() {
        let p = Variant::Standard.start();
        assert_eq!(p, p.flip());
        assert_eq!(p.pips(), (167, 167));
        assert_eq!(p.blocked(), (1 << 1) | (1 << 12) | (1 << 17) | (1 << 19));
        assert_eq!(p.opponent_blots(), 0);
        assert!(p.outcome().is_none());
    }

    #[test]
    fn shared_point_rejected() {
        let mut m = [0u8; 25];
        let mut o = [0u8; 25];
        m[5] = 1; // mover's 6 point
        o[18] = 1; // opponent's 19 point = mover's 6 point
        assert_eq!(
            Position::from_points(&m, &o, 1),
            Err(PositionError::SharedPoint(6))
        );
    }

    #[test]
    fn hit_sends_blot_to_bar() {
        let mut p = pos!(x 13 => 1; o 17 => 1);
        // The opponent's 17 point is the mover's 8 point.
        assert!(p.move_checker(13, 8));
        assert_eq!(p.opponent().bar(), 1);
        assert_eq!(p.opponent().count(17), 0);
        assert_eq!(p.mover().count(8), 1);
    }
}
