//! The analysis's effort beside the play's: a referee match file records
//! each engine's limits (`limits0`, `limits1`: `tc=... movetime=...
//! depth=... nodes=...`), and where they gave the play more than the
//! analysis had a turn, the output says the analysis is shallower than the
//! play it judges.

use super::AnalysisSettings;

/// What an analysis spent a judged turn: the mean nodes and the mean
/// milliseconds of one thread.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effort {
    /// Mean nodes a searched turn.
    pub nodes: f64,
    /// Mean milliseconds a searched turn, on one thread.
    pub ms: f64,
}

/// The note for the engine `name` that played with `limits` (a match
/// file's `limitsN`), when its limits gave it more than the analysis
/// (`settings`, `spent`) had a turn; `None` when they did not, or when the
/// limits do not say.
pub fn shallower_note(
    name: &str,
    limits: &str,
    settings: &AnalysisSettings,
    spent: Effort,
) -> Option<String> {
    let field = |key: &str| {
        limits
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
            .filter(|v| *v != "-")
    };
    let tail = "this analysis is shallower than the play it judges";
    // More nodes or time than the analysis had: its candidates may still
    // reach as deep (it spends them on a few choices), so only "may".
    let may = "this analysis may be shallower than the play it judges";
    if let Some(d) = field("depth").and_then(|v| v.parse::<u32>().ok()) {
        if d > settings.depth {
            return Some(format!(
                "note: {name} played at depth {d}, the analysis searched to depth {}: {tail}",
                settings.depth
            ));
        }
    }
    if let Some(n) = field("nodes").and_then(|v| v.parse::<u64>().ok()) {
        if n as f64 > spent.nodes {
            return Some(format!(
                "note: {name} played at {n} nodes a turn, the analysis searched {:.0} a turn: {may}",
                spent.nodes
            ));
        }
    }
    let ms = field("movetime")
        .and_then(|v| v.strip_suffix("ms")?.parse::<f64>().ok())
        .or_else(|| field("tc").and_then(turn_ms));
    match ms {
        Some(ms) if ms > spent.ms => Some(format!(
            "note: {name} played with about {ms:.0} ms a turn, the analysis took {:.0} ms a turn on one thread of this machine: {may}",
            spent.ms
        )),
        _ => None,
    }
}

/// A clock's time a turn in milliseconds, as a header writes it
/// (`10000+100ms`: the base over 40 turns plus the increment;
/// `40/60000+600ms`: the base over its moves).
fn turn_ms(tc: &str) -> Option<f64> {
    let tc = tc.strip_suffix("ms")?;
    let (moves, rest) = match tc.split_once('/') {
        Some((m, r)) => (m.parse::<f64>().ok()?, r),
        None => (40.0, tc),
    };
    let (base, inc) = rest.split_once('+')?;
    Some(base.parse::<f64>().ok()? / moves.max(1.0) + inc.parse::<f64>().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_with_more_than_the_analysis_is_named() {
        let s = AnalysisSettings::default();
        let spent = Effort {
            nodes: 100_000.0,
            ms: 150.0,
        };
        let deep = format!("tc=- movetime=- depth={} nodes=-", s.depth + 1);
        assert!(shallower_note("a", &deep, &s, spent)
            .unwrap()
            .starts_with("note: a played at depth"));
        let shallow = format!("tc=- movetime=- depth={} nodes=-", s.depth);
        assert_eq!(shallower_note("a", &shallow, &s, spent), None);
        assert!(shallower_note("b", "tc=- movetime=- depth=- nodes=200000", &s, spent).is_some());
        assert_eq!(
            shallower_note("b", "tc=- movetime=- depth=- nodes=50000", &s, spent),
            None
        );
        assert!(shallower_note("c", "tc=- movetime=300ms depth=- nodes=-", &s, spent).is_some());
        assert_eq!(
            shallower_note("c", "tc=- movetime=100ms depth=- nodes=-", &s, spent),
            None
        );
        // 60 s over 40 turns plus 0.6 s: 2.1 s a turn.
        assert_eq!(turn_ms("60000+600ms"), Some(2100.0));
        assert_eq!(turn_ms("20/10000+0ms"), Some(500.0));
        assert!(shallower_note(
            "d",
            "tc=40/60000+600ms movetime=- depth=- nodes=-",
            &s,
            spent
        )
        .is_some());
        assert_eq!(shallower_note("e", "-", &s, spent), None);
    }
}
