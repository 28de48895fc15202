//! Scoring: the points a finished game is worth ([`game_points`]) and a
//! match's progress from game to game ([`MatchScore`]: the score before a
//! game, the Crawford state, the score after it, the match's winner).

use super::{Scoring, Terms};
use crate::board::WinKind;
use crate::numbers::Side;
use std::fmt;

/// The longest match: 64 points.
pub const MAX_MATCH_LENGTH: u16 = 64;

/// Where a match stands with the Crawford rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Crawford {
    /// Nobody has reached match point (length - 1) yet.
    #[default]
    Before,
    /// This is the Crawford game: the first game after a player reached
    /// match point, played without the cube.
    Game,
    /// A game after the Crawford game: the cube is back.
    After,
}

/// A match: its length and the score before the current game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchScore {
    length: u16,
    score: [u16; 2],
    crawford: Crawford,
}

/// How a match stands after a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchProgress {
    /// The match goes on with this score before the next game.
    Next(MatchScore),
    /// The match is over: its winner and the final score (X's, Y's; the
    /// points of the last game count in full, beyond the length).
    Won {
        /// Who reached the length first.
        winner: Side,
        /// Final score, X's then Y's.
        score: [u16; 2],
    },
}

impl MatchScore {
    /// A new match to `length` points (1..=64), 0-0.
    pub fn new(length: u16) -> Result<MatchScore, String> {
        MatchScore::with_score(length, [0, 0], Crawford::Before)
    }

    /// A match to `length` at the score `score` (X's, Y's) before a game,
    /// in the Crawford state `crawford`. The score must leave the match
    /// undecided; the Crawford game and later games need a player at match
    /// point (length - 1), and the Crawford game exactly one.
    pub fn with_score(
        length: u16,
        score: [u16; 2],
        crawford: Crawford,
    ) -> Result<MatchScore, String> {
        if !(1..=MAX_MATCH_LENGTH).contains(&length) {
            return Err(format!(
                "match length {length} is not in 1-{MAX_MATCH_LENGTH}"
            ));
        }
        if score.iter().any(|&s| s >= length) {
            return Err(format!(
                "score {}-{} already decides a match to {length}",
                score[0], score[1]
            ));
        }
        let at_point = score.iter().filter(|&&s| s == length - 1).count();
        match crawford {
            // A match to 1 starts at match point for both: no Crawford game.
            Crawford::Before if at_point > 0 && length > 1 => Err(format!(
                "at {}-{} in a match to {length} a player is at match point: this is the Crawford game or after it",
                score[0], score[1]
            )),
            Crawford::Game if at_point != 1 => Err(format!(
                "the Crawford game needs exactly one player at {} in a match to {length}",
                length - 1
            )),
            Crawford::After if at_point == 0 => Err(format!(
                "post-Crawford needs a player at {} in a match to {length}",
                length - 1
            )),
            _ => Ok(MatchScore {
                length,
                score,
                crawford,
            }),
        }
    }

    /// Points to win the match.
    #[inline]
    pub const fn length(&self) -> u16 {
        self.length
    }

    /// `side`'s score before this game.
    #[inline]
    pub const fn score(&self, side: Side) -> u16 {
        self.score[side.index()]
    }

    /// Points `side` still needs ("n-away").
    #[inline]
    pub const fn away(&self, side: Side) -> u16 {
        self.length - self.score[side.index()]
    }

    /// The Crawford state of this game.
    #[inline]
    pub const fn crawford(&self) -> Crawford {
        self.crawford
    }

    /// True in the Crawford game (no cube).
    #[inline]
    pub fn is_crawford_game(&self) -> bool {
        self.crawford == Crawford::Game
    }

