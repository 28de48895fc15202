//! The engine's options (protocol/ncbp.md §5): their declarations for the
//! `ncbp` reply and `setoption`'s checks.

use super::error::{quote, EngineError, ErrorCode};
use crate::board::Variant;
use crate::cube::{Scoring, Terms, MAX_MATCH_LENGTH};
use crate::numbers::NumberRules;
use crate::search::Settings;
use std::time::Duration;

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
    /// `MoveFilter`: children searched below the root (0: all).
    pub move_filter: usize,
    /// `HyperMoveFilter`: the same in NC-Hypergammon (three checkers a
    /// side) at k = 5..=9.
    pub hyper_move_filter: usize,
    /// `HyperMoveFilterSmallAlphabet`: the same in NC-Hypergammon at
    /// k = 3 and 4.
    pub small_alphabet_hyper_move_filter: usize,
    /// `FilterPerNumber`: below the move filter's cut, each number's best
    /// children kept as well (0: none).
    pub filter_per_number: usize,
    /// `FilterReduction`: the children past the move filter's cut are
    /// searched this many turns shallower (0: not searched).
    pub filter_reduction: u32,
    /// `OddDepths`: the depth parity of the answer (see
    /// [`crate::search::Settings::odd_depths`]).
    pub odd_depths: u8,
    /// `FutilityMargin`: futility pruning one turn from the leaves, in
    /// millipoints (0: off; see
    /// [`crate::search::Settings::futility_margin`]).
    pub futility_margin: u32,
    /// `HyperFutilityMargin`: the same in NC-Hypergammon.
    pub hyper_futility_margin: u32,
    /// `ProgressAfter`: turns without a checker borne off after which the
    /// side ahead presses for progress (0: never; see
    /// [`crate::search::Settings::progress_after`]).
    pub progress_after: u32,
    /// `ProgressWeight`: millipoints a pip of race lead when it does.
    pub progress_weight: u32,
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
            hyper_move_filter: crate::search::DEFAULT_HYPER_MOVE_FILTER,
            small_alphabet_hyper_move_filter:
                crate::search::DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER,
            filter_per_number: crate::search::DEFAULT_FILTER_PER_NUMBER,
            filter_reduction: crate::search::DEFAULT_FILTER_REDUCTION,
            odd_depths: 0,
            futility_margin: 0,
            hyper_futility_margin: crate::search::DEFAULT_HYPER_FUTILITY_MARGIN as u32,
            progress_after: crate::search::DEFAULT_PROGRESS_AFTER,
            progress_weight: crate::search::DEFAULT_PROGRESS_WEIGHT as u32,
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

/// A spin option's name and range.
struct Spin {
    name: &'static str,
    default: u64,
    min: u64,
    max: u64,
}

const HASH: Spin = Spin {
    name: "Hash",
    default: 16,
    min: 1,
    // WebAssembly's 32-bit memory holds at most 4 GiB, the nets included.
    max: if cfg!(target_arch = "wasm32") {
        1024
    } else {
        4096
    },
};
const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: crate::search::MAX_THREADS as u64,
};
const SEED: Spin = Spin {
    name: "Seed",
    default: 0,
    min: 0,
    max: 2_147_483_647,
};
const DEPTH: Spin = Spin {
    name: "Depth",
    default: 0,
    min: 0,
    max: 64,
};
const MOVE_OVERHEAD: Spin = Spin {
    name: "MoveOverhead",
    default: 30,
    min: 0,
    max: 5000,
};
const ALPHABET: Spin = Spin {
    name: "Alphabet",
    default: 6,
    min: NumberRules::MIN_K as u64,
    max: NumberRules::MAX_K as u64,
};
const MOVE_FILTER: Spin = Spin {
    name: "MoveFilter",
    default: crate::search::DEFAULT_MOVE_FILTER as u64,
    min: 0,
    max: 1000,
};
const HYPER_MOVE_FILTER: Spin = Spin {
    name: "HyperMoveFilter",
    default: crate::search::DEFAULT_HYPER_MOVE_FILTER as u64,
    min: 0,
    max: 1000,
};
const SMALL_ALPHABET_HYPER_MOVE_FILTER: Spin = Spin {
    name: "HyperMoveFilterSmallAlphabet",
    default: crate::search::DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER as u64,
    min: 0,
    max: 1000,
};
const FILTER_PER_NUMBER: Spin = Spin {
    name: "FilterPerNumber",
    default: crate::search::DEFAULT_FILTER_PER_NUMBER as u64,
    min: 0,
    max: 100,
};
const FILTER_REDUCTION: Spin = Spin {
    name: "FilterReduction",
    default: crate::search::DEFAULT_FILTER_REDUCTION as u64,
    min: 0,
    max: 8,
};
const FUTILITY_MARGIN: Spin = Spin {
    name: "FutilityMargin",
    default: 0,
    min: 0,
    max: 3000,
};
const HYPER_FUTILITY_MARGIN: Spin = Spin {
    name: "HyperFutilityMargin",
    default: crate::search::DEFAULT_HYPER_FUTILITY_MARGIN as u64,
    min: 0,
    max: 3000,
};
const PROGRESS_AFTER: Spin = Spin {
    name: "ProgressAfter",
    default: crate::search::DEFAULT_PROGRESS_AFTER as u64,
    min: 0,
    max: 10000,
};
const PROGRESS_WEIGHT: Spin = Spin {
    name: "ProgressWeight",
    default: crate::search::DEFAULT_PROGRESS_WEIGHT as u64,
    min: 0,
    max: 100,
};
const ODD_DEPTHS: Spin = Spin {
    name: "OddDepths",
    default: 0,
    min: 0,
    max: 2,
};
const MATCH_LENGTH: Spin = Spin {
    name: "MatchLength",
    default: 0,
    min: 0,
    max: MAX_MATCH_LENGTH as u64,
};
const DOUBLET_CREDITS: Spin = Spin {
    name: "DoubletCredits",
    default: 2,
    min: 0,
    max: NumberRules::MAX_CREDITS as u64,
};

