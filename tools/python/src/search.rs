//! The engine in-process: `Searcher`, `search`, `evaluate` and
//! `analyze_game`, over `ncbg::search`, `ncbg::eval` and `ncbg::analysis`.
//! Every search runs with the GIL released (`py.allow_threads`).

use crate::files::tables_of;
use crate::state::{decode_id, PyState, PyTurn};
use crate::{Error, IllegalTurn};
use ncbg::analysis::{self, Thresholds};
use ncbg::engine::display;
use ncbg::eval::nn;
use ncbg::eval::{Evaluator, NnEval};
use ncbg::game::GameState;
use ncbg::search::{self as s, Info, Limits, Settings};
use ncbg::tables::Table;
use ncbg::turn::{self, Turn, TurnForm};
use pyo3::prelude::*;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySearcher>()?;
    m.add_class::<PySearchResult>()?;
    m.add_class::<PyLine>()?;
    m.add_class::<PyEvaluation>()?;
    m.add_class::<PyTurnReport>()?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_game, m)?)?;
    Ok(())
}

/// The evaluation with the net of `path` (a net file, `net-format.md`) for
/// every state, or the embedded nets, each state valued by its game's, as
/// the engine does.
fn evaluator(path: Option<&str>) -> PyResult<NnEval> {
    match path {
        None | Some("<embedded>") => Ok(NnEval::embedded()),
        Some(p) => nn::file::load(Path::new(p))
            .map(|net| NnEval::new(Arc::new(net)))
            .map_err(|e| Error::new_err(format!("net file {p}: {e}"))),
    }
}

/// The limits of a search; with none given the engine's default depth (3).
fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<f64>,
    multipv: usize,
) -> PyResult<Limits> {
    let movetime = match movetime {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            return Err(Error::new_err(format!(
                "movetime {t} is not a time in seconds"
            )))
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    if depth == Some(0) {
        return Err(Error::new_err("depth is at least 1"));
    }
    Ok(Limits {
        depth,
        nodes,
        movetime,
        multipv: multipv.max(1),
        ..Limits::default()
    })
}

/// Turns of a line of tokens read from `state` on, up to the first that
/// does not read.
fn line_turns(state: &GameState, tokens: &[String]) -> Vec<PyTurn> {
    let mut s = *state;
    let mut out = Vec::new();
    for t in tokens {
        let Ok(turn) = turn::read(&s, t, TurnForm::Answer) else {
            break;
        };
        out.push(PyTurn::new(s, turn));
        s = turn.after(&s);
    }
    out
}

/// One line of a search: a choice, its value and its expected line.
#[pyclass(module = "ncbg", name = "SearchLine", frozen, get_all)]
#[derive(Clone)]
pub struct PyLine {
    /// The choice.
    turn: PyTurn,
    /// Its value for the side to move, in points (``mp / 1000``).
    score: f64,
    /// Its value in millipoints (1000 = a single game).
    mp: i32,
    /// True when the value is proved (a finished game in the line, or a
    /// table's exact value).
    exact: bool,
    /// The expected line of play, from the choice on.
    pv: Vec<PyTurn>,
}

#[pymethods]
impl PyLine {
    fn __repr__(&self) -> String {
        format!(
            "SearchLine(turn='{}', mp={}{})",
            self.turn.token_string(),
            self.mp,
            if self.exact { ", exact=True" } else { "" }
        )
    }
}

/// The answer of a search: the best turn, its value, the expected line,
/// the depth and nodes, and (with ``multipv``) the best lines.
#[pyclass(module = "ncbg", name = "SearchResult", frozen, get_all)]
#[derive(Clone)]
pub struct PySearchResult {
    /// The best turn (the one ``bestmove`` would give).
    turn: PyTurn,
    /// Its value for the side to move in points.
    score: f64,
    /// Its value in millipoints.
    mp: i32,
    /// True when the value is proved.
    exact: bool,
    /// The expected line, from the best turn on.
    pv: Vec<PyTurn>,
    /// The last completed depth (turns).
    depth: u32,
    /// Nodes visited.
    nodes: u64,
    /// Wall time in seconds.
    time: f64,
    /// The best lines, best first (one unless ``multipv`` > 1).
    lines: Vec<PyLine>,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(turn='{}', mp={}, depth={}, nodes={})",
            self.turn.token_string(),
            self.mp,
            self.depth,
            self.nodes
        )
    }
}

