//! The engine judged by an exact table: each state searched afresh, the
//! turn it plays given its exact value against the best, and the figures
//! of a set of verdicts with their intervals.

use ncbg::duel::search_turn;
use ncbg::eval::Evaluator;
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::search::{Limits, Searcher, Settings};
use ncbg::tables::Table;

/// The verdict on one state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The state's full-state ID.
    pub id: String,
    /// The best choice's value for the mover, in points (0: a draw).
    pub best: i32,
    /// The value of the choice the engine played.
    pub played: i32,
    /// The played turn, as a turn token.
    pub turn: String,
    /// The engine's own score of its choice, in millipoints.
    pub score: i32,
    /// Turns to the end under the best choice (the table's rank; 0 for a
    /// draw): how far ahead a won state's win lies.
    pub turns: u32,
    /// Turns to the end after the played choice under best play (0 for a
    /// draw): how near the loss a lost draw or a thrown win walked into.
    pub played_turns: u32,
}

impl Verdict {
    /// Points given up: best minus played.
    pub fn loss(&self) -> i32 {
        self.best - self.played
    }
}

/// The limit of each search: `nodes` if not 0, else `movetime_ms`
/// milliseconds (as `go movetime`: the engine's time management) if not 0,
/// else `depth` turns.
pub fn limits(nodes: u64, movetime_ms: u64, depth: u32) -> Limits {
    if nodes > 0 {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    } else if movetime_ms > 0 {
        Limits {
            movetime: Some(std::time::Duration::from_millis(movetime_ms)),
            ..Limits::default()
        }
    } else {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}

/// Searches `state` afresh with `searcher` and judges the turn it plays.
pub fn judge(
    searcher: &mut Searcher,
    table: &Table,
    state: &GameState,
    limits: &Limits,
    settings: &Settings,
) -> Result<Verdict, String> {
    searcher.clear();
    let result =
        search_turn(searcher, state, &[], limits, settings).ok_or("the game is already over")?;
    let choices = table.choices(state)?;
    let first = choices.first().ok_or("no choice")?.exact;
    let best = first.value.points();
    let played = choices
        .iter()
        .find(|c| c.turn == result.best)
        .ok_or("the engine's turn is not among the table's choices")?
        .exact;
    Ok(Verdict {
        id: state_id::encode(state),
        best,
        played: played.value.points(),
        turn: result.best.token(state),
        score: result.score.value,
        turns: first.rank,
        played_turns: played.rank,
    })
}

/// Judges every state on `jobs` threads, each with its own searcher made
/// by `make` (the verdicts in the states' order).
pub fn judge_all(
    make: &(dyn Fn() -> Box<dyn Evaluator> + Sync),
    table: &Table,
    states: &[GameState],
    limits: &Limits,
    settings: &Settings,
    jobs: usize,
) -> Result<Vec<Verdict>, String> {
    let jobs = jobs.max(1);
    let mut out: Vec<Option<Result<Verdict, String>>> = vec![None; states.len()];
    std::thread::scope(|s| {
        let chunks: Vec<_> = out.chunks_mut(states.len().div_ceil(jobs).max(1)).collect();
        let mut start = 0;
        for chunk in chunks {
            let begin = start;
            start += chunk.len();
            s.spawn(move || {
                let mut searcher = Searcher::new(16, make());
                for (i, slot) in chunk.iter_mut().enumerate() {
                    *slot = Some(judge(
                        &mut searcher,
                        table,
                        &states[begin + i],
                        limits,
                        settings,
                    ));
                }
            });
        }
    });
    out.into_iter()
        .map(|v| v.expect("every state judged"))
        .collect()
}

/// A win within this many turns is "near": within sight of a search.
pub const NEAR: u32 = 40;

/// The figures of a set of verdicts, with 95% intervals.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub states: usize,
    pub won: usize,
    /// Won states left as a draw or a loss.
    pub thrown: usize,
    pub drawn: usize,
    /// Drawn states left as a loss.
    pub drawn_lost: usize,
    /// Of those, the losses that best play ends within [`NEAR`] turns of
    /// the played turn.
    pub near_lost: usize,
    /// Won states whose win lies within [`NEAR`] turns, and those thrown.
    pub near_won: usize,
    pub near_thrown: usize,
    /// States where the played turn gave up any points.
    pub wrong: usize,
    /// Mean points given up a decision, and its 95% interval.
    pub mean_loss: f64,
    pub mean_loss_ci: (f64, f64),
}

