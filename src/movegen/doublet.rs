//! Plays for a doublet: up to four moves of the same number, as many as possible.
//!
//! A doublet play is a multiset of steps, and distinct multisets give distinct
//! positions (the moves out of each point can be read back from the result, top
//! down). Enumerating the steps in non-increasing order of source point visits
//! each multiset once, and that order is legal whenever any order is: moving the
//! higher checkers first only helps the all-home and highest-point conditions of
//! bearing off, and blocks never change during a turn.

use super::{bits_desc, step_target, PlaySink, Prepared};
use crate::board::{unit, Checkers, Position, BAR, POINT_BITS};
use crate::play::{Play, Step};

pub(super) fn generate<S: PlaySink>(prepared: &Prepared, die: usize, sink: &mut S) {
    let Some((entered, play, left)) = enter_from_bar(&prepared.pos, die) else {
        return;
    };
    if left == 0 {
        sink.add(play, entered);
        return;
    }
    // The prepared bitsets, or those of the position after entering.
    let after_entering;
    let facts = if play.is_none() {
        prepared
    } else {
        after_entering = Prepared::new(&entered);
        &after_entering
    };
    let outside_home = usize::from(facts.outside_home);
    let movable = (facts.open << die) & POINT_BITS;
    let most = if outside_home > left {
        static_longest(facts, movable, die, left)
    } else {
        longest(&entered, die, BAR - 1, left)
    };
    if most == 0 {
        if !play.is_none() {
            sink.add(play, entered);
        }
        return;
    }
    if outside_home > most {
        // Some checker stays outside the home board whatever is played: no
        // bear-off, so a step's legality depends only on the static blocks.
        static_walk(
            &Walk {
                die,
                movable,
                blots: facts.blots,
                most,
            },
            facts,
            play,
            sink,
        );
    } else {
        emit(&entered, die, BAR - 1, most, play, sink);
    }
}

/// The doublet walk when no bear-off is possible: its constants.
struct Walk {
    die: usize,
    /// Points whose checkers may step: `p - die` is an open point.
    movable: u32,
    /// Opposing blots on the mover's points before the play.
    blots: u32,
    /// Steps in every play (1 to 4).
    most: usize,
}

/// A node of the doublet walk: the packed sides, the mover's occupied
/// points and the blots hit so far, kept up to date step by step.
#[derive(Clone, Copy)]
struct Node {
    mover: u128,
    opponent: u128,
    occupied: u32,
    hit: u32,
    play: Play,
}

impl Walk {
    /// The sources of the next step from `node`: points at or below `top`.
    #[inline(always)]
    fn sources(&self, node: &Node, top: usize) -> u32 {
        node.occupied & self.movable & ((2u32 << top) - 1)
    }

    /// `node` after the step from `s`.
    #[inline(always)]
    fn step<S: PlaySink>(&self, node: &Node, s: usize) -> Node {
        let t = s - self.die;
        let mover = node.mover - unit(s) + unit(t);
        // Branch-free: whether the step hits is data.
        let hits = (self.blots & !node.hit) >> t & 1;
        let opponent = node.opponent.wrapping_add(
            unit(BAR).wrapping_sub(unit(BAR - t)) & 0u128.wrapping_sub(u128::from(hits)),
        );
        let hit = node.hit | hits << t;
        let mut occupied = node.occupied | (1 << t);
        if (mover >> (4 * s)) & 0xF == 0 {
            occupied &= !(1 << s);
        }
        let mut play = node.play;
        if S::WANTS_PLAYS {
            play.push(Step::new(s, t));
        }
        Node {
            mover,
            opponent,
            occupied,
            hit,
            play,
        }
    }
}

