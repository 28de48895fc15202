//! The analysis's root method as a player: does choosing a turn as the
//! analysis judges one (every choice screened, the screen's best and those
//! near it searched alike with full windows, the three deepest depths
//! weighted 1:2:1) play better than the engine's search at the same nodes?
//! Side A chooses by `ncbg::analysis::analyze_position` with the default
//! candidates under a node cap a turn (as deep as the cap allows); side B
//! by the engine's search (`Searcher`, its table kept between turns) with
//! the same cap. Cubeless games of the standard start, 60 a round (the 30
//! opening pairs with colours swapped, two random turns after them).
//!
//!     cargo run --release --example root_duel -- NODES ROUNDS|A..B [JOBS]
//!
//! Prints a `game` line a game on stderr and A's mean points a game with a
//! 95% interval.

#[allow(dead_code)]
mod duel_support;

use duel_support::{jobs, mean_interval, opening, run_parallel, Player};
use ncbg::analysis::{analyze_position, AnalysisSettings, MAX_DEPTH};
use ncbg::duel::{self, DuelRules};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher};
use ncbg::turn::legal_turns;
use std::sync::Mutex;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "root_duel NODES ROUNDS|A..B [JOBS]";
    let nodes: u64 = args.get(1).and_then(|s| s.parse().ok()).expect(usage);
    let rounds = match args.get(2).map(|s| s.split_once("..")) {
        Some(Some((a, b))) => a.parse().expect(usage)..b.parse().expect(usage),
        _ => 0..args.get(2).and_then(|s| s.parse().ok()).expect(usage),
    };
    let threads: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut settings = AnalysisSettings::default().with_depth(MAX_DEPTH).unwrap();
    settings.nodes = Some(nodes);
    let work = jobs(rounds);
    let points = Mutex::new(vec![0f64; work.len()]);
    run_parallel(&work, threads, |i, job| {
        let start = opening(GameState::standard(), job.x0, job.y0, job.seed());
        let mut analyst = Searcher::new(16, Box::new(NnEval::embedded()));
        let mut engine = Player::new(Box::new(NnEval::embedded()));
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let rules = DuelRules {
            max_turns: 600,
            repetition: true,
        };
        let d = duel::play(start, &rules, &mut |state, history| {
            let a_moves = (state.to_move().index() == 0) == job.a_is_x;
            if !a_moves {
                return engine.best(state, history, &limits);
            }
            analyst.set_history(history);
            let report = analyze_position(&mut analyst, state, &settings, 1).ok()?;
            legal_turns(state)
                .into_iter()
                .find(|t| t.token(state) == report.best)
        });
        let x = f64::from(d.points_for_x());
        let a = if job.a_is_x { x } else { -x };
        eprintln!(
            "game {i} round {} pair {}-{} a_is_x {} end {:?} turns {} a_points {a}",
            job.round, job.x0, job.y0, job.a_is_x, d.end, d.turns
        );
        points.lock().unwrap()[i] = a;
    });
    let p = points.into_inner().unwrap();
    let (mean, half) = mean_interval(&p);
    let won = p.iter().filter(|&&x| x > 0.0).count();
    let lost = p.iter().filter(|&&x| x < 0.0).count();
    println!(
        "A (analysis root) v B (search) at {nodes} nodes: {} games, {won} won {lost} lost {} drawn, \
         A's points a game {mean:+.3} ± {half:.3}",
        p.len(),
        p.len() - won - lost
    );
}
