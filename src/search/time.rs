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
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(settings.move_overhead.min(t / 2));
        return (Some(t), Some(t));
    }
    if let Some(clock) = limits.clock {
        let left = clock.time.saturating_sub(settings.move_overhead);
        let soft = left / 30 + clock.increment * 3 / 4;
        let hard = (soft * 3).min(left / 4);
        let soft = soft.min(hard);
        return (Some(soft), Some(hard));
    }
    (None, None)
}
