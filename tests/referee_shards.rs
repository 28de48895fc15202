//! Shards of a match (`--shard i/n`) merged with `ncbg-referee merge` give
//! the same games and the same report as one run. The test engines answer as
//! a function of their seed and the position, so every game is reproducible.

mod referee_support;

use referee_support::*;
use std::path::Path;

fn match_args(file: &Path) -> Vec<String> {
    vec![
        "--engine".into(),
        engine_cmd("random", ""),
        "name=a".into(),
        "option.Seed=11".into(),
        "--engine".into(),
        engine_cmd("random", ""),
        "name=b".into(),
        "option.Seed=12".into(),
        "--random-openings".into(),
        "5".into(),
        "--seed".into(),
        "3".into(),
        "--rounds".into(),
        "2".into(),
        "--quiet".into(),
        "--format".into(),
        "json".into(),
        "--out".into(),
        file.display().to_string(),
    ]
}

#[test]
fn shards_merged_equal_a_single_run() {
    let dir = temp_dir("shards");
    let single = dir.join("single.txt");
    let mut a = match_args(&single);
    a.extend(args(&["--concurrency", "2"]));
    let single_report = run_referee(&a).stdout;
    let single_games = sorted_games(game_lines(&single));
    assert_eq!(single_games.len(), 20);

    let shard_files = play_shards(&dir, 3, match_args);
    let merged = dir.join("merged.txt");
    let mut m = vec!["merge".to_string()];
    m.extend(shard_files.iter().cloned());
    m.extend(args(&["--format", "json", "--out"]));
    m.push(merged.display().to_string());
    let merged_report = run_referee(&m).stdout;

    assert_eq!(sorted_games(game_lines(&merged)), single_games);
    assert_eq!(
        String::from_utf8_lossy(&merged_report),
        String::from_utf8_lossy(&single_report)
    );
    // Text reports with an SPRT agree too.
    let mut m_text = vec!["merge".to_string()];
    m_text.extend(shard_files);
    let mut s_text = vec!["merge".to_string(), single.display().to_string()];
    m_text.extend(args(&["--sprt", "elo0=-20", "elo1=20"]));
    s_text.extend(args(&["--sprt", "elo0=-20", "elo1=20"]));
    assert_eq!(run_referee(&m_text).stdout, run_referee(&s_text).stdout);
    let _ = std::fs::remove_dir_all(dir);
}

