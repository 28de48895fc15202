//! The turn-start states of referee match files that have no checker in a
//! pool, written as a self-play data file (`tools/train/README.md`): each
//! game a line with its result (the points X won, 0 for a draw; forfeits
//! are left out) and every state scored 0, for `ncbg-train relabel` to
//! search again. A lab tool: the race's states after its entry phase as
//! training data (`docs/lab/race-evaluation.md`).
//!
//! ```sh
//! cargo build --release --example match_states
//! target/release/examples/match_states race-d2.txt > race-post-entry.data
//! ```

use ncbg::analysis::played_turns;
use ncbg::game::{GameState, Phase};
use ncbg::matchfile::{GameEnd, MatchFile};
use ncbg::numbers::Side;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: match_states MATCH_FILE...");
        std::process::exit(2);
    }
    println!(
        "ncbg-selfplay 1 seed=0 games=0 depth=0 nodes=0 explore=0 temperature=0 \
         max_turns=500 shard=0/1 net=0 variant=standard k=6 credits=2"
    );
    let mut written = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("match_states: {path}: {e}");
            std::process::exit(1)
        });
        let file = MatchFile::parse(&text);
        for g in &file.games {
            let Ok(s) = file.header.game_start(g) else {
                continue;
            };
            let result = match &g.end {
                GameEnd::Win { winner, kind } => {
                    let points = kind.points() as i32;
                    if *winner == Side::X {
                        points
                    } else {
                        -points
                    }
                }
                GameEnd::Forfeit { .. } => continue,
                _ => 0,
            };
            let Ok(turns) = played_turns(&s, &g.moves) else {
                continue;
            };
            // Each turn's state before it, and the state the last turn left
            // (a game stopped at the cap ends on one that is not over).
            let last = turns.last().map(|t| t.played.after(&t.state));
            let states: Vec<GameState> = turns
                .iter()
                .filter(|t| !t.is_cube())
                .map(|t| t.state)
                .chain(last)
                .filter(|s| s.phase() == Phase::Pick && !s.is_over())
                .filter(|s| s.position().pools() == (0, 0))
                .collect();
            if states.is_empty() {
                continue;
            }
            let ids: Vec<String> = states
                .iter()
                .map(|s| format!("{}=0", ncbg::ids::state_id::encode(s)))
                .collect();
            println!(
                "game {written} result {result} states {} end",
                ids.join(" ")
            );
            written += 1;
        }
    }
}
