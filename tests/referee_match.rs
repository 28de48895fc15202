//! Whole matches through the `ncbg-referee` binary: conformant engines, and
//! each kind of misbehaving engine losing by forfeit with its reason while
//! the match completes and no finished game is lost.

mod referee_support;

use referee_support::*;

/// Two conformant engines, `alpha` and `beta`, playing random turns with
/// their own seeds.
fn alpha_and_beta() -> Vec<String> {
    let engine = |name: &str, seed: u32| {
        vec![
            "--engine".to_string(),
            engine_cmd("random", ""),
            format!("name={name}"),
            format!("option.Seed={seed}"),
        ]
    };
    [engine("alpha", 1), engine("beta", 2)].concat()
}

#[test]
fn conformant_engines_play_a_full_match() {
    let dir = temp_dir("full");
    let file = dir.join("match.txt");
    let out = run_referee(
        &[
            alpha_and_beta(),
            args(&[
                "--each",
                "depth=1",
                "--games",
                "10",
                "--concurrency",
                "2",
                "--format",
                "json",
                "--out",
            ]),
            vec![file.display().to_string()],
        ]
        .concat(),
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    assert_eq!(report["games"], 10);
    assert_eq!(report["forfeits"].as_object().unwrap().len(), 0);
    let a = &report["engines"][0];
    let b = &report["engines"][1];
    assert_eq!(a["name"], "alpha");
    assert_eq!(a["wins"], b["losses"]);
    assert_eq!(
        a["wins"].as_u64().unwrap() + a["losses"].as_u64().unwrap() + a["draws"].as_u64().unwrap(),
        10
    );
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 10);
    let indices = sorted_indices(&lines);
    assert_eq!(indices, (0..10).collect::<Vec<_>>());
    for l in &lines {
        assert_eq!(field(l, "reason"), "bore-off");
        // Turn 0 picks, then whole turns.
        let moves: Vec<&str> = field(l, "moves").split(' ').collect();
        assert!(moves.len() > 20);
        assert!(!moves[0].contains(':') && !moves[1].contains(':'));
        assert!(moves[2..].iter().all(|t| t.contains(':')));
    }
    // Games 0 and 1 are a pair: same opening, colours swapped.
    let by_index = |i: u64| {
        lines
            .iter()
            .find(|l| field(l, "index") == i.to_string())
            .unwrap()
    };
    assert_eq!(field(by_index(0), "opening"), field(by_index(1), "opening"));
    assert_eq!(field(by_index(0), "x"), "alpha");
    assert_eq!(field(by_index(1), "x"), "beta");
    let _ = std::fs::remove_dir_all(dir);
}

/// Plays `games` games of a conformant engine against one in `mode`; checks
/// every game is recorded and the misbehaving engine forfeits with `reason`.
fn misbehaving(mode: &str, extra: &str, limits: &[&str], reason: &str, games: usize) {
    misbehaving_within(mode, extra, limits, reason, games, None);
}

fn misbehaving_within(
    mode: &str,
    extra: &str,
    limits: &[&str],
    reason: &str,
    games: usize,
    memory_kib: Option<u64>,
) {
    let dir = temp_dir(mode);
    let file = dir.join("match.txt");
    let mut a = vec![
        "--engine".into(),
        engine_cmd("random", ""),
        "name=good".into(),
        "--engine".into(),
        engine_cmd(mode, extra),
        "name=bad".into(),
        "--games".into(),
        games.to_string(),
        "--handshake-timeout".into(),
        "500".into(),
        "--timeout-margin".into(),
        "300".into(),
        "--format".into(),
        "json".into(),
        "--out".into(),
        file.display().to_string(),
    ];
    if !limits.is_empty() {
        a.push("--each".into());
        a.extend(args(limits));
    }
    let out = match memory_kib {
        Some(kib) => run_referee_limited(&a, kib),
        None => run_referee(&a),
    };
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    assert_eq!(report["games"], games as u64, "{mode}");
    let lines = game_lines(&file);
    assert_eq!(lines.len(), games, "{mode}: every game recorded");
    let forfeits: Vec<&String> = lines
        .iter()
        .filter(|l| field(l, "kind") == "forfeit")
        .collect();
    assert!(!forfeits.is_empty(), "{mode}: no forfeit");
    for l in &forfeits {
        assert_eq!(field(l, "reason"), reason, "{mode}: {l}");
        assert_eq!(loser(l), "bad", "{mode}");
        assert_eq!(field(l, "points"), "1");
    }
    assert_eq!(report["engines"][1]["forfeits"], forfeits.len() as u64);
    assert_eq!(report["forfeits"][reason], forfeits.len() as u64);
    let _ = std::fs::remove_dir_all(dir);
}

