//! Tournaments of more than two engines (`--engine` repeated,
//! `--tournament round-robin|gauntlet`): the schedule played and recorded
//! with both engines' names, an engine that crashes losing its games while
//! the others play on, a resume after `kill -9`, and shards merged into the
//! single run's games and report. The test engines answer as a function of
//! their seed and the position, so every game is reproducible.

mod referee_support;

use referee_support::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// `--engine` groups for random test engines named `names` (seeded 1, 2, ...).
fn engines(names: &[&str], extra: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, name) in names.iter().enumerate() {
        out.push("--engine".into());
        out.push(engine_cmd("random", extra));
        out.push(format!("name={name}"));
        out.push(format!("option.Seed={}", i + 1));
    }
    out
}

fn tournament(names: &[&str], file: &Path, extra: &[&str]) -> Vec<String> {
    let mut a = engines(names, "");
    a.extend(args(&[
        "--random-openings",
        "2",
        "--seed",
        "4",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]));
    a.extend(args(extra));
    a
}

/// The (X, Y) names of every game line.
fn meetings(lines: &[String]) -> BTreeSet<(String, String)> {
    lines
        .iter()
        .map(|l| (field(l, "x").to_string(), field(l, "y").to_string()))
        .collect()
}

fn pairs_of(list: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    list.iter()
        .flat_map(|(a, b)| {
            [
                (a.to_string(), b.to_string()),
                (b.to_string(), a.to_string()),
            ]
        })
        .collect()
}

#[test]
fn round_robin_and_gauntlet_of_four_engines() {
    let dir = temp_dir("tournament");
    let names = ["a", "b", "c", "d"];

    let rr = dir.join("rr.txt");
    let out = run_referee(&tournament(
        &names,
        &rr,
        &["--concurrency", "2", "--format", "json"],
    ));
    let text = std::fs::read_to_string(&rr).unwrap();
    for (i, n) in names.iter().enumerate() {
        assert!(text.contains(&format!("meta\tengine{i}={n}\n")), "{text}");
    }
    assert!(text.contains("meta\ttournament=round-robin\n"), "{text}");
    // 6 pairings, 2 openings, both colours.
    let games = sorted_games(game_lines(&rr));
    assert_eq!(games.len(), 24);
    let all = [
        ("a", "b"),
        ("a", "c"),
        ("a", "d"),
        ("b", "c"),
        ("b", "d"),
        ("c", "d"),
    ];
    assert_eq!(meetings(&games), pairs_of(&all));
    for (i, l) in games.iter().enumerate() {
        assert_eq!(field(l, "index"), i.to_string());
    }
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 24);
    let standings = report["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    for s in standings {
        assert_eq!(s["games"], 12, "{s}");
        assert!(s["elo"]["elo"].is_number(), "{s}");
    }
    assert_eq!(report["anchor"]["name"], "a");

    let gauntlet = dir.join("gauntlet.txt");
    let out = run_referee(&tournament(
        &names,
        &gauntlet,
        &[
            "--tournament",
            "gauntlet",
            "--anchor",
            "b=1500",
            "--format",
            "text",
        ],
    ));
    let games = game_lines(&gauntlet);
    assert_eq!(games.len(), 12);
    assert_eq!(
        meetings(&games),
        pairs_of(&[("a", "b"), ("a", "c"), ("a", "d")])
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Tournament of 4 engines: 12 games"), "{text}");
    assert!(text.contains("b fixed at +1500.0"), "{text}");
    assert!(text.contains("Crosstable"), "{text}");

    // A two-engine run still writes no tournament key and reports a match.
    let two = dir.join("two.txt");
    let out = run_referee(&tournament(
        &names[..2],
        &two,
        &["--tournament", "gauntlet", "--format", "json"],
    ));
    assert!(!std::fs::read_to_string(&two)
        .unwrap()
        .contains("tournament"));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(report["pentanomial"].is_array(), "{report}");
    // An SPRT needs two engines.
    let refused = Command::new(referee())
        .args(tournament(
            &names[..3],
            &dir.join("sprt.txt"),
            &["--sprt", "elo0=0", "elo1=5"],
        ))
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(!dir.join("sprt.txt").exists(), "refused before the file");
    let _ = std::fs::remove_dir_all(dir);
}

