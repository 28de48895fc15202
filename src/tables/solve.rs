//! The retrograde solver: exact values of every state of a space.
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
//! One fixpoint iteration solves all six at once: starting with every state
//! unknown (0), a sweep sets each state to the best, over its choices, of
//! minus its child's value (a finished child scores its outcome). Wins and
//! losses only grow, so the iteration converges to the least fixpoint; the
//! states still at 0 then are exactly the draws (which is how the referee's
//! repetition rule scores a game that goes round for ever).
//!
//! **Work.** The first sweep computes every state; a later sweep only the
//! parents of the states the sweep before changed (the board graph keeps
//! reverse rows), which gives the same values with far less work.
//!
//! **Determinism.** Sweeps are Jacobi steps: sweep `r` reads only the values
//! after sweep `r - 1`. An entry changed in sweep `r` keeps its previous value
//! beside the new one, tagged with `r`, so readers in the same sweep still see
//! the old value whatever the threads' order. The result, and the sweep in
//! which each state got its final value (its *rank*: the number of turns to
//! the end under best play, counted as sweeps), are the same for any number
//! of threads. A winner moving to a child of lower rank always makes
//! progress; [`super::probe`] uses that to pick optimal choices.

use super::graph::Graph;
use super::index::StateIndex;
use super::Spec;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Words of the dirty bitset per work unit.
const WORDS: usize = 1024;

/// Entry code of an invalid board (no such state).
pub const INVALID: u16 = 7;
/// The highest rank a table entry holds (13 bits).
pub const MAX_RANK: u32 = (1 << 13) - 1;

/// An entry: value code (points + 3, or [`INVALID`]) in bits 0..3, rank
/// above.
#[inline(always)]
pub fn entry(points: i32, rank: u32) -> u16 {
    ((points + 3) as u16) | ((rank as u16) << 3)
}

/// The points of an entry (`None` for an invalid board).
#[inline(always)]
pub fn entry_points(e: u16) -> Option<i32> {
    let code = e & 7;
    (code != INVALID).then_some(i32::from(code) - 3)
}

/// The rank of an entry.
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
    /// One entry per state ([`entry`]), number-state planes of boards.
    pub entries: Vec<u16>,
    /// Sweeps until nothing changed.
    pub sweeps: u32,
    /// Edges of the board graph.
    pub edges: usize,
}

/// The working entry: code in bits 0..3, previous code in 3..6, rank above.
#[inline(always)]
fn seen(e: u32, sweep: u32) -> i32 {
    let code = if e >> 6 == sweep { (e >> 3) & 7 } else { e & 7 };
    code as i32 - 3
}

/// What a solve reports as it goes (`ncbg tables build` draws it as
/// progress bars). Every method may be called from the solver's threads.
pub trait Progress: Sync {
    /// A line of news: the space's size, the graph's, each sweep's changes.
    fn line(&self, text: &str);
    /// A phase of `len` units starts: `graph` (boards), then `sweep N`
    /// (units of the states to recompute) for each sweep.
    fn phase(&self, _name: &str, _len: u64) {}
    /// `n` more units of the phase are done.
    fn advance(&self, _n: u64) {}
}

/// Lines only.
struct Lines<'a>(&'a (dyn Fn(&str) + Sync));

impl Progress for Lines<'_> {
    fn line(&self, text: &str) {
        (self.0)(text)
    }
}

/// Solves `spec` on `jobs` threads, reporting the space, the graph and each
/// sweep as a line to `progress`.
pub fn solve(spec: Spec, jobs: usize, progress: &(dyn Fn(&str) + Sync)) -> Result<Solved, String> {
    solve_with(spec, jobs, &Lines(progress))
}

/// What [`solve`] needs, estimated before it starts: the space's sizes and
/// the most memory it holds at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// States (table entries).
    pub states: u64,
    /// Boards.
    pub boards: u64,
    /// Edges of the board graph, extrapolated from a sample of boards.
    pub edges: u64,
    /// Peak memory in bytes.
    pub bytes: u64,
}

