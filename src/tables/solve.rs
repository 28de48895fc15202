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

use super::file::{read_checkpoint, write_checkpoint, Checkpoint, Phase};
use super::index::{NumberState, StateIndex};
use super::moves::MoveTables;
use super::Spec;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Barrier, Mutex};
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

/// The number-state maps of the sweeps.
struct Maps {
    /// Per pair index: (slot, child number state) for each ordering of the
    /// pair and each credit count. A slot is a choice of number `n` against
    /// `theirs` with both credits: `((n-1) k + theirs-1) (c+1)^2 + mover
    /// credits (c+1) + opponent credits`.
    by_pair: Vec<Vec<(u16, u16)>>,
    /// Per number state: the slots its mover may choose.
    choices: Vec<Vec<u16>>,
    /// Slots (= number states).
    slots: usize,
    /// Per number state: the index of its pair (own, theirs), through
    /// which its states are children.
    pair_of: Vec<u8>,
    /// Per pair index: the first and last child number state of each
    /// ordering (the credit counts of one (own, theirs) lie together).
    prefetch: Vec<Vec<u16>>,
    /// Per number state: the pairs its choices play (a bit each).
    pairs_of: Vec<u64>,
    /// Per slot: its pair index and child number state.
    slot_child: Vec<(u8, u16)>,
    /// Per number state: the number states of a parent board whose
    /// choice leads to it (through the pair `pair_of`).
    parents_of: Vec<Vec<u16>>,
}

