//! The judge's port to one engine: the line connection
//! ([`EnginePort`]), waiting for a reply with a deadline, and the
//! library's handshake and `isready` scripts
//! ([`crate::ncbp_client::handshake`]) run over it, and the `isready` and
//! `go` of each turn. Failures are the client
//! core's [`Fault`]s: a forfeit reason and a detail for the record.

use super::quoted;
use crate::matchfile::ForfeitReason;
use crate::ncbp_client::handshake::{self as script, Step};
use crate::ncbp_client::reply::{first_word, parse_info};
use crate::ncbp_client::{Fault, PortError};
use crate::numbers::Side;
use crate::referee::config::{EngineConfig, Rules, SearchLimits, TimeControl, Timeouts};
use std::time::{Duration, Instant};

/// A line-based connection to an engine.
pub trait EnginePort {
    /// Sends one line (the newline is added).
    fn send(&mut self, line: &str) -> Result<(), PortError>;
    /// The next line from the engine, waiting until `deadline` at most.
    fn recv(&mut self, deadline: Instant) -> Result<String, PortError>;
}

/// Reads lines up to the `bestmove` answering a `go`, until `deadline`
/// (then a `timeout`), with the deepest `depth` of the `info` lines on the
/// way (`None` when none gave one). Other lines are passed over, but an
/// `error` line: the engine refused the turn's `position` or `go` and, as
/// NCBP has it, answers nothing, so it is a `malformed` answer at once
/// rather than a timeout later.
pub(super) fn wait_for_answer(
    port: &mut dyn EnginePort,
    deadline: Instant,
) -> Result<(String, Option<u32>), Fault> {
    let mut depth: Option<u32> = None;
    let check = |line: &str| {
        if let Some(d) = parse_info(line).map(|i| i.depth).filter(|&d| d > 0) {
            depth = depth.max(Some(d));
        }
        (first_word(line) == Some("error")).then(|| {
            Fault::new(
                ForfeitReason::Malformed,
                format!("{} instead of a bestmove", quoted(line)),
            )
        })
    };
    let line = wait_for_checking(port, "bestmove", deadline, ForfeitReason::Timeout, check)?;
    Ok((line, depth))
}

/// Reads lines until one whose first word is `word`, failing with
/// `check`'s fault on the first other line it gives one for. The deadline
/// holds however many other lines come: an engine that writes `info` lines
/// without end times out all the same.
fn wait_for_checking(
    port: &mut dyn EnginePort,
    word: &str,
    deadline: Instant,
    on_timeout: ForfeitReason,
    mut check: impl FnMut(&str) -> Option<Fault>,
) -> Result<String, Fault> {
    loop {
        let error = match port.recv(deadline) {
            Ok(line) if first_word(&line) == Some(word) => return Ok(line),
            Ok(line) => match check(&line) {
                Some(fault) => return Err(fault),
                None if Instant::now() < deadline => continue,
                None => PortError::Timeout,
            },
            Err(e) => e,
        };
        return Err(Fault::waiting(error, word, on_timeout, "referee"));
    }
}

pub(super) fn send(port: &mut dyn EnginePort, line: &str) -> Result<(), Fault> {
    port.send(line).map_err(|_| Fault::not_sent(line))
}

/// Runs a script; each await has the handshake timeout, and an `error`
/// line on the way fails it ([`script::refusal`]).
fn run(port: &mut dyn EnginePort, steps: &[Step], timeouts: &Timeouts) -> Result<(), Fault> {
    for step in steps {
        match step {
            Step::Send(line) => send(port, line)?,
            Step::Await { word, on_timeout } => {
                let deadline = Instant::now() + timeouts.handshake;
                wait_for_checking(port, word, deadline, *on_timeout, script::refusal)?;
            }
        }
    }
    Ok(())
}

/// The scoring options the games need (ncbp.md), only those not at the
/// engines' defaults, so a money match without the cube sends what it
/// always sent: `MatchLength` in a match, `Cube`, `Jacoby` and `Beavers`
/// with the money cube, `Scoring single`.
pub fn scoring_options(rules: &Rules) -> Vec<(&'static str, String)> {
    let s = &rules.scoring;
    let mut out = Vec::new();
    if s.is_match() {
        out.push(("MatchLength", s.match_length.to_string()));
    }
    if s.terms.cube {
        out.push(("Cube", "true".to_string()));
        out.push(("Jacoby", s.terms.jacoby.to_string()));
        out.push(("Beavers", s.terms.beavers.to_string()));
    }
    if s.single() {
        out.push(("Scoring", "single".to_string()));
    }
    out
}

/// The option name of an `option name <Name> type ...` line.
fn option_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("option name ")?;
    Some(rest.split_once(" type ").map_or(rest, |(n, _)| n).trim())
}

