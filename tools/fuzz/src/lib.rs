//! What the fuzz targets share: a game state grown from the input's first
//! bytes (so that one target reaches every phase, variant, alphabet and
//! credit count), and the checks of protocol lines.

use ncbg::board::Variant;
use ncbg::game::GameState;
use ncbg::numbers::NumberRules;
use ncbg::rng::Rng;
use ncbg::turn::{legal_turns, random_turn, Turn};

/// Reads the input from its front.
pub struct Bytes<'a>(pub &'a [u8]);

impl<'a> Bytes<'a> {
    /// The next byte (0 once the input is used up).
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// The next four bytes as a number.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    /// What is left.
    pub fn rest(&self) -> &'a [u8] {
        self.0
    }
}

/// A game state from the next bytes: a variant, k (3..=9), doublet credits
/// (0..=9), then a seeded random game of up to 127 turns (it stops early at
/// the end of the game).
pub fn game_from(b: &mut Bytes) -> GameState {
    let variant = Variant::ALL[usize::from(b.byte()) % Variant::ALL.len()];
    let k = 3 + b.byte() % 7;
    let credits = b.byte() % 10;
    let turns = b.byte() % 128;
    let seed = u64::from(b.u32());
    let rules = NumberRules::new(k, credits).expect("k 3..=9, credits 0..=9");
    let mut state = GameState::start(variant, rules);
    let mut rng = Rng::new(seed);
    for _ in 0..turns {
        match random_turn(&state, &mut rng) {
            Some(t) => state = t.after(&state),
            None => break,
        }
    }
    state
}

/// The state after `turn` of `state`, checked: applying it and
/// [`Turn::after`] agree.
pub fn after_checked(turn: &Turn, state: &GameState) -> GameState {
    let mut applied = *state;
    turn.apply(&mut applied)
        .unwrap_or_else(|e| panic!("a turn read in {state:?} does not apply: {e}"));
    assert_eq!(applied, turn.after(state), "apply and after differ");
    applied
}

/// Whether `turn` is one of the legal turns of `state` (by the state it
/// leads to and its token).
pub fn is_legal_turn(turn: &Turn, state: &GameState) -> bool {
    let after = turn.after(state);
    let token = turn.token(state);
    legal_turns(state)
        .iter()
        .any(|t| t.after(state) == after && t.token(state) == token)
}

/// The error codes of protocol/ncbp.md §6.
pub const ERROR_CODES: [&str; 13] = [
    "unknown-command",
    "syntax",
    "unknown-option",
    "bad-value",
    "bad-id",
    "illegal-number",
    "illegal-move",
    "illegal-cube",
    "wrong-phase",
    "game-over",
    "busy",
    "too-long",
    "bad-encoding",
];

/// Asserts that `line` is one line (no line break in it) and, for an
/// `error` line, that its code is one of §6.
pub fn check_line(line: &str) {
    assert!(
        !line.contains('\n') && !line.contains('\r'),
        "a line break inside an output line: {line:?}"
    );
    if let Some(rest) = line.strip_prefix("error ") {
        let code = rest.split(' ').next().unwrap_or("");
        assert!(ERROR_CODES.contains(&code), "unknown error code: {line:?}");
        assert!(
            rest.len() > code.len() + 1,
            "an error line without message: {line:?}"
        );
    }
}

/// Asserts that `v` is a static evaluation as the protocol promises it:
/// strictly between -3000 and 3000 and not a multiple of 1000.
pub fn check_eval_value(v: i32) {
    assert!(-3000 < v && v < 3000, "evaluation {v} out of range");
    assert!(v % 1000 != 0, "evaluation {v} is a multiple of 1000");
}