/// An engine that writes bytes with no newline for as long as it may think
/// (3 s): the referee, held to 1 GiB of address space, cuts it off at
/// 64 KiB as a malformed answer instead of reading it all.
#[test]
fn endless_line_forfeits_with_bounded_memory() {
    misbehaving_within(
        "endless",
        "--after 1",
        &["movetime=3000"],
        "malformed",
        2,
        Some(1 << 20),
    );
}

/// An engine that answers each search twice forfeits for the second answer,
/// which is never taken for its next search's.
#[test]
fn second_bestmove_forfeits_as_unrequested() {
    misbehaving("twice", "--after 1", &[], "unrequested", 2);
}

#[test]
fn crashing_engine_forfeits() {
    misbehaving("crash", "", &[], "crash", 4);
}

#[test]
fn hanging_engine_forfeits_on_time() {
    misbehaving("hang", "", &["movetime=100"], "timeout", 3);
}

#[test]
fn illegal_answer_forfeits() {
    misbehaving("illegal", "", &[], "illegal", 4);
}

#[test]
fn garbage_answer_forfeits() {
    misbehaving("garbage", "", &[], "malformed", 4);
}

#[test]
fn slow_engine_forfeits_on_time() {
    misbehaving("slow", "--delay-ms 800", &["movetime=50"], "timeout", 3);
}

#[test]
fn slow_engine_loses_on_the_clock() {
    misbehaving("slow", "--delay-ms 700", &["tc=0.5+0"], "timeout", 2);
}

