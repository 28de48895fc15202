//! One NCBP engine process, driven asynchronously: spawn, handshake, one
//! search at a time with its `info` lines streamed to the caller, `stop`,
//! `d` and shutdown. Every wait has a deadline; a crash, a silent engine or
//! an unreadable answer is an [`EngineFault`], never a panic. Checking that a
//! `bestmove` is legal is the caller's business (it owns the game).

use ncbg::referee::config::EngineConfig;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::{mpsc, watch};
use tokio::time::{timeout_at, Instant};

/// Longest engine line kept (longer lines are cut).
const MAX_LINE: usize = 1 << 16;

/// Why an engine could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// The program could not be started.
    Spawn(String),
    /// No `ncbpok` or `readyok` in time.
    Handshake(String),
    /// The engine exited or closed its output.
    Crash(String),
    /// No answer in time.
    Timeout(String),
    /// An answer that is not of the expected form, or not legal.
    BadAnswer(String),
}

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFault::Spawn(m) => write!(f, "cannot start the engine: {m}"),
            EngineFault::Handshake(m) => write!(f, "no handshake: {m}"),
            EngineFault::Crash(m) => write!(f, "the engine crashed: {m}"),
            EngineFault::Timeout(m) => write!(f, "no answer: {m}"),
            EngineFault::BadAnswer(m) => write!(f, "bad answer: {m}"),
        }
    }
}

/// One `info` line with a score (`info string` lines are not parsed).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Info {
    /// Turns searched.
    pub depth: u32,
    /// Score in millipoints for the side to move.
    pub score_mp: Option<i32>,
    /// The score is proven.
    pub exact: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds.
    pub time: u64,
    /// Expected line, as turn tokens.
    pub pv: Vec<String>,
}

/// Reads an `info` line; `None` for other lines and for `info string`.
pub fn parse_info(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut info = Info::default();
    let mut seen = false;
    while let Some(w) = words.next() {
        match w {
            "string" => return None,
            "depth" => info.depth = words.next()?.parse().ok()?,
            "multipv" => {
                words.next()?;
            }
            "score" => {
                if words.next()? != "mp" {
                    return None;
                }
                info.score_mp = Some(words.next()?.parse().ok()?);
            }
            "exact" => info.exact = true,
            "nodes" => info.nodes = words.next()?.parse().ok()?,
            "nps" => info.nps = words.next()?.parse().ok()?,
            "time" => info.time = words.next()?.parse().ok()?,
            "pv" => {
                info.pv = words.by_ref().map(str::to_string).collect();
            }
            _ => continue,
        }
        seen = true;
    }
    seen.then_some(info)
}

/// The `stateid` and the other key lines of a `d` reply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Display {
    /// `stateid` line.
    pub state_id: String,
    /// `result` line (`none` or `<winner> <kind> <points>`).
    pub result: String,
}

/// A running engine with a finished handshake.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    /// The name from `id name`, or the configured name.
    pub id_name: String,
}

