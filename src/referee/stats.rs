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

/// `v` with a sign and `decimals` decimals, never `-0.0`: a value that
/// rounds to zero is `+0.0` (`+0.000`, ...).
pub fn signed(v: f64, decimals: usize) -> String {
    let scale = 10f64.powi(decimals as i32);
    let rounded = (v * scale).round() / scale + 0.0;
    format!("{rounded:+.decimals$}")
}

/// An Elo as reports write it (`+12.3`, `-4.0`, `+0.0`), `-` for none.
pub fn fmt_elo(e: Option<f64>) -> String {
    e.map_or("-".into(), |v| signed(v, 1))
}

/// 97.5% quantile of the standard normal: a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Virtual draws added to the games of every pairing that was played: one
/// drawn game pair (BayesElo's default prior is two virtual draws).
pub const PRIOR_DRAWS: f64 = 2.0;

/// Elo points per natural-log unit of the logistic curve.
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

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

/// Mean and variance of a score distribution, per unit (game or pair).
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreModel {
    /// The distribution: each unit's per-game score with its count (the
    /// games' own, without the prior).
    pub counts: Vec<(f64, u64)>,
    /// Units: games (trinomial) or pairs (pentanomial).
    pub n: u64,
    /// Mean score per game, 0..1.
    pub mean: f64,
    /// Variance of a unit's per-game score.
    pub variance: f64,
    /// True for the pentanomial model.
    pub pentanomial: bool,
}

impl ScoreModel {
    /// From values (per-game scores in 0..1) with their counts.
    pub fn from_counts(values: &[(f64, u64)], pentanomial: bool) -> ScoreModel {
        let (_, mean, variance) = moments(values.iter().map(|&(v, c)| (v, c as f64)));
        ScoreModel {
            counts: values.to_vec(),
            n: values.iter().map(|&(_, c)| c).sum(),
            mean,
            variance,
            pentanomial,
        }
    }

    /// The model with the prior: one more unit (a game pair; without pairs,
    /// [`PRIOR_DRAWS`] games) whose games are fair coin tosses. Its mean is
    /// ½, so the estimate is the one a drawn pair gives; its spread is a
    /// coin toss's (a game ¼, a pair of two independent games ⅛), so a
    /// sample without spread of its own (every pair split 1-1, or 12-0) still
    /// gets an interval of honest width. No games, no prior.
    pub fn with_prior(&self) -> ScoreModel {
        if self.n == 0 {
            return self.clone();
        }
        // The prior unit's per-game scores with their weights.
        let prior: &[(f64, f64)] = if self.pentanomial {
            &[(0.0, 0.25), (0.5, 0.5), (1.0, 0.25)]
        } else {
            &[(0.0, PRIOR_DRAWS / 2.0), (1.0, PRIOR_DRAWS / 2.0)]
        };
        let (n, mean, variance) = moments(
            self.counts
                .iter()
                .map(|&(v, c)| (v, c as f64))
                .chain(prior.iter().copied()),
        );
        ScoreModel {
            counts: self.counts.clone(),
            n: n.round() as u64,
            mean,
            variance,
            pentanomial: self.pentanomial,
        }
    }

    /// Standard error of the mean.
    pub fn std_error(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            (self.variance / self.n as f64).sqrt()
        }
    }
}

/// Total weight, mean and variance of weighted values; without weight, mean
/// ½ and no variance.
fn moments(values: impl Iterator<Item = (f64, f64)> + Clone) -> (f64, f64, f64) {
    let total: f64 = values.clone().map(|(_, w)| w).sum();
    if total == 0.0 {
        return (0.0, 0.5, 0.0);
    }
    let mean = values.clone().map(|(v, w)| v * w).sum::<f64>() / total;
    let variance = values
        .map(|(v, w)| w * (v - mean) * (v - mean))
        .sum::<f64>()
        / total;
    (total, mean, variance)
}

/// Elo difference for an expected score `s` (None at 0 or 1).
pub fn elo_from_score(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10())
}

/// Expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz & Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// Likelihood of superiority: the probability that A is the stronger, from
/// wins and losses (draws carry no information): `½(1 + erf((W-L)/√(2(W+L))))`.
pub fn los(wins: u64, losses: u64) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let (w, l) = (wins as f64, losses as f64);
    0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// Elo with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct EloEstimate {
    /// Point estimate (None when the score is 0 or 1).
    pub elo: Option<f64>,
    /// Lower end of the 95% interval.
    pub low: Option<f64>,
    /// Upper end.
    pub high: Option<f64>,
}

