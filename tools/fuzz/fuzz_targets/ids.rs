//! Full-state IDs (`ncbg::ids::state_id`) and Position IDs
//! (`ncbg::ids::position_id`) read from the input: the first byte picks
//! the checkers a side for the Position ID, the rest is the text.
//!
//! Asserted: no panic; an ID that reads is re-encoded to an ID that reads
//! back to the same state (position) and is its own encoding; the legal
//! turns of a state read from an ID, and the IDs of the states after them,
//! round-trip too; a Position ID that reads owns at most the checkers a
//! side it was read with.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::ids::{position_id, state_id};
use ncbg::turn::legal_turns;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if let Ok(state) = state_id::decode(&text) {
        let id = state_id::encode(&state);
        assert_eq!(state_id::decode(&id), Ok(state), "{text:?} -> {id}");
        let turns = legal_turns(&state);
        assert_eq!(turns.is_empty(), state.is_over(), "{id}: no legal turn");
        for t in turns.iter().take(8) {
            let next = t.after(&state);
            let next_id = state_id::encode(&next);
            assert_eq!(state_id::decode(&next_id), Ok(next), "{id} then {next_id}");
        }
    }
    let n = 1 + first % 15;
    if let Ok(pos) = position_id::decode_with(&text, n) {
        let id = position_id::encode(&pos);
        assert_eq!(
            position_id::decode_with(&id, n),
            Ok(pos),
            "{text:?} -> {id}"
        );
        assert_eq!(pos.checkers_per_side(), n);
        assert!(pos.mover().total() <= n && pos.opponent().total() <= n);
    }
});
