//! Search: choosing a turn (number + checker play) by alpha-beta over turns.
//!
//! A node is a [`GameState`]; its children are every legal pick followed by
//! every distinct result of the pair it makes (or, when the number is already
//! picked, every distinct play; in turn 0, the picks alone). Scores are in
//! millipoints for the side to move: a finished game scores exactly ±1000,
//! ±2000 or ±3000.
//!
//! The searcher deepens iteratively, checks its stop flag, the clock and the
//! shared node count every 256 nodes (a node limit on one thread at every
//! node, so that it is deterministic), and always answers with the best
//! choice of the last completed depth (depth 1 is always completed first, so
//! an answer exists).
//!
//! Moves are ordered by the transposition table's best move, then by static
//! value. Below the root, a node at least two turns from the leaves searches
//! only its best [`SearchProfile::move_filter`] children by static value
//! (gnubg's move filters; the root's choices are all searched): at 100 ms a
//! move it won +49.6 Elo (95%: +8.1 .. +92.5, 240 games) over full width.
//! In NC-Hypergammon the filter is narrower, since three checkers a side
//! have far fewer plays, and narrower still at k = 3 and 4. The children
//! past the filter's cut are not dropped but searched
//! [`SearchProfile::filter_reduction`] turns shallower with a null window,
//! and in full if one beats the best child: a reply the static value ranks
//! low but a short search shows strong is still found.
//! Below the root the search is a principal variation search (the first
//! child with the whole window, the others with a null window, searched
//! again when they beat it; 4% fewer nodes at depth 5). In NC-Hypergammon a
//! null-window node one turn from the leaves whose static value (its
//! parent's ordering value) is past the window by
//! [`SearchProfile::futility_margin`] is not expanded (futility pruning;
//! off in the other games).
//! Aspiration windows are not used, nor late-move reductions (reducing the
//! children from the third on by a turn lost -10 Elo ± 38 in 134 games at
//! 20,000 nodes).
//!
//! These values are not options: each game chooses its own
//! ([`SearchProfile::for_game`], module `profile`), and experiments change
//! them with a [`Tune`] ([`Settings::tune`], module `tune`).
//!
//! With exact-value tables ([`Searcher::set_tables`]), a state a table
//! holds is scored exactly (its points × 1000, 0 for a draw) without
//! searching below it, and a root a table covers is answered at once with
//! the table's best choice (the fastest win, the slowest loss).
//!
//! The evaluation is the caller's ([`Searcher::new`] takes any
//! [`crate::eval::Evaluator`]); the legal turns and the move list come from
//! the rules layer ([`crate::turn`]). Files: `searcher` (the [`Searcher`]
//! and iterative deepening), `negamax` (one thread's alpha-beta), `split`
//! (the root split among `Threads`), `time` (depth and time limits), `line`
//! (principal variation, repetition and root-order helpers), `tt` (the
//! transposition table), `progress` (the push for progress in long games:
//! [`SearchProfile::progress_after`]), `profile` (each game's tuning),
//! `tune` (an experiment's changes to it).

pub mod cube;
mod line;
mod negamax;
mod profile;
mod progress;
mod searcher;
mod split;
mod time;
mod tt;
mod tune;

use crate::board::Variant;
use crate::game::GameState;
use crate::turn::Turn;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use profile::{
    SearchProfile, DEFAULT_FILTER_PER_NUMBER, DEFAULT_FILTER_REDUCTION, DEFAULT_FUTILITY_MARGIN,
    DEFAULT_HYPER_FUTILITY_MARGIN, DEFAULT_HYPER_MOVE_FILTER, DEFAULT_MOVE_FILTER,
    DEFAULT_PROGRESS_AFTER, DEFAULT_PROGRESS_WEIGHT, DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER,
    SMALL_ALPHABET,
};
pub use progress::PROGRESS_LEAD;
pub use searcher::{Searcher, MAX_THREADS};
pub use tune::{Knob, Tune};

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Time added after each turn.
    pub increment: Duration,
    /// Turns until the clock is refilled (`movestogo`), this one included;
    /// `None`: the time left is for the rest of the game.
    pub moves_to_go: Option<u32>,
}

