//! Moves-per-session time controls (`tc=moves/base+inc`, as cutechess):
//! the referee sends the mover's `movestogo`, counting its answers down and
//! refilling the clock after each session, and ncbg plays to them.

mod referee_support;

use referee_support::*;

#[test]
fn moves_per_session_clock_reaches_the_engine() {
    let dir = temp_dir("tc-session");
    let file = dir.join("m.txt");
    let log = dir.join("e.log");
    let ncbg = env!("CARGO_BIN_EXE_ncbg");
    let out = run_referee(&args(&[
        "--engine",
        &format!("cmd={ncbg}"),
        "name=a",
        "--engine",
        &format!("cmd={ncbg}"),
        "name=b",
        "--each",
        "tc=3/0.5+0.01",
        "--games",
        "2",
        "--max-turns",
        "16",
        "--timeout-margin",
        "300",
        "--format",
        "json",
        "--out",
        &file.display().to_string(),
        "--log",
        &log.display().to_string(),
    ]));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 2);
    assert_eq!(report["forfeits"].as_object().unwrap().len(), 0, "{report}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("limits0=tc=3/500+10ms "), "{text}");
    let log = std::fs::read_to_string(&log).unwrap();
    let gos: Vec<&str> = log
        .lines()
        .filter(|l| l.contains(" a(") && l.contains(" > go "))
        .collect();
    assert!(gos.len() >= 8, "{log}");
    // a's answers in its first game: movestogo 3, 2, 1, then 3 again.
    let to_go: Vec<&str> = gos
        .iter()
        .map(|l| l.rsplit("movestogo ").next().unwrap())
        .collect();
    assert_eq!(&to_go[..4], ["3", "2", "1", "3"], "{log}");
    assert!(!log.contains(" < error"), "{log}");
    let _ = std::fs::remove_dir_all(dir);
}
