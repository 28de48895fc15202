//! The searcher: its table, evaluation and the game's history, and the
//! main thread's iterative deepening (depth 1 orders the root, each deeper
//! iteration re-sorts it; a depth cut short is thrown away), with the
//! `info` reports and the answer.

use super::line::{could_recur, principal_variation, score_of, sort_by_values};
use super::negamax::Worker;
use super::time::{max_depth, time_budget};
use super::tt::{hash, Table};
use super::{Info, Limits, Score, SearchResult, Settings, StopFlag};
use crate::eval::Evaluator;
use crate::game::GameState;
use crate::host::Instant;
use crate::rng::Rng;
use crate::tables::Table as ExactTable;
use crate::turn::{legal_turns, Turn};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How far below the last depth's best value the helpers' guessed bound is
/// set while the first root choice is being searched (millipoints).
const GUESS_MARGIN: i32 = 300;
/// The most search threads (`Threads`): one on WebAssembly, which has no
/// threads (`wasm32-unknown-unknown`), so the option list says `max 1`.
pub const MAX_THREADS: usize = if cfg!(target_arch = "wasm32") { 1 } else { 64 };

/// The search: transposition table, evaluation and the game's history.
pub struct Searcher {
    tt: Table,
    eval: Box<dyn Evaluator>,
    /// Earlier states of the game that a line of the search could repeat.
    history: Vec<GameState>,
    /// Exact-value tables (`Tables`).
    tables: Vec<Arc<ExactTable>>,
}

impl Searcher {
    /// A searcher with a `hash_mib` MiB table and the evaluation `eval`
    /// (the engine's default is [`crate::eval::NnEval::embedded`]).
    pub fn new(hash_mib: usize, eval: Box<dyn Evaluator>) -> Searcher {
        Searcher {
            tt: Table::new(hash_mib),
            eval,
            history: Vec::new(),
            tables: Vec::new(),
        }
    }

    /// The exact-value tables to probe (none by default).
    pub fn set_tables(&mut self, tables: Vec<Arc<ExactTable>>) {
        self.tables = tables;
    }

    /// The exact-value tables it probes, in order.
    pub fn tables(&self) -> &[Arc<ExactTable>] {
        &self.tables
    }

    /// The table answer of `state`: its best choices with their exact
    /// values, when a table covers it.
    fn table_answer(&self, state: &GameState, multipv: usize) -> Option<TableAnswer> {
        let table = self.tables.iter().find(|t| t.probe(state).is_ok())?;
        let ranked = table.choices(state).ok()?;
        let mut lines = Vec::new();
        for c in ranked.iter().take(multipv.max(1)) {
            let score = Score {
                value: c.exact.value.points() * 1000,
                exact: true,
            };
            lines.push((c.turn, score));
        }
        let pv = vec![lines.first()?.0.token(state)];
        Some((lines, pv))
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
        let mut choices = legal_turns(state);
        if choices.is_empty() {
            return None;
        }
        if let Some(only) = &limits.root_choices {
            let kept: Vec<Turn> = choices
                .iter()
                .filter(|c| only.contains(c))
                .copied()
                .collect();
            if !kept.is_empty() {
                choices = kept;
            }
        }
        // Only the states that could come back are kept, for repetitions.
        self.history.retain(|h| could_recur(h, state));
        let table = if limits.root_choices.is_none() {
            self.table_answer(state, limits.multipv)
        } else {
            None
        };
        if let Some((lines, pv)) = table {
            let (best, score) = lines[0];
            on_info(&Info {
                depth: 1,
                multipv: 1,
                score,
                nodes: 1,
                tbhits: 1,
                time: Duration::ZERO,
                pv,
            });
            return Some(SearchResult {
                best,
                score,
                depth: 1,
                nodes: 1,
                lines,
            });
        }

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

        let profile = settings.profile_for(state);
        let quiet_turns = super::progress::quiet_turns(&self.history);
        let progress_weight = super::progress::weight_for(
            quiet_turns,
            || self.eval.evaluate(state),
            profile.progress_after,
            profile.progress_weight,
        );
        if progress_weight != 0 {
            log::debug!(
                "long game ({quiet_turns} quiet turns): pressing for progress, {progress_weight} mp a pip"
            );
        }
        let max_depth = max_depth(limits, settings);
        let (soft, hard) = time_budget(limits, settings);
        let start = Instant::now();
        let done = AtomicBool::new(false);
        let all_nodes = AtomicU64::new(0);
        let tbhits = AtomicU64::new(0);
        let threads = settings.threads.clamp(1, MAX_THREADS);
        let worker = || Worker {
            tt: &self.tt,
            eval: self.eval.as_ref(),
            tables: &self.tables,
            tbhits: &tbhits,
            history: &self.history,
            stop,
            done: &done,
            all_nodes: &all_nodes,
            flushed: 0,
            many: threads > 1,
            nodes: 0,
            start,
            hard_deadline: hard.map(|d| start + d),
            node_limit: if limits.infinite { None } else { limits.nodes },
            move_filter: profile.move_filter,
            filter_per_number: profile.filter_per_number,
            filter_reduction: profile.filter_reduction,
            odd_depths: profile.odd_depths,
            futility_margin: profile.futility_margin,
            progress_weight,
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
            let answers = depth % 2 == 1 || depth == max_depth || self.odd_depths == 0;
            if !answers && self.odd_depths == 2 {
                continue;
            }
            if crate::host::stop_requested(self.stop)
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
            if answers {
                completed = (depth, choices.clone(), values.clone());
                self.report(state, &completed, multipv, on_info);
            }
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
                tbhits: self.tbhits.load(Ordering::Relaxed),
                time: self.start.elapsed(),
                pv: principal_variation(self.tt, state, &choices[rank], *depth),
            });
        }
    }
}

/// A table's answer: the best lines with exact scores, and the pv.
type TableAnswer = (Vec<(Turn, Score)>, Vec<String>);
