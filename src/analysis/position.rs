//! The verdict on one position: every choice valued as the analysis
//! settings say, the best ranked.

use super::root::value_choices;
use super::{AnalysisError, AnalysisSettings};
use crate::game::GameState;
use crate::ids::state_id;
use crate::search::Searcher;
use serde::Serialize;

/// One ranked choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ranked {
    /// 1 for the best.
    pub rank: usize,
    /// The turn token.
    pub choice: String,
    /// Score in millipoints for the side to move.
    pub score: i32,
    /// True when the line ends in a finished game.
    pub exact: bool,
}

/// The verdict on one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionReport {
    /// Full-state ID of the position.
    pub state: String,
    /// The best choice (turn token).
    pub best: String,
    /// Its score.
    pub score: i32,
    /// True when the score is a finished game's.
    pub exact: bool,
    /// The best choices, best first (as many as asked, or as exist).
    pub ranked: Vec<Ranked>,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Values every choice of one position (a fresh table, as `settings`
/// say) and ranks its `multipv` best.
pub fn analyze_position(
    searcher: &mut Searcher,
    state: &GameState,
    settings: &AnalysisSettings,
    multipv: usize,
) -> Result<PositionReport, AnalysisError> {
    let values = value_choices(searcher, state, settings, None)?;
    let ranked: Vec<Ranked> = values
        .ranked
        .iter()
        .take(multipv.max(1))
        .enumerate()
        .map(|(i, (c, s))| Ranked {
            rank: i + 1,
            choice: c.token(state),
            score: s.value,
            exact: s.exact,
        })
        .collect();
    let (best, score) = values.ranked[0];
    Ok(PositionReport {
        state: state_id::encode(state),
        best: best.token(state),
        score: score.value,
        exact: score.exact,
        ranked,
        depth: values.depth,
        nodes: values.nodes,
    })
}
