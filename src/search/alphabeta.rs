//! Negamax alpha-beta with iterative deepening and a transposition table,
//! on one thread or several.
//!
//! With several threads (`Threads`), the threads share the table (lock-free
//! entries, see `tt`) and split each depth's root choices among them. The
//! main thread searches the first choice (the best so far) with a full
//! window; meanwhile the helpers take the other choices one by one, bounded
//! by a guess (the last depth's best value less a margin) until the first
//! choice's value is known, then by the best value found so far. A choice
//! that failed low against a guess higher than the final best value is
//! searched again, so the result is the sequential search's. Pure Lazy SMP
//! (helpers at varied depths, sharing only the table) reached no depth
//! sooner on this game: the threads searched the same subtrees in the same
//! order. The main thread reports and answers; with one thread the search
//! is the plain sequential one, node for node.

use super::tt::{hash, Bound, Entry, Table};
use super::{Info, Limits, Score, SearchResult, Settings, StopFlag};
use crate::eval::Evaluator;
use crate::game::GameState;
use crate::rng::Rng;
use crate::turn::{children_into, legal_turns, Turn};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Larger than any score.
const INFINITY: i32 = 1_000_000;
/// Depth used when `go` gives no limit.
const DEFAULT_DEPTH: u32 = 3;
/// The deepest search allowed.
const MAX_DEPTH: u32 = 64;
/// How far below the last depth's best value the helpers' guessed bound is
/// set while the first root choice is being searched (millipoints).
const GUESS_MARGIN: i32 = 300;
/// How often (in nodes) the clock and the stop flag are checked.
const CHECK_EVERY: u64 = 256;
/// The most search threads (`Threads`).
pub const MAX_THREADS: usize = 64;

/// The search: transposition table, evaluation and the game's history.
pub struct Searcher {
    tt: Table,
    eval: Box<dyn Evaluator>,
    /// Earlier states of the game that a line of the search could repeat.
    history: Vec<GameState>,
}

/// One search thread's state: what it shares (table, evaluation, flags, the
/// root split) and its own counters, line and move lists.
struct Worker<'a> {
    tt: &'a Table,
    eval: &'a dyn Evaluator,
    history: &'a [GameState],
    stop: &'a StopFlag,
    /// Set by the main thread when its search is cut short: the helpers stop.
    done: &'a AtomicBool,
    /// Nodes of every thread, added in batches.
    all_nodes: &'a AtomicU64,
    /// This thread's nodes already added to `all_nodes`.
    flushed: u64,
    /// The root choices of the depth under way, shared by the threads.
    split: &'a RootSplit,
    /// More than one thread: node limits are checked on `all_nodes`.
    many: bool,
    nodes: u64,
    start: Instant,
    /// Abort the current iteration once past this.
    hard_deadline: Option<Instant>,
    node_limit: Option<u64>,
    aborted: bool,
    /// The states from the root to the node being searched.
    path: Vec<GameState>,
    /// Per ply, the children of the node being searched and their order,
    /// kept between nodes so that the search does not allocate.
    plies: Vec<Ply>,
}

/// One depth's root choices, shared by the threads that search them.
struct RootSplit {
    /// The next choice nobody has taken (the main thread takes the first).
    next: AtomicUsize,
    /// The best exact value found so far: the bound for the choices taken
    /// next.
    alpha: AtomicI32,
    /// The first choice's value is known.
    first_done: AtomicBool,
    /// Each choice's value once searched, with the bound it was searched
    /// against (a value at or below its bound is an upper bound).
    values: Mutex<Vec<Option<(i32, i32)>>>,
}

impl RootSplit {
    fn new() -> RootSplit {
        RootSplit {
            next: AtomicUsize::new(1),
            alpha: AtomicI32::new(-INFINITY),
            first_done: AtomicBool::new(false),
            values: Mutex::new(Vec::new()),
        }
    }

    /// Ready for a depth with `n` root choices (no thread is searching).
    fn reset(&self, n: usize) {
        self.next.store(1, Ordering::SeqCst);
        self.alpha.store(-INFINITY, Ordering::SeqCst);
        self.first_done.store(false, Ordering::SeqCst);
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        values.clear();
        values.resize(n, None);
    }

