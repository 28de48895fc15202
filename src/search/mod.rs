//! Search: choosing a turn (number + checker play) by alpha-beta over turns.
//!
//! A node is a [`GameState`]; its children are every legal pick followed by
//! every distinct result of the pair it makes (or, when the number is already
//! picked, every distinct play; in turn 0, the picks alone). Scores are in
//! millipoints for the side to move: a finished game scores exactly ±1000,
//! ±2000 or ±3000.
//!
//! The searcher deepens iteratively, checks its stop flag and limits every few
//! thousand nodes, and always answers with the best choice of the last
//! completed depth (depth 1 is always completed first, so an answer exists).
//!
//! Moves are ordered by the transposition table's best move, then by static
//! value. Aspiration windows and late-move reductions are not used: nothing
//! measured yet shows they pay at the depths reached (4 to 6 turns).

mod alphabeta;
pub mod eval;
mod tt;

use crate::board::Position;
use crate::game::{GameState, Phase};
use crate::movegen::{generate_prepared, LegalPlay, PlaySink, Prepared};
use crate::notation::format_play_token;
use crate::pair::Pair;
use crate::play::Play;
use crate::rng::Rng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use alphabeta::{Searcher, MAX_THREADS};

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Time added after each turn.
    pub increment: Duration,
}

/// When to stop searching. The first limit reached ends the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Turns deep.
    pub depth: Option<u32>,
    /// Nodes visited (checked every few thousand nodes).
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
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            seed: 0,
            max_depth: 0,
            random: false,
            move_overhead: Duration::from_millis(30),
            threads: 1,
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

/// What the side to move does: the whole choice of one `bestmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Turn 0: an initial number.
    Pick(u8),
    /// A number and the checker play for the pair it makes.
    Turn(u8, LegalPlay),
    /// The checker play for a pair already fixed.
    Play(LegalPlay),
}

impl Choice {
    /// The turn token (protocol.md §2): `3`, `6:24/18,13/8`, `24/18,13/8`.
    pub fn token(&self, state: &GameState) -> String {
        match self {
            Choice::Pick(n) => n.to_string(),
            Choice::Turn(n, lp) => state.turn_token(*n, &lp.play),
            Choice::Play(lp) => format_play_token(state.position(), &lp.play),
        }
    }

    /// The state after the choice.
    pub fn apply(&self, state: &GameState) -> GameState {
        match self {
            Choice::Pick(n) => state.after_opening_pick(*n),
            Choice::Turn(n, lp) => state.child(*n, lp.after),
            Choice::Play(lp) => state.after_play(lp.after),
        }
    }
}

/// Every legal choice of the side to move (empty when the game is over).
pub fn legal_choices(state: &GameState) -> Vec<Choice> {
    if state.is_over() {
        return Vec::new();
    }
    if state.in_opening() {
        return state.legal_numbers().iter().map(Choice::Pick).collect();
    }
    match state.phase() {
        Phase::Play => state
            .legal_plays()
            .map(|plays| plays.into_iter().map(Choice::Play).collect())
            .unwrap_or_default(),
        Phase::Pick => {
            let mut out = Vec::new();
            for n in state.legal_numbers().iter() {
                let Some(pair) = state.pair_for(n) else {
                    continue;
                };
                for lp in crate::movegen::legal_plays(state.position(), pair) {
                    out.push(Choice::Turn(n, lp));
                }
            }
            out
        }
    }
}

/// The states after every legal choice of `state`, in the order of
/// [`legal_choices`] (so an index means the same choice in both), written
/// into `out` without building the choices: the search's move list.
pub(crate) fn children_into(state: &GameState, out: &mut Vec<GameState>) {
    out.clear();
    if state.is_over() {
        return;
    }
    if state.in_opening() {
        out.extend(
            state
                .legal_numbers()
                .iter()
                .map(|n| state.after_opening_pick(n)),
        );
        return;
    }
    match state.phase() {
        Phase::Play => {
            if let Some(pair) = state.pending_pair() {
                push_children(state, &Prepared::new(state.position()), None, pair, out);
            }
        }
        Phase::Pick => {
            let prepared = Prepared::new(state.position());
            for n in state.legal_numbers().iter() {
                if let Some(pair) = state.pair_for(n) {
                    push_children(state, &prepared, Some(n), pair, out);
                }
            }
        }
    }
}

/// The states after each play of `pair` (picked now as `n`, or pending),
/// or after no move when no checker can move.
#[inline]
fn push_children(
    state: &GameState,
    prepared: &Prepared,
    n: Option<u8>,
    pair: Pair,
    out: &mut Vec<GameState>,
) {
    struct Children<'a> {
        state: &'a GameState,
        n: Option<u8>,
        out: &'a mut Vec<GameState>,
    }
    impl PlaySink for Children<'_> {
        const WANTS_PLAYS: bool = false;

        #[inline(always)]
        fn add(&mut self, _: Play, after: Position) {
            self.out.push(match self.n {
                Some(n) => self.state.child(n, after),
                None => self.state.after_play(after),
            });
        }
    }
    let before = out.len();
    let mut sink = Children { state, n, out };
    generate_prepared(prepared, pair, &mut sink);
    if out.len() == before {
        let mut sink = Children { state, n, out };
        sink.add(Play::NONE, *state.position());
    }
}

/// A uniformly random legal choice (every turn equally likely), or `None` on
/// a finished game.
pub fn random_choice(state: &GameState, rng: &mut Rng) -> Option<Choice> {
    let choices = legal_choices(state);
    (!choices.is_empty()).then(|| choices[rng.index(choices.len())])
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
    /// Time so far.
    pub time: Duration,
    /// The expected line, as turn tokens.
    pub pv: Vec<String>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best choice of the last completed depth.
    pub best: Choice,
    /// Its value.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The best lines with multipv (best first), each with its score.
    pub lines: Vec<(Choice, Score)>,
}

/// Accepted by [`Searcher::search`]: a flag that another thread sets to stop.
pub type StopFlag = AtomicBool;
