//! The stage of a game, read off the board: contact, race or bear-off.
//!
//! Backgammon programs judge these stages apart (GNU Backgammon and wildbg
//! have a net for each), and analysis reports its losses per stage so that
//! a weak stage shows. The stage depends on the checkers only, so both
//! sides see the same stage.

use super::Position;
use serde::Serialize;
use std::fmt;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Some checker can still hit or be hit (a checker on the bar included).
    Contact,
    /// The sides have passed each other, but a checker is still outside
    /// its home board.
    Race,
    /// The sides have passed each other and every checker still in play is
    /// in its home board.
    BearOff,
}

impl Stage {
    /// Every stage, in the order of a game.
    pub const ALL: [Stage; 3] = [Stage::Contact, Stage::Race, Stage::BearOff];

    /// The stage of `position`.
    ///
    /// ```
    /// use ncbg::board::{Stage, Variant};
    /// assert_eq!(Variant::Standard.start().stage(), Stage::Contact);
    /// ```
    pub fn of(position: &Position) -> Stage {
        if !position.is_race() {
            Stage::Contact
        } else if position.mover().all_home() && position.opponent().all_home() {
            Stage::BearOff
        } else {
            Stage::Race
        }
    }

    /// Lower-case name, as in the analysis output.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Contact => "contact",
            Stage::Race => "race",
            Stage::BearOff => "bear-off",
        }
    }

    /// Index in [`Stage::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Variant;

    /// A position from the mover's and the opponent's checkers, each as
    /// (point in its own coordinates, count); the rest are borne off.
    fn pos(mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> Position {
        let side = |list: &[(usize, u8)]| {
            let mut points = [0u8; 25];
            for &(p, n) in list {
                points[p - 1] = n;
            }
            points
        };
        Position::from_points(&side(mover), &side(opponent), 15).expect("a valid position")
    }

    #[test]
    fn stages_follow_contact_and_home_boards() {
        assert_eq!(Stage::of(&Variant::Standard.start()), Stage::Contact);
        // Mover's rearmost on its 10, the opponent's rearmost on its 12, i.e.
        // the mover's 13: passed, one outside home → race.
        let race = pos(&[(10, 1), (5, 14)], &[(12, 1), (3, 14)]);
        assert_eq!(Stage::of(&race), Stage::Race);
        // Same but the opponent's rearmost on its 16 = the mover's 9: the
        // mover's checker on 10 can still hit it → contact.
        let contact = pos(&[(10, 1), (5, 14)], &[(16, 1), (3, 14)]);
        assert_eq!(Stage::of(&contact), Stage::Contact);
        // Everything home on both sides.
        let home = pos(&[(6, 3), (1, 2)], &[(4, 5)]);
        assert_eq!(Stage::of(&home), Stage::BearOff);
        // A checker on the bar is contact even when all else has passed.
        let bar = pos(&[(25, 1), (1, 14)], &[(6, 15)]);
        assert_eq!(Stage::of(&bar), Stage::Contact);
        // Both sides see the same stage.
        for p in [race, contact, home, bar] {
            assert_eq!(Stage::of(&p), Stage::of(&p.flip()));
        }
    }

    #[test]
    fn names_and_order() {
        let names: Vec<_> = Stage::ALL.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["contact", "race", "bear-off"]);
        for (i, s) in Stage::ALL.iter().enumerate() {
            assert_eq!(s.index(), i);
        }
    }
}
