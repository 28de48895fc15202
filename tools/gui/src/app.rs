//! The server's state: the authoritative game, who plays each side, the
//! engine slots, the search settings, faults and messages; and the actions a
//! person takes on them. Every action either changes the state and bumps
//! the game's generation, or returns an error and changes nothing.
//!
//! The server's state lives behind one `std::sync::Mutex` ([`Shared`]) that
//! is never held across an `.await`; engine work runs in tasks
//! (`controller`), and every change is announced on a `watch` channel that
//! the event stream forwards. The static site's board (`local`) owns a
//! [`State`] directly.

use crate::history::Record;
use crate::review::Review;
use crate::slots::InfoLine;
use crate::stakes::{Stakes, StakesSetup};
use ncbg::board::Variant;
use ncbg::cube::CubeAction;
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::numbers::{NumberRules, Side};
#[cfg(feature = "server")]
use ncbg::referee::config::EngineConfig;
#[cfg(feature = "server")]
use ncbg::tables::Table;
use serde::Deserialize;
#[cfg(feature = "server")]
use std::path::PathBuf;
#[cfg(feature = "server")]
use std::sync::{Arc, Mutex, MutexGuard};
#[cfg(feature = "server")]
use std::time::Duration;
#[cfg(feature = "server")]
use tokio::sync::watch;

#[cfg(feature = "server")]
pub use crate::slots::Slot;
pub use crate::slots::{
    cut, slot_letter, Hint, Player, SearchSettings, SlotFault, SlotStatus, Thinking,
};

/// The mutable state.
pub struct State {
    /// The game.
    pub game: Record,
    /// X's and Y's players.
    pub players: [Player; 2],
    /// Search limits.
    pub search: SearchSettings,
    /// Bumped by every change of the game.
    pub generation: u64,
    /// The search in progress.
    pub thinking: Option<Thinking>,
    /// The last finished search: slot, side and its last `info`.
    pub last_search: Option<(usize, String, Option<InfoLine>)>,
    /// The hint the person asked for last (shown while its generation is
    /// the game's).
    pub hint: Option<Hint>,
    /// Status of each slot.
    pub status: Vec<SlotStatus>,
    /// The `id name` of each slot.
    pub id_names: Vec<String>,
    /// Engine play is paused (watch mode).
    pub paused: bool,
    /// The page's *hints*: in a game a person plays, the engines' scores
    /// and lines (which hold the person's best move) are sent only with it
    /// on.
    pub hints: bool,
    /// One engine move is allowed while paused (the page's *Step*).
    pub step: bool,
    /// The last problem to show the person (cleared by the next action).
    pub message: Option<String>,
    /// The last engine fault (kept until a restart or a new game).
    pub fault: Option<SlotFault>,
    /// Review of a loaded match file.
    pub review: Review,
    /// Money or match, the cube, and the match's score.
    pub stakes: Stakes,
    /// The engine's last cube action with its analysis.
    pub cube_note: Option<CubeNote>,
    /// Bumped by every change, for the event stream.
    pub version: u64,
}

/// An engine's cube action (`double`, `take`, `drop`, `beaver`) and the
/// analysis it gave with it (`info string cube ...`: its equities).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeNote {
    /// The engine's slot.
    pub slot: usize,
    /// Its side.
    pub side: Side,
    /// The action.
    pub action: String,
    /// The record's index of the action's token (the note goes with it
    /// when that turn is taken back).
    pub at: usize,
    /// The engine's analysis line, if it sent one.
    pub analysis: Option<String>,
}

/// Everything the server shares between requests and tasks.
#[cfg(feature = "server")]
pub struct Shared {
    state: Mutex<State>,
    /// Engine slots (fixed at startup).
    pub slots: Vec<Slot>,
    /// The version of the state, for the event stream.
    pub changes: watch::Sender<u64>,
    /// The folder files are read from and written to.
    pub dir: PathBuf,
    /// Time allowed for an answer beyond the movetime, or for a depth search.
    pub answer_timeout: Duration,
    /// Exact-value tables for the review's analysis (`--tables`,
    /// `--tables-path`).
    pub tables: Vec<Arc<Table>>,
}

/// What a new game looks like.
#[derive(Clone, Debug, Deserialize)]
pub struct NewGame {
    /// Alphabet size.
    pub k: u8,
    /// Doublet credits.
    pub credits: u8,
    /// Variant name.
    pub variant: String,
    /// X's player (`human`, `A`, `B`, ...).
    pub x: String,
    /// Y's player.
    pub y: String,
    /// The initial pair, if given.
    pub x0: Option<u8>,
    /// The initial pair, if given.
    pub y0: Option<u8>,
    /// A full-state ID to start from instead.
    pub state: Option<String>,
    /// Money or a match, the cube (absent: money without the cube).
    #[serde(default)]
    pub stakes: StakesSetup,
}

#[cfg(feature = "server")]
impl Shared {
    /// A server state with engines `cfgs` (not started yet) and no tables.
    pub fn new(cfgs: Vec<EngineConfig>, dir: PathBuf, answer_timeout: Duration) -> Arc<Shared> {
        Shared::with_tables(cfgs, dir, answer_timeout, Vec::new())
    }

