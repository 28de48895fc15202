//! Match statistics from finished games: per-engine tallies, Elo with a 95%
//! interval, LOS, pentanomial counts over game pairs, points per game, and
//! A's share of the points with a 95% interval.
//!
//! Scores are from engine A's side (the first `--engine`): a win is 1, a
//! draw (turn cap) ½, a loss 0, whatever the points. A forfeit is a loss.
//!
//! **Model.** When at least one game pair (the same opening, colours
//! swapped) is complete, Elo and its interval come from the *pentanomial*
//! distribution of pair scores (0, ¼, ½, ¾, 1 per game, as fastchess and
//! fishtest): pairs are independent, games of a pair are not. Otherwise the
//! per-game *trinomial* (W/D/L) is used.
//!
//! **Prior.** As BayesElo's default prior, the Elo estimate counts
//! [`PRIOR_DRAWS`] virtual games of mean ½ (one game pair; a match without
//! a complete pair: two games) with the games, so a small or perfect sample
//! gets a finite estimate and an honest interval: 12-0 in six pairs is
//! `+445.6 (95%: +18.4 .. +872.7)`, not an infinite Elo. The prior's games
//! are fair coin tosses: the estimate is the one drawn games give, and the
//! interval counts their spread, so a sample with no spread of its own
//! (every pair split 1-1) still gets a finite, non-zero interval
//! (60 such pairs: `+0.0 (95%: -7.9 .. +7.9)`). The tournament's ratings
//! use the same prior on every pairing played ([`super::rating`]), so two
//! engines get the same Elo from both reports. The score, LOS, SPRT and
//! pentanomial counts are the games' own.
//!
//! **Interval.** The estimate is `elo(s) = -400 log10(1/s - 1)` of the mean
//! score `s` (with the prior), and its 95% interval ±1.96 standard errors
//! on the Elo scale, the score's standard error (pair-robust with the
//! pentanomial model) carried through the curve's slope
//! `400 / (ln 10 · s (1 - s))` (the delta method): symmetric, and finite
//! whenever the estimate is.
//!
//! **Share of the points.** A's points over both engines' (a gammon counts
//! 2, a backgammon 3), the measure the points decide: a ratio of two sums over
//! independent units (game pairs with the pentanomial model, games
//! otherwise), whose 95% interval is the ratio estimator's (the delta
//! method): `R ± 1.96 · sqrt(Σ (aᵢ - R tᵢ)² / (n (n - 1))) / t̄`, with `aᵢ` A's
//! points in unit `i`, `tᵢ` both engines' and `t̄` their mean; clamped to
//! 0..1. No prior: the games' own.

use crate::board::WinKind;
use crate::matchfile::{GameEnd, GameRecord};
use crate::numbers::Side;
use std::collections::BTreeMap;

mod elo;
mod ends;
mod matches;

pub use elo::*;
pub use ends::{Ends, TIME_FORFEITS_WARNED};
pub use matches::{match_records, MatchResults};

/// One engine's results.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Engine name.
    pub name: String,
    /// Games won (any way).
    pub wins: u64,
    /// Games lost (any way).
    pub losses: u64,
    /// Games drawn by the turn cap.
    pub draws: u64,
    /// Wins that were gammons.
    pub gammons_won: u64,
    /// Wins that were backgammons.
    pub backgammons_won: u64,
    /// Losses that were gammons.
    pub gammons_lost: u64,
    /// Losses that were backgammons.
    pub backgammons_lost: u64,
    /// Games lost by forfeit.
    pub forfeits: u64,
    /// Points won.
    pub points_won: u64,
    /// Points lost.
    pub points_lost: u64,
}

/// Game-pair results from engine A's side: `[0]` lost both ... `[4]` won both
/// (index = twice the pair's score, a draw counting ½).
pub type Pentanomial = [u64; 5];

#[derive(Clone, Debug, PartialEq)]
pub struct MatchStats {
    /// A's and B's tallies.
    pub tallies: [Tally; 2],
    /// Games counted.
    pub games: u64,
    /// Pentanomial counts over complete pairs.
    pub pentanomial: Pentanomial,
    /// The model behind Elo and SPRT.
    pub model: ScoreModel,
    /// Elo of A over B.
    pub elo: EloEstimate,
    /// Likelihood that A is stronger.
    pub los: f64,
    /// A's net points per game.
    pub points_per_game: f64,
    /// Half-width of its 95% interval.
    pub points_per_game_margin: f64,
    /// A's share of the points with its 95% interval (None when no game
    /// scored a point).
    pub points_share: Option<PointsShare>,
}

/// A's share of the points (0..1) with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct PointsShare {
    /// A's points over both engines' points.
    pub share: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl PointsShare {
    /// From independent units, each A's points and both engines' points in
    /// it (the ratio estimator and its delta-method interval). None when no
    /// unit scored; with one unit, the interval is 0..1.
    pub fn from_units(units: &[(f64, f64)]) -> Option<PointsShare> {
        let n = units.len() as f64;
        let total: f64 = units.iter().map(|&(_, t)| t).sum();
        if total <= 0.0 {
            return None;
        }
        let share = units.iter().map(|&(a, _)| a).sum::<f64>() / total;
        if units.len() < 2 {
            return Some(PointsShare {
                share,
                low: 0.0,
                high: 1.0,
            });
        }
        let spread: f64 = units
            .iter()
            .map(|&(a, t)| (a - share * t).powi(2))
            .sum::<f64>()
            / (n * (n - 1.0));
        let margin = Z95 * spread.sqrt() / (total / n);
        Some(PointsShare {
            share,
            low: (share - margin).max(0.0),
            high: (share + margin).min(1.0),
        })
    }
}

