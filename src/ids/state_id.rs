//! The full-state ID: one whitespace-free token for a whole NC game state.
//!
//! ```text
//! 4HPwATDgc/ABMA:Xpick:x3y5:d22:k6
//! └──── board ─┘ └┬──┘ └┬─┘ └┬┘ └┬┘
//!    Position ID  │     │    │   alphabet size k
//!   (side to move │     │    doublet credits left: X's, then Y's
//!     on roll)    │     current numbers of X and Y ('-' = not yet picked)
//!                 side to move and what it does: pick a number, or play
//!                 the pending pair (its number already picked)
//! ```
//!
//! An optional last field `n3` gives the checkers a side owns when it is not
//! 15 (Hypergammon). Examples: the start before turn 0 is
//! `4HPwATDgc/ABMA:Xpick:x-y-:d22:k6`; after X picks 6 from `x3y5`, with the
//! pair 6-5 pending, `4HPwATDgc/ABMA:Xplay:x6y5:d22:k6`.
//!
//! ```
//! use ncbg::game::GameState;
//! use ncbg::ids::state_id;
//!
//! let mut g = GameState::standard();
//! g.pick(3).unwrap();
//! g.pick(5).unwrap();
//! let id = state_id::encode(&g);
//! assert_eq!(id, "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6");
//! assert_eq!(state_id::decode(&id).unwrap(), g);
//! ```

use super::position_id;
use crate::board::MAX_CHECKERS;
use crate::game::{GameState, Phase};
use crate::notation::cut;
use crate::numbers::{Numbers, Side};
use std::fmt;

/// Why a text is not a full-state ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateIdError(pub String);

impl fmt::Display for StateIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateIdError {}

fn error(why: impl Into<String>) -> StateIdError {
    StateIdError(why.into())
}

/// The full-state ID of `state`.
pub fn encode(state: &GameState) -> String {
    let numbers = state.numbers();
    let digit = |n: Option<u8>| n.map_or('-', |n| char::from(b'0' + n));
    let phase = match state.phase() {
        Phase::Pick => "pick",
        Phase::Play => "play",
    };
    let mut id = format!(
        "{}:{}{}:x{}y{}:d{}{}:k{}",
        position_id::encode(state.position()),
        state.to_move().letter(),
        phase,
        digit(numbers.current(Side::X)),
        digit(numbers.current(Side::Y)),
        numbers.credits(Side::X),
        numbers.credits(Side::Y),
        state.k()
    );
    let n = state.position().checkers_per_side();
    if n != MAX_CHECKERS {
        id.push_str(&format!(":n{n}"));
    }
    id
}

/// Reads a full-state ID.
pub fn decode(id: &str) -> Result<GameState, StateIdError> {
    let fields: Vec<&str> = id.split(':').collect();
    if !(5..=6).contains(&fields.len()) {
        return Err(error(format!(
            "a state ID has 5 or 6 ':'-separated fields, not {}",
            fields.len()
        )));
    }
    let checkers = match fields.get(5) {
        None => MAX_CHECKERS,
        Some(f) => f
            .strip_prefix('n')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=MAX_CHECKERS).contains(n))
            .ok_or_else(|| error(format!("'{}' is not a checker count like n3", cut(f))))?,
    };
    let position = position_id::decode_with(fields[0], checkers)
        .map_err(|e| error(format!("bad Position ID '{}': {e}", cut(fields[0]))))?;

    let (to_move, phase) = {
        let f = fields[1];
        let mut chars = f.chars();
        let side = chars.next().and_then(Side::from_letter);
        let phase = match chars.as_str() {
            "pick" => Some(Phase::Pick),
            "play" => Some(Phase::Play),
            _ => None,
        };
        match (side, phase) {
            (Some(s), Some(p)) => (s, p),
            _ => {
                return Err(error(format!(
                    "'{}' is not a side and phase like Xpick or Yplay",
                    cut(f)
                )))
            }
        }
    };

    let number = |c: char| -> Result<Option<u8>, StateIdError> {
        match c {
            '-' => Ok(None),
            '1'..='9' => Ok(Some(c as u8 - b'0')),
            _ => Err(error(format!("'{c}' is not a number 1-9 or '-'"))),
        }
    };
    let nums: Vec<char> = fields[2].chars().collect();
    if nums.len() != 4 || nums[0] != 'x' || nums[2] != 'y' {
        return Err(error(format!(
            "'{}' is not the numbers like x3y5 or x-y-",
            cut(fields[2])
        )));
    }
    let current = [number(nums[1])?, number(nums[3])?];

    let credits: Vec<char> = fields[3].chars().collect();
    if credits.len() != 3 || credits[0] != 'd' || !credits[1..].iter().all(char::is_ascii_digit) {
        return Err(error(format!(
            "'{}' is not the doublet credits like d22",
            cut(fields[3])
        )));
    }
    let credits = [credits[1] as u8 - b'0', credits[2] as u8 - b'0'];

    let k = fields[4]
        .strip_prefix('k')
        .and_then(|k| k.parse::<u8>().ok())
        .ok_or_else(|| {
            error(format!(
                "'{}' is not an alphabet size like k6",
                cut(fields[4])
            ))
        })?;

    GameState::new(
        position,
        to_move,
        Numbers::from_parts(current, credits),
        k,
        phase,
    )
    .map_err(|e| error(e.0))
}
