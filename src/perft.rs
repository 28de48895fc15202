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
use crate::movegen::{count_results, generate};
use crate::pair::Pair;

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
    if depth == 1 {
        // Every leaf position is built; only the recursion into it is skipped.
        return Pair::classic_rolls()
            .map(|roll| {
                buffer.clear();
                generate(pos, roll, buffer);
                buffer.len().max(1) as u64
            })
            .sum();
    }
    let mut total = 0;
    for roll in Pair::classic_rolls() {
        buffer.clear();
        generate(pos, roll, buffer);
        if buffer.is_empty() {
            total += classic_rec(&pos.flip(), depth - 1, rest, bulk);
        } else {
            for i in 0..buffer.len() {
                let next = buffer[i].flip();
                total += classic_rec(&next, depth - 1, rest, bulk);
            }
        }
    }
    total
}
