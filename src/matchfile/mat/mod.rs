//! Reading a Jellyfish `.mat` (gnubg notation, as `ncbg-referee` and
//! `ncbg-gui` export it) back into games: `ncbg analyze` and the GUI's
//! review read it here. (The writer is `referee::mat`.) This module does no
//! I/O.
//!
//! A `.mat` keeps each turn's dice and play but not the picks: the turn's
//! pair is (the mover's pick, the opponent's current number), so once the
//! initial pair is known every pick follows from the dice. The initial
//! pair is not written either: Y's initial number is half of X's first
//! pair and X's never shows again, so the first opening whose replay
//! accepts every turn is taken. The side that moves first is X. A game the
//! rules do not replay (a dice game, a doublet beyond the credits) is an
//! error naming its turn. Cube actions (` Doubles => 2`, ` Takes`, ` Drops`,
//! ` Beavers => 4`) become cube tokens; an `N point match`'s games carry
//! the score their score lines give (`GameRecord::stakes`).

use super::{Crawford, ForfeitReason, GameEnd, GameRecord, MatchGame, Opening, ScoringRules};
use crate::board::Variant;
use crate::cube::{CubeAction, MatchScore, Terms};
use crate::game::GameState;
use crate::notation::format_play_token;
use crate::numbers::{NumberRules, Side};

/// One written turn: the player (0 left column, 1 right), dice and play;
/// or a cube action (` Doubles => 2`, ` Takes`, ` Drops`, ` Beavers => 4`).
#[derive(Clone, Debug)]
struct Entry {
    player: usize,
    dice: (u8, u8),
    play: String,
    cube: Option<CubeAction>,
}

/// One game as written.
#[derive(Default)]
struct Written {
    names: [String; 2],
    /// The score before the game (left player, right player), as written.
    score: Option<[u32; 2]>,
    entries: Vec<Entry>,
    /// The player credited with the win, and the points.
    wins: Option<(usize, u32)>,
}

/// The words of the cube actions in a `.mat`.
const CUBE_WORDS: [(&str, CubeAction); 4] = [
    ("Doubles", CubeAction::Double),
    ("Takes", CubeAction::Take),
    ("Drops", CubeAction::Drop),
    ("Beavers", CubeAction::Beaver),
];

/// Column where the right player's text starts in the written layout
/// (`NNN) ` and a 28-wide left column); text before it is the left one's.
const RIGHT: usize = 20;

/// The turns of one line after `NNN)`: each starts with the dice (`65:`).
/// A play has no `:`, so the two digits before each `:` are dice, also
/// where a long left play runs into the right one's dice with no space (as
/// `ncbg-referee export-mat` wrote plays of 28 characters or more before
/// it kept a space there).
fn entries(line: &str) -> Vec<Entry> {
    let b = line.as_bytes();
    let mut starts: Vec<(usize, Option<CubeAction>)> = (0..b.len().saturating_sub(2))
        .filter(|&i| b[i].is_ascii_digit() && b[i + 1].is_ascii_digit() && b[i + 2] == b':')
        .map(|i| (i, None))
        .collect();
    for (word, action) in CUBE_WORDS {
        starts.extend(line.match_indices(word).map(|(i, _)| (i, Some(action))));
    }
    starts.sort_unstable_by_key(|s| s.0);
    starts
        .iter()
        .enumerate()
        .map(|(j, &(s, cube))| {
            let player = usize::from(s >= RIGHT);
            if cube.is_some() {
                return Entry {
                    player,
                    dice: (0, 0),
                    play: String::new(),
                    cube,
                };
            }
            let end = starts.get(j + 1).map_or(b.len(), |n| n.0);
            Entry {
                player,
                dice: (b[s] - b'0', b[s + 1] - b'0'),
                play: line[s + 3..end].trim().to_string(),
                cube: None,
            }
        })
        .collect()
}

/// Whether `text` looks like a Jellyfish match: a `N point match` line
/// or a `Game N` line before any numbered turn. A text that does not is
/// no `.mat` (so callers can tell it from other inputs); one that does
/// may still fail to [`read`].
pub fn is_mat(text: &str) -> bool {
    let numbered = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
            continue;
        }
        if let Some(n) = t.strip_suffix("point match") {
            return numbered(n.trim());
        }
        if let Some(n) = t.strip_prefix("Game ") {
            return numbered(n.trim());
        }
        return false;
    }
    false
}

