//! The value of every root choice, as an analysis sees it: one search with
//! a fresh table that reports every choice at every depth (each searched
//! with a full window, so every choice gets the same effort), the values
//! of the three deepest depths completed weighted 1:2:1 when the settings
//! ask for both parities.

use super::{AnalysisError, AnalysisSettings};
use crate::game::GameState;
use crate::search::{Score, Searcher, Settings};
use crate::turn::{legal_turns, Turn};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Every choice of a state with its value, best first.
pub(super) struct RootValues {
    /// The choices with their values (millipoints for the side to move),
    /// best first; a value is exact when every depth it comes from proved it.
    pub ranked: Vec<(Turn, Score)>,
    /// The deepest depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl RootValues {
    /// The value of the choice that leads to the same state as `turn`.
    pub fn value_of(&self, state: &GameState, turn: &Turn) -> Option<Score> {
        let after = turn.after(state);
        self.ranked
            .iter()
            .find(|(c, _)| c.after(state) == after)
            .map(|&(_, s)| s)
    }
}

/// The engine's search settings under an analysis: the defaults on one
/// thread, no clock overhead.
fn search_settings() -> Settings {
    Settings {
        move_overhead: Duration::ZERO,
        ..Settings::default()
    }
}

/// Values every choice of `state` with `settings` (a fresh table).
pub(super) fn value_choices(
    searcher: &mut Searcher,
    state: &GameState,
    settings: &AnalysisSettings,
) -> Result<RootValues, AnalysisError> {
    if let Some(r) = state.result() {
        return Err(AnalysisError(format!("the game is over: {r}")));
    }
    let choices = legal_turns(state);
    let index: HashMap<String, usize> = choices
        .iter()
        .enumerate()
        .map(|(i, c)| (c.token(state), i))
        .collect();
    searcher.clear();
    let limits = settings.limits(choices.len());
    let stop = AtomicBool::new(false);
    // The values of the deepest depths reported: (depth, value per choice).
    let mut last: Vec<(u32, Vec<Option<Score>>)> = Vec::new();
    let result = searcher
        .search(state, &limits, &search_settings(), &stop, &mut |info| {
            if last.last().is_none_or(|(d, _)| *d != info.depth) {
                last.push((info.depth, vec![None; choices.len()]));
                // One more than the weights: the deepest may not complete.
                if last.len() > PARITY_WEIGHTS.len() + 1 {
                    last.remove(0);
                }
            }
            let values = &mut last.last_mut().expect("pushed").1;
            if let Some(&i) = info.pv.first().and_then(|t| index.get(t)) {
                values[i] = Some(info.score);
            }
        })
        .ok_or_else(|| AnalysisError("no legal choice".into()))?;
    let complete: Vec<Vec<Score>> = last
        .into_iter()
        .filter(|(d, _)| *d <= result.depth)
        .filter_map(|(_, v)| v.into_iter().collect::<Option<Vec<Score>>>())
        .collect();
    let Some(deepest) = complete.last() else {
        // Not every choice reported (a table's answer): the search's lines.
        return Ok(RootValues {
            ranked: result.lines,
            depth: result.depth,
            nodes: result.nodes,
        });
    };
    let used: &[Vec<Score>] = if settings.both_parities {
        &complete[complete.len().saturating_sub(PARITY_WEIGHTS.len())..]
    } else {
        std::slice::from_ref(deepest)
    };
    let weights = parity_weights(used.len());
    let mut ranked: Vec<(Turn, Score)> = choices
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, weighted_mean(used.iter().map(|v| v[i]).zip(weights))))
        .collect();
    // Best first; ties keep the order of the legal turns.
    ranked.sort_by_key(|(_, s)| std::cmp::Reverse(s.value));
    Ok(RootValues {
        ranked,
        depth: result.depth,
        nodes: result.nodes,
    })
}

/// The weights of the three deepest depths completed, shallowest first:
/// 1:2:1, so that the odd and the even depths weigh the same (1 + 1 against
/// 2). A plain mean of two depths cancels a swing between the parities that
/// stays the same size; this one also cancels a swing that grows or shrinks
/// steadily with depth, as NC's does (the side that moves last looks better,
/// by less as the search deepens). Measured against the mean of two depths
/// in `docs/analysis.md`: the verdicts agree more between an analysis and
/// one two plies deeper, at no extra cost (the shallowest depth is searched
/// anyway on the way down).
pub(super) const PARITY_WEIGHTS: [i64; 3] = [1, 2, 1];

/// The weights of `n` depths, shallowest first: [`PARITY_WEIGHTS`] for three,
/// a plain mean for two (the search stopped early), one for one.
fn parity_weights(n: usize) -> &'static [i64] {
    match n {
        0 | 1 => &[1],
        2 => &[1, 1],
        _ => &PARITY_WEIGHTS,
    }
}

/// The weighted mean of scores (rounded down), exact when every one is.
fn weighted_mean<'a>(scores: impl Iterator<Item = (Score, &'a i64)>) -> Score {
    let (mut sum, mut total, mut exact) = (0i64, 0i64, true);
    for (s, &w) in scores {
        sum += w * i64::from(s.value);
        total += w;
        exact &= s.exact;
    }
    Score {
        value: i32::try_from(sum.div_euclid(total.max(1))).expect("a mean of i32s"),
        exact,
    }
}
