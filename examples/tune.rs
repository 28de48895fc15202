//! Evaluation tuning by self-play: the default weights against variants with
//! one weight scaled, at a fixed depth, from diversified openings.
//!
//!     cargo run --release --example tune -- DEPTH GAMES_PER_OPENING_SEED

use ncbg::duel::{self, search_turn, DuelRules};
use ncbg::eval::Handcrafted;
use ncbg::game::GameState;
use ncbg::rng::Rng;
use ncbg::search::{Limits, Searcher, Settings};
use ncbg::turn::random_turn;

fn play(x: &Handcrafted, y: &Handcrafted, start: &GameState, depth: u32) -> i32 {
    let mut s = [
        Searcher::new(8, Box::new(x.clone())),
        Searcher::new(8, Box::new(y.clone())),
    ];
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let rules = DuelRules {
        max_turns: 500,
        repetition: true,
    };
    duel::play(*start, &rules, &mut |state, history| {
        let i = state.to_move().index();
        search_turn(&mut s[i], state, history, &limits, &Settings::default()).map(|r| r.best)
    })
    .points_for_x()
}

fn openings(n: usize) -> Vec<GameState> {
    let mut rng = Rng::new(12345);
    (0..n)
        .map(|_| {
            let mut g = GameState::standard();
            // Turn 0 plus two random turns.
            for _ in 0..4 {
                g = random_turn(&g, &mut rng).unwrap().after(&g);
            }
            g
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().map_or(2, |s| s.parse().unwrap());
    let n: usize = args.get(1).map_or(100, |s| s.parse().unwrap());
    let base = Handcrafted::default();
    let starts = openings(n);
    type Knob = (&'static str, fn(&mut Handcrafted) -> &mut i32);
    let knobs: Vec<Knob> = vec![
        ("pip", |h| &mut h.pip),
        ("home_point", |h| &mut h.home_point),
        ("outer_point", |h| &mut h.outer_point),
        ("prime", |h| &mut h.prime),
        ("anchor", |h| &mut h.anchor),
        ("shot", |h| &mut h.shot),
        ("blot", |h| &mut h.blot),
        ("bar", |h| &mut h.bar),
        ("credit", |h| &mut h.credit),
        ("race_credit", |h| &mut h.race_credit),
        ("gammon", |h| &mut h.gammon),
    ];
    let only: Option<&str> = args.get(2).map(String::as_str);
    for (name, knob) in knobs {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        for scale in [0.0f64, 0.5, 2.0] {
            let mut v = base.clone();
            let w = knob(&mut v);
            *w = (*w as f64 * scale).round() as i32;
            let mut points = 0;
            for start in &starts {
                points += play(&v, &base, start, depth) - play(&base, &v, start, depth);
            }
            println!(
                "{name} x{scale}: variant nets {points:+} points over {} games",
                2 * starts.len()
            );
        }
    }
}