    /// The match after a game `winner` won for `points`: over, or the score
    /// before the next game. The next game is the Crawford game when the
    /// winner has just reached match point for the first time (the other
    /// player is not there); after the Crawford game every game is
    /// post-Crawford.
    pub fn after_game(&self, winner: Side, points: u32) -> MatchProgress {
        let mut score = self.score;
        let w = winner.index();
        score[w] = score[w].saturating_add(u16::try_from(points).unwrap_or(u16::MAX));
        if score[w] >= self.length {
            return MatchProgress::Won { winner, score };
        }
        let crawford = match self.crawford {
            Crawford::Game | Crawford::After => Crawford::After,
            Crawford::Before if score[w] == self.length - 1 => Crawford::Game,
            Crawford::Before => Crawford::Before,
        };
        MatchProgress::Next(MatchScore {
            length: self.length,
            score,
            crawford,
        })
    }

    /// The same score with the colours changed: X's points become Y's.
    /// The colours change every game of a match (`protocol/rules.md` §8),
    /// so the score before the next game, by its colours, is
    /// [`MatchScore::after_game`]'s (or [`MatchScore::after_draw`]'s)
    /// with the colours changed.
    pub fn colours_changed(&self) -> MatchScore {
        MatchScore {
            score: [self.score[1], self.score[0]],
            ..*self
        }
    }

    /// The match after a drawn game (turn cap, repetition): the game counts
    /// as not played, so the next game has the same score and the same
    /// Crawford state (a drawn Crawford game is played again).
    pub fn after_draw(&self) -> MatchScore {
        *self
    }
}

impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "match to {}, X {} Y {}",
            self.length, self.score[0], self.score[1]
        )?;
        match self.crawford {
            Crawford::Before => Ok(()),
            Crawford::Game => f.write_str(", Crawford game"),
            Crawford::After => f.write_str(", post-Crawford"),
        }
    }
}

