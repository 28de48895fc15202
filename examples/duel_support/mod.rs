//! What the in-process cube duels share (`cube_duel`: money games,
//! `match_duel`: matches): the cube policies, the openings, one game of
//! two policies on the same checker engine, the parallel loop and the
//! statistics.
//!
//! Both sides play their checkers with the same search (the embedded net,
//! a node limit a turn); they differ in their cube decisions and, for
//! [`Policy::Money`] in a match, in their evaluation.

use ncbg::cube::{Cube, CubeAction, MatchScore, Terms};
use ncbg::duel::{self, Duel, DuelRules};
use ncbg::eval::cube::{MatchAware, MwcScale};
use ncbg::eval::{Evaluator, NnEval};
use ncbg::game::{GameState, Phase};
use ncbg::rng::Rng;
use ncbg::search::{Limits, SearchResult, Searcher, Settings, StopFlag};
use ncbg::turn::{random_turn, Turn};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The cube efficiency of the engine (`ncbg::eval::cube::CUBE_EFFICIENCY`).
pub use ncbg::eval::cube::CUBE_EFFICIENCY;

/// How a side makes its cube decisions (and, for `Money`, evaluates).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Policy {
    /// The engine's: net chances and `ncbg::search::cube::decide_with`
    /// at this cube efficiency, with the match score in a match; checker
    /// play by the match-aware evaluation.
    Cubeful(f64),
    /// Money decisions whatever the score: the same cube decision on the
    /// state taken as a money game (cube on, no Jacoby), checker play by
    /// the cubeless money evaluation. In money play it is `Cubeful`.
    Money(f64),
    /// Money cube decisions as `Money`, checker play by the match-aware
    /// evaluation as `Cubeful`: it tells the cube's part of a match from
    /// the checker play's.
    MoneyCube(f64),
    /// `Cubeful` with the match-aware values written as `(2 MWC - 1) x
    /// 1000` ([`MwcScale::Linear`]), off the scale of finished games.
    Linear(f64),
    /// Never doubles, always takes.
    Never,
    /// Doubles at 70% to win by the net, takes at 25% or more.
    Threshold,
}

impl Policy {
    /// `cubeful`, `cubeful@X` (efficiency X), `money`, `money@X`,
    /// `moneycube`, `moneycube@X`, `linear`, `linear@X`, `never` or
    /// `threshold`.
    pub fn parse(s: &str) -> Result<Policy, String> {
        let (name, x) = match s.split_once('@') {
            Some((name, x)) => (
                name,
                x.parse::<f64>()
                    .ok()
                    .filter(|x| (0.0..=1.0).contains(x))
                    .ok_or(format!("efficiency {x}: a number in 0..=1"))?,
            ),
            None => (s, CUBE_EFFICIENCY),
        };
        match name {
            "cubeful" => Ok(Policy::Cubeful(x)),
            "money" => Ok(Policy::Money(x)),
            "moneycube" => Ok(Policy::MoneyCube(x)),
            "linear" => Ok(Policy::Linear(x)),
            "never" if !s.contains('@') => Ok(Policy::Never),
            "threshold" if !s.contains('@') => Ok(Policy::Threshold),
            _ => Err(format!(
                "policy {s}: cubeful[@X], money[@X], moneycube[@X], linear[@X], never or threshold"
            )),
        }
    }

