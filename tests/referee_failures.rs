//! No silent failures (issue 40): an engine that cannot start or finish its
//! handshake stops the referee before the first game with the reason; an
//! export with nothing to export is an error; SIGINT keeps what is
//! finished and exits 130, resumable; a closed stdout ends the referee
//! quietly; the progress line has an ETA; `--log` records every line.

mod referee_support;

use referee_support::*;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A match of a good engine against `bad` (an `--engine` list), to `file`.
fn match_against(bad: &[&str], file: &std::path::Path) -> Vec<String> {
    let mut a = args(&[
        "--engine",
        &engine_cmd("random", ""),
        "name=good",
        "--engine",
    ]);
    a.extend(args(bad));
    a.extend(args(&[
        "--games",
        "4",
        "--handshake-timeout",
        "500",
        "--out",
        &file.display().to_string(),
    ]));
    a
}

/// The referee failed before the first game: a non-zero exit, `what` in its
/// error, no report, no forfeits and no match file.
fn failed_before_the_first_game(out: &std::process::Output, file: &std::path::Path, what: &[&str]) {
    let err = stderr_of(out);
    assert!(!out.status.success(), "exit 0: {err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    for w in what {
        assert!(err.contains(w), "'{w}' not in: {err}");
    }
    assert!(out.stdout.is_empty(), "a report was printed");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!file.exists(), "a match file was written");
}

/// A match against `bad` (an `--engine` list) fails before the first
/// game, with every one of `what` in its error.
fn stops_before_the_first_game(test: &str, bad: &[&str], what: &[&str]) {
    let dir = temp_dir(test);
    let file = dir.join("m.txt");
    let out = referee_output(&match_against(bad, &file));
    failed_before_the_first_game(&out, &file, what);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    stops_before_the_first_game(
        "nostart",
        &["cmd=nonexistent-engine-xyz", "name=ghost"],
        &[
            "engine 'ghost': cannot start 'nonexistent-engine-xyz': No such file or directory (os error 2)",
        ],
    );
}

#[test]
fn an_engine_that_never_finishes_the_handshake_stops_the_match() {
    stops_before_the_first_game(
        "nohandshake",
        &[&engine_cmd("nohandshake", ""), "name=mute"],
        &["engine 'mute'", "handshake failed", "no 'ncbpok' in time"],
    );
}

#[test]
fn an_engine_that_exits_in_the_handshake_stops_the_match() {
    // An unknown mode: the test engine exits with status 2 at once.
    stops_before_the_first_game(
        "exits",
        &[&engine_cmd("no-such-mode", ""), "name=quitter"],
        &[
            "engine 'quitter'",
            "handshake failed",
            "the engine exited",
            "exit status: 2",
        ],
    );
}

/// An engine that refuses one of its settings (ncbg given a net file that
/// does not exist) stops the match with the refusal, rather than playing
/// with other settings than the ones asked for.
#[test]
fn a_refused_option_stops_the_match() {
    stops_before_the_first_game(
        "refused",
        &[
            &format!("cmd={}", env!("CARGO_BIN_EXE_ncbg")),
            "name=bad",
            "option.EvalFile=/nonexistent/no-such.ncnn",
            "depth=1",
        ],
        &[
            "engine 'bad'",
            "refused a setting: error bad-value EvalFile",
        ],
    );
}

