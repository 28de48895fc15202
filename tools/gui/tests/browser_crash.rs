//! An engine that crashes mid-game, in a real browser (headless Chromium
//! over WebDriver, the tools of `browser_page/`): reported in plain words
//! with the driver's detail folded away, the board untouched while the
//! fault shows, the engine restarted and playing on (checked against the
//! engine's `d`); then the page on a 390 px phone. Needs `chromium` and
//! `chromedriver`, as `browser.rs` does.

mod common;
#[allow(dead_code, unused_imports)]
#[path = "browser_page/mod.rs"]
mod page;

use common::ncbg_engine;
use fantoccini::Locator;
use ncbg_gui::driver::Engine;
use page::*;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashed_engine_is_reported_and_restarted_and_the_phone_fits() {
    let started = Instant::now();
    let dir = fresh_dir("ncbg-gui-crash");
    let (_gui, url) = start_gui(&dir);
    let (_driver, c) = start_browser(false).await;
    let mut judge = Engine::start(&ncbg_engine(), &[], Duration::from_secs(10))
        .await
        .unwrap();
    c.goto(&url).await.unwrap();
    engines_ready(&c).await;
    search_at_depth_1(&c).await;

    // 4. Engine C crashes mid-game: reported, the board untouched, restarted.
    click(&c, "#tab-play").await;
    new_game(&c, "A", "C", "3-5").await;
    let s = wait_snap(&c, "the crash", 60, |s| !s["fault"].is_null()).await;
    // In plain words, the driver's detail folded away.
    assert!(
        s["fault"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Engine C (crasher) stopped unexpectedly")
            && s["fault"]["detail"].as_str().unwrap().contains("crash"),
        "{}",
        s["fault"]
    );
    let banner = c.find(Locator::Css("#banner-fault")).await.unwrap();
    assert!(banner.is_displayed().await.unwrap());
    check_against_engine(&c, &mut judge, &s).await;
    let at_crash = record_tokens(&s).len();
    assert_eq!(s["game"]["to_move"], "Y", "the crash was on C's turn");
    screenshot(&c, "fault.png").await;
    // A window, not a wait: nothing may be played while the fault shows.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        record_tokens(&snap(&c).await).len(),
        at_crash,
        "nothing is played while faulted"
    );
    click(&c, "#fault-restart").await;
    // The restarted engine plays on (this one crashes again after three
    // answers, which the page reports again).
    let s = wait_snap(&c, "the game going on after the restart", 60, |s| {
        record_tokens(s).len() > at_crash + 1
    })
    .await;
    check_against_engine(&c, &mut judge, &s).await;
    eprintln!("crash and restart: {:?}", started.elapsed());

    c.close().await.unwrap();

    // 5. A phone in portrait: one column, no horizontal scroll.
    let (_phone_driver, p) = start_browser(true).await;
    p.goto(&url).await.unwrap();
    wait_snap(&p, "the page on the phone", 20, |s| !s["game"].is_null()).await;
    new_game(&p, "human", "A", "3-5").await;
    settled(&p).await;
    fits_width(
        &p,
        390,
        &[
            "#board",
            "#card-Y",
            "#numbers button[data-n='6']",
            "#typed-play",
        ],
    )
    .await;
    js(&p, "window.scrollTo(0, 0); return 1;").await;
    screenshot(&p, "phone-390.png").await;
    p.close().await.unwrap();
    judge.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
