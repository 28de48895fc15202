//! `ncbg analyze` on games played with the cube: each cube decision's row
//! (a double, its answer, a turn where the mover could double and did
//! not), in a referee match file and in a `.mat`, and the games of a match
//! numbered within their match.

use ncbg::analysis::{analyze_position, AnalysisSettings};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::matchfile::{GameEnd, GameRecord, Opening};
use ncbg::search::Searcher;
use serde_json::Value;

mod analyze_support;
mod common;
use analyze_support::analyze;

/// A match file of a match to 5 at 0-0 whose games open with X's double:
/// the header's match length gives the stakes, so the cube tokens replay
/// and each cube decision gets its row.
fn doubled_match(answer: &str, more: &[&str], end: GameEnd) -> String {
    use ncbg::cube::Crawford;
    use ncbg::matchfile::{Header, MatchGame, Stakes};
    let mut moves: Vec<String> = ["3", "5", "double", answer]
        .iter()
        .map(|s| s.to_string())
        .collect();
    moves.extend(more.iter().map(|s| s.to_string()));
    let record = GameRecord {
        depths: Vec::new(),
        index: 0,
        pair: 0,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: "doubler".into(),
        y_name: "taker".into(),
        end,
        detail: String::new(),
        moves,
        stakes: Stakes {
            in_match: Some(MatchGame {
                game: 0,
                score: [0, 0],
                crawford: Crawford::Before,
            }),
            cube: if answer == "drop" { 1 } else { 2 },
            points: None,
            dropped: answer == "drop",
        },
    };
    let mut h = Header::default();
    h.set("k", "6");
    h.set("credits", "2");
    h.set("match-length", "5");
    let text = format!("{}{}\n", h.to_text(), record.to_line());
    assert!(
        ncbg::matchfile::MatchFile::parse(&text).games.len() == 1,
        "{text}"
    );
    text
}

