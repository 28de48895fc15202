//! One finished game as the match file holds it: how it started
//! ([`Opening`]), how it ended ([`GameEnd`], with the [`ForfeitReason`] of a
//! forfeit) and its turn tokens ([`GameRecord`]), written and read as one
//! `game` line (`protocol/match-file.md`).

use super::clean;
use crate::board::WinKind;
use crate::numbers::Side;
use std::fmt;

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// From the start position, with the initial pair (x0, y0) picked by the
    /// referee: the engines are asked from X's first real turn on.
    Pair {
        /// X's turn-0 number.
        x0: u8,
        /// Y's turn-0 number.
        y0: u8,
    },
    /// From a full-state ID (rules.md §6).
    State(String),
}

impl Opening {
    /// The match-file form: `pair:3-5` or `state:<full-state ID>`.
    pub fn to_field(&self) -> String {
        match self {
            Opening::Pair { x0, y0 } => format!("pair:{x0}-{y0}"),
            Opening::State(id) => format!("state:{id}"),
        }
    }

    /// Reads [`Opening::to_field`]'s form.
    pub fn parse_field(text: &str) -> Result<Opening, String> {
        if let Some(rest) = text.strip_prefix("pair:") {
            let (a, b) = rest
                .split_once('-')
                .ok_or_else(|| format!("bad opening '{text}'"))?;
            let x0 = a.parse().map_err(|_| format!("bad opening '{text}'"))?;
            let y0 = b.parse().map_err(|_| format!("bad opening '{text}'"))?;
            return Ok(Opening::Pair { x0, y0 });
        }
        if let Some(id) = text.strip_prefix("state:") {
            return Ok(Opening::State(id.to_string()));
        }
        Err(format!("bad opening '{text}'"))
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_field())
    }
}

/// Why an engine lost by forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForfeitReason {
    /// The process could not be started.
    Spawn,
    /// No `ncbpok` in time.
    Handshake,
    /// No `readyok` in time.
    NotReady,
    /// The process exited or closed its output.
    Crash,
    /// No `bestmove` within the clock or `movetime` plus the margin.
    Timeout,
    /// `bestmove` with a number or play the rules forbid.
    Illegal,
    /// `bestmove` that is not a turn token of the expected form.
    Malformed,
    /// `bestmove` when no `go` was pending (a second answer to one search).
    Unrequested,
}

impl ForfeitReason {
    /// Every reason.
    pub const ALL: [ForfeitReason; 8] = [
        ForfeitReason::Spawn,
        ForfeitReason::Handshake,
        ForfeitReason::NotReady,
        ForfeitReason::Crash,
        ForfeitReason::Timeout,
        ForfeitReason::Illegal,
        ForfeitReason::Malformed,
        ForfeitReason::Unrequested,
    ];

    /// The match-file word.
    pub const fn name(self) -> &'static str {
        match self {
            ForfeitReason::Spawn => "spawn",
            ForfeitReason::Handshake => "handshake",
            ForfeitReason::NotReady => "not-ready",
            ForfeitReason::Crash => "crash",
            ForfeitReason::Timeout => "timeout",
            ForfeitReason::Illegal => "illegal",
            ForfeitReason::Malformed => "malformed",
            ForfeitReason::Unrequested => "unrequested",
        }
    }

    /// Reads [`ForfeitReason::name`].
    pub fn parse(text: &str) -> Option<ForfeitReason> {
        ForfeitReason::ALL.into_iter().find(|r| r.name() == text)
    }
}

impl fmt::Display for ForfeitReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A side bore off every checker.
    Win {
        /// The winner.
        winner: Side,
        /// Single, gammon or backgammon.
        kind: WinKind,
    },
    /// `loser` forfeited; the other side wins one point.
    Forfeit {
        /// The side that forfeited.
        loser: Side,
        /// Why.
        reason: ForfeitReason,
    },
    /// The turn cap was reached: a draw.
    MaxTurns,
    /// A full state occurred for the third time: a draw.
    Repetition,
}

impl GameEnd {
    /// The winning side, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameEnd::Win { winner, .. } => Some(winner),
            GameEnd::Forfeit { loser, .. } => Some(loser.other()),
            GameEnd::MaxTurns | GameEnd::Repetition => None,
        }
    }

    /// True for a draw (turn cap or repetition).
    pub fn is_draw(self) -> bool {
        self.winner().is_none()
    }

    /// Points to the winner: 1-3 for a win, 1 for a forfeit, 0 for a draw.
    pub fn points(self) -> u32 {
        match self {
            GameEnd::Win { kind, .. } => kind.points(),
            GameEnd::Forfeit { .. } => 1,
            GameEnd::MaxTurns | GameEnd::Repetition => 0,
        }
    }
}

pub use crate::cube::Crawford;

