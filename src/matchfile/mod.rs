//! The match file (`protocol/match-file.md`): the one place where its header
//! and its game lines are built and read. `ncbg-referee` (run, resume, merge,
//! export), `ncbg analyze` and `ncbg-gui` (saving a game, review) all go
//! through it.
//!
//! The file is plain text: a magic line, `meta` lines (the [`Header`]), then
//! one `game` line a finished game ([`GameRecord`]). This module does no
//! I/O: `referee::store` reads and writes files.
//!
//! The header keeps its entries in file order (so unknown keys survive a
//! merge, and a comparison can name the field that differs) and is built
//! from typed settings ([`MatchHeader`] for a referee match,
//! [`Header::single_game`] for a game saved by the GUI); readers ask it for
//! typed values: [`Header::names`], [`Header::variant`],
//! [`Header::numbers`], and [`Header::start_of`] a game ([`start_state`]
//! for a reader that keeps the variant and numbers itself).
//!
//! [`mat`] reads a Jellyfish `.mat` (gnubg's match format, as
//! `referee::mat` writes it) back into [`GameRecord`]s.

mod game;
pub mod mat;

mod scoring;

pub use game::{Crawford, ForfeitReason, GameEnd, GameRecord, MatchGame, Opening, Stakes};
pub use scoring::ScoringRules;

use crate::board::Variant;
use crate::game::GameState;
use crate::ids::state_id;
use crate::numbers::NumberRules;

/// First line of a match file of single games (cubeless, scored 1/2/3).
pub const MAGIC: &str = "# ncbg-referee match file v1";

/// First line of a match file whose header sets other scoring
/// ([`ScoringRules`]: a match length, single scoring, the cube): its game
/// lines carry `game`, `score` and `cube` fields a reader of v1 does not
/// know, so it is refused there rather than misread.
pub const MAGIC_V2: &str = "# ncbg-referee match file v2";

/// Removes tabs, newlines and other control characters.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The header of a match file: what was played, as `meta` lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `key=value` pairs in file order (engine names as `engine0`, `engine1`).
    pub entries: Vec<(String, String)>,
}

/// One engine of a referee match, as its header records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderEngine {
    /// The name (`engine0`, `engine1`).
    pub name: String,
    /// The command line (`cmd0`, `cmd1`).
    pub command: String,
    /// `Name=value,...` as sent, or `-` (`options0`, `options1`).
    pub options: String,
    /// Its search limits (`limits0`, `limits1`).
    pub limits: String,
}

/// Where a referee match's openings came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsSource {
    /// Every initial pair.
    InitialPairs,
    /// An openings file: its path as given, and what identifies its
    /// contents (`openings-hash`, [`crate::referee::schedule::openings_hash`]).
    File {
        /// The path, as given.
        path: String,
        /// The hash of the file's bytes, e.g. `fnv1a64:0123456789abcdef`.
        hash: String,
    },
    /// `n` random openings from `seed`, `turns` random turns each.
    Random {
        /// How many.
        n: usize,
        /// The seed.
        seed: u64,
        /// Random turns after the initial pair.
        turns: u32,
    },
}

/// Everything a referee match's header says, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchHeader {
    /// Engine 0 ("A"), engine 1, and in a tournament the others.
    pub engines: Vec<HeaderEngine>,
    /// A tournament's kind (`round-robin`, `gauntlet`), written only for
    /// more than two engines: a two-engine file stays as it always was.
    pub tournament: Option<String>,
    /// A tournament's rating anchor (`--anchor NAME=ELO`), written after
    /// `tournament` when given, so `merge` reports as the run did.
    pub anchor: Option<String>,
    /// The start position.
    pub variant: Variant,
    /// k and doublet credits.
    pub numbers: NumberRules,
    /// The turn cap.
    pub max_turns: u32,
    /// Threefold repetition is a draw.
    pub repetition: bool,
    /// The openings.
    pub openings: OpeningsSource,
    /// Rounds.
    pub rounds: u64,
    /// Every opening twice, colours swapped; `false` (`--no-repeat`) is
    /// written as `repeat off`, and only then, so that a file of pairs
    /// keeps the header it always had.
    pub repeat: bool,
    /// The `--games` cap, if any.
    pub games: Option<u64>,
    /// Games in the whole schedule, all shards together.
    pub total_games: u64,
    /// This file's shard (`index`, `count`), if any.
    pub shard: Option<(u64, u64)>,
    /// How games are scored (match length, single scoring, the cube);
    /// written only where it is not the default, after `repetition`.
    pub scoring: ScoringRules,
}

