//! Time management: how deep a search may go and how long it may take,
//! from `go`'s limits and the settings.

use super::{Limits, Settings};
use std::time::Duration;

/// Depth used when `go` gives no limit.
const DEFAULT_DEPTH: u32 = 3;
/// The deepest search allowed.
const MAX_DEPTH: u32 = 64;

/// The deepest iteration to search: `go depth`, else 64 when another limit
/// ends the search and 3 when none does; capped by `settings.max_depth`.
pub(super) fn max_depth(limits: &Limits, settings: &Settings) -> u32 {
    let mut max_depth = limits.depth.unwrap_or(
        if limits.infinite
            || limits.movetime.is_some()
            || limits.clock.is_some()
            || limits.nodes.is_some()
        {
            MAX_DEPTH
        } else {
            DEFAULT_DEPTH
        },
    );
    if settings.max_depth > 0 {
        max_depth = max_depth.min(settings.max_depth);
    }
    max_depth.clamp(1, MAX_DEPTH)
}

/// Soft limit (do not start another depth after it) and hard limit (abort
/// the depth under way).
pub(super) fn time_budget(
    limits: &Limits,
    settings: &Settings,
) -> (Option<Duration>, Option<Duration>) {
    if limits.infinite {
        return (None, None);
    }
    // Each limit given makes a (soft, hard) pair; with both, the tighter of
    // each counts: "the first reached ends the search" (protocol/ncbp.md).
    let by_movetime = limits.movetime.map(|t| {
        let t = t.saturating_sub(settings.move_overhead.min(t / 2));
        (t, t)
    });
    let by_clock = limits.clock.map(|clock| {
        let left = clock.time.saturating_sub(settings.move_overhead);
        // With `movestogo`, the time left is shared by those turns (the
        // clock is refilled after them): a larger share, and a hard limit
        // of half of it, not a quarter.
        let (turns, cap) = match clock.moves_to_go {
            Some(m) => (m.clamp(1, 30), left / 2),
            None => (30, left / 4),
        };
        let soft = left / turns + clock.increment * 3 / 4;
        let hard = (soft * 3).min(cap);
        (soft.min(hard), hard)
    });
    match (by_movetime, by_clock) {
        (Some((s1, h1)), Some((s2, h2))) => (Some(s1.min(s2)), Some(h1.min(h2))),
        (Some((s, h)), None) | (None, Some((s, h))) => (Some(s), Some(h)),
        (None, None) => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    fn budget(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> (Duration, Duration) {
        let settings = Settings {
            move_overhead: Duration::ZERO,
            ..Settings::default()
        };
        let limits = Limits {
            clock: Some(Clock {
                time: Duration::from_millis(time_ms),
                increment: Duration::from_millis(inc_ms),
                moves_to_go,
            }),
            ..Limits::default()
        };
        let (soft, hard) = time_budget(&limits, &settings);
        (soft.unwrap(), hard.unwrap())
    }

    #[test]
    fn movestogo_shares_the_clock_among_the_turns_left() {
        let ms = Duration::from_millis;
        // Sudden death: a thirtieth, at most a quarter.
        assert_eq!(budget(60_000, 0, None), (ms(2_000), ms(6_000)));
        // 40 turns left: as sudden death (at most 30 turns counted).
        assert_eq!(budget(60_000, 0, Some(40)), (ms(2_000), ms(6_000)));
        // 10 turns left: a tenth.
        assert_eq!(budget(60_000, 0, Some(10)), (ms(6_000), ms(18_000)));
        // The last turn before the refill: up to half the clock.
        assert_eq!(budget(60_000, 0, Some(1)), (ms(30_000), ms(30_000)));
        // The increment counts as before.
        assert_eq!(budget(60_000, 600, Some(10)), (ms(6_450), ms(19_350)));
    }

    #[test]
    fn movetime_and_a_clock_together_end_at_the_first_reached() {
        let ms = Duration::from_millis;
        let settings = Settings {
            move_overhead: Duration::ZERO,
            ..Settings::default()
        };
        let clock = |time_ms| Clock {
            time: ms(time_ms),
            increment: Duration::ZERO,
            moves_to_go: None,
        };
        let both = |movetime_ms, time_ms| {
            let limits = Limits {
                movetime: Some(ms(movetime_ms)),
                clock: Some(clock(time_ms)),
                ..Limits::default()
            };
            let (soft, hard) = time_budget(&limits, &settings);
            (soft.unwrap(), hard.unwrap())
        };
        // A short clock under a long movetime: the clock's budget.
        assert_eq!(both(3_000, 6_000), (ms(200), ms(600)));
        // A long clock over a short movetime: the movetime.
        assert_eq!(both(100, 600_000), (ms(100), ms(100)));
    }
}
