//! What a TD game records: each state met and the value of the choice made
//! there, and how a choice is valued. Both kinds of TD game, NC
//! ([`td`](crate::td)) and dice ([`dice`](crate::dice)), produce these, and
//! `td` turns them into λ-returns.

use crate::mlp::outcome_target;
use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::{Network, Probabilities, OUTPUTS};
use ncbg::game::GameState;

/// One recorded state and the value of the choice made there.
pub struct Step {
    pub features: Features,
    /// The chosen child's value for the mover of this state.
    pub chosen: [f32; OUTPUTS],
}

/// The value of `child` (a state after the mover's choice) for that mover;
/// a finished game's by its object (in Anti-Backgammon the side that bore
/// off first lost).
pub fn child_value(net: &Network, child: &GameState) -> [f32; OUTPUTS] {
    match child.outcome() {
        Some(o) => outcome_target(-o.mover_points()),
        None => net.probabilities(child).flip().to_array(),
    }
}

/// Expected points of five chances.
pub fn equity(p: &[f32; OUTPUTS]) -> f32 {
    Probabilities::from_array(*p).equity()
}
