//! The `ncbg` binary's command line as a shell uses it: a closed stdout
//! (`ncbg ... | head -1`) ends every subcommand quietly, `ncbg bench` is the
//! engine's `bench`, the engine finishes a limited search at the end of its
//! input, and `ncbg tables build` checks what it can before solving.

mod common;

use common::temp_dir::TempDir;
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};

/// Runs `ncbg args` with `input` on stdin and its stdout a pipe whose
/// reading end is closed before it writes anything; the status and stderr.
fn with_stdout_closed(args: &[&str], input: &str) -> (ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ncbg runs");
    // Nobody reads stdout: the first line written meets a broken pipe.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The engine may be gone before all of it is written.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (child.wait().unwrap(), err)
}

/// Status 0, or killed by SIGPIPE (141 in a shell): both are quiet ends.
fn quiet(status: ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if status.signal() == Some(13) {
            return true;
        }
    }
    status.success()
}

fn ncbg(args: &[&str], input: &str) -> (ExitStatus, String, String) {
    let out = common::run::ncbg(args, input);
    (
        out.status,
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_closed_stdout_ends_every_subcommand_quietly() {
    let dir = TempDir::new("pipe");
    let table = dir.0.join("bearoff1.tb");
    let table = table.to_str().unwrap();
    let (status, _, err) = ncbg(&["tables", "build", "--checkers", "1", "--out", table], "");
    assert!(status.success(), "{err}");
    let state = "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6\n";
    // A bear-off state the table covers: one checker each on the ace point.
    let bearoff = {
        use ncbg::board::Position;
        use ncbg::game::{GameState, Phase};
        use ncbg::numbers::{Numbers, Side};
        let mut x = [0u8; 25];
        x[0] = 1;
        let pos = Position::from_points(&x, &x, 15).unwrap();
        let numbers = Numbers::from_parts([Some(3), Some(5)], [2, 2]);
        let s = GameState::new(pos, Side::X, numbers, 6, Phase::Pick).unwrap();
        ncbg::ids::state_id::encode(&s)
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["perft", "2"], ""),
        (vec!["bench", "1"], ""),
        (vec!["analyze", "--depth", "1"], state),
        (vec!["analyze", "--depth", "1", "--format", "tsv"], state),
        (vec!["tables", "probe", table, &bearoff], ""),
        (vec!["tables", "probe", "--json", table, &bearoff], ""),
        (
            vec![
                "tables",
                "build",
                "--checkers",
                "1",
                "--overwrite",
                "--out",
                table,
            ],
            "",
        ),
        // The engine itself, answering `bench` and `d`.
        (vec![], "bench depth 1\nd\n"),
    ];
    for (args, input) in cases {
        let (status, err) = with_stdout_closed(&args, input);
        assert!(quiet(status), "ncbg {args:?}: {status:?} {err}");
        assert!(!err.contains("panicked"), "ncbg {args:?}: {err}");
    }
}

#[test]
fn bench_is_a_subcommand_with_the_engines_output() {
    let (status, out, err) = ncbg(&["bench", "2"], "");
    assert!(status.success(), "{err}");
    let (_, engine, _) = ncbg(&[], "bench depth 2\n");
    // The same lines but the timing.
    let strip = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| match l.split_once(" nodes ") {
                Some((n, _)) if !l.starts_with("info ") => n.to_string(),
                _ => l.to_string(),
            })
            .collect()
    };
    assert_eq!(strip(&out), strip(&engine));
    assert_eq!(out.lines().count(), 8, "{out}");
    let last = out.lines().last().unwrap();
    assert!(!last.ends_with("partial"), "{last}");
    assert_ne!(last.split_whitespace().next(), Some("0"), "{last}");
    // A depth out of range is refused.
    let (status, _, _) = ncbg(&["bench", "9"], "");
    assert!(!status.success());
}

#[test]
fn the_end_of_input_lets_a_limited_search_finish() {
    // `echo bench | ncbg`: the whole count, not `0 nodes ... partial`.
    let (status, out, _) = ncbg(&[], "bench depth 2\n");
    assert!(status.success());
    let last = out.lines().last().unwrap();
    assert!(!last.ends_with("partial"), "{out}");
    assert!(!last.starts_with("0 nodes"), "{out}");
    assert_eq!(out.lines().count(), 8, "{out}");
    // `go depth 3` reaches depth 3 before its bestmove.
    let (status, out, _) = ncbg(&[], "position startpos moves 3 5\ngo depth 3\n");
    assert!(status.success());
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.last().unwrap().starts_with("bestmove "), "{out}");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{out}"
    );
    // `perft` too.
    let (_, out, _) = ncbg(&[], "position startpos moves 3 5\nperft 2\n");
    assert!(out.starts_with("perft 2 nodes 3635 "), "{out}");
    assert!(!out.trim_end().ends_with("partial"), "{out}");
}

#[test]
fn tables_build_checks_its_output_and_memory_before_solving() {
    use std::time::{Duration, Instant};
    // An output that cannot be written fails at once with the system's
    // reason, before a long solve (bear-offs of 6 take minutes).
    let t = Instant::now();
    let (status, out, err) = ncbg(
        &[
            "tables",
            "build",
            "--checkers",
            "6",
            "--out",
            "/nonexistent/x",
        ],
        "",
    );
    assert!(!status.success());
    assert!(out.is_empty());
    assert!(
        err.contains("/nonexistent/x") && err.contains("No such file"),
        "{err}"
    );
    assert!(!err.contains("sweep"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    // A space far past any machine's memory is refused with the estimate,
    // and nothing is written.
    let dir = TempDir::new("memory");
    let file = dir.0.join("huge.tb");
    let (status, _, err) = ncbg(
        &[
            "tables",
            "build",
            "--full",
            "--checkers",
            "4",
            "--k",
            "9",
            "--credits",
            "9",
            "--out",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(!status.success());
    assert!(err.contains("estimated peak memory"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert!(!err.contains("sweep"), "{err}");
    assert!(!file.exists());
    // A small build says its estimate and builds.
    let file = dir.0.join("small.tb");
    let (status, out, err) = ncbg(
        &[
            "tables",
            "build",
            "--checkers",
            "2",
            "--out",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(status.success(), "{err}");
    assert!(err.contains("estimated peak memory"), "{err}");
    assert!(out.starts_with("table "), "{out}");
}
