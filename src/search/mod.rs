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
//! only its best [`Settings::move_filter`] children by static value (gnubg's
//! move filters; the root's choices are all searched): at 100 ms a move it
//! won +49.6 Elo (95%: +8.1 .. +92.5, 240 games) over full width. In
//! NC-Hypergammon the filter is [`Settings::hyper_move_filter`], narrower,
//! since three checkers a side have far fewer plays, and narrower still at
//! k = 3 and 4 ([`Settings::small_alphabet_hyper_move_filter`]). The
//! children past the filter's cut are not dropped but searched
//! [`Settings::filter_reduction`] turns shallower with a null window, and
//! in full if one beats the best child: a reply the static value ranks
//! low but a short search shows strong is still found.
//! Below the root the search is a principal variation search (the first
//! child with the whole window, the others with a null window, searched
//! again when they beat it; 4% fewer nodes at depth 5). In NC-Hypergammon a
//! null-window node one turn from the leaves whose static value (its
//! parent's ordering value) is past the window by
//! [`Settings::hyper_futility_margin`] is not expanded (futility pruning;
//! [`Settings::futility_margin`] in the other games, off by default).
//! Aspiration windows are not used, nor late-move reductions (reducing the
//! children from the third on by a turn lost -10 Elo ± 38 in 134 games at
//! 20,000 nodes).
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
//! [`Settings::progress_after`]).

pub mod cube;
mod line;
mod negamax;
mod progress;
mod searcher;
mod split;
mod time;
mod tt;

use crate::board::Variant;
use crate::game::GameState;
use crate::turn::Turn;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use searcher::{Searcher, MAX_THREADS};

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
}

/// Settings that change how the engine plays.
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
    /// Move filter: below the root, a node at least two turns from the
    /// leaves searches only its this many best children by static value
    /// (0: all of them). See [`DEFAULT_MOVE_FILTER`].
    pub move_filter: usize,
    /// The move filter in NC-Hypergammon (three checkers a side) at
    /// k = 5..=9, where [`Settings::move_filter`] is every other game's. See
    /// [`DEFAULT_HYPER_MOVE_FILTER`].
    pub hyper_move_filter: usize,
    /// The move filter in NC-Hypergammon with a small alphabet (k up to
    /// [`SMALL_ALPHABET`]). See [`DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER`].
    pub small_alphabet_hyper_move_filter: usize,
    /// With the move filter: a node to pick a number also keeps, past the
    /// filter's cut, the best this many children of each number it can
    /// pick, so that no number (half of the opponent's next pair) goes
    /// unsearched (0: the filter alone).
    pub filter_per_number: usize,
    /// With the move filter: the children past its cut are searched this
    /// many turns shallower, with a null window that asks whether they
    /// beat the best, and in full only if they do (0: they are not
    /// searched). See [`DEFAULT_FILTER_REDUCTION`].
    pub filter_reduction: u32,
    /// Depth parity: 0 answers with the last completed depth; 1 searches
    /// every depth but answers with the last completed odd one (or the
    /// depth limit); 2 searches only odd depths (and the depth limit).
    pub odd_depths: u8,
    /// Futility pruning at the frontier, in millipoints (0: off): a node
    /// one turn from the leaves, searched with a null window, whose static
    /// value lies this far or more beyond the window returns that value
    /// moved by the margin towards the window, without expanding its
    /// children. Every game's but NC-Hypergammon's; off by default (see
    /// [`DEFAULT_HYPER_FUTILITY_MARGIN`]).
    pub futility_margin: i32,
    /// The futility margin in NC-Hypergammon (three checkers a side), where
    /// [`Settings::futility_margin`] is every other game's. See
    /// [`DEFAULT_HYPER_FUTILITY_MARGIN`].
    pub hyper_futility_margin: i32,
    /// Pressing for progress: once a game has gone this many turns since a
    /// checker was last borne off (or a credit spent), and the side to move
    /// leads by [`PROGRESS_LEAD`], every static value gains
    /// [`Settings::progress_weight`] millipoints a pip of its side's race
    /// lead (0: never; module `progress`).
    pub progress_after: u32,
    /// Millipoints a pip of race lead in a long game (see
    /// [`Settings::progress_after`]).
    pub progress_weight: i32,
}

/// The move filter the engine plays with: at 100 ms a move it beat the
/// full-width search by +49.6 Elo (95%: +8 .. +93, 240 games, 2 shared
/// cores), reaching depth 5 instead of 3-4 in the opening.
pub const DEFAULT_MOVE_FILTER: usize = 12;

/// The move filter in NC-Hypergammon. Three checkers a side have a dozen
/// plays or fewer where fifteen have dozens, so the standard game's filter
/// never cut there; with this one (and [`DEFAULT_FILTER_REDUCTION`]) the
/// search spends its nodes deeper on the likely lines. At k = 3 it beat
/// the filter of 12 by +63 to +145 Elo at 20,000 nodes a move in each of
/// four 120-game matches and passed an SPRT at 60,000 nodes (+39.7, 95%:
/// +8.4 .. +71.1); at k = 4 +78 and +6, k = 6 +63, k = 6 with two credits +8.5
/// and +60 (`docs/lab/search-options.md`, the Hypergammon move filter).
pub const DEFAULT_HYPER_MOVE_FILTER: usize = 6;

