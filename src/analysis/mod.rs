//! Batch analysis: the engine's verdict on many positions, or on every turn of
//! recorded games, for scripts and analysts (`ncbg analyze`).
//!
//! For a position: the best choice, its score, the next best alternatives with
//! their scores, the depth and the nodes. For a game record: every played turn
//! compared with the engine's best at the same depth; the difference is the
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

pub mod output;

use crate::board::Stage;
use crate::eval::NnEval;
use crate::game::GameState;
use crate::ids::state_id;
use crate::numbers::Side;
use crate::search::{Limits, SearchResult, Searcher, Settings};
use crate::tables::Table;
use crate::turn::{self, Turn, TurnForm};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Loss thresholds in millipoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Smallest loss flagged as an error.
    pub error: i32,
    /// Smallest loss flagged as a blunder.
    pub blunder: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            error: 80,
            blunder: 160,
        }
    }
}

/// How a played turn is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Loss below the error threshold.
    Ok,
    /// Loss at least the error threshold.
    Error,
    /// Loss at least the blunder threshold.
    Blunder,
}

impl Verdict {
    /// The verdict for a loss.
    pub fn of(loss: i32, t: &Thresholds) -> Verdict {
        if loss >= t.blunder {
            Verdict::Blunder
        } else if loss >= t.error {
            Verdict::Error
        } else {
            Verdict::Ok
        }
    }

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Error => "error",
            Verdict::Blunder => "blunder",
        }
    }
}

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

/// Why an item could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisError(pub String);

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AnalysisError {}

/// Searches one position with a fresh table for its `multipv` best
/// choices.
fn search_position(
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

/// A player's turns and losses in one stage of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StageTotals {
    /// Turns analysed in the stage.
    pub turns: usize,
    /// Sum of their losses.
    pub total_loss: i64,
    /// Errors and blunders among them.
    pub errors_and_blunders: usize,
}

impl StageTotals {
    /// Adds one turn.
    fn add(&mut self, t: &TurnReport) {
        self.turns += 1;
        self.total_loss += i64::from(t.loss);
        self.errors_and_blunders += usize::from(t.verdict != Verdict::Ok);
    }

    /// Adds another game's turns in the stage.
    pub fn merge(&mut self, from: &StageTotals) {
        self.turns += from.turns;
        self.total_loss += from.total_loss;
        self.errors_and_blunders += from.errors_and_blunders;
    }

    /// Mean loss per turn in the stage, in millipoints.
    pub fn error_rate(&self) -> f64 {
        mean_loss(self.total_loss, self.turns)
    }
}

/// Mean loss per turn in millipoints (0 for no turns).
fn mean_loss(total_loss: i64, turns: usize) -> f64 {
    if turns == 0 {
        0.0
    } else {
        total_loss as f64 / turns as f64
    }
}

/// Per-player totals over a game or a match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Turns analysed.
    pub turns: usize,
    /// Sum of the losses.
    pub total_loss: i64,
    /// Turns flagged as errors (blunders not included).
    pub errors: usize,
    /// Turns flagged as blunders.
    pub blunders: usize,
    /// Turns judged by a table (exact verdicts).
    pub exact_turns: usize,
    /// Sum of the losses of the exact turns.
    pub exact_loss: i64,
    /// Exact turns from a won state that left a draw or a loss.
    pub wins_thrown: usize,
    /// Exact turns from a drawn state that left a loss.
    pub draws_thrown: usize,
    /// The same per stage, indexed by [`Stage::index`].
    pub stages: [StageTotals; 3],
}

impl Totals {
    /// Adds one turn.
    pub fn add(&mut self, t: &TurnReport) {
        self.turns += 1;
        self.total_loss += i64::from(t.loss);
        match t.verdict {
            Verdict::Ok => {}
            Verdict::Error => self.errors += 1,
            Verdict::Blunder => self.blunders += 1,
        }
        self.stages[t.stage.index()].add(t);
        if t.exact {
            self.exact_turns += 1;
            self.exact_loss += i64::from(t.loss);
            self.wins_thrown += usize::from(t.best_score > 0 && t.played_score <= 0);
            self.draws_thrown += usize::from(t.best_score == 0 && t.played_score < 0);
        }
    }

    /// Mean loss per turn in millipoints (the error rate).
    pub fn error_rate(&self) -> f64 {
        mean_loss(self.total_loss, self.turns)
    }
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
    if let Some(o) = child.position().outcome() {
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

/// Totals per side over turn reports.
pub fn totals(turns: &[TurnReport]) -> [(Side, Totals); 2] {
    let mut out = [(Side::X, Totals::default()), (Side::Y, Totals::default())];
    for t in turns {
        let i = usize::from(t.side == "Y");
        out[i].1.add(t);
    }
    out
}

/// Runs `work` on every item with `jobs` threads, each with its own searcher
/// (`hash_mib` MiB, evaluating with `eval`, probing `tables`), and returns the
/// results in item order. `on_done` is called after each item (for a
/// progress bar).
#[allow(clippy::too_many_arguments)]
pub fn run_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    hash_mib: usize,
    eval: &NnEval,
    tables: &[Arc<Table>],
    work: impl Fn(&mut Searcher, &T) -> R + Sync,
    on_done: impl Fn() + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(items.len().max(1)) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(hash_mib, Box::new(eval.clone()));
                searcher.set_tables(tables.to_vec());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() {
                        break;
                    }
                    let r = work(&mut searcher, &items[i]);
                    results.lock().expect("no panics while holding the lock")[i] = Some(r);
                    on_done();
                }
            });
        }
    });
    results
        .into_inner()
        .expect("threads joined")
        .into_iter()
        .map(|r| r.expect("every item done"))
        .collect()
}
