//! Settings of a match: each engine's command, options and search limits, the
//! rules of the games, and the timeouts the judge applies.

use crate::board::{Objective, Variant};
use crate::game::ANTI_TURN_LIMIT_PER_SIDE;
use crate::matchfile::{Header, HeaderEngine, ScoringRules};
use crate::numbers::NumberRules;
use std::time::Duration;

mod command;

pub use command::{quote_command, split_command};

/// A chess-style clock: `base` for the game (or for each session of
/// `moves` answers) plus `increment` per answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time for the whole game, or for each session of `moves` answers.
    pub base: Duration,
    /// Time added after each answer.
    pub increment: Duration,
    /// Answers per session: after each `moves` answers of an engine, `base`
    /// is added to its clock again (what it has left carries over), as
    /// cutechess's `moves/time+inc`. `None`: `base` is for the whole game.
    pub moves: Option<u32>,
}

impl TimeControl {
    /// Reads `[moves/]base[+inc]`, times in seconds (`10+0.1`, `60`,
    /// `40/60+0.6`: 40 answers in 60 s, 0.6 s added to each).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => {
                let m: u32 = m.trim().parse().ok().filter(|&m| m > 0).ok_or_else(|| {
                    format!("tc={text}: '{m}' is not a number of moves (1 or more)")
                })?;
                (Some(m), r)
            }
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, i),
            None => (rest, "0"),
        };
        let secs = |t: &str| seconds(t).map_err(|e| format!("tc={text}: {e}"));
        Ok(TimeControl {
            base: secs(base)?,
            increment: secs(inc)?,
            moves,
        })
    }

    /// As the match file's header writes it: `10000+100ms`, or
    /// `40/60000+600ms` with moves per session.
    pub fn text(&self) -> String {
        let session = self.moves.map(|m| format!("{m}/")).unwrap_or_default();
        format!(
            "{session}{}+{}ms",
            self.base.as_millis(),
            self.increment.as_millis()
        )
    }
}

fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(0.0..1e9).contains(&s) {
        return Err(format!("'{text}' seconds is out of range"));
    }
    Ok(Duration::from_secs_f64(s))
}

/// What the referee sends with `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Game clock (`xtime`/`ytime`, `xinc`/`yinc`).
    pub clock: Option<TimeControl>,
    /// Time per answer (`movetime`).
    pub movetime: Option<Duration>,
    /// Turns deep (`depth`).
    pub depth: Option<u32>,
    /// Nodes (`nodes`).
    pub nodes: Option<u64>,
}

/// One engine of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Name in records and reports (no whitespace).
    pub name: String,
    /// Program and arguments.
    pub command: Vec<String>,
    /// `setoption` pairs, sent in order after the handshake.
    pub options: Vec<(String, String)>,
    /// Limits sent with each `go`.
    pub limits: SearchLimits,
}

impl EngineConfig {
    /// The options as written in the match file's header: `Name=value`
    /// separated by commas, in the order they are sent (`-` for none).
    pub fn options_text(&self) -> String {
        if self.options.is_empty() {
            return "-".into();
        }
        let items: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        items.join(",")
    }

    /// The limits as written in the match file's header, e.g.
    /// `tc=10000+100ms movetime=- depth=4 nodes=-`.
    pub fn limits_text(&self) -> String {
        let l = &self.limits;
        let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
        format!(
            "tc={} movetime={} depth={} nodes={}",
            opt(l.clock.map(|c| c.text())),
            opt(l.movetime.map(|t| format!("{}ms", t.as_millis()))),
            opt(l.depth.map(|d| d.to_string())),
            opt(l.nodes.map(|n| n.to_string())),
        )
    }

    /// The engine as its match file's header records it.
    pub fn header_engine(&self) -> HeaderEngine {
        HeaderEngine {
            name: self.name.clone(),
            command: quote_command(&self.command),
            options: self.options_text(),
            limits: self.limits_text(),
        }
    }

