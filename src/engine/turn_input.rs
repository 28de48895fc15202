//! Turn tokens (protocol/ncbp.md §2) applied to the engine's game, with the
//! engine's error codes: `position ... moves`, `choose-number` and `move`.
//! The reading itself is the library's one turn-token reader,
//! [`crate::turn`].

use super::error::{EngineError, ErrorCode};
use crate::game::GameState;
use crate::turn::{self as token, TurnError, TurnForm};

/// Picks the number written as the digits `n` (any length: numbers above
/// 255 are refused as out of range too).
pub fn pick(state: &mut GameState, n: &str) -> Result<(), EngineError> {
    apply(state, n)
}

/// Applies one turn token, or a `move` argument: a number alone picks, `n:play`
/// picks and plays, anything else is a play for the pending pair. On error the
/// state is unchanged.
pub fn apply(state: &mut GameState, token: &str) -> Result<(), EngineError> {
    token::apply(state, token, TurnForm::Step)
        .map(|_| ())
        .map_err(EngineError::from)
}

impl From<TurnError> for EngineError {
    fn from(e: TurnError) -> EngineError {
        match e {
            TurnError::Malformed(why) => EngineError::syntax(why),
            e @ TurnError::OutOfRange { .. } => {
                EngineError::new(ErrorCode::IllegalNumber, e.to_string())
            }
            TurnError::Rule(r) => r.into(),
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
