//! The analysis lab's raw data: for every judged turn of a match file, the
//! value of every root choice at every depth of one iterative deepening
//! (multipv over all choices, so each is searched with a full window: the
//! same effort for every choice), with the nodes spent by each depth. One
//! JSON object a turn on stdout; `tools/analysis_options.py` simulates the
//! analysis options on it (`docs/analysis.md`).
//!
//! `cargo run --release --example analysis_depths -- MATCH MAX_DEPTH [MAX_NODES] [JOB/JOBS]`
use ncbg::eval::NnEval;
use ncbg::matchfile::{start_state, MatchFile};
use ncbg::search::{Limits, Searcher, Settings};
use ncbg::turn::{self, legal_turns, TurnForm};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a match file");
    let max_depth: u32 = args[2].parse().expect("a depth");
    let max_nodes: Option<u64> = args.get(3).map(|s| s.parse().expect("nodes"));
    let (job, jobs) = args.get(4).map_or((0, 1), |s| {
        let (a, b) = s.split_once('/').expect("JOB/JOBS");
        (a.parse().unwrap(), b.parse().unwrap())
    });
    let file = MatchFile::parse(&text);
    let variant = file.header.variant().unwrap();
    let numbers = file.header.numbers().unwrap();
    let mut searcher = Searcher::new(64, Box::new(NnEval::embedded()));
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..Settings::default()
    };
    let mut item = 0usize;
    for game in &file.games {
        let mut state = start_state(&game.opening, variant, numbers).unwrap();
        for (i, token) in game.moves.iter().enumerate() {
            let played = turn::read(&state, token, TurnForm::Answer).unwrap();
            if !state.in_opening() {
                item += 1;
                if item % jobs == job {
                    let choices = legal_turns(&state);
                    let after = played.after(&state);
                    let played_token = choices
                        .iter()
                        .find(|c| c.after(&state) == after)
                        .map(|c| c.token(&state))
                        .unwrap();
                    searcher.clear();
                    let limits = Limits {
                        depth: Some(max_depth),
                        nodes: max_nodes,
                        multipv: choices.len(),
                        ..Limits::default()
                    };
                    let stop = AtomicBool::new(false);
                    // depth -> (nodes, ms, token -> value)
                    let mut depths: BTreeMap<u32, (u64, u128, BTreeMap<String, i32>)> =
                        BTreeMap::new();
                    searcher.search(&state, &limits, &settings, &stop, &mut |info| {
                        let e = depths.entry(info.depth).or_default();
                        e.0 = info.nodes;
                        e.1 = info.time.as_millis();
                        if let Some(t) = info.pv.first() {
                            e.2.insert(t.clone(), info.score.value);
                        }
                    });
                    let depths: Vec<serde_json::Value> = depths
                        .into_iter()
                        .map(|(d, (n, ms, v))| {
                            serde_json::json!({"depth": d, "nodes": n, "ms": ms, "values": v})
                        })
                        .collect();
                    println!(
                        "{}",
                        serde_json::json!({
                            "game": game.index, "turn": i, "side": state.to_move().to_string(),
                            "choices": choices.len(), "played": played_token, "depths": depths
                        })
                    );
                }
            }
            state = played.after(&state);
        }
    }
}
