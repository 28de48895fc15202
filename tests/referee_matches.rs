//! Matches to N points (`--match-length`) and single scoring through the
//! `ncbg-referee` binary: the score before each game, the Crawford game, a
//! draw scoring nothing, the match report, resume in the middle of a match,
//! tournaments and shards of matches.

mod referee_support;

use ncbg::matchfile::{Crawford, GameRecord, MatchFile};
use referee_support::*;
use std::collections::BTreeMap;
use std::path::Path;

fn read(path: &Path) -> MatchFile {
    MatchFile::parse(&std::fs::read_to_string(path).expect("match file"))
}

/// Checks every match of `file` against the rules of a match to `length`
/// (Crawford on): games numbered 0, 1, ...; the score before each game is
/// the sum of the points of the games before it (a draw adds nothing); the
/// Crawford game is the one after the first game that brought a player to
/// `length - 1`; every match ends at the game that brings a player to
/// `length`, or undecided after `4 length` games. Returns the matches'
/// winners by name (None: undecided).
fn check_matches(file: &MatchFile, length: u32) -> BTreeMap<u64, Option<String>> {
    let mut by_match: BTreeMap<u64, Vec<&GameRecord>> = BTreeMap::new();
    for g in &file.games {
        by_match.entry(g.index).or_default().push(g);
    }
    let mut winners = BTreeMap::new();
    for (index, mut games) in by_match {
        games.sort_by_key(|g| g.key());
        let mut score: BTreeMap<&str, u32> = BTreeMap::new();
        let mut crawford = Crawford::Before;
        let mut winner = None;
        for (j, g) in games.iter().enumerate() {
            assert!(winner.is_none(), "match {index}: a game after the end");
            let m = g.stakes.in_match.expect("a match game has its place");
            assert_eq!(m.game as usize, j, "match {index}");
            let before = [
                *score.get(g.x_name.as_str()).unwrap_or(&0),
                *score.get(g.y_name.as_str()).unwrap_or(&0),
            ];
            assert_eq!(m.score, before, "match {index} game {j}");
            assert_eq!(m.crawford, crawford, "match {index} game {j}");
            let Some(w) = g.end.winner() else {
                assert_eq!(g.points(), 0);
                continue;
            };
            let name = g.name(w);
            let total = score.entry(name).or_default();
            *total += g.points();
            if *total >= length {
                winner = Some(name.to_string());
            } else if crawford == Crawford::Before && *total == length - 1 {
                crawford = Crawford::Game;
            } else if crawford == Crawford::Game {
                crawford = Crawford::After;
            }
        }
        if winner.is_none() {
            assert_eq!(games.len() as u32, 4 * length, "match {index} unfinished");
        }
        winners.insert(index, winner);
    }
    winners
}

#[test]
fn a_five_point_match_keeps_its_score_and_reports_matches_won() {
    let dir = temp_dir("five");
    let file = dir.join("m.txt");
    let out = run_referee(&random_pair(
        "--cube",
        &[
            "--each",
            "depth=1",
            "--match-length",
            "5",
            "--games",
            "6",
            "--concurrency",
            "2",
            "--format",
            "json",
            "--quiet",
            "--out",
            &file.display().to_string(),
        ],
    ));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# ncbg-referee match file v2\n"), "{text}");
    assert!(text.contains("meta\tmatch-length=5\nmeta\tcrawford=on\n"));
    let m = read(&file);
    let winners = check_matches(&m, 5);
    assert_eq!(winners.len(), 6);
    // Some match had a Crawford game.
    assert!(m
        .games
        .iter()
        .any(|g| g.stakes.in_match.unwrap().crawford == Crawford::Game));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let r = &report["matches"];
    let won = winners
        .values()
        .filter(|w| w.as_deref() == Some("a"))
        .count();
    let lost = winners
        .values()
        .filter(|w| w.as_deref() == Some("b"))
        .count();
    assert_eq!(r["length"], 5);
    assert_eq!(r["matches"], 6);
    assert_eq!(r["won"], won as u64);
    assert_eq!(r["lost"], lost as u64);
    assert_eq!(r["unfinished"], 0);
    // Three pairs of matches, the same openings with colours swapped.
    assert_eq!(r["elo_model"], "pentanomial");
    assert_eq!(
        r["pentanomial"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .sum::<u64>(),
        3
    );
    let elo = &r["elo"];
    assert!(elo["low"].as_f64().unwrap() < elo["high"].as_f64().unwrap());
    assert_eq!(report["games"], m.games.len() as u64);
    // Points per game count the points of the games of the matches.
    let a_net: i64 = m
        .games
        .iter()
        .map(|g| match g.end.winner() {
            Some(w) if g.name(w) == "a" => g.points() as i64,
            Some(_) => -(g.points() as i64),
            None => 0,
        })
        .sum();
    let ppg = report["points_per_game"].as_f64().unwrap();
    assert!((ppg - a_net as f64 / m.games.len() as f64).abs() < 1e-9);
    // The text report says it too.
    let text = run_referee(&args(&["merge", &file.display().to_string()]));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(&format!(
            "Matches to 5 points: 6 finished, a won {won}, lost {lost}"
        )),
        "{text}"
    );
    assert!(text.contains("Elo difference from matches: "), "{text}");
}

