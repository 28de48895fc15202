//! Matches to N points (`--match-length N`): each scheduled unit of the
//! schedule ([`super::tournament`]) is a whole match between its pairing
//! instead of one game, its games played in sequence by one worker.
//!
//! **Games of a match.** Game `j` of the match scheduled with opening `o`
//! (its number in the openings list) and engine `e` as X plays opening
//! `o + j / 2` (wrapping round the list) with `e` as X in even games and the
//! other engine in odd ones (the colours change every game, draws
//! included, as `protocol/rules.md` §8 says): each opening from both sides
//! in turn, so a match of deterministic engines does not repeat one game. With game pairs
//! (`repeat`), the two matches of a pair play the same openings, colours
//! swapped game by game, and form one unit of the report's match
//! pentanomial.
//!
//! **Score.** A game's winner scores the game's points
//! ([`crate::matchfile::GameRecord::points`]); the score and the Crawford
//! state move on by the rules layer's [`crate::cube::MatchScore`]: a draw
//! (turn cap, repetition) scores nothing and leaves the match as it was (a
//! drawn Crawford game is played again as the Crawford game); the game
//! after one that brings a player to N - 1 is the Crawford game, the games
//! after it are post-Crawford. The match ends when a player has N points
//! (more count in the score) or, undecided, after [`MatchScore::max_games`]
//! games (only draws can make it that long).

use super::schedule::GameSpec;
use super::tournament::TourGame;
use crate::cube::{self, MatchProgress};
use crate::matchfile::{Crawford, GameRecord, MatchGame, Opening};
use std::sync::Arc;

/// The score of one match as it is played, by the pairing's engines
/// (`TourGame::engines` order: the lower engine index first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchScore {
    /// Points to win.
    pub length: u32,
    /// Points of the pairing's two engines.
    pub points: [u32; 2],
    /// The Crawford state of the next game.
    pub next: Crawford,
    /// Games played (draws included).
    pub games: u32,
}

impl MatchScore {
    /// A match to `length` points that has not begun.
    pub fn new(length: u32) -> MatchScore {
        MatchScore {
            length,
            points: [0, 0],
            next: Crawford::Before,
            games: 0,
        }
    }

    /// The most games a match to `length` plays: four times its length.
    /// Decisive games end it within `2 length - 1`; only draws reach the
    /// cap, and a match that does ends undecided.
    pub fn max_games(length: u32) -> u32 {
        length.saturating_mul(4).max(1)
    }

    /// The engine (0 or 1, pairing order) that won the match, if one has.
    pub fn winner(&self) -> Option<usize> {
        (0..2).find(|&i| self.points[i] >= self.length)
    }

    /// Whether the match is over: won, or undecided at the game cap.
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.games >= Self::max_games(self.length)
    }

    /// The rules layer's score before the next game, with the pairing's
    /// engine `x_slot` (0 or 1) as X; `None` for a score the rules layer
    /// does not accept (a match already won).
    pub fn as_rules(&self, x_slot: usize) -> Option<cube::MatchScore> {
        let length = u16::try_from(self.length).ok()?;
        let score = [self.points[x_slot], self.points[1 - x_slot]]
            .map(|p| u16::try_from(p).unwrap_or(u16::MAX));
        cube::MatchScore::with_score(length, score, self.next).ok()
    }

    /// Counts a finished game of this match; `x_slot` is the pairing's
    /// engine (0 or 1) that played X in it.
    pub fn add(&mut self, game: &GameRecord, x_slot: usize) {
        let before = self.as_rules(x_slot);
        self.games += 1;
        let Some(winner) = game.end.winner() else {
            return; // A draw scores nothing and changes nothing.
        };
        let slot = match winner {
            crate::numbers::Side::X => x_slot,
            crate::numbers::Side::Y => 1 - x_slot,
        };
        self.points[slot] = self.points[slot].saturating_add(game.points());
        if let Some(MatchProgress::Next(next)) = before.map(|b| b.after_game(winner, game.points()))
        {
            self.next = next.crawford();
        }
    }
}

