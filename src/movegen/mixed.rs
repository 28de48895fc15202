//! Plays for a pair of different numbers `a > b`.
//!
//! A play that uses both numbers moves either one checker by `a + b`
//! ("combined", through `r - a` or `r - b`), or two different checkers, one by `a`
//! and one by `b` ("split"). A split where one checker starts on the point the
//! other lands on is indistinguishable from a combined move, so splits skip
//! those; the rest of the split results are all distinct, and distinct from
//! every combined result. The two routes of a combined move give the same
//! result unless a route hits a blot on its intermediate point. This yields
//! every result exactly once with no hashing.

use super::{bits, step_target, PlaySink, Prepared};
use crate::board::{unit, Checkers, Position, BAR, POINT_BITS};
use crate::play::{Play, Step};

pub(super) fn generate<S: PlaySink>(prepared: &Prepared, a: usize, b: usize, sink: &mut S) {
    debug_assert!(a > b);
    let pos = &prepared.pos;
    match pos.mover().bar() {
        0 => from_board(prepared, a, b, sink),
        1 => one_on_bar(pos, a, b, sink),
        _ => several_on_bar(pos, a, b, sink),
    }
}

/// Makes `from -> to` on a copy and records the step.
#[inline(always)]
fn stepped(pos: &Position, play: Play, from: usize, to: usize) -> (Position, Play) {
    let mut next = *pos;
    next.move_checker(from, to);
    let mut play = play;
    play.push(Step::new(from, to));
    (next, play)
}

/// The result of moving the checker on `r` by `first` then by `second`, if both
/// steps are legal (the intermediate point must be on the board).
#[inline(always)]
fn combined_route(
    pos: &Position,
    r: usize,
    first: usize,
    second: usize,
) -> Option<(Position, Play)> {
    let mid = step_target(pos, r, first).filter(|&m| m != 0)?;
    let (p1, play) = stepped(pos, Play::NONE, r, mid);
    let to = step_target(&p1, mid, second)?;
    Some(stepped(&p1, play, mid, to))
}

/// Both routes of a combined move from `r`; returns whether any was legal.
#[inline(always)]
fn combined<S: PlaySink>(pos: &Position, r: usize, a: usize, b: usize, sink: &mut S) -> bool {
    let via_a = if r > a {
        combined_route(pos, r, a, b)
    } else {
        None
    };
    let via_b = if r > b {
        combined_route(pos, r, b, a)
    } else {
        None
    };
    match (via_a, via_b) {
        (None, None) => false,
        (Some((after, play)), None) | (None, Some((after, play))) => {
            sink.add(play, after);
            true
        }
        (Some((after_a, play_a)), Some((after_b, play_b))) => {
            sink.add(play_a, after_a);
            // Same result unless a route hits on its intermediate point.
            let blots = pos.opponent_blots();
            if blots & ((1 << (r - a)) | (1 << (r - b))) != 0 {
                sink.add(play_b, after_b);
            }
            true
        }
    }
}

