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

fn sorted_games(lines: Vec<String>) -> Vec<String> {
    let mut lines = lines;
    lines.sort_by_key(|l| field(l, "index").parse::<u64>().unwrap());
    lines
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

    let mut shard_files = Vec::new();
    for i in 0..3 {
        let f = dir.join(format!("shard{i}.txt"));
        let mut a = match_args(&f);
        a.extend(args(&["--shard", &format!("{i}/3")]));
        run_referee(&a);
        assert!(!game_lines(&f).is_empty());
        shard_files.push(f.display().to_string());
    }
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
/// (`shard=-`), and a resume of it plays what was missing.
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
    let out = two(&["--partial"]);
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