/// A searcher that keeps its transposition table between searches (as an
/// engine does over a game): ``Searcher(hash=16, net=None, tables=None,
/// threads=1)``. ``net`` is a net file's path (None: the embedded nets,
/// each game's own as in the engine), ``tables`` a list of ``Table``s or
/// table file paths.
#[pyclass(module = "ncbg", name = "Searcher")]
pub struct PySearcher {
    searcher: s::Searcher,
    threads: usize,
    seed: u64,
}

#[pymethods]
impl PySearcher {
    #[new]
    #[pyo3(signature = (hash = 16, net = None, tables = None, threads = 1, seed = 0))]
    fn py_new(
        hash: usize,
        net: Option<&str>,
        tables: Option<&Bound<'_, PyAny>>,
        threads: usize,
        seed: u64,
    ) -> PyResult<PySearcher> {
        if !(1..=4096).contains(&hash) {
            return Err(Error::new_err(format!("hash {hash} MiB is outside 1-4096")));
        }
        if !(1..=s::MAX_THREADS).contains(&threads) {
            return Err(Error::new_err(format!(
                "threads {threads} is outside 1-{}",
                s::MAX_THREADS
            )));
        }
        let mut searcher = s::Searcher::new(hash, Box::new(evaluator(net)?));
        searcher.set_tables(tables_of(tables)?);
        Ok(PySearcher {
            searcher,
            threads,
            seed,
        })
    }

    /// Searches ``state`` (its move stack is the repetition history) and
    /// returns a ``SearchResult``. Limits: ``depth`` (turns), ``nodes``,
    /// ``movetime`` (seconds); the first reached ends the search; with none
    /// the engine's default depth (3). Raises ``ncbg.Error`` on a finished
    /// game. The GIL is released while it searches.
    #[pyo3(signature = (state, depth = None, nodes = None, movetime = None, multipv = 1))]
    fn search(
        &mut self,
        py: Python<'_>,
        state: &PyState,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        multipv: usize,
    ) -> PyResult<PySearchResult> {
        let limits = limits(depth, nodes, movetime, multipv)?;
        let settings = Settings {
            threads: self.threads,
            seed: self.seed,
            ..Settings::default()
        };
        let root = state.state;
        if let Some(r) = root.result() {
            return Err(Error::new_err(format!("the game is over: {r}")));
        }
        let history = state.history();
        let searcher = &mut self.searcher;
        let (result, infos, time) = py.allow_threads(move || {
            searcher.set_history(&history);
            let stop = AtomicBool::new(false);
            let mut infos: Vec<Info> = Vec::new();
            let start = Instant::now();
            let r = searcher.search(&root, &limits, &settings, &stop, &mut |i| {
                infos.push(i.clone())
            });
            (r, infos, start.elapsed())
        });
        let result = result.ok_or_else(|| Error::new_err("no legal turn"))?;
        let pv_of = |rank: usize| -> Vec<PyTurn> {
            let info = infos
                .iter()
                .rev()
                .find(|i| i.multipv == rank && i.depth == result.depth)
                .or_else(|| infos.iter().rev().find(|i| i.multipv == rank));
            info.map(|i| line_turns(&root, &i.pv)).unwrap_or_default()
        };
        let lines: Vec<PyLine> = result
            .lines
            .iter()
            .enumerate()
            .map(|(i, (t, sc))| {
                let mut pv = pv_of(i + 1);
                if pv.first().map(|p| p.turn.after(&root)) != Some(t.after(&root)) {
                    pv = vec![PyTurn::new(root, *t)];
                }
                PyLine {
                    turn: PyTurn::new(root, *t),
                    score: f64::from(sc.value) / 1000.0,
                    mp: sc.value,
                    exact: sc.exact,
                    pv,
                }
            })
            .collect();
        let best = PyTurn::new(root, result.best);
        let pv = lines
            .iter()
            .find(|l| l.turn.turn.after(&root) == result.best.after(&root))
            .map(|l| l.pv.clone())
            .unwrap_or_else(|| vec![best.clone()]);
        Ok(PySearchResult {
            turn: best,
            score: f64::from(result.score.value) / 1000.0,
            mp: result.score.value,
            exact: result.score.exact,
            pv,
            depth: result.depth,
            nodes: result.nodes,
            time: time.as_secs_f64(),
            lines,
        })
    }

