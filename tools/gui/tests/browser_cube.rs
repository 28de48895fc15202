//! Issue 77 in play: the cube and a match in a real browser (headless
//! Chromium over WebDriver, the tools of `browser_page/`).
//!
//! `a_match_with_the_cube`: a 5-point match against engine A (ncbg): the
//! match line and the centred cube; the person doubles with the `d` key and
//! the engine answers (its action on the page, the cube at the taker's end
//! or the game over by its drop); a start ID with a double offered to the
//! person: the offer, the Take/Drop buttons, a drop with `p` ends the game,
//! the score after it, Next game counts it; a take with the button turns
//! the cube to the person's end; an engine without the cube's options
//! (engine B) is named with a clear message. Screenshots at 1400 and 390 px.
//!
//! Needs `chromium` and `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code, unused_imports)]
#[path = "browser_page/mod.rs"]
mod page;

use page::*;
use serde_json::Value;

/// The cube as the page drew it: where, its value and owner, its text.
async fn dom_cube(c: &fantoccini::Client) -> Value {
    js(
        c,
        "const g = document.getElementById('cube');
         return g ? [g.dataset.where, +g.dataset.value, g.dataset.owner, g.querySelector('.cubevalue').textContent] : null;",
    )
    .await
}

async fn text(c: &fantoccini::Client, id: &str) -> String {
    js(
        c,
        &format!(
            "const e = document.getElementById('{id}'); return e.hidden ? '' : e.textContent;"
        ),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// Starts a new game from the form with the match length `len` and the
/// start ID `id` (empty: the start position with the pair `pair`).
async fn new_match(c: &fantoccini::Client, x: &str, y: &str, len: &str, id: &str, pair: &str) {
    select(c, "#g-x", x).await;
    select(c, "#g-y", y).await;
    select(c, "#g-pair", pair).await;
    fill(c, "#g-match", len).await;
    fill(c, "#g-state", id).await;
    // The button's own click (WebDriver's pointer click here landed on the
    // next row's label after a relayout of the side panel, though the
    // button was the element at that point just before).
    js(
        c,
        "const b = document.getElementById('g-new'); b.focus(); b.click(); return 1;",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_with_the_cube() {
    let page = open_page("ncbg-gui-cube", false).await;
    let c = page.c.clone();
    // Hints on: the engine's cube equities are shown.
    click(&c, "#hints").await;
    wait_snap(&c, "hints on", 5, |s| s["hints"] == true).await;

    // A 5-point match: the match line, the centred cube (64).
    new_match(&c, "human", "A", "5", "", "4-2").await;
    let s = wait_snap(&c, "the match", 10, |s| {
        s["game"]["stakes"]["match"]["length"] == 5 && record_tokens(s).len() >= 2
    })
    .await;
    assert_eq!(s["game"]["stakes"]["match"]["score"]["X"], 0);
    let m = text(&c, "match").await;
    assert!(
        m.contains("Match to 5") && m.contains("You (X) 0") && m.contains("Engine A (Y) 0"),
        "{m}"
    );
    assert_eq!(
        dom_cube(&c).await,
        serde_json::json!(["centre", 1, "", "64"])
    );

    // The person doubles with `d` when it is theirs to pick.
    let s = wait_snap(&c, "the person to pick", 30, |s| {
        s["game"]["human_to_move"] == true && s["game"]["phase"] == "pick"
    })
    .await;
    assert_eq!(
        s["game"]["stakes"]["actions"],
        serde_json::json!(["double"])
    );
    assert!(text(&c, "cubebar").await.contains("Double"));
    let n = record_tokens(&s).len();
    press(&c, 'd').await;
    let s = wait_snap(&c, "the engine's answer", 30, |s| {
        let t = record_tokens(s);
        t.len() >= n + 2 && (t[n + 1] == "take" || t[n + 1] == "drop")
    })
    .await;
    let t = record_tokens(&s);
    assert_eq!(t[n], "double");
    let note = text(&c, "cube-note").await;
    if t[n + 1] == "take" {
        assert!(note.contains("Engine A (Y) takes"), "{note}");
        assert!(note.contains("double/take"), "the equities: {note}");
        assert_eq!(s["game"]["stakes"]["cube"]["value"], 2);
        assert_eq!(dom_cube(&c).await, serde_json::json!(["top", 2, "Y", "2"]));
        assert!(s["game"]["stakes"]["actions"]
            .as_array()
            .unwrap()
            .is_empty());
    } else {
        assert!(note.contains("Engine A (Y) drops"), "{note}");
        assert_eq!(s["game"]["phase"], "over");
    }
    screenshot(&c, "cube-match-1400.png").await;

    // A double offered to the person, from a start ID (Y doubled at the
    // start position of a 5-point match at 2-3).
    let offer_id = "4HPwATDgc/ABMA:Xtake:x4y2:d22:k6:m5s2-3";
    new_match(&c, "human", "human", "0", offer_id, "").await;
    let s = wait_snap(&c, "the offer", 10, |s| s["game"]["phase"] == "take").await;
    assert_eq!(s["game"]["stakes"]["offer"], "Y");
    assert_eq!(
        s["game"]["stakes"]["actions"],
        serde_json::json!(["take", "drop"])
    );
    let offer = text(&c, "cube-offer").await;
    assert!(offer.contains("doubles to 2"), "{offer}");
    assert_eq!(
        dom_cube(&c).await,
        serde_json::json!(["offered", 1, "", "2"])
    );
    // A person on both sides: players 1 and 2.
    assert!(text(&c, "match")
        .await
        .contains("Player 1 (X) 2 · Player 2 (Y) 3"));
    screenshot(&c, "cube-offer-1400.png").await;
    // `d` does nothing here (no double while an offer is pending).
    press(&c, 'd').await;
    assert_eq!(snap(&c).await["game"]["phase"], "take");
    press(&c, 'p').await;
    let s = wait_snap(&c, "the drop", 10, |s| s["game"]["phase"] == "over").await;
    assert_eq!(s["game"]["winner"], "Y");
    let after = text(&c, "match-after").await;
    assert!(after.contains("Player 1 2 · Player 2 4"), "{after}");
    assert!(after.contains("Crawford"), "Y at match point: {after}");
    assert!(text(&c, "status").await.contains("by a drop"));
    click(&c, "#next-game").await;
    // The colours change (rules.md §8): Y's 4 is X's in the next game.
    let s = wait_snap(&c, "the next game", 10, |s| {
        s["game"]["phase"] != "over" && s["game"]["stakes"]["match"]["score"]["X"] == 4
    })
    .await;
    assert_eq!(s["game"]["stakes"]["match"]["crawford"], "game");
    let m = text(&c, "match").await;
    assert!(
        m.contains("Player 1 (Y) 2 · Player 2 (X) 4") && m.contains("Crawford"),
        "{m}"
    );
    assert!(dom_cube(&c).await.is_null(), "no cube in the Crawford game");

    // The same offer taken with the button: the cube is X's, at the bottom.
    new_match(&c, "human", "human", "0", offer_id, "").await;
    settled(&c).await;
    wait_snap(&c, "the offer again", 10, |s| s["game"]["phase"] == "take").await;
    click(&c, "#cube-take").await;
    let s = wait_snap(&c, "the take", 10, |s| s["game"]["phase"] == "pick").await;
    assert_eq!(s["game"]["to_move"], "Y");
    assert_eq!(
        dom_cube(&c).await,
        serde_json::json!(["bottom", 2, "X", "2"])
    );
    screenshot(&c, "cube-take-1400.png").await;
    {
        // The same board on a phone.
        let (_phone_driver, p) = start_browser(true).await;
        p.goto(&page.url).await.unwrap();
        wait_snap(&p, "the game on the phone", 20, |s| {
            s["game"]["stakes"]["cube"]["value"] == 2
        })
        .await;
        settled(&p).await;
        assert_eq!(
            dom_cube(&p).await,
            serde_json::json!(["bottom", 2, "X", "2"])
        );
        screenshot(&p, "cube-take-390.png").await;
        p.close().await.unwrap();
    }

    // Engine B (test_engine) has no cube: a clear message names it.
    new_match(&c, "B", "human", "5", "", "").await;
    let s = wait_snap(&c, "the refusal", 30, |s| !s["fault"].is_null()).await;
    let f = s["fault"].to_string();
    assert!(
        f.contains("Engine B (random) cannot play with the cube"),
        "{f}"
    );
    assert!(f.contains("Cube and MatchLength"), "{f}");
    let banner = text(&c, "banner-fault").await;
    assert!(banner.contains("cube"), "{banner}");
}
