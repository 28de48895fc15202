//! Where an analysis's marks fall: the turns of a referee match file judged in
//! a run of `analysis_candidates` (JSON lines), counted by the stage of the
//! game before the turn (contact, race, bear-off) with their marks (a loss of
//! 80 mp or more), for every player or the players whose name starts with
//! PREFIX.
//!
//! ```sh
//! cargo build --release --example marks_by_stage
//! target/release/examples/marks_by_stage setE.txt e7.jsonl n1m
//! ```

use ncbg::analysis::played_turns;
use ncbg::matchfile::MatchFile;
use std::collections::{BTreeMap, HashMap};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: marks_by_stage MATCH RUN.jsonl [PLAYER_PREFIX]");
        std::process::exit(2);
    }
    let read = |path: &str| {
        std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("marks_by_stage: {path}: {e}");
            std::process::exit(1)
        })
    };
    let prefix = args.get(3).map_or("", String::as_str);
    let file = MatchFile::parse(&read(&args[1]));
    // (game, turn index) -> (stage, mover's name)
    let mut stage = HashMap::new();
    for (g, game) in file.games.iter().enumerate() {
        let start = file.header.game_start(game).expect("the game's start");
        for turn in played_turns(&start, &game.moves).expect("the game's turns") {
            if turn.is_cube() {
                continue;
            }
            let name = match turn.state.to_move() {
                ncbg::numbers::Side::X => &game.x_name,
                ncbg::numbers::Side::Y => &game.y_name,
            };
            let s = format!("{:?}", turn.state.position().stage());
            stage.insert((g, turn.index), (s, name.clone()));
        }
    }
    let mut counts: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut unmatched = 0;
    for line in read(&args[2]).lines().filter(|l| !l.trim().is_empty()) {
        let r: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let key = (
            r["game"].as_u64().expect("game") as usize,
            r["turn"].as_u64().expect("turn") as usize,
        );
        let Some((s, name)) = stage.get(&key) else {
            unmatched += 1;
            continue;
        };
        if !name.starts_with(prefix) {
            continue;
        }
        let c = counts.entry(s.clone()).or_default();
        c.0 += 1;
        if r["loss"].as_i64().unwrap_or(0) >= 80 {
            c.1 += 1;
        }
    }
    for (s, (turns, marks)) in &counts {
        println!("{s:8} turns {turns:5} marks {marks:3}");
    }
    if unmatched > 0 {
        println!("({unmatched} judged turns not in the match file)");
    }
}
