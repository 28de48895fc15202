//! The solver: exact values, and turns to the end, of every state of a
//! space.
//!
//! **Turn structure.** A solver state is a board seen from the side to move
//! plus a number state (the mover's previous number `own`, the opponent's
//! current number `theirs`, both credits), with a pick due. The mover's
//! choice is a pair (number `n`, play): `n != own`, and `n == theirs` only
//! with a credit left (a doublet, which spends it); the play is any legal
//! play of the pair (`n`, `theirs`), a pass when none exists. The next state
//! is the resulting board flipped, with number state (`theirs`, `n`,
//! opponent's credits, mover's credits less the doublet). A play that bears
//! off the mover's last checker ends the game; the finished board scores
//! the loser's loss (1, 2 or 3 points). Turn 0 (the initial pair) is no
//! solver state: its value is the minimax over the two picks (see
//! [`super::probe`]).
//!
//! **Values.** With payoffs only at the end and a draw for a game that never
//! ends, a state is worth at least `t > 0` points exactly when the mover can
//! force an end worth `t` or more in a finite number of turns: a reachability
//! game for each threshold `t` in 1..=3, and `-t` likewise for the opponent.
//! Each is a monotone fixpoint, so any fair order of updates that starts with
//! every state unknown (0) and stops when a whole sweep changes nothing ends
//! at the least fixpoint: the states still at 0 are exactly the draws (which
//! is how the referee's repetition rule scores a game that goes round for
//! ever).
//!
//! **Turns.** With the values known, a second fixpoint gives each decided
//! state its *turns*: the length of the game under optimal play by both
//! sides, the winner taking the shortest and the loser the longest among
//! the choices that keep the state's value (0 for draws and finished
//! boards). It is found by distance, as a breadth-first search backwards
//! from the end: round `r` gives turns `r` to the winners with a
//! best-value child of turns `r - 1` and to the losers whose best-value
//! children all have turns below `r` (then the most is `r - 1`), each
//! state once. A round goes from the states settled in the round before
//! to their parents: a won parent settles at once, a lost one counts down
//! its open best-value children and settles at 0 (see `Search`).
//!
//! **Order.** Boards are swept by *level*, their pip count (both sides
//! together), lowest first, updating in place: a play that hits nothing
//! lowers the level, so most children are already final for this sweep,
//! and a sweep settles whole races at once; only hits (and passes) reach
//! back. Within a level every state reads the values as they were when
//! the level began, so the result is the same for any number of threads.
//! Only the states that a child's change concerns are computed again (the
//! others would compute what they hold, see `Sweep`). No board graph is
//! kept: a board's children and parents come from the side move tables
//! ([`super::moves`]).
//!
//! **Checkpoints.** Between sweeps (or rounds) the solver can write its
//! entries to a checkpoint file and stop; resuming from it computes every
//! state once (the values) or looks at every board once, counting the
//! open children again (the turns), and goes on, to the same bytes as an
//! uninterrupted solve (each sweep is a function of the entries before
//! it).

mod children;
mod maps;
mod run;
mod turns;
mod values;
mod workers;

use children::{gather, prefetch};
use maps::Maps;
use run::{solve_capped, Caps};
use workers::{run_workers, CHUNK};

use super::index::{NumberState, StateIndex};
use super::moves::MoveTables;
pub use super::solved::Solved;
use super::Spec;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Barrier;
use std::time::Duration;

/// Entry code of an invalid board (no such state).
pub const INVALID: u16 = 7;
/// The most turns a table entry holds (13 bits); also "not yet known"
/// while the turns are solved.
pub const MAX_RANK: u32 = (1 << 13) - 1;

/// An entry: value code (points + 3, or [`INVALID`]) in bits 0..3, turns
/// above.
#[inline(always)]
pub fn entry(points: i32, turns: u32) -> u16 {
    ((points + 3) as u16) | ((turns as u16) << 3)
}

/// The points of an entry (`None` for an invalid board).
#[inline(always)]
pub fn entry_points(e: u16) -> Option<i32> {
    let code = e & 7;
    (code != INVALID).then_some(i32::from(code) - 3)
}

/// The turns of an entry: to the end under optimal play.
#[inline(always)]
pub fn entry_rank(e: u16) -> u32 {
    u32::from(e >> 3)
}