/// The suffix of the match file's `score` field: `c` (the Crawford game),
/// `p` (post-Crawford) or nothing.
const fn crawford_suffix(c: Crawford) -> &'static str {
    match c {
        Crawford::Before => "",
        Crawford::Game => "c",
        Crawford::After => "p",
    }
}

/// Where a game stands in its match: its number in the match and the score
/// before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchGame {
    /// The game's number in its match, 0-based.
    pub game: u32,
    /// The score before this game: X's points, then Y's.
    pub score: [u32; 2],
    /// The Crawford state of this game.
    pub crawford: Crawford,
}

impl MatchGame {
    /// The `score` field: `<x>-<y>` and `c` (Crawford game) or `p`
    /// (post-Crawford).
    pub fn score_field(&self) -> String {
        format!(
            "{}-{}{}",
            self.score[0],
            self.score[1],
            crawford_suffix(self.crawford)
        )
    }

    /// Reads the `game` and `score` fields.
    pub fn parse_fields(game: &str, score: &str) -> Option<MatchGame> {
        let (score, crawford) = match score.as_bytes().last()? {
            b'c' => (&score[..score.len() - 1], Crawford::Game),
            b'p' => (&score[..score.len() - 1], Crawford::After),
            _ => (score, Crawford::Before),
        };
        let (x, y) = score.split_once('-')?;
        Some(MatchGame {
            game: game.parse().ok()?,
            score: [x.parse().ok()?, y.parse().ok()?],
            crawford,
        })
    }
}

/// What a game was played for, beyond how it ended: its place in a match,
/// the cube's final value, and the points the winner scored when they are
/// not the kind's (`Scoring single`, the cube, the Jacoby rule). The
/// default is a game of today's kind: no match, no cube, 1/2/3 points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stakes {
    /// The game's place in its match, in a match.
    pub in_match: Option<MatchGame>,
    /// The cube's value when the game ended (1: never turned).
    pub cube: u32,
    /// The points the winner scored, where they differ from the kind's
    /// ([`GameEnd::points`]).
    pub points: Option<u32>,
    /// The game ended by a dropped double (its end is a single win for the
    /// doubler; `cube` is the value before the double).
    pub dropped: bool,
}

impl Default for Stakes {
    fn default() -> Stakes {
        Stakes {
            in_match: None,
            cube: 1,
            points: None,
            dropped: false,
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Schedule index.
    pub index: u64,
    /// Game pair.
    pub pair: u64,
    /// Round.
    pub round: u64,
    /// The opening.
    pub opening: Opening,
    /// Engine playing X.
    pub x_name: String,
    /// Engine playing Y.
    pub y_name: String,
    /// How it ended.
    pub end: GameEnd,
    /// Free text on the end (the offending answer of a forfeit); no tabs or
    /// newlines.
    pub detail: String,
    /// Every turn token from the opening state: the turn-0 picks (`3`, `5`)
    /// and whole turns (`6:24/13`), canonical; cube actions (`double`,
    /// `take`, `drop`, `beaver`) where they were made.
    pub moves: Vec<String>,
    /// The match, the cube and the points (default: none of them).
    pub stakes: Stakes,
    /// How deep the search behind each of `moves`' tokens went, one entry a
    /// token: the deepest `depth` of the engine's `info` lines before its
    /// `bestmove`, `None` for a token no engine search gave (the referee's
    /// turn-0 picks) or whose engine wrote no depth. Empty when no token
    /// has one (a file or an engine that records none).
    pub depths: Vec<Option<u32>>,
}

impl GameRecord {
    /// The engine name playing `side`.
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::X => &self.x_name,
            Side::Y => &self.y_name,
        }
    }

    /// The points the winner scored: the kind's (1, 2, 3; 1 for a
    /// forfeit), unless the stakes say otherwise; 0 for a draw.
    pub fn points(&self) -> u32 {
        if self.end.is_draw() {
            return 0;
        }
        self.stakes.points.unwrap_or_else(|| self.end.points())
    }

    /// The key of the game in its file: the schedule index and, in a
    /// match, the game's number in its match (0 otherwise).
    pub fn key(&self) -> (u64, u32) {
        (self.index, self.stakes.in_match.map_or(0, |m| m.game))
    }

