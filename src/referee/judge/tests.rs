//! The judge against scripted engines: forfeits, repetitions, a second
//! answer.

use super::*;
use crate::matchfile::Opening;
use crate::referee::config::SearchLimits;

/// A scripted engine: answers `ncbpok`/`readyok` and plays the given
/// answers in order, then closes.
struct Script {
    answers: Vec<String>,
    pending: Vec<String>,
}

impl EnginePort for Script {
    fn send(&mut self, line: &str) -> Result<(), PortError> {
        match line.split_whitespace().next() {
            Some("ncbp") => self.pending.push("ncbpok".into()),
            Some("isready") => self.pending.push("readyok".into()),
            Some("go") if !self.answers.is_empty() => {
                let a = self.answers.remove(0);
                self.pending.push(format!("info depth 1\nbestmove {a}"));
            }
            _ => {}
        }
        Ok(())
    }

    fn recv(&mut self, _deadline: Instant) -> Result<String, PortError> {
        if self.pending.is_empty() {
            return Err(PortError::Closed);
        }
        let first = self.pending.remove(0);
        match first.split_once('\n') {
            Some((a, b)) => {
                self.pending.insert(0, b.to_string());
                Ok(a.to_string())
            }
            None => Ok(first),
        }
    }
}

/// `r` is a forfeit by `loser` for `reason`.
fn assert_forfeit(r: &GameRecord, loser: Side, reason: ForfeitReason) {
    assert_eq!(r.end, GameEnd::Forfeit { loser, reason }, "{r:?}");
}

/// A scripted engine answering `answers` in order.
fn script(answers: &[&str]) -> Script {
    Script {
        answers: answers.iter().map(|a| a.to_string()).collect(),
        pending: vec![],
    }
}

/// What a game of the tests is played with: by default game 0 from the
/// initial pair 3-5, engine `a` (X) against `b`, the default rules and
/// timeouts (engines never started: the judge only sees their ports).
struct Fixture {
    spec: GameSpec,
    engines: [EngineConfig; 2],
    rules: Rules,
    timeouts: Timeouts,
}

impl Fixture {
    fn new() -> Fixture {
        let engine = |name: &str| EngineConfig {
            name: name.into(),
            command: vec!["x".into()],
            options: vec![],
            limits: SearchLimits::default(),
        };
        Fixture {
            spec: GameSpec {
                index: 0,
                pair: 0,
                round: 0,
                opening: Opening::Pair { x0: 3, y0: 5 },
                x_engine: 0,
            },
            engines: [engine("a"), engine("b")],
            rules: Rules::default(),
            timeouts: Timeouts::default(),
        }
    }

    fn setup(&self) -> GameSetup<'_> {
        GameSetup {
            spec: &self.spec,
            engines: [&self.engines[0], &self.engines[1]],
            rules: &self.rules,
            timeouts: &self.timeouts,
            in_match: None,
        }
    }
}

#[test]
fn scripted_game_forfeits_on_illegal_and_on_exit() {
    let fixture = Fixture::new();
    let setup = fixture.setup();
    let mut ea = script(&["6:24/13"]);
    let mut eb = script(&["5:24/13"]);
    let r = play_game([&mut ea, &mut eb], &setup);
    assert_forfeit(&r, Side::Y, ForfeitReason::Illegal);
    assert_eq!(r.moves, ["3", "5", "6:24/13"]);
    // The referee's picks have no search depth; X's answer, its `info`'s.
    assert_eq!(r.depths, [None, None, Some(1)]);
    // The record replays: a forfeit in a game the rules had not ended.
    assert_eq!(check_record(&r, &fixture.rules), Ok(()));
    let mut bad = r.clone();
    bad.moves.push("5:24/13".into());
    assert!(check_record(&bad, &fixture.rules)
        .unwrap_err()
        .contains("'5:24/13'"));
    bad.moves = vec!["3".into(), "6".into()];
    assert!(check_record(&bad, &fixture.rules)
        .unwrap_err()
        .contains("opening's picks 3 5"));
    let mut ea = script(&["6:24/13"]);
    let mut eb = script(&["1:13/7,8/7"]);
    let r = play_game([&mut ea, &mut eb], &setup);
    assert_forfeit(&r, Side::X, ForfeitReason::Crash);
    assert_eq!(r.x_name, "a");
    assert_eq!(r.moves.len(), 4);
}

