//! The referee's grace on a busy machine (issue 78): by default
//! (`--timeout-margin auto`) the grace beyond `movetime` grows with the
//! engine's own `isready` round trips, so an engine whose every answer
//! waits for a processor is not forfeited on time, while one that
//! overruns its time with a quick `readyok` still is; and a report whose
//! games were decided by time forfeits says so in its first lines.

mod referee_support;

use referee_support::*;

/// Two test engines whose every reply (`readyok` too) comes `lag_ms` late,
/// at `movetime 50`; the referee's text report.
fn lagged_match(lag_ms: u64, extra: &[&str]) -> String {
    let engine = format!("--lag-ms {lag_ms}");
    let mut a = random_pair(
        &engine,
        &[
            "--each",
            "movetime=50",
            "--games",
            "4",
            "--max-turns",
            "6",
            "--concurrency",
            "2",
        ],
    );
    a.extend(args(extra));
    let out = run_referee(&a);
    String::from_utf8(out.stdout).unwrap()
}

fn timeouts(report: &str) -> u64 {
    report
        .lines()
        .find_map(|l| l.strip_prefix("Forfeits: "))
        .and_then(|l| {
            l.split(", ")
                .find_map(|kv| kv.strip_prefix("timeout ").map(|n| n.parse().unwrap()))
        })
        .unwrap_or(0)
}

#[test]
fn a_loaded_engine_is_not_forfeited_on_time_by_default() {
    // 250 ms late at movetime 50: past the old fixed grace of 100 ms.
    let report = lagged_match(250, &[]);
    assert_eq!(timeouts(&report), 0, "{report}");
    assert!(!report.contains("WARNING"), "{report}");
}

#[test]
fn a_fixed_grace_forfeits_the_loaded_engine_and_the_report_warns_at_once() {
    let report = lagged_match(250, &["--timeout-margin", "100"]);
    assert_eq!(timeouts(&report), 4, "{report}");
    let second = report.lines().nth(1).unwrap();
    assert!(
        second.starts_with("WARNING: 4 of 4 games (100%) were forfeited on time"),
        "{report}"
    );
}

#[test]
fn an_engine_that_overruns_its_time_is_still_forfeited() {
    // Quick `readyok`, then 1.5 s for a 50 ms search from its second `go`.
    let slow = engine_cmd("slow", "--after 1");
    let random = engine_cmd("random", "");
    let out = run_referee(&args(&[
        "--engine",
        &slow,
        "name=slow",
        "--engine",
        &random,
        "name=random",
        "--each",
        "movetime=50",
        "--games",
        "2",
        "--max-turns",
        "20",
    ]));
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(timeouts(&report), 2, "{report}");
    assert!(report.contains("WARNING: 2 of 2 games"), "{report}");
}
