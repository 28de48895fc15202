//! Ratings of many engines fitted to all their games at once, by maximum
//! likelihood, as Ordo does; 95% intervals by a bootstrap over game pairs.
//!
//! **Model.** Engine `i` has a rating `r_i`; in a game against `j` it is
//! expected to score `E_ij = 1 / (1 + 10^(-(r_i - r_j) / 400))` (the logistic
//! Elo curve of [`super::stats`]). Each observation is a share `s` of a
//! weight `w` between two engines (a win is `s = 1`, a draw `½`, a loss `0`);
//! the fitted ratings maximise
//!
//! ```text
//! log L = Σ w (s ln E_ij + (1 - s) ln(1 - E_ij))
//! ```
//!
//! whose maximum is where every engine's expected score equals its actual
//! score (Ordo's condition, Bradley-Terry with draws as half wins). It is
//! found by Newton's method on the ratings with the anchor held fixed. Only
//! rating differences are defined: `--anchor NAME=ELO` gives one engine its
//! rating, and the rest follow. Two engines alone get exactly the two-engine
//! match's Elo, `elo_from_score(score)`.
//!
//! **Prior.** Every pairing that was played gets [`PRIOR_DRAWS`] virtual
//! draws (one drawn game pair), as BayesElo's default prior and the match
//! report's ([`super::stats`]): an engine that won (or lost) every game gets
//! a finite rating, and a small sample is pulled a little towards its
//! opponents. Two engines alone get exactly the two-engine match's Elo with
//! that prior. Engines without games, or not linked to the anchor by games,
//! get no rating.
//!
//! **Intervals.** Games are resampled by *unit* (a game pair: the same
//! opening with colours swapped, whose two games are not independent), the
//! fit repeated on each resample (with the prior), and the 2.5% and 97.5%
//! percentiles of each engine's rating taken (relative to the anchor, whose
//! interval is its rating). The resampling is seeded, so a report depends
//! only on its games. A resample cannot vary what the games do not (a
//! pairing won 12-0 is won 12-0 in every resample), so the interval is
//! never narrower than ±1.96 pair-robust standard errors ([`robust_se`]:
//! the fit's curvature with the prior, and the spread of the game pairs,
//! the prior's pair counted as one more, its two games coin tosses: a
//! sandwich estimator); for
//! two engines those are the match report's. The fit's curvature alone
//! ([`Fit::se`]) ignores the pairing of games.

use super::stats::ELO_PER_NAT;
pub use super::stats::PRIOR_DRAWS;

mod fit;
mod intervals;

pub use fit::{fit, Fit};
pub use intervals::{bootstrap, robust_se, Intervals};

/// One observation: engine `engines[0]` scored `score * weight` of `weight`
/// against `engines[1]`; observations of one `unit` are resampled together.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Observation {
    /// The resampling unit (a game pair's number).
    pub unit: u64,
    /// The two engines, by index.
    pub engines: [usize; 2],
    /// `engines[0]`'s share, 0..=1.
    pub score: f64,
    /// The observation's weight (1 a game; a gammon's points, ...).
    pub weight: f64,
}

/// Scores and weights between every two engines.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    n: usize,
    /// `won[i][j]`: weight `i` scored against `j`.
    won: Vec<f64>,
    /// `played[i][j]`: weight between `i` and `j` (symmetric).
    played: Vec<f64>,
}

impl Table {
    /// An empty table of `n` engines.
    pub fn new(n: usize) -> Table {
        Table {
            n,
            won: vec![0.0; n * n],
            played: vec![0.0; n * n],
        }
    }

    /// Adds one observation (ignored when an engine index is out of range or
    /// both are the same).
    pub fn add(&mut self, o: &Observation) {
        let [a, b] = o.engines;
        if a >= self.n || b >= self.n || a == b || o.weight.is_nan() || o.weight <= 0.0 {
            return;
        }
        let s = o.score.clamp(0.0, 1.0);
        let n = self.n;
        self.won[a * n + b] += s * o.weight;
        self.won[b * n + a] += (1.0 - s) * o.weight;
        self.played[a * n + b] += o.weight;
        self.played[b * n + a] += o.weight;
    }

    /// The table of `observations`.
    pub fn of(n: usize, observations: &[Observation]) -> Table {
        let mut t = Table::new(n);
        for o in observations {
            t.add(o);
        }
        t
    }

    /// Weight scored by `i` against `j`.
    pub fn won(&self, i: usize, j: usize) -> f64 {
        self.won[i * self.n + j]
    }

    /// Weight played between `i` and `j`.
    pub fn played(&self, i: usize, j: usize) -> f64 {
        self.played[i * self.n + j]
    }

    /// The engines linked to `start` by played games (itself included).
    pub(super) fn component(&self, start: usize) -> Vec<bool> {
        let mut seen = vec![false; self.n];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let linked: Vec<usize> = (0..self.n)
                .filter(|&j| !seen[j] && self.played(i, j) > 0.0)
                .collect();
            for j in linked {
                seen[j] = true;
                stack.push(j);
            }
        }
        seen
    }
}

/// Reads `--anchor NAME=ELO` against the engine names: the engine's index
/// and rating.
pub fn parse_anchor(text: &str, names: &[&str]) -> Result<(usize, f64), String> {
    let (name, elo) = text
        .rsplit_once('=')
        .ok_or_else(|| format!("anchor '{text}' is not NAME=ELO"))?;
    let elo: f64 = elo
        .trim()
        .parse()
        .ok()
        .filter(|e: &f64| e.is_finite())
        .ok_or_else(|| format!("anchor '{text}': '{elo}' is not a number"))?;
    let index = names
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| format!("anchor '{text}': no engine named '{name}'"))?;
    Ok((index, elo))
}

#[cfg(test)]
mod tests;
