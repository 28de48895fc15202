//! The engine option `Tables`: a table built with `ncbg tables build`,
//! loaded with `setoption`, answers a covered position with one of the
//! optimal choices `ncbg tables probe` lists, `info` lines report
//! `tbhits`, and a bad file is one `error` line that changes nothing. The
//! option `TablesPath` loads every table of its folders, beside `Tables`'.

mod common;

use common::temp_dir::TempDir;
mod engine_util;

use engine_util::Engine;
use ncbg::board::Position;
use ncbg::game::{GameState, Phase};
use ncbg::ids::state_id;
use ncbg::numbers::{Numbers, Side};
use std::path::{Path, PathBuf};
use std::process::Command;

fn ncbg(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(args)
        .output()
        .expect("run ncbg");
    assert!(
        out.status.success(),
        "ncbg {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// A standard-game state (15 checkers a side, k 6, 2 credits each), X to
/// pick with previous number `own` and Y's number `theirs`; points are
/// 1-based, each side in its own coordinates.
fn state(x: &[usize], y: &[usize], own: u8, theirs: u8) -> String {
    state_of(x, y, own, theirs, 6, 2)
}

/// [`state`] with alphabet `k` and `credits` doublet credits each.
fn state_of(x: &[usize], y: &[usize], own: u8, theirs: u8, k: u8, credits: u8) -> String {
    let side = |pts: &[usize]| {
        let mut a = [0u8; 25];
        pts.iter().for_each(|&p| a[p - 1] += 1);
        a
    };
    let pos = Position::from_points(&side(x), &side(y), 15).unwrap();
    let numbers = Numbers::from_parts([Some(own), Some(theirs)], [credits, credits]);
    let s = GameState::new(pos, Side::X, numbers, k, Phase::Pick).unwrap();
    state_id::encode(&s)
}

fn build_table(dir: &Path) -> PathBuf {
    build_table_k(dir, "bearoff2.tb", 6)
}

/// A 2-checker bear-off table of alphabet `k` (2 credits) at `dir/name`.
fn build_table_k(dir: &Path, name: &str, k: u8) -> PathBuf {
    let file = dir.join(name);
    let out = ncbg(&[
        "tables",
        "build",
        "--checkers",
        "2",
        "--k",
        &k.to_string(),
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(out.starts_with("table "), "{out}");
    file
}

/// The `eval exact` line of `eval` at state `id`, if any.
fn eval_exact(e: &mut Engine, id: &str) -> Option<String> {
    e.ask(&format!("position state {id}"));
    e.ask("eval")
        .into_iter()
        .find(|l| l.starts_with("eval exact"))
}

/// `probe --json`: the value and the optimal choices' tokens.
fn probe(file: &Path, id: &str) -> (i64, Vec<String>, usize) {
    let out = ncbg(&["tables", "probe", "--json", file.to_str().unwrap(), id]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("probe json");
    let choices = v["choices"].as_array().expect("choices");
    let best = choices
        .iter()
        .filter(|c| c["optimal"] == true)
        .map(|c| c["choice"].as_str().unwrap().to_string())
        .collect();
    (v["value"].as_i64().expect("value"), best, choices.len())
}

fn tbhits(info: &str) -> u64 {
    let mut words = info.split_whitespace();
    words.find(|w| *w == "tbhits").expect("tbhits in info");
    words.next().unwrap().parse().unwrap()
}

#[test]
fn tables_option_answers_covered_positions_and_refuses_bad_files() {
    let dir = TempDir::new("option");
    let file = build_table(&dir.0);

    // X (6 and 5 points) must bear both checkers off now: Y (two on its
    // 1-point) bears off next turn. Only 6 with Y's 5 does it.
    let covered = state(&[6, 5], &[1, 1], 1, 5);
    let (value, best, all) = probe(&file, &covered);
    assert_eq!(value, 1);
    assert!(!best.is_empty() && best.len() < all, "{best:?} of {all}");

    let mut e = Engine::start();
    assert!(e.ask("setoption name Tables value <empty>").is_empty());
    // Without tables: no tbhits field.
    e.ask(&format!("position state {covered}"));
    let lines = e.go("go depth 1");
    assert!(lines.iter().all(|l| !l.contains("tbhits")), "{lines:?}");

    assert!(e
        .ask(&format!(
            "setoption name Tables value {}",
            file.to_str().unwrap()
        ))
        .is_empty());
    e.ask(&format!("position state {covered}"));
    let lines = e.go("go depth 3");
    let bestmove = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(
        best.iter().any(|b| b == bestmove),
        "{bestmove} not in {best:?}"
    );
    let info: Vec<_> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert!(!info.is_empty());
    assert!(info.iter().all(|l| tbhits(l) >= 1), "{info:?}");
    assert!(
        info.last().unwrap().contains("score mp 1000 exact"),
        "{info:?}"
    );

    // Three checkers a side is not in the table, but every line that bears
    // one off reaches it.
    e.ask(&format!(
        "position state {}",
        state(&[6, 5, 4], &[1, 1], 1, 5)
    ));
    let lines = e.go("go depth 3");
    let last_info = lines.iter().rev().find(|l| l.starts_with("info ")).unwrap();
    assert!(tbhits(last_info) > 0, "{last_info}");
    assert!(lines.last().unwrap().starts_with("bestmove "));

    // A bad file: one error line naming it, and the table stays loaded.
    let missing = dir.0.join("missing.tb");
    let bad = dir.0.join("bad.tb");
    std::fs::write(&bad, b"NCBG-TABLE 1\nkind=nonsense\n").unwrap();
    for path in [&missing, &bad] {
        let both = format!("{};{}", file.to_str().unwrap(), path.to_str().unwrap());
        let reply = e.ask(&format!("setoption name Tables value {both}"));
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert!(
            reply[0].starts_with("error bad-value Tables")
                && reply[0].contains(path.file_name().unwrap().to_str().unwrap()),
            "{reply:?}"
        );
    }
    e.ask(&format!("position state {covered}"));
    let lines = e.go("go depth 3");
    assert!(lines.iter().any(|l| l.contains("tbhits")), "{lines:?}");
    let bestmove = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(best.iter().any(|b| b == bestmove), "{bestmove}");

    // Emptying the option drops the tables.
    assert!(e.ask("setoption name Tables").is_empty());
    e.ask(&format!("position state {covered}"));
    let lines = e.go("go depth 1");
    assert!(lines.iter().all(|l| !l.contains("tbhits")), "{lines:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

fn ncbg_fails(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(args)
        .output()
        .expect("run ncbg");
    assert!(!out.status.success(), "ncbg {args:?} succeeded");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).expect("utf-8")
}

/// `eval` adds the exact value of a covered state; a game no loaded table
/// can cover (another k, more credits, other checkers a side) is said once
/// in an `info string`, and `tables probe` refuses its states naming both.
#[test]
fn eval_is_exact_where_covered_and_other_games_are_reported() {
    let dir = TempDir::new("eval");
    let file = build_table(&dir.0);
    let path = file.to_str().unwrap();
    let covered = state(&[6, 5], &[1, 1], 1, 5);
    let (value, _, _) = probe(&file, &covered);

    let mut e = Engine::start();
    e.ask(&format!("position state {covered}"));
    let plain = e.ask("eval");
    assert!(
        plain.iter().all(|l| !l.starts_with("eval exact")),
        "{plain:?}"
    );
    assert!(e
        .ask(&format!("setoption name Tables value {path}"))
        .is_empty());
    assert!(e.ask(&format!("position state {covered}")).is_empty());
    let lines = e.ask("eval");
    assert_eq!(lines.len(), plain.len() + 1, "{lines:?}");
    let exact = &lines[lines.len() - 2];
    assert!(
        exact.starts_with(&format!("eval exact {value} turns ")),
        "{lines:?}"
    );
    assert_eq!(lines.last(), plain.last(), "evalok stays the static value");
    // A board outside the table (three checkers): no exact line.
    e.ask(&format!(
        "position state {}",
        state(&[6, 5, 4], &[1, 1], 1, 5)
    ));
    assert!(e.ask("eval").iter().all(|l| !l.starts_with("eval exact")));

    // Another alphabet: one info string naming the game and the tables,
    // once (the next positions of that game are quiet).
    let other_k = state_of(&[6, 5], &[1, 1], 1, 3, 4, 2);
    let reply = e.ask(&format!("position state {other_k}"));
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert!(
        reply[0].starts_with("info string Tables: no loaded table covers this game (k=4,")
            && reply[0].contains("k=6 credits=2"),
        "{reply:?}"
    );
    assert!(e
        .ask(&format!(
            "position state {}",
            state_of(&[6, 4], &[1, 1], 2, 3, 4, 1)
        ))
        .is_empty());
    assert!(e.ask("eval").iter().all(|l| !l.starts_with("eval exact")));
    // More credits than the table holds; then Hypergammon (3 checkers).
    let reply = e.ask(&format!(
        "position state {}",
        state_of(&[6, 5], &[1, 1], 1, 5, 6, 3)
    ));
    assert!(
        reply.len() == 1 && reply[0].contains("doublet credits X 3 / Y 3"),
        "{reply:?}"
    );
    e.ask("setoption name Variant value hypergammon");
    let reply = e.ask("position startpos");
    assert!(
        reply.len() == 1 && reply[0].contains("3 checkers a side"),
        "{reply:?}"
    );
    // A covered game again: quiet, and the search uses the table.
    assert!(e.ask(&format!("position state {covered}")).is_empty());
    e.send("quit");
    assert!(e.wait_exit().success());

    // The command line refuses a state of another game, naming both.
    let err = ncbg_fails(&["tables", "probe", path, &other_k]);
    assert!(
        err.contains("k=4") && err.contains("holds k=6, doublet credits 0..=2"),
        "{err}"
    );
}

/// `TablesPath`: the tables of a folder answer exactly (other files in it
/// are skipped), together with those of `Tables`; a missing folder or a
/// table of the old format in one is one `error` line that changes
/// nothing, and the engine goes on.
#[test]
fn tables_path_loads_the_tables_of_folders() {
    let dir = TempDir::new("path");
    let folder = dir.0.join("tb");
    std::fs::create_dir(&folder).unwrap();
    let file = build_table(&folder);
    std::fs::write(folder.join("README.txt"), "tables built for the tests\n").unwrap();
    let k4 = build_table_k(&dir.0, "k4.tb", 4);
    let covered = state(&[6, 5], &[1, 1], 1, 5);
    let covered_k4 = state_of(&[6, 5], &[1, 1], 1, 3, 4, 2);
    let (value, best, _) = probe(&file, &covered);
    let (value_k4, _, _) = probe(&k4, &covered_k4);

    let mut e = Engine::start();
    assert_eq!(eval_exact(&mut e, &covered), None);
    let reply = e.ask(&format!(
        "setoption name TablesPath value {}",
        folder.to_str().unwrap()
    ));
    assert!(reply.is_empty(), "{reply:?}");
    let exact = eval_exact(&mut e, &covered).expect("an exact value");
    assert!(
        exact.starts_with(&format!("eval exact {value} turns ")),
        "{exact}"
    );
    e.ask(&format!("position state {covered}"));
    let lines = e.go("go depth 3");
    assert!(lines.iter().any(|l| l.contains("tbhits")), "{lines:?}");
    let bestmove = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(best.iter().any(|b| b == bestmove), "{bestmove}");

    // Both options: the tables of both answer.
    assert_eq!(eval_exact(&mut e, &covered_k4), None);
    assert!(e
        .ask(&format!(
            "setoption name Tables value {}",
            k4.to_str().unwrap()
        ))
        .is_empty());
    let exact = eval_exact(&mut e, &covered_k4).expect("k=4 from Tables");
    assert!(exact.starts_with(&format!("eval exact {value_k4} turns ")));
    assert!(
        eval_exact(&mut e, &covered).is_some(),
        "k=6 from TablesPath"
    );

    // A missing folder; a folder holding a table of format version 1.
    let old = dir.0.join("old");
    std::fs::create_dir(&old).unwrap();
    std::fs::write(old.join("hyper.tb"), "NCBG-TABLE 1\nkind=full\n\n").unwrap();
    let missing = dir.0.join("nowhere");
    for (bad, says) in [(&missing, "nowhere"), (&old, "version 1")] {
        let list = format!("{};{}", folder.to_str().unwrap(), bad.to_str().unwrap());
        let reply = e.ask(&format!("setoption name TablesPath value {list}"));
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert!(
            reply[0].starts_with("error bad-value TablesPath") && reply[0].contains(says),
            "{reply:?}"
        );
    }
    // Nothing changed: both tables still answer, and the engine searches.
    assert!(eval_exact(&mut e, &covered).is_some());
    assert!(eval_exact(&mut e, &covered_k4).is_some());
    e.ask(&format!("position state {covered}"));
    let lines = e.go("go depth 2");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");

    // Emptying TablesPath drops its tables only.
    assert!(e.ask("setoption name TablesPath value <empty>").is_empty());
    assert_eq!(eval_exact(&mut e, &covered), None);
    assert!(eval_exact(&mut e, &covered_k4).is_some());
    e.send("quit");
    assert!(e.wait_exit().success());
}