/// A's score in a game (1, ½, 0), or None when A did not play it.
fn score_for(g: &GameRecord, a: &str) -> Option<f64> {
    let side = if g.x_name == a {
        Side::X
    } else if g.y_name == a {
        Side::Y
    } else {
        return None;
    };
    Some(match g.end.winner() {
        None => 0.5,
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
    })
}

impl MatchStats {
    /// Statistics of `games` between engines named `names[0]` (A) and
    /// `names[1]` (B). Games with other names are ignored.
    pub fn compute(games: &[GameRecord], names: [&str; 2]) -> MatchStats {
        let mut tallies = names.map(|n| Tally {
            name: n.to_string(),
            ..Tally::default()
        });
        let mut a_points = Vec::new();
        // Per pair: A's points and both engines' points, then per game.
        let mut pair_points: BTreeMap<u64, (f64, f64)> = BTreeMap::new();
        let mut game_points = Vec::new();
        let mut pairs: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
        let mut trinomial = [0u64; 3];
        for g in games {
            let Some(score) = score_for(g, names[0]) else {
                continue;
            };
            let other = if g.x_name == names[0] {
                &g.y_name
            } else {
                &g.x_name
            };
            if other != names[1] {
                continue;
            }
            trinomial[(score * 2.0) as usize] += 1;
            pairs.entry(g.pair).or_default().push(score);
            let a_side = if g.x_name == names[0] {
                Side::X
            } else {
                Side::Y
            };
            let points = g.points() as i64;
            for (i, t) in tallies.iter_mut().enumerate() {
                let side = if i == 0 { a_side } else { a_side.other() };
                match g.end.winner() {
                    None => t.draws += 1,
                    Some(w) if w == side => {
                        t.wins += 1;
                        t.points_won += points as u64;
                        if let GameEnd::Win { kind, .. } = g.end {
                            t.gammons_won += (kind == WinKind::Gammon) as u64;
                            t.backgammons_won += (kind == WinKind::Backgammon) as u64;
                        }
                    }
                    Some(_) => {
                        t.losses += 1;
                        t.points_lost += points as u64;
                        match g.end {
                            GameEnd::Win { kind, .. } => {
                                t.gammons_lost += (kind == WinKind::Gammon) as u64;
                                t.backgammons_lost += (kind == WinKind::Backgammon) as u64;
                            }
                            GameEnd::Forfeit { .. } => t.forfeits += 1,
                            GameEnd::MaxTurns | GameEnd::Repetition => {}
                        }
                    }
                }
            }
            let a_won = match g.end.winner() {
                None => 0,
                Some(w) if w == a_side => points,
                Some(_) => -points,
            };
            a_points.push(a_won);
            // A's points and both engines' (a draw scores none).
            let scored = if g.end.winner().is_some() { points } else { 0 };
            let game = (a_won.max(0) as f64, scored as f64);
            let unit = pair_points.entry(g.pair).or_default();
            unit.0 += game.0;
            unit.1 += game.1;
            game_points.push(game);
        }
        let mut pentanomial = [0u64; 5];
        for scores in pairs.values().filter(|s| s.len() == 2) {
            pentanomial[((scores[0] + scores[1]) * 2.0).round() as usize] += 1;
        }
        let model = if pentanomial.iter().sum::<u64>() > 0 {
            penta_model(&pentanomial)
        } else {
            ScoreModel::from_counts(
                &[
                    (0.0, trinomial[0]),
                    (0.5, trinomial[1]),
                    (1.0, trinomial[2]),
                ],
                false,
            )
        };
        let n = a_points.len() as f64;
        let (ppg, ppg_margin) = if a_points.is_empty() {
            (0.0, 0.0)
        } else {
            let mean = a_points.iter().sum::<i64>() as f64 / n;
            let var = a_points
                .iter()
                .map(|&p| (p as f64 - mean).powi(2))
                .sum::<f64>()
                / n;
            (mean, Z95 * (var / n).sqrt())
        };
        let units: Vec<(f64, f64)> = if model.pentanomial {
            pair_points.into_values().collect()
        } else {
            game_points
        };
        MatchStats {
            points_share: PointsShare::from_units(&units),
            games: a_points.len() as u64,
            los: los(tallies[0].wins, tallies[0].losses),
            tallies,
            pentanomial,
            elo: EloEstimate::from_model(&model.with_prior()),
            model,
            points_per_game: ppg,
            points_per_game_margin: ppg_margin,
        }
    }
}

/// `games` in the order of their key (index, and game in a match): a
/// report depends only on the set of games, not on the order they finished
/// in.
pub fn by_index(games: &[GameRecord]) -> Vec<GameRecord> {
    let mut sorted = games.to_vec();
    sorted.sort_by_key(|g| g.key());
    sorted
}

/// The pentanomial score model: pair scores 0, ¼, ½, ¾, 1 per game.
pub fn penta_model(p: &Pentanomial) -> ScoreModel {
    let values: Vec<(f64, u64)> = p
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / 4.0, c))
        .collect();
    ScoreModel::from_counts(&values, true)
}

#[cfg(test)]
mod tests;
