//! How option values are read: each spin option's name and range (its
//! declaration line and its check), and the values of a check option.

use super::super::error::{quote, EngineError, ErrorCode};
use crate::cube::MAX_MATCH_LENGTH;
use crate::numbers::NumberRules;

/// A spin option's name and range.
pub(super) struct Spin {
    pub(super) name: &'static str,
    pub(super) default: u64,
    pub(super) min: u64,
    pub(super) max: u64,
}

pub(super) const HASH: Spin = Spin {
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
pub(super) const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: crate::search::MAX_THREADS as u64,
};
pub(super) const SEED: Spin = Spin {
    name: "Seed",
    default: 0,
    min: 0,
    max: 2_147_483_647,
};
pub(super) const DEPTH: Spin = Spin {
    name: "Depth",
    default: 0,
    min: 0,
    max: 64,
};
pub(super) const MOVE_OVERHEAD: Spin = Spin {
    name: "MoveOverhead",
    default: 30,
    min: 0,
    max: 5000,
};
pub(super) const ALPHABET: Spin = Spin {
    name: "Alphabet",
    default: 6,
    min: NumberRules::MIN_K as u64,
    max: NumberRules::MAX_K as u64,
};
pub(super) const MOVE_FILTER: Spin = Spin {
    name: "MoveFilter",
    default: crate::search::DEFAULT_MOVE_FILTER as u64,
    min: 0,
    max: 1000,
};
pub(super) const MATCH_LENGTH: Spin = Spin {
    name: "MatchLength",
    default: 0,
    min: 0,
    max: MAX_MATCH_LENGTH as u64,
};
pub(super) const DOUBLET_CREDITS: Spin = Spin {
    name: "DoubletCredits",
    default: 2,
    min: 0,
    max: NumberRules::MAX_CREDITS as u64,
};

impl Spin {
    pub(super) fn line(&self) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            self.name, self.default, self.min, self.max
        )
    }

    pub(super) fn read(&self, value: &str) -> Result<u64, EngineError> {
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

/// A check option's value: `true` or `false` (either case).
pub(super) fn check(name: &str, v: &str) -> Result<bool, EngineError> {
    match v.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(EngineError::new(
            ErrorCode::BadValue,
            format!("{name} takes true or false, not '{}'", quote(v)),
        )),
    }
}
