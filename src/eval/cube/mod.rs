//! Cube decisions from the evaluation's chances, apart from checker play
//! (as gnubg keeps them): whether to double, and whether to take, drop or
//! beaver, with the equities behind the answer.
//!
//! - money play ([`money`]): Janowski's cubeful equity from the net's win,
//!   gammon and backgammon chances, with a cube efficiency
//!   ([`CUBE_EFFICIENCY`]);
//! - a match ([`live`], [`met`]): match winning chances (MWC) under the
//!   live-cube model, against NC's own match equity table
//!   ([`nc_table`], computed from NC's gammon shares [`NC_WIN_SHARES`]),
//!   mixed with the dead cube's MWC by the same efficiency.
//!
//! [`analyse`] gives gnubg's three equities (no double; double, take;
//! double, pass) and its verdict (`No double, take`, `Double, take`,
//! `Double, pass`, `Too good to double, pass`, ...). How the table and
//! the shares were made: `docs/cube.md`.

mod curve;
pub mod live;
pub mod met;
mod met_compute;
pub mod money;

use crate::board::Variant;
use crate::cube::{Cube, CubeAction};
use crate::eval::nn::{Network, Probabilities};
use crate::eval::{Evaluator, NnEval};
use crate::game::GameState;
use crate::numbers::{NumberRules, Side};
use live::GameAtScore;
pub use met::MatchEquityTable;
pub use met::WinShares;
pub use money::Ownership;
use std::fmt;
use std::sync::OnceLock;

/// The cube efficiency `x` of Janowski's model (0: a dead cube, 1: fully
/// live): gnubg's contact value. NC has no dice, so the chances move only
/// as far as the players misjudge the position; see `docs/cube.md` for what
/// is and is not measured.
pub const CUBE_EFFICIENCY: f64 = 0.68;

/// The gammon and backgammon shares of NC's wins, as the embedded net sees
/// the 30 opening pairs of the standard game at k = 6 (both players' wins
/// together): [`measure_win_shares`] recomputes them, a test checks this
/// constant against it.
pub const NC_WIN_SHARES: WinShares = WinShares {
    gammon: 0.128,
    backgammon: 0.003,
};

/// The gammon and backgammon shares of both players' wins that `net`
/// predicts over the opening pairs `(x0, y0)`, `x0 != y0`, of the
/// standard game at k = 6 with two doublet credits (X to pick its first
/// number after them).
pub fn measure_win_shares(net: &Network) -> WinShares {
    let (mut wins, mut gammons, mut backgammons) = (0.0f64, 0.0f64, 0.0f64);
    for g in opening_states(NumberRules::default()) {
        let p = net.probabilities(&g);
        let f = |v: f32| f64::from(v);
        wins += 1.0;
        gammons += f(p.win_gammon) - f(p.win_backgammon) + f(p.lose_gammon) - f(p.lose_backgammon);
        backgammons += f(p.win_backgammon) + f(p.lose_backgammon);
    }
    WinShares {
        gammon: gammons / wins,
        backgammon: backgammons / wins,
    }
}

/// The chance that a game's first mover (X) wins it, as the embedded net
/// sees the 30 opening pairs of the standard game at k = 6 (their mean):
/// NC's first move is an edge, and the match equity table starts every
/// game with it. [`measure_first_mover`] recomputes it, a test checks this
/// constant against it.
pub const NC_FIRST_MOVER: f64 = 0.578;

/// The mean chance of X (to pick its first number) to win over the opening
/// pairs `(x0, y0)`, `x0 != y0`, of the standard game at k = 6 with two
/// doublet credits, as `net` sees them.
pub fn measure_first_mover(net: &Network) -> f64 {
    let rules = NumberRules::default();
    let chances: Vec<f64> = opening_states(rules)
        .map(|g| f64::from(net.probabilities(&g).win))
        .collect();
    chances.iter().sum::<f64>() / chances.len().max(1) as f64
}

/// The states after the opening pairs of the standard game under `rules`,
/// X to pick.
fn opening_states(rules: NumberRules) -> impl Iterator<Item = GameState> {
    (1..=rules.k).flat_map(move |x0| {
        (1..=rules.k)
            .filter(move |&y| y != x0)
            .filter_map(move |y0| {
                let mut g = GameState::start(Variant::Standard, rules);
                (g.pick(x0).is_ok() && g.pick(y0).is_ok()).then_some(g)
            })
    })
}

/// NC's match equity table up to 64 points (computed once, from
/// [`NC_WIN_SHARES`] and [`NC_FIRST_MOVER`]).
pub fn nc_table() -> &'static MatchEquityTable {
    static TABLE: OnceLock<MatchEquityTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        MatchEquityTable::compute(crate::cube::MAX_MATCH_LENGTH, NC_WIN_SHARES, NC_FIRST_MOVER)
    })
}

