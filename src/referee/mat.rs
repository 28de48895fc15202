//! Jellyfish `.mat` export, the match format GNU Backgammon imports with
//! `import mat FILE`.
//!
//! Mapping of an NC game:
//!
//! - The file is a money session (`0 point match`): NC games have no cube
//!   and no match score. Import with `set jacoby off` first, or gnubg's
//!   Jacoby rule scores every cubeless gammon as a single game. Player 1 (left column) is engine A, player 2 engine
//!   B, in every game; the side that plays X moves first.
//! - Turn 0 (the picks x0, y0) has no checker play and is not written; the
//!   first line of a game is X's first turn.
//! - Each turn's pair is written as the dice (`65:`), higher number first;
//!   the play follows in gnubg notation from the mover's own point numbers.
//!   A turn where no checker can move is the dice with nothing after them.
//! - Wins are `Wins N point(s)`. A forfeit is written as a one-point win
//!   after the last turn played (gnubg reads it as a resignation). A game
//!   drawn by the turn cap has no Jellyfish form and is left out, as are
//!   games without any checker play (a forfeit before the first turn), and
//!   games from full-state openings (gnubg's games start from the standard
//!   position) and games with numbers above 6.
//!
//! A `.mat` file is one match between two players, so a tournament is
//! exported one file per pairing ([`plan_export`]): every pairing that played
//! by default, each to `<OUT without .mat>.<A>-vs-<B>.mat`, or the one
//! pairing `--pair A,B` names to OUT itself.

use super::tournament::{self, Kind};
use crate::board::Variant;
use crate::game::GameState;
use crate::matchfile::Opening;
use crate::matchfile::{GameEnd, GameRecord, Header, MatchFile};
use crate::numbers::{NumberRules, Side};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Why a game is not exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Schedule index.
    pub index: u64,
    /// Why.
    pub why: String,
}

/// One written turn: the dice and the play, or nothing for a turn not yet
/// played.
fn turn_text(dice: (u8, u8), play: &str) -> String {
    let play = if play == "pass" {
        String::new()
    } else {
        play.replace(',', " ")
    };
    format!("{}{}: {}", dice.0, dice.1, play)
        .trim_end()
        .to_string()
}

/// The turns of a game as (side, text), replaying its tokens; `None` when a
/// token does not replay.
fn game_turns(g: &GameRecord, rules: NumberRules) -> Result<Vec<(Side, String)>, String> {
    let Opening::Pair { .. } = g.opening else {
        return Err(FULL_STATE.into());
    };
    let mut state = GameState::start(Variant::Standard, rules);
    let mut out = Vec::new();
    for token in &g.moves {
        if state.in_opening() {
            let n: u8 = token.parse().map_err(|_| format!("bad pick '{token}'"))?;
            state.pick(n).map_err(|e| e.to_string())?;
            continue;
        }
        let (n, play) = token
            .split_once(':')
            .ok_or_else(|| format!("bad turn '{token}'"))?;
        let n: u8 = n.parse().map_err(|_| format!("bad turn '{token}'"))?;
        let side = state.to_move();
        let pair = state.pair_for(n).ok_or("no pair")?;
        if pair.hi() > 6 {
            return Err("numbers above 6 have no dice".into());
        }
        state.make_turn(n, play).map_err(|e| e.to_string())?;
        out.push((side, turn_text((pair.hi(), pair.lo()), play)));
    }
    Ok(out)
}

