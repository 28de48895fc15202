//! Shared test helpers: the engine binaries (`ncbg`, `test_engine`) from the
//! workspace's target folder, built once if missing.

#![allow(dead_code)]

use ncbg::referee::config::EngineConfig;
use std::path::PathBuf;
use std::sync::OnceLock;

/// `target/<profile>`, from this test executable's path (`.../deps/x`).
pub fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .and_then(|d| d.parent())
        .expect("target folder")
        .to_path_buf()
}

/// Paths of `ncbg` and `test_engine`, built with cargo when missing (a
/// plain `cargo test` at the root has built them already).
pub fn engines() -> &'static (PathBuf, PathBuf) {
    static PATHS: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    PATHS.get_or_init(|| {
        let dir = bin_dir();
        let ncbg = dir.join("ncbg");
        let test_engine = dir.join("examples").join("test_engine");
        if !ncbg.is_file() || !test_engine.is_file() {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let status = std::process::Command::new(cargo)
                .args([
                    "build",
                    "--profile",
                    "test",
                    "-p",
                    "ncbg",
                    "--bin",
                    "ncbg",
                    "--example",
                    "test_engine",
                ])
                .status()
                .expect("run cargo build");
            assert!(status.success(), "building ncbg and test_engine failed");
        }
        assert!(ncbg.is_file(), "{} missing", ncbg.display());
        assert!(test_engine.is_file(), "{} missing", test_engine.display());
        (ncbg, test_engine)
    })
}

/// An engine config for `test_engine --mode <mode> [extra...]`.
pub fn test_engine(mode: &str, extra: &[&str]) -> EngineConfig {
    let mut command = vec![
        engines().1.display().to_string(),
        "--mode".into(),
        mode.into(),
    ];
    command.extend(extra.iter().map(|s| s.to_string()));
    EngineConfig {
        name: format!("test-{mode}"),
        command,
        options: Vec::new(),
        limits: Default::default(),
    }
}

/// An engine config for `ncbg`.
pub fn ncbg_engine() -> EngineConfig {
    EngineConfig {
        name: "ncbg".into(),
        command: vec![engines().0.display().to_string()],
        options: vec![("Hash".into(), "4".into())],
        limits: Default::default(),
    }
}