fn from_board<S: PlaySink>(prepared: &Prepared, a: usize, b: usize, sink: &mut S) {
    let pos = &prepared.pos;
    let mover = pos.mover();
    let (occupied, twice) = (prepared.occupied, prepared.twice);
    let mut found = false;

    if prepared.outside_home >= 2 {
        // No bear-off can happen in this play: legality is static, and each
        // step's effect on the packed sides can be worked out once.
        let (open, blots) = (prepared.open, prepared.blots);
        let sources_a = occupied & (open << a);
        let sources_b = occupied & (open << b);
        let (mover0, opponent0) = (mover.bits(), pos.opponent().bits());
        let hit = |t: usize| unit(BAR).wrapping_sub(unit(BAR - t));
        let hit_if_blot = |opponent: u128, t: usize| {
            if blots & (1 << t) != 0 {
                opponent.wrapping_add(hit(t))
            } else {
                opponent
            }
        };
        let side = |bits: u128| Checkers::from_bits_unchecked(bits);
        // Combined: one checker from r to r - a - b, through r - a or r - b
        // (the two routes differ only when one hits on its way).
        for r in bits(occupied & (open << (a + b))) {
            let (mid_a, mid_b, t) = (r - a, r - b, r - a - b);
            let via_a = open & (1 << mid_a) != 0;
            let via_b = open & (1 << mid_b) != 0;
            if !(via_a || via_b) {
                continue;
            }
            found = true;
            let moved = side(mover0 - unit(r) + unit(t));
            let landed = hit_if_blot(opponent0, t);
            let route = |mid: usize| {
                let play = if S::WANTS_PLAYS {
                    Play::from_pair(Step::new(r, mid), Step::new(mid, t))
                } else {
                    Play::NONE
                };
                let after = Position::from_sides_unchecked(moved, side(hit_if_blot(landed, mid)));
                (play, after)
            };
            if via_a {
                let (play, after) = route(mid_a);
                sink.add(play, after);
            }
            if via_b && (!via_a || blots & ((1 << mid_a) | (1 << mid_b)) != 0) {
                let (play, after) = route(mid_b);
                sink.add(play, after);
            }
        }
        for p in bits(sources_a) {
            let ta = p - a;
            let mover_a = mover0 - unit(p) + unit(ta);
            let opponent_a = hit_if_blot(opponent0, ta);
            // A blot hit by the first checker is not there for the second.
            let blots_b = blots & !(1 << ta);
            // The second checker: not the one just moved onto p - a (that is
            // a combined move), not one from p + b (its split result is the
            // combined move's), and not p itself unless p holds two.
            let mut second =
                sources_b & !(1 << ta) & !1u32.checked_shl((p + b) as u32).unwrap_or(0);
            if twice & (1 << p) == 0 {
                second &= !(1 << p);
            }
            for q in bits(second) {
                let tb = q - b;
                // Branch-free: whether the second checker hits is data.
                let hits = 0u128.wrapping_sub(u128::from((blots_b >> tb) & 1));
                let opponent = opponent_a.wrapping_add(hit(tb) & hits);
                let after = Position::from_sides_unchecked(
                    Checkers::from_bits_unchecked(mover_a - unit(q) + unit(tb)),
                    Checkers::from_bits_unchecked(opponent),
                );
                let play = if S::WANTS_PLAYS {
                    Play::from_pair(Step::new(p, ta), Step::new(q, tb))
                } else {
                    Play::NONE
                };
                sink.add(play, after);
                found = true;
            }
        }
    } else {
        for r in bits(occupied) {
            found |= combined(pos, r, a, b, sink);
        }
        // Bear-offs possible: check both orders step by step.
        for p in bits(occupied) {
            for q in bits(occupied) {
                if q + a == p || p + b == q || (p == q && twice & (1 << p) == 0) {
                    continue;
                }
                let split = if p != q && p.max(q) <= b {
                    // Both checkers bear off whichever number each uses, so
                    // (p by a, q by b) and (q by a, p by b) give one result.
                    if p < q {
                        continue;
                    }
                    split_in_some_order(pos, p, a, q, b)
                        .or_else(|| split_in_some_order(pos, q, a, p, b))
                } else {
                    split_in_some_order(pos, p, a, q, b)
                };
                if let Some((after, play)) = split {
                    sink.add(play, after);
                    found = true;
                }
            }
        }
    }

    if !found {
        single_die(pos, occupied, a, b, sink);
    }
}

/// The split play "checker on `p` by `a`, checker on `q` by `b`" if some order of
/// the two steps is legal.
fn split_in_some_order(
    pos: &Position,
    p: usize,
    a: usize,
    q: usize,
    b: usize,
) -> Option<(Position, Play)> {
    let first_then = |from1: usize, d1: usize, from2: usize, d2: usize| {
        let to1 = step_target(pos, from1, d1)?;
        let (p1, play) = stepped(pos, Play::NONE, from1, to1);
        let to2 = step_target(&p1, from2, d2)?;
        Some(stepped(&p1, play, from2, to2))
    };
    first_then(p, a, q, b).or_else(|| first_then(q, b, p, a))
}

/// When no play uses both numbers: every single step with the larger number if
/// there is one, else every single step with the smaller.
fn single_die<S: PlaySink>(pos: &Position, occupied: u32, a: usize, b: usize, sink: &mut S) {
    for die in [a, b] {
        let mut found = false;
        for p in bits(occupied) {
            if let Some(to) = step_target(pos, p, die) {
                let (after, play) = stepped(pos, Play::NONE, p, to);
                sink.add(play, after);
                found = true;
            }
        }
        if found {
            return;
        }
    }
}

fn one_on_bar<S: PlaySink>(pos: &Position, a: usize, b: usize, sink: &mut S) {
    let open = POINT_BITS & !pos.blocked();
    let board = pos.mover().occupied() & POINT_BITS;
    let (enter_a, enter_b) = (BAR - a, BAR - b);
    let mut found = combined(pos, BAR, a, b, sink);
    // The entering checker makes every later bear-off impossible: static rules.
    for (enter, other) in [(enter_a, b), (enter_b, a)] {
        if open & (1 << enter) == 0 {
            continue;
        }
        let (entered, play) = stepped(pos, Play::NONE, BAR, enter);
        // A checker already on the entry point moving on is a combined move.
        for q in bits(board & (open << other) & !(1 << enter)) {
            let (after, play) = stepped(&entered, play, q, q - other);
            sink.add(play, after);
            found = true;
        }
    }
    if !found {
        for enter in [enter_a, enter_b] {
            if open & (1 << enter) != 0 {
                let (after, play) = stepped(pos, Play::NONE, BAR, enter);
                sink.add(play, after);
                return;
            }
        }
    }
}

fn several_on_bar<S: PlaySink>(pos: &Position, a: usize, b: usize, sink: &mut S) {
    let mut after = *pos;
    let mut play = Play::NONE;
    for die in [a, b] {
        let enter = BAR - die;
        if after.opponent_on(enter) < 2 {
            after.move_checker(BAR, enter);
            play.push(Step::new(BAR, enter));
        }
    }
    if !play.is_none() {
        sink.add(play, after);
    }
}
