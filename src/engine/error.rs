//! Protocol errors: the typed form of an `error <code> <message>` line
//! (protocol/ncbp.md §6).

use crate::cube::CubeError;
use crate::game::RuleError;
use crate::notation::PlayError;
use std::fmt;

/// The error codes of ncbp.md §6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// The first word is not a command.
    UnknownCommand,
    /// A command's arguments are malformed or missing.
    Syntax,
    /// `setoption` names no option.
    UnknownOption,
    /// An option value is out of range or of the wrong type.
    BadValue,
    /// A Position ID or full-state ID cannot be read, or describes an
    /// impossible state.
    BadId,
    /// The number may not be picked now.
    IllegalNumber,
    /// The checker play is not legal.
    IllegalMove,
    /// The cube action is not allowed (no cube, the Crawford game, the
    /// opponent's cube, no beavers, the highest cube).
    IllegalCube,
    /// A pick when a play is due, a play when a pick is due, a play in turn 0.
    WrongPhase,
    /// The game is finished.
    GameOver,
    /// Not allowed while a search runs.
    Busy,
    /// The line is longer than 64 KiB.
    TooLong,
    /// The line is not valid UTF-8.
    BadEncoding,
}

impl ErrorCode {
    /// The code as written on the wire (`illegal-move`).
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownCommand => "unknown-command",
            ErrorCode::Syntax => "syntax",
            ErrorCode::UnknownOption => "unknown-option",
            ErrorCode::BadValue => "bad-value",
            ErrorCode::BadId => "bad-id",
            ErrorCode::IllegalNumber => "illegal-number",
            ErrorCode::IllegalMove => "illegal-move",
            ErrorCode::IllegalCube => "illegal-cube",
            ErrorCode::WrongPhase => "wrong-phase",
            ErrorCode::GameOver => "game-over",
            ErrorCode::Busy => "busy",
            ErrorCode::TooLong => "too-long",
            ErrorCode::BadEncoding => "bad-encoding",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rejected command: its code and a one-line, human-readable message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// What kind of error.
    pub code: ErrorCode,
    /// Why, in words (no line breaks).
    pub message: String,
}

impl EngineError {
    /// An error with `code` and `message` (control characters in the message
    /// are replaced so that the reply stays one line).
    pub fn new(code: ErrorCode, message: impl Into<String>) -> EngineError {
        let message: String = message
            .into()
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        EngineError { code, message }
    }

    /// A `syntax` error.
    pub fn syntax(message: impl Into<String>) -> EngineError {
        EngineError::new(ErrorCode::Syntax, message)
    }

    /// The error with `context` put before its message (`move 3 '6:24/12': ...`).
    #[must_use]
    pub fn context(self, context: &str) -> EngineError {
        EngineError::new(self.code, format!("{context}: {}", self.message))
    }
}

impl fmt::Display for EngineError {
    /// The protocol line: `error <code> <message>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error {} {}", self.code, self.message)
    }
}

impl std::error::Error for EngineError {}

impl From<RuleError> for EngineError {
    fn from(e: RuleError) -> EngineError {
        let code = match &e {
            RuleError::GameOver(_) => ErrorCode::GameOver,
            RuleError::AlreadyPicked { .. } | RuleError::NotPicked | RuleError::Opening => {
                ErrorCode::WrongPhase
            }
            RuleError::Pick(_) => ErrorCode::IllegalNumber,
            RuleError::Play(PlayError::Syntax(_)) => ErrorCode::Syntax,
            RuleError::Play(_) => ErrorCode::IllegalMove,
            RuleError::Cube(
                CubeError::Opening
                | CubeError::NotStartOfTurn
                | CubeError::NoOffer
                | CubeError::OfferPending,
            ) => ErrorCode::WrongPhase,
            RuleError::Cube(_) => ErrorCode::IllegalCube,
        };
        EngineError::new(code, e.to_string())
    }
}

/// User text for an error message: at most 40 characters, cut with `...`.
pub fn quote(text: &str) -> String {
    crate::notation::cut(text)
}
