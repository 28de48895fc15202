//! Who plays each side and the engine slots: the [`Player`] of a side, an
//! engine [`Slot`] and what it is doing, the [`SearchSettings`] sent with
//! `go`, and the search in progress ([`Thinking`]). The game state that
//! uses them is in `app`.

#[cfg(feature = "server")]
use crate::driver::Engine;
pub use ncbg::ncbp_client::reply::InfoLine;
use ncbg::referee::config::{EngineConfig, SearchLimits};
use serde::{Deserialize, Serialize};

/// Stops a search. The server's is a `watch` channel that the search's
/// task awaits; in the static site's one-thread board ([`crate::local`])
/// a search runs to its own limit, so a flag is all there is.
#[cfg(feature = "server")]
pub type StopSender = tokio::sync::watch::Sender<bool>;
/// Stops a search. The server's is a `watch` channel that the search's
/// task awaits; in the static site's one-thread board ([`crate::local`])
/// a search runs to its own limit, so a flag is all there is.
#[cfg(not(feature = "server"))]
pub type StopSender = StopFlag;

/// What an engine without the cube's options is said to do.
pub const NO_CUBE: &str = "cannot play with the cube or a match";

/// A stop request as a flag (the one-thread board's [`StopSender`]).
#[derive(Debug, Default)]
pub struct StopFlag(std::cell::Cell<bool>);

impl StopFlag {
    /// Sets the flag; returns the old value (as `watch::Sender` does).
    pub fn send_replace(&self, value: bool) -> bool {
        self.0.replace(value)
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.0.get()
    }
}

/// A fresh stop handle, not yet set.
pub fn stop_sender() -> StopSender {
    #[cfg(feature = "server")]
    {
        tokio::sync::watch::channel(false).0
    }
    #[cfg(not(feature = "server"))]
    {
        StopFlag::default()
    }
}

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

/// An engine of `--engine`'s settings (`cmd=`, `name=`, `option.<Name>=`,
/// as `ncbg-referee` reads them). Search limits (`depth=`, `movetime=`,
/// `nodes=`, `tc=`) are refused with a pointer to where they are set: the
/// page sends each `go`'s limits (its *Game* panel), so a limit here would
/// never be used.
pub fn engine_config(settings: &[String]) -> Result<EngineConfig, String> {
    let cfg = EngineConfig::from_settings(&[], settings)?;
    if cfg.limits != SearchLimits::default() {
        let limits: Vec<&str> = settings
            .iter()
            .map(String::as_str)
            .filter(|s| {
                ["depth=", "movetime=", "nodes=", "tc="]
                    .iter()
                    .any(|k| s.starts_with(k))
            })
            .collect();
        return Err(format!(
            "{}: search limits are not taken here; set depth and time per move in the page's \
             Game panel, or give the engine a fixed depth with option.Depth=N",
            limits.join(" ")
        ));
    }
    Ok(cfg)
}

/// The `multipv` index of an `info` line (1 when it has none).
pub fn multipv_index(line: &str) -> usize {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "pv" {
            break;
        }
        if w == "multipv" {
            return words.next().and_then(|n| n.parse().ok()).unwrap_or(1);
        }
    }
    1
}

/// Slot `i`'s letter: A, B, ...
pub fn slot_letter(i: usize) -> char {
    (b'A' + i as u8) as char
}

/// A person's text quoted in a message: at most 40 characters.
pub fn cut(text: &str) -> String {
    text.chars().take(40).collect()
}

/// An engine that failed: a plain sentence for the person (what happened
/// and what to do) and the technical detail (the driver's words, which may
/// quote protocol lines), shown on demand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotFault {
    /// The engine slot.
    pub slot: usize,
    /// "Engine A (ncbg) stopped unexpectedly — press Restart engine."
    pub text: String,
    /// What the driver saw, at most 200 characters.
    pub detail: String,
}

impl SlotFault {
    /// Slot `slot` (named `name`) failed: `what` happened ("stopped
    /// unexpectedly"), `detail` says how.
    pub fn new(slot: usize, name: &str, what: &str, detail: &str) -> SlotFault {
        SlotFault {
            slot,
            text: if what == NO_CUBE {
                format!(
                    "Engine {} ({name}) {what}: start a money game without the cube, \
                     or choose another engine.",
                    slot_letter(slot)
                )
            } else {
                format!(
                    "Engine {} ({name}) {what} — press Restart engine.",
                    slot_letter(slot)
                )
            },
            detail: detail.chars().take(200).collect(),
        }
    }
}

/// A hint the person asked for: the engine's best choices in the state of
/// `generation`, ranked (`go ... multipv N`).
#[derive(Debug)]
pub struct Hint {
    /// The engine slot asked.
    pub slot: usize,
    /// The game's generation it is for (stale once the game moves).
    pub generation: u64,
    /// The generation it was asked in (a hint carried through the pick
    /// keeps it: the page knows it as the same hint).
    pub asked: u64,
    /// The number the person picked after asking for it at pick time: its
    /// lines are then the plays of that pick.
    pub picked: Option<u8>,
    /// Still searching.
    pub running: bool,
    /// Why it failed, if it did.
    pub error: Option<String>,
    /// The latest `info` of each `multipv` line, by index (1 first).
    pub lines: std::collections::BTreeMap<usize, InfoLine>,
    /// Stops the search (the game moved on).
    pub stop: StopSender,
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
#[cfg(feature = "server")]
pub struct Slot {
    /// From the command line.
    pub cfg: EngineConfig,
    /// The process, when started; a search holds the lock while it runs.
    pub engine: tokio::sync::Mutex<Option<Engine>>,
    /// Bumped to abort a search at once (restart, shutdown).
    pub abort: tokio::sync::watch::Sender<u64>,
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
    pub stop: StopSender,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn multipv_indexes() {
        assert_eq!(multipv_index("info depth 2 score mp 10 pv 3:24/21"), 1);
        assert_eq!(
            multipv_index("info depth 2 multipv 4 score mp 10 nodes 5 pv 3:24/21"),
            4
        );
        assert_eq!(multipv_index("info depth 2 pv multipv 3"), 1);
    }

    #[test]
    fn an_engine_takes_its_command_name_and_options() {
        let cfg = engine_config(&settings("cmd=ncbg name=n2 option.Depth=2")).unwrap();
        assert_eq!(cfg.name, "n2");
        assert_eq!(cfg.options, vec![("Depth".to_string(), "2".to_string())]);
    }

    #[test]
    fn search_limits_are_refused_with_where_they_are_set() {
        for limit in ["depth=2", "movetime=100", "nodes=5000", "tc=10+1"] {
            let err = engine_config(&settings(&format!("cmd=ncbg {limit}"))).unwrap_err();
            assert!(err.starts_with(limit), "{err}");
            assert!(
                err.contains("Game panel") && err.contains("option.Depth"),
                "{err}"
            );
        }
        // What the referee refuses is refused here too, with its reason.
        assert!(engine_config(&settings("cmd=ncbg foo=bar"))
            .unwrap_err()
            .contains("unknown engine setting"));
    }
}
