//! A match changes the colours every game (`protocol/rules.md` §8), in a
//! real browser (headless Chromium over WebDriver, the tools of
//! `browser_page/`).
//!
//! `the_second_game_of_a_match_changes_the_colours`: the person (X)
//! against engine A in a 5-point match at 2-3, from a start ID where Y has
//! doubled; the person drops, and Next game starts the Crawford game with
//! the colours changed: the engine plays X and moves first, the person Y.
//! The match line keeps each player's score with the player (the person
//! first, now "(Y) 2", the engine "(X) 4"), the person's card stays first,
//! the board is still drawn from the person's side (its home board at the
//! bottom), and the number buttons are the person's when Y is to pick.
//! Screenshots of the second game at 1100 and 390 px.
//!
//! Needs `chromium` and `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code, unused_imports)]
#[path = "browser_page/mod.rs"]
mod page;

use page::*;
use serde_json::{json, Value};

/// The match line's players as the page shows them: (player number,
/// colour, text), the session's first player first.
async fn match_line(c: &fantoccini::Client) -> Value {
    js(
        c,
        "return [...document.querySelectorAll('#match .mplayer')].map(e => [+e.dataset.player, e.dataset.side, e.textContent]);",
    )
    .await
}

/// True when `side`'s stack on `loc` (X's numbering) is drawn in the
/// lower half of the board.
async fn in_lower_half(c: &fantoccini::Client, loc: &str, side: &str) -> bool {
    js(
        c,
        &format!(
            "const svg = document.getElementById('board');
             const k = svg.querySelector('g.stack[data-loc=\"{loc}\"][data-side=\"{side}\"] circle');
             return +k.getAttribute('cy') > svg.viewBox.baseVal.height / 2;"
        ),
    )
    .await
    .as_bool()
    .unwrap()
}

/// The side whose pip count is written under the board (the viewer's).
async fn bottom_pips(c: &fantoccini::Client) -> String {
    js(
        c,
        "const t = [...document.querySelectorAll('#board text.pips')].sort((a, b) => +b.getAttribute('y') - +a.getAttribute('y'));
         return t[0].textContent.split(' ')[0];",
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// The cards' order on the page: the colour of the card drawn leftmost
/// first.
async fn card_order(c: &fantoccini::Client) -> Vec<String> {
    let x = rect(c, "#card-X").await[0];
    let y = rect(c, "#card-Y").await[0];
    if x < y {
        vec!["X".into(), "Y".into()]
    } else {
        vec!["Y".into(), "X".into()]
    }
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_second_game_of_a_match_changes_the_colours() {
    let page = open_page("ncbg-gui-colours", false).await;
    let c = page.c.clone();

    // A 5-point match at 2-3 where Y (engine A) has doubled the person.
    select(&c, "#g-x", "human").await;
    select(&c, "#g-y", "A").await;
    fill(&c, "#g-match", "0").await;
    fill(&c, "#g-state", "4HPwATDgc/ABMA:Xtake:x4y2:d22:k6:m5s2-3").await;
    js(
        &c,
        "const b = document.getElementById('g-new'); b.focus(); b.click(); return 1;",
    )
    .await;
    let s = wait_snap(&c, "the offer", 10, |s| {
        s["game"]["phase"] == "take" && s["players"]["Y"] == "A"
    })
    .await;
    assert_eq!(s["game"]["stakes"]["first_player"], "X");
    assert_eq!(
        match_line(&c).await,
        json!([[1, "X", "You (X) 2"], [2, "Y", "Engine A (Y) 3"]])
    );
    assert_eq!(card_order(&c).await, ["X", "Y"]);
    assert_eq!(bottom_pips(&c).await, "X");
    // The person's 8-point (3 checkers) is drawn at the bottom.
    assert!(in_lower_half(&c, "x8", "X").await);

    // The person drops: Y (the engine) 4, the Crawford game next.
    press(&c, 'p').await;
    let s = wait_snap(&c, "the drop", 10, |s| s["game"]["phase"] == "over").await;
    assert_eq!(s["game"]["winner"], "Y");
    let after = text(&c, "match-after").await;
    assert_eq!(
        after,
        "Score after this game: You 2 · Engine A 4 (next: the Crawford game)"
    );

    // The next game: the colours change. The engine plays X and moves
    // first, the person plays Y; the score by colour is 4-2.
    click(&c, "#next-game").await;
    let s = wait_snap(&c, "the next game", 10, |s| {
        s["game"]["phase"] != "over" && s["players"]["X"] == "A"
    })
    .await;
    assert_eq!(s["players"], json!({ "X": "A", "Y": "human" }));
    let st = &s["game"]["stakes"];
    assert_eq!(st["match"]["score"], json!({ "X": 4, "Y": 2 }));
    assert_eq!(st["match"]["crawford"], "game");
    assert_eq!(st["first_player"], "Y");
    assert_eq!(
        s["game"]["start"],
        "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:m5s4-2c"
    );
    settled(&c).await;
    // Each score stays with its player, the person first.
    let line = match_line(&c).await;
    assert_eq!(
        line,
        json!([[1, "Y", "You (Y) 2"], [2, "X", "Engine A (X) 4"]])
    );
    assert!(text(&c, "match").await.contains("Crawford"));
    // The person's card stays first, and the board is drawn from the
    // person's side: Y's home board (its 8-point is X's 17) at the bottom.
    assert_eq!(card_order(&c).await, ["Y", "X"]);
    assert_eq!(bottom_pips(&c).await, "Y");
    assert!(in_lower_half(&c, "x17", "Y").await);
    assert!(!in_lower_half(&c, "x8", "X").await);

    // The engine (X) picks its initial number first; then the number
    // buttons are the person's, as Y.
    let s = wait_snap(&c, "the person's initial number", 30, |s| {
        s["game"]["human_to_move"] == true && s["game"]["to_move"] == "Y"
    })
    .await;
    assert_eq!(record_tokens(&s).len(), 1, "X's initial pick");
    settled(&c).await;
    let status = text(&c, "status").await;
    assert!(status.contains("Your turn (Y)"), "{status}");
    let enabled = js(
        &c,
        "return [...document.querySelectorAll('#numbers button')].filter(b => !b.disabled).length;",
    )
    .await;
    assert_eq!(enabled, 5, "every number but X's initial one");

    resize(&c, 1100, 900).await;
    fits_width(&c, 1100, &["#card-X", "#match", "#board"]).await;
    screenshot(&c, "match-colours-game2-1100.png").await;

    // The same game on a phone: the match line wraps between players, and
    // the person's side is still at the bottom.
    let (_phone_driver, p) = start_browser(true).await;
    p.goto(&page.url).await.unwrap();
    wait_snap(&p, "the game on the phone", 20, |s| {
        s["game"]["stakes"]["first_player"] == "Y"
    })
    .await;
    settled(&p).await;
    assert_eq!(match_line(&p).await, line);
    assert_eq!(bottom_pips(&p).await, "Y");
    fits_width(&p, 390, &["#match", "#card-X", "#card-Y"]).await;
    screenshot(&p, "match-colours-game2-390.png").await;
    p.close().await.unwrap();
}
