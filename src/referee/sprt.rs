//! The sequential probability ratio test (SPRT) that stops a match once the
//! games show, at the chosen error rates, whether A is `elo0` or `elo1`
//! stronger than B.
//!
//! **Method**: the generalized SPRT (GSPRT) in its normal approximation
//! (M. Van den Bergh, as in cutechess-cli and fastchess), with *logistic*
//! Elo bounds and the *pentanomial* model over game pairs (the trinomial per
//! game while no pair is complete):
//!
//! ```text
//! s0 = 1 / (1 + 10^(-elo0/400)),  s1 likewise
//! LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
//! ```
//!
//! with `N` units (pairs or games), `m` the mean per-game score and `v` the
//! variance of a unit's per-game score. The test accepts H1 (`elo1`) when
//! `LLR >= ln((1 - beta) / alpha)` and H0 (`elo0`) when
//! `LLR <= ln(beta / (1 - alpha))`.

use super::stats::{score_from_elo, ScoreModel};

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

    /// The log-likelihood ratio for a score model (0 without variance).
    pub fn llr(&self, m: &ScoreModel) -> f64 {
        if m.n == 0 || m.variance <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        m.n as f64 * (s1 - s0) * (2.0 * m.mean - s0 - s1) / (2.0 * m.variance)
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
        // (10*.0625*2 + 20*.015625*2)/100 = 0.01875.
        let m = penta_model(&[10, 20, 40, 20, 10]);
        assert!((m.variance - 0.018_75).abs() < 1e-12);
        let s0 = 0.5;
        let s1 = score_from_elo(10.0);
        let expected = 100.0 * (s1 - s0) * (1.0 - s0 - s1) / (2.0 * 0.018_75);
        assert!((s.llr(&m) - expected).abs() < 1e-9);
        assert!((s.llr(&m) - -0.551_97).abs() < 1e-4);
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
    }
}
