//! `TurnList`: the legal turns of a state as a read-only sequence, and its
//! iterator.

use super::PyTurn;
use ncbg::game::GameState;
use ncbg::turn::Turn;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyTuple};

/// The legal turns of a state (``State.legal_turns()``): a read-only
/// sequence (``len``, indexing, slices, iteration, ``in``, ``==`` with any
/// sequence of turns) whose ``Turn`` objects are made when read, so that
/// ``random.choice(state.legal_turns())`` makes one.
#[pyclass(module = "ncbg", name = "TurnList", frozen, sequence)]
pub struct PyTurnList {
    pub(super) before: GameState,
    pub(super) turns: Vec<Turn>,
}

impl PyTurnList {
    fn at(&self, i: isize) -> PyResult<PyTurn> {
        let n = self.turns.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(PyIndexError::new_err("TurnList index out of range"));
        }
        Ok(PyTurn::new(self.before, self.turns[j as usize]))
    }

    fn to_vec(&self) -> Vec<PyTurn> {
        self.turns
            .iter()
            .map(|&t| PyTurn::new(self.before, t))
            .collect()
    }
}

#[pymethods]
impl PyTurnList {
    fn __len__(&self) -> usize {
        self.turns.len()
    }

    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        if let Ok(i) = index.extract::<isize>() {
            return Ok(Bound::new(py, self.at(i)?)?.into_any());
        }
        if let Ok(slice) = index.downcast::<PySlice>() {
            let ind = slice.indices(self.turns.len() as isize)?;
            let mut out = Vec::with_capacity(ind.slicelength);
            let mut i = ind.start;
            for _ in 0..ind.slicelength {
                out.push(self.at(i)?);
                i += ind.step;
            }
            return Ok(out.into_pyobject(py)?.into_any());
        }
        Err(PyTypeError::new_err(
            "TurnList indices must be integers or slices",
        ))
    }

    fn __iter__(slf: Bound<'_, Self>) -> PyTurnIter {
        PyTurnIter {
            list: slf.unbind(),
            next: 0,
        }
    }

    fn __contains__(&self, turn: &Bound<'_, PyAny>) -> bool {
        let Ok(t) = turn.downcast::<PyTurn>() else {
            return false;
        };
        let t = t.get();
        if t.before != self.before {
            return false;
        }
        let after = t.turn.after(&t.before);
        self.turns.iter().any(|x| x.after(&self.before) == after)
    }

    /// The position of ``turn`` in the list; raises ValueError when absent.
    fn index(&self, turn: &Bound<'_, PyAny>) -> PyResult<usize> {
        if let Ok(t) = turn.downcast::<PyTurn>() {
            let t = t.get();
            if t.before == self.before {
                let after = t.turn.after(&t.before);
                if let Some(i) = self
                    .turns
                    .iter()
                    .position(|x| x.after(&self.before) == after)
                {
                    return Ok(i);
                }
            }
        }
        Err(PyValueError::new_err("the turn is not in the list"))
    }

    /// Equal to another TurnList of the same turns, or to any sequence
    /// (a list, a tuple) of the same ``Turn``s in the same order.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(o) = other.downcast::<PyTurnList>() {
            let o = o.get();
            return Ok(o.before == self.before && o.turns == self.turns);
        }
        if other.downcast::<PyList>().is_err() && other.downcast::<PyTuple>().is_err() {
            return Ok(false);
        }
        let py = other.py();
        let mine = PyList::new(py, self.to_vec())?;
        let theirs = PyList::new(py, other.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
        mine.eq(theirs)
    }

    fn __repr__(&self) -> String {
        let items: Vec<String> = self
            .turns
            .iter()
            .map(|t| format!("Turn('{}')", t.token(&self.before)))
            .collect();
        format!("[{}]", items.join(", "))
    }
}

/// The iterator of a ``TurnList``.
#[pyclass(module = "ncbg", name = "TurnIterator")]
pub struct PyTurnIter {
    list: Py<PyTurnList>,
    next: usize,
}

#[pymethods]
impl PyTurnIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<PyTurn> {
        let list = self.list.bind(py).get();
        let t = list.turns.get(self.next)?;
        self.next += 1;
        Some(PyTurn::new(list.before, *t))
    }
}
