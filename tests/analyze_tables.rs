//! Analysis with exact-value tables: a turn whose state a table covers is
//! judged by the table (the best is optimal, both values are exact points
//! × 1000, the report says `exact`), a thrown win is counted in the totals,
//! and `ncbg analyze --tables` marks it in every output format;
//! `--tables-path` takes the tables of folders.

use ncbg::analysis::{analyze_game, output, totals, AnalysisSettings};
use ncbg::board::Position;
use ncbg::eval::NnEval;
use ncbg::game::{GameState, Phase};
use ncbg::ids::state_id;
use ncbg::matchfile::{GameEnd, GameRecord, Opening, MAGIC};
use ncbg::numbers::{Numbers, Side};
use ncbg::search::Searcher;
use ncbg::tables::{solve, write_table, Space, Spec, Table, Value};
use serde_json::Value as Json;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

/// Bear-offs of two checkers a side (15 in the game), k = 3, no credits:
/// a few thousand states, solved at once.
fn table() -> Table {
    let spec = Spec {
        space: Space::bearoff(2, 15),
        k: 3,
        credits: 0,
    };
    Table::from_solved(solve(spec, 1, &|_| {}).unwrap())
}

/// A pick state of X (points of its two checkers, Y's, X's previous number
/// and Y's current one).
fn state(x: [usize; 2], y: [usize; 2], own: u8, theirs: u8) -> Option<GameState> {
    let side = |pts: [usize; 2]| {
        let mut a = [0u8; 25];
        pts.iter().for_each(|&p| a[p - 1] += 1);
        a
    };
    let pos = Position::from_points(&side(x), &side(y), 15).ok()?;
    let numbers = Numbers::from_parts([Some(own), Some(theirs)], [0, 0]);
    GameState::new(pos, Side::X, numbers, 3, Phase::Pick).ok()
}

/// A won state for X with a choice that throws the win, and a game from it:
/// X throws the win, then both sides play the table's best to the end.
fn thrown_win(table: &Table) -> (GameState, Vec<String>, i32) {
    let pairs = (1..=6).flat_map(|a| (a..=6).map(move |b| [a, b]));
    for (x, y) in pairs
        .clone()
        .flat_map(|x| pairs.clone().map(move |y| (x, y)))
    {
        for (own, theirs) in [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)] {
            let Some(start) = state(x, y, own, theirs) else {
                continue;
            };
            let choices = table.choices(&start).unwrap();
            let Value::Win(points) = choices[0].exact.value else {
                continue;
            };
            let Some(bad) = choices.iter().find(|c| c.exact.value.points() <= 0) else {
                continue;
            };
            let mut moves = vec![bad.token(&start)];
            let mut s = bad.turn.after(&start);
            while !s.is_over() {
                let best = table.choices(&s).unwrap()[0];
                moves.push(best.token(&s));
                s = best.turn.after(&s);
            }
            return (start, moves, i32::from(points) * 1000);
        }
    }
    panic!("no thrown win found");
}

#[test]
fn a_thrown_win_is_an_exact_verdict() {
    let table = Arc::new(table());
    let (start, moves, won) = thrown_win(&table);
    let mut searcher = Searcher::new(4, Box::new(NnEval::embedded()));
    let settings = AnalysisSettings::quick();
    let analyze = |s: &mut Searcher| analyze_game(s, &start, &moves, &settings).unwrap();
    let plain = analyze(&mut searcher);
    assert!(plain
        .iter()
        .all(|r| !r.exact && r.depth > 0 && r.best_turns.is_none() && r.played_turns.is_none()));

    searcher.set_tables(vec![table.clone()]);
    let reports = analyze(&mut searcher);
    assert_eq!(reports.len(), moves.len());
    assert!(reports.iter().all(|r| r.exact && r.depth == 0));
    let first = &reports[0];
    assert_eq!(first.best_score, won);
    assert!(first.played_score <= 0, "{first:?}");
    assert_eq!(first.loss, won - first.played_score);
    assert_ne!(first.best, first.played);
    // Every later turn is an optimal one: no loss, the best is the played.
    for r in &reports[1..] {
        assert_eq!((r.loss, &r.best), (0, &r.played), "{r:?}");
        let value = table.probe(&state_id::decode(&r.state).unwrap()).unwrap();
        assert_eq!(r.best_score, value.value.points() * 1000);
        assert_eq!(r.best_turns, r.played_turns, "{r:?}");
        assert_eq!(r.best_turns, Some(value.rank - 1), "{r:?}");
    }
    // Turns to the end: a bear-off has no draw, so the thrown turn's loss
    // has a distance too, and under best play each turn brings the end one
    // nearer, the last one ending the game.
    assert!(first.best_turns.is_some() && first.played_turns.is_some());
    for w in reports[1..].windows(2) {
        assert_eq!(w[1].best_turns, w[0].played_turns.map(|t| t - 1), "{w:?}");
    }
    assert_eq!(reports.last().unwrap().played_turns, Some(0));
    let [(_, x), (_, y)] = totals(&reports);
    assert_eq!(
        (x.exact_turns, x.wins_thrown, x.exact_loss),
        (x.turns, 1, i64::from(first.loss))
    );
    assert_eq!((y.wins_thrown, y.draws_thrown, y.exact_loss), (0, 0, 0));
    assert_eq!(y.exact_turns, y.turns);
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ncbg-analyze-tables-{}-{name}", std::process::id()))
}