/// Time allowed for `ncbpok` and `readyok`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl Engine {
    /// Starts the engine, sends `ncbp`, the rule options and its own
    /// options, and waits for `readyok`.
    pub async fn start(
        cfg: &EngineConfig,
        rule_options: &[(&str, String)],
        handshake: Duration,
    ) -> Result<Engine, EngineFault> {
        let (program, args) = cfg
            .command
            .split_first()
            .ok_or_else(|| EngineFault::Spawn("empty command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| EngineFault::Spawn(format!("{program}: {e}")))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| EngineFault::Spawn("no standard output".into()))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| EngineFault::Spawn("no standard input".into()))?;
        let (tx, rx) = mpsc::channel(1024);
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        buf.truncate(MAX_LINE);
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).await.is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines: rx,
            id_name: cfg.name.clone(),
        };
        engine.send("ncbp").await?;
        let deadline = Instant::now() + handshake;
        loop {
            let line = engine.recv(deadline, "ncbpok").await.map_err(|e| match e {
                EngineFault::Timeout(m) => EngineFault::Handshake(m),
                other => other,
            })?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.id_name = name.trim().to_string();
            }
            if line.trim() == "ncbpok" {
                break;
            }
        }
        for (name, value) in rule_options
            .iter()
            .map(|(n, v)| (*n, v.as_str()))
            .chain(cfg.options.iter().map(|(n, v)| (n.as_str(), v.as_str())))
        {
            engine
                .send(&format!("setoption name {name} value {value}"))
                .await?;
        }
        engine.ready(handshake).await?;
        Ok(engine)
    }

    /// Sends one line.
    pub async fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        let crash = |_| EngineFault::Crash(format!("it exited before '{line}'"));
        self.stdin
            .write_all(format!("{line}\n").as_bytes())
            .await
            .map_err(crash)?;
        self.stdin.flush().await.map_err(crash)
    }

    async fn recv(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, EngineFault> {
        match timeout_at(deadline, self.lines.recv()).await {
            Ok(Some(line)) => Ok(line),
            Ok(None) => Err(EngineFault::Crash(format!(
                "it exited while the GUI waited for '{waiting_for}'"
            ))),
            Err(_) => Err(EngineFault::Timeout(format!("no '{waiting_for}' in time"))),
        }
    }

    /// Reads lines until one whose first word is `word`.
    async fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<String, EngineFault> {
        loop {
            let line = self.recv(deadline, word).await?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// `isready` → `readyok`.
    pub async fn ready(&mut self, wait: Duration) -> Result<(), EngineFault> {
        self.send("isready").await?;
        self.wait_for("readyok", Instant::now() + wait)
            .await
            .map(|_| ())
            .map_err(|e| match e {
                EngineFault::Timeout(m) => EngineFault::Handshake(m),
                other => other,
            })
    }

    /// Sets the position, runs `go <limits>` and returns the `bestmove`
    /// token. `info` lines go to `on_info` as they come. When `stop` turns
    /// true, `stop` is sent and the answer is still awaited (briefly).
    /// `answer` bounds the whole wait.
    pub async fn search(
        &mut self,
        position: &str,
        go: &str,
        answer: Duration,
        stop: &mut watch::Receiver<bool>,
        mut on_info: impl FnMut(Info),
    ) -> Result<String, EngineFault> {
        // Lines left from an earlier exchange are stale.
        while self.lines.try_recv().is_ok() {}
        self.send(position).await?;
        self.send(go).await?;
        let mut deadline = Instant::now() + answer;
        let mut stopped = *stop.borrow();
        if stopped {
            self.send("stop").await?;
            deadline = Instant::now() + STOP_GRACE;
        }
        loop {
            let line = tokio::select! {
                line = self.recv(deadline, "bestmove") => line?,
                changed = stop.changed(), if !stopped => {
                    if changed.is_err() || *stop.borrow() {
                        stopped = true;
                        self.send("stop").await?;
                        deadline = deadline.min(Instant::now() + STOP_GRACE);
                    }
                    continue;
                }
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let token = words.next().ok_or_else(|| {
                        EngineFault::BadAnswer("'bestmove' without a turn token".into())
                    })?;
                    return Ok(token.to_string());
                }
                Some("info") => {
                    if let Some(info) = parse_info(&line) {
                        on_info(info);
                    }
                }
                Some("error") => {
                    return Err(EngineFault::BadAnswer(cut(&line)));
                }
                _ => {}
            }
        }
    }

    /// Sets the position and reads `d`'s `stateid` and `result`.
    pub async fn display(&mut self, position: &str) -> Result<Display, EngineFault> {
        while self.lines.try_recv().is_ok() {}
        self.send(position).await?;
        self.send("d").await?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut d = Display::default();
        loop {
            let line = self.recv(deadline, "dok").await?;
            let line = line.trim();
            if let Some(id) = line.strip_prefix("stateid ") {
                d.state_id = id.trim().to_string();
            } else if let Some(r) = line.strip_prefix("result ") {
                d.result = r.trim().to_string();
            } else if line.starts_with("error") {
                return Err(EngineFault::BadAnswer(cut(line)));
            } else if line == "dok" {
                return Ok(d);
            }
        }
    }

    /// True while the process runs.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Asks the engine to quit, then kills it after a moment.
    pub async fn shutdown(mut self) {
        let _ = self.send("quit").await;
        let _ = tokio::time::timeout(Duration::from_millis(300), self.child.wait()).await;
        let _ = self.child.kill().await;
    }
}

/// How long a stopped search may take to send its `bestmove`.
pub const STOP_GRACE: Duration = Duration::from_secs(2);

/// An engine line quoted in a message: at most 80 characters.
fn cut(line: &str) -> String {
    line.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read() {
        let i = parse_info("info depth 4 score mp -312 exact nodes 18233 nps 402112 time 45 pv 6:24/18,13/8 2:13/11,6/4").unwrap();
        assert_eq!(i.depth, 4);
        assert_eq!(i.score_mp, Some(-312));
        assert!(i.exact);
        assert_eq!(i.nodes, 18233);
        assert_eq!(i.pv, ["6:24/18,13/8", "2:13/11,6/4"]);
        assert_eq!(parse_info("info string hello depth 3"), None);
        assert_eq!(parse_info("bestmove 3"), None);
        assert_eq!(parse_info("info depth x"), None);
        assert_eq!(parse_info("info score cp 3"), None);
    }
}
