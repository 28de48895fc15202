//! The match file's records, as the referee names them. They are built and
//! read in [`crate::matchfile`] (one layer for the referee, `ncbg analyze`
//! and the GUI); this module only re-exports them for code written against
//! `referee::record`.

pub use crate::matchfile::{ForfeitReason, GameEnd, GameRecord, Header, MatchFile, MAGIC};
