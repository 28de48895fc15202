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
    /// The best and the loss of a searched verdict from the values of the
    /// best choice and the played one (millipoints): the played choice is
    /// the best when it is within the tie margin of the best (`true`, loss
    /// 0), else the best keeps its place (`false`) and the loss is the
    /// difference.
    pub fn tie_or_loss(&self, best: i32, played: i32) -> (bool, i32) {
        let loss = (best - played).max(0);
        if loss <= self.tie {
            (true, 0)
        } else {
            (false, loss)
        }
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
        assert_eq!(t.tie_or_loss(500, 500), (true, 0));
        assert_eq!(t.tie_or_loss(500, 500 - TIE_MARGIN), (true, 0));
        assert_eq!(
            t.tie_or_loss(500, 499 - TIE_MARGIN),
            (false, TIE_MARGIN + 1)
        );
        assert_eq!(t.tie_or_loss(-200, -300), (false, 100));
        assert_eq!(Verdict::of(t.tie_or_loss(-200, -300).1, &t), Verdict::Error);
        // A custom error line below the margin narrows it.
        let low = Thresholds::new(5, 160).unwrap();
        assert_eq!(low.tie, 4);
        assert_eq!(low.tie_or_loss(10, 5), (false, 5));
        assert_eq!(Verdict::of(5, &low), Verdict::Error);
    }
}