#[test]
fn turn_cap_draws_and_sprt_stops_the_match() {
    let dir = temp_dir("cap");
    let file = dir.join("match.txt");
    let out = run_referee(&[
        "--engine".into(),
        engine_cmd("random", ""),
        "name=a".into(),
        "--engine".into(),
        engine_cmd("random", ""),
        "name=b".into(),
        "--max-turns".into(),
        "6".into(),
        "--games".into(),
        "4".into(),
        "--format".into(),
        "json".into(),
        "--out".into(),
        file.display().to_string(),
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["max_turn_draws"], 4);
    for l in game_lines(&file) {
        assert_eq!(field(&l, "reason"), "max-turns");
        assert_eq!(field(&l, "moves").split(' ').count(), 2 + 6);
    }
    // An engine that forfeits every game: H1 is accepted long before 60 games.
    let file = dir.join("sprt.txt");
    let out = run_referee(&[
        "--engine".into(),
        engine_cmd("random", ""),
        "name=a".into(),
        "--engine".into(),
        engine_cmd("illegal", "--after 0"),
        "name=b".into(),
        "--games".into(),
        "60".into(),
        "--sprt".into(),
        "elo0=0".into(),
        "elo1=50".into(),
        "alpha=0.05".into(),
        "beta=0.05".into(),
        "--format".into(),
        "json".into(),
        "--out".into(),
        file.display().to_string(),
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["sprt"]["decision"], "accept-h1");
    let games = report["games"].as_u64().unwrap();
    assert!(games < 60);
    assert_eq!(game_lines(&file).len() as u64, games);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn openings_file_with_full_state_ids() {
    let dir = temp_dir("openings");
    let openings = dir.join("openings.txt");
    // A new game (the engines pick turn 0), X to play 6-5, and Y to pick.
    std::fs::write(
        &openings,
        "# test openings\n4HPwATDgc/ABMA:Xpick:x-y-:d22:k6\n\n4HPwATDgc/ABMA:Xplay:x6y5:d22:k6\n4HPwATDgc/ABMA:Ypick:x3y-:d11:k6\n",
    )
    .unwrap();
    let file = dir.join("match.txt");
    let out = run_referee(&[
        "--engine".into(),
        engine_cmd("random", ""),
        "name=a".into(),
        "--engine".into(),
        engine_cmd("random", ""),
        "name=b".into(),
        "option.Seed=9".into(),
        "--openings".into(),
        openings.display().to_string(),
        "--format".into(),
        "json".into(),
        "--out".into(),
        file.display().to_string(),
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 6);
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 6);
    for l in &lines {
        assert_eq!(field(l, "reason"), "bore-off", "{l}");
        assert!(field(l, "opening").starts_with("state:"));
    }
    let first = |opening: &str| {
        lines
            .iter()
            .find(|l| field(l, "opening") == opening)
            .map(|l| field(l, "moves").split(' ').next().unwrap().to_string())
            .unwrap()
    };
    // Turn 0 picked by the engine: a bare number.
    assert!(first("state:4HPwATDgc/ABMA:Xpick:x-y-:d22:k6")
        .parse::<u8>()
        .is_ok());
    // Number already picked: the play alone.
    assert!(!first("state:4HPwATDgc/ABMA:Xplay:x6y5:d22:k6").contains(':'));
    let _ = std::fs::remove_dir_all(dir);
}

/// Processes whose command line is exactly `words` (Linux `/proc`).
fn processes_running(words: &[&str]) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .filter(|c| {
            let args: Vec<&[u8]> = c.split(|&b| b == 0).filter(|a| !a.is_empty()).collect();
            args.len() == words.len() && args.iter().zip(words).all(|(a, w)| *a == w.as_bytes())
        })
        .count()
}

/// An engine started through a wrapper script that leaves a process of its
/// own running (no `exec`, a child that ignores the end of its input): the
/// forfeit and the match's end kill the whole process group.
#[test]
fn wrapper_script_engines_leave_no_process_behind() {
    let dir = temp_dir("wrapper");
    let marker = format!("{}", 900_000 + std::process::id() % 100_000);
    let script = script(
        &dir,
        "engine.sh",
        &format!(
            "#!/bin/sh\nsleep {marker} &\n\"{}\" --mode crash --after 2\n",
            test_engine().display()
        ),
    );
    let file = dir.join("match.txt");
    run_referee(&args(&[
        "--engine",
        &engine_cmd("random", ""),
        "name=good",
        "--engine",
        &format!("cmd={}", script.display()),
        "name=wrapped",
        "--games",
        "3",
        "--out",
        &file.display().to_string(),
    ]));
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().any(|l| field(l, "reason") == "crash"));
    // Give the kernel a moment to reap the killed group.
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(
        processes_running(&["sleep", &marker]),
        0,
        "stray processes left"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn no_repeat_plays_every_opening_once_with_colours_alternating() {
    let dir = temp_dir("once");
    let file = dir.join("match.txt");
    let match_args = [
        alpha_and_beta(),
        args(&[
            "--each",
            "depth=1",
            "--random-openings",
            "6",
            "--no-repeat",
            "--games",
            "6",
            "--format",
            "json",
            "--out",
        ]),
        vec![file.display().to_string()],
    ]
    .concat();
    let out = run_referee(&match_args);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    // One round: six games, one an opening; no game pairs.
    assert_eq!(report["games"], 6);
    assert_eq!(report["elo_model"], "trinomial");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("meta\trounds=1\nmeta\trepeat=off\n"),
        "{text}"
    );
    let lines = sorted_games(game_lines(&file));
    let openings: std::collections::BTreeSet<&str> =
        lines.iter().map(|l| field(l, "opening")).collect();
    assert_eq!(openings.len(), 6, "every opening once");
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(field(l, "index"), i.to_string());
        assert_eq!(field(l, "pair"), i.to_string());
        assert_eq!(field(l, "x"), ["alpha", "beta"][i % 2]);
    }
    // The same file is not resumed as a match of game pairs, nor the
    // other way round.
    let mut paired: Vec<String> = match_args
        .iter()
        .filter(|a| *a != "--no-repeat")
        .cloned()
        .collect();
    paired.push("--resume".into());
    let refused = std::process::Command::new(referee())
        .args(&paired)
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("its repeat is 'off', this run has none"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