impl Spin {
    fn line(&self) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            self.name, self.default, self.min, self.max
        )
    }

    fn read(&self, value: &str) -> Result<u64, EngineError> {
        let bad = || {
            EngineError::new(
                ErrorCode::BadValue,
                format!(
                    "{} takes an integer in {}-{}, not '{}'",
                    self.name,
                    self.min,
                    self.max,
                    quote(value)
                ),
            )
        };
        let v: u64 = value.parse().map_err(|_| bad())?;
        if (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            Err(bad())
        }
    }
}

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
            HYPER_MOVE_FILTER.line(),
            SMALL_ALPHABET_HYPER_MOVE_FILTER.line(),
            FILTER_PER_NUMBER.line(),
            FILTER_REDUCTION.line(),
            ODD_DEPTHS.line(),
            FUTILITY_MARGIN.line(),
            HYPER_FUTILITY_MARGIN.line(),
            PROGRESS_AFTER.line(),
            PROGRESS_WEIGHT.line(),
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

    /// The search settings.
    pub fn settings(&self) -> Settings {
        Settings {
            seed: self.seed,
            max_depth: self.depth,
            random: self.random,
            move_overhead: Duration::from_millis(self.move_overhead),
            threads: self.threads,
            move_filter: self.move_filter,
            hyper_move_filter: self.hyper_move_filter,
            small_alphabet_hyper_move_filter: self.small_alphabet_hyper_move_filter,
            filter_per_number: self.filter_per_number,
            filter_reduction: self.filter_reduction,
            odd_depths: self.odd_depths,
            futility_margin: self.futility_margin as i32,
            hyper_futility_margin: self.hyper_futility_margin as i32,
            progress_after: self.progress_after,
            progress_weight: self.progress_weight as i32,
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
            "hypermovefilter" => {
                self.hyper_move_filter = HYPER_MOVE_FILTER.read(need()?)? as usize;
                return Ok(OptionEffect::ClearHash);
            }
            "hypermovefiltersmallalphabet" => {
                self.small_alphabet_hyper_move_filter =
                    SMALL_ALPHABET_HYPER_MOVE_FILTER.read(need()?)? as usize;
                return Ok(OptionEffect::ClearHash);
            }
            "odddepths" => {
                self.odd_depths = ODD_DEPTHS.read(need()?)? as u8;
            }
            "futilitymargin" => {
                self.futility_margin = FUTILITY_MARGIN.read(need()?)? as u32;
                // Values stored with another margin are another search's.
                return Ok(OptionEffect::ClearHash);
            }
            "hyperfutilitymargin" => {
                self.hyper_futility_margin = HYPER_FUTILITY_MARGIN.read(need()?)? as u32;
                return Ok(OptionEffect::ClearHash);
            }
            "progressafter" => {
                self.progress_after = PROGRESS_AFTER.read(need()?)? as u32;
                // Values stored with and without the term are other searches'.
                return Ok(OptionEffect::ClearHash);
            }
            "progressweight" => {
                self.progress_weight = PROGRESS_WEIGHT.read(need()?)? as u32;
                return Ok(OptionEffect::ClearHash);
            }
            "filterpernumber" => {
                self.filter_per_number = FILTER_PER_NUMBER.read(need()?)? as usize;
                return Ok(OptionEffect::ClearHash);
            }
            "filterreduction" => {
                self.filter_reduction = FILTER_REDUCTION.read(need()?)? as u32;
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
                return Err(EngineError::new(
                    ErrorCode::UnknownOption,
                    format!("no option named '{}'", quote(name)),
                ))
            }
        }
        Ok(OptionEffect::None)
    }
}

