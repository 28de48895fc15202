//! The play reader (`ncbg::notation::parse_play`, `check_play_syntax`)
//! on a state grown from the input's first bytes, with the pending pair or
//! a pair chosen by the next byte, and the rest of the input as the text.
//!
//! Asserted: no panic; a play that reads is one of the legal plays; its
//! canonical forms (`format_play`, `format_play_token`) read back to the
//! same play; a text that `check_play_syntax` refuses never reads as a
//! play, and one that reads passes `check_play_syntax`; the canonical
//! forms of one legal play (chosen by the input) read back to it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::movegen::legal_plays;
use ncbg::notation::{check_play_syntax, format_play, format_play_token, parse_play, PlayError};
use ncbg::pair::Pair;
use ncbg_fuzz::{game_from, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let state = game_from(&mut b);
    let k = state.k();
    let choice = b.byte();
    let pair = state.pending_pair().unwrap_or_else(|| {
        let (x, y) = (1 + choice % k, 1 + (choice / 16) % k);
        Pair::new(x, y).expect("numbers in 1..=k")
    });
    let pos = state.position();
    let text = String::from_utf8_lossy(b.rest());
    let legal = legal_plays(pos, pair);
    let read = parse_play(&text, pos, pair);
    let syntax = check_play_syntax(&text);
    if let Err(PlayError::Syntax(why)) = &syntax {
        assert!(
            read.is_err(),
            "{text:?} reads although its syntax is refused: {why}"
        );
    }
    if let Ok(lp) = read {
        assert!(
            syntax.is_ok(),
            "{text:?} reads but its syntax is refused: {syntax:?}"
        );
        assert!(
            legal.contains(&lp),
            "{text:?} read as a play that is not legal"
        );
        for canonical in [format_play(pos, &lp.play), format_play_token(pos, &lp.play)] {
            let again = parse_play(&canonical, pos, pair).unwrap_or_else(|e| {
                panic!("canonical {canonical:?} of {text:?} does not read: {e}")
            });
            assert_eq!(again.after, lp.after, "{canonical:?} reads as another play");
        }
    }
    if !legal.is_empty() {
        let lp = legal[usize::from(choice) % legal.len()];
        for canonical in [format_play(pos, &lp.play), format_play_token(pos, &lp.play)] {
            let again = parse_play(&canonical, pos, pair)
                .unwrap_or_else(|e| panic!("canonical {canonical:?} does not read: {e}"));
            assert_eq!(again.after, lp.after, "{canonical:?} reads as another play");
        }
    }
});
