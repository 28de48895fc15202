//! In-process cube skill check in money play (`Cube` on, Jacoby on, no
//! beavers): two cube policies play the same checker engine (a search of
//! `nodes` nodes a turn with the embedded net) and the points per game the
//! first gains are printed with a 95% interval (and again with the cube
//! counted at most 4, to tell cube skill from escalation), with how often each side
//! doubled, took and dropped, and how far the cube went.
//!
//!     cargo run --release --example cube_duel -- A B NODES ROUNDS|A..B [JOBS]
//!
//! A policy is `cubeful` (the engine's: net chances + Janowski,
//! `ncbg::search::cube`), `cubeful@X` (the same at cube efficiency X),
//! `never` (never doubles, always takes) or `threshold` (doubles at 70% to
//! win by the net, takes at 25% or more). A round is the 30 opening pairs,
//! each with two random turns after it (seeded by the round), played with
//! colours swapped: 60 games. ROUNDS `A..B` plays rounds A to B - 1 (to add to an earlier run of
//! rounds 0 to A - 1). A running line goes to stderr every 60 games, and a
//! `game ...` line after each game (its round, opening pair, colours, final
//! cube and A's points), to pool runs.

mod duel_support;

use duel_support::{jobs, opening, play_game, run_parallel, CubeCounts, DuelArgs, Policy};
use ncbg::cube::Terms;
use ncbg::duel::DuelEnd;
use ncbg::game::GameState;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The cube value the capped points stop at.
const CAPPED_CUBE: u32 = 4;

const USAGE: &str = "cube_duel A B NODES ROUNDS|A..B [JOBS]  (A, B: cubeful[@X], never, threshold)";

/// What the games so far gave.
#[derive(Default)]
struct Tally {
    /// A's points, game by game.
    points: Vec<f64>,
    /// A's points game by game with the cube counted at most
    /// [`CAPPED_CUBE`]: a game that ended at a cube `c` above it counts
    /// `points x CAPPED_CUBE / c` (cube skill apart from escalation).
    capped: Vec<f64>,
    counts: CubeCounts,
    /// By the cube's value the game ended at (before a dropped double):
    /// games, and A's points in them.
    by_cube: BTreeMap<u32, (u32, f64)>,
    draws: u32,
    turns: u64,
}

impl Tally {
    fn line(&self, a: Policy, b: Policy, nodes: u64) -> String {
        let (mean, half) = duel_support::mean_interval(&self.points);
        let (capped, capped_half) = duel_support::mean_interval(&self.capped);
        let c = &self.counts;
        let cubes: Vec<String> = self
            .by_cube
            .iter()
            .map(|(v, (n, p))| format!("{v}: {n} games {p:+.0} pts"))
            .collect();
        format!(
            "{a:?} vs {b:?}, {nodes} nodes, {} games: {mean:+.3} points a game for A (95% {:+.3} .. {:+.3}); \
             cube capped at {CAPPED_CUBE}: {capped:+.3} (95% {:+.3} .. {:+.3}); doubles {:?} takes {:?} drops {:?} (A, B); draws {}; turns a game {:.0}; final cube {}",
            self.points.len(),
            mean - half,
            mean + half,
            capped - capped_half,
            capped + capped_half,
            c.doubles,
            c.takes,
            c.drops,
            self.draws,
            self.turns as f64 / self.points.len().max(1) as f64,
            cubes.join(", ")
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let duel = DuelArgs::read(&args, USAGE);
    let (a, b, nodes) = (duel.a, duel.b, duel.nodes);
    let work = jobs(duel.rounds);
    let tally = Mutex::new(Tally::default());
    run_parallel(&work, duel.threads, |_, job| {
        let mut g = GameState::standard();
        g.set_terms(Terms {
            cube: true,
            ..Terms::default()
        });
        let start = opening(g, job.x0, job.y0, job.seed());
        let (d, counts) = play_game(start, a, b, job.a_is_x, nodes);
        let x_points = f64::from(d.points_for_x());
        let a_points = if job.a_is_x { x_points } else { -x_points };
        let cube = match d.end {
            DuelEnd::Finished(r) => r.cube,
            _ => 1,
        };
        let capped = a_points * f64::from(CAPPED_CUBE.min(cube)) / f64::from(cube);
        let mut t = tally.lock().unwrap();
        t.points.push(a_points);
        t.capped.push(capped);
        t.counts.add(&counts);
        t.turns += u64::from(d.turns);
        match d.end {
            DuelEnd::Finished(_) => {
                let e = t.by_cube.entry(cube).or_default();
                e.0 += 1;
                e.1 += a_points;
            }
            _ => t.draws += 1,
        }
        // One line a game, to pool runs and recount them.
        eprintln!(
            "game round {} pair {}{} a_is_x {} cube {cube} a_points {a_points:+} turns {}",
            job.round, job.x0, job.y0, job.a_is_x, d.turns
        );
        if t.points.len() % 60 == 0 {
            eprintln!("{}", t.line(a, b, nodes));
        }
    });
    println!("{}", tally.into_inner().unwrap().line(a, b, nodes));
}