/// gnubg's verdict on a cube decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not yet: the opponent would take.
    NoDouble,
    /// Double; the opponent should take.
    DoubleTake,
    /// Double; the opponent should drop.
    DoublePass,
    /// Playing on for more is better than cashing; the opponent would take.
    TooGoodTake,
    /// Playing on for more is better than cashing; the opponent would drop.
    TooGoodPass,
}

impl Verdict {
    /// gnubg's wording (`redouble`: the cube is the doubler's own).
    pub fn text(self, redouble: bool) -> &'static str {
        match (self, redouble) {
            (Verdict::NoDouble, false) => "No double, take",
            (Verdict::NoDouble, true) => "No redouble, take",
            (Verdict::DoubleTake, false) => "Double, take",
            (Verdict::DoubleTake, true) => "Redouble, take",
            (Verdict::DoublePass, false) => "Double, pass",
            (Verdict::DoublePass, true) => "Redouble, pass",
            (Verdict::TooGoodTake, false) => "Too good to double, take",
            (Verdict::TooGoodTake, true) => "Too good to redouble, take",
            (Verdict::TooGoodPass, false) => "Too good to double, pass",
            (Verdict::TooGoodPass, true) => "Too good to redouble, pass",
        }
    }
}

/// A cube decision for the player who may double (the side to move at
/// the start of its turn, or the doubler of a pending double): the three
/// equities and what they say. In money play the equities are per unit of
/// the cube (a pass is +1); in a match they are the doubler's match
/// winning chances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeAnalysis {
    /// No double now (the cube stays where it is).
    pub no_double: f64,
    /// Double and the opponent takes (the cube doubled, the opponent's).
    pub double_take: f64,
    /// Double and the opponent drops.
    pub double_pass: f64,
    /// A match: the equities are MWC.
    pub in_match: bool,
    /// The cube is already the doubler's (a redouble).
    pub redouble: bool,
    /// The verdict.
    pub verdict: Verdict,
    /// A take is worth more than a beaver costs: the taker should beaver
    /// (money play with beavers on).
    pub beaver: bool,
}

impl CubeAnalysis {
    fn new(nd: f64, dt: f64, dp: f64, in_match: bool, redouble: bool, beaver: bool) -> Self {
        let verdict = if dt.min(dp) > nd {
            if dt < dp {
                Verdict::DoubleTake
            } else {
                Verdict::DoublePass
            }
        } else if nd >= dp {
            if dt >= dp {
                Verdict::TooGoodPass
            } else {
                Verdict::TooGoodTake
            }
        } else {
            Verdict::NoDouble
        };
        CubeAnalysis {
            no_double: nd,
            double_take: dt,
            double_pass: dp,
            in_match,
            redouble,
            verdict,
            beaver,
        }
    }

    /// True when doubling is right.
    pub fn doubles(&self) -> bool {
        matches!(self.verdict, Verdict::DoubleTake | Verdict::DoublePass)
    }

    /// The taker's answer: a take is right when it leaves the doubler no
    /// more than a drop would; a beaver when it is allowed and the take
    /// leaves the doubler less than nothing.
    pub fn answer(&self, beaver_allowed: bool) -> CubeAction {
        if beaver_allowed && self.beaver {
            CubeAction::Beaver
        } else if self.double_take <= self.double_pass {
            CubeAction::Take
        } else {
            CubeAction::Drop
        }
    }

    /// The analysis as text lines, gnubg's way: the verdict, then the
    /// three equities.
    pub fn lines(&self) -> Vec<String> {
        let what = if self.in_match { "mwc" } else { "equity" };
        let v = |x: f64| format!("{x:+.4}");
        vec![
            format!("cube verdict {}", self.verdict.text(self.redouble)),
            format!("cube {what} no-double {}", v(self.no_double)),
            format!("cube {what} double-take {}", v(self.double_take)),
            format!("cube {what} double-pass {}", v(self.double_pass)),
        ]
    }
}

impl fmt::Display for CubeAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: no double {:+.4}, double/take {:+.4}, double/pass {:+.4}",
            self.verdict.text(self.redouble),
            self.no_double,
            self.double_take,
            self.double_pass
        )
    }
}

