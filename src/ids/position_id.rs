//! GNU Backgammon's Position ID: 14 base64 characters encoding the board with
//! the player on roll (our side to move).
//!
//! The 80-bit key lists, for the player not on roll and then the player on roll,
//! each of its 24 points and then its bar (in its own coordinates) as that many
//! 1 bits followed by a 0 bit; bits fill bytes from the least significant end.
//! Checkers not listed are borne off.
//!
//! ```
//! use ncbg::board::Variant;
//! use ncbg::ids::position_id;
//!
//! let start = Variant::Standard.start();
//! assert_eq!(position_id::encode(&start), "4HPwATDgc/ABMA");
//! assert_eq!(position_id::decode("4HPwATDgc/ABMA").unwrap(), start);
//! ```

use crate::board::{Position, PositionError, BAR, MAX_CHECKERS};
use std::fmt;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a text is not a Position ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionIdError {
    /// Not 14 characters long.
    Length(usize),
    /// A character outside the base64 alphabet.
    Character(char),
    /// The bits end before both sides are described.
    Truncated,
    /// The checkers do not form a valid position.
    Position(PositionError),
}

impl fmt::Display for PositionIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionIdError::Length(n) => {
                write!(f, "a Position ID has 14 characters, not {n}")
            }
            PositionIdError::Character(c) => {
                write!(f, "'{}' is not a base64 character", c.escape_default())
            }
            PositionIdError::Truncated => write!(f, "the ID ends before both sides are described"),
            PositionIdError::Position(e) => write!(f, "not a valid position: {e}"),
        }
    }
}

impl std::error::Error for PositionIdError {}

/// The 10-byte key of a position.
pub fn key(pos: &Position) -> [u8; 10] {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [pos.opponent(), pos.mover()] {
        for slot in (1..=24).chain([BAR]) {
            for _ in 0..side.count(slot) {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The Position ID of `pos`, with its side to move as the player on roll.
pub fn encode(pos: &Position) -> String {
    encode_key(&key(pos))
}

/// Base64 of the 10-byte key, without padding: 14 characters.
fn encode_key(key: &[u8; 10]) -> String {
    let mut out = String::with_capacity(14);
    let sextet = |i: usize| -> u8 {
        // Sextet i covers bits 6i..6i+5 of the key read as a big-endian stream.
        let bit = 6 * i;
        let (byte, shift) = (bit / 8, bit % 8);
        let hi = u16::from(key[byte]) << 8;
        let lo = key.get(byte + 1).copied().map_or(0, u16::from);
        (((hi | lo) >> (10 - shift)) & 0x3F) as u8
    };
    for i in 0..14 {
        out.push(ALPHABET[sextet(i) as usize] as char);
    }
    out
}

/// Reads a Position ID of a standard 15-checker game.
pub fn decode(id: &str) -> Result<Position, PositionIdError> {
    decode_with(id, MAX_CHECKERS)
}

/// Reads a Position ID whose sides own `checkers_per_side` checkers each (3 in
/// Hypergammon); checkers the ID does not place are borne off.
pub fn decode_with(id: &str, checkers_per_side: u8) -> Result<Position, PositionIdError> {
    decode_with_pools(id, checkers_per_side, (0, 0))
}

/// [`decode_with`] where `pools.0` of the side to move's and `pools.1` of
/// the other side's checkers the ID does not place wait in their pools
/// (Backgammon Race) instead of being borne off.
pub fn decode_with_pools(
    id: &str,
    checkers_per_side: u8,
    pools: (u8, u8),
) -> Result<Position, PositionIdError> {
    let chars: Vec<char> = id.chars().collect();
    if chars.len() != 14 {
        return Err(PositionIdError::Length(chars.len()));
    }
    let mut bits: u128 = 0; // big-endian stream of 84 bits
    for &c in &chars {
        let v = ALPHABET
            .iter()
            .position(|&a| a as char == c)
            .ok_or(PositionIdError::Character(c))?;
        bits = (bits << 6) | v as u128;
    }
    // Back to 10 bytes (the last 4 bits are padding).
    let bytes: Vec<u8> = (0..10)
        .map(|i| (bits >> (84 - 8 * (i + 1))) as u8)
        .collect();
    let bit_at = |i: usize| bytes[i / 8] >> (i % 8) & 1 == 1;
    let mut sides = [[0u8; 25]; 2];
    let mut i = 0usize;
    for side in sides.iter_mut() {
        for slot in side.iter_mut() {
            loop {
                if i >= 80 {
                    return Err(PositionIdError::Truncated);
                }
                let one = bit_at(i);
                i += 1;
                if !one {
                    break;
                }
                *slot += 1;
                if *slot > MAX_CHECKERS {
                    return Err(PositionIdError::Position(PositionError::TooManyCheckers {
                        limit: checkers_per_side.min(MAX_CHECKERS),
                    }));
                }
            }
        }
    }
    let [opponent, mover] = sides;
    Position::from_points_and_pools(&mover, &opponent, checkers_per_side, pools)
        .map_err(PositionIdError::Position)
}
