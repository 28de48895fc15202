//! NC's match equity table: the chance to win a match from each score,
//! computed by the project from NC's own gammon rates (dice tables such as
//! Kazaross-XG2 do not apply: their gammon rates and cube use are dice
//! backgammon's).
//!
//! How (docs/cube.md): a recursion over the scores, from the end of the
//! match back to 0-0. Each game starts with its first mover (X, who
//! changes every game) winning it with NC's first-move chance, and is played
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

/// The chance to win a match from each score, for matches up to a length,
/// for the player who moves first in the next game (X; the colours change
/// every game, `protocol/rules.md` §8) and for the other one.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEquityTable {
    max: u16,
    shares: WinShares,
    first: f64,
    /// The MWC of the player who moves first in the next game, needing `a`
    /// against `b`: `starter[kind][a * (max + 1) + b]`, `kind` 0 before the
    /// Crawford game (both at least 2 away), 1 the Crawford game (one of
    /// them 1-away), 2 after it.
    starter: [Vec<f64>; 3],
}

impl MatchEquityTable {
    /// A table for matches up to `max` points (1 to 64) whose values are
    /// all still to be computed (`super::met_compute` fills them in); each
    /// game's first mover wins it with chance `first`.
    pub(super) fn blank(max: u16, shares: WinShares, first: f64) -> MatchEquityTable {
        let max = max.clamp(1, MAX_MATCH_LENGTH);
        let n = usize::from(max) + 1;
        MatchEquityTable {
            max,
            shares,
            first,
            starter: std::array::from_fn(|_| vec![f64::NAN; n * n]),
        }
    }

    /// Where the entry of the first mover needing `need[0]` against
    /// `need[1]` (both within the table, not both 1) lies.
    fn slot(&self, need: [u16; 2], crawford: Crawford) -> (usize, usize) {
        let kind = match crawford {
            _ if need[0] > 1 && need[1] > 1 => 0,
            Crawford::After => 2,
            Crawford::Game | Crawford::Before => 1,
        };
        let n = usize::from(self.max) + 1;
        (kind, usize::from(need[0]) * n + usize::from(need[1]))
    }

    /// Sets the chance of the next game's first mover, needing `need[0]`
    /// against one needing `need[1]` (both within the table), before a game
    /// in state `crawford`.
    pub(super) fn set(&mut self, need: [u16; 2], crawford: Crawford, value: f64) {
        let (kind, i) = self.slot(need, crawford);
        self.starter[kind][i] = value;
    }

    /// The longest match in the table.
    pub fn max_length(&self) -> u16 {
        self.max
    }

    /// The gammon shares it was computed with.
    pub fn shares(&self) -> WinShares {
        self.shares
    }

    /// The chance that a game's first mover wins it, as the table assumes
    /// at the start of every game (0.5: even games).
    pub fn first_mover(&self) -> f64 {
        self.first
    }