    /// Builds an engine from `key=value` settings (`cmd=`, `name=`,
    /// `option.X=`, `tc=`, `movetime=`, `depth=`, `nodes=`): first the shared
    /// `each` settings, then the engine's own, later ones winning.
    ///
    /// An error names the engine: its `name=`, else its program, as in
    /// `engine 'b': tc=abc: 'abc' is not a number of seconds`.
    pub fn from_settings(each: &[String], own: &[String]) -> Result<EngineConfig, String> {
        Self::read_settings(each, own).map_err(|e| {
            let value = |key: &str| {
                each.iter()
                    .chain(own)
                    .rev()
                    .find_map(|s| s.strip_prefix(key).map(str::to_string))
            };
            let label = value("name=").filter(|n| !n.is_empty()).or_else(|| {
                value("cmd=")
                    .and_then(|c| split_command(&c).ok())
                    .and_then(|words| words.into_iter().next())
            });
            match label {
                Some(name) => format!("engine '{name}': {e}"),
                None => format!("an engine: {e}"),
            }
        })
    }

    fn read_settings(each: &[String], own: &[String]) -> Result<EngineConfig, String> {
        let mut cfg = EngineConfig {
            name: String::new(),
            command: Vec::new(),
            options: Vec::new(),
            limits: SearchLimits::default(),
        };
        for setting in each.iter().chain(own) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| format!("engine setting '{setting}' is not key=value"))?;
            match key {
                "cmd" => cfg.command = split_command(value)?,
                "name" => cfg.name = value.to_string(),
                "tc" => cfg.limits.clock = Some(TimeControl::parse(value)?),
                "movetime" => {
                    cfg.limits.movetime = Some(Duration::from_millis(number(key, value)?))
                }
                "depth" => match number(key, value)? {
                    0 => return Err("depth=0: a search is at least 1 turn deep".into()),
                    d => cfg.limits.depth = Some(d.min(u64::from(u32::MAX)) as u32),
                },
                "nodes" => cfg.limits.nodes = Some(number(key, value)?),
                _ => match key.strip_prefix("option.") {
                    Some(opt) if !opt.is_empty() => {
                        cfg.options.retain(|(o, _)| !o.eq_ignore_ascii_case(opt));
                        cfg.options.push((opt.to_string(), value.to_string()));
                    }
                    _ => return Err(format!("unknown engine setting '{key}'")),
                },
            }
        }
        if cfg.command.is_empty() {
            return Err("an engine needs cmd=<program>".into());
        }
        if cfg.name.is_empty() {
            cfg.name = std::path::Path::new(&cfg.command[0])
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| cfg.command[0].clone());
        }
        if cfg
            .name
            .chars()
            .any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(format!(
                "engine name '{}' must not contain spaces",
                cfg.name
            ));
        }
        Ok(cfg)
    }
}

fn number(key: &str, value: &str) -> Result<u64, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("{key}={value}: not a whole number"))
}

/// The rules every game of the match is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Start position of `startpos`.
    pub variant: Variant,
    /// Alphabet size and doublet credits.
    pub numbers: NumberRules,
    /// Checker-play turns after which a game is a draw (turn 0 not counted).
    pub max_turns: u32,
    /// Adjudicate a game whose full state occurs for the third time as a
    /// draw.
    pub repetition: bool,
    /// How games are scored: money play, a match, single scoring, the cube.
    pub scoring: ScoringRules,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            variant: Variant::Standard,
            numbers: NumberRules::default(),
            max_turns: 1000,
            repetition: true,
            scoring: ScoringRules::default(),
        }
    }
}

impl Rules {
    /// Checker-play turns after which a game is drawn: [`Rules::max_turns`],
    /// and in Anti-Backgammon at most 500 turns a side (`rules.md` §9),
    /// whatever the cap asked for.
    pub fn turn_cap(&self) -> u32 {
        match self.variant.objective() {
            Objective::BearOffFirst => self.max_turns,
            Objective::BearOffLast => self.max_turns.min(2 * ANTI_TURN_LIMIT_PER_SIDE),
        }
    }

