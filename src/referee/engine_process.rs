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
use super::log::{Direction, EngineLog};
use crate::ncbp_client::lines::{read_lines, Line};
use crate::ncbp_client::process::{engine_command, kill_group};
use crate::ncbp_client::PortError;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
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
    watch: Watch,
}

/// What an engine process reports to besides its judge: the log of its
/// lines, and a flag that ends every wait at once (an interrupted match).
#[derive(Clone, Default)]
pub struct Watch {
    /// The engine's name in the log.
    pub name: String,
    /// The engine log (`--log`).
    pub log: Option<Arc<EngineLog>>,
    /// When set, every wait ends as if the engine had exited.
    pub abort: Option<Arc<AtomicBool>>,
    /// The run's interrupt (SIGINT, SIGTERM): when set, as `abort`, also
    /// during the engine check before the first game.
    pub interrupt: Option<&'static AtomicBool>,
}

impl Watch {
    fn log(&self, pid: u32, dir: Direction, text: &str) {
        if let Some(log) = &self.log {
            log.line(&self.name, pid, dir, text);
        }
    }

    fn aborted(&self) -> bool {
        let set = |flag: &AtomicBool| flag.load(Ordering::SeqCst);
        self.abort.as_deref().is_some_and(set) || self.interrupt.is_some_and(set)
    }
}

impl EngineProcess {
    /// Starts `command` (program and arguments). Its standard error is
    /// discarded.
    pub fn spawn(command: &[String]) -> std::io::Result<EngineProcess> {
        EngineProcess::spawn_watched(command, Watch::default())
    }

    /// [`EngineProcess::spawn`], logging its lines and ending its waits as
    /// `watch` says.
    pub fn spawn_watched(command: &[String], watch: Watch) -> std::io::Result<EngineProcess> {
        let mut child = engine_command(command)?.spawn()?;
        let pid = child.id();
        watch.log(
            pid,
            Direction::Event,
            &format!("started: {}", command.join(" ")),
        );
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        let reader_watch = watch.clone();
        thread::spawn(move || {
            read_lines(BufReader::new(stdout), |line| {
                match &line {
                    Line::Text(t) => reader_watch.log(pid, Direction::FromEngine, t),
                    Line::TooLong => reader_watch.log(
                        pid,
                        Direction::Event,
                        &format!("a line longer than {MAX_LINE} bytes: not read further"),
                    ),
                }
                tx.send(line).is_ok()
            })
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            watch,
        })
    }

    /// How the process ended, if it has (waiting up to `wait` for it).
    pub fn exit_status(&mut self, wait: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(s)) => return Some(s),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(10)),
                _ => return None,
            }
        }
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
        self.watch.log(self.child.id(), Direction::ToEngine, line);
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
            if self.watch.aborted() {
                return Err(PortError::Closed);
            }
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
        match self.child.try_wait() {
            Ok(Some(status)) => self.watch.log(
                self.child.id(),
                Direction::Event,
                &format!("exited: {status}"),
            ),
            _ => self.watch.log(self.child.id(), Direction::Event, "killed"),
        }
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
