//! How a played turn is judged: the loss thresholds and the verdict they
//! give (ok, error, blunder).

use serde::Serialize;

/// Loss thresholds in millipoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Smallest loss flagged as an error.
    pub error: i32,
    /// Smallest loss flagged as a blunder.
    pub blunder: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            error: 80,
            blunder: 160,
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