    /// The rules a match file's header says its games were played under:
    /// the variant, k and credits (their defaults where it does not say),
    /// `max-turns` (no cap where it does not say, as in a game saved
    /// outside a match), `repetition` (on only where it says `on`) and the
    /// scoring (money play without cube where it says nothing).
    pub fn of_header(header: &Header) -> Result<Rules, String> {
        let max_turns = match header.get("max-turns") {
            None => u32::MAX,
            Some(v) => v
                .parse()
                .map_err(|_| format!("max-turns={v}: not a whole number"))?,
        };
        Ok(Rules {
            variant: header.variant()?,
            numbers: header.numbers()?,
            max_turns,
            repetition: header.get("repetition") == Some("on"),
            scoring: header.scoring()?,
        })
    }
}

/// The margin of `--timeout-margin auto`, before the measured part: the
/// grace the project's own timed matches have used (docs/strength.md).
/// With 100 ms, a 60-game match at `movetime` 100 beside builds on a
/// 2-core machine lost 2 games to single scheduling delays of 100 ms that
/// no round trip before them showed.
pub const AUTO_MARGIN: Duration = Duration::from_millis(300);

/// How long the judge waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For `ncbpok` and for `readyok`.
    pub handshake: Duration,
    /// Grace added to the clock or `movetime` before an answer is late.
    pub margin: Duration,
    /// Whether the grace grows with the machine's load, as measured on
    /// the engine's own answers: see [`Timeouts::grace`]
    /// (`--timeout-margin auto`, the default).
    pub measured: bool,
    /// The wait for an answer when neither a clock nor `movetime` is set.
    pub unlimited: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            margin: AUTO_MARGIN,
            measured: true,
            unlimited: Duration::from_secs(300),
        }
    }
}

/// How many times an engine's slowest `isready` round trip is added to
/// the grace (a late answer waits to be read, to be scheduled after its
/// deadline and to be written: each about a round trip on a busy machine).
pub const ROUND_TRIPS_OF_GRACE: u32 = 3;
/// The most the measured part of the grace adds: an engine that slows its
/// `readyok` on purpose gains no more thinking time than this.
pub const MAX_MEASURED_GRACE: Duration = Duration::from_secs(2);

impl Timeouts {
    /// The grace beyond the clock or `movetime` for an engine whose slowest
    /// `isready` → `readyok` round trip in this game so far (the one just
    /// before this `go` included) was `slowest_ready`: the margin, plus,
    /// when measured, [`ROUND_TRIPS_OF_GRACE`] times that round trip (at
    /// most [`MAX_MEASURED_GRACE`]). On a quiet machine a round trip is
    /// well under a millisecond and the grace is the margin; on a loaded
    /// one every answer, `readyok` included, waits for the processor, and
    /// the grace grows with that wait instead of forfeiting games on time.
    pub fn grace(&self, slowest_ready: Duration) -> Duration {
        if !self.measured {
            return self.margin;
        }
        self.margin + (slowest_ready * ROUND_TRIPS_OF_GRACE).min(MAX_MEASURED_GRACE)
    }

    /// Reads `--timeout-margin`: `auto` ([`AUTO_MARGIN`], measured) or a
    /// whole number of milliseconds (a fixed grace, as before the measured
    /// one).
    pub fn parse_margin(text: &str) -> Result<(Duration, bool), String> {
        if text == "auto" {
            return Ok((AUTO_MARGIN, true));
        }
        text.parse()
            .map(|ms| (Duration::from_millis(ms), false))
            .map_err(|_| {
                format!("--timeout-margin {text}: `auto` or a whole number of milliseconds")
            })
    }
}