/// An engine that crashes mid-game loses every game it plays (restarted for
/// the next); the others play all of theirs. (An engine that cannot start
/// at all stops the tournament before its first game: `referee_failures.rs`.)
#[test]
fn crashing_engines_forfeit_and_the_tournament_goes_on() {
    let dir = temp_dir("tournament-crash");
    let file = dir.join("t.txt");
    let mut a = engines(&["a", "b"], "");
    a.extend(args(&[
        "--engine",
        &engine_cmd("crash", "--after 2"),
        "name=crashy",
    ]));
    a.extend(args(&[
        "--random-openings",
        "2",
        "--quiet",
        "--format",
        "json",
        "--out",
        &file.display().to_string(),
    ]));
    let out = run_referee(&a);
    let games = game_lines(&file);
    assert_eq!(games.len(), 12);
    for l in &games {
        let (x, y) = (field(l, "x"), field(l, "y"));
        let loser = match field(l, "winner") {
            "X" => y,
            "Y" => x,
            _ => continue,
        };
        if x == "crashy" || y == "crashy" {
            assert_eq!(loser, "crashy", "{l}");
            assert_eq!(field(l, "reason"), "crash", "{l}");
        } else {
            assert_eq!(field(l, "reason"), "bore-off", "{l}");
        }
    }
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let forfeits = |name: &str| {
        report["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap()["forfeits"]
            .as_u64()
            .unwrap()
    };
    // crashy plays 8 games and loses them all.
    assert_eq!(forfeits("crashy"), 8);
    assert_eq!(forfeits("a") + forfeits("b"), 0);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn killed_tournament_resumes_without_replaying() {
    let dir = temp_dir("tournament-resume");
    let file = dir.join("t.txt");
    let mut a = engines(&["a", "b", "c"], "--think-ms 2");
    a.extend(args(&[
        "--random-openings",
        "3",
        "--quiet",
        "--format",
        "json",
        "--out",
        &file.display().to_string(),
    ]));
    let total = 18; // 3 pairings, 3 openings, both colours
    let mut child = referee_after_games(&a, &file, 3);
    child.kill().expect("kill -9");
    let _ = child.wait();
    // A kill -9 may cut the last line short: a resume removes it and
    // plays that game again, so only complete lines must stay as they were.
    let before = complete_game_lines(&file);
    assert!(
        before.len() >= 3 && before.len() < total,
        "killed after {} games: make the engines slower",
        before.len()
    );
    let mut resume = a.clone();
    resume.push("--resume".into());
    let out = run_referee(&resume);
    let after = game_lines(&file);
    assert_eq!(after.len(), total);
    assert_eq!(&after[..before.len()], &before[..]);
    let indices: BTreeSet<u64> = after
        .iter()
        .map(|l| field(l, "index").parse().unwrap())
        .collect();
    assert_eq!(indices, (0..total as u64).collect());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], total as u64);
    // A resume with other engines is refused.
    let mut other = engines(&["a", "b", "z"], "--think-ms 2");
    other.extend(a[12..].iter().cloned());
    other.push("--resume".into());
    let refused = Command::new(referee()).args(&other).output().unwrap();
    assert!(!refused.status.success());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sharded_tournament_merged_equals_a_single_run() {
    let dir = temp_dir("tournament-shards");
    let names = ["a", "b", "c"];
    let extra = [
        "--rounds",
        "2",
        "--anchor",
        "c=100",
        "--bootstrap",
        "200",
        "--format",
        "json",
    ];
    let single = dir.join("single.txt");
    let mut s = tournament(&names, &single, &extra);
    s.extend(args(&["--concurrency", "2"]));
    let single_report = run_referee(&s).stdout;
    let single_games = sorted_games(game_lines(&single));
    assert_eq!(single_games.len(), 24);

    let files = play_shards(&dir, 3, |f| tournament(&names, f, &extra));
    let merged = dir.join("merged.txt");
    let mut m = vec!["merge".to_string()];
    m.extend(files.iter().cloned());
    // No --anchor: the files recorded it (`anchor` in the header).
    m.extend(args(&["--format", "json", "--bootstrap", "200", "--out"]));
    m.push(merged.display().to_string());
    let merged_report = run_referee(&m).stdout;
    assert_eq!(sorted_games(game_lines(&merged)), single_games);
    assert_eq!(
        String::from_utf8_lossy(&merged_report),
        String::from_utf8_lossy(&single_report)
    );
    let report: serde_json::Value = serde_json::from_slice(&merged_report).unwrap();
    assert_eq!(report["anchor"]["name"], "c");
    assert_eq!(report["bootstrap_samples"], 200);
    assert!(std::fs::read_to_string(&merged)
        .unwrap()
        .contains("meta\tanchor=c=100\n"));
    // An anchor given to merge still wins.
    let mut m = vec!["merge".to_string()];
    m.extend(files.iter().cloned());
    m.extend(args(&[
        "--format",
        "json",
        "--anchor",
        "a=0",
        "--bootstrap",
        "10",
    ]));
    let report: serde_json::Value = serde_json::from_slice(&run_referee(&m).stdout).unwrap();
    assert_eq!(report["anchor"]["name"], "a");
    let _ = std::fs::remove_dir_all(dir);
}

/// The players and game count of a `.mat` file: the names of its first
/// score line, the number of `Game n` headings, and whether every score line
/// names the same two players.
fn mat_summary(path: &Path) -> (String, String, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.starts_with(" 0 point match\n"), "{text}");
    let scores: Vec<(String, String)> = text
        .lines()
        .filter(|l| l.contains(" : ") && !l.contains(')'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            // " a : 0     b : 1"
            (w[0].to_string(), w[3].to_string())
        })
        .collect();
    let games = text.lines().filter(|l| l.starts_with(" Game ")).count();
    assert_eq!(scores.len(), games, "{text}");
    assert!(scores.windows(2).all(|w| w[0] == w[1]), "{text}");
    let (a, b) = scores.first().cloned().unwrap_or_default();
    (a, b, games)
}

