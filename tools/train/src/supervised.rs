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
/// game's result against the search's score. A drawn game (stopped at the
/// turn cap or by a repetition: result 0) has no outcome to learn; its
/// states' equity target is the search's score moved `draw_weight` (0..=1)
/// of the way to 0, the draw's value (0: the search's score alone). The
/// states are encoded in feature set `set` (the trained net's).
pub fn samples(
    games: &[Game],
    result_weight: f32,
    draw_weight: f32,
    set: FeatureSet,
) -> Vec<(Features, Target)> {
    let mut out = Vec::new();
    for g in games {
        for (state, score) in &g.states {
            let points = if state.to_move() == Side::X {
                g.result
            } else {
                -g.result
            };
            let drawn = g.result == 0;
            let w = if drawn { 0.0 } else { result_weight };
            let score = *score as f32 / 1000.0;
            out.push((
                Features::of(state, set),
                Target {
                    probabilities: outcome_target(points),
                    probability_weight: w,
                    equity: if drawn {
                        score * (1.0 - draw_weight)
                    } else {
                        score
                    },
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

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::game::GameState;

    fn game(result: i32) -> Game {
        let mut g = GameState::standard();
        g.pick(3).unwrap();
        let y = g;
        g.pick(5).unwrap();
        Game {
            index: 0,
            result,
            // Y is to move in the first state (it picks its initial number),
            // X in the second.
            states: vec![(y, 400), (g, -600)],
        }
    }

    #[test]
    fn a_won_game_blends_its_result_and_a_drawn_game_moves_its_scores_to_zero() {
        let set = FeatureSet::Board;
        let won = samples(&[game(2)], 0.5, 0.75, set);
        // X won a gammon: Y's state learns a gammon loss, X's a gammon win,
        // each half and half with the search's score (the draw weight does
        // not apply).
        assert_eq!(won[0].1.probabilities, outcome_target(-2));
        assert_eq!(won[1].1.probabilities, outcome_target(2));
        for (s, score) in won.iter().zip([0.4, -0.6]) {
            assert_eq!(s.1.probability_weight, 0.5);
            assert_eq!(s.1.equity_weight, 0.5);
            assert_eq!(s.1.equity, score);
        }
        // A drawn game: no outcome to learn, the score moved towards 0.
        let drawn = samples(&[game(0)], 0.5, 0.75, set);
        for (s, score) in drawn.iter().zip([0.1, -0.15]) {
            assert_eq!(s.1.probability_weight, 0.0);
            assert_eq!(s.1.equity_weight, 1.0);
            assert!((s.1.equity - score).abs() < 1e-6, "{} {score}", s.1.equity);
        }
        // Draw weight 0: the search's score alone, as before the option.
        let plain = samples(&[game(0)], 0.5, 0.0, set);
        assert_eq!(plain[0].1.equity, 0.4);
        assert_eq!(plain[1].1.equity, -0.6);
    }
}