    /// The chance that the player needing `a` points wins the match
    /// against one needing `b`, before a game in Crawford state
    /// `crawford` (which matters only when a player needs 1: the Crawford
    /// game, or after it), when it moves first in that game (`starts`) or
    /// second. Needs beyond the table are read at its edge.
    pub fn mwc(&self, a: u16, b: u16, crawford: Crawford, starts: bool) -> f64 {
        let (a, b) = (a.min(self.max), b.min(self.max));
        match (a, b) {
            (0, _) => 1.0,
            (_, 0) => 0.0,
            _ if !starts => 1.0 - self.mwc(b, a, crawford, true),
            // Both at match point: this game decides.
            (1, 1) => self.first,
            _ => {
                let (kind, i) = self.slot([a, b], crawford);
                self.starter[kind][i]
            }
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
        let t = MatchEquityTable::compute(15, shares, 0.5);
        for a in 1..=15u16 {
            for b in 1..=15u16 {
                let (x, y) = (
                    t.mwc(a, b, Crawford::Before, true),
                    t.mwc(b, a, Crawford::Before, true),
                );
                assert!((x + y - 1.0).abs() < 1e-9, "{a} {b}");
                assert!((0.0..=1.0).contains(&x), "{a} {b}: {x}");
                if a == b {
                    assert!((x - 0.5).abs() < 1e-9);
                }
                // Needing less is better.
                if a > 1 {
                    assert!(
                        t.mwc(a - 1, b, Crawford::Before, true) >= x - 1e-9,
                        "{a} {b}"
                    );
                }
            }
        }
        // The Crawford game is worth more to the leader than the games after it.
        for b in 2..=15 {
            assert!(t.mwc(1, b, Crawford::Game, true) > t.mwc(1, b, Crawford::After, true));
        }
    }

    /// Without gammons: post-Crawford 1-away against 2-away is 50% (the
    /// trailer doubles, one game decides) and against 3-away 75%; the
    /// Crawford game against 2-away is 75% (win it, or 1-away/1-away).
    #[test]
    fn gammonless_values_by_hand() {
        let t = MatchEquityTable::compute(5, WinShares::NONE, 0.5);
        assert!((t.mwc(1, 2, Crawford::After, true) - 0.5).abs() < 1e-9);
        assert!((t.mwc(1, 3, Crawford::After, true) - 0.75).abs() < 1e-9);
        assert!((t.mwc(1, 2, Crawford::Game, true) - 0.75).abs() < 1e-9);
        // 2-away/2-away: the first double is a pass or a take for the whole
        // match; by symmetry 50%.
        assert!((t.mwc(2, 2, Crawford::Before, true) - 0.5).abs() < 1e-9);
    }

    /// The first mover's edge, without gammons: at 1-away each the game
    /// decides; post-Crawford at 1-away against 2-away the leader who moves
    /// first takes the trailer's double, and one game decides; against
    /// 3-away a doubled win leaves 1-away each with the other player first.
    #[test]
    fn the_first_movers_edge_by_hand() {
        let t = MatchEquityTable::compute(5, WinShares::NONE, 0.6);
        assert!((t.first_mover() - 0.6).abs() < 1e-12);
        for crawford in [Crawford::Game, Crawford::After] {
            assert!((t.mwc(1, 1, crawford, true) - 0.6).abs() < 1e-9);
            assert!((t.mwc(1, 1, crawford, false) - 0.4).abs() < 1e-9);
        }
        assert!((t.mwc(1, 2, Crawford::After, true) - 0.6).abs() < 1e-9);
        // The trailer who moves first doubles; the leader drops, and wins
        // the 1-away/1-away game as its first mover with 0.6.
        assert!((t.mwc(2, 1, Crawford::After, true) - 0.4).abs() < 1e-9);
        assert!((t.mwc(1, 3, Crawford::After, true) - (0.6 + 0.4 * 0.4)).abs() < 1e-9);
        assert!((t.mwc(1, 3, Crawford::After, false) - (0.4 + 0.6 * 0.6)).abs() < 1e-9);
        // Each entry and its mirror add up to 1, and at an even score the
        // first mover is ahead. (Moving first is not always better: at
        // 2-away against 4-away it is 0.731 and second 0.740, as moving
        // second now is moving first in the next game.)
        for a in 1..=5u16 {
            for b in 1..=5u16 {
                for crawford in [Crawford::Before, Crawford::After] {
                    let (x, y) = (t.mwc(a, b, crawford, true), t.mwc(b, a, crawford, false));
                    assert!((x + y - 1.0).abs() < 1e-9, "{a} {b}");
                    if a == b {
                        assert!(x > 0.5, "{a} {crawford:?}: {x}");
                    }
                }
            }
        }
    }

    #[test]
    fn gammons_favour_the_trailer_post_crawford() {
        let none = MatchEquityTable::compute(5, WinShares::NONE, 0.5);
        let some = MatchEquityTable::compute(
            5,
            WinShares {
                gammon: 0.3,
                backgammon: 0.0,
            },
            0.5,
        );
        // 1-away/4-away: the trailer needs two doubled wins without gammons,
        // one gammon on a 2-cube with them.
        assert!(some.mwc(1, 4, Crawford::After, true) < none.mwc(1, 4, Crawford::After, true));
    }
}
