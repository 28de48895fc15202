//! A minimal NCBP engine for testing `ncbg-referee`, with a `--mode` flag:
//!
//! - `random`: a conformant engine playing uniformly random legal turns
//!   (seeded by the `Seed` option and the position, so the same position
//!   always gets the same answer);
//! - `crash`: exits in the middle of a game;
//! - `hang`: stops answering `go`;
//! - `illegal`: answers an illegal turn;
//! - `garbage`: prints junk and a malformed `bestmove`;
//! - `nohandshake`: never sends `ncbpok`;
//! - `slow`: answers too late (sleeps `--delay-ms`, default 1500);
//! - `endless`: writes bytes with no newline, forever;
//! - `twice`: answers every search with two `bestmove` lines.
//!
//! `--think-ms N` makes every answer take N ms (to slow a match down).
//! `--lag-ms N` delays every reply, `readyok` included, by N ms: an engine
//! on a machine so loaded that each of its answers waits for a processor.
//!
//! `--cube` makes it cube-capable: it lists the options `MatchLength`,
//! `Cube`, `Jacoby`, `Beavers` and `Scoring`, reads `position startpos
//! score <x> <y> [crawford|postcrawford] moves ...` and cube tokens, and
//! plays the cube at random: it doubles in one turn of `--double-every N`
//! (default 4) where it may, and answers a double with `take`, `drop` or
//! (where beavers are allowed) `beaver` at random. With `--mode illegal`
//! its misbehaviour is a cube action the rules forbid: `double` where it
//! may not double, `beaver` where it may not beaver. Without `--cube` it
//! lists none of those options (an engine without the cube).
//!
//! Misbehaving modes play normally for their first `--after N` (default 3)
//! `go` commands, then misbehave.
//!
//! `cargo run --example test_engine -- --mode random`

use ncbg::board::Variant;
use ncbg::cube::{CubeAction, MatchScore, Scoring, Terms};
use ncbg::game::{GameState, Phase};
use ncbg::ids::state_id;
use ncbg::numbers::NumberRules;
use ncbg::rng::Rng;
use ncbg::turn::random_turn;
use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Random,
    Crash,
    Hang,
    Illegal,
    Garbage,
    NoHandshake,
    Slow,
    Endless,
    Twice,
}

