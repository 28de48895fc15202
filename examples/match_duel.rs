//! In-process match skill check: matches to LENGTH points (Crawford rule)
//! between two policies on the same checker engine (a search of `nodes`
//! nodes a turn with the embedded net); the share of matches the first
//! wins is printed with a 95% interval.
//!
//!     cargo run --release --example match_duel -- A B NODES ROUNDS|A..B [JOBS] [LENGTH]
//!
//! A policy is `cubeful` (the engine's match mode: checker play by the
//! match-aware evaluation, `ncbg::eval::cube::MatchAware`, and cube
//! decisions by `ncbg::search::cube::decide` with the match score),
//! `money` (checker play by the cubeless money evaluation, cube decisions
//! of a money game whatever the score), `moneycube` (money cube decisions,
//! match-aware checker play: it parts the cube's share of the difference
//! from the checker play's), `linear` (`cubeful` with the match-aware
//! values off the scale of finished games, `MwcScale::Linear`), `never` or
//! `threshold` (the money duel's,
//! `examples/cube_duel.rs`); `cubeful@X`, `money@X`, `moneycube@X` at
//! cube efficiency X. LENGTH is 5 unless given; START is the score every
//! match starts at (A's score, then B's: `4-2`, `4-2c` for the Crawford
//! game, `4-2p` post-Crawford), 0-0 unless given.
//!
//! A round is 60 matches: the 30 opening pairs start the first game of a
//! match, each pair twice with colours swapped (A plays X in the first game
//! of one and Y in the other's; the colours change every game, as the
//! rules say). Every game starts with an opening pair and two
//! random turns: the first game's pair is the round's, later games draw
//! theirs from a generator seeded by the match, the same for both colours.
//! A drawn game (turn cap, repetition) is played again at the same score.
//! ROUNDS `A..B` plays rounds A to B - 1 (to add to an earlier run of
//! rounds 0 to A - 1). A running line goes to stderr every 60 matches, and a
//! `game ...` line after each finished game (the score before it as A's and
//! B's points to go, the final cube, the winner, its kind, a drop).

mod duel_support;

use duel_support::{arg, jobs, opening, play_game, run_parallel, CubeCounts, DuelArgs, Policy};
use ncbg::cube::{Crawford, MatchProgress, MatchScore, Terms};
use ncbg::duel::DuelEnd;
use ncbg::game::GameState;
use ncbg::numbers::Side;
use ncbg::rng::Rng;
use std::sync::Mutex;

const USAGE: &str = "match_duel A B NODES ROUNDS|A..B [JOBS] [LENGTH] [START]  \
     (A, B: cubeful[@X], money[@X], moneycube[@X], linear[@X], never, threshold; \
     START: A's score-B's score, then c for the Crawford game or p for post-Crawford)";

/// The score a match starts at, from `s` (`A-B`, `A-Bc`, `A-Bp`: A's
/// score, B's, and the Crawford state), with A playing X when `a_is_x`.
fn start_score(length: u16, s: &str, a_is_x: bool) -> Result<MatchScore, String> {
    let (body, crawford) = match s.strip_suffix('c') {
        Some(b) => (b, Crawford::Game),
        None => match s.strip_suffix('p') {
            Some(b) => (b, Crawford::After),
            None => (s, Crawford::Before),
        },
    };
    let (a, b) = body
        .split_once('-')
        .and_then(|(a, b)| Some((a.parse::<u16>().ok()?, b.parse::<u16>().ok()?)))
        .ok_or(format!("start {s}: A-B[c|p]"))?;
    let score = if a_is_x { [a, b] } else { [b, a] };
    MatchScore::with_score(length, score, crawford)
}

/// Games in one match before it is given up as unfinished (drawn games
/// count).
const MAX_GAMES: u32 = 100;

/// What the matches so far gave.
#[derive(Default)]
struct Tally {
    /// 1 for a match A won, 0 for one it lost.
    wins: Vec<f64>,
    /// Matches stopped at [`MAX_GAMES`].
    unfinished: u32,
    games: u32,
    draws: u32,
    crawford_games: u32,
    /// Games won by a gammon or more, A's and B's.
    gammons: [u32; 2],
    counts: CubeCounts,
}