    /// The match-file line, without its newline.
    pub fn to_line(&self) -> String {
        let (winner, kind, reason) = match self.end {
            GameEnd::Win { winner, kind } => (
                winner.to_string(),
                kind.name(),
                if self.stakes.dropped {
                    "drop"
                } else {
                    "bore-off"
                },
            ),
            GameEnd::Forfeit { loser, reason } => {
                (loser.other().to_string(), "forfeit", reason.name())
            }
            GameEnd::MaxTurns => ("-".to_string(), "draw", "max-turns"),
            GameEnd::Repetition => ("-".to_string(), "draw", "repetition"),
        };
        let in_match = self.stakes.in_match.map_or(String::new(), |m| {
            format!("\tgame={}\tscore={}", m.game, m.score_field())
        });
        let cube = match self.stakes.cube {
            1 => String::new(),
            v => format!("\tcube={v}"),
        };
        format!(
            "game\tindex={}\tpair={}\tround={}{in_match}\topening={}\tx={}\ty={}\twinner={}\tkind={}\tpoints={}{cube}\treason={}\tdetail={}\tmoves={}{}\tend",
            self.index,
            self.pair,
            self.round,
            self.opening,
            self.x_name,
            self.y_name,
            winner,
            kind,
            self.points(),
            reason,
            clean(&self.detail),
            self.moves.join(" "),
            self.depths_field(),
        )
    }

    /// The `depths` field with its tab (`\tdepths=- - 6 7 ...`), empty when
    /// no token has a depth or the depths do not fit the moves.
    fn depths_field(&self) -> String {
        if self.depths.len() != self.moves.len() || self.depths.iter().all(Option::is_none) {
            return String::new();
        }
        let words: Vec<String> = self
            .depths
            .iter()
            .map(|d| d.map_or("-".to_string(), |d| d.to_string()))
            .collect();
        format!("\tdepths={}", words.join(" "))
    }

    /// Reads a `depths` field for `moves` tokens: one word a token, a
    /// depth or `-`; empty (no depths) when it is absent or does not fit,
    /// since the depths only inform an analysis and the game stands
    /// without them.
    fn parse_depths(field: Option<&str>, moves: usize) -> Vec<Option<u32>> {
        let Some(text) = field else {
            return Vec::new();
        };
        let depths: Option<Vec<Option<u32>>> = text
            .split_whitespace()
            .map(|w| match w {
                "-" => Some(None),
                d => d.parse().ok().map(Some),
            })
            .collect();
        depths.filter(|d| d.len() == moves).unwrap_or_default()
    }

    /// Reads a match-file line; `None` for anything else (headers, a cut line).
    pub fn parse_line(line: &str) -> Option<GameRecord> {
        let mut fields = line.split('\t');
        if fields.next()? != "game" {
            return None;
        }
        let mut get = std::collections::HashMap::new();
        let fields: Vec<&str> = fields.collect();
        let (last, fields) = fields.split_last()?;
        if *last != "end" {
            return None;
        }
        for f in fields {
            let (k, v) = f.split_once('=')?;
            get.insert(k, v);
        }
        let field = |k: &str| get.get(k).copied();
        let winner = field("winner")?;
        let kind = field("kind")?;
        let reason = field("reason")?;
        let end = match kind {
            "draw" if reason == "repetition" => GameEnd::Repetition,
            "draw" => GameEnd::MaxTurns,
            "forfeit" => GameEnd::Forfeit {
                loser: Side::from_letter(winner.chars().next()?)?.other(),
                reason: ForfeitReason::parse(reason)?,
            },
            _ => GameEnd::Win {
                winner: Side::from_letter(winner.chars().next()?)?,
                kind: match kind {
                    "single" => WinKind::Single,
                    "gammon" => WinKind::Gammon,
                    "backgammon" => WinKind::Backgammon,
                    _ => return None,
                },
            },
        };
        let dropped = reason == "drop";
        if dropped
            && !matches!(
                end,
                GameEnd::Win {
                    kind: WinKind::Single,
                    ..
                }
            )
        {
            return None;
        }
        let in_match = match (field("game"), field("score")) {
            (None, None) => None,
            (Some(game), Some(score)) => Some(MatchGame::parse_fields(game, score)?),
            _ => return None,
        };
        let cube: u32 = match field("cube") {
            None => 1,
            Some(v) => v.parse().ok().filter(|&v: &u32| v.is_power_of_two())?,
        };
        // The points: none for a draw, else at most a backgammon at the
        // cube's value (a match's or single scoring's may be fewer than the
        // kind's: the header's rules say which).
        let points: u32 = field("points")?.parse().ok()?;
        let fits = match end.is_draw() {
            true => points == 0,
            false => (1..=3u32.saturating_mul(cube)).contains(&points),
        };
        if !fits {
            return None;
        }
        let moves: Vec<String> = field("moves")?
            .split_whitespace()
            .map(str::to_string)
            .collect();
        Some(GameRecord {
            depths: GameRecord::parse_depths(field("depths"), moves.len()),
            index: field("index")?.parse().ok()?,
            pair: field("pair")?.parse().ok()?,
            round: field("round")?.parse().ok()?,
            opening: Opening::parse_field(field("opening")?).ok()?,
            x_name: field("x")?.to_string(),
            y_name: field("y")?.to_string(),
            end,
            detail: field("detail")?.to_string(),
            moves,
            stakes: Stakes {
                in_match,
                cube,
                points: (points != end.points()).then_some(points),
                dropped,
            },
        })
    }
}
