//! An engine process: spawned with piped standard input and output, its
//! output read line by line on a thread so every wait has a deadline.

use super::judge::{EnginePort, PortError};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Longest line kept from an engine; longer lines are cut (never a panic).
const MAX_LINE: usize = 1 << 16;

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` (program and arguments). Its standard error is
    /// discarded.
    pub fn spawn(command: &[String]) -> std::io::Result<EngineProcess> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty engine command"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        buf.truncate(MAX_LINE);
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
        })
    }

    /// Asks the engine to quit, waits a moment, then kills it.
    pub fn shutdown(mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills it.
    }
}

impl EnginePort for EngineProcess {
    fn send(&mut self, line: &str) -> Result<(), PortError> {
        let stdin = self.stdin.as_mut().ok_or(PortError::Closed)?;
        writeln!(stdin, "{line}").map_err(|_| PortError::Closed)?;
        stdin.flush().map_err(|_| PortError::Closed)
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, PortError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(PortError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(PortError::Closed),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
