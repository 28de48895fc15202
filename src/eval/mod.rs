//! Evaluation: a state's static value for the side to move, in
//! millipoints, behind the [`Evaluator`] trait. The search takes any
//! evaluator its caller passes in and knows none of them.
//!
//! - [`classic`]: the handcrafted evaluation ([`Handcrafted`]), a baseline;
//! - [`nn`]: the learned one ([`NnEval`]: a small net trained by self-play,
//!   embedded in the binary), the engine's default.
//!
//! This layer sits on the rules (`game`, `board`) and below the search.

pub mod classic;
pub mod cube;
pub mod nn;

use crate::game::GameState;

pub use classic::Handcrafted;
pub use nn::NnEval;

/// A static evaluation. `Sync`: the search threads share one.
pub trait Evaluator: Send + Sync {
    /// Value of `state` for its side to move, in millipoints, strictly between
    /// -3000 and 3000 and never a multiple of 1000 (those are kept for
    /// finished games). The game must not be over.
    fn evaluate(&self, state: &GameState) -> i32;

    /// The terms of the evaluation, for display (`eval`): (name, value as
    /// written).
    fn terms(&self, state: &GameState) -> Vec<(&'static str, String)>;
}

/// Clamps into (-3000, 3000) and steps off multiples of 1000.
pub fn finish(v: i32) -> i32 {
    let v = v.clamp(-2999, 2999);
    if v % 1000 == 0 {
        if v >= 0 {
            v + 1
        } else {
            v - 1
        }
    } else {
        v
    }
}
