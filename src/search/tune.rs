//! An experiment's changes to the search profile each game chooses
//! ([`super::SearchProfile::for_game`]): named knobs and their values, as
//! the engine's `ncbg --tune NAME=VALUE` takes them (docs/engine.md,
//! "Tuning"). The knobs keep the names, ranges and games the engine
//! options had (`HyperMoveFilter`, `FutilityMargin`, ...), so that the
//! commands in `docs/lab/` replay with `--tune` for `setoption`.

use super::profile::{Family, SearchProfile};

/// One tuning knob an experiment may turn: a value of [`SearchProfile`] in
/// the games it names (the names, ranges and games of the engine options
/// they once were).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// `HyperMoveFilter`: the move filter in NC-Hypergammon at k above
    /// [`super::SMALL_ALPHABET`].
    HyperMoveFilter,
    /// `HyperMoveFilterSmallAlphabet`: the move filter in NC-Hypergammon
    /// at k up to [`super::SMALL_ALPHABET`].
    HyperMoveFilterSmallAlphabet,
    /// `FilterPerNumber`: [`SearchProfile::filter_per_number`], every game.
    FilterPerNumber,
    /// `FilterReduction`: [`SearchProfile::filter_reduction`], every game.
    FilterReduction,
    /// `OddDepths`: [`SearchProfile::odd_depths`], every game.
    OddDepths,
    /// `FutilityMargin`: the futility margin of every game but
    /// NC-Hypergammon.
    FutilityMargin,
    /// `HyperFutilityMargin`: the futility margin in NC-Hypergammon.
    HyperFutilityMargin,
    /// `ProgressAfter`: [`SearchProfile::progress_after`], every game.
    ProgressAfter,
    /// `ProgressWeight`: [`SearchProfile::progress_weight`], every game.
    ProgressWeight,
}

impl Knob {
    /// Every knob.
    pub const ALL: [Knob; 9] = [
        Knob::HyperMoveFilter,
        Knob::HyperMoveFilterSmallAlphabet,
        Knob::FilterPerNumber,
        Knob::FilterReduction,
        Knob::OddDepths,
        Knob::FutilityMargin,
        Knob::HyperFutilityMargin,
        Knob::ProgressAfter,
        Knob::ProgressWeight,
    ];

    /// The knob's name, as `--tune` takes it (any case).
    pub fn name(self) -> &'static str {
        match self {
            Knob::HyperMoveFilter => "HyperMoveFilter",
            Knob::HyperMoveFilterSmallAlphabet => "HyperMoveFilterSmallAlphabet",
            Knob::FilterPerNumber => "FilterPerNumber",
            Knob::FilterReduction => "FilterReduction",
            Knob::OddDepths => "OddDepths",
            Knob::FutilityMargin => "FutilityMargin",
            Knob::HyperFutilityMargin => "HyperFutilityMargin",
            Knob::ProgressAfter => "ProgressAfter",
            Knob::ProgressWeight => "ProgressWeight",
        }
    }

    /// The knob named `name` (any case).
    pub fn from_name(name: &str) -> Option<Knob> {
        Knob::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The values the knob takes.
    pub fn range(self) -> std::ops::RangeInclusive<u32> {
        match self {
            Knob::HyperMoveFilter | Knob::HyperMoveFilterSmallAlphabet => 0..=1000,
            Knob::FilterPerNumber | Knob::ProgressWeight => 0..=100,
            Knob::FilterReduction => 0..=8,
            Knob::OddDepths => 0..=2,
            Knob::FutilityMargin | Knob::HyperFutilityMargin => 0..=3000,
            Knob::ProgressAfter => 0..=10000,
        }
    }

    /// Sets the knob to `value` in `profile`, a profile of the games of
    /// `family`; a knob of other games leaves it as it is.
    fn apply(self, value: u32, family: Family, profile: &mut SearchProfile) {
        match self {
            Knob::HyperMoveFilter if family == Family::Hyper => {
                profile.move_filter = value as usize
            }
            Knob::HyperMoveFilterSmallAlphabet if family == Family::HyperSmallAlphabet => {
                profile.move_filter = value as usize
            }
            Knob::FutilityMargin if !family.is_hyper() => profile.futility_margin = value as i32,
            Knob::HyperFutilityMargin if family.is_hyper() => {
                profile.futility_margin = value as i32
            }
            Knob::FilterPerNumber => profile.filter_per_number = value as usize,
            Knob::FilterReduction => profile.filter_reduction = value,
            Knob::OddDepths => profile.odd_depths = value as u8,
            Knob::ProgressAfter => profile.progress_after = value,
            Knob::ProgressWeight => profile.progress_weight = value as i32,
            _ => {}
        }
    }
}

/// An experiment's changes to the profiles the games choose: knobs and
/// their values (empty: every game searches as it chose).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tune {
    /// Each knob set, once, in the order first set.
    values: Vec<(Knob, u32)>,
}

impl Tune {
    /// No changes.
    pub fn new() -> Tune {
        Tune::default()
    }

