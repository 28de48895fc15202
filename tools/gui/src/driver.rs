//! One NCBP engine process, driven asynchronously: spawn, handshake, one
//! search at a time with its `info` lines streamed to the caller, `stop`,
//! `d` and shutdown. Every wait has a deadline; a crash, a silent engine or
//! an unreadable answer is an [`EngineFault`], never a panic. Checking that a
//! `bestmove` is legal is the caller's business (it owns the game).
//!
//! The protocol is the library's NCBP client core (`ncbg::ncbp_client`),
//! the one the referee uses: the same handshake script, `info`/`bestmove`
//! reading, 64 KiB line bound (a longer line is a bad answer, and the
//! engine's output is not read further) and fault classification; the
//! engine runs in its own process group (killed whole when the engine is
//! dropped or shut down) with a parent-death signal on Linux.

use ncbg::matchfile::ForfeitReason;
use ncbg::ncbp_client::handshake::{self, Step};
use ncbg::ncbp_client::lines::{Line, LineSplitter};
use ncbg::ncbp_client::process::{engine_command, kill_group};
use ncbg::ncbp_client::reply::{bestmove_token, first_word, parse_info};
use ncbg::ncbp_client::{Fault, PortError, MAX_LINE};
use ncbg::referee::config::EngineConfig;
use std::time::Duration;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::{mpsc, watch};
use tokio::time::{timeout_at, Instant};

pub use ncbg::ncbp_client::reply::InfoLine;

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
    /// The engine refused the cube's options: it cannot play this game.
    NoCube(String),
}

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFault::Spawn(m) => write!(f, "cannot start the engine: {m}"),
            EngineFault::Handshake(m) => write!(f, "no handshake: {m}"),
            EngineFault::NoCube(m) => write!(f, "{m}"),
            EngineFault::Crash(m) => write!(f, "the engine crashed: {m}"),
            EngineFault::Timeout(m) => write!(f, "no answer: {m}"),
            EngineFault::BadAnswer(m) => write!(f, "bad answer: {m}"),
        }
    }
}

impl EngineFault {
    /// What happened, in the person's words ("Engine A (ncbg) ...").
    pub fn what(&self) -> &'static str {
        match self {
            EngineFault::Spawn(_) => "could not be started (check its --engine cmd=)",
            EngineFault::Handshake(_) => "did not finish starting",
            EngineFault::Crash(_) => "stopped unexpectedly",
            EngineFault::Timeout(_) => "did not answer in time",
            EngineFault::BadAnswer(_) => "sent an answer the board cannot take",
            EngineFault::NoCube(_) => NO_CUBE,
        }
    }
}

impl From<Fault> for EngineFault {
    /// The client core's classification, in the GUI's words.
    fn from(f: Fault) -> EngineFault {
        match f.reason {
            ForfeitReason::Spawn => EngineFault::Spawn(f.detail),
            ForfeitReason::Handshake | ForfeitReason::NotReady => EngineFault::Handshake(f.detail),
            ForfeitReason::Crash => EngineFault::Crash(f.detail),
            ForfeitReason::Timeout => EngineFault::Timeout(f.detail),
            ForfeitReason::Illegal | ForfeitReason::Malformed | ForfeitReason::Unrequested => {
                EngineFault::BadAnswer(f.detail)
            }
        }
    }
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
    /// The process id, which leads the engine's process group.
    pid: Option<u32>,
    stdin: ChildStdin,
    lines: mpsc::Receiver<Line>,
    /// Turns true when the engine's output ends (it exited or closed it).
    ended: watch::Receiver<bool>,
    /// The name from `id name`, or the configured name.
    pub id_name: String,
    /// The stakes options last sent (`Cube`, `MatchLength`...); empty
    /// while the engine plays the default game.
    stakes: Vec<(String, String)>,
    /// The last search's `info string cube ...` (the engine's cube
    /// analysis: its equities), if it sent one.
    pub cube_note: Option<String>,
}

pub use crate::slots::NO_CUBE;

/// The stakes options of the default game (money, no cube), sent to an
/// engine going back to it.
fn default_stakes() -> Vec<(String, String)> {
    [
        ("Cube", "false"),
        ("Jacoby", "true"),
        ("Beavers", "false"),
        ("MatchLength", "0"),
    ]
    .iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect()
}

