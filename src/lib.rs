//! # ncbg — No-Chance Backgammon
//!
//! Rules, move generation, notation, identifiers, perft, evaluation, search,
//! exact-value tables and the NCBP protocol for No-Chance Backgammon
//! (NC-Backgammon): classical backgammon where, instead of rolling dice,
//! each player picks a number each turn and plays it together with the
//! opponent's last pick. The rules are written down in `protocol/rules.md`,
//! the engine protocol in `protocol/ncbp.md`.
//!
//! A game, its legal turns, and a short search with the embedded net:
//!
//! ```
//! use ncbg::eval::NnEval;
//! use ncbg::game::GameState;
//! use ncbg::search::{Limits, Searcher, Settings, StopFlag};
//! use ncbg::turn::legal_turns;
//!
//! // The standard start; turn 0 is the initial pair: X picks 3, Y picks 5.
//! let mut state = GameState::standard();
//! state.pick(3).unwrap();
//! state.pick(5).unwrap();
//! assert_eq!(ncbg::ids::state_id::encode(&state), "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6");
//!
//! // X may pick any number but its own previous one (3); 5, Y's number, is
//! // a doublet (5-5) and spends one of X's two doublet credits. A turn is
//! // a number and a play, written as a token such as `6:24/18,13/8`.
//! let turns = legal_turns(&state);
//! assert!(turns.iter().all(|t| !t.token(&state).starts_with("3:")));
//! assert!(turns.iter().any(|t| t.token(&state) == "6:24/18,13/8"));
//!
//! // Search about 2,000 nodes with the learned evaluation (16 MiB table).
//! let mut searcher = Searcher::new(16, Box::new(NnEval::embedded()));
//! let limits = Limits { nodes: Some(2_000), ..Limits::default() };
//! let stop = StopFlag::new(false);
//! let result = searcher
//!     .search(&state, &limits, &Settings::default(), &stop, &mut |_info| {})
//!     .expect("a game under way has a best turn");
//! assert!(turns.contains(&result.best));
//! println!("best {} ({:?}) after {} nodes", result.best.token(&state), result.score, result.nodes);
//! ```
//!
//! Layers, bottom up (a module imports only from its own layer and the
//! layers below it; `python3 ../shared/tools/rust_layers.py` checks that
//! no imports go round in a circle):
//!
//! 1. rules: [`board`], [`cube`] (the doubling cube and the match), [`pair`], [`play`], [`movegen`], [`numbers`],
//!    [`notation`], [`game`], [`turn`] (the one turn type, the legal turns,
//!    turn tokens), [`ids`], [`perft`], [`rng`], [`matchfile`] (the match
//!    file: typed header and game lines; and [`matchfile::mat`], reading a
//!    gnubg `.mat`);
//! 2. exact values: [`tables`] (the retrograde solver, table files and
//!    probing; rules only);
//! 3. evaluation: [`eval`] (the `Evaluator` trait, handcrafted and learned);
//! 4. search: [`search`] (takes the evaluator its caller passes in, and
//!    the tables it is given);
//! 5. users of the search: [`engine`] (the NCBP session), [`analysis`]
//!    (batch analysis), [`duel`] (in-process games);
//! 6. engines as processes, on the rules layer only (they never search):
//!    [`ncbp_client`] (the client side of NCBP, shared by the referee and
//!    the GUI) and [`referee`] (matches and tournaments, `.mat` export).
//!
//! The `ncbg` and `ncbg-referee` binaries are thin layers over it. Which
//! modules do I/O: [`eval::nn::file`] reads and writes net files (the
//! engine's `EvalFile` and `ncbg analyze --net` go through it),
//! [`tables::file`] reads and writes table files (`ncbg tables build`,
//! the `Tables` option), [`engine::input`] reads lines from a reader its
//! caller opens, [`ncbp_client::process`] spawns engine processes,
//! `referee::engine_process` talks to them over pipes, and `referee::store` reads
//! and writes match files. The rest does none (the search, the analysis
//! and the table solver start threads of their own, for `Threads` and
//! `--jobs`).

pub mod analysis;
pub mod board;
pub mod cube;
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
