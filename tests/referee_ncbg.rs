//! A real match: the `ncbg` engine against itself in Random mode, refereed by
//! `ncbg-referee` over the 30 initial pairs with colours swapped.

mod referee_support;

use referee_support::{args, field, game_lines, run_referee, temp_dir};

#[test]
fn ncbg_depth_one_beats_ncbg_random_over_sixty_games() {
    let dir = temp_dir("ncbg");
    let file = dir.join("match.txt");
    let ncbg = env!("CARGO_BIN_EXE_ncbg");
    let out = run_referee(&args(&[
        "--engine",
        &format!("cmd={ncbg}"),
        "name=greedy",
        "depth=1",
        "--engine",
        &format!("cmd={ncbg}"),
        "name=random",
        "option.Random=true",
        "option.Seed=3",
        "--rounds",
        "1",
        "--concurrency",
        "2",
        "--format",
        "json",
        "--out",
        &file.display().to_string(),
    ]));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    assert_eq!(report["games"], 60);
    assert_eq!(report["forfeits"].as_object().unwrap().len(), 0, "{report}");
    let greedy = &report["engines"][0];
    assert_eq!(greedy["name"], "greedy");
    // Even a 1-turn search wins nearly every game against random play.
    assert!(greedy["wins"].as_u64().unwrap() >= 55, "{report}");
    // Every game is recorded, each ending with a winner who bore off.
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 60);
    assert!(lines.iter().all(|l| l.contains("reason=bore-off")));

    // `merge` replays every record: the referee's own give no warning, one
    // whose winner was changed by hand does (and still counts).
    let merge = |path: &std::path::Path| {
        let out = run_referee(&args(&["merge", &path.display().to_string()]));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let clean = merge(&file);
    assert!(!clean.contains("warning"), "{clean}");
    let text = std::fs::read_to_string(&file).unwrap();
    let first = &lines[0];
    let flipped = if first.contains("\twinner=X\t") {
        first.replace("\twinner=X\t", "\twinner=Y\t")
    } else {
        first.replace("\twinner=Y\t", "\twinner=X\t")
    };
    let edited = dir.join("edited.txt");
    std::fs::write(&edited, text.replacen(first.as_str(), &flipped, 1)).unwrap();
    let warned = merge(&edited);
    let index = field(first, "index");
    assert!(
        warned.contains(&format!("game {index}: its moves end in a win for")),
        "{warned}"
    );
}

/// The `ncbg` engine plays matches with the cube under the referee: its
/// options are accepted, its cube decisions are legal (no forfeit), every
/// record replays with its cube tokens (`merge` warns of none), and each
/// match ends with a player at 5.
#[test]
fn ncbg_plays_a_five_point_match_with_the_cube() {
    let dir = temp_dir("ncbg-cube");
    let file = dir.join("match.txt");
    let ncbg = env!("CARGO_BIN_EXE_ncbg");
    let out = run_referee(&args(&[
        "--engine",
        &format!("cmd={ncbg}"),
        "name=n1",
        "--engine",
        &format!("cmd={ncbg}"),
        "name=n2",
        "--each",
        "depth=1",
        "--match-length",
        "5",
        "--games",
        "2",
        "--format",
        "json",
        "--quiet",
        "--out",
        &file.display().to_string(),
    ]));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    assert_eq!(report["forfeits"].as_object().unwrap().len(), 0, "{report}");
    assert_eq!(report["matches"]["matches"], 2, "{report}");
    assert_eq!(report["matches"]["unfinished"], 0);
    let lines = game_lines(&file);
    assert!(
        lines.iter().any(|l| field(l, "moves").contains("double")),
        "ncbg never doubled in two matches"
    );
    let merged = run_referee(&args(&["merge", &file.display().to_string()]));
    let warnings = String::from_utf8_lossy(&merged.stderr);
    assert!(!warnings.contains("warning"), "{warnings}");
}
