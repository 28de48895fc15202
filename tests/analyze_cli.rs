//! `ncbg analyze` as scripts use it: JSON lines, bad lines reported and
//! skipped, identical results for any number of jobs, blunders in a recorded
//! game flagged.

use ncbg::analysis::{analyze_position, AnalysisSettings};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::matchfile::Opening;
use ncbg::matchfile::{GameEnd, GameRecord, MAGIC};
use ncbg::search::Searcher;
use serde_json::Value;
use std::process::{Command, Stdio};

mod analyze_support;
mod common;
use analyze_support::{analyze, analyze_output, analyze_status};

const POSITIONS: &str = "\
# initial pair (3,5), X to pick
4HPwATDgc/ABMA:Xpick:x3y5:d22:k6
4HPwATDgc/ABMA:Xpick:x9y5:d22:k6
4HPwATDgc/ABMA:Xplay:x6y5:d22:k6
garbage line

4HPwATDgc/ABMA:Ypick:x3y-:d22:k6
4HPwATDgc/ABMA:Xpick:x2y4:d22:k6
";

#[test]
fn json_lines_parse_and_bad_lines_are_reported() {
    let (out, err) = analyze(
        &["--depth", "2", "--format", "json", "--multipv", "2"],
        POSITIONS,
    );
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The settings first: a depth other than the default's is custom.
    let settings = &rows[0]["analysis"];
    assert_eq!(
        (
            &settings["preset"],
            &settings["depth"],
            &settings["both_parities"]
        ),
        (&Value::from("custom"), &Value::from(2), &Value::from(true))
    );
    assert!(rows[0]["description"]
        .as_str()
        .unwrap()
        .contains("depths 1 and 2 averaged"));
    let rows = &rows[1..];
    let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [2, 4, 7, 8]);
    for r in rows {
        assert_eq!(r["ranked"].as_array().unwrap().len(), 2);
        assert_eq!(r["ranked"][0]["choice"], r["best"]);
        assert_eq!(r["depth"], 2);
    }
    assert!(err.contains("line 3:"), "{err}");
    assert!(err.contains("line 5:"), "{err}");
    assert_eq!(
        err.lines().filter(|l| l.contains("line ")).count(),
        2,
        "{err}"
    );
}

#[test]
fn jobs_do_not_change_results() {
    for format in ["json", "tsv", "table"] {
        let (one, _) = analyze(
            &["--depth", "2", "--format", format, "--jobs", "1"],
            POSITIONS,
        );
        let (two, _) = analyze(
            &["--depth", "2", "--format", format, "--jobs", "2"],
            POSITIONS,
        );
        assert_eq!(one, two, "{format}");
    }
}

#[test]
fn a_blunder_in_a_match_file_is_flagged() {
    // X's first real turn is the one the engine ranks last.
    let mut g = GameState::standard();
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    let all = analyze_position(
        &mut Searcher::new(8, Box::new(NnEval::embedded())),
        &g,
        &AnalysisSettings::default().with_depth(2).unwrap(),
        1000,
    )
    .unwrap();
    let worst = all.ranked.last().unwrap().choice.clone();
    let record = GameRecord {
        depths: Vec::new(),
        index: 0,
        pair: 0,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: "weak".into(),
        y_name: "strong".into(),
        end: GameEnd::MaxTurns,
        detail: String::new(),
        moves: vec!["3".into(), "5".into(), worst.clone()],
        stakes: ncbg::matchfile::Stakes::default(),
    };
    let file = format!(
        "{MAGIC}\nmeta\tk=6\nmeta\tcredits=2\n{}\ngame\tbroken\n",
        record.to_line()
    );
    let (out, err) = analyze(&["--depth", "2", "--format", "json"], &file);
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let turn = rows
        .iter()
        .find(|r| r["played"] == worst.as_str())
        .expect("the turn is reported");
    assert_eq!(turn["verdict"], "blunder");
    assert_eq!(turn["player"], "weak");
    let totals = rows
        .iter()
        .find(|r| r["totals"] == "weak")
        .expect("totals for the player");
    assert_eq!(totals["blunders"], 1);
    assert!(
        err.contains("line 5"),
        "the broken game line is reported: {err}"
    );
    assert!(turn.get("play_depth").is_none(), "{turn}");
    assert_eq!(turn["depth"], 2);

    // The same game, the play's search recorded at depth 3: the mark is
    // checked one ply past the play, and each output gives the play's depth.
    let deep = GameRecord {
        depths: vec![None, None, Some(3)],
        ..record
    };
    let file = format!("{MAGIC}\nmeta\tk=6\nmeta\tcredits=2\n{}\n", deep.to_line());
    let (out, _) = analyze(&["--depth", "2", "--format", "json"], &file);
    let checked: Value = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["played"] == worst.as_str())
        .expect("the turn is reported");
    assert_eq!(
        (&checked["depth"], &checked["play_depth"]),
        (&Value::from(4), &Value::from(3))
    );
    let (tsv, _) = analyze(&["--depth", "2", "--format", "tsv"], &file);
    let row = tsv.lines().find(|l| l.contains(worst.as_str())).unwrap();
    assert_eq!(row.split('\t').nth(14), Some("3"), "{row}");
    // Deeper than the check goes (2 + 3 plies): a table row says so.
    let deeper = GameRecord {
        depths: vec![None, None, Some(9)],
        ..deep
    };
    let file = format!(
        "{MAGIC}\nmeta\tk=6\nmeta\tcredits=2\n{}\n",
        deeper.to_line()
    );
    let (table, _) = analyze(&["--depth", "2"], &file);
    assert!(
        table.contains("(depth 5, the play's 9: shallower than the play)"),
        "{table}"
    );
}

