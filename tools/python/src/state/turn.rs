//! `Turn`: one legal turn of a state, and its unpickling.

use super::{decode_id, hash_of, read_turn, side_name, PyState, PyTurn};
use crate::errors::IllegalTurn;
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::notation::format_play_token;
use ncbg::turn::Turn;
use pyo3::prelude::*;

impl PyTurn {
    pub(crate) fn new(before: GameState, turn: Turn) -> PyTurn {
        PyTurn { before, turn }
    }

    pub(crate) fn token_string(&self) -> String {
        self.turn.token(&self.before)
    }
}

#[pymethods]
impl PyTurn {
    /// The number picked: the pick of turn 0, the new pick of a whole turn,
    /// or (for the play of a pair already fixed) the number picked before.
    #[getter]
    fn number(&self) -> Option<u8> {
        match self.turn {
            Turn::Pick(n) | Turn::PickPlay(n, _) => Some(n),
            Turn::Play(_) => self.before.numbers().current(self.before.to_move()),
            Turn::Cube(_) => None,
        }
    }

    /// The checker play as a token (``24/18,13/8``, ``pass``), or None for a
    /// pick of turn 0.
    #[getter]
    fn play(&self) -> Option<String> {
        match &self.turn {
            Turn::Pick(_) | Turn::Cube(_) => None,
            Turn::PickPlay(_, lp) | Turn::Play(lp) => {
                Some(format_play_token(self.before.position(), &lp.play))
            }
        }
    }

    /// The pair played, higher number first, as dice would be written
    /// (``(6, 5)``); None for a pick of turn 0.
    #[getter]
    fn pair(&self) -> Option<(u8, u8)> {
        let p = match self.turn {
            Turn::Pick(_) | Turn::Cube(_) => None,
            Turn::PickPlay(n, _) => self.before.pair_for(n),
            Turn::Play(_) => self.before.pending_pair(),
        }?;
        Some((p.hi(), p.lo()))
    }

    /// True for a doublet (the pair's numbers are equal).
    #[getter]
    fn is_doublet(&self) -> bool {
        self.pair().is_some_and(|(a, b)| a == b)
    }

    /// The cube action of the turn (``"double"``, ``"take"``, ``"drop"``,
    /// ``"beaver"``), or None for a pick or a play.
    #[getter]
    fn cube_action(&self) -> Option<&'static str> {
        match self.turn {
            Turn::Cube(a) => Some(a.token()),
            _ => None,
        }
    }

    /// The side making the turn, ``"X"`` or ``"Y"``.
    #[getter]
    fn side(&self) -> String {
        side_name(self.before.to_move())
    }

    /// The turn token (the same as ``str(turn)``).
    #[getter]
    fn token(&self) -> String {
        self.token_string()
    }

    /// The state the turn is made from (without its move stack).
    #[getter]
    fn before(&self) -> PyState {
        PyState::of(self.before)
    }

    /// The state the turn leads to (without a move stack).
    fn after(&self) -> PyState {
        PyState::of(self.turn.after(&self.before))
    }

    fn __str__(&self) -> String {
        self.token_string()
    }

    fn __repr__(&self) -> String {
        format!("Turn('{}')", self.token_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<PyTurn>().is_ok_and(|o| {
            let o = o.get();
            self.before == o.before && self.turn.after(&self.before) == o.turn.after(&o.before)
        })
    }

    fn __hash__(&self) -> u64 {
        hash_of(&(self.before, self.turn.after(&self.before)))
    }

    /// Pickles as the state's ID and the token.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String, String))> {
        let f = py.import("ncbg._ncbg")?.getattr("_turn_from")?.unbind();
        Ok((f, (state_id::encode(&self.before), self.token_string())))
    }
}

/// The turn `token` of the state `id` (unpickling a Turn).
#[pyfunction]
pub(super) fn _turn_from(id: &str, token: &str) -> PyResult<PyTurn> {
    let state = decode_id(id)?;
    read_turn(&state, token)
        .map(|t| PyTurn::new(state, t))
        .map_err(|e| IllegalTurn::new_err(format!("{token}: {e}")))
}
