//! Lab: the values of a few root choices of one state at every depth to
//! MAX_DEPTH, the named choices alone, each with a full window (the
//! analysis's way), then the engine's own search of the state from a fresh
//! table at PLAY_NODES (the play's way: its best choice and value at each
//! depth it completed). For reading a marked turn closely: whether the
//! played choice loses at depths past the analysis's, and how deep the play
//! saw (`docs/lab/analysis-depths.md`).
//!
//! `cargo run --release --example turn_depths -- STATE_ID MAX_DEPTH PLAY_NODES TOKEN...`
use ncbg::eval::NnEval;
use ncbg::search::{Limits, Searcher, Settings};
use ncbg::turn::{self, legal_turns, TurnForm};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: turn_depths STATE_ID MAX_DEPTH PLAY_NODES TOKEN...");
        std::process::exit(2);
    }
    let fail = |what: &str| -> ! {
        eprintln!("turn_depths: {what}");
        std::process::exit(2)
    };
    let state = ncbg::ids::state_id::decode(&args[1])
        .unwrap_or_else(|e| fail(&format!("bad state ID {}: {e}", args[1])));
    let max_depth: u32 = args[2]
        .parse()
        .unwrap_or_else(|_| fail(&format!("bad depth {}", args[2])));
    let play_nodes: u64 = args[3]
        .parse()
        .unwrap_or_else(|_| fail(&format!("bad node count {}", args[3])));
    let choices = legal_turns(&state);
    let wanted: Vec<_> = args[4..]
        .iter()
        .map(|t| {
            let turn = turn::read(&state, t, TurnForm::Answer)
                .unwrap_or_else(|e| fail(&format!("{t} is not a turn here: {e}")));
            let after = turn.after(&state);
            *choices.iter().find(|c| c.after(&state) == after).unwrap()
        })
        .collect();
    let tokens: Vec<String> = wanted.iter().map(|t| t.token(&state)).collect();
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..Settings::default()
    };
    let mut searcher = Searcher::new(64, Box::new(NnEval::embedded()));
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(max_depth),
        multipv: wanted.len(),
        root_choices: Some(wanted.clone()),
        ..Limits::default()
    };
    println!("choices {}: {}", choices.len(), tokens.join("  "));
    let mut row: Vec<Option<i32>> = vec![None; wanted.len()];
    let mut at = 0;
    searcher.search(&state, &limits, &settings, &stop, &mut |info| {
        if info.depth != at {
            if at > 0 {
                print_row(at, &row);
            }
            at = info.depth;
            row = vec![None; wanted.len()];
        }
        if let Some(i) = info
            .pv
            .first()
            .and_then(|t| tokens.iter().position(|x| x == t))
        {
            row[i] = Some(info.score.value);
        }
    });
    print_row(at, &row);
    searcher.clear();
    let limits = Limits {
        nodes: Some(play_nodes),
        ..Limits::default()
    };
    searcher.search(&state, &limits, &settings, &stop, &mut |info| {
        println!(
            "play depth {:2} nodes {:9} best {} {}",
            info.depth,
            info.nodes,
            info.pv.first().cloned().unwrap_or_default(),
            info.score.value
        );
    });
}

fn print_row(depth: u32, row: &[Option<i32>]) {
    let cells: Vec<String> = row
        .iter()
        .map(|v| v.map_or("-".to_string(), |v| v.to_string()))
        .collect();
    println!("depth {depth:2}: {}", cells.join("  "));
}
