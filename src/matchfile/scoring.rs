//! How the games of a match file are scored: money play (the default, each
//! game alone, 1/2/3 points), a match to N points (Crawford rule), single
//! scoring (every win 1 point) and the cube in money play, as the header
//! records them (`match-length`, `crawford`, `scoring`, `cube`, `jacoby`,
//! `beavers`; `protocol/match-file.md`).

use super::{GameEnd, Header};

/// The scoring settings of a match file's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoringRules {
    /// Points to win a match; 0: money play (every game alone).
    pub match_length: u32,
    /// The Crawford rule in a match (on by default).
    pub crawford: bool,
    /// Every win counts 1 point, whatever its kind (`Scoring single`).
    pub single: bool,
    /// The cube is in play in money games (in a match it always is).
    pub cube: bool,
    /// Money play with the cube: gammons and backgammons count single
    /// unless the cube was turned.
    pub jacoby: bool,
    /// Money play with the cube: a taker may beaver.
    pub beavers: bool,
}

impl Default for ScoringRules {
    fn default() -> ScoringRules {
        ScoringRules {
            match_length: 0,
            crawford: true,
            single: false,
            cube: false,
            jacoby: false,
            beavers: false,
        }
    }
}

/// The header keys [`ScoringRules`] writes.
const KEYS: [&str; 6] = [
    "match-length",
    "crawford",
    "scoring",
    "cube",
    "jacoby",
    "beavers",
];

fn on_off(v: bool) -> String {
    if v { "on" } else { "off" }.to_string()
}

impl ScoringRules {
    /// A match to N points (`match_length` > 0).
    pub fn is_match(&self) -> bool {
        self.match_length > 0
    }

    /// Whether the cube is in play in a game that is not a Crawford game:
    /// always in a match, with `cube` in money play.
    pub fn cube_in_play(&self) -> bool {
        self.is_match() || self.cube
    }

    /// Checks that the settings go together: single scoring has no cube
    /// and no match; Jacoby and beavers are money-cube rules.
    pub fn check(&self) -> Result<(), String> {
        if self.single && (self.cube || self.is_match()) {
            return Err(
                "--scoring single counts every win 1 point, with no cube and no match: \
                 not with --cube or --match-length"
                    .into(),
            );
        }
        if self.is_match() && self.cube {
            return Err(
                "--cube is for money play: in a match (--match-length) the cube is always in play"
                    .into(),
            );
        }
        if (self.beavers || self.jacoby) && !self.cube {
            return Err("--jacoby and --beavers need the cube in money play (--cube)".into());
        }
        if self.match_length > 64 {
            return Err(format!(
                "--match-length {}: at most 64 points (the engines' MatchLength option)",
                self.match_length
            ));
        }
        Ok(())
    }

    /// The points the winner of a game ending with `end` scores with the
    /// cube at `cube`: single scoring 1; otherwise the kind's points times
    /// the cube, a gammon or backgammon counting single in money play under
    /// the Jacoby rule while the cube was never turned. A forfeit is a
    /// single game (at the cube's value), a draw none.
    pub fn points(&self, end: GameEnd, cube: u32) -> u32 {
        let kind = end.points();
        if kind == 0 {
            return 0;
        }
        if self.single {
            return 1;
        }
        let jacoby = !self.is_match() && self.cube && self.jacoby && cube <= 1;
        let kind = if jacoby { 1 } else { kind };
        kind.saturating_mul(cube.max(1))
    }

    /// The header entries, only those not at their default (so a money
    /// file without the cube keeps today's header): `match-length` and
    /// `crawford` for a match, `scoring single`, `cube on` with `jacoby`
    /// and `beavers`.
    pub fn header_entries(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.is_match() {
            out.push(("match-length", self.match_length.to_string()));
            out.push(("crawford", on_off(self.crawford)));
        }
        if self.single {
            out.push(("scoring", "single".to_string()));
        }
        if self.cube {
            out.push(("cube", "on".to_string()));
            out.push(("jacoby", on_off(self.jacoby)));
            out.push(("beavers", on_off(self.beavers)));
        }
        out
    }

    /// Whether `header` sets any scoring key (then it is a v2 file).
    pub fn header_sets_any(header: &Header) -> bool {
        KEYS.iter().any(|k| header.get(k).is_some())
    }