#[test]
fn drawn_games_score_nothing_and_a_match_of_draws_ends_undecided() {
    let dir = temp_dir("draws");
    let file = dir.join("m.txt");
    // Two turns a game: every game is a draw by the turn cap.
    let out = run_referee(&random_pair(
        "--cube",
        &[
            "--each",
            "depth=1",
            "--match-length",
            "2",
            "--games",
            "2",
            "--max-turns",
            "2",
            "--format",
            "json",
            "--quiet",
            "--out",
            &file.display().to_string(),
        ],
    ));
    let m = read(&file);
    assert_eq!(m.games.len(), 16, "two matches of 4 x 2 games");
    for g in &m.games {
        assert!(g.end.is_draw());
        assert_eq!(g.stakes.in_match.unwrap().score, [0, 0]);
        assert!(g.to_line().contains("\tpoints=0\t"));
    }
    let winners = check_matches(&m, 2);
    assert!(winners.values().all(Option::is_none));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["matches"]["undecided"], 2);
    assert_eq!(report["matches"]["won"], 0);
    // An SPRT tests independent games: not the games of matches.
    let sprt = referee_output(&random_pair(
        "--cube",
        &["--match-length", "3", "--sprt", "elo0=0", "elo1=10"],
    ));
    assert!(!sprt.status.success());
    assert!(stderr_of(&sprt).contains("--sprt"), "{}", stderr_of(&sprt));
}

#[test]
fn single_scoring_counts_every_win_one_point() {
    let dir = temp_dir("single");
    let file = dir.join("m.txt");
    let out = run_referee(&random_pair(
        "--cube",
        &[
            "--each",
            "depth=1",
            "--scoring",
            "single",
            "--games",
            "12",
            "--format",
            "json",
            "--quiet",
            "--out",
            &file.display().to_string(),
        ],
    ));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("meta\tscoring=single\n"), "{text}");
    let m = read(&file);
    assert!(m.header.scoring().unwrap().single());
    assert!(
        m.games.iter().any(|g| g.end.points() > 1),
        "random play makes gammons"
    );
    for g in &m.games {
        assert_eq!(g.points(), u32::from(!g.end.is_draw()), "{}", g.to_line());
    }
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let a = &report["engines"][0];
    assert_eq!(a["points_won"], a["wins"]);
    assert!(report.get("matches").is_none());
    // An engine without the Scoring option is refused, naming it.
    let bad = referee_output(&random_pair("", &["--scoring", "single"]));
    assert!(!bad.status.success());
    let e = stderr_of(&bad);
    assert!(
        e.contains("engine 'a'") && e.contains("lacks Scoring"),
        "{e}"
    );
    // Not with a match or the cube.
    let bad = referee_output(&random_pair(
        "",
        &["--scoring", "single", "--match-length", "3"],
    ));
    assert!(!bad.status.success());
    assert!(
        stderr_of(&bad).contains("--scoring single"),
        "{}",
        stderr_of(&bad)
    );
    let bad = referee_output(&random_pair("", &["--scoring", "double"]));
    assert!(
        stderr_of(&bad).contains("points or single"),
        "{}",
        stderr_of(&bad)
    );
    let bad = referee_output(&random_pair("", &["--match-length", "0"]));
    assert!(
        stderr_of(&bad).contains("--match-length 0"),
        "{}",
        stderr_of(&bad)
    );
}

