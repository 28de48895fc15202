//! Strength against perfect play: the engine's search judged by an exact
//! table on random reachable states of the table's game.
//!
//! Where a game is solved (NC-Hypergammon, `ncbg tables build --full`), how
//! far the engine is from perfect play can be measured rather than guessed
//! from matches against other imperfect players. States are drawn by random
//! play from the game's start (a seeded schedule: a random initial pair, then
//! 0..=`max_turns` uniformly random turns; a state is kept when the mover is
//! to pick, the game is under way and the table holds it), each is searched
//! afresh (the hash table cleared, no game history) with the engine's own
//! settings and the limits given, and the turn it plays is judged by the
//! table: the points it gives up against the best choice, whether a won
//! state was left as a draw or a loss ("thrown"), and whether a drawn one
//! was left as a loss.
//!
//! The table is never seen by the search (it would answer from it): it is
//! the judge only. The same states come out for a seed on any machine, and
//! with node or depth limits the same verdicts, so two nets or two builds
//! are compared on the same states.

use crate::data::Game;
use ncbg::board::Variant;
use ncbg::duel::search_turn;
use ncbg::eval::Evaluator;
use ncbg::game::{GameState, Phase};
use ncbg::ids::state_id;
use ncbg::numbers::{NumberRules, Side};
use ncbg::rng::Rng;
use ncbg::search::{Limits, Searcher, Settings};
use ncbg::tables::{Kind, Table};
use ncbg::turn::random_turn;

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

/// The game a full table solves: Hypergammon's start under its numbers.
pub fn start_of(table: &Table) -> Result<GameState, String> {
    let spec = table.spec();
    if spec.space.kind != Kind::Full || spec.space.total != 3 {
        return Err(format!(
            "{spec}: only full tables of three checkers a side (NC-Hypergammon) have a start to sample from"
        ));
    }
    let rules = NumberRules::new(spec.k, spec.credits)?;
    Ok(GameState::start(Variant::Hypergammon, rules))
}

/// `n` distinct random reachable pick states of the table's game from
/// `start` (its turn 0), the same for a seed: each from a fresh game, a
/// random initial pair and then 0..=`max_turns` random turns.
pub fn sample_states(
    table: &Table,
    start: GameState,
    n: usize,
    seed: u64,
    max_turns: u32,
) -> Result<Vec<GameState>, String> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<GameState> = Vec::with_capacity(n);
    let mut seen = std::collections::HashSet::new();
    let mut tries = 0u64;
    while out.len() < n {
        tries += 1;
        if tries > 1000 * n as u64 + 1000 {
            return Err(format!("found only {} states to sample", out.len()));
        }
        let mut state = start;
        let turns = 2 + rng.below(u64::from(max_turns) + 1);
        for _ in 0..turns {
            match random_turn(&state, &mut rng) {
                Some(t) => state = t.after(&state),
                None => break,
            }
        }
        if covered(table, &state) && seen.insert(state) {
            out.push(state);
        }
    }
    Ok(out)
}

/// Whether the table judges `state`: a pick state of a game under way that
/// it holds.
fn covered(table: &Table, state: &GameState) -> bool {
    !state.is_over()
        && state.phase() == Phase::Pick
        && !state.in_opening()
        && table.lookup(state).is_some()
}

/// The distinct states the table judges (pick states of games under way
/// that it holds) met in recorded games
/// (each its start and its turn tokens, as a referee match file holds them),
/// in the order met: the states an engine's own play reaches, to label by
/// the table.
pub fn states_of_games<'a>(
    table: &Table,
    games: impl IntoIterator<Item = (GameState, &'a [String])>,
) -> Result<Vec<GameState>, String> {
    use ncbg::turn::{apply, TurnForm};
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (i, (mut state, moves)) in games.into_iter().enumerate() {
        for token in moves {
            if covered(table, &state) && seen.insert(state) {
                out.push(state);
            }
            apply(&mut state, token, TurnForm::Answer)
                .map_err(|e| format!("game {}: '{token}': {e}", i + 1))?;
        }
    }
    Ok(out)
}

