//! A solved space: what the solver hands to the table file writer and the
//! probes (its own module, below both the solver and the file format, so
//! that neither imports the other for it).

use super::index::StateIndex;
use super::Spec;

/// A solved space.
pub struct Solved {
    /// What was solved.
    pub spec: Spec,
    /// Its indices.
    pub index: StateIndex,
    /// One entry per state (`solve::entry`), board-major.
    pub entries: Vec<u16>,
    /// Sweeps in all (values and turns).
    pub sweeps: u32,
    /// Sweeps of the values.
    pub value_sweeps: u32,
    /// Plays in the side move tables.
    pub plays: usize,
}