fn json_rows(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_dropped_double_of_a_small_favourite_is_a_cube_blunder() {
    let file = doubled_match(
        "drop",
        &[],
        GameEnd::Win {
            winner: ncbg::numbers::Side::X,
            kind: ncbg::board::WinKind::Single,
        },
    );
    let (out, err) = analyze(&["--depth", "1", "--format", "json"], &file);
    let rows = json_rows(&out);
    let drop = rows
        .iter()
        .find(|r| r["played"] == "drop")
        .unwrap_or_else(|| panic!("the drop is reported: {out}{err}"));
    assert_eq!(drop["player"], "taker");
    assert_eq!(drop["best"], "take", "{drop}");
    assert_eq!(drop["verdict"], "blunder", "{drop}");
    let cube = &drop["cube"];
    assert_eq!(cube["in_match"], true);
    // A small favourite: no double, and far from a pass.
    assert!(
        cube["verdict"].as_str().unwrap().starts_with("No double"),
        "{cube}"
    );
    let dt = cube["double_take"].as_i64().unwrap();
    assert!((0..500).contains(&dt), "{cube}");
    assert_eq!(drop["loss"].as_i64().unwrap(), 1000 - dt);
    // The double itself: a row for the doubler, an error at most as large
    // as the gap between no double and double/take.
    let double = rows.iter().find(|r| r["played"] == "double").unwrap();
    assert_eq!(double["player"], "doubler");
    assert_eq!(double["best"], "no-double");
    assert_eq!(
        double["loss"].as_i64().unwrap(),
        cube["no_double"].as_i64().unwrap() - dt
    );
    // The totals count the cube apart from the turns.
    let taker = rows.iter().find(|r| r["totals"] == "taker").unwrap();
    assert_eq!(taker["cube_decisions"], 1);
    assert_eq!(taker["cube_blunders"], 1);
    assert_eq!(taker["blunders"], 0);
    assert_eq!(taker["turns"], 0);
    // The table and TSV carry the row too.
    let (table, _) = analyze(&["--depth", "1"], &file);
    assert!(
        table
            .lines()
            .any(|l| l.contains("cube   drop") && l.contains("?? blunder")),
        "{table}"
    );
    let (tsv, _) = analyze(&["--depth", "1", "--format", "tsv"], &file);
    assert!(
        tsv.lines()
            .any(|l| l.contains("\tdrop\t") && l.split('\t').nth(13) == Some("No double, take")),
        "{tsv}"
    );
}

#[test]
fn a_taken_double_is_ok_and_no_double_rows_follow() {
    // After the take X plays its usual turn; then Y owns the cube and may
    // redouble at its turn: a no-double row before Y's turn.
    let mut g = GameState::standard();
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    let all = analyze_position(
        &mut Searcher::new(8, Box::new(NnEval::embedded())),
        &g,
        &AnalysisSettings::default().with_depth(1).unwrap(),
        1,
    )
    .unwrap();
    let best = all.ranked[0].choice.clone();
    let file = doubled_match("take", &[&best], GameEnd::MaxTurns);
    let (out, err) = analyze(&["--depth", "1", "--format", "json"], &file);
    let rows = json_rows(&out);
    let take = rows
        .iter()
        .find(|r| r["played"] == "take")
        .unwrap_or_else(|| panic!("the take is reported: {out}{err}"));
    assert_eq!(take["verdict"], "ok", "{take}");
    assert_eq!(take["loss"], 0, "{take}");
    assert!(rows.iter().any(|r| r["played"] == best.as_str()));
}

#[test]
fn a_mat_of_a_match_keeps_its_cube_rows() {
    // The dropped double of the match file, exported as a `.mat` of a
    // 5-point match: the same drop row, from the `.mat`'s match length.
    let file = doubled_match(
        "drop",
        &[],
        GameEnd::Win {
            winner: ncbg::numbers::Side::X,
            kind: ncbg::board::WinKind::Single,
        },
    );
    let parsed = ncbg::matchfile::MatchFile::parse(&file);
    let scoring = parsed.header.scoring().unwrap();
    let (mat, skipped) = ncbg::referee::mat::export(
        &parsed.games,
        ["doubler", "taker"],
        ncbg::numbers::NumberRules::default(),
        &scoring,
    );
    assert!(skipped.is_empty(), "{skipped:?}");
    assert!(
        mat.contains("5 point match") && mat.contains("Drops"),
        "{mat}"
    );
    let (out, _) = analyze(&["--depth", "1", "--format", "json"], &mat);
    let rows = json_rows(&out);
    let drop = rows
        .iter()
        .find(|r| r["played"] == "drop")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(drop["verdict"], "blunder", "{drop}");
    assert_eq!(drop["cube"]["in_match"], true);
}

/// The games of a match to N points share their match's `index=` in a
/// referee match file; the analysis numbers each within its match (`0.0`,
/// `0.1`; JSON `game` and `match_game`), with each game's own X and Y (the
/// colours change every game).
#[test]
fn the_games_of_a_match_are_numbered_within_it() {
    use ncbg::cube::Crawford;
    use ncbg::matchfile::{Header, MatchGame, Stakes};
    let game =
        |n: u32, x: &str, y: &str, score: [u32; 2], moves: &[&str], end: GameEnd| GameRecord {
            depths: Vec::new(),
            index: 0,
            pair: 0,
            round: 0,
            opening: Opening::Pair { x0: 3, y0: 5 },
            x_name: x.into(),
            y_name: y.into(),
            end,
            detail: String::new(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            stakes: Stakes {
                in_match: Some(MatchGame {
                    game: n,
                    score,
                    crawford: Crawford::Before,
                }),
                cube: 1,
                points: None,
                dropped: end != GameEnd::MaxTurns,
            },
        };
    let won = GameEnd::Win {
        winner: ncbg::numbers::Side::X,
        kind: ncbg::board::WinKind::Single,
    };
    // a doubles at once and b drops: 1-0; then b plays X at 0-1 by colour.
    let first = game(0, "a", "b", [0, 0], &["3", "5", "double", "drop"], won);
    let second = game(
        1,
        "b",
        "a",
        [0, 1],
        &["3", "5", "6:24/18,13/8"],
        GameEnd::MaxTurns,
    );
    let mut h = Header::default();
    h.set("k", "6");
    h.set("credits", "2");
    h.set("match-length", "5");
    let text = format!("{}{}\n{}\n", h.to_text(), first.to_line(), second.to_line());
    assert_eq!(
        ncbg::matchfile::MatchFile::parse(&text).games.len(),
        2,
        "{text}"
    );

    let (table, _) = analyze(&["--depth", "1"], &text);
    let numbered: Vec<(&str, &str)> = table
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[1], f[5])
        })
        .collect();
    assert!(numbered.contains(&("0.0", "a")), "{table}");
    // The second game's first turn is b's, as X.
    let second_game: Vec<&(&str, &str)> = numbered.iter().filter(|(g, _)| *g == "0.1").collect();
    assert!(!second_game.is_empty(), "{table}");
    assert_eq!(second_game[0].1, "b", "{table}");
    assert!(
        numbered.iter().all(|(g, _)| *g == "0.0" || *g == "0.1"),
        "{table}"
    );

    let (json, _) = analyze(&["--depth", "1", "--format", "json"], &text);
    let rows: Vec<Value> = json_rows(&json)
        .into_iter()
        .filter(|r| r.get("turn").is_some())
        .collect();
    let games: Vec<(u64, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["game"].as_u64().unwrap(),
                r["match_game"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(games.contains(&(0, 0)) && games.contains(&(0, 1)), "{json}");

    let (tsv, _) = analyze(&["--depth", "1", "--format", "tsv"], &text);
    let first_column: Vec<&str> = tsv
        .lines()
        .skip(2)
        .filter_map(|l| l.split('\t').next())
        .filter(|g| g.starts_with('0'))
        .collect();
    assert!(
        first_column.contains(&"0.0") && first_column.contains(&"0.1"),
        "{tsv}"
    );
}
