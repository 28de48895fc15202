//! The value of every root choice, as an analysis sees it. A search with a
//! fresh table reports every choice at every depth, each with a full window
//! (so the choices it values get the same effort), and the values of the
//! three deepest depths completed are weighted 1:2:1 when the settings ask
//! for both parities. With candidates (the presets), that search is a
//! shallow screen of every choice, and a second one, over the screen's best
//! and the played choice only, takes them to the full depth: the depth the
//! other choices' full windows would cost goes to the choices that can be
//! best.

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

/// Values every choice of `state` with `settings` (a fresh table). With
/// [`AnalysisSettings::candidates`], every choice is first screened at a
/// shallow depth, and only the screen's best (and `played`, when given)
/// are searched to the full depth; the others keep their screening values
/// and rank after them.
pub(super) fn value_choices(
    searcher: &mut Searcher,
    state: &GameState,
    settings: &AnalysisSettings,
    played: Option<&Turn>,
) -> Result<RootValues, AnalysisError> {
    if let Some(r) = state.result() {
        return Err(AnalysisError(format!("the game is over: {r}")));
    }
    searcher.clear();
    let choices = legal_turns(state);
    let Some(c) = settings.candidates else {
        return search_choices(
            searcher,
            state,
            &choices,
            settings,
            settings.limits(choices.len()),
        );
    };
    let started = crate::host::Instant::now();
    let mut screen_limits = settings.limits(choices.len());
    screen_limits.depth = Some(c.screen_depth.min(settings.depth));
    let screen = search_choices(searcher, state, &choices, settings, screen_limits)?;
    if screen.depth >= settings.depth || screen.ranked.len() < choices.len() {
        // Already as deep as asked, or a table's answer.
        return Ok(screen);
    }
    let chosen = c.choose(&screen.ranked, state, played);
    let mut deep_limits = settings.limits(chosen.len());
    // The caps hold for the whole turn: the deep search gets what the
    // screen left.
    deep_limits.nodes = settings
        .nodes
        .map(|n| n.saturating_sub(screen.nodes).max(1));
    deep_limits.movetime = deep_limits.movetime.map(|t| {
        t.saturating_sub(started.elapsed())
            .max(Duration::from_millis(1))
    });
    deep_limits.root_choices = Some(chosen.clone());
    let deep = search_choices(searcher, state, &chosen, settings, deep_limits)?;
    if deep.depth <= screen.depth {
        // The caps left no deeper search: the screen's values.
        return Ok(RootValues {
            nodes: screen.nodes + deep.nodes,
            ..screen
        });
    }
    // The deep search saw the chosen turns alone (legal turns of this
    // state, as the screen's): the others follow with their screen values.
    let mut ranked = deep.ranked;
    ranked.extend(
        screen
            .ranked
            .into_iter()
            .filter(|(t, _)| !chosen.contains(t)),
    );
    Ok(RootValues {
        ranked,
        depth: deep.depth,
        nodes: screen.nodes + deep.nodes,
    })
}

/// Values `choices` alone (a verdict's best and played choice) to
/// `depth`, from a fresh table, weighed as `settings` say, with no node or
/// time cap: a mark checked past the depth of the play it judges.
pub(super) fn value_alone(
    searcher: &mut Searcher,
    state: &GameState,
    choices: &[Turn],
    settings: &AnalysisSettings,
    depth: u32,
) -> Result<RootValues, AnalysisError> {
    searcher.clear();
    let mut limits = settings.limits(choices.len());
    limits.depth = Some(depth);
    limits.nodes = None;
    limits.movetime = None;
    limits.root_choices = Some(choices.to_vec());
    search_choices(searcher, state, choices, settings, limits)
}

/// Values `choices` (the root choices `limits` let the search see) at
/// every depth up to `limits`' and weighs the deepest as `settings` say.
fn search_choices(
    searcher: &mut Searcher,
    state: &GameState,
    choices: &[Turn],
    settings: &AnalysisSettings,
    limits: crate::search::Limits,
) -> Result<RootValues, AnalysisError> {
    let index: HashMap<String, usize> = choices
        .iter()
        .enumerate()
        .map(|(i, c)| (c.token(state), i))
        .collect();
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
