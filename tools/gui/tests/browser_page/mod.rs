//! The browser tests' tools: the page's snapshot and DOM, clicks, keys,
//! screenshots; the server and a headless Chromium over WebDriver
//! (`launch`), the pointer (`pointer`), and the checks of the page
//! against the engine and the library (`checks`).

use super::common::bin_dir;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod checks;
mod launch;
mod pointer;
pub use checks::*;
pub use launch::*;
pub use pointer::*;

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

/// Starts a new game from the full-state ID `id` with players `x` and `y`
/// (the caller waits for what it expects of it).
pub async fn new_game_from_id(c: &Client, x: &str, y: &str, id: &str) {
    select(c, "#g-x", x).await;
    select(c, "#g-y", y).await;
    select(c, "#g-pair", "").await;
    fill(c, "#g-state", id).await;
    click(c, "#g-new").await;
}

/// Starts a new game from the start with players `x` and `y` and the
/// initial pair `pair` (`3-5`, or empty), and waits until it shows.
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

/// Opens the saved file `name` in Review: the tab, the file once listed,
/// loaded, and its move list drawn.
pub async fn open_in_review(c: &Client, name: &str) {
    click(c, "#tab-review").await;
    let listed = format!(
        "return [...document.querySelectorAll('#r-files option')].some(o => o.value === '{name}');"
    );
    wait_js(c, &format!("{name} listed"), 5, &listed).await;
    select(c, "#r-files", name).await;
    click(c, "#r-load").await;
    wait_snap(c, "the loaded file", 10, |s| s["review"]["file"] == name).await;
    wait_js(
        c,
        "the move list",
        10,
        "return document.querySelectorAll('#r-moves .mv[data-step]').length;",
    )
    .await;
}

/// A fresh `ncbg-gui` (saving into the fresh folder `name`, see
/// [`fresh_dir`]) with its page open in a fresh browser (a phone's with
/// `phone`), the engines ready and searching at depth 1: how most browser
/// tests begin. Dropped, it ends the browser, then the server.
pub struct Page {
    /// The WebDriver client on the page.
    pub c: Client,
    /// The page's URL.
    pub url: String,
    /// The folder the GUI saves into.
    pub dir: PathBuf,
    _browser: Browser,
    _gui: Kill,
}

/// Opens a [`Page`]: see there.
pub async fn open_page(name: &str, phone: bool) -> Page {
    let dir = fresh_dir(name);
    let (gui, url) = start_gui(&dir);
    let (browser, c) = start_browser(phone).await;
    c.goto(&url).await.unwrap();
    engines_ready(&c).await;
    search_at_depth_1(&c).await;
    Page {
        c,
        url,
        dir,
        _browser: browser,
        _gui: gui,
    }
}
