//! The page at 1280 px in the browser (headless Chromium over WebDriver,
//! the tools of `browser_page/`): banners, faults, the status line,
//! options, and a lost server. Needs `chromium` and `chromedriver`, as
//! `browser.rs` does.

mod common;
#[allow(dead_code)]
#[path = "browser_page/mod.rs"]
mod page;

use fantoccini::Locator;
use page::*;

/// At 1280x900, each seen in the page: banners
/// beside the board, never over it or the cards, a fault in plain words
/// with its detail folded away; an engine killed while idle reported at
/// once, the status line saying it stopped, its last line hidden without
/// hints; a message cleared by the next action and by a change of view;
/// the status line saying "Paused"; a won game addressed to the person,
/// no "…" left in the record, *Save .mat* off with why for a game from an
/// ID; any whole number of ms accepted, a bad one said; the page's options
/// kept over a reload; the review's turn in words; and a lost server
/// shown, the controls off until it is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn banners_faults_status_options_and_a_lost_server() {
    let dir = fresh_dir("ncbg-gui-audit");
    let (gui, url) = start_gui(&dir);
    let port: u16 = url
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let (_driver, c) = start_browser(false).await;
    c.goto(&url).await.unwrap();
    resize(&c, 1280, 900).await;
    engines_ready(&c).await;
    let msg_shown = "const b = document.getElementById('banner-msg'); return !b.hidden && b.getBoundingClientRect().height > 0 && b.textContent;";

    // 8. Any whole number of ms (not only multiples of 100); a value that
    // is not one is said, not dropped.
    fill(&c, "#s-depth", "1").await;
    fill(&c, "#s-movetime", "1250").await;
    click(&c, "#search button").await;
    wait_snap(&c, "1250 ms", 5, |s| s["search"]["movetime"] == 1250).await;
    fill(&c, "#s-movetime", "12.5").await;
    click(&c, "#search button").await;
    let m = wait_js(&c, "the refusal of 12.5", 5, msg_shown).await;
    assert!(m.as_str().unwrap().contains("whole number"), "{m}");
    fill(&c, "#s-movetime", "0").await;
    click(&c, "#search button").await;
    wait_snap(&c, "depth 1", 5, |s| {
        s["search"]["depth"] == 1 && s["search"]["movetime"] == 0
    })
    .await;

    // 1. A typed illegal play's message sits beside the board, over
    // neither the board nor the cards, and does not move the board.
    new_game(&c, "human", "A", "6-5").await;
    click(&c, "#pause").await;
    wait_snap(&c, "paused", 5, |s| s["paused"] == true).await;
    let board_top = "return document.getElementById('board').getBoundingClientRect().top;";
    let top = js(&c, board_top).await;
    let n = snap(&c).await["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ch| ch["legal"] == true)
        .unwrap()["n"]
        .as_u64()
        .unwrap();
    click(&c, &format!("#numbers button[data-n='{n}']")).await;
    wait_snap(&c, "the pick", 10, |s| s["game"]["phase"] == "play").await;
    fill(&c, "#typed-play", "24/1").await;
    click(&c, "#typed button").await;
    wait_js(&c, "the illegal play's message", 5, msg_shown).await;
    assert_eq!(js(&c, board_top).await, top, "the banner moved the board");
    let banner = rect(&c, "#banner-msg").await;
    for css in ["#board", "#card-X", "#card-Y"] {
        let r = rect(&c, css).await;
        assert!(
            !overlap(&banner, &r),
            "the banner {banner:?} over {css} {r:?}"
        );
    }
    screenshot(&c, "audit-message-1280.png").await;
    // 6. The next action clears it; so does a change of view.
    click(&c, "#undo").await;
    wait_js(
        &c,
        "the message cleared by Undo",
        5,
        "return document.getElementById('banner-msg').hidden;",
    )
    .await;
    js(
        &c,
        "api('/api/play', { play: '24/1' }).catch(() => {}); return 1;",
    )
    .await;
    wait_js(&c, "the message again", 5, msg_shown).await;
    click(&c, "#tab-review").await;
    click(&c, "#tab-play").await;
    assert_eq!(
        js(&c, "return document.getElementById('banner-msg').hidden;").await,
        true,
        "a Play message followed into Review and back"
    );
    // The nits: a new turn clears the typed-play box.
    click(&c, &format!("#numbers button[data-n='{n}']")).await;
    let s = wait_snap(&c, "the pick", 10, |s| s["game"]["phase"] == "play").await;
    fill(&c, "#typed-play", "13/").await;
    let play = s["game"]["tree"]["plays"][0].as_str().unwrap().to_string();
    c.execute(
        "api('/api/play', { play: arguments[0] }).catch(() => {}); return 1;",
        vec![serde_json::json!(play)],
    )
    .await
    .unwrap();
    wait_js(
        &c,
        "the box cleared",
        5,
        "return document.getElementById('typed-play').value === '';",
    )
    .await;
    click(&c, "#pause").await;

    // 2 and 4. Engine A killed while idle, on the person's turn: reported
    // at once (no search needed to find out), in plain words.
    let s = wait_snap(&c, "the engine's reply", 60, |s| {
        s["game"]["human_to_move"] == true && s["thinking"].is_null() && !s["last_search"].is_null()
    })
    .await;
    assert_eq!(s["engines"][0]["status"]["state"], "ready");
    kill_child(gui.0.id(), &common::engines().0);
    let s = wait_snap(&c, "the idle engine's death", 10, |s| {
        s["engines"][0]["status"]["state"] == "faulted"
    })
    .await;
    let msg = s["fault"]["message"].as_str().unwrap();
    assert!(
        msg.contains("Engine A (ncbg) stopped unexpectedly") && msg.contains("Restart"),
        "{msg}"
    );
    wait_js(
        &c,
        "the fault banner",
        5,
        "return !document.getElementById('banner-fault').hidden;",
    )
    .await;
    wait_js(
        &c,
        "the badge",
        5,
        "return document.getElementById('status-A').textContent === 'faulted';",
    )
    .await;
    let fault = rect(&c, "#banner-fault").await;
    assert!(
        fault[3] - fault[1] < 110.0,
        "the fault banner is short: {fault:?}"
    );
    for css in ["#board", "#card-X", "#card-Y"] {
        let r = rect(&c, css).await;
        assert!(
            !overlap(&fault, &r),
            "the fault banner {fault:?} over {css} {r:?}"
        );
    }
    // The person moves on: the engine to move has stopped, and says so.
    pick_and_type(&c).await;
    let status = wait_js(&c, "the stopped status", 5, "const t = document.getElementById('status').textContent; return t.includes('stopped') && t;").await;
    assert!(status.as_str().unwrap().contains("Restart"), "{status}");
    let hint = js(&c, "return document.getElementById('hint').textContent;").await;
    assert!(hint.as_str().unwrap().contains("stopped"), "{hint}");
    // Its last line holds the person's next move: hidden without hints.
    assert!(!snap(&c).await["last_search"].is_null());
    assert!(
        c.find(Locator::Css("#last-search")).await.is_err(),
        "the engine's line shown without hints"
    );
    screenshot(&c, "audit-fault-1280.png").await;
    let at = record_tokens(&snap(&c).await).len();
    click(&c, "#fault-restart").await;
    wait_snap(&c, "the restarted engine's move", 60, |s| {
        record_tokens(s).len() > at
    })
    .await;

    // 5. A paused engine-vs-engine game says so in the status line.
    // (With a delay between the moves: random's games are short.)
    fill(&c, "#s-delay", "2000").await;
    click(&c, "#search button").await;
    wait_snap(&c, "the delay", 5, |s| s["search"]["delay"] == 2000).await;
    new_game(&c, "A", "B", "2-5").await;
    click(&c, "#pause").await;
    wait_snap(&c, "the pause", 10, |s| {
        s["paused"] == true && s["thinking"].is_null()
    })
    .await;
    wait_js(
        &c,
        "Paused in the status line",
        5,
        "return document.getElementById('status').textContent.includes('Paused');",
    )
    .await;
    click(&c, "#pause").await;

    // 7. A game from an ID that the person wins: "You win", no "…" left in
    // the record, and *Save .mat* off with the reason.
    new_game_from_id(&c, "human", "A", &last_checker_id()).await;
    wait_snap(&c, "the last checker", 10, |s| {
        s["players"]["Y"] == "A"
            && s["game"]["record"].as_array().unwrap().is_empty()
            && s["game"]["human_to_move"] == true
    })
    .await;
    pick_and_type(&c).await;
    let s = wait_snap(&c, "the end", 10, |s| s["game"]["phase"] == "over").await;
    assert_eq!(s["game"]["winner"], "X");
    let status = wait_js(
        &c,
        "the result",
        5,
        "return document.getElementById('status').textContent;",
    )
    .await;
    assert!(
        status.as_str().unwrap().starts_with("You (X) win a gammon"),
        "{status}"
    );
    let empties = js(&c, "return [...document.querySelectorAll('#record .tok.empty')].map(e => e.textContent).join('');").await;
    assert_eq!(empties, "", "a '…' in the record of a finished game");
    let mat = js(&c, "const b = document.getElementById('save-mat'); return [b.disabled, b.title, document.getElementById('save-match').disabled];").await;
    assert_eq!(mat[0], true, "{mat}");
    assert!(mat[1].as_str().unwrap().contains("no .mat"), "{mat}");
    assert_eq!(mat[2], false, "the match file can be saved");
    screenshot(&c, "audit-won-1280.png").await;

    // 10. The review says the turn in the page's words.
    fill(&c, "#save-name", "won").await;
    click(&c, "#save-match").await;
    wait_js(
        &c,
        "saved",
        5,
        "return document.getElementById('msg-text').textContent.includes('saved');",
    )
    .await;
    open_in_review(&c, "won.txt").await;
    click(&c, "#r-moves .mv[data-step='0']").await;
    let token = record_tokens(&s)[0].clone();
    let (pick, play) = token.split_once(':').unwrap();
    let turn = wait_js(
        &c,
        "the turn",
        5,
        "return document.getElementById('r-turn').textContent;",
    )
    .await;
    assert!(
        turn.as_str()
            .unwrap()
            .contains(&format!("picked {pick}, played {}", gnubg_text(play))),
        "{turn} ({token})"
    );
    let empties = js(
        &c,
        "return [...document.querySelectorAll('#r-moves .mv.empty')].map(e => e.textContent).join('');",
    )
    .await;
    assert_eq!(empties, "", "a '…' in the review's move list");
    screenshot(&c, "audit-review-1280.png").await;
    click(&c, "#tab-play").await;

    // 9. The page's options outlive a reload.
    click(&c, "#hints").await;
    click(&c, "#animate").await;
    c.refresh().await.unwrap();
    wait_snap(&c, "the reloaded page", 20, |s| !s["game"].is_null()).await;
    let opts = js(&c, "return [document.getElementById('hints').checked, document.getElementById('animate').checked];").await;
    assert_eq!(
        opts,
        serde_json::json!([true, false]),
        "options after a reload"
    );

    // 3. The server goes: a banner, the controls off, a request that
    // fails says so; the server back on the same port: all back.
    drop(gui);
    wait_js(&c, "the offline banner", 10, "return !document.getElementById('banner-offline').hidden && document.getElementById('view-play').inert;").await;
    js(&c, "api('/api/stop', {}).catch(() => {}); return 1;").await;
    let m = wait_js(&c, "the failed request", 5, msg_shown).await;
    assert!(m.as_str().unwrap().contains("Could not reach"), "{m}");
    screenshot(&c, "audit-offline-1280.png").await;
    let (_gui2, _) = start_gui_on(&dir, port);
    wait_js(&c, "reconnected", 20, "return document.getElementById('banner-offline').hidden && !document.getElementById('view-play').inert;").await;
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// A full-state ID with X to pick and one checker left, on its 1 point:
/// any pair bears it off and X wins (a gammon: Y has borne off none).
fn last_checker_id() -> String {
    use ncbg::board::{Checkers, Position};
    let mut x = [0u8; 26];
    x[0] = 14; // borne off
    x[1] = 1;
    let mut y = [0u8; 26];
    y[6] = 15;
    let pos = Position::new(
        Checkers::from_slots(&x).unwrap(),
        Checkers::from_slots(&y).unwrap(),
    )
    .unwrap();
    format!("{}:Xpick:x3y5:d22:k6", ncbg::ids::position_id::encode(&pos))
}

/// Kills (SIGKILL) the GUI's child whose program is `exe`: an engine that
/// dies on its own.
fn kill_child(gui: u32, exe: &std::path::Path) {
    use std::os::unix::ffi::OsStrExt;
    let pid = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .find(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // pid (comm) state ppid ...: the fields after the last ')'.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<u32>().ok());
            let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            ppid == Some(gui) && cmd.split(|b| *b == 0).next() == Some(exe.as_os_str().as_bytes())
        })
        .unwrap_or_else(|| panic!("no child {} of {gui}", exe.display()));
    let ok = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill {pid}");
}

/// Picks the first legal number and types the first legal play (the
/// person's turn, paused engines or not); returns the record's length after.
async fn pick_and_type(c: &fantoccini::Client) -> usize {
    let s = snap(c).await;
    let at = record_tokens(&s).len();
    let n = s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ch| ch["legal"] == true)
        .unwrap()["n"]
        .as_u64()
        .unwrap();
    click(c, &format!("#numbers button[data-n='{n}']")).await;
    let s = wait_snap(c, "the pick", 10, |s| {
        s["game"]["phase"] == "play" || record_tokens(s).len() > at
    })
    .await;
    if record_tokens(&s).len() == at {
        let play = s["game"]["tree"]["plays"][0].as_str().unwrap().to_string();
        fill(c, "#typed-play", &play).await;
        click(c, "#typed button").await;
    }
    wait_snap(c, "the typed play", 10, |s| record_tokens(s).len() > at).await;
    at + 1
}