impl Maps {
    fn new(index: &StateIndex, tables: &MoveTables) -> Maps {
        let k = index.k;
        let c = index.credits;
        let slot = |n: u8, t: u8, cm: u8, co: u8| {
            index
                .number_index(NumberState {
                    own: n,
                    theirs: t,
                    mover_credits: cm,
                    opponent_credits: co,
                })
                .expect("in range") as u16
        };
        let mut by_pair = vec![Vec::new(); tables.pairs.len()];
        for (p, pair) in tables.pairs.iter().enumerate() {
            let mut orders = vec![(pair.hi(), pair.lo())];
            if !pair.is_doublet() {
                orders.push((pair.lo(), pair.hi()));
            }
            for (n, t) in orders {
                for cm in 0..=c {
                    for co in 0..=c {
                        if n == t && cm == 0 {
                            continue;
                        }
                        let child = slot(t, n, co, cm - u8::from(n == t));
                        by_pair[p].push((slot(n, t, cm, co), child));
                    }
                }
            }
        }
        let choices: Vec<Vec<u16>> = (0..index.number_states())
            .map(|i| {
                let ns = index.number_state(i);
                (1..=k)
                    .filter(|&n| n != ns.own && (n != ns.theirs || ns.mover_credits > 0))
                    .map(|n| slot(n, ns.theirs, ns.mover_credits, ns.opponent_credits))
                    .collect()
            })
            .collect();
        let pair_of = (0..index.number_states())
            .map(|i| {
                let ns = index.number_state(i);
                tables.pair_index[usize::from(ns.own)][usize::from(ns.theirs)]
            })
            .collect();
        let prefetch = by_pair
            .iter()
            .map(|list| {
                let mut ends: Vec<u16> = Vec::new();
                let mut planes: Vec<u16> = list.iter().map(|&(_, child)| child).collect();
                planes.sort_unstable();
                for (i, &c) in planes.iter().enumerate() {
                    let starts = i == 0 || planes[i - 1] + 1 != c;
                    let ends_run = i + 1 == planes.len() || planes[i + 1] != c + 1;
                    if starts || ends_run {
                        ends.push(c);
                    }
                }
                ends
            })
            .collect();
        let mut slot_child = vec![(u8::MAX, 0u16); index.number_states()];
        for (p, list) in by_pair.iter().enumerate() {
            for &(slot, child) in list {
                slot_child[usize::from(slot)] = (p as u8, child);
            }
        }
        let mut parents_of = vec![Vec::new(); index.number_states()];
        for (ns, slots) in choices.iter().enumerate() {
            for &slot in slots {
                parents_of[usize::from(slot_child[usize::from(slot)].1)].push(ns as u16);
            }
        }
        let pairs_of = choices
            .iter()
            .map(|slots| {
                slots
                    .iter()
                    .fold(0u64, |m, &slot| m | 1 << slot_child[usize::from(slot)].0)
            })
            .collect();
        Maps {
            pairs_of,
            by_pair,
            choices,
            slots: index.number_states(),
            pair_of,
            prefetch,
            slot_child,
            parents_of,
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

/// In the values, a live state's entry holds its value code (bits 0..3),
/// its *support* (bits 3..15): how many distinct children give it its
/// value, at least (a child that came to give it since it was computed is
/// not counted; [`SUPPORT_MANY`]: too many to count), and its mark (bit
/// 15): computed again in this sweep or the next. A live state's bits
/// above the value are never all clear (support 1 or more, or marked); a
/// finished or invalid board's always are.
const MARK: u16 = 1 << 15;
/// A support too large to count: a child leaving marks the state.
const SUPPORT_MANY: u16 = (1 << 12) - 1;

/// What the value sweeps read and write.
///
/// A state is computed again only when a child's change can change it:
/// the child now gives it more than it holds (it rises), or the child
/// gave it what it holds and was the last one known to (it may fall: the
/// support counts down). Values are monotone (a won state's only rise, a
/// lost one's only fall, from 0), so a child that gives a state more never
/// gives it less later, and the other changes leave its best where it
/// is. So every state not marked holds what computing it would give, and
/// a sweep that computes only the marked states ends where one computing
/// every state would: the same entries after every level, and the same
/// sweeps.
struct Sweep<'a> {
    tables: &'a MoveTables,
    maps: &'a Maps,
    entries: &'a [AtomicU16],
    /// Per level: a bit per board (by its place in the level) with a
    /// state marked.
    boards_marked: &'a [Vec<AtomicU64>],
    /// Per board: its place in its level.
    pos_of: &'a [u32],
    /// Per level: its boards marked (an upper bound: 0 when none).
    marked: &'a [AtomicU64],
    /// Per board: its level (`u16::MAX`: no live board).
    level_of: &'a [u16],
    planes: usize,
    caps: Caps,
}

/// A state whose value changed: board, number state, old and new codes.
#[derive(Clone, Copy)]
struct Change {
    b: u32,
    ns: u16,
    old: u8,
    new: u8,
    support: u16,
}

/// A worker's scratch.
struct Scratch {
    kids: Vec<u32>,
    ends: Vec<usize>,
    best: Vec<i8>,
    count: Vec<u32>,
    todo: Vec<u16>,
    changes: Vec<Change>,
    parents: Vec<u32>,
}

impl Scratch {
    fn new(slots: usize) -> Scratch {
        Scratch {
            kids: Vec::with_capacity(512),
            ends: Vec::with_capacity(64),
            best: vec![0; slots],
            count: vec![0; slots],
            todo: Vec::with_capacity(64),
            changes: Vec::new(),
            parents: Vec::with_capacity(256),
        }
    }
}

impl Sweep<'_> {
    /// One sweep over `levels`, lowest first: each level computes its
    /// marked states from the entries as they were when it began, writes
    /// them, then marks the parents its changes concern. Returns (states
    /// changed, states computed).
    fn run(
        &self,
        levels: &[Vec<u32>],
        jobs: usize,
        progress: &dyn Progress,
    ) -> Result<(u64, u64), String> {
        let workers = jobs.max(1);
        let next = AtomicUsize::new(0);
        let barrier = Barrier::new(workers);
        let totals = Mutex::new((0u64, 0u64));
        let work = |id: usize| {
            let mut s = Scratch::new(self.maps.slots);
            let (mut changed, mut computed) = (0u64, 0u64);
            for (l, boards) in levels.iter().enumerate() {
                // Every worker reads the same count: marks are made only
                // between the barriers below.
                if self.marked[l].load(Ordering::Relaxed) == 0 {
                    if id == 0 {
                        progress.advance(boards.len() as u64);
                    }
                    continue;
                }
                // Chunks of CHUNK boards: CHUNK / 64 words of the level's
                // marks.
                let words = &self.boards_marked[l];
                let per = CHUNK / 64;
                let chunks = words.len().div_ceil(per);
                loop {
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    if chunk >= chunks {
                        break;
                    }
                    let end = ((chunk + 1) * per).min(words.len());
                    for (w, word) in words.iter().enumerate().take(end).skip(chunk * per) {
                        if word.load(Ordering::Relaxed) == 0 {
                            continue;
                        }
                        let mut bits = word.swap(0, Ordering::Relaxed);
                        while bits != 0 {
                            let at = w * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            computed += self.compute(boards[at] as usize, &mut s);
                        }
                    }
                    let done = (((chunk + 1) * CHUNK).min(boards.len()) - chunk * CHUNK) as u64;
                    progress.advance(done);
                }
                if barrier.wait().is_leader() {
                    next.store(0, Ordering::Relaxed);
                    self.marked[l].store(0, Ordering::Relaxed);
                }
                for c in &s.changes {
                    self.entries[c.b as usize * self.planes + usize::from(c.ns)]
                        .store(u16::from(c.new) | c.support << 3, Ordering::Relaxed);
                }
                changed += s.changes.len() as u64;
                barrier.wait();
                self.mark(&mut s);
                s.changes.clear();
                barrier.wait();
            }
            let mut t = totals.lock().expect("no panics while held");
            t.0 += changed;
            t.1 += computed;
        };
        if workers == 1 {
            work(0);
        } else {
            std::thread::scope(|scope| {
                for id in 0..workers {
                    let work = &work;
                    scope.spawn(move || work(id));
                }
            });
        }
        totals
            .into_inner()
            .map_err(|_| "a worker panicked".to_string())
    }

    /// Computes board `b`'s marked states (clearing their marks and
    /// setting their supports) into `s.changes`; returns how many it
    /// computed.
    #[inline(never)]
    fn compute(&self, b: usize, s: &mut Scratch) -> u64 {
        s.todo.clear();
        let first = b * self.planes;
        let row = &self.entries[first..first + self.planes];
        for (ns, e) in row.iter().enumerate() {
            if e.load(Ordering::Relaxed) & MARK != 0 {
                s.todo.push(ns as u16);
            }
        }
        if s.todo.is_empty() {
            return 0;
        }
        let pairs = s
            .todo
            .iter()
            .fold(0u64, |m, &ns| m | self.maps.pairs_of[usize::from(ns)]);
        gather(
            self.tables,
            self.maps,
            self.entries,
            self.planes,
            b,
            pairs,
            (&mut s.kids, &mut s.ends),
        );
        s.best.fill(-4);
        let mut from = 0;
        for (p, &to) in s.ends.iter().enumerate() {
            let map = &self.maps.by_pair[p];
            // Each distinct child once: the supports count distinct
            // children.
            s.kids[from..to].sort_unstable();
            let mut last = u32::MAX;
            for &c in &s.kids[from..to] {
                if c == last {
                    continue;
                }
                last = c;
                let row = &self.entries[c as usize * self.planes..];
                for &(slot, child) in map {
                    let v = 3 - (row[usize::from(child)].load(Ordering::Relaxed) & 7) as i8;
                    let i = usize::from(slot);
                    if v > s.best[i] {
                        s.best[i] = v;
                        s.count[i] = 1;
                    } else if v == s.best[i] {
                        s.count[i] += 1;
                    }
                }
            }
            from = to;
        }
        for &ns in &s.todo {
            let ns = usize::from(ns);
            let best = self.maps.choices[ns]
                .iter()
                .map(|&slot| s.best[usize::from(slot)])
                .max()
                .unwrap_or(0);
            let support: u32 = self.maps.choices[ns]
                .iter()
                .filter(|&&slot| s.best[usize::from(slot)] == best)
                .map(|&slot| s.count[usize::from(slot)])
                .sum();
            // At least 1 (a live state has a child), so that a live
            // state's bits above its value are never all clear.
            let support = support.clamp(1, u32::from(self.caps.support)) as u16;
            let new = (best + 3) as u8;
            let old = (row[ns].load(Ordering::Relaxed) & 7) as u8;
            // The value stays as it was until the level's writes.
            row[ns].store(u16::from(old) | support << 3, Ordering::Relaxed);
            if new != old {
                s.changes.push(Change {
                    b: b as u32,
                    ns: ns as u16,
                    old,
                    new,
                    support,
                });
            }
        }
        s.todo.len() as u64
    }

    /// Marks the parents that this worker's changes concern: for each
    /// changed state, the parent states that chose it (through its pair)
    /// and now get more from it than they hold, or held what it gave them
    /// and have no other child left known to give it (their support).
    /// Those in a higher level compute in this sweep, the others in the
    /// next.
    #[inline(never)]
    fn mark(&self, s: &mut Scratch) {
        let mut i = 0;
        while i < s.changes.len() {
            let b = s.changes[i].b;
            let mut j = i;
            let mut pairs = 0u64;
            while j < s.changes.len() && s.changes[j].b == b {
                pairs |= 1 << self.maps.pair_of[usize::from(s.changes[j].ns)];
                j += 1;
            }
            let group = &s.changes[i..j];
            while pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                s.parents.clear();
                self.tables.parents(b as usize, p, &mut s.parents);
                s.parents.sort_unstable();
                s.parents.dedup();
                for &q in &s.parents {
                    let row = q as usize * self.planes;
                    prefetch(&self.entries[row]);
                    prefetch(&self.entries[row + self.planes - 1]);
                }
                for &q in &s.parents {
                    let q = q as usize;
                    for c in group {
                        let ns = usize::from(c.ns);
                        if usize::from(self.maps.pair_of[ns]) != p {
                            continue;
                        }
                        // What the child is worth to its parents, before
                        // and now.
                        let (was, now) = (3 - c.old as i8, 3 - c.new as i8);
                        for &pns in &self.maps.parents_of[ns] {
                            let at = q * self.planes + usize::from(pns);
                            if self.concerns(&self.entries[at], was, now) {
                                self.mark_board(q);
                            }
                        }
                    }
                }
            }
            i = j;
        }
    }

