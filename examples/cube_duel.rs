//! In-process cube skill check in money play (`Cube` on, Jacoby on, no
//! beavers): two cube policies play the same checker engine (a search of
//! `nodes` nodes a turn with the embedded net) and the points per game the
//! first gains are printed with a 95% interval.
//!
//!     cargo run --profile test --example cube_duel -- A B NODES ROUNDS [JOBS]
//!
//! A policy is `cubeful` (the engine's: net chances + Janowski,
//! `ncbg::search::cube`), `never` (never doubles, always takes) or
//! `threshold` (doubles at 70% to win by the net, takes at 25% or more).
//! A round is the 30 opening pairs, each with two random turns after it
//! (seeded by the round), played with colours swapped: 60 games.

use ncbg::cube::{CubeAction, Terms};
use ncbg::duel::{self, DuelEnd, DuelRules};
use ncbg::eval::cube::MatchAware;
use ncbg::eval::NnEval;
use ncbg::game::{GameState, Phase};
use ncbg::rng::Rng;
use ncbg::search::{Limits, Searcher, Settings, StopFlag};
use ncbg::turn::{random_turn, Turn};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Policy {
    Cubeful,
    Never,
    Threshold,
}

fn policy(s: &str) -> Policy {
    match s {
        "cubeful" => Policy::Cubeful,
        "never" => Policy::Never,
        "threshold" => Policy::Threshold,
        _ => panic!("policy {s}: cubeful, never or threshold"),
    }
}

/// The cube action `p` takes in `state`, when a cube decision is due.
fn cube_choice(p: Policy, state: &GameState, nn: &NnEval) -> Option<CubeAction> {
    let due = state.phase() == Phase::Take || state.may_double();
    if !due {
        return None;
    }
    match p {
        Policy::Cubeful => ncbg::search::cube::decide(state, nn).and_then(|d| d.action),
        Policy::Never => (state.phase() == Phase::Take).then_some(CubeAction::Take),
        Policy::Threshold => {
            let view = state.doubler_view();
            let win = nn.network_for(&view).probabilities(&view).win;
            if state.phase() == Phase::Take {
                Some(if 1.0 - win >= 0.25 {
                    CubeAction::Take
                } else {
                    CubeAction::Drop
                })
            } else {
                (win >= 0.70).then_some(CubeAction::Double)
            }
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    points: Vec<f64>,
    doubles: [u32; 2],
    drops: [u32; 2],
    draws: u32,
}

/// One game to play: the round, the opening pair, and whether A plays X.
#[derive(Clone, Copy)]
struct Job {
    round: u64,
    x0: u8,
    y0: u8,
    a_is_x: bool,
}

/// Plays one game of policy `a` against `b` and adds A's points to `t`.
fn game(a: Policy, b: Policy, job: Job, nodes: u64, t: &Mutex<Tally>) {
    let Job {
        round,
        x0,
        y0,
        a_is_x,
    } = job;
    let mut g = GameState::standard();
    g.set_terms(Terms {
        cube: true,
        ..Terms::default()
    });
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    let mut rng = Rng::new(round * 1000 + u64::from(x0) * 10 + u64::from(y0));
    for _ in 0..2 {
        if let Some(turn) = random_turn(&g, &mut rng) {
            g = turn.after(&g);
        }
    }
    let nn = NnEval::embedded();
    let mut searchers = [
        Searcher::new(16, Box::new(MatchAware::new(NnEval::embedded()))),
        Searcher::new(16, Box::new(MatchAware::new(NnEval::embedded()))),
    ];
    let rules = DuelRules {
        max_turns: 600,
        repetition: true,
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = StopFlag::new(false);
    let mut doubles = [0u32; 2];
    let mut drops = [0u32; 2];
    let d = duel::play(g, &rules, &mut |state, history| {
        let i = state.to_move().index();
        let is_a = (i == 0) == a_is_x;
        let p = if is_a { a } else { b };
        let who = usize::from(!is_a);
        if let Some(action) = cube_choice(p, state, &nn) {
            match action {
                CubeAction::Double => doubles[who] += 1,
                CubeAction::Drop => drops[who] += 1,
                _ => {}
            }
            return Some(Turn::Cube(action));
        }
        let s = &mut searchers[i];
        s.set_history(history);
        s.search(state, &limits, &Settings::default(), &stop, &mut |_| {})
            .map(|r| r.best)
    });
    let x_points = f64::from(d.points_for_x());
    let mut t = t.lock().unwrap();
    t.points.push(if a_is_x { x_points } else { -x_points });
    if !matches!(d.end, DuelEnd::Finished(_)) {
        t.draws += 1;
    }
    for k in 0..2 {
        t.doubles[k] += doubles[k];
        t.drops[k] += drops[k];
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (a, b) = (policy(&args[0]), policy(&args[1]));
    let nodes: u64 = args[2].parse().unwrap();
    let rounds: u64 = args[3].parse().unwrap();
    let jobs: usize = args.get(4).map_or(1, |j| j.parse().unwrap());
    let mut work = Vec::new();
    for round in 0..rounds {
        for x0 in 1..=6u8 {
            for y0 in (1..=6u8).filter(|&y| y != x0) {
                for a_is_x in [true, false] {
                    work.push(Job {
                        round,
                        x0,
                        y0,
                        a_is_x,
                    });
                }
            }
        }
    }
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&job) = work.get(i) else {
                    break;
                };
                game(a, b, job, nodes, &tally);
            });
        }
    });
    let t = tally.into_inner().unwrap();
    let n = t.points.len() as f64;
    let mean = t.points.iter().sum::<f64>() / n;
    let var = t.points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "{a:?} vs {b:?}, {nodes} nodes, {} games: {mean:+.3} points a game for {a:?} (95% {:+.3} .. {:+.3}); doubles {:?} drops {:?} (A, B); draws {}",
        t.points.len(),
        mean - half,
        mean + half,
        t.doubles,
        t.drops,
        t.draws
    );
}
