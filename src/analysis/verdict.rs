//! How a played turn is judged: the loss thresholds and the verdict they
//! give (ok, error, blunder), and the tie margin within which a played
//! choice is as good as the best.

use serde::Serialize;

/// The tie margin of a searched verdict (millipoints): a played choice
/// valued within it of the best is named the best, with no loss. Values
/// closer than this are within a searched analysis's resolution: the loss
/// of a turn moves by 15 to 37 mp (its spread over a set) between the
/// default analysis and one given four times its nodes, and two choices
/// this close swap places from one depth to the next; naming the played
/// one keeps the verdict's best from flipping between analyses
/// (`docs/analysis.md`, goal 1). Tables' exact verdicts have no margin.
pub const TIE_MARGIN: i32 = 10;

/// Loss thresholds in millipoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Smallest loss flagged as an error.
    pub error: i32,
    /// Smallest loss flagged as a blunder.
    pub blunder: i32,
    /// The tie margin ([`TIE_MARGIN`], below `error`).
    pub tie: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            error: 80,
            blunder: 160,
            tie: TIE_MARGIN,
        }
    }
}

impl Thresholds {
    /// Whether a played choice valued `played` is as good as the best
    /// choice's `best` (millipoints): within the tie margin of it, at the
    /// search's resolution the two are equal, and the played one is named
    /// the best (its loss is then 0).
    pub fn is_tie(&self, best: i32, played: i32) -> bool {
        best - played <= self.tie
    }
}

/// How a played turn is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Loss below the error threshold.
    Ok,
    /// Loss at least the error threshold.
    Error,
    /// Loss at least the blunder threshold.
    Blunder,
}

impl Verdict {
    /// The verdict for a loss.
    pub fn of(loss: i32, t: &Thresholds) -> Verdict {
        if loss >= t.blunder {
            Verdict::Blunder
        } else if loss >= t.error {
            Verdict::Error
        } else {
            Verdict::Ok
        }
    }

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Error => "error",
            Verdict::Blunder => "blunder",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_played_choice_within_the_tie_margin_is_the_best() {
        let t = Thresholds::default();
        assert!(t.is_tie(500, 500));
        assert!(t.is_tie(500, 500 - TIE_MARGIN));
        assert!(t.is_tie(500, 600), "a played choice above the best ties");
        assert!(!t.is_tie(500, 499 - TIE_MARGIN));
        assert!(!t.is_tie(-200, -300));
        assert_eq!(Verdict::of(100, &t), Verdict::Error);
        // A custom error line below the margin narrows it.
        let low = Thresholds::new(5, 160).unwrap();
        assert_eq!(low.tie, 4);
        assert!(!low.is_tie(10, 5));
        assert!(low.is_tie(10, 6));
        assert_eq!(Verdict::of(5, &low), Verdict::Error);
    }
}