struct Engine {
    mode: Mode,
    after: u64,
    delay: Duration,
    think: Duration,
    lag: Duration,
    seed: u64,
    variant: Variant,
    rules: NumberRules,
    state: Option<GameState>,
    position_line: String,
    gos: u64,
    /// Cube-capable (`--cube`).
    cube: bool,
    /// Doubles in one of this many turns where it may.
    double_every: u64,
    /// The scoring options set.
    terms: Terms,
    /// `MatchLength` (0: money play).
    match_length: u16,
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// Applies one turn token the way the referee writes them.
fn apply(state: &mut GameState, token: &str) -> Result<(), String> {
    if let Some(action) = CubeAction::from_token(token) {
        return state.cube_action(action).map_err(|e| e.to_string());
    }
    if state.in_opening() {
        let n = token.parse().map_err(|_| "bad pick".to_string())?;
        return state.pick(n).map_err(|e| e.to_string());
    }
    match token.split_once(':') {
        Some((n, play)) => {
            let n = n.parse().map_err(|_| "bad number".to_string())?;
            state
                .make_turn(n, play)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
        None => {
            let lp = state.parse_play(token).map_err(|e| e.to_string())?;
            state.play(&lp).map_err(|e| e.to_string())
        }
    }
}

impl Engine {
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let (mut state, mut rest) = match words.first() {
            Some(&"startpos") => (GameState::start(self.variant, self.rules), &words[1..]),
            Some(&"state") => {
                let id = words.get(1).ok_or("missing id")?;
                (state_id::decode(id).map_err(|e| e.0)?, &words[2..])
            }
            _ => return Err("syntax".into()),
        };
        state.set_terms(self.terms);
        if let Some((&"score", more)) = rest.split_first() {
            if !self.cube || self.match_length == 0 {
                return Err("score outside a match".into());
            }
            let n = |i: usize| -> Result<u16, String> {
                more.get(i)
                    .and_then(|w| w.parse().ok())
                    .ok_or_else(|| "bad score".to_string())
            };
            let score = [n(0)?, n(1)?];
            rest = &more[2..];
            let crawford = match rest.first() {
                Some(&"crawford") => ncbg::cube::Crawford::Game,
                Some(&"postcrawford") => ncbg::cube::Crawford::After,
                _ => ncbg::cube::Crawford::Before,
            };
            if crawford != ncbg::cube::Crawford::Before {
                rest = &rest[1..];
            }
            state.set_match(Some(MatchScore::with_score(
                self.match_length,
                score,
                crawford,
            )?));
        } else if self.match_length > 0 && state.match_score().is_none() {
            state.set_match(Some(MatchScore::new(self.match_length)?));
        }
        if let Some((&"moves", tokens)) = rest.split_first() {
            for t in tokens {
                apply(&mut state, t)?;
            }
        }
        self.state = Some(state);
        self.position_line = words.join(" ");
        Ok(())
    }

    fn go(&mut self, out: &mut impl Write) {
        self.gos += 1;
        let misbehave = self.mode != Mode::Random && self.gos > self.after;
        let Some(state) = self.state else {
            let _ = writeln!(out, "error syntax no position");
            return;
        };
        let mut rng = Rng::new(self.seed ^ fnv(&self.position_line));
        let double = self.cube
            && state.phase() == Phase::Pick
            && state.may_double()
            && rng.index(self.double_every.max(1) as usize) == 0;
        let Some(choice) = random_turn(&state, &mut rng) else {
            let _ = writeln!(out, "error game-over the game is finished");
            return;
        };
        let mut answer = match double {
            true => "double".to_string(),
            false => choice.token(&state),
        };
        std::thread::sleep(self.think + self.lag);
        if misbehave {
            match self.mode {
                Mode::Crash => std::process::exit(3),
                Mode::Hang => return,
                Mode::Illegal if self.cube => {
                    // A cube action the rules forbid here.
                    answer = match state.phase() {
                        Phase::Take if !state.may_beaver() => "beaver".into(),
                        Phase::Take => "double".into(),
                        _ if !state.may_double() => "double".into(),
                        _ => "take".into(),
                    };
                }
                Mode::Illegal => {
                    // The mover's own previous number is never legal.
                    let own = state.numbers().current(state.to_move());
                    answer = match own {
                        Some(n) if !state.in_opening() => format!("{n}:pass"),
                        _ => format!("{}", state.k() + 1),
                    };
                }
                Mode::Garbage => {
                    let _ = writeln!(out, "hello there ☃ {{}}");
                    answer = "@@##!!".into();
                }
                Mode::Slow => std::thread::sleep(self.delay),
                Mode::Endless => {
                    let chunk = [b'x'; 1 << 16];
                    while out.write_all(&chunk).and_then(|_| out.flush()).is_ok() {}
                    std::process::exit(0);
                }
                Mode::Twice => {
                    let _ = writeln!(out, "bestmove {answer}");
                }
                Mode::Random | Mode::NoHandshake => {}
            }
        }
        let _ = writeln!(out, "info depth 1 score mp 0 nodes 1 pv {answer}");
        let _ = writeln!(out, "bestmove {answer}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut engine = Engine {
        mode: Mode::Random,
        after: 3,
        delay: Duration::from_millis(1500),
        think: Duration::ZERO,
        lag: Duration::ZERO,
        seed: 0,
        variant: Variant::Standard,
        rules: NumberRules::default(),
        state: None,
        position_line: String::new(),
        gos: 0,
        cube: false,
        double_every: 4,
        terms: Terms::default(),
        match_length: 0,
    };
    let mut i = 1;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--mode" => {
                engine.mode = match value.as_str() {
                    "random" => Mode::Random,
                    "crash" => Mode::Crash,
                    "hang" => Mode::Hang,
                    "illegal" => Mode::Illegal,
                    "garbage" => Mode::Garbage,
                    "nohandshake" => Mode::NoHandshake,
                    "slow" => Mode::Slow,
                    "endless" => Mode::Endless,
                    "twice" => Mode::Twice,
                    other => {
                        eprintln!("unknown mode {other}");
                        std::process::exit(2)
                    }
                }
            }
            "--think-ms" => engine.think = Duration::from_millis(value.parse().unwrap_or(0)),
            "--lag-ms" => engine.lag = Duration::from_millis(value.parse().unwrap_or(0)),
            "--after" => engine.after = value.parse().unwrap_or(3),
            "--delay-ms" => engine.delay = Duration::from_millis(value.parse().unwrap_or(1500)),
            "--cube" => {
                engine.cube = true;
                i += 1;
                continue;
            }
            "--double-every" => engine.double_every = value.parse().unwrap_or(4),
            other => {
                eprintln!("unknown argument {other}");
                std::process::exit(2)
            }
        }
        i += 2;
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("ncbp") => {
                let _ = writeln!(out, "id name test_engine-{:?}", engine.mode);
                let _ = writeln!(
                    out,
                    "option name Seed type spin default 0 min 0 max 2147483647"
                );
                if engine.cube {
                    for option in [
                        "MatchLength type spin default 0 min 0 max 64",
                        "Cube type check default false",
                        "Jacoby type check default true",
                        "Beavers type check default false",
                        "Scoring type combo default points var points var single",
                    ] {
                        let _ = writeln!(out, "option name {option}");
                    }
                }
                if engine.mode != Mode::NoHandshake {
                    let _ = writeln!(out, "ncbpok");
                }
            }
            Some("isready") => {
                std::thread::sleep(engine.lag);
                let _ = writeln!(out, "readyok");
            }
            Some("setoption") => {
                let name = words.get(2).map(|s| s.to_ascii_lowercase());
                let value = words.get(4).copied().unwrap_or("");
                match name.as_deref() {
                    Some("seed") => engine.seed = value.parse().unwrap_or(0),
                    Some("variant") => engine.variant = value.parse().unwrap_or_default(),
                    Some("alphabet") => engine.rules.k = value.parse().unwrap_or(6),
                    Some("doubletcredits") => {
                        engine.rules.doublet_credits = value.parse().unwrap_or(2)
                    }
                    Some("matchlength") if engine.cube => {
                        engine.match_length = value.parse().unwrap_or(0)
                    }
                    Some("cube") if engine.cube => engine.terms.cube = value == "true",
                    Some("jacoby") if engine.cube => engine.terms.jacoby = value == "true",
                    Some("beavers") if engine.cube => engine.terms.beavers = value == "true",
                    Some("scoring") if engine.cube => {
                        engine.terms.scoring = Scoring::from_name(value).unwrap_or(Scoring::Points)
                    }
                    _ => {
                        let _ =
                            writeln!(out, "error unknown-option {}", words.get(2).unwrap_or(&""));
                    }
                }
            }
            Some("newgame") => engine.state = Some(GameState::start(engine.variant, engine.rules)),
            Some("position") => {
                if let Err(e) = engine.position(&words[1..]) {
                    let _ = writeln!(out, "error syntax {e}");
                }
            }
            Some("go") => engine.go(&mut out),
            Some("quit") => break,
            Some(_) => {
                let _ = writeln!(out, "error unknown-command {}", words[0]);
            }
            None => {}
        }
        let _ = out.flush();
    }
}
