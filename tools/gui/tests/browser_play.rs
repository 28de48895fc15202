//! Issue 76 in play, in a real browser (headless Chromium over WebDriver,
//! the tools of `browser_page/`). Each check here failed before its fix.
//!
//! `play_hidden_line_hints_preview_and_record`: the engine's hidden line is
//! not sent while hints are off; the pick preview says what the opponent
//! can then play (and the engine's best with a hint); input while the
//! engine's checkers move is taken at once; a hint asked for at pick time
//! stays through the pick; the record writes Y's plays from Y's side and a
//! click on a turn shows that position; on a touch screen a first tap
//! previews a number, a second picks it.
//!
//! `snags_messages_boxes_eval_bar_and_graph`: a message pushes nothing;
//! the "from ID" and save-name boxes; the evaluation bar's number; the
//! play graph's width and turn axis.
//!
//! Needs `chromium` and `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code)]
#[path = "browser_page/mod.rs"]
mod page;

use page::*;
use std::time::Instant;

/// In play: the engine's hidden line is not sent while hints are off; the
/// pick preview says what the opponent can then do; a hint asked for at
/// pick time stays through the pick, its rows "pick N → pair play", its
/// shown line still drawn; the record writes Y's plays from Y's side, and a
/// click on a turn shows the position after it (Esc: back to the game).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_hidden_line_hints_preview_and_record() {
    let page = open_page("ncbg-gui-issue76-play", false).await;
    let c = page.c.clone();
    new_game(&c, "human", "A", "4-2").await;
    assert_eq!(
        js(&c, "return document.getElementById('hints').checked;").await,
        false
    );

    // The pick preview: the pair, then what Y can do with the number.
    let s = snap(&c).await;
    let n = s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|ch| ch["legal"] == true)
        .map(|ch| ch["n"].as_u64().unwrap())
        .max()
        .unwrap();
    let own_y = s["game"]["numbers"]["Y"].as_u64().unwrap();
    js(
        &c,
        &format!("document.querySelector('#numbers button[data-n=\"{n}\"]').focus(); return 1;"),
    )
    .await;
    let replies = js(&c, "return [document.getElementById('preview').dataset.replies, document.getElementById('preview').textContent];").await;
    let pairs: Vec<&str> = replies[0].as_str().unwrap().split(' ').collect();
    let k = s["game"]["k"].as_u64().unwrap();
    let mut want: Vec<String> = (1..=k)
        .filter(|&m| m != own_y)
        .map(|m| format!("{}-{}", m.max(n), m.min(n)))
        .collect();
    want.sort();
    want.reverse();
    assert_eq!(pairs, want, "Y's replies to {n}: {}", replies[1]);
    assert!(
        replies[1].as_str().unwrap().contains("Then Y plays one of"),
        "{}",
        replies[1]
    );
    js(&c, "document.activeElement.blur(); return 1;").await;

    // Two turns; the engine's line never reaches the page with hints off.
    // The engine's first reply is animated slowly: a number clicked while
    // its checkers move is taken, and the animation ends at once on the
    // board after the move, which takes clicks.
    js(&c, "Anim.stepMs = 1500; return 1;").await;
    play_turn_by_clicks(&c, 0, false).await;
    wait_js(
        &c,
        "the reply animated",
        30,
        "return document.body.dataset.animating === '1';",
    )
    .await;
    let s = snap(&c).await;
    let m = s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ch| ch["legal"] == true)
        .unwrap()["n"]
        .as_u64()
        .unwrap();
    click(&c, &format!("#numbers button[data-n='{m}']")).await;
    let state = js(
        &c,
        "return [document.body.dataset.animating || '', document.body.dataset.stateid];",
    )
    .await;
    assert_eq!(state[0], "", "the animation ends with the click");
    let s = wait_snap(&c, "the pick during the animation", 10, |s| {
        s["game"]["phase"] == "play"
    })
    .await;
    wait_js(
        &c,
        "the board taking clicks",
        5,
        "return document.querySelectorAll('#board .hit.movable').length > 0 || !!document.getElementById('pass');",
    )
    .await;
    assert_eq!(
        dom_board(&c).await,
        expected_board(s["game"]["stateid"].as_str().unwrap())
    );
    js(&c, "Anim.stepMs = 260; return 1;").await;
    click(&c, "#undo").await;
    wait_snap(&c, "the pick undone", 10, |s| s["game"]["phase"] == "pick").await;
    play_turn_by_clicks(&c, 1, false).await;
    wait_snap(&c, "the engine's reply", 30, |s| {
        s["game"]["human_to_move"] == true && s["thinking"].is_null()
    })
    .await;
    wait_js(
        &c,
        "the reply's animation",
        10,
        "return !document.body.dataset.animating;",
    )
    .await;
    let s = server_state(&c).await;
    let lines = engine_lines(&s);
    assert!(!lines.is_empty(), "the engine searched: {s}");
    for l in &lines {
        assert!(
            l["pv"].as_array().unwrap().is_empty() && l["score_mp"].is_null(),
            "a hidden line sent to the page: {l}"
        );
    }
    // With hints on it is sent.
    click(&c, "#hints").await;
    let s = wait_snap(&c, "the line with hints on", 10, |s| {
        !s["last_search"]["info"]["pv"]
            .as_array()
            .unwrap()
            .is_empty()
    })
    .await;
    assert!(!s["last_search"]["info"]["score_mp"].is_null());
    click(&c, "#hints").await;
    wait_snap(&c, "the line hidden again", 10, |s| {
        s["last_search"]["info"]["pv"]
            .as_array()
            .unwrap()
            .is_empty()
    })
    .await;

    // The record: Y's plays from Y's side; a click shows the position.
    let s = snap(&c).await;
    let rec = s["game"]["record"].as_array().unwrap().clone();
    let (yi, y) = rec
        .iter()
        .enumerate()
        .rfind(|(_, r)| r["side"] == "Y" && r["token"].as_str().unwrap().contains('/'))
        .expect("a Y play");
    let text = js(
        &c,
        &format!(
            "return document.querySelector('#record .tok[data-index=\"{yi}\"] .play').textContent;"
        ),
    )
    .await;
    let token = y["token"].as_str().unwrap();
    assert_eq!(
        text.as_str().unwrap(),
        gnubg_text(token.split_once(':').unwrap().1),
        "Y's play from Y's side"
    );
    click(&c, &format!("#record .tok[data-index='{yi}']")).await;
    let after = y["after"].as_str().unwrap().to_string();
    wait_js(
        &c,
        "the position after the clicked turn",
        10,
        &format!("return document.body.dataset.shown === '{after}' && !document.getElementById('pastbar').hidden;"),
    )
    .await;
    wait_js(
        &c,
        "the past board drawn",
        10,
        "return !document.body.dataset.animating;",
    )
    .await;
    assert_eq!(
        dom_board(&c).await,
        expected_board(&after),
        "the board after turn {yi}"
    );
    screenshot(&c, "record-shown-1400.png").await;
    press(&c, fantoccini::key::Key::Escape).await;
    assert_eq!(js(&c, "return document.body.dataset.shown;").await, "");
    // A click on the board showing it goes back too.
    click(&c, &format!("#record .tok[data-index='{yi}']")).await;
    wait_js(
        &c,
        "shown again",
        10,
        &format!("return document.body.dataset.shown === '{after}';"),
    )
    .await;
    click(&c, "#board").await;
    assert_eq!(
        js(&c, "return document.body.dataset.shown;").await,
        "",
        "a click on the board: back to the game"
    );
    assert_eq!(
        dom_board(&c).await,
        expected_board(s["game"]["stateid"].as_str().unwrap()),
        "back to the game"
    );

    // A hint asked for at pick time stays through the pick.
    press(&c, 'h').await;
    let s = wait_snap(&c, "the hint", 30, |s| {
        s["hint"]["running"] == false && !s["hint"]["lines"].as_array().unwrap().is_empty()
    })
    .await;
    let first = s["hint"]["lines"][0].clone();
    let pick = first["pick"].as_u64().expect("a pick-time hint has picks");
    let rows = js(
        &c,
        "return [...document.querySelectorAll('#hintlist .hintline .choice')].map(e => e.textContent);",
    )
    .await;
    let row0 = rows[0].as_str().unwrap().to_string();
    let pair = first["pair"].as_array().unwrap();
    let play = first["token"].as_str().unwrap().split_once(':').unwrap().1;
    assert_eq!(
        row0,
        format!("pick {pick} → {}-{} {}", pair[0], pair[1], gnubg_text(play)),
        "a hint row"
    );
    // The pick preview of that number says the engine's best with it.
    js(
        &c,
        &format!("document.querySelector('#numbers button[data-n=\"{pick}\"]').focus(); return 1;"),
    )
    .await;
    let preview = js(&c, "return document.getElementById('preview').textContent;").await;
    assert!(
        preview
            .as_str()
            .unwrap()
            .contains(&format!("The engine's best with {pick} (hint 1): {row0}")),
        "{preview}"
    );
    js(&c, "document.activeElement.blur(); return 1;").await;
    click(&c, "#hintlist .hintline[data-rank='1']").await;
    click(&c, &format!("#numbers button[data-n='{pick}']")).await;
    let s = wait_snap(&c, "the pick", 10, |s| s["game"]["phase"] == "play").await;
    assert_eq!(s["hint"]["picked"], pick, "the hint stays: {}", s["hint"]);
    let kept = s["hint"]["lines"].as_array().unwrap();
    assert!(!kept.is_empty() && kept.iter().all(|l| l["pick"] == pick));
    assert_eq!(kept[0]["token"], play, "the play of the pick");
    settled(&c).await;
    let rows = js(
        &c,
        "return [...document.querySelectorAll('#hintlist .hintline .choice')].map(e => e.textContent);",
    )
    .await;
    assert_eq!(rows[0].as_str().unwrap(), row0, "the row after the pick");
    wait_js(
        &c,
        "the hint's play drawn after the pick",
        10,
        "return document.querySelectorAll('#board path.arrow.best').length > 0;",
    )
    .await;
    screenshot(&c, "hint-after-pick-1400.png").await;
    c.close().await.unwrap();

    // On a touch screen a first tap on a number previews it (the replies
    // too), a second picks it.
    let (_phone_driver, p) = start_browser(true).await;
    p.goto(&page.url).await.unwrap();
    wait_snap(&p, "the page on the phone", 20, |s| !s["game"].is_null()).await;
    new_game(&p, "human", "A", "4-2").await;
    settled(&p).await;
    let s = snap(&p).await;
    let n = s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ch| ch["legal"] == true)
        .unwrap()["n"]
        .as_u64()
        .unwrap();
    let button = format!("#numbers button[data-n='{n}']");
    js(
        &p,
        &format!(
            "document.querySelector(\"{button}\").scrollIntoView({{ block: 'center' }}); return 1;"
        ),
    )
    .await;
    settled(&p).await;
    tap(&p, &button).await;
    let preview = js(
        &p,
        "const p = document.getElementById('preview'); return [p.dataset.n, p.dataset.replies, p.textContent];",
    )
    .await;
    assert_eq!(
        preview[0],
        n.to_string(),
        "the first tap previews: {preview}"
    );
    assert!(!preview[1].as_str().unwrap().is_empty(), "{preview}");
    let marked = js(
        &p,
        "return [...document.querySelectorAll('#numbers button.previewed')].map(b => +b.dataset.n);",
    )
    .await;
    assert_eq!(
        marked,
        serde_json::json!([n]),
        "the number previewed is marked"
    );
    // Nothing picked: the server's game still waits for the pick.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let s = server_state(&p).await;
    assert_eq!(s["game"]["phase"], "pick", "a preview tap picked");
    screenshot(&p, "touch-preview-390.png").await;
    tap(&p, &button).await;
    wait_snap(&p, "the second tap's pick", 10, |s| {
        s["game"]["phase"] == "play"
    })
    .await;
    p.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&page.dir);
}