/// Writes the games between `names[0]` (player 1) and `names[1]` as a
/// Jellyfish match; games that cannot be written are listed.
pub fn export(
    games: &[GameRecord],
    names: [&str; 2],
    rules: NumberRules,
) -> (String, Vec<Skipped>) {
    let mut sorted: Vec<&GameRecord> = games.iter().collect();
    sorted.sort_by_key(|g| g.index);
    let mut out = String::from(" 0 point match\n");
    let mut skipped = Vec::new();
    let mut score = [0u32; 2];
    let mut number = 0;
    for g in sorted {
        let skip = |why: String| Skipped {
            index: g.index,
            why,
        };
        if g.end.is_draw() {
            skipped.push(skip(match g.end {
                GameEnd::Repetition => "drawn by repetition".into(),
                _ => "drawn by the turn cap".into(),
            }));
            continue;
        }
        let player1_side = if g.x_name == names[0] && g.y_name == names[1] {
            Side::X
        } else if g.y_name == names[0] && g.x_name == names[1] {
            Side::Y
        } else {
            skipped.push(skip("other engines".into()));
            continue;
        };
        let turns = match game_turns(g, rules) {
            Ok(t) => t,
            Err(why) => {
                skipped.push(skip(why));
                continue;
            }
        };
        if turns.is_empty() {
            skipped.push(skip("no checker play".into()));
            continue;
        }
        number += 1;
        let _ = writeln!(out, "\n Game {number}");
        let _ = writeln!(
            out,
            " {} : {:<25}{} : {}",
            names[0], score[0], names[1], score[1]
        );
        // Lines of (player 1 text, player 2 text).
        let mut lines: Vec<(String, String)> = Vec::new();
        for (side, text) in turns {
            if side == player1_side {
                lines.push((text, String::new()));
            } else {
                match lines.last_mut() {
                    Some(last) if last.1.is_empty() => last.1 = text,
                    _ => lines.push((String::new(), text)),
                }
            }
        }
        let winner = g.end.winner().expect("draws were skipped");
        let points = g.end.points();
        let win_text = format!("Wins {points} point{}", if points == 1 { "" } else { "s" });
        let winner_is_p1 = winner == player1_side;
        score[if winner_is_p1 { 0 } else { 1 }] += points;
        for (i, (left, right)) in lines.iter().enumerate() {
            // A left play of 28 characters or more keeps a space before the
            // right one's dice, so that the two never run together.
            let gap = if left.len() >= 28 && !right.is_empty() {
                " "
            } else {
                ""
            };
            let _ = writeln!(out, "{:>3}) {:<28}{gap}{}", i + 1, left, right);
        }
        if winner_is_p1 {
            let _ = writeln!(out, "{:>3}  {}", "", win_text);
        } else {
            let _ = writeln!(out, "{:>3}  {:<28}{}", "", "", win_text);
        }
    }
    (out, skipped)
}

/// The pairings of a match file by engine name, in schedule order: its two
/// engines, or a tournament's pairings (round-robin: every two engines;
/// gauntlet: engine 0 with each other), the engine listed first in the
/// lower position.
pub fn pairings_of(header: &Header) -> Result<Vec<[String; 2]>, String> {
    let names = header.engine_names();
    if names.len() < 2 {
        return Err("no engine names in the header".into());
    }
    let kind = match header.get("tournament") {
        Some(k) => k.parse::<Kind>()?,
        None if names.len() == 2 => Kind::RoundRobin,
        None => return Err("more than two engines but no tournament kind".into()),
    };
    Ok(tournament::pairings(kind, names.len())
        .into_iter()
        .map(|[a, b]| [names[a].clone(), names[b].clone()])
        .collect())
}

/// The pairing `--pair NAME1,NAME2` selects, NAME1 as player 1. Engine
/// names may themselves hold commas: the split taken is the one whose two
/// halves are engine names.
pub fn parse_pair(spec: &str, header: &Header) -> Result<[String; 2], String> {
    let names = header.engine_names();
    let listed = names.join(", ");
    let splits: Vec<(&str, &str)> = spec
        .match_indices(',')
        .map(|(i, _)| (&spec[..i], &spec[i + 1..]))
        .collect();
    if splits.is_empty() {
        return Err(format!(
            "--pair '{spec}': expected two engine names, NAME1,NAME2 (engines: {listed})"
        ));
    }
    let known = |n: &str| names.iter().any(|m| m == n);
    let Some(&(a, b)) = splits.iter().find(|(a, b)| known(a) && known(b)) else {
        let what = match splits[..] {
            [(a, b)] => [a, b]
                .into_iter()
                .filter(|n| !known(n))
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(" and "),
            _ => format!("two engine names in '{spec}'"),
        };
        return Err(format!(
            "--pair: no engine named {what} in this file (engines: {listed})"
        ));
    };
    if a == b {
        return Err(format!("--pair names '{a}' twice: give two engines"));
    }
    let meets = pairings_of(header)?
        .iter()
        .any(|[x, y]| (x == a && y == b) || (x == b && y == a));
    if !meets {
        return Err(format!(
            "--pair: {a} and {b} do not meet (in this gauntlet {} plays each other engine)",
            names[0]
        ));
    }
    Ok([a.to_string(), b.to_string()])
}

