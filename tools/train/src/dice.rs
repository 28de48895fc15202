//! TD games under dice: classical backgammon's random pairs instead of the
//! players' picks, as extra states for [`td`](crate::td) that NC self-play
//! never reaches.
//!
//! NC self-play is deterministic, so the net meets only the positions its own
//! picks lead to (self-play inbreeding: it never holds back against itself,
//! and misjudges the positions a stronger player steers it into). Dice games
//! wander over every kind of position. Their states are encoded with no
//! current numbers (as the opening's X-to-pick state, which is also the
//! start position of every dice game): the net learns the value before the
//! roll there, and the board features it learns are shared with the NC
//! states, whose inputs always hold both numbers after turn 0.
//!
//! Each turn a pair is rolled (doublets included, 1 in 6), every legal play
//! is valued by the net at one ply and the mover takes the best; the TD
//! targets are then formed exactly as for NC games (the [`Step`]s go back
//! to [`td`](crate::td)).

use crate::trajectory::{child_value, equity, Step};
use ncbg::board::{Position, Variant};
use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::{Network, OUTPUTS};
use ncbg::game::GameState;
use ncbg::movegen::legal_plays;
use ncbg::numbers::NumberRules;
use ncbg::pair::Pair;
use ncbg::rng::Rng;

/// The state the net reads for `position` (seen from its mover) before the
/// roll: no numbers, k = 6 and two credits each, as at the start of an NC game.
pub fn pre_roll(position: Position) -> GameState {
    GameState::from_position(position, NumberRules::default())
}

/// A random pair of dice.
fn roll(rng: &mut Rng) -> Pair {
    let a = 1 + rng.index(6) as u8;
    let b = 1 + rng.index(6) as u8;
    Pair::new(a, b).expect("dice 1-6 make a pair")
}

/// The best play of `pair` from `position` by `net` at one ply: the
/// position after it (still seen from the mover) and its value for the mover.
fn best_play(net: &Network, position: &Position, pair: Pair) -> (Position, [f32; OUTPUTS]) {
    legal_plays(position, pair)
        .iter()
        .map(|p| (p.after, child_value(net, &pre_roll(p.after.flip()))))
        .max_by(|a, b| equity(&a.1).total_cmp(&equity(&b.1)))
        .expect("legal_plays is never empty")
}

/// Plays one dice game from the standard start by `net` at one ply; `None`
/// when it reaches `max_turns` without a result.
pub fn play_game(net: &Network, max_turns: u32, rng: &mut Rng) -> Option<Vec<Step>> {
    let mut position = Variant::Standard.start();
    let mut steps = Vec::with_capacity(96);
    for _ in 0..max_turns {
        let (best, value) = best_play(net, &position, roll(rng));
        steps.push(Step {
            features: Features::of(&pre_roll(position), net.features()),
            chosen: value,
        });
        let next = best.flip();
        if next.outcome().is_some() {
            return Some(steps);
        }
        position = next;
    }
    None
}

/// The position (seen from its mover) after `turns` dice turns from the
/// standard start, played by `net` at one ply as in [`play_game`]; `None`
/// when the game ends on the way. A start for NC self-play in the positions
/// dice reach (see `selfplay --dice-turns`).
pub fn opening(net: &Network, turns: u32, rng: &mut Rng) -> Option<Position> {
    let mut position = Variant::Standard.start();
    for _ in 0..turns {
        position = best_play(net, &position, roll(rng)).0.flip();
        if position.outcome().is_some() {
            return None;
        }
    }
    Some(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mlp::Mlp;
    use ncbg::eval::nn::features::{MOVER_CREDITS, MOVER_NUMBER};
    use ncbg::eval::nn::FeatureSet;

    #[test]
    fn dice_openings_move_checkers_and_differ_by_seed() {
        let net = Mlp::new(FeatureSet::Board, 8, 1).to_network();
        let start = Variant::Standard.start();
        assert_eq!(opening(&net, 0, &mut Rng::new(1)), Some(start));
        let a = opening(&net, 6, &mut Rng::new(1)).expect("six turns end no game");
        let b = opening(&net, 6, &mut Rng::new(2)).expect("six turns end no game");
        assert_ne!(a, start);
        assert_ne!(a, b);
        // Six turns of a legal game keep the checkers.
        assert_eq!(a.checkers_per_side(), 15);
    }

    #[test]
    fn dice_games_end_and_differ_by_seed() {
        let net = Mlp::new(FeatureSet::Contact, 8, 1).to_network();
        let a = play_game(&net, 2000, &mut Rng::new(1)).expect("a dice game ends");
        let b = play_game(&net, 2000, &mut Rng::new(2)).expect("a dice game ends");
        assert!(a.len() > 10);
        // The last step's chosen value is the game's end: a win for its mover.
        assert_eq!(a.last().unwrap().chosen[0], 1.0);
        let dense = |s: &Step| s.features.dense();
        assert_ne!(
            a.iter().take(6).map(dense).collect::<Vec<_>>(),
            b.iter().take(6).map(dense).collect::<Vec<_>>()
        );
        // Every state is read without numbers.
        for s in &a {
            assert!(dense(s)[MOVER_NUMBER..MOVER_CREDITS]
                .iter()
                .all(|&v| v == 0.0));
        }
    }
}
