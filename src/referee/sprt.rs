//! The sequential probability ratio test (SPRT) that stops a match once the
//! games show, at the chosen error rates, whether A is `elo0` or `elo1`
//! stronger than B.
//!
//! **Method**: the generalized SPRT (GSPRT) of fishtest's `LLR_logistic`
//! (M. Van den Bergh), with *logistic* Elo bounds and the *pentanomial*
//! model over game pairs (the trinomial per game while no pair is complete).
//! The units' empirical distribution `p̂` over per-game scores `a_i` (0, ¼, ½,
//! ¾, 1 for pairs) is bent to the closest distribution (maximum likelihood)
//! with mean `s0 = 1 / (1 + 10^(-elo0/400))`, and likewise `s1`:
//!
//! ```text
//! p_s(i) = p̂(i) / (1 + λ (a_i - s)),  λ such that Σ p_s(i) a_i = s
//! LLR = Σ_i n_i ln(p_s1(i) / p_s0(i))
//! ```
//!
//! The test accepts H1 (`elo1`) when `LLR >= ln((1 - beta) / alpha)` and H0
//! (`elo0`) when `LLR <= ln(beta / (1 - alpha))`. As in fishtest, outcomes
//! never seen get a count of [`EPSILON`] so that a one-sided sample (an engine
//! that forfeits every game) still gives a finite, growing LLR. For many
//! units the LLR is close to the normal approximation
//! `N (s1 - s0) (2 m - s0 - s1) / (2 v)` ([`llr_normal`]).

use super::stats::{score_from_elo, ScoreModel};

/// Count given to outcomes never seen (fishtest's regularization).
pub const EPSILON: f64 = 1e-3;

/// The maximum-likelihood distribution with mean `s` closest to `p` (scores
/// `a`), or `None` when `s` is outside the scores' range.
fn mle_with_mean(a: &[f64], p: &[f64], s: f64) -> Option<Vec<f64>> {
    let lo_a = a.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi_a = a.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    if !(lo_a < s && s < hi_a) {
        return None;
    }
    // Σ p_i (a_i - s) / (1 + λ (a_i - s)) is decreasing in λ on the interval
    // where every denominator is positive.
    let f = |l: f64| -> f64 {
        a.iter()
            .zip(p)
            .map(|(&ai, &pi)| pi * (ai - s) / (1.0 + l * (ai - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (hi_a - s), 1.0 / (s - lo_a));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = 0.5 * (lo + hi);
    Some(
        a.iter()
            .zip(p)
            .map(|(&ai, &pi)| pi / (1.0 + l * (ai - s)))
            .collect(),
    )
}

/// The normal approximation of the LLR (for comparison and tests).
pub fn llr_normal(sprt: &Sprt, m: &ScoreModel) -> f64 {
    if m.n == 0 || m.variance <= 0.0 {
        return 0.0;
    }
    let s0 = score_from_elo(sprt.elo0);
    let s1 = score_from_elo(sprt.elo1);
    m.n as f64 * (s1 - s0) * (2.0 * m.mean - s0 - s1) / (2.0 * m.variance)
}

/// SPRT parameters.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sprt {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtDecision {
    /// Neither bound reached.
    Continue,
    /// H0 accepted: A is not `elo1` stronger.
    AcceptH0,
    /// H1 accepted: A is at least `elo1` stronger... as far as the test says.
    AcceptH1,
}

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order; defaults 0.05).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for w in words.iter().flat_map(|w| w.split_whitespace()) {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{w}' is not key=value"))?;
            let v: f64 = v
                .parse()
                .map_err(|_| format!("--sprt: bad number in '{w}'"))?;
            match k {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                _ => return Err(format!("--sprt: unknown key '{k}'")),
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() {
            return Err("--sprt needs elo0= and elo1=".into());
        }
        if s.elo0 >= s.elo1 {
            return Err("--sprt needs elo0 < elo1".into());
        }
        if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
            return Err("--sprt needs 0 < alpha, beta < 0.5".into());
        }
        Ok(s)
    }

    /// Lower bound: `ln(beta / (1 - alpha))`.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Upper bound: `ln((1 - beta) / alpha)`.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio for a score model (0 without games).
    pub fn llr(&self, m: &ScoreModel) -> f64 {
        if m.n == 0 {
            return 0.0;
        }
        let a: Vec<f64> = m.counts.iter().map(|&(v, _)| v).collect();
        let n: Vec<f64> = m
            .counts
            .iter()
            .map(|&(_, c)| if c == 0 { EPSILON } else { c as f64 })
            .collect();
        let total: f64 = n.iter().sum();
        let p: Vec<f64> = n.iter().map(|c| c / total).collect();
        let (Some(p0), Some(p1)) = (
            mle_with_mean(&a, &p, score_from_elo(self.elo0)),
            mle_with_mean(&a, &p, score_from_elo(self.elo1)),
        ) else {
            return 0.0;
        };
        n.iter()
            .zip(p0.iter().zip(&p1))
            .map(|(&ni, (&q0, &q1))| ni * (q1 / q0).ln())
            .sum()
    }

    /// The decision for an LLR.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        if llr >= self.upper() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::stats::penta_model;

    #[test]
    fn bounds_and_llr() {
        let s = Sprt::parse(&["elo0=0 elo1=10".into(), "alpha=0.05".into()]).unwrap();
        assert!((s.upper() - 2.944_438_979).abs() < 1e-8);
        assert!((s.lower() + 2.944_438_979).abs() < 1e-8);
        // Pentanomial [10, 20, 40, 20, 10]: mean 0.5, variance
        // (2 * 10 * 0.5^2 + 2 * 20 * 0.25^2) / 100 = 0.075.
        let m = penta_model(&[10, 20, 40, 20, 10]);
        assert!((m.variance - 0.075).abs() < 1e-12);
        let s0 = 0.5;
        let s1 = score_from_elo(10.0);
        let expected = 100.0 * (s1 - s0) * (1.0 - s0 - s1) / (2.0 * 0.075);
        assert!((llr_normal(&s, &m) - expected).abs() < 1e-9);
        assert!((llr_normal(&s, &m) - -0.137_99).abs() < 1e-4);
        // The MLE LLR agrees with the normal approximation on such a sample.
        assert!((s.llr(&m) - -0.138).abs() < 0.005, "{}", s.llr(&m));
        // A sample of 10 000 pairs, a little in favour of A.
        let big = penta_model(&[900, 2000, 4000, 2100, 1000]);
        let (exact, approx) = (s.llr(&big), llr_normal(&s, &big));
        assert!(
            (exact - approx).abs() < 0.02 * approx.abs(),
            "{exact} {approx}"
        );
        assert_eq!(s.decide(s.llr(&m)), SprtDecision::Continue);
        // A clearly stronger A accepts H1; a clearly weaker one H0.
        assert_eq!(
            s.decide(s.llr(&penta_model(&[5, 10, 40, 60, 85]))),
            SprtDecision::AcceptH1
        );
        assert_eq!(
            s.decide(s.llr(&penta_model(&[85, 60, 40, 10, 5]))),
            SprtDecision::AcceptH0
        );
        assert!(Sprt::parse(&["elo0=5 elo1=0".into()]).is_err());
        // One won pair proves little; many do.
        let one = s.llr(&penta_model(&[0, 0, 0, 0, 1]));
        assert!(one > 0.0 && one < 0.2, "{one}");
        let many = s.llr(&penta_model(&[0, 0, 0, 0, 200]));
        assert_eq!(s.decide(many), SprtDecision::AcceptH1);
    }
}