/// The largest alphabet (k) whose NC-Hypergammon games search with
/// [`Settings::small_alphabet_hyper_move_filter`].
pub const SMALL_ALPHABET: u8 = 4;

/// The move filter in NC-Hypergammon at k = 3 and 4. With one number to
/// pick a turn at k = 3 (two at k = 4, without credits) a state has a
/// median of 6 (11) turns, where the filter of 6 barely cuts. Against it
/// in self-play, 120 games a match, the filter of 4 scored at k = 3 +87.2
/// and +5.7 at 20,000 nodes a move, +22.8 and +2.8 at 60,000 (+31.4 with
/// two credits); at k = 4 −22.8 and +42.9 at 20,000, +22.8 and +22.8 at
/// 60,000 (+2.8 with two credits); at k = 5 and 6 with two credits it lost
/// (−28.5 each), so those keep [`DEFAULT_HYPER_MOVE_FILTER`]
/// (`docs/lab/search-options.md`, the filter per alphabet).
pub const DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER: usize = 4;

/// Children of each number kept past the move filter's cut: none by default.
pub const DEFAULT_FILTER_PER_NUMBER: usize = 0;

/// The children past the move filter's cut are searched one turn
/// shallower (where that leaves at least one turn). The filter ranks by
/// the static value, and the net misjudges some replies badly (above all
/// a number that the side bearing in or off against an anchor cannot play
/// next turn): cut, they were never searched, and the sparring partner's
/// players found them. See `docs/lab/search-options.md` (`FilterReduction`)
/// for the matches.
pub const DEFAULT_FILTER_REDUCTION: u32 = 1;

/// The futility margin in NC-Hypergammon (millipoints). A node one turn
/// from the leaves whose static value is already past the null window by
/// the margin is not expanded, so the nodes go a turn deeper. At k = 3 it
/// beat the engine without it by +47.3 Elo at equal time (30 ms a move,
/// 95%: +16.4 .. +78.2, 360 games) and by +75.2 at 20,000 nodes (+22.0 ..
/// +128.4, 120 games); at 20,000 nodes k = 4 +105.7, k = 5 with two credits
/// +141.1, k = 6 with two credits +108.8. It beat a margin of 60 head to
/// head (+34.3 and +90.3 at k = 3) and keeps k = 4's exact figures, where 60
/// lost some. In the standard game a margin of 60 was level at equal time
/// (+14.2, 95%: −37.8 .. +66.3), so 15 checkers a side keep the search
/// without it (`FutilityMargin` 0, node for node the same: `bench`
/// unchanged). See `docs/lab/search-options.md` ("Futility at the
/// frontier").
pub const DEFAULT_HYPER_FUTILITY_MARGIN: i32 = 300;

/// Turns without a checker borne off after which the side ahead presses for
/// progress ([`Settings::progress_after`]; 0: never).
pub const DEFAULT_PROGRESS_AFTER: u32 = 150;

/// Millipoints a pip of race lead when pressing for progress
/// ([`Settings::progress_weight`]).
pub const DEFAULT_PROGRESS_WEIGHT: i32 = 4;

pub use progress::PROGRESS_LEAD;

impl Settings {
    /// The futility margin of the game `state` belongs to:
    /// [`Settings::hyper_futility_margin`] with three checkers a side, else
    /// [`Settings::futility_margin`].
    pub fn futility_margin_for(&self, state: &GameState) -> i32 {
        if is_hypergammon(state) {
            self.hyper_futility_margin
        } else {
            self.futility_margin
        }
    }

    /// The move filter of the game `state` belongs to: with three checkers
    /// a side [`Settings::small_alphabet_hyper_move_filter`] up to k =
    /// [`SMALL_ALPHABET`] and [`Settings::hyper_move_filter`] above, else
    /// [`Settings::move_filter`].
    pub fn move_filter_for(&self, state: &GameState) -> usize {
        if is_hypergammon(state) {
            if state.k() <= SMALL_ALPHABET {
                self.small_alphabet_hyper_move_filter
            } else {
                self.hyper_move_filter
            }
        } else {
            self.move_filter
        }
    }
}

/// Whether `state` is a game of NC-Hypergammon's three checkers a side,
/// which has its own move filter and futility margin.
fn is_hypergammon(state: &GameState) -> bool {
    state.position().checkers_per_side() == Variant::Hypergammon.checkers_per_side()
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
            hyper_move_filter: DEFAULT_HYPER_MOVE_FILTER,
            small_alphabet_hyper_move_filter: DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER,
            filter_per_number: DEFAULT_FILTER_PER_NUMBER,
            filter_reduction: DEFAULT_FILTER_REDUCTION,
            odd_depths: 0,
            futility_margin: 0,
            hyper_futility_margin: DEFAULT_HYPER_FUTILITY_MARGIN,
            progress_after: DEFAULT_PROGRESS_AFTER,
            progress_weight: DEFAULT_PROGRESS_WEIGHT,
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
