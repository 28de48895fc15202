//! Driving the real `ncbg` binary over its stdin and stdout, for the engine
//! tests.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long a test waits for one line before failing (searches in the tests
/// are small; this only guards against hangs).
pub const LINE_TIMEOUT: Duration = Duration::from_secs(60);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `ncbg` with no arguments (the NCBP engine).
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// Starts `ncbg` with extra environment variables.
    pub fn start_with(env: &[(&str, &str)]) -> Engine {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ncbg"));
        cmd.envs(env.iter().copied());
        Engine::spawn(cmd)
    }

    /// Starts `ncbg` under a virtual memory limit (`ulimit -v`, in KiB).
    pub fn start_with_memory_limit(kib: u64) -> Engine {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("ulimit -v {kib} && exec \"$0\""))
            .arg(env!("CARGO_BIN_EXE_ncbg"));
        Engine::spawn(cmd)
    }

    fn spawn(mut cmd: Command) -> Engine {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start ncbg");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to ncbg");
        stdin.flush().expect("flush to ncbg");
    }

    /// Closes stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next output line; panics after [`LINE_TIMEOUT`].
    pub fn line(&mut self) -> String {
        match self.lines.recv_timeout(LINE_TIMEOUT) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => panic!("no line from ncbg in {LINE_TIMEOUT:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("ncbg closed its output"),
        }
    }

    /// The next output line, if one comes within `wait`.
    pub fn line_within(&mut self, wait: Duration) -> Option<String> {
        self.lines.recv_timeout(wait).ok()
    }

    /// The lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.line();
            let done = l.starts_with(prefix);
            out.push(l);
            if done {
                return out;
            }
        }
    }

    /// Sends `isready` and returns every line before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// Sends `line`, then `isready`; returns the output in between.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// Sends `go ...` and returns its lines up to and including `bestmove`.
    pub fn go(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.until("bestmove")
    }

    /// The value of a `d` key line (`stateid`, `phase`, ...).
    pub fn key(&mut self, key: &str) -> String {
        let prefix = format!("{key} ");
        self.ask("d")
            .into_iter()
            .find_map(|l| l.strip_prefix(&prefix).map(str::to_string))
            .unwrap_or_else(|| panic!("no '{key}' line in d"))
    }

    /// Waits for the engine to exit; panics if it does not within 30 s.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "ncbg did not exit"
            );
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// The remaining output lines after the engine exited.
    pub fn rest(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_secs(5)) {
            out.push(l);
        }
        out
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