fn analyze(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .arg("analyze")
        .args(args)
        .output()
        .expect("ncbg runs")
}

#[test]
fn analyze_tables_marks_exact_verdicts_in_every_format() {
    let spec_table = table();
    let (start, moves, _) = thrown_win(&spec_table);
    let tb = temp("bearoff.tb");
    let spec = spec_table.spec();
    write_table(&solve(spec, 1, &|_| {}).unwrap(), &tb).unwrap();
    let record = GameRecord {
        depths: Vec::new(),
        index: 0,
        pair: 0,
        round: 0,
        opening: Opening::State(state_id::encode(&start)),
        x_name: "thrower".into(),
        y_name: "keeper".into(),
        end: GameEnd::MaxTurns,
        detail: String::new(),
        moves: moves.clone(),
        stakes: ncbg::matchfile::Stakes::default(),
    };
    let file = temp("match.txt");
    std::fs::write(
        &file,
        format!(
            "{MAGIC}\nmeta\tk=3\nmeta\tcredits=0\n{}\n",
            record.to_line()
        ),
    )
    .unwrap();
    let (f, t) = (file.to_str().unwrap(), tb.to_str().unwrap());
    let both = format!("{}; {t}", temp("other.tb").display());

    let json = analyze(&[f, "--tables", t, "--format", "json"]);
    assert!(
        json.status.success(),
        "{}",
        String::from_utf8_lossy(&json.stderr)
    );
    let rows: Vec<Json> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let turns: Vec<&Json> = rows.iter().filter(|r| r.get("turn").is_some()).collect();
    assert_eq!(turns.len(), moves.len());
    assert!(turns.iter().all(|r| r["exact"] == true && r["depth"] == 0));
    assert!(turns[0]["best_score"].as_i64().unwrap() > 0 && turns[0]["loss"].as_i64().unwrap() > 0);
    assert!(turns
        .iter()
        .all(|r| r["best_turns"].is_u64() && r["played_turns"].is_u64()));
    assert_eq!(turns.last().unwrap()["played_turns"], 0);
    let thrower = rows.iter().find(|r| r["totals"] == "thrower").unwrap();
    assert_eq!(thrower["wins_thrown"], 1);
    assert_eq!(thrower["exact_turns"], thrower["turns"]);
    assert_eq!(thrower["exact_loss"], turns[0]["loss"]);
    // Per stage: every stage listed, and the turns and losses of the
    // thrower's turns add up to its totals, each in its turns' stage.
    let stages = &thrower["stages"];
    let sum = |field: &str| -> i64 {
        ["contact", "race", "bear-off"]
            .iter()
            .map(|s| stages[s][field].as_i64().unwrap())
            .sum()
    };
    assert_eq!(sum("turns"), thrower["turns"].as_i64().unwrap());
    assert_eq!(sum("total_loss"), thrower["total_loss"].as_i64().unwrap());
    let stage = turns[0]["stage"].as_str().unwrap();
    assert!(stages[stage]["total_loss"].as_i64().unwrap() >= turns[0]["loss"].as_i64().unwrap());

    let tsv = analyze(&[f, "--tables", t, "--format", "tsv"]);
    let text = String::from_utf8(tsv.stdout).unwrap();
    let mut lines = text.lines();
    // The settings that produced it lead every output.
    assert!(
        lines.next().unwrap().starts_with("# analysis: default ("),
        "{text}"
    );
    assert_eq!(lines.next(), Some(output::GAMES_TSV_HEADER));
    assert!(output::GAMES_TSV_HEADER.ends_with("\texact\tstage\tcube_verdict\tplay_depth"));
    assert!(
        lines.all(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            f.len() == 15
                && f[10..12] == ["0", "true"]
                && ["contact", "race", "bear-off"].contains(&f[12])
                && f[13].is_empty()
                && f[14].is_empty()
        }),
        "{text}"
    );

    let table_out = analyze(&[f, "--tables", t]);
    let text = String::from_utf8(table_out.stdout).unwrap();
    assert!(text.lines().nth(1).unwrap().contains("  exact"), "{text}");
    assert!(
        text.contains("thrower: ") && text.contains("1 wins thrown"),
        "{text}"
    );
    assert!(text.contains("; by stage: "), "{text}");

    // Without tables: nothing exact. A missing table file: an error naming
    // it, and no output.
    let plain = analyze(&[f, "--depth", "1", "--format", "tsv"]);
    assert!(String::from_utf8(plain.stdout)
        .unwrap()
        .lines()
        .skip(2)
        .all(|l| l.split('\t').nth(11) == Some("false")));
    let bad = analyze(&[f, "--tables", &both]);
    assert!(!bad.status.success());
    assert!(bad.stdout.is_empty());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("other.tb"));
    let _ = std::fs::remove_file(tb);
    let _ = std::fs::remove_file(file);
}

