//! Unit tests of the ratings: the fit, its intervals, the anchor.

use super::*;
use crate::referee::stats::{elo_from_score, score_from_elo};
use crate::rng::Rng;

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
