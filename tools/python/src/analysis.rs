//! Game analysis in-process: `analyze_game` and its `TurnReport`s, over
//! `ncbg::analysis` (what `ncbg analyze` prints per turn), with a
//! `CubeReport` on the rows of the cube decisions. The analysis runs with
//! the GIL released.

use crate::errors::{Error, IllegalTurn};
use crate::files::tables_of;
use crate::search::{evaluator, limits};
use crate::state::{decode_id, PyState, PyTurn};
use ncbg::analysis::{self, output, Preset, Thresholds};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search as s;
use ncbg::tables::Table;
use ncbg::turn::Turn;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTurnReport>()?;
    m.add_class::<PyCubeReport>()?;
    m.add_function(wrap_pyfunction!(analyze_game, m)?)?;
    Ok(())
}

/// The verdict on one played turn (``ncbg analyze``'s per-turn line).
#[pyclass(module = "ncbg", name = "TurnReport", frozen, get_all)]
#[derive(Clone)]
pub struct PyTurnReport {
    /// Index of the turn in the list given (0-based; a pick given alone
    /// and its play: the pick's).
    index: usize,
    /// ``"X"`` or ``"Y"``.
    side: String,
    /// The full-state ID before the turn.
    state: String,
    /// The turn played.
    played: PyTurn,
    /// Its value in millipoints at the analysis depth.
    played_score: i32,
    /// The engine's best turn (a token).
    best: String,
    /// The best's value in millipoints.
    best_score: i32,
    /// ``best_score - played_score``, at least 0 (millipoints).
    loss: i32,
    /// ``"ok"``, ``"error"`` or ``"blunder"``.
    verdict: String,
    /// The deepest depth of the comparison (0 for a table's exact verdict;
    /// the check's where a mark was checked past the play's depth).
    depth: u32,
    /// How deep the play's own search of this turn went, where
    /// ``play_depths`` said (else ``None``): deeper than ``depth``, the
    /// analysis is shallower than the play on this turn.
    play_depth: Option<u32>,
    /// Nodes searched for the verdict (0 for a table's).
    nodes: u64,
    /// True when a table judged it (exact values).
    exact: bool,
    /// ``"contact"``, ``"race"`` or ``"bear-off"`` before the turn.
    stage: String,
    /// Where a table judged it and best play wins or loses: turns to the
    /// end under best play after the table's first optimal choice (the
    /// fastest win, the slowest loss; else ``None``).
    best_turns: Option<u32>,
    /// The same after the played turn.
    played_turns: Option<u32>,
    /// The settings that produced the verdict (``ncbg analyze``'s first
    /// line, e.g. ``"analysis: default (every choice screened to depth 3, its 4 best, ...)"``).
    settings: String,
    /// ``None`` for a turn; for a cube decision its ``CubeReport`` (then
    /// ``best`` and ``cube.action`` are cube actions and the scores their
    /// equities).
    cube: Option<PyCubeReport>,
}

/// The cube analysis of a cube decision's ``TurnReport`` (``ncbg
/// analyze``'s cube row): a double, its answer, or a turn played on
/// without doubling where the mover could double.
#[pyclass(module = "ncbg", name = "CubeReport", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub struct PyCubeReport {
    /// The action taken: ``"no-double"`` (the report's ``played`` is then
    /// the turn played on without doubling), ``"double"``, ``"take"``,
    /// ``"drop"`` or ``"beaver"`` (the report's ``played`` is that cube
    /// action).
    action: String,
    /// gnubg's verdict for the doubler (``"No double, take"``,
    /// ``"Double, pass"``, ``"Too good to double, pass"``, ...).
    verdict: String,
    /// The doubler's equity without a double, in millipoints per unit of
    /// the cube (a pass is +1000; in a match the match winning chances as
    /// gnubg's EMG).
    no_double: i32,
    /// The doubler's equity when it doubles and the opponent takes.
    double_take: i32,
    /// The doubler's equity when it doubles and the opponent drops.
    double_pass: i32,
    /// True in a match: the equities are normalised match winning chances.
    in_match: bool,
}

