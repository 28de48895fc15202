//! Turn tokens (`ncbg::turn::read`, `ncbg::turn::apply`) on a state grown
//! from the input's first bytes, the rest of the input as the token, in
//! both forms (`Step`, `Answer`).
//!
//! Asserted: no panic; a token that reads applies, and `Turn::apply` and
//! `Turn::after` give the same state; the canonical token reads back (in
//! the same form) to a turn with the same result; in the `Answer` form
//! the turn is one of `legal_turns`; `turn::apply` gives the canonical
//! token and, on error, leaves the state unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::turn::{self, TurnForm};
use ncbg_fuzz::{after_checked, game_from, is_legal_turn, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let state = game_from(&mut b);
    let token = String::from_utf8_lossy(b.rest());
    for form in [TurnForm::Step, TurnForm::Answer] {
        let read = turn::read(&state, &token, form);
        let mut applied = state;
        let canonical = turn::apply(&mut applied, &token, form);
        match read {
            Ok(t) => {
                let after = after_checked(&t, &state);
                assert_eq!(applied, after, "turn::apply and Turn::apply differ");
                let tok = t.token(&state);
                assert_eq!(canonical.as_deref(), Ok(tok.as_str()));
                let again = turn::read(&state, &tok, form).unwrap_or_else(|e| {
                    panic!("canonical {tok:?} of {token:?} does not read: {e}")
                });
                assert_eq!(again.after(&state), t.after(&state), "{tok:?}");
                assert_eq!(
                    again.token(&state),
                    tok,
                    "the canonical token is not canonical"
                );
                if form == TurnForm::Answer {
                    assert!(
                        is_legal_turn(&t, &state),
                        "{token:?} read as an illegal turn"
                    );
                }
            }
            Err(e) => {
                assert_eq!(canonical, Err(e), "turn::apply and turn::read disagree");
                assert_eq!(applied, state, "a refused token changed the state");
            }
        }
    }
});
