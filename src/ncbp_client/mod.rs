//! The client side of NCBP (`protocol/ncbp.md`): what a program that drives
//! an engine needs, shared by `ncbg-referee` (blocking, one thread a game:
//! `referee::engine_process`, `referee::judge`) and `ncbg-gui` (async, tokio), so
//! both start, read and judge engines the same way.
//!
//! - [`lines`]: the engine's output cut into lines of at most 64 KiB (a
//!   longer line is a `malformed` fault, never cut or kept).
//! - [`reply`]: `info` and `bestmove` lines.
//! - [`handshake`]: the session's start as a script of sends and awaits,
//!   with the rule options.
//! - [`fault`]: failures classified as the match file's forfeit reasons.
//! - [`process`]: spawning an engine in its own process group with a
//!   parent-death signal on Linux, and killing the group (process I/O).

pub mod fault;
pub mod handshake;
pub mod lines;
pub mod process;
pub mod reply;

pub use fault::Fault;
pub use lines::{Line, LineSplitter, MAX_LINE};

/// Why a line could not be exchanged with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The engine closed its pipes or exited.
    Closed,
    /// The engine wrote a line longer than [`MAX_LINE`].
    LineTooLong,
}