impl MatchHeader {
    /// The header lines, in the order the format gives them: each engine
    /// key for every engine in turn (`engine0`, `engine1`, ..., `cmd0`, ...).
    pub fn to_header(&self) -> Header {
        let openings = match &self.openings {
            OpeningsSource::InitialPairs => "initial pairs".to_string(),
            OpeningsSource::File { path, .. } => format!("file {path}"),
            OpeningsSource::Random { n, seed, turns } => {
                format!("random {n} seed {seed} turns {turns}")
            }
        };
        let mut entries: Vec<(String, String)> = Vec::new();
        for key in ["engine", "cmd", "options", "limits"] {
            for (i, e) in self.engines.iter().enumerate() {
                let value = match key {
                    "engine" => &e.name,
                    "cmd" => &e.command,
                    "options" => &e.options,
                    _ => &e.limits,
                };
                entries.push((format!("{key}{i}"), value.clone()));
            }
        }
        if let Some(kind) = &self.tournament {
            entries.push(("tournament".into(), kind.clone()));
            if let Some(anchor) = &self.anchor {
                entries.push(("anchor".into(), anchor.clone()));
            }
        }
        let mut rest = vec![
            ("variant", self.variant.name().to_string()),
            ("k", self.numbers.k.to_string()),
            ("credits", self.numbers.doublet_credits.to_string()),
            ("max-turns", self.max_turns.to_string()),
            (
                "repetition",
                if self.repetition { "on" } else { "off" }.to_string(),
            ),
        ];
        rest.extend(self.scoring.header_entries());
        rest.push(("openings", openings));
        // What identifies an openings file's contents, for `--resume`
        // (written since that check exists; older files lack it).
        if let OpeningsSource::File { hash, .. } = &self.openings {
            rest.push(("openings-hash", hash.clone()));
        }
        rest.push(("rounds", self.rounds.to_string()));
        if !self.repeat {
            rest.push(("repeat", "off".to_string()));
        }
        rest.extend([
            ("games", self.games.map_or("-".into(), |g| g.to_string())),
            ("total-games", self.total_games.to_string()),
            (
                "shard",
                self.shard.map_or("-".into(), |(i, n)| format!("{i}/{n}")),
            ),
        ]);
        entries.extend(rest.into_iter().map(|(k, v)| (k.to_string(), v)));
        Header { entries }
    }
}

impl Header {
    /// The header of one game saved outside a referee match (by `source`,
    /// e.g. `ncbg-gui`): names, rules and the source.
    pub fn single_game(
        names: [&str; 2],
        variant: Variant,
        numbers: NumberRules,
        source: &str,
    ) -> Header {
        let entries = [
            ("engine0", names[0].to_string()),
            ("engine1", names[1].to_string()),
            ("variant", variant.name().to_string()),
            ("k", numbers.k.to_string()),
            ("credits", numbers.doublet_credits.to_string()),
            ("source", source.to_string()),
        ];
        Header {
            entries: entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        }
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `key` where it stands (or adds it at the end).
    pub fn set(&mut self, key: &str, value: &str) {
        match self.entries.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value.to_string(),
            None => self.entries.push((key.to_string(), value.to_string())),
        }
    }

    /// The engine names (engine 0, engine 1), if the header gives both.
    pub fn names(&self) -> Option<[String; 2]> {
        match (self.get("engine0"), self.get("engine1")) {
            (Some(a), Some(b)) => Some([a.to_string(), b.to_string()]),
            _ => None,
        }
    }