/// [`states_of_games`] of a referee match file's games.
pub fn states_of_match(table: &Table, text: &str) -> Result<Vec<GameState>, String> {
    let file = ncbg::matchfile::MatchFile::parse(text);
    let starts = file
        .games
        .iter()
        .map(|g| file.header.start_of(g))
        .collect::<Result<Vec<_>, _>>()?;
    states_of_games(
        table,
        starts
            .into_iter()
            .zip(file.games.iter().map(|g| g.moves.as_slice())),
    )
}

/// `states` followed by the children of those whose choices differ in
/// value (the states after each of their turns that the table judges),
/// each state once: the positions a mover must tell apart, so that exact
/// labels teach the decisions and not only the states' values.
pub fn with_children(table: &Table, states: &[GameState]) -> Result<Vec<GameState>, String> {
    let mut seen: std::collections::HashSet<GameState> = states.iter().copied().collect();
    let mut out = states.to_vec();
    for state in states {
        let choices = table.choices(state)?;
        let differ = choices
            .windows(2)
            .any(|w| w[0].exact.value.points() != w[1].exact.value.points());
        if !differ {
            continue;
        }
        for c in &choices {
            let child = c.turn.after(state);
            if covered(table, &child) && seen.insert(child) {
                out.push(child);
            }
        }
    }
    Ok(out)
}