    /// A child of the state whose entry is `entry` went from giving it
    /// `was` to `now`: marks the state when that may change it, and
    /// returns whether this marked it (it was not marked before).
    #[inline(always)]
    fn concerns(&self, entry: &AtomicU16, was: i8, now: i8) -> bool {
        let mut e = entry.load(Ordering::Relaxed);
        // Marked already, or no live state (an invalid board, a finished
        // one): nothing to do.
        if e & MARK != 0 || e >> 3 == 0 {
            return false;
        }
        let held = (e & 7) as i8 - 3;
        if now > held {
            return entry.fetch_or(MARK, Ordering::Relaxed) & MARK == 0;
        }
        if was != held || now > was {
            return false;
        }
        // One child fewer gives it its value.
        loop {
            if e & MARK != 0 {
                return false;
            }
            let support = e >> 3 & SUPPORT_MANY;
            let new = if support >= self.caps.support {
                e | MARK
            } else if support <= 1 {
                (e & 7) | MARK
            } else {
                e - 8
            };
            match entry.compare_exchange_weak(e, new, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return new & MARK != 0,
                Err(now) => e = now,
            }
        }
    }

    /// Notes that live board `q` has a state marked.
    #[inline(always)]
    fn mark_board(&self, q: usize) {
        let l = usize::from(self.level_of[q]);
        let pos = self.pos_of[q] as usize;
        let bit = 1u64 << (pos % 64);
        let word = &self.boards_marked[l][pos / 64];
        if word.load(Ordering::Relaxed) & bit == 0
            && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
        {
            self.marked[l].fetch_add(1, Ordering::Relaxed);
        }
    }
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

/// One round of the turns' breadth-first search.
///
/// Round `r` settles the states at distance `r` from the end: a won state
/// as soon as one of its best-value children settled in round `r - 1`, a
/// lost one when the last of its best-value children did, which a count
/// per lost state of its open (distinct) best-value children tells. The
/// first round in a process (after the values, or on a resume after `R`
/// rounds) looks at every board instead: it settles the states with a
/// best-value child settled by round `R` (won) or with none open (lost),
/// and counts the open ones. The later rounds go from the states settled
/// in the round before to their parents only. Each state settles once,
/// with turns `r`, whatever the order of the work, so the entries are the
/// same for any number of threads.
struct Search<'a> {
    tables: &'a MoveTables,
    maps: &'a Maps,
    entries: &'a [AtomicU16],
    planes: usize,
    /// Per state: a lost state's open best-value children (`caps.open`:
    /// too many to count; such a state looks at its children again each
    /// time one settles).
    left: &'a [AtomicU8],
    /// Boards with a state settled in the round before.
    last: &'a [AtomicU64],
    /// Boards with a state settled in this round.
    this: &'a [AtomicU64],
    /// This round (1, 2, ...).
    round: u16,
    caps: Caps,
}