/// Both sides on the bar against closed boards: nobody can move, the
/// numbers cycle with period six turns, and the third occurrence of the
/// start state ends the game as a draw (unless repetitions are off).
#[test]
fn a_threefold_repetition_is_a_draw() {
    use crate::game::Phase;
    use crate::numbers::Numbers;
    let side = |bar| {
        let mut points = [0u8; 25];
        for p in points.iter_mut().take(6) {
            *p = 2;
        }
        points[12] = 2;
        points[24] = bar;
        points
    };
    let position = crate::board::Position::from_points(&side(1), &side(1), 15).unwrap();
    let start = GameState::new(
        position,
        Side::X,
        Numbers::from_parts([Some(1), Some(2)], [0, 0]),
        6,
        Phase::Pick,
    )
    .unwrap();
    let opening = Opening::State(state_id::encode(&start));
    let cycle = |tokens: [&str; 3]| Script {
        answers: tokens
            .iter()
            .cycle()
            .take(30)
            .map(|t| t.to_string())
            .collect(),
        pending: vec![],
    };
    for repetition in [true, false] {
        let rules = Rules {
            max_turns: 20,
            repetition,
            ..Rules::default()
        };
        let mut fixture = Fixture {
            rules,
            ..Fixture::new()
        };
        fixture.spec.opening = opening.clone();
        let setup = fixture.setup();
        let mut ex = cycle(["3:pass", "2:pass", "1:pass"]);
        let mut ey = cycle(["1:pass", "3:pass", "2:pass"]);
        let r = play_game([&mut ex, &mut ey], &setup);
        if repetition {
            assert_eq!(r.end, GameEnd::Repetition, "{r:?}");
            assert_eq!(r.moves.len(), 12);
            assert!(r.detail.contains("occurred 3 times"), "{}", r.detail);
            let line = r.to_line();
            assert!(line.contains("\treason=repetition\t"), "{line}");
            assert_eq!(check_record(&r, &rules), Ok(()));
            // One turn fewer: the state has occurred only twice.
            let mut short = r.clone();
            short.moves.pop();
            let why = check_record(&short, &rules).unwrap_err();
            assert!(why.contains("do not end the game"), "{why}");
            // One turn more: the game was over before it.
            let mut long = r.clone();
            long.moves.push("3:pass".into());
            let why = check_record(&long, &rules).unwrap_err();
            assert!(
                why.contains("a draw by repetition before its move 13"),
                "{why}"
            );
            // The same moves under rules without repetitions.
            let off = Rules {
                repetition: false,
                ..rules
            };
            assert!(check_record(&r, &off).is_err());
            assert_eq!(GameRecord::parse_line(&line), Some(r));
        } else {
            assert_eq!(r.end, GameEnd::MaxTurns, "{r:?}");
            assert_eq!(r.moves.len(), 20);
            assert_eq!(check_record(&r, &rules), Ok(()));
            let mut wrong = r.clone();
            wrong.end = GameEnd::Repetition;
            let why = check_record(&wrong, &rules).unwrap_err();
            assert!(
                why.contains("end in a draw at the turn cap, the record says a draw by repetition"),
                "{why}"
            );
        }
    }
}

/// An engine that answers its first search twice: the second answer is
/// not taken for the next search's; the engine forfeits for it.
#[test]
fn a_second_bestmove_is_an_unrequested_answer() {
    struct Twice {
        inner: Script,
        doubled: bool,
    }
    impl EnginePort for Twice {
        fn send(&mut self, line: &str) -> Result<(), PortError> {
            let go = line.starts_with("go");
            self.inner.send(line)?;
            if go && !self.doubled {
                self.doubled = true;
                self.inner.pending.push("bestmove 2:24/22,13/8".into());
            }
            Ok(())
        }
        fn recv(&mut self, deadline: Instant) -> Result<String, PortError> {
            self.inner.recv(deadline)
        }
    }
    let fixture = Fixture::new();
    let setup = fixture.setup();
    let mut ex = Twice {
        inner: script(&["6:24/13", "1:13/12,6/5"]),
        doubled: false,
    };
    let mut ey = script(&["1:13/7,8/7", "2:13/11,6/5"]);
    let r = play_game([&mut ex, &mut ey], &setup);
    assert_forfeit(&r, Side::X, ForfeitReason::Unrequested);
    assert_eq!(r.moves, ["3", "5", "6:24/13", "1:13/7,8/7"]);
    assert!(r.detail.contains("no go pending"), "{}", r.detail);
    let line = r.to_line();
    assert!(line.contains("\treason=unrequested\t"), "{line}");
}

