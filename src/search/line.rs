//! Helpers on lines of play: the principal variation read from the table,
//! which earlier states of the game a line can still repeat, and the
//! ordering and scores of the root choices.

use super::tt::{hash, Table};
use super::Score;
use crate::game::GameState;
use crate::turn::{legal_turns, Turn};

/// The expected line after `first`, following the table's best moves.
pub(super) fn principal_variation(
    tt: &Table,
    state: &GameState,
    first: &Turn,
    depth: u32,
) -> Vec<String> {
    let mut pv = vec![first.token(state)];
    let mut s = first.after(state);
    for _ in 1..depth {
        if s.is_over() {
            break;
        }
        let Some(e) = tt.probe(hash(&s)) else {
            break;
        };
        let choices = legal_turns(&s);
        let Some(c) = choices.get(e.best as usize) else {
            break;
        };
        pv.push(c.token(&s));
        s = c.after(&s);
    }
    pv
}

/// True when `earlier` could occur again after `now`: the same doublet
/// credits and the same checkers borne off on each side.
pub(super) fn could_recur(earlier: &GameState, now: &GameState) -> bool {
    use crate::numbers::Side;
    let off = |g: &GameState, side: Side| {
        if g.to_move() == side {
            g.position().mover().off()
        } else {
            g.position().opponent().off()
        }
    };
    [Side::X, Side::Y].iter().all(|&side| {
        earlier.numbers().credits(side) == now.numbers().credits(side)
            && off(earlier, side) == off(now, side)
    }) && earlier.k() == now.k()
}

/// Sorts choices by value, best first; ties keep their order.
pub(super) fn sort_by_values(choices: &mut [Turn], values: &mut [i32]) {
    let mut idx: Vec<usize> = (0..choices.len()).collect();
    idx.sort_by_key(|&i| std::cmp::Reverse(values[i]));
    let c: Vec<Turn> = idx.iter().map(|&i| choices[i]).collect();
    let v: Vec<i32> = idx.iter().map(|&i| values[i]).collect();
    choices.copy_from_slice(&c);
    values.copy_from_slice(&v);
}

pub(super) fn score_of(v: i32) -> Score {
    Score {
        value: v,
        exact: v != 0 && v % 1000 == 0,
    }
}