/// Everything a match needs besides its schedule.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines (two for a match, more for a tournament); in a match
    /// engine 0 is the one Elo is reported for.
    pub engines: Vec<EngineConfig>,
    /// Game rules.
    pub rules: Rules,
    /// Judge timeouts.
    pub timeouts: Timeouts,
    /// Games played at once (one thread each, with one process per engine it
    /// has needed).
    pub concurrency: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_settings() {
        let each = vec!["tc=10+0.1".to_string(), "option.Hash=32".to_string()];
        let own = vec![
            "cmd=./eng --mode random".to_string(),
            "option.hash=64".to_string(),
            "depth=3".to_string(),
        ];
        let e = EngineConfig::from_settings(&each, &own).unwrap();
        assert_eq!(e.name, "eng");
        assert_eq!(e.command, ["./eng", "--mode", "random"]);
        assert_eq!(e.options, [("hash".to_string(), "64".to_string())]);
        assert_eq!(e.limits.depth, Some(3));
        let tc = e.limits.clock.unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.moves, None);
        assert_eq!(e.limits_text(), "tc=10000+100ms movetime=- depth=3 nodes=-");
        assert!(EngineConfig::from_settings(&[], &["name=x".into()]).is_err());
        assert!(EngineConfig::from_settings(&[], &["cmd=a".into(), "bogus=1".into()]).is_err());
        // The engine refuses `go depth 0`; the referee refuses it before any game.
        let zero = EngineConfig::from_settings(&[], &["cmd=a".into(), "depth=0".into()]);
        assert!(zero.unwrap_err().contains("depth=0"));
        // An error names the engine: its name, else its program.
        let bad_tc = |own: &[&str]| {
            let own: Vec<String> = own.iter().map(|s| s.to_string()).collect();
            EngineConfig::from_settings(&["tc=abc".into()], &own).unwrap_err()
        };
        assert_eq!(
            bad_tc(&["cmd=./eng -x", "name=b"]),
            "engine 'b': tc=abc: 'abc' is not a number of seconds"
        );
        assert!(bad_tc(&["cmd='/my dir/eng' -x"]).starts_with("engine '/my dir/eng': tc=abc"));
        assert!(bad_tc(&[]).starts_with("an engine: tc=abc"));
    }

    #[test]
    fn a_command_is_split_as_a_shell_would() {
        // A path with a space; the header quotes it back.
        let e = EngineConfig::from_settings(&[], &["cmd='/my dir/eng' --fast".into()]).unwrap();
        assert_eq!(e.command, ["/my dir/eng", "--fast"]);
        assert_eq!(e.name, "eng");
        let text = e.header_engine().command;
        assert_eq!(text, "'/my dir/eng' --fast");
        assert_eq!(split_command(&text).unwrap(), e.command);
        assert!(EngineConfig::from_settings(&[], &["cmd='eng".into()]).is_err());
    }

    #[test]
    fn rules_read_from_a_header() {
        let header = |entries: &[(&str, &str)]| Header {
            entries: entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let r = Rules::of_header(&header(&[
            ("variant", "hypergammon"),
            ("k", "3"),
            ("credits", "0"),
            ("max-turns", "200"),
            ("repetition", "on"),
        ]))
        .unwrap();
        assert_eq!(r.variant, Variant::Hypergammon);
        assert_eq!(r.numbers, NumberRules::new(3, 0).unwrap());
        assert_eq!((r.max_turns, r.repetition), (200, true));
        // Anti-Backgammon is drawn at 500 turns a side, whatever the cap.
        let anti = |max_turns| Rules {
            variant: Variant::Anti,
            max_turns,
            ..Rules::default()
        };
        assert_eq!((anti(5000).turn_cap(), anti(300).turn_cap()), (1000, 300));
        assert_eq!(
            Rules {
                max_turns: 5000,
                ..Rules::default()
            }
            .turn_cap(),
            5000
        );
        // A game saved outside a match: no cap, no repetition rule.
        let r = Rules::of_header(&header(&[("k", "6")])).unwrap();
        assert_eq!((r.max_turns, r.repetition), (u32::MAX, false));
        let bad = Rules::of_header(&header(&[("max-turns", "abc")]));
        assert!(bad.unwrap_err().contains("max-turns=abc"));
    }

    #[test]
    fn moves_per_session_time_controls() {
        let tc = TimeControl::parse("40/60+0.6").unwrap();
        assert_eq!(tc.moves, Some(40));
        assert_eq!(tc.base, Duration::from_secs(60));
        assert_eq!(tc.increment, Duration::from_millis(600));
        assert_eq!(tc.text(), "40/60000+600ms");
        let tc = TimeControl::parse("20/5").unwrap();
        assert_eq!(
            (tc.moves, tc.base, tc.increment),
            (Some(20), Duration::from_secs(5), Duration::ZERO)
        );
        for bad in ["0/60", "x/60", "/60", "40/", "40/60+x", "-1/60"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }
}
