//! NC's match equity table: the chance to win a match from each score,
//! computed by the project from NC's own gammon rates (dice tables such as
//! Kazaross-XG2 do not apply: their gammon rates and cube use are dice
//! backgammon's).
//!
//! How (docs/cube.md): a recursion over the scores, from the end of the
//! match back to 0-0. Each game starts even (a 50% game) and is played
//! under the live-cube model of `super::live` (the recursion is
//! `super::met_compute`) with the gammon and
//! backgammon shares of NC's wins; a game's outcome leads to a score whose
//! chance is already in the table (post-Crawford scores first, then the
//! Crawford game, then the scores before it, by the points still needed).

use crate::cube::{Crawford, MAX_MATCH_LENGTH};

/// How a player's wins split: the shares that are gammons (and not
/// backgammons) and backgammons; the rest are single games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinShares {
    /// Share of the wins that are gammons but not backgammons.
    pub gammon: f64,
    /// Share of the wins that are backgammons.
    pub backgammon: f64,
}

impl WinShares {
    /// No gammons.
    pub const NONE: WinShares = WinShares {
        gammon: 0.0,
        backgammon: 0.0,
    };

    pub(super) fn single(&self) -> f64 {
        (1.0 - self.gammon - self.backgammon).max(0.0)
    }
}

/// The chance to win a match from each score, for matches up to a length.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEquityTable {
    max: u16,
    shares: WinShares,
    /// `pre[a * (max + 1) + b]`: needing `a`, the opponent `b`, both at
    /// least 2, before the Crawford game.
    pre: Vec<f64>,
    /// `crawford[b]`: 1-away in the Crawford game against `b`-away.
    crawford: Vec<f64>,
    /// `post[b]`: 1-away after the Crawford game against `b`-away.
    post: Vec<f64>,
}

impl MatchEquityTable {
    /// A table for matches up to `max` points (1 to 64) whose values are
    /// all still to be computed (`super::met_compute` fills them in).
    pub(super) fn blank(max: u16, shares: WinShares) -> MatchEquityTable {
        let max = max.clamp(1, MAX_MATCH_LENGTH);
        let n = usize::from(max) + 1;
        MatchEquityTable {
            max,
            shares,
            pre: vec![f64::NAN; n * n],
            crawford: vec![f64::NAN; n],
            post: vec![f64::NAN; n],
        }
    }

    /// Sets the chance of the player needing `need[0]` against one needing
    /// `need[1]` (both within the table) before a game in state `crawford`:
    /// a 1-away's entry in the Crawford game or after it, otherwise the
    /// entry of two scores both at least 2 away.
    pub(super) fn set(&mut self, need: [u16; 2], crawford: Crawford, value: f64) {
        let n = usize::from(self.max) + 1;
        let (a, b) = (usize::from(need[0]), usize::from(need[1]));
        match (need[0], crawford) {
            (1, Crawford::After) => self.post[b] = value,
            (1, _) => self.crawford[b] = value,
            _ => self.pre[a * n + b] = value,
        }
    }

    /// The longest match in the table.
    pub fn max_length(&self) -> u16 {
        self.max
    }

    /// The gammon shares it was computed with.
    pub fn shares(&self) -> WinShares {
        self.shares
    }

    /// The chance that the player needing `a` points wins the match
    /// against one needing `b`, before a game in Crawford state
    /// `crawford` (which matters only when a player needs 1: the Crawford
    /// game, or after it). Needs beyond the table are read at its edge.
    pub fn mwc(&self, a: u16, b: u16, crawford: Crawford) -> f64 {
        let (a, b) = (a.min(self.max), b.min(self.max));
        match (a, b) {
            (0, _) => 1.0,
            (_, 0) => 0.0,
            (1, 1) => 0.5,
            (1, b) => match crawford {
                Crawford::After => self.post[usize::from(b)],
                Crawford::Game | Crawford::Before => self.crawford[usize::from(b)],
            },
            (a, 1) => 1.0 - self.mwc(1, a, crawford),
            (a, b) => self.pre[usize::from(a) * (usize::from(self.max) + 1) + usize::from(b)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_and_monotone() {
        let shares = WinShares {
            gammon: 0.2,
            backgammon: 0.01,
        };
        let t = MatchEquityTable::compute(15, shares);
        for a in 1..=15u16 {
            for b in 1..=15u16 {
                let (x, y) = (t.mwc(a, b, Crawford::Before), t.mwc(b, a, Crawford::Before));
                assert!((x + y - 1.0).abs() < 1e-9, "{a} {b}");
                assert!((0.0..=1.0).contains(&x), "{a} {b}: {x}");
                if a == b {
                    assert!((x - 0.5).abs() < 1e-9);
                }
                // Needing less is better.
                if a > 1 {
                    assert!(t.mwc(a - 1, b, Crawford::Before) >= x - 1e-9, "{a} {b}");
                }
            }
        }
        // The Crawford game is worth more to the leader than the games after it.
        for b in 2..=15 {
            assert!(t.mwc(1, b, Crawford::Game) > t.mwc(1, b, Crawford::After));
        }
    }

    /// Without gammons: post-Crawford 1-away against 2-away is 50% (the
    /// trailer doubles, one game decides) and against 3-away 75%; the
    /// Crawford game against 2-away is 75% (win it, or 1-away/1-away).
    #[test]
    fn gammonless_values_by_hand() {
        let t = MatchEquityTable::compute(5, WinShares::NONE);
        assert!((t.mwc(1, 2, Crawford::After) - 0.5).abs() < 1e-9);
        assert!((t.mwc(1, 3, Crawford::After) - 0.75).abs() < 1e-9);
        assert!((t.mwc(1, 2, Crawford::Game) - 0.75).abs() < 1e-9);
        // 2-away/2-away: the first double is a pass or a take for the whole
        // match; by symmetry 50%.
        assert!((t.mwc(2, 2, Crawford::Before) - 0.5).abs() < 1e-9);
    }

    #[test]
    fn gammons_favour_the_trailer_post_crawford() {
        let none = MatchEquityTable::compute(5, WinShares::NONE);
        let some = MatchEquityTable::compute(
            5,
            WinShares {
                gammon: 0.3,
                backgammon: 0.0,
            },
        );
        // 1-away/4-away: the trailer needs two doubled wins without gammons,
        // one gammon on a 2-cube with them.
        assert!(some.mwc(1, 4, Crawford::After) < none.mwc(1, 4, Crawford::After));
    }
}