    /// Records the value of choice `i`, searched against `bound`.
    fn publish(&self, i: usize, v: i32, bound: i32) {
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        values[i] = Some((v, bound));
        if v > bound {
            // Exact: the best value is at least this.
            self.alpha.fetch_max(v, Ordering::SeqCst);
        }
    }
}

/// The move list of one ply.
#[derive(Default)]
struct Ply {
    children: Vec<GameState>,
    /// (static value, index): sorted, it is the search order.
    order: Vec<(i32, u32)>,
}

impl Searcher {
    /// A searcher with a `hash_mib` MiB table and the evaluation `eval`
    /// (the engine's default is [`crate::eval::NnEval::embedded`]).
    pub fn new(hash_mib: usize, eval: Box<dyn Evaluator>) -> Searcher {
        Searcher {
            tt: Table::new(hash_mib),
            eval,
            history: Vec::new(),
        }
    }

    /// Replaces the evaluation (the table is kept: call [`Searcher::clear`]
    /// when its values should not be reused).
    pub fn set_evaluator(&mut self, eval: Box<dyn Evaluator>) {
        self.eval = eval;
    }

    /// The game's states before the one to search, oldest first: a line that
    /// comes back to one of them scores as a draw (0). Only the states that
    /// can still recur are kept (checkers borne off and doublet credits
    /// never come back).
    pub fn set_history(&mut self, states: &[GameState]) {
        self.history = states.to_vec();
    }

    /// Resizes (and clears) the transposition table to `hash_mib` MiB. The
    /// old table is freed first, so both are never held; when the new size
    /// cannot be had, the table gets `old_mib` MiB again and the error says
    /// why.
    pub fn try_resize(&mut self, hash_mib: usize, old_mib: usize) -> Result<(), String> {
        self.tt = Table::try_new(1)?;
        match Table::try_new(hash_mib) {
            Ok(t) => {
                self.tt = t;
                Ok(())
            }
            Err(e) => {
                if let Ok(t) = Table::try_new(old_mib) {
                    self.tt = t;
                }
                Err(e)
            }
        }
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The evaluation in use.
    pub fn evaluator(&self) -> &dyn Evaluator {
        self.eval.as_ref()
    }

    /// Searches `state` within `limits` on `settings.threads` threads;
    /// `on_info` receives a report after each completed depth. Returns
    /// `None` only when the game is over.
    pub fn search(
        &mut self,
        state: &GameState,
        limits: &Limits,
        settings: &Settings,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let choices = legal_turns(state);
        if choices.is_empty() {
            return None;
        }
        self.history.retain(|h| could_recur(h, state));

        if settings.random {
            let mut rng = Rng::new(settings.seed ^ hash(state));
            let best = choices[rng.index(choices.len())];
            let score = Score {
                value: 0,
                exact: false,
            };
            return Some(SearchResult {
                best,
                score,
                depth: 0,
                nodes: 0,
                lines: vec![(best, score)],
            });
        }

        let mut max_depth = limits.depth.unwrap_or(
            if limits.infinite
                || limits.movetime.is_some()
                || limits.clock.is_some()
                || limits.nodes.is_some()
            {
                MAX_DEPTH
            } else {
                DEFAULT_DEPTH
            },
        );
        if settings.max_depth > 0 {
            max_depth = max_depth.min(settings.max_depth);
        }
        let max_depth = max_depth.clamp(1, MAX_DEPTH);
        let (soft, hard) = time_budget(limits, settings);
        let start = Instant::now();
        let done = AtomicBool::new(false);
        let all_nodes = AtomicU64::new(0);
        let split = RootSplit::new();
        let threads = settings.threads.clamp(1, MAX_THREADS);
        let worker = || Worker {
            tt: &self.tt,
            eval: self.eval.as_ref(),
            history: &self.history,
            stop,
            done: &done,
            all_nodes: &all_nodes,
            flushed: 0,
            split: &split,
            many: threads > 1,
            nodes: 0,
            start,
            hard_deadline: hard.map(|d| start + d),
            node_limit: if limits.infinite { None } else { limits.nodes },
            aborted: false,
            path: vec![*state],
            plies: Vec::new(),
        };
        let mut helpers: Vec<Worker> = (1..threads).map(|_| worker()).collect();
        let mut main = worker();
        main.main_search(
            &mut helpers,
            state,
            choices,
            max_depth,
            limits,
            soft,
            on_info,
        )
    }
}

impl Worker<'_> {
    /// The main thread's iterative deepening, with its reports and answer.
    #[allow(clippy::too_many_arguments)]
    fn main_search(
        &mut self,
        helpers: &mut [Worker],
        state: &GameState,
        mut choices: Vec<Turn>,
        max_depth: u32,
        limits: &Limits,
        soft: Option<Duration>,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        // Depth 1: the static value of every choice; it also orders the root.
        let multipv = limits.multipv.max(1);
        let mut values = self.depth_one(state, &choices);
        sort_by_values(&mut choices, &mut values);
        let mut completed = (1, choices.clone(), values.clone());
        self.report(state, &completed, multipv, on_info);

        for depth in 2..=max_depth {
            if self.stop.load(Ordering::Relaxed)
                || soft.is_some_and(|soft| self.start.elapsed() >= soft)
                || self.node_limit.is_some_and(|n| self.total_nodes() >= n)
            {
                break;
            }
            if values[0] != 0 && values[0] % 1000 == 0 && multipv == 1 {
                // The best line ends the game: deeper search cannot change it.
                break;
            }
            let guess = values[0] - GUESS_MARGIN;
            // A depth cut short is thrown away. (Answering with a root choice
            // that beat the first one there won self-play matches but lost
            // games to the gnubg sparring partner: 17 of 60 as Y, none
            // without it.)
            let Some(new_values) = self.root(helpers, state, &choices, depth, multipv > 1, guess)
            else {
                break;
            };
            values = new_values;
            sort_by_values(&mut choices, &mut values);
            completed = (depth, choices.clone(), values.clone());
            self.report(state, &completed, multipv, on_info);
        }

        let (depth, choices, values) = completed;
        let lines = choices
            .iter()
            .zip(&values)
            .take(multipv)
            .map(|(c, &v)| (*c, score_of(v)))
            .collect();
        Some(SearchResult {
            best: choices[0],
            score: score_of(values[0]),
            depth,
            nodes: self.total_nodes(),
            lines,
        })
    }

