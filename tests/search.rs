//! Search: legal answers from every phase, limits, determinism.

use ncbg::game::GameState;
use ncbg::search::{legal_choices, Choice, Limits, Searcher, Settings};
use std::sync::atomic::AtomicBool;

fn search(state: &GameState, limits: Limits, settings: &Settings) -> ncbg::search::SearchResult {
    let mut s = Searcher::new(16);
    let stop = AtomicBool::new(false);
    s.search(state, &limits, settings, &stop, &mut |_| {})
        .expect("game not over")
}

fn opened(x0: u8, y0: u8) -> GameState {
    let mut g = GameState::standard();
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    g
}

#[test]
fn answers_are_legal_in_every_phase() {
    let depth = |d| Limits {
        depth: Some(d),
        ..Limits::default()
    };
    let settings = Settings::default();
    // Turn 0.
    let g = GameState::standard();
    let r = search(&g, depth(2), &settings);
    assert!(matches!(r.best, Choice::Pick(_)));
    assert!(legal_choices(&g).contains(&r.best));
    // A pick is due.
    let g = opened(3, 5);
    let r = search(&g, depth(2), &settings);
    assert!(matches!(r.best, Choice::Turn(..)));
    assert!(legal_choices(&g).contains(&r.best));
    // The number is picked: only the play.
    let mut g = opened(3, 5);
    g.pick(6).unwrap();
    let r = search(&g, depth(2), &settings);
    assert!(matches!(r.best, Choice::Play(_)));
    assert!(legal_choices(&g).contains(&r.best));
}

#[test]
fn fixed_depth_is_deterministic() {
    let g = opened(3, 5);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let a = search(&g, limits.clone(), &Settings::default());
    let b = search(&g, limits, &Settings::default());
    assert_eq!(a, b);
    println!("depth 3: {} nodes, best {}", a.nodes, a.best.token(&g));
}

#[test]
fn node_limit_is_respected_and_deterministic() {
    let g = opened(2, 4);
    let limits = Limits {
        nodes: Some(5000),
        ..Limits::default()
    };
    let a = search(&g, limits.clone(), &Settings::default());
    let b = search(&g, limits, &Settings::default());
    assert_eq!(a, b);
    assert!(a.nodes <= 5000 + 200, "{} nodes", a.nodes);
}

#[test]
fn random_mode_is_seeded() {
    let g = opened(3, 5);
    let s1 = Settings {
        random: true,
        seed: 1,
        ..Settings::default()
    };
    let s2 = Settings {
        random: true,
        seed: 2,
        ..Settings::default()
    };
    let picks1: Vec<Choice> = (0..3)
        .map(|_| search(&g, Limits::default(), &s1).best)
        .collect();
    assert!(picks1.iter().all(|c| *c == picks1[0]));
    let many: std::collections::BTreeSet<String> = (0..40u64)
        .map(|seed| {
            let s = Settings {
                random: true,
                seed,
                ..Settings::default()
            };
            search(&g, Limits::default(), &s).best.token(&g)
        })
        .collect();
    assert!(
        many.len() > 10,
        "random mode varies with the seed: {many:?}"
    );
    let _ = s2;
}