/// Each answer's depth is the deepest `depth` of the engine's `info`
/// lines before its `bestmove` (not an `info string`'s); an engine that
/// writes none leaves the record without depths.
#[test]
fn the_record_keeps_each_answers_search_depth() {
    struct Deep {
        inner: Script,
        lines: &'static str,
    }
    impl EnginePort for Deep {
        fn send(&mut self, line: &str) -> Result<(), PortError> {
            let before = self.inner.pending.len();
            self.inner.send(line)?;
            if line.starts_with("go") && self.inner.pending.len() > before {
                let answer = self.inner.pending.pop().expect("pushed");
                let bestmove = answer.rsplit('\n').next().expect("a line").to_string();
                self.inner.pending.push(format!("{}{bestmove}", self.lines));
            }
            Ok(())
        }
        fn recv(&mut self, deadline: Instant) -> Result<String, PortError> {
            self.inner.recv(deadline)
        }
    }
    let fixture = Fixture::new();
    let setup = fixture.setup();
    let mut ex = Deep {
        inner: script(&["6:24/13"]),
        lines: "info depth 4 score mp 10\ninfo depth 6 score mp 20\ninfo depth 5 score mp 5\ninfo string depth 9\n",
    };
    let mut ey = Deep {
        inner: script(&["1:13/7,8/7"]),
        lines: "",
    };
    let r = play_game([&mut ex, &mut ey], &setup);
    assert_forfeit(&r, Side::X, ForfeitReason::Crash);
    assert_eq!(r.moves, ["3", "5", "6:24/13", "1:13/7,8/7"]);
    assert_eq!(r.depths, [None, None, Some(6), None]);
    let line = r.to_line();
    assert!(line.contains("\tdepths=- - 6 -\tend"), "{line}");
    assert_eq!(GameRecord::parse_line(&line), Some(r));
    // Neither engine says a depth: no `depths` field.
    let mut ex = Deep {
        inner: script(&["6:24/13"]),
        lines: "",
    };
    let mut ey = Deep {
        inner: script(&["1:13/7,8/7"]),
        lines: "",
    };
    let r = play_game([&mut ex, &mut ey], &setup);
    assert!(r.depths.is_empty());
    assert!(!r.to_line().contains("depths="));
}

/// `tc=3/1+0.1`: three answers a session; `movestogo` counts them down for
/// the side to move, and the base time comes back after the third.
#[test]
fn moves_per_session_clocks_refill() {
    use super::port::{go_command, GameClock};
    use crate::referee::config::TimeControl;
    use std::time::Duration;
    let ms = Duration::from_millis;
    let tc = TimeControl::parse("3/1+0.1").unwrap();
    let limits = SearchLimits {
        clock: Some(tc),
        ..SearchLimits::default()
    };
    let mut x = GameClock::new(tc);
    let y = GameClock::new(TimeControl::parse("2+0").unwrap());
    assert_eq!(
        go_command(&limits, [Some(x), Some(y)], Side::X),
        "go xtime 1000 ytime 2000 xinc 100 yinc 0 movestogo 3"
    );
    // Y's clock has no sessions: no movestogo on its turn.
    assert_eq!(
        go_command(&limits, [Some(x), Some(y)], Side::Y),
        "go xtime 1000 ytime 2000 xinc 100 yinc 0"
    );
    x.answered(ms(300));
    assert_eq!((x.left, x.to_go), (ms(800), Some(2)));
    x.answered(ms(300));
    assert_eq!((x.left, x.to_go), (ms(600), Some(1)));
    x.answered(ms(500));
    // 600 - 500 + 100, then the session's 1000 again.
    assert_eq!((x.left, x.to_go), (ms(1200), Some(3)));
    assert!(go_command(&limits, [Some(x), None], Side::X).ends_with("xinc 100 movestogo 3"));
}

/// An engine that answers `go` with `reply` and then, while the judge waits,
/// with `info` lines for ever if `flood` (silence otherwise): it never sends
/// a `bestmove`, and its port never times out by itself while flooding.
struct NoAnswer {
    inner: Script,
    reply: &'static str,
    flood: bool,
    searching: bool,
}

impl NoAnswer {
    fn new(reply: &'static str, flood: bool) -> NoAnswer {
        NoAnswer {
            inner: script(&[]),
            reply,
            flood,
            searching: false,
        }
    }
}

