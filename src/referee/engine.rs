//! An engine process: spawned with piped standard input and output, its
//! output read line by line on a thread so every wait has a deadline.
//!
//! Memory stays bounded whatever the engine writes: a line is kept up to
//! [`MAX_LINE`] bytes (a longer one ends the reading and is reported as
//! [`PortError::LineTooLong`] as soon as it passes the limit), and at most
//! [`QUEUED_LINES`] lines wait for the judge (the reader then waits, and the
//! engine's pipe fills).
//!
//! The process is started by the NCBP client core
//! ([`crate::ncbp_client::process`], shared with `ncbg-gui`): on Unix each
//! engine runs in its own process group, and a forfeit, a
//! restart or the match's end kills the whole group, so an engine started
//! through a wrapper script leaves nothing behind. On Linux the engine's
//! process also gets a parent-death signal: if the referee dies (even by
//! `kill -9`), its direct child is killed; processes that child started
//! itself are then only ended by the end of their input.

use super::judge::EnginePort;
use crate::ncbp_client::lines::{read_lines, Line};
use crate::ncbp_client::process::{engine_command, kill_group};
use crate::ncbp_client::PortError;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

pub use crate::ncbp_client::MAX_LINE;
/// Lines read ahead of the judge.
pub const QUEUED_LINES: usize = 64;
/// How often a wait looks whether the engine's process has exited.
const EXIT_POLL: Duration = Duration::from_millis(50);

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
}

impl EngineProcess {
    /// Starts `command` (program and arguments). Its standard error is
    /// discarded.
    pub fn spawn(command: &[String]) -> std::io::Result<EngineProcess> {
        let mut child = engine_command(command)?.spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        thread::spawn(move || read_lines(BufReader::new(stdout), |line| tx.send(line).is_ok()));
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
        })
    }
}

impl EngineProcess {
    /// Asks the engine to quit, waits a moment, then kills it.
    pub fn shutdown(mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills what is left of its process group.
    }
}

impl EnginePort for EngineProcess {
    fn send(&mut self, line: &str) -> Result<(), PortError> {
        let stdin = self.stdin.as_mut().ok_or(PortError::Closed)?;
        writeln!(stdin, "{line}").map_err(|_| PortError::Closed)?;
        stdin.flush().map_err(|_| PortError::Closed)
    }

    /// Waits in slices, looking between them whether the engine's process
    /// has exited: a process it started may hold the output pipe open, so the
    /// end of the output alone does not tell.
    fn recv(&mut self, deadline: Instant) -> Result<String, PortError> {
        let map = |o| match o {
            Line::Text(line) => Ok(line),
            Line::TooLong => Err(PortError::LineTooLong),
        };
        loop {
            let wait = deadline
                .saturating_duration_since(Instant::now())
                .min(EXIT_POLL);
            match self.lines.recv_timeout(wait) {
                Ok(o) => return map(o),
                Err(RecvTimeoutError::Disconnected) => return Err(PortError::Closed),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Ok(Some(_)) = self.child.try_wait() {
                // What it wrote before exiting still counts.
                return match self.lines.try_recv() {
                    Ok(o) => map(o),
                    Err(_) => Err(PortError::Closed),
                };
            }
            if Instant::now() >= deadline {
                return Err(PortError::Timeout);
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