/// One scheduled match: its first game as the schedule gives it, the
/// openings its games go through, and the score so far (a resumed match
/// goes on from its file's games).
#[derive(Clone, Debug)]
pub struct MatchUnit {
    /// The scheduled unit: index, pair, round, first opening, first X.
    pub first: TourGame,
    /// The match's openings list.
    pub openings: Arc<Vec<Opening>>,
    /// The first game's opening's number in `openings`.
    pub opening_no: usize,
    /// The score before the next game.
    pub score: MatchScore,
}

impl MatchUnit {
    /// The pairing's engine (0 or 1) playing X in game `j`.
    pub fn x_slot(&self, j: u32) -> usize {
        if j % 2 == 0 {
            self.first.spec.x_engine
        } else {
            1 - self.first.spec.x_engine
        }
    }

    /// The next game to play: its spec (the unit's index, pair and round,
    /// its own opening and X) and its place in the match (the score as X
    /// and Y see it).
    pub fn next_game(&self) -> (TourGame, MatchGame) {
        let j = self.score.games;
        let x = self.x_slot(j);
        let n = self.openings.len().max(1);
        let opening = self
            .openings
            .get((self.opening_no + j as usize / 2) % n)
            .cloned()
            .unwrap_or_else(|| self.first.spec.opening.clone());
        let game = TourGame {
            spec: GameSpec {
                opening,
                x_engine: x,
                ..self.first.spec.clone()
            },
            engines: self.first.engines,
        };
        let place = MatchGame {
            game: j,
            score: [self.score.points[x], self.score.points[1 - x]],
            crawford: self.score.next,
        };
        (game, place)
    }

    /// Counts game `record` (the next game, played).
    pub fn add(&mut self, record: &GameRecord) {
        let x = self.x_slot(self.score.games);
        self.score.add(record, x);
    }
}

/// The games of each match in `games` (records of match files), grouped by
/// the match's index and in game order.
pub fn by_match(games: &[GameRecord]) -> std::collections::BTreeMap<u64, Vec<&GameRecord>> {
    let mut out: std::collections::BTreeMap<u64, Vec<&GameRecord>> = Default::default();
    for g in games {
        out.entry(g.index).or_default().push(g);
    }
    for list in out.values_mut() {
        list.sort_by_key(|g| g.key());
    }
    out
}

/// A match's result from its games: the score by the names `names`, and
/// the winner's name index, or `None` for a match undecided (at the game
/// cap) or unfinished. `length` is the match length.
pub fn result_of(games: &[&GameRecord], names: [&str; 2], length: u32) -> MatchResult {
    let mut points = [0u32; 2];
    for g in games {
        let Some(w) = g.end.winner() else { continue };
        let name = g.name(w);
        if let Some(i) = names.iter().position(|n| *n == name) {
            points[i] = points[i].saturating_add(g.points());
        }
    }
    let winner = (0..2).find(|&i| points[i] >= length);
    let capped = games.len() as u32 >= MatchScore::max_games(length);
    MatchResult {
        points,
        winner,
        finished: winner.is_some() || capped,
    }
}

