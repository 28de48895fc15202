//! The search in-process: `Searcher`, `search` and their results, over
//! `ncbg::search`. Every search runs with the GIL released
//! (`py.allow_threads`). The net and limit arguments are read here for
//! `evaluate` and `analyze_game` too.

use crate::errors::Error;
use crate::files::tables_of;
use crate::state::{PyState, PyTurn};
use ncbg::eval::nn;
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{self as s, Info, Limits, Settings};
use ncbg::turn::{self, TurnForm};
use pyo3::prelude::*;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySearcher>()?;
    m.add_class::<PySearchResult>()?;
    m.add_class::<PyLine>()?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    Ok(())
}

/// The evaluation with the net of `path` (a net file, `net-format.md`) for
/// every state, or the embedded nets, each state valued by its game's, as
/// the engine does.
pub(crate) fn evaluator(path: Option<&str>) -> PyResult<NnEval> {
    match path {
        None | Some("<embedded>") => Ok(NnEval::embedded()),
        Some(p) => nn::file::load(Path::new(p))
            .map(|net| NnEval::new(Arc::new(net)))
            .map_err(|e| Error::new_err(format!("net file {p}: {e}"))),
    }
}

/// The limits of a search; with none given the engine's default depth (3).
pub(crate) fn limits(
    depth: Option<i64>,
    nodes: Option<i64>,
    movetime: Option<f64>,
    multipv: i64,
) -> PyResult<Limits> {
    let depth: Option<u32> = depth
        .map(|d| crate::errors::int("depth", d, "at least 1"))
        .transpose()?;
    let nodes: Option<u64> = nodes
        .map(|n| crate::errors::int("nodes", n, "at least 0"))
        .transpose()?;
    let multipv: usize = crate::errors::int("multipv", multipv, "at least 1")?;
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
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

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
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

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
        hash: i64,
        net: Option<&str>,
        tables: Option<&Bound<'_, PyAny>>,
        threads: i64,
        seed: u64,
    ) -> PyResult<PySearcher> {
        let hash: usize = crate::errors::int("hash", hash, "1-4096 MiB")?;
        let threads: usize =
            crate::errors::int("threads", threads, &format!("1-{}", s::MAX_THREADS))?;
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
        state: &Bound<'_, PyState>,
        depth: Option<i64>,
        nodes: Option<i64>,
        movetime: Option<f64>,
        multipv: i64,
    ) -> PyResult<PySearchResult> {
        // Copied, and the State's borrow dropped, before the GIL is
        // released: other threads may push to it while the search runs.
        let (root, history) = {
            let st = state.borrow();
            (st.state, st.history())
        };
        let limits = limits(depth, nodes, movetime, multipv)?;
        let settings = Settings {
            threads: self.threads,
            seed: self.seed,
            ..Settings::default()
        };
        if let Some(r) = root.result() {
            return Err(Error::new_err(format!("the game is over: {r}")));
        }
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

    /// Refuses: a searcher's transposition table and net are not pickled.
    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "a Searcher cannot be pickled (its transposition table and net live in this process): make a new Searcher where it is needed",
        ))
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
    state: &Bound<'_, PyState>,
    depth: Option<i64>,
    nodes: Option<i64>,
    movetime: Option<f64>,
    multipv: i64,
    threads: i64,
    hash: i64,
    net: Option<&str>,
    tables: Option<&Bound<'_, PyAny>>,
    seed: u64,
) -> PyResult<PySearchResult> {
    let mut s = PySearcher::py_new(hash, net, tables, threads, seed)?;
    s.search(py, state, depth, nodes, movetime, multipv)
}

crate::pickle::picklable!(PyLine, "SearchLine", [turn, score, mp, exact, pv]);

crate::pickle::picklable!(
    PySearchResult,
    "SearchResult",
    [turn, score, mp, exact, pv, depth, nodes, time, lines]
);