#[test]
fn a_tournament_engine_that_cannot_start_stops_the_tournament() {
    let dir = temp_dir("tour-nostart");
    let file = dir.join("t.txt");
    let out = referee_output(&random_pair(
        "",
        &[
            "--engine",
            "cmd=/nonexistent/engine",
            "name=ghost",
            "--random-openings",
            "2",
            "--out",
            &file.display().to_string(),
        ],
    ));
    failed_before_the_first_game(
        &out,
        &file,
        &["engine 'ghost': cannot start '/nonexistent/engine': No such file or directory"],
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Resuming a finished match starts no engine (the log stays empty) and
/// reports as before.
#[test]
fn resuming_a_finished_match_starts_no_engine() {
    let dir = temp_dir("resume-done");
    let file = dir.join("m.txt");
    let log = dir.join("e.log");
    let a = random_pair(
        "",
        &[
            "--games",
            "2",
            "--quiet",
            "--out",
            &file.display().to_string(),
        ],
    );
    let first = run_referee(&a);
    let before = std::fs::read_to_string(&file).unwrap();
    let mut again = a.clone();
    again.extend(args(&["--resume", "--log", &log.display().to_string()]));
    let out = run_referee(&again);
    assert_eq!(out.stdout, first.stdout);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "",
        "an engine was started"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn export_mat_with_nothing_to_export_fails_and_writes_nothing() {
    let dir = temp_dir("mat-nothing");
    let file = dir.join("m.txt");
    run_referee(&random_pair(
        "",
        &[
            "--random-openings",
            "1",
            "--quiet",
            "--out",
            &file.display().to_string(),
        ],
    ));
    let mat = dir.join("m.mat");
    let out = referee_output(&args(&[
        "export-mat",
        &file.display().to_string(),
        &mat.display().to_string(),
    ]));
    let err = stderr_of(&out);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("nothing to export for a vs b"), "{err}");
    assert!(
        err.contains("2 games: starts from a full-state ID"),
        "{err}"
    );
    assert!(err.contains("--random-openings"), "{err}");
    assert!(!err.contains("wrote 0 games"), "{err}");
    assert!(!mat.exists(), "an empty .mat was written");
    let _ = std::fs::remove_dir_all(dir);
}

/// SIGINT in the middle of a match: the referee keeps every finished game
/// in the match file, prints the report so far, exits with 130, and the
/// match resumes to its end.
#[test]
fn sigint_keeps_finished_games_and_the_match_resumes() {
    let dir = temp_dir("sigint");
    let file = dir.join("m.txt");
    let games = 12;
    let a = random_pair(
        "--think-ms 5",
        &[
            "--games",
            &games.to_string(),
            "--concurrency",
            "2",
            "--format",
            "json",
            "--out",
            &file.display().to_string(),
        ],
    );
    let mut child = referee_after_games(&a, &file, 2);
    assert!(child.try_wait().unwrap().is_none(), "finished too soon");
    send_signal(&child, libc::SIGINT);
    let signalled = Instant::now();
    let mut stdout = String::new();
    let mut stderr = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(
        signalled.elapsed() < Duration::from_secs(10),
        "slow to stop"
    );
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted after"), "{stderr}");
    assert!(stderr.contains("--resume"), "{stderr}");
    let kept = game_lines(&file);
    assert!(
        kept.len() >= 2 && kept.len() < games,
        "{} games",
        kept.len()
    );
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("json report");
    assert_eq!(
        report["games"],
        kept.len() as u64,
        "the report covers the kept games"
    );
    assert!(std::fs::read_to_string(&file).unwrap().ends_with('\n'));
    let mut resume = a.clone();
    resume.push("--resume".into());
    let out = run_referee(&resume);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], games as u64);
    let after = game_lines(&file);
    assert_eq!(&after[..kept.len()], &kept[..]);
    let indices = sorted_indices(&after);
    assert_eq!(indices, (0..games as u64).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(dir);
}

/// `ncbg-referee ... | head -1`: a closed stdout is no panic and no error.
#[test]
fn a_closed_stdout_ends_quietly() {
    let mut child = Command::new(referee())
        .args(random_pair("", &["--games", "2", "--quiet"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before the report
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(status.success(), "{status:?}: {stderr}");
}

/// The progress line ends with an ETA while games are left; `--log` has
/// every line both ways, stamped and named.
#[test]
fn progress_has_an_eta_and_the_log_has_every_line() {
    let dir = temp_dir("eta-log");
    let log = dir.join("engines.log");
    let out = run_referee(&args(&[
        "--engine",
        &engine_cmd("random", ""),
        "name=alpha",
        "--engine",
        &engine_cmd("random", ""),
        "name=beta",
        "--each",
        "depth=1",
        "--games",
        "4",
        "--log",
        &log.display().to_string(),
    ]));
    let err = stderr_of(&out);
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("games ")).collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(lines[..3].iter().all(|l| l.contains("  ETA ")), "{err}");
    assert!(!lines[3].contains("ETA"), "no ETA once done: {err}");
    let text = std::fs::read_to_string(&log).unwrap();
    for name in ["alpha", "beta"] {
        for (dir, word) in [
            (">", "ncbp"),
            ("<", "ncbpok"),
            (">", "go depth 1"),
            ("<", "bestmove"),
        ] {
            let wanted = format!(") {dir} {word}");
            assert!(
                text.lines()
                    .any(|l| l.contains(&format!(" {name}(")) && l.contains(&wanted)),
                "{name} {dir} {word} missing:\n{text}"
            );
        }
    }
    let first = text.lines().next().unwrap();
    // 2026-11-26T14:02:31.417Z name(pid) ...
    assert_eq!(first.find('T'), Some(10), "{first}");
    assert_eq!(first.find("Z "), Some(23), "{first}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A match file that exists without `--resume` is refused before any engine
/// starts (here one that could not: the refusal is about the file).
#[test]
fn an_existing_file_is_refused_before_the_engines_start() {
    let dir = temp_dir("exists");
    let file = dir.join("m.txt");
    std::fs::write(&file, "meta\tversion=1\n").unwrap();
    let out = referee_output(&match_against(
        &["cmd=nonexistent-engine-xyz", "name=ghost"],
        &file,
    ));
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("exists: use --resume"), "{err}");
    assert!(!err.contains("ghost"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "meta\tversion=1\n");
    let _ = std::fs::remove_dir_all(dir);
}
