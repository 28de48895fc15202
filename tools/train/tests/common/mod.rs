//! What the trainer's command-line tests share: the `ncbg-train` binary,
//! a fresh temporary folder, a run that must succeed, and a small
//! self-play run.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn train_bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ncbg-train"))
}

pub fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ncbg-train-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{cmd:?} failed: {err}");
    err
}

pub fn selfplay(out: &Path, jobs: &str, extra: &[&str]) -> std::process::Output {
    train_bin()
        .args(["selfplay", "--out", out.to_str().unwrap(), "--games", "6"])
        .args([
            "--depth",
            "1",
            "--explore",
            "4",
            "--jobs",
            jobs,
            "--seed",
            "5",
        ])
        .args(extra)
        .output()
        .unwrap()
}
