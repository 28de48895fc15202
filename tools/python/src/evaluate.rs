//! The static evaluation in-process: `evaluate` and its `Evaluation`,
//! over `ncbg::eval` (what the engine's `eval` command prints).

use crate::errors::Error;
use crate::files::tables_of;
use crate::search::evaluator;
use crate::state::PyState;
use ncbg::engine::display;
use ncbg::eval::Evaluator;
use pyo3::prelude::*;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEvaluation>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    Ok(())
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
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

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
        lines: display::eval(&g, &eval, exact, ncbg::search::cube::analysis(&g, &eval)),
    })
}

crate::pickle::picklable!(
    PyEvaluation,
    "Evaluation",
    [
        win,
        win_gammon,
        win_backgammon,
        lose_gammon,
        lose_backgammon,
        equity,
        mp,
        exact,
        exact_turns,
        lines
    ]
);
