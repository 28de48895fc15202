//! The judge: plays one game between two engines over NCBP and decides it.
//!
//! The judge keeps the authoritative [`GameState`]; engines only propose. Each
//! decision is `position ... moves ...` plus `go ...`, answered by `bestmove
//! <token>`, which is checked against the rules. Any failure to answer
//! correctly loses the game by forfeit with its [`ForfeitReason`]. The judge
//! talks through [`EnginePort`], so it does no process I/O itself and can be
//! tested with scripted engines.

use super::config::{EngineConfig, Rules, SearchLimits, Timeouts};
use super::schedule::GameSpec;
use crate::game::GameState;
use crate::ids::state_id;
use crate::matchfile::Opening;
use crate::matchfile::{ForfeitReason, GameEnd, GameRecord};
use crate::ncbp_client::reply::bestmove_token;
use crate::numbers::Side;
use std::collections::HashMap;
use std::time::{Duration, Instant};

mod answer;
mod session;

pub use crate::ncbp_client::Fault;
pub use crate::ncbp_client::PortError;
pub use answer::apply_answer;
pub use session::{handshake, ready, EnginePort};
use session::{send, wait_for};

/// What the judge needs to play one game.
pub struct GameSetup<'a> {
    /// The scheduled game.
    pub spec: &'a GameSpec,
    /// Both engines, by engine index (not by side).
    pub engines: [&'a EngineConfig; 2],
    /// Rules.
    pub rules: &'a Rules,
    /// Timeouts.
    pub timeouts: &'a Timeouts,
}

impl GameSetup<'_> {
    /// The engine index playing `side`.
    pub fn engine_of(&self, side: Side) -> usize {
        match side {
            Side::X => self.spec.x_engine,
            Side::Y => 1 - self.spec.x_engine,
        }
    }

    /// A record for this game ending with `end` after `moves`.
    pub fn record(&self, end: GameEnd, detail: String, moves: Vec<String>) -> GameRecord {
        GameRecord {
            index: self.spec.index,
            pair: self.spec.pair,
            round: self.spec.round,
            opening: self.spec.opening.clone(),
            x_name: self.engines[self.engine_of(Side::X)].name.clone(),
            y_name: self.engines[self.engine_of(Side::Y)].name.clone(),
            end,
            detail,
            moves,
        }
    }

    /// The record of a game lost before it started by the engine playing
    /// `side`.
    pub fn forfeit_before_start(&self, side: Side, failure: Fault) -> GameRecord {
        self.record(
            GameEnd::Forfeit {
                loser: side,
                reason: failure.reason,
            },
            failure.detail,
            Vec::new(),
        )
    }
}

/// The state a game starts from, the `position` base and the referee's own
/// turn-0 tokens.
fn opening_state(
    opening: &Opening,
    rules: &Rules,
) -> Result<(GameState, String, Vec<String>), String> {
    match opening {
        Opening::Pair { x0, y0 } => {
            let mut state = GameState::start(rules.variant, rules.numbers);
            state.pick(*x0).map_err(|e| e.to_string())?;
            state.pick(*y0).map_err(|e| e.to_string())?;
            Ok((
                state,
                "startpos".into(),
                vec![x0.to_string(), y0.to_string()],
            ))
        }
        Opening::State(id) => {
            let state = state_id::decode(id).map_err(|e| e.0)?;
            Ok((state, format!("state {id}"), Vec::new()))
        }
    }
}

/// The `go` command for the engine with `limits` playing `side`, given the
/// clocks left (by side).
fn go_command(limits: &SearchLimits, clocks: [Option<(Duration, Duration)>; 2]) -> String {
    let mut go = String::from("go");
    for (side, clock) in [("x", clocks[0]), ("y", clocks[1])] {
        if let Some((left, _)) = clock {
            go.push_str(&format!(" {side}time {}", left.as_millis()));
        }
    }
    for (side, clock) in [("x", clocks[0]), ("y", clocks[1])] {
        if let Some((_, inc)) = clock {
            go.push_str(&format!(" {side}inc {}", inc.as_millis()));
        }
    }
    if let Some(t) = limits.movetime {
        go.push_str(&format!(" movetime {}", t.as_millis()));
    }
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    go
}

/// Sends `isready` and reads up to `readyok`; a `bestmove` on the way is a
/// failure (no `go` is pending).
fn ready_without_answers(port: &mut dyn EnginePort, timeouts: &Timeouts) -> Result<(), Fault> {
    send(port, "isready")?;
    let deadline = Instant::now() + timeouts.handshake;
    loop {
        let line = wait_for_any(port, deadline)?;
        match line.split_whitespace().next() {
            Some("readyok") => return Ok(()),
            Some("bestmove") => {
                return Err(Fault::new(
                    ForfeitReason::Unrequested,
                    format!("'{line}' with no go pending"),
                ))
            }
            _ => {}
        }
    }
}

