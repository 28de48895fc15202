//! Strength against perfect play: the engine's search judged by an exact
//! table on random reachable states of the table's game.
//!
//! Where a game is solved (NC-Hypergammon, `ncbg tables build --full`), how
//! far the engine is from perfect play can be measured rather than guessed
//! from matches against other imperfect players. States are drawn by random
//! play from the game's start (a seeded schedule: a random initial pair, then
//! 0..=`max_turns` uniformly random turns; a state is kept when the mover is
//! to pick, the game is under way and the table holds it), each is searched
//! afresh (the hash table cleared, no game history) with the engine's own
//! settings and the limits given, and the turn it plays is judged by the
//! table: the points it gives up against the best choice, whether a won
//! state was left as a draw or a loss ("thrown"), and whether a drawn one
//! was left as a loss.
//!
//! The table is never seen by the search (it would answer from it): it is
//! the judge only. The same states come out for a seed on any machine, and
//! with node or depth limits the same verdicts, so two nets or two builds
//! are compared on the same states.
//!
//! [`states`]: which states are judged or taught, and their exact labels
//! (training data may come only from the tables whose values may teach);
//! [`verdicts`]: the engine's search on each state, the verdicts and their
//! figures.

pub mod states;
pub mod verdicts;

pub use states::*;
pub use verdicts::*;

/// A full table of two checkers a side, k = 3, no credits, and its start:
/// solved in a second or two, for the tests of both halves.
#[cfg(test)]
pub(crate) fn tiny() -> (ncbg::tables::Table, ncbg::game::GameState) {
    use ncbg::board::Position;
    use ncbg::game::GameState;
    use ncbg::numbers::NumberRules;
    use ncbg::tables::{solve, Space, Spec, Table};
    let spec = Spec {
        space: Space::full(2),
        k: 3,
        credits: 0,
    };
    let table = Table::from_solved(solve::solve(spec, 1, &|_| {}).unwrap());
    let mut side = [0u8; 25];
    side[23] = 1;
    side[22] = 1;
    let pos = Position::from_points(&side, &side, 2).unwrap();
    let start = GameState::from_position(pos, NumberRules::new(3, 0).unwrap());
    (table, start)
}
