//! Starting what a browser test drives: the `ncbg-gui` server on a free
//! port, chromedriver with a headless Chromium (ended together when
//! dropped), and a fresh folder for the saved games.

use crate::common::engines;
use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills a child process when dropped.
pub struct Kill(pub Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// chromedriver and the Chromium it starts, ended together when dropped:
/// on every way out of a test (its end, a failed assertion, a panic while
/// unwinding). chromedriver leads its own process group, which Chromium
/// and its helpers join, and the drop kills the whole group, then removes
/// the browser's profile folder. On Linux chromedriver also dies with the
/// test process (a parent-death signal), even when that is killed.
pub struct Browser {
    driver: Child,
    profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        ncbg::ncbp_client::process::kill_group(self.driver.id());
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `ncbg-gui` on a free port; returns the process and its URL.
pub fn start_gui(dir: &Path) -> (Kill, String) {
    start_gui_on(dir, 0)
}

/// Starts `ncbg-gui` on `port` (0: a free one); returns the process and
/// its URL.
pub fn start_gui_on(dir: &Path, port: u16) -> (Kill, String) {
    let (ncbg, te) = engines();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg-gui"))
        .args(["--port", &port.to_string(), "--dir"])
        .arg(dir)
        .args([
            "--engine",
            &format!("cmd={}", ncbg.display()),
            "name=ncbg",
            "option.Hash=4",
        ])
        .args([
            "--engine",
            &format!("cmd={} --mode random", te.display()),
            "name=random",
        ])
        .args([
            "--engine",
            &format!("cmd={} --mode crash --after 3", te.display()),
            "name=crasher",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start ncbg-gui");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in '{line}'"))
        .to_string();
    (Kill(child), url)
}

/// A browser at 1400x1000, or with `phone` a 390x844 phone screen
/// (headless Chromium's windows are at least 500 wide: the phone is
/// emulated).
pub async fn start_browser(phone: bool) -> (Browser, Client) {
    let port = free_port();
    // The library's engine command: its own process group and, on Linux, a
    // parent-death signal (`Browser` kills the group).
    let driver = ncbg::ncbp_client::process::engine_command(&[
        "chromedriver".into(),
        format!("--port={port}"),
    ])
    .unwrap()
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .expect("chromedriver not found: apt-get install chromium chromium-driver");
    // A profile of its own (two browsers on one profile would be one
    // Chromium: the tests of this file run at the same time).
    let profile = std::env::temp_dir().join(format!(
        "ncbg-gui-chrome-{}-{phone}-{port}",
        std::process::id()
    ));
    let driver = Browser {
        driver,
        profile: profile.clone(),
    };
    let mut caps = json!({
        "goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1400,1000",
                     format!("--user-data-dir={}", profile.display())]
        }
    });
    if phone {
        caps["goog:chromeOptions"]["mobileEmulation"] =
            json!({ "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 1 } });
    }
    let caps: serde_json::Map<String, Value> = caps.as_object().unwrap().clone();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut builder =
            ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
        builder.capabilities(caps.clone());
        match builder.connect(&format!("http://127.0.0.1:{port}")).await {
            Ok(c) => return (driver, c),
            Err(e) if Instant::now() > deadline => panic!("no WebDriver session: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// A fresh folder for a test's saved games: `<temp>/<name>-<pid>`, emptied.
pub fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
