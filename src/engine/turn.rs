//! Turn tokens (protocol/ncbp.md §2) applied to a game: `3`, `6:24/18,13/8`,
//! `24/18,13/8`, `pass`, `6:pass`, `-`. Used by `position ... moves` and by
//! `choose-number` and `move`.

use super::error::{quote, EngineError, ErrorCode};
use crate::game::{GameState, RuleError};

/// Picks `n` (any integer as written: numbers above 255 are refused too).
pub fn pick(state: &mut GameState, n: u64) -> Result<(), EngineError> {
    let Ok(n) = u8::try_from(n) else {
        if let Some(r) = state.result() {
            return Err(RuleError::GameOver(r).into());
        }
        return Err(EngineError::new(
            ErrorCode::IllegalNumber,
            format!("{n} is not a number in 1-{}", state.k()),
        ));
    };
    state.pick(n).map_err(EngineError::from)
}

/// Plays the pending pair with the play written in `text` (lenient notation).
pub fn play(state: &mut GameState, text: &str) -> Result<(), EngineError> {
    let lp = state.parse_play(text)?;
    state.play(&lp).map_err(EngineError::from)
}

/// Applies one turn token, or a `move` argument: a number alone picks, `n:play`
/// picks and plays, anything else is a play for the pending pair. On error the
/// state is unchanged.
pub fn apply(state: &mut GameState, token: &str) -> Result<(), EngineError> {
    let token = token.trim();
    if let Some(r) = state.result() {
        return Err(RuleError::GameOver(r).into());
    }
    if is_number(token) {
        return pick_written(state, token);
    }
    let mut next = *state;
    if let Some((n, text)) = token.split_once(':') {
        if !is_number(n) {
            return Err(EngineError::syntax(format!(
                "'{}' is not a turn like 6:24/18,13/8",
                quote(token)
            )));
        }
        if next.in_opening() {
            return Err(EngineError::new(
                ErrorCode::WrongPhase,
                "turn 0 has no checker play: pick a number alone",
            ));
        }
        if let Some(pair) = next.pending_pair() {
            return Err(RuleError::AlreadyPicked { pair }.into());
        }
        pick_written(&mut next, n)?;
        play(&mut next, text)?;
    } else {
        play(&mut next, token)?;
    }
    *state = next;
    Ok(())
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Picks the number written as the digits `s` (any length).
fn pick_written(state: &mut GameState, s: &str) -> Result<(), EngineError> {
    match s.parse::<u64>() {
        Ok(n) => pick(state, n),
        Err(_) => {
            state
                .result()
                .map_or(Ok(()), |r| Err(RuleError::GameOver(r)))?;
            Err(EngineError::new(
                ErrorCode::IllegalNumber,
                format!("{} is not a number in 1-{}", quote(s), state.k()),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(tokens: &[&str]) -> Result<GameState, ErrorCode> {
        let mut g = GameState::standard();
        for t in tokens {
            let before = g;
            if let Err(e) = apply(&mut g, t) {
                assert_eq!(g, before, "an error changes nothing");
                return Err(e.code);
            }
        }
        Ok(g)
    }

    #[test]
    fn tokens() {
        assert!(codes(&["3", "5", "6:24/13", "6:24/18(2),13/7(2)"]).is_ok());
        assert!(codes(&["3", "5", "6", "24/13", "2", "pass"]).is_err());
        assert!(codes(&["3", "5", "6", "24/13", "2:24/18,13/11"]).is_ok());
        assert_eq!(codes(&["3", "3"]), Err(ErrorCode::IllegalNumber));
        assert_eq!(codes(&["3", "5", "7"]), Err(ErrorCode::IllegalNumber));
        assert_eq!(
            codes(&["3", "99999999999999999999999"]),
            Err(ErrorCode::IllegalNumber)
        );
        assert_eq!(codes(&["3:24/21"]), Err(ErrorCode::WrongPhase));
        assert_eq!(codes(&["24/21"]), Err(ErrorCode::WrongPhase));
        assert_eq!(codes(&["3", "5", "24/13"]), Err(ErrorCode::WrongPhase));
        assert_eq!(codes(&["3", "5", "6", "4"]), Err(ErrorCode::WrongPhase));
        assert_eq!(
            codes(&["3", "5", "6", "6:24/13"]),
            Err(ErrorCode::WrongPhase)
        );
        assert_eq!(codes(&["3", "5", "6:24/17"]), Err(ErrorCode::IllegalMove));
        assert_eq!(codes(&["3", "5", "6:fly"]), Err(ErrorCode::Syntax));
        assert_eq!(codes(&["3", "5", "x:24/13"]), Err(ErrorCode::Syntax));
    }
}