    /// Every engine name: `engine0`, `engine1`, ... up to the first one
    /// missing (two for a match, more for a tournament).
    pub fn engine_names(&self) -> Vec<String> {
        (0..)
            .map_while(|i| self.get(&format!("engine{i}")).map(str::to_string))
            .collect()
    }

    /// The start position's variant (standard when the header does not say).
    pub fn variant(&self) -> Result<Variant, String> {
        self.get("variant")
            .map_or(Ok(Variant::Standard), str::parse)
    }

    /// k and doublet credits (6 and 2 when the header does not say; a value
    /// that is not a number counts as not said).
    pub fn numbers(&self) -> Result<NumberRules, String> {
        let get = |key: &str, default: u8| {
            self.get(key)
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        NumberRules::new(get("k", 6), get("credits", 2))
    }

    /// How games are scored ([`ScoringRules::of_header`]).
    pub fn scoring(&self) -> Result<ScoringRules, String> {
        ScoringRules::of_header(self)
    }

    /// Games in the whole schedule (`total-games`), when the header says.
    pub fn total_games(&self) -> Option<u64> {
        self.get("total-games").and_then(|t| t.parse().ok())
    }

    /// The state `game` starts from: the start position of this header's
    /// variant and rules for a `pair:` opening (its tokens begin with the
    /// two picks), the decoded state for a `state:` one.
    pub fn start_of(&self, game: &GameRecord) -> Result<GameState, String> {
        match &game.opening {
            Opening::Pair { .. } => Ok(GameState::start(self.variant()?, self.numbers()?)),
            opening => start_state(opening, Variant::Standard, NumberRules::default()),
        }
    }

    /// The state `game` starts from, set for its stakes: the header's
    /// scoring (the cube, Jacoby, beavers) and, in a match, the game's
    /// score before it; its cube tokens replay from this state.
    pub fn game_start(&self, game: &GameRecord) -> Result<GameState, String> {
        let mut state = self.start_of(game)?;
        self.scoring()?.stake(&mut state, game)?;
        Ok(state)
    }

    /// The header lines, each with its newline: the first line is
    /// [`MAGIC_V2`] where the header sets other scoring, else [`MAGIC`].
    pub fn to_text(&self) -> String {
        let magic = match ScoringRules::header_sets_any(self) {
            true => MAGIC_V2,
            false => MAGIC,
        };
        let mut out = format!("{magic}\n");
        for (k, v) in &self.entries {
            out.push_str(&format!("meta\t{}={}\n", k, clean(v)));
        }
        out
    }
}

/// The state a game with `opening` starts from, under `variant` and
/// `numbers` (what a header says: [`Header::variant`], [`Header::numbers`]).
pub fn start_state(
    opening: &Opening,
    variant: Variant,
    numbers: NumberRules,
) -> Result<GameState, String> {
    match opening {
        Opening::Pair { .. } => Ok(GameState::start(variant, numbers)),
        Opening::State(id) => state_id::decode(id).map_err(|e| e.to_string()),
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
    /// True when `text` starts with a match file's first line (v1 or v2).
    pub fn is_match_file(text: &str) -> bool {
        text.lines()
            .next()
            .is_some_and(|l| [MAGIC, MAGIC_V2].contains(&l.trim_end()))
    }

    /// Reads a match file's text. Only lines ended by a newline count; a game
    /// key ([`GameRecord::key`]: the index, and in a match the game's
    /// number in it) seen twice keeps its first record.
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
                if seen.insert(g.key()) {
                    out.games.push(g);
                }
            } else if line.starts_with("game\t") {
                out.broken_lines += 1;
            }
        }
        out
    }

    /// The whole file's text: the header and the games.
    pub fn to_text(header: &Header, games: &[GameRecord]) -> String {
        let mut text = header.to_text();
        for g in games {
            text.push_str(&g.to_line());
            text.push('\n');
        }
        text
    }
}

#[cfg(test)]
mod tests;
