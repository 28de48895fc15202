//! The GUI's engine driver against `test_engine`'s misbehaving modes and
//! the real `ncbg`: every fault is reported as a fault, in time, and a bad
//! answer never reaches the game.

mod common;

use common::{ncbg_engine, test_engine};
use ncbg::board::Variant;
use ncbg::game::GameState;
use ncbg::numbers::NumberRules;
use ncbg_gui::driver::{Engine, EngineFault};
use ncbg_gui::history::Record;
use std::time::{Duration, Instant};
use tokio::sync::watch;

const RULES: [(&str, &str); 0] = [];

fn rules() -> Vec<(&'static str, String)> {
    RULES.iter().map(|(k, v)| (*k, v.to_string())).collect()
}

fn game_after_pair() -> Record {
    let mut r = Record::new(
        Variant::Standard,
        NumberRules::default(),
        GameState::standard(),
    );
    r.pick(3).unwrap();
    r.pick(5).unwrap();
    r
}

async fn ask(e: &mut Engine, r: &Record, answer: Duration) -> Result<String, EngineFault> {
    let (_tx, mut rx) = watch::channel(false);
    e.search(&r.position_command(), "go depth 1", answer, &mut rx, |_| {})
        .await
}

#[tokio::test]
async fn a_conformant_engine_answers_legal_turns_with_info() {
    let mut e = Engine::start(
        &test_engine("random", &[]),
        &rules(),
        Duration::from_secs(5),
    )
    .await
    .unwrap();
    assert_eq!(e.id_name, "test_engine-Random");
    let mut r = game_after_pair();
    for _ in 0..10 {
        let (_tx, mut rx) = watch::channel(false);
        let mut infos = Vec::new();
        let token = e
            .search(
                &r.position_command(),
                "go depth 1",
                Duration::from_secs(5),
                &mut rx,
                |i| infos.push(i),
            )
            .await
            .unwrap();
        assert_eq!(infos.last().map(|i| i.pv[0].clone()), Some(token.clone()));
        r.apply_engine(&token).unwrap();
    }
    assert_eq!(r.tokens.len(), 12);
    e.shutdown().await;
}

#[tokio::test]
async fn a_crash_is_a_crash_and_changes_nothing() {
    let mut e = Engine::start(
        &test_engine("crash", &["--after", "0"]),
        &rules(),
        Duration::from_secs(5),
    )
    .await
    .unwrap();
    let r = game_after_pair();
    let err = ask(&mut e, &r, Duration::from_secs(5)).await.unwrap_err();
    assert!(matches!(err, EngineFault::Crash(_)), "{err:?}");
    assert!(!e.is_alive() || ask(&mut e, &r, Duration::from_secs(1)).await.is_err());
}

#[tokio::test]
async fn a_silent_engine_times_out_on_time() {
    let mut e = Engine::start(
        &test_engine("hang", &["--after", "0"]),
        &rules(),
        Duration::from_secs(5),
    )
    .await
    .unwrap();
    let r = game_after_pair();
    let t = Instant::now();
    let err = ask(&mut e, &r, Duration::from_millis(400))
        .await
        .unwrap_err();
    assert!(matches!(err, EngineFault::Timeout(_)), "{err:?}");
    assert!(t.elapsed() < Duration::from_secs(3));
    // `stop` does not help an engine that hangs: a fault within the grace
    // (test_engine answers `stop` with an `error` line: a bad answer).
    let (tx, mut rx) = watch::channel(false);
    let pos = r.position_command();
    let search = e.search(
        &pos,
        "go infinite",
        Duration::from_secs(60),
        &mut rx,
        |_| {},
    );
    let stopper = async {
        tokio::time::sleep(Duration::from_millis(100)).await;
        tx.send_replace(true);
    };
    let t = Instant::now();
    let (res, ()) = tokio::join!(search, stopper);
    assert!(
        matches!(
            res,
            Err(EngineFault::Timeout(_) | EngineFault::BadAnswer(_))
        ),
        "{res:?}"
    );
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
}

