//! Text identifiers: GNU Backgammon's Position ID for the board, and ncbg's
//! full-state ID for a whole NC game state.

pub mod position_id;
pub mod state_id;
