//! What ends a game besides an engine's fault (a side bears off, the turn
//! cap, a full state for the third time), for the judge's games and for
//! checking a recorded game against its moves ([`check_record`]): the duel's
//! [`Ending`], with the referee's rules and records.

use super::opening_state;
use crate::duel::{DuelEnd, DuelRules, Ending, REPETITIONS};
use crate::game::GameState;
use crate::ids::state_id;
use crate::matchfile::{GameEnd, GameRecord};
use crate::referee::config::Rules;
use crate::turn::{self, TurnForm};

/// The watcher of `rules`' ends for the referee: a duel's. Its callers
/// count no turn-0 pick against the cap (`played(!in_opening)`).
pub(super) fn ending(rules: &Rules) -> Ending {
    Ending::new(DuelRules {
        max_turns: rules.turn_cap(),
        repetition: rules.repetition,
    })
}

/// The end the rules give the game at `state` (called once at the start of
/// every turn, as [`Ending::check`]), as the record's end and its detail.
pub(super) fn end_now(ending: &mut Ending, state: &GameState) -> Option<(GameEnd, String)> {
    let end = match ending.check(state)? {
        DuelEnd::Finished(result) => (
            GameEnd::Win {
                winner: result.winner,
                kind: result.kind,
            },
            String::new(),
        ),
        DuelEnd::MaxTurns => (
            GameEnd::MaxTurns,
            format!("{} turns played", ending.turns()),
        ),
        DuelEnd::Repetition => (
            GameEnd::Repetition,
            format!(
                "state {} occurred {REPETITIONS} times",
                state_id::encode(state)
            ),
        ),
        DuelEnd::NoTurn => unreachable!("Ending::check never gives NoTurn"),
    };
    Some(end)
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
    let place = record.stakes.in_match;
    let (mut state, _, given) = match opening_state(&record.opening, rules, place.as_ref()) {
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
    let mut ending = ending(rules);
    for (i, token) in record.moves.iter().enumerate().skip(given.len()) {
        if let Some((end, _)) = end_now(&mut ending, &state) {
            return Err(format!(
                "the rules end the game in {} before its move {} '{token}'",
                describe(end),
                i + 1
            ));
        }
        let in_opening = state.in_opening();
        turn::apply(&mut state, token, TurnForm::Answer)
            .map_err(|e| format!("its move {} '{token}': {e}", i + 1))?;
        let cube_action = crate::cube::CubeAction::from_token(token).is_some();
        ending.played(!in_opening && !cube_action);
    }
    match (end_now(&mut ending, &state).map(|(end, _)| end), record.end) {
        (None, GameEnd::Forfeit { .. }) => Ok(()),
        (Some(end), recorded) if end == recorded => Ok(()),
        (Some(end), recorded) => Err(format!(
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
