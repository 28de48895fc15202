//! Batch analysis: blunders are flagged, results do not depend on threads.

use ncbg::analysis::{analyze_game, analyze_position, run_parallel, totals, Thresholds, Verdict};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher, Settings};

fn opened(x0: u8, y0: u8) -> GameState {
    let mut g = GameState::standard();
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    g
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn positions_rank_alternatives() {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let g = opened(3, 5);
    let r = analyze_position(&mut s, &g, &depth(2), &Settings::default(), 3).unwrap();
    assert_eq!(r.ranked.len(), 3);
    assert_eq!(r.ranked[0].choice, r.best);
    assert!(r.ranked.windows(2).all(|w| w[0].score >= w[1].score));
    let json = serde_json::to_string(&r).unwrap();
    let back: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back["best"], r.best.as_str());
}

#[test]
fn a_deliberate_blunder_is_flagged() {
    // After the initial pair (3,5), X plays the turn the engine ranks last.
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let start = GameState::standard();
    let g = opened(3, 5);
    let limits = depth(2);
    let all = analyze_position(&mut s, &g, &limits, &Settings::default(), 1000).unwrap();
    let best = all.ranked.first().unwrap().choice.clone();
    let worst = all.ranked.last().unwrap().choice.clone();
    let t = Thresholds::default();
    let good = analyze_game(
        &mut s,
        &start,
        &tokens(&["3", "5", &best]),
        &limits,
        &Settings::default(),
        &t,
    )
    .unwrap();
    let bad = analyze_game(
        &mut s,
        &start,
        &tokens(&["3", "5", &worst]),
        &limits,
        &Settings::default(),
        &t,
    )
    .unwrap();
    assert_eq!(good.len(), 1, "turn-0 picks are not judged");
    assert_eq!(good[0].loss, 0);
    assert_eq!(good[0].verdict, Verdict::Ok);
    assert_eq!(bad[0].played, worst);
    assert!(bad[0].loss >= t.blunder, "{:?}", bad[0]);
    assert_eq!(bad[0].verdict, Verdict::Blunder);
    let [(_, x), (_, y)] = totals(&bad);
    assert_eq!((x.blunders, y.turns), (1, 0));
    assert!(x.error_rate() >= f64::from(t.blunder));
}

fn tokens(t: &[&str]) -> Vec<String> {
    t.iter().map(|s| s.to_string()).collect()
}

#[test]
fn same_results_with_one_or_two_threads() {
    let states: Vec<GameState> = (1..=6u8)
        .flat_map(|x| {
            (1..=6u8)
                .filter(move |&y| y != x)
                .map(move |y| opened(x, y))
        })
        .take(8)
        .collect();
    let work = |s: &mut Searcher, g: &GameState| {
        analyze_position(s, g, &depth(2), &Settings::default(), 2).unwrap()
    };
    let one = run_parallel(&states, 1, 4, &[], work, || {});
    let two = run_parallel(&states, 2, 4, &[], work, || {});
    assert_eq!(one, two);
}
