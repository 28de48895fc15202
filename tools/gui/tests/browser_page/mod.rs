//! The browser tests' tools: the server and a headless Chromium over
//! WebDriver, the page's snapshot and DOM, keys, screenshots, and the
//! checks of the page against the engine and the library.

use super::common::{bin_dir, engines};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod checks;
mod pointer;
pub use checks::*;
pub use pointer::*;

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

/// The page's latest snapshot (`S` in app.js), once it is sure that no script of the
/// page has failed: an error in drawing would leave the page stale while
/// its `S` looks right.
pub async fn snap(c: &Client) -> Value {
    let got = c
        .execute(
            "return [S, window.pageErrors || ['no pageErrors']];",
            vec![],
        )
        .await
        .unwrap();
    let errors = got[1].as_array().unwrap();
    assert!(errors.is_empty(), "the page's scripts failed: {errors:?}");
    got[0].clone()
}

/// Waits until `cond` holds on the snapshot.
pub async fn wait_snap(c: &Client, what: &str, secs: u64, cond: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let s = snap(c).await;
        if !s.is_null() && cond(&s) {
            return s;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: {s}"
        );
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// A fresh folder for a test's saved games: `<temp>/<name>-<pid>`, emptied.
pub fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Waits until every engine of the page is ready.
pub async fn engines_ready(c: &Client) {
    wait_snap(c, "the engines", 20, |s| {
        s["engines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["status"]["state"] == "ready")
    })
    .await;
}

/// Sets the engines' search to depth 1 without a time limit (quick,
/// deterministic answers) and waits until the page has it.
pub async fn search_at_depth_1(c: &Client) {
    fill(c, "#s-depth", "1").await;
    fill(c, "#s-movetime", "0").await;
    click(c, "#search button").await;
    wait_snap(c, "depth 1", 5, |s| {
        s["search"]["depth"] == 1 && s["search"]["movetime"] == 0
    })
    .await;
}

pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

pub async fn fill(c: &Client, css: &str, text: &str) {
    let e = c.find(Locator::Css(css)).await.unwrap();
    e.clear().await.unwrap();
    e.send_keys(text).await.unwrap();
}

/// Chooses `value` in the select `css`, once the page has filled it with
/// that option (a page just opened may not have yet: setting a value it
/// lacks would choose nothing).
pub async fn select(c: &Client, css: &str, value: &str) {
    let started = Instant::now();
    loop {
        let chosen = c
            .execute(
                "const s = document.querySelector(arguments[0]);
                 if (!s || ![...s.options].some(o => o.value === arguments[1])) return false;
                 s.value = arguments[1]; s.dispatchEvent(new Event('change')); return true;",
                vec![json!(css), json!(value)],
            )
            .await
            .unwrap();
        if chosen == json!(true) {
            return;
        }
        snap(c).await; // fails at once on a script error of the page
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{css} never offered '{value}'"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub fn shots() -> PathBuf {
    let d = bin_dir().parent().unwrap().join("gui-screenshots");
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(shots().join(name), png).unwrap();
}

/// Presses `key` (a character or a `Key` code) on the page.
pub async fn press(c: &Client, key: impl Into<char>) {
    let k = key.into();
    c.perform_actions(
        KeyActions::new("keys".into())
            .then(KeyAction::Down { value: k })
            .then(KeyAction::Up { value: k }),
    )
    .await
    .unwrap();
    settled(c).await;
}

/// Waits until the page has run what is queued and drawn two frames: the
/// handlers of the events just sent and the rendering they cause.
pub async fn settled(c: &Client) {
    c.execute_async(
        "const done = arguments[arguments.length - 1]; setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => done(1))), 0);",
        vec![],
    )
    .await
    .unwrap_or_else(|e| panic!("the page does not settle: {e}"));
}

/// Resizes the window and waits until the page has laid itself out at the
/// new width.
pub async fn resize(c: &Client, width: u32, height: u32) {
    c.set_window_size(width, height).await.unwrap();
    wait_js(
        c,
        "the new window width",
        10,
        &format!("return window.innerWidth === {width};"),
    )
    .await;
    settled(c).await;
}

/// Runs `js` on the page.
pub async fn js(c: &Client, js: &str) -> Value {
    c.execute(js, vec![])
        .await
        .unwrap_or_else(|e| panic!("{js}: {e}"))
}

/// Waits until `js` returns something truthy; returns it.
pub async fn wait_js(c: &Client, what: &str, secs: u64, script: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let v = js(c, script).await;
        let truthy = !(v.is_null() || v == false || v == 0 || v == "");
        if truthy {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The page fits its width: no horizontal scrolling, and `css` (the side
/// panel's far edges) inside the window.
pub async fn fits_width(c: &Client, width: u64, css: &[&str]) {
    let v = js(
        c,
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth, window.innerWidth];",
    )
    .await;
    let (scroll, client, inner) = (
        v[0].as_u64().unwrap(),
        v[1].as_u64().unwrap(),
        v[2].as_u64().unwrap(),
    );
    assert_eq!(inner, width, "window width");
    assert!(
        scroll <= client,
        "horizontal scroll at {width}: {scroll} > {client}"
    );
    for sel in css {
        let r = c
            .execute(
                "const e = document.querySelector(arguments[0]); const r = e.getBoundingClientRect(); return [r.left, r.right];",
                vec![json!(sel)],
            )
            .await
            .unwrap();
        let (l, r) = (r[0].as_f64().unwrap(), r[1].as_f64().unwrap());
        assert!(
            l >= 0.0 && r <= client as f64 + 0.5,
            "{sel} at {l}..{r} of {client} px"
        );
    }
}

pub async fn new_game(c: &Client, x: &str, y: &str, pair: &str) {
    select(c, "#g-x", x).await;
    select(c, "#g-y", y).await;
    select(c, "#g-pair", pair).await;
    fill(c, "#g-state", "").await;
    click(c, "#g-new").await;
    let picks: Vec<String> = pair
        .split('-')
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect();
    wait_snap(c, "the new game", 10, |s| {
        let tokens = record_tokens(s);
        s["players"]["X"] == x
            && s["players"]["Y"] == y
            && tokens.len() >= picks.len()
            && tokens[..picks.len()] == picks[..]
            && (x != "human" || tokens.len() == picks.len())
    })
    .await;
}

/// Plays the person's turn by clicks; `turn` varies the choices.
pub async fn play_turn_by_clicks(c: &Client, turn: usize, shoot: bool) {
    let s = snap(c).await;
    let before = s["game"]["record"].as_array().unwrap().len();
    let phase = s["game"]["phase"].as_str().unwrap().to_string();
    let enabled = c
        .find_all(Locator::Css("#numbers button[data-n]:not([disabled])"))
        .await
        .unwrap();
    assert!(!enabled.is_empty(), "no legal number button");
    let disabled = c
        .find_all(Locator::Css("#numbers button[data-n][disabled]"))
        .await
        .unwrap();
    for d in &disabled {
        assert!(
            !d.attr("title")
                .await
                .unwrap()
                .unwrap_or_default()
                .is_empty(),
            "an illegal number has its reason"
        );
    }
    // Focusing a number previews the pair it gives.
    let button = &enabled[turn % enabled.len()];
    let n: u8 = button
        .attr("data-n")
        .await
        .unwrap()
        .unwrap()
        .parse()
        .unwrap();
    c.execute("arguments[0].focus();", vec![json!(button)])
        .await
        .unwrap();
    let preview = c
        .find(Locator::Css("#preview"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    if phase == "opening" {
        assert!(preview.contains("initial"), "{preview}");
    } else {
        let me = s["game"]["to_move"].as_str().unwrap();
        let opp = if me == "X" { "Y" } else { "X" };
        let cur = s["game"]["numbers"][opp].as_u64().unwrap() as u8;
        let want = format!("you play {}-{}", n.max(cur), n.min(cur));
        assert!(
            preview.contains(&want) && preview.contains(&format!("half of {opp}'s next pair")),
            "{preview} (want {want})"
        );
    }
    if shoot {
        screenshot(c, "play-pick.png").await;
    }
    button.click().await.unwrap();
    if phase == "opening" {
        wait_snap(c, "the opening pick", 10, |s| {
            s["game"]["record"].as_array().unwrap().len() > before
        })
        .await;
        return;
    }
    wait_snap(c, "the pick", 10, |s| {
        s["game"]["phase"] == "play" || s["game"]["record"].as_array().unwrap().len() > before
    })
    .await;
    let mut shot = !shoot;
    for step in 0..12 {
        let s = snap(c).await;
        if s["game"]["record"].as_array().unwrap().len() > before {
            return;
        }
        if c.find(Locator::Css("#pass")).await.is_ok() {
            let text = c
                .find(Locator::Css("#nolegal"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            assert!(text.contains("No legal play"), "{text}");
            click(c, "#pass").await;
        } else {
            let sources = c
                .find_all(Locator::Css("#board .hit.movable"))
                .await
                .unwrap();
            if sources.is_empty() {
                // The play is complete (or passed) and being committed: the
                // wait below sees it recorded, or fails.
                break;
            }
            sources[(turn + step) % sources.len()]
                .click()
                .await
                .unwrap();
            let targets = c
                .find_all(Locator::Css("#board .hit.target"))
                .await
                .unwrap();
            assert!(!targets.is_empty(), "no target");
            if !shot {
                screenshot(c, "play-move.png").await;
                shot = true;
            }
            targets[0].click().await.unwrap();
            // Mid-turn the cards' pip counts are the board's.
            let v = js(
                c,
                "return [[...document.querySelectorAll('#board text.pips')].map(e => e.textContent).sort(), ['X', 'Y'].map(s => s + ' ' + document.querySelector('#card-' + s + ' .pipcount').textContent)];",
            )
            .await;
            assert_eq!(v[0], v[1], "pips on the board and the cards");
        }
        settled(c).await;
    }
    wait_snap(c, "the committed play", 10, |s| {
        s["game"]["record"].as_array().unwrap().len() > before
    })
    .await;
}
