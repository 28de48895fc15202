//! The search on one and two threads (`Threads`), side by side in one run:
//! for states of seeded self-play games, the time to complete a fixed depth
//! (each thread count alternating, fresh table each search), and the depth
//! reached and nodes per second at a fixed time per move.
//!
//!     cargo bench --bench threads                (depth 5, 100 ms, 24 states)
//!     cargo bench --bench threads -- 4 50 12     (depth 4, 50 ms, 12 states)

use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::rng::Rng;
use ncbg::search::{Limits, Searcher, Settings};
use ncbg::turn::random_turn;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// States after 6 to 30 random turns of seeded games (contact positions).
fn states(n: usize) -> Vec<GameState> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < n {
        seed += 1;
        let mut rng = Rng::new(seed);
        let mut g = GameState::standard();
        let turns = 6 + rng.index(25);
        for _ in 0..turns {
            match random_turn(&g, &mut rng) {
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

/// One search: (wall seconds, depth completed, nodes).
fn search(state: &GameState, threads: usize, limits: &Limits) -> (f64, u32, u64) {
    let mut searcher = Searcher::new(64, Box::new(NnEval::embedded()));
    let settings = Settings {
        threads,
        ..Settings::default()
    };
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let r = searcher
        .search(state, limits, &settings, &stop, &mut |_| {})
        .expect("a legal choice");
    (t.elapsed().as_secs_f64(), r.depth, r.nodes)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depth = args.first().copied().unwrap_or(5) as u32;
    let ms = args.get(1).copied().unwrap_or(100);
    let n = args.get(2).copied().unwrap_or(24) as usize;
    let states = states(n);
    let counts = [1usize, 2];

    let to_depth = Limits {
        depth: Some(depth),
        multipv: 1,
        ..Limits::default()
    };
    let mut time = [0.0f64; 2];
    for s in &states {
        for (i, &t) in counts.iter().enumerate() {
            time[i] += search(s, t, &to_depth).0;
        }
    }
    println!("{n} states, time to complete depth {depth} (sum over the states)");
    for (i, t) in counts.iter().enumerate() {
        println!(
            "  Threads {t}: {:8.3} s  {:.2}x",
            time[i],
            time[0] / time[i]
        );
    }

    let timed = Limits {
        movetime: Some(Duration::from_millis(ms)),
        multipv: 1,
        ..Limits::default()
    };
    let mut depth_sum = [0u64; 2];
    let mut nodes = [0u64; 2];
    let mut secs = [0.0f64; 2];
    for s in &states {
        for (i, &t) in counts.iter().enumerate() {
            let (w, d, k) = search(s, t, &timed);
            depth_sum[i] += u64::from(d);
            nodes[i] += k;
            secs[i] += w;
        }
    }
    println!("movetime {ms} ms");
    for (i, t) in counts.iter().enumerate() {
        println!(
            "  Threads {t}: mean depth {:.2}, {:.0} k nodes/s",
            depth_sum[i] as f64 / n as f64,
            nodes[i] as f64 / secs[i] / 1000.0
        );
    }
}
