//! The client side of NCBP (`protocol/ncbp.md`): what a program that drives
//! an engine needs, shared by `ncbg-referee` (blocking, one thread a game)
//! and `ncbg-gui` (async, tokio), so both read engines the same way.
//!
//! - [`lines`]: the engine's output cut into lines of at most 64 KiB (a
//!   longer line is a fault, never cut or kept).
//! - [`PortError`]: why a line could not be exchanged.

pub mod lines;

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
