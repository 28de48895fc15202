//! How an analysis searches and judges: the depth, which choices are
//! searched to it (the candidates of a shallow screen and the played one),
//! whether the deepest depths of both parities are combined (1:2:1), the
//! optional node and time caps, and the loss thresholds; the named presets ([`AnalysisSettings::default`],
//! [`AnalysisSettings::quick`]) that `ncbg analyze`, the GUI's review and
//! the Python package share, and the one-line description every output
//! carries.

use super::Thresholds;
use crate::search::Limits;
use serde::Serialize;
use std::time::Duration;

/// The deepest depth of the default analysis (turns, the judged one
/// included): depths 5, 6 and 7 weighted 1:2:1 for the candidates
/// ([`DEFAULT_CANDIDATES`]) and the played choice. Shallower analyses mark
/// many turns that deeper ones find fine; this is the deepest whose 60-turn
/// game fits in a minute on two cores. See `docs/analysis.md` for the
/// measurements behind it.
pub const DEFAULT_DEPTH: u32 = 7;
/// The deepest depth of the quick analysis: depths 4, 5 and 6 weighted
/// 1:2:1 for the same candidates, about a sixth of the default's nodes.
pub const QUICK_DEPTH: u32 = 6;
/// The candidates of both presets: every choice screened at depths 1, 2 and
/// 3 (weighted 1:2:1), then the screen's 4 best, those within 60 mp of its
/// best (at most 4 more) and the played choice searched to the full depth.
pub const DEFAULT_CANDIDATES: Candidates = Candidates {
    screen_depth: 3,
    count: 4,
    margin: 60,
};
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
/// The choices that can be best (the candidates of a shallow screen over
/// every choice, [`Candidates`]) and the played one are searched to the same
/// depth, each with a full window, so the played turn and the best are
/// valued with equal effort from the parent (without candidates, every
/// root choice is). With [`AnalysisSettings::both_parities`] each choice's value
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
    /// Screen every choice shallow and search only the best few (and
    /// the played one) to `depth`; `None`: every choice to `depth`.
    pub candidates: Option<Candidates>,
    /// The loss thresholds of errors and blunders.
    #[serde(skip)]
    pub thresholds: Thresholds,
}

/// Which root choices an analysis searches to its full depth: every
/// choice is screened first (to `screen_depth`, weighed as the analysis
/// weighs), then the screen's `count` best, every other within `margin`
/// millipoints of the screen's best (at most `count` more), and the played
/// choice are searched alike to the full depth, as GNU Backgammon's
/// analysis filters its candidates before the deep evaluation. The
/// depth the others' full windows would cost buys plies for the choices
/// that can be best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Candidates {
    /// The deepest depth of the screen over every choice.
    pub screen_depth: u32,
    /// The screen's best searched deep.
    pub count: usize,
    /// Also those within this many millipoints of the screen's best.
    pub margin: i32,
}

impl Candidates {
    /// The choices to search deep, from the screen's `ranked` choices
    /// (best first): the best `count`, those within `margin` of the best
    /// (at most `count` more), and `played`.
    pub(super) fn choose(
        &self,
        ranked: &[(crate::turn::Turn, crate::search::Score)],
        state: &crate::game::GameState,
        played: Option<&crate::turn::Turn>,
    ) -> Vec<crate::turn::Turn> {
        let Some(&(_, best)) = ranked.first() else {
            return Vec::new();
        };
        let mut chosen: Vec<crate::turn::Turn> = ranked
            .iter()
            .enumerate()
            .take_while(|&(i, (_, s))| {
                i < self.count || (i < 2 * self.count && best.value - s.value <= self.margin)
            })
            .map(|(_, &(t, _))| t)
            .collect();
        if let Some(p) = played {
            let after = p.after(state);
            if !chosen.iter().any(|c| c.after(state) == after) {
                if let Some(&(t, _)) = ranked.iter().find(|(t, _)| t.after(state) == after) {
                    chosen.push(t);
                }
            }
        }
        chosen
    }
}

impl Default for AnalysisSettings {
    /// The library's default: every choice screened at depth 3, the
    /// screen's best ([`DEFAULT_CANDIDATES`]) and the played choice searched
    /// alike to depths 5, 6 and 7 weighted 1:2:1, GNU Backgammon's thresholds
    /// (80 and 160 mp).
    fn default() -> AnalysisSettings {
        AnalysisSettings {
            preset: Preset::Default,
            depth: DEFAULT_DEPTH,
            both_parities: true,
            nodes: None,
            movetime_ms: None,
            candidates: Some(DEFAULT_CANDIDATES),
            thresholds: Thresholds::default(),
        }
    }
}