/// Estimates what solving `spec` takes, from its state count and the
/// graph's edges counted on up to 2,048 boards spread over the space (a
/// second or so for the largest spaces). The peak is the larger of
/// building the graph (rows and edges, forward and reverse, with the
/// build's temporary copies: 12 bytes a row and 8 an edge) and sweeping
/// (the graph, 8 bytes a row and 8 an edge; 4 bytes a state being solved,
/// 2 for the entries, a bit of the dirty set, and the states one sweep
/// changes at 8 bytes each, taken as one in four). Against the peaks
/// measured (README, "Exact values"): bear-off N=5 0.7 GB (measured 0.7),
/// N=6 2.9 GB (2.7), Hypergammon k=3 3.8 GB (3.6), k=4 6.1 GB (5.8).
pub fn estimate(spec: Spec) -> Result<Estimate, String> {
    spec.check()?;
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    let boards = index.boards() as u64;
    let states = index.states() as u64;
    let (pairs, _) = Graph::pair_table(spec.k);
    let rows = boards * pairs as u64;
    let edges = Graph::sample_edges(&index, 2048)?;
    let graph_build = 12 * rows + 8 * edges;
    let sweeping =
        8 * rows + 8 * edges + boards + states * 4 + states * 2 + states / 8 + states * 2;
    Ok(Estimate {
        states,
        boards,
        edges,
        bytes: graph_build.max(sweeping),
    })
}

/// [`solve`], reporting phases and their progress too.
pub fn solve_with(spec: Spec, jobs: usize, progress: &dyn Progress) -> Result<Solved, String> {
    spec.check()?;
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    let boards = index.boards();
    let planes = index.number_states();
    progress.line(&format!(
        "{spec}: {} side configurations, {boards} boards, {planes} number states, {} states",
        index.sides.len(),
        index.states()
    ));
    let t = Instant::now();
    progress.phase("graph", boards as u64);
    let graph = Graph::build(&index, jobs, &|n| progress.advance(n))?;
    progress.line(&format!(
        "graph: {} edges ({:.1} MB) in {:.1} s",
        graph.edges(),
        graph.edges() as f64 * 4e-6,
        t.elapsed().as_secs_f64()
    ));

    // Per board: 0 live, else the fixed code (invalid, or a finished game).
    let fixed: Vec<u8> = (0..boards)
        .map(|b| match index.board(b) {
            None => INVALID as u8,
            Some(p) => p
                .outcome()
                .map_or(0, |o| (o.mover_points() + 3) as u8 | 0x80),
        })
        .collect();
    let values: Vec<AtomicU32> = (0..planes * boards)
        .map(|s| {
            let f = fixed[s % boards];
            AtomicU32::new(if f == 0 { 3 } else { u32::from(f & 7) })
        })
        .collect();
    // The choices of each number state: (pair index, next number state).
    let moves: Vec<Vec<(usize, usize)>> = (0..planes)
        .map(|i| {
            let ns = index.number_state(i);
            (1..=spec.k)
                .filter(|&n| n != ns.own && (n != ns.theirs || ns.mover_credits > 0))
                .filter_map(|n| {
                    let doublet = u8::from(n == ns.theirs);
                    let next = super::index::NumberState {
                        own: ns.theirs,
                        theirs: n,
                        mover_credits: ns.opponent_credits,
                        opponent_credits: ns.mover_credits - doublet,
                    };
                    let p = graph.pair_index[usize::from(n)][usize::from(ns.theirs)];
                    Some((usize::from(p), index.number_index(next)?))
                })
                .collect()
        })
        .collect();

    // The number states that move to each number state, with the pair.
    let mut before: Vec<Vec<(usize, usize)>> = vec![Vec::new(); planes];
    for (ns, list) in moves.iter().enumerate() {
        for &(p, next) in list {
            before[next].push((ns, p));
        }
    }
    let states = planes * boards;
    // Sweep 1 computes every state; later sweeps only the parents of the
    // states the sweep before changed.
    let dirty: Vec<AtomicU64> = (0..states.div_ceil(64))
        .map(|_| AtomicU64::new(u64::MAX))
        .collect();
    let mut sweep = 0u32;
    loop {
        sweep += 1;
        if sweep > MAX_RANK {
            return Err(format!("no fixpoint after {MAX_RANK} sweeps"));
        }
        let t = Instant::now();
        let ctx = Sweep {
            graph: &graph,
            fixed: &fixed,
            values: &values,
            moves: &moves,
            boards,
            sweep,
        };
        let words = dirty.len();
        let chunks = words.div_ceil(WORDS);
        let next = AtomicUsize::new(0);
        let changed: Mutex<Vec<u64>> = Mutex::new(Vec::new());
        progress.phase(&format!("sweep {sweep}"), chunks as u64);
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| {
                    let mut local = Vec::new();
                    loop {
                        let chunk = next.fetch_add(1, Ordering::Relaxed);
                        if chunk >= chunks {
                            break;
                        }
                        let first = chunk * WORDS;
                        let last = ((chunk + 1) * WORDS).min(words);
                        for (w, word) in dirty[first..last].iter().enumerate() {
                            let w = first + w;
                            let mut bits = word.swap(0, Ordering::Relaxed);
                            while bits != 0 {
                                let s = w * 64 + bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                if s < states && ctx.state(s % boards, s / boards) {
                                    local.push(s as u64);
                                }
                            }
                        }
                        progress.advance(1);
                    }
                    changed.lock().expect("no panics while held").extend(local);
                });
            }
        });
        let changed = changed.into_inner().map_err(|_| "a worker panicked")?;
        progress.line(&format!(
            "sweep {sweep}: {} states changed in {:.1} s",
            changed.len(),
            t.elapsed().as_secs_f64()
        ));
        if changed.is_empty() {
            break;
        }
        // Mark the parents of the changed states for the next sweep.
        let next = AtomicUsize::new(0);
        let per = changed.len().div_ceil(jobs.max(1) * 16).max(1);
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| loop {
                    let start = next.fetch_add(per, Ordering::Relaxed);
                    if start >= changed.len() {
                        break;
                    }
                    for &s in &changed[start..(start + per).min(changed.len())] {
                        let (plane, c) = (s as usize / boards, s as usize % boards);
                        for &(ns, p) in &before[plane] {
                            for &b in graph.parents(c, p) {
                                let i = ns * boards + b as usize;
                                dirty[i / 64].fetch_or(1 << (i % 64), Ordering::Relaxed);
                            }
                        }
                    }
                });
            }
        });
    }
    let entries = values
        .into_iter()
        .map(|v| {
            let v = v.into_inner();
            ((v & 7) | ((v >> 6) << 3)) as u16
        })
        .collect();
    Ok(Solved {
        spec,
        index,
        entries,
        sweeps: sweep,
        edges: graph.edges(),
    })
}

