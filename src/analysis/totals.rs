//! Per-player totals over turn reports: turns, losses, errors and
//! blunders, the exact turns and the wins and draws thrown, per stage of
//! the game.

use super::{TurnReport, Verdict};
use crate::numbers::Side;
use serde::Serialize;

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
    /// The same per stage, indexed by [`Stage::index`](crate::board::Stage::index).
    pub stages: [StageTotals; 3],
    /// Cube decisions analysed (counted apart: not in `turns`, the
    /// losses, errors, blunders or stages above).
    pub cube_decisions: usize,
    /// Sum of the cube decisions' losses.
    pub cube_loss: i64,
    /// Cube decisions flagged as errors (blunders not included).
    pub cube_errors: usize,
    /// Cube decisions flagged as blunders.
    pub cube_blunders: usize,
}

impl Totals {
    /// Adds one turn (a cube row to the cube counts only).
    pub fn add(&mut self, t: &TurnReport) {
        if t.cube.is_some() {
            self.cube_decisions += 1;
            self.cube_loss += i64::from(t.loss);
            match t.verdict {
                Verdict::Ok => {}
                Verdict::Error => self.cube_errors += 1,
                Verdict::Blunder => self.cube_blunders += 1,
            }
            return;
        }
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

/// Totals per side over turn reports.
pub fn totals(turns: &[TurnReport]) -> [(Side, Totals); 2] {
    let mut out = [(Side::X, Totals::default()), (Side::Y, Totals::default())];
    for t in turns {
        let i = usize::from(t.side == "Y");
        out[i].1.add(t);
    }
    out
}
