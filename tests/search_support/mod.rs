//! The helpers of the search tests (`search.rs`, `search_pruning.rs`): a
//! search with the embedded net, opened games, tuned settings.
#![allow(dead_code)]

use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Knob, Limits, Searcher, Settings, Tune};
use ncbg::turn::Turn;
use std::sync::atomic::AtomicBool;

pub fn search(
    state: &GameState,
    limits: Limits,
    settings: &Settings,
) -> ncbg::search::SearchResult {
    let mut s = Searcher::new(16, Box::new(NnEval::embedded()));
    let stop = AtomicBool::new(false);
    s.search(state, &limits, settings, &stop, &mut |_| {})
        .expect("game not over")
}

/// An NC-Hypergammon game at k without credits after the initial pair 1, 3.
pub fn hyper_opened(k: u8) -> GameState {
    use ncbg::board::Variant;
    use ncbg::numbers::NumberRules;
    let mut g = GameState::start(Variant::Hypergammon, NumberRules::new(k, 0).unwrap());
    g.pick(1).unwrap();
    g.pick(3).unwrap();
    g
}

/// A depth limit.
/// The default settings with these tuning knobs set, as `ncbg --tune`
/// sets them.
pub fn tuned(knobs: &[(Knob, u32)]) -> Settings {
    let mut tune = Tune::new();
    for &(knob, value) in knobs {
        tune.set(knob, value).unwrap();
    }
    Settings {
        tune,
        ..Settings::default()
    }
}

pub fn to_depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// The search's answer, value and node count, to compare searches.
pub fn key(r: ncbg::search::SearchResult) -> (Turn, ncbg::search::Score, u64) {
    (r.best, r.score, r.nodes)
}

pub fn opened(x0: u8, y0: u8) -> GameState {
    let mut g = GameState::standard();
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    g
}

/// States after 0 to 39 random turns of seeded games, not finished.
pub fn random_states(n: u64) -> Vec<GameState> {
    let mut out = Vec::new();
    for seed in 1..=n {
        let mut rng = ncbg::rng::Rng::new(seed);
        let mut g = GameState::standard();
        for _ in 0..rng.index(40) {
            match ncbg::turn::random_turn(&g, &mut rng) {
                Some(c) => g = c.after(&g),
                None => break,
            }
        }
        if !g.is_over() {
            out.push(g);
        }
    }
    out
}