    /// Nodes of every thread so far (exact with one thread).
    fn total_nodes(&mut self) -> u64 {
        self.flush_nodes();
        self.all_nodes.load(Ordering::Relaxed)
    }

    /// Adds this thread's uncounted nodes to the shared count; the new total.
    #[inline]
    fn flush_nodes(&mut self) -> u64 {
        let new = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.all_nodes.fetch_add(new, Ordering::Relaxed) + new
    }

    /// The static value of every root choice.
    fn depth_one(&mut self, state: &GameState, choices: &[Turn]) -> Vec<i32> {
        let values = choices
            .iter()
            .map(|c| {
                let child = c.after(state);
                if self.repeats(&child) {
                    0
                } else {
                    -self.leaf_value(&child)
                }
            })
            .collect();
        self.nodes += choices.len() as u64;
        values
    }

    /// The values of the root choices searched `depth` deep. With
    /// `full_window` (multipv), every choice gets a full window. The helpers,
    /// if any, split the choices with this thread, bounded by `guess` until
    /// the first choice's value is known. `None` when the search was cut
    /// short.
    fn root(
        &mut self,
        helpers: &mut [Worker],
        state: &GameState,
        choices: &[Turn],
        depth: u32,
        full_window: bool,
        guess: i32,
    ) -> Option<Vec<i32>> {
        self.split.reset(choices.len());
        if helpers.is_empty() {
            self.split_root(state, choices, depth, full_window, None);
        } else {
            let guess = (!full_window).then_some(guess);
            std::thread::scope(|scope| {
                for helper in helpers.iter_mut() {
                    scope.spawn(move || {
                        helper.split_root(state, choices, depth, full_window, guess);
                        helper.flush_nodes();
                    });
                }
                self.split_root(state, choices, depth, full_window, None);
                if self.aborted {
                    self.done.store(true, Ordering::SeqCst);
                }
            });
        }
        if self.aborted {
            return None;
        }
        // A helper stopped by the clock leaves a choice without a value.
        let searched: Vec<(i32, i32)> = {
            let values = self.split.values.lock().unwrap_or_else(|e| e.into_inner());
            values.iter().copied().collect::<Option<_>>()?
        };
        let mut best = searched
            .iter()
            .filter(|(v, bound)| v > bound)
            .map(|&(v, _)| v)
            .max()
            .unwrap_or(-INFINITY);
        let mut values = Vec::with_capacity(searched.len());
        for (choice, &(v, bound)) in choices.iter().zip(&searched) {
            if v <= bound && bound > best {
                // Failed low against a guess above the best value: not
                // conclusive, so searched again against the best value.
                let v = -self.negamax(&choice.after(state), depth - 1, -INFINITY, -best);
                if self.aborted {
                    return None;
                }
                best = best.max(v);
                values.push(v);
            } else {
                values.push(v);
            }
        }
        Some(values)
    }

