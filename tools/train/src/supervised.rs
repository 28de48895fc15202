//! Training from self-play data: each state towards a blend of the game's
//! result (the five outcome probabilities, cross-entropy) and the search's
//! score (the outputs' equity, squared error), Stockfish NNUE's way of
//! mixing a game's result with the search's evaluation; or, with
//! [`ResultTarget::Equity`], the game's points blended into the equity target
//! alone, so that the outputs' split of the outcomes stays the search's; or,
//! with [`ResultTarget::Win`], the cross-entropy on the win output alone.

use crate::data::Game;
use crate::mlp::{outcome_target, Mlp, Target, ALL_OUTPUTS, WIN_OUTPUT};
use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::FeatureSet;
use ncbg::numbers::Side;
use ncbg::rng::Rng;

/// What a won or lost game's result teaches its states.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ResultTarget {
    /// The five outcome probabilities of the game's end (cross-entropy):
    /// a game that ended in a single win teaches its states that no gammon
    /// or backgammon could have come of them.
    #[default]
    Outcomes,
    /// The game's points, blended into the equity target (squared error of
    /// the outputs' equity only): the result moves the value, while how the
    /// outputs split it into gammons and backgammons stays the search's.
    Equity,
    /// Whether the game was won (cross-entropy on the win output alone): a
    /// game that ended in a single win teaches nothing about the gammon and
    /// backgammon outputs, which the search's score alone teaches.
    Win,
}

/// The training samples of `games`; `result_weight` in 0..=1 weighs the
/// game's result against the search's score, taught as `result_target`
/// says. A drawn game (stopped at the
/// turn cap or by a repetition: result 0) has no outcome to learn; its
/// states' equity target is the search's score moved `draw_weight` (0..=1)
/// of the way to 0, the draw's value (0: the search's score alone). With
/// `lambda` above 0 the search's score is replaced by its λ-return along the
/// game ([`score_returns`]). The states are encoded in feature set `set`
/// (the trained net's).
pub fn samples(
    games: &[Game],
    result_weight: f32,
    draw_weight: f32,
    lambda: f32,
    result_target: ResultTarget,
    set: FeatureSet,
) -> Vec<(Features, Target)> {
    let mut out = Vec::new();
    for g in games {
        let returns = score_returns(g, lambda);
        for ((state, _), &score) in g.states.iter().zip(&returns) {
            let points = if state.to_move() == Side::X {
                g.result
            } else {
                -g.result
            };
            let drawn = g.result == 0;
            let w = if drawn { 0.0 } else { result_weight };
            let score = if drawn {
                score * (1.0 - draw_weight)
            } else {
                score
            };
            let target = match result_target {
                ResultTarget::Outcomes | ResultTarget::Win => Target {
                    probabilities: outcome_target(points),
                    probability_weight: w,
                    probability_outputs: if result_target == ResultTarget::Win {
                        WIN_OUTPUT
                    } else {
                        ALL_OUTPUTS
                    },
                    equity: score,
                    equity_weight: 1.0 - w,
                },
                ResultTarget::Equity => Target {
                    probabilities: outcome_target(points),
                    probability_weight: 0.0,
                    probability_outputs: ALL_OUTPUTS,
                    equity: (1.0 - w) * score + w * points as f32,
                    equity_weight: 1.0,
                },
            };
            out.push((Features::of(state, set), target));
        }
    }
    out
}

