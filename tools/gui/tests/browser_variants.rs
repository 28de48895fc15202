//! Issue 79 in the browser: Backgammon Race and Anti-Backgammon played on
//! the page (headless Chromium over WebDriver, the tools of
//! `browser_page/`).
//!
//! `race_enters_from_the_pool_by_click_drag_and_keys`: a race game starts
//! with both pools full beside the board; the person enters from the pool
//! by clicks (pool, then a point), by a drag and by the keys, the engine
//! replies, and the board, the highlight and the record (`pool/N`) agree
//! with the engine's own replay. Screenshots `race-1400.png`.
//!
//! `race_on_a_phone`: the same board at 390 px fits the screen
//! (`race-390.png`).
//!
//! `anti_starts_without_a_pool_and_the_first_to_finish_loses`: an anti
//! game has the standard start and no pool, and its status counts the
//! turns of 500; from a near-end position loaded by its ID (the status
//! counts from there), the person bears off its last checker and loses
//! (the status gives the result, no count).
//!
//! `a_race_match_file_reviews_with_its_pools`: a finished race game's
//! match file in *Review*: its boards have the pools, kept drawn once
//! every checker has entered, and its record the `pool/N` entries.
//!
//! Needs `chromium` and `chromedriver`, as `browser.rs` does. Screenshots
//! go to `target/gui-screenshots/` (copies in `tools/gui/screenshots/`).

mod common;
#[allow(dead_code)]
#[path = "browser_page/mod.rs"]
mod page;

use common::ncbg_engine;
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::Locator;
use ncbg::board::{Objective, Position};
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::numbers::NumberRules;
use ncbg_gui::driver::Engine;
use page::*;
use serde_json::Value;
use std::time::Duration;