    /// This thread's part of a depth's root choices: the main thread (no
    /// `guess`) takes the first one, then every thread takes the next
    /// untaken one until none is left. A helper bounds its searches by
    /// `guess` until the first choice's value is known.
    fn split_root(
        &mut self,
        state: &GameState,
        choices: &[Turn],
        depth: u32,
        full_window: bool,
        guess: Option<i32>,
    ) {
        self.aborted = false;
        let split = self.split;
        if guess.is_none() {
            let v = -self.negamax(&choices[0].after(state), depth - 1, -INFINITY, INFINITY);
            if self.aborted {
                return;
            }
            split.publish(0, v, -INFINITY);
            split.first_done.store(true, Ordering::SeqCst);
        }
        loop {
            let i = split.next.fetch_add(1, Ordering::SeqCst);
            let Some(choice) = choices.get(i) else {
                return;
            };
            let mut bound = split.alpha.load(Ordering::SeqCst);
            if let Some(g) = guess {
                if !split.first_done.load(Ordering::SeqCst) {
                    bound = bound.max(g);
                }
            }
            if full_window {
                bound = -INFINITY;
            }
            let v = -self.negamax(&choice.after(state), depth - 1, -INFINITY, -bound);
            if self.aborted {
                return;
            }
            split.publish(i, v, bound);
        }
    }

    fn report(
        &mut self,
        state: &GameState,
        completed: &(u32, Vec<Turn>, Vec<i32>),
        multipv: usize,
        on_info: &mut dyn FnMut(&Info),
    ) {
        let (depth, choices, values) = completed;
        for rank in 0..multipv.min(choices.len()) {
            on_info(&Info {
                depth: *depth,
                multipv: rank + 1,
                score: score_of(values[rank]),
                nodes: self.total_nodes(),
                time: self.start.elapsed(),
                pv: principal_variation(self.tt, state, &choices[rank], *depth),
            });
        }
    }

    #[inline]
    fn leaf_value(&self, state: &GameState) -> i32 {
        match state.position().outcome() {
            Some(o) => o.mover_points() * 1000,
            None => self.eval.evaluate(state),
        }
    }

    /// Node limits every node with one thread (so that node-limited
    /// searches are deterministic); the stop flag, the clock, the shared
    /// node count and the race for the first root choice every few hundred.
    #[inline]
    fn check_limits(&mut self) {
        if !self.many && self.node_limit.is_some_and(|limit| self.nodes >= limit) {
            self.aborted = true;
        }
        if self.nodes % CHECK_EVERY == 0 {
            let total = self.flush_nodes();
            if (self.many && self.node_limit.is_some_and(|limit| total >= limit))
                || self.must_stop()
            {
                self.aborted = true;
            }
        }
    }

