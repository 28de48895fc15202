//! In-process games between two evaluations at a fixed search depth: a quick
//! progress check during training (the referee gives the real measures).

use ncbg::duel::{self, search_turn, DuelRules};
use ncbg::eval::Evaluator;
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher};

/// Score of a set of games for the first player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Score {
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    /// Net points won.
    pub points: i32,
    /// Points won and lost, summed (for the share of points).
    pub points_total: i32,
}

impl Score {
    /// Share of the points won by the first player (0.5 when none scored).
    pub fn share(&self) -> f64 {
        if self.points_total == 0 {
            0.5
        } else {
            0.5 + f64::from(self.points) / (2.0 * f64::from(self.points_total))
        }
    }
}

/// Plays one game from the initial pair (`x0`, `y0`) (a [`duel`]); returns
/// points for X (0 for a draw: `max_turns` reached, or a repetition).
pub fn play(
    x: Box<dyn Evaluator>,
    y: Box<dyn Evaluator>,
    depth: u32,
    x0: u8,
    y0: u8,
    max_turns: u32,
) -> i32 {
    let mut g = GameState::standard();
    if g.pick(x0).is_err() || g.pick(y0).is_err() {
        return 0;
    }
    let mut searchers = [Searcher::new(4, x), Searcher::new(4, y)];
    let limits = Limits {
        depth: Some(depth),
        multipv: 1,
        ..Limits::default()
    };
    let settings = crate::search_settings();
    let rules = DuelRules {
        max_turns,
        repetition: true,
    };
    duel::play(g, &rules, &mut |state, history| {
        let i = state.to_move().index();
        search_turn(&mut searchers[i], state, history, &limits, &settings).map(|r| r.best)
    })
    .points_for_x()
}

/// The 30 initial pairs, each played with both colours: `a` against `b`.
pub fn match_60(
    make_a: &(dyn Fn() -> Box<dyn Evaluator> + Sync),
    make_b: &(dyn Fn() -> Box<dyn Evaluator> + Sync),
    depth: u32,
    jobs: usize,
) -> Score {
    let mut pairs = Vec::new();
    for x0 in 1..=6u8 {
        for y0 in (1..=6u8).filter(|&y| y != x0) {
            pairs.push((x0, y0, true));
            pairs.push((x0, y0, false));
        }
    }
    let results: Vec<i32> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs.max(1))
            .map(|j| {
                let pairs = &pairs;
                s.spawn(move || {
                    pairs
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| i % jobs.max(1) == j)
                        .map(|(_, &(x0, y0, a_is_x))| {
                            if a_is_x {
                                play(make_a(), make_b(), depth, x0, y0, 500)
                            } else {
                                -play(make_b(), make_a(), depth, x0, y0, 500)
                            }
                        })
                        .collect::<Vec<i32>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("arena thread"))
            .collect()
    });
    let mut score = Score::default();
    for p in results {
        score.games += 1;
        score.points += p;
        score.points_total += p.abs();
        if p > 0 {
            score.wins += 1;
        } else if p < 0 {
            score.losses += 1;
        }
    }
    score
}
