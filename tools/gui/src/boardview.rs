//! A board as the page draws it: both sides' checkers by point. Shared by
//! the live game's snapshot (`view`) and the review's steps (`review`).

use ncbg::game::GameState;
use ncbg::numbers::Side;
use serde::Serialize;

/// Both sides' checkers, each in its own coordinates: index 0 is borne
/// off, 1..=24 the points, 25 the bar.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// X's checkers.
    pub x: Vec<u8>,
    /// Y's checkers.
    pub y: Vec<u8>,
}

/// The board of a state.
pub fn board_view(s: &GameState) -> BoardView {
    let (mover, opp) = (
        s.position().mover().to_slots(),
        s.position().opponent().to_slots(),
    );
    let (x, y) = match s.to_move() {
        Side::X => (mover, opp),
        Side::Y => (opp, mover),
    };
    BoardView {
        x: x.to_vec(),
        y: y.to_vec(),
    }
}
