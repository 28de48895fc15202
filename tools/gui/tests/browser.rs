//! The page in a real browser: headless Chromium driven over WebDriver
//! (chromedriver). One server and one browser session for the whole run:
//! a human-vs-ncbg game played by clicks to the end, checked against the
//! engine's `d` after every turn; an engine-vs-engine game watched to the
//! end and saved; the saved match file loaded and its analysis chart drawn;
//! an engine that crashes mid-game reported and restarted. Screenshots of
//! the main views go to `target/gui-screenshots/`.
//!
//! Needs `chromium` and `chromedriver` (`.ci/run` installs them).

mod common;

use common::{bin_dir, engines, ncbg_engine};
use fantoccini::{Client, ClientBuilder, Locator};
use ncbg::ids::state_id;
use ncbg_gui::engine::Engine;
use ncbg_gui::view::board_view;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills a child process when dropped.
struct Kill(Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `ncbg-gui` on a free port; returns the process and its URL.
fn start_gui(dir: &Path) -> (Kill, String) {
    let (ncbg, te) = engines();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg-gui"))
        .args(["--port", "0", "--dir"])
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

async fn start_browser() -> (Kill, Client) {
    let port = free_port();
    let driver = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver not found: apt-get install chromium chromium-driver");
    let driver = Kill(driver);
    let profile = std::env::temp_dir().join(format!("ncbg-gui-chrome-{}", std::process::id()));
    let caps = json!({
        "goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1400,1000",
                     format!("--user-data-dir={}", profile.display())]
        }
    });
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

/// The page's snapshot (`S` in app.js).
async fn snap(c: &Client) -> Value {
    c.execute("return S;", vec![]).await.unwrap()
}

/// Waits until `cond` holds on the snapshot.
async fn wait_snap(c: &Client, what: &str, secs: u64, cond: impl Fn(&Value) -> bool) -> Value {
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

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn fill(c: &Client, css: &str, text: &str) {
    let e = c.find(Locator::Css(css)).await.unwrap();
    e.clear().await.unwrap();
    e.send_keys(text).await.unwrap();
}

async fn select(c: &Client, css: &str, value: &str) {
    c.execute(
        "const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
        vec![json!(css), json!(value)],
    )
    .await
    .unwrap();
}

fn shots() -> PathBuf {
    let d = bin_dir().parent().unwrap().join("gui-screenshots");
    std::fs::create_dir_all(&d).unwrap();
    d
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(shots().join(name), png).unwrap();
}

/// The page's board as (location, side, count) of every non-empty stack.
async fn dom_board(c: &Client) -> Vec<(String, String, u64)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#board g.stack')].filter(g => +g.dataset.count > 0).map(g => [g.dataset.loc, g.dataset.side, +g.dataset.count]);",
            vec![],
        )
        .await
        .unwrap();
    let mut out: Vec<(String, String, u64)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t[0].as_str().unwrap().to_string(),
                t[1].as_str().unwrap().to_string(),
                t[2].as_u64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// The stacks a state's board should show.
fn expected_board(id: &str) -> Vec<(String, String, u64)> {
    let s = state_id::decode(id).unwrap();
    let b = board_view(&s);
    let mut out = Vec::new();
    for (side, slots) in [("X", &b.x), ("Y", &b.y)] {
        for (slot, &n) in slots.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let loc = match slot {
                0 => "off".to_string(),
                25 => "bar".to_string(),
                p if side == "X" => format!("x{p}"),
                p => format!("x{}", 25 - p),
            };
            out.push((loc, side.to_string(), u64::from(n)));
        }
    }
    out.sort();
    out
}

fn record_tokens(s: &Value) -> Vec<String> {
    s["game"]["record"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["token"].as_str().unwrap().to_string())
        .collect()
}

