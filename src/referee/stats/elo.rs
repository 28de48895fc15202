//! The Elo scale: the logistic curve between an expected score and an Elo
//! difference, a score's distribution over games or game pairs with the
//! prior, the Elo estimate with its 95% interval (the delta method), LOS,
//! and how reports write an Elo.

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
