//! # ncbg — No-Chance Backgammon
//!
//! Rules, move generation, notation, identifiers and perft for No-Chance
//! Backgammon (NC-Backgammon): classical backgammon where, instead of rolling
//! dice, each player picks a number each turn and plays it together with the
//! opponent's last pick. The rules are written down in `protocol/rules.md`.
//!
//! The library does no I/O: the `ncbg` engine and `ncbg-referee` binaries are
//! thin layers over it.
//!
//! ```
//! use ncbg::board::Variant;
//! use ncbg::movegen::legal_plays;
//! use ncbg::pair::Pair;
//!
//! let start = Variant::Standard.start();
//! let plays = legal_plays(&start, Pair::new(6, 5).unwrap());
//! assert_eq!(plays.len(), 7);
//! ```

pub mod analysis;
pub mod board;
pub mod engine;
pub mod game;
pub mod ids;
pub mod movegen;
pub mod nn;
pub mod notation;
pub mod numbers;
pub mod pair;
pub mod perft;
pub mod play;
pub mod referee;
pub mod rng;
pub mod search;
pub mod tables;
pub mod turn;