/// Training data from a table: each state of `states` as a one-state game
/// whose result is the state's exact value (points for X; 0, a draw,
/// weighs only the score) and whose score is that value for the mover in
/// millipoints. Only tables whose values may teach are to be used so: the
/// bear-offs and NC-Hypergammon k = 4 (`tools/train/README.md`).
pub fn labelled_games(table: &Table, states: &[GameState]) -> Result<Vec<Game>, String> {
    states
        .iter()
        .enumerate()
        .map(|(i, state)| {
            let points = table.probe(state)?.value.points();
            let for_x = if state.to_move() == Side::X {
                points
            } else {
                -points
            };
            Ok(Game {
                index: i as u64,
                result: for_x,
                states: vec![(*state, points * 1000)],
            })
        })
        .collect()
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
            wrong: verdicts.iter().filter(|v| v.loss() > 0).count(),
            mean_loss: mean,
            mean_loss_ci: (mean - half, mean + half),
        }
    }

    /// The report, a line a figure.
    pub fn report(&self) -> String {
        let pct = |k: usize, n: usize| 100.0 * k as f64 / n.max(1) as f64;
        let (tl, th) = wilson(self.thrown, self.won);
        let (dl, dh) = wilson(self.drawn_lost, self.drawn);
        let (nl, nh) = wilson(self.near_thrown, self.near_won);
        let (wl, wh) = wilson(self.wrong, self.states);
        format!(
            "states {}\n\
             won states thrown (left as a draw or a loss) {} of {}: {:.1}% (95%: {:.1}..{:.1})\n\
             of them won within {NEAR} turns under best play, thrown {} of {}: {:.1}% (95%: {:.1}..{:.1})\n\
             drawn states lost {} of {}: {:.1}% (95%: {:.1}..{:.1})\n\
             decisions that gave up points {} of {}: {:.1}% (95%: {:.1}..{:.1})\n\
             mean loss {:.3} points a decision (95%: {:.3}..{:.3})",
            self.states,
            self.thrown,
            self.won,
            pct(self.thrown, self.won),
            tl,
            th,
            self.near_thrown,
            self.near_won,
            pct(self.near_thrown, self.near_won),
            nl,
            nh,
            self.drawn_lost,
            self.drawn,
            pct(self.drawn_lost, self.drawn),
            dl,
            dh,
            self.wrong,
            self.states,
            pct(self.wrong, self.states),
            wl,
            wh,
            self.mean_loss,
            self.mean_loss_ci.0,
            self.mean_loss_ci.1,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// A full table of two checkers a side, k = 3, no credits: solved in a
    /// second or two.
    fn tiny() -> (Table, GameState) {
        use ncbg::board::Position;
        use ncbg::tables::{solve, Space, Spec};
        let spec = Spec {
            space: Space::full(2),
            k: 3,
            credits: 0,
        };
        let table = Table::from_solved(solve::solve(spec, 1, &|_| {}).unwrap());
        let mut side = [0u8; 25];
        side[23] = 1;
        side[22] = 1;
        let pos = Position::from_points(&side, &side, 2).unwrap();
        let start = GameState::from_position(pos, NumberRules::new(3, 0).unwrap());
        (table, start)
    }

    #[test]
    fn labelled_games_carry_the_exact_value_for_x_and_the_mover() {
        let (table, start) = tiny();
        let states = sample_states(&table, start, 50, 9, 20).unwrap();
        let games = labelled_games(&table, &states).unwrap();
        assert!(games.iter().any(|g| g.result != 0));
        for (g, s) in games.iter().zip(&states) {
            let p = table.probe(s).unwrap().value.points();
            assert_eq!(g.states, vec![(*s, p * 1000)]);
            let x = if s.to_move() == Side::X { p } else { -p };
            assert_eq!(g.result, x);
            // The line reads back as the same game.
            assert_eq!(&Game::parse(&g.to_line()).unwrap(), g);
        }
    }

    #[test]
    fn children_come_only_from_states_whose_choices_differ_each_once() {
        let (table, start) = tiny();
        let states = sample_states(&table, start, 40, 5, 20).unwrap();
        let all = with_children(&table, &states).unwrap();
        assert_eq!(&all[..states.len()], &states[..]);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
        let mut expected = std::collections::HashSet::new();
        let mut deciding = 0;
        for s in &states {
            let choices = table.choices(s).unwrap();
            let values: std::collections::HashSet<_> =
                choices.iter().map(|c| c.exact.value.points()).collect();
            if values.len() > 1 {
                deciding += 1;
                for c in &choices {
                    let child = c.turn.after(s);
                    if covered(&table, &child) {
                        expected.insert(child);
                    }
                }
            }
        }
        assert!(deciding > 0, "some sampled state must be a real decision");
        let added: std::collections::HashSet<_> = all[states.len()..].iter().copied().collect();
        assert!(!added.is_empty());
        for child in &expected {
            assert!(distinct.contains(child), "a child of a decision is missing");
        }
        for s in &added {
            assert!(
                expected.contains(s),
                "a state was added that is no such child"
            );
        }
    }

    #[test]
    fn the_states_of_recorded_games_are_those_the_table_judges_once_each() {
        let (table, start) = tiny();
        let mut rng = Rng::new(4);
        let mut games = Vec::new();
        let mut met = Vec::new();
        for _ in 0..6 {
            let mut s = start;
            let mut moves = Vec::new();
            while let Some(t) = random_turn(&s, &mut rng) {
                if covered(&table, &s) && !met.contains(&s) {
                    met.push(s);
                }
                moves.push(t.token(&s));
                s = t.after(&s);
                if moves.len() == 60 {
                    break;
                }
            }
            games.push(moves);
        }
        // The first two games twice: their states are not counted again.
        let replays: Vec<_> = games
            .iter()
            .chain(&games[..2])
            .map(|m| (start, m.as_slice()))
            .collect();
        let states = states_of_games(&table, replays).unwrap();
        assert!(states.len() > 20);
        assert_eq!(states, met);
        // A token that is no legal turn names its game.
        let bad = vec!["3".to_string(), "1".to_string(), "9:24/15".to_string()];
        let err = states_of_games(&table, [(start, bad.as_slice())]).unwrap_err();
        assert!(err.contains("game 1") && err.contains("9:24/15"), "{err}");
    }

    #[test]
    fn samples_are_distinct_reachable_pick_states_the_same_for_a_seed() {
        let (table, start) = tiny();
        let a = sample_states(&table, start, 40, 5, 20).unwrap();
        assert_eq!(a, sample_states(&table, start, 40, 5, 20).unwrap());
        assert_ne!(a, sample_states(&table, start, 40, 6, 20).unwrap());
        let distinct: std::collections::HashSet<_> = a.iter().collect();
        assert_eq!(distinct.len(), 40);
        assert!(a
            .iter()
            .all(|s| s.phase() == Phase::Pick && !s.is_over() && !s.in_opening()));
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
