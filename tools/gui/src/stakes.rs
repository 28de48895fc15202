//! What the games are played for: money or a match to N points, the cube
//! (with Jacoby and beavers in money play), the Crawford rule; the match's
//! score before the current game and the games already played. Every
//! scoring decision comes from the library (`ncbg::cube`); this module only
//! carries the match from one game to the next.
//!
//! In a match the players change colours every game, a drawn game too
//! (`protocol/rules.md` §8): the score is kept by the current game's
//! colours, as its full-state ID gives it, and [`Stakes::swapped`] says
//! which player plays which colour. The session's *first player* is the X
//! of its first game. Money play keeps the colours.

use ncbg::cube::{Crawford, MatchProgress, MatchScore, Terms, MAX_MATCH_LENGTH};
use ncbg::game::GameState;
use ncbg::numbers::Side;
use serde::Deserialize;

/// The person's choice of stakes for a new game (all optional: absent is
/// money play without the cube, today's game).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct StakesSetup {
    /// Match length; 0 or absent: money play.
    #[serde(default)]
    pub match_length: u16,
    /// The cube in money play (a match always has it).
    #[serde(default)]
    pub cube: bool,
    /// Jacoby rule (money with the cube); absent = on.
    pub jacoby: Option<bool>,
    /// Beavers (money with the cube).
    #[serde(default)]
    pub beavers: bool,
    /// The Crawford rule in a match; absent = on.
    pub crawford: Option<bool>,
}

/// One finished game of the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Its winner, by the game's colours.
    pub winner: Side,
    /// The game's colours were changed: the session's first player
    /// played Y in it.
    pub swapped: bool,
    /// The points it scored.
    pub points: u32,
    /// The cube's final value.
    pub cube: u32,
    /// True when it ended by a dropped double.
    pub dropped: bool,
}

/// The stakes of the session and its progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stakes {
    /// How games are scored (the engines' options).
    pub terms: Terms,
    /// The match and its score before the current game; `None`: money.
    pub score: Option<MatchScore>,
    /// The Crawford rule (a match without it goes straight to
    /// post-Crawford games).
    pub crawford_rule: bool,
    /// The games finished before the current one.
    pub played: Vec<Played>,
    /// The colours are changed in the current game: the session's first
    /// player (X of its first game) plays Y. Only a match changes them.
    pub swapped: bool,
}

impl Default for Stakes {
    fn default() -> Stakes {
        Stakes {
            terms: Terms::default(),
            score: None,
            crawford_rule: true,
            played: Vec::new(),
            swapped: false,
        }
    }
}

impl Stakes {
    /// The stakes a new session of `setup` plays for; `from_id` is the
    /// match of a start position's full-state ID, which wins over the
    /// setup's length (its score and Crawford state are the position's).
    pub fn new(setup: &StakesSetup, from_id: Option<MatchScore>) -> Result<Stakes, String> {
        if setup.match_length > MAX_MATCH_LENGTH {
            return Err(format!(
                "match length is 0 (money) to {MAX_MATCH_LENGTH} points"
            ));
        }
        let in_match = setup.match_length > 0 || from_id.is_some();
        if in_match && setup.beavers {
            return Err("beavers are for money play only".into());
        }
        let score = match from_id {
            Some(m) => Some(m),
            None if setup.match_length > 0 => Some(MatchScore::new(setup.match_length)?),
            None => None,
        };
        Ok(Stakes {
            terms: Terms {
                cube: setup.cube || in_match,
                jacoby: setup.jacoby.unwrap_or(true) && !in_match,
                beavers: setup.beavers,
                ..Terms::default()
            },
            score,
            crawford_rule: setup.crawford.unwrap_or(true),
            played: Vec::new(),
            swapped: false,
        })
    }

    /// `state` set to be played for these stakes.
    pub fn apply(&self, mut state: GameState) -> GameState {
        state.set_terms(self.terms);
        state.set_match(self.score);
        state
    }

    /// True unless the game is the default one (money, no cube): only then
    /// are the engines sent the cube's options.
    pub fn is_default(&self) -> bool {
        self.terms == Terms::default() && self.score.is_none()
    }

