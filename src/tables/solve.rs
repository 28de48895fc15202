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
//! from the end: sweep `r` gives turns `r` to the winners with a best-value
//! child of turns `r - 1` and to the losers whose best-value children all
//! have turns below `r` (then the most is `r - 1`), each state once; the
//! states it settles mark their parents for sweep `r + 1`.
//!
//! **Order.** Boards are swept by *level*, their pip count (both sides
//! together), lowest first, updating in place: a play that hits nothing
//! lowers the level, so most children are already final for this sweep,
//! and a sweep settles whole races at once; only hits (and passes) reach
//! back. Within a level every board reads the values as they were when
//! the level began, so the result is the same for any number of threads.
//! Only boards with a child changed since they were last computed are
//! computed again (the others would compute what they hold): a board that
//! changes marks its parents. No board graph is kept: a board's children
//! and parents come from the side move tables ([`super::moves`]).
//!
//! **Checkpoints.** Between sweeps the solver can write its entries to a
//! checkpoint file and stop; resuming from it recomputes every board once
//! and goes on, to the same bytes as an uninterrupted solve (each sweep is
//! a function of the entries before it).

use super::file::{read_checkpoint, write_checkpoint, Checkpoint, Phase};
use super::index::{NumberState, StateIndex};
use super::moves::MoveTables;
use super::Spec;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
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
/// 9 a board (levels, change stamps, the initial codes), the side move
/// tables (about 8 bytes a play, taken as 20 plays a configuration,
/// blocked set and pair) and the changes of the largest level (its
/// share of the entries, taken as a twentieth). Writing the table adds
/// nothing: it goes out a block at a time.
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
        bytes: states * 2 + boards * 9 + tables + states * 2 / 20,
    })
}

