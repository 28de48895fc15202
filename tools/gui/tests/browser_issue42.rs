//! Issue 42's fixes in play, each seen in the browser (headless Chromium
//! over WebDriver, the tools of `browser_page/`): keys, hints, the record,
//! a forced pass, the hit's highlight. Those in watching, saving and
//! review are in `browser_issue42_review.rs`. Needs `chromium` and
//! `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code, unused_imports)]
#[path = "browser_page/mod.rs"]
mod page;

use fantoccini::key::Key;
use fantoccini::Locator;
use page::*;
use std::time::Instant;

/// Issue 42's fixes, each seen in the browser: keys after a click on a
/// checkbox, `?` and `f`; a forced pass said in the pick preview and taken
/// with Enter; the engine's live line hidden from the person; a hint asked
/// with `h`, ranked, previewed on the board; the record in whole turns with
/// the pairs; a typed play on the mover's own numbers (the board flipped);
/// the point of a hit highlighted; the favicon. Screenshots at 1400 px.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_42_keys_hints_record_and_the_hit() {
    let started = Instant::now();
    let page = open_page("ncbg-gui-issue42", false).await;
    let c = page.c.clone();

    // The favicon is served (no 404 in the console).
    let status = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; fetch('/favicon.ico').then(r => done(r.status + ' ' + r.headers.get('content-type')), e => done(String(e)));",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        status.as_str().unwrap().starts_with("200 image/"),
        "{status}"
    );

    // 1. Keys after a click on a checkbox: a digit picks, the arrows walk.
    new_game(&c, "human", "A", "4-2").await;
    click(&c, "#hints").await;
    click(&c, "#hints").await;
    let focused = js(&c, "return document.activeElement.id;").await;
    assert_eq!(focused, "hints", "the checkbox has the focus");
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
    wait_snap(&c, "the pick by key after a checkbox", 10, |s| {
        s["game"]["phase"] == "play"
    })
    .await;
    click(&c, "#animate").await;
    click(&c, "#animate").await;
    press(&c, Key::Right).await;
    c.find(Locator::Css("#board .hit.kbfocus"))
        .await
        .expect("the arrows walk after a click on a checkbox");
    // The engine thinks for a while on its turn: its live line (its idea
    // of the person's next move) and score are not shown.
    fill(&c, "#s-depth", "0").await;
    fill(&c, "#s-movetime", "1500").await;
    click(&c, "#search button").await;
    wait_snap(&c, "1.5 s a move", 5, |s| s["search"]["movetime"] == 1500).await;
    let play = snap(&c).await["game"]["tree"]["plays"][0]
        .as_str()
        .unwrap()
        .to_string();
    fill(&c, "#typed-play", &play).await;
    click(&c, "#typed button").await;
    // Not even sent: the snapshot holds its depth and nodes only.
    let s = wait_snap(&c, "the engine's search", 10, |s| {
        !s["thinking"].is_null()
            && s["thinking"]["info"]["depth"]
                .as_u64()
                .is_some_and(|d| d > 1)
    })
    .await;
    assert!(
        s["thinking"]["info"]["pv"].as_array().unwrap().is_empty()
            && s["thinking"]["info"]["score_mp"].is_null(),
        "the hidden line sent: {}",
        s["thinking"]
    );
    settled(&c).await;
    let think = js(&c, "return [document.querySelectorAll('#think .pv, #t-score').length, document.getElementById('think').textContent];").await;
    assert_eq!(think[0], 0, "the live line with hints off: {}", think[1]);
    let s = wait_snap(&c, "the person's turn again", 30, |s| {
        s["thinking"].is_null() && s["game"]["human_to_move"] == true
    })
    .await;
    fill(&c, "#s-depth", "1").await;
    fill(&c, "#s-movetime", "0").await;
    click(&c, "#search button").await;
    wait_snap(&c, "depth 1 again", 5, |s| s["search"]["movetime"] == 0).await;

    // 6. The record: whole turns with the pair played, the ID in the title.
    let rec = js(
        &c,
        "return [...document.querySelectorAll('#record .trow')].map(r => [r.querySelector('.tn').textContent, ...[...r.querySelectorAll('.tok')].map(t => [t.textContent.trim(), t.title])]);",
    )
    .await;
    let rows = rec.as_array().unwrap();
    assert_eq!(rows.len(), 2, "turn 0 and turn 1: {rec}");
    assert_eq!(rows[0][0], "0.");
    assert!(rows[0][1][0].as_str().unwrap().contains("picks 4"), "{rec}");
    assert!(rows[0][2][0].as_str().unwrap().contains("picks 2"), "{rec}");
    assert_eq!(rows[1][0], "1.");
    let (hi, lo) = (n.max(2), n.min(2));
    let x1 = rows[1][1][0].as_str().unwrap();
    assert!(
        x1.starts_with(&format!("X {hi}-{lo} ")) && !x1.contains(':'),
        "the pair, not the pick: {x1}"
    );
    let tokens = record_tokens(&s);
    assert!(
        rows[1][1][1].as_str().unwrap().contains(&tokens[2])
            && rows[1][1][1]
                .as_str()
                .unwrap()
                .contains(s["game"]["record"][2]["after"].as_str().unwrap()),
        "the token and ID in the title: {rec}"
    );
    assert!(rows[1][2][0].as_str().unwrap().starts_with("Y "), "{rec}");
    assert!(
        c.find(Locator::Css("#record .id")).await.is_err(),
        "no ID lines in the record"
    );

    // 5. A hint with `h`: ranked choices with values, one previewed.
    press(&c, 'h').await;
    let s = wait_snap(&c, "the hint", 30, |s| {
        s["hint"]["running"] == false && !s["hint"]["lines"].as_array().unwrap().is_empty()
    })
    .await;
    let lines = s["hint"]["lines"].as_array().unwrap();
    assert!(lines.len() > 1, "ranked choices: {}", s["hint"]);
    settled(&c).await;
    let items = c
        .find_all(Locator::Css("#hintlist button.hintline"))
        .await
        .unwrap();
    assert_eq!(items.len(), lines.len());
    let first = items[0].text().await.unwrap();
    assert!(
        first.contains('+') || first.contains('-'),
        "a value in points: {first}"
    );
    assert!(c
        .find_all(Locator::Css("#board path.arrow.best"))
        .await
        .unwrap()
        .is_empty());
    items[0].click().await.unwrap();
    // Drawn once the engine's move has been animated.
    wait_js(
        &c,
        "the hint drawn on the board",
        10,
        "return document.querySelectorAll('#board path.arrow.best').length > 0;",
    )
    .await;
    screenshot(&c, "hint-1400.png").await;

    // 2. `?` shows the keys; `f` flips; a typed play on the mover's own
    // numbers, the board flipped.
    press(&c, '?').await;
    assert!(c.find(Locator::Css("dialog#rules[open]")).await.is_ok());
    press(&c, Key::Escape).await;
    assert!(c.find(Locator::Css("dialog#rules[open]")).await.is_err());
    press(&c, 'f').await;
    let loc = js(
        &c,
        "return document.querySelector('#board .hit[data-label=\"1\"]').dataset.loc;",
    )
    .await;
    assert_eq!(loc, "x24", "f flips");
    click(&c, "#pause").await;
    wait_snap(&c, "paused", 5, |s| s["paused"] == true).await;
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
    let s = wait_snap(&c, "the pick", 10, |s| s["game"]["phase"] == "play").await;
    let at = record_tokens(&s).len();
    let plays = s["game"]["tree"]["plays"].as_array().unwrap();
    let play = plays
        .iter()
        .map(|p| p.as_str().unwrap())
        .find(|p| p.contains('/'))
        .unwrap_or(plays[0].as_str().unwrap())
        .to_string();
    // X's play typed on X's own numbers, as the record writes it, flipped
    // or not, with spaces as gnubg writes it.
    let on_board = gnubg_text(&play);
    fill(&c, "#typed-play", &on_board).await;
    click(&c, "#typed button").await;
    let s = wait_snap(&c, "the typed play", 10, |s| record_tokens(s).len() > at).await;
    assert_eq!(
        record_tokens(&s)[at],
        format!("{n}:{play}"),
        "typed as {on_board} on the flipped board"
    );
    press(&c, 'f').await;
    click(&c, "#pause").await;

    // 3. A pick whose pair has no legal play says so; Enter takes the pass.
    new_game_from_id(&c, "human", "A", &closed_out_id()).await;
    let s = wait_snap(&c, "the closed-out position", 10, |s| {
        s["game"]["stateid"]
            .as_str()
            .unwrap()
            .contains(":Xpick:x3y5")
            && s["game"]["human_to_move"] == true
    })
    .await;
    assert!(s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|ch| ch["legal"] == true)
        .all(|ch| ch["pass"] == true));
    let button = c
        .find(Locator::Css("#numbers button[data-n='6']"))
        .await
        .unwrap();
    c.execute("arguments[0].focus();", vec![serde_json::json!(button)])
        .await
        .unwrap();
    let preview = c
        .find(Locator::Css("#preview"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        preview.contains("you play 6-5") && preview.contains("6-5 has no legal play: you pass"),
        "{preview}"
    );
    js(&c, "document.activeElement.blur(); return 1;").await;
    press(&c, '6').await;
    wait_snap(&c, "the pick", 10, |s| s["game"]["phase"] == "play").await;
    settled(&c).await;
    let fits = js(&c, "const b = document.getElementById('pass'); return [b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight, b.scrollWidth, b.clientWidth];").await;
    assert_eq!(fits[0], true, "Pass fits its button: {fits}");
    screenshot(&c, "forced-pass-1400.png").await;
    press(&c, Key::Enter).await;
    let s = wait_snap(&c, "the pass by Enter", 10, |s| {
        !record_tokens(s).is_empty()
    })
    .await;
    assert_eq!(record_tokens(&s)[0], "6:pass");

    // 7. The point of a hit is highlighted; "from" and "to" differ on the
    // dark points as on the light ones.
    new_game_from_id(&c, "human", "A", &blot_id()).await;
    wait_snap(&c, "the blot position", 10, |s| {
        s["game"]["stateid"]
            .as_str()
            .unwrap()
            .contains(":Xpick:x3y5")
            && s["game"]["record"].as_array().unwrap().is_empty()
    })
    .await;
    click(&c, "#pause").await;
    wait_snap(&c, "paused", 5, |s| s["paused"] == true).await;
    press(&c, '2').await;
    let s = wait_snap(&c, "the pick", 10, |s| s["game"]["phase"] == "play").await;
    let hit = s["game"]["tree"]["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .find(|p| p.contains("8*"))
        .unwrap_or_else(|| panic!("no hit among {}", s["game"]["tree"]["plays"]))
        .to_string();
    fill(&c, "#typed-play", &hit).await;
    click(&c, "#typed button").await;
    wait_snap(&c, "the hit", 10, |s| !record_tokens(s).is_empty()).await;
    wait_js(
        &c,
        "the hit's point highlighted",
        10,
        "return !document.body.dataset.animating && [...document.querySelectorAll('#board .point.last-hit')].map(e => e.dataset.loc).join() === 'x8';",
    )
    .await;
    let fills = js(
        &c,
        "const svg = document.getElementById('board'); const f = (cls) => { const p = el('polygon', { class: 'point ' + cls, points: '0,0 1,0 0,1' }, svg); const v = getComputedStyle(p).fill; p.remove(); return v; }; return [f('pt-light last-from'), f('pt-light last-to'), f('pt-dark last-from'), f('pt-dark last-to'), f('pt-dark last-to last-hit'), f('pt-dark')];",
    )
    .await;
    let f: Vec<&str> = fills
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(
        f[0] != f[1] && f[2] != f[3] && f[4] != f[3] && f[2] != f[5],
        "from, to, hit and plain fills: {f:?}"
    );
    screenshot(&c, "hit-1400.png").await;
    click(&c, "#pause").await;
    c.close().await.unwrap();
    eprintln!("issue 42 checks (play): {:?}", started.elapsed());
    let _ = std::fs::remove_dir_all(&page.dir);
}

/// A full-state ID with X to pick and a checker on the bar against Y's
/// closed board: every pair X can get has no legal play.
fn closed_out_id() -> String {
    use ncbg::board::{Checkers, Position};
    let mut x = [0u8; 26];
    x[25] = 1;
    x[6] = 14;
    let mut y = [0u8; 26];
    y[1..=6].fill(2);
    y[13] = 3;
    let pos = Position::new(
        Checkers::from_slots(&x).unwrap(),
        Checkers::from_slots(&y).unwrap(),
    )
    .unwrap();
    format!("{}:Xpick:x3y5:d22:k6", ncbg::ids::position_id::encode(&pos))
}

/// A full-state ID with X to pick and Y's blot on X's 8 point, 5 away
/// from X's checkers on the 13 (Y's number is 5).
fn blot_id() -> String {
    use ncbg::board::{Checkers, Position};
    let mut x = [0u8; 26];
    x[6] = 10;
    x[13] = 5;
    let mut y = [0u8; 26];
    y[6] = 14;
    y[17] = 1;
    let pos = Position::new(
        Checkers::from_slots(&x).unwrap(),
        Checkers::from_slots(&y).unwrap(),
    )
    .unwrap();
    format!("{}:Xpick:x3y5:d22:k6", ncbg::ids::position_id::encode(&pos))
}
