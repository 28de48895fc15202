//! `State` (a game state with its move stack) and `Turn` (one legal turn of
//! a state), over `ncbg::game`, `ncbg::turn` and `ncbg::ids`.
//!
//! This module defines the `State` and `Turn` classes' data (each file
//! below imports them from here, none from a sibling that imports it back),
//! registers the classes and holds what they share (hashing, side names,
//! reading a full-state ID); their methods are in
//! `game_state.rs` (`State`; `from_board.rs` builds one from its checkers),
//! `turn.rs` (`Turn`), `turn_list.rs`
//! (`TurnList` and its iterator) and `game_result.rs` (`GameResult`).

mod from_board;
mod game_result;
mod game_state;
mod turn;
mod turn_list;

use crate::errors::BadId;
pub(crate) use game_result::PyGameResult;
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::numbers::Side;
use ncbg::turn::{legal_turns, read as read_token, Turn, TurnError, TurnForm};
use pyo3::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use turn_list::{PyTurnIter, PyTurnList};

/// A No-Chance Backgammon game state and the turns that led to it (its move
/// stack, as python-chess's ``Board``). ``State()`` is the standard start
/// (X to pick its initial number); ``State(id)`` reads a full-state ID.
#[pyclass(module = "ncbg", name = "State")]
#[derive(Clone)]
pub struct PyState {
    pub(crate) state: GameState,
    /// The turns pushed, each with the state it was made from.
    pub(crate) stack: Vec<(GameState, Turn)>,
}

/// One turn of a state: a pick alone (turn 0; after it, a pick whose play
/// follows as its own turn), a pick and the play of the pair it makes, or
/// the play of a pair already fixed. ``str(turn)`` is its NCBP turn token
/// (``3``, ``6:24/18,13/8``, ``24/18,13/8``). Turns come from
/// ``State.legal_turns()`` (whole turns) and ``State.parse_turn()``; a
/// turn belongs to the state it was made from.
#[pyclass(module = "ncbg", name = "Turn", frozen)]
#[derive(Clone)]
pub struct PyTurn {
    pub(crate) before: GameState,
    pub(crate) turn: Turn,
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyState>()?;
    m.add_class::<PyTurn>()?;
    m.add_class::<PyGameResult>()?;
    m.add_class::<PyTurnList>()?;
    m.add_class::<PyTurnIter>()?;
    m.add_function(wrap_pyfunction!(_time_legal_turns, m)?)?;
    m.add_function(wrap_pyfunction!(turn::_turn_from, m)?)?;
    m.add_function(wrap_pyfunction!(game_state::_state_from, m)?)?;
    m.add_function(wrap_pyfunction!(turn_list::_turn_list_of, m)?)?;
    Ok(())
}

/// Rust-side timing for bench.py: seconds per `ncbg::turn::legal_turns`
/// call on `state`, over `calls` calls (the GIL released), and the count.
#[pyfunction]
fn _time_legal_turns(py: Python<'_>, state: &Bound<'_, PyState>, calls: usize) -> (f64, usize) {
    let s = state.borrow().state;
    py.allow_threads(move || {
        let start = std::time::Instant::now();
        let mut n = 0;
        for _ in 0..calls.max(1) {
            n = std::hint::black_box(legal_turns(std::hint::black_box(&s))).len();
        }
        (start.elapsed().as_secs_f64() / calls.max(1) as f64, n)
    })
}

fn hash_of<T: Hash>(t: &T) -> u64 {
    let mut h = DefaultHasher::new();
    t.hash(&mut h);
    h.finish()
}

/// `"X"` or `"Y"`.
pub(crate) fn side_name(s: Side) -> String {
    s.letter().to_string()
}

/// Reads a turn token of `state`, as `State.push` takes it: a whole turn
/// (the `TurnForm::Answer` form: `3` in turn 0, `6:24/18,13/8`,
/// `24/18,13/8` with the number picked) or, after turn 0, a pick alone
/// whose play follows as its own token (the `TurnForm::Step` form, as the
/// engine's `position ... moves` reads it). An error is the whole-turn
/// reading's.
pub(crate) fn read_turn(state: &GameState, token: &str) -> Result<Turn, TurnError> {
    read_token(state, token, TurnForm::Answer).or_else(|e| {
        match read_token(state, token, TurnForm::Step) {
            Ok(t @ Turn::Pick(_)) => Ok(t),
            _ => Err(e),
        }
    })
}

/// Decodes a full-state ID, as `BadId` on error.
pub(crate) fn decode_id(id: &str) -> PyResult<GameState> {
    state_id::decode(id.trim()).map_err(|e| BadId::new_err(format!("bad state ID '{id}': {e}")))
}
