//! `GameResult`: a finished game's winner, kind and points.

use super::{hash_of, side_name};
use ncbg::game::GameResult;
use pyo3::prelude::*;

/// A finished game's result.
#[pyclass(module = "ncbg", name = "GameResult", frozen, get_all)]
#[derive(Clone)]
pub struct PyGameResult {
    /// ``"X"`` or ``"Y"``: who bore off every checker.
    winner: String,
    /// ``"single"``, ``"gammon"`` or ``"backgammon"``.
    kind: String,
    /// Points won: 1, 2 or 3.
    points: u32,
    /// Points from X's side: positive when X won.
    points_for_x: i32,
}

impl PyGameResult {
    pub(super) fn of(r: GameResult) -> PyGameResult {
        PyGameResult {
            winner: side_name(r.winner),
            kind: r.kind.name().to_string(),
            points: r.points(),
            points_for_x: r.points_for_x(),
        }
    }
}

#[pymethods]
impl PyGameResult {
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "GameResult(winner='{}', kind='{}', points={})",
            self.winner, self.kind, self.points
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<PyGameResult>().is_ok_and(|o| {
            let o = o.get();
            o.winner == self.winner && o.kind == self.kind
        })
    }

    fn __hash__(&self) -> u64 {
        hash_of(&(&self.winner, &self.kind))
    }
}

crate::pickle::picklable!(
    PyGameResult,
    "GameResult",
    [winner, kind, points, points_for_x]
);
