//! The engine's options (protocol/ncbp.md §5): their declarations for the
//! `ncbp` reply and `setoption`'s checks.

use super::error::{quote, EngineError, ErrorCode};
use crate::board::Variant;
use crate::cube::{Scoring, Terms};
use crate::numbers::NumberRules;
use crate::search::{Knob, Settings, Tune};
use std::time::Duration;
use values::*;

/// Every option's current value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`: transposition table size in MiB.
    pub hash_mib: usize,
    /// `Threads`: search threads (Lazy SMP).
    pub threads: usize,
    /// `Seed`.
    pub seed: u64,
    /// `Depth`: cap on the search depth (0: none).
    pub depth: u32,
    /// `Random`: play a random legal turn.
    pub random: bool,
    /// `MoveOverhead` in milliseconds.
    pub move_overhead: u64,
    /// `Variant`: start position of new games.
    pub variant: Variant,
    /// `Alphabet`: k for new games.
    pub alphabet: u8,
    /// `DoubletCredits` for new games.
    pub doublet_credits: u8,
    /// `Eval`: the evaluation the search uses.
    pub eval: EvalKind,
    /// `EvalFile`: the net file loaded, or `None` for the embedded net.
    pub eval_file: Option<String>,
    /// `MoveFilter`: children searched below the root (0: all), in every
    /// game but NC-Hypergammon, whose filter its search profile chooses
    /// ([`crate::search::SearchProfile::for_game`]).
    pub move_filter: usize,
    /// `Tables`: the exact-value table files, as given (`;`-separated;
    /// empty: none).
    pub tables: String,
    /// `TablesPath`: the folders whose table files are loaded, as given
    /// (`;`-separated; empty: none).
    pub tables_path: String,
    /// `Cube`: the cube is in play in money games.
    pub cube: bool,
    /// `Jacoby`: the Jacoby rule in money games with the cube.
    pub jacoby: bool,
    /// `Beavers`: beavers in money games with the cube.
    pub beavers: bool,
    /// `MatchLength`: the match's length (0: money play).
    pub match_length: u16,
    /// `Scoring`: points or single wins.
    pub scoring: Scoring,
}

/// The `Eval` option's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// The learned evaluation (the net of `EvalFile`).
    Nn,
    /// The handcrafted evaluation, a baseline.
    Classic,
}

/// `EvalFile`'s value for the net embedded in the binary.
pub const EMBEDDED_NET: &str = "<embedded>";

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mib: 16,
            threads: 1,
            seed: 0,
            depth: 0,
            random: false,
            move_overhead: 30,
            variant: Variant::Standard,
            alphabet: 6,
            doublet_credits: 2,
            eval: EvalKind::Nn,
            eval_file: None,
            move_filter: crate::search::DEFAULT_MOVE_FILTER,
            tables: String::new(),
            tables_path: String::new(),
            cube: false,
            jacoby: true,
            beavers: false,
            match_length: 0,
            scoring: Scoring::Points,
        }
    }
}

/// What a successful `setoption` asks of the session beyond storing a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// Nothing more.
    None,
    /// Resize the transposition table to `Options::hash_mib`.
    ResizeHash,
    /// Empty the transposition table.
    ClearHash,
    /// The evaluation changed (`Eval`): use it and empty the table.
    ChangeEval,
    /// Load the net file of `Options::eval_file` (the embedded net when
    /// `None`); on failure the option keeps its old value.
    LoadNet,
    /// Load the table files of `Options::tables` (none when empty) and
    /// empty the transposition table; on failure the option keeps its old
    /// value and the old tables stay.
    LoadTables,
    /// Load the table files in the folders of `Options::tables_path`
    /// (none when empty) and empty the transposition table; on failure
    /// the option keeps its old value and the old tables stay.
    LoadTablesPath,
    /// The terms of scoring or the match length changed: the current game
    /// is played on the new terms (a match length takes effect with the
    /// next `newgame` or `position`).
    Terms,
}

/// `Tables`' and `TablesPath`'s value for none.
pub const NO_TABLES: &str = "<empty>";

impl Options {
    /// The `option ...` lines of the `ncbp` reply.
    pub fn declarations() -> Vec<String> {
        let variants: String = Variant::ALL
            .iter()
            .map(|v| format!(" var {}", v.name()))
            .collect();
        vec![
            HASH.line(),
            THREADS.line(),
            SEED.line(),
            DEPTH.line(),
            "option name Random type check default false".to_string(),
            MOVE_OVERHEAD.line(),
            format!(
                "option name Variant type combo default {}{variants}",
                Variant::Standard.name()
            ),
            ALPHABET.line(),
            DOUBLET_CREDITS.line(),
            "option name Clear Hash type button".to_string(),
            "option name Eval type combo default nn var nn var classic".to_string(),
            format!("option name EvalFile type string default {EMBEDDED_NET}"),
            MOVE_FILTER.line(),
            format!("option name Tables type string default {NO_TABLES}"),
            format!("option name TablesPath type string default {NO_TABLES}"),
            "option name Cube type check default false".to_string(),
            "option name Jacoby type check default true".to_string(),
            "option name Beavers type check default false".to_string(),
            MATCH_LENGTH.line(),
            "option name Scoring type combo default points var points var single".to_string(),
        ]
    }

    /// The terms of scoring the options set.
    pub fn terms(&self) -> Terms {
        Terms {
            cube: self.cube,
            jacoby: self.jacoby,
            beavers: self.beavers,
            scoring: self.scoring,
        }
    }

