//! The verdict on one position: a search with a fresh table and its best
//! choices ranked.

use super::AnalysisError;
use crate::game::GameState;
use crate::ids::state_id;
use crate::search::{Limits, SearchResult, Searcher, Settings};
use serde::Serialize;
use std::sync::atomic::AtomicBool;

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

/// Searches one position with a fresh table for its `multipv` best
/// choices.
pub(super) fn search_position(
    searcher: &mut Searcher,
    state: &GameState,
    limits: &Limits,
    settings: &Settings,
    multipv: usize,
) -> Result<SearchResult, AnalysisError> {
    if let Some(r) = state.result() {
        return Err(AnalysisError(format!("the game is over: {r}")));
    }
    searcher.clear();
    let limits = Limits {
        multipv: multipv.max(1),
        ..limits.clone()
    };
    let stop = AtomicBool::new(false);
    searcher
        .search(state, &limits, settings, &stop, &mut |_| {})
        .ok_or_else(|| AnalysisError("no legal choice".into()))
}

/// Searches one position and ranks its `multipv` best choices.
pub fn analyze_position(
    searcher: &mut Searcher,
    state: &GameState,
    limits: &Limits,
    settings: &Settings,
    multipv: usize,
) -> Result<PositionReport, AnalysisError> {
    let result = search_position(searcher, state, limits, settings, multipv)?;
    let ranked = result
        .lines
        .iter()
        .enumerate()
        .map(|(i, (c, s))| Ranked {
            rank: i + 1,
            choice: c.token(state),
            score: s.value,
            exact: s.exact,
        })
        .collect();
    Ok(PositionReport {
        state: state_id::encode(state),
        best: result.best.token(state),
        score: result.score.value,
        exact: result.score.exact,
        ranked,
        depth: result.depth,
        nodes: result.nodes,
    })
}
