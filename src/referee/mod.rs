//! `ncbg-referee`: engine-vs-engine matches over NCBP (`protocol/ncbp.md`).
//!
//! The referee starts two engine processes (or more, for a tournament),
//! plays a schedule of games between every two that meet (every opening
//! twice, colours swapped), judges every answer with the library's rules,
//! records each finished game in a match file at once, and reports results,
//! Elo and an optional SPRT (a rating list and crosstable for a tournament).
//!
//! Concerns, one a module:
//!
//! - [`config`]: engine and match settings (limits, rules, timeouts;
//!   `config::command`: a `cmd=` value split into words and quoted back);
//! - [`schedule`]: openings, game pairs, rounds and shards;
//! - [`plan`]: a match planned from its settings: schedule, the match
//!   file's header, what a resumed file already holds;
//! - [`engine_process`]: an engine process and its line reader (the only process I/O);
//! - [`judge`]: one game, speaking NCBP through the [`judge::EnginePort`]
//!   trait, with forfeits and the turn cap;
//! - [`record`]: the match file's records, re-exported from
//!   [`crate::matchfile`];
//! - [`store`]: the match file on disk (create, resume, append); its
//!   lines are built and read by [`crate::matchfile`];
//! - [`merge`]: joining the files of one match's shards, and what they lack;
//! - [`stats`]: W/L/D, gammons, points, Elo, LOS, pentanomial counts
//!   (`stats::elo`: the Elo scale; `stats::ends`: forfeits and draws, for
//!   both reports);
//! - [`sprt`]: the sequential probability ratio test;
//! - [`report`]: the final report (text and JSON);
//! - [`mat`]: Jellyfish `.mat` export for GNU Backgammon (`mat::pairings`:
//!   a file exported one `.mat` per pairing);
//! - [`matches`](mod@matches): matches to N points: the games of a match, its score and
//!   Crawford state, a match's result from its games;
//! - [`runner`]: worker threads that play the schedule (games, or whole
//!   matches game after game);
//! - [`tournament`]: the schedule of N >= 2 engines (round-robin, gauntlet);
//! - [`rating`]: ratings fitted to all games at once (maximum likelihood,
//!   bootstrap intervals, an anchor; `rating::fit`: the fit,
//!   `rating::intervals`: its standard errors and bootstrap);
//! - [`log`]: the engine log (`--log`): every line to and from every engine;
//! - [`crosstable`]: every engine against every other;
//! - [`standings`]: a tournament's report (rating list and crosstable).

pub mod config;
pub mod crosstable;
pub mod engine_process;
pub mod judge;
pub mod log;
pub mod mat;
pub mod matches;
pub mod merge;
pub mod plan;
pub mod rating;
pub mod record;
pub mod report;
pub mod runner;
pub mod schedule;
pub mod sprt;
pub mod standings;
pub mod stats;
pub mod store;
pub mod tournament;

#[cfg(test)]
mod test_games;
