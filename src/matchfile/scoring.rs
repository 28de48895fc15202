//! How the games of a match file are scored: money play (the default, each
//! game alone, 1/2/3 points), a match to N points (Crawford rule), single
//! scoring (every win 1 point) and the cube in money play, as the header
//! records them (`match-length`, `crawford`, `scoring`, `cube`, `jacoby`,
//! `beavers`; `protocol/match-file.md`).

use super::{GameEnd, GameRecord, Header};
use crate::board::WinKind;
use crate::cube::{game_points, MatchScore, Scoring, Terms, MAX_MATCH_LENGTH};
use crate::game::GameState;

/// The scoring settings of a match file's games: the match length and the
/// rules layer's [`Terms`] (the cube in money play, Jacoby, beavers, single
/// scoring).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScoringRules {
    /// Points to win a match; 0: money play (every game alone). A match
    /// has the Crawford rule.
    pub match_length: u32,
    /// How games are scored and whether the cube is in money play.
    pub terms: Terms,
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

    /// Single scoring: every win 1 point.
    pub fn single(&self) -> bool {
        self.terms.scoring == Scoring::Single
    }

    /// Whether the cube is in play (but in a Crawford game): always in a
    /// match, with `Cube` in money play.
    pub fn cube_in_play(&self) -> bool {
        self.is_match() || self.terms.cube
    }

    /// Checks that the settings go together: single scoring has no cube
    /// and no match; `--cube` is for money play (a match always has it);
    /// beavers need the money cube; a match is 64 points at most.
    pub fn check(&self) -> Result<(), String> {
        if self.single() && (self.terms.cube || self.is_match()) {
            return Err(
                "--scoring single counts every win 1 point, with no cube and no match: \
                 not with --cube or --match-length"
                    .into(),
            );
        }
        if self.is_match() && self.terms.cube {
            return Err(
                "--cube is for money play: in a match (--match-length) the cube is always in play"
                    .into(),
            );
        }
        if self.terms.beavers && !self.terms.cube {
            return Err("--beavers needs the cube in money play (--cube)".into());
        }
        if self.match_length > u32::from(MAX_MATCH_LENGTH) {
            return Err(format!(
                "--match-length {}: at most {MAX_MATCH_LENGTH} points (the engines' MatchLength option)",
                self.match_length
            ));
        }
        Ok(())
    }

    /// The points the winner of a game ending with `end` scores with the
    /// cube at `cube` ([`game_points`]; `dropped`: the loser dropped a
    /// double, `cube` being its value before the double). A forfeit is a
    /// single game at the cube's value, a draw scores none.
    pub fn points(&self, end: GameEnd, cube: u32, dropped: bool) -> u32 {
        let kind = match end {
            GameEnd::Win { kind, .. } => kind,
            GameEnd::Forfeit { .. } => WinKind::Single,
            GameEnd::MaxTurns | GameEnd::Repetition => return 0,
        };
        game_points(kind, cube.max(1), dropped, &self.terms, self.is_match())
    }

    /// The header entries, only those not at their default (so a money
    /// file without the cube keeps today's header): `match-length` and
    /// `crawford on` for a match, `scoring single`, `cube on` with `jacoby`
    /// and `beavers`.
    pub fn header_entries(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.is_match() {
            out.push(("match-length", self.match_length.to_string()));
            out.push(("crawford", "on".to_string()));
        }
        if self.single() {
            out.push(("scoring", "single".to_string()));
        }
        if self.terms.cube {
            out.push(("cube", "on".to_string()));
            out.push(("jacoby", on_off(self.terms.jacoby)));
            out.push(("beavers", on_off(self.terms.beavers)));
        }
        out
    }

    /// Sets `state` (the start of `game`) to be played for these stakes:
    /// the terms and, in a match, the game's score before it (its cube
    /// tokens then replay from it).
    pub fn stake(&self, state: &mut GameState, game: &GameRecord) -> Result<(), String> {
        state.set_terms(self.terms);
        if let (1.., Some(place)) = (self.match_length, &game.stakes.in_match) {
            let length = u16::try_from(self.match_length)
                .map_err(|_| format!("match length {}", self.match_length))?;
            let score = place.score.map(|p| u16::try_from(p).unwrap_or(u16::MAX));
            state.set_match(Some(MatchScore::with_score(length, score, place.crawford)?));
        }
        Ok(())
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
        if !flag("crawford", true)? {
            return Err("crawford=off: matches without the Crawford rule are not played".into());
        }
        let defaults = Terms::default();
        let rules = ScoringRules {
            match_length: match header.get("match-length") {
                None => 0,
                Some(v) => v
                    .parse()
                    .map_err(|_| format!("match-length={v}: not a whole number"))?,
            },
            terms: Terms {
                cube: flag("cube", false)?,
                jacoby: flag("jacoby", defaults.jacoby)?,
                beavers: flag("beavers", false)?,
                scoring: match header.get("scoring") {
                    None => Scoring::Points,
                    Some(v) => Scoring::from_name(v)
                        .ok_or_else(|| format!("scoring={v}: not points or single"))?,
                },
            },
        };
        rules.check().map(|_| rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbers::Side;

    fn win(kind: WinKind) -> GameEnd {
        GameEnd::Win {
            winner: Side::X,
            kind,
        }
    }

    fn rules(match_length: u32, cube: bool, jacoby: bool, scoring: Scoring) -> ScoringRules {
        ScoringRules {
            match_length,
            terms: Terms {
                cube,
                jacoby,
                beavers: false,
                scoring,
            },
        }
    }

    #[test]
    fn points_follow_the_scoring() {
        let money = ScoringRules::default();
        assert_eq!(money.points(win(WinKind::Backgammon), 1, false), 3);
        assert_eq!(money.points(GameEnd::MaxTurns, 4, false), 0);
        let single = rules(0, false, false, Scoring::Single);
        assert_eq!(single.points(win(WinKind::Gammon), 1, false), 1);
        let cube = rules(0, true, true, Scoring::Points);
        // Jacoby: a gammon is single until the cube is turned.
        assert_eq!(cube.points(win(WinKind::Gammon), 1, false), 1);
        assert_eq!(cube.points(win(WinKind::Gammon), 2, false), 4);
        assert_eq!(cube.points(win(WinKind::Single), 4, true), 4);
        let no_jacoby = rules(0, true, false, Scoring::Points);
        assert_eq!(no_jacoby.points(win(WinKind::Gammon), 1, false), 2);
        let five = rules(5, false, true, Scoring::Points);
        assert_eq!(five.points(win(WinKind::Gammon), 1, false), 2);
        assert_eq!(five.points(win(WinKind::Backgammon), 2, false), 6);
        let forfeit = GameEnd::Forfeit {
            loser: Side::Y,
            reason: crate::matchfile::ForfeitReason::Timeout,
        };
        assert_eq!(five.points(forfeit, 4, false), 4);
    }

    #[test]
    fn settings_that_do_not_go_together_are_refused() {
        let mut beavers = rules(0, false, true, Scoring::Points);
        beavers.terms.beavers = true;
        for b in [
            rules(3, false, true, Scoring::Single),
            rules(0, true, true, Scoring::Single),
            rules(3, true, true, Scoring::Points),
            beavers,
            rules(65, false, true, Scoring::Points),
        ] {
            assert!(b.check().is_err(), "{b:?}");
        }
        assert!(rules(64, false, true, Scoring::Points).check().is_ok());
    }

    #[test]
    fn a_header_round_trips_and_defaults_to_money_play() {
        let mut h = Header::default();
        assert_eq!(ScoringRules::of_header(&h), Ok(ScoringRules::default()));
        assert!(!ScoringRules::header_sets_any(&h));
        let mut beavers = rules(0, true, false, Scoring::Points);
        beavers.terms.beavers = true;
        for r in [
            rules(7, false, true, Scoring::Points),
            beavers,
            rules(0, false, true, Scoring::Single),
        ] {
            let mut h = Header::default();
            for (k, v) in r.header_entries() {
                h.set(k, &v);
            }
            assert!(ScoringRules::header_sets_any(&h));
            assert_eq!(ScoringRules::of_header(&h), Ok(r));
        }
        h.set("match-length", "x");
        assert!(ScoringRules::of_header(&h)
            .unwrap_err()
            .contains("match-length=x"));
        let mut h = Header::default();
        h.set("scoring", "double");
        assert!(ScoringRules::of_header(&h).is_err());
        let mut h = Header::default();
        h.set("crawford", "off");
        assert!(ScoringRules::of_header(&h).is_err());
    }
}
