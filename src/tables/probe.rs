//! A loaded table: the exact value of a game state and its optimal choices.
//!
//! A table holds the pick states of a game under way (see [`mod@super::solve`]).
//! The other states are worked out from them: a pending play (the number
//! already picked) is worth its best play, and turn 0 the minimax over the
//! initial picks. A state outside the table (another alphabet, more credits,
//! checkers outside the space) is an error, never a guess; a state of
//! another game (another k, more doublet credits than the table holds,
//! another number of checkers a side) is refused before anything else, the
//! error naming the state's rules and the table's ([`Table::check_rules`]).

use super::file::{map_table, Mapped};
use super::index::{NumberState, StateIndex};
use super::solve::{entry_points, entry_rank, Solved};
use super::{Spec, Value};
use crate::game::{GameState, Phase};
use crate::turn::{legal_turns, Turn};
use std::path::Path;

/// An exact value with the number of turns to the end under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact {
    /// Win, loss or draw, in points for the side to move.
    pub value: Value,
    /// Turns (solver sweeps) until the end under best play: the winner ends
    /// the game within this many turns, the loser holds out this long; 0
    /// for a draw or a finished game.
    pub rank: u32,
}

/// One choice of the side to move, with the value it leads to.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// The turn (the library's one turn type).
    pub turn: Turn,
    /// The value for the side making the choice.
    pub exact: Exact,
}

impl Choice {
    /// The choice in turn-token form from `state`: `6:24/18,13/8`, `4`
    /// (turn 0) or `24/18,13/8` (a pending play).
    pub fn token(&self, state: &GameState) -> String {
        self.turn.token(state)
    }
}

/// A table's entries: a finished solve's, or a file's, mapped.
enum Entries {
    Owned(Vec<u16>),
    Mapped(Mapped),
}

impl Entries {
    #[inline]
    fn get(&self, i: usize) -> Option<u16> {
        match self {
            Entries::Owned(v) => v.get(i).copied(),
            Entries::Mapped(m) => m.get(i),
        }
    }
}

/// A table in memory.
pub struct Table {
    spec: Spec,
    index: StateIndex,
    entries: Entries,
}

impl Table {
    /// The table of a finished solve.
    pub fn from_solved(solved: Solved) -> Table {
        Table {
            spec: solved.spec,
            index: solved.index,
            entries: Entries::Owned(solved.entries),
        }
    }

    /// Maps a table file, checked whole first (see [`map_table`]).
    pub fn open(path: &Path) -> Result<Table, String> {
        let mapped = map_table(path)?;
        let spec = mapped.spec;
        Ok(Table {
            index: StateIndex::new(spec.space, spec.k, spec.credits),
            spec,
            entries: Entries::Mapped(mapped),
        })
    }

    /// What the table holds.
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// Its indices.
    pub fn index(&self) -> &StateIndex {
        &self.index
    }

    /// The value of a pick state of a game under way, if the table holds it
    /// (the fast path for a search).
    pub fn lookup(&self, state: &GameState) -> Option<Exact> {
        if state.phase() != Phase::Pick || state.in_opening() || state.k() != self.spec.k {
            return None;
        }
        if !plain_game(state) {
            return None;
        }
        let side = state.to_move();
        let numbers = state.numbers();
        let ns = NumberState {
            own: numbers.current(side)?,
            theirs: numbers.current(side.other())?,
            mover_credits: numbers.credits(side),
            opponent_credits: numbers.credits(side.other()),
        };
        let n = self.index.number_index(ns)?;
        let b = self.index.board_index(state.position())?;
        let e = self.entries.get(self.index.state(b, n))?;
        Some(Exact {
            value: Value::from_points(entry_points(e)?),
            rank: entry_rank(e),
        })
    }

    /// Whether the table can answer states of `state`'s game: the same k,
    /// the same checkers a side, and at most the table's doublet credits
    /// for each side (the table holds 0..=credits). The error names the
    /// state's rules and the table's.
    pub fn check_rules(&self, state: &GameState) -> Result<(), String> {
        if !plain_game(state) {
            return Err(
                "the tables hold the plain game: no checker waiting in a pool, the object to bear off first"
                    .to_string(),
            );
        }
        let numbers = state.numbers();
        let credits = numbers
            .credits(state.to_move())
            .max(numbers.credits(state.to_move().other()));
        let total = state.position().mover().total();
        if state.k() == self.spec.k
            && credits <= self.spec.credits
            && total == self.spec.space.total
        {
            return Ok(());
        }
        Err(format!(
            "the state's game has {}; the table ({}) holds k={}, doublet credits 0..={} and {} checkers a side",
            rules_of(state),
            self.spec,
            self.spec.k,
            self.spec.credits,
            self.spec.space.total
        ))
    }

    /// The value of any state the table covers: a finished game, a pick
    /// state, a pending play or turn 0. A state of another game (see
    /// [`Table::check_rules`]) is an error.
    pub fn probe(&self, state: &GameState) -> Result<Exact, String> {
        self.check_rules(state)?;
        if let Some(r) = state.result() {
            // Tables hold the cubeless game: the kind's points.
            let p = r.kind.points() as i32;
            let points = if r.winner == state.to_move() { p } else { -p };
            return Ok(Exact {
                value: Value::from_points(points),
                rank: 0,
            });
        }
        if let Some(exact) = self.lookup(state) {
            return Ok(exact);
        }
        if state.phase() == Phase::Pick && !state.in_opening() {
            return Err(format!("the board is not in this table ({})", self.spec));
        }
        Ok(self
            .choices(state)?
            .first()
            .map(|c| Exact {
                value: c.exact.value,
                rank: c.exact.rank + u32::from(c.exact.value != Value::Draw),
            })
            .unwrap_or(Exact {
                value: Value::Draw,
                rank: 0,
            }))
    }

    /// Every choice of the side to move with the value it leads to (for the
    /// side choosing), best first: the highest value; among wins the fastest,
    /// among losses the slowest. Empty for a finished game.
    pub fn choices(&self, state: &GameState) -> Result<Vec<Choice>, String> {
        if state.is_over() {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for turn in legal_turns(state) {
            let e = self.probe(&turn.after(state))?;
            out.push(Choice {
                turn,
                exact: Exact {
                    value: Value::from_points(-e.value.points()),
                    rank: e.rank,
                },
            });
        }
        out.sort_by_key(|c| order_key(c.exact));
        Ok(out)
    }
}

/// A state's game rules in words: `k=6, doublet credits X 2 / Y 2, 15
/// checkers a side`.
pub fn rules_of(state: &GameState) -> String {
    use crate::numbers::Side;
    let numbers = state.numbers();
    format!(
        "k={}, doublet credits X {} / Y {}, {} checkers a side",
        state.k(),
        numbers.credits(Side::X),
        numbers.credits(Side::Y),
        state.position().mover().total()
    )
}

/// Sorts best first: higher points; faster wins; slower losses.
fn order_key(e: Exact) -> (i32, i64) {
    let p = e.value.points();
    let r = i64::from(e.rank);
    (-p, if p > 0 { r } else { -r })
}

/// Whether `state` is a game the tables were solved for: no checker waits in
/// a pool (Backgammon Race) and the object is to bear off first (not
/// Anti-Backgammon).
fn plain_game(state: &GameState) -> bool {
    state.position().pools() == (0, 0) && state.objective() == crate::board::Objective::BearOffFirst
}
