//! Who plays each side and the engine slots: the [`Player`] of a side, an
//! engine [`Slot`] and what it is doing, the [`SearchSettings`] sent with
//! `go`, and the search in progress ([`Thinking`]). The game state that
//! uses them is in `app`.

use crate::driver::{Engine, InfoLine};
use ncbg::referee::config::EngineConfig;
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The person at the page.
    Human,
    /// Engine slot `i`.
    Engine(usize),
}

impl Player {
    /// `human`, or the slot letter.
    pub fn code(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Engine(i) => slot_letter(i).to_string(),
        }
    }

    /// Reads `human` or a slot letter.
    pub fn parse(text: &str, slots: usize) -> Result<Player, String> {
        if text == "human" {
            return Ok(Player::Human);
        }
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c @ 'A'..='Z'), None) if ((c as u8 - b'A') as usize) < slots => {
                Ok(Player::Engine((c as u8 - b'A') as usize))
            }
            _ => Err(format!("no player '{}'", cut(text))),
        }
    }
}

/// Slot `i`'s letter: A, B, ...
pub fn slot_letter(i: usize) -> char {
    (b'A' + i as u8) as char
}

/// A person's text quoted in a message: at most 40 characters.
pub fn cut(text: &str) -> String {
    text.chars().take(40).collect()
}

/// A hint the person asked for: the engine's best choices in the state of
/// `generation`, ranked (`go ... multipv N`).
#[derive(Debug)]
pub struct Hint {
    /// The engine slot asked.
    pub slot: usize,
    /// The game's generation it was asked in (stale once the game moves).
    pub generation: u64,
    /// Still searching.
    pub running: bool,
    /// Why it failed, if it did.
    pub error: Option<String>,
    /// The latest `info` of each `multipv` line, by index (1 first).
    pub lines: std::collections::BTreeMap<usize, InfoLine>,
    /// Stops the search (the game moved on).
    pub stop: watch::Sender<bool>,
}

/// The limits sent with `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchSettings {
    /// `go depth d` (0: not sent).
    pub depth: u32,
    /// `go movetime ms` (0: not sent).
    pub movetime: u64,
    /// Pause in ms between the moves of a game two engines play (watching).
    #[serde(default)]
    pub delay: u64,
}

impl SearchSettings {
    /// The `go` line.
    pub fn go_line(&self) -> String {
        let mut go = String::from("go");
        if self.depth > 0 {
            go.push_str(&format!(" depth {}", self.depth));
        }
        if self.movetime > 0 {
            go.push_str(&format!(" movetime {}", self.movetime));
        }
        go
    }
}

/// What an engine slot is doing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", content = "detail", rename_all = "lowercase")]
pub enum SlotStatus {
    /// Handshake in progress.
    Starting,
    /// Ready for a search.
    Ready,
    /// Searching.
    Thinking,
    /// Failed; the message says how. A restart is needed.
    Faulted(String),
}

/// One configured engine.
pub struct Slot {
    /// From the command line.
    pub cfg: EngineConfig,
    /// The process, when started; a search holds the lock while it runs.
    pub engine: tokio::sync::Mutex<Option<Engine>>,
    /// Bumped to abort a search at once (restart, shutdown).
    pub abort: watch::Sender<u64>,
}

/// A search in progress.
#[derive(Debug, Serialize)]
pub struct Thinking {
    /// Engine slot.
    pub slot: usize,
    /// Side it plays.
    pub side: String,
    /// Latest `info`.
    pub info: Option<InfoLine>,
    /// All `info` lines of this search, newest last (at most 40).
    pub lines: Vec<InfoLine>,
    /// Game generation the search was started for.
    #[serde(skip)]
    pub generation: u64,
    /// Turns true to stop the search (its answer is then still awaited).
    #[serde(skip)]
    pub stop: watch::Sender<bool>,
}