impl Tally {
    fn line(&self, a: Policy, b: Policy, nodes: u64, length: u16) -> String {
        let (share, half) = duel_support::mean_interval(&self.wins);
        let c = &self.counts;
        format!(
            "{a:?} vs {b:?}, {length}-point matches, {nodes} nodes, {} matches: A won {:.1}% (95% {:.1} .. {:.1}); \
             games {} ({:.2} a match, {} Crawford games, {} draws); gammons {:?}; doubles {:?} takes {:?} drops {:?} (A, B); unfinished {}",
            self.wins.len(),
            100.0 * share,
            100.0 * (share - half),
            100.0 * (share + half),
            self.games,
            f64::from(self.games) / self.wins.len().max(1) as f64,
            self.crawford_games,
            self.draws,
            self.gammons,
            c.doubles,
            c.takes,
            c.drops,
            self.unfinished
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let duel = DuelArgs::read(&args, USAGE);
    let (a, b, nodes) = (duel.a, duel.b, duel.nodes);
    let length: u16 = arg(&args, 5, USAGE, Some(5));
    let start: String = arg(&args, 6, USAGE, Some("0-0".to_string()));
    let first = |a_is_x: bool| {
        start_score(length, &start, a_is_x).unwrap_or_else(|e| {
            eprintln!("{e}\nusage: {USAGE}");
            std::process::exit(2)
        })
    };
    first(true);
    let work = jobs(duel.rounds);
    let tally = Mutex::new(Tally::default());
    let a_side = |a_is_x: bool| if a_is_x { Side::X } else { Side::Y };
    run_parallel(&work, duel.threads, |_, job| {
        // The colours change every game (rules.md §8): A plays X in the
        // match's first game when `job.a_is_x`, then every other game.
        let mut a_is_x = job.a_is_x;
        let mut score = first(a_is_x);
        let mut rng = Rng::new(job.seed());
        let (mut games, mut draws, mut crawford_games) = (0, 0, 0);
        let mut gammons = [0; 2];
        let mut counts = CubeCounts::default();
        let winner = loop {
            if games == MAX_GAMES {
                break None;
            }
            let (x0, y0) = if games == 0 {
                (job.x0, job.y0)
            } else {
                let x0 = rng.below(6) as u8 + 1;
                let y0 = (rng.below(5) as u8 + x0) % 6 + 1;
                (x0, y0)
            };
            let mut g = GameState::standard();
            g.set_terms(Terms {
                cube: true,
                ..Terms::default()
            });
            g.set_match(Some(score));
            let start = opening(g, x0, y0, rng.next_u64());
            games += 1;
            crawford_games += u32::from(score.is_crawford_game());
            let (d, c) = play_game(start, a, b, a_is_x, nodes);
            counts.add(&c);
            let DuelEnd::Finished(r) = d.end else {
                draws += 1;
                score = score.after_draw().colours_changed();
                a_is_x = !a_is_x;
                continue;
            };
            let a_won = r.winner == a_side(a_is_x);
            if r.kind.points() > 1 && !r.dropped {
                gammons[usize::from(!a_won)] += 1;
            }
            // One line a game, to recount the run by score.
            let (a, b) = (a_side(a_is_x), a_side(!a_is_x));
            eprintln!(
                "game round {} pair {}{} a_is_x {} away {} {} {:?} cube {} winner {} kind {} dropped {} turns {}",
                job.round,
                job.x0,
                job.y0,
                a_is_x,
                score.away(a),
                score.away(b),
                score.crawford(),
                r.cube,
                if a_won { "A" } else { "B" },
                r.kind.points(),
                r.dropped,
                d.turns
            );
            match score.after_game(r.winner, r.points) {
                MatchProgress::Next(next) => {
                    score = next.colours_changed();
                    a_is_x = !a_is_x;
                }
                MatchProgress::Won { winner, .. } => break Some(winner == a_side(a_is_x)),
            }
        };
        let mut t = tally.lock().unwrap();
        match winner {
            Some(a_won) => t.wins.push(f64::from(u8::from(a_won))),
            None => t.unfinished += 1,
        }
        t.games += games;
        t.draws += draws;
        t.crawford_games += crawford_games;
        for (total, g) in t.gammons.iter_mut().zip(gammons) {
            *total += g;
        }
        t.counts.add(&counts);
        if (t.wins.len() + t.unfinished as usize) % 60 == 0 {
            eprintln!("{}", t.line(a, b, nodes, length));
        }
    });
    println!("{}", tally.into_inner().unwrap().line(a, b, nodes, length));
}
