//! Negamax alpha-beta over whole turns, one search thread's part: the
//! per-thread state ([`Worker`]), the node count shared by the threads, the
//! limits checked every few hundred nodes, the transposition table's cuts
//! and move ordering, the move filter, futility at the frontier, and the
//! repetition draw.

use super::tt::{hash, Bound, Entry, Table};
use super::StopFlag;
use crate::eval::Evaluator;
use crate::game::GameState;
use crate::host::Instant;
use crate::numbers::Side;
use crate::tables::Table as ExactTable;
use crate::turn::children_into;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Larger than any score.
pub(super) const INFINITY: i32 = 1_000_000;
/// How often (in nodes) the clock and the stop flag are checked.
const CHECK_EVERY: u64 = 256;

/// One search thread's state: what it shares (table, evaluation, flags) and its own counters, line and move lists.
pub(super) struct Worker<'a> {
    pub(super) tt: &'a Table,
    pub(super) eval: &'a dyn Evaluator,
    /// Exact-value tables probed before evaluating or searching a state.
    pub(super) tables: &'a [std::sync::Arc<ExactTable>],
    /// Table hits of every thread.
    pub(super) tbhits: &'a AtomicU64,
    pub(super) history: &'a [GameState],
    pub(super) stop: &'a StopFlag,
    /// Set by the main thread when its search is cut short: the helpers stop.
    pub(super) done: &'a AtomicBool,
    /// Nodes of every thread, added in batches.
    pub(super) all_nodes: &'a AtomicU64,
    /// This thread's nodes already added to `all_nodes`.
    pub(super) flushed: u64,
    /// More than one thread: node limits are checked on `all_nodes`.
    pub(super) many: bool,
    pub(super) nodes: u64,
    pub(super) start: Instant,
    /// Abort the current iteration once past this.
    pub(super) hard_deadline: Option<Instant>,
    pub(super) node_limit: Option<u64>,
    /// Children searched at a node two or more turns from the leaves (0: all).
    pub(super) move_filter: usize,
    /// Children of each number kept past the filter's cut.
    pub(super) filter_per_number: usize,
    /// How many turns shallower the children past the filter's cut are
    /// searched (0: they are not searched).
    pub(super) filter_reduction: u32,
    /// Depth parity of the answer ([`super::SearchProfile::odd_depths`]).
    pub(super) odd_depths: u8,
    /// The futility margin of the root's game ([`super::SearchProfile`]; millipoints;
    /// 0: off).
    pub(super) futility_margin: i32,
    /// Millipoints a pip of race lead added to every static value (0: off;
    /// module `progress`).
    pub(super) progress_weight: i32,
    pub(super) aborted: bool,
    /// The states from the root to the node being searched.
    pub(super) path: Vec<GameState>,
    /// Per ply, the children of the node being searched and their order,
    /// kept between nodes so that the search does not allocate.
    pub(super) plies: Vec<Ply>,
}

/// The move list of one ply.
#[derive(Default)]
pub(super) struct Ply {
    children: Vec<GameState>,
    /// (static value, index): sorted, it is the search order.
    order: Vec<(i32, u32)>,
}

