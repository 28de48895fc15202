//! The static value of every state of a data file by one net: a line per
//! game, the states' values in millipoints for their side to move, in the
//! file's order (`tools/train/favourites.py --values` reads it).
//!
//!     cargo run --release -p ncbg-train --example static_values -- NET DATA > VALUES

use ncbg::eval::nn::{file, to_millipoints};
use std::fmt::Write;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [net, data] = args.as_slice() else {
        eprintln!("usage: static_values NET DATA");
        std::process::exit(2);
    };
    let fail = |e: String| -> ! {
        eprintln!("static_values: {e}");
        std::process::exit(1)
    };
    let net = file::load(Path::new(net)).unwrap_or_else(|e| fail(e));
    // Refuses a bad or cut-short line: the output's lines must be the
    // file's games, one for one.
    let games = ncbg_train::data::read_for_training(Path::new(data)).unwrap_or_else(|e| fail(e));
    let mut out = String::new();
    for game in &games {
        for (i, (state, _)) in game.states.iter().enumerate() {
            let value = to_millipoints(net.probabilities(state).equity());
            let sep = if i == 0 { "" } else { " " };
            write!(out, "{sep}{value}").expect("a String takes any write");
        }
        out.push('\n');
    }
    print!("{out}");
}
