//! Perft: counting the nodes of the game tree to a fixed depth, to check move
//! generation against other programs and to benchmark it.
//!
//! Two trees are counted:
//! - classic: each ply sums over the 21 dice rolls (unweighted) the distinct
//!   positions the roll leads to; a roll with no legal play counts once (the
//!   position passes to the opponent unchanged);
//! - NC: each ply is a legal number pick plus a distinct resulting position; a
//!   number with no legal checker play counts once; a finished game is a leaf.
//!
//! At the last ply only counts are needed, so leaves are counted with
//! [`count_results`] rather than generated ("bulk counting"); the
//! `*_generated` variants build every leaf position instead, for comparison.

use crate::board::Position;
use crate::game::GameState;
use crate::movegen::{count_results, generate, generate_prepared, Prepared};
use crate::pair::Pair;
use std::sync::atomic::AtomicBool;

/// Classic perft from `pos` (side to move's view), counting leaves in bulk.
pub fn classic(pos: &Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    classic_rec(pos, depth, &mut buffers, true)
}

/// Classic perft that generates every leaf position instead of counting.
pub fn classic_generated(pos: &Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    classic_rec(pos, depth, &mut buffers, false)
}

fn classic_rec(pos: &Position, depth: u32, buffers: &mut [Vec<Position>], bulk: bool) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    if depth == 1 && bulk {
        return Pair::classic_rolls()
            .map(|roll| count_results(pos, roll).max(1) as u64)
            .sum();
    }
    let (buffer, rest) = buffers.split_first_mut().expect("one buffer per ply");
    let prepared = Prepared::new(pos);
    if depth == 1 {
        // Every leaf position is built; only the recursion into it is skipped.
        return Pair::classic_rolls()
            .map(|roll| {
                buffer.clear();
                generate_prepared(&prepared, roll, buffer);
                buffer.len().max(1) as u64
            })
            .sum();
    }
    let mut total = 0;
    for roll in Pair::classic_rolls() {
        buffer.clear();
        generate_prepared(&prepared, roll, buffer);
        if buffer.is_empty() {
            total += classic_rec(&pos.flip(), depth - 1, rest, bulk);
        } else {
            for next in buffer.iter() {
                total += classic_rec(&next.flip(), depth - 1, rest, bulk);
            }
        }
    }
    total
}

/// NC perft from `state`, counting leaves in bulk. A ply is a pick plus a
/// distinct resulting position (in turn 0: a pick alone; with the number
/// already picked: the play alone).
pub fn nc(state: &GameState, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    nc_rec(state, depth, &mut buffers, true, None)
}

/// [`nc`] that gives up when `stop` is set (checked at every node two or
/// more plies above the leaves): the count so far and whether it is whole.
pub fn nc_until(state: &GameState, depth: u32, stop: &AtomicBool) -> (u64, bool) {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    let n = nc_rec(state, depth, &mut buffers, true, Some(stop));
    (n, !crate::host::stop_requested(stop))
}

/// NC perft that generates every leaf position instead of counting.
pub fn nc_generated(state: &GameState, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    nc_rec(state, depth, &mut buffers, false, None)
}

fn nc_rec(
    state: &GameState,
    depth: u32,
    buffers: &mut [Vec<Position>],
    bulk: bool,
    stop: Option<&AtomicBool>,
) -> u64 {
    if depth == 0 || state.is_over() {
        return 1;
    }
    if depth >= 2 && stop.is_some_and(crate::host::stop_requested) {
        return 0;
    }
    if state.in_opening() {
        return state
            .legal_numbers()
            .iter()
            .map(|n| nc_rec(&state.after_opening_pick(n), depth - 1, buffers, bulk, stop))
            .sum();
    }
    let (buffer, rest) = buffers.split_first_mut().expect("one buffer per ply");
    let mut total = 0;
    // (number picked now, pair): one entry when the pick is already made.
    let picks: Vec<(Option<u8>, Pair)> = match state.pending_pair() {
        Some(pair) => vec![(None, pair)],
        None => state
            .legal_numbers()
            .iter()
            .filter_map(|n| state.pair_for(n).map(|p| (Some(n), p)))
            .collect(),
    };
    let pos = state.position();
    for (n, pair) in picks {
        let child = |after: Position| match n {
            Some(n) => state.child(n, after),
            None => state.after_play(after),
        };
        if depth == 1 && bulk {
            total += count_results(pos, pair).max(1) as u64;
            continue;
        }
        buffer.clear();
        generate(pos, pair, buffer);
        if depth == 1 {
            total += buffer.len().max(1) as u64;
        } else if buffer.is_empty() {
            total += nc_rec(&child(*pos), depth - 1, rest, bulk, stop);
        } else {
            for &after in buffer.iter() {
                total += nc_rec(&child(after), depth - 1, rest, bulk, stop);
            }
        }
    }
    total
}
