//! Cost of a `go`'s cube decision against the search it precedes: the
//! cube decision (`ncbg::search::cube::decide`: one net evaluation of the
//! doubler's state and the cubeful equities) on pick states of seeded
//! random games, in money play with the cube and in a 5-point match at
//! 2-1 (the match equity table is built before timing), and a search of
//! 20,000 nodes on a sample of the same states. The goal (issue 77): the
//! decision adds at most 10% to a go's time.
//!
//!     cargo bench --bench cube

use ncbg::cube::{MatchScore, Terms};
use ncbg::eval::cube::{nc_table, MatchAware};
use ncbg::eval::NnEval;
use ncbg::game::{GameState, Phase};
use ncbg::rng::Rng;
use ncbg::search::{Limits, Searcher, Settings, StopFlag};
use ncbg::turn::random_turn;
use std::hint::black_box;
use std::time::Instant;

/// Pick states after turn 0 met in `games` random games.
fn states(games: u64) -> Vec<GameState> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut g = GameState::standard();
        while let Some(t) = random_turn(&g, &mut rng) {
            g = t.after(&g);
            if g.is_over() {
                break;
            }
            if g.phase() == Phase::Pick && !g.in_opening() {
                out.push(g);
            }
        }
    }
    out
}

fn main() {
    let base = states(40);
    let nn = NnEval::embedded();
    let start = Instant::now();
    let _ = nc_table();
    println!(
        "match equity table to 64 points built once in {:.1} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    for (name, m) in [
        ("money", None),
        (
            "match 5 at 2-1",
            Some(MatchScore::with_score(5, [2, 1], Default::default()).unwrap()),
        ),
    ] {
        let set: Vec<GameState> = base
            .iter()
            .map(|g| {
                let mut g = *g;
                g.set_terms(Terms {
                    cube: true,
                    ..Terms::default()
                });
                g.set_match(m);
                g
            })
            .collect();
        let mut best = f64::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            for g in &set {
                black_box(ncbg::search::cube::decide(black_box(g), &nn));
            }
            best = best.min(start.elapsed().as_secs_f64() / set.len() as f64);
        }
        let sample: Vec<&GameState> = set.iter().step_by(set.len() / 20 + 1).collect();
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let start = Instant::now();
        for g in &sample {
            let mut s = Searcher::new(16, Box::new(MatchAware::new(NnEval::embedded())));
            black_box(s.search(
                g,
                &limits,
                &Settings::default(),
                &StopFlag::new(false),
                &mut |_| {},
            ));
        }
        let search = start.elapsed().as_secs_f64() / sample.len() as f64;
        println!(
            "{name}: cube decision {:.1} us over {} states; search of 20,000 nodes {:.1} ms over {}; decision / search {:.3}%",
            best * 1e6,
            set.len(),
            search * 1e3,
            sample.len(),
            100.0 * best / search
        );
    }
}
