//! Distillation (`ncbg-train distill`): a net learns another net's values
//! (the teacher: typically an ensemble made by [`crate::ensemble`], too slow
//! to play with) on the states a search meets. The states are those of
//! self-play data files and, for each, up to `children` of its children
//! drawn at random (the search evaluates every child of the nodes it
//! expands, most of them states no game reaches); each is labelled with
//! the teacher's five chances (made consistent, as the engine reads them)
//! and the student is trained towards them by cross-entropy. The labels
//! are ncbg's own nets', nothing else's.

use crate::data::Game;
use crate::mlp::{Mlp, Target};
use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::Network;
use ncbg::game::GameState;
use ncbg::rng::Rng;
use ncbg::turn::legal_turns;

/// Samples labelled per chunk of a training pass (bounds the memory that
/// encoded inputs take: a chunk of states is encoded at a time).
const CHUNK: usize = 1 << 16;

/// The states to distil on: every state of `games` that is not over and,
/// for each, up to `children` of its children (drawn without repeats by
/// `rng`; children that end the game are left out).
pub fn states(games: &[Game], children: usize, rng: &mut Rng) -> Vec<GameState> {
    let mut out = Vec::new();
    for g in games {
        for (state, _) in &g.states {
            if state.is_over() {
                continue;
            }
            out.push(*state);
            if children == 0 {
                continue;
            }
            let mut kids: Vec<GameState> = legal_turns(state)
                .iter()
                .map(|t| t.after(state))
                .filter(|c| !c.is_over())
                .collect();
            let take = children.min(kids.len());
            for i in 0..take {
                let j = i + rng.index(kids.len() - i);
                kids.swap(i, j);
            }
            out.extend_from_slice(&kids[..take]);
        }
    }
    out
}

/// The teacher's target for `state`: its consistent chances, cross-entropy only.
pub fn target(teacher: &Network, state: &GameState) -> Target {
    Target {
        probabilities: teacher.probabilities(state).to_array(),
        probability_weight: 1.0,
        probability_outputs: crate::mlp::ALL_OUTPUTS,
        equity: 0.0,
        equity_weight: 0.0,
    }
}

/// The mean absolute difference of the two nets' equities (in points) over
/// `states`: how far the student is from its teacher.
pub fn gap(student: &Network, teacher: &Network, states: &[GameState]) -> f32 {
    let sum: f64 = states
        .iter()
        .map(|s| {
            f64::from((student.probabilities(s).equity() - teacher.probabilities(s).equity()).abs())
        })
        .sum();
    (sum / states.len().max(1) as f64) as f32
}

/// `epochs` shuffled passes of `student` towards `teacher` over `states`;
/// returns the last pass's mean loss. The teacher labels each state once.
pub fn train(
    student: &mut Mlp,
    teacher: &Network,
    states: &[GameState],
    epochs: u32,
    batch: usize,
    learning_rate: f32,
    rng: &mut Rng,
) -> f32 {
    let labelled: Vec<(GameState, Target)> =
        states.iter().map(|s| (*s, target(teacher, s))).collect();
    let mut order: Vec<usize> = (0..labelled.len()).collect();
    let mut loss = 0.0;
    for _ in 0..epochs {
        rng.shuffle(&mut order);
        let (mut total, mut steps) = (0.0, 0);
        for chunk in order.chunks(CHUNK) {
            let encoded: Vec<(Features, Target)> = chunk
                .iter()
                .map(|&i| {
                    (
                        Features::of(&labelled[i].0, student.features),
                        labelled[i].1,
                    )
                })
                .collect();
            for b in encoded.chunks(batch.max(1)) {
                let b: Vec<(&Features, Target)> = b.iter().map(|(f, t)| (f, *t)).collect();
                total += student.step(&b, learning_rate);
                steps += 1;
            }
        }
        loss = if steps == 0 {
            0.0
        } else {
            total / steps as f32
        };
    }
    loss
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::turn::random_turn;

    fn random_game(seed: u64) -> Game {
        let mut rng = Rng::new(seed);
        let mut g = GameState::standard();
        let mut states = Vec::new();
        while !g.is_over() && states.len() < 60 {
            states.push((g, 0));
            match random_turn(&g, &mut rng) {
                Some(t) => g = t.after(&g),
                None => break,
            }
        }
        Game {
            index: 0,
            result: 0,
            states,
        }
    }

    #[test]
    fn children_are_drawn_from_each_state() {
        let game = random_game(1);
        let plain = states(std::slice::from_ref(&game), 0, &mut Rng::new(2));
        assert_eq!(plain.len(), game.states.len());
        let wide = states(std::slice::from_ref(&game), 3, &mut Rng::new(2));
        assert!(wide.len() > 2 * plain.len());
        // Every drawn state is a game state or a child of one.
        for s in &wide {
            assert!(game
                .states
                .iter()
                .any(|(g, _)| { g == s || legal_turns(g).iter().any(|t| t.after(g) == *s) }));
        }
        assert_eq!(
            wide,
            states(std::slice::from_ref(&game), 3, &mut Rng::new(2))
        );
    }

    #[test]
    fn the_student_moves_towards_the_teacher() {
        let teacher = Network::embedded();
        let games: Vec<Game> = (0..4).map(random_game).collect();
        let set = states(&games, 4, &mut Rng::new(3));
        // A student that starts far from the teacher: fresh weights.
        let mut student = Mlp::new(teacher.features(), 16, 9);
        let gap = |m: &Mlp| super::gap(&m.to_network(), &teacher, &set);
        assert_eq!(super::gap(&teacher, &teacher, &set), 0.0);
        let before = gap(&student);
        let loss1 = train(&mut student, &teacher, &set, 1, 32, 0.003, &mut Rng::new(4));
        let loss5 = train(&mut student, &teacher, &set, 5, 32, 0.003, &mut Rng::new(5));
        let after = gap(&student);
        assert!(loss5 < loss1, "loss {loss1} -> {loss5}");
        assert!(after < before * 0.6, "equity gap {before} -> {after}");
    }
}
