//! Bad input never breaks the engine: a few hundred malformed, truncated and
//! random lines, huge lines and non-UTF-8 bytes each get exactly one `error`
//! line, change nothing, and the engine then still answers and plays legally.
//!
//! The library's [`Session`] is the oracle: generated lines that it accepts
//! are dropped, so that every line sent must be rejected.

mod engine_util;

use engine_util::Engine;
use ncbg::engine::{ErrorCode, Reply, Session, Task};
use ncbg::ids::state_id;
use ncbg::rng::Rng;
use ncbg::turn::legal_turns;

/// Valid lines to truncate, mutate and splice.
const SEEDS: [&str; 16] = [
    "position startpos moves 3 5 6:24/13 1:24/23,13/7",
    "position state 4HPwATDgc/ABMA:Xplay:x6y5:d22:k6 moves 24/13",
    "position posid 4HPwATDgc/ABMA side Y numbers 4 2 credits 0 1 phase pick",
    "setoption name Hash value 16",
    "setoption name Variant value nackgammon",
    "setoption name Clear Hash",
    "go depth 2 multipv 2",
    "go xtime 1000 ytime 1000 xinc 10 yinc 10",
    "choose-number 3",
    "move 6:24/18,13/8",
    "move 24/18 13/8",
    "perft 2",
    "bench depth 1",
    "isready",
    "legal",
    "ncbp",
];

const WORDS: [&str; 24] = [
    "position",
    "startpos",
    "moves",
    "state",
    "posid",
    "go",
    "depth",
    "infinite",
    "setoption",
    "name",
    "value",
    "move",
    "choose-number",
    "24/18",
    "13/8",
    "6:",
    "-",
    "pass",
    "x",
    "999999999999999999999",
    "\u{e9}t\u{e9}",
    "\t",
    "*",
    "bar/off",
];

fn random_line(rng: &mut Rng) -> Vec<u8> {
    let seed = SEEDS[rng.index(SEEDS.len())].as_bytes();
    match rng.below(8) {
        // Truncated.
        0 | 1 => seed[..rng.index(seed.len())].to_vec(),
        // A byte changed.
        2 => {
            let mut s = seed.to_vec();
            let i = rng.index(s.len());
            s[i] = b"!#0129:/ xZ"[rng.index(11)];
            s
        }
        // Random words.
        3 | 4 => {
            let n = 1 + rng.index(6);
            let words: Vec<&str> = (0..n).map(|_| WORDS[rng.index(WORDS.len())]).collect();
            words.join(" ").into_bytes()
        }
        // Random printable bytes.
        5 => (0..1 + rng.index(80))
            .map(|_| 0x20 + rng.below(0x5f) as u8)
            .collect(),
        // A seed with junk appended.
        6 => {
            let mut s = seed.to_vec();
            s.extend_from_slice(b" junk");
            s
        }
        // Non-UTF-8 bytes somewhere.
        _ => {
            let mut s = seed.to_vec();
            let i = rng.index(s.len() + 1);
            s.insert(i, [0xff, 0xc3, 0x80, 0xfe][rng.index(4)]);
            s
        }
    }
}

/// What the oracle says about `line`.
enum Verdict {
    /// Rejected with this error line.
    Error(String),
    /// Accepted: the engine must be sent the line too, to stay in step.
    Accepted,
    /// A search (or perft, or bench) was started (its searcher is back
    /// already).
    Search(Task),
}

fn oracle(session: &mut Session, line: &[u8]) -> Verdict {
    let Ok(text) = std::str::from_utf8(line) else {
        return Verdict::Error("error bad-encoding".into());
    };
    let before = *session.game();
    match session.execute_line(text) {
        Reply::Lines(lines) if lines.len() == 1 && lines[0].starts_with("error ") => {
            assert_eq!(*session.game(), before, "an error changes nothing");
            Verdict::Error(lines[0].clone())
        }
        Reply::Search(job) => {
            let task = job.task;
            session.search_finished(job.searcher);
            Verdict::Search(task)
        }
        _ => Verdict::Accepted,
    }
}