/// A match file lists its games as they finished (game 1 before game 0
/// when game 1 ended first); the analysis lists them in game order, by
/// the file's own numbers.
#[test]
fn a_match_files_games_are_listed_in_game_order() {
    let record = |index: u64, moves: &[&str]| GameRecord {
        depths: Vec::new(),
        index,
        pair: 0,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: "a".into(),
        y_name: "b".into(),
        end: GameEnd::MaxTurns,
        detail: String::new(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        stakes: ncbg::matchfile::Stakes::default(),
    };
    let g0 = record(0, &["3", "5", "6:24/18,13/8"]);
    let g1 = record(1, &["3", "5", "4:24/20,13/8"]);
    let file = format!(
        "{MAGIC}\nmeta\tk=6\nmeta\tcredits=2\n{}\n{}\n",
        g1.to_line(),
        g0.to_line()
    );
    let (out, _) = analyze(&["--depth", "1", "--format", "tsv"], &file);
    let games: Vec<&str> = out
        .lines()
        .skip(2)
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(games, ["0", "1"], "{out}");
    // The turns of all games are shared among the jobs: the same lines.
    let (two, _) = analyze(&["--depth", "1", "--format", "tsv", "--jobs", "2"], &file);
    assert_eq!(out, two);
}

/// Every output says the settings that produced it; `--quick` is labelled
/// so, and a play deeper than the analysis is named.
#[test]
fn outputs_name_their_settings_and_a_deeper_play() {
    let input = "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6\n";
    let (out, _) = analyze(&["--quick"], input);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .starts_with("# analysis: quick (every choice screened to depth 3"),
        "{out}"
    );
    let (out, _) = analyze(&["--quick", "--format", "tsv"], input);
    assert!(out.starts_with("# analysis: quick ("), "{out}");
    // A match whose engines played at depth 9 against the quick analysis.
    let g = GameRecord {
        depths: Vec::new(),
        index: 0,
        pair: 0,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: "a".into(),
        y_name: "b".into(),
        end: GameEnd::MaxTurns,
        detail: String::new(),
        moves: vec!["3".into(), "5".into(), "6:24/18,13/8".into()],
        stakes: ncbg::matchfile::Stakes::default(),
    };
    let file = format!(
        "{MAGIC}\nmeta\tengine0=a\nmeta\tengine1=b\nmeta\tlimits0=tc=- movetime=- depth=9 nodes=-\nmeta\tlimits1=tc=- movetime=- depth=1 nodes=-\nmeta\tk=6\nmeta\tcredits=2\n{}\n",
        g.to_line()
    );
    let (out, err) = analyze(&["--quick", "--format", "json"], &file);
    assert!(err.contains("note: a played at depth 9"), "{err}");
    assert!(!err.contains("note: b"), "{err}");
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert!(last["note"]
        .as_str()
        .unwrap()
        .contains("shallower than the play"));
}