/// The next line, or the failure of waiting for `readyok`.
fn wait_for_any(port: &mut dyn EnginePort, deadline: Instant) -> Result<String, Fault> {
    port.recv(deadline)
        .map_err(|e| Fault::waiting(e, "readyok", ForfeitReason::NotReady, "referee"))
}

/// Occurrences of a full state that end a game as a draw.
pub const REPETITIONS: u32 = 3;

/// Plays one game. `ports` are indexed by engine (0, 1), both already past
/// the handshake. Never panics on engine output; every outcome is a record.
pub fn play_game(ports: [&mut dyn EnginePort; 2], setup: &GameSetup) -> GameRecord {
    let (mut state, base, mut moves) = match opening_state(&setup.spec.opening, setup.rules) {
        Ok(s) => s,
        Err(why) => {
            // A bad opening is the referee's problem, not an engine's: a draw.
            return setup.record(GameEnd::MaxTurns, format!("bad opening: {why}"), Vec::new());
        }
    };
    let forfeit = |side: Side, f: Fault, moves: Vec<String>| {
        setup.record(
            GameEnd::Forfeit {
                loser: side,
                reason: f.reason,
            },
            f.detail,
            moves,
        )
    };
    for side in [Side::X, Side::Y] {
        let port = &mut *ports[setup.engine_of(side)];
        if let Err(f) = send(port, "newgame").and_then(|_| ready(port, setup.timeouts)) {
            return forfeit(side, f, moves);
        }
    }
    let clock_of = |side: Side| {
        setup.engines[setup.engine_of(side)]
            .limits
            .clock
            .map(|tc| (tc.base, tc.increment))
    };
    let mut clocks = [clock_of(Side::X), clock_of(Side::Y)];
    let mut turns = 0u32;
    // How often each full state has occurred at the start of a turn.
    let mut seen: HashMap<GameState, u32> = HashMap::new();
    loop {
        if let Some(result) = state.result() {
            return setup.record(
                GameEnd::Win {
                    winner: result.winner,
                    kind: result.kind,
                },
                String::new(),
                moves,
            );
        }
        if turns >= setup.rules.max_turns {
            return setup.record(GameEnd::MaxTurns, format!("{turns} turns played"), moves);
        }
        if setup.rules.repetition {
            let count = seen.entry(state).or_insert(0);
            *count += 1;
            if *count >= REPETITIONS {
                let detail = format!(
                    "state {} occurred {REPETITIONS} times",
                    state_id::encode(&state)
                );
                return setup.record(GameEnd::Repetition, detail, moves);
            }
        }
        let side = state.to_move();
        let engine = setup.engines[setup.engine_of(side)];
        let port = &mut *ports[setup.engine_of(side)];
        let mut position = format!("position {base}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        // `isready` first: the engine answers it after everything it wrote
        // before, so a `bestmove` read before `readyok` answered no `go` (a
        // second answer to its last search) and is never taken for this one.
        if let Err(f) = ready_without_answers(port, setup.timeouts) {
            return forfeit(side, f, moves);
        }
        let go = go_command(&engine.limits, clocks);
        if let Err(f) = send(port, &position).and_then(|_| send(port, &go)) {
            return forfeit(side, f, moves);
        }
        let start = Instant::now();
        let margin = setup.timeouts.margin;
        let own_clock = clocks[side.index()];
        let mut allowed = match (own_clock, engine.limits.movetime) {
            (Some((left, _)), Some(mt)) => Some(left.min(mt)),
            (Some((left, _)), None) => Some(left),
            (None, Some(mt)) => Some(mt),
            (None, None) => None,
        };
        let deadline = start
            + match allowed {
                Some(t) => t + margin,
                None => setup.timeouts.unlimited,
            };
        let line = match wait_for(port, "bestmove", deadline, ForfeitReason::Timeout) {
            Ok(line) => line,
            Err(mut f) => {
                if f.reason == ForfeitReason::Timeout {
                    f.detail = format!("no bestmove after {} ms", start.elapsed().as_millis());
                }
                return forfeit(side, f, moves);
            }
        };
        let elapsed = start.elapsed();
        if let Some(t) = allowed.take() {
            if elapsed > t + margin {
                let f = Fault::new(
                    ForfeitReason::Timeout,
                    format!(
                        "answered after {} ms, allowed {} ms",
                        elapsed.as_millis(),
                        t.as_millis()
                    ),
                );
                return forfeit(side, f, moves);
            }
        }
        if let Some((left, inc)) = own_clock {
            clocks[side.index()] = Some((left.saturating_sub(elapsed) + inc, inc));
        }
        let Some(Some(token)) = bestmove_token(&line) else {
            let f = Fault::new(ForfeitReason::Malformed, "bestmove without a token");
            return forfeit(side, f, moves);
        };
        let opening = state.in_opening();
        match apply_answer(&mut state, token) {
            Ok(canonical) => moves.push(canonical),
            Err(f) => return forfeit(side, f, moves),
        }
        if !opening {
            turns += 1;
        }
    }
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn scripted_game_forfeits_on_illegal_and_on_exit() {
        let cfg = |name: &str| EngineConfig {
            name: name.into(),
            command: vec!["x".into()],
            options: vec![],
            limits: SearchLimits::default(),
        };
        let (a, b) = (cfg("a"), cfg("b"));
        let rules = Rules::default();
        let timeouts = Timeouts::default();
        let spec = GameSpec {
            index: 0,
            pair: 0,
            round: 0,
            opening: Opening::Pair { x0: 3, y0: 5 },
            x_engine: 0,
        };
        let setup = GameSetup {
            spec: &spec,
            engines: [&a, &b],
            rules: &rules,
            timeouts: &timeouts,
        };
        let mut ea = Script {
            answers: vec!["6:24/13".into()],
            pending: vec![],
        };
        let mut eb = Script {
            answers: vec!["5:24/13".into()],
            pending: vec![],
        };
        let r = play_game([&mut ea, &mut eb], &setup);
        assert_eq!(
            r.end,
            GameEnd::Forfeit {
                loser: Side::Y,
                reason: ForfeitReason::Illegal
            }
        );
        assert_eq!(r.moves, ["3", "5", "6:24/13"]);
        let mut ea = Script {
            answers: vec!["6:24/13".into()],
            pending: vec![],
        };
        let mut eb = Script {
            answers: vec!["1:13/7,8/7".into()],
            pending: vec![],
        };
        let r = play_game([&mut ea, &mut eb], &setup);
        assert_eq!(
            r.end,
            GameEnd::Forfeit {
                loser: Side::X,
                reason: ForfeitReason::Crash
            }
        );
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
        let cfg = |name: &str| EngineConfig {
            name: name.into(),
            command: vec!["x".into()],
            options: vec![],
            limits: SearchLimits::default(),
        };
        let (a, b) = (cfg("a"), cfg("b"));
        let spec = GameSpec {
            index: 0,
            pair: 0,
            round: 0,
            opening: Opening::State(state_id::encode(&start)),
            x_engine: 0,
        };
        let cycle = |tokens: [&str; 3]| Script {
            answers: tokens
                .iter()
                .cycle()
                .take(30)
                .map(|t| t.to_string())
                .collect(),
            pending: vec![],
        };
        let timeouts = Timeouts::default();
        for repetition in [true, false] {
            let rules = Rules {
                max_turns: 20,
                repetition,
                ..Rules::default()
            };
            let setup = GameSetup {
                spec: &spec,
                engines: [&a, &b],
                rules: &rules,
                timeouts: &timeouts,
            };
            let mut ex = cycle(["3:pass", "2:pass", "1:pass"]);
            let mut ey = cycle(["1:pass", "3:pass", "2:pass"]);
            let r = play_game([&mut ex, &mut ey], &setup);
            if repetition {
                assert_eq!(r.end, GameEnd::Repetition, "{r:?}");
                assert_eq!(r.moves.len(), 12);
                assert!(r.detail.contains("occurred 3 times"), "{}", r.detail);
                let line = r.to_line();
                assert!(line.contains("\treason=repetition\t"), "{line}");
                assert_eq!(GameRecord::parse_line(&line), Some(r));
            } else {
                assert_eq!(r.end, GameEnd::MaxTurns, "{r:?}");
                assert_eq!(r.moves.len(), 20);
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
        let cfg = |name: &str| EngineConfig {
            name: name.into(),
            command: vec!["x".into()],
            options: vec![],
            limits: SearchLimits::default(),
        };
        let (a, b) = (cfg("a"), cfg("b"));
        let rules = Rules::default();
        let timeouts = Timeouts::default();
        let spec = GameSpec {
            index: 0,
            pair: 0,
            round: 0,
            opening: Opening::Pair { x0: 3, y0: 5 },
            x_engine: 0,
        };
        let setup = GameSetup {
            spec: &spec,
            engines: [&a, &b],
            rules: &rules,
            timeouts: &timeouts,
        };
        let mut ex = Twice {
            inner: Script {
                answers: vec!["6:24/13".into(), "1:13/12,6/5".into()],
                pending: vec![],
            },
            doubled: false,
        };
        let mut ey = Script {
            answers: vec!["1:13/7,8/7".into(), "2:13/11,6/5".into()],
            pending: vec![],
        };
        let r = play_game([&mut ex, &mut ey], &setup);
        assert_eq!(
            r.end,
            GameEnd::Forfeit {
                loser: Side::X,
                reason: ForfeitReason::Unrequested
            },
            "{r:?}"
        );
        assert_eq!(r.moves, ["3", "5", "6:24/13", "1:13/7,8/7"]);
        assert!(r.detail.contains("no go pending"), "{}", r.detail);
        let line = r.to_line();
        assert!(line.contains("\treason=unrequested\t"), "{line}");
    }
}
