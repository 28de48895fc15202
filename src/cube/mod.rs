//! The doubling cube and the match: the rules layer's types for what a game
//! is played for (`protocol/rules.md` §8).
//!
//! - [`Cube`]: the cube's value and owner;
//! - [`CubeAction`]: `double`, `take`, `drop`, `beaver` (their turn tokens);
//! - [`Terms`]: how games are scored, from the engine's options (cube in
//!   money play, Jacoby rule, beavers, [`Scoring`]);
//! - [`MatchScore`] (in [`score`]): a match's length, the score before a
//!   game and its Crawford state, and the score after a game;
//! - [`CubeError`]: why a cube action is not allowed.
//!
//! The game state ([`crate::game::GameState`]) carries a cube, the terms and
//! the match score, and applies the cube actions; the points a finished game
//! scores are in [`crate::game::GameResult`]. Cube *decisions* (whether to
//! double, take or drop) are the evaluation's and the engine's, not here.

pub mod score;

pub use score::{game_points, Crawford, MatchProgress, MatchScore, MAX_MATCH_LENGTH};

use crate::numbers::Side;
use std::fmt;

/// The highest cube value, as a power of two: 2^12 = 4096 (gnubg's limit).
pub const MAX_CUBE_LOG2: u8 = 12;

/// The doubling cube: its value (a power of two) and who owns it (`None`:
/// centred, either side may double).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    log2: u8,
    owner: Option<Side>,
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::CENTRED
    }
}

impl Cube {
    /// The cube at the start of a game: centred on 1.
    pub const CENTRED: Cube = Cube {
        log2: 0,
        owner: None,
    };

    /// A cube of `value` owned by `owner` (`None`: centred). The value must
    /// be a power of two up to 4096, and only the cube on 1 is centred
    /// (a turned cube always has an owner).
    pub fn new(value: u32, owner: Option<Side>) -> Result<Cube, String> {
        if !value.is_power_of_two() || value.trailing_zeros() > u32::from(MAX_CUBE_LOG2) {
            return Err(format!(
                "cube value {value} is not a power of two from 1 to {}",
                1u32 << MAX_CUBE_LOG2
            ));
        }
        let log2 = value.trailing_zeros() as u8;
        match (log2, owner) {
            (0, Some(_)) => Err("a cube on 1 is centred, it has no owner".into()),
            (1.., None) => Err(format!("a cube on {value} has an owner")),
            _ => Ok(Cube { log2, owner }),
        }
    }

    /// The value: 1, 2, 4, ... 4096.
    #[inline]
    pub const fn value(self) -> u32 {
        1 << self.log2
    }

    /// The owner; `None` while centred.
    #[inline]
    pub const fn owner(self) -> Option<Side> {
        self.owner
    }

    /// True when the cube is still centred on 1 (never turned).
    #[inline]
    pub const fn is_centred(self) -> bool {
        self.owner.is_none()
    }

    /// True when `side` may turn it (centred, or its own).
    pub fn available_to(self, side: Side) -> bool {
        self.owner.is_none_or(|o| o == side)
    }

    /// The cube after `times` doublings (1: a take, 2: a beaver), owned by
    /// `owner`; `None` past the highest value.
    pub fn doubled(self, times: u8, owner: Side) -> Option<Cube> {
        let log2 = self.log2 + times;
        (log2 <= MAX_CUBE_LOG2).then_some(Cube {
            log2,
            owner: Some(owner),
        })
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.owner {
            None => write!(f, "{} centred", self.value()),
            Some(s) => write!(f, "{} owned by {s}", self.value()),
        }
    }
}

/// A cube action: a turn token of its own (`protocol/rules.md` §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CubeAction {
    /// The side to move offers the cube at the start of its turn.
    Double,
    /// The opponent accepts: the cube doubles and passes to it.
    Take,
    /// The opponent refuses: the game ends, the doubler wins the cube's
    /// value before the double.
    Drop,
    /// The opponent takes and redoubles at once (money play with beavers):
    /// the cube is quadrupled and the beaverer owns it.
    Beaver,
}

impl CubeAction {
    /// Every action, in token order.
    pub const ALL: [CubeAction; 4] = [
        CubeAction::Double,
        CubeAction::Take,
        CubeAction::Drop,
        CubeAction::Beaver,
    ];