#[test]
fn another_net_gives_its_own_values_and_a_bad_one_is_refused() {
    let input = "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6\n";
    let score = |extra: &[&str]| -> i64 {
        let mut args = vec!["--depth", "1", "--format", "json"];
        args.extend_from_slice(extra);
        let (out, _) = analyze(&args, input);
        let v: Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
        v["score"].as_i64().unwrap()
    };
    let gen0 = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/train/nets/gen0.ncnn");
    // The embedded net and generation 0 do not value the opening alike; the
    // same net by file gives the embedded net's value.
    let embedded = score(&[]);
    assert_ne!(embedded, score(&["--net", gen0]));
    let embedded_file = concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval/nn/default.ncnn");
    assert_eq!(embedded, score(&["--net", embedded_file]));
    // Not a net: an error naming the file, nothing on stdout.
    let out = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(["analyze", "--net", "Cargo.toml", "-"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Cargo.toml"));
}

#[test]
fn a_gnubg_mat_is_analysed_as_its_games() {
    // Two random games, exported as the referee and the GUI export them.
    let mut rng = ncbg::rng::Rng::new(5);
    let mut games = Vec::new();
    for (i, (x0, y0)) in [(3u8, 5u8), (6, 1)].into_iter().enumerate() {
        let mut s = GameState::standard();
        s.pick(x0).unwrap();
        s.pick(y0).unwrap();
        let mut moves = vec![x0.to_string(), y0.to_string()];
        while !s.is_over() {
            let c = ncbg::turn::random_turn(&s, &mut rng).unwrap();
            let t = c.token(&s);
            ncbg::referee::judge::apply_answer(&mut s, &t).unwrap();
            moves.push(t);
        }
        let r = s.result().unwrap();
        games.push(GameRecord {
            depths: Vec::new(),
            index: i as u64,
            pair: 0,
            round: 0,
            opening: Opening::Pair { x0, y0 },
            x_name: "a".into(),
            y_name: "b".into(),
            end: GameEnd::Win {
                winner: r.winner,
                kind: r.kind,
            },
            detail: String::new(),
            moves,
            stakes: ncbg::matchfile::Stakes::default(),
        });
    }
    let (mat, skipped) = ncbg::referee::mat::export(
        &games,
        ["a", "b"],
        ncbg::numbers::NumberRules::default(),
        &Default::default(),
    );
    assert!(skipped.is_empty());
    let (ok, out, err) = analyze_status(&["--depth", "1", "--format", "json"], &mat);
    assert!(ok, "{err}");
    assert!(err.is_empty(), "{err}");
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let turns = rows.iter().filter(|r| r.get("played").is_some()).count();
    let played: usize = games.iter().map(|g| g.moves.len() - 2).sum();
    assert_eq!(turns, played, "every played turn is judged");
    assert!(rows.iter().any(|r| r["totals"] == "a"));
    // Numbered as the file numbers them ("Game 1", "Game 2"), in that order.
    assert!(mat.contains(" Game 1\n") && mat.contains(" Game 2\n"));
    let numbers: Vec<u64> = rows
        .iter()
        .filter(|r| r.get("played").is_some())
        .map(|r| r["game"].as_u64().unwrap())
        .collect();
    let first_of_2 = numbers.iter().position(|&n| n == 2).unwrap();
    assert!(numbers[..first_of_2].iter().all(|&n| n == 1), "{numbers:?}");
    assert!(numbers[first_of_2..].iter().all(|&n| n == 2), "{numbers:?}");
    // A .mat the rules do not replay is one error, not a line per game.
    let bad = " 0 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 6/5              42: 8/4 6/4\n  2) 31: 8/5 6/5\n";
    let (ok, out, err) = analyze_status(&["--depth", "1"], bad);
    assert!(!ok);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn input_that_is_no_list_of_ids_is_one_error() {
    let text = "hello\nthis is not\na match file\n".repeat(40);
    let (ok, out, err) = analyze_status(&["--depth", "1"], &text);
    assert!(!ok, "a non-zero exit");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a referee match file"), "{err}");
}

/// An empty input (or one of comments alone) is no list either: the same
/// error, exit status 2, not a silent success.
#[test]
fn an_empty_input_is_an_error() {
    for text in ["", "\n\n", "# nothing here\n"] {
        let out = analyze_output(&["--depth", "1"], text);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text:?}: {err}");
        assert!(out.stdout.is_empty());
        assert!(
            err.starts_with("ncbg: standard input: not a referee match file"),
            "{err}"
        );
    }
}
