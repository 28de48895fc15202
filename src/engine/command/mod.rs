//! Reading one protocol line into a typed [`Command`] (protocol/ncbp.md §3).
//!
//! The grammar is written with `nom` combinators over the line's text. Every
//! malformed line gives an [`EngineError`](crate::engine::EngineError) with the protocol's code
//! (`unknown-command` or `syntax`) and a message naming what was expected
//! and what was found. Checks that need the game or the options (is the ID
//! readable, is the number legal, does the option exist) are left to the
//! session: this module only reads the shape of the command.

mod grammar;
#[cfg(test)]
mod tests;

use crate::cube::Crawford;
use crate::game::Phase;
use crate::numbers::Side;

pub use grammar::parse_command;

/// The deepest `perft` the engine runs (deeper counts take minutes or hours:
/// use `ncbg perft` on the command line).
pub const MAX_PERFT_DEPTH: u32 = 6;
/// The deepest `bench`.
pub const MAX_BENCH_DEPTH: u32 = 6;

/// A command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ncbp`: identify and list the options.
    Ncbp,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name <Name> [value <V>]`.
    SetOption {
        /// The option's name, words joined by single spaces.
        name: String,
        /// The value, when given.
        value: Option<String>,
    },
    /// `newgame`.
    NewGame,
    /// `position ...`.
    Position(PositionCommand),
    /// `choose-number <n>`: the digits as written, any length (the session
    /// checks the number, so one too large for any integer type is refused
    /// as out of range, like `300`).
    ChooseNumber(String),
    /// `move <play>`: the rest of the line.
    Move(String),
    /// `go [limits]`.
    Go(GoCommand),
    /// `stop`.
    Stop,
    /// `legal`.
    Legal,
    /// `d`.
    Display,
    /// `eval`.
    Eval,
    /// `perft <depth>`.
    Perft(u32),
    /// `bench [depth <d>]`.
    Bench {
        /// The depth, when given.
        depth: Option<u32>,
    },
    /// `quit`.
    Quit,
}

/// The names of the commands refused while a search runs ([`Command::needs_idle`]): a line
/// that starts with one of them is refused with `busy` while a search
/// runs, even when the rest of it is malformed (ncbp.md §6: `busy` comes
/// before the arguments are judged).
pub const IDLE_ONLY: [&str; 8] = [
    "setoption",
    "newgame",
    "position",
    "choose-number",
    "move",
    "go",
    "perft",
    "bench",
];

impl Command {
    /// True for the commands that are refused with `busy` while a search runs:
    /// those named in [`IDLE_ONLY`], the one list that the check of a
    /// malformed line reads too.
    pub fn needs_idle(&self) -> bool {
        IDLE_ONLY.contains(&self.name())
    }

    /// The command's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Ncbp => "ncbp",
            Command::IsReady => "isready",
            Command::SetOption { .. } => "setoption",
            Command::NewGame => "newgame",
            Command::Position(_) => "position",
            Command::ChooseNumber(_) => "choose-number",
            Command::Move(_) => "move",
            Command::Go(_) => "go",
            Command::Stop => "stop",
            Command::Legal => "legal",
            Command::Display => "d",
            Command::Eval => "eval",
            Command::Perft(_) => "perft",
            Command::Bench { .. } => "bench",
            Command::Quit => "quit",
        }
    }
}

/// Where `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionBase {
    /// `startpos`.
    StartPos,
    /// `state <full-state ID>`.
    State(String),
    /// `posid <Position ID> [side X|Y] [numbers x y] [credits cx cy] [phase pick|play]`.
    PosId {
        /// The Position ID.
        id: String,
        /// `side`.
        side: Option<Side>,
        /// `numbers <x> <y>` or `numbers <x> -`.
        numbers: Option<(u64, Option<u64>)>,
        /// `credits <cx> <cy>`.
        credits: Option<(u64, u64)>,
        /// `phase pick|play`.
        phase: Option<Phase>,
    },
}

/// A whole `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// Where the game starts.
    pub base: PositionBase,
    /// The turn tokens after `moves`.
    pub moves: Vec<String>,
    /// `score <x> <y> [crawford|postcrawford]` after `startpos`: the
    /// match score before this game.
    pub score: Option<StartScore>,
}

/// The match score `position startpos` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartScore {
    /// X's points.
    pub x: u64,
    /// Y's points.
    pub y: u64,
    /// `crawford` (this is the Crawford game), `postcrawford`, or neither.
    pub crawford: Crawford,
}

/// The limits of a `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// `depth <d>`.
    pub depth: Option<u32>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `movetime <ms>`.
    pub movetime: Option<u64>,
    /// `xtime <ms>`.
    pub xtime: Option<u64>,
    /// `ytime <ms>`.
    pub ytime: Option<u64>,
    /// `xinc <ms>`.
    pub xinc: Option<u64>,
    /// `yinc <ms>`.
    pub yinc: Option<u64>,
    /// `movestogo <n>`: the side to move's turns until its clock is
    /// refilled (a moves-per-session time control), this one included.
    pub movestogo: Option<u32>,
    /// `infinite`.
    pub infinite: bool,
    /// `multipv <n>` (at least 1).
    pub multipv: Option<usize>,
}