    /// The turn token: `double`, `take`, `drop`, `beaver`.
    pub const fn token(self) -> &'static str {
        match self {
            CubeAction::Double => "double",
            CubeAction::Take => "take",
            CubeAction::Drop => "drop",
            CubeAction::Beaver => "beaver",
        }
    }

    /// Reads a token (exactly as [`CubeAction::token`] writes it).
    pub fn from_token(s: &str) -> Option<CubeAction> {
        CubeAction::ALL.into_iter().find(|a| a.token() == s)
    }

    /// True for the answers to a double (take, drop, beaver).
    pub const fn is_answer(self) -> bool {
        !matches!(self, CubeAction::Double)
    }
}

impl fmt::Display for CubeAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// How a win is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// Single 1, gammon 2, backgammon 3, times the cube.
    #[default]
    Points,
    /// Every win counts one point and there is no cube (ItsYourTurn's
    /// regular games).
    Single,
}

impl Scoring {
    /// `points` or `single`.
    pub const fn name(self) -> &'static str {
        match self {
            Scoring::Points => "points",
            Scoring::Single => "single",
        }
    }

    /// Reads `points` or `single` (either case).
    pub fn from_name(s: &str) -> Option<Scoring> {
        [Scoring::Points, Scoring::Single]
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(s))
    }
}

/// How games are scored, as the engine's options set it: constant over a
/// session, not part of the full-state ID. The default is today's game:
/// money play without a cube, gammons 2 and backgammons 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Terms {
    /// The cube is in play in money games (in a match it always is, but
    /// in the Crawford game).
    pub cube: bool,
    /// Money play with the cube: gammons and backgammons count single
    /// until the cube is turned.
    pub jacoby: bool,
    /// Money play with the cube: a taker may beaver.
    pub beavers: bool,
    /// Points or single wins.
    pub scoring: Scoring,
}

impl Default for Terms {
    fn default() -> Terms {
        Terms {
            cube: false,
            jacoby: true,
            beavers: false,
            scoring: Scoring::Points,
        }
    }
}

/// Why a cube action is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CubeError {
    /// No cube in this game (money without the cube, single scoring).
    NoCube,
    /// The Crawford game is played without the cube.
    Crawford,
    /// Turn 0 (the opening pair) has no double.
    Opening,
    /// A double comes at the start of a turn, before the pick.
    NotStartOfTurn,
    /// The opponent owns the cube.
    NotYours,
    /// The cube is already at its highest value.
    MaxCube,
    /// A take, drop or beaver with no double offered.
    NoOffer,
    /// A double was offered: answer it before anything else.
    OfferPending,
    /// Beavers are off, or this is a match.
    NoBeavers,
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CubeError::NoCube => "the cube is not in play in this game",
            CubeError::Crawford => "no double in the Crawford game",
            CubeError::Opening => "no double in turn 0",
            CubeError::NotStartOfTurn => {
                "a double comes at the start of a turn, before the number is picked"
            }
            CubeError::NotYours => "the opponent owns the cube",
            CubeError::MaxCube => "the cube is at its highest value",
            CubeError::NoOffer => "no double is offered",
            CubeError::OfferPending => "a double is offered: take, drop or beaver first",
            CubeError::NoBeavers => "beavers are not allowed here",
        })
    }
}

impl std::error::Error for CubeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cube_values_and_owners_are_checked() {
        assert_eq!(Cube::new(1, None).unwrap(), Cube::CENTRED);
        assert_eq!(Cube::new(4, Some(Side::Y)).unwrap().value(), 4);
        assert!(Cube::new(3, Some(Side::X)).is_err());
        assert!(Cube::new(0, None).is_err());
        assert!(Cube::new(8192, Some(Side::X)).is_err());
        assert!(Cube::new(1, Some(Side::X)).is_err());
        assert!(Cube::new(2, None).is_err());
        let c = Cube::new(2, Some(Side::X)).unwrap();
        assert!(c.available_to(Side::X) && !c.available_to(Side::Y));
        assert_eq!(c.doubled(2, Side::Y).unwrap().value(), 8);
        assert!(Cube::new(4096, Some(Side::X))
            .unwrap()
            .doubled(1, Side::Y)
            .is_none());
    }

    #[test]
    fn tokens_read_back() {
        for a in CubeAction::ALL {
            assert_eq!(CubeAction::from_token(a.token()), Some(a));
        }
        assert_eq!(CubeAction::from_token("Double"), None);
        assert_eq!(Scoring::from_name("SINGLE"), Some(Scoring::Single));
    }
}
