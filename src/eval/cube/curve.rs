//! Piecewise-linear functions of a win chance on `0..=1`: a player's match
//! winning chance under the live-cube model, between its decision points.

/// A piecewise-linear function through points sorted by `p`, from `p = 0`
/// to `p = 1`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Curve {
    points: Vec<(f64, f64)>,
}

impl Curve {
    /// Through `points` (sorted by their first coordinate, the first at 0
    /// and the last at 1).
    pub(crate) fn through(points: Vec<(f64, f64)>) -> Curve {
        debug_assert!(points.len() >= 2);
        Curve { points }
    }

    /// The straight line from `(0, at0)` to `(1, at1)`.
    pub(crate) fn line(at0: f64, at1: f64) -> Curve {
        Curve::through(vec![(0.0, at0), (1.0, at1)])
    }

    /// The value at `p` (clamped to `0..=1`).
    pub(crate) fn at(&self, p: f64) -> f64 {
        let p = p.clamp(0.0, 1.0);
        for w in self.points.windows(2) {
            let ((p0, v0), (p1, v1)) = (w[0], w[1]);
            if p <= p1 {
                if p1 - p0 <= f64::EPSILON {
                    return v1;
                }
                return v0 + (v1 - v0) * (p - p0) / (p1 - p0);
            }
        }
        self.points[self.points.len() - 1].1
    }

    /// The smallest `p` where the (non-decreasing) curve reaches `v`;
    /// `None` when it stays below `v`.
    pub(crate) fn first_reaching(&self, v: f64) -> Option<f64> {
        if self.points[0].1 >= v {
            return Some(0.0);
        }
        for w in self.points.windows(2) {
            let ((p0, v0), (p1, v1)) = (w[0], w[1]);
            if v1 >= v {
                if v1 - v0 <= f64::EPSILON {
                    return Some(p1);
                }
                return Some(p0 + (p1 - p0) * (v - v0) / (v1 - v0));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_inverse() {
        let c = Curve::through(vec![(0.0, 0.0), (0.5, 0.8), (1.0, 1.0)]);
        assert!((c.at(0.25) - 0.4).abs() < 1e-12);
        assert!((c.at(0.75) - 0.9).abs() < 1e-12);
        assert_eq!(c.at(2.0), 1.0);
        assert!((c.first_reaching(0.9).unwrap() - 0.75).abs() < 1e-12);
        assert_eq!(c.first_reaching(1.5), None);
        assert_eq!(c.first_reaching(-1.0), Some(0.0));
    }
}