impl EnginePort for NoAnswer {
    fn send(&mut self, line: &str) -> Result<(), PortError> {
        if line.starts_with("go") {
            self.searching = true;
            self.inner.pending.push(self.reply.into());
            return Ok(());
        }
        self.inner.send(line)
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, PortError> {
        if !self.inner.pending.is_empty() || !self.searching {
            return self.inner.recv(deadline);
        }
        if !self.flood {
            return Err(PortError::Timeout);
        }
        assert!(
            Instant::now() < deadline + std::time::Duration::from_secs(10),
            "the judge kept reading past its deadline"
        );
        Ok("info depth 1 nodes 1".into())
    }
}

/// A game between a conformant `Script` (X, engine 0) and `y` (Y), with
/// `timeouts`.
fn against(y: &mut dyn EnginePort, timeouts: Timeouts) -> GameRecord {
    let fixture = Fixture {
        timeouts,
        ..Fixture::new()
    };
    let mut x = script(&["6:24/13"]);
    play_game([&mut x, y], &fixture.setup())
}

/// `info` lines without end do not keep the judge past its deadline.
#[test]
fn an_engine_flooding_info_lines_times_out() {
    let mut y = NoAnswer::new("info depth 1", true);
    let timeouts = Timeouts {
        unlimited: std::time::Duration::from_millis(200),
        ..Timeouts::default()
    };
    let r = against(&mut y, timeouts);
    assert_forfeit(&r, Side::Y, ForfeitReason::Timeout);
    assert!(r.detail.starts_with("no bestmove after"), "{}", r.detail);
}

/// An `error` line in reply to the turn's `position` and `go` (the engine
/// will not answer, NCBP says) is a `malformed` answer at once, with the
/// line, not a timeout when the answer's time is up.
#[test]
fn an_error_line_instead_of_a_bestmove_forfeits_at_once() {
    let mut y = NoAnswer::new("error bad-id position: cannot read it", false);
    let r = against(&mut y, Timeouts::default());
    assert_forfeit(&r, Side::Y, ForfeitReason::Malformed);
    assert_eq!(
        r.detail,
        "'error bad-id position: cannot read it' instead of a bestmove"
    );
    assert_eq!(r.moves, ["3", "5", "6:24/13"]);
}

/// An answer of 60,000 characters is quoted cut short: a forfeit's detail
/// stays a line of a few hundred bytes whatever the engine writes.
#[test]
fn a_long_answer_is_quoted_cut_short() {
    let q = "Q".repeat(60_000);
    let mut y = script(&[&q]);
    let r = against(&mut y, Timeouts::default());
    assert_forfeit(&r, Side::Y, ForfeitReason::Malformed);
    let quote = format!("'{}...'", &q[..QUOTED]);
    assert!(r.detail.starts_with(&format!("{quote}: ")), "{}", r.detail);
    assert!(r.detail.len() < 3 * QUOTED + 40, "{}", r.detail);
    // Any detail is cut to MAX_DETAIL characters.
    let fixture = Fixture::new();
    let setup = fixture.setup();
    let long = "é".repeat(MAX_DETAIL + 1);
    let detail = setup.record(GameEnd::MaxTurns, long, vec![]).detail;
    assert_eq!(detail, format!("{}...", "é".repeat(MAX_DETAIL)));
    let short = "é".repeat(MAX_DETAIL);
    assert_eq!(
        setup
            .record(GameEnd::MaxTurns, short.clone(), vec![])
            .detail,
        short
    );
}

/// A `bestmove` read after `newgame` (a second answer to the last search
/// of the engine's previous game) is an unrequested answer: the engine
/// forfeits the new game before its first turn.
#[test]
fn a_bestmove_after_newgame_is_an_unrequested_answer() {
    struct Stray(Script);
    impl EnginePort for Stray {
        fn send(&mut self, line: &str) -> Result<(), PortError> {
            if line == "newgame" {
                self.0.pending.push("bestmove 6:24/13".into());
            }
            self.0.send(line)
        }
        fn recv(&mut self, deadline: Instant) -> Result<String, PortError> {
            self.0.recv(deadline)
        }
    }
    let fixture = Fixture::new();
    let mut x = script(&["6:24/13"]);
    let mut y = Stray(script(&["1:13/7,8/7"]));
    let r = play_game([&mut x, &mut y], &fixture.setup());
    assert_forfeit(&r, Side::Y, ForfeitReason::Unrequested);
    assert_eq!(r.moves, ["3", "5"]);
    assert_eq!(r.detail, "'bestmove 6:24/13' with no go pending");
}
