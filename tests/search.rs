//! Search: legal answers from every phase, limits, determinism, threads.
//! The pruning (move filter, odd depths, filter reduction, futility, the
//! push for progress) is in `search_pruning.rs`.

use ncbg::game::GameState;
use ncbg::search::{Limits, Settings};
use ncbg::turn::{legal_turns, Turn};

mod search_support;
use search_support::*;

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
    assert!(matches!(r.best, Turn::Pick(_)));
    assert!(legal_turns(&g).contains(&r.best));
    // A pick is due.
    let g = opened(3, 5);
    let r = search(&g, depth(2), &settings);
    assert!(matches!(r.best, Turn::PickPlay(..)));
    assert!(legal_turns(&g).contains(&r.best));
    // The number is picked: only the play.
    let mut g = opened(3, 5);
    g.pick(6).unwrap();
    let r = search(&g, depth(2), &settings);
    assert!(matches!(r.best, Turn::Play(_)));
    assert!(legal_turns(&g).contains(&r.best));
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
    let picks1: Vec<Turn> = (0..3)
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

/// Several threads split the root but find the same value as one thread:
/// a choice that failed low against the helpers' guessed bound is searched
/// again, so the value is the sequential search's; the answer is legal.
#[test]
fn several_threads_find_the_sequential_value() {
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    for g in random_states(30) {
        let one = search(&g, limits.clone(), &Settings::default());
        for threads in [2, 3] {
            let settings = Settings {
                threads,
                ..Settings::default()
            };
            let r = search(&g, limits.clone(), &settings);
            assert!(legal_turns(&g).contains(&r.best));
            assert_eq!(r.depth, 3);
            assert_eq!(
                r.score,
                one.score,
                "{} on {threads} threads",
                ncbg::ids::state_id::encode(&g)
            );
        }
    }
}

/// A node limit holds on several threads too (checked on the shared count,
/// every few hundred nodes of each thread).
#[test]
fn node_limit_holds_on_several_threads() {
    let g = opened(2, 4);
    let settings = Settings {
        threads: 2,
        ..Settings::default()
    };
    let r = search(
        &g,
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
        &settings,
    );
    assert!(legal_turns(&g).contains(&r.best));
    assert!(r.nodes <= 20_000 + 2 * 300, "{} nodes", r.nodes);
}

/// `bench`'s node count, the search's signature (the figure in
/// `docs/engine.md` and `protocol/ncbp.md`; the WebAssembly build's tests
/// pin it too): a fixed workload with each game's own search profile. A
/// change to the search or to the tuning its games choose shows here; a
/// new net changes it too, and then the figure is updated with the net.
#[test]
fn bench_visits_its_known_node_count() {
    let total = ncbg::engine::search_job::bench(ncbg::engine::search_job::BENCH_DEPTH, &mut |_| {});
    assert!(total.starts_with("66413 nodes "), "{total}");
}
