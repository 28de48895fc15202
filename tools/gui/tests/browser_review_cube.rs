//! Issue 77 in review: a saved money game with the cube, reviewed and
//! analysed in a real browser (headless Chromium over WebDriver, the tools
//! of `browser_page/`).
//!
//! `a_dropped_double_is_a_cube_blunder_in_the_review`: X doubles right
//! after the opening pair and Y drops, a small favourite's double dropped
//! (`ncbg analyze`'s `a_dropped_double_of_a_small_favourite_is_a_cube_blunder`
//! in money play). After the analysis the move list has a cube row under
//! the turn row of the drop: the action played (Pass), the best (Take),
//! gnubg's verdict and the doubler's three equities as the analysis gives
//! them, flagged as a blunder and marked `??`; the drop's own cell has the
//! mark; a click on the row shows the decision under the board; the totals
//! count the cube decisions apart from the turns; on a phone (390 px) the
//! rows fit the width. Screenshot at 1400 px: `review-cube-1400.png`.
//!
//! Needs `chromium` and `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code, unused_imports)]
#[path = "browser_page/mod.rs"]
mod page;

use ncbg::board::WinKind;
use ncbg::matchfile::{GameEnd, GameRecord, Header, Opening, Stakes};
use ncbg::numbers::Side;
use page::*;
use serde_json::Value;

/// A money game with the cube (header `cube=on`): the pair 3-5, X doubles
/// and Y drops.
fn dropped_double() -> String {
    let record = GameRecord {
        depths: Vec::new(),
        index: 0,
        pair: 0,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: "doubler".into(),
        y_name: "taker".into(),
        end: GameEnd::Win {
            winner: Side::X,
            kind: WinKind::Single,
        },
        detail: String::new(),
        moves: ["3", "5", "double", "drop"].map(String::from).to_vec(),
        stakes: Stakes {
            in_match: None,
            cube: 1,
            points: None,
            dropped: true,
        },
    };
    let mut h = Header::default();
    h.set("k", "6");
    h.set("credits", "2");
    h.set("cube", "on");
    let text = format!("{}{}\n", h.to_text(), record.to_line());
    assert_eq!(ncbg::matchfile::MatchFile::parse(&text).games.len(), 1);
    text
}

/// A millipoint value as the page writes it (points, 3 decimals).
fn pts(mp: &Value) -> String {
    format!("{:.3}", mp.as_i64().unwrap() as f64 / 1000.0)
}