/// A check option's value: `true` or `false` (either case).
fn check(name: &str, v: &str) -> Result<bool, EngineError> {
    match v.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(EngineError::new(
            ErrorCode::BadValue,
            format!("{name} takes true or false, not '{}'", quote(v)),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_reject() {
        let mut o = Options::default();
        assert_eq!(o.set("hash", Some("64")), Ok(OptionEffect::ResizeHash));
        assert_eq!(o.hash_mib, 64);
        assert_eq!(o.set("Clear Hash", None), Ok(OptionEffect::ClearHash));
        assert_eq!(o.set("MoveFilter", Some("0")), Ok(OptionEffect::ClearHash));
        assert_eq!(o.settings().move_filter, 0);
        assert!(o.set("MoveFilter", Some("1001")).is_err());
        assert_eq!(o.move_filter, 0);
        assert_eq!(o.settings().hyper_move_filter, 6);
        assert_eq!(o.settings().futility_margin, 0);
        assert_eq!(o.settings().hyper_futility_margin, 300);
        assert_eq!(
            o.set("FutilityMargin", Some("200")),
            Ok(OptionEffect::ClearHash)
        );
        assert_eq!(o.settings().futility_margin, 200);
        assert_eq!(
            o.set("HyperFutilityMargin", Some("0")),
            Ok(OptionEffect::ClearHash)
        );
        assert_eq!(o.settings().hyper_futility_margin, 0);
        assert!(o.set("HyperFutilityMargin", Some("3001")).is_err());
        assert!(o.set("FutilityMargin", Some("-5")).is_err());
        assert_eq!((o.futility_margin, o.hyper_futility_margin), (200, 0));
        assert_eq!(
            (o.settings().progress_after, o.settings().progress_weight),
            (150, 4)
        );
        assert_eq!(
            o.set("ProgressAfter", Some("120")),
            Ok(OptionEffect::ClearHash)
        );
        assert_eq!(
            o.set("progressweight", Some("6")),
            Ok(OptionEffect::ClearHash)
        );
        assert!(o.set("ProgressWeight", Some("101")).is_err());
        assert!(o.set("ProgressAfter", Some("x")).is_err());
        assert_eq!(
            (o.settings().progress_after, o.settings().progress_weight),
            (120, 6)
        );
        assert_eq!(
            o.set("hypermovefilter", Some("3")),
            Ok(OptionEffect::ClearHash)
        );
        assert_eq!(o.settings().hyper_move_filter, 3);
        assert_eq!(o.settings().move_filter, 0);
        assert!(o.set("HyperMoveFilter", Some("-1")).is_err());
        assert!(o.set("HyperMoveFilter", None).is_err());
        assert_eq!(o.hyper_move_filter, 3);
        assert_eq!(o.settings().small_alphabet_hyper_move_filter, 4);
        assert_eq!(
            o.set("HyperMoveFilterSmallAlphabet", Some("5")),
            Ok(OptionEffect::ClearHash)
        );
        assert!(o.set("HyperMoveFilterSmallAlphabet", Some("1001")).is_err());
        assert_eq!(
            (
                o.settings().small_alphabet_hyper_move_filter,
                o.settings().hyper_move_filter
            ),
            (5, 3)
        );
        assert_eq!(
            o.set("FilterReduction", Some("2")),
            Ok(OptionEffect::ClearHash)
        );
        assert_eq!(o.settings().filter_reduction, 2);
        assert!(o.set("FilterReduction", Some("9")).is_err());
        assert_eq!(o.filter_reduction, 2);
        assert_eq!(o.set("OddDepths", Some("2")), Ok(OptionEffect::None));
        assert_eq!(o.settings().odd_depths, 2);
        assert!(o.set("OddDepths", Some("3")).is_err());
        assert_eq!(o.odd_depths, 2);
        assert_eq!(o.set("RANDOM", Some("True")), Ok(OptionEffect::None));
        assert!(o.random);
        assert_eq!(
            o.set("variant", Some("Hypergammon")),
            Ok(OptionEffect::None)
        );
        assert_eq!(o.variant, Variant::Hypergammon);
        let before = o.clone();
        assert_eq!(
            o.set("Hash", Some("0")).unwrap_err().code,
            ErrorCode::BadValue
        );
        assert_eq!(
            o.set("Alphabet", Some("10")).unwrap_err().code,
            ErrorCode::BadValue
        );
        assert_eq!(
            o.set("Seed", Some("-1")).unwrap_err().code,
            ErrorCode::BadValue
        );
        assert_eq!(
            o.set("Random", Some("yes")).unwrap_err().code,
            ErrorCode::BadValue
        );
        assert_eq!(
            o.set("Nope", Some("1")).unwrap_err().code,
            ErrorCode::UnknownOption
        );
        assert_eq!(o.set("Depth", None).unwrap_err().code, ErrorCode::Syntax);
        assert_eq!(
            o.set("Eval", Some("neural")).unwrap_err().code,
            ErrorCode::BadValue
        );
        assert_eq!(o, before);
        assert_eq!(o.set("eval", Some("Classic")), Ok(OptionEffect::ChangeEval));
        assert_eq!(o.eval, EvalKind::Classic);
        assert_eq!(o.set("EvalFile", Some("a.ncnn")), Ok(OptionEffect::LoadNet));
        assert_eq!(o.eval_file.as_deref(), Some("a.ncnn"));
        assert_eq!(
            o.set("EvalFile", Some(EMBEDDED_NET)),
            Ok(OptionEffect::LoadNet)
        );
        assert_eq!(o.eval_file, None);
        // An empty value (`setoption name EvalFile value`) or none: embedded.
        for empty in [Some(""), None] {
            o.set("EvalFile", Some("a.ncnn")).unwrap();
            assert_eq!(o.set("EvalFile", empty), Ok(OptionEffect::LoadNet));
            assert_eq!(o.eval_file, None);
        }
        assert_eq!(o.set("Clear Hash", Some("")), Ok(OptionEffect::ClearHash));
        assert_eq!(
            o.set("Tables", Some(" a.tb ; ;b.tb")),
            Ok(OptionEffect::LoadTables)
        );
        assert_eq!(o.table_paths(), vec!["a.tb", "b.tb"]);
        assert_eq!(o.set("tables", None), Ok(OptionEffect::LoadTables));
        assert!(o.table_paths().is_empty());
        o.set("Tables", Some("a.tb")).unwrap();
        assert_eq!(
            o.set("Tables", Some(NO_TABLES)),
            Ok(OptionEffect::LoadTables)
        );
        assert!(o.table_paths().is_empty());
        assert_eq!(
            o.set("TablesPath", Some(" tb ;; /data/tb ")),
            Ok(OptionEffect::LoadTablesPath)
        );
        assert_eq!(o.table_folders(), vec!["tb", "/data/tb"]);
        assert_eq!(
            o.set("tablespath", Some(NO_TABLES)),
            Ok(OptionEffect::LoadTablesPath)
        );
        assert!(o.table_folders().is_empty());
        assert_eq!(o.set("TablesPath", None), Ok(OptionEffect::LoadTablesPath));
    }

    #[test]
    fn declarations_match_defaults() {
        let lines = Options::declarations();
        assert_eq!(lines.len(), 29);
        assert_eq!(
            lines[24..],
            [
                "option name Cube type check default false",
                "option name Jacoby type check default true",
                "option name Beavers type check default false",
                "option name MatchLength type spin default 0 min 0 max 64",
                "option name Scoring type combo default points var points var single",
            ]
        );
        let d = Options::default();
        assert_eq!(
            (d.cube, d.jacoby, d.beavers, d.match_length, d.scoring),
            (false, true, false, 0, Scoring::Points)
        );
        assert_eq!(
            lines[23],
            "option name TablesPath type string default <empty>"
        );
        assert_eq!(lines[22], "option name Tables type string default <empty>");
        assert_eq!(
            lines[21],
            "option name ProgressWeight type spin default 4 min 0 max 100"
        );
        assert_eq!(
            lines[20],
            "option name ProgressAfter type spin default 150 min 0 max 10000"
        );
        assert_eq!(
            lines[19],
            "option name HyperFutilityMargin type spin default 300 min 0 max 3000"
        );
        assert_eq!(
            lines[18],
            "option name FutilityMargin type spin default 0 min 0 max 3000"
        );
        assert_eq!(
            lines[17],
            "option name OddDepths type spin default 0 min 0 max 2"
        );
        assert_eq!(
            lines[16],
            "option name FilterReduction type spin default 1 min 0 max 8"
        );
        assert_eq!(
            lines[15],
            "option name FilterPerNumber type spin default 0 min 0 max 100"
        );
        assert_eq!(
            lines[12],
            "option name MoveFilter type spin default 12 min 0 max 1000"
        );
        assert_eq!(
            lines[13],
            "option name HyperMoveFilter type spin default 6 min 0 max 1000"
        );
        assert_eq!(
            lines[14],
            "option name HyperMoveFilterSmallAlphabet type spin default 4 min 0 max 1000"
        );
        assert_eq!(
            lines[0],
            "option name Hash type spin default 16 min 1 max 4096"
        );
        assert!(lines[6].ends_with("var standard var nackgammon var hypergammon var race var anti"));
        let d = Options::default();
        assert_eq!(d.settings(), Settings::default());
    }
}
