//! Issue 42's fixes in watching, saving and review, each seen in the
//! browser (headless Chromium over WebDriver, the tools of
//! `browser_page/`): the evaluation graph while watching, saving under a
//! name, the review's move list and chart, the banner and the review on a
//! phone. Those in play are in `browser_issue42.rs`. Needs `chromium` and
//! `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code, unused_imports)]
#[path = "browser_page/mod.rs"]
mod page;

use fantoccini::key::Key;
use fantoccini::Locator;
use page::*;
use std::time::{Duration, Instant};

/// Issue 42's fixes after play: the evaluation graph shown while watching;
/// saving under a name with a space, `.txt` turned `.mat`, an existing name
/// refused in plain words; the review's move list (clicks, arrows after
/// choosing a game, Home/End, marks) and the loss chart's turn numbers; the
/// banner off the board and the cards at 390 px. Screenshots at 1400, 1100
/// and 390 px.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_42_graph_saving_review_and_the_phone() {
    let started = Instant::now();
    let page = open_page("ncbg-gui-issue42-review", false).await;
    let c = page.c.clone();

    // 1. The evaluation graph while watching.
    new_game(&c, "A", "B", "2-5").await;
    wait_js(
        &c,
        "the evaluation graph",
        60,
        "const r = document.getElementById('evalgraph').getBoundingClientRect(); return Watch.hist.size >= 2 && r.width > 0 && r.height > 0 && document.querySelectorAll('#evalgraph polyline').length === 1;",
    )
    .await;
    let graph = c.find(Locator::Css("#evalgraph")).await.unwrap();
    assert!(
        graph.is_displayed().await.unwrap(),
        "the graph is displayed"
    );
    screenshot(&c, "watch-graph-1400.png").await;
    let s = wait_snap(&c, "the end of the watched game", 180, |s| {
        s["game"]["phase"] == "over"
    })
    .await;
    resize(&c, 1100, 900).await;
    fits_width(&c, 1100, &["#card-Y", "#board", "#record", "#evalgraph"]).await;
    screenshot(&c, "watch-graph-1100.png").await;
    resize(&c, 1400, 1000).await;

    // 8. Saving: a name with a space; `.txt` given, `.mat` saved; an
    // existing name refused in plain words.
    fill(&c, "#save-name", "my game.txt").await;
    click(&c, "#save-mat").await;
    click(&c, "#save-match").await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while !(page.dir.join("my game.mat").is_file() && page.dir.join("my game.txt").is_file()) {
        assert!(
            Instant::now() < deadline,
            "my game.mat and my game.txt not saved"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!page.dir.join("my game.txt.mat").exists());
    js(
        &c,
        "document.getElementById('banner-msg').hidden = true; return 1;",
    )
    .await;
    click(&c, "#save-mat").await;
    let m = wait_js(&c, "the refusal", 5, "const b = document.getElementById('banner-msg'); return !b.hidden && b.textContent.includes('exists') && b.textContent;").await;
    let m = m.as_str().unwrap();
    assert!(
        m.contains("my game.mat exists already") && !m.contains("os error"),
        "{m}"
    );
    click(&c, "#msg-close").await;
    let moves = record_tokens(&s);

    // 4. Review: the move list in turn pairs, clicks, keys after choosing
    // the game in the list, Home/End, marks after the analysis, the turn
    // numbers on the loss chart.
    open_in_review(&c, "my game.txt").await;
    let cells = js(
        &c,
        "return document.querySelectorAll('#r-moves .mv[data-step]').length;",
    )
    .await;
    assert_eq!(
        cells.as_u64().unwrap() as usize,
        moves.len(),
        "a cell a turn"
    );
    let rows = js(
        &c,
        "return document.querySelectorAll('#r-moves .trow').length;",
    )
    .await;
    assert_eq!(
        rows.as_u64().unwrap() as usize,
        1 + (moves.len() - 2).div_ceil(2),
        "turn 0, then X's and Y's turn a row"
    );
    click(&c, "#r-moves .mv[data-step='5']").await;
    let at = js(
        &c,
        "return [R.at, document.querySelector('#r-moves .mv.cur').dataset.step];",
    )
    .await;
    assert_eq!(at, serde_json::json!([5, "5"]));
    // Choosing the game in the list leaves the focus there: the arrows
    // still step.
    click(&c, "#r-games option").await;
    let focused = js(&c, "return document.activeElement.id;").await;
    assert_eq!(focused, "r-games");
    let at0 = js(&c, "return R.at;").await.as_u64().unwrap();
    press(&c, Key::Right).await;
    press(&c, Key::Right).await;
    let at1 = js(&c, "return R.at;").await.as_u64().unwrap();
    assert_eq!(at1, at0 + 2, "arrows after choosing a game");
    js(&c, "document.activeElement.blur(); return 1;").await;
    press(&c, Key::End).await;
    let at = js(&c, "return [R.at, R.steps.length];").await;
    assert_eq!(at[0].as_u64().unwrap() + 1, at[1].as_u64().unwrap(), "End");
    press(&c, Key::Home).await;
    assert_eq!(js(&c, "return R.at;").await, 0, "Home");
    press(&c, Key::Down).await;
    press(&c, Key::Down).await;
    press(&c, Key::Down).await;
    assert_eq!(js(&c, "return R.at;").await, 3, "Down steps");
    let cur = js(
        &c,
        "return document.querySelector('#r-moves .mv.cur').dataset.step;",
    )
    .await;
    assert_eq!(cur, "3", "the list follows the keys");
    select(&c, "#r-depth", "1").await;
    click(&c, "#r-analyze").await;
    let s = wait_snap(&c, "the analysis", 120, |s| {
        s["review"]["analysis"]["0"]["state"] == "done"
    })
    .await;
    let turns = s["review"]["analysis"]["0"]["turns"]
        .as_array()
        .unwrap()
        .clone();
    let marked = turns
        .iter()
        .filter(|t| t["loss"].as_i64().unwrap() >= 40)
        .count();
    wait_js(
        &c,
        "the chart",
        10,
        "return document.querySelectorAll('#chart rect.lossbar').length > 0;",
    )
    .await;
    let marks = js(
        &c,
        "return document.querySelectorAll('#r-moves .mv .mark').length;",
    )
    .await;
    assert_eq!(
        marks.as_u64().unwrap() as usize,
        marked,
        "a mark per doubtful or worse turn"
    );
    let nos = js(
        &c,
        "return [...document.querySelectorAll('#chart text.turnno')].map(t => +t.textContent);",
    )
    .await;
    let nos: Vec<u64> = nos
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(
        nos.len() >= 2 && nos[0] == 1 && nos.windows(2).all(|w| w[0] < w[1]),
        "turn numbers on the axis: {nos:?}"
    );
    // A bar of the chart moves the list.
    let t = &turns[turns.len() / 2];
    click(&c, &format!("#chart rect[data-turn='{}']", t["turn"])).await;
    let cur = js(
        &c,
        "return document.querySelector('#r-moves .mv.cur').dataset.step;",
    )
    .await;
    assert_eq!(cur, t["turn"].to_string().as_str().trim_matches('"'));
    screenshot(&c, "review-moves-1400.png").await;
    resize(&c, 1100, 900).await;
    fits_width(&c, 1100, &["#r-moves", "#chart"]).await;
    screenshot(&c, "review-moves-1100.png").await;
    c.close().await.unwrap();

    // 7. At 390 px a banner covers neither the board's top nor the cards.
    let (_phone_driver, p) = start_browser(true).await;
    p.goto(&page.url).await.unwrap();
    wait_snap(&p, "the page on the phone", 20, |s| !s["game"].is_null()).await;
    new_game(&p, "human", "A", "3-5").await;
    settled(&p).await;
    js(&p, "showMessage('a message that is long enough to need two lines on a phone screen, or nearly'); return 1;").await;
    settled(&p).await;
    let banner = rect(&p, "#banner-msg").await;
    for css in ["#card-X", "#card-Y"] {
        let r = rect(&p, css).await;
        assert!(
            !overlap(&banner, &r),
            "the banner {banner:?} over {css} {r:?}"
        );
    }
    let board = rect(&p, "#board").await;
    let top = [
        board[0],
        board[1],
        board[2],
        board[1] + (board[3] - board[1]) / 4.0,
    ];
    assert!(
        !overlap(&banner, &top),
        "the banner {banner:?} over the board's top {board:?}"
    );
    fits_width(&p, 390, &["#board", "#card-Y", "#banner-msg", "#hint-ask"]).await;
    screenshot(&p, "banner-390.png").await;
    js(
        &p,
        "window.scrollTo(0, document.body.scrollHeight); return 1;",
    )
    .await;
    screenshot(&p, "record-390.png").await;
    // The review with its move list fits the phone too.
    click(&p, "#msg-close").await;
    click(&p, "#tab-review").await;
    wait_js(&p, "my game.txt listed", 5, "return [...document.querySelectorAll('#r-files option')].some(o => o.value === 'my game.txt');").await;
    select(&p, "#r-files", "my game.txt").await;
    click(&p, "#r-load").await;
    wait_js(
        &p,
        "the move list on the phone",
        10,
        "return document.querySelectorAll('#r-moves .mv[data-step]').length;",
    )
    .await;
    settled(&p).await;
    fits_width(&p, 390, &["#rboard", "#r-moves", "#chart"]).await;
    js(
        &p,
        "document.getElementById('r-moves').scrollIntoView(); return 1;",
    )
    .await;
    screenshot(&p, "review-390.png").await;
    p.close().await.unwrap();
    eprintln!("issue 42 checks: {:?}", started.elapsed());
    let _ = std::fs::remove_dir_all(&page.dir);
}
