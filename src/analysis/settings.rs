//! How an analysis searches and judges: the depth, whether the deepest
//! depths of both parities are combined (1:2:1), the optional node and time caps, and the
//! loss thresholds; the named presets ([`AnalysisSettings::default`],
//! [`AnalysisSettings::quick`]) that `ncbg analyze`, the GUI's review and
//! the Python package share, and the one-line description every output
//! carries.

use super::Thresholds;
use crate::search::Limits;
use serde::Serialize;
use std::time::Duration;

/// The deepest depth of the default analysis (turns, the judged one
/// included): depths 3, 4 and 5 weighted 1:2:1. Shallower analyses mark many turns
/// that deeper ones find fine; this one is the deepest whose 60-turn game
/// fits in a minute on two cores. See `docs/analysis.md` for the
/// measurements behind it.
pub const DEFAULT_DEPTH: u32 = 5;
/// The deepest depth of the quick analysis: depths 2, 3 and 4 weighted 1:2:1,
/// about a sixth of the default's nodes.
pub const QUICK_DEPTH: u32 = 4;
/// The deepest depth an analysis may ask for (a request past it is refused
/// before anything is searched).
pub const MAX_DEPTH: u32 = 20;

/// Which preset an analysis runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// The library's default ([`AnalysisSettings::default`]).
    Default,
    /// The quick analysis ([`AnalysisSettings::quick`]), labelled so in
    /// every output.
    Quick,
    /// Settings other than a preset's.
    Custom,
}

impl Preset {
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Default => "default",
            Preset::Quick => "quick",
            Preset::Custom => "custom",
        }
    }
}

/// How an analysis searches and judges.
///
/// Every root choice is searched to the same depth with a full window, so
/// the played turn and the best are valued with equal effort from the
/// parent. With [`AnalysisSettings::both_parities`] each choice's value
/// combines its values at the three deepest depths completed, weighted
/// 1:2:1 (the odd and the even depths weigh the same): in No-Chance
/// Backgammon a search's value swings between odd and even depths (the side
/// that moves last looks better), and a swing that differs between two
/// choices is a loss that is not there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysisSettings {
    /// The preset these settings are (or `custom`).
    pub preset: Preset,
    /// The deepest depth searched (turns, the judged turn included).
    pub depth: u32,
    /// Combine the three deepest depths completed, weighted 1:2:1 (two
    /// depths, averaged, when only two completed).
    pub both_parities: bool,
    /// Node cap per analysed turn (deterministic on one thread): the search
    /// deepens until the depth or the cap, whichever comes first.
    pub nodes: Option<u64>,
    /// Time cap per analysed turn (milliseconds; not reproducible).
    pub movetime_ms: Option<u64>,
    /// The loss thresholds of errors and blunders.
    #[serde(skip)]
    pub thresholds: Thresholds,
}

impl Default for AnalysisSettings {
    /// The library's default: depths 3, 4 and 5 weighted 1:2:1, every root choice
    /// searched alike, GNU Backgammon's thresholds (80 and 160 mp).
    fn default() -> AnalysisSettings {
        AnalysisSettings {
            preset: Preset::Default,
            depth: DEFAULT_DEPTH,
            both_parities: true,
            nodes: None,
            movetime_ms: None,
            thresholds: Thresholds::default(),
        }
    }
}

impl AnalysisSettings {
    /// The quick analysis: depths 2, 3 and 4 weighted 1:2:1, a fraction of the
    /// default's time and less stable (`docs/analysis.md`).
    pub fn quick() -> AnalysisSettings {
        AnalysisSettings {
            preset: Preset::Quick,
            depth: QUICK_DEPTH,
            ..AnalysisSettings::default()
        }
    }

    /// The preset named `name` (`default` or `quick`).
    pub fn preset(name: &str) -> Result<AnalysisSettings, String> {
        match name {
            "default" => Ok(AnalysisSettings::default()),
            "quick" => Ok(AnalysisSettings::quick()),
            _ => Err(format!(
                "unknown analysis preset '{name}' (default or quick)"
            )),
        }
    }

    /// These settings with another deepest depth (1 to [`MAX_DEPTH`]);
    /// `custom` unless it is the preset's own.
    pub fn with_depth(mut self, depth: u32) -> Result<AnalysisSettings, String> {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(format!("depth {depth} is not 1 to {MAX_DEPTH}"));
        }
        if depth != self.depth {
            self.depth = depth;
            self.preset = Preset::Custom;
        }
        Ok(self)
    }

    /// The search limits of one analysed turn: the depth, the caps, and
    /// every root choice reported (`choices`).
    pub fn limits(&self, choices: usize) -> Limits {
        Limits {
            depth: Some(self.depth),
            nodes: self.nodes,
            movetime: self.movetime_ms.map(Duration::from_millis),
            multipv: choices.max(1),
            ..Limits::default()
        }
    }

    /// One line that says what produced an analysis, e.g. `analysis:
    /// default (depths 3, 4 and 5 weighted 1:2:1, every choice searched alike;
    /// error 80 mp, blunder 160 mp)`.
    pub fn describe(&self) -> String {
        let depths = if self.both_parities && self.depth > 2 {
            let d = self.depth;
            format!("depths {}, {} and {d} weighted 1:2:1", d - 2, d - 1)
        } else if self.both_parities && self.depth == 2 {
            "depths 1 and 2 averaged".to_string()
        } else {
            format!("depth {}", self.depth)
        };
        let mut caps = String::new();
        if let Some(n) = self.nodes {
            caps.push_str(&format!(", at most {n} nodes a turn"));
        }
        if let Some(ms) = self.movetime_ms {
            caps.push_str(&format!(", at most {ms} ms a turn"));
        }
        format!(
            "analysis: {} ({depths}{caps}, every choice searched alike; error {} mp, blunder {} mp)",
            self.preset.name(),
            self.thresholds.error,
            self.thresholds.blunder
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_describe_themselves() {
        let d = AnalysisSettings::default();
        assert_eq!(d.preset, Preset::Default);
        assert!(d
            .describe()
            .starts_with("analysis: default (depths 3, 4 and 5 weighted 1:2:1"));
        let q = AnalysisSettings::quick();
        assert!(q
            .describe()
            .starts_with("analysis: quick (depths 2, 3 and 4 weighted 1:2:1"));
        assert_eq!(AnalysisSettings::preset("quick"), Ok(q.clone()));
        assert!(AnalysisSettings::preset("fast").is_err());
        // The preset's own depth keeps its name; another is custom.
        assert_eq!(
            q.clone().with_depth(QUICK_DEPTH).unwrap().preset,
            Preset::Quick
        );
        let c = d.with_depth(7).unwrap();
        assert_eq!((c.preset, c.depth), (Preset::Custom, 7));
        assert!(c
            .describe()
            .contains("custom (depths 5, 6 and 7 weighted 1:2:1"));
        let two = AnalysisSettings::default().with_depth(2).unwrap();
        assert!(two.describe().contains("custom (depths 1 and 2 averaged"));
        assert!(q.clone().with_depth(0).is_err());
        assert!(q.with_depth(MAX_DEPTH + 1).is_err());
    }
}