    /// Forgets the transposition table's contents.
    fn clear(&mut self) {
        self.searcher.clear();
    }
}

/// Searches ``state`` with a fresh searcher (see ``Searcher.search``):
/// ``search(state, depth=None, nodes=None, movetime=None, multipv=1,
/// threads=1, hash=16, net=None, tables=None, seed=0)``. ``movetime`` is in
/// seconds. With one thread, a depth or node limit gives the same answer
/// every time (and the same as the engine's ``go`` from a fresh engine).
#[pyfunction]
#[pyo3(signature = (state, depth = None, nodes = None, movetime = None, multipv = 1, threads = 1, hash = 16, net = None, tables = None, seed = 0))]
#[allow(clippy::too_many_arguments)]
fn search(
    py: Python<'_>,
    state: &PyState,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<f64>,
    multipv: usize,
    threads: usize,
    hash: usize,
    net: Option<&str>,
    tables: Option<&Bound<'_, PyAny>>,
    seed: u64,
) -> PyResult<PySearchResult> {
    let mut s = PySearcher::py_new(hash, net, tables, threads, seed)?;
    s.search(py, state, depth, nodes, movetime, multipv)
}

/// The net's static evaluation of a state for its side to move: what the
/// engine's ``eval`` command prints.
#[pyclass(module = "ncbg", name = "Evaluation", frozen, get_all)]
#[derive(Clone)]
pub struct PyEvaluation {
    /// Chance to win.
    win: f64,
    /// Chance to win a gammon or a backgammon.
    win_gammon: f64,
    /// Chance to win a backgammon.
    win_backgammon: f64,
    /// Chance to lose a gammon or a backgammon.
    lose_gammon: f64,
    /// Chance to lose a backgammon.
    lose_backgammon: f64,
    /// Expected points.
    equity: f64,
    /// The search's value in millipoints (``evalok``).
    mp: i32,
    /// The exact value in points (0 a draw) when a table given covers the
    /// state, else None.
    exact: Option<i32>,
    /// Turns to the end under perfect play, with ``exact``.
    exact_turns: Option<u32>,
    /// The lines of the engine's ``eval`` reply, ``evalok`` last.
    lines: Vec<String>,
}

#[pymethods]
impl PyEvaluation {
    fn __repr__(&self) -> String {
        format!(
            "Evaluation(win={:.4}, win_gammon={:.4}, win_backgammon={:.4}, lose_gammon={:.4}, lose_backgammon={:.4}, equity={:.4}, mp={})",
            self.win, self.win_gammon, self.win_backgammon, self.lose_gammon, self.lose_backgammon, self.equity, self.mp
        )
    }
}