impl AnalysisSettings {
    /// The quick analysis: the default's candidates searched to depths 4, 5
    /// and 6 weighted 1:2:1, a fraction of the default's time and less
    /// stable (`docs/analysis.md`).
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
    /// default (every choice screened to depth 3, its 4 best, those within 60
    /// mp of its best and the played one searched alike to depths 5, 6 and 7
    /// weighted 1:2:1; a choice within 10 mp of the best is as good, error
    /// 80 mp, blunder 160 mp)`.
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
        let searched = match self.candidates {
            Some(c) if c.screen_depth < self.depth => format!(
                "every choice screened to depth {}, its {} best, those within {} mp of its best and the played one searched alike to {depths}",
                c.screen_depth, c.count, c.margin
            ),
            _ => format!("{depths}, every choice searched alike"),
        };
        format!(
            "analysis: {} ({searched}{caps}; a choice within {} mp of the best is as good, error {} mp, blunder {} mp)",
            self.preset.name(),
            self.thresholds.tie,
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
        assert_eq!(
            d.describe(),
            "analysis: default (every choice screened to depth 3, its 4 best, those within 60 mp of its best and the played one searched alike to depths 5, 6 and 7 weighted 1:2:1; a choice within 10 mp of the best is as good, error 80 mp, blunder 160 mp)"
        );
        let q = AnalysisSettings::quick();
        assert!(q
            .describe()
            .contains("searched alike to depths 4, 5 and 6 weighted 1:2:1;"));
        assert!(q.describe().starts_with("analysis: quick ("));
        assert_eq!(AnalysisSettings::preset("quick"), Ok(q.clone()));
        assert!(AnalysisSettings::preset("fast").is_err());
        // The preset's own depth keeps its name; another is custom.
        assert_eq!(
            q.clone().with_depth(QUICK_DEPTH).unwrap().preset,
            Preset::Quick
        );
        let c = d.clone().with_depth(9).unwrap();
        assert_eq!((c.preset, c.depth), (Preset::Custom, 9));
        assert!(c
            .describe()
            .starts_with("analysis: custom (every choice screened"));
        assert!(c
            .describe()
            .contains("to depths 7, 8 and 9 weighted 1:2:1;"));
        // No deeper than the screen: every choice searched alike.
        let three = d.clone().with_depth(3).unwrap();
        assert!(three.describe().starts_with(
            "analysis: custom (depths 1, 2 and 3 weighted 1:2:1, every choice searched alike;"
        ));
        let every = AnalysisSettings {
            candidates: None,
            ..d
        };
        assert!(every
            .describe()
            .contains("(depths 5, 6 and 7 weighted 1:2:1, every choice searched alike;"));
        let two = AnalysisSettings::default().with_depth(2).unwrap();
        assert!(two.describe().contains("custom (depths 1 and 2 averaged"));
        assert!(q.clone().with_depth(0).is_err());
        assert!(q.with_depth(MAX_DEPTH + 1).is_err());
    }

    #[test]
    fn candidates_are_the_screens_best_those_near_it_and_the_played_one() {
        use crate::game::GameState;
        use crate::search::Score;
        use crate::turn::legal_turns;
        let mut g = GameState::standard();
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        let turns = legal_turns(&g);
        assert!(turns.len() >= 12);
        let score = |value| Score {
            value,
            exact: false,
        };
        // Values 0, -10, -20, ... in the legal order.
        let ranked: Vec<_> = turns
            .iter()
            .enumerate()
            .map(|(i, &t)| (t, score(-10 * i as i32)))
            .collect();
        let c = |count, margin| Candidates {
            screen_depth: 3,
            count,
            margin,
        };
        assert_eq!(c(3, 0).choose(&ranked, &g, None), turns[..3]);
        // Within 50 mp of the best: six in all, three past the count.
        assert_eq!(c(3, 50).choose(&ranked, &g, None), turns[..6]);
        // At most `count` more than the count.
        assert_eq!(c(2, 1000).choose(&ranked, &g, None), turns[..4]);
        // The played choice joins them once.
        let last = *turns.last().unwrap();
        let mut with = turns[..3].to_vec();
        with.push(last);
        assert_eq!(c(3, 0).choose(&ranked, &g, Some(&last)), with);
        assert_eq!(c(3, 0).choose(&ranked, &g, Some(&turns[1])), turns[..3]);
        assert!(c(3, 0).choose(&[], &g, None).is_empty());
    }
}