impl EloEstimate {
    /// From a score model.
    pub fn from_model(m: &ScoreModel) -> EloEstimate {
        let Some(elo) = elo_from_score(m.mean) else {
            return EloEstimate {
                elo: None,
                low: None,
                high: None,
            };
        };
        let slope = ELO_PER_NAT / (m.mean * (1.0 - m.mean));
        let se = m.std_error() * slope;
        EloEstimate {
            elo: Some(elo),
            low: Some(elo - Z95 * se),
            high: Some(elo + Z95 * se),
        }
    }

    /// Half the interval's width, when both ends exist.
    pub fn margin(&self) -> Option<f64> {
        Some((self.high? - self.low?) / 2.0)
    }
}

/// Everything computed from a set of games between engines A and B.
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
            let points = g.end.points() as i64;
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
mod tests {
    use super::*;

    #[test]
    fn signed_values_never_show_minus_zero() {
        assert_eq!(signed(-0.04, 1), "+0.0");
        assert_eq!(signed(-0.0, 1), "+0.0");
        assert_eq!(signed(-0.0004, 3), "+0.000");
        assert_eq!(signed(-0.05, 1), "-0.1");
        assert_eq!(signed(12.34, 1), "+12.3");
        assert_eq!(fmt_elo(Some(-1e-9)), "+0.0");
        assert_eq!(fmt_elo(None), "-");
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn known_values() {
        assert!(close(elo_from_score(0.6).unwrap(), 70.437, 1e-3));
        assert!(close(elo_from_score(0.5).unwrap(), 0.0, 1e-12));
        assert!(close(score_from_elo(70.437_14), 0.6, 1e-6));
        assert!(elo_from_score(1.0).is_none());
        assert!(close(erf(1.0), 0.842_700_79, 1e-6));
        assert!(close(erf(-0.5), -0.520_499_88, 1e-6));
        // 60 wins, 40 losses: LOS = Φ(2) = 0.97725.
        assert!(close(los(60, 40), 0.977_25, 1e-5));
        assert!(close(los(40, 60), 1.0 - 0.977_25, 1e-5));
        assert_eq!(los(0, 0), 0.5);
    }

    #[test]
    fn trinomial_interval() {
        // 60 W, 20 D, 20 L: mean 0.7, variance 0.7*0.3... per game:
        // E[x^2] = (60 + 5)/100 = 0.65, var = 0.65 - 0.49 = 0.16, se = 0.04.
        let m = ScoreModel::from_counts(&[(0.0, 20), (0.5, 20), (1.0, 60)], false);
        assert!(close(m.mean, 0.7, 1e-12));
        assert!(close(m.variance, 0.16, 1e-12));
        assert!(close(m.std_error(), 0.04, 1e-12));
        let e = EloEstimate::from_model(&m);
        assert!(close(e.elo.unwrap(), 147.19, 1e-2));
        // ±1.96 standard errors on the Elo scale: 0.04 × 400 / (ln 10 × 0.21).
        let se = 0.04 * ELO_PER_NAT / 0.21;
        assert!(close(e.low.unwrap(), 147.19 - Z95 * se, 1e-2));
        assert!(close(e.high.unwrap(), 147.19 + Z95 * se, 1e-2));
    }

    /// 12-0 in six pairs: with the prior (one drawn pair) a finite estimate
    /// with a wide, finite interval; without games, none.
    #[test]
    fn a_perfect_score_gets_an_honest_interval() {
        let m = penta_model(&[0, 0, 0, 0, 6]).with_prior();
        assert_eq!(m.n, 7);
        assert!(close(m.mean, 13.0 / 14.0, 1e-12));
        let e = EloEstimate::from_model(&m);
        let elo = e.elo.unwrap();
        assert!(close(elo, elo_from_score(13.0 / 14.0).unwrap(), 1e-9));
        assert!(close(elo, 445.6, 0.1), "{elo}");
        // The prior's pair is two coin tosses: pair scores 0, ½, 1 weighted
        // ¼, ½, ¼ beside the six pairs at 1.
        let mean = 13.0 / 14.0;
        let var = (6.0 * (1.0 - mean) * (1.0 - mean)
            + 0.25 * mean * mean
            + 0.5 * (0.5 - mean) * (0.5 - mean)
            + 0.25 * (1.0 - mean) * (1.0 - mean))
            / 7.0;
        assert!(close(m.variance, var, 1e-12));
        let (low, high) = (e.low.unwrap(), e.high.unwrap());
        assert!(close(low, 18.4, 0.1), "{low}");
        assert!(close(high, 872.7, 0.1), "{high}");
        // Without pairs: two games, a virtual win and a virtual loss.
        let t = ScoreModel::from_counts(&[(0.0, 0), (0.5, 0), (1.0, 12)], false).with_prior();
        assert_eq!(t.n, 14);
        assert!(close(t.mean, 13.0 / 14.0, 1e-12));
        let tvar =
            (12.0 * (1.0 - mean) * (1.0 - mean) + mean * mean + (1.0 - mean) * (1.0 - mean)) / 14.0;
        assert!(close(t.variance, tvar, 1e-12));
        let none = ScoreModel::from_counts(&[(0.0, 0), (0.5, 0), (1.0, 0)], false);
        assert_eq!(none.with_prior().n, 0);
    }

    /// Every pair split 1-1 has no spread of its own: the prior's coin
    /// tosses give the interval a width, and it narrows as pairs come in.
    #[test]
    fn even_pairs_get_an_interval_that_narrows() {
        let width = |pairs: u64| {
            let e = EloEstimate::from_model(&penta_model(&[0, 0, pairs, 0, 0]).with_prior());
            assert!(close(e.elo.unwrap(), 0.0, 1e-9));
            e.high.unwrap() - e.low.unwrap()
        };
        let (six, sixty) = (width(6), width(60));
        assert!(six > 0.0 && sixty > 0.0 && sixty < six, "{six} {sixty}");
        // sd ½ / (n + 1) on the score scale: 60 pairs, ±7.9 Elo.
        assert!(close(sixty / 2.0, 7.9, 0.05), "{sixty}");
    }

    #[test]
    fn points_share_interval() {
        // No point scored (nothing, or only draws): no share.
        assert_eq!(PointsShare::from_units(&[]), None);
        assert_eq!(PointsShare::from_units(&[(0.0, 0.0), (0.0, 0.0)]), None);
        // One unit: its share, and no spread to measure.
        let one = PointsShare::from_units(&[(2.0, 3.0)]).unwrap();
        assert_eq!((one.low, one.high), (0.0, 1.0));
        assert!(close(one.share, 2.0 / 3.0, 1e-12));
        // Units that all split the same way have no spread: a point interval.
        let even = PointsShare::from_units(&[(1.0, 2.0), (2.0, 4.0), (1.0, 2.0)]).unwrap();
        assert!(close(even.share, 0.5, 1e-12) && close(even.low, 0.5, 1e-12));
        assert!(close(even.high, 0.5, 1e-12));
        // 30 pairs won 2-0 and 10 lost 0-2: 60 of 80 points. Residuals
        // 2 - 0.75·2 = 0.5 (30 times) and -1.5 (10 times): Σ² = 30, over
        // 40·39, divided by t̄ = 2.
        let mut units = vec![(2.0, 2.0); 30];
        units.extend(vec![(0.0, 2.0); 10]);
        let s = PointsShare::from_units(&units).unwrap();
        let margin = Z95 * (30.0f64 / (40.0 * 39.0)).sqrt() / 2.0;
        assert!(close(s.share, 0.75, 1e-12));
        assert!(close(s.low, 0.75 - margin, 1e-12) && close(s.high, 0.75 + margin, 1e-12));
        // More units of the same mix: a narrower interval.
        let wide = s.high - s.low;
        let many: Vec<_> = units.iter().cycle().take(400).copied().collect();
        let narrow = PointsShare::from_units(&many).unwrap();
        assert!(narrow.high - narrow.low < wide / 2.0);
    }

    #[test]
    fn pentanomial_model() {
        let m = penta_model(&[0, 0, 10, 0, 0]);
        assert_eq!(m.n, 10);
        assert!(close(m.mean, 0.5, 1e-12) && m.variance == 0.0);
        let m = penta_model(&[1, 0, 0, 0, 1]);
        assert!(close(m.mean, 0.5, 1e-12) && close(m.variance, 0.25, 1e-12));
    }
}
