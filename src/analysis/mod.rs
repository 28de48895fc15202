//! Batch analysis: the engine's verdict on many positions, or on every turn of
//! recorded games, for scripts and analysts (`ncbg analyze`).
//!
//! Every analysis runs with [`AnalysisSettings`] (the library's default, the
//! quick preset, or custom). By default every choice of an analysed state
//! is screened at depth 3, and the screen's best few and the played choice
//! are searched alike to the full depth, each with a full window
//! ([`Candidates`]); each choice's value weighs its values at the three
//! deepest depths 1:2:1, since a search's values swing between odd and
//! even depths in No-Chance Backgammon.
//!
//! For a position: the best choice, its score, the next best alternatives with
//! their scores, the depth and the nodes. For a game record: every played turn
//! compared with the engine's best, valued alike; the difference is the
//! *loss* (millipoints, never negative). A loss of at least
//! [`Thresholds::error`] is an error, of at least [`Thresholds::blunder`] a
//! blunder — by default 80 and 160 millipoints, GNU Backgammon's "bad" and
//! "very bad" (0.08 and 0.16 points). Per-player totals give the error rate:
//! the mean loss per analysed turn, overall and per [`Stage`] of the game
//! (contact, race, bear-off), so that a weak stage shows.
//!
//! With exact-value tables (`ncbg analyze --tables`, the searcher's
//! [`Searcher::set_tables`]), a turn whose state a table covers is judged
//! by the table instead of the search: the best choice is the table's
//! (the fastest win, the slowest loss), both values are exact (the points
//! × 1000 for the side to move, 0 for a draw), the report is marked
//! [`TurnReport::exact`], and the totals count such turns, their loss, and
//! the wins (and draws) thrown: a won state left as a draw or a loss.
//!
//! Work can be spread over several threads ([`run_parallel`]); every item is
//! analysed with a fresh transposition table, so the results do not depend on
//! the number of threads or the order of the items.
//!
//! [`Stage`]: crate::board::Stage
//! [`Searcher::set_tables`]: crate::search::Searcher::set_tables

mod cube;
mod effort;
pub mod output;
mod parallel;
mod position;
mod root;
mod settings;
mod totals;
mod turns;
mod verdict;

pub use cube::{judge_cube, CubeReport, NO_DOUBLE};
pub use effort::{shallower_note, Effort};
pub use parallel::run_parallel;
pub use position::{analyze_position, PositionReport, Ranked};
pub use settings::{
    AnalysisSettings, Candidates, Preset, DEFAULT_CANDIDATES, DEFAULT_DEPTH, MAX_DEPTH, QUICK_DEPTH,
};
pub use totals::{totals, StageTotals, Totals};
pub use turns::{
    analyze_game, analyze_game_with, judge_turn, played_turns, played_turns_at, PlayedTurn,
    TurnReport, CHECK_PLIES,
};
pub use verdict::{Thresholds, Verdict, TIE_MARGIN};

/// Why an item could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisError(pub String);

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AnalysisError {}
