//! Files: the referee's match files (`ncbg::matchfile`), gnubg `.mat`
//! files ([`crate::mat`]) and exact-value tables (`ncbg::tables`). The
//! Python modules `ncbg.matchfile`, `ncbg.mat` and `ncbg.tables` wrap these.

use crate::errors::Error;
use crate::state::{side_name, PyState, PyTurn};
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::matchfile::{GameEnd, GameRecord, Header, MatchFile};
use ncbg::numbers::NumberRules;
use ncbg::tables::{solve, write_table, Space, Spec, Table, Value};
use ncbg::turn::{self, TurnForm};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::Path;
use std::sync::Arc;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTable>()?;
    m.add_class::<PyProbe>()?;
    m.add_class::<PyChoice>()?;
    m.add_function(wrap_pyfunction!(_parse_match_file, m)?)?;
    m.add_function(wrap_pyfunction!(_parse_mat, m)?)?;
    m.add_function(wrap_pyfunction!(_export_mat, m)?)?;
    m.add_function(wrap_pyfunction!(_build_table, m)?)?;
    Ok(())
}

/// An exact-value table file (built by ``ncbg tables build``):
/// ``Table(path)``. ``probe(state)`` gives what ``ncbg tables probe``
/// prints. Raises ``ncbg.Error`` for a missing, cut or corrupted file.
#[pyclass(module = "ncbg", name = "Table", frozen)]
pub struct PyTable {
    pub(crate) table: Arc<Table>,
    path: String,
}

/// One choice of the side to move with the exact value it leads to.
#[pyclass(module = "ncbg", name = "Choice", frozen, get_all)]
#[derive(Clone)]
pub struct PyChoice {
    /// The turn.
    turn: PyTurn,
    /// Points for the side choosing (1-3 a win, -1..-3 a loss, 0 a draw).
    value: i32,
    /// Turns to the end under perfect play after the choice.
    turns: u32,
    /// True when the choice keeps the state's value.
    optimal: bool,
}

#[pymethods]
impl PyChoice {
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "Choice(turn='{}', value={}, turns={}, optimal={})",
            self.turn.token_string(),
            self.value,
            self.turns,
            if self.optimal { "True" } else { "False" }
        )
    }
}

/// A state's exact value and its choices (``ncbg tables probe``).
#[pyclass(module = "ncbg", name = "Probe", frozen, get_all)]
#[derive(Clone)]
pub struct PyProbe {
    /// The full-state ID probed.
    state: String,
    /// Points the side to move wins (1-3) or loses (-1..-3) against perfect
    /// play; 0 for a draw.
    value: i32,
    /// True when perfect play never ends the game.
    draw: bool,
    /// Turns the game lasts under perfect play (the winner's fastest win,
    /// the loser's longest defence); 0 for a draw or a finished game.
    turns: u32,
    /// The optimal choices (``best`` lines of ``ncbg tables probe``).
    best: Vec<PyTurn>,
    /// Every choice, best first.
    choices: Vec<PyChoice>,
}

#[pymethods]
impl PyProbe {
    /// Pickles as its fields (also ``copy`` and ``deepcopy``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::pickle::Reduced<'py>> {
        self.reduce(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "Probe(value={}, turns={}, best={:?})",
            self.value,
            self.turns,
            self.best
                .iter()
                .map(|t| t.token_string())
                .collect::<Vec<_>>()
        )
    }

    /// The lines ``ncbg tables probe`` prints (``value ... turns ...``,
    /// then a ``best ... turns ...`` line per optimal choice).
    fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("value {} turns {}", self.value, self.turns)];
        for c in self.choices.iter().filter(|c| c.optimal) {
            out.push(format!("best {} turns {}", c.turn.token_string(), c.turns));
        }
        out
    }
}

fn probe_state(table: &Table, g: &GameState) -> Result<PyProbe, String> {
    let exact = table.probe(g)?;
    let choices: Vec<PyChoice> = table
        .choices(g)?
        .into_iter()
        .map(|c| PyChoice {
            turn: PyTurn::new(*g, c.turn),
            value: c.exact.value.points(),
            turns: c.exact.rank,
            optimal: c.exact.value == exact.value,
        })
        .collect();
    Ok(PyProbe {
        state: state_id::encode(g),
        value: exact.value.points(),
        draw: exact.value == Value::Draw,
        turns: exact.rank,
        best: choices
            .iter()
            .filter(|c| c.optimal)
            .map(|c| c.turn.clone())
            .collect(),
        choices,
    })
}

#[pymethods]
impl PyTable {
    #[new]
    fn py_new(py: Python<'_>, path: std::path::PathBuf) -> PyResult<PyTable> {
        let shown = path.display().to_string();
        let table = py
            .allow_threads(|| Table::open(&path))
            .map_err(|e| Error::new_err(format!("table {shown}: {e}")))?;
        Ok(PyTable {
            table: Arc::new(table),
            path: shown,
        })
    }

    /// The file's path.
    #[getter]
    fn path(&self) -> String {
        self.path.clone()
    }

