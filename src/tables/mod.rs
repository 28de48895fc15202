//! Exact values of NC positions: a retrograde solver and its table files.
//!
//! NC-Backgammon has no chance, so every state has an exact value: the
//! points the side to move wins (1, 2 or 3 for a single game, gammon or
//! backgammon; negative for a loss) when both sides play perfectly, or a
//! draw when perfect play never ends the game. This module computes those
//! values for whole *spaces* of positions closed under play, the way gnubg
//! builds its bear-off and Hypergammon databases and chess engines their
//! endgame tables:
//!
//! - [`index`]: states ranked compactly (boards by combinatorial ranking,
//!   the number state as the mover's previous number, the opponent's
//!   current number and both credits);
//! - [`moves`]: every play of one side, tabled per configuration (the
//!   solver's move generator: no board graph is kept);
//! - [`mod@solve`]: the fixpoints of values and turns, multi-threaded,
//!   deterministic, checkpointed and resumable;
//! - [`mod@file`]: the table file (`protocol/tables-format.md`): header,
//!   entries, checksum; a cut or corrupted file is refused;
//! - [`verify`]: an outside check of a table's values and turns on random
//!   states, through the rules' own turn generator;
//! - [`probe`]: a loaded table answering the value of a [`GameState`] and
//!   its optimal choices;
//! - [`build`]: what a build checks before it starts (an output file
//!   already there, a leftover checkpoint, the size), every problem at once;
//! - [`size`]: a build's sizes and memory counted before it starts, and
//!   its refusals (a space past the solver's indices, or the memory);
//! - [`naming`]: a state named on the command line, as an ID or a start
//!   and turns (`ncbg tables probe`);
//! - [`report`]: what `ncbg tables` prints (a probe's answer, the initial
//!   pairs, a folder's files), so that the binary only writes it;
//! - [`folder`]: folders of table files (the engine option `TablesPath`,
//!   `ncbg tables list`): the tables in them, described in words.
//!
//! It uses the rules layer only (board, numbers, move generator, game).
//!
//! [`GameState`]: crate::game::GameState

pub mod build;
pub mod file;
pub mod folder;
pub mod index;
pub mod moves;
pub mod naming;
pub mod probe;
pub mod report;
pub mod size;
pub mod solve;
pub mod solved;
pub mod verify;

pub use file::{read_header, read_table, write_table, Header};
pub use folder::{describe, open_folders};
pub use probe::{rules_of, Choice, Exact, Table};
pub use solve::{
    estimate, solve, solve_resumable, solve_with, Estimate, Options, Progress, Solved,
};

use crate::board::{BAR, MAX_CHECKERS};
use crate::numbers::NumberRules;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// The paths of a `;`-separated list of table files (the engine option
/// `Tables`, `ncbg analyze --tables`), in order; blanks around a path and
/// empty parts are skipped.
pub fn split_paths(list: &str) -> Vec<&str> {
    list.split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// Opens every table of a `;`-separated list, in order (the first that
/// covers a state answers it). A bad file is an error naming it.
pub fn open_list(list: &str) -> Result<Vec<Arc<Table>>, String> {
    split_paths(list)
        .into_iter()
        .map(|p| Table::open(Path::new(p)).map(Arc::new))
        .collect()
}

/// Which boards a space holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Both sides' checkers in play are all in their home boards (no
    /// contact is possible any more), at most `max_on_board` a side.
    Bearoff,
    /// Any board of `total` checkers a side (Hypergammon with 3).
    Full,
}

impl Kind {
    /// `bearoff` or `full`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Bearoff => "bearoff",
            Kind::Full => "full",
        }
    }
}

/// A set of boards closed under play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Space {
    /// Bear-off or full boards.
    pub kind: Kind,
    /// The most checkers a side has in play (on the board or the bar).
    pub max_on_board: u8,
    /// The checkers a side owns (the game's; the rest are borne off).
    pub total: u8,
}

impl Space {
    /// Bear-offs with at most `n` checkers a side in play, in a game of
    /// `total` checkers a side (15 in standard backgammon).
    pub const fn bearoff(n: u8, total: u8) -> Space {
        Space {
            kind: Kind::Bearoff,
            max_on_board: n,
            total,
        }
    }

    /// Every board with `n` checkers a side (Hypergammon: 3).
    pub const fn full(n: u8) -> Space {
        Space {
            kind: Kind::Full,
            max_on_board: n,
            total: n,
        }
    }

    /// Checks the sizes.
    pub fn check(&self) -> Result<(), String> {
        if self.max_on_board == 0 || self.max_on_board > self.total || self.total > MAX_CHECKERS {
            return Err(format!(
                "a space needs 1 <= checkers in play ({}) <= checkers a side ({}) <= 15",
                self.max_on_board, self.total
            ));
        }
        if self.kind == Kind::Full && self.max_on_board != self.total {
            return Err("a full space has every checker in play".into());
        }
        Ok(())
    }

    /// The slots a checker in play may occupy, in the side's coordinates.
    pub fn slots(&self) -> Vec<usize> {
        match self.kind {
            Kind::Bearoff => (1..=6).collect(),
            Kind::Full => (1..=BAR).collect(),
        }
    }
}

/// What a table is: its space and number rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// The boards.
    pub space: Space,
    /// Alphabet size k.
    pub k: u8,
    /// Doublet credits a player starts with; the table holds every credit
    /// count 0..=credits for both players.
    pub credits: u8,
}

impl Spec {
    /// Checks the space and the number rules.
    pub fn check(&self) -> Result<(), String> {
        self.space.check()?;
        NumberRules::new(self.k, self.credits)?;
        Ok(())
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} n={} total={} k={} credits={}",
            self.space.kind.name(),
            self.space.max_on_board,
            self.space.total,
            self.k,
            self.credits
        )
    }
}

/// A solved value, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins this many points (1..=3) against any defence.
    Win(u8),
    /// The side to move loses this many points (1..=3) against best play.
    Loss(u8),
    /// Perfect play never ends the game.
    Draw,
}

impl Value {
    /// Points for the side to move: positive for a win, 0 for a draw.
    pub const fn points(self) -> i32 {
        match self {
            Value::Win(p) => p as i32,
            Value::Loss(p) => -(p as i32),
            Value::Draw => 0,
        }
    }

    /// The value of points `p` (-3..=3; 0 is a draw).
    pub const fn from_points(p: i32) -> Value {
        if p > 0 {
            Value::Win(p as u8)
        } else if p < 0 {
            Value::Loss((-p) as u8)
        } else {
            Value::Draw
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Draw => f.write_str("draw"),
            v => write!(f, "{:+}", v.points()),
        }
    }
}