fn parse_games(text: &str) -> Result<Vec<Written>, String> {
    let mut games: Vec<Written> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("Game ") {
            games.push(Written::default());
            continue;
        }
        let Some(g) = games.last_mut() else {
            continue;
        };
        if let Some(p) = line.find("Wins ") {
            let pts = line[p + 5..]
                .split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(1);
            g.wins = Some((usize::from(p >= RIGHT), pts));
        } else if let Some((num, rest)) = line.split_once(')') {
            if num.trim().parse::<u32>().is_ok() {
                let col = num.len() + 1;
                let padded = format!("{}{rest}", " ".repeat(col));
                g.entries.extend(entries(&padded));
            }
        } else if g.entries.is_empty() && t.contains(" : ") {
            // " name1 : score    name2 : score"
            let parts: Vec<&str> = t.split(" : ").collect();
            if parts.len() == 3 {
                let second = parts[1].split_whitespace().skip(1).collect::<Vec<_>>();
                g.names = [parts[0].trim().to_string(), second.join(" ")];
                let first = parts[1]
                    .split_whitespace()
                    .next()
                    .and_then(|n| n.parse().ok());
                let last = parts[2]
                    .split_whitespace()
                    .next()
                    .and_then(|n| n.parse().ok());
                g.score = first.zip(last).map(|(a, b)| [a, b]);
            }
        }
    }
    if games.is_empty() {
        return Err("no game in this .mat".into());
    }
    Ok(games)
}

/// Replays `w` from the initial pair (x0, y0): the turn tokens and the
/// end state, or the turn (1-based) that does not replay and why.
fn replay(
    w: &Written,
    rules: NumberRules,
    stakes: &Played,
    x0: u8,
    y0: u8,
) -> Result<(Vec<String>, GameState), (usize, String)> {
    let mut s = GameState::start(Variant::Standard, rules);
    s.set_terms(stakes.terms);
    s.set_match(stakes.score);
    s.pick(x0).map_err(|e| (0, e.to_string()))?;
    s.pick(y0).map_err(|e| (0, e.to_string()))?;
    let mut tokens = vec![x0.to_string(), y0.to_string()];
    for (i, e) in w.entries.iter().enumerate() {
        if let Some(action) = e.cube {
            s.cube_action(action)
                .map_err(|err| (i + 1, err.to_string()))?;
            tokens.push(action.token().to_string());
            continue;
        }
        let (a, b) = e.dice;
        let dice = (a.max(b), a.min(b));
        let n = [a, b]
            .into_iter()
            .find(|&n| s.pair_for(n).is_some_and(|p| (p.hi(), p.lo()) == dice))
            .ok_or_else(|| (i + 1, format!("{a}{b} is not a pair of this game")))?;
        let mut next = s;
        next.pick(n).map_err(|e| (i + 1, e.to_string()))?;
        let text = if e.play.is_empty() { "pass" } else { &e.play };
        let lp = next.parse_play(text).map_err(|e| (i + 1, e.to_string()))?;
        let token = format!("{n}:{}", format_play_token(next.position(), &lp.play));
        next.play(&lp).map_err(|e| (i + 1, e.to_string()))?;
        tokens.push(token);
        s = next;
    }
    Ok((tokens, s))
}

/// The cube and the match a game of a `.mat` is replayed under.
struct Played {
    terms: Terms,
    score: Option<MatchScore>,
}