/// `merge` of some shards only: a failure naming the missing shard and
/// games, unless `--partial` (a warning); files of another match are
/// refused, naming the field; the merged file is of the whole match
/// (`shard=-`), and a resume of it plays what was missing; an existing
/// `--out` is overwritten only with `--force`.
#[test]
fn merge_names_what_is_missing_and_refuses_other_matches() {
    use std::process::Command;
    let dir = temp_dir("merge-missing");
    let mut files = Vec::new();
    for i in 0..3 {
        let f = dir.join(format!("shard{i}.txt"));
        let mut a = match_args(&f);
        a.extend(args(&["--shard", &format!("{i}/3")]));
        run_referee(&a);
        files.push(f.display().to_string());
    }
    let merged = dir.join("merged.txt");
    let two = |extra: &[&str]| {
        let mut m = args(&["merge", &files[0], &files[2], "--out"]);
        m.push(merged.display().to_string());
        m.extend(args(extra));
        Command::new(referee()).args(&m).output().unwrap()
    };
    let held = game_lines(Path::new(&files[0])).len() + game_lines(Path::new(&files[2])).len();
    let missing = 20 - held;
    let out = two(&[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("shards 1/3 missing"), "{err}");
    assert!(
        err.contains(&format!("{missing} of 20 games missing")),
        "{err}"
    );
    // The failed merge wrote its file; writing it again needs --force.
    let written = std::fs::read_to_string(&merged).unwrap();
    let out = two(&["--partial"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("exists: use --force to overwrite it"), "{err}");
    assert!(out.stdout.is_empty(), "a report was printed");
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), written);
    std::fs::write(&merged, "another match's record\n").unwrap();
    let out = two(&["--partial", "--force"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("warning: shards 1/3 missing"));
    let text = std::fs::read_to_string(&merged).unwrap();
    assert!(text.contains("meta\tshard=-\n"), "{text}");
    assert_eq!(game_lines(&merged).len(), held);

    // Resuming the merged file as the whole match plays the missing games.
    let mut a = match_args(&merged);
    a.push("--resume".into());
    run_referee(&a);
    assert_eq!(game_lines(&merged).len(), 20);

    // A file of another match (other rounds) is refused.
    let other = dir.join("other.txt");
    let mut a = match_args(&other);
    a.extend(args(&["--shard", "1/3", "--rounds", "1"]));
    let pos = a.iter().position(|x| x == "--rounds").unwrap();
    a.drain(pos..pos + 2); // the default's "--rounds 2" goes, "--rounds 1" stays
    run_referee(&a);
    let out = Command::new(referee())
        .args(args(&["merge", &files[0], &other.display().to_string()]))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not of the same match") && err.contains("its rounds is '1'"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `merge --pool`: two matches of the same engines on other openings (two
/// seeds) are reported as one, their games renumbered so that no index or
/// game pair is shared, the points the sum of the two; plain `merge`
/// refuses them, and `--pool` refuses a match of other engine settings.
#[test]
fn matches_on_other_seeds_pool_into_one_report() {
    use std::collections::BTreeSet;
    use std::process::Command;
    let dir = temp_dir("merge-pool");
    let run = |name: &str, seed: &str, extra: &[&str]| {
        let f = dir.join(name);
        let mut a = match_args(&f);
        let pos = a.iter().position(|x| x == "--seed").unwrap();
        a[pos + 1] = seed.into();
        let pos = a.iter().position(|x| x == "--format").unwrap();
        a.drain(pos..pos + 2); // text reports
        a.extend(args(extra));
        run_referee(&a);
        f.display().to_string()
    };
    let s3 = run("s3.txt", "3", &[]);
    let s4 = run("s4.txt", "4", &[]);
    // a's points in a text report's line for engine a: "points P-Q".
    let points = |report: &str| -> (u64, u64) {
        let line = report
            .lines()
            .find(|l| l.trim_start().starts_with("a ") && l.contains("points"))
            .unwrap_or_else(|| panic!("{report}"));
        let p = line
            .split_whitespace()
            .skip_while(|w| *w != "points")
            .nth(1)
            .unwrap();
        let (x, y) = p.split_once('-').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    };
    let report = |m: &[&str]| {
        let out = Command::new(referee()).args(args(m)).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let (a3, b3) = points(&report(&["merge", &s3]));
    let (a4, b4) = points(&report(&["merge", &s4]));
    let pooled = dir.join("pooled.txt");
    let text = report(&[
        "merge",
        "--pool",
        &s3,
        &s4,
        "--out",
        &pooled.display().to_string(),
    ]);
    assert!(text.contains("40 games"), "{text}");
    assert_eq!(points(&text), (a3 + a4, b3 + b4));
    let games = game_lines(&pooled);
    assert_eq!(games.len(), 40);
    let indices: BTreeSet<String> = games
        .iter()
        .map(|g| field(g, "index").to_string())
        .collect();
    let pairs: BTreeSet<String> = games.iter().map(|g| field(g, "pair").to_string()).collect();
    assert_eq!((indices.len(), pairs.len()), (40, 20));
    let header = std::fs::read_to_string(&pooled).unwrap();
    assert!(
        header
            .contains("meta\topenings=pooled: random 5 seed 3 turns 2; random 5 seed 4 turns 2\n"),
        "{header}"
    );
    assert!(header.contains("meta\ttotal-games=40\n"), "{header}");

    let refused = |m: &[&str]| {
        let out = Command::new(referee()).args(args(m)).output().unwrap();
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = refused(&["merge", &s3, &s4]);
    assert!(err.contains("openings"), "{err}");
    let other = run("other.txt", "5", &["--max-turns", "900"]);
    let err = refused(&["merge", "--pool", &s3, &other]);
    assert!(
        err.contains("other.txt") && err.contains("max-turns"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
