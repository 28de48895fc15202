//! `ncbg-gui`: a local web board for No-Chance Backgammon that plays,
//! watches and reviews games through NCBP engines.
//!
//! The server owns the game (the `ncbg` library's `GameState`); the page is
//! a view that sends the person's actions and draws the snapshots it is
//! streamed. Engines are child processes started from the command line
//! only.

pub mod app;
pub mod boardview;
pub mod controller;
pub mod driver;
pub mod files;
pub mod history;
pub mod http;
pub mod playtree;
pub mod review;
pub mod slots;
pub mod stakes;
pub mod view;