/// The `N` of a `.mat`'s `N point match` line (0: money, or none).
pub fn match_length(text: &str) -> u16 {
    text.lines()
        .find_map(|l| l.trim().strip_suffix("point match"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

/// How a `.mat`'s games are scored, as [`read`] replays them: its match
/// length, and in money play the cube (with beavers) when a game has a
/// cube action.
pub fn scoring(text: &str) -> Result<ScoringRules, String> {
    let written = parse_games(text)?;
    let length = match_length(text);
    let any_cube = written
        .iter()
        .any(|w| w.entries.iter().any(|e| e.cube.is_some()));
    Ok(ScoringRules {
        match_length: u32::from(length),
        terms: Terms {
            cube: any_cube && length == 0,
            beavers: any_cube && length == 0,
            ..Terms::default()
        },
    })
}

/// The games of a `.mat`, and the rules they replay under (k 6, enough
/// doublet credits for every game, 2 at least). Cube actions replay with
/// the cube in play (money play: beavers allowed, as a `.mat` does not say);
/// a match's games with the score their score lines give (the Crawford
/// game: the first game at which a player has N - 1).
pub fn read(text: &str) -> Result<(Vec<GameRecord>, NumberRules), String> {
    let written = parse_games(text)?;
    let length = match_length(text);
    let terms = scoring(text)?.terms;
    let mut crawford_seen = false;
    let credits = written
        .iter()
        .flat_map(|w| {
            [0, 1].map(|p| {
                w.entries
                    .iter()
                    .filter(|e| e.player == p && e.cube.is_none() && e.dice.0 == e.dice.1)
                    .count()
            })
        })
        .max()
        .unwrap_or(0)
        .clamp(2, 9) as u8;
    let rules = NumberRules::new(6, credits)?;
    let mut games = Vec::new();
    for (gi, w) in written.iter().enumerate() {
        let first = w
            .entries
            .first()
            .ok_or(format!("game {}: no turns", gi + 1))?;
        // X moves first.
        let x_player = first.player;
        // The match score before the game, X's then Y's.
        let place = match (length, w.score) {
            (1.., Some(score)) => {
                let at_point = score.contains(&(u32::from(length) - 1));
                let crawford = match (at_point, crawford_seen) {
                    (false, _) => Crawford::Before,
                    (true, false) => Crawford::Game,
                    (true, true) => Crawford::After,
                };
                crawford_seen |= at_point;
                Some(MatchGame {
                    game: gi as u32,
                    score: [score[x_player], score[1 - x_player]],
                    crawford,
                })
            }
            _ => None,
        };
        let stakes = Played {
            terms,
            score: match place {
                Some(p) => Some(
                    MatchScore::with_score(length, p.score.map(|v| v as u16), p.crawford)
                        .map_err(|e| format!("game {}: {e}", gi + 1))?,
                ),
                None => None,
            },
        };
        // The error of the opening that replayed furthest.
        let mut why = (0, String::new());
        let found = (1..=6u8)
            .flat_map(|y0| (1..=6u8).map(move |x0| (x0, y0)))
            .filter(|(x0, y0)| x0 != y0)
            .find_map(|(x0, y0)| match replay(w, rules, &stakes, x0, y0) {
                Ok(r) => Some((x0, y0, r)),
                Err(e) => {
                    if e.0 >= why.0 {
                        why = e;
                    }
                    None
                }
            });
        let Some((x0, y0, (moves, end_state))) = found else {
            return Err(format!("game {}: turn {}: {}", gi + 1, why.0, why.1));
        };
        let side_of = |player: usize| if player == x_player { Side::X } else { Side::Y };
        let result = end_state.result();
        let cube = result.map_or(end_state.cube().value(), |r| r.cube);
        let end = match (result, w.wins) {
            (Some(r), _) => GameEnd::Win {
                winner: r.winner,
                kind: r.kind,
            },
            // Written as a resignation: the other side forfeits.
            (None, Some((p, _))) => GameEnd::Forfeit {
                loser: side_of(p).other(),
                reason: ForfeitReason::Illegal,
            },
            (None, None) => return Err(format!("game {}: not finished", gi + 1)),
        };
        let names = &w.names;
        games.push(GameRecord {
            depths: Vec::new(),
            index: gi as u64,
            pair: gi as u64 / 2,
            round: 0,
            opening: Opening::Pair { x0, y0 },
            x_name: names[x_player].clone(),
            y_name: names[1 - x_player].clone(),
            end,
            detail: "read from a .mat: the initial pair is the first that replays".into(),
            moves,
            stakes: crate::matchfile::Stakes {
                in_match: place,
                cube,
                points: w.wins.map(|(_, p)| p).filter(|&p| p != end.points()),
                dropped: result.is_some_and(|r| r.dropped),
            },
        });
    }
    Ok((games, rules))
}

/// The two players' names as the first game's header line gives them
/// (left column, right column); empty when not written.
pub fn player_names(text: &str) -> [String; 2] {
    parse_games(text)
        .ok()
        .and_then(|g| g.into_iter().next())
        .map(|w| w.names)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