/// The shares of the wins of the player whose chances `p` are, and of its
/// opponent's.
fn shares_of(p: &Probabilities) -> [WinShares; 2] {
    let share = |part: f32, whole: f32| {
        if whole > 1e-7 {
            f64::from(part / whole).clamp(0.0, 1.0)
        } else {
            0.0
        }
    };
    let lose = 1.0 - p.win;
    [
        WinShares {
            gammon: share(p.win_gammon - p.win_backgammon, p.win),
            backgammon: share(p.win_backgammon, p.win),
        },
        WinShares {
            gammon: share(p.lose_gammon - p.lose_backgammon, lose),
            backgammon: share(p.lose_backgammon, lose),
        },
    ]
}

/// The cube analysis of `state`'s doubler: the side to move at the start
/// of its turn, or the doubler of a pending double
/// ([`GameState::doubler_view`]); `p` are that player's chances (the net's
/// at its state), `x` the cube efficiency. The cube must be in play.
pub fn analyse(state: &GameState, p: &Probabilities, x: f64) -> CubeAnalysis {
    let view = state.doubler_view();
    let p = p.consistent();
    let me = view.to_move();
    let cube = view.cube();
    let redouble = cube.owner() == Some(me);
    let owner = match cube.owner() {
        None => Ownership::Centred,
        Some(o) if o == me => Ownership::Mine,
        Some(_) => Ownership::Theirs,
    };
    match view.match_score() {
        None => {
            let terms = view.terms();
            let nd = money::cubeful_equity(&p, owner, terms.jacoby, x);
            let dt = 2.0 * money::cubeful_equity(&p, Ownership::Theirs, false, x);
            CubeAnalysis::new(nd, dt, 1.0, false, redouble, terms.beavers && dt < 0.0)
        }
        Some(m) => {
            let game = GameAtScore::of_side(m, me, shares_of(&p));
            let c = cube.value();
            let nd = match_mwc(&game, &p, cube, owner, x);
            let turned = Cube::new(2 * c, Some(me.other())).unwrap_or(cube);
            let dt = match_mwc(&game, &p, turned, Ownership::Theirs, x);
            let dp = game.after(0, c);
            CubeAnalysis::new(nd, dt, dp, true, redouble, false)
        }
    }
}

/// The cubeless (dead cube) MWC of chances `p` at cube value `c`.
fn dead_mwc(game: &GameAtScore<'_>, p: &Probabilities, c: u32) -> f64 {
    let f = |v: f32| f64::from(v);
    let lose = 1.0 - f(p.win);
    (f(p.win) - f(p.win_gammon)) * game.after(0, c)
        + (f(p.win_gammon) - f(p.win_backgammon)) * game.after(0, 2 * c)
        + f(p.win_backgammon) * game.after(0, 3 * c)
        + (lose - f(p.lose_gammon)) * game.after(1, c)
        + (f(p.lose_gammon) - f(p.lose_backgammon)) * game.after(1, 2 * c)
        + f(p.lose_backgammon) * game.after(1, 3 * c)
}

/// The cubeful MWC of chances `p` with `cube` (its owner `owner`, seen
/// from player 0), efficiency `x`.
fn match_mwc(
    game: &GameAtScore<'_>,
    p: &Probabilities,
    cube: Cube,
    owner: Ownership,
    x: f64,
) -> f64 {
    let c = cube.value();
    let win = f64::from(p.win);
    let live = match owner {
        Ownership::Centred => game.centred(c).at(win),
        Ownership::Mine => game.owned(0, c).at(win),
        Ownership::Theirs => 1.0 - game.owned(1, c).at(1.0 - win),
    };
    (1.0 - x) * dead_mwc(game, p, c) + x * live
}

/// The cubeless MWC of chances `p` for the side to move of `state` in its
/// match (the cube where it is, dead): what a checker play in a match
/// maximises. `None` in money play.
pub fn cubeless_mwc(state: &GameState, p: &Probabilities) -> Option<f64> {
    let game = game_at_score(state, p)?;
    Some(dead_mwc(&game, &p.consistent(), play_cube(state)))
}

/// The cube value a checker play in `state`'s match is valued at: the
/// cube's, except post-Crawford with the cube centred, where the trailer's
/// double is free (the leader, 1-away, always takes; NC's table assumes it
/// comes at once) and the game is as good as played for twice the cube. A
/// leader valuing a centred cube dead would take a gammon loss for a single
/// one (both leave the trailer a score worth the same) and then lose the
/// match to the gammon once the cube is turned.
fn play_cube(state: &GameState) -> u32 {
    let cube = state.cube();
    let c = cube.value();
    let Some(m) = state.match_score() else {
        return c;
    };
    let (x, y) = (m.away(Side::X), m.away(Side::Y));
    let trailer_may_double = m.crawford() == crate::cube::Crawford::After
        && state.cube_in_play()
        && cube.owner().is_none()
        && (x == 1) != (y == 1)
        && u32::from(x.max(y)) > c;
    if trailer_may_double {
        2 * c
    } else {
        c
    }
}