#[test]
fn a_match_cut_in_the_middle_resumes_where_it_stood() {
    let dir = temp_dir("resume-mid");
    let whole = dir.join("whole.txt");
    let cut = dir.join("cut.txt");
    let match_args = |file: &Path| {
        random_pair(
            "--think-ms 5 --cube",
            &[
                "--each",
                "depth=1",
                "--match-length",
                "5",
                "--games",
                "2",
                "--quiet",
                "--out",
                &file.display().to_string(),
            ],
        )
    };
    run_referee(&match_args(&whole));
    let mut child = referee_after_games(&match_args(&cut), &cut, 2);
    child.kill().expect("kill");
    let _ = child.wait();
    let before = complete_game_lines(&cut);
    assert!(!before.is_empty());
    assert!(
        before.len() < game_lines(&whole).len(),
        "killed before the end"
    );
    let mut resume = match_args(&cut);
    resume.push("--resume".into());
    run_referee(&resume);
    // The same games as the run that was never cut: the match went on
    // from the score it had, not from 0-0, and no game was played twice.
    let key = |l: &String| {
        (
            field(l, "index").parse::<u64>().unwrap(),
            field(l, "game").parse::<u32>().unwrap(),
        )
    };
    let mut a = game_lines(&whole);
    let mut b = game_lines(&cut);
    a.sort_by_key(key);
    b.sort_by_key(key);
    assert_eq!(a, b);
    check_matches(&read(&cut), 5);
    // A file whose match games do not follow the schedule is refused.
    let text = std::fs::read_to_string(&cut).unwrap();
    let bad = dir.join("bad.txt");
    let first_game = text.find("\ngame\t").unwrap() + 1;
    let line_end = first_game + text[first_game..].find('\n').unwrap() + 1;
    std::fs::write(&bad, [&text[..first_game], &text[line_end..]].concat()).unwrap();
    let mut resume = match_args(&bad);
    resume.push("--resume".into());
    let out = referee_output(&resume);
    assert!(!out.status.success());
    assert!(
        stderr_of(&out).contains("not the game"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn tournaments_and_shards_play_matches() {
    let dir = temp_dir("tour-matches");
    let file = dir.join("t.txt");
    let engine = |name: &str, seed: u32| {
        vec![
            "--engine".to_string(),
            engine_cmd("random", "--cube"),
            format!("name={name}"),
            format!("option.Seed={seed}"),
        ]
    };
    let mut a = [engine("p", 1), engine("q", 2), engine("r", 3)].concat();
    a.extend(args(&[
        "--each",
        "depth=1",
        "--match-length",
        "3",
        "--games",
        "6",
        "--quiet",
        "--format",
        "json",
        "--out",
        &file.display().to_string(),
    ]));
    let out = run_referee(&a);
    let m = read(&file);
    let winners = check_matches(&m, 3);
    assert_eq!(winners.len(), 6);
    // The rating list of match results: each engine's matches won.
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let r = &report["matches"];
    assert_eq!(
        (r["length"].as_u64(), r["matches"].as_u64()),
        (Some(3), Some(6))
    );
    for s in r["standings"].as_array().unwrap() {
        let name = s["name"].as_str().unwrap();
        let won = winners
            .values()
            .filter(|w| w.as_deref() == Some(name))
            .count();
        assert_eq!(s["wins"].as_u64(), Some(won as u64), "{name}");
        assert_eq!(
            s["games"].as_u64(),
            Some(4),
            "{name}: two matches a pairing"
        );
        assert!(s["elo"]["low"].as_f64().is_some() || name == "p", "{s}");
    }
    let text = run_referee(&args(&["merge", &file.display().to_string()]));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Ratings from 6 matches to 3 points"),
        "{text}"
    );
    // Every pairing met in two matches.
    let mut pairings: BTreeMap<(String, String), u32> = BTreeMap::new();
    for g in m.games.iter().filter(|g| g.key().1 == 0) {
        let mut two = [g.x_name.clone(), g.y_name.clone()];
        two.sort();
        *pairings
            .entry((two[0].clone(), two[1].clone()))
            .or_default() += 1;
    }
    assert_eq!(pairings.values().copied().collect::<Vec<_>>(), [2, 2, 2]);
    // Shards of a two-engine match of matches merge into the whole.
    let whole = dir.join("whole.txt");
    let match_args = |file: &Path| {
        random_pair(
            "--cube",
            &[
                "--each",
                "depth=1",
                "--match-length",
                "3",
                "--games",
                "4",
                "--quiet",
                "--out",
                &file.display().to_string(),
            ],
        )
    };
    run_referee(&match_args(&whole));
    let shards = play_shards(&dir, 2, match_args);
    let merged = dir.join("merged.txt");
    let mut merge = args(&["merge", "--out", &merged.display().to_string()]);
    merge.extend(shards);
    run_referee(&merge);
    let (w, mm) = (read(&whole), read(&merged));
    assert_eq!(w.games, mm.games);
}
