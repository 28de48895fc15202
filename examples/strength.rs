//! In-process strength check: two search settings play the 30 initial pairs
//! with colours swapped (60 games) and the score is printed.
//!
//!     cargo run --release --example strength -- A B [movetime_ms]
//!
//! A player is `random`, `dN` (fixed depth N) or `tN` (N ms a turn).

use ncbg::duel::{self, search_turn, DuelRules};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher, Settings};
use std::time::Duration;

#[derive(Clone)]
struct Player {
    name: String,
    limits: Limits,
    settings: Settings,
}

fn player(spec: &str, seed: u64) -> Player {
    let mut limits = Limits::default();
    let mut settings = Settings {
        seed,
        ..Settings::default()
    };
    if spec == "random" {
        settings.random = true;
    } else if let Some(d) = spec.strip_prefix('d') {
        limits.depth = Some(d.parse().unwrap());
    } else if let Some(t) = spec.strip_prefix('t') {
        limits.movetime = Some(Duration::from_millis(t.parse().unwrap()));
        settings.move_overhead = Duration::ZERO;
    }
    Player {
        name: spec.to_string(),
        limits,
        settings,
    }
}

/// Plays one game (a [`duel`]); returns points for X (0 for a draw: the
/// 600-turn cap or a repetition) and the turns played.
fn play(x: &Player, y: &Player, x0: u8, y0: u8, seed: u64) -> (i32, usize) {
    let mut g = GameState::standard();
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    let mut searchers = [
        Searcher::new(16, Box::new(NnEval::embedded())),
        Searcher::new(16, Box::new(NnEval::embedded())),
    ];
    let rules = DuelRules {
        max_turns: 600,
        repetition: true,
    };
    let d = duel::play(g, &rules, &mut |state, history| {
        let i = state.to_move().index();
        let p = if i == 0 { x } else { y };
        let mut settings = p.settings.clone();
        settings.seed = seed.wrapping_add(history.len() as u64 * 7919);
        search_turn(&mut searchers[i], state, history, &p.limits, &settings).map(|r| r.best)
    });
    (d.points_for_x(), d.turns as usize)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = player(args.first().map_or("d2", String::as_str), 1);
    let b = player(args.get(1).map_or("d1", String::as_str), 2);
    let (mut wins, mut losses, mut points, mut games, mut turns_total) = (0, 0, 0, 0, 0);
    for x0 in 1..=6u8 {
        for y0 in (1..=6u8).filter(|&y| y != x0) {
            for a_is_x in [true, false] {
                let seed = u64::from(x0) * 10 + u64::from(y0);
                let (pts, turns) = if a_is_x {
                    play(&a, &b, x0, y0, seed)
                } else {
                    let (p, t) = play(&b, &a, x0, y0, seed);
                    (-p, t)
                };
                games += 1;
                turns_total += turns;
                points += pts;
                if pts > 0 {
                    wins += 1;
                } else if pts < 0 {
                    losses += 1;
                }
            }
        }
        eprintln!("after x0={x0}: {} {wins}-{losses} points {points}", a.name);
    }
    println!(
        "{} vs {}: {games} games, {wins} wins, {losses} losses, {} draws, points {points:+}, avg turns {:.0}",
        a.name,
        b.name,
        games - wins - losses,
        turns_total as f64 / games as f64
    );
}
