//! Issue 76's review board in a real browser (headless Chromium over
//! WebDriver, the tools of `browser_page/`); `browser_play.rs` has its
//! play side. Each check here failed before its fix.
//!
//! `review_curve_notation_and_phone`: a gnubg `.mat` (the fuzz corpus's
//! standard game) loaded in Review, its name shown, analysed; the
//! evaluation curve under the board, with its turn axis, its values from
//! the analysis, synced both ways with the move list and the board,
//! clickable anywhere and saying a position's value under the pointer; the
//! loss chart's columns take a click above a small bar; "1 blunder", not
//! "1 blunders"; Y's plays written from Y's side as the `.mat` has them;
//! the phone (390x844) showing the board, the move list and the curve at
//! once. Screenshots at 1400, 1100 and 390 px go to
//! `target/gui-screenshots/` (copies in `tools/gui/screenshots/`).
//!
//! Needs `chromium` and `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code)]
#[path = "browser_page/mod.rs"]
mod page;

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use page::*;
use serde_json::Value;
use std::path::Path;
use std::time::Instant;

/// The fuzz corpus's standard gnubg `.mat` (a 26-turn game), copied into
/// `dir` as `name`; returns its text.
fn copy_mat(dir: &Path, name: &str) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/analysis/standard.mat");
    let text = std::fs::read_to_string(&src).unwrap();
    std::fs::write(dir.join(name), &text).unwrap();
    text
}

/// Y's plays as the `.mat` writes them: the second column of each turn
/// line ("  3) 65: 20/15* 11/5             52: bar/23 8/3").
fn mat_y_plays(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            l.trim_start()
                .split(')')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .filter_map(|l| {
            let rest = l.split_once(')')?.1;
            let mut cols = rest.match_indices(": ").map(|(i, _)| i);
            let _x = cols.next()?;
            let y = cols.next()?;
            Some(rest[y + 2..].trim().to_string())
        })
        .collect()
}

