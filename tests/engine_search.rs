//! The engine binary's `go`: legal answers from every phase, limits, random
//! mode, determinism, and `go` on a finished game.

mod engine_util;

use engine_util::Engine;
use ncbg::game::{GameState, Phase};
use ncbg::ids::state_id;
use ncbg::numbers::{Numbers, Side};
use ncbg::turn::legal_turns;

/// The `bestmove` token of a `go` reply (which must end with exactly one).
fn bestmove(lines: &[String]) -> String {
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{lines:?}");
    assert_eq!(lines.last(), Some(best[0]));
    for l in &lines[..lines.len() - 1] {
        assert!(l.starts_with("info "), "unexpected line '{l}'");
    }
    best[0]
        .strip_prefix("bestmove ")
        .expect("bestmove <token>")
        .to_string()
}

/// Asserts that `token` is one of the legal choices of the engine's current
/// state, as the library lists them, and that applying it works.
fn assert_legal(engine: &mut Engine, token: &str) -> GameState {
    let id = engine.key("stateid");
    let state = state_id::decode(&id).expect("engine's state ID");
    let choices = legal_turns(&state);
    assert!(
        choices.iter().any(|c| c.token(&state) == token),
        "bestmove {token} is not legal in {id}"
    );
    let mut next = state;
    ncbg::engine::turn_input::apply(&mut next, token).expect("the library reads the token");
    state
}

/// A state where the side to move, X, has a checker on the bar and Y's home
/// board is closed: no pair lets a checker move.
fn blocked(phase: Phase) -> String {
    let position =
        ncbg::pos!(x 25 => 1, 13 => 14; o 1 => 2, 2 => 2, 3 => 2, 4 => 2, 5 => 2, 6 => 2, 13 => 3);
    let state = GameState::new(
        position,
        Side::X,
        Numbers::from_parts([Some(3), Some(5)], [2, 2]),
        6,
        phase,
    )
    .unwrap();
    state_id::encode(&state)
}

#[test]
fn go_answers_legally_from_every_phase() {
    go_answers_legally_on_threads(1);
}

/// With helper threads (three on two cores: more threads than cores too).
#[test]
fn go_answers_legally_from_every_phase_on_several_threads() {
    go_answers_legally_on_threads(2);
    go_answers_legally_on_threads(3);
}

fn go_answers_legally_on_threads(threads: usize) {
    let mut e = Engine::start();
    assert!(e
        .ask(&format!("setoption name Threads value {threads}"))
        .is_empty());
    let setups = [
        "position startpos".to_string(),
        "position startpos moves 4".to_string(),
        "position startpos moves 3 5".to_string(),
        "position startpos moves 3 5 6".to_string(),
        "position startpos moves 3 5 6:24/13 1:24/23,13/7 5 13/8,6/5".to_string(),
        format!("position state {}", blocked(Phase::Pick)),
        format!("position state {}", blocked(Phase::Play)),
        "position state /y4iBAADAAAAAA:Ypick:x1y2:d00:k6".to_string(),
        "position startpos moves 3 5 1:24/23,13/8 2:24/23,13/11".to_string(),
    ];
    for setup in &setups {
        assert!(e.ask(setup).is_empty(), "{setup}");
        for go in [
            "go depth 1",
            "go depth 3",
            "go nodes 300",
            "go movetime 50",
            "go xtime 300 ytime 300 xinc 10 yinc 10",
            "go depth 2 multipv 3",
        ] {
            let lines = e.go(go);
            let token = bestmove(&lines);
            let state = assert_legal(&mut e, &token);
            let phase = state.phase();
            if state.in_opening() {
                assert!(token.bytes().all(|b| b.is_ascii_digit()), "{token}");
            } else if phase == Phase::Pick {
                assert!(token.contains(':'), "{token}");
            } else {
                assert!(!token.contains(':'), "{token}");
            }
            if setup.contains(&blocked(Phase::Play)) {
                assert_eq!(token, "pass");
            }
            if setup.contains(&blocked(Phase::Pick)) {
                assert!(token.ends_with(":pass"), "{token}");
            }
            // Searches leave the game as it was.
            assert_eq!(e.key("stateid"), state_id::encode(&state));
        }
    }
    let lines = e.go("go depth 2 multipv 3");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 2 multipv 3 ")),
        "{lines:?}"
    );
}

