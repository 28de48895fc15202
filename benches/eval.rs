//! Cost of one static evaluation: the learned net (`Eval nn`) and the
//! handcrafted evaluation (`Eval classic`), side by side in one run, over
//! the states of seeded random games (mixed phases, contact and races),
//! one after another as the games met them ("games") and as the search
//! meets them, each state's children in a row ("siblings": the net
//! corrects its sums from the last state's, see `eval::nn::incremental`).
//!
//!     cargo bench --bench eval            (best of 5 runs)
//!     cargo bench --bench eval -- 9       (best of 9 runs)
//!     NCBG_EVAL_FILE=net.ncnn cargo bench --bench eval   (that net too)

use ncbg::eval::nn::{file, NnEval};
use ncbg::eval::{Evaluator, Handcrafted};
use ncbg::game::GameState;
use ncbg::rng::Rng;
use ncbg::turn::{legal_turns, random_turn};
use std::hint::black_box;
use std::time::Instant;

/// The states met in `games` random games (finished ones left out).
fn states(games: u64) -> Vec<GameState> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut g = GameState::standard();
        while let Some(c) = random_turn(&g, &mut rng) {
            g = c.after(&g);
            if g.is_over() || out.len() > 200_000 {
                break;
            }
            out.push(g);
        }
    }
    out
}

/// The children of every 20th state of `states`, siblings in a row.
fn siblings(states: &[GameState]) -> Vec<GameState> {
    states
        .iter()
        .step_by(20)
        .flat_map(|s| legal_turns(s).into_iter().map(|c| c.after(s)))
        .filter(|c| !c.is_over())
        .take(200_000)
        .collect()
}

fn time_per_eval(eval: &dyn Evaluator, states: &[GameState], runs: usize) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let t = Instant::now();
        let mut sum = 0i64;
        for s in states {
            sum += i64::from(eval.evaluate(black_box(s)));
        }
        black_box(sum);
        best = best.min(t.elapsed().as_secs_f64());
    }
    best / states.len() as f64
}

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(5);
    let states = states(400);
    let siblings = siblings(&states);
    let nn = NnEval::embedded();
    let classic = Handcrafted::default();
    println!(
        "{} states of games, {} siblings ({} hidden units), best of {runs} runs:",
        states.len(),
        siblings.len(),
        nn.network().hidden()
    );
    let mut evals: Vec<(String, Box<dyn Evaluator>)> = vec![
        ("nn".into(), Box::new(nn)),
        ("classic".into(), Box::new(classic)),
    ];
    if let Ok(path) = std::env::var("NCBG_EVAL_FILE") {
        let bytes = std::fs::read(&path).expect("NCBG_EVAL_FILE is readable");
        let net = file::read(&bytes).expect("NCBG_EVAL_FILE is a net file");
        let name = format!(
            "file (set {}, {} hidden)",
            net.features().id(),
            net.hidden()
        );
        evals.push((name, Box::new(NnEval::new(net.into()))));
    }
    for (name, eval) in &evals {
        let games = time_per_eval(eval.as_ref(), &states, runs);
        let row = time_per_eval(eval.as_ref(), &siblings, runs);
        println!(
            "{name:>8}: {:7.1} ns per evaluation (games), {:7.1} ns (siblings)",
            games * 1e9,
            row * 1e9
        );
    }
}
