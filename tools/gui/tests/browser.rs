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
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
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

/// A browser at 1400x1000, or with `phone` a 390x844 phone screen
/// (headless Chromium's windows are at least 500 wide: the phone is
/// emulated).
async fn start_browser(phone: bool) -> (Kill, Client) {
    let port = free_port();
    let driver = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver not found: apt-get install chromium chromium-driver");
    let driver = Kill(driver);
    let profile =
        std::env::temp_dir().join(format!("ncbg-gui-chrome-{}-{phone}", std::process::id()));
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

/// Presses `key` (a character or a `Key` code) on the page.
async fn press(c: &Client, key: impl Into<char>) {
    let k = key.into();
    c.perform_actions(
        KeyActions::new("keys".into())
            .then(KeyAction::Down { value: k })
            .then(KeyAction::Up { value: k }),
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(60)).await;
}

/// Runs `js` on the page.
async fn js(c: &Client, js: &str) -> Value {
    c.execute(js, vec![])
        .await
        .unwrap_or_else(|e| panic!("{js}: {e}"))
}

/// Waits until `js` returns something truthy; returns it.
async fn wait_js(c: &Client, what: &str, secs: u64, script: &str) -> Value {
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
async fn fits_width(c: &Client, width: u64, css: &[&str]) {
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

/// A play written on X's point numbers (the board's): a Y play's points
/// are 25 - p; counts in parentheses, bar and off stay.
fn on_x_numbers(token: &str, side: &str) -> String {
    if side == "X" || !token.contains('/') {
        return token.to_string();
    }
    let (pick, play) = match token.split_once(':') {
        Some((n, p)) => (format!("{n}:"), p),
        None => (String::new(), token),
    };
    let mut out = pick;
    let mut digits = String::new();
    let mut prev = ',';
    for ch in play.chars().chain(std::iter::once('\0')) {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        if !digits.is_empty() {
            let n: u32 = digits.parse().unwrap();
            if prev == '/' || prev == ',' {
                out.push_str(&(25 - n).to_string());
            } else {
                out.push_str(&digits);
            }
            digits.clear();
        }
        if ch != '\0' {
            out.push(ch);
            prev = ch;
        }
    }
    out
}

/// The from and to locations the last turn's highlight should show: the
/// token replayed by the library, points passed through left out.
fn last_move_locs(s: &Value) -> (Vec<String>, Vec<String>) {
    let rec = s["game"]["record"].as_array().unwrap();
    let Some(last) = rec.last() else {
        return (Vec::new(), Vec::new());
    };
    let before = state_id::decode(last["before"].as_str().unwrap()).unwrap();
    let token = last["token"].as_str().unwrap();
    let steps: Vec<(u8, u8)> = match ncbg::analysis::choice_of(&before, token).unwrap() {
        ncbg::search::Choice::Pick(_) => Vec::new(),
        ncbg::search::Choice::Turn(_, lp) | ncbg::search::Choice::Play(lp) => {
            lp.play.steps().iter().map(|s| (s.from, s.to)).collect()
        }
    };
    let x = before.to_move() == ncbg::numbers::Side::X;
    let loc = |slot: u8| match slot {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        p if x => format!("x{p}"),
        p => format!("x{}", 25 - p),
    };
    let froms: Vec<String> = steps.iter().map(|s| loc(s.0)).collect();
    let tos: Vec<String> = steps.iter().map(|s| loc(s.1)).collect();
    let mut from: Vec<String> = froms.iter().filter(|f| !tos.contains(f)).cloned().collect();
    let mut to: Vec<String> = tos.iter().filter(|t| !froms.contains(t)).cloned().collect();
    if !steps.is_empty() && from.is_empty() {
        from = froms.clone();
    }
    if !steps.is_empty() && to.is_empty() {
        to = tos.clone();
    }
    for v in [&mut from, &mut to] {
        v.sort();
        v.dedup();
    }
    (from, to)
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
    // A move being animated ends on the new board.
    wait_js(
        c,
        "the end of the animation",
        10,
        "return !document.body.dataset.animating;",
    )
    .await;
    // The last turn stays highlighted, and the record writes it on the
    // board's numbers (X's, the board is not flipped here).
    let (from, to) = last_move_locs(s);
    let dom = js(
        c,
        "const l = (c) => [...new Set([...document.querySelectorAll('#board .' + c)].map(e => e.dataset.loc))].sort(); return [l('last-from'), l('last-to')];",
    )
    .await;
    let strs = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        (strs(&dom[0]), strs(&dom[1])),
        (from, to),
        "last move of {tokens:?}"
    );
    if let Some(last) = s["game"]["record"].as_array().unwrap().last() {
        let text = js(
            c,
            "return document.querySelector('#record .tok.last .play').textContent;",
        )
        .await;
        let want = on_x_numbers(
            last["token"].as_str().unwrap(),
            last["side"].as_str().unwrap(),
        );
        assert_eq!(
            text.as_str(),
            Some(want.as_str()),
            "record on the board's numbers"
        );
    }
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
            let complete = js(
                c,
                "return !!(play && S.game.tree && S.game.tree.nodes[play.node].done);",
            )
            .await;
            if sources.is_empty() && complete == true {
                // The play is complete and being committed.
                break;
            }
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
            // Mid-turn the cards' pip counts are the board's.
            let v = js(
                c,
                "return [[...document.querySelectorAll('#board text.pips')].map(e => e.textContent).sort(), ['X', 'Y'].map(s => s + ' ' + document.querySelector('#card-' + s + ' .pipcount').textContent)];",
            )
            .await;
            assert_eq!(v[0], v[1], "pips on the board and the cards");
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
    let (_driver, c) = start_browser(false).await;
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

    // 0. At 1100 px the side panel fits (the sixth number and Y's card
    // included), with no horizontal scroll; a message floats over the page
    // and does not push the board down.
    new_game(&c, "human", "A", "").await;
    c.set_window_size(1100, 900).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    fits_width(
        &c,
        1100,
        &[
            "#card-Y",
            "#numbers button[data-n='6']",
            "#board",
            "#record",
        ],
    )
    .await;
    let board_top = "return document.getElementById('board').getBoundingClientRect().top;";
    let top = js(&c, board_top).await;
    js(
        &c,
        "api('/api/play', { play: '24/1' }).catch(() => {}); return 1;",
    )
    .await;
    wait_js(
        &c,
        "the message",
        5,
        "return !document.getElementById('banner-msg').hidden;",
    )
    .await;
    assert_eq!(js(&c, board_top).await, top, "the banner overlays the page");
    screenshot(&c, "layout-1100.png").await;
    click(&c, "#msg-close").await;
    c.set_window_size(1400, 1000).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    fits_width(&c, 1400, &["#card-Y", "#numbers button[data-n='6']"]).await;

    // 1. A whole game against ncbg, played by clicks.
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
        if turns == 3 {
            // The engine's last line holds the person's next move: hidden
            // on the person's turn unless hints are on.
            assert!(!s["last_search"].is_null());
            assert!(
                c.find(Locator::Css("#last-search")).await.is_err(),
                "an unrequested hint"
            );
            click(&c, "#hints").await;
            c.find(Locator::Css("#last-search"))
                .await
                .expect("hints on");
            click(&c, "#hints").await;
            assert!(c.find(Locator::Css("#last-search")).await.is_err());
        }
        play_turn_by_clicks(&c, turns, turns == 4).await;
        turns += 1;
        assert!(turns < 400, "the game does not end");
    }
    screenshot(&c, "play-over.png").await;
    let animated = js(&c, "return +(document.body.dataset.animated || 0);").await;
    assert!(
        animated.as_u64().unwrap() > 0,
        "the engine's moves are animated"
    );
    eprintln!(
        "human game: {turns} turns by clicks, {animated} engine moves animated, {:?}",
        started.elapsed()
    );

    // 1b. A whole turn from the keyboard: a number key, then arrows, Enter
    // and Escape.
    new_game(&c, "human", "A", "4-2").await;
    let s = snap(&c).await;
    let n = s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ch| ch["legal"] == true)
        .unwrap()["n"]
        .as_u64()
        .unwrap();
    press(&c, char::from(b'0' + n as u8)).await;
    wait_snap(&c, "the pick by key", 10, |s| s["game"]["phase"] == "play").await;
    // A checker chosen, let go with Escape, chosen again.
    press(&c, Key::Right).await;
    c.find(Locator::Css("#board .hit.kbfocus"))
        .await
        .expect("the keyboard cursor is drawn");
    press(&c, Key::Enter).await;
    c.find(Locator::Css("#board .hit.selected"))
        .await
        .expect("Enter chose a checker");
    press(&c, Key::Escape).await;
    assert!(c.find(Locator::Css("#board .hit.selected")).await.is_err());
    for step in 0..8 {
        if record_tokens(&snap(&c).await).len() > 2 {
            break;
        }
        assert!(step < 7, "the turn does not end by keys");
        press(&c, Key::Right).await;
        press(&c, Key::Enter).await;
        press(&c, Key::Enter).await;
        if step == 0 {
            screenshot(&c, "keyboard.png").await;
        }
    }
    let s = wait_snap(&c, "the keyboard turn", 10, |s| record_tokens(s).len() > 2).await;
    assert!(
        record_tokens(&s)[2].starts_with(&format!("{n}:")),
        "{:?}",
        record_tokens(&s)
    );
    check_against_engine(&c, &mut judge, &s).await;
    eprintln!(
        "keyboard turn: {}, {:?}",
        record_tokens(&s)[2],
        started.elapsed()
    );

    // 2. Engine A against engine B, watched with a delay between moves,
    // paused and stepped, then to the end, then saved.
    fill(&c, "#s-delay", "300").await;
    click(&c, "#search button").await;
    wait_snap(&c, "the delay", 5, |s| s["search"]["delay"] == 300).await;
    new_game(&c, "A", "B", "2-5").await;
    wait_snap(&c, "six watched turns", 60, |s| record_tokens(s).len() >= 8).await;
    let times = js(&c, "return Watch.times;").await;
    let times: Vec<f64> = times
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_f64().unwrap())
        .collect();
    // The first engine move comes at once; each later one after the delay
    // (seen by the page: a margin for the event stream's own delays).
    let gaps: Vec<f64> = times.windows(2).skip(1).map(|w| w[1] - w[0]).collect();
    assert!(
        gaps.len() >= 4 && gaps.iter().all(|&g| g >= 240.0),
        "gaps {gaps:?} ms"
    );
    let bar = c.find(Locator::Css("#evalbar")).await.unwrap();
    assert!(
        bar.is_displayed().await.unwrap(),
        "the evaluation bar while watching"
    );
    let score = bar.attr("data-score").await.unwrap().unwrap_or_default();
    assert!(score.parse::<f64>().is_ok(), "score '{score}'");
    screenshot(&c, "watch-delay.png").await;
    click(&c, "#pause").await;
    let s = wait_snap(&c, "the pause", 10, |s| {
        s["paused"] == true && s["thinking"].is_null()
    })
    .await;
    let at = record_tokens(&s).len();
    click(&c, "#step").await;
    wait_snap(&c, "one step", 30, |s| {
        record_tokens(s).len() == at + 1 && s["thinking"].is_null()
    })
    .await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(
        record_tokens(&snap(&c).await).len(),
        at + 1,
        "one move per step"
    );
    fill(&c, "#s-delay", "0").await;
    click(&c, "#search button").await;
    click(&c, "#pause").await;
    let s = wait_snap(&c, "the end of the watched game", 180, |s| {
        s["game"]["phase"] == "over"
    })
    .await;
    check_against_engine(&c, &mut judge, &s).await;
    screenshot(&c, "watch-over.png").await;
    // The same name for both formats: each gets its extension.
    fill(&c, "#save-name", "watched").await;
    click(&c, "#save-match").await;
    click(&c, "#save-mat").await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while !(dir.join("watched.txt").is_file() && dir.join("watched.mat").is_file()) {
        assert!(Instant::now() < deadline, "files not saved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Never over an existing file; no name: a dated one.
    click(&c, "#save-match").await;
    let m = wait_js(&c, "the refusal", 5, "const b = document.getElementById('banner-msg'); return !b.hidden && b.textContent.includes('exists') && b.textContent;").await;
    assert!(m.as_str().unwrap().contains("watched.txt"), "{m}");
    fill(&c, "#save-name", "").await;
    click(&c, "#save-match").await;
    let deadline = Instant::now() + Duration::from_secs(5);
    let dated = loop {
        let found = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().into_string().unwrap())
            .find(|n| n.starts_with("ncbg-20") && n.ends_with(".txt"));
        if let Some(n) = found {
            break n;
        }
        assert!(Instant::now() < deadline, "no dated file");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    eprintln!("saved watched.txt, watched.mat and {dated}");
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
        let best = on_x_numbers(t["best"].as_str().unwrap(), t["side"].as_str().unwrap());
        assert!(text.contains(&best), "{text} (best {best})");
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
    // The .mat of the same game reads back to the same turns.
    click(&c, "#r-refresh").await;
    wait_js(&c, "watched.mat listed", 5, "return [...document.querySelectorAll('#r-files option')].some(o => o.value === 'watched.mat');").await;
    select(&c, "#r-files", "watched.mat").await;
    click(&c, "#r-load").await;
    wait_snap(&c, "the .mat loaded", 10, |s| {
        s["review"]["file"] == "watched.mat"
    })
    .await;
    let steps = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; api('/api/review/game?i=0').then((j) => done(j.steps), (e) => done(String(e)));",
            vec![],
        )
        .await
        .unwrap();
    let steps = steps.as_array().unwrap_or_else(|| panic!("{steps}"));
    let played: Vec<&str> = steps
        .iter()
        .filter_map(|st| st["played"].as_str())
        .collect();
    assert_eq!(
        played[2..],
        saved.games[0].moves[2..]
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()[..]
    );
    assert_eq!(
        played[1], saved.games[0].moves[1],
        "y0 is in X's first pair"
    );
    screenshot(&c, "review-mat.png").await;

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

    // 5. A phone in portrait: one column, no horizontal scroll.
    let (_phone_driver, p) = start_browser(true).await;
    p.goto(&url).await.unwrap();
    wait_snap(&p, "the page on the phone", 20, |s| !s["game"].is_null()).await;
    new_game(&p, "human", "A", "3-5").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    fits_width(
        &p,
        390,
        &[
            "#board",
            "#card-Y",
            "#numbers button[data-n='6']",
            "#typed-play",
        ],
    )
    .await;
    js(&p, "window.scrollTo(0, 0); return 1;").await;
    screenshot(&p, "phone-390.png").await;
    p.close().await.unwrap();
    judge.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
