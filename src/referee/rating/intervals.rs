//! How sure the fitted ratings are: pair-robust (sandwich) standard errors
//! and percentile intervals from a bootstrap over game pairs.

use super::fit::{fit, sigmoid, solve, Fit};
use super::{Observation, Table, ELO_PER_NAT, PRIOR_DRAWS};
use crate::rng::Rng;
use std::collections::BTreeMap;

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
