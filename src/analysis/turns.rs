//! The verdict on every played turn of a game record: each turn judged by
//! a table when one covers its state, else every choice searched alike
//! and the played one compared with the best.

use super::cube::{judge_cube, CubeReport};
use super::root::{value_alone, value_choices};
use super::{AnalysisError, AnalysisSettings, Verdict};
use crate::board::Stage;
use crate::eval::NnEval;
use crate::game::GameState;
use crate::ids::state_id;
use crate::search::Searcher;
use crate::tables::Table;
use crate::turn::{self, Turn, TurnForm};
use serde::Serialize;
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
    /// Its value (millipoints for the side to move; with both parities the
    /// mean of the two deepest depths').
    pub played_score: i32,
    /// The engine's best.
    pub best: String,
    /// The best's score.
    pub best_score: i32,
    /// `best_score - played_score`, at least 0.
    pub loss: i32,
    /// ok, error or blunder.
    pub verdict: Verdict,
    /// The deepest depth of the comparison (0 for an exact verdict): the
    /// check's where a mark was checked past the play's depth.
    pub depth: u32,
    /// How deep the play's own search of this turn went, where the record
    /// says ([`PlayedTurn::play_depth`]); deeper than `depth`, the analysis
    /// is shallower than the play it judges on this turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play_depth: Option<u32>,
    /// Nodes searched for the verdict (0 for an exact one).
    pub nodes: u64,
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
    /// A cube row ([`judge_cube`]): the cube analysis; `played` and `best`
    /// are then cube actions (`no-double`, `double`, `take`, `drop`,
    /// `beaver`) and the scores their equities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cube: Option<CubeReport>,
}

/// The most plies a mark's check goes past the analysis's own depth
/// ([`PlayedTurn::play_depth`]): a check past play at 1 s a turn (depth 8
/// to 10) costs a few times a turn's analysis; deeper play is checked this
/// far.
pub const CHECK_PLIES: u32 = 3;

/// The engine's best choice from `state` and the best's and `played`'s
/// values, every choice searched alike as `settings` say. Where that
/// marks the turn (a loss of at least the error threshold) and the play's
/// own search went as deep as the analysis or deeper (`play_depth` p), the
/// played and the best choice alone are searched again to depth p + 1 (at
/// most [`CHECK_PLIES`] past the analysis's), and the turn is judged by
/// those values: weighed 1:2:1 over depths p - 1, p and p + 1, they centre
/// on the play's depth, as the analysis's own centre on one less than its
/// deepest. A verdict never calls a choice an error from a shallower
/// search than the one that chose it. Not under a node or time cap (the
/// user's budget).
fn searched_values(
    searcher: &mut Searcher,
    state: &GameState,
    played: &Turn,
    play_depth: Option<u32>,
    settings: &AnalysisSettings,
) -> Result<Judged, AnalysisError> {
    let mut values = value_choices(searcher, state, settings, Some(played))?;
    let missing = || AnalysisError("the played turn is not among the legal choices".into());
    let mut nodes = values.nodes;
    let (best, best_score) = values.ranked[0];
    let played_score = values.value_of(state, played).ok_or_else(missing)?;
    let check_to = play_depth
        .map(|p| (p + 1).min(settings.depth + CHECK_PLIES))
        .filter(|&d| d > values.depth);
    let capped = settings.nodes.is_some() || settings.movetime_ms.is_some();
    if let Some(depth) = check_to.filter(|_| !capped) {
        if best_score.value - played_score.value >= settings.thresholds.error {
            let after = played.after(state);
            let mine = values
                .ranked
                .iter()
                .map(|&(t, _)| t)
                .find(|t| t.after(state) == after)
                .ok_or_else(missing)?;
            values = value_alone(searcher, state, &[best, mine], settings, depth)?;
            nodes += values.nodes;
        }
    }
    let (best, best_score) = values.ranked[0];
    let played_score = values.value_of(state, played).ok_or_else(missing)?;
    // The played turn itself when it is as good as the best, within the
    // tie margin: at the search's resolution the two are equal.
    let tie = settings
        .thresholds
        .is_tie(best_score.value, played_score.value);
    let (best, best_score) = if tie {
        (played.token(state), played_score)
    } else {
        (best.token(state), best_score)
    };
    Ok(Judged {
        best,
        best_score: best_score.value,
        played_score: played_score.value,
        depth: values.depth,
        nodes,
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
    nodes: u64,
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
        nodes: 0,
        exact: true,
        best_turns: turns(best),
        played_turns: turns(mine),
    }))
}

/// One judged turn of a game record: where it is in the record, the
/// state before it and what was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedTurn {
    /// Index of the turn token in the game record (0-based).
    pub index: usize,
    /// The state before it.
    pub state: GameState,
    /// What was played.
    pub played: Turn,
    /// True: this entry judges the cube decision before `played`, the
    /// mover could double and did not (`played` itself is judged by the
    /// next entry).
    pub no_double: bool,
    /// How deep the play's search of this turn went, where the record
    /// says (a referee match file's `depths`); `None` where it does not.
    pub play_depth: Option<u32>,
}

