//! Unit tests of the match statistics and the Elo scale.

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
