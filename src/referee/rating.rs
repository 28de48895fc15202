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

use crate::rng::Rng;
use std::collections::BTreeMap;

use super::stats::ELO_PER_NAT;
pub use super::stats::PRIOR_DRAWS;

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
    fn component(&self, start: usize) -> Vec<bool> {
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

/// The fitted ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Each engine's rating (None: no games, or not linked to the anchor).
    pub elo: Vec<Option<f64>>,
    /// Standard error from the fit's curvature, relative to the anchor
    /// (0 for the anchor itself).
    pub se: Vec<Option<f64>>,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Solves `a x = b` (dense, `m x m`, row-major) by Gaussian elimination with
/// partial pivoting; None when singular.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>, m: usize) -> Option<Vec<f64>> {
    for col in 0..m {
        let pivot =
            (col..m).max_by(|&r, &s| a[r * m + col].abs().total_cmp(&a[s * m + col].abs()))?;
        if a[pivot * m + col].abs() < 1e-300 {
            return None;
        }
        if pivot != col {
            for k in 0..m {
                a.swap(pivot * m + k, col * m + k);
            }
            b.swap(pivot, col);
        }
        for row in col + 1..m {
            let f = a[row * m + col] / a[col * m + col];
            if f != 0.0 {
                for k in col..m {
                    a[row * m + k] -= f * a[col * m + k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; m];
    for row in (0..m).rev() {
        let s: f64 = (row + 1..m).map(|k| a[row * m + k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row * m + row];
    }
    Some(x)
}

/// The maximum-likelihood ratings of `table`'s engines, `anchor` (engine
/// index, rating) held fixed.
pub fn fit(table: &Table, anchor: (usize, f64)) -> Fit {
    let n = table.n;
    let none = Fit {
        elo: vec![None; n],
        se: vec![None; n],
    };
    if anchor.0 >= n {
        return none;
    }
    let linked = table.component(anchor.0);
    // The free engines: linked to the anchor, the anchor itself left out.
    let free: Vec<usize> = (0..n).filter(|&i| linked[i] && i != anchor.0).collect();
    let m = free.len();
    let mut slot = vec![usize::MAX; n];
    for (k, &i) in free.iter().enumerate() {
        slot[i] = k;
    }
    // Scores and weights with the virtual draws.
    let won = |i: usize, j: usize| {
        let p = table.played(i, j);
        table.won(i, j) + if p > 0.0 { PRIOR_DRAWS / 2.0 } else { 0.0 }
    };
    let played = |i: usize, j: usize| {
        let p = table.played(i, j);
        p + if p > 0.0 { PRIOR_DRAWS } else { 0.0 }
    };
    let engines: Vec<usize> = (0..n).filter(|&i| linked[i]).collect();
    let log_likelihood = |theta: &[f64]| -> f64 {
        let mut ll = 0.0;
        for (x, &i) in engines.iter().enumerate() {
            for &j in &engines[x + 1..] {
                if played(i, j) > 0.0 {
                    let d = theta[i] - theta[j];
                    // ln σ(d) = -ln(1 + e^-d), computed stably.
                    let ln_p = -softplus(-d);
                    let ln_q = -softplus(d);
                    ll += won(i, j) * ln_p + won(j, i) * ln_q;
                }
            }
        }
        ll
    };
    // Gradient and negated Hessian over the free engines.
    let derivatives = |theta: &[f64]| -> (Vec<f64>, Vec<f64>) {
        let mut g = vec![0.0; m];
        let mut h = vec![0.0; m * m];
        for &i in &engines {
            for &j in &engines {
                if i == j || played(i, j) == 0.0 {
                    continue;
                }
                let p = sigmoid(theta[i] - theta[j]);
                let c = played(i, j) * p * (1.0 - p);
                if slot[i] != usize::MAX {
                    let a = slot[i];
                    g[a] += won(i, j) - played(i, j) * p;
                    h[a * m + a] += c;
                    if slot[j] != usize::MAX {
                        h[a * m + slot[j]] -= c;
                    }
                }
            }
        }
        (g, h)
    };
    let mut theta = vec![0.0; n];
    let mut ll = log_likelihood(&theta);
    for _ in 0..200 {
        let (g, h) = derivatives(&theta);
        let Some(step) = solve(h, g, m) else { break };
        let mut t = 1.0;
        let mut moved = false;
        while t > 1e-6 {
            let mut next = theta.clone();
            for (k, &i) in free.iter().enumerate() {
                next[i] += t * step[k];
            }
            let next_ll = log_likelihood(&next);
            if next_ll >= ll {
                theta = next;
                ll = next_ll;
                moved = true;
                break;
            }
            t /= 2.0;
        }
        let size = step.iter().fold(0.0f64, |a, s| a.max((t * s).abs()));
        if !moved || size < 1e-12 {
            break;
        }
    }
    let (_, h) = derivatives(&theta);
    let mut se = vec![None; n];
    se[anchor.0] = Some(0.0);
    for (k, &i) in free.iter().enumerate() {
        let mut unit = vec![0.0; m];
        unit[k] = 1.0;
        se[i] = solve(h.clone(), unit, m)
            .map(|col| col[k])
            .filter(|v| *v > 0.0)
            .map(|v| v.sqrt() * ELO_PER_NAT);
    }
    Fit {
        elo: (0..n)
            .map(|i| linked[i].then(|| theta[i] * ELO_PER_NAT + anchor.1))
            .collect(),
        se,
    }
}

/// Pair-robust standard errors (Elo) of the ratings of `fit` (fitted to
/// `observations` with `anchor`): the sandwich `H⁻¹ B H⁻¹`, `H` the
/// curvature of the log-likelihood with the prior, `B` the sum over units
/// (game pairs) of the outer product of each unit's gradient, the prior's
/// pair of every pairing one more unit (two coin-toss games: its mean a
/// drawn pair's, with a coin toss's spread). The anchor's is 0; engines
/// without a rating get none.
pub fn robust_se(
    n: usize,
    observations: &[Observation],
    anchor: (usize, f64),
    fit: &Fit,
) -> Vec<Option<f64>> {
    let theta: Vec<Option<f64>> = (0..n)
        .map(|i| {
            fit.elo
                .get(i)
                .copied()
                .flatten()
                .map(|e| (e - anchor.1) / ELO_PER_NAT)
        })
        .collect();
    let mut se = vec![None; n];
    if anchor.0 >= n || theta[anchor.0].is_none() {
        return se;
    }
    se[anchor.0] = Some(0.0);
    let free: Vec<usize> = (0..n)
        .filter(|&i| theta[i].is_some() && i != anchor.0)
        .collect();
    let m = free.len();
    if m == 0 {
        return se;
    }
    let mut slot = vec![usize::MAX; n];
    for (k, &i) in free.iter().enumerate() {
        slot[i] = k;
    }
    let table = Table::of(n, observations);
    let p = |i: usize, j: usize| match (theta[i], theta[j]) {
        (Some(a), Some(b)) => Some(sigmoid(a - b)),
        _ => None,
    };
    // Curvature, with the prior.
    let mut h = vec![0.0; m * m];
    for i in 0..n {
        for j in 0..n {
            let (Some(pij), true) = (p(i, j), i != j && table.played(i, j) > 0.0) else {
                continue;
            };
            if slot[i] == usize::MAX {
                continue;
            }
            let c = (table.played(i, j) + PRIOR_DRAWS) * pij * (1.0 - pij);
            let a = slot[i];
            h[a * m + a] += c;
            if slot[j] != usize::MAX {
                h[a * m + slot[j]] -= c;
            }
        }
    }
    // Each unit's gradient over the free engines.
    let mut units: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    let add = |g: &mut Vec<f64>, i: usize, j: usize, r: f64| {
        if slot[i] != usize::MAX {
            g[slot[i]] += r;
        }
        if slot[j] != usize::MAX {
            g[slot[j]] -= r;
        }
    };
    for o in observations {
        let [i, j] = o.engines;
        let Some(pij) = p(i, j) else { continue };
        let g = units.entry(o.unit).or_insert_with(|| vec![0.0; m]);
        add(g, i, j, o.weight * (o.score - pij));
    }
    let mut grads: Vec<Vec<f64>> = units.into_values().collect();
    // The prior's pair of every pairing: two coin-toss games, so its score
    // is 0, ½ or 1 with weights ¼, ½, ¼ (each gradient scaled by the root
    // of its weight): its mean is the drawn pair's, and it has a spread.
    for i in 0..n {
        for j in i + 1..n {
            if let (Some(pij), true) = (p(i, j), table.played(i, j) > 0.0) {
                for (score, weight) in [(0.0, 0.25), (0.5, 0.5), (1.0, 0.25f64)] {
                    let mut g = vec![0.0; m];
                    add(&mut g, i, j, weight.sqrt() * PRIOR_DRAWS * (score - pij));
                    grads.push(g);
                }
            }
        }
    }
    for (k, &i) in free.iter().enumerate() {
        let mut unit = vec![0.0; m];
        unit[k] = 1.0;
        // Row k of H⁻¹ (H is symmetric).
        let Some(row) = solve(h.clone(), unit, m) else {
            continue;
        };
        let var: f64 = grads
            .iter()
            .map(|g| {
                let d: f64 = row.iter().zip(g).map(|(a, b)| a * b).sum();
                d * d
            })
            .sum();
        se[i] = Some(var.sqrt() * ELO_PER_NAT);
    }
    se
}

/// `ln(1 + e^x)` without overflow.
fn softplus(x: f64) -> f64 {
    if x > 30.0 {
        x
    } else {
        x.exp().ln_1p()
    }
}

/// A 95% interval per engine (None where no resample rated the engine).
pub type Intervals = Vec<Option<(f64, f64)>>;

/// 95% percentile intervals from `samples` resamples of the units of
/// `observations` (seeded by `seed`), each refitted with `anchor` fixed.
pub fn bootstrap(
    n: usize,
    observations: &[Observation],
    anchor: (usize, f64),
    samples: usize,
    seed: u64,
) -> Intervals {
    let mut units: BTreeMap<u64, Vec<Observation>> = BTreeMap::new();
    for o in observations {
        units.entry(o.unit).or_default().push(*o);
    }
    let units: Vec<Vec<Observation>> = units.into_values().collect();
    if units.is_empty() || samples == 0 {
        return vec![None; n];
    }
    let mut rng = Rng::new(seed);
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(samples); n];
    for _ in 0..samples {
        let mut table = Table::new(n);
        for _ in 0..units.len() {
            for o in &units[rng.index(units.len())] {
                table.add(o);
            }
        }
        for (i, elo) in fit(&table, anchor).elo.into_iter().enumerate() {
            if let Some(e) = elo {
                draws[i].push(e);
            }
        }
    }
    draws
        .into_iter()
        .map(|mut d| {
            if d.is_empty() {
                return None;
            }
            d.sort_by(f64::total_cmp);
            Some((percentile(&d, 0.025), percentile(&d, 0.975)))
        })
        .collect()
}

/// The `q` quantile of sorted values, interpolated linearly.
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
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
mod tests {
    use super::*;
    use crate::referee::stats::{elo_from_score, score_from_elo};

    fn obs(unit: u64, a: usize, b: usize, score: f64) -> Observation {
        Observation {
            unit,
            engines: [a, b],
            score,
            weight: 1.0,
        }
    }

    #[test]
    fn two_engines_get_the_match_elo() {
        // 13 wins, 4 draws, 7 losses: score 15/24.
        let mut o = Vec::new();
        for (k, s) in [(13, 1.0), (4, 0.5), (7, 0.0)] {
            for _ in 0..k {
                o.push(obs(o.len() as u64, 0, 1, s));
            }
        }
        let f = fit(&Table::of(2, &o), (1, 1000.0));
        // With the prior's two drawn games: 16 of 26.
        let want = elo_from_score(16.0 / 26.0).unwrap() + 1000.0;
        assert!((f.elo[0].unwrap() - want).abs() < 0.05, "{:?}", f.elo);
        assert_eq!(f.elo[1], Some(1000.0));
        // Curvature: se = 1 / sqrt(n p (1-p)) natural units.
        let p = 16.0 / 26.0;
        let se = ELO_PER_NAT / (26.0f64 * p * (1.0 - p)).sqrt();
        assert!((f.se[0].unwrap() - se).abs() < 0.1, "{:?}", f.se);
    }

    #[test]
    fn expected_scores_match_actual_scores() {
        // A cycle with uneven results: the ML condition holds per engine.
        let mut o = Vec::new();
        let results = [
            (0, 1, 7, 3),
            (1, 2, 6, 4),
            (2, 0, 5, 5),
            (0, 3, 9, 1),
            (2, 3, 2, 2),
        ];
        for (a, b, wins, losses) in results {
            for k in 0..wins + losses {
                o.push(obs(o.len() as u64, a, b, if k < wins { 1.0 } else { 0.0 }));
            }
        }
        let t = Table::of(4, &o);
        let f = fit(&t, (0, 0.0));
        for i in 0..4 {
            let (mut actual, mut expected) = (0.0, 0.0);
            for j in 0..4 {
                if i != j && t.played(i, j) > 0.0 {
                    // The games and the prior's virtual draws.
                    actual += t.won(i, j) + PRIOR_DRAWS / 2.0;
                    let d = f.elo[i].unwrap() - f.elo[j].unwrap();
                    expected += (t.played(i, j) + PRIOR_DRAWS) * score_from_elo(d);
                }
            }
            assert!(
                (actual - expected).abs() < 0.02,
                "engine {i}: {actual} vs {expected}"
            );
        }
    }

    #[test]
    fn perfect_scores_and_missing_engines() {
        let o: Vec<Observation> = (0..10).map(|u| obs(u, 0, 1, 1.0)).collect();
        let f = fit(&Table::of(3, &o), (1, 0.0));
        // 10-0 and the prior's two draws: 11 of 12.
        let gap = f.elo[0].unwrap();
        assert!(
            (gap - elo_from_score(11.0 / 12.0).unwrap()).abs() < 0.05,
            "{gap}"
        );
        assert_eq!(f.elo[2], None);
        assert_eq!(f.se[2], None);
        assert_eq!(parse_anchor("b=1500", &["a", "b"]), Ok((1, 1500.0)));
        assert!(parse_anchor("c=1", &["a", "b"]).is_err());
        assert!(parse_anchor("a=x", &["a", "b"]).is_err());
        assert!(parse_anchor("a", &["a", "b"]).is_err());
    }

    /// Games between engines of known Elo, drawn with a seeded generator:
    /// every engine's rating recovered within its bootstrap interval, and
    /// the intervals about as wide as the curvature says.
    #[test]
    fn known_elo_differences_are_recovered() {
        let truth = [0.0, 120.0, -80.0, 250.0];
        let mut rng = Rng::new(20);
        let mut o = Vec::new();
        let mut unit = 0;
        for a in 0..4 {
            for b in a + 1..4 {
                let p = score_from_elo(truth[a] - truth[b]);
                for _ in 0..150 {
                    // 10% draws, the rest split to keep the expected score p.
                    let r = rng.below(1_000_000) as f64 / 1e6;
                    let s = if r < 0.1 {
                        0.5
                    } else if r < 0.1 + (p - 0.05) {
                        1.0
                    } else {
                        0.0
                    };
                    o.push(obs(unit, a, b, s));
                    unit += 1;
                }
            }
        }
        let f = fit(&Table::of(4, &o), (0, 0.0));
        let ci = bootstrap(4, &o, (0, 0.0), 300, 7);
        assert_eq!(ci[0], Some((0.0, 0.0)));
        for i in 1..4 {
            let (lo, hi) = ci[i].unwrap();
            let elo = f.elo[i].unwrap();
            assert!(lo < elo && elo < hi, "engine {i}: {elo} not in {lo}..{hi}");
            assert!(
                lo <= truth[i] && truth[i] <= hi,
                "engine {i}: true {} not in {lo}..{hi}",
                truth[i]
            );
            let width = (hi - lo) / 2.0;
            let se = f.se[i].unwrap();
            assert!(
                width > 1.4 * se && width < 2.6 * se,
                "engine {i}: ±{width} vs se {se}"
            );
            // Games are independent here: the pair-robust standard error is
            // about the curvature's.
            let robust = robust_se(4, &o, (0, 0.0), &f)[i].unwrap();
            assert!(
                (robust / se - 1.0).abs() < 0.15,
                "engine {i}: robust {robust} vs curvature {se}"
            );
        }
    }
}
