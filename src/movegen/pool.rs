//! Plays while the mover has checkers waiting in its pool (Backgammon Race,
//! `protocol/rules.md` §9).
//!
//! A waiting checker enters like one on the bar (number `n` onto point
//! `25 - n`) but holds nothing back: either number may enter a checker or
//! move one on the board. A checker on the bar still enters first. No
//! checker can bear off in such a play (a waiting checker is not home, and
//! an entering one lands on point 16 or higher), so whether a step is legal
//! never changes within the play: a point is blocked or open for the whole
//! turn, and a step needs only a checker on its source.
//!
//! That makes the search simple: for two different numbers both orders are
//! tried, for a doublet the steps are taken in a canonical order (sources
//! never rising, the bar ranked first and the pool second), which reaches
//! every result; the results that use the most numbers (then the larger one)
//! are kept, and duplicates removed by sorting. Slower than the `mixed` and
//! `doublet` generators, but it only runs while checkers wait.

use super::{bits, step_target, PlaySink};
use crate::board::{Position, BAR, POINT_BITS, POOL};
use crate::play::{Play, Step};

/// Feeds `sink` the plays of `a`-`b` (a doublet when equal) from `pos`,
/// whose mover has at least one checker in its pool.
pub(super) fn generate<S: PlaySink>(pos: &Position, a: usize, b: usize, sink: &mut S) {
    let mut found: Vec<(Position, Play)> = Vec::with_capacity(64);
    if a == b {
        let mut depth = 0;
        doublet(pos, a, Play::NONE, 0, usize::MAX, &mut depth, &mut found);
    } else {
        let mut singles: [Vec<(Position, Play)>; 2] = [Vec::new(), Vec::new()];
        for (first, second, which) in [(a, b, 0), (b, a, 1)] {
            for_each_step(pos, first, usize::MAX, |from, to| {
                let (p1, play1) = stepped(pos, Play::NONE, from, to);
                let mut two = false;
                for_each_step(&p1, second, usize::MAX, |from2, to2| {
                    found.push(stepped(&p1, play1, from2, to2));
                    two = true;
                });
                if !two {
                    singles[which].push((p1, play1));
                }
            });
        }
        if found.is_empty() {
            // No play uses both numbers: the larger one if it can be used.
            let [with_a, with_b] = singles;
            found = if with_a.is_empty() { with_b } else { with_a };
        }
    }
    found.sort_unstable_by_key(|&(after, _)| after);
    found.dedup_by_key(|&mut (after, _)| after);
    for (after, play) in found {
        sink.add(play, after);
    }
}

/// Ranks sources for the canonical order of a doublet's steps: the bar
/// first, then the pool, then the points from the highest.
#[inline]
fn rank(from: usize) -> usize {
    match from {
        BAR => POOL + 1,
        _ => from,
    }
}

/// Calls `f(from, to)` for every legal single step with `die` whose source
/// ranks at most `max_rank`: from the bar alone while a checker is on it,
/// else from the pool and from the points.
fn for_each_step(pos: &Position, die: usize, max_rank: usize, mut f: impl FnMut(usize, usize)) {
    let mover = pos.mover();
    let enter = BAR - die;
    let can_enter = pos.opponent_on(enter) < 2;
    if mover.bar() > 0 {
        if can_enter && rank(BAR) <= max_rank {
            f(BAR, enter);
        }
        return;
    }
    if mover.pool() > 0 && can_enter && rank(POOL) <= max_rank {
        f(POOL, enter);
    }
    for from in bits(mover.occupied() & POINT_BITS) {
        if from > max_rank {
            break;
        }
        if let Some(to) = step_target(pos, from, die) {
            f(from, to);
        }
    }
}

fn stepped(pos: &Position, play: Play, from: usize, to: usize) -> (Position, Play) {
    let mut next = *pos;
    next.move_checker(from, to);
    let mut play = play;
    play.push(Step::new(from, to));
    (next, play)
}

/// The steps of a doublet of `die`, sources in non-rising rank; keeps the
/// results of the deepest plays found (`depth` is the most steps so far).
fn doublet(
    pos: &Position,
    die: usize,
    play: Play,
    steps: usize,
    max_rank: usize,
    depth: &mut usize,
    found: &mut Vec<(Position, Play)>,
) {
    let mut moved = false;
    if steps < 4 {
        for_each_step(pos, die, max_rank, |from, to| {
            moved = true;
            let (next, next_play) = stepped(pos, play, from, to);
            doublet(&next, die, next_play, steps + 1, rank(from), depth, found);
        });
    }
    if !moved && steps > 0 && steps >= *depth {
        if steps > *depth {
            *depth = steps;
            found.clear();
        }
        found.push((*pos, play));
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Position, Variant};
    use crate::movegen::legal_plays;
    use crate::notation::format_play;
    use crate::pair::Pair;
    use crate::pos;

    fn plays(pos: &Position, a: u8, b: u8) -> Vec<String> {
        let mut v: Vec<String> = legal_plays(pos, Pair::new(a, b).unwrap())
            .iter()
            .map(|lp| format_play(pos, &lp.play))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn the_race_start_enters_from_the_pool() {
        let start = Variant::Race.start();
        assert_eq!(plays(&start, 6, 5), ["pool/14", "pool/20 pool/19"]);
        assert_eq!(
            plays(&start, 3, 3),
            [
                "pool/13",
                "pool/16 pool/22",
                "pool/19 pool/22(2)",
                "pool/19(2)",
                "pool/22(4)"
            ]
        );
    }

    #[test]
    fn the_bar_enters_before_the_pool_and_the_pool_holds_nothing_back() {
        let with_pool = |p: Position, n: u8| {
            Position::new(p.mover().with_pool(n).unwrap(), p.opponent()).unwrap()
        };
        // One on the bar, one waiting, one on 10; the opponent holds the
        // mover's 20 point.
        let p = with_pool(pos!(x 25 => 1, 10 => 1; o 5 => 2), 1);
        // 5-2: the bar checker must enter (with the 2: 20 is blocked); the
        // 5 then moves it on, or the checker on 10 (the pool's 5 is blocked).
        assert_eq!(plays(&p, 5, 2), ["bar/18", "bar/23 10/5"]);
        // 4-2: once the bar is empty the pool may enter with the other
        // number (bar/23 pool/21 is the same result as pool/23 bar/21).
        assert_eq!(
            plays(&p, 4, 2),
            ["bar/19", "bar/21 10/8", "bar/23 10/6", "pool/23 bar/21"]
        );
        // Without the bar checker the board checker may move alone.
        let q = with_pool(pos!(x 10 => 1; o 5 => 2), 1);
        assert!(plays(&q, 5, 2).contains(&"10/3".to_string()));
        assert!(
            !plays(&q, 5, 2).iter().any(|s| s.contains("pool/20")),
            "20 is blocked"
        );
    }
}
