//! `ncbg tables list`: the files of table folders, sorted by name, each
//! table with its size, states and what it covers in words, the other
//! files with why they are not tables (status 0), as text or one JSON
//! array; a missing folder is an error line and status 2.

mod common;

use common::temp_dir::TempDir;
use ncbg::tables::{solve, write_table, Space, Spec};
use serde_json::Value as Json;
use std::path::Path;
use std::process::{Command, Output};

fn list(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(["tables", "list"])
        .args(args)
        .output()
        .expect("ncbg runs")
}

/// A 2-checker bear-off table (15 a side) of alphabet `k` with `credits`;
/// its states.
fn tiny(path: &Path, k: u8, credits: u8) -> u64 {
    let spec = Spec {
        space: Space::bearoff(2, 15),
        k,
        credits,
    };
    let solved = solve(spec, 1, &|_| {}).unwrap();
    write_table(&solved, path).unwrap();
    solved.entries.len() as u64
}

/// The folder of the tests: two tables, a text file, an old table.
fn folder(name: &str) -> (TempDir, u64, u64) {
    let dir = TempDir::new(name);
    let a = tiny(&dir.0.join("b2-k3.tb"), 3, 0);
    let b = tiny(&dir.0.join("b2-k4.tb"), 4, 1);
    std::fs::write(dir.0.join("README.txt"), "tables for tests\n\nbuilt here\n").unwrap();
    std::fs::write(dir.0.join("old.tb"), "NCBG-TABLE 1\nkind=full\nn=3\n\n").unwrap();
    (dir, a, b)
}

#[test]
fn list_shows_tables_and_other_files() {
    let (dir, a, b) = folder("shows");
    let out = list(&[dir.0.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    // Sorted by name (bytes: capitals first).
    let names: Vec<&str> = lines
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, ["README.txt", "b2-k3.tb", "b2-k4.tb", "old.tb"]);
    assert!(
        lines[0].ends_with("not a table: the first line is not 'NCBG-TABLE 2'"),
        "{}",
        lines[0]
    );
    let size = |name: &str| std::fs::metadata(dir.0.join(name)).unwrap().len();
    assert!(
        lines[1].contains(&format!("{:.1} kB", size("b2-k3.tb") as f64 / 1e3))
            && lines[1].contains(&format!(" {a} states  "))
            && lines[1].ends_with(
                "bear-offs with at most 2 checkers a side in play, 15 a side, k=3, doublet credits 0..=0"
            ),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains(&format!(" {b} states  "))
            && lines[2].ends_with("k=4, doublet credits 0..=1"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains("bad table: a table of format version 1"),
        "{}",
        lines[3]
    );

    let out = list(&["--json", dir.0.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let rows: Json = serde_json::from_slice(&out.stdout).expect("one JSON value");
    let rows = rows.as_array().expect("an array");
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["file"], "README.txt");
    assert!(rows[0]["error"]
        .as_str()
        .unwrap()
        .starts_with("not a table"));
    assert!(rows[0].get("states").is_none());
    let t = &rows[1];
    assert_eq!(
        (
            &t["file"],
            &t["bytes"],
            &t["states"],
            &t["kind"],
            &t["n"],
            &t["total"],
            &t["k"],
            &t["credits"]
        ),
        (
            &Json::from("b2-k3.tb"),
            &Json::from(size("b2-k3.tb")),
            &Json::from(a),
            &Json::from("bearoff"),
            &Json::from(2),
            &Json::from(15),
            &Json::from(3),
            &Json::from(0)
        )
    );
    assert!(t.get("error").is_none());
    assert_eq!(
        (&rows[2]["k"], &rows[2]["credits"]),
        (&Json::from(4), &Json::from(1))
    );
    assert!(rows[3]["error"].as_str().unwrap().contains("version 1"));
}

#[test]
fn a_missing_folder_is_status_2_and_no_output() {
    let (dir, _, _) = folder("missing");
    let missing = dir.0.join("nowhere");
    for json in [false, true] {
        let mut args = vec![dir.0.to_str().unwrap(), missing.to_str().unwrap()];
        if json {
            args.push("--json");
        }
        let out = list(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("ncbg: ") && err.contains("nowhere") && err.contains("no such folder"),
            "{err}"
        );
    }
    // Two folders: a heading for each.
    let other = TempDir::new("other");
    tiny(&other.0.join("t.tb"), 3, 0);
    let out = list(&[dir.0.to_str().unwrap(), other.0.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[0], format!("{}:", dir.0.display()));
    assert_eq!(lines[5], format!("{}:", other.0.display()));
    assert!(lines[6].starts_with("t.tb  "), "{}", lines[6]);
}

/// A text file with no empty line (a one-line note) is told by its first
/// line too, not by a header it never meant to have.
#[test]
fn a_one_line_note_is_told_by_its_first_line() {
    let dir = TempDir::new("note");
    std::fs::write(dir.0.join("note.txt"), "a one-line note\n").unwrap();
    let out = list(&[dir.0.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.trim_end()
            .ends_with("not a table: the first line is not 'NCBG-TABLE 2'"),
        "{text}"
    );
}
