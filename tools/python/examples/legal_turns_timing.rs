//! Rust-side timing of `ncbg::turn::legal_turns`, for comparison with
//! `bench.py` (the same states, the same release profile as the extension):
//!
//! ```text
//! cargo run --release --example legal_turns_timing --manifest-path tools/python/Cargo.toml
//! ```

use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::turn::legal_turns;
use std::hint::black_box;
use std::time::Instant;

/// The states bench.py times.
pub const STATES: [(&str, &str); 3] = [
    (
        "standard start (turn 0)",
        "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6",
    ),
    ("first turn, x3y5", "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6"),
    ("middle game", "Up8NBCIW6+ATAA:Xpick:x2y4:d20:k6"),
];

fn time(state: &GameState) -> (f64, usize) {
    let mut calls = 1usize;
    loop {
        let start = Instant::now();
        let mut n = 0;
        for _ in 0..calls {
            n = black_box(legal_turns(black_box(state))).len();
        }
        let t = start.elapsed().as_secs_f64();
        if t > 0.5 {
            return (t / calls as f64, n);
        }
        calls *= 2;
    }
}

fn main() {
    for (name, id) in STATES {
        let state = state_id::decode(id).expect("a valid ID");
        let (t, n) = time(&state);
        println!("{name:<26} {n:>4} turns  {:>9.2} us/call", t * 1e6);
    }
}