/// The locations of the board's hit areas with `class` (movable, target).
async fn locs(c: &fantoccini::Client, class: &str) -> Vec<String> {
    let v = js(
        c,
        &format!(
            "return [...document.querySelectorAll('#board .hit.{class}')].map(e => e.dataset.loc).sort();"
        ),
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Picks a legal number that gives no doublet; returns it.
async fn pick_plain(c: &fantoccini::Client) -> u64 {
    let s = wait_snap(c, "the person's pick", 30, |s| {
        s["game"]["human_to_move"] == true && s["game"]["phase"] == "pick"
    })
    .await;
    let n = s["game"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|ch| ch["legal"] == true && ch["doublet"] == false)
        .map(|ch| ch["n"].as_u64().unwrap())
        .max()
        .unwrap();
    click(c, &format!("#numbers button[data-n='{n}']")).await;
    wait_snap(c, "the play phase", 10, |s| s["game"]["phase"] == "play").await;
    settled(c).await;
    n
}

/// The status line's text.
async fn status_text(c: &fantoccini::Client) -> String {
    c.find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

fn record_len(s: &Value) -> usize {
    s["game"]["record"].as_array().unwrap().len()
}

/// The person's play so far on the page: its steps as [from, to].
async fn path(c: &fantoccini::Client) -> Vec<(u64, u64)> {
    let v = js(c, "return play ? play.path.map(e => [e.from, e.to]) : [];").await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|e| (e[0].as_u64().unwrap(), e[1].as_u64().unwrap()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn race_enters_from_the_pool_by_click_drag_and_keys() {
    let dir = fresh_dir("ncbg-gui-race");
    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser(false).await;
    let mut judge = Engine::start(&ncbg_engine(), &[], Duration::from_secs(10))
        .await
        .unwrap();
    c.goto(&url).await.unwrap();
    engines_ready(&c).await;
    search_at_depth_1(&c).await;
    select(&c, "#g-variant", "race").await;
    new_game(&c, "human", "A", "3-5").await;

    // Both pools full, beside the board, labelled; 375 pips each.
    let s = snap(&c).await;
    assert_eq!(s["game"]["variant"], "race");
    let pools = vec![
        ("pool".to_string(), "X".to_string(), 15),
        ("pool".to_string(), "Y".to_string(), 15),
    ];
    assert_eq!(dom_board(&c).await, pools);
    assert_eq!(
        expected_board(s["game"]["stateid"].as_str().unwrap()),
        pools
    );
    let v = js(
        &c,
        "return [[...document.querySelectorAll('#board .poollabel')].map(e => e.textContent), [...document.querySelectorAll('#board .poolcount')].map(e => e.textContent), document.querySelector('#card-X .pipcount').textContent, document.getElementById('status').textContent];",
    )
    .await;
    assert_eq!(v[0], serde_json::json!(["X pool", "Y pool"]));
    assert_eq!(
        v[1],
        serde_json::json!(["15 waiting", "15 waiting"]),
        "labelled counts"
    );
    assert_eq!(v[2], "375");
    assert!(
        v[3].as_str().unwrap().contains("Backgammon Race"),
        "{}",
        v[3]
    );

    // 1. By clicks: the pool is the only checker that can move; a click
    // on it shows where a checker enters, a click there enters it.
    let n = pick_plain(&c).await;
    assert_eq!(locs(&c, "movable").await, ["pool"]);
    click(&c, "#board .hit[data-loc='pool']").await;
    settled(&c).await;
    let targets = locs(&c, "target").await;
    let hi = n.max(5);
    let lo = n.min(5);
    let (t_hi, t_lo) = (format!("x{}", 25 - hi), format!("x{}", 25 - lo));
    assert!(
        targets.contains(&t_hi) && targets.contains(&t_lo),
        "{targets:?} for {hi}-{lo}"
    );
    screenshot(&c, "race-1400.png").await;
    click(&c, &format!("#board .hit.target[data-loc='{t_hi}']")).await;
    settled(&c).await;
    assert_eq!(path(&c).await, [(26, 25 - hi)]);
    assert!(locs(&c, "movable").await.contains(&"pool".to_string()));
    click(&c, "#board .hit[data-loc='pool']").await;
    settled(&c).await;
    click(&c, &format!("#board .hit.target[data-loc='{t_lo}']")).await;
    // The token lists the higher point first.
    let want = format!("{n}:pool/{},pool/{}", 25 - lo, 25 - hi);
    let s = wait_snap(&c, "the engine's reply", 60, |s| record_len(s) >= 4).await;
    assert_eq!(record_tokens(&s)[2], want);
    assert!(
        record_tokens(&s)[3].contains("pool/"),
        "the engine enters too: {:?}",
        record_tokens(&s)
    );
    check_against_engine(&c, &mut judge, &s).await;
    let text = js(&c, "return document.getElementById('record').textContent;").await;
    assert!(
        text.as_str()
            .unwrap()
            .contains(&format!("pool/{}", 25 - lo)),
        "{text}"
    );

    // 2. By a drag: down on the pool, up on a point where it enters.
    pick_plain(&c).await;
    let to = js(
        &c,
        "return S.game.tree.nodes[0].edges.find(e => e.from === 26).to;",
    )
    .await
    .as_u64()
    .unwrap();
    let from = rect(&c, "#board .hit[data-loc='pool']").await;
    let dest = rect(&c, &format!("#board .hit[data-loc='x{to}']")).await;
    let centre = |r: &[f64]| (((r[0] + r[2]) / 2.0).round(), ((r[1] + r[3]) / 2.0).round());
    let ((fx, fy), (tx, ty)) = (centre(&from), centre(&dest));
    c.perform_actions(
        MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo {
                duration: None,
                x: fx,
                y: fy,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(200)),
                x: tx,
                y: ty,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            }),
    )
    .await
    .unwrap();
    settled(&c).await;
    assert_eq!(path(&c).await, [(26, to)], "the drag entered a checker");

    // 3. By the keys: the cursor starts on the pool, Enter takes it, the
    // cursor goes to its first target, Enter enters it there.
    press(&c, Key::Right).await;
    assert_eq!(js(&c, "return Keys.cursor;").await, "pool");
    let kb = js(
        &c,
        "return document.querySelector('#board .hit[data-loc=\"pool\"]').classList.contains('kbfocus');",
    )
    .await;
    assert_eq!(kb, true, "the cursor is drawn on the pool");
    press(&c, Key::Enter).await;
    assert_eq!(js(&c, "return play.selected;").await, "pool");
    let s = snap(&c).await;
    let before = record_len(&s);
    press(&c, Key::Enter).await;
    let s = wait_snap(&c, "the play by drag and keys", 30, |s| {
        record_len(s) > before
    })
    .await;
    let token = record_tokens(&s)[before].clone();
    assert_eq!(
        token.matches("pool/").count(),
        2,
        "both checkers entered: {token}"
    );
    let s = wait_snap(&c, "the engine's second reply", 60, |s| {
        record_len(s) > before + 1
    })
    .await;
    check_against_engine(&c, &mut judge, &s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn race_on_a_phone() {
    let page = open_page("ncbg-gui-race-phone", true).await;
    let c = page.c.clone();
    select(&c, "#g-variant", "race").await;
    new_game(&c, "human", "A", "4-2").await;
    play_turn_by_clicks(&c, 1, false).await;
    let s = wait_snap(&c, "the engine's reply", 60, |s| record_len(s) >= 4).await;
    wait_js(
        &c,
        "the end of the animation",
        10,
        "return !document.body.dataset.animating;",
    )
    .await;
    assert_eq!(
        dom_board(&c).await,
        expected_board(s["game"]["stateid"].as_str().unwrap())
    );
    fits_width(&c, 390, &["#board"]).await;
    // The pool column is inside the drawn board.
    let (board, pool) = (
        rect(&c, "#board").await,
        rect(&c, "#board .hit[data-loc='pool']").await,
    );
    assert!(
        pool[0] >= board[0] && pool[2] <= board[2] + 0.5,
        "{pool:?} in {board:?}"
    );
    screenshot(&c, "race-390.png").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anti_starts_without_a_pool_and_the_first_to_finish_loses() {
    let page = open_page("ncbg-gui-anti", false).await;
    let c = page.c.clone();
    select(&c, "#g-variant", "anti").await;
    new_game(&c, "human", "A", "3-5").await;
    let s = snap(&c).await;
    assert_eq!(s["game"]["variant"], "anti");
    assert_eq!(s["game"]["anti"], true);
    let id = s["game"]["stateid"].as_str().unwrap();
    assert!(id.ends_with(":anti"), "{id}");
    assert_eq!(dom_board(&c).await, expected_board(id));
    let v = js(
        &c,
        "return [document.getElementById('board').dataset.pool, document.querySelectorAll('#board .poolstack').length, document.getElementById('status').textContent];",
    )
    .await;
    assert_eq!(v[0], "", "no pool is drawn");
    assert_eq!(v[1], 0);
    // X's first turn after the initial pair: turn 1 of its 500, counted
    // from the game's beginning.
    assert!(
        v[2].as_str()
            .unwrap()
            .starts_with("Anti-Backgammon (turn 1 of 500)"),
        "{}",
        v[2]
    );
    // The standard start.
    let mut standard = GameState::standard();
    standard.pick(3).unwrap();
    standard.pick(5).unwrap();
    assert_eq!(
        expected_board(id),
        expected_board(&state_id::encode(&standard))
    );

    // Near the end: X (the person) has one checker left, on its 1 point;
    // Y has none off. X must bear it off, and loses a gammon.
    let mut me = [0u8; 25];
    me[0] = 1;
    let mut them = [0u8; 25];
    them[12] = 15;
    let pos = Position::from_points(&me, &them, 15).unwrap();
    let mut near = GameState::from_position(pos, NumberRules::default());
    near.pick(3).unwrap();
    near.pick(5).unwrap();
    near.set_objective(Objective::BearOffLast).unwrap();
    let near_id = state_id::encode(&near);
    new_game_from_id(&c, "human", "A", &near_id).await;
    let s = wait_snap(&c, "the loaded position", 10, |s| {
        s["game"]["start"] == near_id.as_str()
    })
    .await;
    // A full-state ID carries no turn count: the status does not claim the
    // game's first turns, it counts from the loaded position (where the
    // 500-turn draw is counted from too).
    assert_eq!(s["game"]["turns_from_beginning"], false);
    let status = status_text(&c).await;
    assert!(
        status.starts_with("Anti-Backgammon (turn 1 of 500 since the loaded position)"),
        "{status}"
    );
    pick_plain(&c).await;
    click(&c, "#board .hit[data-loc='x1']").await;
    settled(&c).await;
    click(&c, "#board .hit.target[data-loc='off']").await;
    let s = wait_snap(&c, "the end", 10, |s| s["game"]["phase"] == "over").await;
    assert_eq!(s["game"]["winner"], "Y");
    assert_eq!(s["game"]["result"], "Y wins a gammon (2 points)");
    let status = status_text(&c).await;
    assert!(
        status.contains("(Y) wins a gammon (2 points)")
            && status.contains("X bore off all its checkers first"),
        "{status}"
    );
    // The finished game shows its result, no turn count.
    assert!(
        status.starts_with("Anti-Backgammon (game over) ") && !status.contains("of 500"),
        "{status}"
    );
    screenshot(&c, "anti-over-1400.png").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_match_file_reviews_with_its_pools() {
    use ncbg::board::Variant;
    use ncbg_gui::history::Record;
    let dir = fresh_dir("ncbg-gui-race-review");
    // A whole race game of random turns, saved as the GUI saves it.
    let rules = NumberRules::default();
    let mut r = Record::new(Variant::Race, rules, GameState::start(Variant::Race, rules));
    r.pick(3).unwrap();
    r.pick(5).unwrap();
    let mut rng = ncbg::rng::Rng::new(5);
    while !r.current.is_over() {
        let t = ncbg::turn::random_turn(&r.current, &mut rng).unwrap();
        r.apply_engine(&t.token(&r.current)).unwrap();
    }
    let text = r.match_file(["a", "b"]).unwrap();
    assert!(text.contains("variant=race"), "{text}");
    std::fs::write(dir.join("race.txt"), &text).unwrap();

    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser(false).await;
    c.goto(&url).await.unwrap();
    click(&c, "#tab-review").await;
    wait_js(
        &c,
        "race.txt listed",
        10,
        "return [...document.querySelectorAll('#r-files option')].some(o => o.value === 'race.txt');",
    )
    .await;
    select(&c, "#r-files", "race.txt").await;
    click(&c, "#r-load").await;
    wait_js(
        &c,
        "the move list",
        10,
        "return document.querySelectorAll('#r-moves .mv[data-step]').length;",
    )
    .await;
    let steps = js(&c, "return R.steps.length;").await.as_u64().unwrap();
    assert_eq!(steps as usize, r.tokens.len() + 1);
    // Each position drawn as the library has it, the pools included; the
    // pool column stays once the pools are empty.
    for at in [0, 3, 4, steps - 1] {
        js(&c, &format!("R.at = {at}; drawReview(); return 1;")).await;
        settled(&c).await;
        let id = js(&c, "return R.steps[R.at].state;").await;
        let id = id.as_str().unwrap();
        assert_eq!(
            stacks_of(&c, "#rboard").await,
            expected_board(id),
            "position {at}"
        );
        assert_eq!(
            js(&c, "return document.getElementById('rboard').dataset.pool;").await,
            "1",
            "position {at}"
        );
    }
    let moves = js(&c, "return document.getElementById('r-moves').textContent;").await;
    assert!(
        moves.as_str().unwrap().contains("pool/"),
        "the record has the entries: {moves}"
    );
}
