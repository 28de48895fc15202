//! Naming a table's state on the command line (`ncbg tables probe`): a
//! full-state ID, or a start and the turns played from it, as NCBP's
//! `position` command takes them (protocol/ncbp.md):
//!
//! ```text
//! <full-state ID> [moves <token>...]
//! state <full-state ID> [moves <token>...]
//! startpos [moves <token>...]
//! ```
//!
//! `startpos` is the start of the game the table is of: its alphabet and
//! doublet credits, Hypergammon's board for 3 checkers a side, the
//! standard board for 15 (most of a game passes before a bear-off table
//! covers it, so a start is mostly useful with Hypergammon tables).

use super::Spec;
use crate::board::Variant;
use crate::game::GameState;
use crate::ids::state_id;
use crate::numbers::NumberRules;
use crate::turn::{self, TurnForm};

/// The state `words` name (the forms of the module doc). `spec` is the
/// table's, where it could be read: `startpos` needs it. Errors quote the
/// word at fault.
pub fn state_from_words(words: &[String], spec: Option<Spec>) -> Result<GameState, String> {
    let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    let (start, rest) = match words.as_slice() {
        [] => return Err("no state: give a full-state ID or `startpos [moves ...]`".into()),
        ["startpos", rest @ ..] => (start_of(spec)?, rest),
        ["state", id, rest @ ..] => (decode(id)?, rest),
        ["state"] => return Err("`state` needs a full-state ID after it".into()),
        [id, rest @ ..] => (decode(id)?, rest),
    };
    let tokens = match rest {
        [] => return Ok(start),
        ["moves", tokens @ ..] => tokens,
        [other, ..] => {
            return Err(format!(
                "unexpected '{other}' after the start: `moves <token>...` follows it"
            ))
        }
    };
    let mut state = start;
    for (i, token) in tokens.iter().enumerate() {
        turn::apply(&mut state, token, TurnForm::Step).map_err(|e| {
            format!(
                "moves: turn token {} '{token}' is not legal in {}: {e}",
                i + 1,
                state_id::encode(&state)
            )
        })?;
    }
    Ok(state)
}

/// A full-state ID, or an error quoting it.
fn decode(id: &str) -> Result<GameState, String> {
    state_id::decode(id).map_err(|e| format!("bad state ID '{id}': {e}"))
}

/// The start of the game a table of `spec` is of.
fn start_of(spec: Option<Spec>) -> Result<GameState, String> {
    let spec = spec.ok_or("startpos needs the table (its game's rules)")?;
    let total = spec.space.total;
    let variant = [Variant::Hypergammon, Variant::Standard]
        .into_iter()
        .find(|v| v.checkers_per_side() == total)
        .ok_or_else(|| {
            format!("startpos: no start position has {total} checkers a side (the table's)")
        })?;
    Ok(GameState::start(
        variant,
        NumberRules::new(spec.k, spec.credits)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Space;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    const HYPER: Spec = Spec {
        space: Space::full(3),
        k: 4,
        credits: 1,
    };

    #[test]
    fn a_start_and_its_turns_name_the_state_position_would() {
        let s = state_from_words(&words("startpos moves 3 2 1:23/21,22/21"), Some(HYPER)).unwrap();
        let mut expected = GameState::start(Variant::Hypergammon, NumberRules::new(4, 1).unwrap());
        for t in ["3", "2", "1:23/21,22/21"] {
            turn::apply(&mut expected, t, TurnForm::Step).unwrap();
        }
        assert_eq!(s, expected);
        // The ID names the same state, alone, after `state`, or with moves.
        let id = state_id::encode(&s);
        assert_eq!(state_from_words(&words(&id), None).unwrap(), s);
        assert_eq!(
            state_from_words(&words(&format!("state {id}")), None).unwrap(),
            s
        );
        let start = state_id::encode(&GameState::start(
            Variant::Hypergammon,
            NumberRules::new(4, 1).unwrap(),
        ));
        let again = state_from_words(&words(&format!("{start} moves 3 2 1:23/21,22/21")), None);
        assert_eq!(again.unwrap(), s);
    }

    #[test]
    fn errors_quote_the_word_at_fault() {
        let e = state_from_words(&words("NOT-AN-ID"), None).unwrap_err();
        assert!(e.contains("'NOT-AN-ID'"), "{e}");
        let e = state_from_words(&words("startpos moves 3 3"), Some(HYPER)).unwrap_err();
        assert!(e.contains("turn token 2 '3'"), "{e}");
        let e = state_from_words(&words("startpos 3 2"), Some(HYPER)).unwrap_err();
        assert!(e.contains("'3'") && e.contains("moves"), "{e}");
        let e = state_from_words(&words("startpos"), None).unwrap_err();
        assert!(e.contains("needs the table"), "{e}");
        let bearoff = Spec {
            space: Space::bearoff(3, 4),
            k: 3,
            credits: 0,
        };
        let e = state_from_words(&words("startpos"), Some(bearoff)).unwrap_err();
        assert!(e.contains("4 checkers"), "{e}");
        assert!(state_from_words(&[], None).is_err());
    }
}