    /// The engine options for these stakes, in the order sent.
    pub fn engine_options(&self) -> Vec<(String, String)> {
        let t = &self.terms;
        vec![
            ("Cube".into(), t.cube.to_string()),
            ("Jacoby".into(), t.jacoby.to_string()),
            ("Beavers".into(), t.beavers.to_string()),
            (
                "MatchLength".into(),
                self.score.map_or(0, |m| m.length()).to_string(),
            ),
        ]
    }

    /// How the match stands once `finished` (a game over) is counted; `None`
    /// in money play or when the game is not over.
    pub fn after(&self, finished: &GameState) -> Option<MatchProgress> {
        let r = finished.result()?;
        let m = self.score?;
        Some(match m.after_game(r.winner, r.points()) {
            MatchProgress::Next(next)
                if !self.crawford_rule && next.crawford() == Crawford::Game =>
            {
                MatchProgress::Next(
                    MatchScore::with_score(
                        next.length(),
                        [next.score(Side::X), next.score(Side::Y)],
                        Crawford::After,
                    )
                    .unwrap_or(next),
                )
            }
            p => p,
        })
    }

    /// True when the match is over once `finished` is counted.
    pub fn match_over(&self, finished: &GameState) -> bool {
        matches!(self.after(finished), Some(MatchProgress::Won { .. }))
    }

    /// Counts the finished game `finished` and moves to the next game's
    /// score; an error (and nothing changed) when the game is not over or
    /// the match is. A `drawn` game (Anti-Backgammon's 500 turns a side)
    /// scores nothing and the match goes on at the same score. In a match
    /// the next game is played with the colours changed, after a draw too
    /// (`protocol/rules.md` §8): its score is the library's next score with
    /// the colours changed, and [`Stakes::swapped`] turns over; the caller
    /// swaps the players.
    pub fn next_game(&mut self, finished: &GameState, drawn: bool) -> Result<(), String> {
        if drawn {
            if let Some(m) = self.score {
                self.score = Some(m.after_draw().colours_changed());
                self.swapped = !self.swapped;
            }
            return Ok(());
        }
        let r = finished
            .result()
            .ok_or("the game is not over: finish it first")?;
        let next = match self.after(finished) {
            Some(MatchProgress::Won { .. }) => {
                return Err("the match is over: start a new one".into());
            }
            Some(MatchProgress::Next(next)) => Some(next),
            None => None,
        };
        self.played.push(Played {
            winner: r.winner,
            swapped: self.swapped,
            points: r.points(),
            cube: r.cube,
            dropped: r.dropped,
        });
        if let Some(next) = next {
            self.score = Some(next.colours_changed());
            self.swapped = !self.swapped;
        }
        Ok(())
    }

    /// The side the session's first player plays in the current game (X
    /// unless a match has changed the colours).
    pub fn first_player_side(&self) -> Side {
        if self.swapped {
            Side::Y
        } else {
            Side::X
        }
    }