/// Solves `spec` as `options` say: `None` when it stopped at
/// `options.stop_after` (with a checkpoint written).
pub fn solve_resumable(
    spec: Spec,
    options: &Options,
    progress: &dyn Progress,
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
    // Boards to compute: every board in the first sweep of a phase and
    // after a resume; then the parents of the boards that changed.
    let dirty: Vec<AtomicU64> = (0..boards.div_ceil(64))
        .map(|_| AtomicU64::new(u64::MAX))
        .collect();
    let next: Vec<AtomicU64> = (0..boards.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
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
        progress.phase(&format!("{name} {sweep}"), live as u64);
        let view = as_atomic(&mut entries);
        let ctx = Sweep {
            tables: &tables,
            maps: &maps,
            entries: view,
            dirty: &dirty,
            planes,
            turns: phase == Phase::Turns,
            sweep: sweep as u16,
            next: &next,
        };
        let mut changed = 0u64;
        let mut computed = 0u64;
        for level in &levels {
            let (c, n) = ctx.level(level, jobs, progress)?;
            changed += c;
            computed += n;
        }
        progress.line(&format!(
            "{name} sweep {sweep}: {changed} states changed, {computed} of {live} boards computed, {:.1} s",
            t.elapsed().as_secs_f64()
        ));
        match phase {
            Phase::Values => {
                value_sweeps += 1;
                if changed == 0 {
                    phase = Phase::Turns;
                    dirty
                        .iter()
                        .for_each(|w| w.store(u64::MAX, Ordering::Relaxed));
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
    write_checkpoint(&c, path)?;
    Ok(c.entries)
}

/// Marks the turns of every decided state of a live board "not yet"
/// (finished boards and draws keep 0).
fn start_turns(entries: &mut [u16], levels: &[Vec<u32>], planes: usize) {
    for &b in levels.iter().flatten() {
        let b = b as usize;
        for e in &mut entries[b * planes..(b + 1) * planes] {
            if *e & 7 != 3 {
                *e = (*e & 7) | ((MAX_RANK as u16) << 3);
            }
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
        let choices = (0..index.number_states())
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
        Maps {
            by_pair,
            choices,
            slots: index.number_states(),
            pair_of,
            prefetch,
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

/// What one sweep reads and writes.
struct Sweep<'a> {
    tables: &'a MoveTables,
    maps: &'a Maps,
    entries: &'a [AtomicU16],
    /// Per board: a bit set when a child changed since it was computed.
    dirty: &'a [AtomicU64],
    planes: usize,
    /// Solving turns (else values).
    turns: bool,
    /// The sweep of the phase (1, 2, ...).
    sweep: u16,
    /// Boards to compute in the next sweep (turns: each finalised state
    /// marks its parents there; values mark `dirty`, in place).
    next: &'a [AtomicU64],
}

/// A worker's scratch.
struct Scratch {
    kids: Vec<u32>,
    ends: Vec<usize>,
    best: Vec<i8>,
    least: Vec<u16>,
    most: Vec<u16>,
    row: Vec<u16>,
}

impl Sweep<'_> {
    /// Computes one level from the entries as they are, then writes its
    /// changes; returns (states changed, boards computed).
    fn level(
        &self,
        boards: &[u32],
        jobs: usize,
        progress: &dyn Progress,
    ) -> Result<(u64, u64), String> {
        let chunks = boards.len().div_ceil(CHUNK);
        let next = AtomicUsize::new(0);
        type Part = (Vec<u32>, Vec<u16>, Vec<u32>, u64, u64, bool);
        let parts: Mutex<Vec<Part>> = Mutex::new(Vec::new());
        let workers = jobs.min(chunks).max(1);
        let work = || {
            let mut s = Scratch {
                kids: Vec::with_capacity(512),
                ends: Vec::with_capacity(64),
                best: vec![0; self.maps.slots],
                least: vec![0; self.maps.slots],
                most: vec![0; self.maps.slots],
                row: vec![0; self.planes],
            };
            let (mut changed_boards, mut rows, mut parents) = (Vec::new(), Vec::new(), Vec::new());
            let (mut changed, mut computed, mut overflow) = (0u64, 0u64, false);
            loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    break;
                }
                let part = &boards[chunk * CHUNK..((chunk + 1) * CHUNK).min(boards.len())];
                for &b in part {
                    let b = b as usize;
                    let bit = 1u64 << (b % 64);
                    if self.dirty[b / 64].fetch_and(!bit, Ordering::Relaxed) & bit == 0 {
                        continue;
                    }
                    self.children(b, &mut s);
                    computed += 1;
                    let n = if self.turns {
                        let (n, o) = self.board_turns(b, &mut s);
                        overflow |= o;
                        n
                    } else {
                        self.board_values(b, &mut s)
                    };
                    if n > 0 {
                        changed += n;
                        changed_boards.push(b as u32);
                        rows.extend_from_slice(&s.row);
                        // A state of number state (own, theirs) is a child
                        // through the pair (own, theirs) only.
                        let mut pairs = 0u64;
                        for (ns, &e) in s.row.iter().enumerate() {
                            let old = self.entries[b * self.planes + ns].load(Ordering::Relaxed);
                            if old != e {
                                pairs |= 1 << self.maps.pair_of[ns];
                            }
                        }
                        while pairs != 0 {
                            let p = pairs.trailing_zeros() as usize;
                            pairs &= pairs - 1;
                            self.tables.parents(b, p, &mut parents);
                        }
                    }
                }
                progress.advance(part.len() as u64);
            }
            parts.lock().expect("no panics while held").push((
                changed_boards,
                rows,
                parents,
                changed,
                computed,
                overflow,
            ));
        };
        if workers == 1 {
            work();
        } else {
            std::thread::scope(|scope| {
                for _ in 0..workers {
                    scope.spawn(work);
                }
            });
        }
        let parts = parts.into_inner().map_err(|_| "a worker panicked")?;
        let (mut changed, mut computed) = (0, 0);
        for (bs, rows, parents, c, n, overflow) in parts {
            if overflow {
                return Err(format!("a game lasts {MAX_RANK} turns or more"));
            }
            changed += c;
            computed += n;
            for (i, &b) in bs.iter().enumerate() {
                let b = b as usize;
                for (ns, &e) in rows[i * self.planes..(i + 1) * self.planes]
                    .iter()
                    .enumerate()
                {
                    self.entries[b * self.planes + ns].store(e, Ordering::Relaxed);
                }
            }
            // The parents compute again, in this sweep where they lie in a
            // higher level, else in the next.
            let marks = if self.turns { self.next } else { self.dirty };
            for q in parents {
                let q = q as usize;
                marks[q / 64].fetch_or(1 << (q % 64), Ordering::Relaxed);
            }
        }
        Ok((changed, computed))
    }

    /// Gathers board `b`'s children, pair by pair, into the scratch, and
    /// asks for their entries (and the board's own) to be brought into the
    /// cache: a sweep waits on memory far more than it computes.
    fn children(&self, b: usize, s: &mut Scratch) {
        for at in (0..self.planes).step_by(32) {
            prefetch(&self.entries[b * self.planes + at]);
        }
        s.kids.clear();
        s.ends.clear();
        for p in 0..self.tables.pairs.len() {
            // A doublet without credits is no choice: its children are
            // never read.
            let first = s.kids.len();
            if !self.maps.by_pair[p].is_empty() {
                self.tables.children(b, p, &mut s.kids);
            }
            s.ends.push(s.kids.len());
            // The two ends of each run of child entries the pair reads.
            for &c in &s.kids[first..] {
                for &at in &self.maps.prefetch[p] {
                    prefetch(&self.entries[c as usize * self.planes + usize::from(at)]);
                }
            }
        }
    }

    /// The values of board `b` into `s.row`; returns how many changed.
    fn board_values(&self, b: usize, s: &mut Scratch) -> u64 {
        s.best.fill(-4);
        let mut first = 0;
        for (p, &end) in s.ends.iter().enumerate() {
            let map = &self.maps.by_pair[p];
            for &c in &s.kids[first..end] {
                let row = &self.entries[c as usize * self.planes..];
                for &(slot, child) in map {
                    let v = 3 - (row[usize::from(child)].load(Ordering::Relaxed) & 7) as i8;
                    let best = &mut s.best[usize::from(slot)];
                    if v > *best {
                        *best = v;
                    }
                }
            }
            first = end;
        }
        let mut changed = 0;
        for ns in 0..self.planes {
            let best = self.maps.choices[ns]
                .iter()
                .map(|&slot| s.best[usize::from(slot)])
                .max()
                .unwrap_or(0);
            let e = (best + 3) as u16;
            let old = self.entries[b * self.planes + ns].load(Ordering::Relaxed);
            changed += u64::from(old & 7 != e);
            s.row[ns] = e;
        }
        changed
    }

    /// The turns of board `b` into `s.row` (values kept); returns how many
    /// changed and whether one outgrew the field.
    fn board_turns(&self, b: usize, s: &mut Scratch) -> (u64, bool) {
        const NOT_YET: u16 = MAX_RANK as u16;
        s.best.fill(-4);
        let mut first = 0;
        for (p, &end) in s.ends.iter().enumerate() {
            let map = &self.maps.by_pair[p];
            for &c in &s.kids[first..end] {
                let row = &self.entries[c as usize * self.planes..];
                for &(slot, child) in map {
                    let e = row[usize::from(child)].load(Ordering::Relaxed);
                    let v = 3 - (e & 7) as i8;
                    // Final before this sweep, or not yet.
                    let d = if e >> 3 < self.sweep { e >> 3 } else { NOT_YET };
                    let i = usize::from(slot);
                    if v > s.best[i] {
                        s.best[i] = v;
                        s.least[i] = d;
                        s.most[i] = d;
                    } else if v == s.best[i] {
                        s.least[i] = s.least[i].min(d);
                        s.most[i] = s.most[i].max(d);
                    }
                }
            }
            first = end;
        }
        let (mut changed, mut overflow) = (0, false);
        for ns in 0..self.planes {
            let old = self.entries[b * self.planes + ns].load(Ordering::Relaxed);
            let v = (old & 7) as i8 - 3;
            let mut e = old;
            if v != 0 && old >> 3 == NOT_YET {
                let slots = self.maps.choices[ns]
                    .iter()
                    .map(|&slot| usize::from(slot))
                    .filter(|&i| s.best[i] == v);
                let d = if v > 0 {
                    slots.map(|i| s.least[i]).min()
                } else {
                    slots.map(|i| s.most[i]).max()
                }
                .unwrap_or(NOT_YET);
                let turns = if d >= NOT_YET {
                    NOT_YET
                } else if d + 1 >= NOT_YET {
                    overflow = true;
                    NOT_YET
                } else {
                    d + 1
                };
                e = (old & 7) | (turns << 3);
            }
            changed += u64::from(e != old);
            s.row[ns] = e;
        }
        (changed, overflow)
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
