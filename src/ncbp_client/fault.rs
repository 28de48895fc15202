//! What went wrong with an engine, classified the same way for every
//! client: a [`ForfeitReason`] (the match file's word) and a detail for
//! people.

use super::{PortError, MAX_LINE};
use crate::matchfile::ForfeitReason;

/// An engine's failure: the reason and a detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// Why.
    pub reason: ForfeitReason,
    /// What happened, for people.
    pub detail: String,
}

impl Fault {
    /// A fault of `reason`.
    pub fn new(reason: ForfeitReason, detail: impl Into<String>) -> Fault {
        Fault {
            reason,
            detail: detail.into(),
        }
    }

    /// The fault of a wait for `word` that failed with `error`, by `client`
    /// (`referee`, `GUI`): a timeout is `on_timeout`, a line too long is
    /// `malformed`, an engine gone is a `crash`.
    pub fn waiting(error: PortError, word: &str, on_timeout: ForfeitReason, client: &str) -> Fault {
        match error {
            PortError::Timeout => Fault::new(on_timeout, format!("no '{word}' in time")),
            PortError::LineTooLong => Fault::new(
                ForfeitReason::Malformed,
                format!(
                    "a line longer than {} KiB while the {client} waited for '{word}'",
                    MAX_LINE / 1024
                ),
            ),
            PortError::Closed => Fault::new(
                ForfeitReason::Crash,
                format!("the engine exited while the {client} waited for '{word}'"),
            ),
        }
    }

    /// The fault of a line that could not be sent.
    pub fn not_sent(line: &str) -> Fault {
        Fault::new(
            ForfeitReason::Crash,
            format!("the engine exited before '{line}'"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_are_classified() {
        let t = Fault::waiting(
            PortError::Timeout,
            "readyok",
            ForfeitReason::NotReady,
            "GUI",
        );
        assert_eq!(
            t,
            Fault::new(ForfeitReason::NotReady, "no 'readyok' in time")
        );
        let l = Fault::waiting(
            PortError::LineTooLong,
            "bestmove",
            ForfeitReason::Timeout,
            "referee",
        );
        assert_eq!(l.reason, ForfeitReason::Malformed);
        assert_eq!(
            l.detail,
            "a line longer than 64 KiB while the referee waited for 'bestmove'"
        );
        let c = Fault::waiting(PortError::Closed, "ncbpok", ForfeitReason::Handshake, "GUI");
        assert_eq!(c.reason, ForfeitReason::Crash);
        assert_eq!(Fault::not_sent("isready").reason, ForfeitReason::Crash);
    }
}
