//! The page in a real browser, one session for the whole run: headless
//! Chromium driven over WebDriver (chromedriver), its own server and
//! browser. The layout at 1100 px (no sideways scroll, the side panel
//! whole, a message floating over the board); a human-vs-ncbg game played
//! by clicks to the end, checked against the engine's `d` after every turn,
//! with the pick preview, the cards' pips mid-turn, the engine's moves
//! animated to the right board, the last move highlighted and written on
//! the board's numbers, and hints; a turn played from the keyboard and
//! taken back; an engine-vs-engine game watched with a delay, paused and
//! stepped, with the evaluation bar, then saved under one name as `.txt`
//! and `.mat`, and under a dated default; both files reviewed (the analysis
//! chart, the `.mat` read back to the same turns). An engine that crashes
//! mid-game and the page on a 390 px phone are in `browser_crash.rs`.
//! Screenshots of the main views go to `target/gui-screenshots/`; the
//! tools are in `browser_page/`. Issue 42's fixes are checked in
//! `browser_issue42.rs`, the page's banners, faults, status line, options
//! and a lost server in `browser_banners.rs` (the test binaries run at the
//! same time, each with its own server and browser).
//!
//! Needs `chromium` and `chromedriver` (`.ci/run` installs them). The test
//! waits on conditions (the snapshot, the DOM, the page's next frames), not
//! on time, except where it checks that nothing happens; chromedriver and
//! Chromium are killed together on every way out (`page::Browser`).

mod common;
#[allow(dead_code, unused_imports)]
#[path = "browser_page/mod.rs"]
mod page;

use common::ncbg_engine;
use fantoccini::key::Key;
use fantoccini::Locator;
use ncbg_gui::driver::Engine;
use page::*;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_watches_saves_and_reviews() {
    let started = Instant::now();
    let dir = fresh_dir("ncbg-gui-browser");
    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser(false).await;
    let mut judge = Engine::start(&ncbg_engine(), &[], Duration::from_secs(10))
        .await
        .unwrap();
    c.goto(&url).await.unwrap();
    engines_ready(&c).await;
    search_at_depth_1(&c).await;

    // 0. At 1100 px the side panel fits (the sixth number and Y's card
    // included), with no horizontal scroll; a message floats over the page
    // and does not push the board down.
    new_game(&c, "human", "A", "").await;
    resize(&c, 1100, 900).await;
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
    resize(&c, 1400, 1000).await;
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

    // Flipped, the board uses Y's numbers; the record writes each play on
    // its mover's own numbers, flipped or not (as gnubg does).
    click(&c, "#flip").await;
    let v = js(
        &c,
        "return [document.getElementById('record-note').textContent, document.querySelector('#board .hit[data-label=\"1\"]').dataset.loc, document.querySelector('#record .tok.last .play').textContent];",
    )
    .await;
    assert!(v[0].as_str().unwrap().contains("own point numbers"), "{v}");
    assert_eq!(v[1], "x24", "Y's 1 point is X's 24");
    let last = snap(&c).await["game"]["record"]
        .as_array()
        .unwrap()
        .last()
        .cloned()
        .unwrap();
    // The record shows the pair, then the play without the pick.
    let token = last["token"].as_str().unwrap();
    let play = token.split_once(':').map_or(token, |(_, p)| p);
    assert_eq!(v[2].as_str().unwrap(), gnubg_text(play));
    screenshot(&c, "flipped.png").await;
    click(&c, "#flip").await;

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
    // Taking back the engine's reply takes its search away too.
    let s = wait_snap(&c, "the engine's reply", 60, |s| {
        record_tokens(s).len() > 3 && s["thinking"].is_null() && !s["last_search"].is_null()
    })
    .await;
    let at = record_tokens(&s).len();
    click(&c, "#takeback").await;
    let s = wait_snap(&c, "the take-back", 10, |s| record_tokens(s).len() < at).await;
    assert!(
        s["last_search"].is_null(),
        "a taken-back search: {}",
        s["last_search"]
    );
    // A typed play is animated too (it was not moved on the board); the
    // engine is paused so that its reply does not animate instead.
    click(&c, "#pause").await;
    wait_snap(&c, "paused", 5, |s| s["paused"] == true).await;
    let n = s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ch| ch["legal"] == true)
        .unwrap()["n"]
        .as_u64()
        .unwrap();
    press(&c, char::from(b'0' + n as u8)).await;
    let s = wait_snap(&c, "the pick", 10, |s| s["game"]["phase"] == "play").await;
    let play = s["game"]["tree"]["plays"][0].as_str().unwrap().to_string();
    let animated = js(&c, "return +(document.body.dataset.animated || 0);")
        .await
        .as_u64()
        .unwrap();
    fill(&c, "#typed-play", &play).await;
    click(&c, "#typed button").await;
    let s = wait_snap(&c, "the typed play", 10, |s| {
        record_tokens(s).len() == at - 1
    })
    .await;
    wait_js(
        &c,
        "the typed play's animation",
        10,
        &format!("return +(document.body.dataset.animated || 0) > {animated};"),
    )
    .await;
    check_against_engine(&c, &mut judge, &s).await;

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
    // The first engine move comes at once; each later one after the delay.
    // The page sees them late by the event stream's own (varying) delay, so
    // one gap may look shorter: their sum may not, beyond one such delay.
    let gaps: Vec<f64> = times.windows(2).skip(1).map(|w| w[1] - w[0]).collect();
    let span: f64 = gaps.iter().sum();
    assert!(
        gaps.len() >= 4 && span >= gaps.len() as f64 * 300.0 - 250.0,
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
    // Not a wait but a window: that no second move comes can only be seen
    // by watching for a while.
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
    wait_js(
        &c,
        "depth 1 for the analysis",
        5,
        "return document.getElementById('r-depth').value === '1';",
    )
    .await;
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
        // In words: "picked 3, played 24/21,13/10".
        let best = gnubg_text(t["best"].as_str().unwrap());
        let words = match best.split_once(':') {
            Some((n, "pass")) => format!("picked {n}, no legal play"),
            Some((n, play)) => format!("picked {n}, played {play}"),
            None => best.clone(),
        };
        assert!(text.contains(&words), "{text} (best {best})");
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
    // Select and load, again if the load raced the selection (once in a
    // while under load the click read the previous option); then wait.
    for _ in 0..3 {
        select(&c, "#r-files", "watched.mat").await;
        click(&c, "#r-load").await;
        let deadline = Instant::now() + Duration::from_secs(5);
        while snap(&c).await["review"]["file"] != "watched.mat" && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        if snap(&c).await["review"]["file"] == "watched.mat" {
            break;
        }
    }
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
    c.close().await.unwrap();
    judge.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
