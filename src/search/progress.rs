//! Pressing for progress in long games.
//!
//! The rules never end a game that goes round and round (hits send checkers
//! back, so a position can keep its shape for hundreds of turns without
//! repeating exactly), and the net values such a blockade by who holds
//! whom, not by whether anyone can ever get home: a side valued a point or
//! so ahead can hold its grip for ever and never win (a match runner caps
//! the game and scores it a draw). So once a game has gone
//! [`super::SearchProfile::progress_after`] turns since a checker was last borne
//! off (or a doublet credit spent), and the side to move is ahead by
//! [`PROGRESS_LEAD`] or more by its static value, the search adds to every
//! static value [`super::SearchProfile::progress_weight`] millipoints for each
//! pip its side to move is ahead in the race: the side ahead is pushed to
//! bring its checkers home (and to send the opponent's back) rather than to
//! sit. In Anti-Backgammon, where the first home loses, the side ahead ends
//! the game by staying back while the opponent goes home, so there the
//! term counts the pips the side to move is *behind* in the race. The term
//! is a function of the position alone, so it is the same wherever the
//! search meets the position.

use crate::board::Objective;
use crate::game::{GameState, Phase};

/// The turns among `history` (the game's states since a checker was last
/// borne off or a credit spent, as the searcher keeps them): its states to
/// pick a number, one a turn whether the turn came as one move or as a
/// pick and a play.
pub(super) fn quiet_turns(history: &[GameState]) -> usize {
    history.iter().filter(|s| s.phase() == Phase::Pick).count()
}

/// The static value (millipoints, for the side to move at the root) from
/// which the side to move presses for progress in a long game: below it
/// (level or behind) the search plays as always, and a repetition (a draw)
/// stays welcome.
pub const PROGRESS_LEAD: i32 = 300;

/// The progress weight of a search from a root whose game has gone
/// `quiet_turns` turns without a checker borne off or a credit spent and
/// whose static value for its side to move is `root_value` (asked only of a
/// long game): `weight` when the game is long (`after` turns or more,
/// `after` above 0) and the side to move leads by [`PROGRESS_LEAD`], else 0
/// (off).
pub(super) fn weight_for(
    quiet_turns: usize,
    root_value: impl FnOnce() -> i32,
    after: u32,
    weight: i32,
) -> i32 {
    let long = after > 0 && weight > 0 && quiet_turns >= after as usize;
    if long && root_value() >= PROGRESS_LEAD {
        weight
    } else {
        0
    }
}

/// The progress term of `state` for its side to move: `weight` millipoints
/// a pip of its lead in the race (negative when it trails); in
/// Anti-Backgammon a pip of its lag.
#[inline]
pub(super) fn term(state: &GameState, weight: i32) -> i32 {
    if weight == 0 {
        return 0;
    }
    let (mover, opponent) = state.position().pips();
    let lead = opponent as i32 - mover as i32;
    match state.objective() {
        Objective::BearOffFirst => weight * lead,
        Objective::BearOffLast => -weight * lead,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_turns_count_each_turn_once() {
        let mut g = GameState::standard();
        let mut history = vec![g];
        g.pick(3).unwrap();
        history.push(g); // turn 0's pick by X: Y to pick next
        g.pick(5).unwrap();
        // A turn given as a pick and then a play adds two states, one of
        // them to pick.
        let before = g;
        g.pick(1).unwrap();
        history.extend([before, g]);
        assert_eq!(history.len(), 4);
        assert_eq!(quiet_turns(&history), 3);
    }

    #[test]
    fn only_a_long_game_with_a_lead_presses() {
        let v = |value: i32| move || value;
        assert_eq!(weight_for(150, v(500), 100, 4), 4);
        assert_eq!(weight_for(100, v(PROGRESS_LEAD), 100, 4), 4);
        // Too short, not ahead, or switched off.
        assert_eq!(weight_for(99, v(500), 100, 4), 0);
        assert_eq!(weight_for(150, v(PROGRESS_LEAD - 1), 100, 4), 0);
        assert_eq!(weight_for(150, v(-800), 100, 4), 0);
        assert_eq!(weight_for(150, v(500), 0, 4), 0);
        assert_eq!(weight_for(150, v(500), 100, 0), 0);
    }

    #[test]
    fn the_term_rewards_the_race_lead_of_the_side_to_move() {
        // The standard start: level pips (167 each).
        assert_eq!(term(&GameState::standard(), 4), 0);
        // A blockade from a Nackgammon game capped at 400 turns: X to move
        // with 315 pips against Y's 227, then Y to move with 235 against
        // X's 315.
        let x = crate::ids::state_id::decode("APwPADcAQNhdNw:Xpick:x5y3:d00:k6").unwrap();
        assert_eq!(x.position().pips(), (315, 227));
        assert_eq!(term(&x, 4), -4 * 88);
        let y = crate::ids::state_id::decode("AEDYXTcA/AcINw:Ypick:x5y1:d00:k6").unwrap();
        assert_eq!(term(&y, 4), 4 * 80);
        assert_eq!(term(&y, 0), 0);
        // The same boards in Anti-Backgammon: the side behind is the one
        // the game's end favours.
        let mut anti = x;
        anti.set_objective(Objective::BearOffLast).unwrap();
        assert_eq!(term(&anti, 4), 4 * 88);
    }
}
