//! How a finished game is scored: single game 1, gammon 2, backgammon 3.

use super::{Position, BAR};
use std::fmt;

/// The kind of win, which fixes the points scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WinKind {
    /// The loser has borne off at least one checker: 1 point.
    Single,
    /// The loser has borne off nothing: 2 points.
    Gammon,
    /// The loser has borne off nothing and still has a checker on the bar, in
    /// the winner's home board or waiting in its pool: 3 points.
    Backgammon,
}

impl WinKind {
    /// Points the win scores.
    pub const fn points(self) -> u32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
        }
    }

    /// Lower-case name: `single`, `gammon`, `backgammon`.
    pub const fn name(self) -> &'static str {
        match self {
            WinKind::Single => "single",
            WinKind::Gammon => "gammon",
            WinKind::Backgammon => "backgammon",
        }
    }
}

impl fmt::Display for WinKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The result of a finished game, relative to the position's side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// True when the side to move has won (has no checker left in play).
    pub mover_won: bool,
    /// How big the win is.
    pub kind: WinKind,
}

impl Outcome {
    /// Points from the side to move's point of view: positive for a win.
    pub const fn mover_points(self) -> i32 {
        let p = self.kind.points() as i32;
        if self.mover_won {
            p
        } else {
            -p
        }
    }
}

pub(super) fn outcome(pos: &Position) -> Option<Outcome> {
    let (loser, mover_won) = if pos.mover.in_play() == 0 {
        (pos.opponent, true)
    } else if pos.opponent.in_play() == 0 {
        (pos.mover, false)
    } else {
        return None;
    };
    let kind = if loser.off() > 0 {
        WinKind::Single
    } else if loser.bar() > 0 || loser.pool() > 0 || (19..BAR).any(|p| loser.count(p) > 0) {
        // The winner's home board is the loser's points 19..=24; a checker
        // still waiting in the pool is further back than the bar (§9).
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    };
    Some(Outcome { mover_won, kind })
}

#[cfg(test)]
mod tests {
    use crate::pos;

    use super::*;

    #[test]
    fn scoring() {
        // The opponent has borne everything off; the mover has one checker off.
        let p = pos!(x 3 => 14; o);
        let o = p.outcome().unwrap();
        assert!(!o.mover_won);
        assert_eq!(o.kind, WinKind::Single);
        assert_eq!(o.mover_points(), -1);

        let gammon = pos!(x 7 => 15; o);
        assert_eq!(gammon.outcome().unwrap().kind, WinKind::Gammon);

        let backgammon = pos!(x 7 => 14, 19 => 1; o);
        assert_eq!(backgammon.outcome().unwrap().kind, WinKind::Backgammon);

        let on_bar = pos!(x 7 => 14, 25 => 1; o);
        assert_eq!(on_bar.outcome().unwrap().kind, WinKind::Backgammon);

        let one_off = pos!(x 7 => 14; o);
        let waiting =
            Position::new(one_off.mover().with_pool(1).unwrap(), one_off.opponent()).unwrap();
        assert_eq!(waiting.outcome().unwrap().kind, WinKind::Backgammon);

        let live = pos!(x 1 => 1; o 1 => 1);
        assert!(live.outcome().is_none());
        let won = pos!(x; o 1 => 14);
        assert!(won.outcome().unwrap().mover_won);
        assert_eq!(won.outcome().unwrap().mover_points(), 1);
    }
}
