//! Backgammon Race and Anti-Backgammon (issue 79) through the tools that
//! read and write their match files: `ncbg analyze` analyses every turn of
//! a race or anti match file (the `pool/N` entries, a drawn game) and of a
//! list of their full-state IDs; `ncbg-referee export-mat` refuses both
//! with the reason (gnubg has no pool, and knows only the plain object),
//! writing nothing, and still exports a standard match.

mod common;
#[path = "referee_support/mod.rs"]
mod support;

use common::run::ncbg;

use ncbg::ids::state_id;
use ncbg::matchfile::MatchFile;
use ncbg::turn::{self, TurnForm};
use std::path::{Path, PathBuf};

use support::*;

/// Two random test engines play 2 games of `variant`, drawn by the turn
/// cap after `max_turns`: the match file.
fn match_file(dir: &Path, variant: &str, max_turns: &str) -> PathBuf {
    let file = dir.join(format!("{variant}.match"));
    let out = file.display().to_string();
    let extra = [
        "--variant",
        variant,
        "--games",
        "2",
        "--max-turns",
        max_turns,
        "--quiet",
        "--out",
        &out,
    ];
    run_referee(&random_pair("", &extra));
    file
}

#[test]
fn race_and_anti_match_files_are_analysed_turn_by_turn() {
    let dir = temp_dir("variant-analyze");
    for variant in ["race", "anti"] {
        let path = match_file(&dir, variant, "40");
        let text = std::fs::read_to_string(&path).unwrap();
        let file = MatchFile::parse(&text);
        assert_eq!(file.header.get("variant"), Some(variant));
        assert_eq!(file.games.len(), 2);
        let p = path.display().to_string();
        let out = ncbg(
            &[
                "analyze", "--depth", "1", "--nodes", "100", "--format", "tsv", &p,
            ],
            "",
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rows: Vec<Vec<&str>> = stdout
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| l.split('\t').collect())
            .collect();
        for g in &file.games {
            // Every turn after turn 0's two picks, in order, as played.
            let played: Vec<&str> = rows
                .iter()
                .filter(|r| r[0] == g.index.to_string())
                .map(|r| r[4])
                .collect();
            let moves: Vec<&str> = g.moves[2..].iter().map(String::as_str).collect();
            assert_eq!(played, moves, "{variant} game {}", g.index);
        }
        let all: Vec<&str> = rows.iter().map(|r| r[4]).collect();
        // A race's checkers enter from the pool; an anti game has none.
        assert_eq!(
            all.iter().any(|t| t.contains("pool/")),
            variant == "race",
            "{variant}: {all:?}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Positions of both games by their full-state IDs: each gets a best turn
/// that is legal in it, and an anti position whose every turn bears off
/// the last checker is an exact loss.
#[test]
fn race_and_anti_positions_are_analysed() {
    let ids = [
        "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:p15-15",
        "AJAEAAAQVQEAAA:Xpick:x1y5:d10:k6:p9-12",
        "Ww+g0AIlgFdVQQ:Xpick:x3y1:d00:k6:anti",
        "fwAA/gEBAAAAAA:Ypick:x2y4:d00:k6:anti",
    ];
    let out = ncbg(
        &[
            "analyze", "--depth", "1", "--nodes", "100", "--format", "json",
        ],
        &ids.join("\n"),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut seen = 0;
    for line in stdout.lines().filter(|l| l.starts_with('{')) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let (Some(id), Some(best)) = (v["state"].as_str(), v["best"].as_str()) else {
            continue;
        };
        let state = state_id::decode(id).unwrap();
        assert!(ids.contains(&id), "{id}");
        turn::read(&state, best, TurnForm::Answer).unwrap_or_else(|e| panic!("{id} {best}: {e}"));
        if id.starts_with("fwAA") {
            // Y's last checker must bear off: in Anti-Backgammon that loses,
            // and the search sees the end exactly.
            assert!(
                v["score"].as_i64().unwrap() < -1000 && v["exact"] == true,
                "{line}"
            );
        }
        seen += 1;
    }
    assert_eq!(seen, ids.len(), "{stdout}");
}

/// `export-mat` refuses a race and an anti match with why (exit 1, no
/// file); the same match in the standard game exports.
#[test]
fn export_mat_refuses_race_and_anti_matches_with_the_reason() {
    let dir = temp_dir("variant-export");
    for (variant, why) in [
        ("race", "gnubg has no pool of waiting checkers"),
        ("anti", "gnubg knows only the plain object"),
        ("standard", ""),
    ] {
        // Played out (a game drawn by the cap has no .mat form anyway).
        let file = match_file(&dir, variant, "1000");
        let mat = dir.join(format!("{variant}.mat"));
        let out = referee_output(&args(&[
            "export-mat",
            &file.display().to_string(),
            &mat.display().to_string(),
        ]));
        let err = stderr_of(&out);
        if why.is_empty() {
            assert!(out.status.success(), "{err}");
            assert!(mat.exists());
            continue;
        }
        assert_eq!(out.status.code(), Some(1), "{variant}: {err}");
        assert!(
            err.contains(why) && err.contains(".mat"),
            "{variant}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!mat.exists(), "{variant}: a file was written");
    }
    let _ = std::fs::remove_dir_all(dir);
}