/// The game of `state`'s match at its score, from its side to move, with
/// the shares of `p`; `None` in money play.
fn game_at_score(state: &GameState, p: &Probabilities) -> Option<GameAtScore<'static>> {
    let m = state.match_score()?;
    let me = state.to_move();
    Some(GameAtScore::of_side(m, me, shares_of(p)))
}

/// A MWC `mwc` of the side to move in `game` (cube value `c`) on the
/// scale of a finished game's points: the MWCs after the six outcomes
/// (losing 3, 2, 1 times the cube, winning 1, 2, 3 times) are placed at
/// -3000, -2000, -1000, 1000, 2000 and 3000 millipoints, where the search
/// scores those finished games, and `mwc` is interpolated between the two
/// it lies between. Monotone in `mwc`, so a search maximises MWC all the
/// same, and a leaf about to lose a gammon ranks where that gammon does,
/// below a finished single loss. Where several outcomes give the same MWC
/// (a single win already wins the match) the lowest of their points
/// counts.
fn on_points_scale(game: &GameAtScore<'_>, c: u32, mwc: f64) -> f64 {
    const POINTS: [f64; 6] = [-3000.0, -2000.0, -1000.0, 1000.0, 2000.0, 3000.0];
    let outcome = [
        game.after(1, 3 * c),
        game.after(1, 2 * c),
        game.after(1, c),
        game.after(0, c),
        game.after(0, 2 * c),
        game.after(0, 3 * c),
    ];
    match outcome.iter().position(|&m| m >= mwc) {
        None => POINTS[5],
        Some(0) => POINTS[0],
        Some(i) => {
            let (lo, hi) = (outcome[i - 1], outcome[i]);
            let t = (mwc - lo) / (hi - lo);
            POINTS[i - 1] + t * (POINTS[i] - POINTS[i - 1])
        }
    }
}

/// How [`MatchAware`] writes a MWC as millipoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MwcScale {
    /// On the points scale of a finished game: the MWCs after losing or
    /// winning 1, 2, 3 times the cube at -3000 .. 3000 millipoints, a MWC
    /// between two of them interpolated; consistent with the search's
    /// finished games (1, 2, 3 x 1000).
    Points,
    /// `(2 MWC - 1) x 1000`: a leaf about to lose a gammon is worth far
    /// more than a finished single loss (kept to measure the difference).
    Linear,
}

/// The net's evaluation made match-aware: in a match a state's value is
/// its side to move's cubeless match winning chance put on the scale of a
/// finished game's points ([`MwcScale::Points`]: a leaf worth a sure single
/// win's MWC is worth about the 1000 millipoints the search gives a
/// finished single win; antisymmetric, so the search's negation holds; a
/// gammon is worth what the score makes it); in money play it is the
/// net's equity, unchanged.
pub struct MatchAware {
    inner: NnEval,
    scale: MwcScale,
}

impl MatchAware {
    /// Over the net evaluation `inner`, on the points scale.
    pub fn new(inner: NnEval) -> MatchAware {
        MatchAware::with_scale(inner, MwcScale::Points)
    }

    /// Over `inner`, writing MWC on `scale`.
    pub fn with_scale(inner: NnEval, scale: MwcScale) -> MatchAware {
        MatchAware { inner, scale }
    }
}

impl MatchAware {
    /// The value of `state` in its match for chances `p` of its side to
    /// move; `None` in money play.
    fn match_value(&self, state: &GameState, p: &Probabilities) -> Option<i32> {
        let game = game_at_score(state, p)?;
        let c = play_cube(state);
        let mwc = dead_mwc(&game, &p.consistent(), c);
        Some(match self.scale {
            MwcScale::Linear => crate::eval::finish(((2.0 * mwc - 1.0) * 1000.0).round() as i32),
            MwcScale::Points => {
                let v = on_points_scale(&game, c, mwc).round() as i32;
                // Off a finished game's value towards zero: a leaf at a
                // sure win's MWC stays below that finished win (a sure
                // loss's above).
                crate::eval::finish(if v != 0 && v % 1000 == 0 {
                    v - v.signum()
                } else {
                    v
                })
            }
        })
    }
}

impl Evaluator for MatchAware {
    fn evaluate(&self, state: &GameState) -> i32 {
        if state.match_score().is_none() {
            return self.inner.evaluate(state);
        }
        let p = self.inner.network_for(state).probabilities(state);
        self.match_value(state, &p)
            .unwrap_or_else(|| self.inner.evaluate(state))
    }

    fn terms(&self, state: &GameState) -> Vec<(&'static str, String)> {
        self.inner.terms(state)
    }
}

#[cfg(test)]
mod tests;
