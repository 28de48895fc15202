//! The training pipeline end to end, tiny: TD generation 0, one generation of
//! self-play and training, the result loaded as the engine's evaluation.
//! Self-play's files and options are tested in `selfplay_files.rs` and
//! `selfplay_options.rs`, the training commands in `training.rs`.

mod common;

use common::*;
use ncbg::eval::nn::{file, NnEval};
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher, Settings};
use std::sync::atomic::AtomicBool;

#[test]
fn pipeline_smoke_run_gives_a_net_the_engine_plays_with() {
    let dir = tmp("pipeline");
    let log = run(train_bin().args([
        "pipeline",
        "--dir",
        dir.to_str().unwrap(),
        "--td-generations",
        "1",
        "--search-generations",
        "1",
        "--hidden",
        "16",
        "--rounds",
        "2",
        "--games-per-round",
        "4",
        "--check-every",
        "0",
        "--games",
        "3",
        "--depth",
        "1",
        "--check-depth",
        "1",
        "--epochs",
        "1",
        "--jobs",
        "2",
    ]));
    assert!(log.contains("gen1 vs gen0"), "{log}");
    assert!(log.contains("gen2 vs gen1"), "{log}");
    for f in ["gen0.ncnn", "gen1.ncnn", "gen2.data", "gen2.ncnn"] {
        assert!(dir.join(f).exists(), "{f} missing");
    }
    let gen0 = file::read(&std::fs::read(dir.join("gen0.ncnn")).unwrap()).unwrap();
    let gen1 = file::read(&std::fs::read(dir.join("gen1.ncnn")).unwrap()).unwrap();
    let gen2 = file::read(&std::fs::read(dir.join("gen2.ncnn")).unwrap()).unwrap();
    assert_eq!(gen2.hidden(), 16);
    assert_ne!(gen0, gen1, "TD training changed nothing");
    assert_ne!(gen1, gen2, "supervised training changed nothing");
    let gen1 = gen2;
    // The engine's search plays with it.
    let mut searcher = Searcher::new(1, Box::new(NnEval::new(gen1.into())));
    let mut g = GameState::standard();
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    let limits = Limits {
        depth: Some(2),
        multipv: 1,
        ..Limits::default()
    };
    let r = searcher
        .search(
            &g,
            &limits,
            &Settings::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(r.depth, 2);
    // Running it again resumes: every step's file is kept.
    let again = run(train_bin().args([
        "pipeline",
        "--dir",
        dir.to_str().unwrap(),
        "--td-generations",
        "1",
        "--search-generations",
        "1",
    ]));
    assert!(again.contains("exists, keeping it"), "{again}");
}
