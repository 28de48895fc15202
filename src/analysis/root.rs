//! The value of every root choice, as an analysis sees it. A search with a
//! fresh table reports every choice at every depth, each with a full window
//! (so the choices it values get the same effort), and the values of the
//! three deepest depths completed are weighted 1:2:1 when the settings ask
//! for both parities. With candidates (the presets), that search is a
//! shallow screen of every choice, and a second one, over the screen's best
//! and the played choice only, takes them to the full depth: the depth the
//! other choices' full windows would cost goes to the choices that can be
//! best. Where the played choice then loses enough to be marked
//! ([`AnalysisSettings::confirm_marks`]), the choices searched deepest are
//! searched again one ply deeper, and the turn is judged so.

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
/// and rank after them. With [`AnalysisSettings::confirm_marks`], a turn
/// the search marks is judged one ply deeper ([`confirm`]).
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
    let started = crate::host::Instant::now();
    let (values, searched) = first_values(searcher, state, settings, played)?;
    if settings.confirm_marks {
        confirm(
            searcher, state, settings, played, values, &searched, started,
        )
    } else {
        Ok(values)
    }
}

/// [`value_choices`] before any confirmation: the values, and the choices
/// the deepest search saw (the candidates, or every choice).
fn first_values(
    searcher: &mut Searcher,
    state: &GameState,
    settings: &AnalysisSettings,
    played: Option<&Turn>,
) -> Result<(RootValues, Vec<Turn>), AnalysisError> {
    let choices = legal_turns(state);
    let Some(c) = settings.candidates else {
        let values = search_choices(
            searcher,
            state,
            &choices,
            settings,
            settings.limits(choices.len()),
        )?;
        return Ok((values, choices));
    };
    let started = crate::host::Instant::now();
    let mut screen_limits = settings.limits(choices.len());
    screen_limits.depth = Some(c.screen_depth.min(settings.depth));
    let screen = search_choices(searcher, state, &choices, settings, screen_limits)?;
    if screen.depth >= settings.depth || screen.ranked.len() < choices.len() {
        // Already as deep as asked, or a table's answer.
        return Ok((screen, choices));
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
        return Ok((
            RootValues {
                nodes: screen.nodes + deep.nodes,
                ..screen
            },
            choices,
        ));
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
    Ok((
        RootValues {
            ranked,
            depth: deep.depth,
            nodes: screen.nodes + deep.nodes,
        },
        chosen,
    ))
}

/// Where the played choice loses the error threshold or more against the
/// best (a mark), searches `searched` (the choices the values' deepest search saw)
/// again one ply deeper, from a fresh table, and takes those values; the
/// choices it did not see keep theirs and rank after them. A search that
/// the caps stop before the deeper depth completes leaves the values as
/// they were (its nodes still count).
fn confirm(
    searcher: &mut Searcher,
    state: &GameState,
    settings: &AnalysisSettings,
    played: Option<&Turn>,
    values: RootValues,
    searched: &[Turn],
    started: crate::host::Instant,
) -> Result<RootValues, AnalysisError> {
    let (Some(played), Some(&(_, best))) = (played, values.ranked.first()) else {
        return Ok(values);
    };
    let Some(played_value) = values.value_of(state, played) else {
        return Ok(values);
    };
    let exact = best.exact && played_value.exact;
    if exact
        || best.value - played_value.value < settings.thresholds.error
        || values.depth < settings.depth
        || settings.depth >= super::settings::MAX_DEPTH
    {
        return Ok(values);
    }
    let mut limits = settings.limits(searched.len());
    limits.depth = Some(settings.depth + 1);
    limits.nodes = settings
        .nodes
        .map(|n| n.saturating_sub(values.nodes).max(1));
    limits.movetime = limits.movetime.map(|t| {
        t.saturating_sub(started.elapsed())
            .max(Duration::from_millis(1))
    });
    limits.root_choices = Some(searched.to_vec());
    // A fresh table, as the first search had: the deeper values are those
    // an analysis of that depth gives the same choices, whatever was
    // searched before (a warm table changes what the move filter's
    // re-searches see, and the values with it).
    searcher.clear();
    let deeper = search_choices(searcher, state, searched, settings, limits)?;
    let nodes = values.nodes + deeper.nodes;
    if deeper.depth <= values.depth {
        return Ok(RootValues { nodes, ..values });
    }
    let mut ranked = deeper.ranked;
    ranked.extend(
        values
            .ranked
            .into_iter()
            .filter(|(t, _)| !searched.contains(t)),
    );
    Ok(RootValues {
        ranked,
        depth: deeper.depth,
        nodes,
    })
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
