//! The NCBP session with one engine, as the judge sees it: the line
//! connection ([`EnginePort`]), waiting for a reply with a deadline, the
//! handshake and `isready`. Failures are [`Failure`]s: a forfeit reason and a
//! detail for the record.

use crate::matchfile::ForfeitReason;
use crate::ncbp_client::{PortError, MAX_LINE};
use crate::referee::config::{EngineConfig, Rules, Timeouts};
use std::time::Instant;

/// A line-based connection to an engine.
pub trait EnginePort {
    /// Sends one line (the newline is added).
    fn send(&mut self, line: &str) -> Result<(), PortError>;
    /// The next line from the engine, waiting until `deadline` at most.
    fn recv(&mut self, deadline: Instant) -> Result<String, PortError>;
}

/// An engine's failure: the reason and a detail for the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Why.
    pub reason: ForfeitReason,
    /// What happened, for people.
    pub detail: String,
}

impl Failure {
    pub(super) fn new(reason: ForfeitReason, detail: impl Into<String>) -> Failure {
        Failure {
            reason,
            detail: detail.into(),
        }
    }
}

/// Reads lines until one whose first word is `word`; other lines are ignored.
pub(super) fn wait_for(
    port: &mut dyn EnginePort,
    word: &str,
    deadline: Instant,
    on_timeout: ForfeitReason,
) -> Result<String, Failure> {
    loop {
        match port.recv(deadline) {
            Ok(line) => {
                if line.split_whitespace().next() == Some(word) {
                    return Ok(line);
                }
            }
            Err(PortError::Timeout) => {
                return Err(Failure::new(on_timeout, format!("no '{word}' in time")))
            }
            Err(PortError::LineTooLong) => {
                return Err(Failure::new(
                    ForfeitReason::Malformed,
                    format!(
                        "a line longer than {} KiB while the referee waited for '{word}'",
                        MAX_LINE / 1024
                    ),
                ))
            }
            Err(PortError::Closed) => {
                return Err(Failure::new(
                    ForfeitReason::Crash,
                    format!("the engine exited while the referee waited for '{word}'"),
                ))
            }
        }
    }
}

pub(super) fn send(port: &mut dyn EnginePort, line: &str) -> Result<(), Failure> {
    port.send(line).map_err(|_| {
        Failure::new(
            ForfeitReason::Crash,
            format!("the engine exited before '{line}'"),
        )
    })
}

/// Starts a session: `ncbp` → `ncbpok`, the rule options and the engine's
/// own options, then `isready` → `readyok`.
pub fn handshake(
    port: &mut dyn EnginePort,
    engine: &EngineConfig,
    rules: &Rules,
    timeouts: &Timeouts,
) -> Result<(), Failure> {
    send(port, "ncbp")?;
    wait_for(
        port,
        "ncbpok",
        Instant::now() + timeouts.handshake,
        ForfeitReason::Handshake,
    )?;
    let rule_options = [
        ("Variant", rules.variant.name().to_string()),
        ("Alphabet", rules.numbers.k.to_string()),
        ("DoubletCredits", rules.numbers.doublet_credits.to_string()),
    ];
    for (name, value) in rule_options
        .iter()
        .map(|(n, v)| (*n, v.as_str()))
        .chain(engine.options.iter().map(|(n, v)| (n.as_str(), v.as_str())))
    {
        send(port, &format!("setoption name {name} value {value}"))?;
    }
    ready(port, timeouts)
}

/// `isready` → `readyok`.
pub fn ready(port: &mut dyn EnginePort, timeouts: &Timeouts) -> Result<(), Failure> {
    send(port, "isready")?;
    wait_for(
        port,
        "readyok",
        Instant::now() + timeouts.handshake,
        ForfeitReason::NotReady,
    )
    .map(|_| ())
}