/// `--tables-path`: the tables of a folder (other files skipped) judge the
/// turns they cover, alone or beside `--tables`; a missing folder is an
/// error naming it, with status 2 and no output.
#[test]
fn analyze_tables_path_uses_the_tables_of_folders() {
    let spec_table = table();
    let (start, moves, _) = thrown_win(&spec_table);
    let folder = temp("folder");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    write_table(
        &solve(spec_table.spec(), 1, &|_| {}).unwrap(),
        &folder.join("bearoff2-k3.tb"),
    )
    .unwrap();
    std::fs::write(folder.join("notes.txt"), "not a table\n").unwrap();
    let record = GameRecord {
        depths: Vec::new(),
        index: 0,
        pair: 0,
        round: 0,
        opening: Opening::State(state_id::encode(&start)),
        x_name: "thrower".into(),
        y_name: "keeper".into(),
        end: GameEnd::MaxTurns,
        detail: String::new(),
        moves: moves.clone(),
        stakes: ncbg::matchfile::Stakes::default(),
    };
    let file = temp("path-match.txt");
    std::fs::write(
        &file,
        format!(
            "{MAGIC}\nmeta\tk=3\nmeta\tcredits=0\n{}\n",
            record.to_line()
        ),
    )
    .unwrap();
    let (f, dir) = (file.to_str().unwrap(), folder.to_str().unwrap());
    let exact_turns = |args: &[&str]| -> Vec<bool> {
        let out = analyze(args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<Json>(l).unwrap())
            .filter(|r| r.get("turn").is_some())
            .map(|r| r["exact"] == true)
            .collect()
    };
    let all_exact = vec![true; moves.len()];
    assert_eq!(
        exact_turns(&[f, "--tables-path", dir, "--format", "json"]),
        all_exact
    );
    // Beside --tables (a table of another game here: k=6).
    let other = temp("path-k6.tb");
    let k6 = Spec {
        space: Space::bearoff(2, 15),
        k: 6,
        credits: 0,
    };
    write_table(&solve(k6, 1, &|_| {}).unwrap(), &other).unwrap();
    let both = [
        f,
        "--tables",
        other.to_str().unwrap(),
        "--tables-path",
        dir,
        "--format",
        "json",
    ];
    assert_eq!(exact_turns(&both), all_exact);

    let missing = temp("no-such-folder");
    let bad = analyze(&[f, "--tables-path", missing.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("no-such-folder"), "{err}");
    let _ = std::fs::remove_dir_all(folder);
    let _ = std::fs::remove_file(other);
    let _ = std::fs::remove_file(file);
}
