//! One game of a match under the live-cube model: each player's match
//! winning chance (MWC) as a function of its chance to win the game, with
//! the cube where it is and both players doubling, taking and dropping
//! well (the model behind gnubg's match cube formulas and Zadeh's match
//! equity tables, here computed with NC's own gammon shares).
//!
//! The model: the game's win chance moves continuously (a martingale), so
//! between decision points a player's MWC is linear in it. The owner of
//! the cube doubles when the opponent's take point is reached (and then
//! cashes: the opponent is indifferent); a player redoubles only while the
//! cube is alive for it (a single win at the current value does not
//! already win the match). The take point of a cube of value `2c` comes
//! from the curve of that cube, so the curves are built from the highest
//! useful cube down. A player who would rather play on for a gammon than
//! cash ("too good") drops its cash point (the curve's concave hull).

use super::curve::Curve;
use super::met::{MatchEquityTable, WinShares};
use crate::cube::{Crawford, MatchScore, MAX_CUBE_LOG2};
use crate::numbers::Side;

/// A doubler's decision point: its win chance where the opponent's take
/// point lies, and its MWC there (the cash).
#[derive(Clone, Copy, Debug)]
struct DoublePoint {
    p: f64,
    value: f64,
}

/// A game at a match score: the points each player still needs (player 0
/// is "me"), the game's Crawford state, how each player's wins split, and
/// whether player 0 moves first in the next game (it plays Y in this one:
/// the colours change every game).
pub(crate) struct GameAtScore<'a> {
    pub(crate) met: &'a MatchEquityTable,
    pub(crate) need: [u16; 2],
    pub(crate) crawford: Crawford,
    pub(crate) shares: [WinShares; 2],
    pub(crate) starts_next: bool,
}

impl GameAtScore<'static> {
    /// The game of match `m` at its score from side `me`'s view, against
    /// NC's table, each player's wins split by `shares` (`me`'s first);
    /// `me` moves first in the next game when it plays Y in this one.
    pub(crate) fn of_side(m: &MatchScore, me: Side, shares: [WinShares; 2]) -> Self {
        GameAtScore {
            met: super::nc_table(),
            need: [m.away(me), m.away(me.other())],
            crawford: m.crawford(),
            shares,
            starts_next: me == Side::Y,
        }
    }
}

