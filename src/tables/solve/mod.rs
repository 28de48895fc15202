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

mod maps;
mod turns;
mod values;

use maps::Maps;
use turns::Search;
use values::{Sweep, MARK, SUPPORT_MANY};

use super::file::{read_checkpoint, write_checkpoint, Checkpoint, Phase};
use super::index::{NumberState, StateIndex};
use super::moves::MoveTables;
use super::Spec;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Barrier;
use std::time::{Duration, Instant};

/// Entry code of an invalid board (no such state).
pub const INVALID: u16 = 7;
/// The most turns a table entry holds (13 bits); also "not yet known"
/// while the turns are solved.
pub const MAX_RANK: u32 = (1 << 13) - 1;
/// Boards per work unit.
const CHUNK: usize = 256;

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

/// A solved space.
pub struct Solved {
    /// What was solved.
    pub spec: Spec,
    /// Its indices.
    pub index: StateIndex,
    /// One entry per state ([`entry`]), board-major.
    pub entries: Vec<u16>,
    /// Sweeps in all (values and turns).
    pub sweeps: u32,
    /// Sweeps of the values.
    pub value_sweeps: u32,
    /// Plays in the side move tables.
    pub plays: usize,
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

/// Estimates what solving `spec` takes: 2 bytes a state for the entries,
/// and the more of the values' changes of the largest level (12 bytes a
/// changed state, its share of the states taken as a twentieth) and the
/// turns' counts of open children (a byte a state); 15 a board (levels,
/// places in them, marks, the initial codes), the side move tables
/// (about 8 bytes a play, taken as 20 plays a configuration, blocked set
/// and pair). Writing the table adds nothing: it goes out a block at a
/// time.
pub fn estimate(spec: Spec) -> Result<Estimate, String> {
    spec.check()?;
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    let boards = index.boards() as u64;
    let states = index.states() as u64;
    let sides = index.sides.len() as u64;
    let blocks: u64 = match spec.space.kind {
        super::Kind::Bearoff => 1,
        super::Kind::Full => 1 + 24 * u64::from(spec.space.max_on_board / 2),
    };
    let pairs = u64::from(spec.k) * (u64::from(spec.k) + 1) / 2;
    let tables = sides * blocks * pairs * (20 * 8 + 4);
    Ok(Estimate {
        states,
        boards,
        bytes: states * 2 + (states * 12 / 20).max(states) + boards * 15 + tables,
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

/// The most a count holds before it stands for "too many": lower ones
/// (in the tests) take the paths of the rare wide states everywhere.
#[derive(Clone, Copy, Debug)]
struct Caps {
    /// A value's support ([`SUPPORT_MANY`] at most).
    support: u16,
    /// A lost state's open children in the turns.
    open: u8,
}

impl Caps {
    const FULL: Caps = Caps {
        support: SUPPORT_MANY,
        open: u8::MAX,
    };
}

/// [`solve_resumable`] with the counts capped at `caps`.
fn solve_capped(
    spec: Spec,
    options: &Options,
    progress: &dyn Progress,
    caps: Caps,
) -> Result<Option<Solved>, String> {
    spec.check()?;
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    let boards = index.boards();
    let planes = index.number_states();
    progress.line(&format!(
        "{spec}: {} side configurations, {boards} boards, {planes} number states, {} states",
        index.sides.len(),
        index.states()
    ));
    let jobs = options.jobs.max(1);
    let t = Instant::now();
    progress.phase("moves", 1);
    let tables = MoveTables::new(&index, jobs);
    progress.advance(1);
    progress.line(&format!(
        "side move tables: {} plays ({:.1} MB) in {:.1} s",
        tables.len(),
        tables.bytes() as f64 / 1e6,
        t.elapsed().as_secs_f64()
    ));

    // Boards: invalid, finished (a fixed code) or live, by level.
    let mut init = vec![0u8; boards];
    let mut by_level: Vec<Vec<u32>> = Vec::new();
    for (b, code) in init.iter_mut().enumerate() {
        *code = match index.board(b) {
            None => INVALID as u8,
            Some(p) => match p.outcome() {
                Some(o) => (o.mover_points() + 3) as u8,
                None => {
                    let (a, c) = p.pips();
                    let level = (a + c) as usize;
                    if by_level.len() <= level {
                        by_level.resize(level + 1, Vec::new());
                    }
                    by_level[level].push(b as u32);
                    3
                }
            },
        };
    }
    let levels: Vec<Vec<u32>> = by_level.into_iter().filter(|l| !l.is_empty()).collect();
    let live: usize = levels.iter().map(Vec::len).sum();

    let mut start = Checkpoint {
        spec,
        phase: Phase::Values,
        value_sweeps: 0,
        turn_sweeps: 0,
        entries: Vec::new(),
        version: 2,
    };
    if let Some(path) = options
        .checkpoint
        .as_ref()
        .filter(|p| options.resume && p.exists())
    {
        let c = read_checkpoint(path)?;
        if c.spec != spec {
            return Err(format!(
                "the checkpoint {} is of another table ({}), not {spec}",
                path.display(),
                c.spec
            ));
        }
        progress.line(&format!(
            "resuming from {}: {} value sweeps, {} turn sweeps done",
            path.display(),
            c.value_sweeps,
            c.turn_sweeps
        ));
        start = c;
        if start.version == 1 && start.phase == Phase::Turns {
            // Turns of a version 1 checkpoint were estimates: solve them
            // again from the values.
            progress.line("the checkpoint's turns are of format 1: solving the turns again");
            start.turn_sweeps = 0;
            start_turns(&mut start.entries, &levels, planes);
        }
    } else {
        start.entries = (0..boards * planes)
            .map(|s| u16::from(init[s / planes]))
            .collect();
    }
    drop(init);
    let Checkpoint {
        mut phase,
        mut value_sweeps,
        mut turn_sweeps,
        mut entries,
        ..
    } = start;

    let maps = Maps::new(&index, &tables);
    let mut level_of = vec![u16::MAX; boards];
    let mut pos_of = vec![0u32; boards];
    for (l, level) in levels.iter().enumerate() {
        for (i, &b) in level.iter().enumerate() {
            level_of[b as usize] = l as u16;
            pos_of[b as usize] = i as u32;
        }
    }
    let boards_marked: Vec<Vec<AtomicU64>> = levels
        .iter()
        .map(|level| {
            (0..level.len().div_ceil(64))
                .map(|w| {
                    let n = (level.len() - w * 64).min(64);
                    AtomicU64::new(if n == 64 { u64::MAX } else { (1 << n) - 1 })
                })
                .collect()
        })
        .collect();
    // The values' states to compute: every live state in the first sweep
    // and after a resume (marked in its entry); then the parents that a
    // change concerns.
    if phase == Phase::Values {
        for &b in levels.iter().flatten() {
            let b = b as usize;
            for e in &mut entries[b * planes..(b + 1) * planes] {
                *e = (*e & 7) | MARK;
            }
        }
    }
    // Per state, in the turns: a lost state's open children.
    let mut left: Vec<u8> = Vec::new();
    let marked: Vec<AtomicU64> = levels.iter().map(|_| AtomicU64::new(u64::MAX)).collect();
    // The turns: boards with a state settled in the round before, and in
    // this one.
    let dirty: Vec<AtomicU64> = (0..boards.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let next: Vec<AtomicU64> = (0..boards.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let mut searching = false;
    let mut last_checkpoint = Instant::now();
    loop {
        let done = value_sweeps + turn_sweeps;
        if let (Some(stop), Some(path)) = (options.stop_after, &options.checkpoint) {
            if done >= stop {
                checkpoint(path, spec, phase, (value_sweeps, turn_sweeps), entries)?;
                progress.line(&format!("stopped after {done} sweeps: {}", path.display()));
                return Ok(None);
            }
        }
        if phase == Phase::Done {
            break;
        }
        let sweep = match phase {
            Phase::Values => value_sweeps + 1,
            _ => turn_sweeps + 1,
        };
        if sweep >= MAX_RANK {
            return Err(format!("no fixpoint after {MAX_RANK} sweeps"));
        }
        let t = Instant::now();
        let name = match phase {
            Phase::Values => "values",
            _ => "turns",
        };
        let view = as_atomic(&mut entries);
        let (changed, computed) = if phase == Phase::Values {
            progress.phase(&format!("{name} {sweep}"), live as u64);
            let ctx = Sweep {
                tables: &tables,
                maps: &maps,
                entries: view,
                marked: &marked,
                boards_marked: &boards_marked,
                pos_of: &pos_of,
                level_of: &level_of,
                planes,
                caps,
            };
            ctx.run(&levels, jobs, progress)?
        } else {
            let fresh = !searching;
            searching = true;
            if left.is_empty() {
                left = vec![0u8; boards * planes];
            }
            let search = Search {
                tables: &tables,
                maps: &maps,
                entries: view,
                planes,
                left: as_atomic_u8(&mut left),
                last: &dirty,
                this: &next,
                round: sweep as u16,
                caps,
            };
            if fresh {
                // The first round here (after the values, or on a
                // resume): every board, counting the lost states' open
                // children.
                progress.phase(&format!("{name} {sweep}"), live as u64);
                search.start(&levels, jobs, progress)?
            } else {
                let len = dirty
                    .iter()
                    .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
                    .sum();
                progress.phase(&format!("{name} {sweep}"), len);
                search.step(jobs, progress)?
            }
        };
        progress.line(&format!(
            "{name} sweep {sweep}: {changed} states changed, {computed} computed, {:.1} s",
            t.elapsed().as_secs_f64()
        ));
        match phase {
            Phase::Values => {
                value_sweeps += 1;
                if changed == 0 {
                    phase = Phase::Turns;
                    start_turns(&mut entries, &levels, planes);
                }
            }
            _ => {
                turn_sweeps += 1;
                if changed == 0 {
                    phase = Phase::Done;
                }
                for (d, n) in dirty.iter().zip(&next) {
                    d.store(n.swap(0, Ordering::Relaxed), Ordering::Relaxed);
                }
            }
        }
        if let Some(path) = &options.checkpoint {
            if phase != Phase::Done && last_checkpoint.elapsed() >= options.checkpoint_every {
                let t = Instant::now();
                entries = checkpoint(path, spec, phase, (value_sweeps, turn_sweeps), entries)?;
                progress.line(&format!(
                    "checkpoint {} written in {:.1} s",
                    path.display(),
                    t.elapsed().as_secs_f64()
                ));
                last_checkpoint = Instant::now();
            }
        }
    }
    if let Some(e) = entries
        .iter()
        .find(|&&e| entry_rank(e) >= MAX_RANK && e & 7 != INVALID)
    {
        return Err(format!("a decided state has no turns (entry {e:#x})"));
    }
    Ok(Some(Solved {
        spec,
        index,
        entries,
        sweeps: value_sweeps + turn_sweeps,
        value_sweeps,
        plays: tables.len(),
    }))
}

/// Writes a checkpoint of the solve and hands its entries back.
fn checkpoint(
    path: &std::path::Path,
    spec: Spec,
    phase: Phase,
    (value_sweeps, turn_sweeps): (u32, u32),
    entries: Vec<u16>,
) -> Result<Vec<u16>, String> {
    let c = Checkpoint {
        spec,
        phase,
        value_sweeps,
        turn_sweeps,
        entries,
        version: 2,
    };
    // The values' supports and marks are no part of a checkpoint: a
    // resume computes every state again.
    let mask = if phase == Phase::Values { 7 } else { u16::MAX };
    write_checkpoint(&c, path, mask)?;
    Ok(c.entries)
}

/// Marks the turns of every decided state of a live board "not yet"
/// (finished boards and draws keep 0).
fn start_turns(entries: &mut [u16], levels: &[Vec<u32>], planes: usize) {
    for &b in levels.iter().flatten() {
        let b = b as usize;
        for e in &mut entries[b * planes..(b + 1) * planes] {
            *e = if *e & 7 != 3 {
                (*e & 7) | ((MAX_RANK as u16) << 3)
            } else {
                3
            };
        }
    }
}

/// A `&mut [u16]` seen as atomics, for the sweeps' shared reads and writes.
fn as_atomic(entries: &mut [u16]) -> &[AtomicU16] {
    // SAFETY: `AtomicU16` has the same size, alignment and bit validity as
    // `u16`, and the exclusive borrow keeps every other access out for the
    // view's lifetime.
    unsafe { std::slice::from_raw_parts(entries.as_mut_ptr().cast::<AtomicU16>(), entries.len()) }
}

/// A `&mut [u8]` seen as atomics.
fn as_atomic_u8(counts: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: as for `as_atomic`.
    unsafe { std::slice::from_raw_parts(counts.as_mut_ptr().cast::<AtomicU8>(), counts.len()) }
}

/// A hint to load the cache line of `at` (nothing where unsupported).
#[inline(always)]
fn prefetch<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints; any address is allowed.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((at as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Gathers board `b`'s children, pair by pair, into `kids` (pair `p`'s
/// end at `ends[p]`), and asks for their entries (and the board's own) to
/// be brought into the cache: a sweep waits on memory far more than it
/// computes.
fn gather(
    tables: &MoveTables,
    maps: &Maps,
    entries: &[AtomicU16],
    planes: usize,
    b: usize,
    pairs: u64,
    (kids, ends): (&mut Vec<u32>, &mut Vec<usize>),
) {
    for at in (0..planes).step_by(32) {
        prefetch(&entries[b * planes + at]);
    }
    kids.clear();
    ends.clear();
    for p in 0..tables.pairs.len() {
        // A doublet without credits is no choice: its children are
        // never read.
        let first = kids.len();
        if !maps.by_pair[p].is_empty() && pairs >> p & 1 == 1 {
            tables.children(b, p, kids);
        }
        ends.push(kids.len());
        // The two ends of each run of child entries the pair reads.
        for &c in &kids[first..] {
            for &at in &maps.prefetch[p] {
                prefetch(&entries[c as usize * planes + usize::from(at)]);
            }
        }
    }
}

/// Runs `work` on `workers` threads (on this one when one), each given its
/// number, and adds up the (changed, computed) counts they return.
fn run_workers(workers: usize, work: &(dyn Fn(usize) -> (u64, u64) + Sync)) -> (u64, u64) {
    let add = |a: (u64, u64), b: (u64, u64)| (a.0 + b.0, a.1 + b.1);
    if workers == 1 {
        work(0)
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|id| scope.spawn(move || work(id)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a solver worker panicked"))
                .fold((0, 0), add)
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Space;

    /// Counts capped low (every support and every lost state's open
    /// children "too many", or nearly) give the same entries and sweeps:
    /// the paths for wide states agree with the counted ones.
    #[test]
    fn capped_counts_solve_the_same() {
        let lines = |_: &str| {};
        let quiet = Quiet(&lines);
        for spec in [
            Spec {
                space: Space::full(1),
                k: 4,
                credits: 1,
            },
            Spec {
                space: Space::full(2),
                k: 3,
                credits: 0,
            },
        ] {
            let full = solve_capped(spec, &Options::threads(2), &quiet, Caps::FULL)
                .unwrap()
                .unwrap();
            for (support, open) in [(1, 1), (2, 2), (3, 1)] {
                let capped =
                    solve_capped(spec, &Options::threads(2), &quiet, Caps { support, open })
                        .unwrap()
                        .unwrap();
                assert_eq!(capped.sweeps, full.sweeps, "{spec} {support} {open}");
                assert!(capped.entries == full.entries, "{spec} {support} {open}");
            }
        }
    }
}