/// Checks the page against the engine: the engine replays the page's record
/// from its start and its `d` must show the page's state ID, and the page's
/// drawn board must be that state's.
async fn check_against_engine(c: &Client, engine: &mut Engine, s: &Value) {
    let tokens = record_tokens(s);
    let mut pos = format!("position state {}", s["game"]["start"].as_str().unwrap());
    if !tokens.is_empty() {
        pos.push_str(" moves ");
        pos.push_str(&tokens.join(" "));
    }
    let d = engine.display(&pos).await.unwrap();
    let page_id = s["game"]["stateid"].as_str().unwrap();
    assert_eq!(d.state_id, page_id, "after {tokens:?}");
    let dom_id: Value = c
        .execute("return document.body.dataset.stateid;", vec![])
        .await
        .unwrap();
    assert_eq!(dom_id.as_str(), Some(page_id));
    assert_eq!(
        dom_board(c).await,
        expected_board(page_id),
        "drawn board of {page_id}"
    );
    if s["game"]["phase"] == "over" {
        assert_ne!(d.result, "none");
        let winner = d.result.split_whitespace().next().unwrap().to_string();
        assert!(
            s["game"]["result"].as_str().unwrap().starts_with(&winner),
            "{} vs {}",
            d.result,
            s["game"]["result"]
        );
    }
}

