//! Negamax alpha-beta with iterative deepening and a transposition table.

use super::eval::{Evaluator, Handcrafted};
use super::tt::{hash, Bound, Entry, Table};
use super::{legal_choices, Choice, Info, Limits, Score, SearchResult, Settings, StopFlag};
use crate::game::GameState;
use crate::nn::NnEval;
use crate::rng::Rng;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Larger than any score.
const INFINITY: i32 = 1_000_000;
/// Depth used when `go` gives no limit.
const DEFAULT_DEPTH: u32 = 3;
/// The deepest search allowed.
const MAX_DEPTH: u32 = 64;
/// How often (in nodes) the clock and the stop flag are checked.
const CHECK_EVERY: u64 = 256;

/// The search: transposition table, evaluation and per-search counters.
pub struct Searcher {
    tt: Table,
    eval: Box<dyn Evaluator>,
    nodes: u64,
    start: Instant,
    /// Abort the current iteration once past this.
    hard_deadline: Option<Instant>,
    node_limit: Option<u64>,
    aborted: bool,
    /// Earlier states of the game that a line of the search could repeat.
    history: Vec<GameState>,
    /// The states from the root to the node being searched.
    path: Vec<GameState>,
}

impl Searcher {
    /// A searcher with a `hash_mib` MiB table and the learned evaluation
    /// (the embedded net).
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher::with_evaluator(hash_mib, Box::new(NnEval::embedded()))
    }

    /// A searcher with the handcrafted evaluation.
    pub fn classic(hash_mib: usize) -> Searcher {
        Searcher::with_evaluator(hash_mib, Box::new(Handcrafted::default()))
    }

    /// A searcher with another evaluation.
    pub fn with_evaluator(hash_mib: usize, eval: Box<dyn Evaluator>) -> Searcher {
        Searcher {
            tt: Table::new(hash_mib),
            eval,
            nodes: 0,
            start: Instant::now(),
            hard_deadline: None,
            node_limit: None,
            aborted: false,
            history: Vec::new(),
            path: Vec::new(),
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

    /// Searches `state` within `limits`; `on_info` receives a report after
    /// each completed depth. Returns `None` only when the game is over.
    pub fn search(
        &mut self,
        state: &GameState,
        limits: &Limits,
        settings: &Settings,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let mut choices = legal_choices(state);
        if choices.is_empty() {
            return None;
        }
        self.history.retain(|h| could_recur(h, state));
        self.path.clear();
        self.path.push(*state);
        self.nodes = 0;
        self.start = Instant::now();
        self.aborted = false;
        self.node_limit = if limits.infinite { None } else { limits.nodes };
        let (soft, hard) = self.time_budget(limits, settings);
        self.hard_deadline = hard.map(|d| self.start + d);

        if settings.random {
            let mut rng = Rng::new(settings.seed ^ hash(state));
            let best = choices[rng.index(choices.len())];
            return Some(SearchResult {
                best,
                score: Score {
                    value: 0,
                    exact: false,
                },
                depth: 0,
                nodes: 0,
                lines: vec![(
                    best,
                    Score {
                        value: 0,
                        exact: false,
                    },
                )],
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

        // Depth 1: the static value of every choice; it also orders the root.
        let multipv = limits.multipv.max(1);
        let mut values: Vec<i32> = choices
            .iter()
            .map(|c| {
                let child = c.apply(state);
                if self.repeats(&child) {
                    0
                } else {
                    -self.leaf_value(&child)
                }
            })
            .collect();
        self.nodes += choices.len() as u64;
        sort_by_values(&mut choices, &mut values);
        let mut completed = (1, choices.clone(), values.clone());
        self.report(state, &completed, multipv, on_info);

        for depth in 2..=max_depth {
            if stop.load(Ordering::Relaxed)
                || soft.is_some_and(|soft| self.start.elapsed() >= soft)
                || self.node_limit.is_some_and(|n| self.nodes >= n)
            {
                break;
            }
            if values[0] != 0 && values[0] % 1000 == 0 && multipv == 1 {
                // The best line ends the game: deeper search cannot change it.
                break;
            }
            let mut alpha = -INFINITY;
            let mut new_values = Vec::with_capacity(choices.len());
            for choice in &choices {
                let child = choice.apply(state);
                // With multipv, every root choice gets a full window.
                let a = if multipv > 1 { -INFINITY } else { alpha };
                let v = -self.negamax(&child, depth - 1, -INFINITY, -a, stop);
                if self.aborted {
                    break;
                }
                new_values.push(v);
                alpha = alpha.max(v);
            }
            if self.aborted {
                break;
            }
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
            nodes: self.nodes,
            lines,
        })
    }

    fn report(
        &self,
        state: &GameState,
        completed: &(u32, Vec<Choice>, Vec<i32>),
        multipv: usize,
        on_info: &mut dyn FnMut(&Info),
    ) {
        let (depth, choices, values) = completed;
        for rank in 0..multipv.min(choices.len()) {
            on_info(&Info {
                depth: *depth,
                multipv: rank + 1,
                score: score_of(values[rank]),
                nodes: self.nodes,
                time: self.start.elapsed(),
                pv: self.principal_variation(state, &choices[rank], *depth),
            });
        }
    }

    /// Soft limit (do not start another depth after it) and hard limit
    /// (abort the depth under way).
    fn time_budget(
        &self,
        limits: &Limits,
        settings: &Settings,
    ) -> (Option<Duration>, Option<Duration>) {
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

    #[inline]
    fn leaf_value(&self, state: &GameState) -> i32 {
        match state.position().outcome() {
            Some(o) => o.mover_points() * 1000,
            None => self.eval.evaluate(state),
        }
    }

    /// Node limits every node (so that node-limited searches are
    /// deterministic); the stop flag and the clock every few thousand.
    #[inline]
    fn check_limits(&mut self, stop: &StopFlag) {
        if self.node_limit.is_some_and(|limit| self.nodes >= limit) {
            self.aborted = true;
        }
        if self.nodes % CHECK_EVERY == 0
            && (stop.load(Ordering::Relaxed)
                || self.hard_deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
    }

    fn negamax(
        &mut self,
        state: &GameState,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        stop: &StopFlag,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits(stop);
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
        let choices = legal_choices(state);
        let children: Vec<GameState> = choices.iter().map(|c| c.apply(state)).collect();
        let mut order: Vec<usize> = (0..children.len()).collect();
        if depth >= 2 {
            // Cheap ordering: static value of each child, TT move first.
            let keys: Vec<i32> = children.iter().map(|c| self.leaf_value(c)).collect();
            order.sort_by_key(|&i| keys[i]);
        }
        if (tt_best as usize) < order.len() {
            let pos = order
                .iter()
                .position(|&i| i == tt_best as usize)
                .unwrap_or(0);
            order[..=pos].rotate_right(1);
        }
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_index = order[0];
        self.path.push(*state);
        for &i in &order {
            let v = -self.negamax(&children[i], depth - 1, -beta, -alpha, stop);
            if self.aborted {
                self.path.pop();
                return 0;
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

    /// The expected line after `first`, following the table's best moves.
    fn principal_variation(&self, state: &GameState, first: &Choice, depth: u32) -> Vec<String> {
        let mut pv = vec![first.token(state)];
        let mut s = first.apply(state);
        for _ in 1..depth {
            if s.is_over() {
                break;
            }
            let Some(e) = self.tt.probe(hash(&s)) else {
                break;
            };
            let choices = legal_choices(&s);
            let Some(c) = choices.get(e.best as usize) else {
                break;
            };
            pv.push(c.token(&s));
            s = c.apply(&s);
        }
        pv
    }
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
fn sort_by_values(choices: &mut [Choice], values: &mut [i32]) {
    let mut idx: Vec<usize> = (0..choices.len()).collect();
    idx.sort_by_key(|&i| std::cmp::Reverse(values[i]));
    let c: Vec<Choice> = idx.iter().map(|&i| choices[i]).collect();
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