/// Time allowed for `ncbpok` and `readyok`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl Engine {
    /// Starts the engine, sends `ncbp`, the rule options and its own
    /// options, and waits for `readyok`.
    pub async fn start(
        cfg: &EngineConfig,
        rule_options: &[(&str, String)],
        wait: Duration,
    ) -> Result<Engine, EngineFault> {
        let spawn = |e: std::io::Error| {
            EngineFault::Spawn(format!(
                "{}: {e}",
                cfg.command.first().map_or("", |p| p.as_str())
            ))
        };
        let mut child = Command::from(engine_command(&cfg.command).map_err(spawn)?)
            .kill_on_drop(true)
            .spawn()
            .map_err(spawn)?;
        let pid = child.id();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| EngineFault::Spawn("no standard output".into()))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| EngineFault::Spawn("no standard input".into()))?;
        let (tx, rx) = mpsc::channel(1024);
        let (ended_tx, ended) = watch::channel(false);
        tokio::spawn(async move {
            read_lines(BufReader::new(stdout), tx).await;
            ended_tx.send_replace(true);
        });
        let mut engine = Engine {
            child,
            pid,
            stdin,
            lines: rx,
            ended,
            id_name: cfg.name.clone(),
            stakes: Vec::new(),
            cube_note: None,
        };
        for step in handshake::handshake(rule_options, &cfg.options) {
            match step {
                Step::Send(line) => engine.send(&line).await?,
                Step::Await { word, on_timeout } => {
                    let deadline = Instant::now() + wait;
                    loop {
                        let line = engine.recv(deadline, word, on_timeout).await?;
                        if let Some(name) = line.strip_prefix("id name ") {
                            engine.id_name = name.trim().to_string();
                        }
                        if first_word(&line) == Some(word) {
                            break;
                        }
                        if let Some(fault) = handshake::refusal(&line) {
                            return Err(fault.into());
                        }
                    }
                }
            }
        }
        Ok(engine)
    }

    /// Sends one line.
    pub async fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        let crash = |_| EngineFault::from(Fault::not_sent(line));
        self.stdin
            .write_all(format!("{line}\n").as_bytes())
            .await
            .map_err(crash)?;
        self.stdin.flush().await.map_err(crash)
    }

    /// The next line, waiting for `word` until `deadline` (a timeout is
    /// `on_timeout`).
    async fn recv(
        &mut self,
        deadline: Instant,
        word: &str,
        on_timeout: ForfeitReason,
    ) -> Result<String, EngineFault> {
        let error = match timeout_at(deadline, self.lines.recv()).await {
            Ok(Some(Line::Text(line))) => return Ok(line),
            Ok(Some(Line::TooLong)) => PortError::LineTooLong,
            Ok(None) => PortError::Closed,
            Err(_) => PortError::Timeout,
        };
        Err(Fault::waiting(error, word, on_timeout, "GUI").into())
    }

    /// Reads lines until one whose first word is `word`.
    async fn wait_for(
        &mut self,
        word: &str,
        deadline: Instant,
        on_timeout: ForfeitReason,
    ) -> Result<String, EngineFault> {
        loop {
            let line = self.recv(deadline, word, on_timeout).await?;
            if first_word(&line) == Some(word) {
                return Ok(line);
            }
        }
    }

    /// Sends the stakes options `wanted` (empty: the default game) unless
    /// they were the last sent, then `isready`; an `error` line before
    /// `readyok` (an engine without the cube's options) is a handshake
    /// fault that names the option and says the engine has no cube.
    pub async fn set_stakes(
        &mut self,
        wanted: &[(String, String)],
        wait: Duration,
    ) -> Result<(), EngineFault> {
        if wanted == self.stakes.as_slice() {
            return Ok(());
        }
        let lines = if wanted.is_empty() {
            default_stakes()
        } else {
            wanted.to_vec()
        };
        for (name, value) in &lines {
            self.send(&format!("setoption name {name} value {value}"))
                .await?;
        }
        self.send("isready").await?;
        let deadline = Instant::now() + wait;
        loop {
            let line = self
                .recv(deadline, "readyok", ForfeitReason::NotReady)
                .await?;
            if first_word(&line) == Some("readyok") {
                break;
            }
            if first_word(&line) == Some("error") {
                return Err(EngineFault::NoCube(format!(
                    "it refused the cube's options ({}): play money without the cube, \
                     or use an engine that has the options Cube and MatchLength",
                    cut(&line)
                )));
            }
        }
        self.stakes = wanted.to_vec();
        Ok(())
    }

    /// `isready` → `readyok`.
    pub async fn ready(&mut self, wait: Duration) -> Result<(), EngineFault> {
        for step in handshake::ready() {
            match step {
                Step::Send(line) => self.send(&line).await?,
                Step::Await { word, on_timeout } => {
                    self.wait_for(word, Instant::now() + wait, on_timeout)
                        .await?;
                }
            }
        }
        Ok(())
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
        mut on_info: impl FnMut(InfoLine),
    ) -> Result<String, EngineFault> {
        self.search_lines(position, go, answer, stop, |_, info| on_info(info))
            .await
    }

    /// [`Engine::search`] with each `info`'s `multipv` index (1 when the
    /// line has none): for `go ... multipv N`, the engine's N best choices.
    pub async fn search_lines(
        &mut self,
        position: &str,
        go: &str,
        answer: Duration,
        stop: &mut watch::Receiver<bool>,
        mut on_info: impl FnMut(usize, InfoLine),
    ) -> Result<String, EngineFault> {
        self.drop_stale()?;
        self.cube_note = None;
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
                line = self.recv(deadline, "bestmove", ForfeitReason::Timeout) => line?,
                changed = stop.changed(), if !stopped => {
                    if changed.is_err() || *stop.borrow() {
                        stopped = true;
                        self.send("stop").await?;
                        deadline = deadline.min(Instant::now() + STOP_GRACE);
                    }
                    continue;
                }
            };
            if let Some(token) = bestmove_token(&line) {
                let token = token.ok_or_else(|| {
                    EngineFault::BadAnswer("'bestmove' without a turn token".into())
                })?;
                return Ok(token.to_string());
            }
            match first_word(&line) {
                Some("info") => {
                    if let Some(note) = line.strip_prefix("info string cube ") {
                        self.cube_note = Some(cut(note.trim()));
                    }
                    if let Some(info) = parse_info(&line) {
                        on_info(multipv_index(&line), info);
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
        self.drop_stale()?;
        self.send(position).await?;
        self.send("d").await?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut d = Display::default();
        loop {
            let line = self.recv(deadline, "dok", ForfeitReason::Timeout).await?;
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

    /// Drops the lines left from an earlier exchange (stale); one too long
    /// among them is still a bad answer.
    fn drop_stale(&mut self) -> Result<(), EngineFault> {
        while let Ok(line) = self.lines.try_recv() {
            if line == Line::TooLong {
                let f = Fault::new(
                    ForfeitReason::Malformed,
                    format!("a line longer than {} KiB", MAX_LINE / 1024),
                );
                return Err(f.into());
            }
        }
        Ok(())
    }

    /// Resolves when the engine's output ends: it exited (or closed its
    /// output, or sent a line too long, after which nothing more is read).
    /// Lets the owner notice an idle engine's death at once.
    pub fn ended(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut ended = self.ended.clone();
        async move {
            let _ = ended.wait_for(|e| *e).await;
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
        // Drop kills what is left of its process group.
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(pid) = self.pid {
            kill_group(pid);
        }
        let _ = self.child.start_kill();
    }
}

/// Reads the engine's output into bounded lines for `tx`: stops at its end,
/// after a line too long (passed on as [`Line::TooLong`]), or when nobody
/// listens.
async fn read_lines(mut reader: impl AsyncBufRead + Unpin, tx: mpsc::Sender<Line>) {
    let mut splitter = LineSplitter::new();
    loop {
        let chunk = match reader.fill_buf().await {
            Ok([]) | Err(_) => return,
            Ok(chunk) => chunk,
        };
        let (used, line) = splitter.feed(chunk);
        reader.consume(used);
        let Some(line) = line else { continue };
        let last = line == Line::TooLong;
        if tx.send(line).await.is_err() || last {
            return;
        }
    }
}

/// How long a stopped search may take to send its `bestmove`.
pub const STOP_GRACE: Duration = Duration::from_secs(2);

/// An engine line quoted in a message: at most 80 characters.
fn cut(line: &str) -> String {
    line.chars().take(80).collect()
}

pub use crate::slots::multipv_index;
