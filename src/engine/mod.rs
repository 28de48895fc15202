//! The NCBP engine (protocol/ncbp.md), without I/O: reading command lines,
//! the session state machine, and the lines the engine prints.
//!
//! The `ncbg` binary wires this to stdin and stdout with a reader thread and
//! a search thread; everything it decides is decided here.
//!
//! ```
//! use ncbg::engine::{Reply, Session};
//!
//! let mut s = Session::new();
//! let Reply::Lines(lines) = s.execute_line("position startpos moves 3 5") else { panic!() };
//! assert!(lines.is_empty());
//! let Reply::Lines(lines) = s.execute_line("legal") else { panic!() };
//! assert_eq!(lines.last().unwrap(), "legalok 5");
//! let Reply::Lines(lines) = s.execute_line("choose-number 7") else { panic!() };
//! assert_eq!(lines, ["error illegal-number 7 is not a number in 1-6"]);
//! ```

pub mod command;
pub mod display;
pub mod error;
pub mod input;
pub mod options;
pub mod pending;
pub mod search_job;
pub mod serial;
pub mod session;
pub mod setup;
pub mod turn_input;

pub use command::{parse_command, Command};
pub use error::{EngineError, ErrorCode};
pub use input::LineReader;
pub use pending::Pending;
pub use search_job::{SearchDone, SearchJob, Task};
pub use serial::SerialEngine;
pub use session::{Reply, Session};