    /// A server state whose review analysis probes `tables`.
    pub fn with_tables(
        cfgs: Vec<EngineConfig>,
        dir: PathBuf,
        answer_timeout: Duration,
        tables: Vec<Arc<Table>>,
    ) -> Arc<Shared> {
        let names: Vec<String> = cfgs.iter().map(|c| c.name.clone()).collect();
        let state = State::new(&names);
        Arc::new(Shared {
            state: Mutex::new(state),
            slots: cfgs
                .into_iter()
                .map(|cfg| Slot {
                    cfg,
                    engine: tokio::sync::Mutex::new(None),
                    abort: watch::channel(0).0,
                })
                .collect(),
            changes: watch::channel(0).0,
            dir,
            answer_timeout,
            tables,
        })
    }

    /// The state, locked. Never hold it across an `.await`.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Announces a change.
    pub fn changed(&self, st: &mut State) {
        st.version += 1;
        self.changes.send_replace(st.version);
    }

    /// The game changed under any search in progress: that search is stopped
    /// and its answer will be ignored.
    pub fn new_generation(&self, st: &mut State) {
        st.new_generation();
    }

    /// The engines' configured names, by slot.
    pub fn engine_names(&self) -> Vec<String> {
        self.slots.iter().map(|s| s.cfg.name.clone()).collect()
    }
}

impl State {
    /// The state at start: a standard game, the person (X) against the
    /// first engine of `engines` (their names, by slot) if there is one.
    pub fn new(engines: &[String]) -> State {
        let n = engines.len();
        let players = [
            Player::Human,
            if n > 0 {
                Player::Engine(0)
            } else {
                Player::Human
            },
        ];
        State {
            game: Record::new(
                Variant::Standard,
                NumberRules::default(),
                GameState::standard(),
            ),
            players,
            search: SearchSettings {
                depth: 0,
                movetime: 1000,
                delay: 0,
            },
            generation: 0,
            thinking: None,
            last_search: None,
            hint: None,
            status: vec![SlotStatus::Starting; n],
            id_names: engines.to_vec(),
            paused: false,
            hints: false,
            step: false,
            message: None,
            fault: None,
            review: Review::default(),
            stakes: Stakes::default(),
            cube_note: None,
            version: 0,
        }
    }

    /// The game changed under any search in progress: that search is stopped
    /// and its answer will be ignored.
    pub fn new_generation(&mut self) {
        self.generation += 1;
        if let Some(t) = self.thinking.take() {
            // Its answer will not match the generation and is dropped.
            t.stop.send_replace(true);
        }
        if let Some(h) = &self.hint {
            // A hint for a position that is gone.
            h.stop.send_replace(true);
        }
    }

    /// Runs a person's action: on success the game moves on (a new
    /// generation when a turn or pick changed, or a search was running),
    /// on error nothing changes and the message is kept for the page. The
    /// version is bumped either way.
    pub fn act(
        &mut self,
        action: impl FnOnce(&mut State) -> Result<(), String>,
    ) -> Result<(), String> {
        let count =
            |st: &State| st.game.tokens.len() as i64 * 2 + i64::from(st.game.picked.is_some());
        let before = count(self);
        let result = action(self);
        match &result {
            Ok(()) => {
                self.message = None;
                if count(self) != before || self.thinking.is_some() {
                    self.new_generation();
                }
            }
            Err(e) => self.message = Some(e.clone()),
        }
        self.version += 1;
        result
    }

    /// The player of `side`.
    pub fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }

    /// True when the person is to act in the current state.
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.player(self.game.current.to_move()) == Player::Human
    }

    fn check_human(&self) -> Result<(), String> {
        if self.game.is_over() {
            return Err("the game is over".into());
        }
        if !self.human_to_move() {
            return Err(format!(
                "it is not your turn: {} plays {}",
                self.player(self.game.current.to_move()).code(),
                self.game.current.to_move()
            ));
        }
        Ok(())
    }

    /// Who plays X and Y: the player codes.
    pub fn player_codes(&self) -> [String; 2] {
        [self.players[0].code(), self.players[1].code()]
    }

    /// The session's players, the first player (X of the session's first
    /// game) first: `players` with the colours a match changed put back.
    pub fn session_players(&self) -> [Player; 2] {
        let [x, y] = self.players;
        if self.stakes.swapped {
            [y, x]
        } else {
            [x, y]
        }
    }

    /// The session's players' names for its saved games, the first player
    /// first: `human` or the engine's name (`engines`: their names, by
    /// slot). In a match, two players of one name (a person playing both
    /// sides, an engine against itself) are named apart, `NAME 1` and
    /// `NAME 2`: the colours change every game, and a `.mat` tells its
    /// players apart by their names alone.
    pub fn names(&self, engines: &[String]) -> [String; 2] {
        let names = self.session_players().map(|p| match p {
            Player::Human => "human".to_string(),
            Player::Engine(i) => engines.get(i).cloned().unwrap_or_default(),
        });
        if names[0] == names[1] && self.stakes.score.is_some() {
            let [a, b] = names;
            [format!("{a} 1"), format!("{b} 2")]
        } else {
            names
        }
    }
}

mod actions;
#[cfg(all(test, feature = "server"))]
mod tests;