/// A name as a piece of a file name: ASCII letters, digits and `-_.+=`
/// kept, anything else `_`.
fn file_piece(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.+=".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The file of one pairing of a tournament exported to `out`:
/// `<out without .mat>.<A>-vs-<B>.mat`.
pub fn pairing_path(out: &Path, names: [&str; 2]) -> PathBuf {
    let text = out.as_os_str().to_string_lossy();
    let stem = text.strip_suffix(".mat").unwrap_or(&text);
    PathBuf::from(format!(
        "{stem}.{}-vs-{}.mat",
        file_piece(names[0]),
        file_piece(names[1])
    ))
}

/// One `.mat` file to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Player 1, player 2.
    pub names: [String; 2],
    /// Where.
    pub path: PathBuf,
}

/// What `export-mat` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportPlan {
    /// The files, in schedule order of their pairings.
    pub targets: Vec<Target>,
    /// Pairings of the schedule that have no game in the file (a tournament
    /// cut short, a shard): no file is written for them.
    pub empty: Vec<[String; 2]>,
}

/// The files that exporting `file` to `out` writes: with `pair`, that
/// pairing to `out`; otherwise a two-engine match to `out`, and a
/// tournament one file per pairing with games, named by [`pairing_path`].
pub fn plan_export(file: &MatchFile, out: &Path, pair: Option<&str>) -> Result<ExportPlan, String> {
    let pairings = pairings_of(&file.header)?;
    if let Some(spec) = pair {
        let names = parse_pair(spec, &file.header)?;
        return Ok(ExportPlan {
            targets: vec![Target {
                names,
                path: out.to_path_buf(),
            }],
            empty: Vec::new(),
        });
    }
    if let [only] = &pairings[..] {
        return Ok(ExportPlan {
            targets: vec![Target {
                names: only.clone(),
                path: out.to_path_buf(),
            }],
            empty: Vec::new(),
        });
    }
    let mut plan = ExportPlan {
        targets: Vec::new(),
        empty: Vec::new(),
    };
    for [a, b] in pairings {
        if !file.games.iter().any(|g| plays(g, [&a, &b])) {
            plan.empty.push([a, b]);
            continue;
        }
        let path = pairing_path(out, [&a, &b]);
        if let Some(t) = plan.targets.iter().find(|t| t.path == path) {
            return Err(format!(
                "{a} vs {b} and {} vs {} would both be written to {}: export them one at a time with --pair",
                t.names[0],
                t.names[1],
                path.display()
            ));
        }
        plan.targets.push(Target {
            names: [a, b],
            path,
        });
    }
    Ok(plan)
}

/// True when `g` is a game between the two engines (either colours).
fn plays(g: &GameRecord, names: [&str; 2]) -> bool {
    (g.x_name == names[0] && g.y_name == names[1]) || (g.x_name == names[1] && g.y_name == names[0])
}

/// One pairing's `.mat` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// The file's text.
    pub text: String,
    /// Games written.
    pub written: usize,
    /// The pairing's games left out, and why.
    pub skipped: Vec<Skipped>,
}

impl Exported {
    /// Why no game was written: the reasons the games were skipped, most
    /// common first, with their counts (`12 start from a full-state ID`).
    pub fn why_none(&self) -> String {
        if self.skipped.is_empty() {
            return "there are no games".into();
        }
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for s in &self.skipped {
            match counts.iter_mut().find(|(w, _)| *w == s.why) {
                Some((_, n)) => *n += 1,
                None => counts.push((&s.why, 1)),
            }
        }
        counts.sort_by_key(|c| std::cmp::Reverse(c.1));
        let parts: Vec<String> = counts
            .iter()
            .map(|(why, n)| format!("{n} {}: {why}", if *n == 1 { "game" } else { "games" }))
            .collect();
        let mut text = format!("none of its games has a .mat form ({})", parts.join(", "));
        if self.skipped.iter().any(|s| s.why == FULL_STATE) {
            text.push_str(
                "; a .mat game starts from the initial position, so games of \
                 --random-openings or --openings (full states) cannot be exported",
            );
        }
        text
    }
}

/// Why a game from a full-state opening is skipped.
const FULL_STATE: &str = "starts from a full-state ID";

