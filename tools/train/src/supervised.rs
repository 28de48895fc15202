//! Training from self-play data: each state towards a blend of the game's
//! result (the five outcome probabilities, cross-entropy) and the search's
//! score (the outputs' equity, squared error), Stockfish NNUE's way of
//! mixing a game's result with the search's evaluation.

use crate::data::Game;
use crate::mlp::{outcome_target, Mlp, Target};
use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::FeatureSet;
use ncbg::numbers::Side;
use ncbg::rng::Rng;

/// The training samples of `games`; `result_weight` in 0..=1 weighs the
/// game's result against the search's score. Games stopped at the turn cap
/// (result 0) keep only their search scores. The states are encoded in
/// feature set `set` (the trained net's).
pub fn samples(games: &[Game], result_weight: f32, set: FeatureSet) -> Vec<(Features, Target)> {
    let mut out = Vec::new();
    for g in games {
        for (state, score) in &g.states {
            let points = if state.to_move() == Side::X {
                g.result
            } else {
                -g.result
            };
            let w = if g.result == 0 { 0.0 } else { result_weight };
            out.push((
                Features::of(state, set),
                Target {
                    probabilities: outcome_target(points),
                    probability_weight: w,
                    equity: *score as f32 / 1000.0,
                    equity_weight: 1.0 - w,
                },
            ));
        }
    }
    out
}

/// `epochs` shuffled passes over `samples`; returns the last pass's loss.
pub fn train(
    mlp: &mut Mlp,
    samples: &[(Features, Target)],
    epochs: u32,
    batch: usize,
    learning_rate: f32,
    seed: u64,
) -> f32 {
    let mut rng = Rng::new(seed);
    let mut loss = 0.0;
    for _ in 0..epochs {
        loss = crate::td::train_pass(mlp, samples, batch, learning_rate, &mut rng);
    }
    loss
}
