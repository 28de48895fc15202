//! A board as the page draws it: both sides' checkers by point. Shared by
//! the live game's snapshot (`view`) and the review's steps (`review`).

#[cfg(test)]
use ncbg::board::POOL;
use ncbg::board::{Checkers, BAR};
use ncbg::game::GameState;
use ncbg::numbers::Side;
use serde::Serialize;

/// Both sides' checkers, each in its own coordinates: index 0 is borne
/// off, 1..=24 the points, 25 the bar, 26 the pool (the checkers still
/// waiting to enter in Backgammon Race, `protocol/rules.md` §9).
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// X's checkers.
    pub x: Vec<u8>,
    /// Y's checkers.
    pub y: Vec<u8>,
}

/// The board of a state.
pub fn board_view(s: &GameState) -> BoardView {
    let counts = |c: Checkers| {
        let mut v = c.to_slots().to_vec();
        v.push(c.pool());
        v
    };
    let (mover, opp) = (
        counts(s.position().mover()),
        counts(s.position().opponent()),
    );
    let (x, y) = match s.to_move() {
        Side::X => (mover, opp),
        Side::Y => (opp, mover),
    };
    BoardView { x, y }
}

/// A side's pip count from its [`BoardView`] counts: a checker waiting in
/// the pool has as far to go as one on the bar (25 pips).
pub fn pips(counts: &[u8]) -> u32 {
    counts
        .iter()
        .enumerate()
        .map(|(i, &c)| i.min(BAR) as u32 * u32::from(c))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::board::Variant;
    use ncbg::numbers::NumberRules;

    /// The race's start: every checker in the pool, 375 pips a side.
    #[test]
    fn the_pool_is_the_last_count() {
        let v = board_view(&GameState::start(Variant::Race, NumberRules::default()));
        assert_eq!((v.x.len(), v.x[POOL], v.y[POOL]), (27, 15, 15));
        assert_eq!((pips(&v.x), pips(&v.y)), (375, 375));
        let v = board_view(&GameState::standard());
        assert_eq!((v.x[POOL], pips(&v.x)), (0, 167));
    }
}
