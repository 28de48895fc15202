//! Checking an engine's `bestmove` token against the rules and applying it,
//! with the library's turn-token reader ([`crate::turn`]).

use super::quoted;
use crate::game::{GameState, RuleError};
use crate::matchfile::ForfeitReason;
use crate::ncbp_client::Fault;
use crate::notation::PlayError;
use crate::turn::{self, TurnError, TurnForm};

/// Checks an answer and applies it: the canonical token on success. A token
/// of the wrong form (unreadable, or a number where a whole turn is due) is
/// `malformed`; one the rules forbid is `illegal`.
pub fn apply_answer(state: &mut GameState, token: &str) -> Result<String, Fault> {
    turn::apply(state, token, TurnForm::Answer).map_err(|e| {
        let reason = match &e {
            TurnError::Malformed(_)
            | TurnError::Rule(RuleError::Play(PlayError::Syntax(_)))
            | TurnError::Rule(RuleError::Opening | RuleError::NotPicked) => {
                ForfeitReason::Malformed
            }
            TurnError::OutOfRange { .. } | TurnError::Rule(_) => ForfeitReason::Illegal,
        };
        // The token quoted once, cut short, whether or not the rules'
        // message quotes it.
        let quote = quoted(token);
        let message = e.to_string().replace(&format!("'{token}'"), &quote);
        let detail = match message.starts_with(&quote) {
            true => message,
            false => format!("{quote}: {message}"),
        };
        Fault::new(reason, detail)
    })
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
        let whole_turn_due = apply_answer(&mut s, "6").unwrap_err();
        assert_eq!(whole_turn_due.reason, ForfeitReason::Malformed);
        // The token is quoted once, even where the rules' message quotes it.
        assert_eq!(whole_turn_due.detail, "'6': expected <number>:<play>");
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
