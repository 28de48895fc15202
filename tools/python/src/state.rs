//! `State` (a game state with its move stack) and `Turn` (one legal turn of
//! a state), over `ncbg::game`, `ncbg::turn` and `ncbg::ids`.

use crate::{BadId, Error, IllegalTurn};
use ncbg::board::{Checkers, Position, Variant, SLOTS};
use ncbg::engine::display;
use ncbg::game::{GameResult, GameState, Phase};
use ncbg::ids::{position_id, state_id};
use ncbg::notation::format_play_token;
use ncbg::numbers::{NumberRules, Numbers, Side};
use ncbg::turn::{self, legal_turns, Turn, TurnForm};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyTuple};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyState>()?;
    m.add_class::<PyTurn>()?;
    m.add_class::<PyGameResult>()?;
    m.add_class::<PyTurnList>()?;
    m.add_class::<PyTurnIter>()?;
    m.add_function(wrap_pyfunction!(_time_legal_turns, m)?)?;
    m.add_function(wrap_pyfunction!(_turn_from, m)?)?;
    Ok(())
}

/// Rust-side timing for bench.py: seconds per `ncbg::turn::legal_turns`
/// call on `state`, over `calls` calls (the GIL released), and the count.
#[pyfunction]
fn _time_legal_turns(py: Python<'_>, state: &PyState, calls: usize) -> (f64, usize) {
    let s = state.state;
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

/// X's and Y's checkers, each in its own coordinates.
fn sides(state: &GameState) -> (Checkers, Checkers) {
    let pos = state.position();
    match state.to_move() {
        Side::X => (pos.mover(), pos.opponent()),
        Side::Y => (pos.opponent(), pos.mover()),
    }
}

/// A side's 26 slot counts as a list (not `bytes`).
fn slots(c: Checkers) -> Vec<u32> {
    c.to_slots().iter().map(|&n| u32::from(n)).collect()
}

/// Decodes a full-state ID, as `BadId` on error.
pub(crate) fn decode_id(id: &str) -> PyResult<GameState> {
    state_id::decode(id.trim()).map_err(|e| BadId::new_err(format!("bad state ID '{id}': {e}")))
}

/// One turn of a state: a pick alone (turn 0), a pick and the play of the
/// pair it makes, or the play of a pair already fixed. ``str(turn)`` is its
/// NCBP turn token (``3``, ``6:24/18,13/8``, ``24/18,13/8``). Turns come
/// from ``State.legal_turns()`` and ``State.parse_turn()``; a turn belongs
/// to the state it was made from.
#[pyclass(module = "ncbg", name = "Turn", frozen)]
#[derive(Clone)]
pub struct PyTurn {
    pub(crate) before: GameState,
    pub(crate) turn: Turn,
}

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
        }
    }

    /// The checker play as a token (``24/18,13/8``, ``pass``), or None for a
    /// pick of turn 0.
    #[getter]
    fn play(&self) -> Option<String> {
        match &self.turn {
            Turn::Pick(_) => None,
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
            Turn::Pick(_) => None,
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
fn _turn_from(id: &str, token: &str) -> PyResult<PyTurn> {
    let state = decode_id(id)?;
    turn::read(&state, token, TurnForm::Answer)
        .map(|t| PyTurn::new(state, t))
        .map_err(|e| IllegalTurn::new_err(format!("{token}: {e}")))
}

/// The legal turns of a state (``State.legal_turns()``): a read-only
/// sequence (``len``, indexing, slices, iteration, ``in``, ``==`` with any
/// sequence of turns) whose ``Turn`` objects are made when read, so that
/// ``random.choice(state.legal_turns())`` makes one.
#[pyclass(module = "ncbg", name = "TurnList", frozen, sequence)]
pub struct PyTurnList {
    before: GameState,
    turns: Vec<Turn>,
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
    fn of(r: GameResult) -> PyGameResult {
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

impl PyState {
    pub(crate) fn of(state: GameState) -> PyState {
        PyState {
            state,
            stack: Vec::new(),
        }
    }

    /// The states before the current one, oldest first (the search's
    /// repetition history).
    pub(crate) fn history(&self) -> Vec<GameState> {
        self.stack.iter().map(|(s, _)| *s).collect()
    }

    /// A `Turn` or a turn token, checked against this state.
    pub(crate) fn turn_of(&self, obj: &Bound<'_, PyAny>) -> PyResult<Turn> {
        if let Ok(t) = obj.downcast::<PyTurn>() {
            let t = t.get();
            if t.before == self.state {
                return Ok(t.turn);
            }
            return Err(IllegalTurn::new_err(format!(
                "the turn {} was made from another state ({}), not this one ({})",
                t.token_string(),
                state_id::encode(&t.before),
                state_id::encode(&self.state)
            )));
        }
        if let Ok(token) = obj.extract::<String>() {
            return turn::read(&self.state, &token, TurnForm::Answer)
                .map_err(|e| IllegalTurn::new_err(format!("{}: {e}", token.trim())));
        }
        Err(PyTypeError::new_err(format!(
            "a turn is a ncbg.Turn or a turn token (str), not {}",
            obj.get_type().name()?
        )))
    }
}

#[pymethods]
impl PyState {
    #[new]
    #[pyo3(signature = (id = None))]
    fn py_new(id: Option<&str>) -> PyResult<PyState> {
        match id {
            None => Ok(PyState::of(GameState::standard())),
            Some(id) => Ok(PyState::of(decode_id(id)?)),
        }
    }

    /// A new game: the start position of ``variant`` (``"standard"``,
    /// ``"nackgammon"``, ``"hypergammon"``), alphabet size ``k`` (3-9) and
    /// ``credits`` doublet credits each (0-9); X to pick its initial number.
    #[staticmethod]
    #[pyo3(signature = (variant = "standard", k = 6, credits = 2))]
    fn start(variant: &str, k: u8, credits: u8) -> PyResult<PyState> {
        let variant: Variant = variant.parse().map_err(Error::new_err)?;
        let rules = NumberRules::new(k, credits).map_err(Error::new_err)?;
        Ok(PyState::of(GameState::start(variant, rules)))
    }

    /// The state of a full-state ID (``4HPwATDgc/ABMA:Xpick:x3y5:d22:k6``);
    /// raises ``BadId``.
    #[staticmethod]
    fn from_id(id: &str) -> PyResult<PyState> {
        Ok(PyState::of(decode_id(id)?))
    }

    /// A state from both sides' checkers, each a list of 26 counts in its
    /// own coordinates as ``board`` gives them (index 0 borne off, 1-24 the
    /// points, 25 the bar), the side to move, the current numbers (None
    /// before the initial picks), the doublet credits left, the alphabet
    /// and the phase (``"play"``: the mover's number is picked and the pair
    /// is pending). Raises ``ncbg.Error`` for an impossible state.
    #[staticmethod]
    #[pyo3(signature = (x, y, turn = "X", numbers = (None, None), credits = (2, 2), k = 6, phase = "pick"))]
    fn from_board(
        x: Vec<u8>,
        y: Vec<u8>,
        turn: &str,
        numbers: (Option<u8>, Option<u8>),
        credits: (u8, u8),
        k: u8,
        phase: &str,
    ) -> PyResult<PyState> {
        let side = |name: &str, v: &[u8]| -> PyResult<Checkers> {
            let slots: [u8; SLOTS] = v.try_into().map_err(|_| {
                Error::new_err(format!(
                    "{name}'s board has {} counts, not {SLOTS}",
                    v.len()
                ))
            })?;
            Checkers::from_slots(&slots)
                .ok_or_else(|| Error::new_err(format!("{name} has more than 15 checkers")))
        };
        let (xs, ys) = (side("X", &x)?, side("Y", &y)?);
        let to_move = match turn {
            "X" | "x" => Side::X,
            "Y" | "y" => Side::Y,
            _ => return Err(Error::new_err(format!("turn '{turn}' is not X or Y"))),
        };
        let position = match to_move {
            Side::X => Position::new(xs, ys),
            Side::Y => Position::new(ys, xs),
        }
        .map_err(|e| Error::new_err(e.to_string()))?;
        let phase = match phase {
            "pick" => Phase::Pick,
            "play" => Phase::Play,
            _ => {
                return Err(Error::new_err(format!(
                    "phase '{phase}' is not pick or play"
                )))
            }
        };
        let numbers = Numbers::from_parts([numbers.0, numbers.1], [credits.0, credits.1]);
        GameState::new(position, to_move, numbers, k, phase)
            .map(PyState::of)
            .map_err(|e| Error::new_err(e.to_string()))
    }

    /// The full-state ID.
    #[getter]
    fn id(&self) -> String {
        state_id::encode(&self.state)
    }

    /// The gnubg Position ID of the board (side to move on roll).
    #[getter]
    fn position_id(&self) -> String {
        position_id::encode(self.state.position())
    }

    /// The side to move: ``"X"`` or ``"Y"``.
    #[getter]
    fn turn(&self) -> String {
        side_name(self.state.to_move())
    }

    /// ``"pick"`` (a number is due) or ``"play"`` (the number is picked and
    /// the pair's checker play is due), as the full-state ID writes it. A
    /// finished game stays in ``"pick"``: see ``is_over()``.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.state.phase() {
            Phase::Pick => "pick",
            Phase::Play => "play",
        }
    }

    /// X's and Y's current numbers (None before the initial pick).
    #[getter]
    fn numbers(&self) -> (Option<u8>, Option<u8>) {
        let n = self.state.numbers();
        (n.current(Side::X), n.current(Side::Y))
    }

    /// X's and Y's doublet credits left.
    #[getter]
    fn credits(&self) -> (u8, u8) {
        let n = self.state.numbers();
        (n.credits(Side::X), n.credits(Side::Y))
    }

    /// The alphabet size.
    #[getter]
    fn k(&self) -> u8 {
        self.state.k()
    }

    /// True in turn 0 (the initial picks, no checker play).
    #[getter]
    fn in_opening(&self) -> bool {
        self.state.in_opening()
    }

    /// The pair to play when the number is picked, higher first.
    #[getter]
    fn pending_pair(&self) -> Option<(u8, u8)> {
        self.state.pending_pair().map(|p| (p.hi(), p.lo()))
    }

    /// X's and Y's checkers as two lists of 26 counts, each in its own
    /// coordinates: index 0 borne off, 1-24 the points (a side moves from
    /// its 24 point to its 1 point), 25 the bar.
    #[getter]
    fn board(&self) -> (Vec<u32>, Vec<u32>) {
        let (x, y) = sides(&self.state);
        (slots(x), slots(y))
    }

    /// The side to move's and the opponent's checkers (26 counts each, as
    /// ``board``), the way the engine's net sees the position.
    #[getter]
    fn mover_board(&self) -> (Vec<u32>, Vec<u32>) {
        let p = self.state.position();
        (slots(p.mover()), slots(p.opponent()))
    }

    /// X's and Y's pip counts.
    #[getter]
    fn pips(&self) -> (u32, u32) {
        let (x, y) = sides(&self.state);
        (x.pips(), y.pips())
    }

    /// Checkers a side owns (15, 3 in Hypergammon).
    #[getter]
    fn checkers_per_side(&self) -> u8 {
        self.state.position().checkers_per_side()
    }

    /// The turns pushed so far, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyTurn> {
        self.stack.iter().map(|&(s, t)| PyTurn::new(s, t)).collect()
    }

    /// The numbers the side to move may pick (empty when a play is due or
    /// the game is over).
    fn legal_numbers(&self) -> Vec<u32> {
        self.state.legal_numbers().iter().map(u32::from).collect()
    }

    /// Every legal turn of the side to move, distinct by result (empty when
    /// the game is over), in the engine's order: a ``TurnList``, a sequence
    /// that makes each ``Turn`` object when it is read (as python-chess's
    /// ``board.legal_moves``); ``list(...)`` makes them all.
    fn legal_turns(&self) -> PyTurnList {
        PyTurnList {
            before: self.state,
            turns: legal_turns(&self.state),
        }
    }

    /// The number of legal turns (without building them in Python).
    fn count_legal_turns(&self) -> usize {
        legal_turns(&self.state).len()
    }

    /// Reads a turn token (``6:24/18,13/8``; in turn 0 ``3``; with the
    /// number already picked ``24/18,13/8``; lenient play notation is
    /// accepted); raises ``IllegalTurn``.
    fn parse_turn(&self, token: &Bound<'_, PyAny>) -> PyResult<PyTurn> {
        Ok(PyTurn::new(self.state, self.turn_of(token)?))
    }

    /// True when ``turn`` (a Turn or a token) is legal here.
    fn is_legal(&self, turn: &Bound<'_, PyAny>) -> bool {
        self.turn_of(turn).is_ok()
    }

    /// Makes a turn (a ``Turn`` of this state or a turn token) and pushes
    /// it on the move stack; raises ``IllegalTurn``.
    fn push(&mut self, turn: &Bound<'_, PyAny>) -> PyResult<()> {
        let t = self.turn_of(turn)?;
        self.stack.push((self.state, t));
        self.state = t.after(&self.state);
        Ok(())
    }

    /// Takes back the last turn pushed and returns it; raises IndexError
    /// on an empty stack.
    fn pop(&mut self) -> PyResult<PyTurn> {
        let (s, t) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.state = s;
        Ok(PyTurn::new(s, t))
    }

    /// The last turn pushed, or None.
    fn peek(&self) -> Option<PyTurn> {
        self.stack.last().map(|&(s, t)| PyTurn::new(s, t))
    }

    /// A new state after ``turn`` (this one is unchanged; the new one's
    /// move stack is this one's plus the turn).
    fn play(&self, turn: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let mut next = self.clone();
        next.push(turn)?;
        Ok(next)
    }

    /// A copy, with the move stack (``stack=False``: without).
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> PyState {
        if stack {
            self.clone()
        } else {
            PyState::of(self.state)
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// True when a side has borne off every checker.
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The result of a finished game, or None.
    fn result(&self) -> Option<PyGameResult> {
        self.state.result().map(PyGameResult::of)
    }

    /// The board and key lines as the engine's ``d`` command prints them
    /// (without ``dok``).
    fn __str__(&self) -> String {
        let mut lines = display::board(&self.state);
        lines.extend(display::key_lines(&self.state));
        lines.join("\n")
    }

    fn __repr__(&self) -> String {
        format!("State('{}')", state_id::encode(&self.state))
    }

    /// Equal states: the same full state (board, side, numbers, credits,
    /// k, phase); the move stacks are not compared.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyState>()
            .is_ok_and(|o| o.borrow().state == self.state)
    }

    fn __hash__(&self) -> u64 {
        hash_of(&self.state)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        let cls = py.get_type::<PyState>().into_any().unbind();
        Ok((cls, (state_id::encode(&self.state),)))
    }
}