    /// The number rules of new games.
    pub fn number_rules(&self) -> NumberRules {
        NumberRules {
            k: self.alphabet,
            doublet_credits: self.doublet_credits,
        }
    }

    /// The table files of `Tables`, in order (empty parts are skipped).
    pub fn table_paths(&self) -> Vec<&str> {
        crate::tables::split_paths(&self.tables)
    }

    /// The folders of `TablesPath`, in order (empty parts are skipped).
    pub fn table_folders(&self) -> Vec<&str> {
        crate::tables::split_paths(&self.tables_path)
    }

    /// The search settings (no [`Settings::tune`]: the engine session adds
    /// its own).
    pub fn settings(&self) -> Settings {
        Settings {
            seed: self.seed,
            max_depth: self.depth,
            random: self.random,
            move_overhead: Duration::from_millis(self.move_overhead),
            threads: self.threads,
            move_filter: self.move_filter,
            tune: Tune::new(),
        }
    }

    /// Applies `setoption name <name> [value <value>]`. On error nothing
    /// changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, EngineError> {
        let key = name.to_ascii_lowercase();
        let need =
            || value.ok_or_else(|| EngineError::syntax(format!("option {name} needs 'value <V>'")));
        match key.as_str() {
            "hash" => {
                self.hash_mib = HASH.read(need()?)? as usize;
                return Ok(OptionEffect::ResizeHash);
            }
            "threads" => self.threads = THREADS.read(need()?)? as usize,
            "seed" => self.seed = SEED.read(need()?)?,
            "depth" => self.depth = DEPTH.read(need()?)? as u32,
            "moveoverhead" => self.move_overhead = MOVE_OVERHEAD.read(need()?)?,
            "alphabet" => self.alphabet = ALPHABET.read(need()?)? as u8,
            "doubletcredits" => self.doublet_credits = DOUBLET_CREDITS.read(need()?)? as u8,
            "random" => self.random = check("Random", need()?)?,
            "cube" => {
                self.cube = check("Cube", need()?)?;
                return Ok(OptionEffect::Terms);
            }
            "jacoby" => {
                self.jacoby = check("Jacoby", need()?)?;
                return Ok(OptionEffect::Terms);
            }
            "beavers" => {
                self.beavers = check("Beavers", need()?)?;
                return Ok(OptionEffect::Terms);
            }
            "matchlength" => {
                self.match_length = MATCH_LENGTH.read(need()?)? as u16;
                return Ok(OptionEffect::Terms);
            }
            "scoring" => {
                let v = need()?;
                self.scoring = Scoring::from_name(v).ok_or_else(|| {
                    EngineError::new(
                        ErrorCode::BadValue,
                        format!("Scoring takes points or single, not '{}'", quote(v)),
                    )
                })?;
                return Ok(OptionEffect::Terms);
            }
            "variant" => {
                let v = need()?;
                self.variant = v.parse().map_err(|_| {
                    EngineError::new(
                        ErrorCode::BadValue,
                        format!("Variant takes {}, not '{}'", Variant::names(), quote(v)),
                    )
                })?;
            }
            "eval" => {
                let v = need()?;
                self.eval = match v.to_ascii_lowercase().as_str() {
                    "nn" => EvalKind::Nn,
                    "classic" => EvalKind::Classic,
                    _ => {
                        return Err(EngineError::new(
                            ErrorCode::BadValue,
                            format!("Eval takes nn or classic, not '{}'", quote(v)),
                        ))
                    }
                };
                return Ok(OptionEffect::ChangeEval);
            }
            "evalfile" => {
                // No value or an empty one: the embedded nets, as `Tables`'
                // empty value is no tables.
                let v = value.unwrap_or_default().trim();
                self.eval_file = (!v.is_empty() && v != EMBEDDED_NET).then(|| v.to_string());
                return Ok(OptionEffect::LoadNet);
            }
            "tables" => {
                let v = value.unwrap_or_default().trim();
                self.tables = if v == NO_TABLES { "" } else { v }.to_string();
                return Ok(OptionEffect::LoadTables);
            }
            "tablespath" => {
                let v = value.unwrap_or_default().trim();
                self.tables_path = if v == NO_TABLES { "" } else { v }.to_string();
                return Ok(OptionEffect::LoadTablesPath);
            }
            "movefilter" => {
                self.move_filter = MOVE_FILTER.read(need()?)? as usize;
                // Values stored with another filter are another search's.
                return Ok(OptionEffect::ClearHash);
            }
            "clear hash" => {
                // `value` with nothing after it is no value too.
                if let Some(v) = value.filter(|v| !v.trim().is_empty()) {
                    return Err(EngineError::new(
                        ErrorCode::BadValue,
                        format!(
                            "Clear Hash is a button and takes no value, got '{}'",
                            quote(v)
                        ),
                    ));
                }
                return Ok(OptionEffect::ClearHash);
            }
            _ => {
                // The search's tuning was a list of options once: say where
                // it is now.
                let tuning = if Knob::from_name(name).is_some() {
                    "; the search's tuning is the game's own (ncbg --tune sets it for experiments)"
                } else {
                    ""
                };
                return Err(EngineError::new(
                    ErrorCode::UnknownOption,
                    format!("no option named '{}'{tuning}", quote(name)),
                ));
            }
        }
        Ok(OptionEffect::None)
    }
}

#[cfg(test)]
mod tests;
mod values;
