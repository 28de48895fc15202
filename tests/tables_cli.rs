//! `ncbg tables build` interrupted and resumed: stopped at a known sweep
//! or killed at a moment of its choosing, `--resume` goes on from the
//! checkpoint to the same bytes as a build that ran through; a leftover
//! checkpoint is never overwritten without `--resume`. And `ncbg tables
//! verify` passes a table the solver wrote.

mod common;

use common::temp_dir::TempDir;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn ncbg() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ncbg"))
}

fn build(space: &[&str], out: &Path, extra: &[&str]) -> Output {
    ncbg()
        .args(["tables", "build", "--jobs", "2", "--out"])
        .arg(out)
        .args(space)
        .args(extra)
        .output()
        .expect("ncbg runs")
}

const ONE: [&str; 7] = ["--full", "--checkers", "1", "--k", "4", "--credits", "1"];
const TWO: [&str; 7] = ["--full", "--checkers", "2", "--k", "3", "--credits", "0"];

#[test]
fn a_build_stopped_between_sweeps_resumes_to_the_same_bytes() {
    let dir = TempDir::new("stop");
    let whole = dir.0.join("whole.tb");
    assert!(build(&ONE, &whole, &[]).status.success());
    let out = dir.0.join("part.tb");
    let ckpt = dir.0.join("part.tb.ckpt");
    let stop = ["--checkpoint-minutes", "0", "--stop-after", "5"];
    let o = build(&ONE, &out, &stop);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("--resume"));
    assert!(ckpt.exists() && !out.exists());
    // Without --resume the checkpoint is kept and the build refused.
    let o = build(&ONE, &out, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--resume"));
    assert!(ckpt.exists());
    // A checkpoint of another table is refused by name.
    let other = ["--full", "--checkers", "1", "--k", "3", "--credits", "1"];
    let o = ncbg()
        .args(["tables", "build", "--resume", "--out"])
        .arg(&out)
        .args(other)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("another table"));
    let o = build(&ONE, &out, &["--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("resuming from"));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
    assert!(!ckpt.exists(), "a finished build removes its checkpoint");
}

#[test]
fn a_build_killed_mid_way_resumes_to_the_same_bytes() {
    let dir = TempDir::new("kill");
    let whole = dir.0.join("whole.tb");
    assert!(build(&TWO, &whole, &[]).status.success());
    let out = dir.0.join("killed.tb");
    let ckpt = dir.0.join("killed.tb.ckpt");
    let mut child = ncbg()
        .args([
            "tables",
            "build",
            "--jobs",
            "2",
            "--checkpoint-minutes",
            "0",
            "--out",
        ])
        .arg(&out)
        .args(TWO)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ckpt.exists() {
        assert!(start.elapsed() < Duration::from_secs(120), "no checkpoint");
        std::thread::sleep(Duration::from_millis(5));
    }
    // Some more sweeps, then SIGKILL: possibly while a checkpoint is
    // being written.
    std::thread::sleep(Duration::from_millis(150));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!out.exists(), "the build ended before it was killed");
    assert!(ckpt.exists());
    let o = build(&TWO, &out, &["--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());

    // verify passes the table.
    let o = ncbg()
        .args(["tables", "verify", "--samples", "3000"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("3000 live states") && text.contains("0 bad values, 0 bad turns"),
        "{text}"
    );
}