/// Wilson's 95% interval of a proportion, in percent.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 100.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.959964);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

impl Summary {
    pub fn of(verdicts: &[Verdict]) -> Summary {
        let n = verdicts.len();
        let losses: Vec<f64> = verdicts.iter().map(|v| f64::from(v.loss())).collect();
        let mean = losses.iter().sum::<f64>() / n.max(1) as f64;
        let var = if n > 1 {
            losses.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        let half = 1.96 * (var / n.max(1) as f64).sqrt();
        Summary {
            states: n,
            won: verdicts.iter().filter(|v| v.best > 0).count(),
            thrown: verdicts
                .iter()
                .filter(|v| v.best > 0 && v.played <= 0)
                .count(),
            near_won: verdicts
                .iter()
                .filter(|v| v.best > 0 && v.turns <= NEAR)
                .count(),
            near_thrown: verdicts
                .iter()
                .filter(|v| v.best > 0 && v.played <= 0 && v.turns <= NEAR)
                .count(),
            drawn: verdicts.iter().filter(|v| v.best == 0).count(),
            drawn_lost: verdicts
                .iter()
                .filter(|v| v.best == 0 && v.played < 0)
                .count(),
            near_lost: verdicts
                .iter()
                .filter(|v| v.best == 0 && v.played < 0 && v.played_turns <= NEAR)
                .count(),
            wrong: verdicts.iter().filter(|v| v.loss() > 0).count(),
            mean_loss: mean,
            mean_loss_ci: (mean - half, mean + half),
        }
    }

    /// The report, a line a figure.
    pub fn report(&self) -> String {
        // "K of N: P% (95%: L..H)", the share with its Wilson interval.
        let share = |k: usize, n: usize| {
            let (l, h) = wilson(k, n);
            let p = 100.0 * k as f64 / n.max(1) as f64;
            format!("{k} of {n}: {p:.1}% (95%: {l:.1}..{h:.1})")
        };
        format!(
            "states {}\n\
             won states thrown (left as a draw or a loss) {}\n\
             of them won within {NEAR} turns under best play, thrown {}\n\
             drawn states lost {}\n\
             of them lost within {NEAR} turns of the choice {}\n\
             decisions that gave up points {}\n\
             mean loss {:.3} points a decision (95%: {:.3}..{:.3})",
            self.states,
            share(self.thrown, self.won),
            share(self.near_thrown, self.near_won),
            share(self.drawn_lost, self.drawn),
            share(self.near_lost, self.drawn_lost),
            share(self.wrong, self.states),
            self.mean_loss,
            self.mean_loss_ci.0,
            self.mean_loss_ci.1,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::{sample_states, tiny};

    fn verdict(best: i32, played: i32) -> Verdict {
        Verdict {
            id: String::new(),
            best,
            played,
            turn: String::new(),
            score: 0,
            turns: 10,
            played_turns: 10,
        }
    }

    #[test]
    fn the_summary_counts_thrown_wins_and_lost_draws() {
        let v = [
            verdict(1, 1),
            verdict(2, 1),
            verdict(1, 0),
            verdict(1, -1),
            verdict(0, 0),
            verdict(0, -2),
            verdict(-1, -1),
            verdict(-1, -2),
        ];
        let s = Summary::of(&v);
        assert_eq!((s.states, s.won, s.thrown), (8, 4, 2));
        assert_eq!((s.drawn, s.drawn_lost, s.wrong), (2, 1, 5));
        // Losses 0+1+1+2+0+2+0+1 = 7 over 8.
        assert!((s.mean_loss - 7.0 / 8.0).abs() < 1e-12);
        assert!(s.mean_loss_ci.0 < s.mean_loss && s.mean_loss < s.mean_loss_ci.1);
        // Near: the win or the loss within NEAR turns; a far one is not.
        assert_eq!((s.near_won, s.near_thrown, s.near_lost), (4, 2, 1));
        let far = |best, played| Verdict {
            turns: NEAR + 1,
            played_turns: NEAR + 1,
            ..verdict(best, played)
        };
        let s = Summary::of(&[
            far(1, 0),
            verdict(1, 0),
            far(0, -1),
            far(0, -2),
            verdict(0, -1),
        ]);
        assert_eq!((s.won, s.thrown, s.near_won, s.near_thrown), (2, 2, 1, 1));
        assert_eq!((s.drawn, s.drawn_lost, s.near_lost), (3, 3, 1));
        assert!(s
            .report()
            .contains("of them lost within 40 turns of the choice 1 of 3"));
    }

    #[test]
    fn wilson_intervals_hold_the_proportion_and_stay_in_range() {
        let (l, h) = wilson(20, 153);
        assert!(l < 13.07 && 13.07 < h && l > 8.0 && h < 20.0);
        assert_eq!(wilson(0, 0), (0.0, 100.0));
        let (l, h) = wilson(0, 50);
        assert_eq!(l, 0.0);
        assert!(h > 0.0 && h < 10.0);
    }

    #[test]
    fn the_limit_is_nodes_else_a_time_else_a_depth() {
        let by_nodes = limits(20_000, 100, 4);
        assert_eq!(
            (by_nodes.nodes, by_nodes.movetime, by_nodes.depth),
            (Some(20_000), None, None)
        );
        let timed = limits(0, 100, 4);
        assert_eq!(
            (timed.nodes, timed.movetime, timed.depth),
            (None, Some(std::time::Duration::from_millis(100)), None)
        );
        let deep = limits(0, 0, 4);
        assert_eq!(
            (deep.nodes, deep.movetime, deep.depth),
            (None, None, Some(4))
        );
        // A timed search judges every state, each searched afresh.
        let (table, start) = tiny();
        let states = sample_states(&table, start, 2, 3, 20).unwrap();
        let mut searcher = Searcher::new(1, Box::new(ncbg::eval::Handcrafted::default()));
        for s in &states {
            let v = judge(&mut searcher, &table, s, &timed, &Settings::default()).unwrap();
            assert_eq!(v.id, state_id::encode(s));
        }
    }

    #[test]
    fn perfect_play_loses_nothing_and_random_play_does() {
        use ncbg::eval::Handcrafted;
        use std::sync::Arc;
        let (table, start) = tiny();
        let states = sample_states(&table, start, 60, 3, 20).unwrap();
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        // With the table loaded the search answers with its best choice.
        let mut perfect = Searcher::new(1, Box::new(Handcrafted::default()));
        let shared = Arc::new(Table::from_solved(
            ncbg::tables::solve::solve(table.spec(), 1, &|_| {}).unwrap(),
        ));
        perfect.set_tables(vec![shared]);
        for s in &states {
            let v = judge(&mut perfect, &table, s, &limits, &Settings::default()).unwrap();
            assert_eq!(v.loss(), 0, "{}", v.id);
        }
        let random = Settings {
            random: true,
            ..Settings::default()
        };
        let make = || -> Box<dyn Evaluator> { Box::new(Handcrafted::default()) };
        let verdicts = judge_all(&make, &table, &states, &limits, &random, 2).unwrap();
        assert_eq!(verdicts.len(), states.len());
        assert!(verdicts
            .iter()
            .zip(&states)
            .all(|(v, s)| v.id == state_id::encode(s)));
        let s = Summary::of(&verdicts);
        assert!(s.wrong > 0 && s.mean_loss > 0.0, "{}", s.report());
    }
}
