//! Play notation: GNU Backgammon's form, written canonically and read leniently.

mod format;
mod parse;
mod simulate;
mod written;

pub use format::{format_play, format_play_token, NO_MOVE};
pub use parse::{check_play_syntax, parse_among, parse_play};
pub use written::PlayError;
pub(crate) use written::{cut, cut_to};