    /// The scoring a header records (the defaults where it says nothing:
    /// every file written before these keys is money play without cube).
    pub fn of_header(header: &Header) -> Result<ScoringRules, String> {
        let flag = |key: &str, default: bool| match header.get(key) {
            None => Ok(default),
            Some("on") => Ok(true),
            Some("off") => Ok(false),
            Some(v) => Err(format!("{key}={v}: not on or off")),
        };
        let rules = ScoringRules {
            match_length: match header.get("match-length") {
                None => 0,
                Some(v) => v
                    .parse()
                    .map_err(|_| format!("match-length={v}: not a whole number"))?,
            },
            crawford: flag("crawford", true)?,
            single: match header.get("scoring") {
                None | Some("points") => false,
                Some("single") => true,
                Some(v) => return Err(format!("scoring={v}: not points or single")),
            },
            cube: flag("cube", false)?,
            jacoby: flag("jacoby", false)?,
            beavers: flag("beavers", false)?,
        };
        rules.check().map(|_| rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WinKind;
    use crate::numbers::Side;

    fn win(kind: WinKind) -> GameEnd {
        GameEnd::Win {
            winner: Side::X,
            kind,
        }
    }

    #[test]
    fn points_follow_the_scoring() {
        let money = ScoringRules::default();
        assert_eq!(money.points(win(WinKind::Backgammon), 1), 3);
        assert_eq!(money.points(GameEnd::MaxTurns, 4), 0);
        let single = ScoringRules {
            single: true,
            ..money
        };
        assert_eq!(single.points(win(WinKind::Gammon), 1), 1);
        let cube = ScoringRules {
            cube: true,
            jacoby: true,
            ..money
        };
        // Jacoby: a gammon is single until the cube is turned.
        assert_eq!(cube.points(win(WinKind::Gammon), 1), 1);
        assert_eq!(cube.points(win(WinKind::Gammon), 2), 4);
        let no_jacoby = ScoringRules {
            jacoby: false,
            ..cube
        };
        assert_eq!(no_jacoby.points(win(WinKind::Gammon), 1), 2);
        let five = ScoringRules {
            match_length: 5,
            ..money
        };
        assert_eq!(five.points(win(WinKind::Gammon), 1), 2);
        assert_eq!(five.points(win(WinKind::Backgammon), 2), 6);
        let forfeit = GameEnd::Forfeit {
            loser: Side::Y,
            reason: crate::matchfile::ForfeitReason::Timeout,
        };
        assert_eq!(five.points(forfeit, 4), 4);
    }

    #[test]
    fn settings_that_do_not_go_together_are_refused() {
        let money = ScoringRules::default();
        let bad = [
            ScoringRules {
                single: true,
                match_length: 3,
                ..money
            },
            ScoringRules {
                single: true,
                cube: true,
                ..money
            },
            ScoringRules {
                match_length: 3,
                cube: true,
                ..money
            },
            ScoringRules {
                beavers: true,
                ..money
            },
            ScoringRules {
                jacoby: true,
                ..money
            },
            ScoringRules {
                match_length: 65,
                ..money
            },
        ];
        for b in bad {
            assert!(b.check().is_err(), "{b:?}");
        }
    }

    #[test]
    fn a_header_round_trips_and_defaults_to_money_play() {
        let mut h = Header::default();
        assert_eq!(ScoringRules::of_header(&h), Ok(ScoringRules::default()));
        assert!(!ScoringRules::header_sets_any(&h));
        for rules in [
            ScoringRules {
                match_length: 7,
                crawford: false,
                ..ScoringRules::default()
            },
            ScoringRules {
                cube: true,
                jacoby: false,
                beavers: true,
                ..ScoringRules::default()
            },
            ScoringRules {
                single: true,
                ..ScoringRules::default()
            },
        ] {
            let mut h = Header::default();
            for (k, v) in rules.header_entries() {
                h.set(k, &v);
            }
            assert!(ScoringRules::header_sets_any(&h));
            assert_eq!(ScoringRules::of_header(&h), Ok(rules));
        }
        h.set("match-length", "x");
        assert!(ScoringRules::of_header(&h)
            .unwrap_err()
            .contains("match-length=x"));
        let mut h = Header::default();
        h.set("scoring", "double");
        assert!(ScoringRules::of_header(&h).is_err());
    }
}