/// `export-mat` on a tournament writes one gnubg match per pairing with
/// exactly that pairing's games, or the one pairing `--pair` names; unknown
/// names, pairings that never meet and malformed pairs are refused.
#[test]
fn export_mat_writes_every_pairing_of_a_tournament() {
    let dir = temp_dir("tournament-mat");
    let names = ["a", "b", "c", "d"];
    let file = dir.join("rr.txt");
    // Initial-pair openings (random openings are full states, which gnubg
    // cannot start from): 6 pairings, 2 openings each, colours swapped.
    let mut a = engines(&names, "");
    a.extend(args(&[
        "--games",
        "24",
        "--quiet",
        "--concurrency",
        "2",
        "--out",
    ]));
    a.push(file.display().to_string());
    run_referee(&a);
    let games = game_lines(&file);
    assert_eq!(games.len(), 24);

    let out = dir.join("rr.mat");
    let export = |extra: &[&str]| {
        let mut e = vec!["export-mat".to_string(), file.display().to_string()];
        e.push(out.display().to_string());
        e.extend(args(extra));
        Command::new(referee()).args(&e).output().unwrap()
    };
    let done = export(&[]);
    assert!(done.status.success());
    assert!(!out.exists(), "a tournament writes one file a pairing");
    let mut files = 0;
    for (i, x) in names.iter().enumerate() {
        for y in &names[i + 1..] {
            let path = dir.join(format!("rr.{x}-vs-{y}.mat"));
            let (p1, p2, n) = mat_summary(&path);
            let played = games
                .iter()
                .filter(|l| {
                    let (gx, gy) = (field(l, "x"), field(l, "y"));
                    (gx == *x && gy == *y) || (gx == *y && gy == *x)
                })
                .filter(|l| field(l, "kind") != "draw")
                .count();
            assert_eq!(
                (p1.as_str(), p2.as_str(), n),
                (*x, *y, played),
                "{x} vs {y}"
            );
            assert!(n > 0);
            files += 1;
        }
    }
    assert_eq!(files, 6);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        7,
        "the match file and six .mat files"
    );

    // One pairing, the first name as player 1, to OUT itself.
    let done = export(&["--pair", "d,b"]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let (p1, p2, n) = mat_summary(&out);
    let (_, _, m) = mat_summary(&dir.join("rr.b-vs-d.mat"));
    assert_eq!((p1.as_str(), p2.as_str(), n), ("d", "b", m));

    for (pair, error) in [
        (
            "a,zz",
            "no engine named 'zz' in this file (engines: a, b, c, d)",
        ),
        ("a", "expected two engine names, NAME1,NAME2"),
        ("c,c", "names 'c' twice"),
    ] {
        let refused = export(&["--pair", pair]);
        assert!(!refused.status.success(), "{pair}");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(error), "{pair}: {stderr}");
    }

    // A gauntlet cut short: pairings without games get no file, and the
    // engines that never meet cannot be asked for.
    let gauntlet = dir.join("g.txt");
    let mut g = engines(&names, "");
    g.extend(args(&[
        "--tournament",
        "gauntlet",
        "--games",
        "4",
        "--quiet",
        "--out",
    ]));
    g.push(gauntlet.display().to_string());
    run_referee(&g);
    let gout = dir.join("g.mat");
    let e = |extra: &[&str]| {
        let mut e = vec!["export-mat".to_string(), gauntlet.display().to_string()];
        e.push(gout.display().to_string());
        e.extend(args(extra));
        Command::new(referee()).args(&e).output().unwrap()
    };
    let done = e(&[]);
    assert!(done.status.success());
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(
        stderr.contains("no games between a and d: no file written"),
        "{stderr}"
    );
    assert_eq!(mat_summary(&dir.join("g.a-vs-b.mat")).2, 2);
    assert_eq!(mat_summary(&dir.join("g.a-vs-c.mat")).2, 2);
    assert!(!dir.join("g.a-vs-d.mat").exists());
    let refused = e(&["--pair", "b,c"]);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("b and c do not meet (in this gauntlet a plays each other engine)"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
