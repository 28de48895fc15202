//! Counting distinct results without building them, for perft leaves.
//!
//! When no checker can bear off during the play, the legality of every step is
//! static (blocks never change within a turn), and the number of distinct
//! results follows from a few bitset operations over the points. Plays that may
//! bear off fall back to the generator with a counting sink. The property tests
//! check this count against the generator on random positions.

use super::{doublet, generate, Counter};
use crate::board::{Position, BAR, POINT_BITS};
use crate::pair::Pair;

/// Number of distinct positions reachable with `pair`; 0 when no checker can
/// move (or the game is over).
pub fn count_results(pos: &Position, pair: Pair) -> usize {
    let mover = pos.mover();
    if mover.in_play() == 0 || pos.opponent().in_play() == 0 {
        return 0;
    }
    if mover.pool() > 0 {
        return count_by_generating(pos, pair);
    }
    let (a, b) = (pair.hi() as usize, pair.lo() as usize);
    if a == b {
        return count_doublet(pos, a);
    }
    let open = POINT_BITS & !pos.blocked();
    match mover.bar() {
        0 if mover.outside_home() >= 2 => count_mixed_static(pos, open, a, b),
        0 => count_by_generating(pos, pair),
        1 => count_one_on_bar(pos, open, a, b),
        _ => usize::from(open & ((1 << (BAR - a)) | (1 << (BAR - b))) != 0),
    }
}

fn count_by_generating(pos: &Position, pair: Pair) -> usize {
    let mut c = Counter::default();
    generate(pos, pair, &mut c);
    c.0
}

#[inline(always)]
fn pop(x: u32) -> usize {
    x.count_ones() as usize
}

/// Both numbers used, no bar, no bear-off possible.
fn count_mixed_static(pos: &Position, open: u32, a: usize, b: usize) -> usize {
    let mover = pos.mover();
    let occupied = mover.occupied();
    let twice = mover.occupied_twice();
    let blots = pos.opponent_blots();
    let sources_a = occupied & (open << a);
    let sources_b = occupied & (open << b);
    // Splits: every (p by a, q by b) pair, minus one checker used twice, minus
    // the chained pairs that are really combined moves.
    let split = pop(sources_a) * pop(sources_b)
        - pop(sources_a & sources_b & !twice)
        - pop(sources_a & (sources_b << a))
        - pop(sources_b & (sources_a << b));
    // Combined moves: one result per open route, two when a route hits.
    let ends = occupied & (open << (a + b));
    let via_a = ends & (open << a);
    let via_b = ends & (open << b);
    let combined = pop(via_a | via_b) + pop(via_a & via_b & ((blots << a) | (blots << b)));
    match split + combined {
        0 if sources_a != 0 => pop(sources_a),
        0 => pop(sources_b),
        n => n,
    }
}

/// One checker on the bar, different numbers.
fn count_one_on_bar(pos: &Position, open: u32, a: usize, b: usize) -> usize {
    let board = pos.mover().occupied() & POINT_BITS;
    let blots = pos.opponent_blots();
    let (enter_a, enter_b) = (BAR - a, BAR - b);
    let is_open = |p: usize| open & (1 << p) != 0;
    let end_open = is_open(BAR - a - b);
    let via_a = is_open(enter_a) && end_open;
    let via_b = is_open(enter_b) && end_open;
    let hits_between = blots & ((1 << enter_a) | (1 << enter_b)) != 0;
    let mut n = usize::from(via_a || via_b) + usize::from(via_a && via_b && hits_between);
    if is_open(enter_a) {
        n += pop(board & (open << b) & !(1 << enter_a));
    }
    if is_open(enter_b) {
        n += pop(board & (open << a) & !(1 << enter_b));
    }
    if n == 0 {
        n = usize::from(is_open(enter_a) || is_open(enter_b));
    }
    n
}

/// Doublets: enter what must enter, then count multisets of moves.
fn count_doublet(pos: &Position, die: usize) -> usize {
    let Some((entered, _, left)) = doublet::enter_from_bar(pos, die) else {
        return 0;
    };
    if left == 0 {
        return 1;
    }
    if usize::from(entered.mover().outside_home()) > left {
        // Not every checker can get home during the play: no bear-off, so the
        // moves out of each point are limited only by blocks and checkers.
        let n = count_doublet_static(&entered, die, left);
        if n == 0 && left < 4 {
            return 1; // The entering steps alone.
        }
        return n;
    }
    count_by_generating(pos, Pair::new(die as u8, die as u8).expect("valid die"))
}

/// Number of ways to choose how many moves leave each point (`m[p]`, moves from
/// `p` land on `p - die`), using as many moves as possible up to `left`, when no
/// bear-off is possible. A point can send on at most its own checkers plus those
/// arriving from `p + die`; distinct choices give distinct positions.
fn count_doublet_static(pos: &Position, die: usize, left: usize) -> usize {
    let mover = pos.mover();
    let open = POINT_BITS & !pos.blocked();
    // Points whose checkers can step: p - die is an open point.
    let movable = (open << die) & POINT_BITS;
    // ways[u]: number of choices over the chains done so far using u moves.
    let mut ways = [0u32; 5];
    ways[0] = 1;
    for start in (24 - die + 1..=24).rev() {
        // One chain: start, start - die, start - 2 die, ...
        // chain[u][c]: choices using u moves so far with c checkers arriving
        // at the current point from the point above.
        let mut chain = [[0u32; 5]; 5];
        chain[0][0] = 1;
        let mut p = start;
        let mut any = false;
        loop {
            let here = usize::from(mover.count(p));
            if movable & (1 << p) != 0 && (here > 0 || any) {
                let mut next = [[0u32; 5]; 5];
                for (u, row) in chain.iter().enumerate() {
                    for (c, &w) in row.iter().enumerate() {
                        if w == 0 {
                            continue;
                        }
                        let most = (here + c).min(left - u);
                        for m in 0..=most {
                            next[u + m][m] += w;
                        }
                    }
                }
                chain = next;
                any = true;
            } else if any {
                // Nothing leaves p: arrivals stop here.
                let mut next = [[0u32; 5]; 5];
                for (u, row) in chain.iter().enumerate() {
                    next[u][0] = row.iter().sum();
                }
                chain = next;
            }
            if p <= die {
                break;
            }
            p -= die;
        }
        let mut per_moves = [0u32; 5];
        for (u, row) in chain.iter().enumerate() {
            per_moves[u] = row.iter().sum();
        }
        let mut combined = [0u32; 5];
        for (u, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for (v, &x) in per_moves.iter().enumerate().take(left + 1 - u) {
                combined[u + v] += w * x;
            }
        }
        ways = combined;
    }
    (1..=left)
        .rev()
        .find(|&u| ways[u] > 0)
        .map_or(0, |u| ways[u] as usize)
}