/// The search's scores of a game's states in points, each for its state's
/// mover; with `lambda` above 0 each is its λ-return instead (TDLeaf(λ)'s
/// target): `(1 − λ)·score + λ·(the next state's return)`, the next one
/// read from this state's mover's side, and the last state's return its
/// own score. A later search's verdict thus reaches back along the game
/// beyond the horizon of the search that labelled the state.
pub fn score_returns(game: &Game, lambda: f32) -> Vec<f32> {
    let mut out: Vec<f32> = game
        .states
        .iter()
        .map(|&(_, score)| score as f32 / 1000.0)
        .collect();
    if lambda > 0.0 {
        for t in (0..out.len().saturating_sub(1)).rev() {
            let same = game.states[t].0.to_move() == game.states[t + 1].0.to_move();
            let next = if same { out[t + 1] } else { -out[t + 1] };
            out[t] = (1.0 - lambda) * out[t] + lambda * next;
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
        let won = samples(&[game(2)], 0.5, 0.75, 0.0, ResultTarget::Outcomes, set);
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
        let drawn = samples(&[game(0)], 0.5, 0.75, 0.0, ResultTarget::Outcomes, set);
        for (s, score) in drawn.iter().zip([0.1, -0.15]) {
            assert_eq!(s.1.probability_weight, 0.0);
            assert_eq!(s.1.equity_weight, 1.0);
            assert!((s.1.equity - score).abs() < 1e-6, "{} {score}", s.1.equity);
        }
        // Draw weight 0: the search's score alone, as before the option.
        let plain = samples(&[game(0)], 0.5, 0.0, 0.0, ResultTarget::Outcomes, set);
        assert_eq!(plain[0].1.equity, 0.4);
        assert_eq!(plain[1].1.equity, -0.6);
    }

    #[test]
    fn the_win_target_teaches_the_win_output_alone() {
        let set = FeatureSet::Board;
        let win = samples(&[game(2)], 0.5, 0.75, 0.0, ResultTarget::Win, set);
        let all = samples(&[game(2)], 0.5, 0.75, 0.0, ResultTarget::Outcomes, set);
        for (w, a) in win.iter().zip(&all) {
            // The same weights and targets, the cross-entropy on output 0 only.
            assert_eq!(w.1.probability_outputs, WIN_OUTPUT);
            assert_eq!(a.1.probability_outputs, ALL_OUTPUTS);
            assert_eq!(w.1.probabilities, a.1.probabilities);
            assert_eq!(w.1.probability_weight, a.1.probability_weight);
            assert_eq!(
                (w.1.equity, w.1.equity_weight),
                (a.1.equity, a.1.equity_weight)
            );
        }
        assert_eq!(win[1].1.probability_weight, 0.5);
    }

    #[test]
    fn the_equity_target_takes_the_result_as_points_and_leaves_the_split_alone() {
        let set = FeatureSet::Board;
        let won = samples(&[game(2)], 0.5, 0.75, 0.0, ResultTarget::Equity, set);
        // Y's state: half its score 0.4, half the gammon lost (-2); X's:
        // half -0.6, half +2. No cross-entropy on the outcomes.
        for (s, want) in won.iter().zip([0.5 * 0.4 - 1.0, 0.5 * -0.6 + 1.0]) {
            assert_eq!(s.1.probability_weight, 0.0);
            assert_eq!(s.1.equity_weight, 1.0);
            assert!((s.1.equity - want).abs() < 1e-6, "{} {want}", s.1.equity);
        }
        // A drawn game teaches as with the outcomes: its score moved to 0.
        let drawn = samples(&[game(0)], 0.5, 0.75, 0.0, ResultTarget::Equity, set);
        let plain = samples(&[game(0)], 0.5, 0.75, 0.0, ResultTarget::Outcomes, set);
        for (e, o) in drawn.iter().zip(&plain) {
            assert_eq!(e.1.equity, o.1.equity);
            assert_eq!((e.1.probability_weight, e.1.equity_weight), (0.0, 1.0));
        }
        // Result weight 0: the search's score alone, whichever the target.
        let none = samples(&[game(3)], 0.0, 0.0, 0.0, ResultTarget::Equity, set);
        assert_eq!(none[0].1.equity, 0.4);
        assert_eq!(none[1].1.equity, -0.6);
    }

    #[test]
    fn lambda_returns_reach_back_from_the_later_scores_with_the_movers_sign() {
        let g = game(1);
        // Y's 0.4 then X's -0.6: Y's return mixes in +0.6 (X's -0.6 from Y's side).
        let r = score_returns(&g, 0.5);
        assert!((r[0] - 0.5).abs() < 1e-6, "{r:?}");
        assert!((r[1] + 0.6).abs() < 1e-6, "{r:?}");
        // λ = 1: every state takes the last one's verdict, λ = 0 its own score.
        let r = score_returns(&g, 1.0);
        assert!((r[0] - 0.6).abs() < 1e-6, "{r:?}");
        assert_eq!(score_returns(&g, 0.0), vec![0.4, -0.6]);
        // The same mover twice in a row keeps the sign.
        let same = Game {
            index: 0,
            result: 1,
            states: vec![(g.states[0].0, 400), (g.states[0].0, -600)],
        };
        let r = score_returns(&same, 0.5);
        assert!((r[0] + 0.1).abs() < 1e-6, "{r:?}");
        // The samples use the returns as their equity targets.
        let s = samples(
            &[g],
            0.5,
            0.0,
            0.5,
            ResultTarget::Outcomes,
            FeatureSet::Board,
        );
        assert!((s[0].1.equity - 0.5).abs() < 1e-6);
    }
}
