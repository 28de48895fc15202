//! The doubling cube through the `ncbg-referee` binary, with the test
//! engine's random cube player (`--cube`): money play with the cube
//! (Jacoby, beavers), matches won by a drop, the options and positions the
//! engines are sent, illegal cube actions judged as forfeits, and engines
//! without the cube refused before the first game.

mod referee_support;

use ncbg::cube::CubeAction;
use ncbg::matchfile::{GameEnd, GameRecord, MatchFile};
use ncbg::referee::config::Rules;
use ncbg::referee::judge::check_record;
use referee_support::*;
use std::path::Path;

fn read(path: &Path) -> MatchFile {
    MatchFile::parse(&std::fs::read_to_string(path).expect("match file"))
}

/// The cube's value a game's tokens give: each take doubles it, each
/// beaver quadruples it; a drop leaves it where it was before the double.
fn cube_of(g: &GameRecord) -> u32 {
    g.moves
        .iter()
        .filter_map(|t| CubeAction::from_token(t))
        .fold(1, |cube, a| match a {
            CubeAction::Take => cube * 2,
            CubeAction::Beaver => cube * 4,
            CubeAction::Double | CubeAction::Drop => cube,
        })
}

/// Checks every game of `file`: its moves replay under the file's rules to
/// its end (cube tokens included), its cube value is its tokens', a drop
/// is its last token, and its points are the scoring's.
fn check_games(file: &MatchFile) -> Rules {
    let rules = Rules::of_header(&file.header).expect("rules");
    for g in &file.games {
        check_record(g, &rules).unwrap_or_else(|e| panic!("{}: {e}", g.to_line()));
        assert_eq!(g.stakes.cube, cube_of(g), "{}", g.to_line());
        let last = g.moves.last().map(String::as_str);
        assert_eq!(g.stakes.dropped, last == Some("drop"), "{}", g.to_line());
        assert_eq!(
            g.points(),
            rules.scoring.points(g.end, g.stakes.cube, g.stakes.dropped),
            "{}",
            g.to_line()
        );
    }
    rules
}

fn cube_pair(extra: &[&str]) -> Vec<String> {
    random_pair("--cube --double-every 2", extra)
}

