//! Checking an engine's `bestmove` token against the rules and applying it.

use super::Failure;
use crate::game::{GameState, Phase, RuleError};
use crate::notation::PlayError;
use crate::referee::record::ForfeitReason;

/// Checks an answer and applies it: the canonical token on success.
pub fn apply_answer(state: &mut GameState, token: &str) -> Result<String, Failure> {
    let malformed = |why: String| Failure::new(ForfeitReason::Malformed, why);
    let illegal = |e: RuleError| Failure::new(ForfeitReason::Illegal, format!("{token}: {e}"));
    let number = |text: &str| -> Result<u8, Failure> {
        text.parse::<u8>()
            .map_err(|_| malformed(format!("'{token}': '{text}' is not a number")))
    };
    let play_error = |e: RuleError| match e {
        RuleError::Play(PlayError::Syntax(why)) => malformed(format!("'{token}': {why}")),
        other => illegal(other),
    };
    if state.in_opening() {
        let n = number(token)?;
        state.pick(n).map_err(illegal)?;
        return Ok(n.to_string());
    }
    match state.phase() {
        Phase::Pick => {
            let (n, play) = token
                .split_once(':')
                .ok_or_else(|| malformed(format!("'{token}': expected <number>:<play>")))?;
            let n = number(n)?;
            let mut next = *state;
            next.pick(n).map_err(illegal)?;
            let lp = next.parse_play(play).map_err(play_error)?;
            let canonical = state.turn_token(n, &lp.play);
            next.play(&lp).map_err(illegal)?;
            *state = next;
            Ok(canonical)
        }
        Phase::Play => {
            // The number is already picked: a play alone, or `n:play` with
            // that same number.
            let play = match token.split_once(':') {
                None => token,
                Some((n, play)) => {
                    let picked = state.numbers().current(state.to_move());
                    if Some(number(n)?) != picked {
                        return Err(Failure::new(
                            ForfeitReason::Illegal,
                            format!(
                                "{token}: the number is already picked ({})",
                                picked.unwrap_or(0)
                            ),
                        ));
                    }
                    play
                }
            };
            let lp = state.parse_play(play).map_err(play_error)?;
            let canonical = crate::notation::format_play_token(state.position(), &lp.play);
            state.play(&lp).map_err(illegal)?;
            Ok(canonical)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbers::Side;

    #[test]
    fn answers_are_judged() {
        let mut s = GameState::standard();
        assert_eq!(apply_answer(&mut s, "3").unwrap(), "3");
        assert_eq!(
            apply_answer(&mut s, "3").unwrap_err().reason,
            ForfeitReason::Illegal
        );
        assert_eq!(
            apply_answer(&mut s, "x").unwrap_err().reason,
            ForfeitReason::Malformed
        );
        assert_eq!(apply_answer(&mut s, "5").unwrap(), "5");
        assert_eq!(
            apply_answer(&mut s, "6").unwrap_err().reason,
            ForfeitReason::Malformed
        );
        assert_eq!(
            apply_answer(&mut s, "6:24/10").unwrap_err().reason,
            ForfeitReason::Illegal
        );
        assert_eq!(
            apply_answer(&mut s, "3:8/5,6/5").unwrap_err().reason,
            ForfeitReason::Illegal
        );
        let before = s;
        assert_eq!(
            apply_answer(&mut s, "6:hello").unwrap_err().reason,
            ForfeitReason::Malformed
        );
        assert_eq!(s, before);
        assert_eq!(
            apply_answer(&mut s, "6:13/8,24/18").unwrap(),
            "6:24/18,13/8"
        );
        assert_eq!(s.to_move(), Side::Y);
        // A state with the number picked: the play alone, or with that number.
        let mut p = crate::ids::state_id::decode("4HPwATDgc/ABMA:Xplay:x6y5:d22:k6").unwrap();
        let before = p;
        assert_eq!(
            apply_answer(&mut p, "5:24/13").unwrap_err().reason,
            ForfeitReason::Illegal
        );
        assert_eq!(apply_answer(&mut p, "6:24/13").unwrap(), "24/13");
        let mut p = before;
        assert_eq!(apply_answer(&mut p, "24/18,13/8").unwrap(), "24/18,13/8");
    }
}