/// Starts a session: `ncbp` → `ncbpok`, the rule options and the engine's
/// own options, then `isready` → `readyok`. An engine that answers one of
/// them with an `error` line fails it. When the games need scoring options
/// ([`scoring_options`]: a match, the cube, single scoring), an engine
/// whose option list (before `ncbpok`) lacks one of them fails the
/// handshake with a detail naming the missing option, so it is never sent
/// a game whose cube or score it does not know.
pub fn handshake(
    port: &mut dyn EnginePort,
    engine: &EngineConfig,
    rules: &Rules,
    timeouts: &Timeouts,
) -> Result<(), Fault> {
    let mut rule_options = script::rule_options(rules.variant, rules.numbers);
    let scoring = scoring_options(rules);
    if scoring.is_empty() {
        return run(
            port,
            &script::handshake(&rule_options, &engine.options),
            timeouts,
        );
    }
    // `ncbp`, then the option list up to `ncbpok`, read here.
    send(port, "ncbp")?;
    let deadline = Instant::now() + timeouts.handshake;
    let offered = std::cell::RefCell::new(Vec::new());
    wait_for_checking(port, "ncbpok", deadline, ForfeitReason::Handshake, |line| {
        if let Some(name) = option_name(line) {
            offered.borrow_mut().push(name.to_ascii_lowercase());
        }
        script::refusal(line)
    })?;
    let offered = offered.into_inner();
    let missing: Vec<&str> = scoring
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !offered.contains(&name.to_ascii_lowercase()))
        .collect();
    if !missing.is_empty() {
        let what = match rules.scoring.is_match() {
            true => "matches (--match-length)",
            false if rules.scoring.terms.cube => "the cube (--cube)",
            false => "single scoring (--scoring single)",
        };
        return Err(Fault::new(
            ForfeitReason::Handshake,
            format!(
                "the engine does not support {what}: its option list lacks {}",
                missing.join(", ")
            ),
        ));
    }
    rule_options.extend(scoring);
    // The same script as always, but its first two steps (`ncbp`, `ncbpok`)
    // done above.
    let all = script::handshake(&rule_options, &engine.options);
    run(port, &all[2..], timeouts)
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct GameClock {
    /// The time control.
    pub tc: TimeControl,
    /// Time left.
    pub left: Duration,
    /// Answers left in this session (with moves per session), this one
    /// included.
    pub to_go: Option<u32>,
}

impl GameClock {
    /// A clock at the start of a game.
    pub fn new(tc: TimeControl) -> GameClock {
        GameClock {
            tc,
            left: tc.base,
            to_go: tc.moves,
        }
    }

    /// After an answer that took `elapsed`: the time used taken off, the
    /// increment added, and at the end of a session the base time again.
    pub fn answered(&mut self, elapsed: Duration) {
        self.left = self.left.saturating_sub(elapsed) + self.tc.increment;
        if let (Some(to_go), Some(moves)) = (self.to_go, self.tc.moves) {
            self.to_go = Some(if to_go <= 1 {
                self.left += self.tc.base;
                moves
            } else {
                to_go - 1
            });
        }
    }
}

/// The `go` command for the engine with `limits` playing `mover`, given the
/// clocks (by side): both sides' time and increment, and the mover's
/// `movestogo` with moves per session.
pub(super) fn go_command(
    limits: &SearchLimits,
    clocks: [Option<GameClock>; 2],
    mover: Side,
) -> String {
    let mut go = String::from("go");
    for (side, clock) in [("x", clocks[0]), ("y", clocks[1])] {
        if let Some(c) = clock {
            go.push_str(&format!(" {side}time {}", c.left.as_millis()));
        }
    }
    for (side, clock) in [("x", clocks[0]), ("y", clocks[1])] {
        if let Some(c) = clock {
            go.push_str(&format!(" {side}inc {}", c.tc.increment.as_millis()));
        }
    }
    if let Some(to_go) = clocks[mover.index()].and_then(|c| c.to_go) {
        go.push_str(&format!(" movestogo {to_go}"));
    }
    if let Some(t) = limits.movetime {
        go.push_str(&format!(" movetime {}", t.as_millis()));
    }
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    go
}

/// Sends `isready` and reads up to `readyok`; a `bestmove` on the way is a
/// failure (no `go` is pending): before each `go`, and after `newgame`
/// (where it is a second answer to the previous game's last search).
pub fn ready_without_answers(port: &mut dyn EnginePort, timeouts: &Timeouts) -> Result<(), Fault> {
    send(port, "isready")?;
    let deadline = Instant::now() + timeouts.handshake;
    let unrequested = |line: &str| {
        (first_word(line) == Some("bestmove")).then(|| {
            Fault::new(
                ForfeitReason::Unrequested,
                format!("{} with no go pending", quoted(line)),
            )
        })
    };
    wait_for_checking(
        port,
        "readyok",
        deadline,
        ForfeitReason::NotReady,
        unrequested,
    )
    .map(|_| ())
}