/// The points a finished game scores under `terms`, in a match or not:
/// a drop wins the cube's value before the double (`cube` is that value);
/// otherwise the kind (1, 2, 3) times the cube, except that with single
/// scoring every win is 1, and in money play with the cube and the Jacoby
/// rule a gammon or backgammon counts single while the cube is on 1.
pub fn game_points(kind: WinKind, cube: u32, dropped: bool, terms: &Terms, in_match: bool) -> u32 {
    if terms.scoring == Scoring::Single {
        return 1;
    }
    if dropped {
        return cube;
    }
    let jacoby = !in_match && terms.cube && terms.jacoby && cube == 1;
    let kind_points = if jacoby { 1 } else { kind.points() };
    kind_points * cube
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(cube: bool, jacoby: bool) -> Terms {
        Terms {
            cube,
            jacoby,
            ..Terms::default()
        }
    }

    #[test]
    fn points_of_a_game() {
        let plain = Terms::default();
        // Today's game: 1, 2, 3 (no cube, so the Jacoby default changes nothing).
        assert_eq!(game_points(WinKind::Single, 1, false, &plain, false), 1);
        assert_eq!(game_points(WinKind::Gammon, 1, false, &plain, false), 2);
        assert_eq!(game_points(WinKind::Backgammon, 1, false, &plain, false), 3);
        // A gammon on a cube of 4: 8; a backgammon on 2: 6.
        let cube = money(true, false);
        assert_eq!(game_points(WinKind::Gammon, 4, false, &cube, false), 8);
        assert_eq!(game_points(WinKind::Backgammon, 2, false, &cube, false), 6);
        // Jacoby: a gammon on an unturned cube counts single, on a turned one double.
        let jacoby = money(true, true);
        assert_eq!(game_points(WinKind::Gammon, 1, false, &jacoby, false), 1);
        assert_eq!(
            game_points(WinKind::Backgammon, 1, false, &jacoby, false),
            1
        );
        assert_eq!(game_points(WinKind::Gammon, 2, false, &jacoby, false), 4);
        // Jacoby off: the gammon on 1 counts 2.
        assert_eq!(game_points(WinKind::Gammon, 1, false, &cube, false), 2);
        // No Jacoby rule in a match.
        assert_eq!(game_points(WinKind::Gammon, 1, false, &jacoby, true), 2);
        // A drop: the cube's value before the double, whatever the board.
        assert_eq!(game_points(WinKind::Single, 2, true, &jacoby, false), 2);
        assert_eq!(game_points(WinKind::Single, 1, true, &jacoby, true), 1);
        // Single scoring: every win is one point.
        let single = Terms {
            scoring: Scoring::Single,
            ..Terms::default()
        };
        assert_eq!(
            game_points(WinKind::Backgammon, 1, false, &single, false),
            1
        );
        assert_eq!(game_points(WinKind::Gammon, 1, false, &single, true), 1);
    }

    fn next(p: MatchProgress) -> MatchScore {
        match p {
            MatchProgress::Next(m) => m,
            MatchProgress::Won { .. } => panic!("the match is over: {p:?}"),
        }
    }

    #[test]
    fn crawford_then_post_crawford() {
        let m = MatchScore::new(5).unwrap();
        // X wins a gammon: 2-0, no Crawford yet.
        let m = next(m.after_game(Side::X, 2));
        assert_eq!((m.score(Side::X), m.crawford()), (2, Crawford::Before));
        // X wins 2 more: 4-0, match point: the next game is the Crawford game.
        let m = next(m.after_game(Side::X, 2));
        assert_eq!((m.away(Side::X), m.away(Side::Y)), (1, 5));
        assert!(m.is_crawford_game());
        // Y wins the Crawford game (a gammon): 4-2, post-Crawford from now on.
        let m = next(m.after_game(Side::Y, 2));
        assert_eq!(m.crawford(), Crawford::After);
        // Y wins 2 on a cube of 2: 4-4, still post-Crawford.
        let m = next(m.after_game(Side::Y, 2));
        assert_eq!((m.score(Side::Y), m.crawford()), (4, Crawford::After));
        // Y wins the last game with a gammon: 4-6, the extra point counts.
        assert_eq!(
            m.after_game(Side::Y, 2),
            MatchProgress::Won {
                winner: Side::Y,
                score: [4, 6]
            }
        );
    }

    #[test]
    fn a_jump_past_match_point_skips_crawford_and_a_draw_replays_the_game() {
        let m = MatchScore::with_score(5, [2, 0], Crawford::Before).unwrap();
        // A drop of a 2-cube from 2 wins 4: match point, Crawford next.
        let m = next(m.after_game(Side::X, 2));
        assert!(m.is_crawford_game());
        // A drawn Crawford game is played again as the Crawford game.
        assert_eq!(m.after_draw(), m);
        // A match won by a drop: X at 4 takes the point of a dropped 1-cube... in
        // the Crawford game there is no cube, so win the Crawford game by a single.
        assert!(matches!(
            m.after_game(Side::X, 1),
            MatchProgress::Won {
                winner: Side::X,
                score: [5, 0]
            }
        ));
        // From 1-0 a gammon on 2 wins 4: 5-0 straight past match point.
        let m = MatchScore::with_score(5, [1, 0], Crawford::Before).unwrap();
        assert!(matches!(
            m.after_game(Side::X, 4),
            MatchProgress::Won {
                winner: Side::X,
                ..
            }
        ));
    }

    #[test]
    fn impossible_scores_are_refused() {
        assert!(MatchScore::new(0).is_err());
        assert!(MatchScore::new(65).is_err());
        assert!(MatchScore::with_score(5, [5, 0], Crawford::Before).is_err());
        assert!(MatchScore::with_score(5, [3, 0], Crawford::Game).is_err());
        assert!(MatchScore::with_score(5, [4, 4], Crawford::Game).is_err());
        assert!(MatchScore::with_score(5, [2, 3], Crawford::After).is_err());
        assert!(MatchScore::with_score(5, [4, 4], Crawford::After).is_ok());
        assert!(MatchScore::with_score(5, [4, 1], Crawford::Game).is_ok());
        assert!(MatchScore::with_score(5, [4, 1], Crawford::Before).is_err());
        assert!(MatchScore::new(1).is_ok());
    }
}
