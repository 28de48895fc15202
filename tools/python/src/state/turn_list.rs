//! `TurnList`: the legal turns of a state as a read-only sequence, and its
//! iterator.

use super::{decode_id, PyState, PyTurn};
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::turn::Turn;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyTuple};

/// The legal turns of a state (``State.legal_turns()``): a read-only
/// sequence (``len``, indexing, slices, iteration, ``in``, ``index``,
/// ``count``, ``==`` with any sequence of turns) whose ``Turn`` objects are
/// made when read, so that ``random.choice(state.legal_turns())`` makes
/// one. ``in``, ``index`` and ``count`` take a ``Turn`` or a turn token.
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

    /// The index in `from..to` of the turn with the result of `value` (a
    /// `Turn` of this list's state, or a turn token read in it).
    fn position(&self, value: &Bound<'_, PyAny>, from: usize, to: usize) -> Option<usize> {
        let after = if let Ok(t) = value.downcast::<PyTurn>() {
            let t = t.get();
            if t.before != self.before {
                return None;
            }
            t.turn.after(&t.before)
        } else {
            let token = value.extract::<String>().ok()?;
            let t = PyState::of(self.before).read_token(&token).ok()?;
            t.after(&self.before)
        };
        (from..to.min(self.turns.len())).find(|&i| self.turns[i].after(&self.before) == after)
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

    /// True for a ``Turn`` of the list, or a turn token (any notation
    /// ``State.push`` reads) of one; False for anything else.
    fn __contains__(&self, value: &Bound<'_, PyAny>) -> bool {
        self.position(value, 0, self.turns.len()).is_some()
    }

    /// The position of ``value`` (a ``Turn`` or a turn token) in the list,
    /// searched in ``[start:stop]`` as ``list.index`` does; raises
    /// ValueError when it is not there.
    #[pyo3(signature = (value, start = 0, stop = None))]
    fn index(
        &self,
        value: &Bound<'_, PyAny>,
        start: isize,
        stop: Option<isize>,
    ) -> PyResult<usize> {
        let n = self.turns.len() as isize;
        let clamp = |i: isize| (if i < 0 { i + n } else { i }).clamp(0, n) as usize;
        let (from, to) = (clamp(start), clamp(stop.unwrap_or(n)));
        self.position(value, from, to).ok_or_else(|| {
            let shown = value
                .str()
                .map(|s| s.to_string())
                .unwrap_or_else(|_| "the value".into());
            PyValueError::new_err(format!("{shown} is not in the list of legal turns"))
        })
    }

    /// How many times ``value`` (a ``Turn`` or a turn token) is in the
    /// list: 1 or 0 (the turns are distinct by result).
    fn count(&self, value: &Bound<'_, PyAny>) -> usize {
        usize::from(self.position(value, 0, self.turns.len()).is_some())
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

    /// Pickles as the state's ID (the list is its legal turns).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        let f = py.import("ncbg._ncbg")?.getattr("_turn_list_of")?.unbind();
        Ok((f, (state_id::encode(&self.before),)))
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

    /// Refuses: an iterator is not pickled (pickle the ``TurnList``).
    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(
            "a TurnIterator cannot be pickled: pickle the TurnList (or list(...) of its turns) and iterate again",
        ))
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<PyTurn> {
        let list = self.list.bind(py).get();
        let t = list.turns.get(self.next)?;
        self.next += 1;
        Some(PyTurn::new(list.before, *t))
    }
}

/// The legal turns of the state `id` (unpickling a TurnList).
#[pyfunction]
pub(super) fn _turn_list_of(id: &str) -> PyResult<PyTurnList> {
    let before = decode_id(id)?;
    Ok(PyTurnList {
        before,
        turns: ncbg::turn::legal_turns(&before),
    })
}