    /// What the table holds, as its header says it
    /// (``bearoff n=3 total=15 k=6 credits=2``).
    #[getter]
    fn spec(&self) -> String {
        self.table.spec().to_string()
    }

    /// True when the table answers ``state``.
    fn covers(&self, state: &PyState) -> bool {
        self.table.probe(&state.state).is_ok()
    }

    /// The exact value of ``state`` and its choices; raises ``ncbg.Error``
    /// when the table does not cover it (the library's message).
    fn probe(&self, py: Python<'_>, state: &Bound<'_, PyState>) -> PyResult<PyProbe> {
        // Copied (the borrow dropped) before the GIL is released.
        let g = state.borrow().state;
        let table = self.table.clone();
        py.allow_threads(move || probe_state(&table, &g))
            .map_err(Error::new_err)
    }

    /// Pickles as its path: unpickling opens the file again.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        let cls = py.get_type::<PyTable>().into_any().unbind();
        Ok((cls, (self.path.clone(),)))
    }

    fn __repr__(&self) -> String {
        format!("Table('{}')", self.path)
    }
}

/// Tables from None, a Table, a path, or a list of Tables and paths.
pub(crate) fn tables_of(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Arc<Table>>> {
    let Some(obj) = obj else {
        return Ok(Vec::new());
    };
    if obj.is_none() {
        return Ok(Vec::new());
    }
    let one = |o: &Bound<'_, PyAny>| -> PyResult<Arc<Table>> {
        if let Ok(t) = o.downcast::<PyTable>() {
            return Ok(t.get().table.clone());
        }
        let path: std::path::PathBuf = o.extract()?;
        Table::open(Path::new(&path))
            .map(Arc::new)
            .map_err(|e| Error::new_err(format!("table {}: {e}", path.display())))
    };
    if obj.downcast::<PyTable>().is_ok() || obj.extract::<std::path::PathBuf>().is_ok() {
        return Ok(vec![one(obj)?]);
    }
    obj.try_iter()?.map(|o| one(&o?)).collect()
}

/// How a game ended, as the match file writes it: winner, kind, reason.
fn end_fields(end: GameEnd, dropped: bool) -> (Option<String>, &'static str, &'static str) {
    match end {
        GameEnd::Win { winner, kind } => (
            Some(side_name(winner)),
            kind.name(),
            if dropped { "drop" } else { "bore-off" },
        ),
        GameEnd::Forfeit { loser, reason } => {
            (Some(side_name(loser.other())), "forfeit", reason.name())
        }
        GameEnd::MaxTurns => (None, "draw", "max-turns"),
        GameEnd::Repetition => (None, "draw", "repetition"),
    }
}

/// One game as a dict for the Python side (`ncbg.matchfile.Game`), its
/// tokens replayed into Turns from `start`.
fn game_dict<'py>(
    py: Python<'py>,
    g: &GameRecord,
    start: Result<GameState, String>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = start.map_err(|e| Error::new_err(format!("game {}: {e}", g.index)))?;
    let mut s = start;
    let mut turns = Vec::new();
    let mut stack = Vec::new();
    for (i, token) in g.moves.iter().enumerate() {
        let t = turn::read(&s, token, TurnForm::Answer).map_err(|e| {
            Error::new_err(format!("game {}: turn {} '{token}': {e}", g.index, i + 1))
        })?;
        turns.push(PyTurn::new(s, t));
        stack.push((s, t));
        s = t.after(&s);
    }
    let (winner, kind, reason) = end_fields(g.end, g.stakes.dropped);
    let d = PyDict::new(py);
    d.set_item("index", g.index)?;
    d.set_item("pair", g.pair)?;
    d.set_item("round", g.round)?;
    d.set_item("opening", g.opening.to_field())?;
    d.set_item("x", &g.x_name)?;
    d.set_item("y", &g.y_name)?;
    d.set_item("winner", winner)?;
    d.set_item("kind", kind)?;
    d.set_item("points", g.points())?;
    d.set_item("depths", (!g.depths.is_empty()).then(|| g.depths.clone()))?;
    // The stakes: the game's place in its match (number, score before it,
    // Crawford state), the cube's final value, a drop.
    let place = g.stakes.in_match;
    d.set_item("game", place.map(|m| m.game))?;
    d.set_item("score", place.map(|m| (m.score[0], m.score[1])))?;
    d.set_item(
        "crawford",
        place.map(|m| match m.crawford {
            ncbg::cube::Crawford::Before => "before",
            ncbg::cube::Crawford::Game => "crawford",
            ncbg::cube::Crawford::After => "post-crawford",
        }),
    )?;
    d.set_item("cube", g.stakes.cube)?;
    d.set_item("dropped", g.stakes.dropped)?;
    d.set_item("reason", reason)?;
    d.set_item("detail", &g.detail)?;
    d.set_item("start", PyState::of(start))?;
    d.set_item("turns", turns)?;
    // The end with the game's turns on its move stack, as `Game.end`
    // promises (an anti game's draw counts them: `State.is_drawn`).
    d.set_item("end", PyState { state: s, stack })?;
    Ok(d)
}

