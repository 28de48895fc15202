//! Unit tests of the `.mat` export: the format and the pairings.

use super::*;
use crate::matchfile::{ForfeitReason, Header, MatchFile};
use std::path::{Path, PathBuf};

/// Game `index` from the initial pair 3-5 with `moves`.
fn record(index: u64, x: &str, y: &str, end: GameEnd, moves: &[&str]) -> GameRecord {
    GameRecord {
        depths: Vec::new(),
        opening: Opening::Pair { x0: 3, y0: 5 },
        moves: moves.iter().map(|m| m.to_string()).collect(),
        stakes: crate::matchfile::Stakes::default(),
        ..crate::referee::test_games::game(index, x, y, end)
    }
}

#[test]
fn writes_dice_plays_and_skips_what_gnubg_cannot_read() {
    let forfeit = GameEnd::Forfeit {
        loser: Side::X,
        reason: ForfeitReason::Illegal,
    };
    let games = [
        record(
            0,
            "a",
            "b",
            forfeit,
            &["3", "5", "6:24/13", "6:24/18(2),13/7(2)"],
        ),
        record(1, "b", "a", forfeit, &["3", "5", "6:24/13"]),
        record(2, "a", "b", GameEnd::MaxTurns, &["3", "5"]),
        record(3, "a", "b", forfeit, &["3", "5"]),
    ];
    let (text, skipped) = export(
        &games,
        ["a", "b"],
        NumberRules::default(),
        &Default::default(),
    );
    assert!(text.starts_with(" 0 point match\n"));
    // Game 1: a is X and forfeits; b (player 2) wins.
    assert!(text.contains("  1) 65: 24/13                   66: 24/18(2) 13/7(2)\n"));
    assert!(text.contains(&format!("\n{}Wins 1 point\n", " ".repeat(33))));
    // Game 2: b is X and moves first; a (player 1) wins by forfeit.
    assert!(text.contains(" a : 0                        b : 1\n"));
    assert!(text.contains(&format!("  1) {}65: 24/13\n", " ".repeat(28))));
    assert!(text.contains("\n     Wins 1 point\n"));
    assert_eq!(skipped.iter().map(|s| s.index).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(turn_text((6, 5), "pass"), "65:");
}

fn header(names: &[&str], kind: Option<&str>) -> Header {
    let mut h = Header::default();
    for (i, n) in names.iter().enumerate() {
        h.set(&format!("engine{i}"), n);
    }
    if let Some(k) = kind {
        h.set("tournament", k);
    }
    h
}

#[test]
fn pairings_by_name_and_the_pair_option() {
    let pairs =
        |names: &[&str], kind| -> Vec<[String; 2]> { pairings_of(&header(names, kind)).unwrap() };
    let owned = |list: &[[&str; 2]]| -> Vec<[String; 2]> {
        list.iter()
            .map(|[a, b]| [a.to_string(), b.to_string()])
            .collect()
    };
    assert_eq!(pairs(&["a", "b"], None), owned(&[["a", "b"]]));
    assert_eq!(
        pairs(&["a", "b", "c"], Some("round-robin")),
        owned(&[["a", "b"], ["a", "c"], ["b", "c"]])
    );
    assert_eq!(
        pairs(&["a", "b", "c"], Some("gauntlet")),
        owned(&[["a", "b"], ["a", "c"]])
    );
    assert!(pairings_of(&header(&["a"], None)).is_err());
    assert!(pairings_of(&header(&["a", "b", "c"], Some("swiss"))).is_err());

    // Names with commas: the split whose halves are both engines.
    let h = header(&["x,1", "y", "1,y"], Some("round-robin"));
    assert_eq!(parse_pair("x,1,y", &h).unwrap(), ["x,1", "y"]);
    assert_eq!(parse_pair("y,x,1", &h).unwrap(), ["y", "x,1"]);
    let err = parse_pair("x,2", &h).unwrap_err();
    assert!(err.contains("no engine named 'x' and '2'"), "{err}");
    assert!(err.contains("(engines: x,1, y, 1,y)"), "{err}");
    let err = parse_pair("y,1,z", &h).unwrap_err();
    assert!(
        err.contains("no engine named two engine names in 'y,1,z'"),
        "{err}"
    );
    let g = header(&["a", "b", "c"], Some("gauntlet"));
    assert_eq!(parse_pair("c,a", &g).unwrap(), ["c", "a"]);
    assert!(parse_pair("b,c", &g).unwrap_err().contains("do not meet"));
    assert!(parse_pair("b", &g).unwrap_err().contains("NAME1,NAME2"));
}

#[test]
fn one_file_a_pairing_with_games() {
    assert_eq!(
        pairing_path(Path::new("out/t.mat"), ["a", "b/c d"]),
        PathBuf::from("out/t.a-vs-b_c_d.mat")
    );
    assert_eq!(
        pairing_path(Path::new("t"), ["a", "b"]),
        PathBuf::from("t.a-vs-b.mat")
    );
    let win = GameEnd::Forfeit {
        loser: Side::X,
        reason: ForfeitReason::Illegal,
    };
    let file = MatchFile {
        header: header(&["a", "b", "c"], Some("round-robin")),
        games: vec![
            record(0, "a", "b", win, &["3", "5", "6:24/13"]),
            record(1, "b", "a", win, &["3", "5", "6:24/13"]),
            record(3, "c", "b", win, &["3", "5", "6:24/13"]),
        ],
        ..MatchFile::default()
    };
    let out = Path::new("t.mat");
    let plan = plan_export(&file, out, None).unwrap();
    let targets: Vec<(&str, &str, PathBuf)> = plan
        .targets
        .iter()
        .map(|t| (t.names[0].as_str(), t.names[1].as_str(), t.path.clone()))
        .collect();
    assert_eq!(
        targets,
        [
            ("a", "b", PathBuf::from("t.a-vs-b.mat")),
            ("b", "c", PathBuf::from("t.b-vs-c.mat"))
        ]
    );
    assert_eq!(plan.empty, [["a".to_string(), "c".to_string()]]);
    let done = export_pairing(&file, ["b", "c"]).unwrap();
    assert_eq!((done.written, done.skipped.len()), (1, 0));
    assert!(done.text.contains(" b : 0"), "{}", done.text);
    // --pair writes its pairing to OUT itself, even without games.
    let plan = plan_export(&file, out, Some("c,a")).unwrap();
    assert_eq!(plan.targets.len(), 1);
    assert_eq!(plan.targets[0].path, out);
    assert_eq!(export_pairing(&file, ["c", "a"]).unwrap().written, 0);
    // Names that make the same file name are refused, naming --pair.
    let clash = MatchFile {
        header: header(&["a", "b c", "b_c"], Some("gauntlet")),
        games: vec![
            record(0, "a", "b c", win, &["3", "5", "6:24/13"]),
            record(2, "a", "b_c", win, &["3", "5", "6:24/13"]),
        ],
        ..MatchFile::default()
    };
    let err = plan_export(&clash, out, None).unwrap_err();
    assert!(err.contains("with --pair"), "{err}");
    // Only the standard start position has a .mat form.
    let mut hyper = file.clone();
    hyper.header.set("variant", "hypergammon");
    assert!(export_pairing(&hyper, ["a", "b"]).is_err());
    // Other numbers than k = 6 and 2 credits are exported with a warning.
    assert_eq!(rules_warning(&file), None);
    let mut k5 = file.clone();
    k5.header.set("k", "5");
    let w = rules_warning(&k5).unwrap();
    assert!(w.contains("k = 5 and 2 doublet credits"), "{w}");
    let mut c0 = file.clone();
    c0.header.set("credits", "0");
    assert!(rules_warning(&c0)
        .unwrap()
        .contains("k = 6 and 0 doublet credits"));
}

#[test]
fn a_file_of_matches_is_exported_one_match_a_file_with_its_score() {
    use crate::matchfile::{Crawford, MatchGame};
    let forfeit = |loser| GameEnd::Forfeit {
        loser,
        reason: ForfeitReason::Timeout,
    };
    // Match 0 to 2 points: a wins 1, b wins 1 (Crawford), a wins the match.
    let in_match = |game, score, crawford| MatchGame {
        game,
        score,
        crawford,
    };
    let mut games = vec![
        record(0, "a", "b", forfeit(Side::Y), &["3", "5", "6:24/13"]),
        record(0, "b", "a", forfeit(Side::Y), &["3", "5", "6:24/13"]),
        record(0, "a", "b", forfeit(Side::Y), &["3", "5", "6:24/13"]),
        record(1, "b", "a", forfeit(Side::X), &["3", "5", "6:24/13"]),
    ];
    games[0].stakes.in_match = Some(in_match(0, [0, 0], Crawford::Before));
    games[1].stakes.in_match = Some(in_match(1, [0, 1], Crawford::Game));
    games[2].stakes.in_match = Some(in_match(2, [1, 1], Crawford::After));
    games[3].stakes.in_match = Some(in_match(0, [0, 0], Crawford::Before));
    let mut h = header(&["a", "b"], None);
    h.set("match-length", "2");
    let file = MatchFile {
        header: h,
        games,
        ..MatchFile::default()
    };
    let out = Path::new("/x/m.mat");
    let plan = plan_export(&file, out, None).unwrap();
    let paths: Vec<_> = plan.targets.iter().map(|t| t.path.clone()).collect();
    assert_eq!(
        paths,
        [
            PathBuf::from("/x/m.match0.mat"),
            PathBuf::from("/x/m.match1.mat")
        ]
    );
    let text = export_target(&file, &plan.targets[0]).unwrap().text;
    assert!(text.starts_with(" 2 point match\n"), "{text}");
    assert!(text.contains(" a : 0                        b : 0\n"));
    assert!(text.contains(" a : 1                        b : 0\n"));
    assert!(text.contains(" a : 1                        b : 1\n"));
    assert_eq!(text.matches("Wins 1 point\n").count(), 2);
    assert!(text.ends_with("Wins 1 point and the match\n"), "{text}");
    let one = export_target(&file, &plan.targets[1]).unwrap();
    assert_eq!(one.written, 1);
    assert!(!one.text.contains("and the match"));
    // --pair and a single match: to OUT itself.
    let mut single = file.clone();
    single.games.truncate(3);
    let plan = plan_export(&single, out, Some("b,a")).unwrap();
    assert_eq!(plan.targets.len(), 1);
    assert_eq!(plan.targets[0].path, out);
    assert_eq!(plan.targets[0].only_match, Some(0));
}

#[test]
fn cube_actions_are_written_in_the_acting_players_column() {
    use crate::cube::Terms;
    use crate::matchfile::ScoringRules;
    let win = |winner| GameEnd::Win {
        winner,
        kind: crate::board::WinKind::Single,
    };
    let mut dropped = record(0, "a", "b", win(Side::X), &["3", "5", "double", "drop"]);
    dropped.stakes.dropped = true;
    let mut redoubled = record(
        1,
        "a",
        "b",
        win(Side::Y),
        &["3", "5", "double", "take", "6:24/13", "double", "drop"],
    );
    redoubled.stakes.dropped = true;
    redoubled.stakes.cube = 2;
    redoubled.stakes.points = Some(2);
    let scoring = ScoringRules {
        match_length: 0,
        terms: Terms {
            cube: true,
            ..Terms::default()
        },
    };
    let (text, skipped) = export(
        &[dropped, redoubled],
        ["a", "b"],
        NumberRules::default(),
        &scoring,
    );
    assert!(skipped.is_empty(), "{skipped:?}");
    let lines: Vec<(&str, &str)> = text
        .lines()
        .filter(|l| l.len() > 5 && l.as_bytes()[3] == b')')
        .map(|l| (l[5..33].trim(), l[33..].trim()))
        .collect();
    assert_eq!(
        lines,
        [
            // Game 1: a (X, left) doubles, b drops.
            ("Doubles => 2", "Drops"),
            // Game 2: a doubles, b takes; a plays, b redoubles; a drops.
            ("Doubles => 2", "Takes"),
            ("65: 24/13", "Doubles => 4"),
            ("Drops", ""),
        ],
        "{text}"
    );
    assert!(text.contains("\n     Wins 1 point\n"), "{text}");
    assert!(
        text.ends_with(&format!("{}Wins 2 points\n", " ".repeat(33))),
        "{text}"
    );
    // Without the cube in the rules, the actions do not replay: not written.
    let (_, skipped) = export(
        &[record(
            0,
            "a",
            "b",
            win(Side::X),
            &["3", "5", "double", "drop"],
        )],
        ["a", "b"],
        NumberRules::default(),
        &ScoringRules::default(),
    );
    assert_eq!(skipped.len(), 1);
}
