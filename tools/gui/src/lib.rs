//! `ncbg-gui`: a board for No-Chance Backgammon in the browser that plays,
//! watches and reviews games through NCBP engines.
//!
//! The board's state (`app`: the `ncbg` library's `GameState` in a
//! [`history::Record`], who plays each side, hints) is authoritative; the
//! page is a view that sends the person's actions and draws the snapshots
//! (`view`) it is given. Two hosts run it behind one page:
//!
//! - the server (feature `server`, the default): `http` serves the page and
//!   its JSON API, engines are child processes (`driver`) run by tasks
//!   (`controller`);
//! - the static site (`local`, `site`): the same state and API as plain
//!   calls, with the engine in the same program, which the WebAssembly
//!   build (`tools/wasm`) runs in the page's Web Worker.

pub mod app;
pub mod boardview;
#[cfg(feature = "server")]
pub mod controller;
#[cfg(feature = "server")]
pub mod driver;
pub mod files;
pub mod history;
#[cfg(feature = "server")]
pub mod http;
pub mod local;
pub mod playtree;
pub mod review;
pub mod session;
pub mod site;
pub mod slots;
pub mod stakes;
pub mod view;
pub mod web;
