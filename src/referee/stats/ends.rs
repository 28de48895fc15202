//! How games ended other than by a win: forfeits by reason, draws by the
//! turn cap and by repetition; counted the same for a match's report and a
//! tournament's, and written as their last lines.

use crate::matchfile::GameEnd;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Time forfeits above this share of a report's games (percent) open the
/// report with a warning ([`Ends::time_warning`]).
pub const TIME_FORFEITS_WARNED: u64 = 3;

/// Forfeits by reason and draws by kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Ends {
    /// Forfeits by reason.
    pub forfeits: BTreeMap<String, u64>,
    /// Games drawn by the turn cap.
    pub max_turn_draws: u64,
    /// Games drawn by a threefold repetition.
    pub repetition_draws: u64,
}

impl Ends {
    /// Counts one game's end.
    pub fn count(&mut self, end: GameEnd) {
        match end {
            GameEnd::Forfeit { reason, .. } => {
                *self.forfeits.entry(reason.name().to_string()).or_insert(0) += 1
            }
            GameEnd::MaxTurns => self.max_turn_draws += 1,
            GameEnd::Repetition => self.repetition_draws += 1,
            GameEnd::Win { .. } => {}
        }
    }

    /// The warning a report opens with when more than
    /// [`TIME_FORFEITS_WARNED`] percent of its `games` (and at least two)
    /// were forfeited on time: such a result measures the machine's load
    /// as much as the engines (a match that is 60-0 on a quiet machine was
    /// 46-14 beside a build, its losses on time named only in its last
    /// line).
    pub fn time_warning(&self, games: u64) -> Option<String> {
        let late = self.forfeits.get("timeout").copied().unwrap_or(0);
        if games == 0 || late < 2 || late * 100 <= TIME_FORFEITS_WARNED * games {
            return None;
        }
        Some(format!(
            "WARNING: {late} of {games} games ({:.0}%) were forfeited on time: the result measures {}",
            100.0 * late as f64 / games as f64,
            "the machine's load as much as the engines. Give more time (movetime, tc), fewer \
             --concurrency, a larger --timeout-margin, or run on a quieter machine."
        ))
    }

    /// The lines a report ends with, those with games only:
    /// `Forfeits: crash 2, timeout 1`, `Draws by repetition: 1`,
    /// `Draws by turn cap: 3`.
    pub fn write_text(&self, o: &mut String) {
        if !self.forfeits.is_empty() {
            let list: Vec<String> = self
                .forfeits
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            let _ = writeln!(o, "Forfeits: {}", list.join(", "));
        }
        if self.repetition_draws > 0 {
            let _ = writeln!(o, "Draws by repetition: {}", self.repetition_draws);
        }
        if self.max_turn_draws > 0 {
            let _ = writeln!(o, "Draws by turn cap: {}", self.max_turn_draws);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WinKind;
    use crate::matchfile::ForfeitReason;
    use crate::numbers::Side;

    #[test]
    fn ends_are_counted_and_written() {
        let mut e = Ends::default();
        let mut text = String::new();
        e.write_text(&mut text);
        assert_eq!(text, "");
        let forfeit = |reason| GameEnd::Forfeit {
            loser: Side::X,
            reason,
        };
        for end in [
            forfeit(ForfeitReason::Timeout),
            forfeit(ForfeitReason::Crash),
            forfeit(ForfeitReason::Crash),
            GameEnd::MaxTurns,
            GameEnd::Repetition,
            GameEnd::Win {
                winner: Side::Y,
                kind: WinKind::Gammon,
            },
        ] {
            e.count(end);
        }
        e.write_text(&mut text);
        assert_eq!(
            text,
            "Forfeits: crash 2, timeout 1\nDraws by repetition: 1\nDraws by turn cap: 1\n"
        );
    }
}