#[pymethods]
impl PyCubeReport {
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "CubeReport(action='{}', verdict='{}', no_double={}, double_take={}, double_pass={}, in_match={})",
            self.action,
            self.verdict,
            self.no_double,
            self.double_take,
            self.double_pass,
            if self.in_match { "True" } else { "False" }
        )
    }
}

#[pymethods]
impl PyTurnReport {
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "TurnReport(index={}, side='{}', played='{}', best='{}', loss={}, verdict='{}')",
            self.index,
            self.side,
            self.played.token_string(),
            self.best,
            self.loss,
            self.verdict
        )
    }
}

/// Judges every turn of a game from ``start``, as ``ncbg analyze`` does and
/// with its defaults (the library's default analysis; ``quick=True`` its
/// quick one): the screen's best choices and the played one searched alike, each played turn against the
/// engine's best (or, where a table covers the state, by exact values). ``turns`` are ``Turn``s or
/// turn tokens, replayed from ``start``; turn-0 picks are replayed but not
/// judged; a pick alone and its play, given as two (``"6"``,
/// ``"24/18,13/8"``), are judged as one turn. Returns one ``TurnReport``
/// per judged turn, each with the ``settings`` that produced it. ``depth``
/// replaces the preset's deepest depth, ``nodes`` and ``movetime``
/// (seconds) cap each turn's search, ``single_depth=True`` judges by the
/// deepest depth alone (not the mean of the two deepest); ``error`` and
/// ``blunder`` are the thresholds in millipoints (``0 < error <=
/// blunder``).
///
/// With the cube in play (a match from the start's ID, or money play with
/// ``State.set_cube_terms``), the cube decisions get rows too, each with a
/// ``cube``: the cube actions in ``turns`` (``"double"``, ``"take"``,
/// ``"drop"``, ``"beaver"``), and before each turn where the mover could
/// double and did not, a ``"no-double"`` decision at that turn's index.
/// Their verdicts use the same thresholds; ``ncbg analyze``'s totals count
/// them apart from the turns.
///
/// ``play_depths``, one a turn of ``turns`` (a match file ``Game``'s
/// ``depths``; ``None`` for a turn without one), says how deep the play's
/// own search of each turn went: a mark on a turn the play searched as
/// deep as the analysis or deeper (depth p) is checked by the played and
/// the best choice alone at depth p + 1 (at most 3 plies past the
/// analysis), as ``ncbg analyze`` checks a referee match file's.
#[pyfunction]
#[pyo3(signature = (start, turns, depth = None, nodes = None, movetime = None, tables = None, net = None, hash = 16, error = 80, blunder = 160, quick = false, single_depth = false, play_depths = None))]
#[allow(clippy::too_many_arguments)]
fn analyze_game(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    turns: &Bound<'_, PyAny>,
    depth: Option<i64>,
    nodes: Option<i64>,
    movetime: Option<f64>,
    tables: Option<&Bound<'_, PyAny>>,
    net: Option<&str>,
    hash: i64,
    error: i32,
    blunder: i32,
    quick: bool,
    single_depth: bool,
    play_depths: Option<Vec<Option<u32>>>,
) -> PyResult<Vec<PyTurnReport>> {
    let start: GameState = match start.downcast::<PyState>() {
        Ok(s) => s.borrow().state,
        Err(_) => decode_id(&start.extract::<String>()?)?,
    };
    if turns.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "turns is an iterable of Turns or turn tokens, not a str (split it: \"3 5 6:24/13\".split())",
        ));
    }
    let mut s = start;
    let mut tokens = Vec::new();
    // The play's depth of each token: a pick given alone and its play, the
    // deeper of the two.
    let given_depths = play_depths.unwrap_or_default();
    let depth_of = |i: usize| given_depths.get(i).copied().flatten();
    let mut token_depths: Vec<Option<u32>> = Vec::new();
    // Each whole turn judged: the state before it, the turn, its index in
    // `turns` (a pick alone and its play, given as two, are one turn, at
    // the pick's index).
    let mut played: Vec<(GameState, Turn, usize)> = Vec::new();
    let mut pick: Option<(GameState, u8, usize)> = None;
    let mut count = 0;
    for (i, obj) in turns.try_iter()?.enumerate() {
        count = i + 1;
        let obj = obj?;
        let t = PyState::of(s)
            .turn_of(&obj)
            .map_err(|e| IllegalTurn::new_err(format!("turn {}: {}", i + 1, e.value(py))))?;
        match (t, pick.take()) {
            (Turn::Pick(n), None) if !s.in_opening() => pick = Some((s, n, i)),
            (Turn::Play(lp), Some((before, n, at))) => {
                let whole = Turn::PickPlay(n, lp);
                tokens.push(whole.token(&before));
                token_depths.push(depth_of(at).max(depth_of(i)));
                played.push((before, whole, at));
            }
            (t, _) => {
                tokens.push(t.token(&s));
                token_depths.push(depth_of(i));
                played.push((s, t, i));
            }
        }
        s = t.after(&s);
    }
    if !given_depths.is_empty() && given_depths.len() != count {
        return Err(Error::new_err(format!(
            "play_depths has {} entries for {count} turns: one a turn, None where unknown",
            given_depths.len()
        )));
    }
    if error <= 0 || error > blunder {
        return Err(Error::new_err(format!(
            "error ({error}) must be positive and at most blunder ({blunder})"
        )));
    }
    let thresholds = Thresholds::new(error, blunder).map_err(Error::new_err)?;
    // As `ncbg analyze`: the preset, a depth that replaces its own, the caps.
    let caps = limits(depth, nodes, movetime, 1)?;
    let movetime_ms = caps.movetime.map(|t| (t.as_millis() as u64).max(1));
    let mut settings = output::settings(
        if quick { "quick" } else { "default" },
        caps.depth,
        caps.nodes,
        movetime_ms,
        thresholds,
    )
    .map_err(Error::new_err)?;
    if single_depth {
        settings.both_parities = false;
        settings.preset = Preset::Custom;
    }
    let described = settings.describe();
    let hash: usize = crate::errors::int("hash", hash, "1-4096 MiB")?;
    let eval = evaluator(net)?;
    let tables: Vec<Arc<Table>> = tables_of(tables)?;
    let reports = py
        .allow_threads(move || {
            let mut searcher = s::Searcher::new(hash.clamp(1, 4096), Box::new(eval));
            searcher.set_tables(tables);
            analysis::analyze_game_with(
                &mut searcher,
                &NnEval::embedded(),
                &start,
                &tokens,
                &token_depths,
                &settings,
            )
        })
        .map_err(|e| Error::new_err(e.to_string()))?;
    Ok(reports
        .into_iter()
        .map(|r| {
            let (before, turn, index) = played[r.turn];
            PyTurnReport {
                index,
                side: r.side,
                state: r.state,
                played: PyTurn::new(before, turn),
                played_score: r.played_score,
                best: r.best,
                best_score: r.best_score,
                loss: r.loss,
                verdict: match r.verdict {
                    analysis::Verdict::Ok => "ok",
                    analysis::Verdict::Error => "error",
                    analysis::Verdict::Blunder => "blunder",
                }
                .to_string(),
                depth: r.depth,
                play_depth: r.play_depth,
                nodes: r.nodes,
                exact: r.exact,
                stage: r.stage.name().to_string(),
                best_turns: r.best_turns,
                played_turns: r.played_turns,
                settings: described.clone(),
                cube: r.cube.map(|c| PyCubeReport {
                    action: r.played.clone(),
                    verdict: c.verdict,
                    no_double: c.no_double,
                    double_take: c.double_take,
                    double_pass: c.double_pass,
                    in_match: c.in_match,
                }),
            }
        })
        .collect())
}

crate::pickle::picklable!(
    PyTurnReport,
    "TurnReport",
    [
        index,
        side,
        state,
        played,
        played_score,
        best,
        best_score,
        loss,
        verdict,
        depth,
        play_depth,
        nodes,
        exact,
        stage,
        best_turns,
        played_turns,
        settings,
        cube
    ]
);

crate::pickle::picklable!(
    PyCubeReport,
    "CubeReport",
    [
        action,
        verdict,
        no_double,
        double_take,
        double_pass,
        in_match
    ]
);