#[test]
fn malformed_lines_get_one_error_each() {
    let mut engine = Engine::start();
    let mut session = Session::new();
    let mut rng = Rng::new(2026);
    let mut sent = 0;
    let mut tried = 0;
    let mut codes = std::collections::BTreeSet::new();
    while sent < 400 {
        tried += 1;
        assert!(tried < 20_000, "the generator makes too few bad lines");
        let mut line = random_line(&mut rng);
        line.retain(|&b| b != b'\n' && b != b'\r');
        let verdict = oracle(&mut session, &line);
        line.push(b'\n');
        engine.send_bytes(&line);
        let expected = match verdict {
            Verdict::Error(e) => e,
            Verdict::Accepted => {
                engine.sync();
                continue;
            }
            Verdict::Search(task) => {
                engine.send("stop");
                // Each task's last line: bestmove, perft's line, bench's total.
                let last = |l: &str| match task {
                    Task::Go => l.starts_with("bestmove "),
                    Task::Perft(_) => l.starts_with("perft "),
                    Task::Bench(_) => !l.starts_with("info ") && l.contains(" nodes "),
                };
                let mut out = Vec::new();
                loop {
                    let l = engine.line();
                    let done = last(&l);
                    out.push(l);
                    if done {
                        break;
                    }
                }
                assert!(out[..out.len() - 1].iter().all(|l| l.starts_with("info ")));
                continue;
            }
        };
        let out = engine.sync();
        assert_eq!(
            out.len(),
            1,
            "{:?} gave {out:?}",
            String::from_utf8_lossy(&line)
        );
        if expected == "error bad-encoding" {
            assert!(out[0].starts_with("error bad-encoding "), "{out:?}");
        } else {
            assert_eq!(out[0], expected, "{:?}", String::from_utf8_lossy(&line));
        }
        codes.insert(out[0].split(' ').nth(1).unwrap_or_default().to_string());
        sent += 1;
    }
    println!("{sent} bad lines of {tried}; codes {codes:?}");
    assert!(codes.len() >= 7, "too few kinds of errors: {codes:?}");
    assert_eq!(engine.key("stateid"), state_id::encode(session.game()));
    still_works(&mut engine);
}

#[test]
fn huge_and_binary_lines_get_one_error_each() {
    let mut engine = Engine::start();
    let max = ncbg::engine::input::MAX_LINE;
    let cases: Vec<(Vec<u8>, ErrorCode)> = vec![
        (vec![b'a'; max + 1], ErrorCode::TooLong),
        (vec![b' '; max + 1], ErrorCode::TooLong),
        (vec![b'x'; 4 << 20], ErrorCode::TooLong),
        (vec![0xff; max * 3], ErrorCode::TooLong),
        (
            [b"position startpos moves ".as_slice(), &b"3 5 ".repeat(max)].concat(),
            ErrorCode::TooLong,
        ),
        (vec![b'a'; max], ErrorCode::UnknownCommand),
        (
            [b"move ".as_slice(), &vec![b'9'; max - 5]].concat(),
            ErrorCode::IllegalNumber,
        ),
        (
            // A point no number can hold: no play at all, so a syntax
            // error even in turn 0 (protocol/ncbp.md §6).
            [b"move 1:".as_slice(), &vec![b'9'; max - 7]].concat(),
            ErrorCode::Syntax,
        ),
        (
            [b"position state ".as_slice(), &vec![b'A'; max - 15]].concat(),
            ErrorCode::BadId,
        ),
        (b"\xff\xfe\xfd".to_vec(), ErrorCode::BadEncoding),
        (b"isready \xc3".to_vec(), ErrorCode::BadEncoding),
        (b"\xed\xa0\x80".to_vec(), ErrorCode::BadEncoding),
        (b"\0".to_vec(), ErrorCode::UnknownCommand),
        (b"\0isready".to_vec(), ErrorCode::UnknownCommand),
        (b"isready\x0b".to_vec(), ErrorCode::UnknownCommand),
        (b"is\rready".to_vec(), ErrorCode::UnknownCommand),
        (b"\x1b[2J".to_vec(), ErrorCode::UnknownCommand),
        ("d\u{2003}".as_bytes().to_vec(), ErrorCode::UnknownCommand),
        (
            "\u{feff}isready".as_bytes().to_vec(),
            ErrorCode::UnknownCommand,
        ),
    ];
    for (bytes, code) in cases {
        let mut line = bytes.clone();
        line.push(b'\n');
        engine.send_bytes(&line);
        let out = engine.sync();
        let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(30)]).into_owned();
        assert_eq!(out.len(), 1, "{shown:?}: {out:?}");
        assert!(
            out[0].starts_with(&format!("error {} ", code.as_str())),
            "{shown:?}: {out:?}"
        );
        assert!(
            out[0].len() < 300,
            "the error line echoes too much: {}",
            out[0].len()
        );
        assert!(!out[0].chars().any(char::is_control), "{out:?}");
    }
    // A huge line without any newline at all, then one.
    engine.send_bytes(&vec![b'z'; 1 << 20]);
    engine.send_bytes(b"\nisready\n");
    assert!(engine.line().starts_with("error too-long "));
    assert_eq!(engine.line(), "readyok");
    still_works(&mut engine);
}

/// After bad input the engine answers, plays legally, and quits cleanly.
fn still_works(engine: &mut Engine) {
    assert!(engine.ask("position startpos moves 3 5").is_empty());
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    let token = lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_string();
    let state = state_id::decode(&engine.key("stateid")).unwrap();
    assert!(
        legal_turns(&state).iter().any(|c| c.token(&state) == token),
        "{token}"
    );
    assert!(engine.ask(&format!("move {token}")).is_empty());
    engine.send("quit");
    assert!(engine.wait_exit().success());
}