/// Turns of a state not yet settled.
const NOT_YET: u16 = MAX_RANK as u16;

impl Search<'_> {
    /// Settles state `i` (board `b`), whose entry is `e`, in this round.
    #[inline]
    fn settle(&self, b: usize, i: usize, e: u16) {
        self.entries[i].store((e & 7) | (self.round << 3), Ordering::Relaxed);
        self.this[b / 64].fetch_or(1 << (b % 64), Ordering::Relaxed);
    }

    /// The first round in this process: every live board in `levels`.
    /// Returns (states settled, boards computed).
    fn start(
        &self,
        levels: &[Vec<u32>],
        jobs: usize,
        progress: &dyn Progress,
    ) -> Result<(u64, u64), String> {
        let boards: Vec<u32> = levels.iter().flatten().copied().collect();
        let chunks = boards.len().div_ceil(CHUNK);
        let next = AtomicUsize::new(0);
        let totals = Mutex::new((0u64, 0u64));
        let slots = self.maps.slots;
        let work = || {
            let (mut kids, mut ends) = (Vec::with_capacity(512), Vec::with_capacity(64));
            let mut best = vec![0i8; slots];
            let mut open = vec![0u32; slots];
            let mut closed = vec![false; slots];
            let (mut changed, mut computed) = (0u64, 0u64);
            loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    break;
                }
                let part = &boards[chunk * CHUNK..((chunk + 1) * CHUNK).min(boards.len())];
                for &b in part {
                    let b = b as usize;
                    let row = &self.entries[b * self.planes..(b + 1) * self.planes];
                    let todo = row.iter().any(|e| {
                        let e = e.load(Ordering::Relaxed);
                        e & 7 != 3 && e >> 3 == NOT_YET
                    });
                    if !todo {
                        continue;
                    }
                    computed += 1;
                    gather(
                        self.tables,
                        self.maps,
                        self.entries,
                        self.planes,
                        b,
                        u64::MAX,
                        (&mut kids, &mut ends),
                    );
                    best.fill(-4);
                    let mut first = 0;
                    for (p, &end) in ends.iter().enumerate() {
                        // Each distinct child once: the counts are of
                        // distinct children.
                        kids[first..end].sort_unstable();
                        let mut last = u32::MAX;
                        for &c in &kids[first..end] {
                            if c == last {
                                continue;
                            }
                            last = c;
                            let crow = &self.entries[c as usize * self.planes..];
                            for &(slot, child) in &self.maps.by_pair[p] {
                                let e = crow[usize::from(child)].load(Ordering::Relaxed);
                                let v = 3 - (e & 7) as i8;
                                // Settled in an earlier round.
                                let done = e >> 3 < self.round;
                                let i = usize::from(slot);
                                if v > best[i] {
                                    best[i] = v;
                                    open[i] = u32::from(!done);
                                    closed[i] = done;
                                } else if v == best[i] {
                                    open[i] += u32::from(!done);
                                    closed[i] |= done;
                                }
                            }
                        }
                        first = end;
                    }
                    for ns in 0..self.planes {
                        let i = b * self.planes + ns;
                        let e = self.entries[i].load(Ordering::Relaxed);
                        let v = (e & 7) as i8 - 3;
                        if v == 0 || e >> 3 != NOT_YET {
                            continue;
                        }
                        let slots = self.maps.choices[ns]
                            .iter()
                            .map(|&slot| usize::from(slot))
                            .filter(|&j| best[j] == v);
                        if v > 0 {
                            if slots.into_iter().any(|j| closed[j]) {
                                self.settle(b, i, e);
                                changed += 1;
                            }
                        } else {
                            let n: u32 = slots.map(|j| open[j]).sum();
                            if n == 0 {
                                self.settle(b, i, e);
                                changed += 1;
                            } else {
                                self.left[i].store(
                                    n.min(u32::from(self.caps.open)) as u8,
                                    Ordering::Relaxed,
                                );
                            }
                        }
                    }
                }
                progress.advance(part.len() as u64);
            }
            let mut t = totals.lock().expect("no panics while held");
            t.0 += changed;
            t.1 += computed;
        };
        run_workers(jobs.min(chunks).max(1), &work);
        totals
            .into_inner()
            .map_err(|_| "a worker panicked".to_string())
    }

    /// A later round: from the states settled in the round before to
    /// their parents. Returns (states settled, boards whose parents were
    /// looked at).
    fn step(&self, jobs: usize, progress: &dyn Progress) -> Result<(u64, u64), String> {
        const WORDS: usize = 64;
        let chunks = self.last.len().div_ceil(WORDS);
        let next = AtomicUsize::new(0);
        let totals = Mutex::new((0u64, 0u64));
        let before = self.round - 1;
        let work = || {
            let (mut parents, mut settled) = (Vec::with_capacity(256), Vec::with_capacity(64));
            let mut kids = Vec::with_capacity(512);
            let (mut changed, mut computed) = (0u64, 0u64);
            loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    break;
                }
                let mut n = 0u64;
                for w in chunk * WORDS..((chunk + 1) * WORDS).min(self.last.len()) {
                    let mut bits = self.last[w].load(Ordering::Relaxed);
                    n += u64::from(bits.count_ones());
                    while bits != 0 {
                        let c = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        computed += 1;
                        // The states of `c` settled in the round before,
                        // and the pairs through which they are children.
                        settled.clear();
                        let mut pairs = 0u64;
                        for ns in 0..self.planes {
                            let e = self.entries[c * self.planes + ns].load(Ordering::Relaxed);
                            if e >> 3 == before && e & 7 != 3 {
                                settled.push((ns, (e & 7) as i8 - 3));
                                pairs |= 1 << self.maps.pair_of[ns];
                            }
                        }
                        while pairs != 0 {
                            let p = pairs.trailing_zeros() as usize;
                            pairs &= pairs - 1;
                            parents.clear();
                            self.tables.parents(c, p, &mut parents);
                            parents.sort_unstable();
                            parents.dedup();
                            for &q in &parents {
                                let row = q as usize * self.planes;
                                prefetch(&self.entries[row]);
                                prefetch(&self.entries[row + self.planes - 1]);
                            }
                            for &q in &parents {
                                let q = q as usize;
                                for &(ns, vc) in &settled {
                                    if usize::from(self.maps.pair_of[ns]) != p {
                                        continue;
                                    }
                                    for &pns in &self.maps.parents_of[ns] {
                                        let i = q * self.planes + usize::from(pns);
                                        changed +=
                                            self.reached(q, i, usize::from(pns), -vc, &mut kids);
                                    }
                                }
                            }
                        }
                    }
                }
                progress.advance(n);
            }
            let mut t = totals.lock().expect("no panics while held");
            t.0 += changed;
            t.1 += computed;
        };
        run_workers(jobs.min(chunks).max(1), &work);
        totals
            .into_inner()
            .map_err(|_| "a worker panicked".to_string())
    }

    /// State `i` (board `q`, number state `ns`) has a child worth `v` to
    /// it settled in the round before: settles it when that finishes it.
    /// Returns 1 when it settled.
    #[inline]
    fn reached(&self, q: usize, i: usize, ns: usize, v: i8, kids: &mut Vec<u32>) -> u64 {
        let e = self.entries[i].load(Ordering::Relaxed);
        // Settled, a finished board or a draw, or not a best-value child
        // (an invalid board's code 7 is no value).
        if e >> 3 != NOT_YET || (e & 7) as i8 - 3 != v || v == 0 {
            return 0;
        }
        if v > 0 {
            // Won: the first best-value child to settle sets the turns.
            let new = (e & 7) | (self.round << 3);
            if self.entries[i]
                .compare_exchange(e, new, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                self.this[q / 64].fetch_or(1 << (q % 64), Ordering::Relaxed);
                return 1;
            }
            return 0;
        }
        let left = &self.left[i];
        if left.load(Ordering::Relaxed) == self.caps.open {
            // Too many to count: look at every best-value child.
            if self.all_settled(q, ns, v, kids)
                && self.entries[i]
                    .compare_exchange(
                        e,
                        (e & 7) | (self.round << 3),
                        Ordering::Relaxed,
                        Ordering::Relaxed,
                    )
                    .is_ok()
            {
                self.this[q / 64].fetch_or(1 << (q % 64), Ordering::Relaxed);
                return 1;
            }
            return 0;
        }
        let was = left.fetch_sub(1, Ordering::Relaxed);
        debug_assert!(was > 0, "a count of open children below zero");
        if was == 1 {
            self.settle(q, i, e);
            return 1;
        }
        0
    }

    /// Whether every best-value child of state (`b`, `ns`), worth `v`, was
    /// settled before this round.
    fn all_settled(&self, b: usize, ns: usize, v: i8, kids: &mut Vec<u32>) -> bool {
        for &slot in &self.maps.choices[ns] {
            let (p, child) = self.maps.slot_child[usize::from(slot)];
            kids.clear();
            self.tables.children(b, usize::from(p), kids);
            let value = |c: u32| {
                self.entries[c as usize * self.planes + usize::from(child)].load(Ordering::Relaxed)
            };
            let best = kids.iter().map(|&c| 3 - (value(c) & 7) as i8).max();
            if best != Some(v) {
                continue;
            }
            if kids.iter().any(|&c| {
                let e = value(c);
                3 - (e & 7) as i8 == v && e >> 3 >= self.round
            }) {
                return false;
            }
        }
        true
    }
}

/// Runs `work` on `workers` threads (on this one when one).
fn run_workers(workers: usize, work: &(dyn Fn() + Sync)) {
    if workers == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(work);
            }
        });
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
