//! What ends a game besides an engine's fault: a side bears off, the turn cap,
//! a full state for the third time. One watcher for the judge's games and for
//! checking a recorded game against its moves ([`check_record`]).

use super::opening_state;
use crate::game::GameState;
use crate::ids::state_id;
use crate::matchfile::{GameEnd, GameRecord};
use crate::referee::config::Rules;
use crate::turn::{self, TurnForm};
use std::collections::HashMap;

/// Occurrences of a full state that end a game as a draw.
pub const REPETITIONS: u32 = 3;

/// Follows one game turn by turn and says when the rules end it.
pub struct Ending<'a> {
    rules: &'a Rules,
    /// Turns played after turn 0.
    turns: u32,
    /// How often each full state has occurred at the start of a turn.
    seen: HashMap<GameState, u32>,
}

impl<'a> Ending<'a> {
    /// A watcher for a game played under `rules`, from its opening.
    pub fn new(rules: &'a Rules) -> Ending<'a> {
        Ending {
            rules,
            turns: 0,
            seen: HashMap::new(),
        }
    }

    /// Called once at the start of every turn, with the state to move from:
    /// the end the rules give the game now, with its detail, if any.
    pub fn check(&mut self, state: &GameState) -> Option<(GameEnd, String)> {
        if let Some(result) = state.result() {
            let end = GameEnd::Win {
                winner: result.winner,
                kind: result.kind,
            };
            return Some((end, String::new()));
        }
        if self.turns >= self.rules.max_turns {
            return Some((GameEnd::MaxTurns, format!("{} turns played", self.turns)));
        }
        if self.rules.repetition {
            let count = self.seen.entry(*state).or_insert(0);
            *count += 1;
            if *count >= REPETITIONS {
                let detail = format!(
                    "state {} occurred {REPETITIONS} times",
                    state_id::encode(state)
                );
                return Some((GameEnd::Repetition, detail));
            }
        }
        None
    }

    /// Called after a turn was played; `in_opening`: the state it was played
    /// from was in turn 0 (a turn-0 pick, not counted against the cap).
    pub fn played(&mut self, in_opening: bool) {
        if !in_opening {
            self.turns += 1;
        }
    }
}

/// How an end reads in a message.
fn describe(end: GameEnd) -> String {
    match end {
        GameEnd::Win { winner, kind } => format!("a win for {winner} ({})", kind.name()),
        GameEnd::Forfeit { loser, reason } => format!("a forfeit by {loser} ({reason})"),
        GameEnd::MaxTurns => "a draw at the turn cap".into(),
        GameEnd::Repetition => "a draw by repetition".into(),
    }
}

/// Checks a recorded game against the rules: its moves replay legally from
/// its opening, and where they lead is the end recorded. A forfeit's moves
/// must leave a game the rules have not ended (its loser failed to answer
/// there); a game that could not start (a bad opening) is a draw without
/// moves. The error says what does not agree.
pub fn check_record(record: &GameRecord, rules: &Rules) -> Result<(), String> {
    let (mut state, _, given) = match opening_state(&record.opening, rules) {
        Ok(s) => s,
        Err(_) if record.end == GameEnd::MaxTurns && record.moves.is_empty() => return Ok(()),
        Err(why) => return Err(format!("its opening cannot be played: {why}")),
    };
    if !record.moves.starts_with(&given) {
        return Err(format!(
            "its moves do not begin with the opening's picks {}",
            given.join(" ")
        ));
    }
    let mut ending = Ending::new(rules);
    for (i, token) in record.moves.iter().enumerate().skip(given.len()) {
        if let Some((end, _)) = ending.check(&state) {
            return Err(format!(
                "the rules end the game in {} before its move {} '{token}'",
                describe(end),
                i + 1
            ));
        }
        let in_opening = state.in_opening();
        turn::apply(&mut state, token, TurnForm::Answer)
            .map_err(|e| format!("its move {} '{token}': {e}", i + 1))?;
        ending.played(in_opening);
    }
    match (ending.check(&state), record.end) {
        (None, GameEnd::Forfeit { .. }) => Ok(()),
        (Some((end, _)), recorded) if end == recorded => Ok(()),
        (Some((end, _)), recorded) => Err(format!(
            "its moves end in {}, the record says {}",
            describe(end),
            describe(recorded)
        )),
        (None, recorded) => Err(format!(
            "its moves do not end the game, the record says {}",
            describe(recorded)
        )),
    }
}
