//! The analysis lab's candidate experiment: every judged turn of a match
//! file analysed with the library's analysis (`judge_turn`) at a given
//! depth, screening every choice and searching only the screen's best
//! few and the played one to the full depth (or every choice, COUNT 0).
//! One JSON object a turn on stdout: the played and best choices, their
//! values, the loss, depth and nodes (`tools/analysis_compare.py` compares
//! two runs; `docs/analysis.md`).
//!
//! `cargo run --release --example analysis_candidates -- MATCH DEPTH SCREEN COUNT MARGIN [JOB/JOBS]`
//!
//! Environment: `TURNS=GAME:TURN,...` (those turns alone, games in file
//! order), `PLAYER=NAME` (that engine's turns alone), `NO_PLAY_DEPTHS=1`
//! (the file's `depths` not read: no mark checked past the play's depth).
use ncbg::analysis::{judge_turn, played_turns_at, AnalysisSettings, Candidates};
use ncbg::eval::NnEval;
use ncbg::matchfile::{start_state, MatchFile};
use ncbg::search::Searcher;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 6 {
        eprintln!("usage: analysis_candidates MATCH DEPTH SCREEN COUNT MARGIN [JOB/JOBS]");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).expect("a match file");
    let depth: u32 = args[2].parse().expect("a depth");
    let screen_depth: u32 = args[3].parse().expect("a screen depth");
    let count: usize = args[4].parse().expect("a count");
    let margin: i32 = args[5].parse().expect("a margin");
    let (job, jobs) = args.get(6).map_or((0, 1), |s| {
        let (a, b) = s.split_once('/').expect("JOB/JOBS");
        (a.parse().unwrap(), b.parse().unwrap())
    });
    let mut settings = AnalysisSettings::default().with_depth(depth).unwrap();
    settings.candidates = (count > 0).then_some(Candidates {
        screen_depth,
        count,
        margin,
    });
    // TURNS="GAME:TURN,..." (file order, as printed) judges those turns alone.
    let only: Option<Vec<(usize, usize)>> = std::env::var("TURNS").ok().map(|v| {
        v.split(',')
            .map(|p| {
                let (g, t) = p.split_once(':').expect("GAME:TURN");
                (g.parse().expect("a game"), t.parse().expect("a turn"))
            })
            .collect()
    });
    let player = std::env::var("PLAYER").ok();
    let play_depths = std::env::var("NO_PLAY_DEPTHS").is_err();
    let file = MatchFile::parse(&text);
    let variant = file.header.variant().unwrap();
    let numbers = file.header.numbers().unwrap();
    let net = NnEval::embedded();
    let mut searcher = Searcher::new(64, Box::new(NnEval::embedded()));
    let mut item = 0usize;
    for (g, game) in file.games.iter().enumerate() {
        let start = start_state(&game.opening, variant, numbers).unwrap();
        let depths = if play_depths { &game.depths[..] } else { &[] };
        for turn in played_turns_at(&start, &game.moves, depths).unwrap() {
            if turn.is_cube() {
                continue;
            }
            item += 1;
            if item % jobs != job {
                continue;
            }
            // PLAYER=NAME judges that engine's turns alone.
            if player
                .as_deref()
                .is_some_and(|p| p != game.name(turn.state.to_move()))
                || only.as_ref().is_some_and(|o| !o.contains(&(g, turn.index)))
            {
                continue;
            }
            let t = std::time::Instant::now();
            let r = judge_turn(&mut searcher, &net, &turn, &settings).unwrap();
            let line = serde_json::json!({
                "game": g,
                "side": r.side,
                "turn": r.turn,
                "played": r.played,
                "best": r.best,
                "played_score": r.played_score,
                "best_score": r.best_score,
                "loss": r.loss,
                "depth": r.depth,
                "play_depth": r.play_depth,
                "nodes": r.nodes,
                "ms": t.elapsed().as_millis() as u64,
            });
            println!("{line}");
        }
    }
}