/// The smaller snags: a message pushes nothing (the board, the cards, the
/// numbers and the panels stay put, and it covers neither board nor
/// cards); the "from ID" box empties once its game starts; the save-name
/// box keeps its name for both formats and empties with a new game; the evaluation bar's number is readable (11
/// px or more, inside the bar); the play graph uses its width and has a
/// turn axis.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn snags_messages_boxes_eval_bar_and_graph() {
    let page = open_page("ncbg-gui-issue76-snags", false).await;
    let c = page.c.clone();
    new_game(&c, "human", "A", "4-2").await;
    settled(&c).await;

    // A message pushes nothing.
    let parts = [
        "#board",
        "#card-X",
        "#card-Y",
        "#numbers",
        ".panel.engine",
        ".panel.game",
    ];
    let mut before = Vec::new();
    for css in parts {
        before.push(rect(&c, css).await);
    }
    js(&c, "showMessage('a refused action, said in a message long enough to take two lines in the side column of the page'); return 1;").await;
    settled(&c).await;
    let banner = rect(&c, "#banner-msg").await;
    assert!(banner[3] > banner[1], "the message is shown");
    for (css, b) in parts.iter().zip(&before) {
        let r = rect(&c, css).await;
        assert!(
            r.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.5),
            "{css} moved from {b:?} to {r:?} with a message"
        );
    }
    for css in ["#board", "#card-X", "#card-Y"] {
        let r = rect(&c, css).await;
        let overlap = banner[0] < r[2] && r[0] < banner[2] && banner[1] < r[3] && r[1] < banner[3];
        assert!(!overlap, "the message {banner:?} over {css} {r:?}");
    }
    screenshot(&c, "message-1400.png").await;
    click(&c, "#msg-close").await;

    // "from ID" empties once its game starts.
    let id = snap(&c).await["game"]["stateid"]
        .as_str()
        .unwrap()
        .to_string();
    fill(&c, "#g-state", &id).await;
    let version = snap(&c).await["version"].as_u64().unwrap();
    click(&c, "#g-new").await;
    wait_snap(&c, "the game from the ID", 10, |s| {
        s["version"].as_u64().unwrap() > version && s["game"]["start"] == id.as_str()
    })
    .await;
    wait_js(
        &c,
        "the ID box emptied",
        5,
        "return document.getElementById('g-state').value === '';",
    )
    .await;

    // Watching: the bar's number and the graph.
    new_game(&c, "A", "B", "3-5").await;
    wait_js(
        &c,
        "the evaluation bar's number",
        60,
        "return document.getElementById('evaltext').textContent !== '';",
    )
    .await;
    let bar = js(
        &c,
        "const t = document.getElementById('evaltext'), b = document.getElementById('evalbar'); const tr = t.getBoundingClientRect(), br = b.getBoundingClientRect(); return [parseFloat(getComputedStyle(t).fontSize), tr.left >= br.left - 0.5 && tr.right <= br.right + 0.5, t.scrollWidth <= t.clientWidth + 1, getComputedStyle(t).writingMode];",
    )
    .await;
    assert!(bar[0].as_f64().unwrap() >= 11.0, "the bar's number: {bar}");
    assert_eq!(bar[1], true, "inside the bar: {bar}");
    assert_eq!(bar[2], true, "whole: {bar}");
    assert_eq!(bar[3], "horizontal-tb", "read across: {bar}");
    let s = wait_snap(&c, "the watched game's end", 180, |s| {
        s["game"]["phase"] == "over"
    })
    .await;
    settled(&c).await;
    let graph = js(
        &c,
        "const g = document.getElementById('evalgraph'), l = g.querySelector('polyline'); return [l.getBoundingClientRect().width / g.getBoundingClientRect().width, [...g.querySelectorAll('text.turnno')].map(t => +t.textContent)];",
    )
    .await;
    assert!(
        graph[0].as_f64().unwrap() > 0.9,
        "the graph's line over {} of its width",
        graph[0]
    );
    let nos: Vec<u64> = graph[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(
        nos.len() >= 3 && nos.windows(2).all(|w| w[0] < w[1]),
        "the graph's turn axis: {nos:?} ({} turns)",
        record_tokens(&s).len()
    );
    screenshot(&c, "watched-graph-1400.png").await;

    // The save-name box keeps its name for the game's other format, and
    // empties with a new game.
    fill(&c, "#save-name", "snag game").await;
    click(&c, "#save-match").await;
    wait_js(
        &c,
        "saved",
        10,
        "return document.getElementById('msg-text').textContent.includes('saved');",
    )
    .await;
    click(&c, "#save-mat").await;
    let deadline = Instant::now() + std::time::Duration::from_secs(10);
    while !(page.dir.join("snag game.txt").is_file() && page.dir.join("snag game.mat").is_file()) {
        assert!(Instant::now() < deadline, "both formats under one name");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    new_game(&c, "human", "A", "4-2").await;
    let boxed = js(
        &c,
        "const b = document.getElementById('save-name'); return [b.value, b.placeholder];",
    )
    .await;
    assert_eq!(boxed[0], "", "the last game's name is not kept");
    assert!(!boxed[1].as_str().unwrap().contains("snag"), "{boxed}");
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&page.dir);
}
