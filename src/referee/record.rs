//! Finished games and the match file.
//!
//! The match file (`protocol/match-file.md`) is plain text, one line a
//! finished game, appended and flushed as soon as the game ends, so a killed
//! referee loses nothing it has finished. Fields are tab-separated
//! `key=value`, the last field `end`; readers skip lines they do not understand, which also covers a
//! last line cut short by a kill.

use super::schedule::Opening;
use crate::board::WinKind;
use crate::numbers::Side;
use std::fmt;
use std::io::Write;

/// First line of every match file.
pub const MAGIC: &str = "# ncbg-referee match file v1";

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
    /// and whole turns (`6:24/13`), canonical.
    pub moves: Vec<String>,
}

impl GameRecord {
    /// The engine name playing `side`.
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::X => &self.x_name,
            Side::Y => &self.y_name,
        }
    }

    /// The match-file line, without its newline.
    pub fn to_line(&self) -> String {
        let (winner, kind, reason) = match self.end {
            GameEnd::Win { winner, kind } => (winner.to_string(), kind.name(), "bore-off"),
            GameEnd::Forfeit { loser, reason } => {
                (loser.other().to_string(), "forfeit", reason.name())
            }
            GameEnd::MaxTurns => ("-".to_string(), "draw", "max-turns"),
            GameEnd::Repetition => ("-".to_string(), "draw", "repetition"),
        };
        format!(
            "game\tindex={}\tpair={}\tround={}\topening={}\tx={}\ty={}\twinner={}\tkind={}\tpoints={}\treason={}\tdetail={}\tmoves={}\tend",
            self.index,
            self.pair,
            self.round,
            self.opening,
            self.x_name,
            self.y_name,
            winner,
            kind,
            self.end.points(),
            reason,
            clean(&self.detail),
            self.moves.join(" ")
        )
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
        if field("points")?.parse::<u32>().ok()? != end.points() {
            return None;
        }
        Some(GameRecord {
            index: field("index")?.parse().ok()?,
            pair: field("pair")?.parse().ok()?,
            round: field("round")?.parse().ok()?,
            opening: Opening::parse_field(field("opening")?).ok()?,
            x_name: field("x")?.to_string(),
            y_name: field("y")?.to_string(),
            end,
            detail: field("detail")?.to_string(),
            moves: field("moves")?
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        })
    }
}

/// Removes tabs, newlines and other control characters.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The header of a match file: what was played, as `meta` lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `key=value` pairs in order (engine names as `engine0`, `engine1`).
    pub entries: Vec<(String, String)>,
}

impl Header {
    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The header lines, each with its newline.
    pub fn to_text(&self) -> String {
        let mut out = format!("{MAGIC}\n");
        for (k, v) in &self.entries {
            out.push_str(&format!("meta\t{}={}\n", k, clean(v)));
        }
        out
    }
}

/// The contents of a match file.
#[derive(Clone, Debug, Default)]
pub struct MatchFile {
    /// The `meta` lines.
    pub header: Header,
    /// Finished games, in file order, without repeated indices.
    pub games: Vec<GameRecord>,
    /// Bytes up to the end of the last complete line: a resume cuts the file
    /// there before appending.
    pub complete_len: usize,
    /// `game` lines that are not complete records (no `end`, a field
    /// unreadable): ignored by readers, removed by a resume.
    pub broken_lines: usize,
}

impl MatchFile {
    /// Reads a match file's text. Only lines ended by a newline count; a game
    /// index seen twice keeps its first record.
    pub fn parse(text: &str) -> MatchFile {
        let complete_len = text.rfind('\n').map_or(0, |i| i + 1);
        let mut out = MatchFile {
            complete_len,
            ..MatchFile::default()
        };
        let mut seen = std::collections::HashSet::new();
        for line in text[..complete_len].lines() {
            if let Some(meta) = line.strip_prefix("meta\t") {
                if let Some((k, v)) = meta.split_once('=') {
                    out.header.entries.push((k.to_string(), v.to_string()));
                }
            } else if let Some(g) = GameRecord::parse_line(line) {
                if seen.insert(g.index) {
                    out.games.push(g);
                }
            } else if line.starts_with("game\t") {
                out.broken_lines += 1;
            }
        }
        out
    }
}

/// Appends one record and flushes it to the file at once.
pub fn append<W: Write>(out: &mut W, record: &GameRecord) -> std::io::Result<()> {
    writeln!(out, "{}", record.to_line())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        GameRecord {
            index: 3,
            pair: 1,
            round: 0,
            opening: Opening::Pair { x0: 3, y0: 5 },
            x_name: "a".into(),
            y_name: "b".into(),
            end: GameEnd::Forfeit {
                loser: Side::Y,
                reason: ForfeitReason::Illegal,
            },
            detail: "bestmove\t9:24/1".into(),
            moves: vec!["3".into(), "5".into(), "6:24/13".into()],
        }
    }

    #[test]
    fn line_round_trip_and_truncation() {
        let mut g = sample();
        let line = g.to_line();
        g.detail = "bestmove 9:24/1".into();
        assert_eq!(GameRecord::parse_line(&line), Some(g.clone()));
        let text = format!("{MAGIC}\nmeta\tengine0=a\n{line}\n{}", &line[..20]);
        let f = MatchFile::parse(&text);
        assert_eq!(f.games, vec![g]);
        assert_eq!(f.header.get("engine0"), Some("a"));
        assert_eq!(f.complete_len, text.len() - 20);
        assert!(GameRecord::parse_line(&line[..line.len() - 12]).is_none());
    }
}
