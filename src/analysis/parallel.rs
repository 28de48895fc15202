//! Analysis spread over threads: each with its own searcher, the results
//! in item order.

use crate::eval::NnEval;
use crate::search::Searcher;
use crate::tables::Table;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Runs `work` on every item with `jobs` threads, each with its own searcher
/// (`hash_mib` MiB, evaluating with `eval`, probing `tables`), and returns the
/// results in item order. `on_done` is called after each item (for a
/// progress bar).
#[allow(clippy::too_many_arguments)]
pub fn run_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    hash_mib: usize,
    eval: &NnEval,
    tables: &[Arc<Table>],
    work: impl Fn(&mut Searcher, &T) -> R + Sync,
    on_done: impl Fn() + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(items.len().max(1)) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(hash_mib, Box::new(eval.clone()));
                searcher.set_tables(tables.to_vec());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() {
                        break;
                    }
                    let r = work(&mut searcher, &items[i]);
                    results.lock().expect("no panics while holding the lock")[i] = Some(r);
                    on_done();
                }
            });
        }
    });
    results
        .into_inner()
        .expect("threads joined")
        .into_iter()
        .map(|r| r.expect("every item done"))
        .collect()
}