    /// Each player's total of points over the finished games, the
    /// session's first player first (in money play, where the colours
    /// never change, X's and Y's).
    pub fn totals(&self) -> [u32; 2] {
        let mut t = [0, 0];
        for p in &self.played {
            t[p.winner.index() ^ usize::from(p.swapped)] += p.points;
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::cube::CubeAction;

    fn finished_by_drop(stakes: &Stakes, doubler_x: bool) -> GameState {
        // X picks 3, Y picks 5 (turn 0), then the mover doubles and the
        // other drops.
        let mut g = stakes.apply(GameState::standard());
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        if !doubler_x && g.to_move() == Side::X || doubler_x && g.to_move() == Side::Y {
            let t = ncbg::turn::random_turn(&g, &mut ncbg::rng::Rng::new(1)).unwrap();
            t.apply(&mut g).unwrap();
        }
        g.cube_action(CubeAction::Double).unwrap();
        g.cube_action(CubeAction::Drop).unwrap();
        assert!(g.is_over());
        g
    }

    #[test]
    fn a_match_moves_from_game_to_game_through_the_crawford_game() {
        let setup = StakesSetup {
            match_length: 2,
            ..StakesSetup::default()
        };
        let mut s = Stakes::new(&setup, None).unwrap();
        assert!(s.terms.cube && !s.terms.jacoby);
        assert!(!s.is_default());
        assert_eq!(s.engine_options()[3], ("MatchLength".into(), "2".into()));
        let g = finished_by_drop(&s, true);
        assert_eq!(g.result().unwrap().winner, Side::X);
        assert!(!s.match_over(&g));
        s.next_game(&g, false).unwrap();
        // The colours change: the winner of game 1 (its X) plays Y now.
        let m = s.score.unwrap();
        assert_eq!((m.score(Side::X), m.score(Side::Y)), (0, 1));
        assert!(s.swapped);
        assert_eq!(s.first_player_side(), Side::Y);
        assert!(m.is_crawford_game());
        assert_eq!(s.played[0].winner, Side::X);
        assert_eq!(s.totals(), [1, 0], "the first player's point");
        // The Crawford game has no cube.
        assert!(!s.apply(GameState::standard()).cube_in_play());
        assert!(
            s.next_game(&GameState::standard(), false).is_err(),
            "not over"
        );
        assert_eq!(s.played.len(), 1);
        assert!(s.swapped, "a refused next game changes nothing");
        // Without the Crawford rule the next game is post-Crawford.
        let mut s = Stakes::new(
            &StakesSetup {
                crawford: Some(false),
                ..setup
            },
            None,
        )
        .unwrap();
        s.next_game(&finished_by_drop(&s, true), false).unwrap();
        assert_eq!(s.score.unwrap().crawford(), Crawford::After);
        // 0-1 post-Crawford by these colours: X (the second player)
        // wins by Y's drop, 1-1, not over; the colours change again.
        let last = finished_by_drop(&s, true);
        assert_eq!(last.result().unwrap().winner, Side::X);
        assert!(!s.match_over(&last));
        s.next_game(&last, false).unwrap();
        let m = s.score.unwrap();
        assert_eq!((m.score(Side::X), m.score(Side::Y)), (1, 1));
        assert!(!s.swapped);
        assert_eq!(s.totals(), [1, 1]);
        // Y (the second player again) at match point wins: the match is
        // over, and nothing is counted.
        let won = finished_by_drop(&s, false);
        assert!(s.match_over(&won));
        assert!(s.next_game(&won, false).is_err());
        assert_eq!((s.played.len(), s.swapped), (2, false));
    }

    /// A drawn game of a match scores nothing but changes the colours too
    /// (`protocol/rules.md` §8): the score by colour is swapped.
    #[test]
    fn a_drawn_game_of_a_match_changes_the_colours() {
        let setup = StakesSetup {
            match_length: 5,
            ..StakesSetup::default()
        };
        let mut s = Stakes::new(&setup, None).unwrap();
        s.next_game(&finished_by_drop(&s, true), false).unwrap();
        let m = s.score.unwrap();
        assert_eq!(
            (m.score(Side::X), m.score(Side::Y), s.swapped),
            (0, 1, true)
        );
        s.next_game(&GameState::standard(), true).unwrap();
        let m = s.score.unwrap();
        assert_eq!(
            (m.score(Side::X), m.score(Side::Y), s.swapped),
            (1, 0, false)
        );
        assert_eq!(s.played.len(), 1, "a draw is not a game played");
        // Money play keeps the colours through a draw.
        let mut money = Stakes::default();
        money.next_game(&GameState::standard(), true).unwrap();
        assert!(!money.swapped && money.score.is_none());
    }

    #[test]
    fn bad_setups_are_refused_and_money_is_the_default() {
        let bad = |f: fn(&mut StakesSetup)| {
            let mut s = StakesSetup::default();
            f(&mut s);
            Stakes::new(&s, None)
        };
        assert!(bad(|s| s.match_length = 65).is_err());
        assert!(bad(|s| (s.match_length, s.beavers) = (5, true)).is_err());
        let money = bad(|_| {}).unwrap();
        assert!(money.is_default());
        let cube = bad(|s| (s.cube, s.beavers) = (true, true)).unwrap();
        assert!(cube.terms.cube && cube.terms.jacoby && cube.terms.beavers);
        let mut c = cube.clone();
        let g = finished_by_drop(&c, true);
        c.next_game(&g, false).unwrap();
        assert_eq!(c.totals(), [1, 0]);
        assert!(!c.swapped, "money play keeps the colours");
        let g = finished_by_drop(&c, false);
        c.next_game(&g, false).unwrap();
        assert_eq!(c.totals(), [1, 1]);
        assert_eq!(c.first_player_side(), Side::X);
    }
}