    /// The search must end: `stop`, the main thread gave up, or the clock.
    fn must_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.done.load(Ordering::Relaxed)
            || self.hard_deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn negamax(&mut self, state: &GameState, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return 0;
        }
        if self.repeats(state) {
            return 0;
        }
        if state.is_over() || depth == 0 {
            return self.leaf_value(state);
        }
        let key = hash(state);
        let mut tt_best = u16::MAX;
        if let Some(e) = self.tt.probe(key) {
            tt_best = e.best;
            if u32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower if e.value >= beta => return e.value,
                    Bound::Upper if e.value <= alpha => return e.value,
                    _ => {}
                }
            }
        }
        // This ply's move list, taken out while the children are searched.
        let ply = self.path.len();
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Ply::default);
        }
        let mut list = std::mem::take(&mut self.plies[ply]);
        children_into(state, &mut list.children);
        list.order.clear();
        if depth >= 2 {
            // Cheap ordering: static value of each child, TT move first.
            for (i, c) in list.children.iter().enumerate() {
                list.order.push((self.leaf_value(c), i as u32));
            }
            // Indices are distinct: the same order as a stable sort by value.
            list.order.sort_unstable();
        } else {
            list.order
                .extend((0..list.children.len() as u32).map(|i| (0, i)));
        }
        if (tt_best as usize) < list.order.len() {
            let pos = list
                .order
                .iter()
                .position(|&(_, i)| i == u32::from(tt_best))
                .unwrap_or(0);
            list.order[..=pos].rotate_right(1);
        }
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_index = list.order[0].1 as usize;
        self.path.push(*state);
        for &(_, i) in &list.order {
            let i = i as usize;
            let v = -self.negamax(&list.children[i], depth - 1, -beta, -alpha);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_index = i;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        self.plies[ply] = list;
        if self.aborted {
            return 0;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(Entry {
            key,
            value: best,
            depth: depth.min(255) as u8,
            bound,
            best: best_index.min(u16::MAX as usize - 1) as u16,
        });
        best
    }

    /// True when `state` occurred earlier on the searched line or in the
    /// game: the search scores it as a draw. Only states with the same side
    /// to move can be equal, so the line is checked every other ply.
    #[inline]
    fn repeats(&self, state: &GameState) -> bool {
        self.path
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|s| s == state)
            || self.history.iter().any(|s| s == state)
    }
}

/// Soft limit (do not start another depth after it) and hard limit (abort
/// the depth under way).
fn time_budget(limits: &Limits, settings: &Settings) -> (Option<Duration>, Option<Duration>) {
    if limits.infinite {
        return (None, None);
    }
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(settings.move_overhead.min(t / 2));
        return (Some(t), Some(t));
    }
    if let Some(clock) = limits.clock {
        let left = clock.time.saturating_sub(settings.move_overhead);
        let soft = left / 30 + clock.increment * 3 / 4;
        let hard = (soft * 3).min(left / 4);
        let soft = soft.min(hard);
        return (Some(soft), Some(hard));
    }
    (None, None)
}

/// The expected line after `first`, following the table's best moves.
fn principal_variation(tt: &Table, state: &GameState, first: &Turn, depth: u32) -> Vec<String> {
    let mut pv = vec![first.token(state)];
    let mut s = first.after(state);
    for _ in 1..depth {
        if s.is_over() {
            break;
        }
        let Some(e) = tt.probe(hash(&s)) else {
            break;
        };
        let choices = legal_turns(&s);
        let Some(c) = choices.get(e.best as usize) else {
            break;
        };
        pv.push(c.token(&s));
        s = c.after(&s);
    }
    pv
}

/// True when `earlier` could occur again after `now`: the same doublet
/// credits and the same checkers borne off on each side.
fn could_recur(earlier: &GameState, now: &GameState) -> bool {
    use crate::numbers::Side;
    let off = |g: &GameState, side: Side| {
        if g.to_move() == side {
            g.position().mover().off()
        } else {
            g.position().opponent().off()
        }
    };
    [Side::X, Side::Y].iter().all(|&side| {
        earlier.numbers().credits(side) == now.numbers().credits(side)
            && off(earlier, side) == off(now, side)
    }) && earlier.k() == now.k()
}

/// Sorts choices by value, best first; ties keep their order.
fn sort_by_values(choices: &mut [Turn], values: &mut [i32]) {
    let mut idx: Vec<usize> = (0..choices.len()).collect();
    idx.sort_by_key(|&i| std::cmp::Reverse(values[i]));
    let c: Vec<Turn> = idx.iter().map(|&i| choices[i]).collect();
    let v: Vec<i32> = idx.iter().map(|&i| values[i]).collect();
    choices.copy_from_slice(&c);
    values.copy_from_slice(&v);
}

fn score_of(v: i32) -> Score {
    Score {
        value: v,
        exact: v != 0 && v % 1000 == 0,
    }
}
