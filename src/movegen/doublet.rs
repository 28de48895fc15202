//! Plays for a doublet: up to four moves of the same number, as many as possible.
//!
//! A doublet play is a multiset of steps, and distinct multisets give distinct
//! positions (the moves out of each point can be read back from the result, top
//! down). Enumerating the steps in non-increasing order of source point visits
//! each multiset once, and that order is legal whenever any order is: moving the
//! higher checkers first only helps the all-home and highest-point conditions of
//! bearing off, and blocks never change during a turn.

use super::{bits_desc, step_target, PlaySink};
use crate::board::{Checkers, Position, BAR, POINT_BITS, UNIT};
use crate::play::{Play, Step};

pub(super) fn generate<S: PlaySink>(pos: &Position, die: usize, sink: &mut S) {
    let Some((entered, play, left)) = enter_from_bar(pos, die) else {
        return;
    };
    if left == 0 {
        sink.add(play, entered);
        return;
    }
    let most = longest(&entered, die, BAR - 1, left);
    if most == 0 {
        if !play.is_none() {
            sink.add(play, entered);
        }
        return;
    }
    if usize::from(entered.mover().outside_home()) > most {
        // Some checker stays outside the home board whatever is played: no
        // bear-off, so a step's legality depends only on the static blocks.
        let open = POINT_BITS & !entered.blocked();
        let walk = StaticWalk {
            die,
            movable: (open << die) & POINT_BITS,
            blots: entered.opponent_blots(),
            sink,
        };
        let mover = entered.mover();
        walk.emit(
            mover.bits(),
            entered.opponent().bits(),
            mover.occupied(),
            0,
            BAR - 1,
            most,
            play,
        );
    } else {
        emit(&entered, die, BAR - 1, most, play, sink);
    }
}

/// The doublet walk when no bear-off is possible, on packed bits with the
/// occupied points and the blots already hit kept up to date incrementally.
struct StaticWalk<'a, S> {
    die: usize,
    /// Points whose checkers may step: `p - die` is an open point.
    movable: u32,
    /// Opposing blots on the mover's points before the play.
    blots: u32,
    sink: &'a mut S,
}

impl<S: PlaySink> StaticWalk<'_, S> {
    #[allow(clippy::too_many_arguments)]
    fn emit(
        self,
        mover: u128,
        opponent: u128,
        occupied: u32,
        hit: u32,
        top: usize,
        left: usize,
        play: Play,
    ) -> Self {
        let mut this = self;
        let sources = occupied & this.movable & ((2u32 << top) - 1);
        for s in bits_desc(sources) {
            let t = s - this.die;
            let m = mover - UNIT[s] + UNIT[t];
            let (o, h) = if this.blots & !hit & (1 << t) != 0 {
                (opponent - UNIT[BAR - t] + UNIT[BAR], hit | (1 << t))
            } else {
                (opponent, hit)
            };
            let mut occ = occupied | (1 << t);
            if (m >> (4 * s)) & 0xF == 0 {
                occ &= !(1 << s);
            }
            let mut play = play;
            play.push(Step::new(s, t));
            if left == 1 {
                let after = Position::from_sides_unchecked(
                    Checkers::from_bits_unchecked(m),
                    Checkers::from_bits_unchecked(o),
                );
                this.sink.add(play, after);
            } else {
                this = this.emit(m, o, occ, h, s, left - 1, play);
            }
        }
        this
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
