//! The root split for `Threads`: each depth's root choices shared among the
//! search threads.
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

use super::negamax::{Worker, INFINITY};
use crate::game::GameState;
use crate::turn::Turn;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::Mutex;

/// One depth's root choices, shared by the threads that search them.
pub(super) struct RootSplit {
    /// The next choice nobody has taken (the main thread takes the first).
    pub(super) next: AtomicUsize,
    /// The best exact value found so far: the bound for the choices taken
    /// next.
    pub(super) alpha: AtomicI32,
    /// The first choice's value is known.
    pub(super) first_done: AtomicBool,
    /// Each choice's value once searched, with the bound it was searched
    /// against (a value at or below its bound is an upper bound).
    pub(super) values: Mutex<Vec<Option<(i32, i32)>>>,
}

impl RootSplit {
    /// Ready for a depth with `n` root choices.
    fn new(n: usize) -> RootSplit {
        RootSplit {
            next: AtomicUsize::new(1),
            alpha: AtomicI32::new(-INFINITY),
            first_done: AtomicBool::new(false),
            values: Mutex::new(vec![None; n]),
        }
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

impl Worker<'_> {
    /// The values of the root choices searched `depth` deep. With
    /// `full_window` (multipv), every choice gets a full window. The helpers,
    /// if any, split the choices with this thread, bounded by `guess` until
    /// the first choice's value is known. `None` when the search was cut
    /// short.
    pub(super) fn root(
        &mut self,
        helpers: &mut [Worker],
        state: &GameState,
        choices: &[Turn],
        depth: u32,
        full_window: bool,
        guess: i32,
    ) -> Option<Vec<i32>> {
        let split = &RootSplit::new(choices.len());
        if helpers.is_empty() {
            self.split_root(split, state, choices, depth, full_window, None);
        } else {
            let guess = (!full_window).then_some(guess);
            std::thread::scope(|scope| {
                for helper in helpers.iter_mut() {
                    scope.spawn(move || {
                        helper.split_root(split, state, choices, depth, full_window, guess);
                        helper.flush_nodes();
                    });
                }
                self.split_root(split, state, choices, depth, full_window, None);
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
            let values = split.values.lock().unwrap_or_else(|e| e.into_inner());
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
        split: &RootSplit,
        state: &GameState,
        choices: &[Turn],
        depth: u32,
        full_window: bool,
        guess: Option<i32>,
    ) {
        self.aborted = false;
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
}