impl GameAtScore<'_> {
    /// Player 0's MWC after `winner` wins `points` in this game.
    pub(crate) fn after(&self, winner: usize, points: u32) -> f64 {
        let mut need = self.need;
        let pts = u16::try_from(points).unwrap_or(u16::MAX);
        need[winner] = need[winner].saturating_sub(pts);
        if need[winner] == 0 {
            return if winner == 0 { 1.0 } else { 0.0 };
        }
        let next = match self.crawford {
            Crawford::Game | Crawford::After => Crawford::After,
            Crawford::Before if need[winner] == 1 => Crawford::Game,
            Crawford::Before => Crawford::Before,
        };
        self.met.mwc(need[0], need[1], next, self.starts_next)
    }

    /// Player `o`'s MWC from player 0's.
    fn of(o: usize, v0: f64) -> f64 {
        if o == 0 {
            v0
        } else {
            1.0 - v0
        }
    }

    /// Player `o`'s MWC when `winner` wins a single game at cube `c`.
    fn single(&self, o: usize, winner: usize, c: u32) -> f64 {
        Self::of(o, self.after(winner, c))
    }

    /// Player `o`'s MWC when `winner` wins at cube `c`, gammons and
    /// backgammons by `winner`'s shares.
    fn win_by(&self, o: usize, winner: usize, c: u32) -> f64 {
        let s = self.shares[winner];
        s.single() * self.single(o, winner, c)
            + s.gammon * self.single(o, winner, 2 * c)
            + s.backgammon * self.single(o, winner, 3 * c)
    }

    /// True when `o` may usefully double a cube of value `c`: the cube is
    /// in play, a single win at `c` does not already win the match, and
    /// there is room on the cube.
    fn can_double(&self, o: usize, c: u32) -> bool {
        self.crawford != Crawford::Game
            && c < u32::from(self.need[o])
            && 2 * c <= 1 << MAX_CUBE_LOG2
    }

    /// Where `o` doubles a cube of value `c` (centred or its own): the
    /// opponent's take point of the cube `2c`, and `o`'s cash there. When
    /// the opponent takes whatever the game, `o` doubles at the very end.
    fn double_point(&self, o: usize, c: u32) -> Option<DoublePoint> {
        if !self.can_double(o, c) {
            return None;
        }
        let opp = 1 - o;
        let taken = self.owned(opp, 2 * c);
        let cash = self.single(o, o, c);
        // The opponent takes at its chance q when its MWC there is at
        // least what dropping leaves it (1 - cash).
        match taken.first_reaching(1.0 - cash) {
            // The opponent drops even a sure win: double at once.
            None => Some(DoublePoint {
                p: 0.0,
                value: cash,
            }),
            // It takes even a sure loss: double at the end, for the cube 2c.
            Some(q) if q <= 0.0 => Some(DoublePoint {
                p: 1.0,
                value: cash.max(1.0 - taken.at(0.0)),
            }),
            Some(q) => Some(DoublePoint {
                p: 1.0 - q,
                value: cash,
            }),
        }
    }

    /// Player `o`'s MWC as a function of its win chance, when `o` owns a
    /// cube of value `c`.
    pub(crate) fn owned(&self, o: usize, c: u32) -> Curve {
        let lose = self.win_by(o, 1 - o, c);
        let win = self.win_by(o, o, c);
        let Some(d) = self.double_point(o, c) else {
            return Curve::line(lose, win);
        };
        if d.p >= 1.0 {
            return Curve::line(lose, win.max(d.value));
        }
        if d.p <= 0.0 {
            return Curve::line(d.value.max(lose), d.value.max(win));
        }
        // Too good to cash: playing on is worth more than the cash point.
        if d.value <= lose + (win - lose) * d.p {
            return Curve::line(lose, win);
        }
        Curve::through(vec![(0.0, lose), (d.p, d.value), (1.0, win)])
    }

    /// Player 0's MWC as a function of its win chance, with a centred cube
    /// of value `c` (either may double).
    pub(crate) fn centred(&self, c: u32) -> Curve {
        let mut lose = self.win_by(0, 1, c);
        let mut win = self.win_by(0, 0, c);
        // A doubler whose opponent takes even a sure loss doubles at the
        // very end: the end point's value is the doubled cube's.
        let inner = |d: DoublePoint| d.p > 0.0 && d.p < 1.0;
        let mine_d = self.double_point(0, c);
        let theirs_d = self.double_point(1, c);
        if let Some(d) = mine_d.filter(|d| d.p >= 1.0) {
            win = win.max(d.value);
        }
        if let Some(d) = theirs_d.filter(|d| d.p >= 1.0) {
            lose = lose.min(1.0 - d.value);
        }
        // The opponent's doubling point, in player 0's terms.
        let theirs = theirs_d
            .filter(|&d| inner(d))
            .map(|d| (1.0 - d.p, 1.0 - d.value));
        let mine = mine_d.filter(|&d| inner(d)).map(|d| (d.p, d.value));
        let mut points = vec![(0.0, lose)];
        match (theirs, mine) {
            (Some(t), Some(m)) if t.0 < m.0 => {
                points.push(t);
                points.push(m);
            }
            // No window between the two points (a degenerate score): no
            // doubling.
            (Some(_), Some(_)) => {}
            (Some(t), None) => points.push(t),
            (None, Some(m)) => points.push(m),
            (None, None) => {}
        }
        points.push((1.0, win));
        // A player too good to cash plays on: its point is left out when it
        // lies on the wrong side of the chord through its neighbours
        // (below for mine, above for the opponent's).
        let chord = |pts: &[(f64, f64)], i: usize| {
            let ((p0, v0), (p1, v1)) = (pts[i - 1], pts[i + 1]);
            v0 + (v1 - v0) * (pts[i].0 - p0) / (p1 - p0)
        };
        if let Some(m) = mine {
            if let Some(i) = points.iter().position(|&x| x == m) {
                if points[i].1 <= chord(&points, i) {
                    points.remove(i);
                }
            }
        }
        if let Some(t) = theirs {
            if let Some(i) = points.iter().position(|&x| x == t) {
                if points[i].1 >= chord(&points, i) {
                    points.remove(i);
                }
            }
        }
        Curve::through(points)
    }
}