/// How a match ended, from its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// Points of the two engines, in the order asked for.
    pub points: [u32; 2],
    /// The engine that won, if one has.
    pub winner: Option<usize>,
    /// Won, or undecided at the game cap; `false`: the match goes on.
    pub finished: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WinKind;
    use crate::matchfile::{GameEnd, Stakes};
    use crate::numbers::Side;
    use crate::referee::schedule::all_initial_pairs;

    fn game(end: GameEnd) -> GameRecord {
        GameRecord {
            depths: Vec::new(),
            index: 0,
            pair: 0,
            round: 0,
            opening: Opening::Pair { x0: 1, y0: 2 },
            x_name: "a".into(),
            y_name: "b".into(),
            end,
            detail: String::new(),
            moves: Vec::new(),
            stakes: Stakes::default(),
        }
    }

    fn win(winner: Side, kind: WinKind) -> GameRecord {
        game(GameEnd::Win { winner, kind })
    }

    #[test]
    fn the_crawford_game_follows_the_first_game_to_n_minus_1() {
        let mut s = MatchScore::new(5);
        s.add(&win(Side::X, WinKind::Gammon), 0); // 2-0
        assert_eq!(s.next, Crawford::Before);
        s.add(&win(Side::Y, WinKind::Gammon), 0); // 2-2
        s.add(&win(Side::X, WinKind::Gammon), 1); // 2-4: engine 1 at N-1
        assert_eq!((s.points, s.next), ([2, 4], Crawford::Game));
        // A drawn Crawford game is played again as the Crawford game.
        s.add(&game(GameEnd::MaxTurns), 0);
        assert_eq!((s.points, s.next, s.games), ([2, 4], Crawford::Game, 4));
        s.add(&win(Side::X, WinKind::Single), 0); // 3-4
        assert_eq!(s.next, Crawford::After);
        assert!(!s.is_over());
        s.add(&win(Side::X, WinKind::Backgammon), 0); // 6-4: over
        assert_eq!((s.points, s.winner()), ([6, 4], Some(0)));
        assert!(s.is_over());
        // The rules layer's score before a game, by colour.
        let mut m = MatchScore::new(3);
        m.add(&win(Side::X, WinKind::Gammon), 1);
        let r = m.as_rules(0).unwrap();
        assert_eq!((r.score(Side::X), r.score(Side::Y)), (0, 2));
        assert!(r.is_crawford_game());
        // Draws alone end a match undecided at the cap.
        let mut draws = MatchScore::new(2);
        for _ in 0..MatchScore::max_games(2) {
            assert!(!draws.is_over());
            draws.add(&game(GameEnd::Repetition), 0);
        }
        assert!(draws.is_over() && draws.winner().is_none());
    }

    #[test]
    fn games_of_a_match_walk_the_openings_each_from_both_sides() {
        let openings = Arc::new(all_initial_pairs(6));
        let first = TourGame {
            spec: GameSpec {
                index: 7,
                pair: 3,
                round: 0,
                opening: openings[29].clone(),
                x_engine: 1,
            },
            engines: [0, 2],
        };
        let mut unit = MatchUnit {
            first,
            openings: openings.clone(),
            opening_no: 29,
            score: MatchScore::new(3),
        };
        let (g0, m0) = unit.next_game();
        assert_eq!((g0.spec.index, g0.spec.x_engine), (7, 1));
        assert_eq!(g0.spec.opening, openings[29]);
        assert_eq!(m0.game, 0);
        // Engine 2 (slot 1) wins game 0 as X: 0-1 by slot.
        unit.add(&win(Side::X, WinKind::Single));
        let (g1, m1) = unit.next_game();
        assert_eq!((g1.spec.x_engine, &g1.spec.opening), (0, &openings[29]));
        // Game 1: slot 0 is X with 0, slot 1 is Y with 1.
        assert_eq!((m1.game, m1.score), (1, [0, 1]));
        unit.add(&win(Side::Y, WinKind::Gammon)); // slot 1: 3 points, over
        assert!(unit.score.is_over());
        unit.score.games = 2;
        let (g2, _) = unit.next_game();
        assert_eq!((g2.spec.x_engine, &g2.spec.opening), (1, &openings[0]));
    }

    #[test]
    fn a_result_is_read_from_the_games() {
        let mut a = win(Side::X, WinKind::Gammon);
        a.stakes.in_match = Some(MatchGame {
            game: 0,
            score: [0, 0],
            crawford: Crawford::Before,
        });
        let mut b = win(Side::X, WinKind::Single);
        std::mem::swap(&mut b.x_name, &mut b.y_name);
        let games = [&a, &b];
        let r = result_of(&games, ["b", "a"], 3);
        assert_eq!((r.points, r.winner, r.finished), ([1, 2], None, false));
        let r = result_of(&games, ["a", "b"], 2);
        assert_eq!((r.points, r.winner, r.finished), ([2, 1], Some(0), true));
    }
}
