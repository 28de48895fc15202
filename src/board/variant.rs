//! Named games of the backgammon family: their start positions (standard,
//! Nackgammon, Hypergammon, Backgammon Race) and their object (bear off first,
//! or, in Anti-Backgammon, not): `protocol/rules.md` §1 and §9.

use super::Position;
use std::fmt;
use std::str::FromStr;

/// A named start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// 15 checkers: 2 on the 24 point, 5 on 13, 3 on 8, 5 on 6.
    #[default]
    Standard,
    /// 15 checkers: 2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6.
    Nackgammon,
    /// 3 checkers: one each on 24, 23 and 22.
    Hypergammon,
    /// Backgammon Race: all 15 checkers wait in the pool, off the board.
    Race,
    /// Anti-Backgammon: the standard start; the first to bear off all its
    /// checkers loses.
    Anti,
}

/// What a game is won by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Objective {
    /// The first to bear off all its checkers wins.
    #[default]
    BearOffFirst,
    /// Anti-Backgammon: the first to bear off all its checkers loses; the
    /// other side wins what §4 of the rules gives the finisher.
    BearOffLast,
}

impl Variant {
    /// Every variant, in a fixed order.
    pub const ALL: [Variant; 5] = [
        Variant::Standard,
        Variant::Nackgammon,
        Variant::Hypergammon,
        Variant::Race,
        Variant::Anti,
    ];

    /// The variant's start position (symmetric, so either side may be to move).
    pub fn start(self) -> Position {
        let layout: &[(usize, u8)] = match self {
            Variant::Standard | Variant::Anti => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Variant::Race => &[],
            Variant::Nackgammon => &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)],
            Variant::Hypergammon => &[(24, 1), (23, 1), (22, 1)],
        };
        let mut side = [0u8; 25];
        for &(point, n) in layout {
            side[point - 1] = n;
        }
        let n = self.checkers_per_side();
        let pool = if self == Variant::Race { n } else { 0 };
        Position::from_points_and_pools(&side, &side, n, (pool, pool))
            .expect("start positions are valid")
    }

    /// Checkers each side owns.
    pub const fn checkers_per_side(self) -> u8 {
        match self {
            Variant::Standard | Variant::Nackgammon | Variant::Race | Variant::Anti => 15,
            Variant::Hypergammon => 3,
        }
    }

    /// Lower-case name as used in the protocol and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Nackgammon => "nackgammon",
            Variant::Hypergammon => "hypergammon",
            Variant::Race => "race",
            Variant::Anti => "anti",
        }
    }

    /// What the game is won by.
    pub const fn objective(self) -> Objective {
        match self {
            Variant::Anti => Objective::BearOffLast,
            _ => Objective::BearOffFirst,
        }
    }

    /// The names of every variant, comma-separated, for messages.
    pub fn names() -> String {
        Variant::ALL.map(Variant::name).join(", ")
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;

    fn from_str(s: &str) -> Result<Variant, String> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown variant '{s}' (expected {})", Variant::names()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn race_starts_with_full_pools_and_anti_as_standard() {
        let race = Variant::Race.start();
        assert_eq!(race.pools(), (15, 15));
        assert_eq!((race.mover().in_play(), race.mover().off()), (15, 0));
        assert_eq!(race.mover().occupied(), 0);
        assert_eq!(race.pips(), (375, 375));
        assert!(race.outcome().is_none());
        assert_eq!(Variant::Anti.start(), Variant::Standard.start());
        assert_eq!(Variant::Anti.objective(), Objective::BearOffLast);
        assert_eq!(Variant::Race.objective(), Objective::BearOffFirst);
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        assert!("misere"
            .parse::<Variant>()
            .unwrap_err()
            .contains("race, anti"));
    }
}