#[tokio::test]
async fn illegal_and_garbage_answers_never_reach_the_game() {
    for mode in ["illegal", "garbage"] {
        let mut e = Engine::start(
            &test_engine(mode, &["--after", "0"]),
            &rules(),
            Duration::from_secs(5),
        )
        .await
        .unwrap();
        let mut r = game_after_pair();
        let token = ask(&mut e, &r, Duration::from_secs(5)).await.unwrap();
        let before = r.current;
        let err = r.apply_engine(&token).unwrap_err();
        assert!(!err.is_empty(), "{mode}");
        assert_eq!(r.current, before, "{mode}");
        assert_eq!(r.tokens.len(), 2, "{mode}");
        e.shutdown().await;
    }
}

#[tokio::test]
async fn handshake_and_spawn_failures_are_reported() {
    let t = Instant::now();
    let err = Engine::start(
        &test_engine("nohandshake", &[]),
        &rules(),
        Duration::from_millis(300),
    )
    .await
    .err()
    .unwrap();
    assert!(matches!(err, EngineFault::Handshake(_)), "{err:?}");
    assert!(t.elapsed() < Duration::from_secs(3));
    let mut cfg = test_engine("random", &[]);
    cfg.command = vec!["/nonexistent/engine".into()];
    let err = Engine::start(&cfg, &rules(), Duration::from_secs(1))
        .await
        .err()
        .unwrap();
    assert!(matches!(err, EngineFault::Spawn(_)), "{err:?}");
}

#[tokio::test]
async fn a_slow_engine_is_late_and_a_stopped_search_still_answers() {
    let mut e = Engine::start(
        &test_engine("slow", &["--after", "0", "--delay-ms", "800"]),
        &rules(),
        Duration::from_secs(5),
    )
    .await
    .unwrap();
    let r = game_after_pair();
    let err = ask(&mut e, &r, Duration::from_millis(200))
        .await
        .unwrap_err();
    assert!(matches!(err, EngineFault::Timeout(_)), "{err:?}");
    // The real engine: `go infinite` then stop gives a legal answer at once.
    let mut e = Engine::start(&ncbg_engine(), &rules(), Duration::from_secs(10))
        .await
        .unwrap();
    let (tx, mut rx) = watch::channel(false);
    let pos = r.position_command();
    let search = e.search(
        &pos,
        "go infinite",
        Duration::from_secs(30),
        &mut rx,
        |_| {},
    );
    let stopper = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        tx.send_replace(true);
    };
    let t = Instant::now();
    let (res, ()) = tokio::join!(search, stopper);
    let token = res.unwrap();
    assert!(t.elapsed() < Duration::from_secs(3));
    let mut r2 = r.clone();
    r2.apply_engine(&token).unwrap();
    let d = e.display(&r2.position_command()).await.unwrap();
    assert_eq!(d.state_id, ncbg::ids::state_id::encode(&r2.current));
    assert_eq!(d.result, "none");
    e.shutdown().await;
}

/// As in the referee: a line over 64 KiB is a bad answer (not cut and
/// taken), and a dropped engine takes its whole process group with it.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn an_overlong_line_is_a_bad_answer_and_the_group_is_killed() {
    let dir = std::env::temp_dir().join(format!("ncbg-gui-driver-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pid_file = dir.join("sleep.pid");
    let script = format!(
        "sleep 1000 & echo $! > {}; while read l; do case \"$l\" in \
         ncbp) echo ncbpok;; isready) echo readyok;; \
         go*) head -c 70000 /dev/zero | tr '\\0' x; echo; echo bestmove 6:24/18,13/8;; esac; done",
        pid_file.display()
    );
    let mut cfg = test_engine("random", &[]);
    cfg.command = vec!["sh".into(), "-c".into(), script];
    let mut e = Engine::start(&cfg, &rules(), Duration::from_secs(5))
        .await
        .unwrap();
    let r = game_after_pair();
    let err = ask(&mut e, &r, Duration::from_secs(5)).await.unwrap_err();
    let EngineFault::BadAnswer(why) = &err else {
        panic!("{err:?}")
    };
    assert!(why.contains("longer than 64 KiB"), "{why}");
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let alive = || {
        std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()))
            .is_ok_and(|stat| !stat.contains(") Z "))
    };
    assert!(alive(), "the engine's child runs while the engine does");
    drop(e);
    let t = Instant::now();
    while alive() && t.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!alive(), "the engine's child outlived it");
    let _ = std::fs::remove_dir_all(&dir);
}