    /// The cube action this policy takes in `state`, when a cube decision
    /// is due.
    pub fn cube_choice(self, state: &GameState, nn: &NnEval) -> Option<CubeAction> {
        let due = state.phase() == Phase::Take || state.may_double();
        if !due {
            return None;
        }
        match self {
            Policy::Cubeful(x) | Policy::Linear(x) => {
                ncbg::search::cube::decide_with(state, nn, x)?.action
            }
            Policy::Money(x) | Policy::MoneyCube(x) => {
                let mut money = *state;
                if state.match_score().is_some() {
                    money.set_match(None);
                    money.set_terms(Terms {
                        cube: true,
                        jacoby: false,
                        ..*state.terms()
                    });
                }
                ncbg::search::cube::decide_with(&money, nn, x)?.action
            }
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

    /// The evaluation of this policy's checker play.
    pub fn evaluator(self) -> Box<dyn Evaluator> {
        match self {
            Policy::Money(_) => Box::new(NnEval::embedded()),
            Policy::Linear(_) => {
                Box::new(MatchAware::with_scale(NnEval::embedded(), MwcScale::Linear))
            }
            _ => Box::new(MatchAware::new(NnEval::embedded())),
        }
    }
}

/// One game to play: the round, the opening pair, and whether A plays X.
#[derive(Clone, Copy, Debug)]
pub struct Job {
    /// Seeds the random turns after the opening pair.
    pub round: u64,
    /// X's opening number.
    pub x0: u8,
    /// Y's opening number.
    pub y0: u8,
    /// A plays X (else Y).
    pub a_is_x: bool,
}

impl Job {
    /// The seed of this job's random turns (the same for both colours).
    pub fn seed(&self) -> u64 {
        self.round * 1000 + u64::from(self.x0) * 10 + u64::from(self.y0)
    }
}

/// The rounds `rounds` of the 30 opening pairs, each played with
/// colours swapped: 60 jobs a round.
pub fn jobs(rounds: std::ops::Range<u64>) -> Vec<Job> {
    let mut work = Vec::new();
    for round in rounds {
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
    work
}

/// `g` after the opening pair `(x0, y0)` and two random turns seeded by
/// `seed`.
pub fn opening(mut g: GameState, x0: u8, y0: u8, seed: u64) -> GameState {
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..2 {
        if let Some(turn) = random_turn(&g, &mut rng) {
            g = turn.after(&g);
        }
    }
    g
}

/// The cube actions of one game, A's at index 0, B's at 1.
#[derive(Clone, Copy, Default, Debug)]
pub struct CubeCounts {
    /// Doubles offered.
    pub doubles: [u32; 2],
    /// Doubles taken.
    pub takes: [u32; 2],
    /// Doubles dropped.
    pub drops: [u32; 2],
}

impl CubeCounts {
    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &CubeCounts) {
        for k in 0..2 {
            self.doubles[k] += other.doubles[k];
            self.takes[k] += other.takes[k];
            self.drops[k] += other.drops[k];
        }
    }
}

/// One side's checker engine in a duel: its searcher, whose transposition
/// table is emptied whenever the stakes (the match score, the cube) differ
/// from its last search's, as the engine's `go` does (`src/engine/
/// session.rs`): the match-aware values depend on them, and the table's key
/// does not hold them, so a value stored at cube 1 must not answer at
/// cube 2.
pub struct Player {
    searcher: Searcher,
    stakes: Option<(Option<MatchScore>, Cube)>,
}

impl Player {
    /// A player with a 16 MiB table and `eval`.
    pub fn new(eval: Box<dyn Evaluator>) -> Player {
        Player {
            searcher: Searcher::new(16, eval),
            stakes: None,
        }
    }

    /// The best turn of `state` (the game's earlier states `history`) by
    /// a search within `limits`.
    pub fn best(
        &mut self,
        state: &GameState,
        history: &[GameState],
        limits: &Limits,
    ) -> Option<Turn> {
        self.search(state, history, limits).map(|r| r.best)
    }

    /// The search behind [`Player::best`].
    pub fn search(
        &mut self,
        state: &GameState,
        history: &[GameState],
        limits: &Limits,
    ) -> Option<SearchResult> {
        let stakes = (state.match_score().copied(), state.cube());
        if self.stakes != Some(stakes) {
            self.searcher.clear();
        }
        self.stakes = Some(stakes);
        self.searcher.set_history(history);
        self.searcher.search(
            state,
            limits,
            &Settings::default(),
            &StopFlag::new(false),
            &mut |_| {},
        )
    }
}

/// Plays `start` to its end: `a` against `b`, A playing X when `a_is_x`,
/// both with searches of `nodes` nodes a turn.
pub fn play_game(
    start: GameState,
    a: Policy,
    b: Policy,
    a_is_x: bool,
    nodes: u64,
) -> (Duel, CubeCounts) {
    let nn = NnEval::embedded();
    let (px, py) = if a_is_x { (a, b) } else { (b, a) };
    let mut players = [Player::new(px.evaluator()), Player::new(py.evaluator())];
    let rules = DuelRules {
        max_turns: 600,
        repetition: true,
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut counts = CubeCounts::default();
    let d = duel::play(start, &rules, &mut |state, history| {
        let i = state.to_move().index();
        let is_a = (i == 0) == a_is_x;
        let p = if is_a { a } else { b };
        let who = usize::from(!is_a);
        if let Some(action) = p.cube_choice(state, &nn) {
            match action {
                CubeAction::Double => counts.doubles[who] += 1,
                CubeAction::Take | CubeAction::Beaver => counts.takes[who] += 1,
                CubeAction::Drop => counts.drops[who] += 1,
            }
            return Some(Turn::Cube(action));
        }
        players[i].best(state, history, &limits)
    });
    (d, counts)
}

/// Runs `f` on every item of `work` on `threads` threads; `f` gets the
/// item's index.
pub fn run_parallel<T: Sync>(work: &[T], threads: usize, f: impl Fn(usize, &T) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = work.get(i) else {
                    break;
                };
                f(i, item);
            });
        }
    });
}