async fn new_game(c: &Client, x: &str, y: &str, pair: &str) {
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
async fn play_turn_by_clicks(c: &Client, turn: usize, shoot: bool) {
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
    if shoot {
        screenshot(c, "play-pick.png").await;
    }
    enabled[turn % enabled.len()].click().await.unwrap();
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
            assert!(
                !sources.is_empty(),
                "no movable checker at step {step}: {s}"
            );
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
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    wait_snap(c, "the committed play", 10, |s| {
        s["game"]["record"].as_array().unwrap().len() > before
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_watches_reviews_and_survives_a_crash() {
    let started = Instant::now();
    let dir = std::env::temp_dir().join(format!("ncbg-gui-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser().await;
    let mut judge = Engine::start(&ncbg_engine(), &[], Duration::from_secs(10))
        .await
        .unwrap();
    c.goto(&url).await.unwrap();
    wait_snap(&c, "the engines", 20, |s| {
        s["engines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["status"]["state"] == "ready")
    })
    .await;
    fill(&c, "#s-depth", "1").await;
    fill(&c, "#s-movetime", "0").await;
    click(&c, "#search button").await;
    wait_snap(&c, "depth 1", 5, |s| {
        s["search"]["depth"] == 1 && s["search"]["movetime"] == 0
    })
    .await;

    // 1. A whole game against ncbg, played by clicks.
    new_game(&c, "human", "A", "").await;
    let mut turns = 0;
    loop {
        let s = wait_snap(&c, "the person's turn", 60, |s| {
            s["thinking"].is_null()
                && (s["game"]["phase"] == "over" || s["game"]["human_to_move"] == true)
        })
        .await;
        check_against_engine(&c, &mut judge, &s).await;
        if s["game"]["phase"] == "over" {
            break;
        }
        play_turn_by_clicks(&c, turns, turns == 4).await;
        turns += 1;
        assert!(turns < 400, "the game does not end");
    }
    screenshot(&c, "play-over.png").await;
    eprintln!(
        "human game: {turns} turns by clicks, {:?}",
        started.elapsed()
    );

    // 2. Engine A against engine B, watched to the end, then saved.
    new_game(&c, "A", "B", "2-5").await;
    let s = wait_snap(&c, "the end of the watched game", 180, |s| {
        s["game"]["phase"] == "over"
    })
    .await;
    check_against_engine(&c, &mut judge, &s).await;
    screenshot(&c, "watch-over.png").await;
    fill(&c, "#save-name", "watched.txt").await;
    click(&c, "#save-match").await;
    fill(&c, "#save-name", "watched.mat").await;
    click(&c, "#save-mat").await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while !(dir.join("watched.txt").is_file() && dir.join("watched.mat").is_file()) {
        assert!(Instant::now() < deadline, "files not saved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let saved = ncbg::referee::record::MatchFile::parse(
        &std::fs::read_to_string(dir.join("watched.txt")).unwrap(),
    );
    assert_eq!(saved.games.len(), 1);
    assert_eq!(saved.games[0].moves, record_tokens(&s));
    assert!(std::fs::read_to_string(dir.join("watched.mat"))
        .unwrap()
        .contains("Wins"));
    eprintln!(
        "watched game: {} turns, {:?}",
        record_tokens(&s).len(),
        started.elapsed()
    );

    // 3. Review: load the saved file, analyse the game, see the chart.
    click(&c, "#tab-review").await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while c.find(Locator::Css("#r-files option")).await.is_err() {
        assert!(Instant::now() < deadline, "no files listed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    select(&c, "#r-files", "watched.txt").await;
    click(&c, "#r-load").await;
    wait_snap(&c, "the loaded file", 10, |s| {
        s["review"]["games"].as_array().unwrap().len() == 1
    })
    .await;
    select(&c, "#r-depth", "1").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    click(&c, "#r-analyze").await;
    let s = wait_snap(&c, "the analysis", 120, |s| {
        s["review"]["analysis"]["0"]["state"] == "done"
    })
    .await;
    let turns_json = s["review"]["analysis"]["0"]["turns"]
        .as_array()
        .unwrap()
        .clone();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let bars = c
            .find_all(Locator::Css("#chart rect.lossbar"))
            .await
            .unwrap();
        if bars.len() == turns_json.len() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "chart has {} bars, want {}",
            bars.len(),
            turns_json.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        turns_json.len(),
        saved.games[0].moves.len() - 2,
        "every turn after the picks"
    );
    let flagged = turns_json.iter().filter(|t| t["verdict"] != "ok").count();
    let marks = c
        .find_all(Locator::Css(
            "#chart path.mark-error, #chart path.mark-blunder",
        ))
        .await
        .unwrap();
    assert_eq!(marks.len(), flagged);
    // Show a turn where the engine preferred something else, with both arrows.
    if let Some(t) = turns_json
        .iter()
        .max_by_key(|t| t["loss"].as_i64().unwrap())
        .filter(|t| t["best"] != t["played"])
    {
        click(&c, &format!("#chart rect[data-turn='{}']", t["turn"])).await;
        let text = c
            .find(Locator::Css("#r-turn"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(text.contains(t["best"].as_str().unwrap()), "{text}");
        assert!(!c
            .find_all(Locator::Css("#rboard path.arrow.best"))
            .await
            .unwrap()
            .is_empty());
    }
    screenshot(&c, "review.png").await;
    eprintln!(
        "review: {} turns analysed, {flagged} flagged, {:?}",
        turns_json.len(),
        started.elapsed()
    );

    // 4. Engine C crashes mid-game: reported, the board untouched, restarted.
    click(&c, "#tab-play").await;
    new_game(&c, "A", "C", "3-5").await;
    let s = wait_snap(&c, "the crash", 60, |s| !s["fault"].is_null()).await;
    assert!(
        s["fault"]["message"].as_str().unwrap().contains("crash"),
        "{}",
        s["fault"]
    );
    let banner = c.find(Locator::Css("#banner-fault")).await.unwrap();
    assert!(banner.is_displayed().await.unwrap());
    check_against_engine(&c, &mut judge, &s).await;
    let at_crash = record_tokens(&s).len();
    assert_eq!(s["game"]["to_move"], "Y", "the crash was on C's turn");
    screenshot(&c, "fault.png").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        record_tokens(&snap(&c).await).len(),
        at_crash,
        "nothing is played while faulted"
    );
    click(&c, "#fault-restart").await;
    // The restarted engine plays on (this one crashes again after three
    // answers, which the page reports again).
    let s = wait_snap(&c, "the game going on after the restart", 60, |s| {
        record_tokens(s).len() > at_crash + 1
    })
    .await;
    check_against_engine(&c, &mut judge, &s).await;
    eprintln!("crash and restart: {:?}", started.elapsed());

    c.close().await.unwrap();
    judge.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
