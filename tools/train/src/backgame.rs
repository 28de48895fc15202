//! Back-game starts: random states, after every checker has entered, in
//! which one side (the holder) keeps 8 to 11 checkers on two to four
//! anchors in the other's home board and bar point, and the other (the
//! runner) leads the race by 60 pips or more with its checkers at or near
//! home.
//!
//! Why: Backgammon Race's games against the yardstick are lost from such
//! states (ncbg leads the race by 100 to 240 pips once the pools are empty
//! and loses: `docs/lab/race-evaluation.md`), and the nets value them as
//! the runner's. Such states taken from those games, played out by the
//! engine against itself at 100,000 nodes a turn, are mostly the holder's
//! (10 of 12; at one ply all 12 are the runner's): the runner has no
//! timing, its board crunches against the anchors, and the holder picks the
//! number that hits its first blot. Self-play from the race's start never
//! reaches them (both sides hit, and the game stays a hitting war), so
//! `selfplay --back-games` and `td --td-back-games` start a share of their
//! games here, for a net to learn their worth from how they end (with the
//! results of searched games: one-ply play ends them the other way). The
//! states are made from counts alone, not taken from any game.

use ncbg::board::{Checkers, Position};
use ncbg::game::{GameState, Phase};
use ncbg::numbers::Numbers;
use ncbg::rng::Rng;

/// Checkers a side.
const CHECKERS: u8 = 15;

/// The least race lead of the runner in a back-game start, in pips.
pub const MIN_LEAD: u32 = 60;

/// A random back-game start (see the module doc): the side to move, its
/// numbers and credits drawn, k = 6, at the pick; the holder either side.
pub fn start(rng: &mut Rng) -> GameState {
    loop {
        let (runner, holder) = sides(rng);
        if holder.pips() < runner.pips() + MIN_LEAD {
            continue;
        }
        let to_move = crate::either_side(rng);
        let runner_moves = rng.index(2) == 0;
        let position = if runner_moves {
            Position::new(runner, holder)
        } else {
            Position::new(holder, runner)
        };
        // The sides never share a point (`sides` keeps the holder's points
        // apart from the runner's), so the position is always valid.
        let position = position.expect("a back-game start's sides share no point");
        let x = 1 + rng.index(6) as u8;
        let mut y = 1 + rng.index(5) as u8;
        if y >= x {
            y += 1;
        }
        let credits = [rng.index(3) as u8, rng.index(3) as u8];
        let numbers = Numbers::from_parts([Some(x), Some(y)], credits);
        return GameState::new(position, to_move, numbers, 6, Phase::Pick)
            .expect("distinct numbers 1..=6 and credits 0..=2 make a valid state");
    }
}

/// The runner's and the holder's checkers, each in its own coordinates.
fn sides(rng: &mut Rng) -> (Checkers, Checkers) {
    // Runner's points (its own coordinates) the holder occupies.
    let mut taken = [false; 25];
    let mut holder = [0u8; 26];
    // The anchors: two to four of the runner's points 1..=7.
    let mut anchor_points: Vec<usize> = (1..=7).collect();
    rng.shuffle(&mut anchor_points);
    anchor_points.truncate(2 + rng.index(3));
    let back = 8 + rng.index(4) as u8;
    let mut counts = vec![2u8; anchor_points.len()];
    for _ in 0..back as usize - 2 * anchor_points.len() {
        let i = rng.index(counts.len());
        counts[i] += 1;
    }
    for (&q, &n) in anchor_points.iter().zip(&counts) {
        holder[25 - q] = n;
        taken[q] = true;
    }
    // The holder's other checkers, on its points 1..=16.
    for _ in 0..CHECKERS - back {
        let p = 1 + rng.index(16);
        holder[p] += 1;
        taken[25 - p] = true;
    }
    // The runner: up to two far back, up to four in its outer board, the
    // rest home, each on a point the holder does not hold.
    let mut runner = [0u8; 26];
    let far = rng.index(3);
    let outer = rng.index(5);
    let mut place = |lo: usize, hi: usize, n: usize, runner: &mut [u8; 26]| {
        let free: Vec<usize> = (lo..=hi).filter(|&p| !taken[p]).collect();
        for _ in 0..n {
            runner[free[rng.index(free.len())]] += 1;
        }
    };
    place(13, 18, far, &mut runner);
    place(7, 12, outer, &mut runner);
    place(1, 6, CHECKERS as usize - far - outer, &mut runner);
    let side = |slots: [u8; 26]| Checkers::from_slots(&slots).expect("15 checkers a side");
    (side(runner), side(holder))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_game_starts_hold_anchors_against_a_runner_far_ahead() {
        let mut rng = Rng::new(7);
        let mut holder_moves = 0;
        for _ in 0..300 {
            let state = start(&mut rng);
            let p = state.position();
            let (mover, other) = (p.mover(), p.opponent());
            assert_eq!((mover.total(), other.total()), (15, 15));
            assert_eq!((mover.in_play(), other.in_play()), (15, 15));
            assert_eq!(mover.pool() + other.pool(), 0);
            let (holder, runner) = if mover.pips() > other.pips() {
                holder_moves += 1;
                (mover, other)
            } else {
                (other, mover)
            };
            assert!(holder.pips() >= runner.pips() + MIN_LEAD);
            let back: u8 = (18..=24).map(|q| holder.count(q)).sum();
            let anchors = (18..=24).filter(|&q| holder.count(q) >= 2).count();
            assert!((8..=11).contains(&back), "{back} checkers back");
            assert!((2..=4).contains(&anchors), "{anchors} anchors");
            assert!(state.legal_numbers().iter().count() >= 1);
            assert_eq!(state.phase(), Phase::Pick);
        }
        // Either side is to move, about as often.
        assert!((100..=200).contains(&holder_moves), "{holder_moves}");
    }
}
