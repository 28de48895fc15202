//! What `ncbg-referee` refuses and where it stops, through the binary:
//! openings of other rules than the match's are refused before any game, an SPRT's
//! decision starts no further game, a restart that fails in the handshake
//! forfeits with reason `handshake`, a match file that cannot be written
//! stops the match (and `--resume` finishes it), one whose header cannot
//! be written is not left behind, and bad arguments are clear errors.

mod referee_support;

use ncbg::matchfile::MatchFile;
use ncbg::referee::report::Report;
use ncbg::referee::sprt::{Sprt, SprtDecision};
use referee_support::*;
use std::process::Output;

/// The referee failed before anything was played: exit 1, every one of
/// `what` in its error, no report, no panic.
fn refused(out: &Output, what: &[&str]) {
    let err = stderr_of(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    for w in what {
        assert!(err.contains(w), "'{w}' not in: {err}");
    }
    assert!(out.stdout.is_empty(), "a report was printed");
    assert!(!err.contains("panicked"), "{err}");
}

/// Two random test engines, then `extra`.
fn two_engines(extra: &[&str]) -> Vec<String> {
    let mut a = random_pair("", &["--each", "depth=1"]);
    a.extend(args(extra));
    a
}

/// An opening whose state was made under other rules (k, credits,
/// variant) than the match's is refused before any engine starts, naming
/// the file, the line and what disagrees.
#[test]
fn openings_of_other_rules_are_refused_before_any_game() {
    let dir = temp_dir("openings-rules");
    let openings = dir.join("openings.txt");
    let file = dir.join("m.txt");
    let o = openings.display().to_string();
    let out_file = file.display().to_string();
    let standard = "4HPwATDgc/ABMA:Xpick:x1y2:d22:k6";
    let cases: [(&str, &str, &[&str], &str); 3] = [
        (
            standard,
            "4HPwATDgc/ABMA:Xpick:x1y2:d22:k8",
            &[],
            "its k is 8, the match's is 6 (--k)",
        ),
        (
            "4HPwATDgc/ABMA:Xpick:x1y2:d00:k6",
            "4HPwATDgc/ABMA:Xpick:x1y2:d99:k6",
            &["--credits", "0"],
            "its doublet credits are 99, more than the match's 0",
        ),
        (
            standard,
            "AACgAgAAKgAAAA:Xpick:x1y2:d22:k6:n3",
            &[],
            "3 checkers a side, the match's variant standard has 15",
        ),
    ];
    for (good, id, extra, why) in cases {
        std::fs::write(&openings, format!("# good, then bad\n{good}\n{id}\n")).unwrap();
        // The engine cannot start: the refusal comes first.
        let mut a = args(&[
            "--engine",
            "cmd=nonexistent-engine-xyz",
            "--engine",
            &engine_cmd("random", ""),
            "--openings",
            &o,
            "--out",
            &out_file,
        ]);
        a.extend(args(extra));
        let out = referee_output(&a);
        refused(&out, &[&format!("openings file {o}: line 3: {id}: "), why]);
        assert!(
            !stderr_of(&out).contains("nonexistent"),
            "{}",
            stderr_of(&out)
        );
        assert!(!file.exists());
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// At `--concurrency 1` the match stops at the game that decided the SPRT:
/// the games recorded decide it, the same games but the last do not.
#[test]
fn an_sprt_decision_starts_no_further_game() {
    let dir = temp_dir("sprt-stop");
    let file = dir.join("m.txt");
    let sprt = ["elo0=0", "elo1=50", "alpha=0.2", "beta=0.2"];
    let mut a = args(&[
        "--engine",
        &engine_cmd("random", ""),
        "name=good",
        "--engine",
        &engine_cmd("illegal", "--after 0"),
        "name=bad",
        "--each",
        "depth=1",
        "--games",
        "60",
        "--concurrency",
        "1",
        "--quiet",
        "--out",
        &file.display().to_string(),
        "--sprt",
    ]);
    a.extend(args(&sprt));
    let out = run_referee(&a);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("H1 accepted"), "{text}");
    assert!(!text.contains("The match stopped"), "{text}");
    let mut games = MatchFile::parse(&std::fs::read_to_string(&file).unwrap()).games;
    assert!(games.len() < 60, "{} games", games.len());
    games.sort_by_key(|g| g.index);
    let params = Sprt::parse(&args(&sprt)).unwrap();
    let decision = |g: &[_]| {
        Report::new(g, ["good", "bad"], Some(params))
            .sprt
            .unwrap()
            .decision
    };
    assert_eq!(decision(&games), SprtDecision::AcceptH1);
    assert_eq!(
        decision(&games[..games.len() - 1]),
        SprtDecision::Continue,
        "a game was played after the decision"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// An engine that crashes in a game and then exits during the handshake of
/// its restart: the first game is a `crash`, the next a `handshake`
/// forfeit (what the match file's format promises for a failed restart),
/// its detail saying how the process ended.
#[cfg(unix)]
#[test]
fn a_restart_that_exits_in_the_handshake_is_a_handshake_forfeit() {
    let dir = temp_dir("restart-handshake");
    let file = dir.join("m.txt");
    let marker = dir.join("started-once");
    let script = script(
        &dir,
        "engine.sh",
        &format!(
            "#!/bin/sh\nif [ -e '{m}' ]; then exit 2; fi\ntouch '{m}'\nexec '{e}' --mode crash --after 1\n",
            m = marker.display(),
            e = test_engine().display()
        ),
    );
    let a = args(&[
        "--engine",
        &engine_cmd("random", ""),
        "name=good",
        "--engine",
        &format!("cmd={}", script.display()),
        "name=flaky",
        "--each",
        "depth=1",
        "--games",
        "2",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]);
    run_referee(&a);
    let lines = game_lines(&file);
    let reason = |i: &str| {
        let l = lines.iter().find(|l| field(l, "index") == i).unwrap();
        (
            field(l, "reason").to_string(),
            field(l, "detail").to_string(),
        )
    };
    assert_eq!(reason("0").0, "crash");
    let (why, detail) = reason("1");
    assert_eq!(why, "handshake", "{detail}");
    // How the restarted process ended.
    assert!(detail.contains("exited"), "{detail}");
    assert!(detail.ends_with(" (exit status: 2)"), "{detail}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `--resume` knows an openings file by its contents: an edited file is
/// refused, the same file under another spelling of its path is not.
#[test]
fn a_resume_checks_the_openings_file_by_its_contents() {
    let dir = temp_dir("openings-hash");
    let openings = dir.join("o.txt");
    let file = dir.join("m.txt");
    std::fs::write(
        &openings,
        "4HPwATDgc/ABMA:Xpick:x1y2:d22:k6\n4HPwATDgc/ABMA:Xpick:x3y5:d22:k6\n",
    )
    .unwrap();
    let with = |path: &str, games: &str| {
        two_engines(&[
            "--openings",
            path,
            "--games",
            games,
            "--quiet",
            "--resume",
            "--out",
            &file.display().to_string(),
        ])
    };
    let plain = openings.display().to_string();
    run_referee(&with(&plain, "2"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("meta\topenings-hash=fnv1a64:"), "{text}");
    // The same file spelled otherwise: resumed (nothing left to play).
    let other = dir.join(".").join("o.txt").display().to_string();
    assert_ne!(other, plain);
    run_referee(&with(&other, "2"));
    assert_eq!(game_lines(&file).len(), 2);
    // An edited file (one opening changed) is refused, the file untouched.
    std::fs::write(
        &openings,
        "4HPwATDgc/ABMA:Xpick:x1y2:d22:k6\n4HPwATDgc/ABMA:Xpick:x3y4:d22:k6\n",
    )
    .unwrap();
    let before = std::fs::read_to_string(&file).unwrap();
    let out = referee_output(&with(&plain, "2"));
    refused(&out, &["cannot resume", "openings file's contents"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let _ = std::fs::remove_dir_all(dir);
}

/// `cmd=` is split with shell-like quoting: a program whose path has a
/// space, and `sh -c '...'`, both play.
#[cfg(unix)]
#[test]
fn a_quoted_command_plays() {
    let dir = temp_dir("quoted cmd");
    let spaced = dir.join("my engines");
    std::fs::create_dir_all(&spaced).unwrap();
    let engine = spaced.join("test engine");
    std::fs::copy(test_engine(), &engine).unwrap();
    let file = dir.join("m.txt");
    let a = args(&[
        "--engine",
        &format!("cmd='{}' --mode random", engine.display()),
        "name=spaced",
        "--engine",
        &format!(
            "cmd=sh -c 'exec \"$0\" --mode \"$1\"' \"{}\" random",
            test_engine().display()
        ),
        "name=shell",
        "--each",
        "depth=1",
        "--games",
        "2",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]);
    run_referee(&a);
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 2);
    assert!(
        lines.iter().all(|l| field(l, "reason") == "bore-off"),
        "{lines:?}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(&format!(
            "meta\tcmd0='{}' --mode random\n",
            engine.display()
        )),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A match file that cannot be written (here: past a file size limit, as a
/// full disk) stops the match at the first failed write: no new game
/// starts, the referee fails naming the games lost, and `--resume` (once
/// the file can be written) finishes the match.
#[cfg(unix)]
#[test]
fn a_failed_write_stops_the_match_and_resume_finishes_it() {
    let dir = temp_dir("write-fails");
    let file = dir.join("m.txt");
    let mut a = two_engines(&[
        "--games",
        "12",
        "--concurrency",
        "1",
        "--quiet",
        "--format",
        "json",
        "--out",
        &file.display().to_string(),
    ]);
    // 4 blocks of 512 bytes: the header and a game or so.
    let out = referee_output_file_limited(&a, 4);
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write the match file"), "{err}");
    assert!(err.contains("not recorded"), "{err}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    let played = report["games"].as_u64().unwrap();
    let kept = complete_game_lines(&file).len() as u64;
    // One game not written, then none started.
    assert_eq!(played, kept + 1, "{err}");
    assert!(played < 12, "{played} games played after a failed write");
    a.push("--resume".into());
    run_referee(&a);
    let lines = game_lines(&file);
    let indices = sorted_indices(&lines);
    assert_eq!(indices, (0..12).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(dir);
}

/// A match file whose header cannot be written (a full disk at the start)
/// is removed, not left cut short: neither a new run nor `--resume` would
/// take it. The same command then plays the match.
#[cfg(unix)]
#[test]
fn a_header_that_cannot_be_written_leaves_no_file() {
    let dir = temp_dir("header-fails");
    let file = dir.join("m.txt");
    // A name of 600 characters: a header longer than one block of 512 bytes.
    let long = format!("name={}", "n".repeat(600));
    let mut a = two_engines(&[
        "--games",
        "2",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]);
    a[2] = long;
    let out = referee_output_file_limited(&a, 1);
    refused(
        &out,
        &["m.txt: cannot write the match file (", "nothing written"],
    );
    assert!(!file.exists(), "a header cut short was left");
    run_referee(&a);
    assert_eq!(game_lines(&file).len(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

/// Bad arguments are clear errors before any game: a bad setting names its
/// engine; no openings or no game at once; an anchor for a match of two
/// engines; `--games` with `--rounds` (clap's error, status 2).
#[test]
fn bad_arguments_are_clear_errors() {
    let out = referee_output(&two_engines(&["--each", "tc=abc"]));
    refused(
        &out,
        &["engine 'a': tc=abc: 'abc' is not a number of seconds"],
    );
    let out = referee_output(&two_engines(&["--random-openings", "0"]));
    refused(&out, &["--random-openings 0"]);
    let out = referee_output(&two_engines(&["--concurrency", "0"]));
    refused(&out, &["--concurrency 0"]);
    let out = referee_output(&two_engines(&["--anchor", "a=0"]));
    refused(&out, &["--anchor is for a tournament"]);
    let out = referee_output(&two_engines(&["--games", "4", "--rounds", "1"]));
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--games") && err.contains("--rounds"), "{err}");
}

/// `export-mat` of a match with other numbers than k = 6 and 2 credits
/// writes its file with a warning that a reader takes the standard rules.
#[test]
fn export_mat_warns_about_other_numbers() {
    let dir = temp_dir("export-k5");
    let file = dir.join("m.txt");
    let mat = dir.join("m.mat");
    run_referee(&two_engines(&[
        "--k",
        "5",
        "--games",
        "2",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]));
    let out = run_referee(&args(&[
        "export-mat",
        &file.display().to_string(),
        &mat.display().to_string(),
    ]));
    let err = stderr_of(&out);
    assert!(
        err.contains("warning") && err.contains("k = 5 and 2 doublet credits"),
        "{err}"
    );
    assert!(mat.exists());
    let _ = std::fs::remove_dir_all(dir);
}