    /// Sets `knob` to `value` (a later value replaces an earlier one).
    /// A value outside the knob's range is refused and changes nothing.
    pub fn set(&mut self, knob: Knob, value: u32) -> Result<(), String> {
        let range = knob.range();
        if !range.contains(&value) {
            return Err(format!(
                "{} takes an integer in {}-{}, not {value}",
                knob.name(),
                range.start(),
                range.end()
            ));
        }
        match self.values.iter_mut().find(|(k, _)| *k == knob) {
            Some(entry) => entry.1 = value,
            None => self.values.push((knob, value)),
        }
        Ok(())
    }

    /// Sets a knob from `NAME=VALUE` (the name in any case), as
    /// `ncbg --tune` takes it. A bad setting is refused with its reason
    /// and changes nothing.
    pub fn set_from(&mut self, setting: &str) -> Result<(), String> {
        let (knob, value) = parse_setting(setting)?;
        self.set(knob, value)
    }

    /// The value set for `knob`, if any.
    pub fn get(&self, knob: Knob) -> Option<u32> {
        self.values
            .iter()
            .find(|(k, _)| *k == knob)
            .map(|&(_, v)| v)
    }

    /// Whether no knob is set.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The profile a game of `checkers_per_side` checkers a side at
    /// alphabet `k` chooses ([`SearchProfile::for_game`]), with this
    /// tune's knobs of that game set.
    pub fn apply(&self, checkers_per_side: u8, k: u8, profile: &mut SearchProfile) {
        let family = Family::of(checkers_per_side, k);
        for &(knob, value) in &self.values {
            knob.apply(value, family, profile);
        }
    }
}

impl std::fmt::Display for Tune {
    /// `NAME=VALUE` for each knob set, separated by spaces.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (knob, value)) in self.values.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{}={value}", knob.name())?;
        }
        Ok(())
    }
}

/// Reads `NAME=VALUE`: a knob and a value in its range.
fn parse_setting(setting: &str) -> Result<(Knob, u32), String> {
    let names = || {
        Knob::ALL
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (name, value) = setting
        .split_once('=')
        .ok_or_else(|| format!("'{setting}' is not NAME=VALUE (a knob: {})", names()))?;
    let knob = Knob::from_name(name.trim()).ok_or_else(|| {
        format!(
            "no tuning knob named '{}' (the knobs: {})",
            name.trim(),
            names()
        )
    })?;
    let range = knob.range();
    let value: u32 = value
        .trim()
        .parse()
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| {
            format!(
                "{} takes an integer in {}-{}, not '{}'",
                knob.name(),
                range.start(),
                range.end(),
                value.trim()
            )
        })?;
    Ok((knob, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knob_changes_only_its_games() {
        let mut tune = Tune::new();
        tune.set_from("hypermovefiltersmallalphabet=6").unwrap();
        tune.set_from("FutilityMargin=200").unwrap();
        fn profile_of(tune: &Tune, checkers: u8, k: u8) -> SearchProfile {
            let mut p = SearchProfile::for_game(checkers, k);
            tune.apply(checkers, k, &mut p);
            p
        }
        let profile = |checkers, k| profile_of(&tune, checkers, k);
        assert_eq!(profile(3, 3).move_filter, 6);
        assert_eq!(profile(3, 3).futility_margin, 300);
        assert_eq!(profile(3, 5), SearchProfile::for_game(3, 5));
        assert_eq!(profile(15, 6).futility_margin, 200);
        assert_eq!(profile(15, 6).move_filter, 12);
        tune.set(Knob::OddDepths, 2).unwrap();
        tune.set(Knob::HyperFutilityMargin, 0).unwrap();
        let profile = |checkers, k| profile_of(&tune, checkers, k);
        assert_eq!(
            (profile(3, 7).odd_depths, profile(15, 3).odd_depths),
            (2, 2)
        );
        assert_eq!(profile(3, 7).futility_margin, 0);
        assert_eq!(
            tune.to_string(),
            "HyperMoveFilterSmallAlphabet=6 FutilityMargin=200 OddDepths=2 HyperFutilityMargin=0"
        );
        // A later value replaces the earlier one, in its place.
        tune.set_from(" futilityMargin = 60 ").unwrap();
        assert_eq!(tune.get(Knob::FutilityMargin), Some(60));
        assert!(tune.to_string().contains(" FutilityMargin=60 "));
    }

    #[test]
    fn bad_settings_are_refused_and_change_nothing() {
        let mut tune = Tune::new();
        tune.set_from("FilterReduction=2").unwrap();
        let before = tune.clone();
        for (bad, reason) in [
            (
                "FilterReduction=9",
                "FilterReduction takes an integer in 0-8, not '9'",
            ),
            ("FilterReduction=-1", "not '-1'"),
            ("OddDepths", "is not NAME=VALUE"),
            ("MoveFilter=3", "no tuning knob named 'MoveFilter'"),
            ("Hash=16", "no tuning knob named 'Hash'"),
            (
                "ProgressWeight=x",
                "ProgressWeight takes an integer in 0-100",
            ),
        ] {
            let e = tune.set_from(bad).unwrap_err();
            assert!(e.contains(reason), "{bad}: {e}");
        }
        assert!(tune.set(Knob::HyperMoveFilter, 1001).is_err());
        assert_eq!(tune, before);
    }
}