/// Every multiset of `walk.most` steps in non-increasing order of source,
/// in four nested loops (a step's legality is static here); the multisets
/// are the plays.
fn static_walk<S: PlaySink>(walk: &Walk, entered: &Prepared, play: Play, sink: &mut S) {
    let emit = |sink: &mut S, n: &Node| {
        let after = Position::from_sides_unchecked(
            Checkers::from_bits_unchecked(n.mover),
            Checkers::from_bits_unchecked(n.opponent),
        );
        sink.add(n.play, after);
    };
    let root = Node {
        mover: entered.pos.mover().bits(),
        opponent: entered.pos.opponent().bits(),
        occupied: entered.occupied,
        hit: 0,
        play,
    };
    for s1 in bits_desc(walk.sources(&root, BAR - 1)) {
        let n1 = walk.step::<S>(&root, s1);
        if walk.most == 1 {
            emit(sink, &n1);
            continue;
        }
        for s2 in bits_desc(walk.sources(&n1, s1)) {
            let n2 = walk.step::<S>(&n1, s2);
            if walk.most == 2 {
                emit(sink, &n2);
                continue;
            }
            for s3 in bits_desc(walk.sources(&n2, s2)) {
                let n3 = walk.step::<S>(&n2, s3);
                if walk.most == 3 {
                    emit(sink, &n3);
                    continue;
                }
                for s4 in bits_desc(walk.sources(&n3, s3)) {
                    emit(sink, &walk.step::<S>(&n3, s4));
                }
            }
        }
    }
}

/// Enters as many bar checkers as the doublet allows (all of them, up to four,
/// when the entry point is open). Returns the position, the entering steps and
/// the moves left, or `None` when a checker on the bar cannot enter (no move).
#[inline]
pub(super) fn enter_from_bar(pos: &Position, die: usize) -> Option<(Position, Play, usize)> {
    let on_bar = usize::from(pos.mover().bar());
    let mut after = *pos;
    let mut play = Play::NONE;
    if on_bar == 0 {
        return Some((after, play, 4));
    }
    let enter = BAR - die;
    if pos.opponent_on(enter) >= 2 {
        return None;
    }
    let n = on_bar.min(4);
    for _ in 0..n {
        after.move_checker(BAR, enter);
        play.push(Step::new(BAR, enter));
    }
    Some((after, play, 4 - n))
}

/// [`longest`] from the top when no bear-off can happen (more checkers
/// outside the home board than steps): each checker can walk down its own
/// chain of open points, whatever the others do, so the most steps are the
/// chains' lengths added up (at most `left`).
fn static_longest(prepared: &Prepared, movable: u32, die: usize, left: usize) -> usize {
    let mover = prepared.pos.mover();
    let mut total = 0;
    for s in bits_desc(prepared.occupied & movable) {
        let mut chain = 0;
        let mut p = s;
        while chain < left && p < 32 && movable & (1 << p) != 0 {
            chain += 1;
            p -= die;
        }
        total += usize::from(mover.count(s)) * chain;
        if total >= left {
            return left;
        }
    }
    total
}

/// The most steps (at most `left`) that can be made from sources at or below `top`.
fn longest(pos: &Position, die: usize, top: usize, left: usize) -> usize {
    let sources = pos.mover().occupied() & ((2u32 << top) - 1);
    let mut best = 0;
    for s in bits_desc(sources) {
        if let Some(to) = step_target(pos, s, die) {
            if left == 1 {
                return 1;
            }
            let mut next = *pos;
            next.move_checker(s, to);
            best = best.max(1 + longest(&next, die, s, left - 1));
            if best == left {
                return best;
            }
        }
    }
    best
}

/// Feeds every multiset of exactly `left` more steps from sources at or below `top`.
fn emit<S: PlaySink>(
    pos: &Position,
    die: usize,
    top: usize,
    left: usize,
    play: Play,
    sink: &mut S,
) {
    let sources = pos.mover().occupied() & ((2u32 << top) - 1);
    for s in bits_desc(sources) {
        if let Some(to) = step_target(pos, s, die) {
            let mut next = *pos;
            next.move_checker(s, to);
            let mut play = play;
            play.push(Step::new(s, to));
            if left == 1 {
                sink.add(play, next);
            } else {
                emit(&next, die, s, left - 1, play, sink);
            }
        }
    }
}