impl PlayedTurn {
    /// True for a cube decision: a cube action, or a turn started without
    /// the double the mover could offer.
    pub fn is_cube(&self) -> bool {
        self.no_double || matches!(self.played, Turn::Cube(_))
    }
}

/// Replays a game record from `start` (turn tokens, protocol.md §2) and
/// returns the turns to judge: every turn but the turn-0 picks (the
/// referee, not the engines, chooses the initial pair). Where the mover
/// could double and played on, a cube entry ([`PlayedTurn::no_double`])
/// comes before the turn's own. A token that does not replay is an error
/// naming the turn; `start` must carry the game's stakes
/// ([`GameState::set_terms`], [`GameState::set_match`]) for cube tokens to
/// replay.
pub fn played_turns(
    start: &GameState,
    tokens: &[String],
) -> Result<Vec<PlayedTurn>, AnalysisError> {
    played_turns_at(start, tokens, &[])
}

/// [`played_turns`] with each token's play depth (`depths`, one a token as
/// a referee match file records them; empty or short: unknown), for the
/// verdicts to check a mark past the play's depth ([`judge_turn`]).
pub fn played_turns_at(
    start: &GameState,
    tokens: &[String],
    depths: &[Option<u32>],
) -> Result<Vec<PlayedTurn>, AnalysisError> {
    let mut state = *start;
    let mut out = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        let played = turn::read(&state, token, TurnForm::Answer)
            .map_err(|e| AnalysisError(format!("turn {} '{token}': {e}", index + 1)))?;
        if !state.in_opening() {
            if state.may_double() && !matches!(played, Turn::Cube(_)) {
                out.push(PlayedTurn {
                    index,
                    state,
                    played,
                    no_double: true,
                    play_depth: None,
                });
            }
            out.push(PlayedTurn {
                index,
                state,
                played,
                no_double: false,
                play_depth: depths.get(index).copied().flatten(),
            });
        }
        state = played.after(&state);
    }
    Ok(out)
}

/// Judges one played turn with `settings`: a cube decision by the cube
/// analysis of `net`'s chances ([`judge_cube`]); a pick or a play by a
/// table when one of the searcher's covers the state, else every choice
/// searched alike (a fresh table, so the verdict does not depend on what
/// was judged before).
pub fn judge_turn(
    searcher: &mut Searcher,
    net: &NnEval,
    turn: &PlayedTurn,
    settings: &AnalysisSettings,
) -> Result<TurnReport, AnalysisError> {
    let PlayedTurn {
        index,
        state,
        played,
        no_double,
        play_depth,
    } = *turn;
    if turn.is_cube() {
        let action = match played {
            Turn::Cube(a) if !no_double => Some(a),
            _ => None,
        };
        return judge_cube(net, index, &state, action, &settings.thresholds);
    }
    let judged = match exact_values(searcher.tables(), &state, &played)? {
        Some(exact) => exact,
        None => searched_values(searcher, &state, &played, play_depth, settings)?,
    };
    let loss = (judged.best_score - judged.played_score).max(0);
    Ok(TurnReport {
        turn: index,
        side: state.to_move().to_string(),
        state: state_id::encode(&state),
        played: played.token(&state),
        played_score: judged.played_score,
        best: judged.best,
        best_score: judged.best_score,
        loss,
        verdict: Verdict::of(loss, &settings.thresholds),
        depth: judged.depth,
        play_depth,
        nodes: judged.nodes,
        exact: judged.exact,
        stage: state.position().stage(),
        best_turns: judged.best_turns,
        played_turns: judged.played_turns,
        cube: None,
    })
}

/// Analyses every turn of a game record from `start` with `settings`
/// ([`analyze_game_with`], cube decisions by the embedded net, no play
/// depths).
pub fn analyze_game(
    searcher: &mut Searcher,
    start: &GameState,
    tokens: &[String],
    settings: &AnalysisSettings,
) -> Result<Vec<TurnReport>, AnalysisError> {
    analyze_game_with(searcher, &NnEval::embedded(), start, tokens, &[], settings)
}

/// Analyses every turn of a game record from `start` with `settings`
/// ([`played_turns_at`], then [`judge_turn`] on each, cube decisions by
/// `net`): the tokens are turn tokens (protocol.md §2), `depths` the
/// play's search depth of each where the record has them (a referee
/// match file's; empty where it has none); turn-0 picks are replayed but
/// not judged.
pub fn analyze_game_with(
    searcher: &mut Searcher,
    net: &NnEval,
    start: &GameState,
    tokens: &[String],
    depths: &[Option<u32>],
    settings: &AnalysisSettings,
) -> Result<Vec<TurnReport>, AnalysisError> {
    played_turns_at(start, tokens, depths)?
        .iter()
        .map(|t| judge_turn(searcher, net, t, settings))
        .collect()
}
