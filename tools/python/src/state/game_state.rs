//! `State`: a game state and the turns that led to it (its move stack).

use super::game_result::PyGameResult;
use super::turn_list::PyTurnList;
use super::{decode_id, from_board, hash_of, read_turn, side_name, PyState, PyTurn};
use crate::errors::{Error, IllegalTurn};
use ncbg::board::{Checkers, Objective, Variant};
use ncbg::engine::display;
use ncbg::game::{GameState, Phase, ANTI_TURN_LIMIT_PER_SIDE};
use ncbg::ids::{position_id, state_id};
use ncbg::numbers::{NumberRules, Side};
use ncbg::turn::{legal_turns, Turn};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;

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

    /// A turn token read in this state, as `IllegalTurn` on error.
    pub(crate) fn read_token(&self, token: &str) -> PyResult<Turn> {
        read_turn(&self.state, token)
            .map_err(|e| IllegalTurn::new_err(format!("{}: {e}", token.trim())))
    }

    /// Pushes a turn read in this state.
    pub(crate) fn push_turn(&mut self, t: Turn) {
        self.stack.push((self.state, t));
        self.state = t.after(&self.state);
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
            return self.read_token(&token);
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
    /// ``"nackgammon"``, ``"hypergammon"``, ``"race"``: Backgammon Race,
    /// every checker waiting in its pool, ``"anti"``: Anti-Backgammon, the
    /// first to bear off all its checkers loses), alphabet size ``k`` (3-9) and
    /// ``credits`` doublet credits each (0-9); X to pick its initial number.
    #[staticmethod]
    #[pyo3(signature = (variant = "standard", k = 6, credits = 2))]
    fn start(variant: &str, k: i64, credits: i64) -> PyResult<PyState> {
        let variant: Variant = variant.parse().map_err(Error::new_err)?;
        let (k, credits) = from_board::rules_args(k, credits)?;
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
    /// is pending). ``numbers`` None is ``(None, None)``, ``credits`` None
    /// is ``(2, 2)``. Backgammon Race: ``pool`` gives X's and Y's checkers
    /// waiting in their pools (counted apart from the 26: a side's counts
    /// and its pool make its 15); Anti-Backgammon: ``anti=True`` (the first
    /// to bear off all its checkers loses; no cube). Raises ``ncbg.Error``
    /// for an impossible state.
    #[staticmethod]
    #[pyo3(signature = (x, y, turn = "X", numbers = None, credits = None, k = 6, phase = "pick", pool = None, anti = false))]
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    fn from_board(
        x: Vec<i64>,
        y: Vec<i64>,
        turn: &str,
        numbers: Option<(Option<i64>, Option<i64>)>,
        credits: Option<(i64, i64)>,
        k: i64,
        phase: &str,
        pool: Option<(i64, i64)>,
        anti: bool,
    ) -> PyResult<PyState> {
        from_board::state(x, y, turn, numbers, credits, k, phase, pool, anti).map(PyState::of)
    }

    /// The game the state shows it belongs to: ``"anti"``
    /// (Anti-Backgammon, the ID's ``anti`` field), ``"hypergammon"`` (3
    /// checkers a side), ``"race"`` (Backgammon Race while a checker still
    /// waits in a pool), else ``"standard"`` (a race whose checkers have all
    /// entered plays on as the standard game; a Nackgammon start reads as
    /// standard too).
    #[getter]
    fn variant(&self) -> &'static str {
        self.state.variant().name()
    }

    /// True in Anti-Backgammon: the first to bear off all its checkers
    /// loses what it would have won.
    #[getter]
    fn anti(&self) -> bool {
        self.state.objective() == Objective::BearOffLast
    }

    /// X's and Y's checkers waiting in their pools (Backgammon Race:
    /// ``(15, 15)`` at the start; a waiting checker enters as from the bar,
    /// written ``pool/22``); ``(0, 0)`` in the other games.
    #[getter]
    fn pool(&self) -> (u8, u8) {
        let (x, y) = sides(&self.state);
        (x.pool(), y.pool())
    }

    /// Turns played on the move stack after turn 0 (a pick pushed alone
    /// counts with its play; cube actions are not turns): the count
    /// Anti-Backgammon's draw reads.
    #[getter]
    fn turns_played(&self) -> usize {
        self.stack
            .iter()
            .filter(|(before, t)| {
                !before.in_opening() && matches!(t, Turn::Play(_) | Turn::PickPlay(..))
            })
            .count()
    }

    /// True when the game is drawn: Anti-Backgammon where each side has
    /// made its 500 turns after turn 0 (counted on the move stack,
    /// ``turns_played``) without ending.
    fn is_drawn(&self) -> bool {
        self.state.objective() == Objective::BearOffLast
            && !self.state.is_over()
            && self.turns_played() >= 2 * ANTI_TURN_LIMIT_PER_SIDE as usize
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
            Phase::Take => "take",
        }
    }

    /// The doubling cube: its value and its owner (``"X"``, ``"Y"``, or
    /// None while centred).
    #[getter]
    fn cube(&self) -> (u32, Option<String>) {
        let c = self.state.cube();
        (c.value(), c.owner().map(side_name))
    }

    /// The match and its score before this game, as the full-state ID's
    /// ``m`` field gives it: ``(length, x_score, y_score, crawford)`` with
    /// ``crawford`` one of ``"before"``, ``"game"`` (the Crawford game: no
    /// cube), ``"after"``; None in money play.
    #[getter]
    fn match_score(&self) -> Option<(u16, u16, u16, &'static str)> {
        use ncbg::cube::Crawford;
        let m = self.state.match_score()?;
        let c = match m.crawford() {
            Crawford::Before => "before",
            Crawford::Game => "game",
            Crawford::After => "after",
        };
        Some((m.length(), m.score(Side::X), m.score(Side::Y), c))
    }

    /// True when the game has a cube: a match (but the Crawford game), or
    /// money play with the cube on (``set_cube_terms``).
    #[getter]
    fn cube_in_play(&self) -> bool {
        self.state.cube_in_play()
    }

    /// The cube actions the side to move may make now: ``["double"]`` at
    /// the start of a turn where it may double, ``["take", "drop"]`` (and
    /// ``"beaver"``) when a double is offered, else none.
    fn cube_actions(&self) -> Vec<&'static str> {
        self.state
            .cube_actions()
            .iter()
            .map(|a| a.token())
            .collect()
    }

    /// Sets how money games are scored, as the engine's options do: the
    /// cube in play (``cube``), the Jacoby rule, beavers. A match (from the
    /// ID's ``m`` field) always has the cube. Not part of the full-state
    /// ID: a pickled or copied-by-ID state starts without it.
    #[pyo3(signature = (cube = true, jacoby = true, beavers = false))]
    fn set_cube_terms(&mut self, cube: bool, jacoby: bool, beavers: bool) {
        let terms = ncbg::cube::Terms {
            cube,
            jacoby,
            beavers,
            ..ncbg::cube::Terms::default()
        };
        self.state.set_terms(terms);
        for (before, _) in &mut self.stack {
            before.set_terms(terms);
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
    /// its 24 point to its 1 point), 25 the bar. Checkers waiting in a pool
    /// (Backgammon Race) are in none of them: see ``pool``.
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

    /// X's and Y's pip counts (a checker waiting in the pool counts 25, as
    /// one on the bar).
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
    /// accepted; after turn 0 a number alone is a pick whose play follows
    /// as its own turn, as the engine's ``position ... moves`` reads it);
    /// raises ``IllegalTurn``.
    fn parse_turn(&self, token: &Bound<'_, PyAny>) -> PyResult<PyTurn> {
        Ok(PyTurn::new(self.state, self.turn_of(token)?))
    }

    /// True when ``turn`` (a Turn or a token, read as ``push`` reads it)
    /// is legal here; raises TypeError for anything else, as ``push``.
    fn is_legal(&self, turn: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.turn_of(turn) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<IllegalTurn>(turn.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Makes a turn (a ``Turn`` of this state or a turn token) and pushes
    /// it on the move stack; raises ``IllegalTurn``. A pick alone
    /// (``push("6")`` in a pick phase) leaves the play phase: the pair's
    /// play is pushed next (``push("24/18,13/8")``).
    fn push(&mut self, turn: &Bound<'_, PyAny>) -> PyResult<()> {
        let t = self.turn_of(turn)?;
        self.push_turn(t);
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

    /// True when a side has borne off every checker (an Anti-Backgammon
    /// game drawn at its turn limit is not: see ``is_drawn``).
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The result of a finished game, or None.
    fn result(&self) -> Option<PyGameResult> {
        self.state.result().map(PyGameResult::of)
    }

    /// The board and key lines as the engine's ``d`` command prints them
    /// (without ``dok``; in Backgammon Race ``pool x <n> y <n>`` gives the
    /// checkers still waiting, in Anti-Backgammon ``variant anti``).
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

    /// Pickles as the ID of the state the first turn was made from and the
    /// turn tokens of the move stack (the search's repetition history), as
    /// ``copy`` keeps them.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String, Vec<String>))> {
        let f = py.import("ncbg._ncbg")?.getattr("_state_from")?.unbind();
        let root = self.stack.first().map_or(self.state, |&(s, _)| s);
        let tokens = self.stack.iter().map(|(s, t)| t.token(s)).collect();
        Ok((f, (state_id::encode(&root), tokens)))
    }
}

/// The state `id` with the turn `tokens` pushed (unpickling a State).
#[pyfunction]
pub(super) fn _state_from(id: &str, tokens: Vec<String>) -> PyResult<PyState> {
    let mut state = PyState::of(decode_id(id)?);
    for token in &tokens {
        let t = state.read_token(token)?;
        state.push_turn(t);
    }
    Ok(state)
}