/// The mean of `xs` and the half width of its 95% interval (normal
/// approximation, sample variance).
pub fn mean_interval(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return (xs.iter().sum::<f64>() / n.max(1.0), f64::INFINITY);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The arguments both duels start with: `A B NODES ROUNDS|A..B [JOBS]`.
pub struct DuelArgs {
    /// The first policy, whose gain is printed.
    pub a: Policy,
    /// Its opponent.
    pub b: Policy,
    /// Nodes a turn for both.
    pub nodes: u64,
    /// The rounds to play.
    pub rounds: std::ops::Range<u64>,
    /// Threads (1 unless given).
    pub threads: usize,
}

impl DuelArgs {
    /// Reads them from `args`; a missing or bad one ends the program with
    /// `usage`.
    pub fn read(args: &[String], usage: &str) -> DuelArgs {
        DuelArgs {
            a: policy_arg(args, 0, usage),
            b: policy_arg(args, 1, usage),
            nodes: arg(args, 2, usage, None),
            rounds: rounds_arg(args, 3, usage),
            threads: arg(args, 4, usage, Some(1)),
        }
    }
}

/// Command-line argument `i` read as a `T` (`default` when it is absent);
/// a missing or unreadable one ends the program with `usage`.
pub fn arg<T: std::str::FromStr>(args: &[String], i: usize, usage: &str, default: Option<T>) -> T {
    let value = match args.get(i) {
        Some(s) => s.parse().ok(),
        None => default,
    };
    value.unwrap_or_else(|| {
        eprintln!("usage: {usage}");
        std::process::exit(2)
    })
}

/// Command-line argument `i` as rounds: `N` (rounds 0 to N - 1) or
/// `A..B` (rounds A to B - 1, to add to an earlier run's); a bad one ends
/// the program.
fn rounds_arg(args: &[String], i: usize, usage: &str) -> std::ops::Range<u64> {
    let s: String = arg(args, i, usage, None);
    let parse = |t: &str| t.parse::<u64>().ok();
    let range = match s.split_once("..") {
        Some((a, b)) => parse(a).zip(parse(b)).map(|(a, b)| a..b),
        None => parse(&s).map(|n| 0..n),
    };
    range.unwrap_or_else(|| {
        eprintln!("rounds {s}: N or A..B\nusage: {usage}");
        std::process::exit(2)
    })
}

/// Command-line argument `i` as a policy; a bad one ends the program.
fn policy_arg(args: &[String], i: usize, usage: &str) -> Policy {
    let s: String = arg(args, i, usage, None);
    Policy::parse(&s).unwrap_or_else(|e| {
        eprintln!("{e}\nusage: {usage}");
        std::process::exit(2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5-point match at 0-0, cube 1, after the opening pair (3, 5) and
    /// six random turns.
    fn match_state() -> GameState {
        let mut g = GameState::standard();
        g.set_terms(Terms {
            cube: true,
            ..Terms::default()
        });
        g.set_match(Some(MatchScore::new(5).unwrap()));
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        let mut rng = Rng::new(7);
        for _ in 0..6 {
            g = random_turn(&g, &mut rng).unwrap().after(&g);
        }
        g
    }

    #[test]
    fn a_player_searches_a_doubled_cube_afresh() {
        let limits = Limits {
            nodes: Some(3000),
            ..Limits::default()
        };
        let at_1 = match_state();
        let mut at_2 = at_1;
        at_2.set_cube(Cube::new(2, Some(at_1.to_move().other())).unwrap());
        let fresh = Player::new(Policy::Cubeful(CUBE_EFFICIENCY).evaluator())
            .search(&at_2, &[], &limits)
            .unwrap();
        // The same player searched the position at cube 1 first: what its
        // table kept from there must not change the answer at cube 2.
        let mut player = Player::new(Policy::Cubeful(CUBE_EFFICIENCY).evaluator());
        let before = player.search(&at_1, &[], &limits).unwrap();
        let after = player.search(&at_2, &[], &limits).unwrap();
        assert_ne!(
            before.score, fresh.score,
            "the cube changes the match-aware value (else this test shows nothing)"
        );
        assert_eq!(
            (after.best, after.score, after.nodes),
            (fresh.best, fresh.score, fresh.nodes)
        );
    }
}
