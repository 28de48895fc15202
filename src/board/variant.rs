//! Named start positions: standard backgammon, Nackgammon and Hypergammon.

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
}

impl Variant {
    /// Every variant, in a fixed order.
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::Nackgammon, Variant::Hypergammon];

    /// The variant's start position (symmetric, so either side may be to move).
    pub fn start(self) -> Position {
        let layout: &[(usize, u8)] = match self {
            Variant::Standard => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Variant::Nackgammon => &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)],
            Variant::Hypergammon => &[(24, 1), (23, 1), (22, 1)],
        };
        let mut side = [0u8; 25];
        for &(point, n) in layout {
            side[point - 1] = n;
        }
        Position::from_points(&side, &side, self.checkers_per_side())
            .expect("start positions are valid")
    }

    /// Checkers each side owns.
    pub const fn checkers_per_side(self) -> u8 {
        match self {
            Variant::Standard | Variant::Nackgammon => 15,
            Variant::Hypergammon => 3,
        }
    }

    /// Lower-case name as used in the protocol and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Nackgammon => "nackgammon",
            Variant::Hypergammon => "hypergammon",
        }
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
            .ok_or_else(|| {
                format!("unknown variant '{s}' (expected standard, nackgammon or hypergammon)")
            })
    }
}