/// A warning for a match played with other numbers than the standard
/// game's k = 6 and 2 doublet credits: a `.mat` keeps the dice but not
/// the picks or the rules, and the `.mat` reader (`ncbg analyze`, the
/// GUI's review) replays it as k = 6 with 2 credits (at least), so such an
/// export is not read back as the games played.
pub fn rules_warning(file: &MatchFile) -> Option<String> {
    let numbers = file.header.numbers().ok()?;
    (numbers != NumberRules::default()).then(|| {
        format!(
            "the match was played with k = {} and {} doublet credits; a .mat does not record them, \
             and a reader of it (gnubg, ncbg analyze) takes the standard game's k = 6 and 2 credits",
            numbers.k, numbers.doublet_credits
        )
    })
}

/// The games of `file` between `names` (player 1 first) as a Jellyfish
/// match; an error for a variant gnubg does not play.
pub fn export_pairing(file: &MatchFile, names: [&str; 2]) -> Result<Exported, String> {
    if file.header.variant() != Ok(Variant::Standard) {
        return Err("only standard-variant matches can be exported to .mat".into());
    }
    let games: Vec<GameRecord> = file
        .games
        .iter()
        .filter(|g| plays(g, names))
        .cloned()
        .collect();
    let (text, skipped) = export(&games, names, file.header.numbers().unwrap_or_default());
    Ok(Exported {
        text,
        written: games.len() - skipped.len(),
        skipped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchfile::ForfeitReason;

    /// Game `index` from the initial pair 3-5 with `moves`.
    fn record(index: u64, x: &str, y: &str, end: GameEnd, moves: &[&str]) -> GameRecord {
        GameRecord {
            opening: Opening::Pair { x0: 3, y0: 5 },
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ..crate::referee::test_games::game(index, x, y, end)
        }
    }

    #[test]
    fn writes_dice_plays_and_skips_what_gnubg_cannot_read() {
        let forfeit = GameEnd::Forfeit {
            loser: Side::X,
            reason: ForfeitReason::Illegal,
        };
        let games = [
            record(
                0,
                "a",
                "b",
                forfeit,
                &["3", "5", "6:24/13", "6:24/18(2),13/7(2)"],
            ),
            record(1, "b", "a", forfeit, &["3", "5", "6:24/13"]),
            record(2, "a", "b", GameEnd::MaxTurns, &["3", "5"]),
            record(3, "a", "b", forfeit, &["3", "5"]),
        ];
        let (text, skipped) = export(&games, ["a", "b"], NumberRules::default());
        assert!(text.starts_with(" 0 point match\n"));
        // Game 1: a is X and forfeits; b (player 2) wins.
        assert!(text.contains("  1) 65: 24/13                   66: 24/18(2) 13/7(2)\n"));
        assert!(text.contains(&format!("\n{}Wins 1 point\n", " ".repeat(33))));
        // Game 2: b is X and moves first; a (player 1) wins by forfeit.
        assert!(text.contains(" a : 0                        b : 1\n"));
        assert!(text.contains(&format!("  1) {}65: 24/13\n", " ".repeat(28))));
        assert!(text.contains("\n     Wins 1 point\n"));
        assert_eq!(skipped.iter().map(|s| s.index).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(turn_text((6, 5), "pass"), "65:");
    }

    fn header(names: &[&str], kind: Option<&str>) -> Header {
        let mut h = Header::default();
        for (i, n) in names.iter().enumerate() {
            h.set(&format!("engine{i}"), n);
        }
        if let Some(k) = kind {
            h.set("tournament", k);
        }
        h
    }

    #[test]
    fn pairings_by_name_and_the_pair_option() {
        let pairs = |names: &[&str], kind| -> Vec<[String; 2]> {
            pairings_of(&header(names, kind)).unwrap()
        };
        let owned = |list: &[[&str; 2]]| -> Vec<[String; 2]> {
            list.iter()
                .map(|[a, b]| [a.to_string(), b.to_string()])
                .collect()
        };
        assert_eq!(pairs(&["a", "b"], None), owned(&[["a", "b"]]));
        assert_eq!(
            pairs(&["a", "b", "c"], Some("round-robin")),
            owned(&[["a", "b"], ["a", "c"], ["b", "c"]])
        );
        assert_eq!(
            pairs(&["a", "b", "c"], Some("gauntlet")),
            owned(&[["a", "b"], ["a", "c"]])
        );
        assert!(pairings_of(&header(&["a"], None)).is_err());
        assert!(pairings_of(&header(&["a", "b", "c"], Some("swiss"))).is_err());

        // Names with commas: the split whose halves are both engines.
        let h = header(&["x,1", "y", "1,y"], Some("round-robin"));
        assert_eq!(parse_pair("x,1,y", &h).unwrap(), ["x,1", "y"]);
        assert_eq!(parse_pair("y,x,1", &h).unwrap(), ["y", "x,1"]);
        let err = parse_pair("x,2", &h).unwrap_err();
        assert!(err.contains("no engine named 'x' and '2'"), "{err}");
        assert!(err.contains("(engines: x,1, y, 1,y)"), "{err}");
        let err = parse_pair("y,1,z", &h).unwrap_err();
        assert!(
            err.contains("no engine named two engine names in 'y,1,z'"),
            "{err}"
        );
        let g = header(&["a", "b", "c"], Some("gauntlet"));
        assert_eq!(parse_pair("c,a", &g).unwrap(), ["c", "a"]);
        assert!(parse_pair("b,c", &g).unwrap_err().contains("do not meet"));
        assert!(parse_pair("b", &g).unwrap_err().contains("NAME1,NAME2"));
    }

    #[test]
    fn one_file_a_pairing_with_games() {
        assert_eq!(
            pairing_path(Path::new("out/t.mat"), ["a", "b/c d"]),
            PathBuf::from("out/t.a-vs-b_c_d.mat")
        );
        assert_eq!(
            pairing_path(Path::new("t"), ["a", "b"]),
            PathBuf::from("t.a-vs-b.mat")
        );
        let win = GameEnd::Forfeit {
            loser: Side::X,
            reason: ForfeitReason::Illegal,
        };
        let file = MatchFile {
            header: header(&["a", "b", "c"], Some("round-robin")),
            games: vec![
                record(0, "a", "b", win, &["3", "5", "6:24/13"]),
                record(1, "b", "a", win, &["3", "5", "6:24/13"]),
                record(3, "c", "b", win, &["3", "5", "6:24/13"]),
            ],
            ..MatchFile::default()
        };
        let out = Path::new("t.mat");
        let plan = plan_export(&file, out, None).unwrap();
        let targets: Vec<(&str, &str, PathBuf)> = plan
            .targets
            .iter()
            .map(|t| (t.names[0].as_str(), t.names[1].as_str(), t.path.clone()))
            .collect();
        assert_eq!(
            targets,
            [
                ("a", "b", PathBuf::from("t.a-vs-b.mat")),
                ("b", "c", PathBuf::from("t.b-vs-c.mat"))
            ]
        );
        assert_eq!(plan.empty, [["a".to_string(), "c".to_string()]]);
        let done = export_pairing(&file, ["b", "c"]).unwrap();
        assert_eq!((done.written, done.skipped.len()), (1, 0));
        assert!(done.text.contains(" b : 0"), "{}", done.text);
        // --pair writes its pairing to OUT itself, even without games.
        let plan = plan_export(&file, out, Some("c,a")).unwrap();
        assert_eq!(plan.targets.len(), 1);
        assert_eq!(plan.targets[0].path, out);
        assert_eq!(export_pairing(&file, ["c", "a"]).unwrap().written, 0);
        // Names that make the same file name are refused, naming --pair.
        let clash = MatchFile {
            header: header(&["a", "b c", "b_c"], Some("gauntlet")),
            games: vec![
                record(0, "a", "b c", win, &["3", "5", "6:24/13"]),
                record(2, "a", "b_c", win, &["3", "5", "6:24/13"]),
            ],
            ..MatchFile::default()
        };
        let err = plan_export(&clash, out, None).unwrap_err();
        assert!(err.contains("with --pair"), "{err}");
        // Only the standard start position has a .mat form.
        let mut hyper = file.clone();
        hyper.header.set("variant", "hypergammon");
        assert!(export_pairing(&hyper, ["a", "b"]).is_err());
        // Other numbers than k = 6 and 2 credits are exported with a warning.
        assert_eq!(rules_warning(&file), None);
        let mut k5 = file.clone();
        k5.header.set("k", "5");
        let w = rules_warning(&k5).unwrap();
        assert!(w.contains("k = 5 and 2 doublet credits"), "{w}");
        let mut c0 = file.clone();
        c0.header.set("credits", "0");
        assert!(rules_warning(&c0)
            .unwrap()
            .contains("k = 6 and 0 doublet credits"));
    }
}
