//! The verdict on every played turn of a game record: each turn judged by
//! a table when one covers its state, else searched and compared with the
//! engine's best at the same depth.

use super::position::search_position;
use super::{AnalysisError, Thresholds, Verdict};
use crate::board::Stage;
use crate::game::GameState;
use crate::ids::state_id;
use crate::search::{Limits, Searcher, Settings};
use crate::tables::Table;
use crate::turn::{self, Turn, TurnForm};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The verdict on one played turn of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnReport {
    /// Index of the turn token in the game record (0-based).
    pub turn: usize,
    /// Who played it.
    pub side: String,
    /// Full-state ID before the turn.
    pub state: String,
    /// What was played.
    pub played: String,
    /// Its score at the analysis depth.
    pub played_score: i32,
    /// The engine's best.
    pub best: String,
    /// The best's score.
    pub best_score: i32,
    /// `best_score - played_score`, at least 0.
    pub loss: i32,
    /// ok, error or blunder.
    pub verdict: Verdict,
    /// Depth of the comparison (0 for an exact verdict).
    pub depth: u32,
    /// True when a table covers the state: both scores are exact values
    /// (points × 1000, 0 for a draw) and the best is an optimal choice.
    pub exact: bool,
    /// The stage of the game before the turn.
    pub stage: Stage,
    /// Where a table judged the turn and best play wins or loses: turns to
    /// the game's end under best play after the table's first optimal
    /// choice (the fastest win, the slowest loss; it can be another than
    /// `best` when the played turn is optimal too). The winner ends the
    /// game within so many, the loser holds out so long (the table's
    /// distances). A win that takes longer than the turns a game has left
    /// under a referee's cap is a draw in that game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_turns: Option<u32>,
    /// The same after the played turn, where it wins or loses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played_turns: Option<u32>,
}

/// The value of the turn `choice` from `state` for the side making it, searched to
/// `depth` turns in all (the choice itself is the first).
fn value_of(
    searcher: &mut Searcher,
    state: &GameState,
    choice: &Turn,
    depth: u32,
    settings: &Settings,
) -> i32 {
    let child = choice.after(state);
    if let Some(o) = child.outcome() {
        return -o.mover_points() * 1000;
    }
    if depth <= 1 {
        return -searcher.evaluator().evaluate(&child);
    }
    searcher.clear();
    let limits = Limits {
        depth: Some(depth - 1),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let settings = Settings {
        max_depth: 0,
        random: false,
        ..settings.clone()
    };
    searcher
        .search(&child, &limits, &settings, &stop, &mut |_| {})
        .map_or(0, |r| -r.score.value)
}

/// The engine's best choice from `state` and the best's and `played`'s
/// values at the same depth, and the depth.
fn searched_values(
    searcher: &mut Searcher,
    state: &GameState,
    played: &Turn,
    limits: &Limits,
    settings: &Settings,
) -> Result<Judged, AnalysisError> {
    let best = search_position(searcher, state, limits, settings, 1)?;
    let (token, score) = (best.best.token(state), best.score.value);
    // The same turn: the same number and the same board after it (a read
    // turn is the legal play with its result, as the search's is).
    let played_score = if best.best.after(state) == played.after(state) {
        score
    } else {
        value_of(searcher, state, played, best.depth, settings)
    };
    // Compare at the same depth: the best's root value.
    Ok(Judged {
        best: token,
        best_score: score.max(played_score),
        played_score,
        depth: best.depth,
        exact: false,
        best_turns: None,
        played_turns: None,
    })
}

/// The values behind one turn's verdict: the best choice, its value and
/// the played turn's (millipoints), the depth of the comparison (0 for a
/// table's), and from a table the turns to the end after each (`None`
/// for a draw or a searched turn).
struct Judged {
    best: String,
    best_score: i32,
    played_score: i32,
    depth: u32,
    exact: bool,
    best_turns: Option<u32>,
    played_turns: Option<u32>,
}

/// The table's verdict when one of `tables` covers `state` (the best is
/// `played` itself when it is optimal); `None` when no table covers the
/// state.
fn exact_values(
    tables: &[Arc<Table>],
    state: &GameState,
    played: &Turn,
) -> Result<Option<Judged>, AnalysisError> {
    let Some(table) = tables.iter().find(|t| t.probe(state).is_ok()) else {
        return Ok(None);
    };
    let choices = table.choices(state).map_err(AnalysisError)?;
    let after = played.after(state);
    let value = |c: &crate::tables::Choice| c.exact.value.points() * 1000;
    let mine = choices
        .iter()
        .find(|c| c.turn.after(state) == after)
        .ok_or_else(|| AnalysisError("the played turn is not among the table's choices".into()))?;
    let best = choices.first().expect("the played turn is one");
    let turns = |c: &crate::tables::Choice| (value(c) != 0).then_some(c.exact.rank);
    let best_token = if value(mine) == value(best) {
        played.token(state)
    } else {
        best.token(state)
    };
    Ok(Some(Judged {
        best: best_token,
        best_score: value(best),
        played_score: value(mine),
        depth: 0,
        exact: true,
        best_turns: turns(best),
        played_turns: turns(mine),
    }))
}

/// Analyses every turn of a game record from `start`: the tokens are turn
/// tokens (protocol.md §2). Turn-0 picks are replayed but not judged (the
/// referee, not the engines, chooses the initial pair).
pub fn analyze_game(
    searcher: &mut Searcher,
    start: &GameState,
    tokens: &[String],
    limits: &Limits,
    settings: &Settings,
    thresholds: &Thresholds,
) -> Result<Vec<TurnReport>, AnalysisError> {
    let mut state = *start;
    let mut reports = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let played = turn::read(&state, token, TurnForm::Answer)
            .map_err(|e| AnalysisError(format!("turn {} '{token}': {e}", i + 1)))?;
        if !state.in_opening() {
            let judged = match exact_values(searcher.tables(), &state, &played)? {
                Some(exact) => exact,
                None => searched_values(searcher, &state, &played, limits, settings)?,
            };
            let loss = (judged.best_score - judged.played_score).max(0);
            reports.push(TurnReport {
                turn: i,
                side: state.to_move().to_string(),
                state: state_id::encode(&state),
                played: played.token(&state),
                played_score: judged.played_score,
                best: judged.best,
                best_score: judged.best_score,
                loss,
                verdict: Verdict::of(loss, thresholds),
                depth: judged.depth,
                exact: judged.exact,
                stage: state.position().stage(),
                best_turns: judged.best_turns,
                played_turns: judged.played_turns,
            });
        }
        state = played.after(&state);
    }
    Ok(reports)
}
