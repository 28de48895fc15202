//! `ncbg-train` in a shell pipeline: a closed stdout (`ncbg-train ... |
//! head -1`) ends it quietly, without a panic; `backgames` writes an
//! openings file.

use std::io::Read;
use std::process::{Command, Stdio};

/// Runs `ncbg-train ARGS` with nobody reading its stdout (the first line
/// written meets a broken pipe): it must end with success and no panic.
/// Gives its stderr.
fn assert_quiet_on_a_closed_stdout(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg-train"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?} {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn a_closed_stdout_ends_it_quietly() {
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/gen0.ncnn");
    assert_quiet_on_a_closed_stdout(&["consistency", net, "--games", "1"]);
}

#[test]
fn backgames_writes_back_game_starts_one_id_a_line_by_its_seed() {
    let run = |seed: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_ncbg-train"))
            .args(["backgames", "--count", "5", "--seed", seed])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let a = run("3");
    assert_eq!(a, run("3"), "the same seed, the same starts");
    assert_ne!(a, run("4"));
    assert_eq!(a.lines().count(), 5);
    for id in a.lines() {
        let state = ncbg::ids::state_id::decode(id).unwrap();
        let (x, y) = state.position().pips();
        assert!(x.abs_diff(y) >= 60, "{id}");
    }
    // A closed stdout ends it quietly.
    let err = assert_quiet_on_a_closed_stdout(&["backgames", "--count", "100000"]);
    assert!(err.is_empty(), "{err}");
}
