//! # ncbg — No-Chance Backgammon
//!
//! Rules, move generation, notation, identifiers and perft for No-Chance
//! Backgammon (NC-Backgammon): classical backgammon where, instead of rolling
//! dice, each player picks a number each turn and plays it together with the
//! opponent's last pick. The rules are written down in `protocol/rules.md`.
//!
//! Layers, bottom up (a module imports only from the layers below it):
//!
//! 1. rules: [`board`], [`pair`], [`play`], [`movegen`], [`numbers`],
//!    [`notation`], [`game`], [`turn`] (the one turn type, the legal turns,
//!    turn tokens), [`ids`], [`perft`], [`rng`], [`matchfile`] (the match
//!    file: typed header and game lines);
//! 2. evaluation: [`eval`] (the `Evaluator` trait, handcrafted and learned);
//! 3. search: [`search`] (takes the evaluator its caller passes in);
//! 4. users of the search: [`engine`] (the NCBP session), [`referee`]
//!    (matches), [`ncbp_client`] (the client side of NCBP, shared by the
//!    referee and the GUI), [`analysis`] (batch analysis), [`duel`]
//!    (in-process games).
//!
//! The `ncbg` and `ncbg-referee` binaries are thin layers over it. Which
//! modules do I/O: [`engine::session`] reads a net file (`EvalFile`),
//! [`engine::input`] reads lines from a reader its caller opens,
//! [`ncbp_client::process`] spawns engine processes, `referee::engine`
//! talks to them over pipes, and `referee::store` reads and writes match
//! files. The rest does none (the search and
//! the analysis start threads of their own, for `Threads` and `--jobs`).
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
pub mod duel;
pub mod engine;
pub mod eval;
pub mod game;
pub mod ids;
pub mod matchfile;
pub mod movegen;
pub mod ncbp_client;
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
