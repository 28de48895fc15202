//! Money play: cubeful equity from the cubeless chances by Janowski's
//! formulas ("Take-Points in Money Games", 1993), as gnubg applies them at
//! 0-ply: a mix of the dead cube's equity (the cubeless one) and the fully
//! live cube's (piecewise linear between the take and cash points), with a
//! cube efficiency `x`: `E = (1 - x) E_dead + x E_live`. Equities are per
//! unit of the cube (the cube's value times them is the points).

use crate::eval::nn::Probabilities;

/// Who owns the cube, from the player whose equity is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ownership {
    /// Centred: either may double.
    Centred,
    /// The player owns it.
    Mine,
    /// The opponent owns it.
    Theirs,
}

/// The average value of a won and of a lost game (1 = single games only);
/// `None` when a side never wins (the cube is dead there).
fn win_loss_values(p: &Probabilities) -> Option<(f64, f64)> {
    let win = f64::from(p.win);
    if !(1e-7..=1.0 - 1e-7).contains(&win) {
        return None;
    }
    let w = 1.0 + f64::from(p.win_gammon + p.win_backgammon) / win;
    let l = 1.0 + f64::from(p.lose_gammon + p.lose_backgammon) / (1.0 - win);
    Some((w, l))
}

/// The cubeless equity; with `jacoby` (a centred cube in money play under
/// the Jacoby rule) gammons count single.
pub fn dead_equity(p: &Probabilities, jacoby: bool) -> f64 {
    if jacoby {
        2.0 * f64::from(p.win) - 1.0
    } else {
        f64::from(p.equity())
    }
}

/// The fully live cube's equity (Janowski's piecewise-linear model).
fn live_equity(w: f64, l: f64, p: f64, owner: Ownership, jacoby: bool) -> f64 {
    let take = (l - 0.5) / (w + l + 0.5);
    let cash = (l + 1.0) / (w + l + 0.5);
    match owner {
        Ownership::Centred => {
            if p < take {
                if jacoby {
                    -1.0
                } else {
                    -l + (l - 1.0) * p / take
                }
            } else if p < cash {
                -1.0 + 2.0 * (p - take) / (cash - take)
            } else if jacoby {
                1.0
            } else {
                1.0 + (w - 1.0) * (p - cash) / (1.0 - cash)
            }
        }
        Ownership::Mine => {
            if p < cash {
                -l + (1.0 + l) * p / cash
            } else {
                1.0 + (w - 1.0) * (p - cash) / (1.0 - cash)
            }
        }
        Ownership::Theirs => {
            if p < take {
                -l + (l - 1.0) * p / take
            } else {
                -1.0 + (w + 1.0) * (p - take) / (1.0 - take)
            }
        }
    }
}

/// The cubeful equity per unit of the cube, with cube efficiency `x`.
/// `jacoby`: the Jacoby rule is on (it acts while the cube is centred).
pub fn cubeful_equity(p: &Probabilities, owner: Ownership, jacoby: bool, x: f64) -> f64 {
    let p = p.consistent();
    let jacoby = jacoby && owner == Ownership::Centred;
    let dead = dead_equity(&p, jacoby);
    match win_loss_values(&p) {
        None => dead,
        Some((w, l)) => (1.0 - x) * dead + x * live_equity(w, l, f64::from(p.win), owner, jacoby),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(win: f32) -> Probabilities {
        Probabilities {
            win,
            win_gammon: 0.0,
            win_backgammon: 0.0,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        }
    }

    /// Without gammons the live cube's take point is 20% (W = L = 1:
    /// 0.5 / 2.5) and its cash point 80%.
    #[test]
    fn janowski_points_without_gammons() {
        let at = |p: f32, o| cubeful_equity(&race(p), o, false, 1.0);
        assert!((at(0.2, Ownership::Centred) + 1.0).abs() < 1e-6);
        assert!((at(0.8, Ownership::Centred) - 1.0).abs() < 1e-6);
        assert!(at(0.5, Ownership::Centred).abs() < 1e-6);
        // Owning the cube is worth something at 50%; the opponent owning it costs.
        assert!(at(0.5, Ownership::Mine) > 0.0 && at(0.5, Ownership::Theirs) < 0.0);
        // A dead cube (x = 0) is the cubeless equity.
        let dead = cubeful_equity(&race(0.7), Ownership::Centred, false, 0.0);
        assert!((dead - 0.4).abs() < 1e-6);
    }
}
