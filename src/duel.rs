//! One in-process game loop (a *duel*): a game played to its end by turns
//! that a caller chooses (a search, a net's greedy choice, anything), ended
//! the same way everywhere: a finished game, the turn cap, or a full state
//! occurring for the third time (the referee's draw by repetition,
//! `protocol/match-file.md`). `examples/strength.rs`, `examples/tune.rs` and
//! the trainer's arena, self-play and TD rounds all play their games here.
//!
//! [`search_turn`] is the usual chooser: a search that knows the game's
//! earlier states, so it scores a line back to one of them as a draw.

use crate::game::{GameResult, GameState};
use crate::search::{Limits, SearchResult, Searcher, Settings, StopFlag};
use crate::turn::Turn;
use std::collections::HashMap;

/// A full state occurring this many times ends a duel as a draw.
pub const REPETITIONS: u32 = 3;

/// When a duel ends besides a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelRules {
    /// Turns played before the game is a draw (a turn-0 pick counts).
    pub max_turns: u32,
    /// A full state occurring [`REPETITIONS`] times is a draw.
    pub repetition: bool,
}

/// How a duel ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelEnd {
    /// The game is over.
    Finished(GameResult),
    /// The turn cap was reached.
    MaxTurns,
    /// A full state occurred for the third time.
    Repetition,
    /// The chooser gave no turn.
    NoTurn,
}

/// A played duel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duel {
    /// How it ended.
    pub end: DuelEnd,
    /// Turns played.
    pub turns: u32,
    /// The last state.
    pub last: GameState,
}

impl Duel {
    /// Points won by X (negative: won by Y; 0 for a draw).
    pub fn points_for_x(&self) -> i32 {
        match self.end {
            DuelEnd::Finished(r) => r.points_for_x(),
            _ => 0,
        }
    }
}

/// Follows one game turn by turn and says when [`DuelRules`] end it: the
/// one place for what ends a game, used by [`play`] and by the referee's
/// judge and its check of recorded games.
pub struct Ending {
    rules: DuelRules,
    /// Turns counted against the cap.
    turns: u32,
    /// How often each full state has occurred at the start of a turn.
    seen: HashMap<GameState, u32>,
}

impl Ending {
    /// A watcher for a game played under `rules`, from its start.
    pub fn new(rules: DuelRules) -> Ending {
        Ending {
            rules,
            turns: 0,
            seen: HashMap::new(),
        }
    }

    /// Called once at the start of every turn, with the state to move from:
    /// the end the rules give the game now, if any (never
    /// [`DuelEnd::NoTurn`]).
    pub fn check(&mut self, state: &GameState) -> Option<DuelEnd> {
        if let Some(result) = state.result() {
            return Some(DuelEnd::Finished(result));
        }
        if self.turns >= self.rules.max_turns {
            return Some(DuelEnd::MaxTurns);
        }
        if self.rules.repetition {
            let count = self.seen.entry(*state).or_insert(0);
            *count += 1;
            if *count >= REPETITIONS {
                return Some(DuelEnd::Repetition);
            }
        }
        None
    }

    /// Called after a turn was played; `counts`: it counts against the cap
    /// (the referee does not count turn-0 picks, a duel does).
    pub fn played(&mut self, counts: bool) {
        if counts {
            self.turns += 1;
        }
    }

    /// Turns counted so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }
}

/// Plays from `start` until the game ends; `choose` gets the state to move
/// in and the game's earlier states (oldest first) and gives the turn, which
/// must be a legal whole turn of that state (one of
/// [`crate::turn::legal_turns`]).
pub fn play(
    start: GameState,
    rules: &DuelRules,
    choose: &mut dyn FnMut(&GameState, &[GameState]) -> Option<Turn>,
) -> Duel {
    let mut state = start;
    let mut history: Vec<GameState> = Vec::new();
    let mut ending = Ending::new(*rules);
    let end = loop {
        if let Some(end) = ending.check(&state) {
            break end;
        }
        let Some(turn) = choose(&state, &history) else {
            break DuelEnd::NoTurn;
        };
        history.push(state);
        state = turn.after(&state);
        ending.played(true);
    };
    Duel {
        end,
        turns: ending.turns(),
        last: state,
    }
}

/// Searches `state` with `searcher`, the game's earlier states given as
/// `history` (a line back to one of them scores as a draw).
pub fn search_turn(
    searcher: &mut Searcher,
    state: &GameState,
    history: &[GameState],
    limits: &Limits,
    settings: &Settings,
) -> Option<SearchResult> {
    searcher.set_history(history);
    let stop = StopFlag::new(false);
    searcher.search(state, limits, settings, &stop, &mut |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::turn::random_turn;

    #[test]
    fn a_random_duel_ends_by_one_of_the_rules() {
        let rules = DuelRules {
            max_turns: 1000,
            repetition: true,
        };
        let mut rng = Rng::new(7);
        let mut asked = 0;
        let d = play(GameState::standard(), &rules, &mut |s, h| {
            // The history holds every earlier state, the last one before `s`.
            assert_eq!(h.len(), asked);
            assert!(h.last().is_none_or(|p| p != s));
            asked += 1;
            random_turn(s, &mut rng)
        });
        assert_eq!(d.turns as usize, asked);
        assert!(d.turns <= 1000);
        match d.end {
            DuelEnd::Finished(r) => {
                assert!(d.last.is_over());
                assert_eq!(d.points_for_x(), r.points_for_x());
            }
            DuelEnd::MaxTurns => assert_eq!(d.turns, 1000),
            DuelEnd::Repetition => assert_eq!(d.points_for_x(), 0),
            DuelEnd::NoTurn => panic!("random_turn always answers a live game"),
        }
    }

    #[test]
    fn the_cap_and_a_missing_turn_end_a_duel() {
        let capped = DuelRules {
            max_turns: 4,
            repetition: true,
        };
        let mut rng = Rng::new(1);
        let d = play(GameState::standard(), &capped, &mut |s, _| {
            random_turn(s, &mut rng)
        });
        assert_eq!((d.end, d.turns), (DuelEnd::MaxTurns, 4));
        let d = play(GameState::standard(), &capped, &mut |_, _| None);
        assert_eq!((d.end, d.turns), (DuelEnd::NoTurn, 0));
    }
}
