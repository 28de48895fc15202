//! What a TD game records: each state met and the value of the choice made
//! there. Both kinds of TD game, NC ([`td`](crate::td)) and dice
//! ([`dice`](crate::dice)), produce these, and `td` turns them into
//! λ-returns.

use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::OUTPUTS;

/// One recorded state and the value of the choice made there.
pub struct Step {
    pub features: Features,
    /// The chosen child's value for the mover of this state.
    pub chosen: [f32; OUTPUTS],
}
