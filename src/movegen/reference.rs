//! A slow, plain reference generator, written straight from the rules.
//!
//! It tries every order of the numbers and every checker for each step, keeps
//! the sequences that use the most numbers (then the most pips, which picks the
//! larger number when only one can be used), and removes duplicate results with
//! a set. It shares no code with the fast generator, so the two can check each
//! other; use it in tests, not in search. Checkers waiting in the mover's pool
//! (Backgammon Race) are one more source: a waiting checker enters like one on
//! the bar, but only after the bar is empty, and it keeps the mover from
//! bearing off.

use crate::board::{Checkers, Position, BAR, OFF, POOL, SLOTS};
use crate::pair::Pair;
use std::collections::{BTreeSet, HashSet};

/// Both sides as plain arrays: `me[s]` in the mover's slots, `them[s]` in the
/// opponent's own slots.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Board {
    me: [u8; SLOTS],
    them: [u8; SLOTS],
    /// The mover's checkers waiting to enter.
    waiting: u8,
}

impl Board {
    fn legal_step(&self, from: usize, die: usize) -> Option<Board> {
        let mut next = *self;
        if from == POOL {
            if self.waiting == 0 {
                return None;
            }
            next.waiting -= 1;
        } else {
            if self.me[from] == 0 {
                return None;
            }
            next.me[from] -= 1;
        }
        if self.me[BAR] > 0 && from != BAR {
            return None; // Checkers on the bar enter first.
        }
        // From the pool a checker enters as from the bar.
        let start = from.min(BAR);
        if start > die {
            let to = start - die;
            let theirs = 25 - to;
            match self.them[theirs] {
                0 => {}
                1 => {
                    next.them[theirs] = 0;
                    next.them[BAR] += 1;
                }
                _ => return None, // Blocked.
            }
            next.me[to] += 1;
        } else {
            // Bearing off: every checker home, and an exact number or the
            // highest point.
            if (7..=BAR).any(|s| self.me[s] > 0) || self.waiting > 0 {
                return None;
            }
            if from != die && (from + 1..=6).any(|s| self.me[s] > 0) {
                return None;
            }
            next.me[OFF] += 1;
        }
        Some(next)
    }
}

/// Every distinct position reachable with `pair` (not flipped), sorted; empty
/// when no checker can move.
pub fn reference_results(pos: &Position, pair: Pair) -> Vec<Position> {
    if pos.mover().in_play() == 0 || pos.opponent().in_play() == 0 {
        return Vec::new();
    }
    let start = Board {
        me: pos.mover().to_slots(),
        them: pos.opponent().to_slots(),
        waiting: pos.mover().pool(),
    };
    let dice: Vec<usize> = if pair.is_doublet() {
        vec![pair.hi() as usize; 4]
    } else {
        vec![pair.hi() as usize, pair.lo() as usize]
    };
    // (numbers used, pips used) -> results.
    let mut best: (usize, usize) = (0, 0);
    let mut results: BTreeSet<Board> = BTreeSet::new();
    let mut seen = HashSet::new();
    explore(&start, &dice, 0, 0, &mut best, &mut results, &mut seen);
    if best.0 == 0 {
        return Vec::new();
    }
    results
        .into_iter()
        .map(|b| {
            // The pool's checkers are counted as off by the slots, then moved.
            let mut me_slots = b.me;
            me_slots[OFF] += b.waiting;
            let me = Checkers::from_slots(&me_slots)
                .and_then(|c| c.with_pool(b.waiting))
                .expect("checker count kept");
            let mut them_slots = b.them;
            let their_pool = pos.opponent().pool();
            them_slots[OFF] += their_pool;
            let them = Checkers::from_slots(&them_slots)
                .and_then(|c| c.with_pool(their_pool))
                .expect("checker count kept");
            Position::new(me, them).expect("legal steps keep a valid position")
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

fn explore(
    board: &Board,
    dice: &[usize],
    used: usize,
    pips: usize,
    best: &mut (usize, usize),
    results: &mut BTreeSet<Board>,
    seen: &mut HashSet<(Board, Vec<usize>)>,
) {
    // The same board with the same numbers left always ends the same way.
    if !seen.insert((*board, dice.to_vec())) {
        return;
    }
    let mut moved = false;
    for i in 0..dice.len() {
        if dice[..i].contains(&dice[i]) {
            continue; // Same number already tried at this step.
        }
        let mut rest = dice.to_vec();
        let die = rest.remove(i);
        for from in 1..=POOL {
            if let Some(next) = board.legal_step(from, die) {
                moved = true;
                explore(&next, &rest, used + 1, pips + die, best, results, seen);
            }
        }
    }
    if !moved {
        let score = (used, pips);
        if score > *best {
            *best = score;
            results.clear();
        }
        if score == *best {
            results.insert(*board);
        }
    }
}