async fn text_of(c: &fantoccini::Client, css: &str) -> String {
    js(
        c,
        &format!("const e = document.querySelector('{css}'); return e ? e.textContent : '';"),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_double_is_a_cube_blunder_in_the_review() {
    let dir = fresh_dir("ncbg-gui-review-cube");
    std::fs::write(dir.join("cube-drop.txt"), dropped_double()).unwrap();
    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser(false).await;
    c.goto(&url).await.unwrap();

    click(&c, "#tab-review").await;
    wait_js(
        &c,
        "the file listed",
        10,
        "return [...document.querySelectorAll('#r-files option')].some(o => o.value === 'cube-drop.txt');",
    )
    .await;
    select(&c, "#r-files", "cube-drop.txt").await;
    click(&c, "#r-load").await;
    wait_snap(&c, "the loaded file", 10, |s| {
        s["review"]["file"] == "cube-drop.txt"
    })
    .await;
    wait_js(
        &c,
        "the move list",
        10,
        "return document.querySelectorAll('#r-moves .mv[data-step]').length === 4;",
    )
    .await;
    // Before the analysis: no cube rows.
    assert_eq!(
        js(
            &c,
            "return document.querySelectorAll('#r-moves .cuberow').length;"
        )
        .await,
        0
    );

    select(&c, "#r-depth", "1").await;
    click(&c, "#r-analyze").await;
    let s = wait_snap(&c, "the analysis", 180, |s| {
        s["review"]["analysis"]["0"]["state"] == "done"
    })
    .await;
    let turns = s["review"]["analysis"]["0"]["turns"].as_array().unwrap();
    // The library's rows: the double (X, step 2) and the drop (Y, step 3).
    let drop = turns
        .iter()
        .find(|r| r["played"] == "drop")
        .unwrap_or_else(|| panic!("a drop row: {turns:?}"));
    assert_eq!(drop["turn"], 3);
    assert_eq!(drop["side"], "Y");
    assert_eq!(drop["best"], "take", "{drop}");
    assert_eq!(drop["verdict"], "blunder", "{drop}");
    let cube = &drop["cube"];
    assert_eq!(cube["in_match"], false);
    assert_eq!(cube["double_pass"], 1000);
    let verdict = cube["verdict"].as_str().unwrap();
    assert!(verdict.starts_with("No double"), "{cube}");
    let double = turns.iter().find(|r| r["played"] == "double").unwrap();
    assert_eq!(double["turn"], 2);

    // The move list: the drop's row under its turn row, with the action,
    // the best, the verdict, the equities, the flag and the mark.
    wait_js(
        &c,
        "the cube rows",
        10,
        "return document.querySelector('#r-moves .cuberow[data-cube=\"drop\"]');",
    )
    .await;
    let row = text_of(&c, "#r-moves .cuberow[data-cube=\"drop\"]").await;
    assert!(row.starts_with("Y cube: Pass"), "{row}");
    assert!(row.contains("best Take"), "{row}");
    assert!(row.contains("blunder"), "{row}");
    assert!(row.contains("??"), "the very-bad mark: {row}");
    assert!(row.contains(verdict), "gnubg's verdict {verdict}: {row}");
    let equities = format!(
        "No double {} · Double/take {} · Double/pass {}",
        pts(&cube["no_double"]),
        pts(&cube["double_take"]),
        pts(&cube["double_pass"])
    );
    assert!(row.contains(&equities), "{equities}: {row}");
    assert!(
        row.contains(&format!("loss {}", pts(&drop["loss"]))),
        "{row}"
    );
    assert_eq!(
        js(
            &c,
            "return document.querySelector('#r-moves .cuberow[data-cube=\"drop\"]').dataset.verdict;"
        )
        .await,
        "blunder"
    );
    // The row comes after the turn row holding the double and the drop.
    assert_eq!(
        js(
            &c,
            "const r = document.querySelector('#r-moves .cuberow[data-cube=\"drop\"]');
             return r.previousElementSibling.classList.contains('trow') || r.previousElementSibling.classList.contains('cuberow');"
        )
        .await,
        true
    );
    // The double's row too (X's decision, judged whatever its verdict).
    let drow = text_of(&c, "#r-moves .cuberow[data-cube=\"double\"]").await;
    assert!(drow.starts_with("X cube: Double"), "{drow}");
    // The drop's own cell carries the mark.
    assert_eq!(
        js(
            &c,
            "return document.querySelector('#r-moves .mv[data-step=\"3\"]').dataset.mark;"
        )
        .await,
        "??"
    );

    // A click on the row: the position of the drop, the decision under
    // the board.
    click(&c, "#r-moves .cuberow[data-cube=\"drop\"]").await;
    settled(&c).await;
    let under = text_of(&c, "#r-turn").await;
    assert!(under.contains("passes (drops)"), "{under}");
    let decision = text_of(&c, "#r-turn .cube-decision[data-cube=\"drop\"]").await;
    assert!(
        decision.contains(&equities) && decision.contains("blunder"),
        "{decision}"
    );
    assert!(text_of(&c, "#r-pos").await.starts_with("position 3 of 4"));

    // The totals: the cube apart from the turns.
    let y = js(
        &c,
        "const e = document.querySelector('.cube-totals[data-side=\"Y\"]'); return e ? [+e.dataset.decisions, +e.dataset.blunders] : null;",
    )
    .await;
    assert_eq!(y, serde_json::json!([1, 1]));
    let totals = text_of(&c, "#r-totals").await;
    assert!(totals.contains("Y: 0 turns"), "{totals}");
    assert!(totals.contains("cube: 1 decision"), "{totals}");
    assert!(totals.contains("1 blunder"), "{totals}");
    let state = text_of(&c, "#r-astate").await;
    assert_eq!(state, "0 turns analysed, 2 cube decisions");
    screenshot(&c, "review-cube-1400.png").await;

    // On a phone (390 px): the cube rows wrap inside the move list.
    let (_phone_driver, p) = start_browser(true).await;
    p.goto(&url).await.unwrap();
    wait_snap(&p, "the page on the phone", 20, |s| !s["game"].is_null()).await;
    click(&p, "#tab-review").await;
    wait_js(
        &p,
        "the cube rows on the phone",
        10,
        "return document.querySelectorAll('#r-moves .cuberow').length === 2;",
    )
    .await;
    fits_width(
        &p,
        390,
        &[
            "#r-moves",
            "#r-moves .cuberow[data-cube=\"drop\"]",
            "#r-totals",
        ],
    )
    .await;
    p.close().await.unwrap();
}
