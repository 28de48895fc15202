//! An engine process: spawned with piped standard input and output, its
//! output read line by line on a thread so every wait has a deadline.
//!
//! Memory stays bounded whatever the engine writes: a line is kept up to
//! [`MAX_LINE`] bytes (a longer one ends the reading and is reported as
//! [`PortError::LineTooLong`] as soon as it passes the limit), and at most
//! [`QUEUED_LINES`] lines wait for the judge (the reader then waits, and the
//! engine's pipe fills).

use super::judge::{EnginePort, PortError};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Longest line an engine may write (bytes, without the newline).
pub const MAX_LINE: usize = 1 << 16;
/// Lines read ahead of the judge.
pub const QUEUED_LINES: usize = 64;

/// What the reader thread passes on.
enum Output {
    Line(String),
    TooLong,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Output>,
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
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        thread::spawn(move || read_lines(BufReader::new(stdout), &tx));
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
        })
    }
}

/// Reads `reader` into lines of at most [`MAX_LINE`] bytes for `tx`; stops at
/// the end of the output, at a line too long, or when nobody listens.
fn read_lines(mut reader: impl BufRead, tx: &mpsc::SyncSender<Output>) {
    let mut line: Vec<u8> = Vec::new();
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(chunk) => chunk,
        };
        let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        let used = part.len() + usize::from(newline);
        if line.len() + part.len() > MAX_LINE {
            let _ = tx.send(Output::TooLong);
            return;
        }
        line.extend_from_slice(part);
        reader.consume(used);
        if newline {
            let text = String::from_utf8_lossy(&line);
            let text = text.trim_end_matches('\r').to_string();
            line.clear();
            if tx.send(Output::Line(text)).is_err() {
                return;
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
            Ok(Output::Line(line)) => Ok(line),
            Ok(Output::TooLong) => Err(PortError::LineTooLong),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: Vec<u8>) -> Vec<Option<String>> {
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        let t = thread::spawn(move || read_lines(std::io::Cursor::new(bytes), &tx));
        let out = rx
            .iter()
            .map(|o| match o {
                Output::Line(l) => Some(l),
                Output::TooLong => None,
            })
            .collect();
        t.join().unwrap();
        out
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            read_all(b"readyok\r\nbestmove 3\npartial".to_vec()),
            [Some("readyok".to_string()), Some("bestmove 3".to_string())]
        );
        let mut long = b"ok\n".to_vec();
        long.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        long.extend(b"\nnever read\n");
        assert_eq!(read_all(long), [Some("ok".to_string()), None]);
        let exact = [vec![b'y'; MAX_LINE], b"\n".to_vec()].concat();
        assert_eq!(read_all(exact)[0].as_ref().map(String::len), Some(MAX_LINE));
    }
}
