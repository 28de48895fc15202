//! A referee killed with SIGKILL in the middle of a match resumes from its
//! match file: finished games are kept as they are and not replayed, a cut
//! last line is dropped, and the match ends with every scheduled game
//! recorded exactly once.

mod referee_support;

use referee_support::*;
use std::process::Command;

#[test]
fn killed_referee_resumes_without_replaying() {
    let dir = temp_dir("resume");
    let file = dir.join("match.txt");
    let games = 16;
    let match_args = vec![
        "--engine".to_string(),
        engine_cmd("random", "--think-ms 2"),
        "name=a".into(),
        "option.Seed=5".into(),
        "--engine".into(),
        engine_cmd("random", "--think-ms 2"),
        "name=b".into(),
        "option.Seed=6".into(),
        "--games".into(),
        games.to_string(),
        "--quiet".into(),
        "--format".into(),
        "json".into(),
        "--out".into(),
        file.display().to_string(),
    ];
    let mut child = referee_after_games(&match_args, &file, 3);
    child.kill().expect("kill -9"); // SIGKILL on Unix
    let _ = child.wait();
    // A kill -9 may cut the last line short: a resume removes it and
    // plays that game again, so only complete lines must stay as they were.
    let before = complete_game_lines(&file);
    assert!(
        before.len() >= 3 && before.len() < games,
        "killed after {} games: make the engines slower",
        before.len()
    );
    // A record cut short by the kill: no newline at its end.
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("game\tindex=15\tpair=7\tround=0\topening=pair:");
    std::fs::write(&file, &text).unwrap();

    // Without --resume the referee refuses to overwrite the file.
    let refused = Command::new(referee()).args(&match_args).output().unwrap();
    assert!(!refused.status.success());

    let mut resume_args = match_args.clone();
    resume_args.push("--resume".into());
    let out = run_referee(&resume_args);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], games as u64);

    let after = game_lines(&file);
    assert_eq!(after.len(), games, "every game recorded once");
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "finished games kept as they were"
    );
    let indices = sorted_indices(&after);
    assert_eq!(
        indices,
        (0..games as u64).collect::<Vec<_>>(),
        "no game replayed"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.ends_with('\n'));
    assert!(
        !text.contains("opening=pair:game"),
        "the cut line was dropped"
    );

    // Resuming a finished match plays nothing and reports the same.
    let again = run_referee(&resume_args);
    assert_eq!(again.stdout, out.stdout);
    assert_eq!(game_lines(&file), after);
    let _ = std::fs::remove_dir_all(dir);
}

/// `--resume` with settings other than the file's (rules, options, limits,
/// shard, schedule) is refused, naming the field, and the file is left as
/// it was.
#[test]
fn resume_with_other_settings_is_refused() {
    let dir = temp_dir("resume-mismatch");
    let file = dir.join("match.txt");
    let base = |extra: &[&str]| {
        let mut a = random_pair(
            "",
            &[
                "--games",
                "4",
                "--quiet",
                "--out",
                &file.display().to_string(),
            ],
        );
        a.extend(args(extra));
        a
    };
    // A file holding shard 0/2 of the match.
    run_referee(&base(&["--shard", "0/2"]));
    let before = std::fs::read(&file).unwrap();
    for (extra, field) in [
        (vec!["--shard", "1/2", "--resume"], "shard"),
        (vec!["--shard", "0/2", "--k", "5", "--resume"], "k"),
        (
            vec!["--shard", "0/2", "--variant", "hypergammon", "--resume"],
            "variant",
        ),
        (
            vec!["--shard", "0/2", "--each", "depth=2", "--resume"],
            "limits0",
        ),
        (
            vec!["--shard", "0/2", "--max-turns", "50", "--resume"],
            "max-turns",
        ),
        (
            vec!["--shard", "0/2", "--no-repetition", "--resume"],
            "repetition",
        ),
    ] {
        let out = Command::new(referee()).args(base(&extra)).output().unwrap();
        assert!(!out.status.success(), "{extra:?} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("cannot resume") && err.contains(&format!("its {field} ")),
            "{extra:?}: {err}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), before, "{extra:?} wrote");
    }
    // The same settings resume.
    run_referee(&base(&["--shard", "0/2", "--resume"]));
    let _ = std::fs::remove_dir_all(dir);
}

/// A `game` line without its `end` in the middle of a file (a broken write
/// followed by later games) is dropped by `--resume`, which rewrites the
/// file, so readers and the resumed match never see it.
#[test]
fn resume_removes_a_broken_game_line() {
    let dir = temp_dir("resume-broken");
    let file = dir.join("match.txt");
    let run = |resume: bool| {
        let mut a = random_pair(
            "",
            &[
                "--games",
                "6",
                "--quiet",
                "--out",
                &file.display().to_string(),
            ],
        );
        if resume {
            a.push("--resume".into());
        }
        run_referee(&a)
    };
    run(false);
    let whole = std::fs::read_to_string(&file).unwrap();
    let games = game_lines(&file);
    assert_eq!(games.len(), 6);
    // Game 2 loses its `end` (and its moves), and game 4 is gone.
    let broken = whole
        .replace(&games[4], "")
        .replace("\n\n", "\n")
        .replace(&games[2], &games[2][..games[2].len() - 20]);
    std::fs::write(&file, &broken).unwrap();
    run(true);
    let after = std::fs::read_to_string(&file).unwrap();
    assert!(
        after
            .lines()
            .filter(|l| l.starts_with("game\t"))
            .all(|l| l.ends_with("\tend")),
        "{after}"
    );
    let indices = sorted_indices(&game_lines(&file));
    assert_eq!(indices, [0, 1, 2, 3, 4, 5]);
    let _ = std::fs::remove_dir_all(dir);
}