#[test]
fn money_play_with_the_cube_jacoby_and_beavers() {
    let dir = temp_dir("money-cube");
    let file = dir.join("m.txt");
    let out = run_referee(&cube_pair(&[
        "--each",
        "depth=1",
        "--cube",
        "--jacoby",
        "--beavers",
        "--games",
        "16",
        "--format",
        "json",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# ncbg-referee match file v2\n"));
    assert!(text.contains("meta\tcube=on\nmeta\tjacoby=on\nmeta\tbeavers=on\n"));
    let m = read(&file);
    let rules = check_games(&m);
    assert!(rules.scoring.terms.jacoby && rules.scoring.terms.beavers);
    let tokens: Vec<&str> = m
        .games
        .iter()
        .flat_map(|g| g.moves.iter().map(String::as_str))
        .collect();
    for action in ["double", "take", "drop", "beaver"] {
        assert!(tokens.contains(&action), "no {action} in 16 games");
    }
    assert!(m.games.iter().any(|g| g.stakes.cube > 1));
    // Jacoby: a gammon on a cube never turned is a single game.
    for g in &m.games {
        if let GameEnd::Win { kind, .. } = g.end {
            if g.stakes.cube == 1 && !g.stakes.dropped {
                assert_eq!(g.points(), 1, "{kind:?}: {}", g.to_line());
            }
        }
    }
    // Points per game count the cube.
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let won: u64 = m
        .games
        .iter()
        .filter(|g| g.end.winner().is_some_and(|w| g.name(w) == "a"))
        .map(|g| u64::from(g.points()))
        .sum();
    assert_eq!(report["engines"][0]["points_won"], won);
}

#[test]
fn a_match_is_won_by_a_drop_and_the_engines_get_the_score() {
    let dir = temp_dir("match-cube");
    let file = dir.join("m.txt");
    let log = dir.join("engines.log");
    run_referee(&cube_pair(&[
        "--each",
        "depth=1",
        "--match-length",
        "5",
        "--games",
        "6",
        "--quiet",
        "--log",
        &log.display().to_string(),
        "--out",
        &file.display().to_string(),
    ]));
    let m = read(&file);
    check_games(&m);
    // Some match ends with a dropped double: its doubler wins the match.
    let mut by_match = std::collections::BTreeMap::<u64, Vec<&GameRecord>>::new();
    for g in &m.games {
        by_match.entry(g.index).or_default().push(g);
    }
    let won_by_drop = by_match.values().any(|games| {
        let last = games.iter().max_by_key(|g| g.key()).unwrap();
        let place = last.stakes.in_match.unwrap();
        let w = last.end.winner().unwrap();
        let before = place.score[w.index()];
        last.stakes.dropped && before < 5 && before + last.points() >= 5
    });
    assert!(won_by_drop, "no match won by a drop in 6 matches");
    // No cube action in a Crawford game.
    for g in &m.games {
        if g.stakes.in_match.unwrap().crawford == ncbg::cube::Crawford::Game {
            assert_eq!(cube_of(g), 1);
            assert!(!g.moves.iter().any(|t| t == "double"), "{}", g.to_line());
        }
    }
    // The engines were told the match and each game's score.
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(
        sent.contains("> setoption name MatchLength value 5"),
        "{sent}"
    );
    assert!(sent.contains("> position startpos score 0 0 moves "));
    let crawford = m
        .games
        .iter()
        .find(|g| g.stakes.in_match.unwrap().crawford == ncbg::cube::Crawford::Game)
        .expect("a Crawford game");
    let s = crawford.stakes.in_match.unwrap().score;
    assert!(
        sent.contains(&format!(
            "> position startpos score {} {} crawford moves",
            s[0], s[1]
        )),
        "{s:?}"
    );
}

#[test]
fn illegal_cube_actions_are_forfeits() {
    let dir = temp_dir("illegal-cube");
    let file = dir.join("m.txt");
    let out = run_referee(&args(&[
        "--engine",
        &engine_cmd("random", "--cube"),
        "name=good",
        "--engine",
        &engine_cmd("illegal", "--cube --after 4"),
        "name=bad",
        "--each",
        "depth=1",
        "--cube",
        "--games",
        "4",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]));
    assert!(out.status.success());
    let m = read(&file);
    check_games(&m);
    let forfeits: Vec<&GameRecord> = m
        .games
        .iter()
        .filter(|g| matches!(g.end, GameEnd::Forfeit { .. }))
        .collect();
    assert!(!forfeits.is_empty());
    for g in forfeits {
        assert!(
            g.to_line().contains("\treason=illegal\t"),
            "{}",
            g.to_line()
        );
        let quoted = ["'double'", "'take'", "'beaver'"];
        assert!(
            quoted.iter().any(|q| g.detail.starts_with(q)),
            "{}",
            g.detail
        );
        assert_eq!(g.end.winner().map(|w| g.name(w)), Some("good"));
    }
}

#[test]
fn an_engine_without_the_cube_is_refused_naming_it_and_the_option() {
    for (flags, option) in [
        (&["--cube"][..], "Cube"),
        (&["--match-length", "3"][..], "MatchLength"),
    ] {
        let mut a = args(&[
            "--engine",
            &engine_cmd("random", "--cube"),
            "name=cubist",
            "--engine",
            &engine_cmd("random", ""),
            "name=plain",
            "--games",
            "2",
        ]);
        a.extend(args(flags));
        let dir = temp_dir("refused");
        let file = dir.join("m.txt");
        a.extend(args(&["--out", &file.display().to_string()]));
        let out = referee_output(&a);
        assert!(!out.status.success());
        let e = stderr_of(&out);
        assert!(
            e.contains("engine 'plain'") && e.contains(&format!("lacks {option}")),
            "{e}"
        );
        // Refused before any game: no match file.
        assert!(!file.exists());
    }
    // Money play without the cube needs no new option.
    let plain = run_referee(&random_pair("", &["--each", "depth=1", "--games", "2"]));
    assert!(plain.status.success());
}
