//! Hostile engines: an engine that dies by a signal, closes its output
//! and runs on, answers `go` with an `error` line, writes lines of 60,000
//! characters, CRLF line ends and extra spaces, or floods its standard
//! error, and a referee interrupted while its engines start. Each ends as
//! docs/referee.md says: a forfeit with its reason and a detail that tells
//! what happened, a normal game, or a prompt exit.

#![cfg(unix)]

mod referee_support;

use referee_support::*;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// `games` games of the conformant engine `good` against `bad` (a command
/// line), to `file`; the referee's output.
fn against(bad: &str, games: u32, file: &std::path::Path, extra: &[&str]) -> Output {
    let mut a = args(&[
        "--engine",
        &engine_cmd("random", ""),
        "name=good",
        "--engine",
        &format!("cmd={bad}"),
        "name=bad",
        "--games",
        &games.to_string(),
        "--quiet",
        "--format",
        "json",
        "--out",
        &file.display().to_string(),
    ]);
    a.extend(args(extra));
    run_referee(&a)
}

/// The details of the `games` games in `file`, every one lost by `bad` by
/// forfeit for `reason`.
fn forfeits_of_bad(file: &std::path::Path, games: usize, reason: &str) -> Vec<String> {
    let lines = game_lines(file);
    assert_eq!(lines.len(), games, "every game recorded");
    lines
        .iter()
        .map(|l| {
            assert_eq!(field(l, "kind"), "forfeit", "{l}");
            assert_eq!(loser(l), "bad", "{l}");
            assert_eq!(field(l, "reason"), reason, "{l}");
            field(l, "detail").to_string()
        })
        .collect()
}

/// Two games against the `sh` engine that runs `on_go` on every `go`
/// (the referee given `extra` too): both are forfeits by it for `reason`
/// with `detail`.
fn both_games_forfeited(test: &str, on_go: &str, extra: &[&str], reason: &str, detail: &str) {
    let dir = temp_dir(test);
    let file = dir.join("m.txt");
    let bad = script(&dir, "engine.sh", &sh_engine(on_go));
    against(&bad.display().to_string(), 2, &file, extra);
    for d in forfeits_of_bad(&file, 2, reason) {
        assert_eq!(d, detail);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// An engine killed by a signal in a game is a `crash`, and the detail
/// names the signal (as the engine check's error does for the handshake).
#[test]
fn a_crash_names_the_signal_that_ended_the_engine() {
    both_games_forfeited(
        "segv",
        "kill -SEGV $$",
        &[],
        "crash",
        "the engine exited while the referee waited for 'bestmove' (signal: 11 (SIGSEGV))",
    );
}

/// An engine that closes its output in a game but runs on is a `crash`
/// too, and the detail says so rather than that it exited.
#[test]
fn an_engine_that_closes_its_output_is_a_crash_that_says_so() {
    both_games_forfeited(
        "closed-output",
        "exec >&-; sleep 1000",
        &[],
        "crash",
        "the engine closed its output while the referee waited for 'bestmove'; its process ran on",
    );
}

/// An engine that answers `go` with an `error` line will not answer it
/// (NCBP): a `malformed` forfeit at once, with the line, not after the
/// answer timeout (300 s at a depth limit by default; 30 s here).
#[test]
fn an_error_line_instead_of_a_bestmove_forfeits_at_once() {
    let began = Instant::now();
    both_games_forfeited(
        "error-go",
        "echo 'error game-over the game is finished'",
        &["--each", "depth=1", "--answer-timeout", "30000"],
        "malformed",
        "'error game-over the game is finished' instead of a bestmove",
    );
    assert!(
        began.elapsed() < Duration::from_secs(30),
        "waited for a timeout"
    );
}

/// 60,000 characters of `Q`, then a newline (shell commands).
const LONG: &str = "head -c 60000 /dev/zero | tr '\\0' Q; echo";

/// An answer of 60,000 characters is quoted cut short in the forfeit's
/// detail, and so is a refused setting's error line in the engine check's
/// error: an engine's megabytes never reach the match file or the terminal.
#[test]
fn long_engine_lines_are_cut_short_in_details() {
    let dir = temp_dir("long");
    let file = dir.join("m.txt");
    let bad = script(
        &dir,
        "long.sh",
        &sh_engine(&format!("printf 'bestmove '; {LONG}")),
    );
    against(&bad.display().to_string(), 2, &file, &[]);
    let quote = format!("'{}...'", "Q".repeat(40));
    for detail in forfeits_of_bad(&file, 2, "malformed") {
        assert!(detail.starts_with(&quote), "{detail}");
        assert!(detail.len() < 200, "{detail}");
    }
    assert!(std::fs::metadata(&file).unwrap().len() < 4000);
    let refusing = script(
        &dir,
        "refusing.sh",
        &sh_engine("true").replace(
            "    go*)",
            &format!("    setoption*) printf 'error bad-value '; {LONG} ;;\n    go*)"),
        ),
    );
    let out = referee_output(&args(&[
        "--engine",
        &engine_cmd("random", ""),
        "--engine",
        &format!("cmd={}", refusing.display()),
    ]));
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("refused a setting: error bad-value QQQ"),
        "{err}"
    );
    assert!(err.len() < 600, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// CRLF line ends, spaces and tabs around the words, and megabytes on
/// standard error (which the referee never reads, so it cannot block):
/// the games are played as with a plain engine, without a forfeit.
#[test]
fn crlf_extra_spaces_and_a_stderr_flood_play_normally() {
    let dir = temp_dir("crlf");
    let file = dir.join("m.txt");
    let bad = script(
        &dir,
        "crlf.sh",
        &format!(
            "#!/bin/sh\nhead -c 20000000 /dev/zero >&2\n\
             '{}' --mode random | sed -u 's/^/ \\t /; s/ /  /g; s/$/ \\t\\r/'\n",
            test_engine().display()
        ),
    );
    let out = against(&bad.display().to_string(), 4, &file, &[]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    assert_eq!(report["games"], 4);
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 4);
    for l in lines {
        assert_eq!(field(&l, "reason"), "bore-off", "{l}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// SIGINT while an engine is slow to finish its handshake: the referee
/// stops waiting at once and exits with 130 as an interrupt, not after the
/// handshake timeout as if the engine had failed; no match file is written.
#[test]
fn sigint_while_the_engines_start_ends_at_once() {
    let dir = temp_dir("sigint-check");
    let file = dir.join("m.txt");
    let silent = script(&dir, "silent.sh", "#!/bin/sh\nexec sleep 1000\n");
    let mut child = Command::new(referee())
        .args(args(&[
            "--engine",
            &engine_cmd("random", ""),
            "name=good",
            "--engine",
            &format!("cmd={}", silent.display()),
            "name=slow",
            "--handshake-timeout",
            "120000",
            "--out",
            &file.display().to_string(),
        ]))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start referee");
    std::thread::sleep(Duration::from_millis(500));
    send_signal(&child, libc::SIGINT);
    let signalled = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if signalled.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the referee did not stop within 30 s of SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted while the engines started"),
        "{err}"
    );
    assert!(!err.contains("handshake failed"), "{err}");
    assert!(out.stdout.is_empty());
    assert!(!file.exists());
    let _ = std::fs::remove_dir_all(dir);
}