/// What a solve reports as it goes (`ncbg tables build` draws it as
/// progress bars). Every method may be called from the solver's threads.
pub trait Progress: Sync {
    /// A line of news: the space's size, each sweep's changes.
    fn line(&self, text: &str);
    /// A phase of `len` units starts: `moves` (side configurations),
    /// then `values N` and `turns N` (boards) for each sweep.
    fn phase(&self, _name: &str, _len: u64) {}
    /// `n` more units of the phase are done.
    fn advance(&self, _n: u64) {}
}

/// Lines only, to a function.
pub struct Quiet<'a>(pub &'a (dyn Fn(&str) + Sync));

impl Progress for Quiet<'_> {
    fn line(&self, text: &str) {
        (self.0)(text)
    }
}

/// How to run a solve.
#[derive(Clone, Debug)]
pub struct Options {
    /// Threads.
    pub jobs: usize,
    /// Where to keep a checkpoint (none: no checkpoints).
    pub checkpoint: Option<PathBuf>,
    /// The least time between checkpoints.
    pub checkpoint_every: Duration,
    /// Go on from the checkpoint when it exists.
    pub resume: bool,
    /// Stop with a checkpoint once this many sweeps in all are done (an
    /// interruption at a known point, for tests).
    pub stop_after: Option<u32>,
}

impl Options {
    /// `jobs` threads, no checkpoints.
    pub fn threads(jobs: usize) -> Options {
        Options {
            jobs,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(600),
            resume: false,
            stop_after: None,
        }
    }
}

/// Solves `spec` on `jobs` threads, reporting the space and each sweep as
/// a line to `progress`.
pub fn solve(spec: Spec, jobs: usize, progress: &(dyn Fn(&str) + Sync)) -> Result<Solved, String> {
    solve_with(spec, jobs, &Quiet(progress))
}

/// [`solve`], reporting phases and their progress too.
pub fn solve_with(spec: Spec, jobs: usize, progress: &dyn Progress) -> Result<Solved, String> {
    solve_resumable(spec, &Options::threads(jobs), progress)?
        .ok_or_else(|| "the solve stopped".to_string())
}

/// What [`solve`] needs, estimated before it starts: the space's sizes and
/// the most memory it holds at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// States (table entries).
    pub states: u64,
    /// Boards.
    pub boards: u64,
    /// Peak memory in bytes.
    pub bytes: u64,
}

/// Estimates what solving `spec` takes, from counts alone (nothing is
/// listed or allocated: see [`super::size::Size::of`] for the memory
/// model); a space the solver cannot index is an error naming its size.
pub fn estimate(spec: Spec) -> Result<Estimate, String> {
    let size = super::size::Size::of(spec)?;
    size.check_solvable(spec)?;
    // Within the solver's limit every count fits in 64 bits.
    let fit = |n: u128| u64::try_from(n).map_err(|_| format!("{spec}: too many states to count"));
    Ok(Estimate {
        states: fit(size.states)?,
        boards: fit(size.boards)?,
        bytes: fit(size.bytes)?,
    })
}

/// Solves `spec` as `options` say: `None` when it stopped at
/// `options.stop_after` (with a checkpoint written).
pub fn solve_resumable(
    spec: Spec,
    options: &Options,
    progress: &dyn Progress,
) -> Result<Option<Solved>, String> {
    solve_capped(spec, options, progress, Caps::FULL)
}

/// Shares of a solved table's live states (not finished, valid board).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shares {
    /// States the mover wins.
    pub won: u64,
    /// States the mover loses.
    pub lost: u64,
    /// Drawn states.
    pub drawn: u64,
    /// The most turns.
    pub max_rank: u32,
}

impl Solved {
    /// Counts won, lost and drawn live states.
    pub fn shares(&self) -> Shares {
        let planes = self.index.number_states();
        let mut s = Shares::default();
        for b in 0..self.index.boards() {
            if self.index.board(b).is_none_or(|p| p.outcome().is_some()) {
                continue;
            }
            for &e in &self.entries[b * planes..(b + 1) * planes] {
                match entry_points(e) {
                    Some(p) if p > 0 => s.won += 1,
                    Some(p) if p < 0 => s.lost += 1,
                    _ => s.drawn += 1,
                }
                s.max_rank = s.max_rank.max(entry_rank(e));
            }
        }
        s
    }
}