/// What one sweep reads and writes.
struct Sweep<'a> {
    graph: &'a Graph,
    fixed: &'a [u8],
    values: &'a [AtomicU32],
    moves: &'a [Vec<(usize, usize)>],
    boards: usize,
    sweep: u32,
}

impl Sweep<'_> {
    /// Recomputes the state of board `b` and number state `ns`; returns
    /// whether its value changed.
    #[inline]
    fn state(&self, b: usize, ns: usize) -> bool {
        if self.fixed[b] != 0 {
            return false;
        }
        let g = self.graph;
        let mut best = -4;
        'choices: for &(p, next) in &self.moves[ns] {
            let plane = &self.values[next * self.boards..(next + 1) * self.boards];
            for &c in g.children(b, p) {
                let v = -seen(plane[c as usize].load(Ordering::Relaxed), self.sweep);
                if v > best {
                    best = v;
                    if best == 3 {
                        break 'choices;
                    }
                }
            }
        }
        let cell = &self.values[ns * self.boards + b];
        let old = cell.load(Ordering::Relaxed);
        let old_code = old & 7;
        let code = (best + 3) as u32;
        if code == old_code {
            return false;
        }
        cell.store(
            code | (old_code << 3) | (self.sweep << 6),
            Ordering::Relaxed,
        );
        true
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
    /// The highest rank.
    pub max_rank: u32,
}

impl Solved {
    /// Counts won, lost and drawn live states.
    pub fn shares(&self) -> Shares {
        let boards = self.index.boards();
        let live: Vec<bool> = (0..boards)
            .map(|b| self.index.board(b).is_some_and(|p| p.outcome().is_none()))
            .collect();
        let mut s = Shares::default();
        for (i, &e) in self.entries.iter().enumerate() {
            if !live[i % boards] {
                continue;
            }
            match entry_points(e) {
                Some(p) if p > 0 => s.won += 1,
                Some(p) if p < 0 => s.lost += 1,
                _ => s.drawn += 1,
            }
            s.max_rank = s.max_rank.max(entry_rank(e));
        }
        s
    }
}