/// When to stop searching. The first limit reached ends the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Turns deep.
    pub depth: Option<u32>,
    /// Nodes visited (checked at every node on one thread, every 256 nodes
    /// on several).
    pub nodes: Option<u64>,
    /// Wall time for this search.
    pub movetime: Option<Duration>,
    /// The side to move's clock, for time management.
    pub clock: Option<Clock>,
    /// Search until stopped (other limits ignored but `depth`).
    pub infinite: bool,
    /// Report this many best choices (at least 1).
    pub multipv: usize,
    /// Search only these root choices (as UCI's `searchmoves`; turns of
    /// [`crate::turn::legal_turns`] of the searched state): those that are
    /// not legal choices of the state are ignored, and when none is, every
    /// choice is searched. `None`: every legal choice.
    pub root_choices: Option<Vec<Turn>>,
}

/// Settings that change how the engine plays. The search's tuning is not
/// among them: each game chooses its own ([`SearchProfile::for_game`]),
/// and an experiment changes it with [`Settings::tune`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Seed of every random choice.
    pub seed: u64,
    /// Cap on the depth (0: none).
    pub max_depth: u32,
    /// Play a uniformly random legal turn instead of searching.
    pub random: bool,
    /// Milliseconds kept back from the clock.
    pub move_overhead: Duration,
    /// Search threads (Lazy SMP); 1 keeps `go depth` and `go nodes`
    /// deterministic.
    pub threads: usize,
    /// The move filter of every game but NC-Hypergammon (the engine's
    /// `MoveFilter`; see [`SearchProfile::move_filter`] and
    /// [`DEFAULT_MOVE_FILTER`]). NC-Hypergammon's filter is its profile's.
    pub move_filter: usize,
    /// An experiment's changes to the profile each game chooses (empty:
    /// none; the engine's `ncbg --tune`).
    pub tune: Tune,
}

impl Settings {
    /// How the game `state` belongs to is searched: its profile
    /// ([`SearchProfile::for_state`]) with the move filter of
    /// [`Settings::move_filter`] (every game but NC-Hypergammon) and the
    /// knobs of [`Settings::tune`].
    pub fn profile_for(&self, state: &GameState) -> SearchProfile {
        let checkers = state.position().checkers_per_side();
        let mut profile = SearchProfile::for_state(state);
        if checkers != Variant::Hypergammon.checkers_per_side() {
            profile.move_filter = self.move_filter;
        }
        self.tune.apply(checkers, state.k(), &mut profile);
        profile
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            seed: 0,
            max_depth: 0,
            random: false,
            move_overhead: Duration::from_millis(30),
            threads: 1,
            move_filter: DEFAULT_MOVE_FILTER,
            tune: Tune::new(),
        }
    }
}

/// A score in millipoints for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Value in millipoints (1000 = one point).
    pub value: i32,
    /// True when the search proved the value (a finished game in the line).
    pub exact: bool,
}

impl std::fmt::Display for Score {
    /// `mp 312` or `mp 1000 exact`, as in `info ... score`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mp {}", self.value)?;
        if self.exact {
            write!(f, " exact")?;
        }
        Ok(())
    }
}

/// Progress report of a search (one `info` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Completed depth.
    pub depth: u32,
    /// Rank with multipv (1 = best).
    pub multipv: usize,
    /// Value of the line.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// States whose exact value came from a table (`Tables`).
    pub tbhits: u64,
    /// Time so far.
    pub time: Duration,
    /// The expected line, as turn tokens.
    pub pv: Vec<String>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best choice of the last completed depth.
    pub best: Turn,
    /// Its value.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The best lines with multipv (best first), each with its score.
    pub lines: Vec<(Turn, Score)>,
}

/// Accepted by [`Searcher::search`]: a flag that another thread sets to stop.
pub type StopFlag = AtomicBool;
