//! Depth reached over time from the start with the initial pair (3,5).
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher, Settings};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
fn main() {
    let ms: u64 = std::env::args().nth(1).map_or(1000, |s| s.parse().unwrap());
    let mut g = GameState::standard();
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    let mut s = Searcher::new(64, Box::new(NnEval::embedded()));
    let stop = AtomicBool::new(false);
    let limits = Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..Settings::default()
    };
    let r = s
        .search(&g, &limits, &settings, &stop, &mut |i| {
            println!(
                "depth {} score {} nodes {} time {:?} nps {:.0} pv {}",
                i.depth,
                i.score,
                i.nodes,
                i.time,
                i.nodes as f64 / i.time.as_secs_f64(),
                i.pv.join(" ")
            )
        })
        .unwrap();
    println!(
        "best {} depth {} nodes {}",
        r.best.token(&g),
        r.depth,
        r.nodes
    );
}