#[test]
fn info_lines_have_the_protocol_form() {
    let mut e = Engine::start();
    e.ask("position startpos moves 3 5");
    let lines = e.go("go depth 3");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(infos.len() >= 3, "{lines:?}");
    for (i, l) in infos.iter().enumerate() {
        let words: Vec<&str> = l.split(' ').collect();
        assert_eq!(words[1..3], ["depth", &(i + 1).to_string()], "{l}");
        assert_eq!(words[3..5], ["score", "mp"], "{l}");
        words[5].parse::<i32>().expect("score value");
        let rest = if words[6] == "exact" {
            &words[7..]
        } else {
            &words[6..]
        };
        assert_eq!(rest[0], "nodes", "{l}");
        rest[1].parse::<u64>().expect("nodes");
        assert_eq!(rest[2], "nps", "{l}");
        rest[3].parse::<u64>().expect("nps");
        assert_eq!(rest[4], "time", "{l}");
        rest[5].parse::<u64>().expect("time");
        assert_eq!(rest[6], "pv", "{l}");
        assert!(rest.len() > 7, "{l}: empty pv");
    }
    // The first pv token is the bestmove of the last depth.
    let best = bestmove(&lines);
    assert!(infos.last().unwrap().contains(&format!(" pv {best}")));
}

/// Lines without their `time` and `nps` values, which vary.
fn without_timing(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .map(|l| {
            let mut words: Vec<&str> = l.split(' ').collect();
            for i in 0..words.len().saturating_sub(1) {
                if words[i] == "nps" || words[i] == "time" {
                    words[i + 1] = "_";
                }
            }
            words.join(" ")
        })
        .collect()
}

#[test]
fn fixed_depth_and_seed_are_deterministic() {
    let run = || {
        let mut e = Engine::start();
        e.ask("setoption name Seed value 12345");
        let mut out = Vec::new();
        for setup in [
            "position startpos",
            "position startpos moves 3 5",
            "position startpos moves 3 5 6",
        ] {
            e.ask(setup);
            out.extend(e.go("go depth 3"));
            out.extend(e.go("go nodes 2000"));
        }
        e.ask("setoption name Random value true");
        out.extend(e.go("go"));
        without_timing(out)
    };
    assert_eq!(run(), run());
}

#[test]
fn random_mode_follows_the_seed() {
    let pick = |seed: u32| {
        let mut e = Engine::start();
        e.ask(&format!("setoption name Seed value {seed}"));
        e.ask("setoption name Random value true");
        e.ask("position startpos moves 3 5");
        let token = bestmove(&e.go("go"));
        assert_legal(&mut e, &token);
        token
    };
    let tokens: Vec<String> = (0..8).map(pick).collect();
    assert_eq!(tokens, (0..8).map(pick).collect::<Vec<_>>());
    tokens
        .iter()
        .skip(1)
        .find(|t| **t != tokens[0])
        .expect("seeds give different turns");
}

#[test]
fn go_on_a_finished_game_is_an_error() {
    let mut e = Engine::start();
    e.ask("position state AAAA/l1ECAAAAA:Xpick:x1y4:d00:k6");
    for go in ["go", "go depth 3", "go infinite"] {
        let out = e.ask(go);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(out[0].starts_with("error game-over "), "{out:?}");
    }
    // Finishing a game with `move` makes `go` an error too.
    e.ask("position state /y4iBAADAAAAAA:Ypick:x1y2:d00:k6");
    assert!(e.ask("move 3:1/off(2)").is_empty());
    assert_eq!(e.key("result"), "Y gammon 2");
    let out = e.ask("go depth 1");
    assert!(out[0].starts_with("error game-over "), "{out:?}");
    // The engine goes on normally.
    e.ask("newgame");
    let token = bestmove(&e.go("go depth 1"));
    assert_legal(&mut e, &token);
}
