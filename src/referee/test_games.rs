//! Game records for the referee's unit tests: the fields a test does not
//! care about filled in one way.

use crate::matchfile::{GameEnd, GameRecord, Opening};

/// Game `index` (of game pair `index / 2`, round 0, from the initial pair
/// 1-2) between `x` and `y`, ending with `end`, without moves or detail.
pub fn game(index: u64, x: &str, y: &str, end: GameEnd) -> GameRecord {
    GameRecord {
        depths: Vec::new(),
        index,
        pair: index / 2,
        round: 0,
        opening: Opening::Pair { x0: 1, y0: 2 },
        x_name: x.into(),
        y_name: y.into(),
        end,
        detail: String::new(),
        moves: Vec::new(),
        stakes: crate::matchfile::Stakes::default(),
    }
}