/// The static evaluation of ``state`` with the embedded nets (the game's
/// own, as in the engine) or the net file ``net``: the probabilities the
/// engine's ``eval`` prints (made consistent), the equity and the
/// millipoints the search uses; with ``tables``, the exact value of a state
/// one covers. Raises ``ncbg.Error`` on a finished game.
#[pyfunction]
#[pyo3(signature = (state, net = None, tables = None))]
fn evaluate(
    state: &PyState,
    net: Option<&str>,
    tables: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyEvaluation> {
    let g = state.state;
    if let Some(r) = g.result() {
        return Err(Error::new_err(format!("the game is over: {r}")));
    }
    let eval = evaluator(net)?;
    let tables = tables_of(tables)?;
    let exact = tables.iter().find_map(|t| t.probe(&g).ok());
    let p = eval.network_for(&g).probabilities(&g);
    Ok(PyEvaluation {
        win: f64::from(p.win),
        win_gammon: f64::from(p.win_gammon),
        win_backgammon: f64::from(p.win_backgammon),
        lose_gammon: f64::from(p.lose_gammon),
        lose_backgammon: f64::from(p.lose_backgammon),
        equity: f64::from(p.equity()),
        mp: eval.evaluate(&g),
        exact: exact.map(|e| e.value.points()),
        exact_turns: exact.map(|e| e.rank),
        lines: display::eval(&g, &eval, exact),
    })
}

/// The verdict on one played turn (``ncbg analyze``'s per-turn line).
#[pyclass(module = "ncbg", name = "TurnReport", frozen, get_all)]
#[derive(Clone)]
pub struct PyTurnReport {
    /// Index of the turn in the list given (0-based).
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
    /// Depth of the comparison (0 for a table's exact verdict).
    depth: u32,
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
}

#[pymethods]
impl PyTurnReport {
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

/// Judges every turn of a game from ``start``, as ``ncbg analyze`` does:
/// each played turn against the engine's best at the same depth (or, where
/// a table covers the state, by exact values). ``turns`` are ``Turn``s or
/// turn tokens, replayed from ``start``; turn-0 picks are replayed but not
/// judged. Returns one ``TurnReport`` per judged turn. Limits as
/// ``search`` (default depth 3); ``error`` and ``blunder`` are the
/// thresholds in millipoints.
#[pyfunction]
#[pyo3(signature = (start, turns, depth = None, nodes = None, movetime = None, tables = None, net = None, hash = 16, error = 80, blunder = 160))]
#[allow(clippy::too_many_arguments)]
fn analyze_game(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    turns: &Bound<'_, PyAny>,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<f64>,
    tables: Option<&Bound<'_, PyAny>>,
    net: Option<&str>,
    hash: usize,
    error: i32,
    blunder: i32,
) -> PyResult<Vec<PyTurnReport>> {
    let start: GameState = match start.downcast::<PyState>() {
        Ok(s) => s.borrow().state,
        Err(_) => decode_id(&start.extract::<String>()?)?,
    };
    let mut s = start;
    let mut tokens = Vec::new();
    let mut played: Vec<(GameState, Turn)> = Vec::new();
    for (i, obj) in turns.try_iter()?.enumerate() {
        let obj = obj?;
        let t = PyState::of(s)
            .turn_of(&obj)
            .map_err(|e| IllegalTurn::new_err(format!("turn {}: {}", i + 1, e.value(py))))?;
        tokens.push(t.token(&s));
        played.push((s, t));
        s = t.after(&s);
    }
    // As `ncbg analyze`: depth 3 when no limit is given, no clock overhead.
    let mut limits = limits(depth, nodes, movetime, 1)?;
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.depth = Some(3);
    }
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..Settings::default()
    };
    let thresholds = Thresholds::new(error, blunder).map_err(Error::new_err)?;
    let eval = evaluator(net)?;
    let tables: Vec<Arc<Table>> = tables_of(tables)?;
    let reports = py
        .allow_threads(move || {
            let mut searcher = s::Searcher::new(hash.clamp(1, 4096), Box::new(eval));
            searcher.set_tables(tables);
            analysis::analyze_game(
                &mut searcher,
                &start,
                &tokens,
                &limits,
                &settings,
                &thresholds,
            )
        })
        .map_err(|e| Error::new_err(e.to_string()))?;
    Ok(reports
        .into_iter()
        .map(|r| {
            let (before, turn) = played[r.turn];
            PyTurnReport {
                index: r.turn,
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
                exact: r.exact,
                stage: r.stage.name().to_string(),
                best_turns: r.best_turns,
                played_turns: r.played_turns,
            }
        })
        .collect())
}
