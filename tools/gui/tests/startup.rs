//! `ncbg-gui` at start: an engine that cannot start ends it with status 1
//! and a message naming the engine (it kept serving a board whose engine
//! only logged an error), as `ncbg-referee` does.

mod common;

use common::engines;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn an_engine_that_does_not_exist_ends_the_gui_with_an_error() {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_ncbg-gui"))
        .args(["--port", "0", "--dir"])
        .arg(std::env::temp_dir())
        .args(["--engine", "cmd=/nonexistent/engine", "name=ghost"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("'ghost'") && err.contains("/nonexistent/engine"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no board was opened");
    assert!(t.elapsed() < Duration::from_secs(30));
    // A second engine that exits before its handshake: the same.
    let te = &engines().1;
    let out = Command::new(env!("CARGO_BIN_EXE_ncbg-gui"))
        .args(["--port", "0", "--dir"])
        .arg(std::env::temp_dir())
        .args([
            "--engine",
            &format!("cmd={} --mode random", te.display()),
            "name=ok",
        ])
        .args(["--engine", "cmd=/bin/false", "name=mute"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("'mute'"), "{err}");
}