fn file_dict<'py>(
    py: Python<'py>,
    header: &Header,
    games: &[GameRecord],
    broken: usize,
    start_of: impl Fn(&GameRecord) -> Result<GameState, String>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("header", header.entries.clone())?;
    let list = PyList::empty(py);
    for g in games {
        list.append(game_dict(py, g, start_of(g))?)?;
    }
    d.set_item("games", list)?;
    d.set_item("broken_lines", broken)?;
    Ok(d)
}

/// Reads a match file's text (for ``ncbg.matchfile``).
#[pyfunction]
fn _parse_match_file<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyDict>> {
    if !MatchFile::is_match_file(text) {
        return Err(Error::new_err(format!(
            "not a match file: the first line is not '{}'",
            ncbg::matchfile::MAGIC
        )));
    }
    let f = MatchFile::parse(text);
    file_dict(py, &f.header, &f.games, f.broken_lines, |g| {
        f.header.game_start(g)
    })
}

/// Reads a gnubg `.mat` file's text (for ``ncbg.mat``).
#[pyfunction]
fn _parse_mat<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyDict>> {
    let (games, rules): (Vec<GameRecord>, NumberRules) =
        ncbg::matchfile::mat::read(text).map_err(Error::new_err)?;
    let names = ncbg::matchfile::mat::player_names(text);
    let mut header = Header::default();
    header.set("engine0", &names[0]);
    header.set("engine1", &names[1]);
    header.set("variant", "standard");
    header.set("k", &rules.k.to_string());
    header.set("credits", &rules.doublet_credits.to_string());
    let scoring = ncbg::matchfile::mat::scoring(text).map_err(Error::new_err)?;
    for (key, value) in scoring.header_entries() {
        header.set(key, &value);
    }
    let h = header.clone();
    file_dict(py, &header, &games, 0, |g| h.game_start(g))
}

/// A match file's games between `a` and `b` as a Jellyfish `.mat` (the
/// library's `referee::mat::export_target`, as `ncbg-referee export-mat`):
/// money games all together; in a file of matches to N points the one
/// match `index` (default: the file's only match between them). The text
/// and the games left out, as (index, why).
#[pyfunction]
#[pyo3(signature = (text, a, b, index=None))]
fn _export_mat(
    text: &str,
    a: &str,
    b: &str,
    index: Option<u64>,
) -> PyResult<(String, Vec<(u64, String)>)> {
    let f = MatchFile::parse(text);
    let scoring = f.header.scoring().map_err(Error::new_err)?;
    let only_match = if scoring.is_match() {
        let plays =
            |g: &&GameRecord| (g.x_name == a && g.y_name == b) || (g.x_name == b && g.y_name == a);
        let mut matches: Vec<u64> = f.games.iter().filter(plays).map(|g| g.index).collect();
        matches.dedup();
        match (index, matches.as_slice()) {
            (Some(i), _) if matches.contains(&i) => Some(i),
            (Some(i), _) => {
                return Err(Error::new_err(format!(
                    "no match {i} between {a} and {b} in this file"
                )))
            }
            (None, [one]) => Some(*one),
            (None, []) => return Err(Error::new_err(format!("no game between {a} and {b}"))),
            (None, _) => {
                return Err(Error::new_err(format!(
                    "a .mat holds one match and this file has {} between {a} and {b}: \
                     give index (one of {matches:?})",
                    matches.len()
                )))
            }
        }
    } else {
        None
    };
    let target = ncbg::referee::mat::Target {
        names: [a.to_string(), b.to_string()],
        path: std::path::PathBuf::new(),
        only_match,
    };
    let e = ncbg::referee::mat::export_target(&f, &target).map_err(Error::new_err)?;
    Ok((
        e.text,
        e.skipped.into_iter().map(|s| (s.index, s.why)).collect(),
    ))
}

/// Solves a space of positions and writes its table (`ncbg tables build`).
#[pyfunction]
#[pyo3(signature = (path, checkers, full, total, k, credits, jobs))]
#[allow(clippy::too_many_arguments)]
fn _build_table(
    py: Python<'_>,
    path: std::path::PathBuf,
    checkers: u8,
    full: bool,
    total: u8,
    k: u8,
    credits: u8,
    jobs: usize,
) -> PyResult<PyTable> {
    let space = if full {
        Space::full(checkers)
    } else {
        Space::bearoff(checkers, total)
    };
    let spec = Spec { space, k, credits };
    let shown = path.display().to_string();
    let table = py
        .allow_threads(|| -> Result<Table, String> {
            let solved = solve(spec, jobs.max(1), &|_| {})?;
            write_table(&solved, &path)?;
            Ok(Table::from_solved(solved))
        })
        .map_err(|e| Error::new_err(format!("table {shown}: {e}")))?;
    Ok(PyTable {
        table: Arc::new(table),
        path: shown,
    })
}

crate::pickle::picklable!(PyChoice, "Choice", [turn, value, turns, optimal]);

crate::pickle::picklable!(PyProbe, "Probe", [state, value, draw, turns, best, choices]);
