//! The ratings' fit: the maximum of the likelihood with the prior, found
//! by Newton's method with the anchor held fixed, and the standard errors
//! of its curvature.

use super::{Table, ELO_PER_NAT, PRIOR_DRAWS};

/// The fitted ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Each engine's rating (None: no games, or not linked to the anchor).
    pub elo: Vec<Option<f64>>,
    /// Standard error from the fit's curvature, relative to the anchor
    /// (0 for the anchor itself).
    pub se: Vec<Option<f64>>,
}

pub(super) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Solves `a x = b` (dense, `m x m`, row-major) by Gaussian elimination with
/// partial pivoting; None when singular.
pub(super) fn solve(mut a: Vec<f64>, mut b: Vec<f64>, m: usize) -> Option<Vec<f64>> {
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

/// `ln(1 + e^x)` without overflow.
fn softplus(x: f64) -> f64 {
    if x > 30.0 {
        x
    } else {
        x.exp().ln_1p()
    }
}
