//! `ncbg --tune NAME=VALUE`: the experiments' way to change the search's
//! tuning, which each game otherwise chooses itself (it is no option). The
//! engine reports the knobs on stderr, searches with them in their games
//! only (as the library does with the same [`Tune`]), and refuses a bad
//! setting before it starts.

use ncbg::eval::NnEval;
use ncbg::ids::state_id;
use ncbg::search::{Limits, Searcher, Settings, Tune};
use std::sync::atomic::AtomicBool;

mod common;

/// Runs `ncbg args` with `input` on stdin: status, stdout, stderr.
fn ncbg(args: &[&str], input: &str) -> (i32, String, String) {
    let out = common::run::ncbg(args, input);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The opening picks (1 and 2): X to pick next.
const OPENING: &str = "position startpos moves 1 2";

/// The engine's last `info` line's nodes and its `bestmove`, searching
/// `position` of `variant` at `k` to `depth` with `args`.
fn engine_search(args: &[&str], variant: &str, k: u8, depth: u32) -> (u64, String) {
    let input = format!(
        "setoption name Variant value {variant}\nsetoption name Alphabet value {k}\n\
         setoption name DoubletCredits value 0\n{OPENING}\ngo depth {depth}\n"
    );
    let (status, out, _) = ncbg(args, &input);
    assert_eq!(status, 0, "{out}");
    let info = out
        .lines()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let nodes = info
        .split_whitespace()
        .skip_while(|w| *w != "nodes")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("bestmove")
        .to_string();
    (nodes, best)
}

#[test]
fn tune_changes_the_search_of_its_games_only() {
    let plain = engine_search(&[], "hypergammon", 3, 7);
    let tuned = engine_search(
        &["--tune", "HyperMoveFilterSmallAlphabet=6"],
        "hypergammon",
        3,
        7,
    );
    assert_ne!(plain.0, tuned.0, "the knob changed nothing");
    // The same knob in the library's search from the same state: node for
    // node the engine's.
    let (_, out, _) = ncbg(
        &[],
        &format!("setoption name Variant value hypergammon\nsetoption name Alphabet value 3\nsetoption name DoubletCredits value 0\n{OPENING}\nd\n"),
    );
    let id = out
        .lines()
        .find_map(|l| l.strip_prefix("stateid "))
        .expect("d shows the state");
    let state = state_id::decode(id).unwrap();
    let mut tune = Tune::new();
    tune.set_from("hypermovefiltersmallalphabet=6").unwrap();
    let settings = Settings {
        tune,
        ..Settings::default()
    };
    let mut searcher = Searcher::new(16, Box::new(NnEval::embedded()));
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let r = searcher
        .search(
            &state,
            &limits,
            &settings,
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
    assert_eq!((r.nodes, r.best.token(&state)), (tuned.0, tuned.1.clone()));
    // Other games' knobs leave the search as it was: the standard game's
    // and NC-Hypergammon's at k = 5..9 at k = 3, NC-Hypergammon's in the
    // standard game.
    let others = [
        "--tune",
        "FutilityMargin=200",
        "--tune",
        "HyperMoveFilter=3",
    ];
    assert_eq!(engine_search(&others, "hypergammon", 3, 7), plain);
    let hyper_knobs = [
        "--tune",
        "HyperMoveFilterSmallAlphabet=6",
        "--tune",
        "HyperMoveFilter=3",
        "--tune",
        "HyperFutilityMargin=0",
    ];
    assert_eq!(
        engine_search(&hyper_knobs, "standard", 6, 4),
        engine_search(&[], "standard", 6, 4)
    );
}

#[test]
fn tune_is_reported_on_stderr_and_is_no_option() {
    let (status, out, err) = ncbg(
        &["--tune", "OddDepths=1", "--tune", "futilitymargin=60"],
        "ncbp\nquit\n",
    );
    assert_eq!(status, 0);
    assert!(
        err.contains("--tune): OddDepths=1 FutilityMargin=60;"),
        "{err}"
    );
    assert!(out.lines().last() == Some("ncbpok"), "{out}");
    assert!(!out.contains("OddDepths") && !out.contains("FutilityMargin"));
    // Without --tune, nothing is reported.
    let (_, _, err) = ncbg(&[], "quit\n");
    assert!(!err.contains("--tune"), "{err}");
}

#[test]
fn a_bad_tune_is_refused_before_the_engine_starts() {
    for (args, reason) in [
        (
            vec!["--tune", "FutilityMargin=4000"],
            "FutilityMargin takes an integer in 0-3000, not '4000'",
        ),
        (vec!["--tune", "Hash=16"], "no tuning knob named 'Hash'"),
        (vec!["--tune", "OddDepths"], "is not NAME=VALUE"),
        (
            vec!["--tune", "OddDepths=1", "bench"],
            "cannot be used with",
        ),
    ] {
        let (status, out, err) = ncbg(&args, "ncbp\nquit\n");
        assert_eq!(status, 2, "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
        assert!(err.contains(reason), "{args:?}: {err}");
    }
}