async fn open_file(c: &fantoccini::Client, name: &str) {
    click(c, "#tab-review").await;
    let listed = format!(
        "return [...document.querySelectorAll('#r-files option')].some(o => o.value === '{name}');"
    );
    wait_js(c, &format!("{name} listed"), 10, &listed).await;
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

async fn analyse(c: &fantoccini::Client) -> Vec<Value> {
    // The library's default analysis unless another is chosen.
    wait_js(
        c,
        "the default analysis preselected",
        5,
        "return document.getElementById('r-depth').value === 'default';",
    )
    .await;
    select(c, "#r-depth", "1").await;
    wait_js(
        c,
        "depth 1 for the analysis",
        5,
        "return document.getElementById('r-depth').value === '1';",
    )
    .await;
    click(c, "#r-analyze").await;
    let s = wait_snap(c, "the analysis", 180, |s| {
        s["review"]["analysis"]["0"]["state"] == "done"
    })
    .await;
    // The panel names the settings the analysis used.
    assert!(s["review"]["analysis"]["0"]["settings"]
        .as_str()
        .unwrap()
        .contains("(depth 1,"));
    wait_js(
        c,
        "the settings shown",
        10,
        "return document.getElementById('r-settings').textContent.includes('depth 1,');",
    )
    .await;
    wait_js(
        c,
        "the curve",
        10,
        "return !document.getElementById('evalcurve').hasAttribute('hidden') && document.querySelector('#evalcurve .curve-line');",
    )
    .await;
    s["review"]["analysis"]["0"]["turns"]
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_curve_notation_and_phone() {
    let started = Instant::now();
    let dir = fresh_dir("ncbg-gui-issue76");
    let mat = copy_mat(&dir, "standard game.mat");
    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser(false).await;
    c.goto(&url).await.unwrap();
    wait_snap(&c, "the page", 20, |s| !s["game"].is_null()).await;

    // The loaded file's name is shown.
    open_file(&c, "standard game.mat").await;
    let loaded = js(
        &c,
        "return document.getElementById('r-loaded').textContent;",
    )
    .await;
    assert!(
        loaded.as_str().unwrap().contains("standard game.mat"),
        "the file's name: {loaded}"
    );

    // Y's plays are written from Y's side, as the .mat has them.
    let want = mat_y_plays(&mat);
    assert!(want.len() > 20, "{want:?}");
    let shown = js(
        &c,
        "return [...document.querySelectorAll('#r-moves .trow')].slice(1).map(r => r.children[2].querySelector('.play')).map(p => p ? p.textContent : '');",
    )
    .await;
    let shown: Vec<String> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    for (i, (w, s)) in want.iter().zip(&shown).enumerate() {
        if w.is_empty() {
            continue;
        }
        assert_eq!(s, w, "Y's play of turn {}", i + 1);
    }

    // The curve: drawn after the analysis, a point a position.
    let turns = analyse(&c).await;
    let steps = js(&c, "return R.steps.length;").await.as_u64().unwrap() as usize;
    let points = js(
        &c,
        "return document.querySelector('#evalcurve .curve-line').getAttribute('points').trim().split(/\\s+/).length;",
    )
    .await;
    assert_eq!(
        points.as_u64().unwrap() as usize,
        steps - 2,
        "a point a position after the two opening picks"
    );
    // Its turn axis: whole turns, ascending.
    let nos = js(
        &c,
        "return [...document.querySelectorAll('#evalcurve text.turnno')].map(t => +t.textContent);",
    )
    .await;
    let nos: Vec<u64> = nos
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(
        nos.len() >= 3 && nos.windows(2).all(|w| w[0] < w[1]),
        "turn numbers under the curve: {nos:?}"
    );
    // A click on the curve shows that position: board, list and curve.
    let r = rect_in_view(&c, "#evalcurve").await;
    let p = steps / 2;
    let x = r[0] + 4.0 + (p as f64 / (steps - 1) as f64) * (r[2] - r[0] - 8.0);
    click_at(&c, x, r[1] + 10.0).await;
    let at = js(
        &c,
        "return [R.at, document.querySelector('#r-moves .mv.cur') && +document.querySelector('#r-moves .mv.cur').dataset.step, +document.querySelector('#evalcurve .curve-cur').dataset.at, document.body.dataset.reviewState === R.steps[R.at].state];",
    )
    .await;
    assert_eq!(
        at,
        serde_json::json!([p, p, p, true]),
        "a click on the curve at position {p}"
    );
    // Its value there: the mean of the two searches that see the
    // position (the turn before it, played; the turn from it, best), for X.
    let for_x = |t: &Value, key: &str| {
        let v = t[key].as_f64().unwrap() / 1000.0;
        if t["side"] == "X" {
            v
        } else {
            -v
        }
    };
    let at_turn = |n: usize| turns.iter().find(|t| t["turn"] == n).unwrap();
    let want = (for_x(at_turn(p - 1), "played_score") + for_x(at_turn(p), "best_score")) / 2.0;
    let shown = js(
        &c,
        "return document.getElementById('evalcurve').dataset.value;",
    )
    .await;
    assert_eq!(
        shown.as_str().unwrap(),
        format!("{want:.3}"),
        "the curve's value at position {p}"
    );
    // Pointing at it says a position's value.
    let q = p + 6;
    let x = r[0] + 4.0 + (q as f64 / (steps - 1) as f64) * (r[2] - r[0] - 8.0);
    c.perform_actions(
        MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
            duration: None,
            x: x.round(),
            y: r[1] + 30.0,
        }),
    )
    .await
    .unwrap();
    settled(&c).await;
    let hover = js(
        &c,
        "const t = document.querySelector('#evalcurve .curve-hover-text'); return t && t.textContent;",
    )
    .await;
    let want = (for_x(at_turn(q - 1), "played_score") + for_x(at_turn(q), "best_score")) / 2.0;
    let sign = if want >= 0.0 { "+" } else { "" };
    assert!(
        hover
            .as_str()
            .is_some_and(|h| h.ends_with(&format!("X {sign}{want:.3}"))),
        "pointing at position {q}: {hover}"
    );
    // The list moves the curve's marker.
    click(&c, "#r-moves .mv[data-step='7']").await;
    let at = js(
        &c,
        "return +document.querySelector('#evalcurve .curve-cur').dataset.at;",
    )
    .await;
    assert_eq!(at, 7, "the curve follows the move list");
    press(&c, fantoccini::key::Key::Right).await;
    let at = js(
        &c,
        "return +document.querySelector('#evalcurve .curve-cur').dataset.at;",
    )
    .await;
    assert_eq!(at, 8, "the curve follows the keys");

    // The loss chart: a click in a turn's column, above a small bar, takes
    // that turn.
    let t = turns
        .iter()
        .min_by_key(|t| t["loss"].as_i64().unwrap())
        .unwrap();
    let turn = t["turn"].as_u64().unwrap();
    let bar = rect_in_view(&c, &format!("#chart rect.lossbar[data-turn='{turn}']")).await;
    let chart = rect_in_view(&c, "#chart").await;
    click_at(&c, (bar[0] + bar[2]) / 2.0, chart[1] + 20.0).await;
    assert_eq!(
        js(&c, "return R.at;").await,
        turn,
        "a click above turn {turn}'s bar"
    );

    // "1 blunder", not "1 blunders", in the totals (the real ones and a
    // game with exactly one of each).
    let totals = js(
        &c,
        "return document.getElementById('r-totals').textContent;",
    )
    .await;
    let totals = totals.as_str().unwrap().to_string();
    check_plurals(&totals);
    let one = js(
        &c,
        "const keep = R.analysis; R.analysis = { state: 'done', turns: [
           { turn: 2, side: 'X', loss: 200, verdict: 'blunder', best_score: 100, played_score: -100, exact: false, best: 'a', played: 'b' },
           { turn: 3, side: 'Y', loss: 90, verdict: 'error', best_score: 0, played_score: -90, exact: false, best: 'a', played: 'b' }] };
         drawChart(); const t = [document.getElementById('r-totals').textContent, document.getElementById('r-astate').textContent];
         R.analysis = keep; drawReview(); return t;",
    )
    .await;
    let one_totals = one[0].as_str().unwrap();
    assert!(
        one_totals.contains("X: 1 turn,")
            && one_totals.contains("1 blunder")
            && one_totals.contains("1 error"),
        "{one_totals}"
    );
    check_plurals(one_totals);
    assert_eq!(one[1], "2 turns analysed");

    js(&c, "window.scrollTo(0, 0); return 1;").await;
    settled(&c).await;
    screenshot(&c, "review-curve-1400.png").await;
    resize(&c, 1100, 900).await;
    fits_width(&c, 1100, &["#r-moves", "#chart", "#evalcurve"]).await;
    js(&c, "window.scrollTo(0, 0); return 1;").await;
    settled(&c).await;
    screenshot(&c, "review-curve-1100.png").await;
    c.close().await.unwrap();

    // The phone: the board, the curve and the move list on one screen,
    // with the analysis already made (the server keeps it).
    let (_phone_driver, p) = start_browser(true).await;
    p.goto(&url).await.unwrap();
    wait_snap(&p, "the page on the phone", 20, |s| !s["game"].is_null()).await;
    click(&p, "#tab-review").await;
    wait_js(
        &p,
        "the curve on the phone",
        10,
        "return document.querySelectorAll('#r-moves .mv[data-step]').length && document.querySelector('#evalcurve .curve-line');",
    )
    .await;
    fits_width(&p, 390, &["#rboard", "#r-moves", "#evalcurve", "#chart"]).await;
    js(&p, "window.scrollTo(0, 0); return 1;").await;
    settled(&p).await;
    let height = js(&p, "return window.innerHeight;").await.as_f64().unwrap();
    for (css, room) in [("#rboard", 0.0), ("#evalcurve", 0.0), ("#r-moves", 60.0)] {
        let r = rect(&p, css).await;
        let bottom = if room > 0.0 { r[1] + room } else { r[3] };
        assert!(
            r[1] >= 0.0 && bottom <= height,
            "{css} at {}..{} not on the first screen ({height} px)",
            r[1],
            r[3]
        );
    }
    // A tap on the curve: the list shows that turn within the screen.
    let r = rect(&p, "#evalcurve").await;
    let steps = js(&p, "return R.steps.length;").await.as_u64().unwrap() as usize;
    let at = steps * 3 / 4;
    let x = r[0] + 4.0 + (at as f64 / (steps - 1) as f64) * (r[2] - r[0] - 8.0);
    click_at(&p, x, (r[1] + r[3]) / 2.0).await;
    assert_eq!(js(&p, "return R.at;").await, at);
    let cur = rect(&p, "#r-moves .mv.cur").await;
    let list = rect(&p, "#r-moves").await;
    assert!(
        cur[1] >= list[1] && cur[3] <= list[3] + 0.5 && cur[3] <= height,
        "the current turn {cur:?} in the list {list:?}"
    );
    screenshot(&p, "review-curve-390.png").await;
    p.close().await.unwrap();
    eprintln!(
        "issue 76 review: {} turns analysed, {:?}",
        turns.len(),
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every count in `text` agrees with its noun: "1 turn", "2 turns".
fn check_plurals(text: &str) {
    let words: Vec<&str> = text
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    for w in words.windows(2) {
        let Ok(n) = w[0].parse::<u64>() else { continue };
        let noun = w[1];
        if ![
            "turn", "turns", "error", "errors", "blunder", "blunders", "win", "wins",
        ]
        .contains(&noun)
        {
            continue;
        }
        assert_eq!(n == 1, !noun.ends_with('s'), "'{n} {noun}' in {text}");
    }
}

/// A referee match file that records how deep the play searched: a turn
/// the analysis judges shallower than the play says so in the turn panel
/// (issue 76, goal 4), and a turn of a file without depths does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_analysed_shallower_than_the_play_says_so() {
    let dir = fresh_dir("ncbg-gui-play-depth");
    let game = "game\tindex=0\tpair=0\tround=0\topening=pair:3-5\tx=a\ty=b\twinner=X\tkind=forfeit\tpoints=1\treason=illegal\tdetail=\tmoves=3 5 6:24/13 6:24/18(2),13/7(2)";
    let header = "# ncbg-referee match file v1\nmeta\tengine0=a\nmeta\tengine1=b\n";
    std::fs::write(
        dir.join("deep.txt"),
        format!("{header}{game}\tdepths=- - 9 9\tend\n"),
    )
    .unwrap();
    std::fs::write(dir.join("plain.txt"), format!("{header}{game}\tend\n")).unwrap();
    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser(false).await;
    let turn_text = "R.at = 2; drawReview(); return document.getElementById('r-turn').textContent;";
    for (file, deeper) in [("deep.txt", true), ("plain.txt", false)] {
        // A fresh page each time: the analysis's settings as preselected.
        c.goto(&url).await.unwrap();
        wait_snap(&c, "the page", 20, |s| !s["game"].is_null()).await;
        open_file(&c, file).await;
        let turns = analyse(&c).await;
        let first = &turns[0];
        assert_eq!(first["turn"], 2, "{first}");
        let text = js(&c, turn_text).await;
        let text = text.as_str().unwrap();
        if deeper {
            assert_eq!(first["play_depth"], 9, "{first}");
            let depth = first["depth"].as_u64().unwrap();
            assert!(depth < 9, "{first}");
            assert!(
                text.contains(&format!(
                    "the analysis (depth {depth}) is shallower than the play (depth 9)"
                )),
                "{text}"
            );
            js(
                &c,
                "document.getElementById('r-turn').scrollIntoView(); return 1;",
            )
            .await;
            screenshot(&c, "review-shallower-than-the-play-1400").await;
        } else {
            assert!(first.get("play_depth").is_none(), "{first}");
            assert!(!text.contains("shallower"), "{text}");
        }
    }
}