impl Worker<'_> {
    /// Nodes of every thread so far (exact with one thread).
    pub(super) fn total_nodes(&mut self) -> u64 {
        self.flush_nodes();
        self.all_nodes.load(Ordering::Relaxed)
    }

    /// Adds this thread's uncounted nodes to the shared count; the new total.
    #[inline]
    pub(super) fn flush_nodes(&mut self) -> u64 {
        let new = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.all_nodes.fetch_add(new, Ordering::Relaxed) + new
    }

    #[inline]
    pub(super) fn leaf_value(&self, state: &GameState) -> i32 {
        match state.outcome() {
            Some(o) => o.mover_points() * 1000,
            None => self
                .table_value(state)
                .unwrap_or_else(|| self.static_value(state)),
        }
    }

    /// The net's value of a live state, with the progress term of a long
    /// game.
    #[inline]
    fn static_value(&self, state: &GameState) -> i32 {
        self.eval.evaluate(state) + super::progress::term(state, self.progress_weight)
    }

    /// The exact value of `state` in millipoints if a table holds it.
    #[inline]
    pub(super) fn table_value(&self, state: &GameState) -> Option<i32> {
        if self.tables.is_empty() {
            return None;
        }
        let exact = self.tables.iter().find_map(|t| t.lookup(state))?;
        self.tbhits.fetch_add(1, Ordering::Relaxed);
        Some(exact.value.points() * 1000)
    }

    /// Node limits every node with one thread (so that node-limited
    /// searches are deterministic); the stop flag, the clock, the shared
    /// node count and the race for the first root choice every few hundred.
    #[inline]
    pub(super) fn check_limits(&mut self) {
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
    pub(super) fn must_stop(&self) -> bool {
        crate::host::stop_requested(self.stop)
            || self.done.load(Ordering::Relaxed)
            || self.hard_deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The value of `state` searched `depth` turns deep, within
    /// (`alpha`, `beta`), for its side to move.
    pub(super) fn negamax(&mut self, state: &GameState, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.node(state, depth, alpha, beta, None)
    }

    /// [`Worker::negamax`] of a child whose static value its parent already
    /// has (`known`, for the child's side to move: the ordering value).
    fn node(
        &mut self,
        state: &GameState,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        known: Option<i32>,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return 0;
        }
        if self.repeats(state) {
            return 0;
        }
        if let Some(v) = self.table_value(state) {
            return v;
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
        // Futility at the frontier: a null-window node one turn from the
        // leaves whose static value is past the window by the margin is
        // taken at that value, moved by the margin towards the window. Its
        // children would be judged by the same net one turn on; the nodes
        // saved go into the next depth. Never in the principal variation
        // (a full window), so the root's answer is always searched.
        if depth == 1 && self.futility_margin > 0 && beta - alpha == 1 {
            let margin = self.futility_margin;
            let value = known.unwrap_or_else(|| self.static_value(state));
            if value - margin >= beta {
                return value - margin;
            }
            if value + margin <= alpha {
                return value + margin;
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
        // Move filter (gnubg's way): the best children by static value come
        // first and are searched; the rest only with `filter_reduction`,
        // a few turns shallower. The kept set depends on the static values
        // alone, not on the table, so every thread keeps the same children.
        // The table's move is moved first only from among the kept ones.
        let kept = if depth >= 2 && self.move_filter > 0 {
            filter(
                &mut list.order,
                &list.children,
                state.to_move(),
                self.move_filter,
                self.filter_per_number,
            )
        } else {
            list.order.len()
        };
        let reduced_depth = (depth - 1).saturating_sub(self.filter_reduction);
        let searched = if self.filter_reduction > 0 && reduced_depth >= 1 {
            list.order.len()
        } else {
            kept
        };
        if (tt_best as usize) < list.children.len() {
            let pos = list.order[..kept]
                .iter()
                .position(|&(_, i)| i == u32::from(tt_best))
                .unwrap_or(0);
            list.order[..=pos].rotate_right(1);
        }
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_index = list.order[0].1 as usize;
        self.path.push(*state);
        for (n, &(static_value, i)) in list.order[..searched].iter().enumerate() {
            let i = i as usize;
            let child = &list.children[i];
            // The child's static value, where the ordering computed it.
            let known = (depth >= 2).then_some(static_value);
            // Principal variation search: the first child with the whole
            // window, the others with a null window that only asks whether
            // they beat the best so far (searched again if they do). Below
            // depth 3 the null window cuts nothing more.
            // (Late move reductions on top, children from the third on
            // searched a turn shallower first, lost: -10 Elo ± 38 after 134
            // games at 20,000 nodes a move.)
            // A child past the filter's cut is asked the same question at
            // the reduced depth, and searched in full only if it beats the
            // best: a reply the static value ranks low, but which a short
            // search shows strong, is not left out.
            let v = if n >= kept {
                let v = -self.node(child, reduced_depth, -alpha - 1, -alpha, known);
                if v > alpha && !self.aborted {
                    -self.negamax(child, depth - 1, -beta, -alpha)
                } else {
                    v
                }
            } else if n == 0 || depth < 3 {
                -self.node(child, depth - 1, -beta, -alpha, known)
            } else {
                let v = -self.node(child, depth - 1, -alpha - 1, -alpha, known);
                if v > alpha && v < beta && !self.aborted {
                    -self.negamax(child, depth - 1, -beta, -alpha)
                } else {
                    v
                }
            };
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
    pub(super) fn repeats(&self, state: &GameState) -> bool {
        self.path
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|s| s == state)
            || self.history.iter().any(|s| s == state)
    }
}

/// The move filter on `order` (children by static value, best first):
/// the best `keep`, and past them each number's best `per_number` (the
/// number `mover` picked is half of the opponent's next pair, which the
/// static value of the position after the play judges worst). The kept
/// children move to the front, in their order, the others after them in
/// theirs; returns how many are kept.
fn filter(
    order: &mut [(i32, u32)],
    children: &[GameState],
    mover: Side,
    keep: usize,
    per_number: usize,
) -> usize {
    if per_number == 0 || order.len() <= keep {
        return keep.min(order.len());
    }
    let mut seen = [0usize; 10];
    let mut front = Vec::with_capacity(order.len());
    let mut rest = Vec::new();
    for (rank, &(v, i)) in order.iter().enumerate() {
        let n = children[i as usize].numbers().current(mover);
        let seen = &mut seen[usize::from(n.unwrap_or(0))];
        *seen += 1;
        if rank < keep || *seen <= per_number {
            front.push((v, i));
        } else {
            rest.push((v, i));
        }
    }
    let count = front.len();
    front.extend(rest);
    order.copy_from_slice(&front);
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_keeps_the_best_and_each_numbers_best() {
        let mut g = GameState::standard();
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        let mut children = Vec::new();
        children_into(&g, &mut children);
        let number = |i: u32| children[i as usize].numbers().current(Side::X).unwrap();
        // An order where the first 20 children all pick the same number.
        let mut all: Vec<(i32, u32)> = (0..children.len() as u32).map(|i| (0, i)).collect();
        all.sort_by_key(|&(_, i)| (number(i) != number(0), i));
        let numbers: std::collections::BTreeSet<u8> = all.iter().map(|&(_, i)| number(i)).collect();
        assert!(numbers.len() >= 3 && all.len() > 20);
        let mut plain = all.clone();
        assert_eq!(filter(&mut plain, &children, Side::X, 4, 0), 4);
        assert_eq!(plain, all);
        let mut wide = all.clone();
        let kept = filter(&mut wide, &children, Side::X, 4, 2);
        assert_eq!(wide[..4], all[..4]);
        // Every other number's two best, in order.
        assert_eq!(kept, 4 + 2 * (numbers.len() - 1));
        for n in &numbers {
            let firsts: Vec<_> = all
                .iter()
                .filter(|&&(_, i)| number(i) == *n)
                .take(2)
                .collect();
            assert!(firsts.iter().all(|c| wide[..kept].contains(c)));
        }
        // The rest follow in their order: the same children.
        let rest: Vec<_> = all.iter().filter(|c| !wide[..kept].contains(c)).collect();
        assert_eq!(wide[kept..].iter().collect::<Vec<_>>(), rest);
        // Under the cut nothing changes.
        let mut short = all[..3].to_vec();
        assert_eq!(filter(&mut short, &children, Side::X, 4, 2), 3);
        assert_eq!(short, all[..3]);
    }
}
